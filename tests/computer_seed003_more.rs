//! The computer player's use of Seed003's Create an Opening and Ready an Action, and the Rebuffs a walk's preview lists (issue 37, presets/Seed003.md C7, X1, X5).

mod common;

use common::seed003::{arena, checks, spear_room as spear_room_of};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::events::{HeldAction, ReadyTrigger};
use skirmish::battle::players::Player;
use skirmish::battle::preview::{preview, reaction_preview};
use skirmish::battle::work::Offer;
use skirmish::rulebooks::seed003::action_names::REBUFF_REACTION;
use skirmish::rulebooks::seed003::{Odds3, Seed003Command};
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;

/// Red's spearman S (reach 2, vitality 30) at (0,0) of a row of 8, and Blue's swordsman W
/// at `w_at`; both sides take every reaction. S ends its turn: W is active, with 6 AP, or
/// with 18 after `rounds` more in which both end their turns.
fn spear_room(w_at: i32, rounds: u32) -> Fight {
    spear_room_with(w_at, rounds, "()")
}

/// `spear_room` with W's overrides `w_over`.
fn spear_room_with(w_at: i32, rounds: u32, w_over: &str) -> Fight {
    let mut f = spear_room_of(8, w_at, "vitality: 30", w_over)
        .sides(r#"(name: "Red", reactions: Always), (name: "Blue", reactions: Always)"#)
        .start_with(&[5, 5, 5, 3, 3, 3], None);
    f.ok(end("S"));
    for _ in 0..rounds {
        f.ok(end("W"));
        f.ok(end("S"));
    }
    f
}

fn opening(u: &str, t: &str) -> Command {
    Command::from(Seed003Command::CreateOpening {
        unit: u.into(),
        target: t.into(),
    })
}

/// X1: a walk's preview lists the Rebuff its step into the spear's reach sets off (the
/// step from (2,0) to (1,0)), as the walk offers it; it listed none.
#[test]
fn x1_a_walk_preview_lists_the_rebuff_it_sets_off() {
    let mut f = spear_room(3, 0);
    let p = f.h.with_view(|v| preview(v, &mv("W", (1, 0)))).unwrap();
    let r: Vec<_> = p
        .reactions
        .iter()
        .map(|r| (r.reactor.as_str(), r.kind, r.at))
        .collect();
    assert_eq!(r, vec![("S", REBUFF_REACTION, Pos::new(2, 0))]);
    let p = f.h.with_view(|v| preview(v, &mv("W", (2, 0)))).unwrap();
    assert!(p.reactions.is_empty(), "{:?}", p.reactions);
}

/// C7: once W (in the spear's reach) has made an opening on S (its roll 6+6+4 + the
/// sword's 4 = 20), the Rebuff's preview targets that total, as the Rebuff resolves it (it targeted W's Defense).
#[test]
fn c7_the_rebuff_preview_counts_the_opening() {
    let mut f = spear_room_of(5, 2, "", "()").start_with(&[5, 5, 5, 3, 3, 3, 6, 6, 4], None);
    f.ok(end("S"));
    let ev = f.declared(opening("W", "S"));
    assert_eq!(checks(&ev)[0].total, 20);
    let o =
        f.h.with_view(|v| {
            let snap = v.ctx.snap;
            let offer = Offer::new(
                snap.by_name("S").unwrap().entity,
                REBUFF_REACTION,
                snap.by_name("W").unwrap().entity,
            );
            reaction_preview(&v.ctx, &offer)
        })
        .expect("the Rebuff's preview");
    let o = o.odds_of::<Odds3>().expect("Seed003 odds");
    assert_eq!((o.defense, o.defense_name), (20, "Defense (its opening)"));
}

/// C7: W, 7 tiles from S with 18 AP, walks 5 tiles in (its walk buys the yards with AP)
/// into the spear's Rebuff (S has the AP): Hard makes an opening on S first (3 AP, the
/// Rebuff then needs the roll's total), then walks in and strikes.
#[test]
fn c7_hard_makes_an_opening_before_walking_into_a_spear() {
    let mut f = spear_room(7, 1);
    assert_eq!(f.unit("W").ap, 18);
    let taken = f.play_turn(Player::Hard);
    assert_eq!(taken[0], opening("W", "S"), "{taken:?}");
    assert_eq!(taken[1], mv("W", (1, 0)), "{taken:?}");
    assert!(matches!(taken[2], Command::Attack { .. }), "{taken:?}");
}

/// C7: 3 tiles from S, the walk is short and the 3 AP would buy a blow: Hard walks in and
/// strikes without an opening.
#[test]
fn c7_hard_makes_no_opening_where_its_ap_buy_a_blow_more() {
    let mut f = spear_room(3, 1);
    let taken = f.play_turn(Player::Hard);
    assert_eq!(taken[0], mv("W", (1, 0)), "{taken:?}");
    assert!(!taken.contains(&opening("W", "S")), "{taken:?}");
}

/// C7: against a Defense above the Rebuff's best total (3d6 of 18 + its bonus), an opening
/// gains nothing: Hard walks in without one (the weighing's bounds crossed and panicked).
#[test]
fn c7_hard_makes_no_opening_where_the_rebuff_cannot_hit() {
    let mut f = spear_room_with(7, 1, "(evasion: 40)");
    let taken = f.play_turn(Player::Hard);
    assert!(!taken.contains(&opening("W", "S")), "{taken:?}");
    assert!(matches!(taken[0], Command::Move { .. }), "{taken:?}");
}

fn ready(u: &str) -> Command {
    Command::Ready {
        unit: u.into(),
        weapon: None,
        action: Some(HeldAction::Attack(None)),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    }
}

/// Red's swordsman W at (0,0) of a row and Blue's E at (9,0), or behind a wall.
fn duel_row(row: &str) -> Fight {
    arena(&[row])
        .unit("W", "Red", "fighter", (0, 0), Dir8::E)
        .unit("E", "Blue", "fighter", (9, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 4], None)
}

/// X5: W (6 AP) stands 9 tiles from E: walking in (4 AP) leaves too few for a blow, and E
/// (12 yards for its 6 AP) can walk in to strike it on its own turn. Hard readies a blow
/// (1 AP) and holds, its AP kept, rather than walk up and take E's blow first.
#[test]
fn x5_hard_readies_a_blow_for_an_enemy_that_will_walk_into_its_reach() {
    let mut f = duel_row("..........");
    let taken = f.play_turn(Player::Hard);
    assert_eq!(taken, vec![ready("W"), end("W")]);
    assert!(f.has("W", ConditionKind::Readied));
}

/// X5: a wall closes the row, so E can never walk into W's reach: Hard readies nothing.
#[test]
fn x5_hard_readies_nothing_where_no_enemy_can_reach_it() {
    let mut f = duel_row(".....#....");
    let taken = f.play_turn(Player::Hard);
    assert!(!taken.contains(&ready("W")), "{taken:?}");
}
