//! RULES §4: every action of the table, its AP cost and effect, the refusals, and the
//! contest rules — through the real plugin, with scripted dice and exact numbers.

mod common;
use common::*;
use skirmish::battle::events::{
    AttackKind, BattleEvent, ContestKind, ContestReport, DelayUntil, Effect, Party, Reason,
};
use skirmish::rules::actions::ActionKind;
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// A (Blue, first to act) at (1,0) facing East, B (Red) at (2,0) facing West, on an open 8×3
/// field.
fn pair(a: &str, b: &str) -> Arena {
    Arena::new(&["........", "........", "........"])
        .unit("A", "Blue", a, (1, 0), Dir8::E)
        .unit("B", "Red", b, (2, 0), Dir8::W)
}

fn totals(c: &ContestReport) -> (i32, i32, bool) {
    (c.actor_total, c.target_total, c.actor_wins)
}

fn ap(f: &mut Fight, u: &str) -> u32 {
    f.unit(u).ap
}

// ---------------------------------------------------------------------------------- Move

#[test]
fn s4_move_spends_the_free_pool_first_then_one_ap_adds_movement_metres() {
    let mut f = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (9, 1), Dir8::W)
        .start(&[6, 1]);
    let ev = f.ok(mv("A", (5, 0)));
    assert_eq!(moved_to(&ev).len(), 5);
    // 3 m from the pool, then 1 AP buys 3 m more of which 2 are used.
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 1, ap_left: 2, .. } if *action == ActionKind::Move)
    ));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::MovementAdded {
            metres: 3,
            pool: 3,
            ..
        }
    )));
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (2, 1));
    f.all_dice_used();
}

#[test]
fn s4_move_beyond_the_pool_and_the_remaining_ap_is_refused() {
    // After an attack (2 AP) A has 3 m in the pool and 1 AP (3 m more): 6 m at most.
    let mut f = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (1, 1), Dir8::W)
        .start(&[6, 1, 2]);
    f.ok(attack("A", "B"));
    let reason = f.rejected(mv("A", (7, 0)));
    assert!(
        matches!(reason, Refusal::PathTooCostly { cost: 7, ap: 1, .. }),
        "{reason:?}"
    );
    f.ok(mv("A", (6, 0)));
    let a = f.unit("A");
    assert_eq!((a.pos, a.ap, a.pool.metres), (p(6, 0), 0, 0));
    f.all_dice_used();
}

// -------------------------------------------------------------------------------- Sprint

#[test]
fn s4_sprint_costs_three_ap_and_adds_four_times_movement() {
    let mut f = Arena::new(&["................", "................"])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(movement: 2)")
        .unit("B", "Red", "fighter", (15, 1), Dir8::W)
        .start(&[6, 1]);
    let ev = f.ok(simple("Sprint", "A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 3, ap_left: 0, .. } if *action == ActionKind::Sprint)
    ));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::MovementAdded {
            metres: 8,
            pool: 10,
            ..
        }
    )));
    f.ok(mv("A", (10, 0)));
    let a = f.unit("A");
    assert_eq!((a.pos, a.ap, a.pool.metres), (p(10, 0), 0, 0));
}

#[test]
fn s4_sprint_with_fewer_than_three_ap_is_refused() {
    let mut f = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (9, 1), Dir8::W)
        .start(&[6, 1]);
    f.ok(mv("A", (4, 0)));
    assert_eq!(ap(&mut f, "A"), 2);
    let reason = f.rejected(simple("Sprint", "A"));
    assert_eq!(
        reason,
        Refusal::NotEnoughAp {
            action: ActionKind::Sprint,
            need: 3,
            have: 2
        }
    );
}

// -------------------------------------------------------------------------------- Attack

#[test]
fn s4_attack_costs_two_ap_and_makes_one_weapon_attack() {
    // d20 10 + 3 = 13 ≥ 12: hit for 1d6+1 = 4+1.
    let mut f = pair("fighter", "dummy").start(&[6, 1, 10, 4]);
    let ev = f.ok(attack("A", "B"));
    let r = attacks(&ev);
    assert_eq!(r.len(), 1);
    assert_eq!(
        (
            r[0].weapon.as_str(),
            r[0].kind,
            r[0].total,
            r[0].evasion,
            r[0].outcome
        ),
        ("blade", AttackKind::Action, 13, 12, HitOutcome::Hit)
    );
    assert_eq!(damage(&ev), vec![("B".to_string(), 5)]);
    assert_eq!(f.vit("B"), 15);
    let a = f.unit("A");
    assert_eq!((a.ap, a.attacks), (1, 1));
    let reason = f.rejected(attack("A", "B"));
    assert_eq!(
        reason,
        Refusal::NotEnoughAp {
            action: ActionKind::Attack,
            need: 2,
            have: 1
        }
    );
    f.all_dice_used();
}

