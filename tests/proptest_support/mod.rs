//! Shared by the property tests (`tests/proptest_*.rs`) and the fuzz targets (`fuzz/`,
//! which include this file by path): small random levels, a decoder that turns a few
//! numbers into a legal or illegal `Command` for the battle as it stands, and a runner that
//! plays a battle command by command and checks the invariants after each one.
//!
//! Nothing here uses proptest, so that a fuzz target can build the same inputs from raw
//! bytes ([`Bytes`]).
#![allow(dead_code)]

use bevy::ecs::schedule::{MultiThreadedExecutor, Schedules};
use skirmish::battle::command::View;
use skirmish::battle::engine::ObjectiveState;
use skirmish::battle::events::{BattleEvent, Command, DelayUntil};
use skirmish::battle::headless::Headless;
use skirmish::battle::setup::BattleSetup;
use skirmish::battle::snapshot::UnitSnap;
use skirmish::battle::{DiceBox, Resolution, Rules, TurnState};
use skirmish::level::catalog::Catalog;
use skirmish::level::schema::ReactionPolicy;
use skirmish::level::{Level, MAX_MAP_SIDE, MAX_UNITS, parse_level, ron_options};
use skirmish::replay::{LoadedReplay, Replay};
use skirmish::rulebooks::seed003::stats::Seed003Of;
use skirmish::rules::dice::DiceSource;
use skirmish::rules::grid::{Dir8, Pos};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// Terrain a random level may use: (legend character, terrain kinds).
pub const TERRAIN: [(char, &str); 12] = [
    ('.', "grass"),
    (',', "rubble"),
    ('u', "undergrowth"),
    ('~', "shallow_water"),
    ('m', "shallow_water+mud"),
    ('W', "deep_water"),
    ('c', "crates"),
    ('l', "low_wall"),
    ('#', "wall"),
    ('X', "chasm"),
    // Level-defined kinds: sight-blocking fog you can walk through, and an expensive bog.
    ('f', "fog"),
    ('b', "bog+mud"),
];

/// How often each terrain entry is drawn, out of [`TERRAIN_WEIGHT_TOTAL`].
const TERRAIN_WEIGHTS: [u32; 12] = [10, 2, 2, 2, 1, 1, 2, 2, 3, 1, 1, 1];
const TERRAIN_WEIGHT_TOTAL: u32 = 28;

fn impassable(c: char) -> bool {
    matches!(c, '#' | 'X')
}

/// Every template of `assets/units/`.
pub const TEMPLATES: [&str; 13] = [
    "soldier",
    "archer",
    "knight",
    "spearman",
    "skirmisher",
    "brute",
    "goblin",
    "wolf",
    "ogre",
    "giant",
    "rat_swarm",
    "spider",
    "mage",
];

const SIDE_NAMES: [&str; 3] = ["Blue", "Red", "Green"];

/// A unit of a random level. Positions are moved to the next free passable tile.
#[derive(Clone, Debug)]
pub struct UnitSpec {
    pub template: u8,
    pub x: u8,
    pub y: u8,
    /// Explicit facing (index into `Dir8::ALL`), or the default.
    pub facing: Option<u8>,
    /// A vitality override (small values make units go Down quickly).
    pub vitality: Option<u8>,
}

/// The ruleset switches of a random level.
#[derive(Clone, Debug, Default)]
pub struct RulesSpec {
    pub flanking: u8,
    pub alternating: bool,
    pub ap_per_turn: u8,
    pub free_movement: bool,
    pub reactions_per_round: u8,
    pub attacks_per_round: u8,
    pub facing: bool,
    pub collision_ignores_armor: bool,
    pub penalty_cover: bool,
    /// 0: Core with the switches above; 1: Seed000; 2: Seed001; 3: Seed004; 4: Seed002; 5:
    /// Seed003 (a preset alone).
    pub preset: u8,
}

