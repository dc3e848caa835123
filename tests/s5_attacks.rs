//! RULES §5: targeting, the hit roll, criticals and fumbles, advantage and disadvantage,
//! every hit modifier, effective Evasion, damage after armor and affinities, misses against
//! creature cover, and going Down — with scripted dice and exact numbers.

mod common;
use common::*;
use skirmish::battle::events::{AttackReport, BattleEvent, Effect, Reason};
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::{ConditionKind, Duration};

fn one(ev: &[BattleEvent]) -> AttackReport {
    let r = attacks(ev);
    assert_eq!(r.len(), 1, "expected one attack roll: {r:?}");
    r[0].clone()
}

/// A (Blue, acts first) at (1,0) facing East; B (Red) at (2,0) facing West.
fn pair(a: &str, b: &str) -> Arena {
    Arena::new(&["........", "........", "........"])
        .unit("A", "Blue", a, (1, 0), Dir8::E)
        .unit("B", "Red", b, (2, 0), Dir8::W)
}

fn pair_with(a: &str, b: &str, b_over: &str) -> Arena {
    Arena::new(&["........", "........", "........"])
        .unit("A", "Blue", a, (1, 0), Dir8::E)
        .unit_with("B", "Red", b, (2, 0), Dir8::W, b_over)
}

/// An archer A at (0,0) facing East and a target T (dummy) on row 0, on a 14-wide field.
fn range(t: (i32, i32)) -> Arena {
    Arena::new(&["..............", "..............", ".............."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", t, Dir8::W)
}

// ----------------------------------------------------------------------------- targeting

#[test]
fn s5_melee_needs_the_target_within_the_weapons_reach() {
    // The pike reaches 2 m; the blade, named, only 1.
    let mut f = Arena::new(&["......", "......"])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(weapons: ["blade", "pike"])"#,
        )
        .unit("B", "Red", "dummy", (2, 1), Dir8::W)
        .start(&[6, 1, 2]);
    let reason = f.rejected(attack_with("A", "B", "blade"));
    assert!(
        matches!(
            reason,
            Refusal::OutOfReach {
                distance: 2,
                reach: 1,
                ..
            }
        ),
        "{reason:?}"
    );
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(r.weapon, "pike", "the first weapon that reaches is used");
    f.all_dice_used();
}

#[test]
fn s5_a_reach_attack_cannot_target_a_creature_in_full_cover_that_does_not_block_sight() {
    // `g` is a glass wall: full cover that does not block sight. B stands behind it, 2 m
    // from A's pike. A sees B, but cannot strike it, and does not threaten it either: B
    // walks off without an opportunity attack.
    let mut f = Arena::new(&[".g..", "...."])
        .terrain(
            r#""glass": (cover: Full, blocks_sight: false, look: Wall)"#,
            r#"'g': "glass""#,
        )
        .unit("A", "Blue", "pikeman", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let reason = f.rejected(attack("A", "B"));
    assert_eq!(reason, Refusal::FullCover { target: "B".into() });
    f.ok(end("A"));
    let ev = f.ok(mv("B", (3, 0)));
    assert!(attacks(&ev).is_empty(), "{ev:?}");
    f.all_dice_used();
}

#[test]
fn s5_melee_cannot_strike_between_two_walls_meeting_at_a_corner() {
    let mut f = Arena::new(&[".#..", "#...", "...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::SE)
        .unit("B", "Red", "fighter", (1, 1), Dir8::NW)
        .start(&[6, 1]);
    let reason = f.rejected(attack_with("A", "B", "blade"));
    assert!(matches!(reason, Refusal::WallBetween { .. }), "{reason:?}");
}

#[test]
fn s5_ranged_reaches_to_long_range_and_no_further() {
    let mut f = range((12, 0)).start(&[6, 1, 19, 2]);
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!((r.weapon.as_str(), r.mode), ("bow", RollMode::Disadvantage));
    let mut g = range((13, 0)).start(&[6, 1]);
    let reason = g.rejected(attack("A", "T"));
    assert!(
        matches!(reason, Refusal::NoWeaponReaches { distance: 13, .. }),
        "{reason:?}"
    );
    let reason = g.rejected(attack_with("A", "T", "bow"));
    assert!(
        matches!(
            reason,
            Refusal::OutOfRange {
                distance: 13,
                long_range: 12,
                ..
            }
        ),
        "{reason:?}"
    );
}

#[test]
fn s5_ranged_needs_line_of_sight() {
    let mut f = Arena::new(&["......", "..#...", "......"])
        .unit("A", "Blue", "archer", (0, 1), Dir8::E)
        .unit("T", "Red", "dummy", (4, 1), Dir8::W)
        .start(&[6, 1]);
    let reason = f.rejected(attack("A", "T"));
    // The refusal names what blocks the view, and where.
    assert_eq!(
        reason,
        Refusal::NoLineOfSight {
            target: "T".into(),
            blocked_by: Some("the wall at (2, 1)".into()),
        }
    );
    // A line passing a single wall at a corner is clear.
    let mut g = Arena::new(&[".#....", "......", "......"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (2, 2), Dir8::W)
        .start(&[6, 1, 5]);
    g.ok(attack("A", "T"));
    g.all_dice_used();
}

#[test]
fn s5_the_first_weapon_in_range_is_used_when_none_is_named() {
    // fighter: blade, then bow. Adjacent → blade; 3 m away → bow.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "dummy", (2, 0), Dir8::W)
        .unit("C", "Red", "dummy", (4, 1), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 1, 2, 2, 2]);
    assert_eq!(one(&f.ok(attack("A", "B"))).weapon, "blade");
    let r = one(&f.ok(attack("A", "C")));
    assert_eq!(r.weapon, "bow");
    f.all_dice_used();
}

#[test]
fn s5_the_attacker_turns_to_face_the_target_for_free() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::N)
        .unit("B", "Red", "dummy", (2, 1), Dir8::W)
        .start(&[6, 1, 2]);
    let ev = f.ok(attack("A", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Faced { unit, facing: Dir8::E } if unit == "A")
    ));
    let a = f.unit("A");
    assert_eq!((a.facing, a.ap), (Dir8::E, 1));
    f.all_dice_used();
}

// ------------------------------------------------------------------------------ hit roll

#[test]
fn s5_a_total_equal_to_evasion_hits_and_one_below_misses() {
    let mut f = pair("fighter", "dummy")
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 9, 1, 8]);
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(
        (r.natural, r.bonus, r.total, r.evasion, r.outcome),
        (9, 3, 12, 12, HitOutcome::Hit)
    );
    assert_eq!(f.vit("B"), 18);
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!((r.total, r.outcome), (11, HitOutcome::Miss));
    assert_eq!(f.vit("B"), 18);
    f.all_dice_used();
}

