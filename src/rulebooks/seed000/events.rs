//! Seed000's own events (presets/Seed000.md): two allies switching places. The log writes each under its own name; `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, RulebookEvent};
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
}

impl RulebookEvent for Seed000Event {
    const NAMES: &'static [&'static str] = &["SwitchedPlaces"];
}

impl From<Seed000Event> for BattleEvent {
    fn from(event: Seed000Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
