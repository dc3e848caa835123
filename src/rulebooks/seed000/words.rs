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

/// Its primer, for the How to play page.
pub const PRIMER: &[crate::rulebook::primer::PrimerTopic] = &[
    (
        "Turns",
        "A fixed ladder: the highest initiative acts first, with no dice. A side's unions act together in one slot. Each turn: 3 AP and a free move; 2 RP a round for reactions.",
    ),
    (
        "Attacks",
        "d20 + the weapon's hit against Evasion, as in Core. Poison is met by Endurance and Psychic by Will: the target rolls a Defense Roll against it.",
    ),
    (
        "Down",
        "At 0 a unit is Down, bleeds 1d4 at each of its slots and dies at minus its maximum, unless an ally's First Aid (d20 + first aid, 8 or more) stops it.",
    ),
    (
        "Its own actions",
        "Hold (O) pays for an action now and fires it when an enemy steps or attacks; Hide (H) pits stealth against each enemy's perception; Switch Places (8) trades tiles with an ally; Disarm (7) takes a weapon; K makes attacks non-lethal.",
    ),
    (
        "Moving",
        "You may push through an enemy with a contest. Opportunity attacks happen only where a level gives them.",
    ),
];
