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
