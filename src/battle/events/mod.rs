//! The battle's messages: `Command`s go in (`command.rs`), `BattleEvent`s come out. Both
//! serialize to RON for replays and the event log, and name combatants by their unique
//! names. The reason-tagged modifiers they carry are in `modifier.rs`, contests' reports in
//! `contest.rs`.

mod command;
mod contest;
mod held;
mod modifier;
pub use command::*;
pub use contest::*;
pub use held::HeldAction;
pub use modifier::*;

use super::refusal::Refusal;
use crate::rules::actions::ActionKind;
pub use crate::rules::actions::ReactionKind;
use crate::rules::bonus_dice::BurstDie;
use crate::rules::combat::{DamageBreakdown, DamageType, HitOutcome, RollMode};
use crate::rules::combat_roll::{CombatOutcome, Defence, Maneuver};
use crate::rules::dice::{DiceSource, ScriptProblem};
use crate::rules::exploding::ExplodingRoll;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ReactionPool;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Message;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which kind of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    /// The Attack action.
    Action,
    /// A reaction to an enemy moving in or out of reach, or standing up.
    Opportunity,
    /// A reaction to an enemy becoming Unguarded.
    Swift,
    /// Seed000: a held action fired by its trigger.
    Held,
    /// Seed004: Take Opening, against an enemy leaving reach or standing up.
    Opening,
    /// Seed004: a readied attack set off by an enemy's step.
    Readied,
    /// Seed004: the off-hand blow after a melee attack.
    OffHand,
}

/// Everything about one attack roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub mode: RollMode,
    /// The d20s rolled (two with advantage or disadvantage).
    pub rolls: Vec<u32>,
    pub natural: u32,
    /// Weapon hit bonus plus flat modifiers.
    pub bonus: i32,
    pub total: i32,
    /// The target's effective Evasion.
    pub evasion: i32,
    pub modifiers: Vec<Modifier>,
    pub outcome: HitOutcome,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}

/// What a pushed creature ran into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obstacle {
    MapEdge,
    Terrain(String),
    Creature(String),
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::MapEdge => f.write_str("the edge of the map"),
            Obstacle::Terrain(name) | Obstacle::Creature(name) => f.write_str(name),
        }
    }
}

/// How the battle ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Victory { side: String, reason: String },
    Draw,
}

