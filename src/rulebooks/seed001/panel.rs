//! Seed001's line on a unit's card in the side panel: vitality, armor and each defence's
//! bonus.

use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed001::stats::Seed001Of;

/// The defence line of a Combat Roll (Seed001): each defence's bonus.
pub(super) fn defence_line(u: &UnitSnap) -> String {
    let s = u.stats.seed001();
    let mut parts = vec![format!("Dodge {:+}", s.dodge)];
    if let Some(p) = s.parry {
        parts.push(format!("Parry {p:+}"));
    }
    if s.block_rating > 0 {
        parts.push(format!("Block {:+} (stops {})", s.block, s.block_rating));
    }
    parts.push(format!("Focus {:+}", s.focus));
    parts.join("   ")
}
