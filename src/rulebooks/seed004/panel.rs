//! Seed004's line on a unit's card in the side panel: its pools, Guard, armor and dice.

use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rulebooks::seed004::stats::Seed004Of;

/// Seed004's pools, Guard, armor and dice (presets/Seed004.md).
pub(super) fn seed004_line(u: &UnitSnap) -> String {
    let s = u.stats.seed004();
    let p = u.own.reserves();
    let armor = match (u.stats.armor, p.armor_rank(&u.stats)) {
        (0, _) => "no armor".to_string(),
        (_, 0) => "armor Broken".to_string(),
        (_, rank) => format!(
            "Armor {rank} {:?} (wear {}/{})",
            s.armor_quality, p.armor, s.armor_durability
        ),
    };
    let shock = if u.has(crate::rules::ruleset::ConditionKind::Shock) {
        format!("   Shock: {} round(s) left", p.shock_rounds)
    } else {
        String::new()
    };
    format!(
        "Durability {}/{}   Health {}/{}   Guard {}   {armor}{shock}\nDice: attack {}, dodge {}, strength {}, skill {}",
        p.durability,
        s.durability,
        p.health,
        s.health,
        s.guard,
        s.agility_dice,
        s.speed_dice,
        s.strength_dice,
        s.skill_dice,
    )
}
