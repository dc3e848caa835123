//! A unit's statistics against their bounds: the core's, or the rulebook's own for a
//! statistic the rulebooks read on different scales.

use super::{check_range, join};
use crate::level::problem::{Loc, Problem};
use crate::level::schema::{AffinityEntry, StatBlock};
use crate::level::{
    MAX_AFFINITY, MAX_GUARD, MAX_SKILL, MAX_STAMINA, MAX_STAT, MAX_VITALITY, MIN_SKILL, MIN_STAT,
};
use crate::rulebook::Rulebook;

/// The core's bounds of a statistic, where the rulebook in force reads it on no scale of
/// its own: its own statistics, and those several rulebooks read on different scales
/// (`guard`, `stamina`); `None` for one that only rulebooks read, which give its bounds.
fn core_bounds(field: &str) -> Option<(i64, i64)> {
    Some(match field {
        "vitality" => (1, MAX_VITALITY),
        "evasion" | "movement" => (0, MAX_STAT),
        "armor" | "initiative" | "might" | "agility" => (MIN_STAT, MAX_STAT),
        "first_aid" => (MIN_SKILL, MAX_SKILL),
        "guard" => (1, MAX_GUARD),
        "stamina" => (1, MAX_STAMINA),
        _ => return None,
    })
}

/// The bounds of a statistic: the rulebook in force's own, else the core's, else those of
/// the first rulebook that reads it.
pub fn bounds_of(field: &str, book: &dyn Rulebook) -> Option<(i64, i64)> {
    book.stat_bounds(field)
        .or_else(|| core_bounds(field))
        .or_else(|| {
            crate::rulebooks::all()
                .iter()
                .find_map(|b| b.stat_bounds(field))
        })
}

/// Every whole number a block sets, by name: the core's, then the rulebooks'.
fn numbers(b: &StatBlock) -> impl Iterator<Item = (&'static str, i64)> + '_ {
    let core = [
        ("vitality", b.vitality),
        ("evasion", b.evasion),
        ("armor", b.armor),
        ("movement", b.movement),
        ("initiative", b.initiative),
        ("might", b.might),
        ("agility", b.agility),
        ("first_aid", b.first_aid),
    ];
    core.into_iter()
        .filter_map(|(n, v)| Some((n, v?)))
        .chain(b.own.ints())
}

/// Check the values a stat block sets.
pub(super) fn check_stat_block(
    out: &mut Vec<Problem>,
    loc: Loc,
    path: &str,
    who: &str,
    b: &StatBlock,
    book: &dyn Rulebook,
) {
    for (field, list) in [("resist", &b.resist), ("vulnerable", &b.vulnerable)] {
        for (i, entry) in list.iter().flatten().enumerate() {
            if let AffinityEntry::Valued(_, v) = entry {
                let what = format!("{who}: {field} value");
                let at = format!("{}[{i}]", join(path, field));
                check_range(out, loc, &at, &what, *v, (1, MAX_AFFINITY));
            }
        }
    }
    for (field, v) in numbers(b) {
        let what = format!("{who}: {field}");
        // Every number of a stat block is read by the core or some rulebook.
        let bounds = bounds_of(field, book).unwrap_or((i64::MIN, i64::MAX));
        check_range(out, loc, &join(path, field), &what, v, bounds);
    }
}
