//! Seed000's own events (presets/Seed000.md): two allies switching places, held actions
//! held, fired and lapsed, Hide rolls and weapons taken by Disarm. The log writes each under its own name; `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, HeldAction, RulebookEvent, Trigger};
use crate::rulebooks::seed000::reports::HideReport;
use serde::{Deserialize, Serialize};

/// An event only Seed000 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed000Event {
    /// Two allies swap tiles.
    SwitchedPlaces {
        unit: String,
        ally: String,
        /// The ally's RP left after the 1 RP it paid (Seed000).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ally_rp_left: Option<u32>,
    },
    /// An action is held, its AP paid, until its trigger or the holder's next turn.
    ActionHeld {
        unit: String,
        action: HeldAction,
        trigger: Trigger,
    },
    /// A held action fires by itself against the enemy that set off its trigger.
    HeldActionFired {
        unit: String,
        action: HeldAction,
        against: String,
    },
    /// A held action that never fired lapses at the holder's next turn.
    HeldActionLapsed { unit: String, action: HeldAction },
    /// A Hide roll against every standing enemy's perception.
    HideRolled(HideReport),
    /// A won Disarm moves the weapon to the winner.
    WeaponTaken {
        unit: String,
        from: String,
        weapon: String,
    },
}

impl RulebookEvent for Seed000Event {
    const NAMES: &'static [&'static str] = &[
        "SwitchedPlaces",
        "ActionHeld",
        "HeldActionFired",
        "HeldActionLapsed",
        "HideRolled",
        "WeaponTaken",
    ];
}

impl From<Seed000Event> for BattleEvent {
    fn from(event: Seed000Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
