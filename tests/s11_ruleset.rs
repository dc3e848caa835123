//! RULES §11: every ruleset switch a level's `rules:` block may change, against the Core
//! default, through the real plugin with scripted dice.

mod common;
use common::*;
use skirmish::battle::events::{AttackKind, BattleEvent, Effect, Reason};
use skirmish::rules::actions::ActionKind;
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Dir8;
use skirmish::rules::path::DiagonalCost;
use skirmish::rules::ruleset::ConditionKind;
use skirmish::rules::ruleset::{CoverRule, Flanking, Ruleset};

fn rules_of(f: &Fight) -> Ruleset {
    f.h.app
        .world()
        .resource::<skirmish::battle::Rules>()
        .0
        .clone()
}

#[test]
fn s11_without_a_rules_block_the_battle_uses_core() {
    let f = Arena::new(&["...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (3, 0), Dir8::W)
        .start(&[6, 1]);
    let r = rules_of(&f);
    assert_eq!(r, Ruleset::default());
    assert_eq!(
        (
            r.flanking,
            r.diagonal_cost,
            r.ap_per_turn,
            r.free_movement,
            r.reactions_per_round,
            r.attacks_per_round,
            r.facing,
            r.collision_ignores_armor,
            r.cover
        ),
        (
            Flanking::Line,
            DiagonalCost::Uniform,
            3,
            true,
            2,
            2,
            true,
            true,
            CoverRule::Evasion
        )
    );
    // A block sets only what it names.
    let g = Arena::new(&["...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (3, 0), Dir8::W)
        .rules("(ap_per_turn: 2, cover: Penalty)")
        .start(&[6, 1]);
    assert_eq!(
        rules_of(&g),
        Ruleset {
            ap_per_turn: 2,
            cover: CoverRule::Penalty,
            ..Ruleset::default()
        }
    );
}

// ------------------------------------------------------------------------------ flanking

fn flank_bonus(rules: &str) -> i32 {
    // Attacker NW of the target, a pike ally 2 m East: 153°, off Line's segment test.
    let mut arena = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::SE)
        .unit("T", "Red", "dummy", (2, 1), Dir8::NW)
        .unit("B", "Blue", "pikeman", (4, 1), Dir8::W);
    if !rules.is_empty() {
        arena = arena.rules(rules);
    }
    let mut f = arena.start(&[6, 1, 1, 2]);
    attacks(&f.ok(attack("A", "T")))[0].bonus
}

fn opposite_bonus(rules: &str) -> i32 {
    let mut arena = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("T", "Red", "dummy", (2, 1), Dir8::W)
        .unit("B", "Blue", "fighter", (3, 1), Dir8::W);
    if !rules.is_empty() {
        arena = arena.rules(rules);
    }
    let mut f = arena.start(&[6, 1, 1, 2]);
    attacks(&f.ok(attack("A", "T")))[0].bonus
}

#[test]
fn s11_flanking_line_is_core_arc120_widens_it_and_off_removes_it() {
    assert_eq!((opposite_bonus(""), flank_bonus("")), (5, 3));
    assert_eq!(
        (
            opposite_bonus("(flanking: Line)"),
            flank_bonus("(flanking: Line)")
        ),
        (5, 3)
    );
    assert_eq!(
        (
            opposite_bonus("(flanking: Arc120)"),
            flank_bonus("(flanking: Arc120)")
        ),
        (5, 5)
    );
    assert_eq!(
        (
            opposite_bonus("(flanking: Off)"),
            flank_bonus("(flanking: Off)")
        ),
        (3, 3)
    );
}

// ------------------------------------------------------------------------- diagonal cost

#[test]
fn s11_diagonal_cost_uniform_every_diagonal_step_costs_the_same() {
    let mut f = Arena::new(&["......", "......", "......", "......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::SE)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1]);
    let ev = f.ok(path("A", &[(1, 1), (2, 2), (3, 3), (4, 4)]));
    assert_eq!(move_costs(&ev), vec![1, 1, 1, 1]);
}

#[test]
fn s11_diagonal_cost_alternating_every_second_diagonal_step_costs_double() {
    // 1, 2, 1, 2 — orthogonal steps in between cost 1 and do not reset the count, which runs
    // through the whole turn and restarts with the next one.
    let mut f = Arena::new(&["......", "......", "......", "......", "......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::SE)
        .unit("B", "Red", "fighter", (5, 0), Dir8::W)
        .rules("(diagonal_cost: Alternating)")
        .start(&[6, 1]);
    let ev = f.ok(path("A", &[(1, 1), (2, 2), (2, 3)]));
    assert_eq!(move_costs(&ev), vec![1, 2, 1]);
    let ev = f.ok(path("A", &[(3, 4), (4, 5)]));
    assert_eq!(move_costs(&ev), vec![1, 2]);
    // 7 m used: 3 free + 2 AP of 3 m; 2 m left.
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (1, 2));
    // The fifth diagonal is an odd one again: 1 m.
    let ev = f.ok(mv("A", (5, 4)));
    assert_eq!(move_costs(&ev), vec![1]);
    f.ok(end("A"));
    f.ok(end("B"));
    let ev = f.ok(path("A", &[(4, 5)]));
    assert_eq!(move_costs(&ev), vec![1], "a new turn starts counting again");
}

// -------------------------------------------------------------------------- ap_per_turn

#[test]
fn s11_ap_per_turn_sets_the_action_points_of_every_turn() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 2)")
        .start(&[6, 1, 2]);
    assert!(
        f.log()
            .iter()
            .any(|e| matches!(e, BattleEvent::TurnStarted { unit, ap: 2, .. } if unit == "A"))
    );
    f.ok(attack("A", "B"));
    assert!(matches!(
        f.rejected(shove("A", "B")),
        Refusal::NotEnoughAp { have: 0, .. }
    ));
    assert!(matches!(
        f.rejected(simple("Sprint", "A")),
        Refusal::NotEnoughAp { need: 3, .. }
    ));
    let mut g = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 5)")
        .start(&[6, 1]);
    assert_eq!(g.unit("A").ap, 5);
    g.ok(simple("Sprint", "A"));
    g.ok(simple("Defend", "A"));
    assert_eq!(g.unit("A").ap, 0);
}

// ------------------------------------------------------------------------ free_movement

#[test]
fn s11_free_movement_false_every_metre_is_bought_with_ap() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (5, 1), Dir8::W)
        .rules("(free_movement: false)")
        .start(&[6, 1]);
    assert!(f.log().iter().any(
        |e| matches!(e, BattleEvent::TurnStarted { unit, ap: 3, movement: 0, .. } if unit == "A")
    ));
    assert_eq!(f.unit("A").pool.metres, 0);
    let ev = f.ok(mv("A", (1, 0)));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionTaken { action, ap_cost: 1, ap_left: 2, .. } if *action == ActionKind::Move)
    ));
    let a = f.unit("A");
    assert_eq!((a.ap, a.pool.metres), (2, 2));
}