#[test]
fn s4_attack_out_of_reach_or_with_an_unknown_weapon_is_refused() {
    let mut f = Arena::new(&["........"])
        .unit("A", "Blue", "pikeman", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (3, 0), Dir8::W)
        .start(&[6, 1]);
    let reason = f.rejected(attack("A", "B"));
    assert!(
        matches!(reason, Refusal::NoWeaponReaches { distance: 3, .. }),
        "{reason:?}"
    );
    let reason = f.rejected(attack_with("A", "B", "bow"));
    assert!(
        matches!(&reason, Refusal::NoSuchWeapon { weapon, .. } if weapon == "bow"),
        "{reason:?}"
    );
    f.rejected(attack("A", "A"));
}

// -------------------------------------------------------------------------------- Defend

#[test]
fn s4_defend_costs_two_ap_and_ends_exposed_and_unguarded_now() {
    // A crits B (Exposed), then shoves it (Unguarded); on its turn B defends.
    let mut f = pair("fighter", "fighter").start(&[6, 1, 20, 3, 4, 15, 5]);
    f.ok(attack("A", "B"));
    assert_eq!(f.vit("B"), 20 - (3 + 1 + 6));
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.actor_mode, c.actor_rolls.clone()),
        (RollMode::Advantage, vec![4, 15])
    );
    assert_eq!(totals(c), (17, 7, true));
    assert_eq!(f.pos("B"), p(3, 0));
    f.ok(end("A"));
    assert!(f.has("B", ConditionKind::Exposed) && f.has("B", ConditionKind::Unguarded));
    let ev = f.ok(simple("Defend", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 2, ap_left: 1, .. } if *action == ActionKind::Defend)
    ));
    let b = f.unit("B");
    assert!(b.has(ConditionKind::Defending));
    assert!(
        !b.has(ConditionKind::Exposed) && !b.has(ConditionKind::Unguarded),
        "{:?}",
        b.conditions
    );
    let mut gone = removed(&ev, "B");
    gone.sort();
    assert_eq!(gone, vec![ConditionKind::Exposed, ConditionKind::Unguarded]);
    let reason = f.rejected(simple("Defend", "B"));
    assert!(
        matches!(reason, Refusal::NotEnoughAp { need: 2, .. }),
        "{reason:?}"
    );
    f.all_dice_used();
}

#[test]
fn s4_defend_gives_attacks_disadvantage_and_contests_advantage_until_the_next_turn() {
    // B acts first and defends. A's attack keeps the lower die; B keeps the higher one
    // against A's shove.
    let mut f = pair("fighter", "fighter").start(&[1, 6, 15, 8, 12, 3, 13]);
    assert_eq!(f.active(), "B");
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let ev = f.ok(attack("A", "B"));
    let r = &attacks(&ev)[0];
    assert_eq!(
        (r.mode, r.rolls.clone(), r.natural, r.total, r.outcome),
        (RollMode::Disadvantage, vec![15, 8], 8, 11, HitOutcome::Miss)
    );
    assert!(
        r.modifiers
            .iter()
            .any(|m| m.reason == Reason::TargetDefending && m.effect == Effect::Disadvantage)
    );
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.target_mode, c.target_rolls.clone()),
        (RollMode::Advantage, vec![3, 13])
    );
    assert!(
        c.modifiers
            .iter()
            .any(|m| m.reason == Reason::Defending && m.party == Party::Target)
    );
    assert_eq!(totals(c), (14, 15, false));
    assert_eq!(f.pos("B"), p(2, 0));
    let ev = f.ok(end("A"));
    // Round 2: B's turn starts and Defending ends.
    assert_eq!(f.active(), "B");
    assert_eq!(removed(&ev, "B"), vec![ConditionKind::Defending]);
    f.all_dice_used();
}

// ---------------------------------------------------------------------------- Take Cover

#[test]
fn s4_take_cover_needs_a_half_cover_tile_next_to_you() {
    let mut f = pair("fighter", "fighter").start(&[6, 1]);
    let reason = f.rejected(simple("TakeCover", "A"));
    assert_eq!(reason, Refusal::NeedsHalfCover);
    // A wall (full cover) is not half cover.
    let mut g = Arena::new(&["...#..", "......"])
        .unit("A", "Blue", "fighter", (2, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 1]);
    assert_eq!(
        g.rejected(simple("TakeCover", "A")),
        Refusal::NeedsHalfCover
    );
}

