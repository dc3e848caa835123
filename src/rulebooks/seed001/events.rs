//! Seed001's own events (presets/Seed001.md): a defence offered against a Combat Roll and
//! the one chosen, the opposed Combat Roll, the maneuver offered and taken after a critical
//! win, and items dropped and picked up. The log writes each under its own name; `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, RulebookEvent};
use crate::rulebooks::seed001::reports::CombatReport;
use crate::rules::combat_roll::{Defence, Maneuver};
use crate::rules::grid::Pos;
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
    /// The winner of a critical win is asked for a maneuver.
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
    /// An item leaves its owner's hands and lies on a tile.
    ItemDropped { unit: String, item: String, at: Pos },
    /// Its owner picks a dropped item up again.
    ItemPickedUp {
        unit: String,
        item: String,
        from: Pos,
    },
    /// Something chosen that came to nothing, and why: a maneuver whose target the strike
    /// took Down first.
    NoEffect {
        unit: String,
        what: String,
        reason: String,
    },
}

impl RulebookEvent for Seed001Event {
    const NAMES: &'static [&'static str] = &[
        "DefenceOffered",
        "DefenceChosen",
        "CombatRolled",
        "ManeuverOffered",
        "ManeuverChosen",
        "ItemDropped",
        "ItemPickedUp",
        "NoEffect",
    ];
}

impl From<Seed001Event> for BattleEvent {
    fn from(event: Seed001Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
