//! Seed002's own events (presets/Seed002.md): its Attack Value rolls, Fortitude and escape rolls, Death rolls, Agility, loading, the Seize and the activations. The log writes each under its own name; `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, RulebookEvent};
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rulebooks::seed002::reports::{AvReport, ExplodingReport};
use crate::rules::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// An event only Seed002 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed002Event {
    /// An attack's Combat roll (or Hit roll) and the defender's roll.
    AvRolled(AvReport),
    /// A maneuver's target rolls Fortitude against its AV.
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
    /// An Escape (C7): the escapee's Fortitude roll, then its holder's; strictly
    /// higher escapes.
    EscapeRolled {
        unit: String,
        holder: String,
        roll: ExplodingReport,
        holder_roll: ExplodingReport,
        escaped: bool,
    },
    /// A Death roll, or a Death Save at a round start.
    DeathRolled {
        unit: String,
        roll: u32,
        save: bool,
        result: String,
    },
    /// Agility spent on footwork.
    AgilitySpent {
        unit: String,
        amount: i32,
        agility: i32,
        action: ActionKind,
    },
    /// A ranged weapon loaded, or unloaded by its shot.
    Loaded {
        unit: String,
        weapon: String,
        loaded: bool,
    },
    /// The initiative rolls of a Seize (`against_roll` is `None` for an actor that
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
    /// A side's activation: one of its units takes one action.
    ActivationStarted { side: String, round: u32 },
    /// A side passes its activation (by itself when nobody can act).
    Passed {
        side: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

impl RulebookEvent for Seed002Event {
    const NAMES: &'static [&'static str] = &[
        "AvRolled",
        "FortitudeRolled",
        "EscapeRolled",
        "DeathRolled",
        "AgilitySpent",
        "Loaded",
        "SeizeRolled",
        "ActivationStarted",
        "Passed",
    ];
}

impl From<Seed002Event> for BattleEvent {
    fn from(event: Seed002Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