#[test]
fn s4_take_cover_costs_one_ap_and_gives_plus_2_evasion_against_every_attack_until_the_next_turn() {
    // Crates at (3,1), diagonal to B. B takes cover; A's melee 10 + 3 = 13 misses Evasion 14.
    let mut f = Arena::new(&["......", "...c.."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[1, 6, 10]);
    let ev = f.ok(simple("TakeCover", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 1, ap_left: 2, .. } if *action == ActionKind::TakeCover)
    ));
    assert!(f.has("B", ConditionKind::TakingCover));
    f.ok(end("B"));
    let ev = f.ok(attack("A", "B"));
    let r = &attacks(&ev)[0];
    assert_eq!((r.total, r.evasion, r.outcome), (13, 14, HitOutcome::Miss));
    assert!(
        r.modifiers
            .iter()
            .any(|m| m.reason == Reason::TakingCover && m.effect == Effect::Evasion(2))
    );
    let ev = f.ok(end("A"));
    assert_eq!(removed(&ev, "B"), vec![ConditionKind::TakingCover]);
    f.all_dice_used();
}

#[test]
fn s4_take_cover_gives_advantage_against_forced_movement() {
    let mut f = Arena::new(&["......", "...c.."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[1, 6, 12, 2, 13]);
    f.ok(simple("TakeCover", "B"));
    f.ok(end("B"));
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.target_mode, c.target_rolls.clone()),
        (RollMode::Advantage, vec![2, 13])
    );
    assert!(
        c.modifiers
            .iter()
            .any(|m| m.reason == Reason::AgainstForcedMovement && m.party == Party::Target)
    );
    assert_eq!(totals(c), (14, 15, false));
    f.all_dice_used();
}

#[test]
fn s4_take_cover_gives_advantage_against_a_charge_but_not_against_a_trip() {
    let mut f = Arena::new(&["........", ".....c.."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[1, 6, 12, 2, 13]);
    f.ok(simple("TakeCover", "B"));
    f.ok(end("B"));
    let ev = f.ok(charge("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.kind, c.target_mode, c.target_rolls.clone()),
        (ContestKind::Charge, RollMode::Advantage, vec![2, 13])
    );
    assert!(reasons(&c.modifiers).contains(&Reason::AgainstForcedMovement));
    assert_eq!(totals(c), (14, 15, false));
    f.all_dice_used();
    let mut g = Arena::new(&["......", "...c.."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[1, 6, 12, 2]);
    g.ok(simple("TakeCover", "B"));
    g.ok(end("B"));
    let c = &contests(&g.ok(trip("A", "B")))[0];
    assert_eq!((c.target_mode, c.modifiers.len()), (RollMode::Normal, 0));
    g.all_dice_used();
}

#[test]
fn s4_take_cover_grants_no_creature_cover() {
    // C stands between A and T; taking cover, it no longer shields T: 9 + 3 = 12 hits.
    let mut f = Arena::new(&[".......", "..c...."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .unit("C", "Red", "fighter", (2, 0), Dir8::E)
        .start(&[1, 1, 6, 9, 2]);
    assert_eq!(f.active(), "C");
    f.ok(simple("TakeCover", "C"));
    f.ok(end("C"));
    let ev = f.ok(attack("A", "T"));
    let r = &attacks(&ev)[0];
    assert!(
        !reasons(&r.modifiers).contains(&Reason::CreatureCover),
        "{:?}",
        r.modifiers
    );
    assert_eq!((r.total, r.evasion, r.outcome), (12, 12, HitOutcome::Hit));
    assert_eq!(f.vit("T"), 18);
    f.all_dice_used();
}

#[test]
fn s4_take_cover_twice_is_refused() {
    let mut f = Arena::new(&["......", "...c.."])
        .unit("A", "Blue", "fighter", (2, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1]);
    f.ok(simple("TakeCover", "A"));
    assert!(matches!(
        f.rejected(simple("TakeCover", "A")),
        Refusal::AlreadyHas {
            condition: ConditionKind::TakingCover,
            ..
        }
    ));
}

// ----------------------------------------------------------------------------- Disengage

#[test]
fn s4_disengage_costs_one_ap_and_the_move_provokes_no_opportunity_attack() {
    let mut f = pair("fighter", "fighter").start(&[6, 1]);
    let ev = f.ok(simple("Disengage", "A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 1, ap_left: 2, .. } if *action == ActionKind::Disengage)
    ));
    let ev = f.ok(mv("A", (0, 0)));
    assert!(attacks(&ev).is_empty(), "{ev:?}");
    assert_eq!(f.pos("A"), p(0, 0));
    assert_eq!(f.unit("B").reactions.points, 2);
    assert_eq!(
        f.rejected(simple("Disengage", "A")),
        Refusal::AlreadyDisengaged
    );
    f.all_dice_used();
}

#[test]
fn s4_without_disengage_the_same_move_provokes() {
    // The control case: B attacks before A's step (miss with 5 + 3 = 8).
    let mut f = pair("fighter", "fighter").start(&[6, 1, 5]);
    let ev = f.ok(mv("A", (0, 0)));
    let r = attacks(&ev);
    assert_eq!(
        (r.len(), r[0].attacker.as_str(), r[0].kind),
        (1, "B", AttackKind::Opportunity)
    );
    f.all_dice_used();
}

// --------------------------------------------------------------------------------- Shove

#[test]
fn s4_shove_costs_one_ap_and_pushes_the_loser_one_metre_away() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5]);
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.kind, c.actor_bonus, c.target_bonus),
        (ContestKind::Shove, 2, 2)
    );
    assert_eq!(totals(c), (12, 7, true));
    assert_eq!(pushes(&ev), vec![("B".to_string(), p(2, 0), p(3, 0))]);
    assert_eq!((f.pos("B"), ap(&mut f, "A")), (p(3, 0), 2));
    f.all_dice_used();
}

