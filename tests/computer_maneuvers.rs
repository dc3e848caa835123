//! The computer player's use of Core's maneuvers (issue 37): Escape, Sprint and Charge. Each
//! test sets up an arena where the maneuver pays and checks the exact command `Hard` takes
//! there (and, where it matters, that it does not take it where it does not pay).

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;

fn escape(u: &str) -> Command {
    Command::Escape { unit: u.into() }
}

fn sprint(u: &str) -> Command {
    Command::Sprint {
        unit: u.into(),
        to: None,
    }
}

/// B (a tank) held by G (a tank, with `g`'s overrides) under `objectives`: G grabs first
/// (20 against 1), then B's turn.
fn held_by(g: &str, objectives: &str) -> Fight {
    let mut f = Arena::new(&["..........", ".........."])
        .unit("B", "Blue", "tank", (0, 0), Dir8::E)
        .unit_with("G", "Red", "tank", (1, 1), Dir8::NW, g)
        .objectives(objectives)
        .start(&[1, 6, 20, 1]);
    assert_eq!(f.active(), "G");
    f.ok(grab("G", "B"));
    assert!(f.has("B", ConditionKind::Restrained));
    f.ok(end("G"));
    assert_eq!(f.active(), "B");
    f
}

/// RULES §4, Escape; §9, Restrained (cannot move, disadvantage on attacks). B, held by a
/// grappler it can hardly hit (Evasion 30), would walk the 3 m to the area its side wins by
/// reaching: being held costs it the walk, so Hard escapes (then its free metres take it
/// there). Normal never escapes.
#[test]
fn hard_escapes_a_hold_that_costs_it_the_walk() {
    let mut f = held_by(
        "(evasion: 30)",
        r#"ReachArea(side: "Blue", tiles: [(3, 0)], count: 1)"#,
    );
    assert_eq!(f.choice(Player::Hard), escape("B"));
    assert_ne!(f.choice(Player::Normal), escape("B"));
}

/// The other side of it: held by a frail grappler it can put Down, B strikes it (its AP
/// pay for one blow, an Escape leaves too few for one).
#[test]
fn hard_strikes_a_frail_grappler_rather_than_escape() {
    let mut f = held_by("(evasion: 6, vitality: 3)", "");
    assert_eq!(f.choice(Player::Hard), attack_with("B", "G", "blade"));
}

/// RULES §4, Sprint: 3 AP add 4 × movement to the pool, where 3 AP of Move add 3 ×. A
/// tank (movement 3) closing in along a corridor on a far enemy reaches 12 m with its pool
/// and three Moves, 15 m after a Sprint: Hard sprints, then walks the 15 m free. Normal
/// walks 12 m.
#[test]
fn hard_sprints_where_the_sprint_reaches_further() {
    let mut f = Arena::new(&[
        "..............................",
        "#############################.",
    ])
    .unit("B", "Blue", "tank", (0, 0), Dir8::E)
    .unit("D", "Red", "dummy", (29, 1), Dir8::W)
    .start(&[6, 1]);
    assert_eq!(f.active(), "B");
    let normal = f.choice(Player::Normal);
    assert_eq!(normal, mv("B", (12, 0)));
    assert_eq!(f.choice(Player::Hard), sprint("B"));
    f.ok(sprint("B"));
    assert_eq!(f.choice(Player::Hard), mv("B", (15, 0)));
    f.ok(mv("B", (15, 0)));
    assert_eq!(f.pos("B"), Pos::new(15, 0));
}

/// RULES §4, Charge: a straight run of 3 m or more, then a Shove that pushes 3 m; §8, a
/// creature pushed into a wall takes collision damage. T (Evasion 30, 3 vitality) stands
/// 2 m before a wall: a Shove would push it 1 m, short of the wall, and blows can hardly
/// hit it, but B's charge (a 4 m run) drives it into the wall. Hard charges; Normal, which
/// never charges, does not.
#[test]
fn hard_charges_an_enemy_into_a_wall() {
    let mut f = Arena::new(&["..........", ".......#..", ".........."])
        .unit("B", "Blue", "tank", (0, 1), Dir8::E)
        .unit_with(
            "T",
            "Red",
            "fighter",
            (5, 1),
            Dir8::W,
            "(evasion: 30, vitality: 3)",
        )
        .start(&[6, 1]);
    assert_eq!(f.active(), "B");
    assert_eq!(f.choice(Player::Hard), charge("B", "T"));
    assert_ne!(f.choice(Player::Normal), charge("B", "T"));
}

/// Without the wall the charge's push drives T into nothing: Hard does not charge.
#[test]
fn hard_does_not_charge_where_the_push_brings_nothing() {
    let mut f = Arena::new(&["..........", "..........", ".........."])
        .unit("B", "Blue", "tank", (0, 1), Dir8::E)
        .unit_with(
            "T",
            "Red",
            "fighter",
            (5, 1),
            Dir8::W,
            "(evasion: 30, vitality: 3)",
        )
        .start(&[6, 1]);
    assert_ne!(f.choice(Player::Hard), charge("B", "T"));
}
