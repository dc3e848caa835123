//! The battle's messages: `Command`s go in (`command.rs`), `BattleEvent`s come out. Both
//! serialize to RON for replays and the event log, and name combatants by their unique
//! names. The reason-tagged modifiers they carry are in `modifier.rs`, contests' reports in
//! `contest.rs`.

mod book_command;
mod book_event;
mod book_refusal;
mod command;
mod contest;
mod held;
mod modifier;
pub mod open;
mod refusal;
mod reports;
pub use book_command::{BookCommand, RulebookCommand};
pub use book_event::{BookEvent, RulebookEvent};
pub use book_refusal::{BookRefusal, RulebookRefusal};
pub use command::*;
pub use contest::*;
pub use held::HeldAction;
pub use modifier::*;
pub use reports::*;

use crate::rules::actions::ActionKind;
pub use crate::rules::actions::ReactionKind;
use crate::rules::bonus_dice::BurstDie;
use crate::rules::combat::{DamageBreakdown, DamageType, HitOutcome, RollMode};
use crate::rules::dice::{DiceSource, ScriptProblem};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ReactionPool;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Message;
pub use refusal::Refusal;
use serde::{Deserialize, Serialize};
use std::fmt;

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

open::open_enum! {
    /// Everything that happens in a battle, in order.
    #[derive(Message, Clone, Debug, PartialEq, Eq, Serialize)]
    pub enum BattleEvent: "BattleEvent", CoreEvent, CORE_EVENTS, BookEvent, "an event" {
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
        /// Seed000: an attack interrupted by a held action is no longer legal; its cost (AP,
        /// or a reaction's RP) is refunded.
        AttackWithdrawn {
            attacker: String,
            target: String,
            refusal: Refusal,
            refunded: u32,
        },
        /// Seed004: an action (the rest of a turn) lost: knocked down by a reaction, Winded.
        ActionLost {
            unit: String,
            action: ActionKind,
            reason: String,
        },
        /// Seed002: Stamina spent (a negative amount: regained).
        StaminaSpent {
            unit: String,
            amount: i32,
            what: String,
            stamina: i32,
        },
    }
}

impl BattleEvent {
    /// Whether `name` is one of the core's events (a rulebook's may not take it).
    pub fn is_core_name(name: &str) -> bool {
        CORE_EVENTS.contains(&name)
    }

    /// A rulebook's own event, as the core carries it.
    pub fn book<E: RulebookEvent>(event: E) -> BattleEvent {
        BattleEvent::Book(BookEvent::new(event))
    }

    /// A rulebook's own event of type `E`, if this is one.
    pub fn of_book<E: RulebookEvent>(&self) -> Option<&E> {
        match self {
            BattleEvent::Book(b) => b.get(),
            _ => None,
        }
    }
}

fn rp() -> ReactionPool {
    ReactionPool::Rp
}

fn is_rp(pool: &ReactionPool) -> bool {
    *pool == ReactionPool::Rp
}

impl BattleEvent {
    /// The event as one line of RON, as printed by `skirmish replay`.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string(self).unwrap_or_else(|e| format!("/* unprintable event: {e} */"))
    }
}
