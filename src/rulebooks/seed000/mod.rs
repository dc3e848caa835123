//! Seed000 (presets/Seed000.md): its ruleset, words and conditions.

mod describe;
mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::describe::Words;
use crate::battle::events::BattleEvent;
use crate::rulebook::Rulebook;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed000";

/// Seed000, for the registry.
pub struct Seed000;

impl Rulebook for Seed000 {
    fn name(&self) -> &'static str {
        NAME
    }

    fn summary(&self) -> &'static str {
        "AP and RP, Evasion, Defense Rolls, held actions, hiding, a fixed initiative ladder, bleeding out"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn describe(&self, ev: &BattleEvent) -> Option<String> {
        describe::describe(ev)
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
            C::Dazed => "disadvantage on its attacks and contests",
            C::Restrained => {
                "cannot move; disadvantage on its attacks; ends with an Escape, its grappler Down, or the two apart"
            }
            _ => return None,
        })
    }
}
