//! Seed003's lines on the window's side panel: the AP it carries with what Speed gives,
//! Stamina and fatigue, initiative and the round's movement; its wound track, Defenses
//! and Toughness.

use super::rules::{WoundLevel, max_ap, round_start_ap, slots, turn_end_ap};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::track::Seed003Track;

/// Seed003's AP carried over with what Speed gives, Stamina and fatigue, initiative, the
/// round's movement.
pub fn resource_line(u: &UnitSnap) -> String {
    let s = u.stats.seed003();
    let t = u.own.track();
    let fatigue = if t.fatigue > 0 {
        format!(" (fatigue {})", t.fatigue)
    } else {
        String::new()
    };
    format!(
        "AP {} carried (most {}; +{} each round, +{} at its turn's end)\nStamina {}/{}{fatigue}   Initiative {}\nMove: {} m left, rate {} yards per 4 AP{}",
        u.ap,
        max_ap(s.speed),
        round_start_ap(s.speed),
        turn_end_ap(s.speed),
        t.stamina,
        t.max_stamina(&u.stats),
        u.initiative.total,
        u.pool.metres,
        t.rate,
        if t.dashes > 0 { " (Dashing)" } else { "" },
    )
}

/// Seed003's wound track, Defenses and Toughness.
pub fn defence_line(u: &UnitSnap) -> String {
    let s = u.stats.seed003();
    let slots = slots(s);
    let track: Vec<String> = WoundLevel::ALL
        .iter()
        .map(|l| {
            let i = l.index();
            format!(
                "{} {}/{}",
                &l.to_string()[..1],
                u.own.track().filled[i],
                slots[i]
            )
        })
        .collect();
    format!(
        "Wounds {} ({:?} track)\nDefense {} melee, {} ranged   Toughness {} (vit {}, size {}, armor {})",
        track.join(" "),
        s.wound_track,
        u.stats.evasion,
        s.ranged_evasion,
        s.vit + u.stats.size.value() + u.stats.armor,
        s.vit,
        u.stats.size.value(),
        u.stats.armor,
    )
}
