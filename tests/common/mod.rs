//! Test harness: small arenas written as RON levels, run headless through the real
//! `BattlePlugin` and messages with scripted dice.
#![allow(dead_code)]

pub mod falls;
pub mod seed000;
pub mod seed002;
pub mod seed003;
pub mod seed004;

pub use skirmish::battle::Refusal;
use skirmish::battle::events::{BattleEvent, Command, DelayUntil};
use skirmish::battle::headless::Headless;
use skirmish::battle::setup::BattleSetup;
use skirmish::battle::snapshot::UnitSnap;
use skirmish::level::schema::ReactionPolicy;
use skirmish::level::{Level, parse_level};
use skirmish::rules::dice::DiceSource;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;

/// Weapons and templates with round numbers, so tests can predict every total.
pub const TEST_CATALOG: &str = r#"
    weapons: {
        "blade": (kind: Melee, hit: 3, damage: "1d6+1"),
        "pike": (kind: Melee, hit: 3, damage: "1d6+1", reach: 2),
        "bow": (kind: Ranged, hit: 3, damage: "1d6", range: (6, 12)),
        "hammer": (kind: Melee, hit: 3, damage: "1d6+1", push: 2),
        "ripper": (kind: Melee, hit: 3, damage: "1d6", on_crit: [(condition: Bleeding)]),
        "stunner": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Dazed, duration: EndOfNextTurn)]),
        "acid": (kind: Ranged, hit: 3, damage: "2d4", damage_type: Chemical, range: (6, 12)),
        "venom": (kind: Melee, hit: 3, damage: "1d6", damage_type: Poison),
        "mindspike": (kind: Melee, hit: 3, damage: "1d6", damage_type: Psychic),
        "flame": (kind: Melee, hit: 3, damage: "1d6", damage_type: Heat),
        "dazer": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Dazed, duration: Rounds(2))]),
        "hexer": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Unguarded, duration: Rounds(1))]),
        "sling": (kind: Ranged, hit: 3, damage: "1d4", range: (3, 6)),
        "jolter": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Dazed, duration: StartOfNextTurn)]),
        "shocker": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Dazed)]),
        "exposer": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Exposed), (condition: Unguarded)]),
        "tripper": (kind: Melee, hit: 3, damage: "1d4", on_hit: [(condition: Prone)]),
    },
    templates: {
        "fighter": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 1, weapons: ["blade", "bow"]),
        "pikeman": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 1, weapons: ["pike"]),
        "archer": (vitality: 15, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 0, agility: 2, weapons: ["bow", "blade"]),
        "tank": (vitality: 30, evasion: 12, armor: 3, movement: 3, initiative: 0, might: 4, agility: 0, weapons: ["blade"]),
        "big": (vitality: 40, evasion: 10, armor: 0, movement: 3, initiative: 0, might: 4, agility: 0, size: Large, weapons: ["blade"]),
        "huge": (vitality: 60, evasion: 10, armor: 0, movement: 3, initiative: 0, might: 6, agility: 0, size: Huge, weapons: ["blade"]),
        "tiny": (vitality: 6, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 0, agility: 0, size: Tiny, weapons: ["blade"]),
        "small": (vitality: 10, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 0, agility: 2, size: Small, weapons: ["blade"]),
        "bruiser": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 3, agility: 0, weapons: ["hammer"]),
        "ripper": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 0, weapons: ["ripper", "stunner", "venom", "acid"]),
        "dummy": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 0, agility: 0, weapons: []),
        "hexer": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 0, weapons: ["dazer", "hexer", "mindspike", "flame"]),
        "slinger": (vitality: 15, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 0, agility: 2, weapons: ["sling"]),
        "tripper": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 0, weapons: ["tripper"]),
        "jolter": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 0, weapons: ["jolter", "shocker", "exposer", "tripper", "stunner"]),
    },
"#;

/// A test level under construction.
#[derive(Clone)]
pub struct Arena {
    rows: Vec<String>,
    units: Vec<String>,
    sides: String,
    /// The level's `weapons` and `templates` blocks ([`TEST_CATALOG`] unless replaced).
    catalog: String,
    rules: String,
    objectives: String,
    /// The level's own `terrain` block and the legend entries that use it.
    terrain: String,
    legend: String,
}

pub fn facing_name(d: Dir8) -> String {
    format!("{d:?}")
}

