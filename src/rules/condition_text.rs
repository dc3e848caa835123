//! What each condition does under the rules in force, in a line, for the window's
//! explanations: RULES.md §9 for Core, and each preset's own wording where its rulebook
//! changes a condition (`design/presets/SeedNNN.md`, "Conditions").

use super::condition::ConditionKind;

/// What `kind` does under Core (RULES.md §9), and what ends it when its source does not
/// say; a rulebook that changes a condition says so in its own words (`Rulebook::
/// condition_effect`), and the window asks it first.
pub fn core_condition_effect(kind: ConditionKind) -> &'static str {
    use ConditionKind as C;
    match kind {
        // Core, RULES.md §9 (and §4 for Defend and Take Cover, §5 for Down).
        C::Prone => {
            "melee attacks against it have advantage, ranged ones disadvantage; moving costs double; implies Exposed; ends when it stands up"
        }
        C::Exposed => "contests against it have advantage; ends at the round's end or with Defend",
        C::Unguarded => {
            "enemies may swift-attack it; implies Exposed; ends at the round's end or with Defend"
        }
        C::Dazed => "disadvantage on its attacks and contests; implies Exposed",
        C::Restrained => {
            "cannot move; disadvantage on its attacks; implies Exposed; ends with an Escape, its grappler Down, or the two apart"
        }
        C::Grappling => {
            "attacks with the grappling hand at disadvantage; movement halved; Release (free) ends it"
        }
        C::Bleeding => "loses 1d4 vitality at the start of each of its turns; Stabilize ends it",
        C::Defending => {
            "attacks against it have disadvantage; advantage on its contests; until its next turn"
        }
        C::TakingCover => {
            "next to half cover: +2 Evasion against every attack and advantage against forced movement; gives no creature cover; until its next turn"
        }
        C::Surprised => {
            "Unguarded; acts last in round 1; makes no reactions; ends at its first turn"
        }
        C::Down => {
            "Prone, out of the turn order, no actions or reactions; flanks nobody and gives no cover"
        }
        // The presets' own conditions.
        C::Braced => "its next rolled defence test has a boon",
        C::Feinting => "its next attack on the enemy it feints has a boon",
        C::Hidden => {
            "enemies of the sides it hides from cannot see or target it; ends when revealed"
        }
        C::Leaning => "leans out of full cover to shoot, and can be struck there (half cover)",
        C::Holding => "holds an action that fires by itself when its trigger happens",
        C::Dead => "out of the battle for good",
        C::Wounded => "Durability is 0: every bonus die is a step smaller",
        C::Winded => "Vigor ran out: no actions or reactions until a Recovery leaves 5",
        C::Shock => "Health is 0: Down, and dying within its stamina in rounds",
        C::Stabilized => "first aid stopped Shock's countdown",
        C::Ambushed => {
            "caught by an ambush: unaware of everyone, no reactions until its first turn, which has one action"
        }
        C::Readied => "an attack waits for the first enemy that steps into reach or range",
        C::Kneeling => "half up from Prone; cannot move",
        C::Blinded => "disadvantage on its attacks and Evasion; implies Unguarded",
        C::Slowed => "half Speed, no Agility",
        C::Exhausted => "2 Energy less each round, no Stamina spending",
        C::Shaken => "no Stamina spending",
        C::BleedingOut => "a Death Save at each round's start until stabilized",
        C::Unconscious => "out of the fight (Down), though not dead",
        C::Crouching => {
            "low behind cover: melee attacks against it +2, ranged −2, and a grade more cover"
        }
        C::Harried => "an enemy in reach spoils its shots: −2 on ranged attacks and checks",
        C::Pinned => {
            "held down by its grapple partner: no moves, no actions but Escape, no reactions"
        }
        C::Dying => "the Fatal slot of a full track is filled: Down and dying",
        C::Staggered => "fatigue reached its Stamina: Exhausted, and no AP at the end of its turns",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every condition is explained, and Core's Prone implies Exposed.
    #[test]
    fn every_condition_is_explained_under_core() {
        for kind in ConditionKind::ALL {
            assert!(core_condition_effect(kind).len() > 10, "{kind:?}");
        }
        assert!(core_condition_effect(ConditionKind::Prone).contains("implies Exposed"));
    }
}