/// Everything that happens in a battle, in order.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleEvent {
    /// What the rulebook in force's own action did (`Rulebook::describe_own` says it).
    Own(crate::battle::own::OwnEvent),
    BattleStarted {
        level: String,
        dice: DiceSource,
    },
    /// One die, with why it was rolled.
    Rolled {
        purpose: String,
        die: u32,
        result: u32,
    },
    DiceScriptProblem(ScriptProblem),
    InitiativeRolled {
        unit: String,
        roll: u32,
        bonus: i32,
        total: i32,
        /// Seed004: the d20 is rolled with these bursting bonus dice (the bonus is their
        /// sum); Core rolls a d6 and adds the `initiative` stat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dice: Option<Vec<BurstDie>>,
    },
    RoundStarted {
        round: u32,
        order: Vec<String>,
    },
    TurnStarted {
        unit: String,
        round: u32,
        ap: u32,
        movement: u32,
        resumed: bool,
    },
    TurnSkipped {
        unit: String,
        reason: String,
    },
    TurnEnded {
        unit: String,
    },
    RoundEnded {
        round: u32,
    },
    Delayed {
        unit: String,
        until: DelayUntil,
    },
    TurnLost {
        unit: String,
    },
    ActionTaken {
        unit: String,
        action: ActionKind,
        ap_cost: u32,
        ap_left: u32,
        /// The part of the cost that Stamina paid in place of Energy (Seed002, E3).
        #[serde(default, skip_serializing_if = "is_zero")]
        from_stamina: u32,
        /// The fee of an action cancelled after a Seize (Seed002, E4).
        #[serde(default, skip_serializing_if = "is_false")]
        cancelled: bool,
    },
    MovementAdded {
        unit: String,
        metres: u32,
        pool: u32,
    },
    Moved {
        unit: String,
        from: Pos,
        to: Pos,
        cost: u32,
        pool: u32,
    },
    MoveStopped {
        unit: String,
        at: Pos,
        reason: String,
    },
    MoveUndone {
        unit: String,
        to: Pos,
        ap: u32,
        pool: u32,
    },
    Faced {
        unit: String,
        facing: Dir8,
    },
    AttackRolled(AttackReport),
    /// A reaction's attack that became impossible before it was rolled.
    AttackCancelled {
        attacker: String,
        target: String,
        refusal: Refusal,
    },
    /// A ranged miss compared with the creature that gave the target cover.
    AttackRedirected {
        attacker: String,
        from: String,
        to: String,
        total: i32,
        evasion: i32,
        hit: bool,
    },
    Damaged {
        unit: String,
        source: String,
        damage_type: DamageType,
        breakdown: DamageBreakdown,
        vitality: i32,
    },
    VitalityLost {
        unit: String,
        amount: i32,
        reason: String,
        vitality: i32,
    },
    WentDown {
        unit: String,
    },
    ContestRolled(ContestReport),
    /// A defence roll (DR), such as resisting a collision.
    DefenceRolled {
        unit: String,
        purpose: String,
        mode: RollMode,
        rolls: Vec<u32>,
        bonus: i32,
        total: i32,
        target: i32,
        success: bool,
    },
    Pushed {
        unit: String,
        by: String,
        from: Pos,
        to: Pos,
    },
    /// A weapon's teleport (RULES §8): the creature vanishes from `from` and appears on `to`.
    Teleported {
        unit: String,
        from: Pos,
        to: Pos,
    },
    /// A teleport whose landing tile `to` another creature holds: both take Reality damage
    /// and the teleported creature stays on `from` (RULES §8).
    TeleportBlocked {
        unit: String,
        from: Pos,
        to: Pos,
        occupant: String,
    },
    /// A walk ended on a tile another creature holds (the mover was passing through it
    /// when a reaction dropped it or its movement ran out): it is set back on the last tile
    /// of its walk where it can stand.
    SetBack {
        unit: String,
        from: Pos,
        to: Pos,
    },
    Collided {
        unit: String,
        obstacle: Obstacle,
        distance: u32,
    },
    ConditionAdded {
        unit: String,
        condition: ConditionKind,
        duration: Duration,
        source: String,
        implied_by: Option<ConditionKind>,
    },
    ConditionRemoved {
        unit: String,
        condition: ConditionKind,
        reason: String,
    },
    ReactionOffered {
        reactor: String,
        kind: ReactionKind,
        against: String,
    },
    ReactionTaken {
        reactor: String,
        kind: ReactionKind,
        against: String,
        /// What it was paid from (RP unless the rules say otherwise).
        #[serde(default = "rp", skip_serializing_if = "is_rp")]
        pool: ReactionPool,
        /// The RP the reactor has left after paying, where it pays in RP.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rp_left: Option<u32>,
    },
    ReactionDeclined {
        reactor: String,
        kind: ReactionKind,
        against: String,
    },
    Rejected {
        command: Command,
        refusal: Refusal,
    },
    ObjectiveProgress {
        side: String,
        text: String,
    },
    BattleEnded(Outcome),
    /// The attacked combatant's side is asked how it meets a Combat Roll (Seed001).
    DefenceOffered {
        unit: String,
        attacker: String,
        options: Vec<Defence>,
    },
    /// The defence a combatant meets a Combat Roll with, and what it paid (Seed001).
    DefenceChosen {
        unit: String,
        defence: Defence,
        ap_left: u32,
    },
    /// Seed001's opposed Combat Roll: both tests and what they came to.
    CombatRolled(CombatReport),
    /// The winner of a critical win is asked for a maneuver (Seed001).
    ManeuverOffered {
        unit: String,
        against: String,
        options: Vec<Maneuver>,
    },
    /// The maneuver a winner takes, or none.
    ManeuverChosen {
        unit: String,
        against: String,
        maneuver: Option<Maneuver>,
    },
    /// A test, d20 + bonus against a target number (Seed001's maneuvers against 10,
    /// Seed000's First Aid against 8); `automatic` when size decided it without a die.
    TestRolled {
        unit: String,
        purpose: String,
        mode: RollMode,
        rolls: Vec<u32>,
        bonus: i32,
        total: i32,
        target: i32,
        passed: bool,
        automatic: bool,
    },
    /// Seed000: a combatant at −maximum vitality dies; it stays Down for good.
    Died {
        unit: String,
    },
    /// Seed000: an action is held, its AP paid, until its trigger or the holder's next turn.
    ActionHeld {
        unit: String,
        action: HeldAction,
        trigger: Trigger,
    },
    /// Seed000: a held action fires by itself against the enemy that set off its trigger.
    HeldActionFired {
        unit: String,
        action: HeldAction,
        against: String,
    },
    /// Seed000: a held action that never fired lapses at the holder's next turn.
    HeldActionLapsed {
        unit: String,
        action: HeldAction,
    },
    /// Seed000: an attack interrupted by a held action is no longer legal; its cost (AP,
    /// or a reaction's RP) is refunded.
    AttackWithdrawn {
        attacker: String,
        target: String,
        refusal: Refusal,
        refunded: u32,
    },
    /// Seed000: a Hide roll against every standing enemy's perception.
    HideRolled(HideReport),
    /// Seed000: two allies swap tiles.
    SwitchedPlaces {
        unit: String,
        ally: String,
        /// The ally's RP left after the 1 RP it paid (Seed000).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ally_rp_left: Option<u32>,
    },
    /// Seed000: a won Disarm moves the weapon to the winner.
    WeaponTaken {
        unit: String,
        from: String,
        weapon: String,
    },
    /// An item leaves its owner's hands and lies on a tile (Seed001's Disarm).
    ItemDropped {
        unit: String,
        item: String,
        at: Pos,
    },
    /// Its owner picks a dropped item up again.
    ItemPickedUp {
        unit: String,
        item: String,
        from: Pos,
    },
    /// Seed004: an attack roll against Guard.
    GuardRolled(GuardReport),
    /// Seed004: a Dodge roll.
    DodgeRolled(DodgeReport),
    /// Seed004: a blow meets armor and cover and goes into Durability, then Health.
    PoolsDamaged {
        unit: String,
        source: String,
        damage_type: DamageType,
        breakdown: PoolBreakdown,
        durability: i32,
        health: i32,
        /// Armor durability left.
        armor: i32,
    },
    /// Seed004: Durability or Health lost without a blow (Bleeding).
    PoolsLost {
        unit: String,
        amount: i32,
        reason: String,
        durability: i32,
        health: i32,
    },
    /// Seed004: armor worn to 0 durability: it stops nothing from now on.
    ArmorBroken {
        unit: String,
    },
    /// Seed004: Vigor paid for a reaction or an off-hand blow.
    VigorSpent {
        unit: String,
        what: String,
        cost: i32,
        vigor: i32,
    },
    /// Seed004: the Recovery phase at the end of a round.
    Recovered {
        unit: String,
        vigor_gained: i32,
        vigor: i32,
        durability_gained: i32,
        durability: i32,
        /// The pool's most cut the gain short.
        #[serde(default, skip_serializing_if = "is_false")]
        vigor_capped: bool,
        #[serde(default, skip_serializing_if = "is_false")]
        durability_capped: bool,
        /// Wounded: no Durability comes back.
        #[serde(default, skip_serializing_if = "is_false")]
        wounded: bool,
    },
    /// Seed004: a combatant in Shock, not stabilized, is a round closer to death.
    ShockWorsened {
        unit: String,
        rounds_left: i32,
    },
    /// Seed004: Durability restored by First Aid.
    Tended {
        unit: String,
        by: String,
        amount: i32,
        durability: i32,
    },
    /// Seed004: an action (the rest of a turn) lost: knocked down by a reaction, Winded.
    ActionLost {
        unit: String,
        action: ActionKind,
        reason: String,
    },
    /// Seed004: the off-hand blow asked for with an Attack does not follow it (the target
    /// went into Shock, or out of reach...): no blow, no Vigor paid.
    OffHandForgone {
        unit: String,
        target: String,
        reason: String,
    },
    /// Seed002: an attack's Combat roll (or Hit roll) and the defender's roll.
    AvRolled(AvReport),
    /// Seed002: a maneuver's target rolls Fortitude against its AV.
    FortitudeRolled {
        unit: String,
        against: String,
        roll: ExplodingReport,
        target: i32,
        resisted: bool,
        /// The maneuver it meets.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        maneuver: Option<Maneuver002>,
    },
    /// Seed002: an Escape (C7): the escapee's Fortitude roll, then its holder's; strictly
    /// higher escapes.
    EscapeRolled {
        unit: String,
        holder: String,
        roll: ExplodingReport,
        holder_roll: ExplodingReport,
        escaped: bool,
    },
    /// Seed002: a Death roll, or a Death Save at a round start.
    DeathRolled {
        unit: String,
        roll: u32,
        save: bool,
        result: String,
    },
    /// Seed002: Stamina spent (a negative amount: regained).
    StaminaSpent {
        unit: String,
        amount: i32,
        what: String,
        stamina: i32,
    },
    /// Seed002: Agility spent on footwork.
    AgilitySpent {
        unit: String,
        amount: i32,
        agility: i32,
        action: ActionKind,
    },
    /// Seed002: a ranged weapon loaded, or unloaded by its shot.
    Loaded {
        unit: String,
        weapon: String,
        loaded: bool,
    },
    /// Seed002: the initiative rolls of a Seize (`against_roll` is `None` for an actor that
    /// rolled already this round and fails without a die).
    SeizeRolled {
        unit: String,
        against: String,
        roll: u32,
        total: i32,
        against_roll: Option<u32>,
        against_total: Option<i32>,
        won: bool,
    },
    /// Seed002: a side's activation: one of its units takes one action.
    ActivationStarted {
        side: String,
        round: u32,
    },
    /// Seed002: a side passes its activation (by itself when nobody can act).
    Passed {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// Seed004: a unit's Over Watch at battle start, matched by the nearest enemy or not.
    OverWatch {
        unit: String,
        watching: Dir8,
        matched: bool,
    },
    /// Seed003: a 3d6 roll: an attack against a Defense, or a check against a target.
    CheckRolled(CheckReport),
    /// Seed003: a wound and the slot it fills.
    WoundTaken(WoundReport),
    /// Seed003: the initiative score moves (a critical, Seize Initiative, an action out of
    /// turn, surprise).
    InitiativeMoved {
        unit: String,
        by: i32,
        total: i32,
        why: String,
    },
    /// Seed003: AP gained at a round start or at the end of the unit's turn; what passes
    /// its most is lost.
    ApGained {
        unit: String,
        gained: u32,
        ap: u32,
        lost: u32,
        at_turn_end: bool,
    },
    /// Something chosen that came to nothing, and why: a maneuver whose target the strike
    /// took Down first.
    NoEffect {
        unit: String,
        what: String,
        reason: String,
    },
    /// Seed003: no Turn-end AP, and why (Staggered).
    ApWithheld {
        unit: String,
        reason: String,
    },
    /// Seed003: a side whose faster combatants may act before the declared action.
    WindowOpened {
        side: String,
        actor: String,
        action: String,
    },
    /// Seed003: the side is done with the window (having acted or not).
    WindowClosed {
        side: String,
        acted: bool,
    },
    /// Seed003: somebody acted before it: the declared action does not happen.
    DeclarationCancelled {
        unit: String,
        action: String,
    },
    /// Seed003: fatigue from a cost Stamina could not pay.
    Fatigued {
        unit: String,
        fatigue: i32,
        max_stamina: i32,
        /// The fatigue this cost added: what the Stamina could not pay.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        added: i32,
    },
    /// Seed003: ignoring a flanker, or no longer.
    Ignoring {
        unit: String,
        target: String,
        ignoring: bool,
    },
    /// Seed003: a Dash sets the move rate for the round.
    Dashed {
        unit: String,
        rate: u32,
    },
}

