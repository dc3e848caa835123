//! Seed002's test rooms: the catalog and the duelists of the acceptance scenarios
//! (presets/Seed002.md), shared by the scenarios (`preset002.rs`) and the preview checks
//! (`preview_seed002.rs`).

use super::{Arena, Fight, end, trip};
use skirmish::battle::events::{AttackOptions, BattleEvent, Command};
use skirmish::rulebooks::seed002::Seed002Event;
use skirmish::rulebooks::seed002::reports::AvReport;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// The scenarios' weapons and the duelist: vitality 20, melee_evasion 10, ranged_evasion 1,
/// guard 1, fortitude 11, armor 2, coverage 12, stamina 10, Agility 3, speed 6, initiative
/// 2, might 2, agility 1.
pub const CATALOG: &str = r#"
    weapons: {
        "sword": (kind: Melee, damage: "1d8+2", av: 17),
        "shortbow": (kind: Ranged, damage: "1d6+1", accuracy: 4, range: (3, 12, 30), load: 1),
        "torch": (kind: Melee, damage: "1d6", damage_type: Heat, av: 16),
    },
    templates: {
        "duelist": (vitality: 20, evasion: 13, armor: 2, movement: 3, initiative: 2, might: 2,
            agility: 1, melee_evasion: 10, ranged_evasion: 1, guard: 1, fortitude: 11,
            coverage: 12, stamina: 10, max_agility: 3, speed: 6, weapons: ["sword", "shortbow"]),
    },
"#;

/// A Seed002 arena, both sides `Always` unless replaced.
pub fn arena(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(CATALOG)
        .rules("(preset: Seed002)")
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Always)"#)
}

/// The scenarios' default duel: A (1,1) facing E, B (2,1) facing W on an open map.
pub fn duel(a_over: &str, b_over: &str) -> Arena {
    duel_on(&["......", "......", "......"], a_over, b_over)
}

/// The duel's two duelists, Blue A at (1,1) facing E and Red B at (2,1) facing W, on the
/// map `rows`.
pub fn duel_on(rows: &[&str], a_over: &str, b_over: &str) -> Arena {
    arena(rows)
        .unit_with("A", "Blue", "duelist", (1, 1), Dir8::E, a_over)
        .unit_with("B", "Red", "duelist", (2, 1), Dir8::W, b_over)
}

/// The attack reports among events.
pub fn av_rolls(ev: &[BattleEvent]) -> Vec<AvReport> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed002Event::AvRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// X1 c's position: in the duel (A's own values `a_over`, Blue never reacting), A ends its
/// turn, B's Trip misses (the dice 11, 3, 8), and it is A's turn beside an Unguarded B.
pub fn after_a_missed_trip(a_over: &str) -> Fight {
    let mut f = duel(a_over, r#"(weapons: ["sword"])"#)
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Always)"#)
        .start_with(&[11, 3, 8], None);
    f.ok(end("A"));
    f.ok(trip("B", "A"));
    assert!(f.has("B", ConditionKind::Unguarded));
    assert_eq!(f.active(), "A");
    f
}

/// `unit`'s Swift Attack on `target` with its sword.
pub fn swift_sword(unit: &str, target: &str) -> Command {
    Command::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: Some("sword".into()),
        options: AttackOptions {
            swift: true,
            ..AttackOptions::default()
        },
    }
}
