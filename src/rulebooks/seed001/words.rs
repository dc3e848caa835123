//! Seed001's own words for what Core's lines name (its preset file's terms).

use crate::battle::describe::Words;

/// Seed001: a grab is a Grapple, and the AP that buys movement is a Dash.
pub const WORDS: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[
        ("Grabbing", "Grappling"),
        ("Grab", "Grapple"),
        ("grabs", "grapples"),
        ("grabbed", "grappled"),
        ("Move", "Dash"),
    ],
};