/// A small random level that is valid by construction.
#[derive(Clone, Debug)]
pub struct LevelSpec {
    pub width: u8,
    pub height: u8,
    /// One terrain draw per tile (row-major); missing ones are grass.
    pub tiles: Vec<u8>,
    pub units: Vec<UnitSpec>,
    pub sides: u8,
    /// Which side, if any, is surprised.
    pub surprised: Option<u8>,
    pub rules: Option<RulesSpec>,
    /// 0: none; 1: Survive; 2: HoldArea; 3: ReachArea.
    pub objective: u8,
}

impl LevelSpec {
    /// The map as characters (the first and last tiles are always grass, so that two
    /// units always fit).
    pub fn map(&self) -> Vec<Vec<char>> {
        let (w, h) = (self.width.max(1) as usize, self.height.max(1) as usize);
        let mut rows = vec![vec!['.'; w]; h];
        for (i, row) in rows.iter_mut().flatten().enumerate() {
            let draw = u32::from(self.tiles.get(i).copied().unwrap_or(0));
            let mut roll = draw % TERRAIN_WEIGHT_TOTAL;
            for (k, &wt) in TERRAIN_WEIGHTS.iter().enumerate() {
                if roll < wt {
                    *row = TERRAIN[k].0;
                    break;
                }
                roll -= wt;
            }
        }
        rows[0][0] = '.';
        rows[h - 1][w - 1] = '.';
        rows
    }

    /// Units placed on free passable tiles: (side, template, position, spec).
    pub fn placed(&self) -> Vec<(usize, &'static str, (usize, usize), &UnitSpec)> {
        let map = self.map();
        let (w, h) = (map[0].len(), map.len());
        let mut taken = HashSet::new();
        let mut out = Vec::new();
        for u in &self.units {
            let start = (u.y as usize % h) * w + (u.x as usize % w);
            let free = (0..w * h)
                .map(|k| (start + k) % (w * h))
                .map(|i| (i % w, i / w))
                .find(|&(x, y)| !impassable(map[y][x]) && !taken.contains(&(x, y)));
            let Some(p) = free else { break };
            taken.insert(p);
            let template = TEMPLATES[u.template as usize % TEMPLATES.len()];
            out.push((0, template, p, u));
        }
        let sides = self.side_count(out.len());
        for (i, o) in out.iter_mut().enumerate() {
            o.0 = i % sides;
        }
        out
    }

    fn side_count(&self, units: usize) -> usize {
        (self.sides.clamp(2, 3) as usize).min(units.max(2))
    }