#[test]
fn s4_shove_is_refused_when_not_adjacent_or_without_ap() {
    let mut f = Arena::new(&["........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 5, 5, 5, 5, 5, 5]);
    assert!(matches!(
        f.rejected(shove("A", "B")),
        Refusal::NotAdjacent { .. }
    ));
    f.ok(mv("A", (1, 0)));
    f.ok(shove("A", "B"));
    f.ok(shove("A", "B"));
    f.ok(shove("A", "B"));
    let reason = f.rejected(shove("A", "B"));
    assert_eq!(
        reason,
        Refusal::NotEnoughAp {
            action: ActionKind::Shove,
            need: 1,
            have: 0
        }
    );
}

// ---------------------------------------------------------------------------------- Trip

#[test]
fn s4_trip_costs_two_ap_and_the_target_falls_prone() {
    let mut f = pair("fighter", "fighter")
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 10, 5]);
    let ev = f.ok(trip("A", "B"));
    assert_eq!(totals(&contests(&ev)[0]), (12, 7, true));
    assert_eq!(
        added(&ev, "B"),
        vec![ConditionKind::Prone, ConditionKind::Exposed]
    );
    assert_eq!(ap(&mut f, "A"), 2);
    assert_eq!(f.pos("B"), p(2, 0), "a trip does not move");
    assert!(matches!(
        f.rejected(trip("A", "B")),
        Refusal::AlreadyHas {
            condition: ConditionKind::Prone,
            ..
        }
    ));
    f.all_dice_used();
}

#[test]
fn s4_trip_lost_leaves_the_target_standing_and_costs_the_ap() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 5, 10]);
    let ev = f.ok(trip("A", "B"));
    assert_eq!(totals(&contests(&ev)[0]), (7, 12, false));
    assert!(!f.has("B", ConditionKind::Prone));
    assert_eq!(ap(&mut f, "A"), 1);
    assert!(matches!(
        f.rejected(trip("A", "B")),
        Refusal::NotEnoughAp { need: 2, .. }
    ));
}

// ---------------------------------------------------------------------- Grab and Escape

#[test]
fn s4_grab_costs_two_ap_restrains_the_target_and_the_actor_is_grappling() {
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .unit("C", "Red", "fighter", (1, 1), Dir8::N)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 1, 10, 5]);
    let ev = f.ok(grab("A", "B"));
    assert_eq!(totals(&contests(&ev)[0]), (12, 7, true));
    assert_eq!(ap(&mut f, "A"), 2);
    let a = f.unit("A");
    let b = f.unit("B");
    assert!(
        a.has(ConditionKind::Grappling)
            && b.has(ConditionKind::Restrained)
            && b.has(ConditionKind::Exposed)
    );
    assert_eq!(a.conditions.link(ConditionKind::Grappling), Some(b.entity));
    assert_eq!(b.conditions.link(ConditionKind::Restrained), Some(a.entity));
    // One grapple at a time; a Restrained target cannot be grabbed twice.
    let reason = f.rejected(grab("A", "C"));
    assert_eq!(reason, Refusal::AlreadyGrappling { held: "B".into() });
    f.all_dice_used();
}

#[test]
fn s4_escape_costs_two_ap_is_a_contest_with_the_grappler_and_ends_restrained() {
    // B is an archer: it escapes with max(might 0, agility 2) = 2 against A's might 2.
    let mut f = pair("fighter", "archer").start(&[6, 1, 10, 5, 14, 9]);
    assert!(matches!(
        f.rejected(simple("Escape", "A")),
        Refusal::Lacks {
            condition: ConditionKind::Restrained,
            ..
        }
    ));
    f.ok(grab("A", "B"));
    f.ok(end("A"));
    let ev = f.ok(simple("Escape", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.kind, c.actor.as_str(), c.target.as_str()),
        (ContestKind::Escape, "B", "A")
    );
    assert_eq!((c.actor_bonus, c.target_bonus), (2, 2));
    assert_eq!(totals(c), (16, 11, true));
    assert!(!f.has("B", ConditionKind::Restrained) && !f.has("B", ConditionKind::Exposed));
    assert!(!f.has("A", ConditionKind::Grappling));
    assert_eq!(ap(&mut f, "B"), 1);
    f.all_dice_used();
}

