//! Seed001 (presets/Seed001.md): its ruleset, words and conditions.

mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::describe::Words;
use crate::rulebook::Rulebook;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed001";

/// Seed001, for the registry.
pub struct Seed001;

impl Rulebook for Seed001 {
    fn name(&self) -> &'static str {
        NAME
    }

    fn summary(&self) -> &'static str {
        "opposed Combat Rolls paid from one 3-AP round budget, maneuvers on a critical win"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "reactions_per_round" => Some(
                "Seed001 pays reactions from the same AP as actions, so there are no Reaction Points",
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
                "melee attacks against it have advantage, ranged ones disadvantage; moving costs double; ends when it stands up"
            }
            C::Dazed => "a bane on all its tests",
            C::Restrained => "cannot move",
            C::Grappling => "movement halved (a free hand: no attack penalty); Release ends it",
            _ => return None,
        })
    }
}
