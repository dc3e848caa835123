//! RULES §8: Reaction Points, opportunity attacks (leaving reach, moving within reach,
//! standing up; before the step; once per reactor and mover each turn; what never
//! provokes), swift attacks, the reaction policies (Always, Never, Ask), and forced movement
//! with its collisions — through the real plugin with scripted dice.

mod common;
use common::*;
use skirmish::battle::events::{AttackKind, BattleEvent, Obstacle, ReactionKind};
use skirmish::level::schema::ReactionPolicy;
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

fn attackers(ev: &[BattleEvent]) -> Vec<(String, AttackKind)> {
    attacks(ev)
        .into_iter()
        .map(|r| (r.attacker, r.kind))
        .collect()
}

fn index_of(ev: &[BattleEvent], f: impl Fn(&BattleEvent) -> bool) -> usize {
    ev.iter().position(f).expect("event not found")
}

fn collided(ev: &[BattleEvent]) -> Vec<(String, Obstacle, u32)> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Collided {
                unit,
                obstacle,
                distance,
            } => Some((unit.clone(), obstacle.clone(), *distance)),
            _ => None,
        })
        .collect()
}

fn s(x: &str) -> String {
    x.to_string()
}

// ------------------------------------------------------------------------ reaction points

#[test]
fn s8_reaction_points_are_2_per_round_and_each_reaction_costs_1() {
    // Three movers leave R's reach in turn; R has attacks to spare but only 2 RP.
    let mut f = Arena::new(&[".....", ".....", ".....", ".....", "....."])
        .unit("M1", "Blue", "fighter", (2, 1), Dir8::S)
        .unit("M2", "Blue", "fighter", (1, 2), Dir8::E)
        .unit("M3", "Blue", "fighter", (1, 1), Dir8::SE)
        .unit("R", "Red", "fighter", (2, 2), Dir8::N)
        .rules("(attacks_per_round: 5)")
        .start(&[6, 5, 4, 1, 2, 2]);
    assert_eq!(
        attackers(&f.ok(mv("M1", (2, 0)))),
        vec![(s("R"), AttackKind::Opportunity)]
    );
    assert_eq!(f.unit("R").reactions.points, 1);
    f.ok(end("M1"));
    assert_eq!(
        attackers(&f.ok(mv("M2", (0, 2)))),
        vec![(s("R"), AttackKind::Opportunity)]
    );
    assert_eq!(f.unit("R").reactions.points, 0);
    f.ok(end("M2"));
    // M3 leaves from R's front arc (R now faces West, towards M2's old tile).
    assert_eq!(f.unit("R").facing, Dir8::W);
    assert!(attacks(&f.ok(mv("M3", (0, 0)))).is_empty());
    let r = f.unit("R");
    assert_eq!((r.reactions.points, r.attacks), (0, 2));
    f.all_dice_used();
}

#[test]
fn s8_each_reaction_counts_as_an_attack_for_the_limit_of_2() {
    // R's opportunity attack and its own attack use up its 2 attacks; with 1 RP left it
    // still cannot react.
    let mut f = Arena::new(&[".....", ".....", ".....", ".....", "....."])
        .unit("M1", "Blue", "fighter", (2, 1), Dir8::S)
        .unit("M2", "Blue", "fighter", (1, 2), Dir8::E)
        .unit("R", "Red", "fighter", (2, 2), Dir8::N)
        .start(&[6, 1, 5, 2, 2]);
    f.ok(mv("M1", (2, 0)));
    f.ok(end("M1"));
    assert_eq!(f.active(), "R");
    f.ok(attack("R", "M2"));
    f.ok(end("R"));
    let r = f.unit("R");
    assert_eq!((r.reactions.points, r.attacks), (1, 2));
    assert!(attacks(&f.ok(mv("M2", (0, 2)))).is_empty());
    f.all_dice_used();
}

// ------------------------------------------------------------------- opportunity attacks