/// Seed003: one 3d6 roll and what it was against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckReport {
    pub actor: String,
    /// What was rolled: `attacks Bo with sword`, `Power check (Shove)`.
    pub what: String,
    pub dice: Vec<u32>,
    pub natural: u32,
    pub bonus: i32,
    pub total: i32,
    /// The Defense or target number, and its name.
    pub against: i32,
    pub against_name: String,
    pub success: bool,
    pub modifiers: Vec<Modifier>,
}

/// Seed003: the verbs an attack's check names itself by (`what`: `{verb} {target} with
/// {weapon}`): a Rebuff, a readied strike, a shot, an attack.
pub const ATTACK_VERBS: [&str; 4] = ["Rebuffs", "strikes (readied) at", "shoots", "attacks"];

impl CheckReport {
    /// The target and the weapon, when the check is an attack's roll.
    pub fn attack(&self) -> Option<(&str, &str)> {
        ATTACK_VERBS.iter().find_map(|verb| {
            let rest = self.what.strip_prefix(verb)?.strip_prefix(' ')?;
            rest.rsplit_once(" with ")
        })
    }
}

/// Seed003: a wound: the final damage with its parts, its level and where it landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundReport {
    pub unit: String,
    pub source: String,
    /// The named numbers added up to the final damage (`attack total`, `might`, …).
    pub parts: Vec<(String, i32)>,
    pub final_damage: i32,
    /// The level after Quick, Rebuff, affinities and a nonlethal cap (`None`: no wound).
    pub level: Option<crate::rules::wound_level::WoundLevel>,
    /// The slot it filled after overflow (`None`: no wound).
    pub landed: Option<crate::rules::wound_level::WoundLevel>,
    /// Why the level differs from the final damage's, if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub filled: [u8; 5],
    pub slots: [u8; 5],
}

