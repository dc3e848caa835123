//! The computer player at three strengths, beside the greedy baseline of `ai.rs` (kept as it
//! is, to measure against). Each command is chosen afresh from the battle as it stands,
//! through the exact previews a player sees, and nothing here draws dice: the same battle
//! gives the same command.
//! - Every strength values an attack by the share of the target it takes out: the chance
//!   to put it Down, and the expected damage as a share of what it has left. Wounded
//!   enemies are worth more to strike (focus fire).
//! - `Normal` and `Hard` choose where to move by what they could do from each tile they can
//!   reach (the preview from there, so flanking and cover count), the enemies that could
//!   strike them there (less those it has cover against), the reactions the path would
//!   provoke, and the level's objectives. A badly wounded unit weighs danger more and pulls
//!   back, unless a sound ally fights next to an enemy (then it fights on beside it). The
//!   enemies that could strike a tile are those that could walk into reach of it next
//!   turn with a fresh turn's movement, the AP an attack needs kept back (`strike_zone`).
//!   A unit that strikes nothing this turn and whose way out of an enemy's reach
//!   would provoke it Disengages first, when it has the AP.
//! - `Hard`'s side that must survive to a round still to come (`Survive`) keeps away from
//!   the enemy, each unit to its safest tile, striking only a blow worth the risk.
//! - `Hard` also shoves enemies into walls, chasms and each other when the collision pays,
//!   or where the pushed enemy (Unguarded) draws its allies' swift attacks, counts the same
//!   for its weapon's push (a maul's knock-back) when the blow lands,
//!   stabilizes a bleeding ally (one that is Down, and so out of the battle, only when it
//!   has nothing better to do), weighs each target by how hard it hits, and counts what a
//!   ranged miss may do to the creature in the way (an ally or an enemy), and prices each
//!   attack a move would provoke by what it is expected to take out of the mover (a frail
//!   unit keeps out of a heavy blow that a sound one walks through). A unit of its
//!   that has struck this turn weighs danger in full when it moves on. Where a turn pays
//!   for several attacks, it counts an enemy that must walk to strike a tile by the blows
//!   the AP left would pay for (`blows_share`). Under Seed004 it
//!   declines a Dodge whose dice cannot beat the attack's total. Its unit whose way to a
//!   strike would provoke an opportunity attack Disengages first where the AP still pay
//!   for the strike (Core: Disengage 1, the walk free, the attack 2), and its Prone units
//!   stand up first where standing provokes nothing. Under Seed003 it weighs
//!   Quick and Strong Attacks beside the Standard one, each by what it takes out per AP,
//!   and under Seed002 it steps in (agile steps) and strikes in one activation.
//! - `Easy` values attacks like the others, but walks like the greedy player.
//! - Under Seed001, where each defence costs 1 AP and the AP come back each round, a unit
//!   an enemy still to act this round could strike keeps its last AP for a defence unless
//!   it attacks with it; `Hard` ranks such a tile by the attacks it pays for with an AP kept
//!   back for a defence, and, struck before its own turn, meets the blow only when the
//!   defence spares more than the AP is worth then. `Hard`'s defender that wins critically
//!   Braces (a boon on its next defence) where the greedy answer Trips.
//! - After round 10, a side at least as strong as its enemies walks into the reactions its
//!   strikes provoke rather than wait for an enemy that waits too.
//! - All three load an empty ranged weapon when they have nothing to strike with, and turn
//!   to face the nearest enemy before they end a turn; `Hard` turns to keep the most
//!   menace of the enemies able to strike it in its front arc, and the least able to walk
//!   round to its rear.

use super::ai;
use super::assess::Ctx;
use super::command::{View, path_cost, pending_defences, pending_maneuvers};
use super::events::{AttackOptions, AttackStyle, Command};
use super::guard_odds::dodge_against;
use super::preview::{Preview, ProvokedReaction, preview, reaction_preview};
use super::snapshot::{Snapshot, UnitSnap};
use super::strike_odds::{StrikeOdds, best_defence, dice_of, strike_odds};
use super::work::{Offer, Question, Work};
use crate::level::Objective;
use crate::level::schema::AiLevel;
use crate::rules::actions::{ActionKind, ReactionKind};
use crate::rules::combat::hit_chance;
use crate::rules::combat_roll::{Defence, Maneuver};
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::grid::{Dir8, Pos, in_front_arc};
use crate::rules::odds::Dist;
use crate::rules::path::reachable;
use crate::rules::ruleset::{ConditionKind, HitRule, InitiativeRule, MoveBuying, ResourceRule};
use crate::rules::unit::Weapon;
use std::cell::OnceCell;

/// Who chooses the commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The baseline: `ai::next_command`.
    Greedy,
    Easy,
    Normal,
    Hard,
}

impl Player {
    pub const ALL: [Player; 4] = [Player::Greedy, Player::Easy, Player::Normal, Player::Hard];

    /// The player named `name` (`greedy`, `easy`, `normal`, `hard`, in any case).
    pub fn named(name: &str) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|p| format!("{p:?}").eq_ignore_ascii_case(name))
    }

    /// The player of a level's `Ai(level: …)`.
    pub fn of(level: AiLevel) -> Player {
        match level {
            AiLevel::Easy => Player::Easy,
            AiLevel::Normal => Player::Normal,
            AiLevel::Hard => Player::Hard,
        }
    }
}

/// What the expected damage of an attack is worth beside its chance to put the target Down
/// (a Down target is worth 1): damage that wears an enemy down counts as much as the chance
/// to put it Down (0.5 won 2 to 3 points fewer duels against `greedy`, BENCHMARKS.md §5).
const DAMAGE_SHARE_WEIGHT: f64 = 1.0;
/// At or below this share of its vitality a unit is badly wounded: it weighs danger more.
const WOUNDED_SHARE: f64 = 0.35;
/// How much the damage enemies could deal on a tile counts against it (share of the unit).
const CAUTION: f64 = 0.1;
const WOUNDED_CAUTION: f64 = 1.2;
/// A badly wounded unit pulls back unless an attack from where it stands is worth this.
const RETREAT_UNLESS_WORTH: f64 = 0.5;
/// The share of that danger a unit that cannot strike yet weighs while it closes in.
const CLOSING_CAUTION: f64 = 0.25;
/// How much of a ranged enemy's threat cover takes away.
const COVER_SHIELDS: f64 = 0.5;
/// The cost of each reaction a path would give an enemy.
const PROVOKED: f64 = 0.35;
/// `Hard`'s price of a provoked attack, per unit of what it is expected to take out of the
/// mover (`reaction_price`). Over the eleven levels, 4,400 games a pairing and seed, Hard
/// against Normal won 1.8 points more at 1.5 (+1.2, +2.2, +1.9 on three seeds); 0.9 to 1.3
/// more at 0.7, 1.0, 2.0 and 2.5 (two seeds each); BENCHMARKS.md §5.
const REACTION_PRICE_WEIGHT: f64 = 1.5;
/// What the AP a Disengage takes is worth, when it spares a move those reactions.
const DISENGAGE_COST: f64 = 0.1;
/// A tile of the side's objective area (standing in it, or nearer it).
const OBJECTIVE: f64 = 0.6;
const OBJECTIVE_STEP: f64 = 0.04;
/// Each tile nearer the nearest enemy, so that a unit with nothing better closes in.
const APPROACH_STEP: f64 = 0.03;
/// A move must beat staying put by this much.
const MOVE_GAIN: f64 = 0.02;
/// Moving before striking must beat striking from here by this much.
const MOVE_FIRST_MARGIN: f64 = 0.05;
/// What loading a weapon is worth when the unit has nothing to strike with: more than
/// closing in.
const LOAD_WORTH: f64 = 0.3;
/// What closing in is worth beside an attack (it comes after any).
const APPROACH_WORTH: f64 = 0.001;
/// The best tiles whose paths are previewed for the reactions they would provoke.
const SHORTLIST: usize = 6;
/// What stabilizing a bleeding ally is worth, and giving First Aid.
const AID_VALUE: f64 = 0.9;
/// What `Hard` gives the same for an ally that is Down (`aid_worth`): less than any attack
/// or real move. Over the eleven levels, 2,200 games a pairing, Hard against Normal won 0.5
/// and 0.4 points more (seeds 5001 and 7001; 2.4 more on `broken_bridge`, 1,000 games),
/// against greedy the same (BENCHMARKS.md §5).
const DOWNED_AID_WORTH: f64 = 0.05;
/// What Defend (attacks against the unit at disadvantage) and Take Cover (+2 Evasion) are
/// worth to a unit an enemy could strike next: less than any attack or real move, so they
/// take only the AP that would go unused.
const DEFEND_WORTH: f64 = 0.06;
const TAKE_COVER_WORTH: f64 = 0.05;
/// The share of a hit's chance an enemy is assumed to have against a tile.
const THREAT_HIT_CHANCE: f64 = 0.5;
/// After this many rounds a side at least as strong as its enemies stops pricing the
/// reactions on its way to a strike, and closes in whatever the danger (`presses_on`).
const STANDOFF_ROUNDS: u32 = 10;
/// What 1 AP of a unit's own turn is worth, on the scale of an attack's worth: under
/// Seed001 a defence made before the unit's turn takes one (0.15 to 1.5 all won 64–66% of
/// `shield_wall` against greedy, 60% without the rule; BENCHMARKS.md §5).
const TURN_AP_WORTH: f64 = 0.3;

