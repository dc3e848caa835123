//! Seed004's pools (presets/Seed004.md, "Damage model", "Resources", "Armor"): a blow
//! through quality, worn armor and cover into Durability and then Health; Wounded at 0
//! Durability, Shock at 0 Health and Dead on any harm after it; armor that wears down and
//! breaks; Vigor paid for reactions and Winded at 0; the round-end Recovery with Shock's
//! countdown; First Aid.

use super::reserves::Reserves;
use crate::rulebooks::seed004::reports::{ArmorMet, PoolBreakdown};
use crate::rulebooks::seed004::stats::Seed004Of;
use crate::rules::bonus_dice::Quality;
use crate::rules::combat::{DamageType, damage_after_defences};
use crate::rules::damage::armor_stops;
use crate::rules::ruleset::Ruleset;
use crate::rules::unit::Stats;

/// A difference in rank at which armor and weapon stop meeting as equals [004:57].
pub const OUTCLASS_RANKS: i32 = 3;
/// A fifth of `stamina` comes back as Vigor at each Recovery [004:43].
pub const VIGOR_RECOVERY_DIVISOR: i32 = 5;

/// A blow about to land under Durability and Health.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolBlow {
    pub raw: i32,
    pub damage_type: DamageType,
    /// The weapon's quality (a collision's is Ordinary).
    pub quality: Quality,
    /// Cover's armor, added against physical damage.
    pub cover: i32,
    /// Worn armor does not count (a collision under `collision_ignores_armor`).
    pub ignore_armor: bool,
    pub critical: bool,
}

impl PoolBlow {
    pub fn new(raw: i32, damage_type: DamageType, quality: Quality) -> PoolBlow {
        PoolBlow {
            raw,
            damage_type,
            quality,
            cover: 0,
            ignore_armor: false,
            critical: false,
        }
    }
}

/// What a blow does to a combatant with these stats and pools (the pipeline of
/// presets/Seed004.md, "Per hit"): nothing from a weapon below its superior durability;
/// for physical damage, minus the worn Armor Rank (ignored by a weapon 3 ranks better,
/// unworn by one 3 ranks worse) and cover's armor; Core's affinities; into Durability,
/// the rest into Health.
pub fn pool_damage(
    rules: &Ruleset,
    stats: &Stats,
    pools: &Reserves,
    blow: PoolBlow,
) -> PoolBreakdown {
    let s = stats.seed004();
    let beneath = s.superior_durability.is_some_and(|q| blow.quality < q);
    let raw = if beneath { 0 } else { blow.raw };
    let physical = armor_stops(rules, blow.damage_type);
    let rank = pools.armor_rank(stats);
    let gap = blow.quality.rank() - s.armor_quality.rank();
    let armor_met = if !physical || rank == 0 || blow.ignore_armor {
        ArmorMet::None
    } else if gap >= OUTCLASS_RANKS {
        ArmorMet::Outclassed
    } else if -gap >= OUTCLASS_RANKS {
        ArmorMet::StoppedUnworn
    } else {
        ArmorMet::Stopped
    };
    let armor = match armor_met {
        ArmorMet::Stopped | ArmorMet::StoppedUnworn => rank,
        _ => 0,
    };
    let wear = if armor_met == ArmorMet::Stopped && rules.armor_wears {
        armor.min(raw).min(pools.armor.max(0))
    } else {
        0
    };
    let cover = if physical { blow.cover } else { 0 };
    let after = (raw - armor - cover).max(0);
    let b = damage_after_defences(
        after,
        0,
        blow.damage_type,
        true,
        stats.affinity(blow.damage_type),
    );
    let notes = b
        .notes
        .into_iter()
        .filter(|n| n != "ignores armor")
        .collect();
    let dealt = b.dealt;
    let to_durability = dealt.min(pools.durability.max(0));
    let to_health = (dealt - to_durability).min(pools.health.max(0));
    PoolBreakdown {
        raw: blow.raw,
        critical: blow.critical,
        beneath,
        armor_met,
        armor,
        wear,
        cover,
        dealt,
        notes,
        to_durability,
        to_health,
    }
}
