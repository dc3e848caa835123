//! Seed004's own state of a combatant: its pools (presets/Seed004.md), full at the battle's
//! start, read and spent through `own.reserves()` and `own.reserves_mut()`.

use super::stats::Seed004Of;
use crate::battle::components::OwnState;
use crate::rules::unit::Stats;

/// Seed004's pools (presets/Seed004.md): Vigor, Durability and Health, what is left of
/// the armor's durability, and the rounds left in Shock. Under other rules it stays as
/// spawned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Reserves {
    pub vigor: i32,
    pub durability: i32,
    pub health: i32,
    /// Armor durability left: the armor is Broken at 0 (if it had any).
    pub armor: i32,
    /// Rounds left before a combatant in Shock dies.
    pub shock_rounds: i32,
}

impl Reserves {
    /// Full pools for these statistics.
    pub fn full(stats: &Stats) -> Reserves {
        let s = stats.seed004();
        Reserves {
            vigor: s.vigor,
            durability: s.durability,
            health: s.health,
            armor: s.armor_durability,
            shock_rounds: s.stamina,
        }
    }

    /// The Armor Rank that still counts: none once the armor is broken.
    pub fn armor_rank(&self, stats: &Stats) -> i32 {
        if stats.seed004().armor_durability > 0 && self.armor <= 0 {
            0
        } else {
            stats.armor.max(0)
        }
    }
}

crate::book_reading!(
    /// Seed004's pools of a combatant.
    Seed004Reserves: reserves / reserves_mut, OwnState => Reserves, Reserves::default()
);
