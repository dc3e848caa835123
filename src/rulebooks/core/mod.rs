//! Core: the rules of RULES.md, as the core plays them with no rulebook of its own.

use crate::rulebook::Rulebook;
use crate::rulebook::{Computer, Hud, Play};
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Core";

/// Core, for the registry.
pub struct Core;
impl Rulebook for Core {
    fn name(&self) -> &'static str {
        NAME
    }

    fn title(&self) -> &'static str {
        "Core Tactics"
    }

    fn summary(&self) -> &'static str {
        "3 AP + free move, d20 vs Evasion, RP reactions, facing, collisions"
    }

    fn ruleset(&self) -> Ruleset {
        Ruleset::default()
    }
}

impl Play for Core {}

impl Hud for Core {}

impl Computer for Core {}
