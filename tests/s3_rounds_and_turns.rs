//! RULES §3: initiative, surprise, round and turn boundaries, the attack limit, delaying,
//! skipping the Down, and victory — through the real plugin and messages.

mod common;
use common::*;
use skirmish::battle::events::{BattleEvent, DelayUntil, Outcome};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

fn order(ev: &[BattleEvent]) -> Vec<Vec<String>> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::RoundStarted { order, .. } => Some(order.clone()),
            _ => None,
        })
        .collect()
}

fn turns(ev: &[BattleEvent]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::TurnStarted { unit, .. } => Some(unit.clone()),
            _ => None,
        })
        .collect()
}

fn four() -> Arena {
    Arena::new(&["........", "........", "........", "........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (0, 2), Dir8::E)
        .unit("C", "Red", "fighter", (7, 0), Dir8::W)
        .unit("D", "Red", "fighter", (7, 2), Dir8::W)
}

#[test]
fn s3_initiative_is_d6_plus_the_stat() {
    let f = Arena::new(&["......"])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(initiative: 3)")
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[2, 4]);
    let rolls: Vec<(String, u32, i32, i32)> = f
        .log()
        .iter()
        .filter_map(|e| match e {
            BattleEvent::InitiativeRolled {
                unit,
                roll,
                bonus,
                total,
                ..
            } => Some((unit.clone(), *roll, *bonus, *total)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![("A".into(), 2, 3, 5), ("B".into(), 4, 0, 4)]);
    assert!(f.log().iter().any(|e| matches!(e, BattleEvent::Rolled { die: 6, result: 2, purpose, .. } if purpose.contains("A initiative"))));
}

#[test]
fn s3_turn_order_is_highest_total_first() {
    let f = four().start(&[2, 5, 4, 3]);
    assert_eq!(order(&f.log())[0], vec!["B", "C", "D", "A"]);
}

#[test]
fn s3_initiative_ties_go_to_higher_stat_then_side_listed_first_then_unit_listed_first() {
    // All totals 5: C has the higher stat (2 + 3); then Blue (listed first) before Red;
    // within Blue, A (listed first) before B.
    let f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (0, 1), Dir8::E)
        .unit_with("C", "Red", "fighter", (7, 0), Dir8::W, "(initiative: 3)")
        .unit("D", "Red", "fighter", (7, 1), Dir8::W)
        .start(&[5, 5, 2, 5]);
    assert_eq!(order(&f.log())[0], vec!["C", "A", "B", "D"]);
}

#[test]
fn s3_surprised_side_acts_last_in_round_1_and_is_unguarded_until_its_first_turn() {
    let mut f = four()
        .sides(r#"(name: "Blue"), (name: "Red", surprised: true)"#)
        .start(&[1, 1, 6, 5]);
    // Red rolled higher but acts after everyone in round 1, in its own order.
    assert_eq!(order(&f.log())[0], vec!["A", "B", "C", "D"]);
    assert!(f.has("C", ConditionKind::Surprised));
    assert!(f.has("C", ConditionKind::Unguarded));
    assert!(f.has("C", ConditionKind::Exposed));
    f.ok(end("A"));
    f.ok(end("B"));
    assert_eq!(f.active(), "C");
    assert!(!f.has("C", ConditionKind::Surprised));
    assert!(
        !f.has("C", ConditionKind::Unguarded),
        "Unguarded ends with Surprised at its first turn"
    );
    assert!(
        f.has("D", ConditionKind::Unguarded),
        "D's first turn has not started yet"
    );
    f.ok(end("C"));
    f.ok(end("D"));
    // Round 2: plain initiative order.
    assert_eq!(order(&f.log())[1], vec!["C", "D", "A", "B"]);
}

#[test]
fn s3_round_start_resets_reaction_points_and_attack_count() {
    // A walks away from C's reach and takes an opportunity attack; C spends 1 RP and an attack.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("C", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 5, 3]);
    f.ok(mv("A", (0, 1)));
    let c = f.unit("C");
    assert_eq!((c.reactions.points, c.attacks), (1, 1));
    f.ok(end("A"));
    f.ok(end("C"));
    let c = f.unit("C");
    assert_eq!((c.reactions.points, c.attacks), (2, 0));
}

#[test]
fn s3_turn_start_gives_three_ap_and_the_free_movement_pool() {
    let mut f = Arena::new(&["......"])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(movement: 4)")
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1]);
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (3, 4));
    assert!(f.log().iter().any(
        |e| matches!(e, BattleEvent::TurnStarted { unit, ap: 3, movement: 4, .. } if unit == "A")
    ));
}

