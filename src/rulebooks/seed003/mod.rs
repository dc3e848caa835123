//! Seed003 (presets/Seed003.md): its ruleset, words and conditions.

mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::describe::Words;
use crate::level::{SEED003_STAT_BOUNDS, bounds};
use crate::rulebook::Rulebook;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed003";

/// Seed003, for the registry.
pub struct Seed003;

impl Rulebook for Seed003 {
    fn name(&self) -> &'static str {
        NAME
    }

    fn summary(&self) -> &'static str {
        "wound slots, AP from Speed carried over, 3d6 against Defense, initiative you can spend to act out of turn"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "ap_per_turn" | "free_movement" | "reactions_per_round" | "attacks_per_round" => Some(
                "Seed003's AP come from each combatant's Speed, at each round start and turn end; movement is bought with AP and reactions are paid in AP",
            ),
            _ => None,
        }
    }

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        let shared = ["stamina", "ranged_evasion", "speed"];
        shared
            .contains(&field)
            .then(|| bounds(&SEED003_STAT_BOUNDS, field))
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
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
}