#[test]
fn s8_opportunity_attack_when_an_enemy_leaves_your_reach_happens_before_the_step() {
    // 15 + 3 hits A for 3 + 1 while A is still next to R.
    let mut f = Arena::new(&["....", "....", "...."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("R", "Red", "fighter", (2, 1), Dir8::W)
        .start(&[6, 1, 15, 3]);
    let ev = f.ok(mv("A", (0, 1)));
    let r = attacks(&ev);
    assert_eq!(
        (r.len(), r[0].kind, r[0].total, r[0].outcome),
        (1, AttackKind::Opportunity, 18, HitOutcome::Hit)
    );
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionTaken { reactor, kind: ReactionKind::Opportunity, against, .. } if reactor == "R" && against == "A")
    ));
    let rolled = index_of(&ev, |e| matches!(e, BattleEvent::AttackRolled(_)));
    let moved = index_of(&ev, |e| matches!(e, BattleEvent::Moved { .. }));
    assert!(rolled < moved, "the attack comes before the step");
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Moved { from, to, .. } if *from == p(1, 1) && *to == p(0, 1))
    ));
    assert_eq!((f.vit("A"), f.pos("A")), (16, p(0, 1)));
    let r = f.unit("R");
    assert_eq!((r.reactions.points, r.attacks), (1, 1));
    f.all_dice_used();
}

#[test]
fn s8_opportunity_attack_when_an_enemy_moves_within_your_reach_and_once_per_turn() {
    // A steps around R: (1,1) → (2,1) stays within reach (provokes); (2,1) → (3,1) and
    // (3,1) → (4,1) would provoke again but R already attacked A this turn. In round 2 it
    // provokes again.
    let mut f = Arena::new(&[".....", ".....", "....."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::SE)
        .unit("R", "Red", "fighter", (2, 2), Dir8::N)
        .start(&[6, 1, 2, 2]);
    let ev = f.ok(path("A", &[(2, 1)]));
    assert_eq!(attackers(&ev), vec![(s("R"), AttackKind::Opportunity)]);
    assert!(attacks(&f.ok(path("A", &[(3, 1)]))).is_empty());
    assert!(attacks(&f.ok(path("A", &[(4, 1)]))).is_empty());
    assert_eq!(f.unit("R").reactions.points, 1);
    f.ok(end("A"));
    f.ok(end("R"));
    // Round 2: entering reach does not provoke; the next step from within reach does.
    assert!(attacks(&f.ok(path("A", &[(3, 1)]))).is_empty());
    assert_eq!(
        attackers(&f.ok(path("A", &[(2, 1)]))),
        vec![(s("R"), AttackKind::Opportunity)]
    );
    f.all_dice_used();
}

#[test]
fn s8_entering_reach_does_not_provoke() {
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("R", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1]);
    assert!(attacks(&f.ok(mv("A", (1, 0)))).is_empty());
    assert_eq!(f.unit("R").reactions.points, 2);
}

#[test]
fn s8_a_reach_2_weapon_provokes_from_two_metres() {
    let mut f = Arena::new(&["......", "......"])
        .unit("M", "Blue", "fighter", (2, 0), Dir8::W)
        .unit("R", "Red", "pikeman", (0, 0), Dir8::E)
        .start(&[6, 1, 2]);
    let ev = f.ok(mv("M", (3, 0)));
    let r = attacks(&ev);
    assert_eq!(
        (r.len(), r[0].weapon.as_str(), r[0].kind),
        (1, "pike", AttackKind::Opportunity)
    );
    f.ok(end("M"));
    f.ok(end("R"));
    assert!(
        attacks(&f.ok(mv("M", (4, 0)))).is_empty(),
        "3 m away is out of reach"
    );
    f.all_dice_used();
}

