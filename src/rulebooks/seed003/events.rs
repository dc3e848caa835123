//! Seed003's own events (presets/Seed003.md): its 3d6 checks, wounds in their slots, initiative moved, AP gained and withheld, the out-of-turn windows, fatigue, ignoring a flanker and the Dash. The log writes each under its own name; `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, RulebookEvent};
use crate::rulebooks::seed003::reports::{CheckReport, WoundReport};
use serde::{Deserialize, Serialize};

fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}

/// An event only Seed003 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed003Event {
    /// A 3d6 roll: an attack against a Defense, or a check against a target.
    CheckRolled(CheckReport),
    /// A wound and the slot it fills.
    WoundTaken(WoundReport),
    /// The initiative score moves (a critical, Seize Initiative, an action out of
    /// turn, surprise).
    InitiativeMoved {
        unit: String,
        by: i32,
        total: i32,
        why: String,
    },
    /// AP gained at a round start or at the end of the unit's turn; what passes
    /// its most is lost.
    ApGained {
        unit: String,
        gained: u32,
        ap: u32,
        lost: u32,
        at_turn_end: bool,
    },
    /// No Turn-end AP, and why (Staggered).
    ApWithheld { unit: String, reason: String },
    /// A side whose faster combatants may act before the declared action.
    WindowOpened {
        side: String,
        actor: String,
        action: String,
    },
    /// The side is done with the window (having acted or not).
    WindowClosed { side: String, acted: bool },
    /// Somebody acted before it: the declared action does not happen.
    DeclarationCancelled { unit: String, action: String },
    /// Fatigue from a cost Stamina could not pay.
    Fatigued {
        unit: String,
        fatigue: i32,
        max_stamina: i32,
        /// The fatigue this cost added: what the Stamina could not pay.
        #[serde(default, skip_serializing_if = "is_zero_i32")]
        added: i32,
    },
    /// Ignoring a flanker, or no longer.
    Ignoring {
        unit: String,
        target: String,
        ignoring: bool,
    },
    /// A Dash sets the move rate for the round.
    Dashed { unit: String, rate: u32 },
}

impl RulebookEvent for Seed003Event {
    const NAMES: &'static [&'static str] = &[
        "CheckRolled",
        "WoundTaken",
        "InitiativeMoved",
        "ApGained",
        "ApWithheld",
        "WindowOpened",
        "WindowClosed",
        "DeclarationCancelled",
        "Fatigued",
        "Ignoring",
        "Dashed",
    ];
}

impl From<Seed003Event> for BattleEvent {
    fn from(event: Seed003Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
