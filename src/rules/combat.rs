//! Combat arithmetic: sizes, damage types, advantage, damage after armor and affinities,
//! and exact probabilities for d20 rolls and contests. Pure functions, no Bevy.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Creature size categories, ranked −2 … +2 (RULES §2).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Size {
    Tiny,
    Small,
    #[default]
    Medium,
    Large,
    Huge,
}

impl Size {
    pub fn rank(self) -> i32 {
        self as i32 - 2
    }

    /// Seed003's size value: 3 × the rank (Tiny −6 … Huge 6).
    pub fn value(self) -> i32 {
        3 * self.rank()
    }
}

/// The eleven damage types (RULES §2).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum DamageType {
    #[default]
    Physical,
    Chemical,
    Cold,
    Heat,
    Poison,
    Shock,
    Curse,
    Holy,
    Spirit,
    Psychic,
    Reality,
}

impl DamageType {
    /// Poison and Psychic ignore Armor.
    pub fn ignores_armor(self) -> bool {
        matches!(self, DamageType::Poison | DamageType::Psychic)
    }
}

impl fmt::Display for DamageType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// Advantage, disadvantage or neither, after cancelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum RollMode {
    #[default]
    Normal,
    Advantage,
    Disadvantage,
}

impl RollMode {
    /// Any number of sources of each cancel to a single one; one of each cancels out.
    pub fn from_sources(advantages: usize, disadvantages: usize) -> RollMode {
        match (advantages > 0, disadvantages > 0) {
            (true, false) => RollMode::Advantage,
            (false, true) => RollMode::Disadvantage,
            _ => RollMode::Normal,
        }
    }

    /// How many d20 to roll.
    pub fn dice(self) -> usize {
        match self {
            RollMode::Normal => 1,
            _ => 2,
        }
    }

    /// The die kept from the rolled ones.
    pub fn keep(self, rolls: &[u32]) -> u32 {
        match self {
            RollMode::Normal => rolls[0],
            RollMode::Advantage => *rolls.iter().max().unwrap_or(&1),
            RollMode::Disadvantage => *rolls.iter().min().unwrap_or(&1),
        }
    }

    /// Probability, in 400ths, that the kept d20 shows `face`.
    pub fn face_weight(self, face: u32) -> u32 {
        match self {
            RollMode::Normal => 20,
            RollMode::Advantage => 2 * face - 1,
            RollMode::Disadvantage => 41 - 2 * face,
        }
    }
}

pub use super::odds::Chance;

/// The outcome of one attack roll's kept die against a target number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HitOutcome {
    /// Natural 20: always hits, +6 damage, the target becomes Exposed.
    Critical,
    Hit,
    Miss,
    /// Natural 1: always misses, the attacker becomes Exposed.
    Fumble,
}

impl HitOutcome {
    pub fn hits(self) -> bool {
        matches!(self, HitOutcome::Critical | HitOutcome::Hit)
    }
}

/// Natural 20 always hits, natural 1 always misses; otherwise total ≥ evasion hits.
pub fn hit_outcome(natural: u32, total: i32, evasion: i32) -> HitOutcome {
    match natural {
        20 => HitOutcome::Critical,
        1 => HitOutcome::Fumble,
        _ if total >= evasion => HitOutcome::Hit,
        _ => HitOutcome::Miss,
    }
}

/// Exact chance that an attack with `bonus` against `evasion` hits (criticals included),
/// and the chance of a critical, for a roll mode.
pub fn hit_chance(bonus: i32, evasion: i32, mode: RollMode) -> (Chance, Chance) {
    let mut hit = 0u128;
    let mut crit = 0u128;
    for face in 1..=20u32 {
        let w = mode.face_weight(face) as u128;
        let o = hit_outcome(face, face as i32 + bonus, evasion);
        if o.hits() {
            hit += w;
        }
        if o == HitOutcome::Critical {
            crit += w;
        }
    }
    (Chance::new(hit, 400), Chance::new(crit, 400))
}

/// Exact chance that the actor of a contest wins: its total must be strictly higher.
pub fn contest_chance(
    actor_bonus: i32,
    actor_mode: RollMode,
    target_bonus: i32,
    target_mode: RollMode,
) -> Chance {
    let mut num = 0u128;
    for a in 1..=20u32 {
        for t in 1..=20u32 {
            if a as i32 + actor_bonus > t as i32 + target_bonus {
                num += actor_mode.face_weight(a) as u128 * target_mode.face_weight(t) as u128;
            }
        }
    }
    Chance::new(num, 400 * 400)
}

