//! Seed003's test rooms (presets/Seed003.md, "Acceptance scenarios"): the scenarios'
//! default combatant and weapons, shared by the scenarios (`preset003.rs`) and the preview
//! checks (`preview_seed003.rs`).

use super::{Arena, Fight};
use skirmish::battle::Command;
use skirmish::battle::events::BattleEvent;
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rulebooks::seed003::Seed003Event;
use skirmish::rulebooks::seed003::reports::{CheckReport, WoundReport};
use skirmish::rulebooks::seed003::work::ActFirst;
use skirmish::rules::grid::Dir8;

/// The scenarios' weapons and the default combatant: Medium, speed 0, move rate 8, vit 0,
/// persona 0, stamina 10, a full track, evasion 14 (ranged too), armor 2, might 2, agility
/// 1, `initiative` 0, a sword (hit 4, wound damage 2, reach 1).
pub const CATALOG: &str = r#"
    weapons: {
        "sword": (kind: Melee, hit: 4, damage: "1d8+2", wound_damage: 2),
        "spear": (kind: Melee, hit: 3, damage: "1d8", wound_damage: 1, reach: 2),
        "longbow": (kind: Ranged, hit: 5, damage: "1d8+1", wound_damage: 1, range: (20, 60)),
        "ripper": (kind: Melee, hit: 4, damage: "1d6", wound_damage: 1, on_hit: [(condition: Bleeding)]),
        "piercer": (kind: Melee, hit: 4, damage: "1d6", wound_damage: 2, penetrating: true),
        "venom": (kind: Melee, hit: 4, damage: "1d6", wound_damage: 2, damage_type: Poison),
    },
    templates: {
        "fighter": (vitality: 20, evasion: 14, armor: 2, movement: 3, initiative: 0, might: 2,
            agility: 1, speed: 0, move_rate: 8, vit: 0, persona: 0, stamina: 10,
            ranged_evasion: 14, weapons: ["sword"]),
    },
"#;

/// A Seed003 arena: Red listed first, then Blue, both asked.
pub fn arena(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(CATALOG)
        .rules("(preset: Seed003)")
        .sides(r#"(name: "Red", reactions: Ask), (name: "Blue", reactions: Ask)"#)
}

/// A Seed003 arena on the map `rows` with Red's A (the default fighter, with `a_over`) at
/// (1,1) facing E, where the scenarios put the actor.
pub fn red_a(rows: &[&str], a_over: &str) -> Arena {
    arena(rows).unit_with("A", "Red", "fighter", (1, 1), Dir8::E, a_over)
}

/// Scenario 8's spear room: a row of `len` open tiles, Red's spearman S (the default
/// fighter with a spear, reach 2, might 3, evasion 13, and the overrides `s_more`) at (0,0)
/// facing E, and Blue's W (the default fighter, with `w_over`) at (`w_at`,0) facing W.
pub fn spear_room(len: usize, w_at: i32, s_more: &str, w_over: &str) -> Arena {
    let row = ".".repeat(len);
    let s_over = format!(r#"(weapons: ["spear"], might: 3, evasion: 13, {s_more})"#);
    arena(&[row.as_str()])
        .unit_with("S", "Red", "fighter", (0, 0), Dir8::E, &s_over)
        .unit_with("W", "Blue", "fighter", (w_at, 0), Dir8::W, w_over)
}

/// The checks and attacks among events.
pub fn checks(ev: &[BattleEvent]) -> Vec<CheckReport> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed003Event::CheckRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// The wounds among events.
pub fn wounds(ev: &[BattleEvent]) -> Vec<WoundReport> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed003Event::WoundTaken(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// Whether the events open a window for `side`.
pub fn window_for(ev: &[BattleEvent], side: &str) -> bool {
    ev.iter().any(
        |e| matches!(e.of_book(), Some(Seed003Event::WindowOpened { side: s, .. }) if s == side),
    )
}

/// The side passes the window.
pub fn pass(side: &str) -> Command {
    Command::from(Seed003Command::Pass { side: side.into() })
}

impl Fight {
    /// Send a command; while it opens windows, let each side asked pass. All the events.
    pub fn declared(&mut self, c: Command) -> Vec<BattleEvent> {
        let mut ev = self.ok(c);
        while let Some(side) = ev.iter().rev().find_map(|e| match e.of_book()? {
            Seed003Event::WindowOpened { side, .. } => Some(side.clone()),
            _ => None,
        }) {
            let asked = self.h.with_view(|v| v.awaiting.cloned());
            let act_first = asked.as_ref().and_then(|q| q.of_book::<ActFirst>());
            if act_first.is_none() {
                break;
            }
            ev = self.ok(pass(&side));
        }
        ev
    }

    /// Current initiative, AP, stamina and fatigue.
    pub fn initiative(&mut self, u: &str) -> i32 {
        self.unit(u).initiative.total
    }
}

/// W (speed 4, so 11 AP, and 2 Stamina) next to T (evasion 12, armor 3), both asked.
pub fn dasher_and_target(dice: &[u32]) -> Fight {
    arena(&["......"])
        .unit_with(
            "W",
            "Red",
            "fighter",
            (0, 0),
            Dir8::E,
            "(speed: 4, stamina: 2)",
        )
        .unit_with(
            "T",
            "Blue",
            "fighter",
            (1, 0),
            Dir8::W,
            "(evasion: 12, armor: 3)",
        )
        .start_with(dice, None)
}