#[test]
fn s3_unspent_ap_and_movement_are_lost_at_turn_end() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1]);
    f.ok(mv("A", (1, 0)));
    f.ok(end("A"));
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (0, 0));
    f.ok(end("B"));
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (3, 3), "nothing carried over");
}

#[test]
fn s3_attack_limit_is_two_per_round_counting_actions() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (1, 0), Dir8::W)
        .rules("(ap_per_turn: 6)")
        .start(&[6, 1, 2, 2]);
    f.ok(attack("A", "B"));
    f.ok(attack("A", "B"));
    let reason = f.rejected(attack("A", "B"));
    assert_eq!(reason, Refusal::AttackLimit { made: 2, limit: 2 });
}

#[test]
fn s3_attack_limit_counts_reactions_too() {
    // C makes an opportunity attack on A in round 1, then may make only one attack of its own.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("C", "Red", "fighter", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 6)")
        .start(&[6, 1, 2, 2]);
    f.ok(mv("A", (0, 1)));
    f.ok(end("A"));
    f.ok(mv("C", (1, 1)));
    f.ok(attack("C", "A"));
    assert_eq!(
        f.rejected(attack("C", "A")),
        Refusal::AttackLimit { made: 2, limit: 2 }
    );
}

#[test]
fn s3_delay_after_a_named_combatant() {
    let mut f = four().start(&[6, 5, 4, 3]);
    f.ok(delay_after("A", "C"));
    assert_eq!(f.active(), "B");
    f.ok(end("B"));
    f.ok(end("C"));
    assert_eq!(f.active(), "A", "A acts right after C");
    assert!(
        f.log().iter().any(
            |e| matches!(e, BattleEvent::TurnStarted { unit, resumed: true, .. } if unit == "A")
        )
    );
    f.ok(end("A"));
    assert_eq!(f.active(), "D");
}

#[test]
fn s3_delays_to_the_end_of_the_round_act_in_initiative_order() {
    let mut f = four().start(&[6, 5, 4, 3]);
    f.ok(delay_end("A"));
    f.ok(delay_end("B"));
    f.ok(end("C"));
    f.ok(end("D"));
    assert_eq!(f.active(), "A");
    f.ok(end("A"));
    assert_eq!(f.active(), "B");
    f.ok(end("B"));
    let ev = f.log();
    assert!(
        ev.iter()
            .any(|e| matches!(e, BattleEvent::RoundStarted { round: 2, .. }))
    );
    assert_eq!(
        turns(&ev),
        vec!["A", "B", "C", "D", "A", "B", "A"],
        "round 1: A and B delayed, then act at the end; round 2 starts with A"
    );
}

#[test]
fn s3_delay_only_at_the_start_of_the_turn_and_once_a_round() {
    let mut f = four().start(&[6, 5, 4, 3]);
    f.ok(mv("A", (1, 0)));
    assert_eq!(f.rejected(delay_end("A")), Refusal::AlreadyActed);
    f.ok(end("A"));
    f.ok(delay_end("B"));
    f.ok(end("C"));
    f.ok(end("D"));
    assert_eq!(f.active(), "B");
    assert_eq!(f.rejected(delay_end("B")), Refusal::AlreadyDelayed);
}

#[test]
fn s3_delay_after_someone_who_already_acted_is_refused() {
    let mut f = four().start(&[6, 5, 4, 3]);
    f.ok(end("A"));
    let reason = f.rejected(delay_after("B", "A"));
    assert_eq!(reason, Refusal::DelayAfterDone { unit: "A".into() });
    assert_eq!(f.rejected(delay_after("B", "B")), Refusal::DelayAfterSelf);
}

#[test]
fn s3_delay_until_your_next_turn_effects_end_when_the_turn_would_have_started() {
    let mut f = four().start(&[6, 5, 4, 3]);
    f.ok(simple("Defend", "A"));
    f.ok(end("A"));
    f.ok(end("B"));
    f.ok(end("C"));
    f.ok(end("D"));
    // Round 2: A's turn starts, so Defending ends, even if A now delays.
    assert!(!f.has("A", ConditionKind::Defending));
    f.ok(delay_end("A"));
    assert!(!f.has("A", ConditionKind::Defending));
}