// ------------------------------------------------------------------ reactions_per_round

/// R faces North at (2,2); M1 (North), M2 (West) and M3 (North-West) leave its reach in
/// turn, each from R's front arc.
fn three_leave(rules: &str, dice: &[u32]) -> (Fight, Vec<usize>) {
    let mut f = Arena::new(&[".....", ".....", ".....", ".....", "....."])
        .unit("M1", "Blue", "fighter", (2, 1), Dir8::S)
        .unit("M2", "Blue", "fighter", (1, 2), Dir8::E)
        .unit("M3", "Blue", "fighter", (1, 1), Dir8::SE)
        .unit("R", "Red", "fighter", (2, 2), Dir8::N)
        .rules(rules)
        .start(dice);
    let mut n = Vec::new();
    for (m, to) in [("M1", (2, 0)), ("M2", (0, 2)), ("M3", (0, 0))] {
        n.push(attacks(&f.ok(mv(m, to))).len());
        f.ok(end(m));
    }
    (f, n)
}

#[test]
fn s11_reactions_per_round_sets_the_reaction_points() {
    let (f, n) = three_leave(
        "(reactions_per_round: 1, attacks_per_round: 5)",
        &[6, 5, 4, 1, 2],
    );
    assert_eq!(n, vec![1, 0, 0]);
    f.all_dice_used();
    let (f, n) = three_leave(
        "(reactions_per_round: 3, attacks_per_round: 5)",
        &[6, 5, 4, 1, 2, 2, 2],
    );
    assert_eq!(n, vec![1, 1, 1]);
    f.all_dice_used();
}