/// Exact chance that d20 + `bonus` reaches `target` (a defence roll; no natural 1 or 20 rule).
pub fn reach_chance(bonus: i32, target: i32, mode: RollMode) -> Chance {
    let num = (1..=20u32)
        .filter(|&f| f as i32 + bonus >= target)
        .map(|f| mode.face_weight(f) as u128)
        .sum();
    Chance::new(num, 400)
}

/// How a creature takes one damage type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Affinity {
    pub resistant: bool,
    pub immune: bool,
    pub vulnerable: bool,
}

/// Extra damage of a critical hit.
pub const CRITICAL_BONUS_DAMAGE: i32 = 6;

/// What happened to a damage roll on its way to the target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageBreakdown {
    /// Dice total plus the critical bonus.
    pub raw: i32,
    /// Armor subtracted (0 when ignored).
    pub armor: i32,
    /// After armor, at least 0.
    pub after_armor: i32,
    /// After immunity, resistance and vulnerability.
    pub dealt: i32,
    /// Human-readable notes (ignored armor, resisted, vulnerable, immune, cancelled).
    pub notes: Vec<String>,
    /// The raw damage in words, where the dice are known: "7 rolled on 1d8+2", "3 fixed".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub raw_text: String,
}

/// Damage = raw − armor (not for Poison or Psychic, or when `ignore_armor`), minimum 0;
/// then immune → 0; resistant → halved, rounded down; vulnerable → ×1.5, rounded down;
/// resistant and vulnerable together cancel.
pub fn damage_after_defences(
    raw: i32,
    armor: i32,
    damage_type: DamageType,
    ignore_armor: bool,
    affinity: Affinity,
) -> DamageBreakdown {
    let mut b = damage_after_armor(raw, armor, damage_type, ignore_armor);
    b.dealt = apply_affinity(b.after_armor, damage_type, affinity, &mut b.notes);
    b
}

/// Seed002's damage (D1): armor as Core's, then Weakness (a Core vulnerability) doubles and
/// Resistance halves, rounded down; the two cancel; immune → 0.
pub fn damage_with_weakness(
    raw: i32,
    armor: i32,
    damage_type: DamageType,
    ignore_armor: bool,
    affinity: Affinity,
) -> DamageBreakdown {
    let mut b = damage_after_armor(raw, armor, damage_type, ignore_armor);
    b.dealt = if affinity.vulnerable && !affinity.resistant && !affinity.immune {
        b.notes.push(format!("weak to {damage_type}: x2"));
        b.after_armor * 2
    } else {
        apply_affinity(b.after_armor, damage_type, affinity, &mut b.notes)
    };
    b
}

/// Damage − armor (not for Poison or Psychic, or when `ignore_armor`), minimum 0; the
/// affinities are still to come (`dealt` is the damage after armor).
fn damage_after_armor(
    raw: i32,
    armor: i32,
    damage_type: DamageType,
    ignore_armor: bool,
) -> DamageBreakdown {
    let mut notes = Vec::new();
    let armor_applied = if damage_type.ignores_armor() {
        notes.push(format!("{damage_type} ignores armor"));
        0
    } else if ignore_armor {
        notes.push("ignores armor".to_string());
        0
    } else {
        armor
    };
    let after_armor = (raw - armor_applied).max(0);
    DamageBreakdown {
        raw,
        armor: armor_applied,
        after_armor,
        dealt: after_armor,
        notes,
        raw_text: String::new(),
    }
}

/// Seed000's Poison and Psychic (presets/Seed000.md): the DR value (`endurance` or `will`,
/// with its cover bonuses) is subtracted instead of armor, a negative one adding damage;
/// then the affinities as in Core.
pub fn damage_after_dr_value(
    raw: i32,
    dr_value: i32,
    damage_type: DamageType,
    affinity: Affinity,
) -> DamageBreakdown {
    let mut notes = vec![format!("{} DR value {dr_value}", dr_name(damage_type))];
    let after_armor = (raw - dr_value).max(0);
    let dealt = apply_affinity(after_armor, damage_type, affinity, &mut notes);
    DamageBreakdown {
        raw,
        armor: 0,
        after_armor,
        dealt,
        notes,
        raw_text: String::new(),
    }
}