#[test]
fn s5_natural_20_crits_for_plus_6_and_exposes_the_target() {
    // Evasion 40: only a natural 20 can hit. 1d6+1 = 4+1, +6.
    let mut f = pair_with("fighter", "fighter", "(evasion: 40)").start(&[6, 1, 20, 4]);
    let ev = f.ok(attack("A", "B"));
    let r = one(&ev);
    assert_eq!(
        (r.total, r.evasion, r.outcome),
        (23, 40, HitOutcome::Critical)
    );
    assert_eq!(damage(&ev), vec![("B".to_string(), 11)]);
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Exposed, duration: Duration::EndOfRound, .. } if unit == "B")
    ));
    assert_eq!(f.vit("B"), 9);
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(!f.has("B", ConditionKind::Exposed));
    f.all_dice_used();
}

#[test]
fn s5_natural_1_always_misses_and_exposes_the_attacker() {
    // Evasion 2: 1 + 3 = 4 would reach it, but a natural 1 misses.
    let mut f = pair_with("fighter", "fighter", "(evasion: 2)").start(&[6, 1, 1]);
    let ev = f.ok(attack("A", "B"));
    let r = one(&ev);
    assert_eq!((r.total, r.evasion, r.outcome), (4, 2, HitOutcome::Fumble));
    assert!(damage(&ev).is_empty());
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Exposed, duration: Duration::EndOfRound, .. } if unit == "A")
    ));
    assert!(!f.has("B", ConditionKind::Exposed));
    f.all_dice_used();
}

// ------------------------------------------------------------- advantage / disadvantage