#[test]
fn s11_attacks_per_round_limits_actions_and_reactions_together() {
    let (f, n) = three_leave(
        "(reactions_per_round: 5, attacks_per_round: 1)",
        &[6, 5, 4, 1, 2],
    );
    assert_eq!(n, vec![1, 0, 0]);
    f.all_dice_used();
    // Three attack actions with enough AP.
    let mut g = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "dummy", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 8, attacks_per_round: 3)")
        .start(&[6, 1, 2, 2, 2]);
    for _ in 0..3 {
        g.ok(attack("A", "B"));
    }
    assert_eq!(
        g.rejected(attack("A", "B")),
        Refusal::AttackLimit { made: 3, limit: 3 }
    );
    g.all_dice_used();
}

// -------------------------------------------------------------------------------- facing

#[test]
fn s11_facing_false_no_rear_arc_advantage() {
    let run = |rules: &str| {
        let mut arena = Arena::new(&["....."])
            .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
            .unit("B", "Red", "fighter", (2, 0), Dir8::E);
        if !rules.is_empty() {
            arena = arena.rules(rules);
        }
        let mut f = arena.start(&[6, 1, 2, 2]);
        attacks(&f.ok(attack("A", "B")))[0].clone()
    };
    let core = run("");
    assert_eq!(
        (core.mode, reasons(&core.modifiers)),
        (RollMode::Advantage, vec![Reason::RearArc])
    );
    let off = run("(facing: false)");
    assert_eq!((off.mode, off.modifiers.len()), (RollMode::Normal, 0));
}

#[test]
fn s11_facing_false_reactions_come_from_all_around() {
    // M leaves from behind R: no reaction in Core, an opportunity attack without facing.
    let run = |rules: &str, dice: &[u32]| {
        let mut arena = Arena::new(&["....", "....", "....", "...."])
            .unit("M", "Blue", "fighter", (1, 2), Dir8::N)
            .unit("R", "Red", "fighter", (1, 1), Dir8::N);
        if !rules.is_empty() {
            arena = arena.rules(rules);
        }
        let mut f = arena.start(dice);
        let n = attacks(&f.ok(mv("M", (1, 3)))).len();
        f.all_dice_used();
        n
    };
    assert_eq!(run("", &[6, 1]), 0);
    assert_eq!(run("(facing: false)", &[6, 1, 2]), 1);
}

// ------------------------------------------------------------- collision_ignores_armor

