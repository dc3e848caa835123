//! RULES §7: facing. The front arc (within 90° of the facing, 90° included), advantage from
//! the rear arc, reactions only to enemies in the front arc, and how facing changes: freely
//! on one's own turn, towards the last step of a move, towards an attack's target, and kept
//! between turns.

mod common;
use common::*;
use skirmish::battle::events::{AttackKind, BattleEvent, Reason};
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Dir8;

/// T (dummy) at (2,2) facing `t_facing`; the fighter A at `a` attacks it once. Returns
/// whether the attack had the rear-arc advantage.
fn rear(t_facing: Dir8, a: (i32, i32)) -> bool {
    let mut f = Arena::new(&[".....", ".....", ".....", ".....", "....."])
        .unit("A", "Blue", "fighter", a, Dir8::N)
        .unit("T", "Red", "dummy", (2, 2), t_facing)
        .start(&[6, 1, 2, 2]);
    let r = &attacks(&f.ok(attack_with("A", "T", "blade")))[0];
    let from_rear = reasons(&r.modifiers) == vec![Reason::RearArc];
    assert!(from_rear || r.modifiers.is_empty(), "{:?}", r.modifiers);
    assert_eq!(
        r.mode,
        if from_rear {
            RollMode::Advantage
        } else {
            RollMode::Normal
        }
    );
    assert_eq!(r.rolls.len(), if from_rear { 2 } else { 1 });
    from_rear
}

#[test]
fn s7_front_arc_facing_north_is_nw_n_ne_w_e_and_the_rear_arc_sw_s_se() {
    let c = p(2, 2);
    let behind: Vec<Dir8> = Dir8::ALL
        .into_iter()
        .filter(|d| rear(Dir8::N, (c.step(*d).x, c.step(*d).y)))
        .collect();
    assert_eq!(behind, vec![Dir8::SE, Dir8::S, Dir8::SW]);
}

#[test]
fn s7_front_arc_facing_north_east_is_n_ne_e_se_nw() {
    let c = p(2, 2);
    let behind: Vec<Dir8> = Dir8::ALL
        .into_iter()
        .filter(|d| rear(Dir8::NE, (c.step(*d).x, c.step(*d).y)))
        .collect();
    assert_eq!(behind, vec![Dir8::S, Dir8::SW, Dir8::W]);
}

#[test]
fn s7_front_arc_at_a_distance_includes_exactly_90_degrees() {
    // T faces North at (3,3). An archer exactly East (90°) is in front; one row further
    // South it is behind.
    let shoot = |a: (i32, i32)| {
        let mut f = Arena::new(&[
            "........", "........", "........", "........", "........", "........",
        ])
        .unit("A", "Blue", "archer", a, Dir8::W)
        .unit("T", "Red", "dummy", (3, 3), Dir8::N)
        .start(&[6, 1, 2, 2]);
        let r = attacks(&f.ok(attack("A", "T")))[0].clone();
        r.modifiers.iter().any(|m| m.reason == Reason::RearArc)
    };
    assert!(!shoot((6, 3)));
    assert!(!shoot((0, 3)));
    assert!(!shoot((7, 0)));
    assert!(shoot((6, 4)));
    assert!(shoot((3, 5)));
    assert!(shoot((0, 5)));
}

#[test]
fn s7_attacks_from_the_rear_arc_have_advantage() {
    // 3 and 9: the higher is kept, 9 + 3 = 12 hits.
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("T", "Red", "fighter", (2, 0), Dir8::E)
        .start(&[6, 1, 3, 9, 1]);
    let r = &attacks(&f.ok(attack("A", "T")))[0];
    assert_eq!(
        (r.mode, r.rolls.clone(), r.total, r.outcome),
        (RollMode::Advantage, vec![3, 9], 12, HitOutcome::Hit)
    );
    assert_eq!(f.vit("T"), 18);
    f.all_dice_used();
}

#[test]
fn s7_opportunity_attacks_only_against_enemies_in_the_front_arc() {
    // R faces North. M1, in front (North), steps away: R attacks. M2, behind (South), steps
    // away: nothing.
    let mut f = Arena::new(&["....", "....", "....", "....", "...."])
        .unit("M1", "Blue", "fighter", (1, 1), Dir8::S)
        .unit("M2", "Blue", "fighter", (1, 3), Dir8::S)
        .unit("R", "Red", "fighter", (1, 2), Dir8::N)
        .start(&[6, 5, 1, 2]);
    let ev = f.ok(mv("M1", (1, 0)));
    let r = attacks(&ev);
    assert_eq!(
        (r.len(), r[0].attacker.as_str(), r[0].kind),
        (1, "R", AttackKind::Opportunity)
    );
    f.ok(end("M1"));
    let ev = f.ok(mv("M2", (1, 4)));
    assert!(attacks(&ev).is_empty(), "{ev:?}");
    assert_eq!(f.unit("R").reactions.points, 1);
    f.all_dice_used();
}

