//! The computer player's Delay (RULES §3), Seed001's Manipulate (issue 37) and the attack
//! limit in its count of blows (RULES §3, Attack limit [001]): each test sets up an arena
//! where the action pays and checks the exact command `Hard` takes there, and one beside it
//! where it does not pay.

mod common;

use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rules::combat_roll::Defence;
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
    disarmed_in(SEED001_CATALOG, Defence::Block, a, s, &[])
}

/// `disarmed` with the weapons and templates of `catalog`, S defending with `defence` (a
/// Block costs S 1 of its 3 AP this round, no defence none), and the dice `more` after.
fn disarmed_in(catalog: &str, defence: Defence, a: &str, s: &str, more: &[u32]) -> Fight {
    // Initiative A 5, S 2; A's Combat Roll 11; S's Block die 4 (none without a defence);
    // the blade's 1d8 2; S's test against the Disarm 3.
    let mut dice = match defence {
        Defence::Block => vec![5, 2, 11, 4, 2, 3],
        _ => vec![5, 2, 11, 2, 3],
    };
    dice.extend(more);
    let mut f = Arena::new(&["..."])
        .catalog(catalog)
        .rules("(preset: Seed001)")
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, a)
        .unit_with("S", "Red", "shield", (1, 0), Dir8::W, s)
        .start_with(&dice, None);
    f.ok(attack_with("A", "S", "blade"));
    f.ok(defend_with("S", defence));
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

/// The catalog of Seed001's tests with a knife: the blade's damage one point less sure to
/// hit (hit 3, not 4): S's blows with its blade back are worth a little more than with it.
fn with_knife() -> String {
    SEED001_CATALOG.replace(
        r#""club":"#,
        r#""knife": (kind: Melee, hit: 3, damage: "1d8+2"),
        "club":"#,
    )
}

/// S (`shield`) holding its knife beside the blade A disarms.
const KNIFE_AND_BLADE: &str = r#"(weapons: ["blade", "knife"])"#;

/// RULES §3, Attack limit [001] (at most 2 attacks a round, actions and reactions
/// together), with Seed001's 3 AP a round and its 1-AP attack: S made no defence, so it
/// holds all 3 AP, but the limit leaves it 2 blows this round, not 3. Picking its blade up
/// (1 AP) costs it no blow (it strikes twice after), so Hard picks it up. Counting 3 blows
/// for the AP, the knife's blow it would forgo was worth more than the blade's small gain
/// over 2 turns, and Hard struck with the knife.
#[test]
fn attack_limit_hard_picks_up_its_blade_with_the_ap_its_two_attacks_leave() {
    let mut f = disarmed_in(&with_knife(), Defence::None, "()", KNIFE_AND_BLADE, &[]);
    f.all_dice_used();
    let s = f.unit("S");
    assert_eq!((s.ap, s.attacks), (3, 0));
    assert_eq!(f.choice(Player::Hard), manipulate("S"));
}

/// RULES §3, Attack limit [001]: S with no defence struck A once with the knife (a miss):
/// 2 AP left and one attack made this round leave it one blow, so the pick-up costs it none
/// and Hard takes it. Counting 2 blows for the 2 AP, Hard struck again.
#[test]
fn attack_limit_hard_with_one_attack_made_counts_one_blow_left() {
    // S's Combat Roll 4 against A's Dodge die 5: both fail, a miss.
    let mut f = disarmed_in(&with_knife(), Defence::None, "()", KNIFE_AND_BLADE, &[4, 5]);
    f.ok(attack_with("S", "A", "knife"));
    f.ok(defend_with("A", Defence::Dodge));
    f.all_dice_used();
    let s = f.unit("S");
    assert_eq!((s.ap, s.attacks), (2, 1));
    assert_eq!(f.choice(Player::Hard), manipulate("S"));
}

/// Guard, RULES §3, Attack limit [001]: S Blocked A's blow (1 AP), so its 2 AP pay for
/// the 2 blows the limit allows: the pick-up would cost it one, worth more than the
/// blade's gain, and Hard strikes with the knife (as it did before the limit was counted).
#[test]
fn attack_limit_hard_strikes_where_the_pick_up_costs_a_blow_the_limit_allows() {
    let mut f = disarmed_in(&with_knife(), Defence::Block, "()", KNIFE_AND_BLADE, &[]);
    let s = f.unit("S");
    assert_eq!((s.ap, s.attacks), (2, 0));
    assert_eq!(f.choice(Player::Hard), attack_with("S", "A", "knife"));
}
