//! The computer player's use of Seed003's own actions (issue 37): each test sets up an
//! arena where one action pays, and checks the exact command `Hard` takes, with a guard
//! where it should not. Each is named after the rule it relies on (presets/Seed003.md).

mod common;

use common::seed003::{arena, red_a};
use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// Red A (speed 2: 8 AP; might 5) next to Blue G (armor 5: Toughness 5), and Red B and C at `allies`, all
/// faster than G: the initiative dice give A 24, B 19, C 19, G 14; the dice after them are
/// the commands'.
fn grapple_room(allies: [(i32, i32); 2], dice: &[u32]) -> Fight {
    grapple_room_rolled(allies, &[5, 5, 5, 5, 5, 4, 5, 5, 4, 3, 3, 3], dice)
}

/// `grapple_room` with the initiative dice `initiative` (A's, B's, C's, G's).
fn grapple_room_rolled(allies: [(i32, i32); 2], initiative: &[u32], dice: &[u32]) -> Fight {
    let mut all = initiative.to_vec();
    all.extend_from_slice(dice);
    red_a(
        &[".....", ".....", "....."],
        "(speed: 2, might: 5, initiative: 4)",
    )
    .unit("B", "Red", "fighter", allies[0], Dir8::W)
    .unit("C", "Red", "fighter", allies[1], Dir8::N)
    .unit_with("G", "Blue", "fighter", (2, 1), Dir8::W, "(armor: 5)")
    .start_with(&all, None)
}

fn pin(u: &str) -> Command {
    Command::from(Seed003Command::Pin { unit: u.into() })
}

/// C3, C4, H2, D1: A's 8 AP pay for a Grapple and a Pin this turn, and B and C, which act
/// before G, strike G Pinned at Immobile Defense 5 rather than 14: each blow is nine
/// points heavier, where G's armor leaves a blow on it standing little, and G's next turn
/// goes to an Escape.
/// Hard grapples G where Normal strikes.
#[test]
fn c3_c4_hard_grapples_where_its_allies_strike_the_pinned_enemy_first() {
    let mut f = grapple_room([(3, 1), (2, 2)], &[]);
    assert_eq!(f.active(), "A");
    let grab = grab("A", "G");
    assert_ne!(f.choice(Player::Normal), grab);
    assert_eq!(f.choice(Player::Hard), grab);
}

/// C4: A holds G (its Grapple hit, 4 AP left): Hard Pins where Normal strikes.
/// It also guards Hard's Release weighing: Seed003's Grapple holds no Restrained, and
/// before `grabs.rs`'s `loosened` dropped the grappler's Grappling, weighing a Release
/// here weighed another inside it without end (a stack overflow, as on `sally`).
#[test]
fn c4_hard_pins_the_enemy_it_holds() {
    let mut f = grapple_room([(3, 1), (2, 2)], &[5, 5, 5]);
    f.declared(grab("A", "G"));
    assert!(f.has("G", ConditionKind::Grappling));
    assert_ne!(f.choice(Player::Normal), pin("A"));
    assert_eq!(f.choice(Player::Hard), pin("A"));
}

/// Guard: with its allies too far to strike G before G's turn, the Pin's Immobile Defense
/// would serve only the blows A's own AP pay for after it: Hard strikes instead.
#[test]
fn c3_hard_does_not_grapple_with_no_ally_to_strike_the_pinned_enemy() {
    let mut f = grapple_room([(4, 0), (4, 2)], &[]);
    let c = f.choice(Player::Hard);
    assert!(matches!(c, Command::Attack { .. }), "{c:?}");
}

/// The initiative dice that give A 24, G 14, and B and C 8: B and C act after G.
const ALLIES_AFTER_G: [u32; 12] = [5, 5, 5, 1, 1, 1, 1, 1, 1, 3, 3, 3];

/// C4, C6, H2: B and C stand next to G but act after it, so no ally strikes G Pinned
/// before its next turn; but the Pin lasts until an Escape succeeds, and G's Escape
/// (Power or Agility check against A's Power Defense 15) fails about three times in four:
/// then G's turn is lost and B and C strike it at Immobile Defense. Hard grapples G where
/// Normal strikes. (Before, Hard counted the Pin's blows only until G's next turn, and
/// struck.)
#[test]
fn c4_hard_grapples_where_the_pin_outlasts_the_enemys_turn() {
    let mut f = grapple_room_rolled([(3, 1), (2, 2)], &ALLIES_AFTER_G, &[]);
    assert_eq!(f.active(), "A");
    let grab = grab("A", "G");
    assert_ne!(f.choice(Player::Normal), grab);
    assert_eq!(f.choice(Player::Hard), grab);
}

