//! What each condition does under the rules in force, in a line, for the window's
//! explanations: RULES.md §9 for Core, and each preset's own wording where its rulebook
//! changes a condition (`design/presets/SeedNNN.md`, "Conditions").

use super::condition::ConditionKind;
use super::ruleset::Preset;

/// What `kind` does under `preset`, and what ends it when its source does not say.
pub fn condition_effect(kind: ConditionKind, preset: Preset) -> &'static str {
    use ConditionKind as C;
    use Preset as P;
    match (kind, preset) {
        // Seed000: none of Core's conditions implies Exposed, which does not exist.
        (C::Prone, P::Seed000 | P::Seed001) => {
            "melee attacks against it have advantage, ranged ones disadvantage; moving costs double; ends when it stands up"
        }
        (C::Dazed, P::Seed000) => "disadvantage on its attacks and contests",
        (C::Restrained, P::Seed000) => {
            "cannot move; disadvantage on its attacks; ends with an Escape, its grappler Down, or the two apart"
        }
        // Seed001 [001:28].
        (C::Dazed, P::Seed001) => "a bane on all its tests",
        (C::Restrained, P::Seed001) => "cannot move",
        (C::Grappling, P::Seed001) => {
            "movement halved (a free hand: no attack penalty); Release ends it"
        }
        // Seed002 [002:35, 173, 460, 678].
        (C::Exposed, P::Seed002) => {
            "maneuvers against it are easier; lasts to the end of the round (the next round after a natural 1-3)"
        }
        (C::Defending, P::Seed002) => {
            "wins Defense-roll ties; ends on any attack of its own or on moving more than its Speed in a round"
        }
        (C::Surprised, P::Seed002) => "Unguarded, and disadvantage on its Defense rolls",
        (C::Prone, P::Seed002) => {
            "melee attacks against it are easier, ranged ones harder; implies Exposed; ends when it stands up or kneels"
        }
        // Seed003 (H3, D7).
        (C::Prone, P::Seed003) => {
            "melee attacks against it +3, ranged −3; each step costs double; ends when it stands up"
        }
        (C::Dazed, P::Seed003) => "−2 on its attacks and checks",
        (C::Defending, P::Seed003) => {
            "until its next turn or a wound, each Defense is the best of it + 2 and the others"
        }
        (C::Bleeding, P::Seed003) => {
            "a Light wound at the start of each of its turns; Stabilize ends it"
        }
        // Seed004: Knocked Down [004:36, 39].
        (C::Prone, P::Seed004) => {
            "Knocked Down: Dodge dice ÷4, ranged attacks at it take a Challenge, a smaller Move pool; ends when it stands up"
        }
        (C::Dazed, P::Seed004) => "a Challenge on its attacks, Dodges and contests",
        (C::Restrained, P::Seed004) => {
            "cannot move; a Challenge on its attacks; ends with an Escape, its grappler Down, or the two apart"
        }
        (C::Grappling, P::Seed004) => {
            "a Challenge on its attacks; movement halved; Release ends it"
        }
        // Core, RULES.md §9 (and §4 for Defend and Take Cover, §5 for Down).
        (C::Prone, _) => {
            "melee attacks against it have advantage, ranged ones disadvantage; moving costs double; implies Exposed; ends when it stands up"
        }
        (C::Exposed, _) => {
            "contests against it have advantage; ends at the round's end or with Defend"
        }
        (C::Unguarded, _) => {
            "enemies may swift-attack it; implies Exposed; ends at the round's end or with Defend"
        }
        (C::Dazed, _) => "disadvantage on its attacks and contests; implies Exposed",
        (C::Restrained, _) => {
            "cannot move; disadvantage on its attacks; implies Exposed; ends with an Escape, its grappler Down, or the two apart"
        }
        (C::Grappling, _) => {
            "attacks with the grappling hand at disadvantage; movement halved; Release (free) ends it"
        }
        (C::Bleeding, _) => {
            "loses 1d4 vitality at the start of each of its turns; Stabilize ends it"
        }
        (C::Defending, _) => {
            "attacks against it have disadvantage; advantage on its contests; until its next turn"
        }
        (C::TakingCover, _) => {
            "next to half cover: +2 Evasion against every attack and advantage against forced movement; gives no creature cover; until its next turn"
        }
        (C::Surprised, _) => {
            "Unguarded; acts last in round 1; makes no reactions; ends at its first turn"
        }
        (C::Down, _) => {
            "Prone, out of the turn order, no actions or reactions; flanks nobody and gives no cover"
        }
        // The presets' own conditions.
        (C::Braced, _) => "its next rolled defence test has a boon",
        (C::Feinting, _) => "its next attack on the enemy it feints has a boon",
        (C::Hidden, _) => {
            "enemies of the sides it hides from cannot see or target it; ends when revealed"
        }
        (C::Leaning, _) => "leans out of full cover to shoot, and can be struck there (half cover)",
        (C::Holding, _) => "holds an action that fires by itself when its trigger happens",
        (C::Dead, _) => "out of the battle for good",
        (C::Wounded, _) => "Durability is 0: every bonus die is a step smaller",
        (C::Winded, _) => "Vigor ran out: no actions or reactions until a Recovery leaves 5",
        (C::Shock, _) => "Health is 0: Down, and dying within its stamina in rounds",
        (C::Stabilized, _) => "first aid stopped Shock's countdown",
        (C::Ambushed, _) => {
            "caught by an ambush: unaware of everyone, no reactions until its first turn, which has one action"
        }
        (C::Readied, _) => "an attack waits for the first enemy that steps into reach or range",
        (C::Kneeling, _) => "half up from Prone; cannot move",
        (C::Blinded, _) => "disadvantage on its attacks and Evasion; implies Unguarded",
        (C::Slowed, _) => "half Speed, no Agility",
        (C::Exhausted, P::Seed003) => "−2 on its attacks and checks",
        (C::Exhausted, _) => "2 Energy less each round, no Stamina spending",
        (C::Shaken, _) => "no Stamina spending",
        (C::BleedingOut, _) => "a Death Save at each round's start until stabilized",
        (C::Unconscious, _) => "out of the fight (Down), though not dead",
        (C::Crouching, _) => {
            "low behind cover: melee attacks against it +2, ranged −2, and a grade more cover"
        }
        (C::Harried, _) => "an enemy in reach spoils its shots: −2 on ranged attacks and checks",
        (C::Pinned, _) => {
            "held down by its grapple partner: no moves, no actions but Escape, no reactions"
        }
        (C::Dying, _) => "the Fatal slot of a full track is filled: Down and dying",
        (C::Staggered, _) => {
            "fatigue reached its Stamina: Exhausted, and no AP at the end of its turns"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every condition is explained under every preset, and the presets that change a
    /// condition say so.
    #[test]
    fn every_condition_is_explained_under_every_preset() {
        use Preset::*;
        for preset in [Core, Seed000, Seed001, Seed002, Seed003, Seed004] {
            for kind in ConditionKind::ALL {
                assert!(
                    condition_effect(kind, preset).len() > 10,
                    "{kind:?} {preset:?}"
                );
            }
        }
        let prone = |p| condition_effect(ConditionKind::Prone, p);
        assert!(prone(Preset::Core).contains("implies Exposed"));
        assert!(
            !prone(Preset::Seed000).contains("Exposed"),
            "Seed000 has no Exposed"
        );
        assert!(prone(Preset::Seed003).contains("+3"));
        assert!(prone(Preset::Seed004).starts_with("Knocked Down"));
        assert_eq!(
            condition_effect(ConditionKind::Dazed, Preset::Seed001),
            "a bane on all its tests"
        );
    }
}
