//! The review's fixes to the computer player (issue 37): each test sets up the position a
//! review found `Hard` mis-weighing, and checks the exact command it now takes.

mod common;

use skirmish::battle::events::{Command, HeldAction, ReadyTrigger};
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rules::grid::Dir8;

/// Seed002's Catch Your Breath by a unit whose Stamina starves its rounds of a blow (I1:
/// Energy = min(5, Stamina); a Melee Attack costs 3; E3's Stamina never pays to 0). A, at
/// Stamina 1, stands next to B with 1 Energy: keeping it for a Swift Attack that B never
/// provokes kept Hard passing every round (marsh_road, seed 159: both sides passed to the
/// round limit). Catching its breath gives A an Energy more each round until it can strike.
#[test]
fn seed002_hard_catches_its_breath_where_its_stamina_leaves_no_blow() {
    let mut f = common::seed002::duel(
        r#"(weapons: ["sword"], stamina: 1)"#,
        r#"(weapons: ["sword"])"#,
    )
    .start_with(&[], None);
    assert_eq!(f.active(), "A");
    assert_eq!(f.unit("A").ap, 1);
    let breath = Command::from(Seed002Command::CatchBreath { unit: "A".into() });
    assert_eq!(f.choice(Player::Hard), breath);
}

/// The guard: the same starved A (Stamina 2) beside an Unguarded B (its Trip missed, the
/// dice of `x1c_…`) has a blow for 1 Energy, a Swift Attack as its action (X1 c): Hard
/// strikes rather than catch its breath.
#[test]
fn seed002_hard_starved_of_energy_still_strikes_an_unguarded_enemy() {
    let mut f = common::seed002::after_a_missed_trip(r#"(weapons: ["sword"], stamina: 2)"#);
    assert_eq!(
        f.choice(Player::Hard),
        common::seed002::swift_sword("A", "B")
    );
}

/// Seed003's Ready an Action (X5) weighs reach by the rules' `melee_reaches`: W stands in a
/// nook whose one open neighbour, (1,1), is diagonal between two walls, so no blow crosses
/// it either way. E can walk to (1,1) but never into W's reach: Hard readies nothing (it
/// readied a blow, counting the tile's distance alone).
#[test]
fn seed003_hard_readies_nothing_for_an_enemy_that_can_only_stand_across_a_corner() {
    let mut f = common::seed003::arena(&["W#........", "#........."])
        .unit("W", "Red", "fighter", (0, 0), Dir8::E)
        .unit("E", "Blue", "fighter", (9, 1), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 4], None);
    let ready = Command::Ready {
        unit: "W".into(),
        weapon: None,
        action: Some(HeldAction::Attack(None)),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    };
    let taken = f.play_turn(Player::Hard);
    assert!(!taken.contains(&ready), "{taken:?}");
}