#[test]
fn s4_escape_lost_keeps_the_grapple() {
    let mut f = pair("fighter", "archer").start(&[6, 1, 10, 5, 9, 9]);
    f.ok(grab("A", "B"));
    f.ok(end("A"));
    let ev = f.ok(simple("Escape", "B"));
    assert_eq!(totals(&contests(&ev)[0]), (11, 11, false));
    assert!(f.has("B", ConditionKind::Restrained) && f.has("A", ConditionKind::Grappling));
    assert!(matches!(
        f.rejected(simple("Escape", "B")),
        Refusal::NotEnoughAp { need: 2, .. }
    ));
}

#[test]
fn s4_release_is_free_and_ends_the_grapple() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5]);
    assert!(matches!(
        f.rejected(simple("Release", "A")),
        Refusal::Lacks {
            condition: ConditionKind::Grappling,
            ..
        }
    ));
    f.ok(grab("A", "B"));
    let ev = f.ok(simple("Release", "A"));
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ActionTaken { .. }
    )));
    assert_eq!(ap(&mut f, "A"), 1);
    assert!(!f.has("A", ConditionKind::Grappling) && !f.has("B", ConditionKind::Restrained));
    assert!(!f.has("B", ConditionKind::Exposed));
}

// ------------------------------------------------------------------------------ Stand Up

#[test]
fn s4_stand_up_costs_one_ap_ends_prone_provokes_and_leaves_you_unguarded_until_round_end() {
    // A trips B. On its turn B stands up: A's opportunity attack comes first (B still Prone:
    // advantage, 11 + 3 = 14 hits for 2 + 1), then B is Unguarded and A's swift attack
    // follows (5 + 3 misses).
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 5, 3, 11, 2, 5]);
    f.ok(trip("A", "B"));
    f.ok(end("A"));
    assert!(matches!(
        f.rejected(simple("StandUp", "A")),
        Refusal::NotYourTurn { .. }
    ));
    let ev = f.ok(simple("StandUp", "B"));
    let r = attacks(&ev);
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(
        (r[0].kind, r[0].mode, r[0].total, r[0].outcome),
        (
            AttackKind::Opportunity,
            RollMode::Advantage,
            14,
            HitOutcome::Hit
        )
    );
    assert_eq!(
        (r[1].kind, r[1].mode, r[1].total, r[1].outcome),
        (AttackKind::Swift, RollMode::Normal, 8, HitOutcome::Miss)
    );
    assert_eq!(f.vit("B"), 17);
    let b = f.unit("B");
    assert_eq!(b.ap, 2);
    assert!(
        !b.has(ConditionKind::Prone)
            && b.has(ConditionKind::Unguarded)
            && b.has(ConditionKind::Exposed)
    );
    assert_eq!(f.unit("A").reactions.points, 0);
    assert!(matches!(
        f.rejected(simple("StandUp", "B")),
        Refusal::Lacks {
            condition: ConditionKind::Prone,
            ..
        }
    ));
    f.ok(end("B"));
    assert!(
        !f.has("B", ConditionKind::Unguarded),
        "Unguarded ends with the round"
    );
    f.all_dice_used();
}

// -------------------------------------------------------------------------------- Charge

fn lane(rows: &[&str], b: (i32, i32)) -> Arena {
    Arena::new(rows)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", b, Dir8::W)
}

