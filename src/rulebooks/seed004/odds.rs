//! Seed004's odds of its own plans and steps (presets/Seed004.md, "Preview"): First Aid,
//! and a collision's occupant and damage. Its attack odds are `guard_odds.rs`.

use super::guard::{COLLISION_GUARD, FIRST_AID_TARGET};
use super::pool_blow::{PoolBlow, pool_damage};
use crate::battle::assess::Ctx;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rulebooks::seed004::stats::Seed004Of;
use crate::rules::bonus_dice::{DiceSpec, Quality, chance_above, roll_spread};
use crate::rules::combat::DamageType;
use crate::rules::ruleset::ConditionKind;

/// The chance First Aid by `a` succeeds: d20 + medicine dice above 20.
pub fn first_aid_odds(a: &UnitSnap) -> f64 {
    let challenges = u32::from(a.has(ConditionKind::Wounded));
    let dice = DiceSpec::new(a.stats.seed004().medicine_dice, 0, challenges);
    chance_above(&roll_spread(dice.count, dice.size), FIRST_AID_TARGET)
}

/// The chance a Seed004 collision's occupant takes half: d20 + strength dice above 15.
pub fn collision_holds(o: &UnitSnap) -> f64 {
    let challenges = u32::from(o.has(ConditionKind::Wounded));
    let dice = DiceSpec::new(o.stats.seed004().strength_dice, 0, challenges);
    chance_above(&roll_spread(dice.count, dice.size), COLLISION_GUARD)
}

/// What a collision of `raw` deals `u` under Durability and Health: an Ordinary physical
/// blow, armor counting unless the rules say collisions ignore it.
pub fn collision_damage(ctx: &Ctx, u: &UnitSnap, raw: i32) -> i32 {
    let blow = PoolBlow {
        ignore_armor: ctx.rules.collision_ignores_armor,
        ..PoolBlow::new(raw, DamageType::Physical, Quality::Ordinary)
    };
    pool_damage(ctx.rules, &u.stats, u.own.reserves(), blow).dealt
}