#[test]
fn s8_opportunity_attack_when_an_enemy_stands_up_in_reach_and_front_arc() {
    // B trips A; A stands up: B (A in its front arc) strikes, C (A behind it) does not.
    let mut f = Arena::new(&["....", "....", "...."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("B", "Red", "fighter", (2, 1), Dir8::W)
        .unit("C", "Red", "fighter", (1, 2), Dir8::S)
        .rules("(reactions_per_round: 1)")
        .start(&[1, 6, 1, 10, 5, 2, 2]);
    f.ok(trip("B", "A"));
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    let ev = f.ok(simple("StandUp", "A"));
    assert_eq!(attackers(&ev), vec![(s("B"), AttackKind::Opportunity)]);
    assert_eq!(
        attacks(&ev)[0].mode,
        RollMode::Advantage,
        "A is still Prone when B strikes"
    );
    let sw = index_of(&ev, |e| matches!(e, BattleEvent::AttackRolled(_)));
    let up = index_of(&ev, |e| {
        matches!(
            e,
            BattleEvent::ConditionRemoved {
                condition: ConditionKind::Prone,
                ..
            }
        )
    });
    assert!(sw < up);
    f.all_dice_used();
}

#[test]
fn s8_a_mover_that_goes_down_stops_where_it_stood() {
    let mut f = Arena::new(&["......", "......", "......"])
        .unit_with("A", "Blue", "fighter", (1, 1), Dir8::E, "(vitality: 2)")
        .unit("R", "Red", "fighter", (2, 1), Dir8::W)
        .unit("C", "Blue", "fighter", (5, 2), Dir8::W)
        .start(&[6, 5, 1, 15, 3]);
    let ev = f.ok(path("A", &[(0, 1), (0, 0)]));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::WentDown { unit } if unit == "A")
    ));
    assert!(moved_to(&ev).is_empty());
    assert_eq!((f.pos("A"), f.vit("A")), (p(1, 1), 0));
    assert_eq!(f.active(), "R", "A's turn ends when it goes Down");
    f.all_dice_used();
}

#[test]
fn s8_disengage_forced_movement_and_charges_after_disengaging_never_provoke() {
    // A shoves T out of C's reach: C does not react.
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("T", "Red", "fighter", (2, 1), Dir8::W)
        .unit("C", "Blue", "fighter", (1, 0), Dir8::SE)
        .start(&[6, 1, 1, 10, 5]);
    let ev = f.ok(shove("A", "T"));
    assert_eq!(f.pos("T"), p(3, 1));
    assert!(attacks(&ev).is_empty());
    assert_eq!(f.unit("C").reactions.points, 2);
    // Disengage, then charge past R: no opportunity attack.
    let mut g = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .unit("R", "Red", "fighter", (1, 1), Dir8::N)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 1, 10, 5]);
    g.ok(simple("Disengage", "A"));
    let ev = g.ok(charge("A", "B"));
    assert!(attacks(&ev).is_empty());
    assert_eq!((g.pos("A"), g.pos("B")), (p(4, 0), p(8, 0)));
    g.all_dice_used();
}

#[test]
fn s8_a_charge_provokes_as_normal_movement() {
    // R next to the lane strikes once as A runs past (2 + 3 misses), then the charge goes on.
    let mut f = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .unit("R", "Red", "fighter", (1, 1), Dir8::N)
        .start(&[6, 1, 1, 2, 10, 5]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(attackers(&ev), vec![(s("R"), AttackKind::Opportunity)]);
    let rolled = index_of(&ev, |e| matches!(e, BattleEvent::AttackRolled(_)));
    let first_step = index_of(&ev, |e| matches!(e, BattleEvent::Moved { .. }));
    assert!(rolled < first_step);
    assert_eq!((f.pos("A"), f.pos("B")), (p(4, 0), p(8, 0)));
    f.all_dice_used();
}

#[test]
fn s8_a_charger_that_goes_down_on_the_way_does_not_shove() {
    let mut f = Arena::new(&["..........", ".........."])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(vitality: 1)")
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .unit("R", "Red", "fighter", (1, 1), Dir8::N)
        .unit("C", "Blue", "fighter", (9, 1), Dir8::W)
        .start(&[6, 1, 1, 1, 15, 1]);
    let ev = f.ok(charge("A", "B"));
    assert!(contests(&ev).is_empty());
    assert_eq!((f.pos("A"), f.pos("B")), (p(0, 0), p(5, 0)));
    assert!(f.unit("A").is_down());
    f.all_dice_used();
}

#[test]
fn s8_forced_movement_during_a_move_ends_the_move() {
    // M walks East past the bruiser R1, whose opportunity attack hits and hammers M 2 m East
    // to (4,1). The rest of M's path started elsewhere: the move ends there (it must not walk
    // back to (3,1) out of R2's reach without R2's opportunity attack). R2 makes its swift
    // attack on the Unguarded M (a miss); M's pool is untouched and a new move from (4,1)
    // provokes R2 as it should.
    let mut f = Arena::new(&["........", "........", "........"])
        .unit("M", "Blue", "fighter", (2, 1), Dir8::S)
        .unit("R1", "Red", "bruiser", (1, 1), Dir8::E)
        .unit("R2", "Red", "fighter", (5, 2), Dir8::NW)
        .start(&[6, 5, 1, 15, 3, 2, 2]);
    let ev = f.ok(path("M", &[(3, 1), (4, 1), (5, 1)]));
    assert_eq!(
        pushes(&ev).into_iter().map(|x| x.2).collect::<Vec<_>>(),
        vec![p(3, 1), p(4, 1)]
    );
    assert!(
        moved_to(&ev).is_empty(),
        "no willing step after the push: {:?}",
        moved_to(&ev)
    );
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::MoveStopped { unit, at, .. } if unit == "M" && *at == p(4, 1))
    ));
    assert_eq!(
        attackers(&ev),
        vec![
            (s("R1"), AttackKind::Opportunity),
            (s("R2"), AttackKind::Swift)
        ]
    );
    let m = f.unit("M");
    assert_eq!(
        (m.pos, m.vitality, m.ap, m.pool.metres),
        (p(4, 1), 16, 3, 3)
    );
    let ev = f.ok(mv("M", (5, 1)));
    assert_eq!(attackers(&ev), vec![(s("R2"), AttackKind::Opportunity)]);
    assert_eq!(f.pos("M"), p(5, 1));
    f.all_dice_used();
}

