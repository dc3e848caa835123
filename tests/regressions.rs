//! Regression tests for crashes and invariant violations that the property tests, the
//! malformed-level corpus and the fuzz targets found in code owned by the rules and battle
//! work (`src/rules/`, `src/battle/`), each kept after its fix.

use skirmish::battle::Refusal;
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::headless::Headless;
use skirmish::battle::setup::BattleSetup;
use skirmish::level::schema::ReactionPolicy;
use skirmish::rules::dice::{DiceExpr, DiceSource};
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::path::StepError;

/// A one-row map of four grass tiles: soldier A (Blue) at the west end, soldier B (Red) at
/// the east end; initiative d6 6 for A and 1 for B, so A acts first.
fn a_and_b_on_one_row() -> Headless {
    let src = r#"(
        name: "Row",
        legend: { '.': "grass" },
        map: ["...."],
        sides: [(name: "Blue"), (name: "Red")],
        units: [
            (name: "A", side: "Blue", template: "soldier", pos: (0, 0), facing: E),
            (name: "B", side: "Red", template: "soldier", pos: (3, 0), facing: W),
        ],
    )"#;
    let level =
        skirmish::level::parse_level("row.ron", src.as_bytes(), &skirmish::paths::load_catalog())
            .expect("valid level");
    Headless::new(BattleSetup::new(level, DiceSource::Scripted(vec![6, 1])))
}

/// `DiceExpr::parse` checked the bonus with `i32::abs`, which overflows on `i32::MIN`: a
/// panic in debug builds, and in release builds the bonus was accepted (the check saw a
/// negative number). Found by the malformed-level corpus (`number_dice_*_i32_min.ron`);
/// level validation also refuses such numbers before parsing (`dice_number_too_large` in
/// `src/level/mod.rs`). Fixed with `unsigned_abs`.
#[test]
fn dice_bonus_of_i32_min_is_refused() {
    assert!(DiceExpr::parse("-2147483648").is_err());
    assert!(DiceExpr::parse("1d6-2147483648").is_err());
}

/// A refused command must change nothing (the `Command` docs and the issue's invariant),
/// but `Battle::emit` cleared the undo history for every event that is not movement,
/// `Rejected` included: after a refused command the moves made so far could no longer be
/// taken back. Found by `proptest_battle` (minimal case: a 2×2 map, a Move, then a refused
/// Move onto an occupied tile). Fixed: `Rejected` keeps the undo history.
#[test]
fn a_refused_command_keeps_the_undo_history() {
    let mut h = a_and_b_on_one_row();
    let a = |h: &mut Headless| h.unit("A").expect("A").pos;
    h.send(Command::Move {
        unit: "A".into(),
        to: Pos::new(1, 0),
    });
    assert_eq!(a(&mut h), Pos::new(1, 0));
    h.send(Command::Move {
        unit: "A".into(),
        to: Pos::new(3, 0),
    });
    assert!(matches!(h.log().last(), Some(BattleEvent::Rejected { .. })));
    h.send(Command::UndoMove { unit: "A".into() });
    assert!(
        matches!(h.log().last(), Some(BattleEvent::MoveUndone { .. })),
        "the undo was refused: {:?}",
        h.log().last()
    );
    assert_eq!(a(&mut h), Pos::new(0, 0));
}

/// At most one creature may stand on a tile, but a walk that ended early on a tile it was
/// only passing through (an ally's, or a Down creature's) left the mover there: here an
/// opportunity attack drops the mover while it crosses an ally's tile. Found by
/// `proptest_battle`: a Huge giant walking through a soldier's tile, paused there by an
/// opportunity attack offer. Fixed: the mover is set back to the last tile of its walk
/// where it can stand (`SetBack`), here the tile it started from.
#[test]
fn a_mover_dropped_on_an_allys_tile_does_not_share_it() {
    let src = r#"(
        name: "Crossing",
        legend: { '.': "grass" },
        map: ["....", "...."],
        sides: [(name: "Blue"), (name: "Red")],
        units: [
            (name: "A", side: "Blue", template: "soldier", pos: (0, 1), facing: E, overrides: (vitality: 1)),
            (name: "C", side: "Blue", template: "soldier", pos: (1, 1), facing: E),
            (name: "B", side: "Red", template: "soldier", pos: (2, 0), facing: S),
        ],
        rules: (facing: false),
    )"#;
    let level = skirmish::level::parse_level(
        "crossing.ron",
        src.as_bytes(),
        &skirmish::paths::load_catalog(),
    )
    .expect("valid level");
    // Initiative d6 in unit order (A 6, C 2, B 1), then B's opportunity attack: a natural
    // 20 and 5 on the d8.
    let mut setup = BattleSetup::new(level, DiceSource::Scripted(vec![6, 2, 1, 20, 5]));
    setup.policy_override = Some(ReactionPolicy::Always);
    let mut h = Headless::new(setup);
    // Through C's tile, then on within B's reach: B strikes before the second step.
    h.send(Command::MovePath {
        unit: "A".into(),
        path: vec![Pos::new(1, 1), Pos::new(2, 1)],
    });
    let snap = h.snapshot();
    let a = snap.by_name("A").expect("A");
    let c = snap.by_name("C").expect("C");
    assert!(
        a.is_down(),
        "the opportunity attack should drop A: {:?}",
        h.log()
    );
    assert_ne!(a.pos, c.pos, "A and C share the tile {}", c.pos);
    assert_eq!(a.pos, Pos::new(0, 1), "A goes back to where it started");
    assert!(h.log().iter().any(|e| matches!(
        e,
        BattleEvent::SetBack { unit, from, to }
            if unit == "A" && *from == Pos::new(1, 1) && *to == Pos::new(0, 1)
    )));
}

/// A step to a tile near the ends of the `i32` range overflowed in `Dir8::of_step`
/// (`to.x - from.x`): a panic in debug builds, from any `MovePath` command (a replay file
/// could hold one; `load_replay` now refuses such coordinates). Found by
/// `proptest_battle`. Fixed: grid geometry takes differences in 64 bits.
#[test]
fn a_step_to_a_far_tile_is_refused() {
    assert_eq!(
        Dir8::of_step(Pos::new(3, 0), Pos::new(i32::MIN, i32::MIN)),
        None
    );
    assert_eq!(
        Pos::new(3, 0).distance(Pos::new(i32::MIN, 0)),
        2_147_483_651u32
    );
    assert_eq!(
        Dir8::towards(Pos::new(0, 0), Pos::new(i32::MAX, i32::MAX)),
        Some(Dir8::SE)
    );
}

/// The command that found the overflow: a `MovePath` whose first step lies at the far
/// corner of the `i32` range is refused with a reason, and changes nothing.
#[test]
fn a_move_path_to_the_end_of_the_i32_range_is_refused() {
    let mut h = a_and_b_on_one_row();
    for far in [Pos::new(i32::MIN, i32::MIN), Pos::new(i32::MAX, 0)] {
        h.send(Command::MovePath {
            unit: "A".into(),
            path: vec![far],
        });
        match h.log().last() {
            Some(BattleEvent::Rejected { refusal, .. }) => assert!(
                matches!(
                    refusal,
                    Refusal::BadStep {
                        step: 1,
                        error: StepError::NotAdjacent,
                        ..
                    }
                ),
                "{refusal:?}"
            ),
            other => panic!("a step to {far} was not refused: {other:?}"),
        }
        assert_eq!(h.unit("A").expect("A").pos, Pos::new(0, 0));
    }
}
