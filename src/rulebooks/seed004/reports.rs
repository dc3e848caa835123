//! Seed004's reports, which its events carry.

use crate::battle::events::*;
use serde::{Deserialize, Serialize};

/// Seed004: an attack roll against Guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub roll: DiceReport,
    /// The effective Guard the total had to beat.
    pub guard: i32,
    /// Charges, Challenges and the parts of Guard.
    pub modifiers: Vec<Modifier>,
    /// The total beat Guard (before any Dodge).
    pub hit: bool,
}

/// Seed004: a Dodge against an attack that beat Guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DodgeReport {
    pub unit: String,
    pub against: String,
    pub roll: DiceReport,
    /// The attack total it had to beat.
    pub attack: i32,
    pub modifiers: Vec<Modifier>,
    /// A higher total: the attack misses.
    pub dodged: bool,
}

/// How armor met a blow (Seed004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmorMet {
    /// No armor, or armor does not stop this damage type.
    None,
    /// It stopped its rank and wore down.
    Stopped,
    /// Three ranks or more above the weapon: it stopped its rank without wear.
    StoppedUnworn,
    /// The weapon is three ranks or more above it: ignored.
    Outclassed,
}

/// What happened to a blow on its way into Durability and Health (Seed004).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolBreakdown {
    pub raw: i32,
    /// A damage bonus die burst.
    pub critical: bool,
    /// The weapon's quality is below the target's superior durability: no damage.
    pub beneath: bool,
    pub armor_met: ArmorMet,
    /// Armor Rank subtracted.
    pub armor: i32,
    /// Armor durability lost.
    pub wear: i32,
    /// Cover's armor subtracted.
    pub cover: i32,
    /// After affinities.
    pub dealt: i32,
    /// Affinity notes, as Core's breakdown has them.
    pub notes: Vec<String>,
    pub to_durability: i32,
    pub to_health: i32,
}
