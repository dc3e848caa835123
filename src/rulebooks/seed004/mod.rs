//! Seed004 (presets/Seed004.md): its ruleset, words and conditions.

mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::describe::Words;
use crate::rulebook::Rulebook;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed004";

/// Seed004, for the registry.
pub struct Seed004;

impl Rulebook for Seed004 {
    fn name(&self) -> &'static str {
        NAME
    }

    fn summary(&self) -> &'static str {
        "d20 plus bursting bonus dice against Guard 15, two actions, Vigor for Dodge, Durability then Health"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "reactions_per_round" => Some(
                "Seed004 pays reactions in Vigor (Dodge 5, Take Opening 5), so there are no Reaction Points",
            ),
            _ => None,
        }
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Prone => {
                "Knocked Down: Dodge dice ÷4, ranged attacks at it take a Challenge, a smaller Move pool; ends when it stands up"
            }
            C::Dazed => "a Challenge on its attacks, Dodges and contests",
            C::Restrained => {
                "cannot move; a Challenge on its attacks; ends with an Escape, its grappler Down, or the two apart"
            }
            C::Grappling => "a Challenge on its attacks; movement halved; Release ends it",
            _ => return None,
        })
    }
}
