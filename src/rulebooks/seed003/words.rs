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

/// Its primer, for the How to play page.
pub const PRIMER: &[crate::rulebook::primer::PrimerTopic] = &[
    (
        "Initiative",
        "3d6 + initiative + 5, spent and won back by criticals. The order is rebuilt each turn, and a faster side may act out of turn when the active unit declares: act then, or pass.",
    ),
    (
        "AP",
        "AP come from Speed at each round's start and each turn's end, and carry over: what you keep, you may spend out of turn. Movement is bought with AP at the move rate, in yards.",
    ),
    (
        "Attacks",
        "3d6 + the weapon's hit against the melee or ranged Defense. The margin plus the damage, less Toughness, picks a wound: Light, Moderate, Severe, Critical or Fatal. Quick (J) and Strong (M) attacks trade AP for a lighter or heavier wound.",
    ),
    (
        "Wounds",
        "Wounds fill their slots and overflow into the next; when the Fatal slot fills, the unit is Down.",
    ),
    (
        "Cover and posture",
        "Cover is graded (1/4, 1/2, 3/4, 9/10 on the map); crouching (V) behind it adds a grade, lying down (P) more against shots. Flanking counts at 120 degrees.",
    ),
    (
        "Reactions",
        "Paid in AP: a reach weapon Rebuffs an enemy stepping in, Harry hampers a shot from an enemy in your reach, a grappler Interposes or Clings; Ready (B) holds an action for an enemy.",
    ),
];

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
