//! Seed003's own state of a combatant: its track (presets/Seed003.md), fresh at the battle's
//! start, read and changed through `own.track()` and `own.track_mut()`.

use super::stats::Seed003Of;
use crate::battle::components::OwnState;
use crate::rules::unit::Stats;
use bevy::prelude::Entity;

/// Seed003's track (presets/Seed003.md): the wound slots filled, Stamina and fatigue, the
/// round's movement purchases and Dashes, the flankers it ignores, and its Opening.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Track {
    /// Slots filled at each wound level: Light, Moderate, Severe, Critical, Fatal.
    pub filled: [u8; 5],
    /// Stamina left; its most is `stamina` − fatigue.
    pub stamina: i32,
    pub fatigue: i32,
    /// AP spent on movement this round at the current rate (M1).
    pub move_ap: u32,
    /// Yards a full move buys now: `move_rate`, raised by Dashes for the round.
    pub rate: u32,
    pub dashes: u8,
    /// The hostile creatures it ignores: they do not flank it, and their attacks on it come
    /// from the rear (F3).
    pub ignoring: Vec<Entity>,
    /// Create an Opening: against this enemy's Rebuffs its Defense is at least the total,
    /// for the rest of the current turn (C7).
    pub opening: Option<(Entity, i32)>,
    /// The reactors that Harried it this round (one Harry per reactor and target).
    pub harried_by: Vec<Entity>,
    /// The creature it grapples, when it started the grapple (only the initiator may
    /// Release, Pin and Drag).
    pub holding: Option<Entity>,
    /// Cling: the mover's next steps out of adjacency that the clinger follows (X3).
    pub followed: u8,
}

impl Track {
    /// A fresh track: no wounds, full Stamina, the base move rate.
    pub fn fresh(stats: &Stats) -> Track {
        Track {
            stamina: stats.seed003().stamina,
            rate: stats.seed003().move_rate,
            ..Track::default()
        }
    }

    /// The most Stamina it can have now: `stamina` − fatigue, not below 0.
    pub fn max_stamina(&self, stats: &Stats) -> i32 {
        (stats.seed003().stamina - self.fatigue).max(0)
    }
}

crate::book_reading!(
    /// Seed003's track of a combatant.
    Seed003Track: track / track_mut, OwnState => Track, Track::default()
);