#[test]
fn s11_collision_ignores_armor_false_lets_armor_reduce_collision_damage() {
    // A charge pushes an armor-1 target 3 m into a wall right behind it: 3 - 1 = 2 (Core: 3).
    // B stays next to A, Unguarded: A's swift attack misses (2).
    let run = |rules: &str| {
        let mut arena = Arena::new(&[".....#.", "......."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit_with("B", "Red", "fighter", (4, 0), Dir8::W, "(armor: 1)");
        if !rules.is_empty() {
            arena = arena.rules(rules);
        }
        let mut f = arena.start(&[6, 1, 10, 5, 2]);
        let ev = f.ok(charge("A", "B"));
        f.all_dice_used();
        damage(&ev)
    };
    assert_eq!(run(""), vec![("B".to_string(), 3)]);
    assert_eq!(
        run("(collision_ignores_armor: true)"),
        vec![("B".to_string(), 3)]
    );
    assert_eq!(
        run("(collision_ignores_armor: false)"),
        vec![("B".to_string(), 2)]
    );
}

// --------------------------------------------------------------------------------- cover

#[test]
fn s11_cover_penalty_low_cover_is_minus_2_to_hit_instead_of_plus_2_evasion() {
    // 11 + 3 - 2 = 12 against plain Evasion 12: a hit (Core would be 14 against 14).
    let mut f = Arena::new(&["..c....", "......."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .rules("(cover: Penalty)")
        .start(&[6, 1, 11, 1]);
    let r = &attacks(&f.ok(attack("A", "T")))[0];
    assert_eq!(r.modifiers.len(), 1);
    assert_eq!(
        (r.modifiers[0].reason, r.modifiers[0].effect),
        (Reason::LowCover, Effect::Roll(-2))
    );
    assert_eq!(
        (r.bonus, r.total, r.evasion, r.outcome),
        (1, 12, 12, HitOutcome::Hit)
    );
    f.all_dice_used();
}

#[test]
fn s11_cover_penalty_high_cover_is_minus_5_when_the_target_also_takes_cover() {
    // T takes cover behind the crates: -5 to hit, and no +2 Evasion for taking cover.
    let mut f = Arena::new(&["..c....", "......."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "fighter", (3, 0), Dir8::W)
        .rules("(cover: Penalty)")
        .start(&[1, 6, 14, 1]);
    f.ok(simple("TakeCover", "T"));
    f.ok(end("T"));
    let r = &attacks(&f.ok(attack("A", "T")))[0];
    assert_eq!(r.modifiers.len(), 1, "{:?}", r.modifiers);
    assert_eq!(
        (r.modifiers[0].reason, r.modifiers[0].effect),
        (Reason::HighCover, Effect::Roll(-5))
    );
    assert_eq!(
        (r.bonus, r.total, r.evasion, r.outcome),
        (-2, 12, 12, HitOutcome::Hit)
    );
    f.all_dice_used();
}

#[test]
fn s11_cover_penalty_taking_cover_still_gives_plus_2_evasion_against_melee() {
    let mut f = Arena::new(&["......", "...c.."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .rules("(cover: Penalty)")
        .start(&[1, 6, 10]);
    f.ok(simple("TakeCover", "B"));
    f.ok(end("B"));
    let r = &attacks(&f.ok(attack("A", "B")))[0];
    assert_eq!(reasons(&r.modifiers), vec![Reason::TakingCover]);
    assert_eq!((r.total, r.evasion, r.outcome), (13, 14, HitOutcome::Miss));
    f.all_dice_used();
}

#[test]
fn s11_cover_penalty_creature_cover_is_low_cover_and_a_miss_may_hit_the_creature() {
    // 10 + 3 - 2 = 11 misses T (12); the creature in the way has Evasion 10 and is hit.
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .unit_with("C", "Red", "fighter", (2, 0), Dir8::S, "(evasion: 10)")
        .rules("(cover: Penalty)")
        .start(&[6, 1, 1, 10, 4]);
    let ev = f.ok(attack("A", "T"));
    let r = &attacks(&ev)[0];
    assert_eq!(
        (r.modifiers[0].reason, r.total, r.evasion, r.kind),
        (Reason::LowCover, 11, 12, AttackKind::Action)
    );
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::AttackRedirected { to, total: 11, evasion: 10, hit: true, .. } if to == "C")
    ));
    assert_eq!(f.vit("C"), 16);
    f.all_dice_used();
}

// ------------------------------------------------------------------------ delayed turns

/// A delays to the end of the round before B acts; B hits it with `weapon`.
fn waiting_a_is_hit(weapon: &str, dice: &[u32]) -> Fight {
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "jolter", (1, 0), Dir8::W)
        .unit("R", "Red", "ripper", (0, 1), Dir8::N)
        .start(dice);
    f.ok(delay_end("A"));
    f.ok(attack_with("B", "A", weapon));
    f.ok(end("B"));
    f
}

#[test]
fn s11_a_delayed_turn_ends_effects_until_the_end_of_its_next_turn() {
    // Initiative A 6, B 5, R 1; B's stunning hit: d20 15, 1d4 2.
    let mut f = waiting_a_is_hit("stunner", &[6, 5, 1, 15, 2]);
    assert!(f.has("A", ConditionKind::Dazed));
    f.ok(end("R"));
    assert_eq!(f.active(), "A", "A's delayed turn");
    f.ok(end("A"));
    assert!(
        !f.has("A", ConditionKind::Dazed),
        "the delayed turn is A's first turn to start after the Daze: it ends with it"
    );
    assert_eq!(f.h.turn().round, 2);
    f.all_dice_used();
}

#[test]
fn s11_a_delayed_turn_ends_effects_until_the_start_of_its_next_turn() {
    let mut f = waiting_a_is_hit("jolter", &[6, 5, 1, 15, 2]);
    assert!(f.has("A", ConditionKind::Dazed));
    let ev = f.ok(end("R"));
    assert_eq!(f.active(), "A");
    assert!(removed(&ev, "A").contains(&ConditionKind::Dazed));
    assert!(!f.has("A", ConditionKind::Dazed));
    f.all_dice_used();
}

#[test]
fn s11_a_delayed_turn_bleeds_for_a_bleeding_that_began_while_it_waited() {
    // R (in B's place) crits A with its serrated `ripper`: d20 20, 1d6 3 (+6). A's delayed
    // turn is its first turn to start since: it bleeds 1d4 = 2.
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "ripper", (1, 0), Dir8::W)
        .start(&[6, 1, 20, 3, 2]);
    f.ok(delay_end("A"));
    f.ok(attack_with("B", "A", "ripper"));
    assert!(f.has("A", ConditionKind::Bleeding));
    let ev = f.ok(end("B"));
    let lost: Vec<i32> = ev
        .iter()
        .filter_map(|e| match e {
            BattleEvent::VitalityLost { unit, amount, .. } if unit == "A" => Some(*amount),
            _ => None,
        })
        .collect();
    assert_eq!(lost, vec![2]);
    assert_eq!(f.vit("A"), 20 - 9 - 2);
    f.all_dice_used();
}

#[test]
fn s11_a_delayed_turn_does_not_bleed_again_for_a_bleeding_its_slot_already_bled_for() {
    // B crits A before A's slot (d20 20, 1d6 3); A's slot bleeds 1d4 = 2; A delays; its
    // delayed turn rolls nothing more (every scripted die is used, none is missing).
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "ripper", (1, 0), Dir8::W)
        .start(&[1, 6, 20, 3, 2]);
    f.ok(attack_with("B", "A", "ripper"));
    f.ok(end("B"));
    assert_eq!(f.vit("A"), 20 - 9 - 2);
    f.ok(delay_end("A"));
    assert_eq!(f.active(), "A");
    assert_eq!(f.vit("A"), 20 - 9 - 2);
    f.all_dice_used();
}

// ------------------------------------------------------------------------------- counts

#[test]
fn s11_attacks_per_round_and_ap_per_turn_of_0_are_refused_with_a_located_problem() {
    for (switch, message) in [
        (
            "attacks_per_round: 0",
            "attacks_per_round must be between 1 and 20 (got 0)",
        ),
        (
            "ap_per_turn: 0",
            "ap_per_turn must be between 1 and 20 (got 0)",
        ),
    ] {
        let src = Arena::new(&["...."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("B", "Red", "fighter", (3, 0), Dir8::W)
            .rules(&format!("({switch})"))
            .ron();
        let problems = skirmish::level::parse_level(
            "counts.ron",
            src.as_bytes(),
            skirmish::paths::cached_catalog(),
        )
        .expect_err(switch);
        let (line, text) = src
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(switch))
            .expect("the switch is in the level");
        let col = text.find(switch).unwrap() + switch.find(": ").unwrap() + 3;
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(
            problems[0].to_string(),
            format!("counts.ron:{}:{col}: rules: {message}", line + 1),
            "{switch}"
        );
    }
}