#[test]
fn s5_advantage_rolls_two_d20_and_keeps_the_higher() {
    // B faces away: A attacks from its rear arc.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::E)
        .start(&[6, 1, 4, 15, 2]);
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(
        (r.mode, r.rolls.clone(), r.natural, r.total),
        (RollMode::Advantage, vec![4, 15], 15, 18)
    );
    assert_eq!(f.vit("B"), 17);
    f.all_dice_used();
}

#[test]
fn s5_disadvantage_rolls_two_d20_and_keeps_the_lower() {
    let mut f = pair("fighter", "fighter").start(&[1, 6, 15, 4]);
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(
        (r.mode, r.rolls.clone(), r.natural, r.total, r.outcome),
        (RollMode::Disadvantage, vec![15, 4], 4, 7, HitOutcome::Miss)
    );
    f.all_dice_used();
}

#[test]
fn s5_only_the_kept_die_can_be_a_natural_20_or_a_natural_1() {
    // Disadvantage: 20 and 9, the 9 is kept: an ordinary hit, no +6, no Exposed.
    let mut f = pair("fighter", "fighter").start(&[1, 6, 20, 9, 1]);
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let ev = f.ok(attack("A", "B"));
    let r = one(&ev);
    assert_eq!(
        (r.rolls.clone(), r.natural, r.total, r.outcome),
        (vec![20, 9], 9, 12, HitOutcome::Hit)
    );
    assert_eq!(damage(&ev), vec![("B".to_string(), 2)]);
    assert!(!f.has("B", ConditionKind::Exposed));
    f.all_dice_used();
    // Advantage: 1 and 15, the 15 is kept: a hit, and the attacker is not Exposed.
    let mut g = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::E)
        .start(&[6, 1, 1, 15, 1]);
    let r = one(&g.ok(attack("A", "B")));
    assert_eq!((r.natural, r.total, r.outcome), (15, 18, HitOutcome::Hit));
    assert!(!g.has("A", ConditionKind::Exposed));
    g.all_dice_used();
}

#[test]
fn s5_several_advantages_count_as_one() {
    // Prone and attacked from the rear: two sources, still two dice.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::E)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 10, 5, 3, 12, 1]);
    f.ok(trip("A", "B"));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(
        reasons(&r.modifiers),
        vec![Reason::TargetProne, Reason::RearArc]
    );
    assert_eq!(
        (r.mode, r.rolls.clone(), r.total),
        (RollMode::Advantage, vec![3, 12], 15)
    );
    assert_eq!(f.vit("B"), 18);
    f.all_dice_used();
}

#[test]
fn s5_one_advantage_and_one_disadvantage_cancel() {
    // B defends facing away: rear arc (advantage) and Defending (disadvantage): one die.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::E)
        .start(&[1, 6, 7]);
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(
        reasons(&r.modifiers),
        vec![Reason::RearArc, Reason::TargetDefending]
    );
    assert_eq!(
        (r.mode, r.rolls.clone(), r.total),
        (RollMode::Normal, vec![7], 10)
    );
    f.all_dice_used();
}

#[test]
fn s5_two_disadvantages_and_one_advantage_still_cancel_to_a_plain_roll() {
    // B dazes A with the stunner, turns its back and defends. A: Dazed (dis), Defending
    // (dis), rear arc (adv) → one die.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "ripper", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[1, 6, 10, 2, 11, 3]);
    f.ok(attack_with("B", "A", "stunner"));
    assert_eq!(f.vit("A"), 18);
    assert!(f.has("A", ConditionKind::Dazed));
    f.ok(face("B", Dir8::E));
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let r = one(&f.ok(attack("A", "B")));
    let mut why = reasons(&r.modifiers);
    why.sort_by_key(|r| format!("{r:?}"));
    assert_eq!(
        why,
        vec![Reason::Dazed, Reason::RearArc, Reason::TargetDefending]
    );
    assert_eq!(
        (r.mode, r.rolls.clone(), r.total, r.outcome),
        (RollMode::Normal, vec![11], 14, HitOutcome::Hit)
    );
    assert_eq!(f.vit("B"), 16);
    f.all_dice_used();
}

// ----------------------------------------------------------------------------- modifiers

