//! Seed004's test rooms: the catalog and the `fighter` of the acceptance scenarios
//! (presets/Seed004.md), shared by the scenarios (`preset004.rs`) and the preview checks
//! (`preview_seed004.rs`).

use super::Arena;
use skirmish::battle::events::BattleEvent;
use skirmish::rulebooks::seed004::Seed004Event;
use skirmish::rulebooks::seed004::reports::{DodgeReport, GuardReport};
use skirmish::rules::grid::Dir8;

/// The scenarios' weapons (all `charge` 0) and the `fighter`.
pub const CATALOG: &str = r#"
    weapons: {
        "sword": (kind: Melee, damage: "1d8", charge: 0),
        "hook": (kind: Melee, damage: "1d6", on_hit: [(condition: Prone)], charge: 0),
        "ripper": (kind: Melee, damage: "1d8", on_crit: [(condition: Bleeding)], charge: 0),
        "greataxe": (kind: Melee, damage: "1d10", charge: 0),
        "torch": (kind: Melee, damage: "1d6", damage_type: Heat, charge: 0),
        "knife": (kind: Melee, damage: "1d4", charge: 0),
        "bow": (kind: Ranged, damage: "1d8", range: (6, 12), charge: 0),
    },
    templates: {
        "fighter": (vitality: 20, evasion: 14, durability: 20, health: 10, guard: 15, armor: 0,
            vigor: 20, stamina: 15, movement: 4, initiative: 0, agility_dice: 1, speed_dice: 1,
            strength_dice: 1, skill_dice: 0, initiative_dice: 0, medicine_dice: 1,
            weapons: ["sword", "bow"]),
    },
"#;

/// A Seed004 arena: Blue listed first, both sides `Never` unless replaced.
pub fn arena(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(CATALOG)
        .rules("(preset: Seed004)")
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Never)"#)
}

/// A Seed004 arena on the map `rows`, both sides `Always`, with Blue's A (a fighter, with
/// `a_over`) at (0,0) facing E.
pub fn blue_a(rows: &[&str], a_over: &str) -> Arena {
    arena(rows)
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Always)"#)
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, a_over)
}

/// The attack rolls against Guard among events.
pub fn guard_rolls(ev: &[BattleEvent]) -> Vec<GuardReport> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed004Event::GuardRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// The Dodge rolls among events.
pub fn dodges(ev: &[BattleEvent]) -> Vec<DodgeReport> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed004Event::DodgeRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// (unit, dealt, critical) of every blow into the pools.
pub fn blows(ev: &[BattleEvent]) -> Vec<(String, i32, bool)> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed004Event::PoolsDamaged {
                unit, breakdown, ..
            } => Some((unit.clone(), breakdown.dealt, breakdown.critical)),
            _ => None,
        })
        .collect()
}
