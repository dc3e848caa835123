//! RULES §6: flanking. Core `Line` (the segment between the attacker's and an able ally's
//! tile centres passes through the target's tile), melee only; the `Arc120` variant (angle
//! at the target of at least 120°, ranged attacks within normal range too) and `Off`.

mod common;
use common::*;
use skirmish::battle::events::{AttackReport, Effect, Reason};
use skirmish::rules::combat::HitOutcome;
use skirmish::rules::grid::Dir8;

/// The target T (Red dummy) stands at (3,2) facing West on a 9×5 field; `others` are
/// (name, side, template, pos). The attacker "A" acts first and attacks T once with a
/// natural `roll` (a miss unless said otherwise, so no damage die).
fn attack_t(
    rules: &str,
    others: &[(&str, &str, &str, (i32, i32))],
    weapon: Option<&str>,
    roll: u32,
) -> AttackReport {
    let mut arena = Arena::new(&[
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ])
    .unit("T", "Red", "dummy", (3, 2), Dir8::W);
    let mut dice = vec![1];
    for (name, side, template, pos) in others {
        arena = arena.unit(name, side, template, *pos, Dir8::E);
        dice.push(if *name == "A" { 6 } else { 1 });
    }
    if !rules.is_empty() {
        arena = arena.rules(rules);
    }
    dice.push(roll);
    let mut f = arena.start(&dice);
    assert_eq!(f.active(), "A");
    let cmd = match weapon {
        Some(w) => attack_with("A", "T", w),
        None => attack("A", "T"),
    };
    let ev = f.ok(cmd);
    f.all_dice_used();
    attacks(&ev)[0].clone()
}

fn flanked(r: &AttackReport) -> bool {
    let hits: Vec<_> = r
        .modifiers
        .iter()
        .filter(|m| m.reason == Reason::Flanked)
        .collect();
    assert!(hits.len() <= 1);
    if let Some(m) = hits.first() {
        assert_eq!(m.effect, Effect::Roll(2));
        assert_eq!(r.bonus, 3 + 2, "flanking adds exactly +2");
    }
    !hits.is_empty()
}

// ------------------------------------------------------------------------------- Line

#[test]
fn s6_line_attacker_and_ally_on_opposite_sides_flank_for_plus_2() {
    // 7 + 3 + 2 = 12 reaches Evasion 12; without the ally it would miss.
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("T", "Red", "dummy", (2, 1), Dir8::W)
        .unit("B", "Blue", "fighter", (3, 1), Dir8::W)
        .start(&[6, 1, 1, 7, 2]);
    let ev = f.ok(attack("A", "T"));
    let r = &attacks(&ev)[0];
    assert!(flanked(r));
    assert_eq!((r.total, r.evasion, r.outcome), (12, 12, HitOutcome::Hit));
    assert_eq!(f.vit("T"), 17);
    f.all_dice_used();
    let mut g = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("T", "Red", "dummy", (2, 1), Dir8::W)
        .start(&[6, 1, 7]);
    let r = &attacks(&g.ok(attack("A", "T")))[0];
    assert!(!flanked(r));
    assert_eq!((r.total, r.outcome), (10, HitOutcome::Miss));
}

#[test]
fn s6_line_diagonally_opposite_flank() {
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 1)),
            ("B", "Blue", "fighter", (4, 3)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
    assert_eq!(r.total, 7);
}

#[test]
fn s6_line_a_right_angle_does_not_flank() {
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "fighter", (3, 1)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
    assert_eq!(r.total, 5);
    // 135° with adjacent tiles: the segment crosses the target's tile.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "fighter", (4, 3)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
}

