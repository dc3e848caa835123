//! Seed004's own words for what Core's lines name (its preset file's terms).

use crate::battle::describe::Words;

/// Seed004: Knocked Down, not Prone; Health, not vitality.
pub const WORDS: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[
        ("Prone", "Knocked Down"),
        ("target prone", "target knocked down"),
        ("vitality", "Health"),
    ],
};