#[test]
fn s4_charge_costs_three_ap_runs_in_a_line_and_pushes_the_loser_three_metres() {
    let mut f = lane(&["............", "............"], (5, 0)).start(&[6, 1, 10, 5]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(moved_to(&ev), vec![p(1, 0), p(2, 0), p(3, 0), p(4, 0)]);
    assert!(
        ev.iter()
            .all(|e| !matches!(e, BattleEvent::Moved { cost, .. } if *cost != 0)),
        "the charge's steps are part of the action"
    );
    let c = &contests(&ev)[0];
    assert_eq!((c.kind, totals(c)), (ContestKind::Charge, (12, 7, true)));
    assert_eq!(
        pushes(&ev).iter().map(|x| x.2).collect::<Vec<_>>(),
        vec![p(6, 0), p(7, 0), p(8, 0)]
    );
    let a = f.unit("A");
    assert_eq!(
        (a.pos, a.ap, a.pool.metres, a.facing),
        (p(4, 0), 0, 3, Dir8::E)
    );
    assert!(f.has("B", ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn s4_charge_diagonally_and_lose_the_shove() {
    let mut f =
        lane(&["......", "......", "......", "......", "......"], (4, 4)).start(&[6, 1, 5, 10]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(moved_to(&ev), vec![p(1, 1), p(2, 2), p(3, 3)]);
    assert_eq!(totals(&contests(&ev)[0]), (7, 12, false));
    assert!(pushes(&ev).is_empty());
    assert_eq!(f.pos("B"), p(4, 4));
    f.all_dice_used();
}

#[test]
fn s4_charge_refused_off_the_eight_lines_too_short_or_too_long() {
    let mut f = lane(&["..............", ".............."], (5, 1)).start(&[6, 1]);
    assert!(matches!(
        f.rejected(charge("A", "B")),
        Refusal::NotInLine { .. }
    ));
    let mut f = lane(&["..............", ".............."], (3, 0)).start(&[6, 1]);
    let reason = f.rejected(charge("A", "B"));
    assert_eq!(reason, Refusal::ChargeTooShort { run: 2, min: 3 });
    // 4 × movement = 12 m at most: a run of 13 m is too long.
    let mut f = lane(&["...............", "..............."], (14, 0)).start(&[6, 1]);
    let reason = f.rejected(charge("A", "B"));
    assert_eq!(reason, Refusal::ChargeTooLong { run: 13, max: 12 });
    // 12 m of run-up on grass is allowed.
    let mut f = lane(&["..............", ".............."], (13, 0)).start(&[6, 1, 1, 1]);
    f.ok(charge("A", "B"));
    assert_eq!(f.pos("A"), p(12, 0));
}

#[test]
fn s4_the_charge_cap_counts_metres_of_the_straight_line_not_terrain_cost() {
    // Eight tiles of rubble (2 m each) cost 16 m of movement, but the run is 8 m of straight
    // line: within the 12 m cap. Dice: initiative, then the shove (10 + 2 against 5 + 1).
    // Nobody takes the swift attack the push offers.
    let mut f = lane(&[".,,,,,,,,.", ".........."], (9, 0))
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Never)"#)
        .start_with(&[6, 1, 10, 5], None);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(moved_to(&ev).last(), Some(&p(8, 0)));
    assert!(contests(&ev)[0].actor_wins);
    assert_eq!(f.pos("B"), p(9, 0), "pushed into the map's edge");
    f.all_dice_used();
}

#[test]
fn s4_a_charge_knocked_prone_on_the_way_ends_where_the_charger_lies_with_no_shove() {
    // R trips A with an opportunity attack as A steps on within R's reach: A falls Prone on
    // (2, 0).
    // The charge ends there (no crawling on), no Shove follows, and its 3 AP stay spent.
    // Dice: initiative A 6, B 1, R 1; R's attack d20 15 and 1d4 1.
    let mut f = lane(&["..........", ".........."], (8, 0))
        .unit("R", "Red", "tripper", (3, 1), Dir8::N)
        .start(&[6, 1, 1, 15, 1]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(moved_to(&ev), vec![p(1, 0), p(2, 0)]);
    assert!(f.has("A", ConditionKind::Prone));
    assert!(contests(&ev).is_empty(), "no shove: {ev:?}");
    assert!(pushes(&ev).is_empty());
    let a = f.unit("A");
    assert_eq!((a.pos, a.ap), (p(2, 0), 0));
    assert_eq!(f.pos("B"), p(8, 0));
    f.all_dice_used();
}

#[test]
fn s4_charge_refused_without_three_ap_or_into_a_blocked_line() {
    let mut f = lane(&["..........", ".........."], (8, 0)).start(&[6, 1]);
    f.ok(mv("A", (0, 1)));
    f.ok(mv("A", (0, 0)));
    f.ok(mv("A", (1, 0)));
    f.ok(mv("A", (0, 0)));
    assert_eq!(ap(&mut f, "A"), 2);
    assert!(matches!(
        f.rejected(charge("A", "B")),
        Refusal::NotEnoughAp { need: 3, .. }
    ));
    // An enemy standing in the lane blocks the run.
    let mut g = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (6, 0), Dir8::W)
        .unit("C", "Red", "fighter", (3, 0), Dir8::S)
        .start(&[6, 1, 1]);
    assert!(matches!(
        g.rejected(charge("A", "B")),
        Refusal::EnemyBlocks { .. }
    ));
    // Prone: stand up first.
    let mut h = Arena::new(&["........", "........"])
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 1, 1, 10, 5]);
    h.ok(trip("B", "A"));
    h.ok(end("B"));
    assert_eq!(h.rejected(charge("A", "C")), Refusal::ProneCharge);
}

// ----------------------------------------------------------------------------- Stabilize

#[test]
fn s4_stabilize_costs_three_ap_and_an_adjacent_bleeding_ally_stops_bleeding() {
    // R crits C with the ripper (Bleeding). A stabilizes C before C's turn: no bleeding roll.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("C", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("R", "Red", "ripper", (2, 0), Dir8::W)
        .start(&[5, 4, 6, 20, 3]);
    f.ok(attack_with("R", "C", "ripper"));
    assert!(f.has("C", ConditionKind::Bleeding));
    assert_eq!(f.vit("C"), 11);
    f.ok(end("R"));
    assert_eq!(f.active(), "A");
    assert_eq!(f.rejected(stabilize("A", "R")), Refusal::StabilizeAllyOnly);
    let ev = f.ok(stabilize("A", "C"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 3, ap_left: 0, .. } if *action == ActionKind::Stabilize)
    ));
    assert_eq!(removed(&ev, "C"), vec![ConditionKind::Bleeding]);
    f.ok(end("A"));
    assert_eq!(f.active(), "C");
    assert_eq!(f.vit("C"), 11, "no bleeding at C's turn start");
    f.all_dice_used();
}

