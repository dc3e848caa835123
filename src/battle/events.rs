//! The battle's messages: `Command`s go in, `BattleEvent`s come out. Both serialize to RON
//! for replays and the event log, and name combatants by their unique names.

use super::refusal::Refusal;
use crate::rules::actions::ActionKind;
pub use crate::rules::actions::ReactionKind;
use crate::rules::combat::{DamageBreakdown, DamageType, HitOutcome, RollMode};
use crate::rules::combat_roll::{CombatOutcome, Defence, Maneuver};
use crate::rules::dice::{DiceSource, ScriptProblem};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ReactionPool;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Message;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Whom a delaying combatant waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DelayUntil {
    /// Act right after this combatant's turn.
    After(String),
    /// Act at the end of the round (several such act in initiative order).
    EndOfRound,
}

/// Every intent a player (or a replay, test or AI) can express. Each names the acting
/// combatant; the battle refuses it with a reason if it is not that combatant's turn or the
/// rules forbid it, and then nothing changes.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Walk to a tile by the cheapest path, spending the free pool first and then 1 AP per
    /// `movement` metres as needed.
    Move {
        unit: String,
        to: Pos,
    },
    /// Walk along exactly these tiles (each a neighbour of the one before).
    MovePath {
        unit: String,
        path: Vec<Pos>,
    },
    /// 3 AP: add 4 × movement metres to the pool.
    Sprint {
        unit: String,
    },
    /// 2 AP: one weapon attack. The first weapon that can reach is used when none is named.
    Attack {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
        /// What some presets let an attack say in advance.
        #[serde(default, skip_serializing_if = "AttackOptions::is_plain")]
        options: AttackOptions,
    },
    Defend {
        unit: String,
    },
    TakeCover {
        unit: String,
    },
    Disengage {
        unit: String,
    },
    Shove {
        unit: String,
        target: String,
    },
    Trip {
        unit: String,
        target: String,
    },
    Grab {
        unit: String,
        target: String,
    },
    Escape {
        unit: String,
    },
    /// Free: let go of the creature you are grappling.
    Release {
        unit: String,
    },
    StandUp {
        unit: String,
    },
    Charge {
        unit: String,
        target: String,
    },
    Stabilize {
        unit: String,
        target: String,
    },
    Face {
        unit: String,
        facing: Dir8,
    },
    Delay {
        unit: String,
        until: DelayUntil,
    },
    EndTurn {
        unit: String,
    },
    /// Take back the moves made since the last roll or reaction this turn.
    UndoMove {
        unit: String,
    },
    /// Answer a `ReactionOffered` event.
    AnswerReaction {
        reactor: String,
        accept: bool,
    },
    /// Answer a `DefenceOffered` event: how the attacked combatant meets a Combat Roll
    /// (Seed001). `None` pays nothing and rolls no die.
    ChooseDefence {
        unit: String,
        defence: Defence,
    },
    /// Answer a `ManeuverOffered` event: the winner of a critical win picks a maneuver, or
    /// none (Seed001).
    ChooseManeuver {
        unit: String,
        maneuver: Option<Maneuver>,
    },
    /// Seed001: pick up one's own dropped item from this tile or a neighbouring one.
    Manipulate {
        unit: String,
    },
}

/// What some presets let an attack say in advance.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackOptions {
    /// Seed001: the maneuver to take on a critical win (instead of being asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maneuver: Option<Maneuver>,
}

impl AttackOptions {
    pub fn is_plain(&self) -> bool {
        *self == AttackOptions::default()
    }
}

impl Command {
    /// The command of an action aimed at another combatant (`None` for other actions).
    pub fn targeted(
        kind: ActionKind,
        unit: &str,
        target: &str,
        weapon: Option<String>,
    ) -> Option<Command> {
        let (unit, target) = (unit.to_string(), target.to_string());
        Some(match kind {
            ActionKind::Attack => Command::Attack {
                unit,
                target,
                weapon,
                options: AttackOptions::default(),
            },
            ActionKind::Shove => Command::Shove { unit, target },
            ActionKind::Trip => Command::Trip { unit, target },
            ActionKind::Grab => Command::Grab { unit, target },
            ActionKind::Charge => Command::Charge { unit, target },
            ActionKind::Stabilize => Command::Stabilize { unit, target },
            _ => return None,
        })
    }