/// The defence roll a DR value stands for: Constitution against Poison, Will against
/// Psychic.
fn dr_name(damage_type: DamageType) -> &'static str {
    if damage_type == DamageType::Poison {
        "Endurance"
    } else {
        "Will"
    }
}

/// Immune → 0; resistant → halved, rounded down; vulnerable → ×1.5, rounded down; both
/// cancel.
fn apply_affinity(
    after_armor: i32,
    damage_type: DamageType,
    affinity: Affinity,
    notes: &mut Vec<String>,
) -> i32 {
    if affinity.immune {
        notes.push(format!("immune to {damage_type}"));
        0
    } else if affinity.resistant && affinity.vulnerable {
        notes.push(format!("resistant and vulnerable to {damage_type}: cancel"));
        after_armor
    } else if affinity.resistant {
        notes.push(format!("resistant to {damage_type}: halved"));
        after_armor / 2
    } else if affinity.vulnerable {
        notes.push(format!("vulnerable to {damage_type}: x1.5"));
        after_armor * 3 / 2
    } else {
        after_armor
    }
}

/// Seed001's damage (presets/Seed001.md, "Damage, armor, resistance"): dice − armor (when
/// it stops this damage) − the block reduction (blocked hits) − the resistance + the
/// vulnerability, clamped once at 0; immune → 0.
pub fn damage_flat(
    raw: i32,
    armor: i32,
    block: i32,
    (resist, vulnerable): (i32, i32),
    immune: bool,
    damage_type: DamageType,
) -> DamageBreakdown {
    let mut notes = Vec::new();
    if block != 0 {
        notes.push(format!("- {block} blocked"));
    }
    if resist != 0 {
        notes.push(format!("- {resist} resisted"));
    }
    if vulnerable != 0 {
        notes.push(format!("+ {vulnerable} vulnerable"));
    }
    let after_armor = (raw - armor).max(0);
    let dealt = if immune {
        notes.push(format!("immune to {damage_type}"));
        0
    } else {
        (raw - armor - block - resist + vulnerable).max(0)
    };
    DamageBreakdown {
        raw,
        armor,
        after_armor,
        dealt,
        notes,
        raw_text: String::new(),
    }
}

/// The block reduction of a blocked hit (Seed001): the shield's rating against physical
/// damage, half of it rounded up against Heat, Cold and Shock, nothing against the rest.
pub fn block_reduction(block_rating: i32, damage_type: DamageType) -> i32 {
    match damage_type {
        DamageType::Physical => block_rating,
        DamageType::Heat | DamageType::Cold | DamageType::Shock => (block_rating + 1) / 2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_chance_counts_natural_rolls() {
        // Needs 25 on d20+0: only a natural 20 hits.
        assert_eq!(hit_chance(0, 25, RollMode::Normal).0, Chance::new(20, 400));
        // Needs 1: everything but a natural 1.
        assert_eq!(hit_chance(10, 1, RollMode::Normal).0, Chance::new(380, 400));
        // Advantage needing 11+: 1 - (10/20)^2 = 3/4.
        assert_eq!(
            hit_chance(0, 11, RollMode::Advantage).0,
            Chance::new(300, 400)
        );
        assert_eq!(
            hit_chance(0, 11, RollMode::Disadvantage).0,
            Chance::new(100, 400)
        );
    }

    #[test]
    fn damage_rounding() {
        let d = |raw, a: Affinity| damage_after_defences(raw, 1, DamageType::Heat, false, a).dealt;
        let resist = Affinity {
            resistant: true,
            ..Default::default()
        };
        let vuln = Affinity {
            vulnerable: true,
            ..Default::default()
        };
        assert_eq!(d(8, resist), 3);
        assert_eq!(d(8, vuln), 10);
        assert_eq!(d(0, vuln), 0);
        let poison = damage_after_defences(5, 4, DamageType::Poison, false, Affinity::default());
        assert_eq!(poison.dealt, 5);
    }

    #[test]
    fn contest_ties_go_to_defender() {
        // Equal bonuses, no advantage: P(a > t) = 190/400.
        let c = contest_chance(0, RollMode::Normal, 0, RollMode::Normal);
        assert_eq!(c.num * 400 / c.den, 190);
    }
}
