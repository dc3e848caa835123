//! Seed002's reports, which its events carry.

use crate::battle::events::*;
use crate::rules::combat::RollMode;
use crate::rules::exploding::ExplodingRoll;
use serde::{Deserialize, Serialize};

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

fn is_false(b: &bool) -> bool {
    !*b
}
