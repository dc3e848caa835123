//! RULES §9: every condition of the table (effect and how it ends), parent and daughter
//! conditions, and the five durations — through the real plugin with scripted dice.

mod common;
use common::*;
use skirmish::battle::events::{BattleEvent, Reason};
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::{ConditionKind, Duration};

fn pair(a: &str, b: &str) -> Arena {
    Arena::new(&["........", "........", "........"])
        .unit("A", "Blue", a, (1, 0), Dir8::E)
        .unit("B", "Red", b, (2, 0), Dir8::W)
}

// --------------------------------------------------------------------------------- Prone

#[test]
fn s9_prone_gives_melee_advantage_and_ranged_disadvantage_against_you() {
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::E)
        .unit("C", "Blue", "archer", (6, 0), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 5, 10, 5, 1, 9, 1, 20, 12, 1]);
    f.ok(trip("A", "B"));
    let r = &attacks(&f.ok(attack("A", "B")))[0];
    assert_eq!((r.mode, r.natural, r.total), (RollMode::Advantage, 9, 12));
    assert_eq!(f.vit("B"), 20 - 1 - 1);
    f.ok(end("A"));
    let r = &attacks(&f.ok(attack("C", "B")))[0];
    assert_eq!(
        (r.mode, r.natural, r.total, r.outcome),
        (RollMode::Disadvantage, 12, 15, HitOutcome::Hit)
    );
    assert_eq!(reasons(&r.modifiers), vec![Reason::TargetProne]);
    f.all_dice_used();
}

#[test]
fn s9_prone_moving_costs_double() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5]);
    f.ok(trip("A", "B"));
    f.ok(end("A"));
    f.ok(simple("Disengage", "B"));
    let ev = f.ok(mv("B", (3, 0)));
    assert_eq!(move_costs(&ev), vec![2]);
    assert_eq!(f.unit("B").pool.metres, 1);
    assert!(
        f.has("B", ConditionKind::Prone),
        "moving does not end Prone"
    );
}

#[test]
fn s9_prone_implies_exposed_and_lasts_until_stand_up() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5, 2, 2, 2]);
    let ev = f.ok(trip("A", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Exposed, implied_by: Some(ConditionKind::Prone), .. } if unit == "B")
    ));
    f.ok(end("A"));
    f.ok(end("B"));
    // A new round: still Prone and Exposed.
    assert!(f.has("B", ConditionKind::Prone) && f.has("B", ConditionKind::Exposed));
    f.ok(end("A"));
    // Standing up: A's opportunity attack (advantage, two misses) and swift attack (a miss).
    f.ok(simple("StandUp", "B"));
    assert!(!f.has("B", ConditionKind::Prone));
    f.all_dice_used();
}

// ------------------------------------------------------------------------------- Exposed

#[test]
fn s9_exposed_gives_contests_against_you_advantage_until_the_end_of_the_round() {
    // A crits B (Exposed), shoves it with advantage; next round the shove is plain.
    let mut f = pair("fighter", "fighter").start(&[6, 1, 20, 1, 3, 4, 10, 2, 3]);
    f.ok(attack("A", "B"));
    assert!(f.has("B", ConditionKind::Exposed));
    let c = &contests(&f.ok(shove("A", "B")))[0];
    assert_eq!(
        (c.actor_mode, c.actor_total, c.target_total, c.actor_wins),
        (RollMode::Advantage, 6, 12, false)
    );
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(!f.has("B", ConditionKind::Exposed));
    let c = &contests(&f.ok(shove("A", "B")))[0];
    assert_eq!(
        (c.actor_mode, c.actor_rolls.clone()),
        (RollMode::Normal, vec![2])
    );
    f.all_dice_used();
}

#[test]
fn s9_exposed_ends_with_defend() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 20, 1]);
    f.ok(attack("A", "B"));
    f.ok(end("A"));
    let ev = f.ok(simple("Defend", "B"));
    assert_eq!(removed(&ev, "B"), vec![ConditionKind::Exposed]);
    assert!(!f.has("B", ConditionKind::Exposed));
    f.all_dice_used();
}

// ----------------------------------------------------------------------------- Unguarded

