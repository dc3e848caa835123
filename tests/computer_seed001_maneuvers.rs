//! Hard's maneuver after its own Seed001 critical win, weighed among every option offered
//! (presets/Seed001.md, Maneuvers; `rulebooks/seed001/critical.rs`): a spell's critical, a
//! defender's, and the guards where the weighed choice must not be made.

mod common;

use common::*;
use skirmish::battle::players::Player;
use skirmish::rules::combat_roll::{Defence, DisarmItem, Maneuver};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// Seed001 with every side answering its own questions.
fn seed001(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
        .sides(r#"(name: "Blue", reactions: Ask), (name: "Red", reactions: Ask)"#)
}

fn disarm(w: &str) -> Maneuver {
    Maneuver::Disarm(DisarmItem::Weapon(w.into()))
}

/// The mage M (Blue) at (0, 0) casts its bolt at the fighter X (Red) at (4, 0), X Dodges
/// and M wins critically (its 10 + 5 against X's 3 + 4): the maneuver question waits for
/// M, with the AP and the attack for a second bolt this round. With `allies`, the fighters
/// B (at (4, 1)) and C (at (5, 0)) of M's side stand next to X and act before it.
fn bolt_critical(allies: bool) -> Fight {
    let mut a = seed001(&["......", "......"])
        .unit("M", "Blue", "mage", (0, 0), Dir8::E)
        .unit("X", "Red", "fighter", (4, 0), Dir8::W);
    // The initiative dice in listed order: M 6, X 2, B 5, C 4.
    let mut dice = vec![6, 1];
    if allies {
        a = a.unit("B", "Blue", "fighter", (4, 1), Dir8::N).unit(
            "C",
            "Blue",
            "fighter",
            (5, 0),
            Dir8::W,
        );
        dice.extend([4, 3]);
    }
    dice.extend([10, 3, 3, 4, 3, 4]);
    let mut f = a.start_with(&dice, None);
    assert_eq!(f.active(), "M");
    f.ok(attack_with("M", "X", "bolt"));
    f.ok(defend_with("X", Defence::Dodge));
    f
}

/// Seed001, a spell's critical (no Precision): every computer player used to Trip, and a
/// Prone X lays a bane on M's second bolt. Hard weighs the Trip as what Prone adds to its
/// side's blows on X before X's turn (here only M's bolt, at a bane: less) plus the AP the
/// Stand Up costs X, beside a Disarm of X's one weapon (its blows without the blade, at
/// most the AP its re-arming costs): it disarms X. Normal still Trips.
#[test]
fn seed001_hard_disarms_rather_than_trips_after_its_casters_critical() {
    let mut f = bolt_critical(false);
    assert_eq!(
        f.choice(Player::Normal),
        maneuver("M", Some(Maneuver::Trip))
    );
    let hard = f.choice(Player::Hard);
    assert_eq!(hard, maneuver("M", Some(disarm("blade"))));
    f.ok(hard);
    assert!(!f.has("X", ConditionKind::Prone));
}

/// Guard: the same bolt with the fighters B and C of M's side next to X, both acting before
/// it: a Prone X gives their four blade blows a boon, more than the bane on M's one bolt,
/// and Hard Trips.
#[test]
fn seed001_hard_trips_after_its_casters_critical_where_its_melee_allies_strike_first() {
    let mut f = bolt_critical(true);
    assert_eq!(f.choice(Player::Hard), maneuver("M", Some(Maneuver::Trip)));
}

/// A (Blue, a fighter) strikes X (Red, a fighter) with its blade and X parries with a
/// critical win (A's 3 + 4 fails, X's 12 + 4 passes twice): the maneuver question waits
/// for X. `x` overrides X's statistics.
fn parry_critical(x: &str) -> Fight {
    let mut f = seed001(&["...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("X", "Red", "fighter", (2, 0), Dir8::W, x)
        .start_with(&[6, 1, 3, 12, 3, 4, 3, 4], None);
    assert_eq!(f.active(), "A");
    f.ok(attack_with("A", "X", "blade"));
    f.ok(defend_with("X", Defence::Parry));
    f
}

/// Seed001, a defender's critical win: Hard's defender used to Brace always. X weighs a
/// Trip of A (Agility 2: it falls at 0.35), its blade's boon on the Prone A on its own turn,
/// which comes before A's next, and the AP A's Stand Up costs it, beside the boon Brace
/// gives its next Parry against A's blade: it Trips.
#[test]
fn seed001_hards_defender_trips_where_it_is_worth_more_than_a_brace() {
    let mut f = parry_critical("()");
    let hard = f.choice(Player::Hard);
    assert_eq!(hard, maneuver("X", Some(Maneuver::Trip)));
}

/// Guard: the giant G (Huge, two sizes larger) clubs the fighter F, F parries with a
/// critical win: size leaves F only Brace and Feint, and the boon on its next Parry against
/// G's 2d8 + 3 club is worth more than a Feint's boon on its blade against G's 40
/// vitality: Hard Braces.
#[test]
fn seed001_hards_defender_braces_against_a_giant() {
    let mut f = seed001(&["...."])
        .unit("G", "Blue", "giant", (1, 0), Dir8::E)
        .unit("F", "Red", "fighter", (2, 0), Dir8::W)
        .start_with(&[6, 1, 2, 12, 3, 4, 3, 4], None);
    assert_eq!(f.active(), "G");
    f.ok(attack_with("G", "F", "club"));
    f.ok(defend_with("F", Defence::Parry));
    assert_eq!(f.choice(Player::Hard), maneuver("F", Some(Maneuver::Brace)));
}