#[test]
fn s5_a_prone_target_gives_melee_advantage_and_ranged_disadvantage() {
    // C trips B and strikes it (advantage); then the archer A shoots it (disadvantage).
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W)
        .unit("C", "Blue", "fighter", (4, 1), Dir8::N)
        .rules("(ap_per_turn: 4)")
        .start(&[5, 1, 6, 10, 5, 2, 13, 1, 13, 2]);
    assert_eq!(f.active(), "C");
    f.ok(trip("C", "B"));
    let r = one(&f.ok(attack("C", "B")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::TargetProne]);
    assert_eq!(r.modifiers[0].effect, Effect::Advantage);
    assert_eq!(
        (r.rolls.clone(), r.total, r.outcome),
        (vec![2, 13], 16, HitOutcome::Hit)
    );
    f.ok(end("C"));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::TargetProne]);
    assert_eq!(r.modifiers[0].effect, Effect::Disadvantage);
    assert_eq!(
        (r.rolls.clone(), r.total, r.outcome),
        (vec![13, 2], 5, HitOutcome::Miss)
    );
    assert_eq!(f.vit("B"), 18);
    f.all_dice_used();
}

#[test]
fn s5_a_ranged_attack_with_an_able_enemy_adjacent_has_disadvantage() {
    let field = ["........", "........"];
    // An enemy next to the archer.
    let mut f = Arena::new(&field)
        .unit("A", "Blue", "archer", (1, 0), Dir8::E)
        .unit("E", "Red", "dummy", (1, 1), Dir8::N)
        .unit("T", "Red", "dummy", (5, 0), Dir8::W)
        .start(&[6, 1, 1, 14, 3]);
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::EnemyAdjacent]);
    assert_eq!(
        (r.mode, r.total, r.outcome),
        (RollMode::Disadvantage, 6, HitOutcome::Miss)
    );
    f.all_dice_used();
    // An ally next to the archer does not count.
    let mut g = Arena::new(&field)
        .unit("A", "Blue", "archer", (1, 0), Dir8::E)
        .unit("E", "Blue", "dummy", (1, 1), Dir8::N)
        .unit("T", "Red", "dummy", (5, 0), Dir8::W)
        .start(&[6, 1, 1, 14, 3]);
    let r = one(&g.ok(attack("A", "T")));
    assert!(r.modifiers.is_empty(), "{:?}", r.modifiers);
    assert_eq!((r.mode, r.total), (RollMode::Normal, 17));
    g.all_dice_used();
    // A Down enemy next to the archer does not count either.
    let mut h = Arena::new(&field)
        .unit("A", "Blue", "archer", (1, 0), Dir8::E)
        .unit_with("E", "Red", "dummy", (1, 1), Dir8::N, "(vitality: 1)")
        .unit("T", "Red", "dummy", (5, 0), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 1, 15, 1, 14, 2]);
    h.ok(attack_with("A", "E", "blade"));
    assert!(h.unit("E").is_down());
    let r = one(&h.ok(attack("A", "T")));
    assert!(r.modifiers.is_empty(), "{:?}", r.modifiers);
    h.all_dice_used();
}

#[test]
fn s5_a_target_beyond_normal_range_gives_disadvantage() {
    // The bow's normal range is 6 m.
    let mut f = range((6, 0)).start(&[6, 1, 9, 1]);
    let r = one(&f.ok(attack("A", "T")));
    assert!(r.modifiers.is_empty());
    assert_eq!(
        (r.mode, r.total, r.outcome),
        (RollMode::Normal, 12, HitOutcome::Hit)
    );
    f.all_dice_used();
    let mut g = range((7, 0)).start(&[6, 1, 9, 18, 1]);
    let r = one(&g.ok(attack("A", "T")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::LongRange]);
    assert_eq!(
        (r.mode, r.total, r.outcome),
        (RollMode::Disadvantage, 12, HitOutcome::Hit)
    );
    g.all_dice_used();
}

#[test]
fn s5_a_defending_target_gives_disadvantage() {
    let mut f = pair("fighter", "fighter").start(&[1, 6, 10, 9, 1]);
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::TargetDefending]);
    assert_eq!(
        (r.rolls.clone(), r.total, r.outcome),
        (vec![10, 9], 12, HitOutcome::Hit)
    );
    f.all_dice_used();
}

