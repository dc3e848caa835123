//! Seed003's Shove (C1, D7): its preview's push, the engine's own, and the computer
//! player's Shove in the direction and to the distance whose collision pays (issue 37).

mod common;

use common::seed003::{arena, wounds};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::players::Player;
use skirmish::battle::preview::preview;
use skirmish::rules::grid::{Dir8, Pos};

fn shove_to(u: &str, t: &str, dir: Dir8, distance: u32) -> Command {
    Command::Shove {
        unit: u.into(),
        target: t.into(),
        dir: Some(dir),
        distance: Some(distance),
    }
}

/// Scenario 9's room on the row `row`: Red P (might 3) at (0,0), Blue T at (1,0); P acts
/// first, and its Shove's check rolls 6, 5, 4 (18 against 12: up to 3 tiles).
fn shove_row(row: &str) -> Fight {
    arena(&[row])
        .unit_with("P", "Red", "fighter", (0, 0), Dir8::E, "(might: 3)")
        .unit("T", "Blue", "fighter", (1, 0), Dir8::W)
        .start_with(&[5, 5, 5, 1, 1, 2, 6, 5, 4], None)
}

/// C1, D7: the preview of a Shove of 3 tiles east shows T stopped at (3,0) by the wall at
/// (4,0) with a collision of 3 (3 − (vit 0 + size 0), armor ignored); the Shove then moves
/// T there and wounds it by 3, as previewed. It previewed no push.
#[test]
fn c1_the_shove_preview_is_the_push_into_a_wall() {
    let mut f = shove_row("....#");
    let cmd = shove_to("P", "T", Dir8::E, 3);
    let p = f.h.with_view(|v| preview(v, &cmd)).unwrap();
    let push = p.push.expect("the push");
    assert_eq!((push.dir, push.distance), (Dir8::E, 3));
    assert_eq!(push.path, vec![Pos::new(2, 0), Pos::new(3, 0)]);
    assert_eq!(push.end, Pos::new(3, 0));
    let damage = push.collision.expect("the wall").target_damage;
    assert_eq!(damage, 3);
    let ev = f.ok(cmd);
    assert_eq!(f.pos("T"), push.end);
    assert_eq!(wounds(&ev)[0].final_damage, damage);
    f.all_dice_used();
}

/// C1: on open ground a Shove of 2 tiles east (the check would allow 3) previews T at
/// (3,0) with no collision, where the Shove leaves it.
#[test]
fn c1_the_shove_preview_is_the_push_on_open_ground() {
    let mut f = shove_row(".....");
    let cmd = shove_to("P", "T", Dir8::E, 2);
    let p = f.h.with_view(|v| preview(v, &cmd)).unwrap();
    let push = p.push.expect("the push");
    assert_eq!((push.end, push.collision), (Pos::new(3, 0), None));
    let ev = f.ok(cmd);
    assert_eq!(f.pos("T"), push.end);
    assert!(wounds(&ev).is_empty());
}

/// Red P (might 3) at (0,1) and Blue T (with `t_over`) at (1,1), its back to a wall at
/// (2,1); the rows above and below are open. P acts first, with 6 AP.
fn wall_room(t_over: &str) -> Fight {
    arena(&["....", "..#.", "...."])
        .unit_with("P", "Red", "fighter", (0, 1), Dir8::E, "(might: 3)")
        .unit_with("T", "Blue", "fighter", (1, 1), Dir8::W, t_over)
        .start_with(&[5, 5, 5, 1, 1, 2], None)
}

/// C1, D7: T in heavy armor (armor 8: Toughness 8) leaves a sword's blow little (a wound
/// only on 3d6 ≥ 13, 26%, mostly Light), but a collision ignores armor: Hard shoves T east
/// into the wall behind it as far as the check allows (4 tiles at its best, each a point
/// of wound: the check's 84% of a Light to Severe wound, per AP against the blow's 4). It
/// struck.
#[test]
fn c1_hard_shoves_an_armoured_enemy_into_the_wall_behind_it() {
    let mut f = wall_room("(armor: 8)");
    assert_eq!((f.active(), f.unit("P").ap), ("P".to_string(), 6));
    assert_eq!(f.choice(Player::Hard), shove_to("P", "T", Dir8::E, 4));
    assert!(matches!(f.choice(Player::Normal), Command::Attack { .. }));
}

/// C1: against T in its usual armor (2) the sword's blow (62% to hit, a Moderate to
/// Critical wound) is worth more than the push: Hard strikes.
#[test]
fn c1_hard_strikes_where_the_blow_is_worth_more_than_the_shove() {
    let mut f = wall_room("()");
    assert!(matches!(f.choice(Player::Hard), Command::Attack { .. }));
}
