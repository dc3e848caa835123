//! The computer player's use of more of the rulebooks' own actions (issue 37): Seed000's
//! Disarm and Seed004's Ready, each in an arena where it pays, with a guard where it does not.

mod common;

use common::*;
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed000::{Seed000Command, Seed000Event};
use skirmish::rules::actions::ReactionKind;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// Seed000's catalog with a maul, a weapon far heavier than fists.
fn seed000_with_maul() -> Arena {
    let catalog = seed000::CATALOG.replace(
        "weapons: {",
        r#"weapons: { "maul": (kind: Melee, hit: 3, damage: "2d6+4"),"#,
    );
    seed000::seed000(&seed000::HALL).catalog(&catalog)
}

/// A (a fighter, might 2) next to B, whose weapon is `weapons` and vitality `vitality`
/// (might and agility 0, so A wins the contest more often than not). A acts first.
fn disarm_arena(weapons: &str, vitality: i32) -> Fight {
    let a = seed000::unit_with(
        seed000_with_maul(),
        "A",
        "Blue",
        "fighter",
        (3, 2),
        "(initiative: 3)",
    );
    let overrides =
        format!("(initiative: 1, might: 0, agility: 0, vitality: {vitality}, weapons: {weapons})");
    let a = seed000::unit_with(a, "B", "Red", "fighter", (4, 2), &overrides);
    seed000::start(a, &[15, 3])
}