#[test]
fn s5_a_dazed_attacker_has_disadvantage() {
    let mut f = pair("fighter", "ripper").start(&[1, 6, 10, 2, 15, 5]);
    f.ok(attack_with("B", "A", "stunner"));
    f.ok(end("B"));
    assert!(f.has("A", ConditionKind::Dazed));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::Dazed]);
    assert_eq!(
        (r.mode, r.total, r.outcome),
        (RollMode::Disadvantage, 8, HitOutcome::Miss)
    );
    f.all_dice_used();
}

#[test]
fn s5_restrained_and_grappling_attackers_have_disadvantage() {
    // B grabs A and strikes while grappling; then A strikes while Restrained.
    let mut f = pair("fighter", "fighter")
        .rules("(ap_per_turn: 4)")
        .start(&[1, 6, 10, 5, 12, 4, 4, 12]);
    f.ok(grab("B", "A"));
    let r = one(&f.ok(attack("B", "A")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::Grappling]);
    assert_eq!(
        (r.mode, r.total, r.outcome),
        (RollMode::Disadvantage, 7, HitOutcome::Miss)
    );
    f.ok(end("B"));
    let r = one(&f.ok(attack("A", "B")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::Restrained]);
    assert_eq!(
        (r.mode, r.total, r.outcome),
        (RollMode::Disadvantage, 7, HitOutcome::Miss)
    );
    f.all_dice_used();
}

// ------------------------------------------------------------------- effective Evasion

#[test]
fn s5_half_cover_on_the_line_adds_2_evasion_against_ranged_attacks() {
    let mut f = Arena::new(&["..c....", "......."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .start(&[6, 1, 10, 11, 3]);
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!(r.modifiers.len(), 1);
    assert_eq!(
        (r.modifiers[0].reason, r.modifiers[0].effect),
        (Reason::HalfCover, Effect::Evasion(2))
    );
    assert_eq!((r.total, r.evasion, r.outcome), (13, 14, HitOutcome::Miss));
    f.ok(end("A"));
    f.ok(end("T"));
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!((r.total, r.evasion, r.outcome), (14, 14, HitOutcome::Hit));
    assert_eq!(f.vit("T"), 17);
    f.all_dice_used();
}

#[test]
fn s5_half_cover_does_not_protect_against_melee() {
    // A pike strikes across the crates: no cover bonus.
    let mut f = Arena::new(&[".c....", "......"])
        .unit("A", "Blue", "pikeman", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (2, 0), Dir8::W)
        .start(&[6, 1, 9, 1]);
    let r = one(&f.ok(attack("A", "T")));
    assert!(r.modifiers.is_empty(), "{:?}", r.modifiers);
    assert_eq!((r.total, r.evasion, r.outcome), (12, 12, HitOutcome::Hit));
    f.all_dice_used();
}

#[test]
fn s5_taking_cover_adds_2_more_evasion_on_top_of_half_cover() {
    let mut f = Arena::new(&["..c....", "......."])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "fighter", (3, 0), Dir8::W)
        .start(&[1, 6, 12, 13, 2]);
    f.ok(simple("TakeCover", "T"));
    f.ok(end("T"));
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!(
        reasons(&r.modifiers),
        vec![Reason::HalfCover, Reason::TakingCover]
    );
    assert_eq!((r.total, r.evasion, r.outcome), (15, 16, HitOutcome::Miss));
    f.ok(end("A"));
    // Round 2: T's turn starts and Taking Cover ends.
    assert!(!f.has("T", ConditionKind::TakingCover));
    f.ok(end("T"));
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!((r.total, r.evasion, r.outcome), (16, 14, HitOutcome::Hit));
    f.all_dice_used();
}

// -------------------------------------------------------------------------------- damage

#[test]
fn s5_damage_is_the_dice_minus_armor_and_never_below_0() {
    // tank: armor 3. 1d6+1: 1+1-3 → 0; then 6+1-3 = 4.
    let mut f = pair("fighter", "tank")
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 15, 1, 15, 6]);
    let ev = f.ok(attack("A", "B"));
    assert_eq!(damage(&ev), vec![("B".to_string(), 0)]);
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Damaged { breakdown, .. } if breakdown.raw == 2 && breakdown.armor == 3 && breakdown.after_armor == 0)
    ));
    let ev = f.ok(attack("A", "B"));
    assert_eq!(damage(&ev), vec![("B".to_string(), 4)]);
    assert_eq!(f.vit("B"), 26);
    f.all_dice_used();
}

