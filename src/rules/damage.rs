//! One instance of damage meeting a combatant's defences under the rules in force: armor
//! (and what it stops), a blocked hit's shield, Seed000's DR values against Poison and
//! Psychic, and resistance, immunity and vulnerability, halving (Core) or flat (Seed001). The arithmetic itself is in `combat.rs`.

use super::combat::{
    DamageBreakdown, DamageType, damage_after_defences, damage_after_dr_value, damage_flat,
    damage_with_weakness,
};
use super::ruleset::{Affinities, ArmorVs, Ruleset};
use super::unit::Stats;

/// A blow about to land.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blow {
    pub raw: i32,
    pub damage_type: DamageType,
    /// Armor does not count (a collision under `collision_ignores_armor`).
    pub ignore_armor: bool,
    /// Subtracted on a blocked hit (Seed001).
    pub block: i32,
    /// Added to the DR value that meets Poison and Psychic (Seed000: half cover against
    /// this attack, Taking Cover).
    pub dr_bonus: i32,
    /// Never takes vitality below 0, and leaves no Bleeding (Seed000); calls for no Death
    /// roll (Seed002).
    pub non_lethal: bool,
    /// Seed002's Coup: one at 0 Aura that it hurts is Dead.
    pub coup: bool,
}

impl Blow {
    pub fn new(raw: i32, damage_type: DamageType) -> Blow {
        Blow {
            raw,
            damage_type,
            ignore_armor: false,
            block: 0,
            dr_bonus: 0,
            non_lethal: false,
            coup: false,
        }
    }
}

/// Whether armor stops this type of damage under the rules.
pub fn armor_stops(rules: &Ruleset, damage_type: DamageType) -> bool {
    match rules.armor_vs {
        ArmorVs::All => !damage_type.ignores_armor(),
        ArmorVs::PhysicalOnly => damage_type == DamageType::Physical,
    }
}

/// What the blow deals to a combatant with these stats.
pub fn damage_dealt(rules: &Ruleset, stats: &Stats, blow: Blow) -> DamageBreakdown {
    let t = blow.damage_type;
    match rules.affinities {
        Affinities::Halving if rules.dr_values && stats.dr_value(t).is_some() => {
            let dr = stats.dr_value(t).unwrap_or(0) + blow.dr_bonus;
            damage_after_dr_value(blow.raw, dr, t, stats.affinity(t))
        }
        Affinities::Halving => damage_after_defences(
            blow.raw,
            stats.armor,
            t,
            blow.ignore_armor,
            stats.affinity(t),
        ),
        Affinities::Doubling => damage_with_weakness(
            blow.raw,
            stats.armor,
            t,
            blow.ignore_armor,
            stats.affinity(t),
        ),
        Affinities::Flat => {
            let armor = if blow.ignore_armor || !armor_stops(rules, t) {
                0
            } else {
                stats.armor
            };
            damage_flat(
                blow.raw,
                armor,
                blow.block,
                stats.flat_affinity(t),
                stats.immune.contains(&t),
                t,
            )
        }
    }
}