/// What standing up is worth to a Prone unit that stands before anything else.
const STAND_WORTH: f64 = 1.0;

/// The next command for whoever must decide now, played by `player`.
pub fn next_command(view: &View, player: Player) -> Option<Command> {
    if let Some(question) = view.awaiting {
        if player == Player::Hard
            && let Some(cmd) = defence_before_turn(view, question)
                .or_else(|| futile_dodge(view, question))
                .or_else(|| defenders_brace(view, question))
        {
            return Some(cmd);
        }
        return ai::next_command(view);
    }
    if player == Player::Greedy {
        return ai::next_command(view);
    }
    let me = view.ctx.snap.get(view.turn.active()?)?;
    // Under activations (Seed002) or a union (Seed000) any of these may act.
    let side: Vec<&UnitSnap> = std::iter::once(me)
        .chain(view.turn.union.iter().filter_map(|e| view.ctx.snap.get(*e)))
        .collect();
    let t = Tactician {
        view,
        player,
        zones: OnceCell::new(),
    };
    Some(match best(side.iter().filter_map(|u| t.best_for(u))) {
        Some((_, cmd)) => cmd,
        None => t.face_the_enemy(me).unwrap_or(Command::EndTurn {
            unit: me.name.to_string(),
        }),
    })
}

struct Tactician<'v, 'a> {
    view: &'v View<'a>,
    player: Player,
    /// Where each unit could stand and strike next turn with a melee weapon, in snapshot
    /// order (`strike_zone`, made when first asked).
    zones: OnceCell<Vec<Option<StrikeZone>>>,
}

/// The enemies' threat to a unit on a tile (`Tactician::threat`).
#[derive(Clone, Copy)]
struct Threat {
    /// The sum of their `threat_to`.
    damage: f64,
    /// Under Seed001 (`defence_needed`), whether one of them is still to act this round.
    before_round_end: bool,
}

/// A tile a unit could move to this turn, as `Tactician::best_move` weighs it.
struct Tile {
    /// What its strikes this turn from there are worth (0 for none).
    strikes: f64,
    safety: f64,
    aims: f64,
    pos: Pos,
    /// What a Disengage before the move (then it provokes no opportunity attack) takes
    /// from its strikes: nothing for a move that strikes nothing, where the AP pay for the
    /// Disengage and the way; for `Hard`'s move to a strike, what the AP it spends would
    /// have struck, where the AP left still pay for a strike. `None` where they do not,
    /// and for the other players' moves to a strike.
    disengaged: Option<f64>,
}

/// Where a melee unit could be next turn, and the tiles it could strike from there.
struct StrikeZone {
    /// Its longest melee reach.
    reach: u32,
    /// The tiles it could stand on to strike (where it stands, or walks to keeping the AP
    /// an attack needs), by grid index.
    stand: Vec<bool>,
    /// The tiles within its reach of one of those, by grid index: the fewest AP it would
    /// spend walking to strike each (`None`: it cannot strike it).
    strike: Vec<Option<u32>>,
}

impl Tactician<'_, '_> {
    /// The unit's best command and its worth, if it has one better than ending its turn.
    fn best_for(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        let mut options: Vec<(f64, Command)> = Vec::new();
        if let Some(aid) = ai::first_aid(self.view, me) {
            options.push((self.aid_worth(&aid), aid));
        }
        if self.player == Player::Hard {
            options.extend(self.stabilize(me));
            options.extend(self.shoves(me));
        }
        if self.player != Player::Easy {
            options.extend(self.guard(me));
        }
        let attack = self.best_attack(self.view, me);
        // An ally's aid comes first: standing would leave too few AP for Stabilize.
        let aiding = options
            .iter()
            .any(|(_, cmd)| matches!(cmd, Command::Stabilize { .. } | Command::FirstAid { .. }));
        if !aiding && let Some(stand) = self.stand_up(me, attack.is_some()) {
            return Some(stand);
        }
        if attack.is_none() {
            options.extend(self.load(me));
        }
        let attacks_here = self.attacks_left(me.ap) as f64;
        options.extend(attack.clone().map(|(v, c)| (v * attacks_here.max(1.0), c)));
        let can_move = self.view.ctx.can_move(me).is_ok();
        if self.player == Player::Easy {
            if options.is_empty()
                && can_move
                && let Some(to) = ai::approach(self.view, me)
            {
                options.push((APPROACH_WORTH, move_to(me, to)));
            }
        } else if can_move && let Some(m) = self.best_move(me, attack.as_ref().map(|a| a.0)) {
            options.push(m);
        }
        if self.keeps_last_ap(me) {
            options.retain(|(_, cmd)| {
                matches!(cmd, Command::Attack { .. }) || self.move_ap(cmd) == Some(0)
            });
        }
        best(options.into_iter().filter(|o| o.0 > 0.0))
    }

    /// `Hard`'s Prone unit stands up first (RULES §9: melee attacks on it have advantage,
    /// and its steps cost double) where standing provokes no reaction and leaves the AP an
    /// attack needs, or where it has no attack this turn. Next to an enemy it stays down:
    /// the opportunity attack, at advantage, costs what standing would spare it.
    fn stand_up(&self, me: &UnitSnap, can_attack: bool) -> Option<(f64, Command)> {
        if self.player != Player::Hard || !me.has(ConditionKind::Prone) {
            return None;
        }
        let cmd = Command::StandUp {
            unit: me.name.to_string(),
        };
        let quiet = preview(self.view, &cmd).ok()?.reactions.is_empty();
        let cost = self.view.ctx.rules.cost(ActionKind::StandUp).unwrap_or(1);
        let attacks_after = self.attacks_left(me.ap.saturating_sub(cost)) > 0;
        (quiet && (attacks_after || !can_attack)).then_some((STAND_WORTH, cmd))
    }