impl Arena {
    /// Legend: `.` grass, `,` rubble (2), `u` undergrowth (3), `~` shallow water (2),
    /// `m` shallow water + mud (4), `W` deep water (4), `c` crates (half cover), `l` low
    /// wall (half cover), `#` wall, `X` chasm.
    pub fn new(rows: &[&str]) -> Arena {
        Arena {
            rows: rows.iter().map(|r| r.to_string()).collect(),
            units: Vec::new(),
            sides: r#"(name: "Blue"), (name: "Red")"#.into(),
            catalog: TEST_CATALOG.into(),
            rules: String::new(),
            objectives: String::new(),
            terrain: String::new(),
            legend: String::new(),
        }
    }

    /// Terrain kinds of the level's own (`"name": (...)` entries) and legend entries for
    /// them (`'b': "name"`).
    pub fn terrain(mut self, kinds: &str, legend: &str) -> Arena {
        self.terrain = format!("terrain: {{ {kinds} }},");
        self.legend = format!(", {legend}");
        self
    }

    pub fn unit(
        mut self,
        name: &str,
        side: &str,
        template: &str,
        pos: (i32, i32),
        facing: Dir8,
    ) -> Arena {
        self.units.push(format!(
            r#"(name: "{name}", side: "{side}", template: "{template}", pos: ({}, {}), facing: {})"#,
            pos.0,
            pos.1,
            facing_name(facing)
        ));
        self
    }

    /// A unit written out in full, e.g. with fields no other helper sets.
    pub fn unit_ron(mut self, ron: &str) -> Arena {
        self.units.push(ron.into());
        self
    }

    /// A unit with overrides, e.g. `"(vitality: 3)"`.
    pub fn unit_with(
        mut self,
        name: &str,
        side: &str,
        template: &str,
        pos: (i32, i32),
        facing: Dir8,
        overrides: &str,
    ) -> Arena {
        self.units.push(format!(
            r#"(name: "{name}", side: "{side}", template: "{template}", pos: ({}, {}), facing: {}, overrides: {overrides})"#,
            pos.0,
            pos.1,
            facing_name(facing)
        ));
        self
    }

    /// Replace the level's `weapons` and `templates` blocks.
    pub fn catalog(mut self, catalog: &str) -> Arena {
        self.catalog = catalog.into();
        self
    }

    pub fn sides(mut self, sides: &str) -> Arena {
        self.sides = sides.into();
        self
    }

    pub fn rules(mut self, rules: &str) -> Arena {
        self.rules = format!("rules: {rules},");
        self
    }

    pub fn objectives(mut self, o: &str) -> Arena {
        self.objectives = format!("objectives: [{o}],");
        self
    }

    pub fn ron(&self) -> String {
        let rows: Vec<String> = self.rows.iter().map(|r| format!("\"{r}\"")).collect();
        format!(
            r#"(
    name: "Test arena",
    {}
    legend: {{ '.': "grass", ',': "rubble", 'u': "undergrowth", '~': "shallow_water", 'm': "shallow_water+mud",
              'W': "deep_water", 'c': "crates", 'l': "low_wall", '#': "wall", 'X': "chasm"{} }},
    map: [{}],
    sides: [{}],
    {}
    units: [{}],
    {}
    {}
)"#,
            self.terrain,
            self.legend,
            rows.join(", "),
            self.sides,
            self.catalog,
            self.units.join(",\n        "),
            self.rules,
            self.objectives
        )
    }

    pub fn level(&self) -> Level {
        match parse_level(
            "arena.ron",
            self.ron().as_bytes(),
            skirmish::paths::cached_catalog(),
        ) {
            Ok(l) => l,
            Err(p) => panic!(
                "test arena invalid:\n{}\n{}",
                p.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join("\n"),
                self.ron()
            ),
        }
    }

    /// Start with scripted dice (the first ones are the initiative d6, one per unit in
    /// listed order) and reactions taken `Always`.
    pub fn start(&self, dice: &[u32]) -> Fight {
        self.start_with(dice, Some(ReactionPolicy::Always))
    }

    /// Start with the level's own reaction policies (`None`) or an override.
    pub fn start_with(&self, dice: &[u32], policy: Option<ReactionPolicy>) -> Fight {
        let mut setup = BattleSetup::new(self.level(), DiceSource::Scripted(dice.to_vec()));
        setup.policy_override = policy;
        Fight {
            h: Headless::new(setup),
            seen: 0,
        }
    }
}