#[test]
fn s9_unguarded_allows_swift_attacks_implies_exposed_and_ends_at_round_end() {
    // A shoves B next to C; C's swift attack hits (12 + 3) for 4 + 1.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::E)
        .unit("C", "Blue", "fighter", (4, 0), Dir8::W)
        .start(&[6, 1, 1, 10, 5, 12, 4]);
    let ev = f.ok(shove("A", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Exposed, implied_by: Some(ConditionKind::Unguarded), .. } if unit == "B")
    ));
    assert_eq!(
        attacks(&ev)[0].kind,
        skirmish::battle::events::AttackKind::Swift
    );
    assert_eq!(f.vit("B"), 15);
    f.ok(end("A"));
    f.ok(end("C"));
    f.ok(end("B"));
    let b = f.unit("B");
    assert!(!b.has(ConditionKind::Unguarded) && !b.has(ConditionKind::Exposed));
    f.all_dice_used();
}

#[test]
fn s9_unguarded_ends_with_defend() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5]);
    f.ok(shove("A", "B"));
    f.ok(end("A"));
    let ev = f.ok(simple("Defend", "B"));
    let mut gone = removed(&ev, "B");
    gone.sort();
    assert_eq!(gone, vec![ConditionKind::Exposed, ConditionKind::Unguarded]);
}

// --------------------------------------------------------------------------------- Dazed

#[test]
fn s9_dazed_gives_disadvantage_on_contests_implies_exposed_and_ends_after_the_next_turn() {
    // B's stunner dazes A until the end of A's next turn. A's shove keeps the lower die.
    let mut f = pair("fighter", "ripper").start(&[1, 6, 10, 2, 15, 3, 4]);
    let ev = f.ok(attack_with("B", "A", "stunner"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Dazed, duration: Duration::EndOfNextTurn, .. } if unit == "A")
    ));
    assert!(f.has("A", ConditionKind::Exposed));
    f.ok(end("B"));
    let c = &contests(&f.ok(shove("A", "B")))[0];
    assert_eq!(
        (c.actor_mode, c.actor_rolls.clone(), c.actor_total),
        (RollMode::Disadvantage, vec![15, 3], 5)
    );
    assert!(c.modifiers.iter().any(|m| m.reason == Reason::Dazed));
    assert!(
        f.has("A", ConditionKind::Dazed),
        "still Dazed during its next turn"
    );
    let ev = f.ok(end("A"));
    assert_eq!(
        removed(&ev, "A"),
        vec![ConditionKind::Dazed, ConditionKind::Exposed]
    );
    f.all_dice_used();
}

#[test]
fn s9_dazed_during_your_own_turn_lasts_until_the_end_of_your_next_turn() {
    // R's opportunity attack with a stunner dazes A while A moves on its own turn.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with(
            "R",
            "Red",
            "ripper",
            (2, 0),
            Dir8::W,
            r#"(weapons: ["stunner"])"#,
        )
        .start(&[6, 1, 10, 1]);
    f.ok(mv("A", (0, 0)));
    assert!(f.has("A", ConditionKind::Dazed));
    f.ok(end("A"));
    assert!(
        f.has("A", ConditionKind::Dazed),
        "not the end of its next turn yet"
    );
    f.ok(end("R"));
    f.ok(end("A"));
    assert!(!f.has("A", ConditionKind::Dazed));
    f.all_dice_used();
}

