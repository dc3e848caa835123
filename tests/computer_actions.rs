//! The computer player's use of each rulebook's actions (issue 37): each test sets up an
//! arena where one action pays, and checks that `Hard` takes it where a plainer player does
//! not. Each is named after the rule it relies on (presets/SeedNNN.md).

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed003::{Seed003Command, Seed003Event};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// Seed003, I6 and E1: Seize Initiative costs 4 AP for +1d6 initiative, and AP above the
/// most a unit may hold (18 at speed 0) are lost when its turn's end adds 6. W, walled off
/// from its enemy, has nothing to do; in round 2 it holds 18 AP, so 4 of them spent now
/// would be lost anyway at its turn's end: Hard Seizes Initiative (once: with 14 left, a
/// second Seize would cost AP it keeps), Normal ends its turn.
#[test]
fn i6_hard_seizes_initiative_with_ap_its_turns_end_would_lose() {
    let mut f = common::seed003::arena(&[".#."])
        .unit("W", "Red", "fighter", (0, 0), Dir8::E)
        .unit("E", "Blue", "fighter", (2, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3, 4], None);
    assert_eq!(f.active(), "W");
    assert_eq!(f.unit("W").ap, 6);
    assert_ne!(f.choice(Player::Hard), seize("W"), "6 AP are not lost yet");
    f.declared(end("W"));
    f.declared(end("E"));
    assert_eq!(f.active(), "W");
    assert_eq!(f.unit("W").ap, 18);
    let normal = f.choice(Player::Normal);
    assert!(
        matches!(normal, Command::EndTurn { .. } | Command::Face { .. }),
        "{normal:?}"
    );
    let before = f.initiative("W");
    assert_eq!(f.choice(Player::Hard), seize("W"));
    f.ok(seize("W"));
    assert_eq!(f.initiative("W"), before + 4);
    assert_eq!(f.unit("W").ap, 14);
    assert_ne!(f.choice(Player::Hard), seize("W"));
}

fn seize(u: &str) -> Command {
    Command::from(Seed003Command::SeizeInitiative { unit: u.into() })
}

/// Seed003, I4: a combatant faster than the active one may also move out of turn, at no
/// initiative, and the declared action is then cancelled. Red's A (initiative 20) has had
/// its turn; Blue's B (15, speed −4: 4 AP, all of them for a Standard Attack) declares its
/// sword blow on A. A's own blow on B (Defense 20) is worth little, but a step out of the
/// sword's reach leaves B no AP to follow and strike: Hard moves A out of reach, Normal
/// passes. B's blow is cancelled and costs it nothing; A keeps its initiative.
#[test]
fn i4_hard_moves_out_of_a_declared_blows_reach_out_of_turn() {
    let mut f = common::seed003::arena(&[".....", ".....", "....."])
        .unit("A", "Red", "fighter", (1, 1), Dir8::E)
        .unit_with(
            "B",
            "Blue",
            "fighter",
            (2, 1),
            Dir8::W,
            "(evasion: 20, speed: -4)",
        )
        .start_with(&[5, 5, 5, 3, 3, 4], None);
    f.declared(end("A"));
    assert_eq!(f.active(), "B");
    assert_eq!(f.unit("B").ap, 4);
    let ev = f.ok(attack("B", "A"));
    assert!(common::seed003::window_for(&ev, "Red"));
    assert_eq!(f.choice(Player::Normal), common::seed003::pass("Red"));
    let hard = f.choice(Player::Hard);
    let Some(Seed003Command::Interrupt { unit, command }) = hard.of_book::<Seed003Command>() else {
        panic!("Hard acts out of turn: {hard:?}");
    };
    assert_eq!(unit, "A");
    assert!(matches!(**command, Command::Move { .. }), "{command:?}");
    let initiative = f.initiative("A");
    f.ok(hard);
    let pass = common::seed003::pass("Red");
    assert_eq!(f.choice(Player::Hard), pass, "out of reach, it is done");
    let ev = f.ok(pass);
    assert!(
        ev.iter()
            .any(|e| matches!(e.of_book(), Some(Seed003Event::DeclarationCancelled { .. }))),
        "{ev:?}"
    );
    assert!(f.pos("A").distance(f.pos("B")) > 1);
    assert_eq!(f.initiative("A"), initiative, "moving out of turn is free");
    assert_eq!(f.unit("B").ap, 4, "a cancelled declaration costs nothing");
    assert!(common::seed003::wounds(&ev).is_empty());
}

/// Core §4 Trip and §9 Prone: Trip (2 AP) is a contest (A, Might 5, against T's Agility
/// 1), and melee attacks on a Prone target have advantage. Blue's A, B and C stand next to
/// Red's T (Evasion 21: a blade hits on an 18 or better), D's pike reaches it from two
/// tiles off, and B, C and D act before T; a shove would push T out of their reach. A's one
/// blow now is worth less than what advantage adds to B's, C's and D's blows if T falls:
/// Hard trips T, Normal strikes. Played out, T falls Prone.
#[test]
fn s4_trip_hard_knocks_down_an_enemy_its_allies_strike_first() {
    let mut f = common::Arena::new(&[".....", ".....", "....."])
        .unit_with("A", "Blue", "fighter", (1, 1), Dir8::E, "(might: 5)")
        .unit("B", "Blue", "fighter", (1, 0), Dir8::SE)
        .unit("C", "Blue", "fighter", (1, 2), Dir8::NE)
        .unit("D", "Blue", "pikeman", (0, 0), Dir8::SE)
        .unit_with("T", "Red", "fighter", (2, 1), Dir8::W, "(evasion: 21)")
        .start(&[9, 8, 7, 6, 1, 15, 5]);
    assert_eq!(f.active(), "A");
    assert!(
        matches!(f.choice(Player::Normal), Command::Attack { .. }),
        "Normal strikes"
    );
    let hard = f.choice(Player::Hard);
    assert_eq!(hard, common::trip("A", "T"));
    f.ok(hard);
    assert!(f.has("T", ConditionKind::Prone));
}
