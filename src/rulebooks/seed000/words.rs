//! Seed000's own words for what Core's lines name (its preset file's terms).

use crate::battle::describe::Words;

/// Seed000: the Stabilize action's roll is a First Aid check.
pub const WORDS: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[("Stabilize", "First Aid")],
};