/// Guard: B and C act after G and stand too far to strike it: a lasting Pin serves no
/// blow but G's lost turn, and Hard strikes.
#[test]
fn c4_hard_does_not_grapple_where_no_ally_strikes_the_pinned_enemy_later() {
    let mut f = grapple_room_rolled([(4, 0), (4, 2)], &ALLIES_AFTER_G, &[]);
    let c = f.choice(Player::Hard);
    assert!(matches!(c, Command::Attack { .. }), "{c:?}");
}

/// Red A (might 5, a longbow) next to Blue G, and Red B and C (speed 4: 11 AP, two blows
/// each) at `allies`, all faster than G.
fn trip_room(allies: [(i32, i32); 2]) -> Fight {
    red_a(
        &[".....", ".....", "....."],
        r#"(might: 5, initiative: 4, weapons: ["longbow"])"#,
    )
    .unit_with("B", "Red", "fighter", allies[0], Dir8::W, "(speed: 4)")
    .unit_with("C", "Red", "fighter", allies[1], Dir8::N, "(speed: 4)")
    .unit("G", "Blue", "fighter", (2, 1), Dir8::W)
    .start_with(&[5, 5, 5, 5, 5, 4, 5, 5, 4, 3, 3, 3], None)
}

/// C2, H3: a Prone target gives melee blows +3, to hit and so to the wound (D1). B and C,
/// which act before G, have four blows between them: Hard trips G where Normal shoots.
/// (Before, Hard counted an ally's blows by the AP a turn gives, which Seed003 has none
/// of, as its AP come from Speed and carry over: it never tripped.)
#[test]
fn c2_hard_trips_where_its_allies_strike_the_prone_enemy_first() {
    let mut f = trip_room([(3, 1), (2, 2)]);
    assert_eq!(f.active(), "A");
    let trip = Command::Trip {
        unit: "A".into(),
        target: "G".into(),
    };
    assert_ne!(f.choice(Player::Normal), trip);
    assert_eq!(f.choice(Player::Hard), trip);
}

/// Guard: with no ally near G, the Prone target's +3 serves no blow: Hard shoots.
#[test]
fn c2_hard_does_not_trip_with_no_ally_to_strike_the_prone_enemy() {
    let mut f = trip_room([(4, 0), (4, 2)]);
    let c = f.choice(Player::Hard);
    assert!(matches!(c, Command::Attack { .. }), "{c:?}");
}

/// C6: Pinned G (8 AP) may take no action but Escape; free, it strikes A. Hard Escapes.
/// (Before, Hard escaped only Core's Restrained: a Pinned unit ended its turn.)
#[test]
fn c6_hard_escapes_a_pin() {
    let mut f = red_a(
        &["....", "....", "...."],
        "(speed: 2, might: 3, initiative: 4)",
    )
    .unit_with("G", "Blue", "fighter", (2, 1), Dir8::W, "(speed: 2)")
    .start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 4], None);
    f.declared(grab("A", "G"));
    f.declared(pin("A"));
    assert!(f.has("G", ConditionKind::Pinned));
    f.declared(end("A"));
    assert_eq!(f.active(), "G");
    assert_eq!(f.choice(Player::Hard), simple("Escape", "G"));
}

/// Red A (speed 4: 11 AP, rate 8) in a corridor, Blue G `gap` tiles east.
fn corridor(gap: i32) -> Fight {
    arena(&["...................."])
        .unit_with("A", "Red", "fighter", (0, 0), Dir8::E, "(speed: 4)")
        .unit("G", "Blue", "fighter", (gap, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3], None)
}

/// M1, M4: 17 tiles to walk before a blow. The 7 AP a Standard Attack leaves buy 14 yards
/// at rate 8; after a Dash (2 AP) the 5 AP left buy 20 at rate 16, and the blow is still
/// paid for. Hard Dashes where Normal walks.
#[test]
fn m4_hard_dashes_where_the_doubled_rate_reaches_a_blow() {
    let mut f = corridor(18);
    let dash = Command::from(Seed003Command::Dash { unit: "A".into() });
    assert_ne!(f.choice(Player::Normal), dash);
    assert_eq!(f.choice(Player::Hard), dash);
}

/// Guard: 9 tiles to walk, which the plain AP buy with the blow paid for: no Dash.
#[test]
fn m4_hard_does_not_dash_where_a_plain_walk_reaches_the_blow() {
    let mut f = corridor(10);
    let dash = Command::from(Seed003Command::Dash { unit: "A".into() });
    assert_ne!(f.choice(Player::Hard), dash);
}