#[test]
fn s8_reactors_act_in_initiative_order() {
    // R2 rolled higher initiative than R1 (listed first): R2 strikes first.
    let mut f = Arena::new(&[".....", ".....", "....."])
        .unit("M", "Blue", "fighter", (2, 1), Dir8::S)
        .unit("R1", "Red", "fighter", (1, 2), Dir8::NE)
        .unit("R2", "Red", "fighter", (3, 2), Dir8::NW)
        .start(&[6, 2, 4, 2, 2]);
    let ev = f.ok(mv("M", (2, 0)));
    assert_eq!(
        attackers(&ev),
        vec![
            (s("R2"), AttackKind::Opportunity),
            (s("R1"), AttackKind::Opportunity)
        ]
    );
    f.all_dice_used();
}

// ------------------------------------------------------------------------- swift attacks

#[test]
fn s8_swift_attack_when_an_enemy_in_reach_and_front_arc_becomes_unguarded_once_per_round() {
    // A shoves T next to C: C strikes (15 + 3 hits for 2 + 1). A shoves T2 next to C: C
    // has used its swift attack this round.
    let mut f = Arena::new(&["......", "......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("T", "Red", "fighter", (2, 1), Dir8::E)
        .unit("T2", "Red", "fighter", (2, 2), Dir8::E)
        .unit("C", "Blue", "fighter", (4, 2), Dir8::W)
        .start(&[6, 1, 1, 1, 10, 5, 15, 2, 10, 5]);
    let ev = f.ok(shove("A", "T"));
    assert_eq!(f.pos("T"), p(3, 1));
    assert!(f.has("T", ConditionKind::Unguarded));
    let r = attacks(&ev);
    assert_eq!(
        (r.len(), r[0].attacker.as_str(), r[0].kind, r[0].total),
        (1, "C", AttackKind::Swift, 18)
    );
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionTaken { reactor, kind: ReactionKind::Swift, .. } if reactor == "C")
    ));
    assert_eq!(f.vit("T"), 17);
    let c = f.unit("C");
    assert_eq!(
        (c.reactions.points, c.reactions.swift_used, c.attacks),
        (1, true, 1)
    );
    let ev = f.ok(shove("A", "T2"));
    assert_eq!(f.pos("T2"), p(3, 3));
    assert!(f.has("T2", ConditionKind::Unguarded));
    assert!(attacks(&ev).is_empty());
    f.all_dice_used();
}

#[test]
fn s8_a_swift_attack_needs_a_reaction_point_and_an_attack_left() {
    // C spent both attacks on its own turn; A's shove then makes T Unguarded next to C.
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("T", "Red", "fighter", (2, 1), Dir8::E)
        .unit("C", "Blue", "fighter", (4, 1), Dir8::W)
        .unit("D", "Red", "dummy", (5, 1), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[5, 1, 6, 1, 2, 2, 10, 5]);
    f.ok(attack("C", "D"));
    f.ok(attack("C", "D"));
    f.ok(end("C"));
    let ev = f.ok(shove("A", "T"));
    assert_eq!(f.pos("T"), p(3, 1));
    assert!(attacks(&ev).is_empty());
    f.all_dice_used();
}