    /// Under Seed001 each defence (Block, Parry, Dodge) costs 1 AP from the turn's AP: a
    /// unit that may have to meet a blow before its AP come back (`defence_needed`) keeps
    /// its last AP for it, and spends it only on an attack (keeping it from the attack too
    /// lost more duels than it won, BENCHMARKS.md §5).
    fn keeps_last_ap(&self, me: &UnitSnap) -> bool {
        me.ap == 1 && self.defence_needed(|| self.threat(me, me.pos))
    }

    /// Under Seed001, whether a unit facing `threat` (asked only under Seed001) may have to
    /// meet a blow before its AP come back at the next round's start: an enemy still to act
    /// this round could strike its tile.
    fn defence_needed(&self, threat: impl FnOnce() -> Threat) -> bool {
        self.defences_cost_ap() && threat().before_round_end
    }

    /// Whether each defence costs an AP of the turn's (Seed001's Combat Roll).
    fn defences_cost_ap(&self) -> bool {
        self.view.ctx.rules.hit == HitRule::CombatRoll
    }

    /// The AP Hard keeps back for a defence when it plans a move to a tile where it may
    /// have to meet a blow before its AP come back (`defence_needed`): under Seed001 a blow
    /// met with no defence (no AP left) is a critical win for the attacker, Precision's full
    /// damage and a maneuver. A tile is ranked by the attacks the rest of the AP pays for;
    /// whether the unit spends the kept AP on an attack once there is `keeps_last_ap`'s
    /// call. On `shield_wall` Hard went from 64.6% to 70.6% of 1,200 games against greedy,
    /// and from 53.6% to 55.6% of 800 against Normal; counting only the enemies still to act
    /// won 0.2 to 0.9 points more against Normal (4,000 games, BENCHMARKS.md §5).
    fn defence_reserve(&self, threat: &Threat) -> u32 {
        u32::from(self.player == Player::Hard && self.defence_needed(|| *threat))
    }

    /// The AP a move command takes (`None` for any other command).
    fn move_ap(&self, cmd: &Command) -> Option<u32> {
        match cmd {
            Command::Move { .. } => preview(self.view, cmd).ok()?.move_cost.map(|c| c.1),
            _ => None,
        }
    }

    /// Before ending its turn, a unit turns to face the nearest enemy, so that no one
    /// strikes it from the rear (under rules with facing). `Hard` turns instead to keep in
    /// its front arc the most of the enemies able to strike it next, each weighed by how
    /// hard it hits (`guarded_facing`).
    fn face_the_enemy(&self, me: &UnitSnap) -> Option<Command> {
        if !self.view.ctx.rules.facing {
            return None;
        }
        let nearest = self
            .able_enemies(me)
            .min_by_key(|e| (e.pos.distance(me.pos), e.index))?;
        let towards = Dir8::towards(me.pos, nearest.pos)?;
        let facing = match self.player {
            Player::Hard => self.guarded_facing(me, towards),
            _ => towards,
        };
        let cmd = Command::Face {
            unit: me.name.to_string(),
            facing,
        };
        (facing != me.facing && preview(self.view, &cmd).is_ok()).then_some(cmd)
    }

    /// The facing that keeps the most menace in the front arc (RULES §7: a blow from the
    /// rear arc has advantage, and a unit reacts only to enemies in front): the enemies
    /// that could strike `me` next turn, each weighed by how hard it could (`threat_to`).
    /// The front arc is a half-plane, so a unit between two enemies can keep both in front
    /// by facing across the line between them. Ties, and a unit that no enemy can strike
    /// next, keep `towards`. On the Core levels this won Hard 1.5 to 1.7
    /// points against Normal and 0.7 to 2.2 against greedy (BENCHMARKS.md §5).
    ///
    /// A melee enemy may walk round to any tile it reaches, and strike from the rear: each
    /// one that could stand in the rear arc within its reach of `me` (`strikes_from_rear`)
    /// counts against the facing, so a unit turns its back to a wall, or to tiles no enemy
    /// reaches (on the Core levels: +1.0 point against Normal, none against greedy).
    fn guarded_facing(&self, me: &UnitSnap, towards: Dir8) -> Dir8 {
        let threats: Vec<(&UnitSnap, f64)> = self
            .able_enemies(me)
            .filter_map(|e| Some((e, self.threat_to(e, me.pos)?)))
            .collect();
        let guarded = |facing: Dir8| -> f64 {
            threats
                .iter()
                .map(|(e, m)| {
                    let front = in_front_arc(facing, me.pos, e.pos);
                    let rear = self.strikes_from_rear(e, me, facing) == Some(true);
                    match (front, rear) {
                        (true, false) => *m,
                        (false, true) => -*m,
                        _ => 0.0,
                    }
                })
                .sum()
        };
        Dir8::ALL
            .into_iter()
            .fold((towards, guarded(towards)), |best, facing| {
                let g = guarded(facing);
                if g > best.1 { (facing, g) } else { best }
            })
            .0
    }

    /// Defend or Take Cover with the AP left after attacking, for a unit an enemy could
    /// strike where it stands.
    fn guard(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        // Under activations (Seed002) every action is an activation of the side's: it
        // fights on instead.
        let activations = self.view.ctx.rules.initiative == InitiativeRule::Activations;
        if activations || me.attacks == 0 || self.safety(me, &self.threat(me, me.pos), false) >= 0.0
        {
            return Vec::new();
        }
        let unit = me.name.to_string();
        [
            (DEFEND_WORTH, Command::Defend { unit: unit.clone() }),
            (TAKE_COVER_WORTH, Command::TakeCover { unit }),
        ]
        .into_iter()
        .filter(|(_, cmd)| preview(self.view, cmd).is_ok())
        .collect()
    }

    /// Load an unloaded ranged weapon (Seed002), when the unit has no attack now.
    fn load(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        me.stats
            .weapons
            .iter()
            .enumerate()
            .filter(|(i, w)| !w.is_melee() && !me.footing.loaded(*i))
            .map(|(_, w)| Command::Load {
                unit: me.name.to_string(),
                weapon: Some(w.name.clone()),
            })
            .find(|cmd| preview(self.view, cmd).is_ok())
            .map(|cmd| (LOAD_WORTH, cmd))
    }

    /// The enemies of `me` still able to fight.
    fn able_enemies<'s>(&'s self, me: &'s UnitSnap) -> impl Iterator<Item = &'s UnitSnap> {
        self.view.ctx.snap.enemies_of(me).filter(|e| e.able())
    }

    /// How many attacks `ap` pays for this turn.
    fn attacks_left(&self, ap: u32) -> u32 {
        ap / self
            .view
            .ctx
            .rules
            .cost(ActionKind::Attack)
            .unwrap_or(1)
            .max(1)
    }

