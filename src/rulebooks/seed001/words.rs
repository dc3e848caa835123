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

/// Its primer, for the How to play page.
pub const PRIMER: &[crate::rulebook::primer::PrimerTopic] = &[
    (
        "Rounds",
        "Each unit has 3 AP a round, shared between its own actions and its defences: keep some back to defend. A surprised side loses its first turn.",
    ),
    (
        "Attacks",
        "Every attack is an opposed Combat Roll: when struck you choose Dodge, Parry, Block or Withstand (1 AP each) on a prompt, and the rolls are counted in successes.",
    ),
    (
        "Criticals",
        "A critical win lets the winner pick a maneuver: Bash, Brace, Disarm, Feint, Precision, Push or Trip. A larger creature resists some of them with a boon.",
    ),
    (
        "Weapons",
        "Heavy, two-handed and spell weapons follow their own rules: the side panel lists them, and the odds count them.",
    ),
    (
        "Down",
        "At 0 a unit is Down. A side wins when the other has no one standing.",
    ),
];