#[test]
fn s9_a_condition_applied_again_starts_its_duration_over() {
    // Round 1: R's stunner dazes B during B's own turn (until the end of B's next turn).
    // Round 2: R dazes B again during that next turn: now until the end of B's third turn.
    let mut f = Arena::new(&["......", "......"])
        .unit("B", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with(
            "R",
            "Red",
            "ripper",
            (2, 0),
            Dir8::W,
            r#"(weapons: ["stunner"])"#,
        )
        .start(&[6, 1, 10, 1, 10, 2, 3]);
    f.ok(mv("B", (0, 0)));
    f.ok(end("B"));
    f.ok(mv("R", (1, 0)));
    f.ok(end("R"));
    // B (facing West) steps from R's reach to another tile within it: R strikes from
    // behind (advantage: 10 and 2), 13 hits.
    let ev = f.ok(mv("B", (0, 1)));
    assert_eq!(attacks(&ev)[0].outcome, HitOutcome::Hit);
    let ev = f.ok(end("B"));
    assert!(
        removed(&ev, "B").is_empty(),
        "dazed again: not over at the end of this turn"
    );
    assert!(f.has("B", ConditionKind::Dazed));
    f.ok(end("R"));
    let ev = f.ok(end("B"));
    assert_eq!(
        removed(&ev, "B"),
        vec![ConditionKind::Dazed, ConditionKind::Exposed]
    );
    f.all_dice_used();
}

// ---------------------------------------------------------------- Restrained, Grappling

#[test]
fn s9_restrained_cannot_move_and_implies_exposed() {
    let mut f = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .unit("C", "Red", "fighter", (8, 0), Dir8::W)
        .start(&[1, 6, 1, 10, 5]);
    let ev = f.ok(grab("B", "A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Exposed, implied_by: Some(ConditionKind::Restrained), .. } if unit == "A")
    ));
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    for cmd in [
        mv("A", (0, 0)),
        path("A", &[(0, 1)]),
        simple("Sprint", "A"),
        charge("A", "C"),
    ] {
        let reason = f.rejected(cmd);
        assert_eq!(reason, Refusal::Restrained);
    }
    f.all_dice_used();
}

#[test]
fn s9_restrained_ends_when_the_grappler_moves_or_is_moved_apart() {
    // B grabs A and then steps away (disengaging): the grapple ends.
    let mut f = pair("fighter", "fighter")
        .rules("(ap_per_turn: 4)")
        .start(&[1, 6, 10, 5]);
    f.ok(grab("B", "A"));
    f.ok(simple("Disengage", "B"));
    let ev = f.ok(mv("B", (3, 0)));
    assert!(removed(&ev, "A").contains(&ConditionKind::Restrained));
    assert!(!f.has("B", ConditionKind::Grappling));
    // C shoves the grappler B away from A: the grapple ends too.
    let mut g = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("B", "Red", "fighter", (2, 1), Dir8::W)
        .unit("C", "Blue", "fighter", (1, 2), Dir8::NE)
        .start(&[5, 6, 1, 10, 5, 10, 5]);
    g.ok(grab("B", "A"));
    g.ok(end("B"));
    g.ok(end("A"));
    assert_eq!(g.active(), "C");
    let ev = g.ok(shove("C", "B"));
    assert_eq!(g.pos("B"), p(3, 0));
    assert_eq!(
        removed(&ev, "A"),
        vec![ConditionKind::Restrained, ConditionKind::Exposed]
    );
    assert!(!g.has("B", ConditionKind::Grappling));
    g.all_dice_used();
}

#[test]
fn s9_grappling_halves_movement_and_release_is_free() {
    // A grabs B; in round 2 A's free pool and each AP give 1 m (movement 3 halved, rounded
    // down).
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5]);
    f.ok(grab("A", "B"));
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(f.log().iter().any(
        |e| matches!(e, BattleEvent::TurnStarted { unit, round: 2, movement: 1, .. } if unit == "A")
    ));
    let a = f.unit("A");
    assert_eq!(a.pool.metres, 1);
    f.ok(simple("Sprint", "A"));
    assert_eq!(f.unit("A").pool.metres, 1 + 4);
    let ev = f.ok(simple("Release", "A"));
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ActionTaken { .. }
    )));
    assert!(!f.has("A", ConditionKind::Grappling) && !f.has("B", ConditionKind::Restrained));
}

// ------------------------------------------------------------------------------ Bleeding

/// RULES §2: a weapon's `on_crit` conditions come with a critical hit only.
#[test]
fn s9_on_crit_conditions_need_a_critical_hit() {
    // A hits with the ripper on a 15 (15 + 3 vs 12): 1d6 (4) damage, and no Bleeding.
    let mut f = pair("ripper", "fighter").start(&[6, 1, 15, 4]);
    f.ok(attack_with("A", "B", "ripper"));
    assert_eq!(f.vit("B"), 16);
    assert!(!f.has("B", ConditionKind::Bleeding));
    f.all_dice_used();
}

#[test]
fn s9_bleeding_loses_1d4_at_the_start_of_each_turn_ignoring_armor() {
    // A crits the tank with the ripper: 1d6 (2) + 6 - 3 = 5; then 3 and 4 at its turn starts.
    let mut f = pair("ripper", "tank").start(&[6, 1, 20, 2, 3, 4]);
    f.ok(attack_with("A", "B", "ripper"));
    assert_eq!(f.vit("B"), 25);
    assert!(f.has("B", ConditionKind::Bleeding));
    let ev = f.ok(end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::VitalityLost { unit, amount: 3, vitality: 22, .. } if unit == "B")
    ));
    f.ok(end("B"));
    let ev = f.ok(end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::VitalityLost { unit, amount: 4, vitality: 18, .. } if unit == "B")
    ));
    assert!(f.has("B", ConditionKind::Bleeding), "until stabilized");
    f.all_dice_used();
}