    /// The attack worth the most now, with its worth.
    fn best_attack(&self, view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
        let mut best: Option<(f64, Command)> = None;
        let enemies: Vec<&UnitSnap> = view.ctx.snap.enemies_of(me).filter(|t| t.able()).collect();
        let typical = enemies.iter().map(|t| menace(t)).sum::<f64>() / enemies.len().max(1) as f64;
        for (t, cmd, per_ap) in self.attack_choices(view, me) {
            // Hard takes out the enemies that hit hardest first.
            let weight = match self.player {
                Player::Hard if typical > 0.0 => menace(t) / typical,
                _ => 1.0,
            };
            let Ok(p) = preview(view, &cmd) else { continue };
            // Hard also counts what a miss may do to the creature in the way.
            let stray = match self.player {
                Player::Hard => {
                    stray_worth(&view.ctx, me, &p) + self.knock_worth(&view.ctx, me, t, &p)
                }
                _ => 0.0,
            };
            let v = per_ap * (weight * attack_worth(&p, t) + stray);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, cmd));
            }
        }
        best
    }

    /// Every attack `me` could make, each with what its worth is multiplied by for the AP it
    /// takes: 1 for an ordinary attack. Under Seed003 `Hard` also weighs a melee Quick Attack
    /// (3 AP, the wound a step lighter) and a Strong Attack (5 AP and 1 Stamina, a d6 more
    /// on a hit), each per AP against a Standard Attack's 4: unspent AP carry over, so what
    /// an attack takes out for its AP is what counts. A Strong Attack only while the unit has
    /// the Stamina (beyond it, fatigue would make it Exhausted).
    fn attack_choices<'s>(
        &self,
        view: &'s View,
        me: &'s UnitSnap,
    ) -> impl Iterator<Item = (&'s UnitSnap, Command, f64)> + 's {
        let rules = view.ctx.rules;
        let styles: &[AttackStyle] =
            if self.player == Player::Hard && rules.hit == HitRule::ThreeDice {
                &[
                    AttackStyle::Standard,
                    AttackStyle::Quick,
                    AttackStyle::Strong,
                ]
            } else {
                &[AttackStyle::Standard]
            };
        let ap = |kind: ActionKind| f64::from(rules.cost(kind).unwrap_or(1).max(1));
        let standard = ap(ActionKind::Attack);
        ai::attack_commands(view.ctx.snap, me)
            .flat_map(move |(t, cmd)| {
                styles
                    .iter()
                    .filter(move |style| **style != AttackStyle::Strong || me.track.stamina >= 1)
                    .map(move |style| {
                        let mut cmd = cmd.clone();
                        if let Command::Attack { options, .. } = &mut cmd {
                            options.style = *style;
                        }
                        let per_ap = match style {
                            AttackStyle::Standard => 1.0,
                            AttackStyle::Quick => standard / ap(ActionKind::QuickAttack),
                            AttackStyle::Strong => standard / ap(ActionKind::StrongAttack),
                        };
                        (t, cmd, per_ap)
                    })
            })
            .chain(
                self.agile_attacks(view, me)
                    .into_iter()
                    .map(|(t, cmd)| (t, cmd, 1.0)),
            )
    }

    /// Seed002 (`Hard`): melee attacks that carry agile steps before them (M5: 1 Agility a
    /// metre, at most as many steps as the attack costs Energy, and they provoke no Swift
    /// Attack), from where the unit stands into reach of an enemy out of its reach now: one
    /// activation closes in and strikes where a Run would spend it. Each is valued by its
    /// preview from the tile the steps end on, as any other attack. The steps are the
    /// shortest to each tile (`path_cost` checks each).
    fn agile_attacks<'s>(&self, view: &'s View, me: &'s UnitSnap) -> Vec<(&'s UnitSnap, Command)> {
        let ctx = &view.ctx;
        if self.player != Player::Hard || ctx.rules.hit != HitRule::DefenderRolls {
            return Vec::new();
        }
        let most =
            (me.footing.agility.max(0) as u32).min(ctx.rules.cost(ActionKind::Attack).unwrap_or(3));
        // The shortest step path to each tile within `most` steps.
        // Breadth first: the paths one step longer than those in `frontier` (a range of
        // `paths`; the empty path first) are added after them.
        let mut paths: Vec<Vec<Pos>> = vec![Vec::new()];
        let mut seen = vec![me.pos];
        let mut frontier = 0..1;
        for _ in 0..most {
            let longest = paths.len();
            for k in frontier {
                let at = *paths[k].last().unwrap_or(&me.pos);
                for d in Dir8::ALL {
                    let q = at.step(d);
                    if seen.contains(&q) || ctx.snap.at(q).is_some() {
                        continue;
                    }
                    let mut longer: Vec<Pos> = paths[k].clone();
                    longer.push(q);
                    if path_cost(ctx, me, &longer).is_err() {
                        continue;
                    }
                    seen.push(q);
                    paths.push(longer);
                }
            }
            frontier = longest..paths.len();
        }
        let mut out = Vec::new();
        for t in ctx.snap.enemies_of(me).filter(|t| t.able()) {
            for w in me.stats.weapons.iter().filter(|w| w.is_melee()) {
                if me.pos.distance(t.pos) <= w.reach {
                    continue;
                }
                for path in &paths[1..] {
                    if path.last().is_none_or(|q| q.distance(t.pos) > w.reach) {
                        continue;
                    }
                    out.push((
                        t,
                        Command::Attack {
                            unit: me.name.to_string(),
                            target: t.name.to_string(),
                            weapon: Some(w.name.clone()),
                            options: AttackOptions {
                                agile_before: path.clone(),
                                ..AttackOptions::default()
                            },
                        },
                    ));
                }
            }
        }
        out
    }

    /// The bleeding ally in reach whose Stabilize is worth the most (`aid_worth`: one still
    /// standing before one that is Down).
    fn stabilize(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        best(
            self.view
                .ctx
                .snap
                .allies_of(me)
                .filter(|u| u.has(ConditionKind::Bleeding) && !u.has(ConditionKind::Dead))
                .map(|u| Command::Stabilize {
                    unit: me.name.to_string(),
                    target: u.name.to_string(),
                })
                .filter(|cmd| preview(self.view, cmd).is_ok())
                .map(|cmd| (self.aid_worth(&cmd), cmd)),
        )
    }

    /// What stabilizing (or First Aid for) an ally is worth: `AID_VALUE`, its Bleeding
    /// stopped while it still fights. A Down ally never stands again in this battle (no
    /// rule lifts Down) and counts for nothing towards victory, so `Hard` tends it only
    /// when it has nothing better to do (`DOWNED_AID_WORTH`), and spends its AP on the
    /// fight still to win.
    fn aid_worth(&self, cmd: &Command) -> f64 {
        let (Command::Stabilize { target, .. } | Command::FirstAid { target, .. }) = cmd else {
            return AID_VALUE;
        };
        let down = self
            .view
            .ctx
            .snap
            .by_name(target)
            .is_some_and(|u| u.is_down());
        if down && self.player == Player::Hard {
            DOWNED_AID_WORTH
        } else {
            AID_VALUE
        }
    }

    /// Shoves that pay: the chance the shove lands times what it brings, the share of the
    /// target (and of an able enemy it is shoved into: a fallen one counts for nothing) a
    /// collision takes, and the swift attacks the pushed target (Unguarded) draws from the
    /// side's units in reach of where it ends.
    fn shoves(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        let snap = self.view.ctx.snap;
        snap.enemies_of(me)
            .filter(|t| t.able() && t.pos.is_adjacent(me.pos))
            .filter_map(|t| {
                let cmd = Command::Shove {
                    unit: me.name.to_string(),
                    target: t.name.to_string(),
                    dir: None,
                    distance: None,
                };
                let p = preview(self.view, &cmd).ok()?;
                let win = p.contest.as_ref().map(|c| c.win.value()).or_else(|| {
                    p.check3
                        .as_ref()
                        .map(|c| c.success.value())
                        .or(p.chance.as_ref().map(|c| c.1.value()))
                })?;
                Some((win * self.push_worth(&self.view.ctx, me, t, &p)?, cmd))
            })
            .collect()
    }

    /// What the push in preview `p` is worth against target `t` once it lands (at most 1):
    /// the share of `t` (and of an able enemy it is pushed into) a collision takes, and the
    /// swift attacks the pushed target (Unguarded) draws from the side's units in reach of
    /// where it ends. `None` for a preview with no push.
    fn push_worth(&self, ctx: &Ctx, me: &UnitSnap, t: &UnitSnap, p: &Preview) -> Option<f64> {
        let push = p.push.as_ref()?;
        let mut worth = self.swift_worth(ctx, t, &p.reactions);
        if let Some(collision) = &push.collision {
            worth += f64::from(collision.target_damage) / health(t);
            if let Some(o) = &collision.occupant
                && let Some(other) = ctx.snap.by_name(&o.name)
                && other.side != me.side
                && other.able()
            {
                worth += (1.0 - o.defence.value()) * f64::from(o.on_failure.1) / health(other);
            }
        }
        Some(worth.min(1.0))
    }

    /// What a weapon's push (a maul's knock-back) adds to an attack's worth in preview `p`
    /// against `t`: `push_worth` when the blow lands and leaves `t` standing. So a maul
    /// strikes the enemy it can drive into a wall (the collision, then its own swift attack
    /// on the enemy stopped in its reach), from the tile that does. On five Core levels
    /// with pushing weapons (2,000 games a pairing, seed 5001) Hard won 81.4% → 83.8%
    /// against greedy and 63.7% → 66.7% against Normal (BENCHMARKS.md §5).
    fn knock_worth(&self, ctx: &Ctx, me: &UnitSnap, t: &UnitSnap, p: &Preview) -> f64 {
        // Seed000 joins the push to the hit: the preview's damage holds its collision.
        if ctx.rules.push_joins_hit {
            return 0.0;
        }
        self.push_worth(ctx, me, t, p)
            .map_or(0.0, |worth| lands_and_stands(p, t) * worth)
    }

    /// What the swift attacks in `reactions` are worth against the pushed target `t`: each
    /// the reactor's attack from where it stands on `t` where the push leaves it.
    fn swift_worth(&self, ctx: &Ctx, t: &UnitSnap, reactions: &[ProvokedReaction]) -> f64 {
        reactions
            .iter()
            .filter(|r| r.kind == ReactionKind::Swift)
            .filter_map(|r| self.reaction_worth(ctx, t, r))
            .sum()
    }

    /// What reaction `r`'s attack is expected to take out of `t` standing where `r` finds
    /// it (`r.at`); `None` for a reaction that makes no attack.
    fn reaction_worth(&self, ctx: &Ctx, t: &UnitSnap, r: &ProvokedReaction) -> Option<f64> {
        let mut snap = ctx.snap.clone();
        let i = snap.units.iter().position(|u| u.entity == t.entity)?;
        snap.units[i].pos = r.at;
        let there = Ctx {
            snap: &snap,
            ..*ctx
        };
        let offer = Offer {
            reactor: snap.by_name(&r.reactor)?.entity,
            kind: r.kind,
            target: t.entity,
            stepped: false,
        };
        Some(attack_worth(&reaction_preview(&there, &offer)?, t))
    }

    /// Where to move, with what the move is worth (on the scale of the attacks it leads
    /// to). A unit that can strike after moving picks the tile whose strikes this turn are
    /// worth the most (flanking, cover and focus fire all show in the preview from there),
    /// and moves only when that beats striking from where it stands. One that cannot strike
    /// closes in, or heads for the objective, by the safest way. A badly wounded one that
    /// cannot put an enemy Down pulls back to the safest tile, and so does `Hard`'s unit
    /// whose side must survive (`holds_out`).
    fn best_move(&self, me: &UnitSnap, attack_here: Option<f64>) -> Option<(f64, Command)> {
        let ctx = &self.view.ctx;
        let reach = ctx.reachable(me);
        let mut snap: Snapshot = ctx.snap.clone();
        let i = snap.units.iter().position(|u| u.entity == me.entity)?;
        // Only while a sound ally fights on: a side never hides from the battle entirely.
        // Under activations a retreat would spend the side's one action: it fights on.
        let cover_me = ctx
            .snap
            .allies_of(me)
            .any(|u| u.able() && !badly_wounded(u));
        // Nor while a sound ally fights next to an enemy: the wounded unit fights on beside
        // it, and the enemy's blows stay split between them. Hard's side that must survive
        // keeps away whatever its wounds (`holds_out`).
        let no_blow_worth_it = attack_here.unwrap_or(0.0) < RETREAT_UNLESS_WORTH;
        let retreat = no_blow_worth_it
            && (self.holds_out(me)
                || (badly_wounded(me)
                    && cover_me
                    && !self.allies_engaged(me)
                    && ctx.rules.initiative != InitiativeRule::Activations));
        let strikes_here = attack_here.unwrap_or(0.0) * self.attacks_left(me.ap).max(1) as f64;
        let ranged = me
            .stats
            .weapons
            .iter()
            .enumerate()
            .any(|(i, w)| !w.is_melee() && me.footing.loaded(i));
        let disengage_ap = ctx.rules.cost(ActionKind::Disengage);
        let mut tiles: Vec<Tile> = Vec::new();
        for (p, cost) in reach.tiles() {
            if p == me.pos || ctx.snap.at(p).is_some() {
                continue;
            }
            let ap = ctx.ap_for_cost(me, cost);
            if ap > me.ap {
                continue;
            }
            let threat = self.threat(me, p);
            let (safety, aims) = (self.safety(me, &threat, retreat), self.aims(me, p, ranged));
            // A Disengage first, for a move that strikes nothing: the AP for it and the way.
            let free_way = disengage_ap.filter(|d| ap + d <= me.ap).map(|_| 0.0);
            let (strikes, disengaged) = if retreat {
                (0.0, free_way)
            } else {
                snap.units[i].pos = p;
                snap.units[i].ap = me.ap - ap;
                let there = View {
                    ctx: Ctx {
                        snap: &snap,
                        ..*ctx
                    },
                    ..*self.view
                };
                let best = self
                    .best_attack(&there, &snap.units[i])
                    .map_or(0.0, |a| a.0);
                let left = (me.ap - ap).saturating_sub(self.defence_reserve(&threat));
                let strikes = |left: u32| best * self.attacks_left(left) as f64;
                let disengaged = if strikes(left) > 0.0 {
                    // Hard: what a Disengage first takes from the strikes, where one is left.
                    disengage_ap
                        .filter(|_| self.player == Player::Hard)
                        .and_then(|d| left.checked_sub(d))
                        .filter(|after| self.attacks_left(*after) > 0)
                        .map(|after| strikes(left) - strikes(after))
                } else {
                    free_way
                };
                (strikes(left), disengaged)
            };
            tiles.push(Tile {
                strikes,
                safety,
                aims,
                pos: p,
                disengaged,
            });
        }
        let striking = tiles.iter().any(|t| t.strikes > 0.0);
        // A unit closing in weighs danger less, or two wary sides would never meet. Hard's
        // unit that has struck this turn is in the fight already: it weighs danger in full.
        let struck = self.player == Player::Hard && me.attacks > 0;
        // A side pressing on after a standoff closes in on the nearest enemy whatever the
        // danger, an archer too: where it stands in range but out of sight it would wait.
        let pressing = !striking && !retreat && !struck && self.presses_on(me);
        let standing = |p: Pos, safety: f64, aims: f64| {
            if pressing {
                self.aims(me, p, false)
            } else if striking || retreat || struck {
                safety + aims
            } else {
                CLOSING_CAUTION * safety + aims
            }
        };
        let here_standing = standing(
            me.pos,
            self.safety(me, &self.threat(me, me.pos), retreat),
            self.aims(me, me.pos, ranged),
        );
        // Striking tiles are ranked by their strikes and standing; the rest by standing.
        let rank = |t: &Tile| {
            let s = standing(t.pos, t.safety, t.aims);
            if striking { t.strikes + s } else { s }
        };
        let order = |a: &(f64, Pos), b: &(f64, Pos)| {
            a.0.total_cmp(&b.0)
                .then(b.1.y.cmp(&a.1.y))
                .then(b.1.x.cmp(&a.1.x))
        };
        let mut ranked: Vec<(f64, &Tile)> = tiles
            .iter()
            .filter(|t| !striking || t.strikes > 0.0)
            .map(|t| (rank(t), t))
            .collect();
        ranked.sort_by(|a, b| order(&(b.0, b.1.pos), &(a.0, a.1.pos)));
        // The paths of the best few: each reaction they would provoke costs, unless the
        // unit can Disengage first with AP left for the way (`Tile::disengaged`).
        let disengage = Command::Disengage {
            unit: me.name.to_string(),
        };
        // Asked only of a path that provokes.
        let can_disengage = || preview(self.view, &disengage).is_ok();
        let priced = !(striking && self.presses_on(me));
        let ((score, to), disengaging) = ranked
            .into_iter()
            .take(SHORTLIST)
            .filter_map(|(score, tile)| {
                let p = tile.pos;
                let reactions = preview(self.view, &move_to(me, p)).ok()?.reactions;
                let price: f64 = if priced {
                    reactions.iter().map(|r| self.reaction_price(me, r)).sum()
                } else {
                    0.0
                };
                let paid = score - price;
                // A Disengage first spares every reaction a walk provokes (`move_reactions`),
                // for the strikes it takes (`Tile::disengaged`).
                let spare = !reactions.is_empty() && tile.disengaged.is_some() && can_disengage();
                let freed = score - DISENGAGE_COST - tile.disengaged.unwrap_or(0.0);
                Some(if spare && freed > paid {
                    ((freed, p), true)
                } else {
                    ((paid, p), false)
                })
            })
            .max_by(|a, b| order(&a.0, &b.0))?;
        // Under activations a move is the side's one action: the strike waits for another
        // activation, so a unit that can strike from here does.
        let one_action = ctx.rules.initiative == InitiativeRule::Activations;
        let worth = if striking {
            // Better than striking from here, or nothing.
            let better = score > strikes_here + here_standing + MOVE_FIRST_MARGIN;
            (attack_here.is_none() || (better && !one_action)).then_some(score - here_standing)?
        } else {
            // Closing in (or pulling back) is worth a little, after any attack.
            (score > here_standing + MOVE_GAIN).then_some(APPROACH_WORTH + score - here_standing)?
        };
        Some((
            worth,
            if disengaging {
                disengage
            } else {
                move_to(me, to)
            },
        ))
    }

    /// What reaction `r` that a move would provoke costs `me`: `PROVOKED`; `Hard` prices
    /// an attack by what it is expected to take out of `me` where it strikes (its chance to
    /// put `me` Down and the damage's share, `REACTION_PRICE_WEIGHT` times), so a frail unit
    /// keeps out of a heavy blow that a sound one may walk through. A reaction that makes no
    /// attack costs `PROVOKED`.
    fn reaction_price(&self, me: &UnitSnap, r: &ProvokedReaction) -> f64 {
        if self.player != Player::Hard {
            return PROVOKED;
        }
        self.reaction_worth(&self.view.ctx, me, r)
            .map_or(PROVOKED, |w| REACTION_PRICE_WEIGHT * w)
    }

    /// Whether `me`'s side presses on, into the reactions its strikes would provoke and into
    /// danger while it closes in: after `STANDOFF_ROUNDS` rounds, when its able units are at
    /// least as strong as its enemies' (vitality times how hard each hits). Two wary sides
    /// each of whose way to a strike passes through the other's reach would otherwise wait
    /// each other out for ever (a `courtyard` duel between Hard and Normal stood still from
    /// round 5 until the 5,000th command), and so would two archers each in the other's
    /// range behind a pillar, where the first to step into sight gives the other the first
    /// shot (`river_ford`, seed 5002, until now).
    fn presses_on(&self, me: &UnitSnap) -> bool {
        let strength = |ours: bool| -> f64 {
            self.view
                .ctx
                .snap
                .units
                .iter()
                .filter(|u| u.able() && (u.side == me.side) == ours)
                .map(|u| f64::from(u.vitality.max(0)) * menace(u))
                .sum()
        };
        self.view.turn.round > STANDOFF_ROUNDS && strength(true) >= strength(false)
    }

    /// Whether a sound ally of `me` stands next to an able enemy.
    fn allies_engaged(&self, me: &UnitSnap) -> bool {
        let snap = self.view.ctx.snap;
        snap.allies_of(me)
            .filter(|u| u.able() && !badly_wounded(u))
            .any(|u| {
                snap.enemies_of(u)
                    .any(|e| e.able() && e.pos.is_adjacent(u.pos))
            })
    }

    /// How safe a tile is for `me`, as minus the share of it that the enemies able to
    /// strike the tile next turn could take (`threat`); a badly wounded unit weighs it more.
    fn safety(&self, me: &UnitSnap, threat: &Threat, pulling_back: bool) -> f64 {
        let caution = if pulling_back {
            WOUNDED_CAUTION
        } else {
            CAUTION
        };
        let caution = caution * self.survival_factor(me);
        -caution * THREAT_HIT_CHANCE * threat.damage / health(me)
    }

    /// The threat to `me` on tile `p` from the enemies able to strike it next turn (melee:
    /// those whose `strike_zone` holds it): their `threat_to`, summed, and under Seed001
    /// whether one of them is still to act this round (looked up only there: this runs for
    /// every tile a unit could reach).
    fn threat(&self, me: &UnitSnap, p: Pos) -> Threat {
        let done = &self.view.turn.done;
        let defences_cost_ap = self.defences_cost_ap();
        let mut before_round_end = false;
        let damage = self
            .able_enemies(me)
            .filter_map(|e| {
                let threat = self.threat_to(e, p)?;
                before_round_end |= defences_cost_ap && !done.contains(&e.entity);
                Some(threat)
            })
            .sum();
        Threat {
            damage,
            before_round_end,
        }
    }

    /// How hard enemy `e` could strike tile `p` next turn, if it could: the mean damage of
    /// its strongest weapon able to. A melee weapon strikes the tiles of `e`'s strike zone
    /// (walking there with a fresh turn's movement, less the AP an attack needs), for
    /// `Hard` with the share of its blows the walk leaves (`blows_share`); where it has no
    /// zone (an enemy with a ranged weapon shoots rather than walks in, and the zone does
    /// not model Seed002's runs or Seed003's yards), the tiles within its movement and
    /// reach. A ranged weapon strikes the tiles in its range and sight, and cover shields
    /// part of the blow.
    fn threat_to(&self, e: &UnitSnap, p: Pos) -> Option<f64> {
        let grid = self.view.ctx.grid;
        let d = e.pos.distance(p);
        // The fewest AP `e` would spend walking to strike `p` (`None` inside: it cannot),
        // looked up only for an enemy with a melee weapon.
        let walk = e
            .stats
            .weapons
            .iter()
            .any(|w| w.is_melee())
            .then(|| self.strike_zone_of(e))
            .flatten()
            .map(|zone| self.walk_to_strike(zone, p));
        e.stats
            .weapons
            .iter()
            .filter_map(|w| {
                let mean = mean_damage(w);
                if w.is_melee() {
                    match walk {
                        Some(walked) => walked.map(|ap| mean * self.blows_share(ap)),
                        None => (d <= e.stats.movement + w.reach).then_some(mean),
                    }
                } else {
                    let sight = grid.sight(e.pos, p);
                    let shielded = sight.half_cover || sight.grade >= 2;
                    let share = if shielded { 1.0 - COVER_SHIELDS } else { 1.0 };
                    (d <= w.range.1 && sight.targetable()).then_some(mean * share)
                }
            })
            .reduce(f64::max)
    }

    /// The fewest AP the unit of `zone` would spend walking to strike tile `p`.
    fn walk_to_strike(&self, zone: &StrikeZone, p: Pos) -> Option<u32> {
        zone.strike[self.view.ctx.grid.index(p)?]
    }

    /// For `Hard`, the share of a turn's blows a melee enemy could strike a tile with after
    /// spending `walked` AP walking there (at least one blow is left, or it could not strike
    /// the tile). Where attacks cost 1 AP of 2 (Seed004) or 3 (Seed001), a tile next to the
    /// enemy takes every blow and one a step away fewer; under Core one attack a turn is
    /// all there is, with or without the step.
    fn blows_share(&self, walked: u32) -> f64 {
        if self.player != Player::Hard {
            return 1.0;
        }
        let turn = self.view.ctx.rules.ap_per_turn;
        let blows = |ap: u32| f64::from(self.attacks_left(ap).max(1));
        blows(turn.saturating_sub(walked)) / blows(turn)
    }

    /// Whether melee enemy `e` could strike `me` next turn from a tile of `me`'s rear arc
    /// when it faces `facing` (`None` where it has no strike zone, as in `threat_to`).
    fn strikes_from_rear(&self, e: &UnitSnap, me: &UnitSnap, facing: Dir8) -> Option<bool> {
        let zone = self.strike_zone_of(e)?;
        let grid = self.view.ctx.grid;
        let r = zone.reach as i32;
        let rear = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| Pos::new(me.pos.x + dx, me.pos.y + dy)))
            .filter(|q| *q != me.pos && !in_front_arc(facing, me.pos, *q));
        Some(rear.filter_map(|q| grid.index(q)).any(|k| zone.stand[k]))
    }

    /// `e`'s strike zone (made for every unit when first asked).
    fn strike_zone_of(&self, e: &UnitSnap) -> Option<&StrikeZone> {
        let ctx = &self.view.ctx;
        let zones = self
            .zones
            .get_or_init(|| ctx.snap.units.iter().map(|u| self.strike_zone(u)).collect());
        let i = ctx.snap.units.iter().position(|u| u.entity == e.entity)?;
        zones[i].as_ref()
    }

    /// The tiles `u` could strike next turn with its longest melee reach (see `threat_to`).
    fn strike_zone(&self, u: &UnitSnap) -> Option<StrikeZone> {
        let ctx = &self.view.ctx;
        let rules = ctx.rules;
        if rules.resource == ResourceRule::StaminaAgility
            || rules.move_buying == MoveBuying::RateQuarters
            || !u.able()
            || u.stats.weapons.iter().any(|w| !w.is_melee())
        {
            return None;
        }
        let reach = u
            .stats
            .weapons
            .iter()
            .filter(|w| w.is_melee())
            .map(|w| w.reach)
            .max()?;
        let attack = rules.cost(ActionKind::Attack).unwrap_or(0);
        let pool = if rules.free_movement {
            u.stats.movement
        } else {
            0
        };
        let budget = if ctx.can_move(u).is_ok() {
            pool + rules.ap_per_turn.saturating_sub(attack) * ctx.metres_per_ap(u)
        } else {
            0
        };
        let grid = ctx.grid;
        let mut stand = vec![false; (grid.width * grid.height) as usize];
        let mut strike: Vec<Option<u32>> = vec![None; stand.len()];
        let walk = reachable(grid, &ctx.occupancy(u), u.pos, budget, &ctx.move_profile(u));
        let r = reach as i32;
        let per = ctx.metres_per_ap(u).max(1);
        for (q, cost) in walk.tiles().chain(std::iter::once((u.pos, 0))) {
            let walked = cost.saturating_sub(pool).div_ceil(per);
            if let Some(k) = grid.index(q) {
                stand[k] = true;
            }
            for dy in -r..=r {
                for dx in -r..=r {
                    if let Some(k) = grid.index(Pos::new(q.x + dx, q.y + dy)) {
                        strike[k] = Some(strike[k].map_or(walked, |ap| ap.min(walked)));
                    }
                }
            }
        }
        Some(StrikeZone {
            reach,
            stand,
            strike,
        })
    }

    /// A side that must survive plays safer.
    fn survival_factor(&self, me: &UnitSnap) -> f64 {
        if self.must_survive(me) { 2.0 } else { 1.0 }
    }

    /// Whether `me`'s side must survive until a round still to come (a `Survive` objective:
    /// one standing unit at that round's end wins).
    fn must_survive(&self, me: &UnitSnap) -> bool {
        self.view.roster.objectives.iter().any(|o| {
            matches!(o, Objective::Survive { side, rounds }
                if *side == me.side && self.view.turn.round <= *rounds)
        })
    }

    /// What tile `p` is worth for the side's aims: its objective areas (and the enemy's,
    /// to contest them), else closing in on the nearest enemy (not for a side that holds
    /// out, `holds_out`).
    fn aims(&self, me: &UnitSnap, p: Pos, ranged: bool) -> f64 {
        let mut worth = 0.0;
        for o in self.view.roster.objectives.iter() {
            let (side, tiles) = match o {
                Objective::HoldArea { side, tiles, .. }
                | Objective::ReachArea { side, tiles, .. } => (*side, tiles),
                Objective::Survive { .. } => continue,
            };
            let mine = side == me.side;
            let near = tiles.iter().map(|t| t.distance(p)).min().unwrap_or(0);
            let weight = if mine { OBJECTIVE } else { OBJECTIVE / 2.0 };
            worth += if near == 0 {
                weight
            } else {
                -OBJECTIVE_STEP * f64::from(near) * if mine { 1.0 } else { 0.5 }
            };
        }
        if self.holds_out(me) {
            return worth;
        }
        let nearest = self
            .able_enemies(me)
            .map(|e| e.pos.distance(p))
            .min()
            .unwrap_or(0);
        // An archer need come no nearer than its range.
        let range = if ranged {
            me.stats
                .weapons
                .iter()
                .filter(|w| !w.is_melee())
                .map(|w| w.range.0)
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        worth - APPROACH_STEP * f64::from(nearest.saturating_sub(range))
    }

    /// Whether `me`'s side must survive (`must_survive`), played by `Hard`: one standing
    /// unit at the round's end wins, so its units keep away from the enemy, each to its
    /// safest tile, rather than close in, and strike only where a blow from where they stand
    /// is worth `RETREAT_UNLESS_WORTH`. On `ambush`, as the surviving Blue, Hard won 65.0% of
    /// 200 games against Normal (33.5% before) and 84.0% against greedy (81.0%; seed 9001,
    /// BENCHMARKS.md §5).
    fn holds_out(&self, me: &UnitSnap) -> bool {
        self.player == Player::Hard && self.must_survive(me)
    }
}