// ------------------------------------------------------------------------------ policies

fn walk_away(red: &str) -> Fight {
    Arena::new(&["....", "....", "...."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("R", "Red", "fighter", (2, 1), Dir8::W)
        .sides(&format!(
            r#"(name: "Blue", reactions: Always), (name: "Red", reactions: {red})"#
        ))
        .start_with(&[6, 1, 2], None)
}

#[test]
fn s8_reaction_policy_always_takes_every_reaction() {
    let mut f = walk_away("Always");
    let ev = f.ok(path("A", &[(0, 1), (0, 0)]));
    assert_eq!(attackers(&ev), vec![(s("R"), AttackKind::Opportunity)]);
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { .. }
    )));
    assert_eq!(f.pos("A"), p(0, 0));
    f.all_dice_used();
}

#[test]
fn s8_reaction_policy_never_takes_none() {
    let mut f = walk_away("Never");
    let ev = f.ok(path("A", &[(0, 1), (0, 0)]));
    assert!(attacks(&ev).is_empty());
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { .. }
    )));
    assert_eq!((f.pos("A"), f.unit("R").reactions.points), (p(0, 0), 2));
}

#[test]
fn s8_reaction_policy_ask_pauses_the_battle_until_the_side_answers_yes() {
    let mut f = walk_away("Ask");
    let ev = f.ok(path("A", &[(0, 1), (0, 0)]));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionOffered { reactor, kind: ReactionKind::Opportunity, against } if reactor == "R" && against == "A")
    ));
    assert!(attacks(&ev).is_empty() && moved_to(&ev).is_empty());
    assert_eq!(f.pos("A"), p(1, 1));
    // Everything else waits.
    let waiting = Refusal::AwaitingAnswer {
        reactor: "R".into(),
        kind: ReactionKind::Opportunity,
        against: "A".into(),
    };
    assert_eq!(f.rejected(end("A")), waiting);
    assert_eq!(f.rejected(mv("A", (1, 2))), waiting);
    assert_eq!(
        f.rejected(answer("A", true)),
        Refusal::NotAsked { asked: "R".into() }
    );
    let ev = f.ok(answer("R", true));
    assert_eq!(attackers(&ev), vec![(s("R"), AttackKind::Opportunity)]);
    assert_eq!(
        moved_to(&ev),
        vec![p(0, 1), p(0, 0)],
        "the move goes on after the reaction"
    );
    assert_eq!(f.unit("R").reactions.points, 1);
    assert_eq!(f.rejected(answer("R", true)), Refusal::NoOffer);
    f.all_dice_used();
}

#[test]
fn s8_reaction_policy_ask_answered_no_lets_the_move_go_on() {
    let mut f = walk_away("Ask");
    f.ok(path("A", &[(0, 1), (0, 0)]));
    let ev = f.ok(answer("R", false));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionDeclined { reactor, .. } if reactor == "R")
    ));
    assert!(attacks(&ev).is_empty());
    assert_eq!(moved_to(&ev), vec![p(0, 1), p(0, 0)]);
    assert_eq!(f.unit("R").reactions.points, 2);
}

