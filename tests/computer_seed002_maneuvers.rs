//! The computer player's use of the rest of Seed002's action set (issue 37): getting up
//! from Prone (Kneel, then Stand) and the Sprint. Each test sets up an arena where the
//! action pays, and checks the exact command `Hard` takes, and one where it does not.

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// The scenarios' catalog with a hooked blade beside the sword: the sword's numbers (av
/// 17, 1d8+2) and a hit knocks the target Prone (as a wolf's fangs do).
fn catalog() -> String {
    common::seed002::CATALOG.replace(
        r#""sword":"#,
        r#""hook": (kind: Melee, damage: "1d8+2", av: 17, on_hit: [(condition: Prone, duration: UntilRemoved)]), "sword":"#,
    )
}

/// A (a sword) and B (the hook) face each other; Blue never reacts. Blue passes, and B
/// hooks A (Combat roll 10, Evasion 2 + 10 ≤ 17, on armor, 5 + 2 − 2): A lies Prone next
/// to B, whose round's Swift Attack is unused and who has 2 Energy left.
fn a_hooked_down() -> Fight {
    let mut f = common::seed002::duel_on(
        &["........", "........", "........"],
        r#"(weapons: ["sword"])"#,
        r#"(weapons: ["hook"])"#,
    )
    .catalog(&catalog())
    .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Always)"#)
    .start_with(&[10, 2, 5], None);
    f.ok(end("A"));
    f.ok(attack_with("B", "A", "hook"));
    assert!(f.has("A", ConditionKind::Prone));
    f
}

/// M6 (Kneel, 1 Energy: Prone → Kneeling and Unguarded; Stand, 1 Energy). A lies Prone and
/// B Runs out of its reach (A may only crawl: M6): with no blow to strike, A gets up,
/// Kneeling (no enemy in reach to make a Swift Attack on it as it becomes Unguarded), then
/// Standing. Normal stays down.
#[test]
fn m6_hard_kneels_then_stands_when_it_has_nothing_to_strike_from_the_ground() {
    let mut f = a_hooked_down();
    f.ok(end("A"));
    f.ok(mv("B", (5, 1)));
    assert_eq!(f.active(), "A");
    let kneel = Command::from(Seed002Command::Kneel { unit: "A".into() });
    assert_ne!(f.choice(Player::Normal), kneel);
    assert_eq!(f.choice(Player::Hard), kneel);
    f.ok(kneel);
    assert!(f.has("A", ConditionKind::Kneeling));
    f.ok(end("B"));
    let stand = Command::StandUp { unit: "A".into() };
    assert_eq!(f.choice(Player::Hard), stand);
    f.ok(stand);
    assert!(!f.has("A", ConditionKind::Kneeling) && !f.has("A", ConditionKind::Prone));
}

/// M6 and X1 (a): A lies Prone next to B, whose Swift Attack is unused. A Kneel would make A
/// Unguarded and draw that Swift Attack at once, a whole blow, which costs more than
/// standing spares A of B's blows (the disadvantage Prone puts on A's Evasion rolls, H6):
/// Hard fights on from the ground.
#[test]
fn m6_hard_stays_down_where_its_kneel_would_draw_a_swift_attack() {
    let mut f = a_hooked_down();
    assert_eq!(f.active(), "A");
    let hard = f.choice(Player::Hard);
    assert!(matches!(hard, Command::Attack { .. }), "{hard:?}");
}

/// An open field, A (Speed 6, a sword) at its west end and B at its east end, 12 m apart.
fn far_apart(a_over: &str) -> Fight {
    common::seed002::arena(&["..............", "..............", ".............."])
        .unit_with("A", "Blue", "duelist", (0, 1), Dir8::E, a_over)
        .unit_with(
            "B",
            "Red",
            "duelist",
            (12, 1),
            Dir8::W,
            r#"(weapons: ["sword"])"#,
        )
        .start_with(&[], None)
}

/// M2 (Sprint: 3 Energy and a Stamina, Speed and half again, against a Run's Speed for the
/// same 3 Energy). A closes in on B across the field: its best Run ends 6 m on, a Sprint
/// 9 m on, nearer B, with the same Energy. Hard Sprints; Normal Runs.
#[test]
fn m2_hard_sprints_where_a_run_falls_short() {
    let mut f = far_apart(r#"(weapons: ["sword"])"#);
    assert_eq!(f.active(), "A");
    let normal = f.choice(Player::Normal);
    assert!(matches!(normal, Command::Move { .. }), "{normal:?}");
    let hard = f.choice(Player::Hard);
    let Command::Sprint { to: Some(to), .. } = hard else {
        panic!("a Sprint: {hard:?}");
    };
    assert!(to.distance(f.pos("A")) > 6, "beyond a Run: {to:?}");
    f.ok(hard);
    assert_eq!(f.unit("A").ap, 2);
}

/// M2 and E1 (Energy = min(5, Stamina)): with Stamina 5, the Sprint's Stamina would cost
/// A next round's fifth Energy: Hard Runs.
#[test]
fn m2_hard_runs_where_the_sprints_stamina_would_cost_an_energy() {
    let mut f = far_apart(r#"(weapons: ["sword"], stamina: 5)"#);
    let hard = f.choice(Player::Hard);
    assert!(matches!(hard, Command::Move { .. }), "{hard:?}");
}