    /// The command of an action that needs neither a target nor a tile (`None` for others).
    pub fn untargeted(kind: ActionKind, unit: &str) -> Option<Command> {
        let unit = unit.to_string();
        Some(match kind {
            ActionKind::Defend => Command::Defend { unit },
            ActionKind::TakeCover => Command::TakeCover { unit },
            ActionKind::Disengage => Command::Disengage { unit },
            ActionKind::Sprint => Command::Sprint { unit },
            ActionKind::StandUp => Command::StandUp { unit },
            ActionKind::Escape => Command::Escape { unit },
            ActionKind::Release => Command::Release { unit },
            ActionKind::EndTurn => Command::EndTurn { unit },
            _ => return None,
        })
    }

    /// The combatant who issues the command.
    pub fn actor(&self) -> &str {
        match self {
            Command::Move { unit, .. }
            | Command::MovePath { unit, .. }
            | Command::Sprint { unit }
            | Command::Attack { unit, .. }
            | Command::Defend { unit }
            | Command::TakeCover { unit }
            | Command::Disengage { unit }
            | Command::Shove { unit, .. }
            | Command::Trip { unit, .. }
            | Command::Grab { unit, .. }
            | Command::Escape { unit }
            | Command::Release { unit }
            | Command::StandUp { unit }
            | Command::Charge { unit, .. }
            | Command::Stabilize { unit, .. }
            | Command::Face { unit, .. }
            | Command::Delay { unit, .. }
            | Command::EndTurn { unit }
            | Command::UndoMove { unit }
            | Command::ChooseDefence { unit, .. }
            | Command::ChooseManeuver { unit, .. }
            | Command::Manipulate { unit } => unit,
            Command::AnswerReaction { reactor, .. } => reactor,
        }
    }

    /// A short name for the action, as shown in logs and the action bar.
    pub fn action_name(&self) -> &'static str {
        match self.action() {
            Some(kind) => kind.label(),
            None if matches!(self, Command::UndoMove { .. }) => "Undo",
            None => "Answer",
        }
    }

    /// The action the command takes (`None` for taking moves back and answering a
    /// reaction offer).
    pub fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Command::Move { .. } | Command::MovePath { .. } => ActionKind::Move,
            Command::Sprint { .. } => ActionKind::Sprint,
            Command::Attack { .. } => ActionKind::Attack,
            Command::Defend { .. } => ActionKind::Defend,
            Command::TakeCover { .. } => ActionKind::TakeCover,
            Command::Disengage { .. } => ActionKind::Disengage,
            Command::Shove { .. } => ActionKind::Shove,
            Command::Trip { .. } => ActionKind::Trip,
            Command::Grab { .. } => ActionKind::Grab,
            Command::Escape { .. } => ActionKind::Escape,
            Command::Release { .. } => ActionKind::Release,
            Command::StandUp { .. } => ActionKind::StandUp,
            Command::Charge { .. } => ActionKind::Charge,
            Command::Stabilize { .. } => ActionKind::Stabilize,
            Command::Face { .. } => ActionKind::Face,
            Command::Delay { .. } => ActionKind::Delay,
            Command::EndTurn { .. } => ActionKind::EndTurn,
            Command::Manipulate { .. } => ActionKind::Manipulate,
            Command::UndoMove { .. }
            | Command::AnswerReaction { .. }
            | Command::ChooseDefence { .. }
            | Command::ChooseManeuver { .. } => return None,
        })
    }
}

/// Which kind of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    /// The Attack action.
    Action,
    /// A reaction to an enemy moving in or out of reach, or standing up.
    Opportunity,
    /// A reaction to an enemy becoming Unguarded.
    Swift,
}