/// A running test battle.
pub struct Fight {
    pub h: Headless,
    seen: usize,
}

/// What must not change when a command is refused.
#[derive(Debug, PartialEq)]
pub struct StateDigest {
    units: Vec<String>,
    turn: String,
    log_len_without_rejection: usize,
}

impl Fight {
    /// Events since the last call.
    pub fn new_events(&mut self) -> Vec<BattleEvent> {
        let log = self.h.log();
        let out = log[self.seen..].to_vec();
        self.seen = log.len();
        out
    }

    pub fn log(&self) -> Vec<BattleEvent> {
        self.h.log().to_vec()
    }

    /// Send a command that must be accepted; returns its events.
    pub fn ok(&mut self, c: Command) -> Vec<BattleEvent> {
        self.new_events();
        self.h.send(c.clone());
        let ev = self.new_events();
        if let Some(BattleEvent::Rejected { refusal, .. }) = ev
            .iter()
            .find(|e| matches!(e, BattleEvent::Rejected { .. }))
        {
            panic!("{c:?} was rejected: {refusal}");
        }
        ev
    }

    pub fn digest(&mut self) -> StateDigest {
        let snap = self.h.snapshot();
        let units = snap
            .units
            .iter()
            .map(|u| {
                format!(
                    "{} {:?} {:?} {} {:?} {} {:?} {:?} {} {:?}",
                    u.name,
                    u.pos,
                    u.facing,
                    u.vitality,
                    u.conditions,
                    u.ap,
                    u.pool,
                    u.reactions,
                    u.attacks,
                    u.flags
                )
            })
            .collect();
        let t = self.h.turn();
        StateDigest {
            units,
            turn: format!(
                "{:?} {:?} {:?} {:?} {:?} {:?} {:?}",
                t.round, t.phase, t.queue, t.end_of_round, t.followers, t.done, t.opportunity_used
            ),
            log_len_without_rejection: self.h.log().len(),
        }
    }

    /// Send a command that must be refused; checks that nothing changed and returns why.
    pub fn rejected(&mut self, c: Command) -> Refusal {
        self.new_events();
        let before = self.digest();
        self.h.send(c.clone());
        let ev = self.new_events();
        let mut after = self.digest();
        after.log_len_without_rejection -= 1;
        assert_eq!(
            ev.len(),
            1,
            "a refused command must add exactly one event: {ev:?}"
        );
        let BattleEvent::Rejected { refusal, .. } = &ev[0] else {
            panic!("{c:?} was not rejected: {ev:?}");
        };
        assert_eq!(before, after, "a refused command changed the battle");
        refusal.clone()
    }

    pub fn unit(&mut self, name: &str) -> UnitSnap {
        self.h
            .unit(name)
            .unwrap_or_else(|| panic!("no unit {name}"))
    }

    pub fn pos(&mut self, name: &str) -> Pos {
        self.unit(name).pos
    }

    pub fn has(&mut self, name: &str, c: ConditionKind) -> bool {
        self.unit(name).has(c)
    }

    pub fn active(&mut self) -> String {
        self.h.active().unwrap_or_default()
    }

    /// What the computer `player` would do now.
    pub fn choice(&mut self, player: skirmish::battle::players::Player) -> Command {
        self.h
            .with_view(|v| skirmish::battle::players::next_command(v, player))
            .expect("a command")
    }

    /// Plays `player`'s commands for the active unit until its turn ends (at most 12);
    /// the commands taken.
    pub fn play_turn(&mut self, player: skirmish::battle::players::Player) -> Vec<Command> {
        let me = self.active();
        let mut taken = Vec::new();
        while self.active() == me && taken.len() < 12 {
            let cmd = self.choice(player);
            self.ok(cmd.clone());
            let done = matches!(cmd, Command::EndTurn { .. });
            taken.push(cmd);
            if done {
                break;
            }
        }
        taken
    }
}

