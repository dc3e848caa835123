//! The computer player's Grab, Release and Delay (issue 37): each test sets up an arena
//! where the action pays and checks the exact command `Hard` takes there, and one beside it
//! where it does not pay.

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

fn release(u: &str) -> Command {
    Command::Release { unit: u.into() }
}

/// G (Red, a tank) stands next to the brute B (Blue: Evasion `b_evasion`, vitality
/// `b_vitality`), and Red's frail archer R (5 vitality) stands 5 m off, within B's walk
/// and strike next turn. G acts first, then B, then R.
fn brute_beside(b: &str) -> Fight {
    let mut f = Arena::new(&["..........", ".........."])
        .unit_with("B", "Blue", "tank", (1, 0), Dir8::E, b)
        .unit("G", "Red", "tank", (0, 0), Dir8::E)
        .unit_with("R", "Red", "archer", (6, 1), Dir8::W, "(vitality: 5)")
        .start(&[3, 6, 1]);
    assert_eq!(f.active(), "G");
    f
}

/// RULES §4, Grab; §9, Restrained (cannot move, disadvantage on its attacks). B would walk
/// to the frail archer R next turn and likely put it Down; G can hardly hit B (Evasion 30).
/// Held, B can only strike G at disadvantage: Hard grabs B. Normal never grabs.
#[test]
fn hard_grabs_a_brute_that_would_walk_to_its_archer() {
    let mut f = brute_beside("(evasion: 30, might: 0)");
    assert_eq!(f.choice(Player::Hard), grab("G", "B"));
    assert_ne!(f.choice(Player::Normal), grab("G", "B"));
}

/// Where G's blow can put B Down (3 vitality, Evasion 6), G strikes rather than grab.
#[test]
fn hard_strikes_rather_than_grab_an_enemy_its_blow_may_put_down() {
    let mut f = brute_beside("(evasion: 6, vitality: 3, might: 0)");
    assert_eq!(f.choice(Player::Hard), attack_with("G", "B", "blade"));
}

/// Once Hard has grabbed, the held unit weighs Escape (issue 37: no computer player grabbed,
/// so Hard's Escape never came up in a game). B, held by G's Grab (Hard's own choice, won
/// 20 against 1), can hardly hit G (Evasion 30) and its side wins by reaching a tile 3 m
/// off: Hard escapes (then its free metres take it there). G ends its turn still beside B.
#[test]
fn hards_grab_brings_hards_escape_into_play() {
    let mut f = Arena::new(&["..........", ".........."])
        .unit_with(
            "B",
            "Blue",
            "tank",
            (1, 0),
            Dir8::E,
            "(evasion: 30, agility: 4)",
        )
        .unit_with("G", "Red", "tank", (0, 0), Dir8::E, "(evasion: 30)")
        .unit_with("R", "Red", "archer", (6, 1), Dir8::W, "(vitality: 5)")
        .objectives(r#"ReachArea(side: "Blue", tiles: [(4, 0)], count: 1)"#)
        .start(&[3, 6, 1, 20, 1]);
    assert_eq!(f.active(), "G");
    let grab_cmd = f.choice(Player::Hard);
    assert_eq!(grab_cmd, grab("G", "B"));
    f.ok(grab_cmd);
    assert!(f.has("B", ConditionKind::Restrained));
    f.ok(end("G"));
    assert_eq!(f.active(), "B");
    assert_eq!(f.choice(Player::Hard), Command::Escape { unit: "B".into() });
}

/// G holding B (B with overrides `b`, grabbed in round 1, 20 against 1), with Red's frail
/// archer R 5 m off where `with_archer`; round 2, G's turn.
fn held_in_round_two(b: &str, with_archer: bool) -> Fight {
    let mut a = Arena::new(&["..........", ".........."])
        .unit_with("B", "Blue", "tank", (1, 0), Dir8::E, b)
        .unit("G", "Red", "tank", (0, 0), Dir8::E);
    let mut dice = vec![3, 6];
    if with_archer {
        a = a.unit_with("R", "Red", "archer", (6, 1), Dir8::W, "(vitality: 5)");
        dice.push(1);
    }
    dice.extend([20, 1]);
    let mut f = a.start(&dice);
    f.ok(grab("G", "B"));
    for u in ["G", "B"].into_iter().chain(with_archer.then_some("R")) {
        assert_eq!(f.active(), u);
        f.ok(end(u));
    }
    assert_eq!(f.active(), "G");
    assert!(f.has("G", ConditionKind::Grappling));
    f
}

/// RULES §9, Grappling: the grappler's attacks have disadvantage; Release is free. With
/// nothing else of Red's in B's reach, the hold spares only G's own hide (B's blows at
/// disadvantage), and costs G's blow, at disadvantage, on a B it may put Down (4 vitality,
/// no armor): Hard releases B, then strikes.
#[test]
fn hard_releases_a_hold_that_only_costs_its_blow() {
    let mut f = held_in_round_two("(vitality: 4, armor: 0)", false);
    assert_eq!(f.choice(Player::Hard), release("G"));
    f.ok(release("G"));
    assert_eq!(f.choice(Player::Hard), attack_with("G", "B", "blade"));
}

/// A sound B (30 vitality) with Red's frail archer R in its walk: the hold keeps B off R,
/// and G's blow would not put B Down either way. Hard strikes B still holding it.
#[test]
fn hard_keeps_a_hold_that_keeps_the_enemy_off_its_archer() {
    let mut f = held_in_round_two("(armor: 0)", true);
    assert_eq!(f.choice(Player::Hard), attack_with("G", "B", "blade"));
}
