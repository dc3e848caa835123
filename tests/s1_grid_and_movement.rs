//! RULES §1 (the grid) and the Move, Sprint and Face rows of §4, through the real plugin.

mod common;
use common::*;
use skirmish::battle::events::BattleEvent;
use skirmish::rules::actions::ActionKind;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::path::StepError;
use skirmish::rules::ruleset::ConditionKind;

fn duel(rows: &[&str], a: (i32, i32), b: (i32, i32)) -> Fight {
    Arena::new(rows)
        .unit("A", "Blue", "fighter", a, Dir8::E)
        .unit("B", "Red", "fighter", b, Dir8::W)
        .start(&[6, 1])
}

#[test]
fn s1_diagonal_step_costs_the_same_as_orthogonal() {
    let mut f = duel(&["......", "......", "......", "......"], (0, 0), (5, 3));
    let ev = f.ok(mv("A", (2, 2)));
    assert_eq!(move_costs(&ev), vec![1, 1]);
    assert_eq!(f.unit("A").pool.metres, 1);
}

#[test]
fn s1_distance_is_chebyshev_for_reach() {
    // A pike (reach 2) reaches a target 2 across and 1 down: max(|dx|, |dy|) = 2.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "pikeman", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (2, 1), Dir8::W)
        .start(&[6, 1, 10, 3]);
    let ev = f.ok(attack("A", "B"));
    assert_eq!(attacks(&ev).len(), 1);
}

#[test]
fn s1_difficult_terrain_costs_its_multiplier() {
    // rubble 2, undergrowth 3, deep water 4.
    let mut f = duel(&[".,uW.", "....."], (0, 0), (4, 1));
    let ev = f.ok(path("A", &[(1, 0), (2, 0), (3, 0)]));
    assert_eq!(move_costs(&ev), vec![2, 3, 4]);
    // 3 free metres, then two AP bought 3 m each: 9 - 9 = 0 left, 1 AP left.
    let a = f.unit("A");
    assert_eq!((a.pool.metres, a.ap), (0, 1));
}

#[test]
fn s1_cost_modifiers_on_one_tile_multiply() {
    // 'm' is shallow water (2) with mud (2): 4 m to enter.
    let mut f = duel(&["m....", "....."], (1, 0), (4, 1));
    let ev = f.ok(mv("A", (0, 0)));
    assert_eq!(move_costs(&ev), vec![4]);
}

#[test]
fn s1_no_corner_cutting_between_two_impassable_tiles() {
    let mut f = duel(&[".#...", "#....", "....."], (0, 0), (4, 2));
    let reason = f.rejected(path("A", &[(1, 1)]));
    assert!(
        matches!(
            reason,
            Refusal::BadStep {
                step: 1,
                error: StepError::CutsCorner,
                ..
            }
        ),
        "{reason:?}"
    );
    // With a single wall beside the diagonal the step is allowed.
    let mut g = duel(&[".#...", ".....", "....."], (0, 0), (4, 2));
    g.ok(path("A", &[(1, 1)]));
    assert_eq!(g.pos("A"), Pos::new(1, 1));
}

#[test]
fn s1_walls_are_impassable_and_half_cover_costs_two() {
    let mut f = duel(&[".c#..", "....."], (0, 0), (4, 1));
    let reason = f.rejected(mv("A", (2, 0)));
    assert!(matches!(reason, Refusal::Impassable { .. }), "{reason:?}");
    let ev = f.ok(mv("A", (1, 0)));
    assert_eq!(move_costs(&ev), vec![2]);
}

