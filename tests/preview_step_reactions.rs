//! The reactions a walk's preview lists, beside those the walk sets off, under the two
//! rulebooks whose steps provoke otherwise than Core's (RULES §8; `Ctx::step_reactors`):
//! Seed004's Take Opening only for a step out of the reactor's reach, and Seed002's Swift
//! Attacks once a round for a step that starts in reach. Seed003's (none) is in
//! `preview_seed003.rs`.

mod common;
use common::*;
use skirmish::battle::events::{BattleEvent, ReactionKind};
use skirmish::battle::preview::preview;
use skirmish::level::schema::ReactionPolicy;
use skirmish::rules::grid::{Dir8, Pos};

/// The reactions previewed for `cmd`, as (reactor, kind, where).
fn previewed(f: &mut Fight, cmd: &skirmish::battle::Command) -> Vec<(String, ReactionKind, Pos)> {
    let p = f.h.with_view(|v| preview(v, cmd)).expect("the preview");
    p.reactions
        .into_iter()
        .map(|r| (r.reactor, r.kind, r.at))
        .collect()
}

/// The reactions the battle took, as (reactor, kind).
fn taken(ev: &[BattleEvent]) -> Vec<(String, ReactionKind)> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::ReactionTaken { reactor, kind, .. } => Some((reactor.clone(), *kind)),
            _ => None,
        })
        .collect()
}

/// Seed004: W's first step stays in E's reach and sets off nothing; its second leaves it and
/// sets off E's Take Opening, listed where it starts. The walk takes the same one.
#[test]
fn seed004_a_walk_previews_a_take_opening_only_for_the_step_out_of_reach() {
    let mut f = common::seed004::arena(&[".....", ".....", "....."])
        .unit("W", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("E", "Red", "fighter", (2, 0), Dir8::W)
        .start_with(
            &[1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
            Some(ReactionPolicy::Always),
        );
    assert_eq!(f.active(), "W");
    let walk = path("W", &[(1, 1), (0, 2)]);
    assert_eq!(
        previewed(&mut f, &walk),
        vec![("E".into(), ReactionKind::Opening, Pos::new(1, 1))]
    );
    let ev = f.ok(walk);
    assert_eq!(taken(&ev), vec![("E".into(), ReactionKind::Opening)]);
}

/// Seed002 (X1 b): A's Run from B's reach sets off B's Swift Attack before its first step,
/// listed where it starts; the battle takes the same one. (Seed002's walk once previewed no
/// reactions at all: its Run is the rulebook's own plan.)
#[test]
fn seed002_a_run_out_of_reach_previews_the_swift_attack_it_sets_off() {
    let mut f = common::seed002::duel("()", "()")
        .start_with(&[2, 2, 2, 2, 2, 2, 2, 2], Some(ReactionPolicy::Always));
    assert_eq!(f.active(), "A");
    let run = mv("A", (1, 0));
    assert_eq!(
        previewed(&mut f, &run),
        vec![("B".into(), ReactionKind::Swift, Pos::new(1, 1))]
    );
    let ev = f.ok(run);
    assert_eq!(taken(&ev), vec![("B".into(), ReactionKind::Swift)]);
    assert_eq!(f.pos("A"), Pos::new(1, 0));
}

/// Seed002 (X1 b): A's Run into B's reach sets off B's Swift Attack after the step that ends
/// there (B did not reach where it started), listed where it ends; the battle takes it.
#[test]
fn seed002_a_run_into_reach_previews_the_swift_attack_after_its_step() {
    let mut f = common::seed002::arena(&["......", "......", "......"])
        .unit("A", "Blue", "duelist", (0, 1), Dir8::E)
        .unit("B", "Red", "duelist", (3, 1), Dir8::W)
        .start_with(&[2, 2, 2, 2, 2, 2, 2, 2], Some(ReactionPolicy::Always));
    assert_eq!(f.active(), "A");
    let run = path("A", &[(1, 1), (2, 1)]);
    assert_eq!(
        previewed(&mut f, &run),
        vec![("B".into(), ReactionKind::Swift, Pos::new(2, 1))]
    );
    let ev = f.ok(run);
    assert_eq!(taken(&ev), vec![("B".into(), ReactionKind::Swift)]);
}
