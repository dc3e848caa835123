//! A unit's statistics against their bounds: the core's, or the rulebook's own for a
//! statistic the rulebooks read on different scales.

use super::{check_range, join};
use crate::level::problem::{Loc, Problem};
use crate::level::schema::{AffinityEntry, StatBlock};
use crate::level::{
    MAX_AFFINITY, MAX_BLOCK_RATING, MAX_DEFENCE, MAX_GUARD, MAX_POOL, MAX_SKILL, MAX_STAMINA,
    MAX_STAT, MAX_VIGOR, MAX_VITALITY, MIN_SKILL, MIN_STAT, SEED002_STAT_BOUNDS,
    SEED003_STAT_BOUNDS, bounds,
};
use crate::rulebook::Rulebook;
use crate::rules::bonus_dice::MAX_BONUS_DICE;

/// Most bonus dice a Seed004 stat may give.
const MAX_DICE: i64 = MAX_BONUS_DICE as i64;

/// Check the values a stat block sets.
pub(super) fn check_stat_block(
    out: &mut Vec<Problem>,
    loc: Loc,
    path: &str,
    who: &str,
    b: &StatBlock,
    book: &dyn Rulebook,
) {
    // A rulebook may read a shared statistic on its own scale (Seed002's `guard`).
    let seed002 = |field: &str| bounds(&SEED002_STAT_BOUNDS, field);
    let seed003 = |field: &str| bounds(&SEED003_STAT_BOUNDS, field);
    let shared = |field: &str, other: (i64, i64)| book.stat_bounds(field).unwrap_or(other);
    let (guard, stamina) = (
        shared("guard", (1, MAX_GUARD)),
        shared("stamina", (1, MAX_STAMINA)),
    );
    let ranged_evasion = shared("ranged_evasion", seed002("ranged_evasion"));
    let speed = shared("speed", seed002("speed"));
    let fields = [
        ("vitality", b.vitality, 1, MAX_VITALITY),
        ("evasion", b.evasion, 0, MAX_STAT),
        ("armor", b.armor, MIN_STAT, MAX_STAT),
        ("movement", b.movement, 0, MAX_STAT),
        ("initiative", b.initiative, MIN_STAT, MAX_STAT),
        ("might", b.might, MIN_STAT, MAX_STAT),
        ("agility", b.agility, MIN_STAT, MAX_STAT),
        ("endurance", b.endurance, MIN_SKILL, MAX_SKILL),
        ("will", b.will, MIN_SKILL, MAX_SKILL),
        ("stealth", b.stealth, MIN_SKILL, MAX_SKILL),
        ("perception", b.perception, MIN_SKILL, MAX_SKILL),
        ("first_aid", b.first_aid, MIN_SKILL, MAX_SKILL),
        ("dodge", b.dodge, MIN_SKILL, MAX_DEFENCE),
        ("parry", b.parry, MIN_SKILL, MAX_DEFENCE),
        ("block", b.block, MIN_SKILL, MAX_DEFENCE),
        ("block_rating", b.block_rating, 0, MAX_BLOCK_RATING),
        ("focus", b.focus, MIN_SKILL, MAX_DEFENCE),
        ("durability", b.durability, 1, MAX_POOL),
        ("health", b.health, 1, MAX_POOL),
        ("guard", b.guard, guard.0, guard.1),
        ("armor_durability", b.armor_durability, 0, MAX_POOL),
        ("vigor", b.vigor, 1, MAX_VIGOR),
        ("stamina", b.stamina, stamina.0, stamina.1),
        ("durability_recovery", b.durability_recovery, 0, MAX_VIGOR),
        ("agility_dice", b.agility_dice, 0, MAX_DICE),
        ("speed_dice", b.speed_dice, 0, MAX_DICE),
        ("strength_dice", b.strength_dice, 0, MAX_DICE),
        ("skill_dice", b.skill_dice, 0, MAX_DICE),
        ("initiative_dice", b.initiative_dice, 0, MAX_DICE),
        ("medicine_dice", b.medicine_dice, 0, MAX_DICE),
        (
            "melee_evasion",
            b.melee_evasion,
            seed002("melee_evasion").0,
            seed002("melee_evasion").1,
        ),
        (
            "ranged_evasion",
            b.ranged_evasion,
            ranged_evasion.0,
            ranged_evasion.1,
        ),
        (
            "fortitude",
            b.fortitude,
            seed002("fortitude").0,
            seed002("fortitude").1,
        ),
        (
            "coverage",
            b.coverage,
            seed002("coverage").0,
            seed002("coverage").1,
        ),
        (
            "max_agility",
            b.max_agility,
            seed002("max_agility").0,
            seed002("max_agility").1,
        ),
        ("speed", b.speed, speed.0, speed.1),
        (
            "move_rate",
            b.move_rate,
            seed003("move_rate").0,
            seed003("move_rate").1,
        ),
        ("vit", b.vit, seed003("vit").0, seed003("vit").1),
        (
            "persona",
            b.persona,
            seed003("persona").0,
            seed003("persona").1,
        ),
    ];
    for (field, list) in [("resist", &b.resist), ("vulnerable", &b.vulnerable)] {
        for (i, entry) in list.iter().flatten().enumerate() {
            if let AffinityEntry::Valued(_, v) = entry {
                let what = format!("{who}: {field} value");
                let at = format!("{}[{i}]", join(path, field));
                check_range(out, loc, &at, &what, *v, (1, MAX_AFFINITY));
            }
        }
    }
    for (field, value, min, max) in fields {
        if let Some(v) = value {
            let what = format!("{who}: {field}");
            check_range(out, loc, &join(path, field), &what, v, (min, max));
        }
    }
}
