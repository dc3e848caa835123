//! The computer player's use of Seed000's own actions (issue 37, presets/Seed000.md): each
//! test sets up an arena where the action pays and checks the command `Hard` chooses.

mod common;

use common::seed000::{HALL, seed000, start, unit_with};
use common::*;
use skirmish::battle::events::{Command, HeldAction, Trigger};
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed000::{Seed000Command, Seed000Event};
use skirmish::rules::ruleset::ConditionKind;

fn hold(u: &str) -> Command {
    Command::from(Seed000Command::Hold {
        unit: u.into(),
        action: HeldAction::Attack(None),
        trigger: Trigger::EnemyAttack(None),
    })
}

/// Held action [000:9]: Seed000 gives no free opportunity attack, and nothing carries over.
/// A (a slow fighter, 1 m of movement) could only walk into B's reach with all its AP,
/// handing B the first blow; B will walk in to strike it anyway. Hard holds an attack
/// instead (then walks its free metre), and the blow lands on B as it attacks, before its
/// d20; Normal spends its AP walking in.
#[test]
fn held_action_hard_holds_an_attack_for_the_enemy_that_will_walk_in() {
    let arena = unit_with(
        seed000(&HALL),
        "A",
        "Blue",
        "fighter",
        (1, 2),
        "(initiative: 3, movement: 1)",
    );
    let arena = unit_with(arena, "B", "Red", "fighter", (6, 2), "(initiative: 1)");
    let mut normal = start(arena.clone(), &[]);
    assert!(!normal.play_turn(Player::Normal).contains(&hold("A")));
    let mut f = start(arena, &[15, 3, 2, 1, 1, 1]);
    let taken = f.play_turn(Player::Hard);
    assert_eq!(taken[0], hold("A"), "{taken:?}");
    assert!(f.has("A", ConditionKind::Holding));
    assert_eq!(f.active(), "B");
    let a = f.pos("A");
    f.ok(mv("B", (a.x + 1, a.y + 1)));
    let ev = f.ok(attack("B", "A"));
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed000Event::HeldActionFired { unit, against, .. }) if unit == "A" && against == "B"
    )));
    assert_eq!(attacks(&ev)[0].attacker, "A");
}