#[test]
fn s4_stabilize_refused_far_away_not_bleeding_or_without_ap() {
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (0, 1), Dir8::E)
        .unit("C", "Blue", "fighter", (2, 0), Dir8::E)
        .unit("D", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("R", "Red", "ripper", (3, 0), Dir8::W)
        .start(&[5, 4, 3, 6, 20, 3]);
    f.ok(attack_with("R", "C", "ripper"));
    f.ok(end("R"));
    assert!(matches!(
        f.rejected(stabilize("A", "C")),
        Refusal::NotAdjacent { .. }
    ));
    assert!(matches!(
        f.rejected(stabilize("A", "D")),
        Refusal::Lacks {
            condition: ConditionKind::Bleeding,
            ..
        }
    ));
    f.ok(mv("A", (1, 1)));
    f.ok(mv("A", (0, 2)));
    f.ok(mv("A", (1, 1)));
    f.ok(mv("A", (0, 2)));
    f.ok(mv("A", (1, 1)));
    assert_eq!(ap(&mut f, "A"), 2);
    assert!(matches!(
        f.rejected(stabilize("A", "C")),
        Refusal::NotEnoughAp { need: 3, .. }
    ));
}

/// The choices in docs/RULES_NOTES.md: attacks and contests aim at enemies only, and a
/// combatant stabilizes an ally, never itself or an enemy.
#[test]
fn s4_attacks_and_contests_target_enemies_and_stabilize_targets_allies() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("C", "Blue", "fighter", (2, 0), Dir8::W)
        .unit("R", "Red", "fighter", (4, 0), Dir8::W)
        .start(&[6, 2, 1]);
    // `rejected` also checks that each refusal changes nothing.
    assert!(matches!(f.rejected(attack("A", "C")), Refusal::Ally { .. }));
    assert!(matches!(f.rejected(shove("A", "C")), Refusal::Ally { .. }));
    assert_eq!(f.rejected(stabilize("A", "A")), Refusal::StabilizeAllyOnly);
}

// ------------------------------------------------------------------- Face, Delay, End Turn

#[test]
fn s4_face_costs_nothing_and_only_on_your_own_turn() {
    let mut f = pair("fighter", "fighter").start(&[6, 1]);
    let ev = f.ok(face("A", Dir8::SW));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Faced { unit, facing: Dir8::SW } if unit == "A")
    ));
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ActionTaken { .. }
    )));
    let a = f.unit("A");
    assert_eq!((a.facing, a.ap, a.pool.metres), (Dir8::SW, 3, 3));
    assert_eq!(
        f.rejected(face("B", Dir8::N)),
        Refusal::NotYourTurn { active: "A".into() }
    );
}

#[test]
fn s4_delay_costs_nothing_and_the_turn_comes_back_with_full_ap() {
    let mut f = pair("fighter", "fighter").start(&[6, 1]);
    let ev = f.ok(delay_end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Delayed { unit, until: DelayUntil::EndOfRound } if unit == "A")
    ));
    assert_eq!(f.active(), "B");
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (3, 3));
}

#[test]
fn s4_end_turn_costs_nothing_and_passes_to_the_next_combatant() {
    let mut f = pair("fighter", "fighter").start(&[6, 1]);
    let ev = f.ok(end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::TurnEnded { unit } if unit == "A")
    ));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::TurnStarted { unit, ap: 3, .. } if unit == "B")
    ));
    assert_eq!(
        f.rejected(end("A")),
        Refusal::NotYourTurn { active: "B".into() }
    );
}

// ------------------------------------------------------------------------------ Contests

#[test]
fn s4_contest_the_actor_wins_only_with_a_strictly_higher_total() {
    let mut f = pair("fighter", "fighter").start(&[6, 1, 10, 10, 11, 10]);
    let ev = f.ok(shove("A", "B"));
    assert_eq!(totals(&contests(&ev)[0]), (12, 12, false));
    assert_eq!(f.pos("B"), p(2, 0));
    let ev = f.ok(shove("A", "B"));
    assert_eq!(totals(&contests(&ev)[0]), (13, 12, true));
    assert_eq!(f.pos("B"), p(3, 0));
    f.all_dice_used();
}

