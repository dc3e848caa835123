//! Seed002's own words for what Core's lines name (its preset file's terms).

use crate::battle::describe::Words;

/// Seed002: activations, not turns; Energy, not AP; Aura, not vitality; Push, Restrain and
/// Pass for Core's Shove, Grab and End Turn; Unconscious or Dead for Down.
pub const WORDS: Words = Words {
    points: "Energy",
    initiative_dice: "d6",
    runs: true,
    distance: ("m", "m"),
    terms: &[
        ("End Turn", "Pass"),
        ("ends its turn", "passes"),
        // Without turns, a condition that lasts to a turn lasts to a round (conditions.rs).
        (
            "until the start of its next turn",
            "until the next round starts",
        ),
        (
            "until the end of its next turn",
            "until the end of the next round",
        ),
        ("its next turn", "its next activation"),
        ("its turn", "its activation"),
        ("'s turn", "'s activation"),
        ("Grabbing", "Restraining"),
        // C6: the actor is Restraining (Core's Grappling).
        ("Grappling", "Restraining"),
        ("Grab", "Restrain"),
        ("grabs", "restrains"),
        ("Shove", "Push"),
        ("Charge", "Sprint Push"),
        ("shoves", "pushes"),
        ("vitality", "Aura"),
        ("AP", "Energy"),
        ("Move", "Run"),
    ],
};

/// Its primer, for the How to play page.
pub const PRIMER: &[crate::rulebook::primer::PrimerTopic] = &[
    (
        "Activations",
        "There are no turns: the sides take turns to activate one unit for one action, until every side passes in a row. Each unit has 5 Energy a round (no more than its Stamina).",
    ),
    (
        "Moving",
        "A Run costs Energy by the metres, turning costs more; a Shift steps 1 m for Energy or Agility; Sprint and Sprint Push run further. Prone, you Kneel, then stand.",
    ),
    (
        "Attacks",
        "Your fixed Attack Value against the defender's exploding d10 + Evasion. A Combat roll of 1 misses, 1 to 3 leaves you Exposed, 20 is a critical. Armor counts where it covers. Shots roll against a Miss Chance.",
    ),
    (
        "Facing",
        "A unit faces one of 8 directions (the half disc under it is its front). Struck from behind, it defends at a disadvantage and without its guard; it makes Swift Attacks only on enemies in front of it. A red wedge behind one of your units: an enemy could strike its back next turn.",
    ),
    (
        "Reactions",
        "An enemy that turns Unguarded, or steps into or out of your reach, invites a 1-Energy Swift Attack (a blow, or a Trip, Push or Restrain). A unit attacked may Seize the initiative and act first.",
    ),
    (
        "Down",
        "At 0 Aura a Death roll decides: Exhausted, Bleeding out, Unconscious or Dead, then a Death Save each round. At 0 Stamina a unit is knocked out. A Coup (7) finishes an Unconscious enemy.",
    ),
];

#[cfg(test)]
mod tests {
    use crate::battle::describe::Wording;

    #[test]
    fn seed002_speaks_of_activations_and_energy() {
        let w = Wording::new(&super::WORDS);
        assert_eq!(w.say("it is B's turn"), "it is B's activation");
        assert_eq!(w.say("End Turn (0 AP)"), "Pass (0 Energy)");
        assert_eq!(w.say("Ranged Attack"), "Ranged Attack");
        let r = crate::battle::refusal::Refusal::NotEnoughAp {
            action: crate::rules::actions::ActionKind::Attack,
            need: 3,
            have: 1,
        };
        assert_eq!(r.text_in(w), "Attack costs 3 Energy; 1 Energy left");
    }
}
