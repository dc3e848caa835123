//! Seed001's contests (presets/Seed001.md, "Contests"): tests of successes, the size table
//! for the target, and Dazed.

use crate::battle::events::{ContestKind, Effect, Modifier, Party, Reason};
use crate::battle::snapshot::UnitSnap;
use crate::rules::combat::RollMode;
use crate::rules::combat_roll::{SizeEdge, size_edge};
use crate::rules::ruleset::ConditionKind;

/// Seed001's contests (presets/Seed001.md, "Contests"): the target uses the size table (one
/// size larger: a boon; one smaller: a bane); Dazed gives either side a bane.
pub(super) fn test_contest_modifiers(
    kind: ContestKind,
    actor: &UnitSnap,
    target: &UnitSnap,
) -> Vec<Modifier> {
    let mut mods = Vec::new();
    let mut m = |reason, effect, party| {
        mods.push(Modifier {
            reason,
            effect,
            party,
        })
    };
    if kind != ContestKind::Escape {
        match size_edge(target.stats.size.rank() - actor.stats.size.rank()) {
            SizeEdge::Rolls(RollMode::Advantage) => {
                m(Reason::LargerSize, Effect::Advantage, Party::Target)
            }
            SizeEdge::Rolls(RollMode::Disadvantage) => {
                m(Reason::LargerSize, Effect::Disadvantage, Party::Target)
            }
            _ => {}
        }
    }
    for (u, party) in [(actor, Party::Actor), (target, Party::Target)] {
        if u.has(ConditionKind::Dazed) {
            m(Reason::Dazed, Effect::Disadvantage, party);
        }
    }
    mods
}
