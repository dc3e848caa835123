//! Seed001's own events (presets/Seed001.md): a defence offered against a Combat Roll and the one chosen, and the opposed Combat Roll. The log writes each under its own name; `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, CombatReport, RulebookEvent};
use crate::rules::combat_roll::Defence;
use serde::{Deserialize, Serialize};

/// An event only Seed001 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed001Event {
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
}

impl RulebookEvent for Seed001Event {
    const NAMES: &'static [&'static str] = &["DefenceOffered", "DefenceChosen", "CombatRolled"];
}

impl From<Seed001Event> for BattleEvent {
    fn from(event: Seed001Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