#[test]
fn s1_chasm_is_impassable_but_does_not_block_sight() {
    let mut f = Arena::new(&["..X..", "....."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (4, 0), Dir8::W)
        .start(&[6, 1, 15, 2]);
    assert!(matches!(
        f.rejected(path("A", &[(1, 0), (2, 0)])),
        Refusal::BadStep {
            error: StepError::Impassable,
            ..
        }
    ));
    let ev = f.ok(attack("A", "B"));
    assert_eq!(attacks(&ev).len(), 1, "the bow shoots across the chasm");
}

#[test]
fn s1_full_cover_blocks_sight_and_targeting() {
    let mut f = Arena::new(&["..#..", "....."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (4, 0), Dir8::W)
        .start(&[6, 1]);
    let reason = f.rejected(attack("A", "B"));
    assert!(
        matches!(reason, Refusal::NoLineOfSight { .. }),
        "{reason:?}"
    );
}

#[test]
fn move_allies_can_be_passed_through_but_not_stopped_on() {
    let mut f = Arena::new(&["......", "######"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("Ally", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 2, 1]);
    let reason = f.rejected(mv("A", (1, 0)));
    assert!(matches!(reason, Refusal::Occupied { .. }), "{reason:?}");
    f.ok(mv("A", (2, 0)));
    assert_eq!(f.pos("A"), Pos::new(2, 0));
}

#[test]
fn move_enemies_block_the_way() {
    let mut f = Arena::new(&["......", "######"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start(&[6, 1]);
    let reason = f.rejected(mv("A", (2, 0)));
    assert!(matches!(reason, Refusal::NoPath { .. }), "{reason:?}");
    let reason = f.rejected(path("A", &[(1, 0), (2, 0)]));
    assert!(
        matches!(reason, Refusal::EnemyBlocks { step: 1, .. }),
        "{reason:?}"
    );
}

#[test]
fn move_enemies_two_or_more_sizes_apart_can_be_passed() {
    // Medium passes a Huge enemy and a Tiny one; Small passes nothing one size apart.
    let mut f = Arena::new(&[".......", "#######"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("Giant", "Red", "huge", (1, 0), Dir8::E)
        .unit("Rat", "Red", "tiny", (2, 0), Dir8::E)
        .start(&[6, 1, 1]);
    // Both face away, so passing them provokes nothing.
    f.ok(mv("A", (3, 0)));
    assert_eq!(f.pos("A"), Pos::new(3, 0));
    let mut g = Arena::new(&["......", "######"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("Big", "Red", "big", (1, 0), Dir8::W)
        .start(&[6, 1]);
    assert!(matches!(
        g.rejected(path("A", &[(1, 0), (2, 0)])),
        Refusal::EnemyBlocks { .. }
    ));
}

#[test]
fn move_prone_crawling_costs_double() {
    let mut f = duel(&["......", "......"], (0, 0), (5, 1));
    f.h.app
        .world_mut()
        .query::<(
            &skirmish::battle::components::Combatant,
            &mut skirmish::battle::components::Conditions,
        )>()
        .iter_mut(f.h.app.world_mut())
        .for_each(|(c, mut cond)| {
            if &*c.name == "A" {
                cond.0
                    .push(skirmish::battle::components::ConditionInstance {
                        kind: ConditionKind::Prone,
                        duration: skirmish::rules::ruleset::Duration::UntilRemoved,
                        source: "test".into(),
                        round: 1,
                        holder_turns: 1,
                        parent: None,
                        link: None,
                    })
            }
        });
    let ev = f.ok(mv("A", (1, 0)));
    assert_eq!(move_costs(&ev), vec![2]);
}

#[test]
fn move_facing_follows_the_last_step() {
    let mut f = duel(&["......", "......", "......"], (0, 0), (5, 2));
    f.ok(path("A", &[(1, 0), (2, 1)]));
    assert_eq!(f.unit("A").facing, Dir8::SE);
}

#[test]
fn move_spends_the_free_pool_then_one_ap_per_movement() {
    let mut f = duel(&["..........", ".........."], (0, 0), (9, 1));
    let ev = f.ok(mv("A", (4, 0)));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 1, .. } if *action == ActionKind::Move)
    ));
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (2, 2));
}

#[test]
fn sprint_costs_three_ap_and_adds_four_times_movement() {
    let mut f = duel(&["..............", ".............."], (0, 0), (13, 1));
    f.ok(simple("Sprint", "A"));
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (0, 3 + 12));
    f.ok(mv("A", (12, 0)));
    assert_eq!(f.unit("A").pool.metres, 3);
}

#[test]
fn move_beyond_pool_and_ap_is_refused_with_the_numbers() {
    let mut f = duel(&["..............", ".............."], (0, 0), (13, 1));
    let reason = f.rejected(mv("A", (13, 0)));
    assert_eq!(
        reason,
        Refusal::PathTooCostly {
            cost: 13,
            pool: 3,
            ap: 3,
            per_ap: 3
        }
    );
}

#[test]
fn move_out_of_turn_is_refused() {
    let mut f = duel(&["......", "......"], (0, 0), (5, 1));
    let reason = f.rejected(mv("B", (4, 1)));
    assert_eq!(reason, Refusal::NotYourTurn { active: "A".into() });
}

#[test]
fn face_turns_freely_on_your_own_turn_only() {
    let mut f = duel(&["......", "......"], (0, 0), (5, 1));
    f.ok(face("A", Dir8::S));
    f.ok(face("A", Dir8::NW));
    let a = f.unit("A");
    assert_eq!((a.facing, a.ap), (Dir8::NW, 3));
    assert!(matches!(
        f.rejected(face("B", Dir8::N)),
        Refusal::NotYourTurn { .. }
    ));
}

#[test]
fn move_undo_until_a_roll() {
    let mut f = duel(&["......", "......"], (0, 0), (5, 1));
    f.ok(mv("A", (3, 0)));
    f.ok(mv("A", (4, 1)));
    f.ok(simple("Undo", "A"));
    assert_eq!(f.pos("A"), Pos::new(3, 0));
    f.ok(simple("Undo", "A"));
    let a = f.unit("A");
    assert_eq!((a.pos, a.ap, a.pool.metres), (Pos::new(0, 0), 3, 3));
    assert_eq!(f.rejected(simple("Undo", "A")), Refusal::NothingToUndo);
}

#[test]
fn move_cannot_be_undone_after_a_roll() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (5, 1), Dir8::W)
        .start(&[6, 1, 2]);
    f.ok(mv("A", (1, 0)));
    f.ok(attack("A", "B"));
    assert_eq!(f.rejected(simple("Undo", "A")), Refusal::NothingToUndo);
}

#[test]
fn reachable_query_gives_costs_and_paths() {
    let mut f = duel(&[".,....", "......"], (0, 0), (5, 1));
    let snap = f.h.snapshot();
    let world = f.h.app.world();
    let map = world.resource::<skirmish::battle::BattleMap>();
    let rules = world.resource::<skirmish::battle::Rules>();
    let turn = world.resource::<skirmish::battle::TurnState>();
    let ctx = skirmish::battle::assess::Ctx {
        snap: &snap,
        grid: &map.grid,
        rules: &rules.0,
        order: &turn.order,
    };
    let a = snap.by_name("A").unwrap();
    let r = ctx.reachable(a);
    // Budget: 3 free + 3 AP × 3 = 12 m.
    assert_eq!(r.cost(Pos::new(1, 0)), Some(2));
    assert_eq!(r.cost(Pos::new(2, 0)), Some(2));
    assert_eq!(
        r.path(Pos::new(2, 0)).unwrap(),
        vec![Pos::new(1, 1), Pos::new(2, 0)]
    );
    assert_eq!(r.cost(Pos::new(5, 1)), None, "occupied by B");
    assert_eq!(ctx.ap_for_cost(a, 5), 1);
}

/// RULES §1: a half-cover object is passable at its `cost` (default 2) unless the level says
/// otherwise, and only full cover blocks sight unless the level says so.
#[test]
fn s1_a_level_can_override_the_terrain_defaults() {
    let arena = Arena::new(&["b.h", ".s.", "c.."])
        .terrain(
            r#""barricade": (cover: Half, cost: 3), "hedge": (cover: Half, passable: false),
               "smoke": (blocks_sight: true)"#,
            r#"'b': "barricade", 'h': "hedge", 's': "smoke""#,
        )
        .unit("A", "Blue", "fighter", (1, 0), Dir8::S)
        .unit("B", "Red", "archer", (1, 2), Dir8::N);
    let grid = arena.level().grid;
    let crates = grid.kind(Pos::new(0, 2)).expect("on the map");
    assert_eq!(
        (crates.cost, crates.passable, crates.blocks_sight),
        (2, true, false),
        "the defaults for half cover"
    );
    assert!(
        !grid.sight(Pos::new(1, 0), Pos::new(1, 2)).clear,
        "smoke blocks sight"
    );
    let mut f = arena.start(&[6, 1]);
    assert!(matches!(
        f.rejected(mv("A", (2, 0))),
        Refusal::Impassable { .. }
    ));
    let ev = f.ok(mv("A", (0, 0)));
    assert_eq!(
        move_costs(&ev),
        vec![3],
        "the barricade costs what the level says"
    );
}