#[test]
fn s5_a_critical_adds_6_before_armor() {
    let mut f = pair("fighter", "tank").start(&[6, 1, 20, 3]);
    assert_eq!(
        damage(&f.ok(attack("A", "B"))),
        vec![("B".to_string(), 3 + 1 + 6 - 3)]
    );
    f.all_dice_used();
}

#[test]
fn s5_poison_and_psychic_ignore_armor() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "ripper", (1, 0), Dir8::E)
        .unit("B", "Red", "tank", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 15, 2, 15, 2]);
    let ev = f.ok(attack_with("A", "B", "venom"));
    assert_eq!(damage(&ev), vec![("B".to_string(), 2)]);
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Damaged { breakdown, .. } if breakdown.armor == 0)
    ));
    let mut g = Arena::new(&["......"])
        .unit("A", "Blue", "hexer", (1, 0), Dir8::E)
        .unit("B", "Red", "tank", (2, 0), Dir8::W)
        .start(&[6, 1, 15, 2]);
    assert_eq!(
        damage(&g.ok(attack_with("A", "B", "mindspike"))),
        vec![("B".to_string(), 2)]
    );
    // The same 2 with the (physical) ripper is stopped by the armor.
    let ev = f.ok(attack_with("A", "B", "ripper"));
    assert_eq!(damage(&ev), vec![("B".to_string(), 0)]);
    f.all_dice_used();
    g.all_dice_used();
}

#[test]
fn s5_immune_takes_no_damage() {
    let mut f = pair_with("hexer", "fighter", "(immune: [Heat])").start(&[6, 1, 15, 6]);
    assert_eq!(
        damage(&f.ok(attack_with("A", "B", "flame"))),
        vec![("B".to_string(), 0)]
    );
    assert_eq!(f.vit("B"), 20);
    f.all_dice_used();
}

#[test]
fn s5_resistant_halves_rounding_down_after_armor() {
    // 5 → 2; with armor 3 on a crit: 4+1+6-3 = 8 → 4.
    let mut f = pair_with("fighter", "fighter", "(resist: [Physical])").start(&[6, 1, 15, 4]);
    assert_eq!(damage(&f.ok(attack("A", "B"))), vec![("B".to_string(), 2)]);
    let mut g = pair_with("fighter", "tank", "(resist: [Physical])").start(&[6, 1, 20, 4]);
    assert_eq!(damage(&g.ok(attack("A", "B"))), vec![("B".to_string(), 4)]);
    f.all_dice_used();
    g.all_dice_used();
}

#[test]
fn s5_vulnerable_takes_one_and_a_half_rounding_down() {
    // 4+1 = 5 → 7.
    let mut f = pair_with("fighter", "fighter", "(vulnerable: [Physical])").start(&[6, 1, 15, 4]);
    assert_eq!(damage(&f.ok(attack("A", "B"))), vec![("B".to_string(), 7)]);
    f.all_dice_used();
}

#[test]
fn s5_resistant_and_vulnerable_together_cancel() {
    let mut f = pair_with(
        "fighter",
        "fighter",
        "(resist: [Physical], vulnerable: [Physical])",
    )
    .start(&[6, 1, 15, 4]);
    assert_eq!(damage(&f.ok(attack("A", "B"))), vec![("B".to_string(), 5)]);
    f.all_dice_used();
}

#[test]
fn s5_affinities_apply_only_to_their_damage_type() {
    let mut f = pair_with(
        "hexer",
        "fighter",
        "(immune: [Physical], vulnerable: [Cold])",
    )
    .start(&[6, 1, 15, 4]);
    assert_eq!(
        damage(&f.ok(attack_with("A", "B", "flame"))),
        vec![("B".to_string(), 4)]
    );
    f.all_dice_used();
}

// ------------------------------------------------------------------------ creature cover

