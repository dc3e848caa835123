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
    bolt_critical_on(&["......", "......"], "()", allies)
}

/// `bolt_critical` on the map `rows`, X with the overrides `x`.
fn bolt_critical_on(rows: &[&str], x: &str, allies: bool) -> Fight {
    let mut a = seed001(rows)
        .unit("M", "Blue", "mage", (0, 0), Dir8::E)
        .unit_with("X", "Red", "fighter", (4, 0), Dir8::W, x);
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

/// [001:72] with presets/Seed001.md, Maneuvers (Push: the loser's Athletics test or pushed
/// 1 m straight away, after the damage; the Core's forced movement: a chasm stops it and it
/// takes the full metre): M's bolt critical on X, left with 4 vitality, a chasm behind X.
/// The bolt (2d6) leaves X standing only at 2 or 3, and at 3 the push's 1 into the chasm
/// takes X's last point: Hard weighs the collision on what the bolt leaves of X (Down, at
/// 2 of the 3 standing chances), more than a Disarm of X's blade (at most the AP its
/// re-arming costs), and Pushes. Weighed on X's 4 vitality as it stands (the collision a
/// quarter of it), the Disarm was worth more.
#[test]
fn seed001_hard_pushes_into_a_chasm_what_its_casters_critical_leaves_standing() {
    let mut f = bolt_critical_on(&[".....X", "......"], "(vitality: 4)", false);
    let hard = f.choice(Player::Hard);
    assert_eq!(hard, maneuver("M", Some(Maneuver::Push)));
}

/// Guard, [001:72]: the same bolt with no chasm behind X: the push moves X 1 m, still in
/// the bolt's range and out of reach of M as before, and brings nothing: Hard takes the
/// Feint (the boon on its second bolt at the little the first leaves of X).
#[test]
fn seed001_hard_does_not_push_where_nothing_stops_the_loser() {
    let mut f = bolt_critical_on(&["......", "......"], "(vitality: 4)", false);
    assert_eq!(f.choice(Player::Hard), maneuver("M", Some(Maneuver::Feint)));
}

/// [001:69, 001:73] with presets/Seed001.md, Maneuvers (Disarm: the target's test or the
/// item it holds falls; Trip: its test or Prone). A spell's critical (no Precision): every
/// computer player used to Trip, and a
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
    let arena = seed001(&["...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("X", "Red", "fighter", (2, 0), Dir8::W, x);
    parried(arena, &[6, 1])
}

/// A strikes X with its blade and X parries with a critical win, in `arena` (A and X first,
/// as `parry_critical` places them), the initiative dice `initiative` in listed order.
fn parried(arena: Arena, initiative: &[u32]) -> Fight {
    let dice: Vec<u32> = initiative
        .iter()
        .copied()
        .chain([3, 12, 3, 4, 3, 4])
        .collect();
    let mut f = arena.start_with(&dice, None);
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

/// X parries A's blade with a critical win beside Red's mage R at `r`, whose turn (dice: A
/// 6, R 4, X 1) comes before A's next.
fn parry_critical_beside_a_mage(r: (i32, i32)) -> Fight {
    let arena = seed001(&["....", "...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("X", "Red", "fighter", (2, 0), Dir8::W)
        .unit("R", "Red", "mage", r, Dir8::W);
    parried(arena, &[6, 1, 4])
}

/// [001:72] and [001:83] (presets/Seed001.md, Maneuvers and the opportunity attack's
/// trigger (d): a spell cast within an enemy's melee reach provokes): X's critical parry,
/// Red's mage R at (2, 1) within A's reach, to bolt before A's next turn. A Push of A from
/// (1, 0) to (0, 0) takes R out of A's reach, and with it A's blade blow on R's bolt: Hard's
/// X Pushes (weighed by the collision alone, the push was worth nothing and X disarmed A).
#[test]
fn seed001_hards_defender_pushes_its_enemy_out_of_reach_of_its_caster() {
    let mut f = parry_critical_beside_a_mage((2, 1));
    assert_eq!(f.choice(Player::Hard), maneuver("X", Some(Maneuver::Push)));
}

/// Guard, [001:72]: R at (1, 1), still within the reach of A pushed to (0, 0): the push
/// frees no spell and Hard's X does not Push: it disarms A (whose blade R's bolts would
/// otherwise meet at every cast).
#[test]
fn seed001_hards_defender_does_not_push_where_its_caster_stays_in_reach() {
    let mut f = parry_critical_beside_a_mage((1, 1));
    assert_eq!(f.choice(Player::Hard), maneuver("X", Some(disarm("blade"))));
}
