//! The computer player's footwork and holds (issue 37): Seed002's Shift as an action and
//! Seed003's Drag. Each test sets up an arena where the action pays and
//! checks the exact command `Hard` takes, with a guard where it should not; each is named
//! after the rule it relies on (presets/Seed002.md, presets/Seed003.md).

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;

/// Blue A (the scenarios' duelist, sword only, with `a_over`) at (1,1), Red B (sword) at
/// (`bx`,1) on an open map; A acts first.
fn shift_room(a_over: &str, bx: i32) -> Fight {
    common::seed002::arena(&["........", "........", "........"])
        .unit_with("A", "Blue", "duelist", (1, 1), Dir8::E, a_over)
        .unit_with(
            "B",
            "Red",
            "duelist",
            (bx, 1),
            Dir8::W,
            r#"(weapons: ["sword"])"#,
        )
        .start_with(&[], None)
}

/// M4, M1, X1 b: A (Stamina 1: 1 Energy, no melee blow this round) closes a metre on B. A
/// Run of it costs the 1 Energy; a Shift paid in 2 Agility steps onto the same tile, draws
/// the same Swift Attacks and keeps the Energy for A's own Swift Attack when B steps in.
/// Hard Shifts where Normal Runs, and A keeps its Energy.
#[test]
fn m4_hard_shifts_for_agility_where_a_run_would_spend_its_last_energy() {
    let mut f = shift_room(r#"(weapons: ["sword"], stamina: 1)"#, 4);
    assert_eq!(f.active(), "A");
    assert_eq!(f.unit("A").ap, 1);
    let run = Command::Move {
        unit: "A".into(),
        to: Pos::new(2, 0),
    };
    assert_eq!(f.choice(Player::Normal), run);
    let shift = Command::from(Seed002Command::Shift {
        unit: "A".into(),
        to: Pos::new(2, 0),
        agility: Some(true),
    });
    assert_eq!(f.choice(Player::Hard), shift);
    f.ok(shift);
    assert_eq!(f.pos("A"), Pos::new(2, 0));
    assert_eq!(f.unit("A").ap, 1);
}

/// Guard: at Speed 1 A's metre costs a Run 3 of its 5 Energy, and A, with Energy for a
/// Melee Attack still this round and no enemy in reach of the tile, keeps its Agility for
/// the agile steps that carry that blow to B: Hard Runs.
#[test]
fn m4_hard_keeps_its_agility_for_agile_steps_while_it_has_a_blow_left() {
    let mut f = shift_room(r#"(weapons: ["sword"], speed: 1)"#, 7);
    assert_eq!(f.unit("A").ap, 5);
    let c = f.choice(Player::Hard);
    assert!(
        matches!(c, Command::Move { to, .. } if to.is_adjacent(Pos::new(1, 1))),
        "{c:?}"
    );
}

/// Red A (might 2, speed 2: 8 AP) at (2,1) next to Blue G (1,1), and Red B and C (might 5)
/// at `allies`, all faster than G: the initiative dice give A 24, B 19, C 19, G 14; then
/// A's Grapple hits (dice 5, 5, 5), leaving A 4 AP and G held.
fn drag_room(allies: [(i32, i32); 2]) -> Fight {
    let dice = [5, 5, 5, 5, 5, 4, 5, 5, 4, 3, 3, 3, 5, 5, 5];
    let mut f = common::seed003::arena(&[".......", ".......", "......."])
        .unit_with(
            "A",
            "Red",
            "fighter",
            (2, 1),
            Dir8::W,
            "(speed: 2, initiative: 4)",
        )
        .unit_with("B", "Red", "fighter", allies[0], Dir8::W, "(might: 5)")
        .unit_with("C", "Red", "fighter", allies[1], Dir8::N, "(might: 5)")
        .unit("G", "Blue", "fighter", (1, 1), Dir8::E)
        .start_with(&dice, None);
    assert_eq!(f.active(), "A");
    f.declared(grab("A", "G"));
    assert!(f.has("G", ConditionKind::Grappling));
    assert_eq!(f.unit("A").ap, 4);
    f
}

/// C5: A's own blow on G is light, while B and C, which act before G, hit hard but stand
/// two tiles off. A Drag of two steps (2 AP, 1 AP of movement: A to (3,1), then (3,0))
/// hauls G into (3,1), between B, C and A. Hard drags where Normal strikes.
#[test]
fn c5_hard_drags_the_enemy_it_holds_into_its_allies_reach() {
    let mut f = drag_room([(4, 0), (4, 2)]);
    let c = f.choice(Player::Normal);
    assert!(matches!(c, Command::Attack { .. }), "{c:?}");
    let drag = Command::from(Seed003Command::Drag {
        unit: "A".into(),
        ap: 1,
        path: vec![Pos::new(3, 1), Pos::new(3, 0)],
    });
    assert_eq!(f.choice(Player::Hard), drag);
}

/// Guard: with B and C beyond where two steps can bring G, a Drag gains nothing: Hard
/// does not drag.
#[test]
fn c5_hard_does_not_drag_where_no_ally_would_reach_the_enemy() {
    let mut f = drag_room([(6, 0), (6, 2)]);
    let c = f.choice(Player::Hard);
    assert!(
        !matches!(c.clone(), Command::Book(b) if format!("{b:?}").contains("Drag")),
        "{c:?}"
    );
}
