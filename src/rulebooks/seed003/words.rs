//! Seed003's own words for what Core's lines name (its preset file's terms).

use crate::battle::describe::Words;

/// Seed003: yards, not metres; Grapple, not Grab; its Nonlethal Attack.
pub const WORDS: Words = Words {
    points: "AP",
    initiative_dice: "3d6",
    runs: false,
    distance: ("yard", "yards"),
    terms: &[
        ("Grabbing", "Grappling"),
        ("Grab", "Grapple"),
        ("grabs", "grapples"),
        ("Non-lethal", "Nonlethal"),
    ],
};

#[cfg(test)]
mod tests {
    use crate::battle::describe::Wording;

    #[test]
    fn seed003_counts_yards_and_grapples() {
        let w = Wording::new(&super::WORDS);
        assert_eq!(
            w.say("A moves (1, 1) -> (2, 1) (1 m, 3 m left); B Grabs? no: Grab"),
            "A moves (1, 1) -> (2, 1) (1 yard, 3 yards left); B Grabs? no: Grapple"
        );
        assert_eq!(w.say("4 mages, Grabber"), "4 mages, Grabber");
    }
}
