//! Seed004's own events (presets/Seed004.md): its attack roll against Guard, the Dodge, its
//! pools of Durability, Health and Vigor, First Aid and Over Watch. The log writes each under
//! its own name (`GuardRolled((…))`); `describe.rs` says it in words.

use crate::battle::events::{BattleEvent, RulebookEvent};
use crate::rulebooks::seed004::reports::{DodgeReport, GuardReport, PoolBreakdown};
use crate::rules::combat::DamageType;
use crate::rules::grid::Dir8;
use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

/// An event only Seed004 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed004Event {
    /// An attack roll against Guard.
    GuardRolled(GuardReport),
    /// A Dodge roll.
    DodgeRolled(DodgeReport),
    /// A blow meets armor and cover and goes into Durability, then Health.
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
    /// Durability or Health lost without a blow (Bleeding).
    PoolsLost {
        unit: String,
        amount: i32,
        reason: String,
        durability: i32,
        health: i32,
    },
    /// Armor worn to 0 durability: it stops nothing from now on.
    ArmorBroken { unit: String },
    /// Vigor paid for a reaction or an off-hand blow.
    VigorSpent {
        unit: String,
        what: String,
        cost: i32,
        vigor: i32,
    },
    /// The Recovery phase at the end of a round.
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
    /// A combatant in Shock, not stabilized, is a round closer to death.
    ShockWorsened { unit: String, rounds_left: i32 },
    /// Durability restored by First Aid.
    Tended {
        unit: String,
        by: String,
        amount: i32,
        durability: i32,
    },
    /// A unit's Over Watch at battle start, matched by the nearest enemy or not.
    OverWatch {
        unit: String,
        watching: Dir8,
        matched: bool,
    },
    /// The off-hand blow asked for with an Attack does not follow it (the target
    /// Went into Shock, or out of reach...): no blow, no Vigor paid.
    OffHandForgone {
        unit: String,
        target: String,
        reason: String,
    },
}

impl RulebookEvent for Seed004Event {
    const NAMES: &'static [&'static str] = &[
        "GuardRolled",
        "DodgeRolled",
        "PoolsDamaged",
        "PoolsLost",
        "ArmorBroken",
        "VigorSpent",
        "Recovered",
        "ShockWorsened",
        "Tended",
        "OverWatch",
        "OffHandForgone",
    ];
}

impl From<Seed004Event> for BattleEvent {
    fn from(event: Seed004Event) -> BattleEvent {
        BattleEvent::book(event)
    }
}
