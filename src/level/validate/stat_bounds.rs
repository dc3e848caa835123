//! A unit's statistics against their bounds: the core's, or the rulebook's own for a
//! statistic the rulebooks read on different scales.

use super::{check_range, join};
use crate::level::problem::{Loc, Problem};
use crate::level::schema::{AffinityEntry, StatBlock};
use crate::level::{
    MAX_AFFINITY, MAX_BLOCK_RATING, MAX_DEFENCE, MAX_GUARD, MAX_POOL, MAX_SKILL, MAX_STAMINA,
    MAX_STAT, MAX_VIGOR, MAX_VITALITY, MIN_SKILL, MIN_STAT,
};
use crate::rulebook::Rulebook;
use crate::rules::bonus_dice::MAX_BONUS_DICE;

/// Most bonus dice a Seed004 stat may give.
const MAX_DICE: i64 = MAX_BONUS_DICE as i64;

/// The core's bounds of a statistic, where the rulebook in force reads it on no scale of
/// its own; `None` for one that only rulebooks read, which give its bounds.
fn core_bounds(field: &str) -> Option<(i64, i64)> {
    Some(match field {
        "vitality" => (1, MAX_VITALITY),
        "evasion" | "movement" => (0, MAX_STAT),
        "armor" | "initiative" | "might" | "agility" => (MIN_STAT, MAX_STAT),
        "endurance" | "will" | "stealth" | "perception" | "first_aid" => (MIN_SKILL, MAX_SKILL),
        "dodge" | "parry" | "block" | "focus" => (MIN_SKILL, MAX_DEFENCE),
        "block_rating" => (0, MAX_BLOCK_RATING),
        "durability" | "health" => (1, MAX_POOL),
        "guard" => (1, MAX_GUARD),
        "armor_durability" => (0, MAX_POOL),
        "vigor" => (1, MAX_VIGOR),
        "stamina" => (1, MAX_STAMINA),
        "durability_recovery" => (0, MAX_VIGOR),
        "agility_dice" | "speed_dice" | "strength_dice" | "skill_dice" | "initiative_dice"
        | "medicine_dice" => (0, MAX_DICE),
        _ => return None,
    })
}

/// The bounds of a statistic: the rulebook in force's own, else the core's, else those of
/// the first rulebook that reads it.
fn bounds_of(field: &str, book: &dyn Rulebook) -> Option<(i64, i64)> {
    book.stat_bounds(field)
        .or_else(|| core_bounds(field))
        .or_else(|| {
            crate::rulebooks::all()
                .iter()
                .find_map(|b| b.stat_bounds(field))
        })
}

/// Every whole number the block may set, by name, in the order it declares them.
fn numbers(b: &StatBlock) -> [(&'static str, Option<i64>); 39] {
    macro_rules! named {
        ($($field:ident),*) => {
            [$((stringify!($field), b.$field)),*]
        };
    }
    named!(
        vitality,
        evasion,
        armor,
        movement,
        initiative,
        might,
        agility,
        endurance,
        will,
        stealth,
        perception,
        first_aid,
        dodge,
        parry,
        block,
        block_rating,
        focus,
        durability,
        health,
        guard,
        armor_durability,
        vigor,
        stamina,
        durability_recovery,
        agility_dice,
        speed_dice,
        strength_dice,
        skill_dice,
        initiative_dice,
        medicine_dice,
        melee_evasion,
        ranged_evasion,
        fortitude,
        coverage,
        max_agility,
        speed,
        move_rate,
        vit,
        persona
    )
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
    for (field, value) in numbers(b) {
        if let Some(v) = value {
            let what = format!("{who}: {field}");
            // Every number of a stat block is read by the core or some rulebook.
            let bounds = bounds_of(field, book).unwrap_or((i64::MIN, i64::MAX));
            check_range(out, loc, &join(path, field), &what, v, bounds);
        }
    }
}
