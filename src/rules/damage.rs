//! One instance of damage meeting a combatant's defences under the rules in force: armor
//! (and what it stops), a blocked hit's shield, Seed000's DR values against Poison and
//! Psychic, and resistance, immunity and vulnerability, halving (Core) or flat (Seed001). The arithmetic itself is in `combat.rs`.

use super::combat::{
    DamageBreakdown, DamageType, damage_after_defences, damage_after_dr_value, damage_flat,
    damage_with_weakness,
};
use super::dice::DiceExpr;
use super::ruleset::{Affinities, ArmorVs, Ruleset};
use super::unit::Stats;

/// Where a blow's raw damage came from, for the log: the dice rolled, or a number no die
/// gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RawFrom {
    /// Not told: "N rolled".
    #[default]
    Untold,
    /// A weapon's dice, plus a critical's bonus.
    Dice { dice: DiceExpr, critical: i32 },
    /// A number no die gave: a collision.
    Fixed,
    /// Every die of the weapon's at its maximum, none rolled (Seed001's Precision).
    Precision { dice: DiceExpr },
    /// A weapon's dice less a non-lethal d4, never below 0 (Seed000).
    NonLethal {
        dice: DiceExpr,
        rolled: i32,
        d4: u32,
    },
    /// A weapon's rolled dice joined by a collision's fixed damage (Seed000).
    Joined {
        dice: DiceExpr,
        rolled: i32,
        collision: i32,
    },
}

impl RawFrom {
    /// The raw damage `raw` in words: "7 rolled on 1d8+2", "3 fixed".
    pub fn text(self, raw: i32) -> String {
        match self {
            RawFrom::Untold => format!("{raw} rolled"),
            RawFrom::Dice { dice, critical: 0 } => format!("{raw} rolled on {dice}"),
            RawFrom::Dice { dice, critical } => {
                format!("{} rolled on {dice} + {critical} critical", raw - critical)
            }
            RawFrom::Fixed => format!("{raw} fixed"),
            RawFrom::Precision { dice } => format!("{raw} fixed: Precision, {dice} at its maximum"),
            RawFrom::NonLethal { dice, rolled, d4 } => {
                let floor = if rolled < d4 as i32 {
                    ", floored at 0"
                } else {
                    ""
                };
                format!("{rolled} rolled on {dice} - non-lethal d4 {d4}{floor}")
            }
            RawFrom::Joined {
                dice,
                rolled,
                collision,
            } => format!("{rolled} rolled on {dice} + {collision} fixed for the collision"),
        }
    }
}

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
    /// Where `raw` came from, for the log.
    pub raw_from: RawFrom,
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
            raw_from: RawFrom::Untold,
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
    DamageBreakdown {
        raw_text: match blow.raw_from {
            RawFrom::Untold => String::new(),
            from => from.text(blow.raw),
        },
        ..breakdown(rules, stats, blow)
    }
}

fn breakdown(rules: &Ruleset, stats: &Stats, blow: Blow) -> DamageBreakdown {
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
