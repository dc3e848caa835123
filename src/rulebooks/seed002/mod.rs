//! Seed002 (presets/Seed002.md): its ruleset, words and conditions.

mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::describe::Words;
use crate::level::{SEED002_STAT_BOUNDS, bounds};
use crate::rulebook::Rulebook;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed002";

/// Seed002, for the registry.
pub struct Seed002;

impl Rulebook for Seed002 {
    fn name(&self) -> &'static str {
        NAME
    }

    fn summary(&self) -> &'static str {
        "alternating activations of 5-Energy rounds, a fixed Attack Value against the defender's exploding d10, fighting on at 0 Aura"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "attacks_per_round" | "free_movement" => Some(
                "Seed002 has no turns and no free movement: each activation is one action paid in Energy",
            ),
            _ => None,
        }
    }

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        let shared = ["guard", "stamina", "ranged_evasion", "speed"];
        shared
            .contains(&field)
            .then(|| bounds(&SEED002_STAT_BOUNDS, field))
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Exposed => {
                "maneuvers against it are easier; lasts to the end of the round (the next round after a natural 1-3)"
            }
            C::Defending => {
                "wins Defense-roll ties; ends on any attack of its own or on moving more than its Speed in a round"
            }
            C::Surprised => "Unguarded, and disadvantage on its Defense rolls",
            C::Prone => {
                "melee attacks against it are easier, ranged ones harder; implies Exposed; ends when it stands up or kneels"
            }
            _ => return None,
        })
    }
}