#[test]
fn s9_bleeding_to_0_puts_the_combatant_down_and_ends_its_turn() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "ripper", (1, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(vitality: 9)")
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 2, 1, 20, 1, 2]);
    f.ok(attack_with("A", "B", "ripper"));
    assert_eq!(f.vit("B"), 2);
    let ev = f.ok(end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::WentDown { unit } if unit == "B")
    ));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::TurnEnded { unit } if unit == "B")
    ));
    assert_eq!(f.active(), "C");
    f.all_dice_used();
}

// ------------------------------------------------------------------ Defending, Take Cover

#[test]
fn s9_defending_ends_at_the_start_of_the_next_turn() {
    let mut f = pair("fighter", "fighter").start(&[6, 1]);
    let ev = f.ok(simple("Defend", "A"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ConditionAdded {
            condition: ConditionKind::Defending,
            duration: Duration::StartOfNextTurn,
            ..
        }
    )));
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(!f.has("A", ConditionKind::Defending));
}

#[test]
fn s9_taking_cover_ends_at_the_start_of_the_next_turn_and_needs_the_cover_next_to_you() {
    // B takes cover beside the crates, is shoved away from them, then shot: no bonus.
    let mut f = Arena::new(&["......", ".c....", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::SE)
        .unit("B", "Red", "fighter", (2, 1), Dir8::NW)
        .start(&[1, 6, 12, 2, 3, 9, 1]);
    f.ok(simple("TakeCover", "B"));
    f.ok(end("B"));
    let c = &contests(&f.ok(shove("A", "B")))[0];
    assert_eq!(
        (c.target_mode, c.actor_total, c.target_total),
        (RollMode::Advantage, 14, 5)
    );
    assert_eq!(f.pos("B"), p(3, 2));
    assert!(f.has("B", ConditionKind::TakingCover));
    let r = &attacks(&f.ok(attack_with("A", "B", "bow")))[0];
    assert!(r.modifiers.is_empty(), "{:?}", r.modifiers);
    assert_eq!((r.evasion, r.outcome), (12, HitOutcome::Hit));
    f.ok(end("A"));
    assert!(!f.has("B", ConditionKind::TakingCover));
    f.all_dice_used();
}

// ----------------------------------------------------------------------------- Surprised

#[test]
fn s9_surprised_is_unguarded_so_contests_against_it_have_advantage() {
    let mut f = pair("fighter", "fighter")
        .sides(r#"(name: "Blue"), (name: "Red", surprised: true)"#)
        .start(&[1, 6, 2, 9, 10]);
    assert_eq!(f.active(), "A", "the surprised side acts last in round 1");
    let b = f.unit("B");
    assert!(
        b.has(ConditionKind::Surprised)
            && b.has(ConditionKind::Unguarded)
            && b.has(ConditionKind::Exposed)
    );
    let c = &contests(&f.ok(trip("A", "B")))[0];
    assert_eq!(
        (c.actor_mode, c.actor_total, c.target_total, c.actor_wins),
        (RollMode::Advantage, 11, 12, false)
    );
    f.ok(end("A"));
    let b = f.unit("B");
    assert!(
        !b.has(ConditionKind::Surprised)
            && !b.has(ConditionKind::Unguarded)
            && !b.has(ConditionKind::Exposed)
    );
    f.all_dice_used();
}

// ------------------------------------------------------------------- parent and daughter

#[test]
fn s9_a_daughter_cannot_be_removed_while_its_parent_holds() {
    // B is Prone (Exposed as its daughter) and Exposed on its own from a critical hit.
    // Defend removes the own Exposed, not the daughter; so does the round's end.
    let mut f = pair("fighter", "fighter")
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 10, 5, 20, 1, 1]);
    f.ok(trip("A", "B"));
    f.ok(attack("A", "B"));
    f.ok(end("A"));
    let ev = f.ok(simple("Defend", "B"));
    assert!(!removed(&ev, "B").contains(&ConditionKind::Exposed));
    assert!(f.has("B", ConditionKind::Exposed));
    let exposed: Vec<_> = f
        .unit("B")
        .conditions
        .0
        .iter()
        .filter(|c| c.kind == ConditionKind::Exposed)
        .map(|c| c.parent)
        .collect();
    assert_eq!(exposed, vec![Some(ConditionKind::Prone)]);
    f.ok(end("B"));
    assert!(
        f.has("B", ConditionKind::Exposed),
        "the round's end does not remove it either"
    );
    f.all_dice_used();
}

