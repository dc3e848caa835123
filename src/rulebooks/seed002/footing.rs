//! Seed002's footing as the assessment sees it (presets/Seed002.md, E3, S1, M1–M5): whether
//! Stamina may stand in for a missing Energy, whether an action's Energy can be paid or
//! Stamina spent, a Run's Speed and price, the tiles a Run reaches. Paying is `energy.rs`;
//! moving is `footwork.rs`; the run search is `rules/run_path.rs`.

use super::rules::run_path::run_reachable;
use crate::battle::assess::Ctx;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::stats::Seed002Of;
use crate::rules::reach::Reach;
use crate::rules::ruleset::{ConditionKind, ResourceRule, Ruleset};
use crate::rules::unit::Stats;

/// Whether Stamina may pay a missing Energy now (E3): once a round, never while Exhausted
/// or Shaken, never down to 0.
pub fn substitution_ok(rules: &Ruleset, u: &UnitSnap) -> bool {
    rules.resource == ResourceRule::StaminaAgility
        && !u.own.footing().substituted
        && !u.has(ConditionKind::Exhausted)
        && !u.has(ConditionKind::Shaken)
        && u.own.footing().stamina > 1
}

/// Whether `u` can pay `cost` Energy: it has it, or exactly one short with Stamina to
/// stand in.
pub fn can_pay(rules: &Ruleset, u: &UnitSnap, cost: u32) -> bool {
    u.ap >= cost || (cost == u.ap + 1 && substitution_ok(rules, u))
}

/// Whether a voluntary Stamina spend of `amount` leaves `u` above 0 and is allowed.
pub fn can_spend_stamina(u: &UnitSnap, amount: i32) -> bool {
    amount == 0
        || (u.own.footing().stamina > amount
            && !u.has(ConditionKind::Exhausted)
            && !u.has(ConditionKind::Shaken))
}

/// A Run costs this many Energy per Speed of metres, rounded up (M1).
pub const RUN_THIRDS: u32 = 3;
/// Agility per metre of a Shift (M4), and per metre of an Agile Move (M5).
pub const SHIFT_AGILITY: i32 = 2;
pub const AGILE_AGILITY: i32 = 1;

/// Metres a Run covers: `speed`, halved (rounded up) while Slowed.
pub fn run_speed(stats: &Stats, slowed: bool) -> u32 {
    let s = stats.seed002().speed;
    if slowed { s.div_ceil(2) } else { s }
}

/// A Sprint's reach: the Speed and half again.
pub fn sprint_speed(speed: u32) -> u32 {
    speed + speed / 2
}

/// The Energy a Run of `metres` costs: ⌈3m / Speed⌉, at least 1.
pub fn run_energy(metres: u32, speed: u32) -> u32 {
    (RUN_THIRDS * metres).div_ceil(speed.max(1)).max(1)
}

/// The Run speed of a unit now.
pub fn speed_of(u: &UnitSnap) -> u32 {
    run_speed(&u.stats, u.has(ConditionKind::Slowed))
}

/// Every tile `mover` can reach with a Run it can pay for now (M1–M3): standing, within
/// its Speed and the Energy it has (Stamina standing in for one), turns costing metres.
pub fn run_reach(ctx: &Ctx, mover: &UnitSnap) -> Reach {
    let able = ctx.can_move(mover).is_ok();
    let standing = !mover.has(ConditionKind::Prone) && !mover.has(ConditionKind::Kneeling);
    let speed = speed_of(mover);
    let energy = mover.ap + u32::from(substitution_ok(ctx.rules, mover));
    let budget = if able && standing {
        speed.min(energy * speed / RUN_THIRDS)
    } else {
        0
    };
    Reach::Run(run_reachable(
        ctx.grid,
        &ctx.occupancy(mover),
        mover.pos,
        mover.own.footing().heading,
        budget,
        &ctx.move_profile(mover),
    ))
}
