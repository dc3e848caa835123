//! The computer player's use of Seed003's own actions (issue 37, presets/Seed003.md): each
//! test sets up an arena where one action pays and checks the exact command `Hard` takes.

mod common;

use common::*;
use skirmish::battle::events::{Command, HeldAction, ReadyTrigger};
use skirmish::battle::players::Player;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// The commands `player` gives the active unit `u` until it ends its turn (at most 12).
fn turn_of(f: &mut Fight, u: &str, player: Player) -> Vec<Command> {
    let mut taken = Vec::new();
    for _ in 0..12 {
        assert_eq!(f.active(), u);
        let cmd = f.choice(player);
        taken.push(cmd.clone());
        if matches!(cmd, Command::EndTurn { .. }) {
            break;
        }
        f.declared(cmd);
    }
    taken
}

fn ready(u: &str) -> Command {
    Command::Ready {
        unit: u.into(),
        weapon: None,
        action: Some(HeldAction::Attack(None)),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    }
}

/// Seed003, X5: Ready an Action costs 1 AP, and the readied blow is struck (at its own AP)
/// when an enemy ends a step in reach, before the blow that enemy walked in for. W (6 AP)
/// stands 9 tiles from E: walking in (4 AP) and striking (a Quick Attack's 3) is more than
/// it holds, and E (rate 8, 12 yards for its 6 AP) can walk into its reach in its own turn.
/// Normal walks up to E with its last AP (E strikes first); Hard readies a blow and holds,
/// its AP kept.
#[test]
fn x5_hard_readies_a_blow_for_an_enemy_that_can_walk_into_its_reach() {
    let start = || {
        common::seed003::arena(&[".........."])
            .unit("W", "Red", "fighter", (0, 0), Dir8::E)
            .unit("E", "Blue", "fighter", (9, 0), Dir8::W)
            .start_with(&[5, 5, 5, 3, 3, 4], None)
    };
    let mut normal = start();
    let taken = turn_of(&mut normal, "W", Player::Normal);
    assert!(
        !taken.iter().any(|c| matches!(c, Command::Ready { .. })),
        "{taken:?}"
    );
    let mut f = start();
    let taken = turn_of(&mut f, "W", Player::Hard);
    assert_eq!(taken, vec![ready("W"), end("W")]);
    assert!(f.has("W", ConditionKind::Readied));
    assert_eq!(f.unit("W").ap, 5);
}

/// Seed003, X5: no enemy can walk into W's reach (a wall closes the one row), so a readied
/// blow would never be struck: Hard ends its turn without readying.
#[test]
fn x5_hard_readies_nothing_where_no_enemy_can_reach_it() {
    let mut f = common::seed003::arena(&[".#."])
        .unit("W", "Red", "fighter", (0, 0), Dir8::E)
        .unit("E", "Blue", "fighter", (2, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 4], None);
    let taken = turn_of(&mut f, "W", Player::Hard);
    assert!(
        !taken.iter().any(|c| matches!(c, Command::Ready { .. })),
        "{taken:?}"
    );
}