/// Disarm [000:34]: B's maul (2d6+4) would take half of A's 20 vitality a blow, and its
/// fists about a tenth; A's blade takes little of B's 30. The blows the maul would no longer
/// strike, and what it adds to A's (two a turn, counted for two turns, at the contest's
/// 0.57, less the 0.38 B takes it back) beat A's blow, so Hard disarms, and the won contest
/// moves the maul to A.
#[test]
fn disarm_hard_takes_a_heavy_weapon_rather_than_strike() {
    let mut f = disarm_arena(r#"["maul"]"#, 30);
    let cmd = f.choice(Player::Hard);
    assert_eq!(
        cmd,
        Command::from(Seed000Command::Disarm {
            unit: "A".into(),
            target: "B".into(),
            weapon: Some("maul".into()),
        })
    );
    let ev = f.ok(cmd);
    assert!(ev.iter().any(|e| matches!(
        e.of_book(),
        Some(Seed000Event::WeaponTaken { unit, from, weapon }) if unit == "A" && from == "B" && weapon == "maul"
    )));
    let b = f.unit("B");
    assert_eq!(b.stats.weapons.len(), 1);
    assert_eq!(b.stats.weapons[0].name, "fists");
    // Normal never disarms.
    let mut normal = disarm_arena(r#"["maul"]"#, 30);
    assert!(matches!(
        normal.choice(Player::Normal),
        Command::Attack { .. }
    ));
}

/// The guard: B's blade (1d6) is worth little more than its fists, and B has 5 vitality
/// left, so A's blow (a fair chance to put it Down) is worth more than the Disarm.
#[test]
fn disarm_hard_strikes_where_the_weapon_is_worth_less_than_the_blow() {
    let mut f = disarm_arena(r#"["blade"]"#, 5);
    let cmd = f.choice(Player::Hard);
    assert!(
        matches!(&cmd, Command::Attack { unit, target, .. } if unit == "A" && target == "B"),
        "{cmd:?}"
    );
}

/// Seed004: A (a slow fighter, 1 m a Move) with its sword; B five tiles off, with `weapons`.
fn ready_arena(weapons: &str) -> Fight {
    seed004::blue_a(&["............"], r#"(movement: 1, weapons: ["sword"])"#)
        .unit_with(
            "B",
            "Red",
            "fighter",
            (5, 0),
            Dir8::W,
            &format!("(weapons: {weapons})"),
        )
        .start_with(&[12, 7, 3, 3, 3, 3, 3, 3, 3, 3], None)
}

fn ready(u: &str) -> Command {
    Command::Ready {
        unit: u.into(),
        weapon: Some("sword".into()),
        action: None,
        trigger: None,
    }
}

/// Seed004's Ready [004:25]: unspent actions are lost at a turn's end, and A cannot reach
/// B this turn, while B can walk in and strike it. Hard readies its sword with the action
/// its walk would not spend on a blow (as Seed000's held attack), and the readied attack
/// is offered as B steps into reach, before B's own blow.
#[test]
fn ready_hard_readies_a_blow_for_the_enemy_that_will_walk_in() {
    let mut f = ready_arena(r#"["sword"]"#);
    let taken = f.play_turn(Player::Hard);
    assert!(taken.contains(&ready("A")), "{taken:?}");
    assert!(f.has("A", ConditionKind::Readied));
    assert_eq!(f.active(), "B");
    let a = f.pos("A");
    assert_readied_blow_on_b(&f.ok(mv("B", (a.x + 1, a.y))));
}

/// The guard: B shoots with a bow (its reach is longer than A's sword), so it will not walk
/// into the sword's reach; Hard does not ready.
#[test]
fn ready_hard_does_not_ready_against_a_longer_reach() {
    let mut f = ready_arena(r#"["bow"]"#);
    let taken = f.play_turn(Player::Hard);
    assert!(
        !taken.iter().any(|c| matches!(c, Command::Ready { .. })),
        "{taken:?}"
    );
}

/// A's readied blow struck B as B stepped in (`ev`: the step's events).
fn assert_readied_blow_on_b(ev: &[BattleEvent]) {
    assert!(
        ev.iter().any(|e| matches!(
            e,
            BattleEvent::ReactionTaken { reactor, kind: ReactionKind::Readied, against, .. }
                if reactor == "A" && against == "B"
        )),
        "{ev:?}"
    );
}

/// Seed004: A (a fighter, 4 m a Move) with its sword, and B with its sword `b_at` tiles
/// east of it, on a lane.
fn long_walk_arena(b_at: i32) -> Fight {
    seed004::blue_a(&["............"], r#"(weapons: ["sword"])"#)
        .unit_with(
            "B",
            "Red",
            "fighter",
            (b_at, 0),
            Dir8::W,
            r#"(weapons: ["sword"])"#,
        )
        .start_with(&[12, 7, 3, 3, 3, 3, 3, 3, 3, 3], None)
}

/// Seed004's Ready [004:25]: B stands seven tiles off, beyond A's walk and blow, and A's
/// two-action walk would end next to B with no action left: B would strike twice first.
/// Hard walks one action's worth, to (4, 0), where B would step into the sword's reach to
/// strike it, and readies the sword with the other action; the readied blow is offered as
/// B steps in.
#[test]
fn ready_hard_walks_short_and_readies_rather_than_end_next_to_the_enemy() {
    let mut f = long_walk_arena(7);
    let taken = f.play_turn(Player::Hard);
    assert_eq!(taken[..2], [mv("A", (4, 0)), ready("A")], "{taken:?}");
    assert_eq!(f.active(), "B");
    assert_readied_blow_on_b(&f.ok(mv("B", (5, 0))));
}

/// The guard: B stands eleven tiles off, so where one action's walk would take A, B could
/// not walk in to strike it next turn: a readied blow would wait for nothing, and Hard
/// walks the whole way, readying nothing.
#[test]
fn ready_hard_walks_on_where_the_enemy_would_not_walk_in() {
    let mut f = long_walk_arena(11);
    let taken = f.play_turn(Player::Hard);
    assert_eq!(
        taken,
        [mv("A", (8, 0)), Command::EndTurn { unit: "A".into() }],
        "{taken:?}"
    );
}

/// The standoff breaker (`players::aims::presses_on`): as in the last test but, as in a
/// `pit` duel that stood still until the command limit, both sides have waited ten rounds.
/// A's side is as strong as B's, so A presses on: it walks in rather than ready and wait
/// for B (who, waiting too, would never come).
#[test]
fn ready_hard_does_not_lie_in_wait_after_a_standoff() {
    let mut f = long_walk_arena(7);
    while f.h.turn().round <= 10 {
        let who = f.active();
        f.ok(end(&who));
    }
    assert_eq!(f.active(), "A");
    let taken = f.play_turn(Player::Hard);
    assert!(
        !taken.iter().any(|c| matches!(c, Command::Ready { .. })),
        "{taken:?}"
    );
    assert!(
        taken.iter().any(|c| matches!(c, Command::Move { .. })),
        "{taken:?}"
    );
}