#[test]
fn s8_headless_runs_default_to_always() {
    // `start` overrides the level's Ask with Always.
    let mut f = Arena::new(&["....", "....", "...."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("R", "Red", "fighter", (2, 1), Dir8::W)
        .sides(r#"(name: "Blue", reactions: Ask), (name: "Red", reactions: Ask)"#)
        .start(&[6, 1, 2]);
    let ev = f.ok(mv("A", (0, 1)));
    assert_eq!(attackers(&ev), vec![(s("R"), AttackKind::Opportunity)]);
    let _ = ReactionPolicy::Always;
}

#[test]
fn s8_the_battle_library_defaults_to_always_when_no_policy_is_given() {
    // A program that builds a battle with `BattleSetup::new` gives no policy: both sides'
    // `Ask` in the level is replaced by `Always`, so nobody waits for an answer.
    let level = Arena::new(&["....", "....", "...."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("R", "Red", "fighter", (2, 1), Dir8::W)
        .sides(r#"(name: "Blue", reactions: Ask), (name: "Red", reactions: Ask)"#)
        .level();
    let setup = skirmish::battle::setup::BattleSetup::new(
        level,
        skirmish::rules::dice::DiceSource::Scripted(vec![6, 1, 2]),
    );
    assert_eq!(setup.policy_override, Some(ReactionPolicy::Always));
    let mut h = skirmish::battle::headless::Headless::new(setup);
    h.send(mv("A", (0, 1)));
    let log = h.log();
    assert!(
        !log.iter()
            .any(|e| matches!(e, BattleEvent::ReactionOffered { .. })),
        "{log:?}"
    );
    assert_eq!(attackers(log), vec![(s("R"), AttackKind::Opportunity)]);
    assert_eq!(h.unit("A").map(|u| u.pos), Some(p(0, 1)));
}

// ----------------------------------------------------------------------- forced movement

#[test]
fn s8_forced_movement_goes_straight_away_from_the_pusher_diagonals_included() {
    let mut f = Arena::new(&[".....", ".....", ".....", "....."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::SE)
        .unit("T", "Red", "fighter", (2, 2), Dir8::NW)
        .start(&[6, 1, 10, 5]);
    let ev = f.ok(shove("A", "T"));
    assert_eq!(pushes(&ev), vec![(s("T"), p(2, 2), p(3, 3))]);
    f.all_dice_used();
}

#[test]
fn s8_forced_movement_ignores_terrain_cost() {
    // Undergrowth (3), deep water (4), water and mud (4): three tiles all the same.
    let mut f = Arena::new(&["....uWm.", "........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W)
        .start(&[6, 1, 10, 5]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(moved_to(&ev), vec![p(1, 0), p(2, 0), p(3, 0)]);
    assert_eq!(
        pushes(&ev).into_iter().map(|x| x.2).collect::<Vec<_>>(),
        vec![p(5, 0), p(6, 0), p(7, 0)]
    );
    assert!(collided(&ev).is_empty());
    f.all_dice_used();
}

#[test]
fn s8_a_push_into_a_wall_stops_there_and_deals_the_full_distance() {
    // Charge push 3 m; the wall is 2 m behind B: B moves 1 m and takes 3.
    let mut f = Arena::new(&["......#.", "........"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W)
        .start(&[6, 1, 10, 5]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(pushes(&ev), vec![(s("B"), p(4, 0), p(5, 0))]);
    assert_eq!(
        collided(&ev),
        vec![(s("B"), Obstacle::Terrain(s("wall")), 3)]
    );
    assert_eq!(damage(&ev), vec![(s("B"), 3)]);
    assert_eq!((f.pos("B"), f.vit("B")), (p(5, 0), 17));
    assert!(f.has("B", ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn s8_a_push_off_the_map_or_into_a_chasm_stops_and_deals_the_full_distance() {
    // B stays next to A and becomes Unguarded: A itself may make a swift attack (2 + 3
    // misses).
    let mut f = Arena::new(&["...", "..."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5, 2]);
    let ev = f.ok(shove("A", "B"));
    assert!(pushes(&ev).is_empty());
    assert_eq!(collided(&ev), vec![(s("B"), Obstacle::MapEdge, 1)]);
    assert_eq!(attackers(&ev), vec![(s("A"), AttackKind::Swift)]);
    assert_eq!((f.pos("B"), f.vit("B")), (p(2, 0), 19));
    f.all_dice_used();
    let mut g = Arena::new(&["...X", "...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5, 2]);
    let ev = g.ok(shove("A", "B"));
    assert_eq!(
        collided(&ev),
        vec![(s("B"), Obstacle::Terrain(s("chasm")), 1)]
    );
    assert_eq!((g.pos("B"), g.vit("B")), (p(2, 0), 19));
    g.all_dice_used();
}

#[test]
fn s8_a_push_crosses_half_cover_objects() {
    let mut f = Arena::new(&["...c.", "....."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5]);
    let ev = f.ok(shove("A", "B"));
    assert!(collided(&ev).is_empty());
    assert_eq!(f.pos("B"), p(3, 0));
    f.all_dice_used();
}

/// A charges B from (0,0) to (4,0); O stands 2 m behind B at (6,0).
fn pileup(o_template: &str, b_template: &str) -> Arena {
    Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", b_template, (5 - 1, 0), Dir8::W)
        .unit("O", "Red", o_template, (6, 0), Dir8::W)
}

#[test]
fn s8_a_push_into_a_creature_that_fails_its_defence_hurts_both_for_the_full_distance() {
    // O rolls 5 + 2 = 7 against 10 + A's might 2 = 12: failure, 3 damage each.
    let mut f = pileup("fighter", "fighter").start(&[6, 1, 1, 10, 5, 5]);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(pushes(&ev), vec![(s("B"), p(4, 0), p(5, 0))]);
    assert_eq!(collided(&ev), vec![(s("B"), Obstacle::Creature(s("O")), 3)]);
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::DefenceRolled { unit, mode: RollMode::Normal, bonus: 2, total: 7, target: 12, success: false, .. } if unit == "O")
    ));
    assert_eq!(damage(&ev), vec![(s("B"), 3), (s("O"), 3)]);
    assert_eq!((f.pos("B"), f.pos("O")), (p(5, 0), p(6, 0)));
    f.all_dice_used();
}

#[test]
fn s8_a_push_into_a_creature_that_succeeds_hurts_both_for_half_rounded_down() {
    let mut f = pileup("fighter", "fighter").start(&[6, 1, 1, 10, 5, 10]);
    let ev = f.ok(charge("A", "B"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::DefenceRolled {
            total: 12,
            target: 12,
            success: true,
            ..
        }
    )));
    assert_eq!(damage(&ev), vec![(s("B"), 1), (s("O"), 1)]);
    f.all_dice_used();
}

#[test]
fn s8_the_occupant_has_advantage_if_larger_than_the_pushed_target() {
    // A Large occupant keeps the better of 3 and 8: 8 + 4 = 12 succeeds.
    let mut f = pileup("big", "fighter").start(&[6, 1, 1, 10, 5, 3, 8]);
    let ev = f.ok(charge("A", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::DefenceRolled { mode: RollMode::Advantage, rolls, total: 12, success: true, .. } if *rolls == vec![3, 8])
    ));
    assert_eq!(damage(&ev), vec![(s("B"), 1), (s("O"), 1)]);
    f.all_dice_used();
    // The same size: no advantage.
    let mut g = pileup("fighter", "fighter").start(&[6, 1, 1, 10, 5, 3]);
    let ev = g.ok(charge("A", "B"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::DefenceRolled {
            mode: RollMode::Normal,
            ..
        }
    )));
    g.all_dice_used();
}

#[test]
fn s8_collision_damage_ignores_armor_in_core() {
    // The tank (armor 3) is shoved into a wall and its fellow tank is hit by a pushed tank.
    let mut f = Arena::new(&["...#", "...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "tank", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5, 2]);
    let ev = f.ok(shove("A", "B"));
    assert_eq!(damage(&ev), vec![(s("B"), 1)]);
    assert_eq!(
        attackers(&ev),
        vec![(s("A"), AttackKind::Swift)],
        "B stayed next to A: swift attack, a miss"
    );
    f.all_dice_used();
    assert_eq!(f.vit("B"), 29);
    let mut g = pileup("tank", "tank").start(&[6, 1, 1, 15, 5, 2]);
    let ev = g.ok(charge("A", "B"));
    assert_eq!(damage(&ev), vec![(s("B"), 3), (s("O"), 3)]);
    g.all_dice_used();
}

#[test]
fn s8_the_pushed_target_becomes_unguarded_until_the_end_of_the_round() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5]);
    let ev = f.ok(shove("A", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Unguarded, duration: skirmish::rules::ruleset::Duration::EndOfRound, .. } if unit == "B")
    ));
    assert!(f.has("B", ConditionKind::Exposed));
    f.ok(end("A"));
    assert!(f.has("B", ConditionKind::Unguarded));
    f.ok(end("B"));
    assert!(!f.has("B", ConditionKind::Unguarded) && !f.has("B", ConditionKind::Exposed));
}

#[test]
fn s8_a_weapons_push_applies_on_a_hit_and_not_on_a_miss() {
    // The bruiser's hammer pushes 2 m: hit (10 + 3) for 3 + 1, then T slides to (4,1).
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "bruiser", (1, 1), Dir8::E)
        .unit("T", "Red", "fighter", (2, 1), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 10, 3, 2]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(damage(&ev), vec![(s("T"), 4)]);
    assert_eq!(
        pushes(&ev).into_iter().map(|x| x.2).collect::<Vec<_>>(),
        vec![p(3, 1), p(4, 1)]
    );
    assert!(f.has("T", ConditionKind::Unguarded));
    f.ok(mv("A", (3, 1)));
    let ev = f.ok(attack("A", "T"));
    assert_eq!(attacks(&ev)[0].outcome, HitOutcome::Miss);
    assert!(pushes(&ev).is_empty());
    assert_eq!(f.pos("T"), p(4, 1));
    f.all_dice_used();
}

#[test]
fn s8_a_weapons_push_into_a_wall_deals_its_full_distance() {
    let mut f = Arena::new(&["....#.", "......"])
        .unit("A", "Blue", "bruiser", (1, 0), Dir8::E)
        .unit("T", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 3]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(
        collided(&ev),
        vec![(s("T"), Obstacle::Terrain(s("wall")), 2)]
    );
    assert_eq!(damage(&ev), vec![(s("T"), 4), (s("T"), 2)]);
    assert_eq!((f.pos("T"), f.vit("T")), (p(3, 0), 14));
    f.all_dice_used();
}

#[test]
fn s8_a_push_that_downs_the_target_leaves_it_where_it_fell_and_not_unguarded() {
    let mut f = Arena::new(&["...#", "....", "...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(vitality: 1)")
        .unit("C", "Red", "fighter", (3, 2), Dir8::W)
        .start(&[6, 1, 1, 10, 5]);
    f.ok(shove("A", "B"));
    let b = f.unit("B");
    assert!(b.is_down() && !b.has(ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn s8_forced_movement_into_a_corner_between_two_walls_collides() {
    // Pushed south-east from (1, 1), the target would squeeze between the walls at (2, 1)
    // and (1, 2): like a mover, it cannot cut that corner, so it hits it.
    let mut f = Arena::new(&["....", "..#.", ".#..", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::SE)
        .unit("B", "Red", "fighter", (1, 1), Dir8::NW)
        .start(&[6, 1, 15, 1, 1]);
    // The last die: A's swift attack on the Unguarded B, a natural 1.
    let ev = f.ok(shove("A", "B"));
    assert!(ev.iter().any(|e| matches!(e,
        BattleEvent::Collided { unit, obstacle: skirmish::battle::events::Obstacle::Terrain(t), distance: 1 }
            if unit == "B" && t == "wall corner")), "{ev:#?}");
    assert_eq!(f.pos("B"), skirmish::rules::grid::Pos::new(1, 1));
    assert_eq!(f.unit("B").vitality, 19);
}

#[test]
fn s8_a_down_creature_in_a_pushs_way_is_an_object_that_fails_its_defence_and_both_take_the_full_distance()
 {
    // C downs D; A then shoves B east into D's tile. D is an object: no defence roll, and
    // both take the full 1 m (D's vitality stays at 0). Dice: initiative A 2, B 1, D 1,
    // C 6; C's hit on D (d20 15, 1d6 3); the shove contest (14 + 2 against 5 + 1). Nobody
    // reacts, so no swift attack follows the push.
    let mut f = Arena::new(&["....."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .unit_with("D", "Red", "fighter", (2, 0), Dir8::E, "(vitality: 1)")
        .unit("C", "Blue", "fighter", (3, 0), Dir8::W)
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Never)"#)
        .start_with(&[2, 1, 1, 6, 15, 3, 14, 5], None);
    f.ok(attack_with("C", "D", "blade"));
    assert!(f.unit("D").is_down());
    f.ok(end("C"));
    assert_eq!(f.active(), "A");
    let ev = f.ok(shove("A", "B"));
    assert!(
        !ev.iter()
            .any(|e| matches!(e, BattleEvent::DefenceRolled { .. })),
        "an object rolls no defence"
    );
    assert_eq!(
        collided(&ev),
        vec![(s("B"), Obstacle::Creature(s("D")), 1)],
        "{ev:#?}"
    );
    assert_eq!(damage(&ev), vec![(s("B"), 1), (s("D"), 1)]);
    assert_eq!((f.pos("B"), f.vit("B"), f.vit("D")), (p(1, 0), 19, 0));
    f.all_dice_used();
}