// Command shorthands.
pub fn mv(u: &str, to: (i32, i32)) -> Command {
    Command::Move {
        unit: u.into(),
        to: Pos::new(to.0, to.1),
    }
}
pub fn path(u: &str, steps: &[(i32, i32)]) -> Command {
    Command::MovePath {
        unit: u.into(),
        path: steps.iter().map(|&(x, y)| Pos::new(x, y)).collect(),
    }
}
pub fn attack(u: &str, t: &str) -> Command {
    Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: None,
        options: Default::default(),
    }
}
pub fn attack_with(u: &str, t: &str, w: &str) -> Command {
    Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: Some(w.into()),
        options: Default::default(),
    }
}
pub fn end(u: &str) -> Command {
    Command::EndTurn { unit: u.into() }
}
pub fn shove(u: &str, t: &str) -> Command {
    Command::Shove {
        unit: u.into(),
        target: t.into(),
        dir: None,
        distance: None,
    }
}
pub fn trip(u: &str, t: &str) -> Command {
    Command::Trip {
        unit: u.into(),
        target: t.into(),
    }
}
pub fn grab(u: &str, t: &str) -> Command {
    Command::Grab {
        unit: u.into(),
        target: t.into(),
    }
}
pub fn charge(u: &str, t: &str) -> Command {
    Command::Charge {
        unit: u.into(),
        target: t.into(),
    }
}
pub fn delay_after(u: &str, t: &str) -> Command {
    Command::Delay {
        unit: u.into(),
        until: DelayUntil::After(t.into()),
    }
}
pub fn delay_end(u: &str) -> Command {
    Command::Delay {
        unit: u.into(),
        until: DelayUntil::EndOfRound,
    }
}
pub fn simple(kind: &str, u: &str) -> Command {
    let unit = u.to_string();
    match kind {
        "Defend" => Command::Defend { unit },
        "TakeCover" => Command::TakeCover { unit },
        "Disengage" => Command::Disengage { unit },
        "StandUp" => Command::StandUp { unit },
        "Sprint" => Command::Sprint { unit, to: None },
        "Escape" => Command::Escape { unit },
        "Release" => Command::Release { unit },
        "Undo" => Command::UndoMove { unit },
        other => panic!("unknown simple command {other}"),
    }
}
pub fn face(u: &str, d: Dir8) -> Command {
    Command::Face {
        unit: u.into(),
        facing: d,
    }
}
/// Meet a Combat Roll with a defence (Seed001).
pub fn defend_with(u: &str, defence: skirmish::rules::combat_roll::Defence) -> Command {
    skirmish::rulebooks::seed001::Seed001Command::ChooseDefence {
        unit: u.into(),
        defence,
    }
    .into()
}

/// Take a maneuver after a critical win, or none (Seed001).
pub fn maneuver(u: &str, m: Option<skirmish::rules::combat_roll::Maneuver>) -> Command {
    skirmish::rulebooks::seed001::Seed001Command::ChooseManeuver {
        unit: u.into(),
        maneuver: m,
    }
    .into()
}

pub fn answer(r: &str, accept: bool) -> Command {
    Command::AnswerReaction {
        reactor: r.into(),
        accept,
        maneuver: None,
    }
}

/// The attack reports among events.
pub fn attacks(ev: &[BattleEvent]) -> Vec<skirmish::battle::events::AttackReport> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::AttackRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

pub fn contests(ev: &[BattleEvent]) -> Vec<skirmish::battle::events::ContestReport> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::ContestRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// (unit, dealt) of every damage event.
pub fn damage(ev: &[BattleEvent]) -> Vec<(String, i32)> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Damaged {
                unit, breakdown, ..
            } => Some((unit.clone(), breakdown.dealt)),
            _ => None,
        })
        .collect()
}

/// The cost of every step moved, in metres.
pub fn move_costs(ev: &[BattleEvent]) -> Vec<u32> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Moved { cost, .. } => Some(*cost),
            _ => None,
        })
        .collect()
}

pub fn moved_to(ev: &[BattleEvent]) -> Vec<Pos> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Moved { to, .. } => Some(*to),
            _ => None,
        })
        .collect()
}

pub fn has_event(ev: &[BattleEvent], f: impl Fn(&BattleEvent) -> bool) -> bool {
    ev.iter().any(f)
}

