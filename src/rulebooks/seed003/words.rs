//! Seed003's own words for what Core's lines name (its preset file's terms).

use crate::battle::describe::Words;
use crate::rules::condition::ConditionKind;

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

/// What a condition does under Seed003, where it changes Core's.
pub(super) fn condition_effect(kind: ConditionKind) -> Option<&'static str> {
    use ConditionKind as C;
    Some(match kind {
        C::Prone => {
            "melee attacks against it +3, ranged −3; each step costs double; ends when it stands up"
        }
        C::Dazed => "−2 on its attacks and checks",
        C::Defending => {
            "until its next turn or a wound, each Defense is the best of it + 2 and the others"
        }
        C::Bleeding => "a Light wound at the start of each of its turns; Stabilize ends it",
        C::Exhausted => "−2 on its attacks and checks",
        _ => return None,
    })
}

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