#[test]
fn s9_removing_the_parent_removes_the_daughter() {
    // Escape ends Restrained, and the Exposed it implied goes with it.
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5, 15, 2]);
    f.ok(grab("A", "B"));
    f.ok(end("A"));
    let ev = f.ok(simple("Escape", "B"));
    assert_eq!(
        removed(&ev, "B"),
        vec![ConditionKind::Restrained, ConditionKind::Exposed]
    );
    f.all_dice_used();
}

// ------------------------------------------------------------------------------ durations

#[test]
fn s9_n_rounds_counts_the_starting_round_as_round_1_and_older_effects_end_first() {
    // Round 1: the dazer gives B Dazed for 2 rounds. Round 2: the hexer gives B Unguarded for
    // 1 round (A's own swift attack follows, and misses). Both end at the end of round 2,
    // the older first.
    let mut f = pair("hexer", "dummy").start(&[6, 1, 15, 1, 15, 1, 2]);
    let ev = f.ok(attack_with("A", "B", "dazer"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ConditionAdded {
            condition: ConditionKind::Dazed,
            duration: Duration::Rounds(2),
            ..
        }
    )));
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(f.has("B", ConditionKind::Dazed), "round 1 of 2 is over");
    let ev = f.ok(attack_with("A", "B", "hexer"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ConditionAdded {
            condition: ConditionKind::Unguarded,
            duration: Duration::Rounds(1),
            ..
        }
    )));
    assert_eq!(
        attacks(&ev).len(),
        2,
        "the hexer's hit and A's swift attack"
    );
    f.ok(end("A"));
    let ev = f.ok(end("B"));
    assert_eq!(
        removed(&ev, "B"),
        vec![
            ConditionKind::Dazed,
            ConditionKind::Unguarded,
            ConditionKind::Exposed
        ]
    );
    f.all_dice_used();
}

#[test]
fn s9_durations_end_of_round_start_and_end_of_next_turn_and_until_removed() {
    // Exposed (crit) until the end of the round; Defending until the start of the next turn;
    // Dazed until the end of the next turn; Prone until removed.
    let mut f = pair("ripper", "fighter")
        .rules("(ap_per_turn: 8, attacks_per_round: 3)")
        .start(&[6, 1, 20, 1, 10, 1, 10, 5, 5, 5]);
    f.ok(attack_with("A", "B", "ripper"));
    f.ok(attack_with("A", "B", "stunner"));
    // The trip: A has advantage (B Exposed), B disadvantage (Dazed).
    let c = &contests(&f.ok(trip("A", "B")))[0];
    assert_eq!(
        (c.actor_mode, c.target_mode, c.actor_wins),
        (RollMode::Advantage, RollMode::Disadvantage, true)
    );
    let durations: Vec<(ConditionKind, Duration)> = f
        .unit("B")
        .conditions
        .0
        .iter()
        .filter(|c| c.parent.is_none())
        .map(|c| (c.kind, c.duration))
        .collect();
    assert_eq!(
        durations,
        vec![
            (ConditionKind::Exposed, Duration::EndOfRound),
            (ConditionKind::Bleeding, Duration::UntilRemoved),
            (ConditionKind::Dazed, Duration::EndOfNextTurn),
            (ConditionKind::Prone, Duration::UntilRemoved),
        ]
    );
    f.ok(simple("Defend", "A"));
    assert_eq!(
        f.unit("A")
            .conditions
            .0
            .iter()
            .map(|c| (c.kind, c.duration))
            .collect::<Vec<_>>(),
        vec![(ConditionKind::Defending, Duration::StartOfNextTurn)]
    );
}

// ---------------------------------------------------------------------------------- Down

#[test]
fn s9_down_implies_prone_and_exposed_and_takes_no_part() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(vitality: 2)")
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 2, 1, 12, 1]);
    let ev = f.ok(attack("A", "B"));
    assert_eq!(
        added(&ev, "B"),
        vec![
            ConditionKind::Down,
            ConditionKind::Prone,
            ConditionKind::Exposed
        ]
    );
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Prone, implied_by: Some(ConditionKind::Down), .. } if unit == "B")
    ));
    // No contest against it, no turn for it.
    assert!(matches!(
        f.rejected(shove("A", "B")),
        Refusal::TargetDown { .. }
    ));
    let ev = f.ok(end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::TurnSkipped { unit, .. } if unit == "B")
    ));
    assert_eq!(f.active(), "C");
    f.all_dice_used();
}