/// Seed002's maneuvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Maneuver002 {
    Trip,
    /// A Push, or the Push at the end of a Sprint Push (3 m).
    Push {
        distance: u32,
    },
    Restrain,
}

impl Maneuver002 {
    /// The maneuver's name: Trip, Push, Restrain.
    pub fn name(self) -> &'static str {
        match self {
            Maneuver002::Trip => "Trip",
            Maneuver002::Push { .. } => "Push",
            Maneuver002::Restrain => "Restrain",
        }
    }
}

/// Seed002: how an attack roll came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AvOutcome {
    /// A natural 1: a miss, with no defence roll.
    Fumble,
    Miss,
    Hit,
    /// A natural 20: a hit with no defence roll, through armor.
    Critical,
}

impl AvOutcome {
    pub fn hits(self) -> bool {
        matches!(self, AvOutcome::Hit | AvOutcome::Critical)
    }
}

/// Seed002: an exploding defence roll with its bonus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplodingReport {
    pub roll: ExplodingRoll,
    pub bonus: i32,
    pub total: i32,
}

/// Seed002: an attack's rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub ranged: bool,
    /// The Combat roll (melee) or Hit roll (ranged): its mode, dice and the one kept.
    pub mode: RollMode,
    pub rolls: Vec<u32>,
    pub kept: u32,
    /// The Evasion (melee) or Ranged Evasion roll, when one was rolled.
    pub defence: Option<ExplodingReport>,
    /// Melee: the AV; ranged: the Miss Chance, the Ranged Evasion included.
    pub against: i32,
    pub outcome: AvOutcome,
    /// The hit meets the target's armor (the Combat roll under its coverage).
    pub on_armor: bool,
    pub modifiers: Vec<Modifier>,
    /// The maneuver the roll is for, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maneuver: Option<Maneuver002>,
    /// A Coup (D4): no Evasion roll, only a natural 1 misses.
    #[serde(default, skip_serializing_if = "is_false")]
    pub coup: bool,
    /// Ranged: the parts of the Miss Chance besides the Ranged Evasion roll (H4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub miss_parts: Vec<(String, i32)>,
}