#[test]
fn s3_delay_end_of_turn_effects_last_until_the_delayed_turn_ends() {
    // C dazes A until the end of A's next turn; A delays to the end of the round: still Dazed
    // until that delayed turn ends.
    let mut f = Arena::new(&["......", "......"])
        .unit("C", "Red", "ripper", (1, 0), Dir8::W)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (0, 1), Dir8::E)
        .start(&[6, 5, 4, 20, 3]);
    f.ok(attack_with("C", "A", "stunner"));
    assert!(f.has("A", ConditionKind::Dazed));
    f.ok(end("C"));
    f.ok(delay_end("A"));
    assert!(f.has("A", ConditionKind::Dazed));
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    assert!(f.has("A", ConditionKind::Dazed));
    f.ok(end("A"));
    assert!(!f.has("A", ConditionKind::Dazed));
}

#[test]
fn s3_a_combatant_waiting_for_a_down_one_acts_when_its_turn_is_skipped() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (0, 1), Dir8::E)
        .unit_with("C", "Red", "fighter", (1, 0), Dir8::W, "(vitality: 1)")
        .unit("D", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 5, 4, 3, 15, 2]);
    f.ok(delay_after("A", "C"));
    f.ok(attack("B", "C"));
    assert!(f.unit("C").is_down());
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    assert!(
        f.log()
            .iter()
            .any(|e| matches!(e, BattleEvent::TurnSkipped { unit, .. } if unit == "C"))
    );
}

#[test]
fn s3_until_end_of_round_effects_end_at_round_end() {
    // A natural 1 exposes the attacker until the end of the round.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start(&[6, 1, 1]);
    f.ok(attack("A", "B"));
    assert!(f.has("A", ConditionKind::Exposed));
    f.ok(end("A"));
    assert!(f.has("A", ConditionKind::Exposed));
    f.ok(end("B"));
    assert!(!f.has("A", ConditionKind::Exposed));
    assert!(f.log().iter().any(|e| matches!(e, BattleEvent::ConditionRemoved { unit, condition: ConditionKind::Exposed, reason } if unit == "A" && reason.contains("round"))));
}

#[test]
fn s3_down_combatants_are_skipped() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (1, 0), Dir8::W, "(vitality: 1)")
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 5, 1, 15, 1]);
    f.ok(attack("A", "B"));
    assert!(f.unit("B").is_down());
    f.ok(end("A"));
    assert_eq!(f.active(), "C");
    assert!(f.log().iter().any(|e| matches!(e, BattleEvent::TurnSkipped { unit, reason } if unit == "B" && reason == "Down")));
}

#[test]
fn s3_victory_when_only_one_side_stands() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (1, 0), Dir8::W, "(vitality: 1)")
        .start(&[6, 1, 15, 1]);
    let ev = f.ok(attack("A", "B"));
    assert!(ev.iter().any(
        |e| matches!(e, BattleEvent::BattleEnded(Outcome::Victory { side, .. }) if side == "Blue")
    ));
    assert_eq!(f.rejected(end("A")), Refusal::BattleOver);
}

#[test]
fn s3_bleeding_deals_its_damage_at_turn_start() {
    // A ripper crit makes B bleed; at B's turn start it loses 1d4.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "ripper", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start(&[6, 1, 20, 3, 4]);
    f.ok(attack_with("A", "B", "ripper"));
    assert!(f.has("B", ConditionKind::Bleeding));
    // Crit: 1d6 (3) + 6 = 9.
    assert_eq!(f.unit("B").vitality, 11);
    let ev = f.ok(end("A"));
    assert!(
        ev.iter()
            .any(|e| matches!(e, BattleEvent::VitalityLost { unit, amount: 4, .. } if unit == "B"))
    );
    assert_eq!(f.unit("B").vitality, 7);
}

#[test]
fn objective_reach_area_wins() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (3, 0), Dir8::W)
        .objectives(r#"ReachArea(side: "Red", tiles: [(0, 0), (1, 0)], count: 1)"#)
        .start(&[6, 1]);
    f.ok(path("A", &[(0, 1), (1, 1)]));
    f.ok(end("A"));
    let ev = f.ok(mv("B", (0, 0)));
    assert!(ev.iter().any(
        |e| matches!(e, BattleEvent::BattleEnded(Outcome::Victory { side, .. }) if side == "Red")
    ));
}