/// Archer A at (0,0), a creature C at (2,0), the target T at (4,0).
fn screen(c_side: &str, c_template: &str, t_template: &str) -> Arena {
    Arena::new(&["........", "........"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", t_template, (4, 0), Dir8::W)
        .unit("C", c_side, c_template, (2, 0), Dir8::S)
}

#[test]
fn s5_a_creature_in_the_way_gives_half_cover_against_ranged_attacks() {
    let mut f = screen("Red", "fighter", "dummy").start(&[6, 1, 1, 12, 5]);
    let r = one(&f.ok(attack("A", "T")));
    assert_eq!(r.modifiers.len(), 1);
    assert_eq!(
        (r.modifiers[0].reason, r.modifiers[0].effect),
        (Reason::CreatureCover, Effect::Evasion(2))
    );
    assert_eq!((r.total, r.evasion, r.outcome), (15, 14, HitOutcome::Hit));
    assert_eq!(f.vit("T"), 15);
    f.all_dice_used();
}

#[test]
fn s5_a_ranged_miss_against_creature_cover_hits_the_creature_if_the_total_reaches_its_evasion() {
    // 10 + 3 = 13 misses T (14) but reaches C (12): C takes the 1d6.
    let mut f = screen("Red", "fighter", "dummy").start(&[6, 1, 1, 10, 3]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(one(&ev).outcome, HitOutcome::Miss);
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::AttackRedirected { from, to, total: 13, evasion: 12, hit: true, .. } if from == "T" && to == "C")
    ));
    assert_eq!(damage(&ev), vec![("C".to_string(), 3)]);
    assert_eq!((f.vit("T"), f.vit("C")), (20, 17));
    f.all_dice_used();
}

#[test]
fn s5_the_creature_in_the_way_may_be_an_ally_of_the_shooter() {
    let mut f = screen("Blue", "fighter", "dummy").start(&[6, 1, 1, 9, 4]);
    let ev = f.ok(attack("A", "T"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::AttackRedirected { to, total: 12, hit: true, .. } if to == "C")
    ));
    assert_eq!(f.vit("C"), 16);
    f.all_dice_used();
}

#[test]
fn s5_a_redirected_miss_below_the_creatures_evasion_hits_nobody() {
    let mut f = screen("Red", "fighter", "dummy").start(&[6, 1, 1, 8]);
    let ev = f.ok(attack("A", "T"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::AttackRedirected {
            total: 11,
            evasion: 12,
            hit: false,
            ..
        }
    )));
    assert!(damage(&ev).is_empty());
    f.all_dice_used();
}

#[test]
fn s5_a_natural_1_is_not_redirected() {
    let mut f = screen("Red", "fighter", "dummy").start(&[6, 1, 1, 1]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(one(&ev).outcome, HitOutcome::Fumble);
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::AttackRedirected { .. }
    )));
    f.all_dice_used();
}

#[test]
fn s5_a_smaller_creature_gives_no_cover_and_a_larger_one_does() {
    let mut f = screen("Red", "small", "fighter").start(&[6, 1, 1, 9, 1]);
    let r = one(&f.ok(attack("A", "T")));
    assert!(r.modifiers.is_empty(), "{:?}", r.modifiers);
    assert_eq!((r.evasion, r.outcome), (12, HitOutcome::Hit));
    let mut g = screen("Red", "big", "fighter").start(&[6, 1, 1, 9, 1]);
    let r = one(&g.ok(attack("A", "T")));
    assert_eq!(reasons(&r.modifiers), vec![Reason::CreatureCover]);
    // A Small target behind a Medium creature is covered too.
    let mut h = screen("Red", "fighter", "small").start(&[6, 1, 1, 9, 1]);
    assert_eq!(
        reasons(&one(&h.ok(attack("A", "T"))).modifiers),
        vec![Reason::CreatureCover]
    );
}

#[test]
fn s5_terrain_half_cover_does_not_stack_with_creature_cover_and_is_not_redirected() {
    let mut f = Arena::new(&[".c......", "........"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .unit("C", "Red", "fighter", (2, 0), Dir8::S)
        .start(&[6, 1, 1, 10]);
    let ev = f.ok(attack("A", "T"));
    let r = one(&ev);
    assert_eq!(reasons(&r.modifiers), vec![Reason::HalfCover]);
    assert_eq!((r.total, r.evasion, r.outcome), (13, 14, HitOutcome::Miss));
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::AttackRedirected { .. }
    )));
    f.all_dice_used();
}

// ---------------------------------------------------------------------------------- Down

