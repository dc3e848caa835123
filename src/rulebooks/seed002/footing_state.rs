//! Seed002's own state of a combatant: its footing (presets/Seed002.md), fresh at the
//! battle's start, read and changed through `own.footing()` and `own.footing_mut()`.

use super::stats::Seed002Of;
use crate::battle::components::OwnState;
use crate::rules::grid::Dir8;
use crate::rules::unit::Stats;

/// Seed002's footing (presets/Seed002.md): Stamina and Agility, what the round's movement
/// has been, whether it rolled initiative to Seize, the once-a-round Stamina substitution,
/// the heading of a move that the next move continues, and which weapons are unloaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Footing {
    pub stamina: i32,
    pub agility: i32,
    /// Metres moved this round, willingly or by force.
    pub moved: u32,
    pub sprinted: bool,
    /// It rolled initiative this round (a Seize, won or lost).
    pub seized: bool,
    /// Stamina paid a missing Energy this round.
    pub substituted: bool,
    /// The direction of its last step, while its last action this round was a move.
    pub heading: Option<Dir8>,
    /// A bit per weapon index: the ranged weapons not loaded.
    pub unloaded: u32,
}

impl Footing {
    /// Fresh footing: full Stamina and Agility, every weapon loaded.
    pub fn fresh(stats: &Stats) -> Footing {
        Footing {
            stamina: stats.seed002().stamina,
            agility: stats.seed002().max_agility,
            ..Footing::default()
        }
    }

    /// Whether the weapon at this index is loaded.
    pub fn loaded(&self, weapon: usize) -> bool {
        weapon >= 32 || self.unloaded & (1 << weapon) == 0
    }
}

crate::book_reading!(
    /// Seed002's footing of a combatant.
    Seed002Footing: footing / footing_mut, OwnState => Footing, Footing::default()
);
