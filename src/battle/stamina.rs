//! Seed002's Energy and Stamina as the assessment sees them (presets/Seed002.md, E3, S1):
//! whether Stamina may stand in for a missing Energy, whether an action's Energy can be
//! paid, whether Stamina may be spent. Paying is `energy.rs`.

use super::snapshot::UnitSnap;
use crate::rules::ruleset::{ConditionKind, ResourceRule, Ruleset};

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
