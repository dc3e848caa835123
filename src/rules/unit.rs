//! Combatant statistics and weapons, resolved from templates and overrides (RULES §2).

use super::combat::{Affinity, DamageType, Size};
use super::dice::DiceExpr;
use super::ruleset::{ConditionKind, Duration};
use serde::{Deserialize, Serialize};

/// Melee or ranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WeaponKind {
    #[default]
    Melee,
    Ranged,
}

/// A condition a weapon inflicts on a hit or a critical hit, with its duration resolved
/// (a weapon that names none gets [`ConditionKind::default_weapon_duration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inflict {
    pub condition: ConditionKind,
    pub duration: Duration,
}

/// Melee reach when a weapon does not say (RULES §2: melee base range 1 m).
pub const DEFAULT_REACH: u32 = 1;

/// A resolved weapon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub kind: WeaponKind,
    pub hit: i32,
    pub damage: DiceExpr,
    pub damage_type: DamageType,
    /// Melee reach in metres.
    pub reach: u32,
    /// Ranged: (normal, long) in metres.
    pub range: (u32, u32),
    /// Metres of forced movement on a hit.
    pub push: u32,
    pub on_hit: Vec<Inflict>,
    pub on_crit: Vec<Inflict>,
}

impl Weapon {
    pub fn is_melee(&self) -> bool {
        self.kind == WeaponKind::Melee
    }

    /// Whether a target at `distance` metres is within reach (melee) or long range (ranged).
    pub fn in_range(&self, distance: u32) -> bool {
        match self.kind {
            WeaponKind::Melee => distance >= 1 && distance <= self.reach,
            WeaponKind::Ranged => distance >= 1 && distance <= self.range.1,
        }
    }
}

/// A combatant's resolved statistics.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub vitality: i32,
    pub evasion: i32,
    pub armor: i32,
    pub movement: u32,
    pub initiative: i32,
    pub might: i32,
    pub agility: i32,
    pub size: Size,
    pub weapons: Vec<Weapon>,
    pub resist: Vec<DamageType>,
    pub immune: Vec<DamageType>,
    pub vulnerable: Vec<DamageType>,
}

impl Stats {
    pub fn affinity(&self, t: DamageType) -> Affinity {
        Affinity {
            resistant: self.resist.contains(&t),
            immune: self.immune.contains(&t),
            vulnerable: self.vulnerable.contains(&t),
        }
    }

    /// The longest melee reach among the weapons (0 with no melee weapon).
    pub fn melee_reach(&self) -> u32 {
        self.weapons
            .iter()
            .filter(|w| w.is_melee())
            .map(|w| w.reach)
            .max()
            .unwrap_or(0)
    }

    /// The melee weapon used for reactions: the longest reach, first listed on ties.
    pub fn reaction_weapon(&self, distance: u32) -> Option<usize> {
        self.weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.is_melee() && w.in_range(distance))
            .max_by_key(|(i, w)| (w.reach, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The higher of might and agility (resisting contests).
    pub fn resist_bonus(&self) -> i32 {
        self.might.max(self.agility)
    }
}