    /// The level as RON text: a [`LevelFile`] written by `ron`.
    pub fn to_ron(&self) -> String {
        use skirmish::level::schema::{LevelFile, ObjectiveFile, SideFile, StatBlock, UnitFile};
        use skirmish::rules::path::DiagonalCost;
        use skirmish::rules::preset::RulesBlock;
        use skirmish::rules::ruleset::{CoverRule, Flanking, RulebookId};
        use skirmish::rules::terrain::{Cover, TerrainKind};
        let map = self.map();
        let placed = self.placed();
        let sides = self.side_count(placed.len());
        let kind = |cost, cover, blocks_sight| TerrainKind {
            cost,
            cover,
            passable: None,
            blocks_sight,
            look: None,
        };
        let side_list = (0..sides)
            .map(|s| SideFile {
                name: SIDE_NAMES[s].to_string(),
                surprised: self.surprised.is_some_and(|x| x as usize % sides == s),
                ..SideFile::default()
            })
            .collect();
        let units = placed
            .iter()
            .enumerate()
            .map(|(i, (side, template, (x, y), u))| UnitFile {
                name: Some(format!("U{i}")),
                side: SIDE_NAMES[*side].to_string(),
                template: template.to_string(),
                pos: Pos::new(*x as i32, *y as i32),
                facing: u.facing.map(|f| Dir8::from_index(f as usize)),
                own: Default::default(),
                overrides: StatBlock {
                    vitality: u.vitality.map(|v| 1 + i64::from(v % 15)),
                    ..StatBlock::default()
                },
            })
            .collect();
        let preset = |r: &RulesSpec| {
            [
                None,
                Some(RulebookId("Seed000")),
                Some(RulebookId("Seed001")),
                Some(RulebookId("Seed004")),
                Some(RulebookId("Seed002")),
                Some(RulebookId("Seed003")),
            ][r.preset as usize % 6]
        };
        let rules = self.rules.as_ref().map(|r| match preset(r) {
            Some(p) => RulesBlock {
                preset: Some(p),
                ..RulesBlock::default()
            },
            None => RulesBlock {
                preset: None,
                flanking: Some(
                    [Flanking::Line, Flanking::Arc120, Flanking::Off][r.flanking as usize % 3],
                ),
                diagonal_cost: Some(if r.alternating {
                    DiagonalCost::Alternating
                } else {
                    DiagonalCost::Uniform
                }),
                ap_per_turn: Some(1 + u32::from(r.ap_per_turn % 4)),
                free_movement: Some(r.free_movement),
                reactions_per_round: Some(u32::from(r.reactions_per_round % 4)),
                attacks_per_round: Some(1 + u32::from(r.attacks_per_round % 4)),
                facing: Some(r.facing),
                collision_ignores_armor: Some(r.collision_ignores_armor),
                cover: Some(if r.penalty_cover {
                    CoverRule::Penalty
                } else {
                    CoverRule::Evasion
                }),
            },
        });
        let (tx, ty) = placed.last().map(|p| p.2).unwrap_or((0, 0));
        let last = Pos::new(tx as i32, ty as i32);
        let objectives = match self.objective % 4 {
            1 => vec![ObjectiveFile::Survive {
                side: "Blue".into(),
                rounds: 2,
            }],
            2 => vec![ObjectiveFile::HoldArea {
                side: "Red".into(),
                tiles: vec![last],
                rounds: 1,
            }],
            3 => vec![ObjectiveFile::ReachArea {
                side: "Blue".into(),
                tiles: vec![Pos::new(0, 0), last],
                count: 1,
            }],
            _ => Vec::new(),
        };
        LevelFile {
            name: "Random".into(),
            description: String::new(),
            size: None,
            seed: None,
            balance: None,
            terrain: [
                ("fog".to_string(), kind(None, Cover::None, Some(true))),
                ("bog".to_string(), kind(Some(3), Cover::Half, None)),
            ]
            .into_iter()
            .collect(),
            legend: TERRAIN.iter().map(|(c, k)| (*c, k.to_string())).collect(),
            map: map.iter().map(|r| r.iter().collect()).collect(),
            sides: side_list,
            weapons: Default::default(),
            templates: Default::default(),
            units,
            rules: rules.unwrap_or_default(),
            objectives,
            tutorial: Vec::new(),
        }
        .to_ron()
    }

