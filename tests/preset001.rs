//! Preset Seed001's acceptance scenarios (presets/Seed001.md, "Acceptance scenarios"): the
//! opposed Combat Roll with its defence choice and successes, AP per round shared with
//! reactions, maneuvers on a critical win, flat resistances, armor against physical damage
//! only, the size rules and surprise that loses the first turn. Scripted dice, through the
//! real plugin and messages; both sides `Ask` unless a scenario says otherwise.

mod common;
use common::*;
use skirmish::battle::events::BattleEvent;
use skirmish::rulebooks::seed001::Seed001Event;
use skirmish::rulebooks::seed001::reports::CombatReport;
use skirmish::rulebooks::seed001::stats::Seed001Of;
use skirmish::rules::combat_roll::{CombatOutcome, Defence, DisarmItem, Maneuver};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

fn seed001(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
}

/// Start with the level's policies (`Ask` unless the arena says otherwise).
fn start(arena: Arena, dice: &[u32]) -> Fight {
    arena.start_with(dice, None)
}

fn strike(u: &str, t: &str, w: &str) -> skirmish::battle::Command {
    attack_with(u, t, w)
}

fn combats(ev: &[BattleEvent]) -> Vec<CombatReport> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed001Event::CombatRolled(r) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// (attacker total, successes, defender total, successes, outcome) of one Combat Roll.
fn numbers(r: &CombatReport) -> (i32, u32, Option<(i32, u32)>, CombatOutcome) {
    (
        r.attack.total,
        r.attack.successes,
        r.defend.as_ref().map(|d| (d.total, d.successes)),
        r.outcome,
    )
}

/// Events since the strike was declared, through its answers.
fn strike_answered(
    f: &mut Fight,
    cmd: skirmish::battle::Command,
    answers: &[skirmish::battle::Command],
) -> Vec<BattleEvent> {
    let mut ev = f.ok(cmd);
    for a in answers {
        ev.extend(f.ok(a.clone()));
    }
    ev
}