#[test]
fn s4_contest_the_target_resists_with_the_higher_of_might_and_agility() {
    // archer: might 0, agility 2 → 2; tank: might 4, agility 0 → 4.
    let mut f = pair("fighter", "archer").start(&[6, 1, 10, 10]);
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!((c.actor_bonus, c.target_bonus, c.target_total), (2, 2, 12));
    let mut g = pair("fighter", "tank").start(&[6, 1, 10, 10]);
    let ev = g.ok(trip("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!((c.actor_bonus, c.target_bonus, c.target_total), (2, 4, 14));
}

#[test]
fn s4_contest_the_larger_size_gets_advantage() {
    // Large shoves Medium: the actor keeps the higher of two dice.
    let mut f = pair("big", "fighter").start(&[6, 1, 3, 9, 8]);
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.actor_mode, c.target_mode),
        (RollMode::Advantage, RollMode::Normal)
    );
    assert!(
        c.modifiers
            .iter()
            .any(|m| m.reason == Reason::LargerSize && m.party == Party::Actor)
    );
    assert_eq!(totals(c), (13, 10, true));
    // Medium shoves Large: the target keeps the higher.
    let mut g = pair("fighter", "big").start(&[6, 1, 12, 2, 11]);
    let ev = g.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.actor_mode, c.target_mode),
        (RollMode::Normal, RollMode::Advantage)
    );
    assert_eq!(totals(c), (14, 15, false));
    f.all_dice_used();
    g.all_dice_used();
}

#[test]
fn s4_contest_a_target_more_than_one_size_larger_cannot_be_shoved_tripped_or_grabbed() {
    for (actor, target) in [("fighter", "huge"), ("small", "big"), ("tiny", "fighter")] {
        let mut f = pair(actor, target).start(&[6, 1]);
        for cmd in [shove("A", "B"), trip("A", "B"), grab("A", "B")] {
            let reason = f.rejected(cmd);
            assert!(
                matches!(reason, Refusal::TooLarge { .. }),
                "{actor} vs {target}: {reason:?}"
            );
        }
    }
    // One size larger is allowed.
    let mut f = pair("small", "fighter").start(&[6, 1, 10, 1, 1]);
    f.ok(shove("A", "B"));
}

#[test]
fn s4_contest_an_exposed_target_gives_the_actor_advantage() {
    // Tripped (Prone implies Exposed), B is then shoved with advantage.
    let mut f = pair("fighter", "fighter")
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 10, 5, 2, 9, 8]);
    f.ok(trip("A", "B"));
    let ev = f.ok(shove("A", "B"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.actor_mode, c.actor_rolls.clone()),
        (RollMode::Advantage, vec![2, 9])
    );
    assert!(
        c.modifiers
            .iter()
            .any(|m| m.reason == Reason::TargetExposed && m.party == Party::Actor)
    );
    assert_eq!(totals(c), (11, 10, true));
    f.all_dice_used();
}

#[test]
fn s4_more_refusals_ap_size_and_state() {
    // Take Cover, Disengage and Stand Up each need their AP.
    let mut f = Arena::new(&["......", "...c.."])
        .unit("A", "Blue", "fighter", (2, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1]);
    f.ok(simple("Sprint", "A"));
    assert!(matches!(
        f.rejected(simple("TakeCover", "A")),
        Refusal::NotEnoughAp {
            action: ActionKind::TakeCover,
            need: 1,
            have: 0
        }
    ));
    assert!(matches!(
        f.rejected(simple("Disengage", "A")),
        Refusal::NotEnoughAp {
            action: ActionKind::Disengage,
            need: 1,
            have: 0
        }
    ));
    assert!(matches!(
        f.rejected(simple("StandUp", "A")),
        Refusal::NotEnoughAp {
            action: ActionKind::StandUp,
            need: 1,
            have: 0
        }
    ));
    // A target already Restrained by someone else cannot be grabbed again.
    let mut g = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("C", "Blue", "fighter", (2, 1), Dir8::N)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 5, 1, 10, 5]);
    g.ok(grab("A", "B"));
    g.ok(end("A"));
    assert_eq!(g.active(), "C");
    assert!(matches!(
        g.rejected(grab("C", "B")),
        Refusal::AlreadyHas {
            condition: ConditionKind::Restrained,
            ..
        }
    ));
    // A charge cannot shove a target more than one size larger.
    let mut h = Arena::new(&["........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("H", "Red", "huge", (5, 0), Dir8::W)
        .start(&[6, 1]);
    assert!(matches!(
        h.rejected(charge("A", "H")),
        Refusal::TooLarge { .. }
    ));
}