#[test]
fn objective_hold_area_for_rounds_wins() {
    let mut f = Arena::new(&["........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (7, 0), Dir8::W)
        .objectives(r#"HoldArea(side: "Blue", tiles: [(0, 0)], rounds: 2)"#)
        .start(&[6, 1]);
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(f.log().iter().any(
        |e| matches!(e, BattleEvent::ObjectiveProgress { text, .. } if text.contains("1 of 2"))
    ));
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(f.log().iter().any(
        |e| matches!(e, BattleEvent::BattleEnded(Outcome::Victory { side, .. }) if side == "Blue")
    ));
}

#[test]
fn objective_survive_rounds_wins() {
    let mut f = Arena::new(&["........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (7, 0), Dir8::W)
        .objectives(r#"Survive(side: "Red", rounds: 1)"#)
        .start(&[6, 1]);
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(f.log().iter().any(|e| matches!(e, BattleEvent::BattleEnded(Outcome::Victory { side, reason }) if side == "Red" && reason.contains("survived"))));
}

#[test]
fn commands_name_a_real_combatant() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1]);
    assert_eq!(
        f.rejected(end("Nobody")),
        Refusal::NoSuchUnit {
            name: "Nobody".into()
        }
    );
    assert_eq!(
        f.rejected(attack("A", "Nobody")),
        Refusal::NoSuchUnit {
            name: "Nobody".into()
        }
    );
    let _ = DelayUntil::EndOfRound;
}

/// RULES §3 surprise, and the choice in docs/RULES_NOTES.md: a Surprised combatant is caught
/// unaware and makes no reactions before its first turn; afterwards it does.
#[test]
fn s3_a_surprised_combatant_cannot_react_before_its_first_turn() {
    let arena = Arena::new(&["......", "......"])
        .sides(r#"(name: "Blue"), (name: "Red", surprised: true)"#)
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("R", "Red", "fighter", (2, 0), Dir8::W);
    // A leaves R's reach in round 1: no opportunity attack.
    let mut f = arena.start(&[6, 1]);
    let ev = f.ok(mv("A", (0, 1)));
    assert!(attacks(&ev).is_empty(), "{ev:#?}");
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { .. }
    )));
    f.all_dice_used();
    // Once R has had its turn, leaving its reach provokes: d20 10 + 3 = 13 vs 12, 1d6 3 + 1.
    let mut f = arena.start(&[6, 1, 10, 3]);
    f.ok(end("A"));
    f.ok(end("R"));
    let ev = f.ok(mv("A", (0, 1)));
    assert_eq!(attacks(&ev).len(), 1, "{ev:#?}");
    f.all_dice_used();
}

/// Leaving a battle (the window's title screen) clears it: no combatant or cover is left,
/// the log is empty and numbered anew, and a battle set up afterwards starts as fresh.
#[test]
fn a_cleared_battle_leaves_nothing_and_the_next_starts_fresh() {
    use bevy::ecs::system::RunSystemOnce;
    use skirmish::battle::components::Combatant;
    use skirmish::battle::engine::{BattleLog, TurnState};
    use skirmish::battle::setup::{BattleSetup, clear_battle};
    use skirmish::rules::dice::DiceSource;
    let arena = four();
    let mut f = arena.start(&[1, 2, 3, 4]);
    let world = f.h.app.world_mut();
    let first = world.resource::<BattleLog>().battle;
    world.run_system_once(clear_battle).unwrap();
    let mut units = world.query::<&Combatant>();
    assert_eq!(units.iter(world).count(), 0);
    assert!(world.get_resource::<BattleSetup>().is_none());
    let log = world.resource::<BattleLog>();
    assert!(log.events.is_empty());
    assert_eq!(log.battle, first + 1);
    assert_eq!(world.resource::<TurnState>().round, 0);
    // Nothing happens on an empty field.
    f.h.run_until_idle();
    assert!(f.log().is_empty());
    let setup = BattleSetup::new(arena.level(), DiceSource::Scripted(vec![1, 2, 3, 4]));
    f.h.app.insert_resource(setup);
    f.h.run_until_idle();
    let world = f.h.app.world_mut();
    assert_eq!(units.iter(world).count(), 4);
    assert_eq!(world.resource::<BattleLog>().battle, first + 2);
    assert_eq!(turns(&f.log()).first().map(String::as_str), Some("D"));
}