impl Fight {
    /// Checks that the battle used exactly the scripted dice: none missing, none left over,
    /// none out of range. Tests call it to prove they know the order of every roll.
    pub fn all_dice_used(&self) {
        let world = self.h.app.world();
        let dice = &world.resource::<skirmish::battle::DiceBox>().0;
        let problems: Vec<&BattleEvent> = self
            .h
            .log()
            .iter()
            .filter(|e| matches!(e, BattleEvent::DiceScriptProblem(_)))
            .collect();
        assert!(problems.is_empty(), "dice script problems: {problems:?}");
        if let skirmish::rules::dice::DiceSource::Scripted(v) = dice.source() {
            assert_eq!(
                dice.rolled(),
                v.len(),
                "rolled {} of {} scripted dice",
                dice.rolled(),
                v.len()
            );
        }
    }

    /// The vitality of a unit.
    pub fn vit(&mut self, name: &str) -> i32 {
        self.unit(name).vitality
    }
}

/// The reasons of an attack's or contest's modifiers, in order.
pub fn reasons(
    mods: &[skirmish::battle::events::Modifier],
) -> Vec<skirmish::battle::events::Reason> {
    mods.iter().map(|m| m.reason).collect()
}

/// The conditions added to `unit` among events.
pub fn added(ev: &[BattleEvent], unit: &str) -> Vec<ConditionKind> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::ConditionAdded {
                unit: u, condition, ..
            } if u == unit => Some(*condition),
            _ => None,
        })
        .collect()
}

/// The conditions removed from `unit` among events.
pub fn removed(ev: &[BattleEvent], unit: &str) -> Vec<ConditionKind> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::ConditionRemoved {
                unit: u, condition, ..
            } if u == unit => Some(*condition),
            _ => None,
        })
        .collect()
}

/// (unit, from, to) of every push among events.
pub fn pushes(ev: &[BattleEvent]) -> Vec<(String, Pos, Pos)> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Pushed { unit, from, to, .. } => Some((unit.clone(), *from, *to)),
            _ => None,
        })
        .collect()
}

pub fn stabilize(u: &str, t: &str) -> Command {
    Command::Stabilize {
        unit: u.into(),
        target: t.into(),
    }
}

pub fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// The weapons and templates of Seed001's acceptance scenarios (presets/Seed001.md).
pub const SEED001_CATALOG: &str = r#"
    weapons: {
        "blade": (kind: Melee, hit: 4, damage: "1d8+2"),
        "bolt": (kind: Ranged, hit: 5, damage: "2d6", damage_type: Heat, range: (15, 30), spell: true, held: false),
        "spike": (kind: Ranged, hit: 4, damage: "1d6+2", damage_type: Psychic, range: (10, 20), spell: true, held: false),
        "bow": (kind: Ranged, hit: 5, damage: "1d8+1", range: (20, 60), two_handed: true),
        "club": (kind: Melee, hit: 3, damage: "2d8+3", heavy: true, two_handed: true),
        "hammer": (kind: Melee, hit: 4, damage: "1d8+2", push: 1, on_hit: [(condition: Dazed, duration: EndOfNextTurn)]),
    },
    templates: {
        "fighter": (vitality: 20, evasion: 14, armor: 2, movement: 3, initiative: 1, might: 2, agility: 2, dodge: 4, parry: 4, focus: 1, weapons: ["blade"]),
        "bruiser": (vitality: 20, evasion: 14, armor: 2, movement: 3, initiative: 1, might: 2, agility: 2, dodge: 4, parry: 4, focus: 1, weapons: ["hammer"]),
        "shield": (vitality: 20, evasion: 14, armor: 3, movement: 3, initiative: 1, might: 2, agility: 2, dodge: 2, parry: 3, block: 3, block_rating: 3, focus: 1, weapons: ["blade"]),
        "mage": (vitality: 12, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 0, agility: 1, dodge: 2, focus: 3, weapons: ["bolt", "spike"]),
        "archer": (vitality: 15, evasion: 14, armor: 1, movement: 3, initiative: 3, might: 0, agility: 3, dodge: 4, weapons: ["bow"]),
        "ogre": (vitality: 30, evasion: 11, armor: 2, movement: 3, initiative: 0, might: 4, agility: 0, size: Large, dodge: 1, parry: 3, weapons: ["club"]),
        "giant": (vitality: 40, evasion: 11, armor: 3, movement: 3, initiative: 0, might: 4, agility: 0, size: Huge, dodge: 1, parry: 3, weapons: ["club"]),
    },
"#;