/// Seed001: each Block, Parry or Dodge costs 1 AP of the 3 the round gives. Before its own
/// turn comes, a unit meets a blow only when the defence spares it more than the AP is
/// worth on its turn (`TURN_AP_WORTH`): its chance to go Down and the damage's share, as
/// `attack_worth` counts them. Once its turn has come the AP would go unused: it meets every
/// blow with the defence the greedy player picks, and this gives no answer.
fn defence_before_turn(view: &View, question: Question) -> Option<Command> {
    let Question::Defence { defender, attacker } = question else {
        return None;
    };
    let Some(Work::Strike(strike)) = view.pending else {
        return None;
    };
    if view.turn.done.contains(&defender) || view.turn.active() == Some(defender) {
        return None;
    }
    let ctx = &view.ctx;
    let (a, me) = (ctx.snap.get(attacker)?, ctx.snap.get(defender)?);
    let wi = strike.weapon;
    let options = pending_defences(view, defender);
    if !options.contains(&Defence::None) {
        return None;
    }
    let chosen = best_defence(ctx, a, me, wi, &options);
    let taken = |defence: Defence| {
        strike_odds(ctx, a, me, wi, defence)
            .ok()
            .map(|s| strike_worth(&s, me))
    };
    let spared = taken(Defence::None)? - taken(chosen)?;
    (spared < TURN_AP_WORTH).then(|| Command::ChooseDefence {
        unit: me.name.to_string(),
        defence: Defence::None,
    })
}