/// Why a number changed: one entry per source, shown in the log and the preview.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    Flanked,
    TargetProne,
    RearArc,
    EnemyAdjacent,
    LongRange,
    TargetDefending,
    Dazed,
    Restrained,
    Grappling,
    HalfCover,
    CreatureCover,
    TakingCover,
    LowCover,
    HighCover,
    TargetExposed,
    LargerSize,
    Defending,
    AgainstForcedMovement,
    /// Seed001: the attacker feints this target.
    Feinting,
    /// Seed001: the defender braced after a critical win.
    Braced,
    /// Seed001: Dodge gains from low or high cover against a ranged attack.
    DodgeInCover,
}

impl Reason {
    pub fn describe(self) -> &'static str {
        match self {
            Reason::Flanked => "flanked",
            Reason::TargetProne => "target prone",
            Reason::RearArc => "rear arc",
            Reason::EnemyAdjacent => "ranged with an enemy adjacent",
            Reason::LongRange => "beyond normal range",
            Reason::TargetDefending => "target defending",
            Reason::Dazed => "dazed",
            Reason::Restrained => "restrained",
            Reason::Grappling => "grappling",
            Reason::HalfCover => "half cover",
            Reason::CreatureCover => "creature in the way",
            Reason::TakingCover => "taking cover",
            Reason::LowCover => "low cover",
            Reason::HighCover => "high cover",
            Reason::TargetExposed => "target exposed",
            Reason::LargerSize => "larger size",
            Reason::Defending => "defending",
            Reason::AgainstForcedMovement => "taking cover against forced movement",
            Reason::Feinting => "feinting",
            Reason::Braced => "braced",
            Reason::DodgeInCover => "dodging behind cover",
        }
    }
}

/// What a modifier does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Added to the roll.
    Roll(i32),
    /// Added to the target's Evasion.
    Evasion(i32),
    Advantage,
    Disadvantage,
}

/// Whose roll a contest modifier applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Party {
    Actor,
    Target,
}

/// One reason-tagged modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    pub reason: Reason,
    pub effect: Effect,
    pub party: Party,
}

impl Modifier {
    /// A modifier of the actor's (or attacker's) roll.
    pub fn actor(reason: Reason, effect: Effect) -> Modifier {
        Modifier {
            reason,
            effect,
            party: Party::Actor,
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.party {
            Party::Actor => "",
            Party::Target => "defender ",
        };
        match self.effect {
            Effect::Roll(n) => write!(f, "{}: {who}{n:+} to the roll", self.reason.describe()),
            Effect::Evasion(n) => write!(f, "{}: {n:+} Evasion", self.reason.describe()),
            Effect::Advantage => write!(f, "{}: {who}advantage", self.reason.describe()),
            Effect::Disadvantage => write!(f, "{}: {who}disadvantage", self.reason.describe()),
        }
    }
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

/// Which contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ContestKind {
    Shove,
    Trip,
    Grab,
    Escape,
    Charge,
}

/// Both sides of a contest roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestReport {
    pub kind: ContestKind,
    pub actor: String,
    pub target: String,
    pub actor_mode: RollMode,
    pub actor_rolls: Vec<u32>,
    pub actor_bonus: i32,
    pub actor_total: i32,
    pub target_mode: RollMode,
    pub target_rolls: Vec<u32>,
    pub target_bonus: i32,
    pub target_total: i32,
    pub modifiers: Vec<Modifier>,
    /// True when the actor's total is strictly higher.
    pub actor_wins: bool,
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
    /// A test, d20 + bonus against 10 (Seed001's maneuvers); `automatic` when size decided
    /// it without a die.
    TestRolled {
        unit: String,
        purpose: String,
        mode: RollMode,
        rolls: Vec<u32>,
        bonus: i32,
        total: i32,
        passed: bool,
        automatic: bool,
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
}

fn rp() -> ReactionPool {
    ReactionPool::Rp
}

fn is_rp(pool: &ReactionPool) -> bool {
    *pool == ReactionPool::Rp
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
