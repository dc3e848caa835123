//! Seed002's footing as the assessment sees it (presets/Seed002.md, E3, S1, M1–M5): whether
//! Stamina may stand in for a missing Energy, whether an action's Energy can be paid or
//! Stamina spent, a Run's Speed and price. Paying and moving are Seed002's (`rulebooks/seed002/energy.rs`, `footwork.rs`).

use super::snapshot::UnitSnap;
use crate::rules::ruleset::{ConditionKind, ResourceRule, Ruleset};
use crate::rules::unit::Stats;

/// Whether Stamina may pay a missing Energy now (E3): once a round, never while Exhausted
/// or Shaken, never down to 0.
pub fn substitution_ok(rules: &Ruleset, u: &UnitSnap) -> bool {
    rules.resource == ResourceRule::StaminaAgility
        && !u.footing.substituted
        && !u.has(ConditionKind::Exhausted)
        && !u.has(ConditionKind::Shaken)
        && u.footing.stamina > 1
}

/// Whether `u` can pay `cost` Energy: it has it, or exactly one short with Stamina to
/// stand in.
pub fn can_pay(rules: &Ruleset, u: &UnitSnap, cost: u32) -> bool {
    u.ap >= cost || (cost == u.ap + 1 && substitution_ok(rules, u))
}

/// Whether a voluntary Stamina spend of `amount` leaves `u` above 0 and is allowed.
pub fn can_spend_stamina(u: &UnitSnap, amount: i32) -> bool {
    amount == 0
        || (u.footing.stamina > amount
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
    let s = stats.seed002.speed;
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