/// Seed001: a critical win gives its winner a maneuver, and Precision (every damage die at
/// its maximum) is the attacker's only, so the greedy answer Trips where a defender wins.
/// Hard's defender Braces instead (a boon on its next defence test): each defence costs
/// 1 AP of the round, and a Prone enemy lays a bane on the Hard side's ranged attacks. On
/// `shield_wall` against greedy: +1.4 to +2.1 points on three seeds (6,000 games); against
/// Normal +0.4 (BENCHMARKS.md §5).
fn defenders_brace(view: &View, question: Question) -> Option<Command> {
    let Question::Maneuver { winner, .. } = question else {
        return None;
    };
    let Some(Work::Strike(strike)) = view.pending else {
        return None;
    };
    (winner != strike.attacker && pending_maneuvers(view, question).contains(&Maneuver::Brace))
        .then(|| Command::ChooseManeuver {
            unit: view.name(winner),
            maneuver: Some(Maneuver::Brace),
        })
}

/// Seed004: a Dodge must roll higher than the attack's total, and costs Vigor whether it
/// succeeds or not. Hard declines one whose dice cannot reach the total (the greedy answer
/// takes every Dodge offered).
fn futile_dodge(view: &View, question: Question) -> Option<Command> {
    let Question::Reaction(offer) = question else {
        return None;
    };
    let Some(Work::GuardAttack(g)) = view.pending else {
        return None;
    };
    let me = view.ctx.snap.get(offer.reactor)?;
    let futile =
        offer.kind == ReactionKind::Dodge && dodge_against(&view.ctx, me, g.total?).success <= 0.0;
    futile.then(|| Command::AnswerReaction {
        reactor: me.name.to_string(),
        accept: false,
        maneuver: None,
    })
}

