//! What a list of weapons is worth a blow on an enemy next to the striker, for `Hard`'s weighing of a weapon taken or taken back (Seed000's Disarm, Seed001's Manipulate), and a blow at a given roll.

use super::{attacks_left_of, attacks_paid, hit_worth};
use crate::battle::command::View;
use crate::battle::snapshot::UnitSnap;
use crate::rules::combat::{RollMode, hit_chance};
use crate::rules::unit::Weapon;

/// What a weapon taken or taken back is worth on the planner's scale: `per_blow` (what each
/// blow gains with it) times the blows a whole turn pays for (`attacks_paid` on a turn's AP,
/// at least one) for `turns` of its turns, plus `strike` (the striker's best attack now) for
/// each blow `me`'s AP left after the action pay for, within the attacks the rules' limit
/// leaves it this round (`attacks_left_of`). Seed000's Disarm and Seed001's Manipulate.
pub fn weapon_turns_worth(
    view: &View,
    me: &UnitSnap,
    per_blow: f64,
    turns: f64,
    ap_left: u32,
    strike: f64,
) -> f64 {
    turns_of_blows(view, per_blow, turns) + f64::from(attacks_left_of(view, me, ap_left)) * strike
}

/// `per_blow` for each blow of `turns` whole turns: the blows a turn's AP pay for
/// (`attacks_paid`, at least one: no more than the rules' attacks a round) times the turns.
pub fn turns_of_blows(view: &View, per_blow: f64, turns: f64) -> f64 {
    let blows = f64::from(attacks_paid(view, view.ctx.rules.ap_per_turn).max(1));
    per_blow * blows * turns
}

/// The best of the blows of `weapons` on `v` next to the striker (`blow_in_melee`).
pub fn best_blow(view: &View, weapons: &[Weapon], v: &UnitSnap) -> f64 {
    weapons
        .iter()
        .map(|w| blow_in_melee(view, w, v))
        .fold(0.0, f64::max)
}

/// A blow of `w` on `v` next to the striker: a ranged weapon's at disadvantage in melee
/// (`blow_at`).
fn blow_in_melee(view: &View, w: &Weapon, v: &UnitSnap) -> f64 {
    let mode = if w.is_melee() {
        RollMode::Normal
    } else {
        RollMode::Disadvantage
    };
    blow_at(view, w, v, mode)
}

/// A blow of `w` on `v` at roll `mode`: the hit's chance times what a plain hit takes out
/// (`hit_worth`).
pub fn blow_at(view: &View, w: &Weapon, v: &UnitSnap, mode: RollMode) -> f64 {
    hit_chance(w.hit, v.stats.evasion, mode).0.value() * hit_worth(&view.ctx, w, v)
}
