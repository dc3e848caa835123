//! What events carry beside their own fields: the kind of an attack and its report, what a
//! push hits, how a battle ends, and the reports of the rulebooks' checks, wounds, exploding
//! and Attack Value rolls, dice and Guard, a Dodge, armor and pools, hiding, tests and the
//! Combat Roll.

use super::*;

/// Which kind of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    /// The Attack action.
    Action,
    /// A reaction to an enemy moving in or out of reach, or standing up.
    Opportunity,
    /// A reaction to an enemy becoming Unguarded.
    Swift,
    /// Seed000: a held action fired by its trigger.
    Held,
    /// Seed004: Take Opening, against an enemy leaving reach or standing up.
    Opening,
    /// Seed004: a readied attack set off by an enemy's step.
    Readied,
    /// Seed004: the off-hand blow after a melee attack.
    OffHand,
}

/// Everything about one attack roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub mode: RollMode,
    /// The d20s rolled (two with advantage or disadvantage).
    pub rolls: Vec<u32>,
    pub natural: u32,
    /// Weapon hit bonus plus flat modifiers.
    pub bonus: i32,
    pub total: i32,
    /// The target's effective Evasion.
    pub evasion: i32,
    pub modifiers: Vec<Modifier>,
    pub outcome: HitOutcome,
}

/// What a pushed creature ran into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obstacle {
    MapEdge,
    Terrain(String),
    Creature(String),
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::MapEdge => f.write_str("the edge of the map"),
            Obstacle::Terrain(name) | Obstacle::Creature(name) => f.write_str(name),
        }
    }
}

/// How the battle ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Victory { side: String, reason: String },
    Draw,
}

/// Seed004: one roll of d20 + bursting bonus dice, with what it was for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceReport {
    pub d20: u32,
    pub dice: Vec<BurstDie>,
    pub total: i32,
}