/// What a ranged attack's miss may do to the creature in the way (RULES §5: the same total
/// against that creature's Evasion hits it): the chance the total falls between the two
/// Evasions, times what a plain hit of the weapon takes out of the creature, as
/// `attack_worth` counts it (its chance to put the creature Down and the share of the
/// damage dealt, through `rules/damage.rs`: armor, DR and affinities); a loss when the
/// creature is an ally, a gain when an able enemy.
fn stray_worth(ctx: &Ctx, me: &UnitSnap, p: &Preview) -> f64 {
    let Some(a) = &p.attack else { return 0.0 };
    let Some(c) = a
        .cover_creature
        .as_deref()
        .and_then(|n| ctx.snap.by_name(n))
    else {
        return 0.0;
    };
    if !c.able() {
        return 0.0;
    }
    let Some(w) = me.stats.weapons.iter().find(|w| w.name == a.weapon) else {
        return 0.0;
    };
    let reaches = |evasion: i32| hit_chance(a.bonus, evasion, a.mode).0.value();
    let chance = (reaches(c.stats.evasion) - reaches(a.evasion)).max(0.0);
    let dealt = dice_of(w)
        .map(|raw| damage_dealt(ctx.rules, &c.stats, Blow::new(raw, w.damage_type)).dealt);
    let down = dealt.chance_of(|d| d >= c.vitality.max(1)).value();
    let taken = down + dealt_share(c, &dealt);
    if c.side == me.side {
        -chance * taken
    } else {
        chance * taken
    }
}

