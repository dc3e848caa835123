//! Seed002's lines on a unit's card in the side panel (presets/Seed002.md): its Aura,
//! defences, Stamina and Agility; its Energy, Run price and Swift Attack. Text only.

use super::footing::{RUN_THIRDS, speed_of};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::stats::Seed002Of;
use crate::rules::ruleset::Ruleset;

/// Seed002's Aura, defences, Stamina and Agility (presets/Seed002.md).
pub fn seed002_line(u: &UnitSnap) -> String {
    let s = u.stats.seed002();
    let f = u.own.footing();
    format!(
        "Aura {}/{}   Stamina {}/{}   Agility {}/{}   Speed {} m\nEvasion d10+{} (guard {})   Ranged Evasion d4+{}   Fortitude d10+{}   Armor {} (coverage {})",
        u.vitality,
        u.max_vitality,
        f.stamina,
        s.stamina,
        f.agility,
        s.max_agility,
        s.speed,
        s.melee_evasion,
        s.guard,
        s.ranged_evasion,
        s.fortitude,
        u.stats.armor,
        s.coverage,
    )
}

/// Seed002's Energy, Run cost and Swift Attack, in place of AP, movement and attacks.
pub fn seed002_resources(u: &UnitSnap, rules: &Ruleset) -> String {
    let swift = if u.reactions.swift_used {
        "Swift Attack used"
    } else {
        "Swift Attack ready"
    };
    format!(
        "Energy {}/{} this round   {swift}\nRun: 1 Energy per {:.1} m",
        u.ap,
        rules.ap_per_turn,
        f64::from(speed_of(u)) / f64::from(RUN_THIRDS),
    )
}
