//! The computer player's Delay (RULES §3) and Seed001's Manipulate (issue 37): each test
//! sets up an arena where the action pays and checks the exact command `Hard` takes there,
//! and one beside it where it does not pay.

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rules::grid::Dir8;

/// G (Red) and B (Blue), two tanks `b_at` m apart on a strip `width` m long; G acts first
/// this round, B after it (Core's rules).
fn facing_off(width: usize, b_at: i32) -> Fight {
    let row = ".".repeat(width);
    let mut f = Arena::new(&[&row, &row])
        .unit("B", "Blue", "tank", (b_at, 0), Dir8::W)
        .unit("G", "Red", "tank", (0, 0), Dir8::E)
        .start(&[1, 6]);
    assert_eq!(f.active(), "G");
    f
}

/// RULES §3, Delay. G has nothing to strike, and any walk toward B ends where B (still to
/// act this round) could walk in and strike first; where G stands B cannot. Hard delays
/// until after B: B moves first, then G walks (and strikes, if B came into its reach), and
/// G acts again before B next round. Normal walks.
#[test]
fn s3_delay_hard_waits_for_the_enemy_that_would_strike_first() {
    let mut f = facing_off(12, 9);
    assert!(matches!(f.choice(Player::Normal), Command::Move { .. }));
    assert_eq!(f.choice(Player::Hard), delay_after("G", "B"));
    f.ok(delay_after("G", "B"));
    assert_eq!(f.active(), "B");
}

/// Once B has had its turn, G's delayed turn comes: it does not delay again, it acts.
#[test]
fn s3_delay_hards_delayed_unit_acts_after_the_enemy() {
    let mut f = facing_off(12, 9);
    f.ok(delay_after("G", "B"));
    f.play_turn(Player::Hard);
    assert_eq!(f.active(), "G");
    assert!(!matches!(f.choice(Player::Hard), Command::Delay { .. }));
}

/// With B already able to walk in and strike G where it stands, waiting spares G nothing:
/// Hard does not delay.
#[test]
fn s3_delay_hard_does_not_wait_where_the_enemy_could_strike_it_anyway() {
    let mut f = facing_off(12, 6);
    assert!(!matches!(f.choice(Player::Hard), Command::Delay { .. }));
}

/// Where no walk of G's ends in B's reach (B is far off), there is no first blow to give
/// away: Hard does not delay (it sprints toward B).
#[test]
fn s3_delay_hard_does_not_wait_where_no_enemy_could_strike_its_walks_end() {
    let mut f = facing_off(30, 28);
    assert_eq!(
        f.choice(Player::Hard),
        Command::Sprint {
            unit: "G".into(),
            to: None
        }
    );
}

/// Under Seed001 (RULES §3: the delayer names a combatant to act after) the same.
#[test]
fn s3_delay_hard_names_the_enemy_to_wait_for_under_seed001() {
    let mut f = Arena::new(&["..............", ".............."])
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
        .unit("B", "Blue", "fighter", (12, 0), Dir8::W)
        .unit("G", "Red", "fighter", (0, 0), Dir8::E)
        .start(&[1, 6]);
    assert_eq!(f.active(), "G");
    assert_eq!(f.choice(Player::Hard), delay_after("G", "B"));
}

fn manipulate(u: &str) -> Command {
    skirmish::rulebooks::seed001::Seed001Command::Manipulate { unit: u.into() }.into()
}

/// Seed001 (presets, Maneuvers: Disarm; Manipulate [001:35]): A (Blue, `a`) strikes S (`s`), S Blocks,
/// A wins critically and Disarms S's blade, which lies on S's tile; A ends its turn and S
/// (Red) has its own, next to A.
fn disarmed(a: &str, s: &str) -> Fight {
    let mut f = Arena::new(&["..."])
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, a)
        .unit_with("S", "Red", "shield", (1, 0), Dir8::W, s)
        .start_with(&[5, 2, 11, 4, 2, 3], None);
    f.ok(attack_with("A", "S", "blade"));
    f.ok(defend_with(
        "S",
        skirmish::rules::combat_roll::Defence::Block,
    ));
    let disarm = skirmish::rules::combat_roll::Maneuver::Disarm(
        skirmish::rules::combat_roll::DisarmItem::Weapon("blade".into()),
    );
    f.ok(maneuver("A", Some(disarm)));
    assert!(f.unit("S").stats.weapons.iter().all(|w| w.name != "blade"));
    f.ok(end("A"));
    assert_eq!(f.active(), "S");
    f
}

/// S's blade lies at its feet and A is hale: each of S's blows with the blade is worth
/// far more than with its fists, so Hard picks it up (1 AP) before it strikes. Normal
/// never does.
#[test]
fn manipulate_hard_picks_up_its_dropped_weapon() {
    let mut f = disarmed("()", "()");
    assert_eq!(f.choice(Player::Hard), manipulate("S"));
    assert_ne!(f.choice(Player::Normal), manipulate("S"));
}

/// S holds a hammer as good as the blade it dropped: picking the blade up adds nothing to
/// its blows, and Hard strikes with the hammer.
#[test]
fn manipulate_hard_does_not_pick_up_a_weapon_no_better_than_the_one_it_holds() {
    let mut f = disarmed("()", r#"(weapons: ["blade", "hammer"])"#);
    assert_eq!(f.choice(Player::Hard), attack_with("S", "A", "hammer"));
}