/// How hard a unit hits: the mean damage of its strongest weapon.
fn menace(u: &UnitSnap) -> f64 {
    u.stats.weapons.iter().map(mean_damage).fold(0.0, f64::max)
}

/// A weapon's mean damage: the middle of its dice's range.
fn mean_damage(w: &Weapon) -> f64 {
    f64::from(w.damage.min() + w.damage.max()) / 2.0
}

/// At or below `WOUNDED_SHARE` of its vitality.
fn badly_wounded(u: &UnitSnap) -> bool {
    f64::from(u.vitality) <= WOUNDED_SHARE * f64::from(u.max_vitality)
}

/// The option worth the most (the first of equals).
fn best(options: impl Iterator<Item = (f64, Command)>) -> Option<(f64, Command)> {
    options.fold(None, |best, c| match best {
        Some(b) if b.0 >= c.0 => Some(b),
        _ => Some(c),
    })
}

/// A unit's health for shares: what it has left, at least 1.
fn health(u: &UnitSnap) -> f64 {
    f64::from(u.vitality.max(1))
}

fn move_to(me: &UnitSnap, to: Pos) -> Command {
    Command::Move {
        unit: me.name.to_string(),
        to,
    }
}

/// The chance an attack in preview `p` lands and leaves its target `t` standing (then a
/// weapon's push moves it), under each ruleset's hit rule.
fn lands_and_stands(p: &Preview, t: &UnitSnap) -> f64 {
    let chance = if let Some(a) = &p.attack {
        a.fate.hit.value() - a.fate.down.value()
    } else if let Some(g) = &p.guard {
        if g.kills { 0.0 } else { g.hit }
    } else if let Some(v) = &p.av {
        v.hit.value() - v.dead.value() - v.death_roll.value()
    } else if let Some(o) = &p.three {
        o.hit.value() - o.down().value()
    } else {
        // Seed001: the target picks its best defence, and a blocked hit does not push.
        p.strikes
            .iter()
            .map(|s| s.pushes(t.vitality).value())
            .reduce(f64::min)
            .unwrap_or(0.0)
    };
    chance.max(0.0)
}

/// What an attack is worth: its chance to put the target Down, and its expected damage as
/// a share of what the target has left.
fn attack_worth(p: &Preview, t: &UnitSnap) -> f64 {
    let share = |dmg: f64| share_of(t, dmg);
    if let Some(a) = &p.attack {
        return a.fate.down.value() + dealt_share(t, &a.fate.dealt);
    }
    if let Some(g) = &p.guard {
        return g.hit * (g.on_hit.shock + share(g.on_hit.mean));
    }
    if let Some(v) = &p.av {
        return v.dead.value() + v.death_roll.value() / 2.0 + share(v.expected());
    }
    if let Some(o) = &p.three {
        return o.down().value() + DAMAGE_SHARE_WEIGHT * ai::wound_value(o) / 8.0;
    }
    // Seed001: the target picks its best defence.
    p.strikes
        .iter()
        .map(|s| strike_worth(s, t))
        .reduce(f64::min)
        .unwrap_or(0.0)
}

/// What a Seed001 strike takes out of `t`: its chance to put `t` Down and the share of the
/// damage, no more of each outcome than `t` has left.
fn strike_worth(s: &StrikeOdds, t: &UnitSnap) -> f64 {
    s.down.value() + share_of(t, s.expected_up_to(t.vitality.max(1)))
}

/// What the damage `dealt` to `t` is worth beside putting it Down: its share, no more of
/// each outcome than `t` has left (damage past that takes out nothing more).
fn dealt_share(t: &UnitSnap, dealt: &Dist) -> f64 {
    let left = t.vitality.max(1);
    share_of(t, dealt.map(|d| d.min(left)).mean())
}

/// What `damage` to `t` is worth beside putting it Down: its share of what `t` has left.
fn share_of(t: &UnitSnap, damage: f64) -> f64 {
    DAMAGE_SHARE_WEIGHT * (damage / health(t)).min(1.0)
}
