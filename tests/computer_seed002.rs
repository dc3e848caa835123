//! The computer player's use of Seed002's own actions (issue 37): each test sets up an
//! arena where one action pays, and checks the exact command `Hard` takes where a plainer
//! player does not. Each is named after the rule it relies on (presets/Seed002.md).

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;

/// The scenarios' catalog with a heavy blade beside the sword (av 17 against the duelist's
/// melee_evasion 10: a tie of the Evasion roll is a tenth of its rolls).
fn catalog() -> String {
    common::seed002::CATALOG.replace(
        r#""sword":"#,
        r#""greatsword": (kind: Melee, damage: "3d10+4", av: 17), "sword":"#,
    )
}

/// E2 (Defend, 1 Energy: the defender wins its Evasion roll's ties, H1). A (Stamina 4, so
/// 4 Energy) strikes B (the dice of `preset002_2_…`) and is left with 1 Energy, no melee
/// blow's worth even with a Stamina (E3); B, next to it with a greatsword and 5 Energy,
/// acts next. Defending takes a tenth of B's hits away from A: Hard Defends; Normal, which
/// guards only under turns, does not.
#[test]
fn e2_hard_defends_against_a_heavy_blow_with_energy_no_blow_needs() {
    let mut f = common::seed002::duel(
        r#"(weapons: ["sword"], stamina: 4)"#,
        r#"(weapons: ["greatsword"])"#,
    )
    .catalog(&catalog())
    .start_with(&[2, 4, 5], None);
    f.ok(attack_with("A", "B", "sword"));
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    assert_eq!(f.unit("A").ap, 1);
    let defend = Command::Defend { unit: "A".into() };
    assert_ne!(f.choice(Player::Normal), defend);
    assert_eq!(f.choice(Player::Hard), defend);
    f.ok(defend);
    assert!(f.has("A", ConditionKind::Defending));
    // Defending, and guarded: no second Defend.
    f.ok(end("B"));
    assert_ne!(f.choice(Player::Hard), Command::Defend { unit: "A".into() });
}

/// E2: with 3 Energy, a Defend would leave too little for A's own blow, which is worth
/// more: Hard strikes.
#[test]
fn e2_hard_keeps_the_energy_of_its_own_blow_rather_than_defend() {
    let mut f = common::seed002::duel(
        r#"(weapons: ["sword"], stamina: 3)"#,
        r#"(weapons: ["greatsword"])"#,
    )
    .catalog(&catalog())
    .start_with(&[], None);
    assert_eq!(f.active(), "A");
    assert_eq!(f.unit("A").ap, 3);
    let hard = f.choice(Player::Hard);
    assert!(matches!(hard, Command::Attack { .. }), "{hard:?}");
}

/// X1 (c): a Swift Attack may be one's own action, for 1 Energy, against an Unguarded enemy
/// in reach and the front arc. B Trips A and misses (the dice of `preset002_5_…`), which
/// leaves B Unguarded; Blue never reacts, so A's round's Swift Attack is still unused. The
/// same blow costs 1 Energy as a Swift Attack and 3 as a Melee Attack: Hard takes the Swift
/// Attack, Normal the Melee Attack.
#[test]
fn x1c_hard_strikes_an_unguarded_enemy_with_a_swift_attack_as_its_action() {
    let mut f = common::seed002::after_a_missed_trip(r#"(weapons: ["sword"])"#);
    let normal = f.choice(Player::Normal);
    assert!(
        matches!(&normal, Command::Attack { options, .. } if !options.swift),
        "{normal:?}"
    );
    let swift = common::seed002::swift_sword("A", "B");
    assert_eq!(f.choice(Player::Hard), swift);
    f.ok(swift);
    // It was the round's one Swift Attack (X1): A's next choice is no second one.
    assert!(f.unit("A").reactions.swift_used);
    f.ok(end("B"));
    let hard = f.choice(Player::Hard);
    assert!(
        !matches!(&hard, Command::Attack { options, .. } if options.swift),
        "{hard:?}"
    );
}

/// Catch Your Breath (+1 Stamina for 3 Energy, or all it has left): the round's Energy is
/// min(5, Stamina) (I1). A (Stamina 5) Sprints (1 Stamina) and is left with 2 Energy and
/// no enemy within reach of anything (a wall between them): Hard catches its breath,
/// winning back next round's fifth Energy; Normal ends its activation.
#[test]
fn catch_your_breath_when_stamina_would_cap_the_next_rounds_energy() {
    let mut f = common::seed002::arena(&["....#."])
        .unit_with(
            "A",
            "Blue",
            "duelist",
            (0, 0),
            Dir8::E,
            r#"(weapons: ["sword"], stamina: 5)"#,
        )
        .unit_with(
            "B",
            "Red",
            "duelist",
            (5, 0),
            Dir8::W,
            r#"(weapons: ["sword"])"#,
        )
        .start_with(&[], None);
    f.ok(Command::Sprint {
        unit: "A".into(),
        to: Some(Pos::new(3, 0)),
    });
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    assert_eq!(f.unit("A").ap, 2);
    let breath = Command::from(Seed002Command::CatchBreath { unit: "A".into() });
    assert_ne!(f.choice(Player::Normal), breath);
    assert_eq!(f.choice(Player::Hard), breath);
}