/// Seed004: one roll of d20 + bursting bonus dice, with what it was for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceReport {
    pub d20: u32,
    pub dice: Vec<BurstDie>,
    pub total: i32,
}

/// Seed004: an attack roll against Guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub roll: DiceReport,
    /// The effective Guard the total had to beat.
    pub guard: i32,
    /// Charges, Challenges and the parts of Guard.
    pub modifiers: Vec<Modifier>,
    /// The total beat Guard (before any Dodge).
    pub hit: bool,
}

/// Seed004: a Dodge against an attack that beat Guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DodgeReport {
    pub unit: String,
    pub against: String,
    pub roll: DiceReport,
    /// The attack total it had to beat.
    pub attack: i32,
    pub modifiers: Vec<Modifier>,
    /// A higher total: the attack misses.
    pub dodged: bool,
}

/// How armor met a blow (Seed004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmorMet {
    /// No armor, or armor does not stop this damage type.
    None,
    /// It stopped its rank and wore down.
    Stopped,
    /// Three ranks or more above the weapon: it stopped its rank without wear.
    StoppedUnworn,
    /// The weapon is three ranks or more above it: ignored.
    Outclassed,
}

/// What happened to a blow on its way into Durability and Health (Seed004).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolBreakdown {
    pub raw: i32,
    /// A damage bonus die burst.
    pub critical: bool,
    /// The weapon's quality is below the target's superior durability: no damage.
    pub beneath: bool,
    pub armor_met: ArmorMet,
    /// Armor Rank subtracted.
    pub armor: i32,
    /// Armor durability lost.
    pub wear: i32,
    /// Cover's armor subtracted.
    pub cover: i32,
    /// After affinities.
    pub dealt: i32,
    /// Affinity notes, as Core's breakdown has them.
    pub notes: Vec<String>,
    pub to_durability: i32,
    pub to_health: i32,
}

