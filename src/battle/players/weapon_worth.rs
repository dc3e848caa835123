//! What a list of weapons is worth a blow on an enemy next to the striker, for `Hard`'s weighing of a weapon taken or taken back (Seed000's Disarm, Seed001's Manipulate).

use super::hit_worth;
use crate::battle::command::View;
use crate::battle::snapshot::UnitSnap;
use crate::rules::combat::{RollMode, hit_chance};
use crate::rules::unit::Weapon;

/// The best of the blows of `weapons` on `v` next to the striker (`blow_in_melee`).
pub fn best_blow(view: &View, weapons: &[Weapon], v: &UnitSnap) -> f64 {
    weapons
        .iter()
        .map(|w| blow_in_melee(view, w, v))
        .fold(0.0, f64::max)
}

/// A blow of `w` on `v` next to the striker: the hit's chance (a ranged weapon's at
/// disadvantage in melee) times what a plain hit takes out (`hit_worth`).
fn blow_in_melee(view: &View, w: &Weapon, v: &UnitSnap) -> f64 {
    let mode = if w.is_melee() {
        RollMode::Normal
    } else {
        RollMode::Disadvantage
    };
    hit_chance(w.hit, v.stats.evasion, mode).0.value() * hit_worth(&view.ctx, w, v)
}