    /// Parse and validate the level; a random level is valid by construction.
    pub fn level(&self, catalog: &Catalog) -> Result<Level, String> {
        let ron = self.to_ron();
        parse_level("random.ron", ron.as_bytes(), catalog).map_err(|p| {
            format!(
                "a random level was refused:\n{}\n{ron}",
                p.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        })
    }
}

/// The numbers one command is decoded from (see [`decode`]).
#[derive(Clone, Debug)]
pub struct CmdSeed {
    pub op: u8,
    pub actor: u8,
    pub target: u8,
    pub x: i8,
    pub y: i8,
    pub extra: u8,
    pub steps: Vec<u8>,
}

/// Coordinates no map has, for commands aimed far off the map.
const EXTREMES: [i32; 6] = [i32::MIN, i32::MAX, -1, 1 << 30, -(1 << 30), 300];

/// Turn a seed into a command for the battle as it stands: about a third are the computer
/// player's choice (legal, or nearly), the rest any command at all, mostly by the active
/// combatant with nearby targets and tiles, sometimes by the wrong one, a missing one, or
/// aimed off the map.
pub fn decode(s: &CmdSeed, view: &View) -> Command {
    let units = &view.ctx.snap.units;
    let active = view.turn.active().and_then(|e| view.ctx.snap.get(e));
    let reactor = view.awaiting.map(|q| view.name(q.asked()));
    let pick = |k: u8| -> String {
        if units.is_empty() || k as usize % (units.len() + 1) == units.len() {
            ["Ghost", "", "U0 ", "u0"][k as usize % 4].to_string()
        } else {
            units[k as usize % (units.len() + 1)].name.to_string()
        }
    };
    let unit = match (s.actor % 8, &reactor, active) {
        (0..=4, Some(r), _) if s.op % 24 == 23 => r.clone(),
        (0..=4, _, Some(a)) => a.name.to_string(),
        (7, _, _) => ["Nobody", "", "\u{0}"][s.actor as usize / 8 % 3].to_string(),
        _ => pick(s.actor / 8),
    };
    let me = units.iter().find(|u| *u.name == *unit);
    let base = me.map(|u| u.pos).unwrap_or(Pos::new(0, 0));
    let tile = || -> Pos {
        if s.extra % 16 == 15 {
            Pos::new(
                EXTREMES[s.x as u8 as usize % EXTREMES.len()],
                EXTREMES[s.y as u8 as usize % EXTREMES.len()],
            )
        } else {
            Pos::new(base.x + i32::from(s.x % 7), base.y + i32::from(s.y % 7))
        }
    };
    let target = pick(s.target);
    match s.op % 24 {
        0..=7 => skirmish::battle::ai::next_command(view).unwrap_or(Command::EndTurn { unit }),
        8 => Command::Move { unit, to: tile() },
        9 => {
            let mut path = Vec::new();
            let mut p = base;
            for &st in s.steps.iter().take(6) {
                p = if st == 255 {
                    tile()
                } else {
                    p.step(Dir8::from_index(st as usize))
                };
                path.push(p);
            }
            Command::MovePath { unit, path }
        }
        10 => Command::Sprint { unit, to: None },
        11 => {
            let weapon = match s.extra % 4 {
                0 | 1 => None,
                2 => Some("no such weapon".to_string()),
                _ => me
                    .and_then(|u| {
                        u.stats
                            .weapons
                            .get(s.extra as usize / 4 % u.stats.weapons.len().max(1))
                    })
                    .map(|w| w.name.clone()),
            };
            Command::Attack {
                unit,
                target,
                weapon,
                options: Default::default(),
            }
        }
        12 => Command::Defend { unit },
        13 => Command::TakeCover { unit },
        14 => Command::Disengage { unit },
        15 => match s.extra % 3 {
            0 => Command::Shove {
                unit,
                target,
                dir: None,
                distance: None,
            },
            1 => Command::Trip { unit, target },
            _ => Command::Grab { unit, target },
        },
        16 => match s.extra % 3 {
            0 => Command::Escape { unit },
            1 => Command::Release { unit },
            _ => Command::StandUp { unit },
        },
        17 => Command::Charge { unit, target },
        18 => Command::Stabilize { unit, target },
        19 => Command::Face {
            unit,
            facing: Dir8::from_index(s.extra as usize),
        },
        20 => Command::Delay {
            unit,
            until: if s.extra.is_multiple_of(2) {
                DelayUntil::EndOfRound
            } else {
                DelayUntil::After(target)
            },
        },
        21 => Command::EndTurn { unit },
        22 => Command::UndoMove { unit },
        _ => Command::AnswerReaction {
            reactor: unit,
            accept: s.extra.is_multiple_of(2),
            maneuver: None,
        },
    }
}

/// Everything that must not change when a command is refused.
pub fn digest(h: &mut Headless) -> String {
    let snap = h.snapshot();
    let world = h.app.world();
    let turn = world.resource::<TurnState>();
    // Everything of each unit but its statistics, which never change.
    let units: Vec<String> = snap
        .units
        .iter()
        .map(|u| {
            format!(
                "{:?} {} {} {:?} {:?} {} {} {:?} {} {:?} {:?} {} {:?} {:?} {:?}",
                u.entity,
                u.name,
                u.index,
                u.side,
                u.pos,
                u.vitality,
                u.max_vitality,
                u.facing,
                u.ap,
                u.pool,
                u.reactions,
                u.attacks,
                u.flags,
                u.initiative,
                u.conditions
            )
        })
        .collect();
    format!(
        "{units:?}\n{:?}\n{:?}\n{:?}\n{:?}",
        turn,
        world.resource::<Resolution>(),
        world.resource::<ObjectiveState>(),
        world.resource::<DiceBox>(),
    )
}

/// The state invariants: vitality within 0..=max, one creature per tile, AP, RP and the
/// attack count within the ruleset's limits (counters are unsigned, so a value above the
/// limit is also how an underflow below 0 would show in a release build).
///
/// One creature per tile is checked whenever the battle is at rest; while it waits for a
/// reaction answer, a mover may be paused on a tile it is passing through.
pub fn check_state(h: &mut Headless) -> Result<(), String> {
    let rules = h.app.world().resource::<Rules>().0.clone();
    let at_rest = h.app.world().resource::<Resolution>().awaiting.is_none();
    let round = h.turn().round;
    let snap = h.snapshot();
    let mut tiles: HashMap<Pos, &UnitSnap> = HashMap::new();
    // Bleeding out (Seed000) goes below 0, down to minus the maximum (dead there).
    let floor = |u: &UnitSnap| match rules.damage {
        skirmish::rules::ruleset::DamageModel::BleedOut => -u.max_vitality,
        _ => 0,
    };
    for u in &snap.units {
        if u.vitality < floor(u) || u.vitality > u.max_vitality {
            return Err(format!(
                "{} has vitality {} of {}",
                u.name, u.vitality, u.max_vitality
            ));
        }
        if let Some(other) = tiles.insert(u.pos, u)
            && at_rest
        {
            return Err(format!(
                "{} and {} both stand on {}",
                u.name, other.name, u.pos
            ));
        }
        // An ambush gives the ambushers one action more in round 1 (Seed004); Seed003's
        // most AP come from each one's Speed.
        let ambush = rules.surprise == skirmish::rules::ruleset::SurpriseRule::Ambush;
        let most = match rules.ap_refresh {
            skirmish::rules::ruleset::ApRefresh::SpeedTable => {
                skirmish::rulebooks::seed003::rules::max_ap(u.stats.seed003().speed)
            }
            _ => rules.ap_per_turn + u32::from(ambush && round == 1),
        };
        if u.ap > most {
            return Err(format!("{} has {} AP; a turn gives {most}", u.name, u.ap));
        }
        if u.reactions.points > rules.reactions_per_round {
            return Err(format!(
                "{} has {} RP; a round gives {}",
                u.name, u.reactions.points, rules.reactions_per_round
            ));
        }
        if u.attacks > rules.attacks_per_round {
            return Err(format!(
                "{} made {} attacks this round; the limit is {}",
                u.name, u.attacks, rules.attacks_per_round
            ));
        }
    }
    Ok(())
}

/// Counts attack rolls per attacker per round in a log; the limit must hold.
pub fn check_attack_limit(log: &[BattleEvent], limit: u32) -> Result<(), String> {
    let mut count: HashMap<&str, u32> = HashMap::new();
    let mut round = 0;
    for e in log {
        match e {
            BattleEvent::RoundStarted { round: r, .. } => {
                round = *r;
                count.clear();
            }
            BattleEvent::AttackRolled(r) => {
                let n = count.entry(r.attacker.as_str()).or_default();
                *n += 1;
                if *n > limit {
                    return Err(format!(
                        "{} rolled attack number {n} in round {round}; the limit is {limit}",
                        r.attacker
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// What a played battle produced.
pub struct Played {
    pub commands: Vec<Command>,
    pub log: Vec<BattleEvent>,
    pub rejected: usize,
}

pub fn setup(level: &Level, seed: u64, policy: ReactionPolicy) -> BattleSetup {
    let mut s = BattleSetup::new(level.clone(), DiceSource::Seed(seed));
    s.policy_override = Some(policy);
    s
}

/// The seed of the property tests' case generator: fixed, so that `cargo test` checks the
/// same 10,000 cases on every run (a failure is reproducible, CI is not a lottery). Set
/// `PROPTEST_RNG_SEED` to explore other cases.
pub fn proptest_seed() -> u64 {
    std::env::var("PROPTEST_RNG_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20_261_122)
}

pub const POLICIES: [ReactionPolicy; 3] = [
    ReactionPolicy::Always,
    ReactionPolicy::Never,
    ReactionPolicy::Ask,
];

/// Every schedule of the app on Bevy's multi-threaded executor, the one the windowed game
/// runs on (`Headless` uses the single-threaded one).
pub fn multi_threaded(mut h: Headless) -> Headless {
    let mut schedules = h.app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(MultiThreadedExecutor::new());
    }
    h
}

thread_local! {
    /// A battle app kept between cases (building one costs more than most cases).
    static REUSED: RefCell<Option<Headless>> = const { RefCell::new(None) };
}

/// Where `play` runs its battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum App {
    /// A new `Headless` (the fuzz targets: every input stands alone).
    Fresh,
    /// A new `Headless` on Bevy's multi-threaded executor, the windowed game's: a replay
    /// check run on it compares the two executors.
    FreshMultiThreaded,
    /// This thread's app from the previous case, restarted with the new `BattleSetup` the
    /// way a level reload restarts a battle (the property tests: much cheaper in a debug
    /// build); the replay check runs on it again.
    Reused,
}

fn start(app: App, setup: BattleSetup) -> Headless {
    let reused = match app {
        App::Fresh | App::FreshMultiThreaded => None,
        App::Reused => REUSED.with(|r| r.borrow_mut().take()),
    };
    match reused {
        Some(mut h) => {
            h.app.insert_resource(setup);
            h.run_until_idle();
            h
        }
        None if app == App::FreshMultiThreaded => multi_threaded(Headless::new(setup)),
        None => Headless::new(setup),
    }
}

/// Play `seeds` against the level, checking after every command that the state invariants
/// hold and that a refused command changed nothing; then the attack limit over the log.
pub fn play(
    level: &Level,
    seed: u64,
    policy: ReactionPolicy,
    seeds: &[CmdSeed],
    app: App,
) -> Result<Played, String> {
    // On a panic the app is dropped, never reused.
    let mut h = start(app, setup(level, seed, policy));
    let played = play_on(&mut h, seeds);
    if app == App::Reused {
        REUSED.with(|r| *r.borrow_mut() = Some(h));
    }
    played
}

fn play_on(h: &mut Headless, seeds: &[CmdSeed]) -> Result<Played, String> {
    let h = &mut *h;
    if h.log().len() > 1 && !matches!(h.log().first(), Some(BattleEvent::BattleStarted { .. })) {
        return Err(format!(
            "the battle did not start afresh: {:?}",
            h.log().first()
        ));
    }
    check_state(h).map_err(|e| format!("at the start: {e}"))?;
    let mut commands = Vec::new();
    let mut rejected = 0;
    for (i, s) in seeds.iter().enumerate() {
        let cmd = h.with_view(|v| decode(s, v));
        let before = digest(h);
        let len = h.log().len();
        h.send(cmd.clone());
        commands.push(cmd.clone());
        let new = &h.log()[len..];
        if new
            .iter()
            .any(|e| matches!(e, BattleEvent::Rejected { .. }))
        {
            rejected += 1;
            if new.len() != 1 {
                return Err(format!(
                    "command {i} {cmd:?} was rejected among other events: {new:?}"
                ));
            }
            if !matches!(&new[0], BattleEvent::Rejected { command, .. } if *command == cmd) {
                return Err(format!(
                    "command {i} {cmd:?}: the rejection names another command: {new:?}"
                ));
            }
            let after = digest(h);
            if before != after {
                return Err(format!(
                    "command {i} {cmd:?} was rejected but changed the battle:\nbefore: {before}\nafter:  {after}"
                ));
            }
        }
        check_state(h).map_err(|e| format!("after command {i} {cmd:?}: {e}"))?;
    }
    let limit = h.app.world().resource::<Rules>().0.attacks_per_round;
    check_attack_limit(h.log(), limit)?;
    Ok(Played {
        commands,
        log: h.log().to_vec(),
        rejected,
    })
}

/// The replay of a played battle: it must round-trip through RON and give the same log,
/// run from `skirmish::replay::setup` on `app`.
pub fn check_replay(
    level: &Level,
    seed: u64,
    policy: ReactionPolicy,
    played: &Played,
    app: App,
) -> Result<(), String> {
    let replay = Replay {
        level: "random.ron".into(),
        dice: DiceSource::Seed(seed),
        reactions: Some(policy),
        level_policies: false,
        commands: played.commands.clone(),
        players: None,
        sources: None,
    };
    let text = replay.to_ron();
    let back: Replay = ron_options()
        .from_str(&text)
        .map_err(|e| format!("the replay does not read back: {e}\n{text}"))?;
    if back != replay {
        return Err(format!(
            "the replay changed on a round trip through RON:\n{text}"
        ));
    }
    let loaded = LoadedReplay {
        replay: back,
        level: level.clone(),
        level_path: "random.ron".into(),
    };
    let setup = skirmish::replay::setup(&loaded);
    let mut h = start(app, setup);
    for c in &loaded.replay.commands {
        h.send(c.clone());
    }
    let log = h.log().to_vec();
    if app == App::Reused {
        REUSED.with(|r| *r.borrow_mut() = Some(h));
    }
    if log != played.log {
        let at = log.iter().zip(&played.log).position(|(a, b)| a != b);
        return Err(format!(
            "the replay gave another log (lengths {} and {}, first difference at {at:?})",
            log.len(),
            played.log.len()
        ));
    }
    Ok(())
}

/// Raw bytes read as numbers (zeros once they run out), for the fuzz targets.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }
    pub fn is_empty(&self) -> bool {
        self.at >= self.data.len()
    }
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| (acc << 8) | u64::from(self.u8()))
    }

    pub fn level_spec(&mut self) -> LevelSpec {
        let width = 2 + self.u8() % 9;
        let height = 2 + self.u8() % 9;
        let tiles = (0..usize::from(width) * usize::from(height))
            .map(|_| self.u8())
            .collect();
        let n = 2 + self.u8() % 5;
        let units = (0..n)
            .map(|_| {
                let (template, x, y, f, v) =
                    (self.u8(), self.u8(), self.u8(), self.u8(), self.u8());
                UnitSpec {
                    template,
                    x,
                    y,
                    facing: (f < 128).then_some(f),
                    vitality: (v < 200).then_some(v),
                }
            })
            .collect();
        let sides = 2 + self.u8() % 2;
        let surprised = match self.u8() {
            s if s < 200 => None,
            s => Some(s),
        };
        let r = self.u8();
        let rules = (r >= 96).then(|| RulesSpec {
            flanking: self.u8(),
            alternating: self.u8().is_multiple_of(2),
            ap_per_turn: self.u8(),
            free_movement: !self.u8().is_multiple_of(4),
            reactions_per_round: self.u8(),
            attacks_per_round: self.u8(),
            facing: !self.u8().is_multiple_of(4),
            collision_ignores_armor: self.u8().is_multiple_of(2),
            penalty_cover: self.u8().is_multiple_of(2),
            preset: self.u8() % 6,
        });
        LevelSpec {
            width,
            height,
            tiles,
            units,
            sides,
            surprised,
            rules,
            objective: self.u8(),
        }
    }

    pub fn cmd_seed(&mut self) -> CmdSeed {
        let (op, actor, target, x, y, extra) = (
            self.u8(),
            self.u8(),
            self.u8(),
            self.u8(),
            self.u8(),
            self.u8(),
        );
        let steps = if op % 24 == 9 {
            let n = 1 + self.u8() % 6;
            (0..n).map(|_| self.u8()).collect()
        } else {
            Vec::new()
        };
        CmdSeed {
            op,
            actor,
            target,
            x: x as i8,
            y: y as i8,
            extra,
            steps,
        }
    }
}

/// Most commands one fuzz input plays.
pub const MAX_FUZZ_COMMANDS: usize = 40;

/// The `battle_commands` fuzz target's check of one input, shared with the regression test
/// that replays every input fuzzing kept (`tests/fuzz_inputs.rs`): the bytes choose a small
/// level (valid by construction), the dice seed, the reaction policy and then one command
/// after another; every command is checked, then the attack limit over the log, and the
/// replay must give the same log.
pub fn check_command_bytes(data: &[u8], catalog: &Catalog) -> Result<(), String> {
    let mut bytes = Bytes::new(data);
    let spec = bytes.level_spec();
    let seed = bytes.u64();
    let policy = POLICIES[bytes.u8() as usize % POLICIES.len()];
    let mut seeds = Vec::new();
    while !bytes.is_empty() && seeds.len() < MAX_FUZZ_COMMANDS {
        seeds.push(bytes.cmd_seed());
    }
    let level = spec.level(catalog)?;
    let played = play(&level, seed, policy, &seeds, App::Fresh)?;
    // The multi-threaded executor costs ten times as much a command: one input in eight.
    let replay_app = if seed.is_multiple_of(8) {
        App::FreshMultiThreaded
    } else {
        App::Fresh
    };
    check_replay(&level, seed, policy, &played, replay_app)
}

/// The invariants every accepted level satisfies (the property tests and the `level_parse`
/// fuzz target).
pub fn check_level(level: &Level) -> Result<(), String> {
    let g = &level.grid;
    let fail = |what: String| Err(format!("accepted level {}: {what}", level.name));
    if !(1..=MAX_MAP_SIDE).contains(&g.width) || !(1..=MAX_MAP_SIDE).contains(&g.height) {
        return fail(format!("a {}x{} map", g.width, g.height));
    }
    if g.tiles.len() != (g.width * g.height) as usize
        || g.tiles.iter().any(|&t| t as usize >= g.palette.len())
    {
        return fail("tiles that do not match the map or the palette".into());
    }
    if level.units.len() > MAX_UNITS || level.sides.len() < 2 {
        return fail(format!(
            "{} units, {} sides",
            level.units.len(),
            level.sides.len()
        ));
    }
    let mut seen = HashSet::new();
    for u in &level.units {
        if !g.in_bounds(u.pos) || !g.passable(u.pos) {
            return fail(format!("unit {} at {}", u.name, u.pos));
        }
        if !seen.insert(u.pos) {
            return fail(format!("two units at {}", u.pos));
        }
        if u.side >= level.sides.len() || u.stats.vitality < 1 {
            return fail(format!(
                "unit {}: side {}, vitality {}",
                u.name, u.side, u.stats.vitality
            ));
        }
    }
    match (0..level.sides.len()).find(|&s| level.units.iter().all(|u| u.side != s)) {
        Some(s) => fail(format!("side {s} has no units")),
        None => Ok(()),
    }
}