fn rp() -> ReactionPool {
    ReactionPool::Rp
}

fn is_rp(pool: &ReactionPool) -> bool {
    *pool == ReactionPool::Rp
}

/// Seed000: a hider's d20 + stealth against each standing enemy's d20 + perception; it
/// hides only with a strictly higher total than every one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HideReport {
    pub unit: String,
    pub roll: u32,
    pub bonus: i32,
    pub total: i32,
    /// (enemy, roll, perception, total), in level order.
    pub watchers: Vec<(String, u32, i32, i32)>,
    pub hidden: bool,
}

/// One side's test in a Combat Roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestReport {
    pub mode: RollMode,
    pub rolls: Vec<u32>,
    pub bonus: i32,
    pub total: i32,
    pub successes: u32,
}

/// Everything about one Combat Roll (Seed001).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub defence: Defence,
    pub attack: TestReport,
    /// `None`: the defence rolled no die (no defence, no AP, Surprised) and failed.
    pub defend: Option<TestReport>,
    pub modifiers: Vec<Modifier>,
    pub outcome: CombatOutcome,
}

impl BattleEvent {
    /// The event as one line of RON, as printed by `skirmish replay`.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string(self).unwrap_or_else(|e| format!("/* unprintable event: {e} */"))
    }
}