#[test]
fn s5_at_0_vitality_the_combatant_is_down_prone_and_exposed_and_vitality_stops_at_0() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(vitality: 3)")
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 1, 15, 6]);
    let ev = f.ok(attack("A", "B"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Damaged { unit, breakdown, vitality: 0, .. } if unit == "B" && breakdown.dealt == 7)
    ));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::WentDown { unit } if unit == "B")
    ));
    let b = f.unit("B");
    assert_eq!(b.vitality, 0);
    assert!(
        b.has(ConditionKind::Down) && b.has(ConditionKind::Prone) && b.has(ConditionKind::Exposed)
    );
    assert!(matches!(
        f.rejected(attack("A", "B")),
        Refusal::TargetDown { .. }
    ));
    f.all_dice_used();
}

/// A (Blue) puts B (Red, 1 vitality) Down on A's turn; B's ally C stands apart.
fn a_puts_b_down() -> Fight {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(vitality: 1)")
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[6, 2, 1, 15, 1]);
    f.ok(attack("A", "B"));
    assert!(f.unit("B").is_down());
    f
}

#[test]
fn s5_a_down_combatant_does_not_react_and_does_not_act() {
    // B goes Down; A walks away from it without an opportunity attack; B's turn is skipped.
    let mut f = a_puts_b_down();
    let ev = f.ok(mv("A", (0, 0)));
    assert!(attacks(&ev).is_empty());
    let ev = f.ok(end("A"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::TurnSkipped { unit, .. } if unit == "B")
    ));
    assert_eq!(f.active(), "C");
    f.all_dice_used();
}

#[test]
fn s5_down_lasts_for_the_rest_of_the_battle() {
    // Core has no way back from Down: B stays Down, at 0 vitality, and is skipped round
    // after round (the computer player counts on it: a Down ally is not worth reviving).
    let mut f = a_puts_b_down();
    for round in 2..=4 {
        f.ok(end("A"));
        assert_eq!(f.active(), "C");
        f.ok(end("C"));
        assert!(
            f.log()
                .iter()
                .any(|e| matches!(e, BattleEvent::RoundStarted { round: r, .. } if *r == round))
        );
        let b = f.unit("B");
        assert!(
            b.is_down() && b.vitality == 0,
            "round {round}: B is still Down"
        );
    }
    let skipped = f
        .log()
        .iter()
        .filter(|e| matches!(e, BattleEvent::TurnSkipped { unit, .. } if unit == "B"))
        .count();
    assert_eq!(skipped, 3, "B's turn is skipped in rounds 1 to 3");
    assert!(!f.log().iter().any(|e| matches!(
        e,
        BattleEvent::ConditionRemoved { unit, condition: ConditionKind::Down, .. } if unit == "B"
    )));
    f.all_dice_used();
}

#[test]
fn s5_a_down_creature_gives_no_cover() {
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .unit_with("C", "Red", "fighter", (2, 0), Dir8::S, "(vitality: 1)")
        .unit("K", "Blue", "fighter", (2, 1), Dir8::N)
        .start(&[5, 1, 1, 6, 15, 1, 9, 1]);
    f.ok(attack("K", "C"));
    assert!(f.unit("C").is_down());
    f.ok(end("K"));
    let r = one(&f.ok(attack("A", "T")));
    assert!(r.modifiers.is_empty(), "{:?}", r.modifiers);
    assert_eq!((r.evasion, r.outcome), (12, HitOutcome::Hit));
    f.all_dice_used();
}

#[test]
fn s5_going_down_ends_a_grapple() {
    // B grabs A; K knocks B Down: A is free.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(vitality: 1)")
        .unit("K", "Blue", "fighter", (2, 1), Dir8::N)
        .unit("C", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[4, 6, 5, 1, 10, 5, 15, 1]);
    f.ok(grab("B", "A"));
    assert!(f.has("A", ConditionKind::Restrained));
    f.ok(end("B"));
    assert_eq!(f.active(), "K");
    let ev = f.ok(attack("K", "B"));
    assert!(removed(&ev, "A").contains(&ConditionKind::Restrained));
    assert!(!f.has("A", ConditionKind::Restrained) && !f.has("A", ConditionKind::Exposed));
    assert!(!f.has("B", ConditionKind::Grappling));
    f.all_dice_used();
}