#[test]
fn s7_swift_attacks_only_against_enemies_in_the_front_arc() {
    // A shoves T next to R1 (facing it) and R2 (back turned): only R1 strikes.
    let mut f = Arena::new(&[".....", ".....", "....."])
        .unit("A", "Blue", "fighter", (0, 1), Dir8::E)
        .unit("T", "Red", "fighter", (1, 1), Dir8::E)
        .unit("R1", "Blue", "fighter", (3, 0), Dir8::SW)
        .unit("R2", "Blue", "fighter", (3, 2), Dir8::SE)
        .start(&[6, 1, 2, 2, 10, 5, 4]);
    let ev = f.ok(shove("A", "T"));
    assert_eq!(f.pos("T"), p(2, 1));
    let r = attacks(&ev);
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(
        (r[0].attacker.as_str(), r[0].kind),
        ("R1", AttackKind::Swift)
    );
    f.all_dice_used();
}

#[test]
fn s7_on_its_own_turn_a_combatant_turns_freely() {
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (3, 1), Dir8::W)
        .start(&[6, 1]);
    for d in Dir8::ALL {
        f.ok(face("A", d));
        assert_eq!(f.unit("A").facing, d);
    }
    assert_eq!(f.unit("A").ap, 3);
    let reason = f.rejected(face("B", Dir8::N));
    assert_eq!(reason, Refusal::NotYourTurn { active: "A".into() });
}

#[test]
fn s7_moving_turns_towards_the_last_step() {
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::N)
        .unit("B", "Red", "fighter", (5, 2), Dir8::W)
        .start(&[6, 1]);
    f.ok(path("A", &[(1, 0), (2, 1)]));
    assert_eq!(f.unit("A").facing, Dir8::SE);
    f.ok(path("A", &[(2, 2)]));
    assert_eq!(f.unit("A").facing, Dir8::S);
}

#[test]
fn s7_attacking_turns_towards_the_target_to_the_nearest_of_8_directions() {
    // The target is 3 East and 1 North: the nearest direction is East.
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "archer", (1, 2), Dir8::S)
        .unit("T", "Red", "dummy", (4, 1), Dir8::W)
        .start(&[6, 1, 2]);
    let ev = f.ok(attack("A", "T"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Faced { unit, facing: Dir8::E } if unit == "A")
    ));
    assert_eq!(f.unit("A").facing, Dir8::E);
}

#[test]
fn s7_facing_is_kept_between_turns_and_forced_movement_does_not_turn() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::N)
        .start(&[6, 1, 10, 5]);
    f.ok(shove("A", "B"));
    assert_eq!((f.pos("B"), f.unit("B").facing), (p(3, 0), Dir8::N));
    f.ok(face("A", Dir8::SW));
    f.ok(end("A"));
    assert_eq!(f.unit("A").facing, Dir8::SW);
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    assert_eq!(
        (f.unit("A").facing, f.unit("B").facing),
        (Dir8::SW, Dir8::N)
    );
    f.all_dice_used();
}

/// The window's open-back hint (`Ctx::open_back_to`, not a rule): an enemy that could
/// attack T from its rear arc on its next turn, from where it stands or after a fresh
/// turn's move (Core: 3 m free and 3 m an AP, 12 m in all). T faces East.
#[test]
fn an_open_back_is_one_an_enemy_could_strike_from_next_turn() {
    let open = |t: (i32, i32), e: (i32, i32), template: &str| {
        let row = "..............................";
        let mut f = Arena::new(&[row, row, row])
            .unit("E", "Blue", template, e, Dir8::W)
            .unit("T", "Red", "dummy", t, Dir8::E)
            .start(&[6, 1, 2, 2]);
        f.h.with_view(|v| {
            let t = v.ctx.snap.by_name("T").unwrap();
            v.ctx.open_back_to(t).len()
        })
    };
    // The tank walks round T to a tile behind it (7 tiles and the diagonals: within 12 m).
    assert_eq!(open((2, 1), (8, 1), "tank"), 1);
    // From 23 tiles away it cannot.
    assert_eq!(open((2, 1), (25, 1), "tank"), 0);
    // With its back to the map's edge, T has no rear tile to be struck from.
    assert_eq!(open((0, 1), (8, 1), "tank"), 0);
    // An archer behind T shoots from where it stands (the bow reaches 12 tiles).
    assert_eq!(open((20, 1), (10, 1), "archer"), 1);
}
