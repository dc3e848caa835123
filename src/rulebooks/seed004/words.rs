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

/// Its primer, for the How to play page.
pub const PRIMER: &[crate::rulebook::primer::PrimerTopic] = &[
    (
        "Turns",
        "Initiative dice are rolled once. Each turn a unit takes two actions, in any mix; in an ambush the ambushers get three and the ambushed one in round 1.",
    ),
    (
        "Rolls",
        "Every roll is a d20 plus bursting bonus dice (d4 up to d20, stepped up by Charges and down by Challenges). An attack must beat a flat Guard of 15; cover raises it.",
    ),
    (
        "Vigor",
        "Vigor pays a Dodge against an attack that beat your Guard (a prompt), Take Opening, readied attacks (B) and off-hand blows (J). At 0 Vigor you are Winded until a round-end Recovery.",
    ),
    (
        "Harm",
        "Damage takes Durability first, then Health. At 0 Durability you are Wounded (every die a step smaller); at 0 Health you are in Shock and die within your Stamina in rounds, unless First Aid stabilizes you.",
    ),
    (
        "Facing",
        "A unit faces one of 8 directions (the half disc under it is its front). A unit struck from behind by an enemy it was unaware of (ambushed, or out of its sight as the turn began) has its Guard halved.",
    ),
    (
        "Armor",
        "Armor stops physical damage only, wears down, and meets weapons by quality.",
    ),
];