#[test]
fn preset001_1_shared_ap_and_ties_miss() {
    let mut f = start(
        seed001(&["...."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("B", "Red", "fighter", (1, 0), Dir8::W),
        &[5, 2, 12, 11, 15, 6, 5, 9, 3],
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "B", "blade"),
        &[defend_with("B", Defence::Parry)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (16, 2, Some((15, 2)), CombatOutcome::Miss)
    );
    assert_eq!(f.unit("B").ap, 2);
    let ev = strike_answered(
        &mut f,
        strike("A", "B", "blade"),
        &[defend_with("B", Defence::Parry)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (19, 2, Some((10, 1)), CombatOutcome::Hit)
    );
    assert_eq!((f.vit("B"), f.unit("B").ap), (15, 1));
    assert_eq!(
        f.rejected(strike("A", "B", "blade")),
        Refusal::AttackLimit { made: 2, limit: 2 }
    );
    f.ok(end("A"));
    assert_eq!(
        f.unit("B").ap,
        1,
        "B's turn starts with the AP its defences left"
    );
    let ev = strike_answered(
        &mut f,
        strike("B", "A", "blade"),
        &[
            defend_with("A", Defence::Parry),
            maneuver("B", Some(Maneuver::Precision)),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (13, 1, Some((7, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!((f.vit("A"), f.unit("A").ap, f.unit("B").ap), (12, 0, 0));
    f.ok(end("B"));
    assert_eq!(f.h.turn().round, 2);
    assert_eq!((f.unit("A").ap, f.unit("B").ap), (3, 3));
    f.all_dice_used();
}

#[test]
fn preset001_2_block() {
    let mut f = start(
        seed001(&[".....", ".....", ".....", "....."])
            .unit("M", "Blue", "mage", (4, 3), Dir8::N)
            .unit("A", "Blue", "fighter", (3, 0), Dir8::E)
            .unit("S", "Red", "shield", (4, 0), Dir8::W),
        &[5, 3, 1, 10, 9, 4, 5, 8, 15, 7],
    );
    let ev = strike_answered(
        &mut f,
        strike("M", "S", "bolt"),
        &[defend_with("S", Defence::Block)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (15, 2, Some((12, 1)), CombatOutcome::BlockedHit)
    );
    assert_eq!(
        (f.vit("S"), f.unit("S").ap),
        (13, 2),
        "4 + 5 = 9 Heat − ⌈3/2⌉, no armor"
    );
    f.ok(end("M"));
    let ev = strike_answered(
        &mut f,
        strike("A", "S", "blade"),
        &[defend_with("S", Defence::Block)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (12, 1, Some((18, 2)), CombatOutcome::BlockedHit)
    );
    assert_eq!((f.vit("S"), f.unit("S").ap), (10, 1), "7 + 2 − (3 + 3)");
    f.all_dice_used();
}

#[test]
fn preset001_3_defenders_critical_win_trip_with_size_bane_and_stand_up() {
    let mut f = start(
        seed001(&["...."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("O", "Red", "ogre", (1, 0), Dir8::W),
        &[4, 1, 5, 12, 14, 6, 4, 13, 8, 3, 6],
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "O", "blade"),
        &[
            defend_with("O", Defence::Parry),
            maneuver("O", Some(Maneuver::Trip)),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (9, 0, Some((15, 2)), CombatOutcome::DefenderCriticalWin)
    );
    assert!(
        f.has("A", ConditionKind::Prone),
        "A's Acrobatics with a bane keeps 6: 8"
    );
    assert_eq!((f.unit("A").ap, f.unit("O").ap), (2, 2));
    let ev = strike_answered(
        &mut f,
        simple("StandUp", "A"),
        &[answer("O", true), defend_with("A", Defence::Dodge)],
    );
    let r = &combats(&ev)[0];
    assert_eq!(
        numbers(r),
        (16, 2, Some((12, 1)), CombatOutcome::Hit),
        "O has a boon against the Prone A and keeps 13"
    );
    assert_eq!(
        (f.vit("A"), f.unit("O").ap, f.unit("O").attacks),
        (10, 1, 1)
    );
    assert!(!f.has("A", ConditionKind::Prone), "then A stands");
    assert_eq!(f.unit("A").ap, 0);
    f.all_dice_used();
}

#[test]
fn preset001_4_size_fails_automatically() {
    let mut f = start(
        seed001(&["...."])
            .unit("G", "Red", "giant", (1, 0), Dir8::W)
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E),
        &[6, 1, 14, 2, 5, 2, 17, 9],
    );
    let ev = strike_answered(
        &mut f,
        strike("G", "A", "club"),
        &[
            defend_with("A", Defence::Dodge),
            maneuver("G", Some(Maneuver::Bash)),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (17, 2, Some((6, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(f.vit("A"), 12, "5 + 2 + 3 − 2");
    assert!(
        f.has("A", ConditionKind::Dazed),
        "two sizes smaller: no die, Dazed"
    );
    f.ok(end("G"));
    assert_eq!(f.unit("A").ap, 2);
    let mut ev = f.ok(strike("A", "G", "blade"));
    ev.extend(f.ok(defend_with("G", Defence::None)));
    assert_eq!(
        f.rejected(maneuver("A", Some(Maneuver::Trip))),
        skirmish::battle::Refusal::from(
            skirmish::rulebooks::seed001::Seed001Refusal::NoSuchManeuver {
                maneuver: Maneuver::Trip,
                options: vec![Maneuver::Brace, Maneuver::Feint, Maneuver::Precision],
            }
        ),
        "G is more than one size larger"
    );
    ev.extend(f.ok(maneuver("A", Some(Maneuver::Precision))));
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (13, 1, None, CombatOutcome::AttackerCriticalWin),
        "the Dazed A keeps the lower die, 9"
    );
    assert_eq!((f.vit("G"), f.unit("A").ap), (33, 1), "Precision: 10 − 3");
    f.ok(end("A"));
    assert!(
        !f.has("A", ConditionKind::Dazed),
        "Dazed ends with A's turn"
    );
    f.all_dice_used();
}

#[test]
fn preset001_5_surprise_and_both_fail() {
    let mut f = start(
        seed001(&["..."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("R", "Red", "fighter", (1, 0), Dir8::W)
            .sides(r#"(name: "Blue"), (name: "Red", surprised: true)"#),
        &[1, 6, 7, 4, 12, 1],
    );
    assert!(f.log().iter().any(
        |e| matches!(e, BattleEvent::TurnSkipped { unit, reason } if unit == "R" && reason == "Surprised")
    ));
    assert_eq!(f.active(), "A");
    let ev = strike_answered(
        &mut f,
        strike("A", "R", "blade"),
        &[maneuver("A", Some(Maneuver::Trip))],
    );
    assert!(
        !has_event(&ev, |e| matches!(
            e.of_book(),
            Some(Seed001Event::DefenceOffered { .. })
        )),
        "a Surprised defender is not asked"
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (11, 1, None, CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(f.vit("R"), 16, "4 + 2 − 2");
    assert!(
        !f.has("R", ConditionKind::Prone),
        "R's Acrobatics 12 + 2 passes"
    );
    let ev = f.ok(strike("A", "R", "blade"));
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (5, 0, None, CombatOutcome::BothFail)
    );
    let a = f.unit("A");
    assert_eq!((a.ap, a.attacks), (1, 2));
    f.ok(end("A"));
    assert_eq!(f.h.turn().round, 2);
    assert_eq!(f.active(), "R", "R acts first in round 2");
    assert_eq!(f.unit("R").ap, 3);
    assert!(!f.has("R", ConditionKind::Surprised));
    f.all_dice_used();
}

#[test]
fn preset001_6_no_ap_no_defence() {
    let mut f = start(
        seed001(&["......"])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("B", "Red", "fighter", (5, 0), Dir8::W),
        &[2, 5, 3, 10, 2, 15, 6, 8, 5, 2, 9],
    );
    let ev = f.ok(mv("B", (1, 0)));
    assert!(
        attacks(&ev).is_empty() && combats(&ev).is_empty(),
        "entering reach provokes nothing"
    );
    assert_eq!(f.unit("B").ap, 2, "4 m buy 1 AP of movement");
    let ev = strike_answered(
        &mut f,
        strike("B", "A", "blade"),
        &[defend_with("A", Defence::None)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (7, 0, None, CombatOutcome::BothFail)
    );
    let ev = strike_answered(
        &mut f,
        strike("B", "A", "blade"),
        &[
            defend_with("A", Defence::None),
            maneuver("B", Some(Maneuver::Push)),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (14, 1, None, CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(f.vit("A"), 18, "2 + 2 − 2");
    assert_eq!(f.pos("A"), p(0, 0), "A's Athletics 17 passes");
    assert_eq!(f.unit("B").ap, 0);
    f.ok(end("B"));
    let ev = f.ok(strike("A", "B", "blade"));
    assert!(
        !has_event(&ev, |e| matches!(
            e.of_book(),
            Some(Seed001Event::DefenceOffered { .. })
        )),
        "B has no AP: no question"
    );
    f.ok(maneuver("A", Some(Maneuver::Trip)));
    assert_eq!(f.vit("B"), 12, "8 + 2 − 2");
    assert!(f.has("B", ConditionKind::Prone), "B's Acrobatics 7 fails");
    let mut ev = f.ok(strike("A", "B", "blade"));
    ev.extend(f.ok(maneuver("A", Some(Maneuver::Precision))));
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (13, 1, None, CombatOutcome::AttackerCriticalWin),
        "a boon against the Prone B keeps 9"
    );
    assert_eq!((f.vit("B"), f.unit("A").ap), (4, 1));
    f.ok(end("A"));
    assert_eq!(f.h.turn().round, 2);
    assert_eq!(
        (f.unit("A").ap, f.unit("B").ap),
        (3, 3),
        "AP never carry over"
    );
    f.all_dice_used();
}

#[test]
fn preset001_7_low_and_high_cover() {
    let mut f = start(
        seed001(&["..c."])
            .unit("A", "Blue", "archer", (0, 0), Dir8::E)
            .unit("T", "Red", "fighter", (3, 0), Dir8::W),
        &[5, 2, 9, 7, 16, 4, 3, 18, 10],
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "T", "bow"),
        &[defend_with("T", Defence::Dodge)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (12, 1, Some((13, 1)), CombatOutcome::Miss),
        "9 + 5 − 2 against 7 + 4 + 2"
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "T", "bow"),
        &[defend_with("T", Defence::Dodge)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (19, 2, Some((10, 1)), CombatOutcome::Hit)
    );
    assert_eq!(f.vit("T"), 18, "3 + 1 − 2");
    f.ok(end("A"));
    f.ok(simple("TakeCover", "T"));
    assert_eq!(f.unit("T").ap, 0);
    f.ok(end("T"));
    let ev = strike_answered(
        &mut f,
        strike("A", "T", "bow"),
        &[defend_with("T", Defence::Dodge)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (18, 2, Some((19, 2)), CombatOutcome::Miss),
        "high cover: 18 + 5 − 5 against 10 + 4 + 5"
    );
    f.all_dice_used();
}

#[test]
fn preset001_8_armor_physical_only_flat_resistance_withstand_and_brace() {
    let mut f = start(
        seed001(&["...."])
            .unit("M", "Blue", "mage", (0, 0), Dir8::E)
            .unit_with(
                "K",
                "Red",
                "fighter",
                (2, 0),
                Dir8::W,
                "(vitality: 24, armor: 4, dodge: 2, parry: 3, resist: [(Magic, 2)], vulnerable: [(Psychic, 3)])",
            ),
        &[6, 1, 13, 3, 6, 5, 10, 6, 4, 12, 5, 15],
    );
    let ev = strike_answered(
        &mut f,
        strike("M", "K", "bolt"),
        &[
            defend_with("K", Defence::Dodge),
            maneuver("M", Some(Maneuver::Brace)),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (18, 2, Some((5, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert!(
        has_event(
            &ev,
            |e| matches!(e.of_book(), Some(skirmish::rulebooks::seed001::Seed001Event::ManeuverOffered { options, .. }) if !options.contains(&Maneuver::Precision))
        ),
        "no Precision for a spell"
    );
    assert_eq!(f.vit("K"), 15, "6 + 5 = 11, no armor, − 2");
    f.ok(strike("M", "K", "spike"));
    assert_eq!(
        f.rejected(end("M")),
        Refusal::AwaitingChoice { unit: "K".into() }
    );
    // Only the side asked answers, and only this question.
    let not_asked = Refusal::NotAsked { asked: "K".into() };
    assert_eq!(f.rejected(answer("K", true)), not_asked);
    assert_eq!(f.rejected(maneuver("K", None)), not_asked);
    assert_eq!(f.rejected(defend_with("M", Defence::None)), not_asked);
    assert_eq!(
        f.rejected(defend_with("K", Defence::Dodge)),
        skirmish::battle::Refusal::from(
            skirmish::rulebooks::seed001::Seed001Refusal::NoSuchDefence {
                defence: Defence::Dodge,
                options: vec![Defence::Withstand, Defence::None],
            }
        )
    );
    let ev = strike_answered(
        &mut f,
        defend_with("K", Defence::Withstand),
        &[maneuver("M", None)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (14, 1, Some((7, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(f.vit("K"), 6, "4 + 2 + 3");
    f.ok(end("M"));
    f.ok(mv("K", (1, 0)));
    let ev = strike_answered(
        &mut f,
        strike("K", "M", "blade"),
        &[defend_with("M", Defence::Dodge)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (16, 2, Some((17, 2)), CombatOutcome::Miss),
        "M's Dodge has a boon (Braced) and keeps 15"
    );
    assert!(!f.has("M", ConditionKind::Braced));
    assert_eq!(f.unit("M").ap, 0);
    f.all_dice_used();
}

#[test]
fn preset001_9_casting_within_reach_provokes() {
    let mut f = start(
        seed001(&["...."])
            .unit("M", "Blue", "mage", (1, 0), Dir8::E)
            .unit("F", "Red", "fighter", (2, 0), Dir8::W),
        &[6, 1, 14, 11, 6, 8, 5, 2, 3, 4],
    );
    let ev = strike_answered(
        &mut f,
        strike("M", "F", "bolt"),
        &[
            answer("F", true),
            defend_with("M", Defence::Dodge),
            defend_with("F", Defence::Dodge),
            maneuver("M", Some(Maneuver::Push)),
        ],
    );
    let rolls = combats(&ev);
    assert_eq!(
        numbers(&rolls[0]),
        (18, 2, Some((13, 1)), CombatOutcome::Hit)
    );
    assert_eq!(f.vit("M"), 4, "6 + 2");
    assert_eq!(
        numbers(&rolls[1]),
        (13, 1, Some((9, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(f.vit("F"), 15, "2 + 3 = 5 Heat");
    assert_eq!(f.pos("F"), p(3, 0), "F's Athletics 6 fails: pushed 1 m");
    let (m, fu) = (f.unit("M"), f.unit("F"));
    assert_eq!((m.ap, fu.ap, fu.attacks), (1, 1, 1));
    f.all_dice_used();
}

#[test]
fn preset001_10_disarm_a_shield() {
    let mut f = start(
        seed001(&["..."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("S", "Red", "shield", (1, 0), Dir8::W),
        &[5, 2, 11, 4, 2, 3, 7, 13, 17],
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "S", "blade"),
        &[
            defend_with("S", Defence::Block),
            maneuver("A", Some(Maneuver::Disarm(DisarmItem::Shield))),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (15, 2, Some((7, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(
        f.vit("S"),
        19,
        "2 + 2 − 3: no block reduction on a critical win"
    );
    assert!(has_event(
        &ev,
        |e| matches!(e.of_book(), Some(skirmish::rulebooks::seed001::Seed001Event::ItemDropped { unit, at, .. }) if unit == "S" && *at == p(1, 0))
    ));
    assert_eq!(f.unit("S").stats.seed001().block_rating, 0);
    f.ok(strike("A", "S", "blade"));
    assert_eq!(
        f.rejected(defend_with("S", Defence::Block)),
        skirmish::battle::Refusal::from(
            skirmish::rulebooks::seed001::Seed001Refusal::NoSuchDefence {
                defence: Defence::Block,
                options: vec![Defence::Parry, Defence::Dodge, Defence::None],
            }
        )
    );
    let ev = f.ok(defend_with("S", Defence::Parry));
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (17, 2, Some((20, 3)), CombatOutcome::Miss)
    );
    f.ok(end("A"));
    f.ok(skirmish::rulebooks::seed001::Seed001Command::Manipulate { unit: "S".into() }.into());
    assert_eq!(f.unit("S").ap, 0);
    assert_eq!(
        f.unit("S").stats.seed001().block_rating,
        3,
        "the shield is back"
    );
    f.all_dice_used();
}

#[test]
fn preset001_11_feint() {
    let mut f = start(
        seed001(&["..."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("B", "Red", "fighter", (1, 0), Dir8::W),
        &[4, 3, 15, 2, 3, 9, 4, 17, 18],
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "B", "blade"),
        &[
            defend_with("B", Defence::Dodge),
            maneuver("A", Some(Maneuver::Feint)),
        ],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (19, 2, Some((6, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert_eq!(f.vit("B"), 17, "3 + 2 − 2");
    assert!(
        f.has("A", ConditionKind::Feinting),
        "Deception 9 + 2 = 11 passes"
    );
    let ev = strike_answered(
        &mut f,
        strike("A", "B", "blade"),
        &[defend_with("B", Defence::Parry)],
    );
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (21, 3, Some((22, 3)), CombatOutcome::Miss),
        "the boon keeps 17"
    );
    assert!(!f.has("A", ConditionKind::Feinting));
    f.all_dice_used();
}

#[test]
fn preset001_12_always_chooses_the_least_expected_damage() {
    let mut f = start(
        seed001(&["..."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("S", "Red", "shield", (1, 0), Dir8::W)
            .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Always)"#),
        &[5, 2, 16, 20, 8, 6, 1],
    );
    let odds = f.h.with_view(|v| {
        let (a, s) = (
            v.ctx.snap.by_name("A").unwrap(),
            v.ctx.snap.by_name("S").unwrap(),
        );
        skirmish::rulebooks::seed001::strike_odds::all_defences(&v.ctx, a, s, 0).unwrap()
    });
    let expected: Vec<(Defence, (u128, u128))> = odds
        .iter()
        .map(|o| (o.defence, (o.expected.num, o.expected.den)))
        .collect();
    assert_eq!(
        expected,
        vec![
            (Defence::Block, (357, 160)),
            (Defence::Parry, (357, 160)),
            (Defence::Dodge, (399, 160)),
            (Defence::None, (21, 4)),
        ]
    );
    let ev = f.ok(strike("A", "S", "blade"));
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed001Event::DefenceChosen {
            defence: Defence::Block,
            ..
        })
    )));
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (20, 3, Some((23, 3)), CombatOutcome::BlockedHit)
    );
    assert_eq!(f.vit("S"), 16, "8 + 2 − 6");
    let ev = f.ok(strike("A", "S", "blade"));
    assert_eq!(
        numbers(&combats(&ev)[0]),
        (10, 1, Some((4, 0)), CombatOutcome::AttackerCriticalWin)
    );
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(skirmish::rulebooks::seed001::Seed001Event::ManeuverChosen {
            maneuver: Some(Maneuver::Precision),
            ..
        })
    )));
    assert_eq!((f.vit("S"), f.unit("S").ap), (9, 1));
    f.all_dice_used();
}