#[test]
fn s6_line_an_ally_with_reach_2_flanks_from_two_metres_away() {
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "pikeman", (5, 2)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
    // A pike-wielding attacker two metres away, the ally adjacent on the far side.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "pikeman", (1, 2)),
            ("B", "Blue", "fighter", (4, 2)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
}

#[test]
fn s6_line_the_segment_must_pass_through_the_interior_of_the_targets_tile() {
    // Attacker NW of T, pike ally 2 m East: the angle is 153° but the segment between the
    // centres of (2,1) and (5,2) misses T's tile (3,2) except at a corner.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 1)),
            ("B", "Blue", "pikeman", (5, 2)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
}

#[test]
fn s6_line_an_ally_that_cannot_attack_the_target_in_melee_does_not_flank() {
    // Out of its melee reach (the fighter's bow does not count).
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "fighter", (5, 2)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
    // No melee weapon at all.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "dummy", (4, 2)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
    // An enemy of the attacker on the far side does not flank for it.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Red", "fighter", (4, 2)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
}

#[test]
fn s6_line_a_down_ally_does_not_flank() {
    // K knocks the ally B Down first (B has 1 vitality; K is Red, B Blue), then A attacks.
    let mut f = Arena::new(&[".......", ".......", "......."])
        .unit("A", "Blue", "fighter", (2, 1), Dir8::E)
        .unit("T", "Red", "dummy", (3, 1), Dir8::W)
        .unit_with("B", "Blue", "fighter", (4, 1), Dir8::W, "(vitality: 1)")
        .unit("K", "Red", "fighter", (5, 1), Dir8::W)
        .start(&[5, 1, 1, 6, 15, 1, 1, 2]);
    // K strikes B from behind (advantage: 15 and 1), 1d6+1 = 2.
    f.ok(attack("K", "B"));
    assert!(f.unit("B").is_down());
    f.ok(end("K"));
    let r = &attacks(&f.ok(attack("A", "T")))[0];
    assert!(!flanked(r));
    f.all_dice_used();
}

#[test]
fn s6_line_a_restrained_ally_does_not_flank() {
    // T grabs the ally B, then A attacks T from the opposite side.
    let mut f = Arena::new(&[".......", ".......", "......."])
        .unit("A", "Blue", "fighter", (2, 1), Dir8::E)
        .unit("T", "Red", "fighter", (3, 1), Dir8::W)
        .unit("B", "Blue", "fighter", (4, 1), Dir8::W)
        .start(&[5, 6, 1, 10, 5, 2]);
    f.ok(grab("T", "B"));
    assert!(f.has("B", skirmish::rules::ruleset::ConditionKind::Restrained));
    f.ok(end("T"));
    let r = &attacks(&f.ok(attack("A", "T")))[0];
    assert!(!flanked(r), "{:?}", r.modifiers);
    f.all_dice_used();
}

#[test]
fn s6_line_flanking_counts_only_for_melee_attacks() {
    // The archer shoots from the far side of T with an ally opposite: no flanking.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "archer", (1, 2)),
            ("B", "Blue", "fighter", (4, 2)),
        ],
        None,
        2,
    );
    assert_eq!(r.weapon, "bow");
    assert!(!flanked(&r));
    // The same archer with its blade, adjacent, is flanking.
    let r = attack_t(
        "",
        &[
            ("A", "Blue", "archer", (2, 2)),
            ("B", "Blue", "fighter", (4, 2)),
        ],
        Some("blade"),
        2,
    );
    assert!(flanked(&r));
}

// ----------------------------------------------------------------------------- Arc120

#[test]
fn s6_arc120_flanks_when_the_angle_at_the_target_is_at_least_120_degrees() {
    // The case that Line refuses: 153°.
    let r = attack_t(
        "(flanking: Arc120)",
        &[
            ("A", "Blue", "fighter", (2, 1)),
            ("B", "Blue", "pikeman", (5, 2)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
    // 126.9°: two pikes, at (-1,-2) and (-1,+2) from the target.
    let r = attack_t(
        "(flanking: Arc120)",
        &[
            ("A", "Blue", "pikeman", (2, 0)),
            ("B", "Blue", "pikeman", (2, 4)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
}

#[test]
fn s6_arc120_a_right_angle_does_not_flank() {
    let r = attack_t(
        "(flanking: Arc120)",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "fighter", (3, 1)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
    // 116.6°: short of 120.
    let r = attack_t(
        "(flanking: Arc120)",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "pikeman", (4, 0)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
}

#[test]
fn s6_arc120_ranged_attacks_within_normal_range_flank() {
    // Bow normal range 6: at 3 m flanked, at 7 m (long range) not.
    let mut f = Arena::new(&["............", "............"])
        .unit("A", "Blue", "archer", (1, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .unit("B", "Blue", "fighter", (5, 0), Dir8::W)
        .rules("(flanking: Arc120)")
        .start(&[6, 1, 1, 2]);
    let r = &attacks(&f.ok(attack("A", "T")))[0];
    assert!(flanked(r), "{:?}", r.modifiers);
    let mut g = Arena::new(&["............", "............"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (7, 0), Dir8::W)
        .unit("B", "Blue", "fighter", (8, 0), Dir8::W)
        .rules("(flanking: Arc120)")
        .start(&[6, 1, 1, 2, 2]);
    let r = &attacks(&g.ok(attack("A", "T")))[0];
    assert!(!flanked(r), "{:?}", r.modifiers);
    assert!(reasons(&r.modifiers).contains(&Reason::LongRange));
}

#[test]
fn s6_arc120_an_ally_with_only_a_ranged_weapon_flanks_nobody() {
    // The slinger ally stands 3 m behind T, within its sling's normal range, at 180°: it
    // cannot attack T in melee right now, so under Arc120 (as under Line) it flanks nobody.
    for rules in ["(flanking: Arc120)", ""] {
        let r = attack_t(
            rules,
            &[
                ("A", "Blue", "fighter", (2, 2)),
                ("B", "Blue", "slinger", (6, 2)),
            ],
            None,
            2,
        );
        assert!(!flanked(&r), "{rules}");
    }
    // A melee ally in its place, next to T, does flank.
    let r = attack_t(
        "(flanking: Arc120)",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "fighter", (4, 2)),
        ],
        None,
        2,
    );
    assert!(flanked(&r));
}

// -------------------------------------------------------------------------------- Off

#[test]
fn s6_off_nobody_is_flanked() {
    let r = attack_t(
        "(flanking: Off)",
        &[
            ("A", "Blue", "fighter", (2, 2)),
            ("B", "Blue", "fighter", (4, 2)),
        ],
        None,
        2,
    );
    assert!(!flanked(&r));
    assert_eq!(r.total, 5);
}
