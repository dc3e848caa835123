//! Preset Seed004's acceptance scenarios (presets/Seed004.md, "Acceptance scenarios"): d20
//! plus bursting bonus dice against Guard 15, Dodge paid in Vigor, two actions a turn,
//! Durability then Health then Shock, armor that wears and meets weapons by quality, size,
//! ambush, blind spots, cover, Over Watch and First Aid. Scripted dice, in the scenarios'
//! order, through the real plugin and messages; every unit a `fighter`, sides `Never`
//! unless a scenario says otherwise.

mod common;
use common::seed004::{arena, blows, blue_a, dodges, guard_rolls};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::events::{AttackOptions, BattleEvent};
use skirmish::rulebooks::seed004::reserves::Seed004Reserves;
use skirmish::rulebooks::seed004::{Seed004Command, Seed004Event};
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;

/// (d20, bonus dice total, total, hit) of one attack roll.
fn roll(r: &skirmish::rulebooks::seed004::reports::GuardReport) -> (u32, i32, i32, bool) {
    (
        r.roll.d20,
        r.roll.total - r.roll.d20 as i32,
        r.roll.total,
        r.hit,
    )
}

/// (Durability, Health) of a unit.
fn pools(f: &mut Fight, name: &str) -> (i32, i32) {
    let u = f.unit(name);
    (u.own.reserves().durability, u.own.reserves().health)
}

fn duel(rows: &[&str], dice: &[u32]) -> Fight {
    arena(rows)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(dice, None)
}

fn first_aid(u: &str, t: &str) -> Command {
    Command::from(Seed004Command::FirstAid {
        unit: u.into(),
        target: t.into(),
    })
}

#[test]
fn preset004_1_higher_than_guard() {
    let mut f = duel(&["...."], &[12, 7, 9, 7, 5, 4, 10, 5]);
    assert_eq!(f.active(), "A");
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]), (9, 7, 16, true));
    assert_eq!(guard_rolls(&ev)[0].guard, 15);
    assert_eq!(blows(&ev), vec![("B".into(), 9, false)]);
    assert_eq!(pools(&mut f, "B"), (11, 10));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(
        roll(&guard_rolls(&ev)[0]),
        (10, 5, 15, false),
        "a tie misses"
    );
    assert!(blows(&ev).is_empty(), "no damage dice on a miss");
    assert_eq!(f.unit("A").ap, 0);
    f.all_dice_used();
}

#[test]
fn preset004_2_dodge() {
    let mut f = arena(&["...."])
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Always)"#)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&[3, 15, 14, 6, 12, 8, 3, 2, 11, 9, 18, 3], None);
    assert_eq!(f.active(), "B");
    f.ok(simple("Defend", "B"));
    f.ok(end("B"));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]), (14, 6, 20, true));
    let d = &dodges(&ev)[0];
    assert_eq!(
        (d.roll.total, d.attack, d.dodged),
        (20, 20, false),
        "a tie hits"
    );
    assert_eq!(
        f.unit("B").own.reserves().vigor,
        17,
        "Defending: a Dodge costs 3"
    );
    assert_eq!(blows(&ev), vec![("B".into(), 5, false)]);
    assert_eq!(pools(&mut f, "B"), (15, 10));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 20);
    let d = &dodges(&ev)[0];
    assert_eq!((d.roll.total, d.dodged), (21, true));
    assert!(blows(&ev).is_empty());
    assert_eq!(f.unit("B").own.reserves().vigor, 14);
    f.ok(end("A"));
    assert_eq!(f.h.turn().round, 2);
    assert_eq!(
        (
            f.unit("B").own.reserves().vigor,
            f.unit("A").own.reserves().vigor
        ),
        (17, 20),
        "Recovery: a fifth of stamina, capped"
    );
    f.all_dice_used();
}

#[test]
fn preset004_3_bursts_critical_shock() {
    let dice = [10, 5, 2, 10, 4, 6, 10, 10, 3, 1, 10, 10, 10, 10, 1, 1];
    let mut f = arena(&["...."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(weapons: ["ripper"])"#,
        )
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&dice, None);
    let ev = f.ok(attack_with("A", "B", "ripper"));
    assert_eq!(roll(&guard_rolls(&ev)[0]), (2, 14, 16, true));
    assert_eq!(
        blows(&ev),
        vec![("B".into(), 29, true)],
        "a burst damage die"
    );
    assert_eq!(pools(&mut f, "B"), (0, 1));
    assert!(f.has("B", ConditionKind::Wounded));
    assert!(f.has("B", ConditionKind::Bleeding), "on_crit");
    let ev = f.ok(attack_with("A", "B", "ripper"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!(
        r.roll.dice[0].rolls,
        vec![10, 10, 10, 10],
        "the 4th 10 is not re-rolled"
    );
    assert_eq!(roll(r), (1, 40, 41, true));
    assert_eq!(blows(&ev), vec![("B".into(), 2, false)]);
    assert_eq!(pools(&mut f, "B"), (0, 0));
    assert!(f.has("B", ConditionKind::Shock) && f.has("B", ConditionKind::Down));
    assert!(matches!(
        f.h.log().last(),
        Some(BattleEvent::BattleEnded(skirmish::battle::events::Outcome::Victory { side, .. })) if side == "Blue"
    ));
    f.all_dice_used();
}

#[test]
fn preset004_4_wounded_dice() {
    let mut f = arena(&["...."])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(durability: 3)")
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&[4, 16, 13, 5, 2, 3, 8, 8, 7, 4, 6], None);
    assert_eq!(f.active(), "B");
    let ev = f.ok(attack_with("B", "A", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]), (13, 5, 18, true));
    assert_eq!(pools(&mut f, "A"), (0, 8));
    assert!(f.has("A", ConditionKind::Wounded));
    f.ok(end("B"));
    let ev = f.ok(attack_with("A", "B", "sword"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!(r.roll.dice[0].size.sides(), 8, "Wounded: a step smaller");
    assert_eq!(roll(r), (8, 15, 23, true));
    assert_eq!(
        blows(&ev),
        vec![("B".into(), 10, false)],
        "the attack die burst, not damage"
    );
    assert_eq!(pools(&mut f, "B"), (10, 10));
    f.all_dice_used();
}

#[test]
fn preset004_5_armor_wears() {
    let dice = [11, 2, 15, 1, 5, 4, 12, 6, 4, 6, 17, 2, 8, 1];
    let mut f = arena(&["...."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(weapons: ["sword", "torch"])"#,
        )
        .unit_with(
            "B",
            "Red",
            "fighter",
            (1, 0),
            Dir8::W,
            "(armor: 3, armor_durability: 4)",
        )
        .start_with(&dice, None);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 16);
    assert_eq!(blows(&ev), vec![("B".into(), 6, false)]);
    assert_eq!(
        (pools(&mut f, "B").0, f.unit("B").own.reserves().armor),
        (14, 1)
    );
    let ev = f.ok(attack_with("A", "B", "torch"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 18);
    assert_eq!(blows(&ev), vec![("B".into(), 10, false)], "Heat: no armor");
    assert_eq!(
        (pools(&mut f, "B").0, f.unit("B").own.reserves().armor),
        (4, 1)
    );
    f.ok(end("A"));
    f.ok(end("B"));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 19);
    assert_eq!(
        blows(&ev),
        vec![("B".into(), 6, false)],
        "the breaking hit has full AR"
    );
    assert!(has_event(
        &ev,
        |e| matches!(e.of_book(), Some(Seed004Event::ArmorBroken { unit }) if unit == "B")
    ));
    assert_eq!(pools(&mut f, "B"), (0, 8));
    assert!(f.has("B", ConditionKind::Wounded));
    let b = f.unit("B");
    assert_eq!(
        (
            b.own.reserves().armor,
            b.own.reserves().armor_rank(&b.stats)
        ),
        (0, 0)
    );
    f.all_dice_used();
}

#[test]
fn preset004_6_quality() {
    let dice = [18, 1, 2, 3, 10, 8, 7, 5, 13, 4, 3, 4, 16, 3, 2, 5];
    let mut f = arena(&["...", "...", "..."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (1, 1),
            Dir8::E,
            r#"(weapons: ["greataxe", "knife"])"#,
        )
        .unit_with(
            "B",
            "Red",
            "fighter",
            (2, 1),
            Dir8::W,
            "(armor: 4, armor_quality: Feeble, armor_durability: 10)",
        )
        .unit_with(
            "C",
            "Red",
            "fighter",
            (1, 2),
            Dir8::N,
            "(armor: 2, armor_quality: Heroic, armor_durability: 6)",
        )
        .unit_with(
            "D",
            "Red",
            "fighter",
            (0, 1),
            Dir8::E,
            "(superior_durability: Heroic)",
        )
        .start_with(&dice, None);
    let order: Vec<String> = ["A", "D", "C", "B"].map(String::from).to_vec();
    assert!(has_event(
        &f.log(),
        |e| matches!(e, BattleEvent::RoundStarted { order: o, .. } if *o == order)
    ));
    let ev = f.ok(attack_with("A", "B", "greataxe"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 18);
    assert_eq!(
        blows(&ev),
        vec![("B".into(), 12, false)],
        "armor outclassed: ignored"
    );
    assert_eq!(
        (pools(&mut f, "B").0, f.unit("B").own.reserves().armor),
        (8, 10)
    );
    let ev = f.ok(attack_with("A", "C", "knife"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 17);
    assert_eq!(
        blows(&ev),
        vec![("C".into(), 5, false)],
        "stops 2, takes no wear"
    );
    assert_eq!(
        (pools(&mut f, "C").0, f.unit("C").own.reserves().armor),
        (15, 6)
    );
    for u in ["A", "D", "C", "B"] {
        f.ok(end(u));
    }
    let ev = f.ok(attack_with("A", "D", "knife"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 19);
    assert_eq!(
        blows(&ev),
        vec![("D".into(), 0, false)],
        "beneath superior durability"
    );
    assert_eq!(pools(&mut f, "D").0, 20);
    f.all_dice_used();
}

#[test]
fn preset004_7_size_ambush_behind() {
    let dice = [17, 5, 6, 5, 2, 3, 4, 5, 3, 8, 1, 1, 14, 3, 4, 2];
    let mut f = arena(&[".....", ".....", "....."])
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Always, surprised: true)"#)
        .unit_with("A", "Blue", "fighter", (1, 1), Dir8::E, "(size: Large)")
        .unit("B", "Red", "fighter", (2, 1), Dir8::E)
        .start_with(&dice, None);
    assert!(f.has("B", ConditionKind::Ambushed));
    assert_eq!(f.unit("A").ap, 3, "the ambushers get an extra action");
    let ev = f.ok(attack_with("A", "B", "sword"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!((r.guard, roll(r).2), (10, 11), "ceil((15 + 5) / 2)");
    assert!(dodges(&ev).is_empty(), "Ambushed: no Dodge");
    assert_eq!(pools(&mut f, "B").0, 15);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]), (4, 5, 9, false));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 11);
    assert_eq!(pools(&mut f, "B").0, 13);
    f.ok(end("A"));
    assert_eq!(f.unit("B").ap, 1, "Ambushed: one action");
    assert!(
        !f.has("B", ConditionKind::Ambushed),
        "it ends as its first turn starts"
    );
    let ev = f.ok(attack_with("B", "A", "sword"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!((r.guard, roll(r).2), (15, 17));
    assert_eq!(pools(&mut f, "A").0, 14);
    assert_eq!(f.unit("B").ap, 0);
    f.all_dice_used();
}

#[test]
fn preset004_8_knocked_down() {
    let dice = [20, 1, 9, 9, 2, 4, 3, 2, 12, 6, 17, 4, 3, 16, 1, 2, 2];
    let mut f = blue_a(&["...."], r#"(weapons: ["hook", "bow"])"#)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&dice, None);
    let ev = f.ok(attack_with("A", "B", "hook"));
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 18);
    assert_eq!(
        (dodges(&ev)[0].roll.total, dodges(&ev)[0].dodged),
        (6, false)
    );
    assert_eq!(f.unit("B").own.reserves().vigor, 15);
    assert_eq!(pools(&mut f, "B").0, 15);
    assert!(f.has("B", ConditionKind::Prone), "Knocked Down");
    let ev = f.ok(attack_with("A", "B", "bow"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!(
        (r.roll.dice[0].size.sides(), roll(r).2),
        (8, 18),
        "1 Challenge"
    );
    let d = &dodges(&ev)[0];
    assert!(d.roll.dice.is_empty(), "Knocked Down: speed dice / 4");
    assert_eq!((d.roll.total, d.dodged), (17, false));
    assert_eq!(f.unit("B").own.reserves().vigor, 10);
    assert_eq!(pools(&mut f, "B").0, 8);
    f.ok(end("A"));
    let ev = f.ok(simple("StandUp", "B"));
    assert_eq!(
        f.unit("A").own.reserves().vigor,
        15,
        "Take Opening: 5 Vigor"
    );
    assert!(dodges(&ev).is_empty(), "no Dodge on its own turn");
    assert_eq!(roll(&guard_rolls(&ev)[0]).2, 17);
    assert_eq!(pools(&mut f, "B").0, 4);
    assert!(f.has("B", ConditionKind::Prone), "knocked down again");
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionLost { unit, .. } if unit == "B")
    ));
    assert!(matches!(
        f.rejected(mv("B", (3, 0))),
        Refusal::PathTooCostly { cost: 2, .. }
    ));
    let ev = f.ok(mv("B", (2, 0)));
    assert_eq!(moved_to(&ev), vec![Pos::new(2, 0)]);
    assert!(
        guard_rolls(&ev).is_empty(),
        "one opening per reactor per mover per turn"
    );
    f.all_dice_used();
}

#[test]
fn preset004_9_off_hand_winded() {
    let dice = [9, 8, 11, 6, 5, 5, 12, 6, 1, 2, 3];
    let mut f = arena(&["...."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(vigor: 8, weapons: ["sword", "knife"])"#,
        )
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&dice, None);
    let ev = f.ok(Command::Attack {
        unit: "A".into(),
        target: "B".into(),
        weapon: Some("sword".into()),
        options: AttackOptions {
            off_hand: true,
            ..AttackOptions::default()
        },
    });
    let rolls = guard_rolls(&ev);
    assert_eq!(roll(&rolls[0]).2, 17);
    assert_eq!(rolls[1].weapon, "knife");
    assert_eq!(
        rolls[1].roll.dice[0].rolls,
        vec![6, 1],
        "d6: 2 Challenges; 6 bursts"
    );
    assert_eq!(roll(&rolls[1]).2, 19);
    assert_eq!(
        blows(&ev),
        vec![("B".into(), 10, false), ("B".into(), 5, false)]
    );
    assert_eq!(f.unit("A").own.reserves().vigor, 0);
    assert!(f.has("A", ConditionKind::Winded));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ActionLost { unit, .. } if unit == "A")
    ));
    assert_eq!(f.active(), "B", "the rest of A's turn is lost");
    f.ok(end("B"));
    assert_eq!(f.unit("A").own.reserves().vigor, 3);
    assert!(f.has("A", ConditionKind::Winded), "still Winded below 5");
    assert!(has_event(
        &f.log(),
        |e| matches!(e, BattleEvent::TurnSkipped { unit, reason } if unit == "A" && reason == "Winded")
    ));
    assert_eq!(f.active(), "B");
    f.ok(end("B"));
    assert_eq!(f.unit("A").own.reserves().vigor, 6);
    assert!(!f.has("A", ConditionKind::Winded));
    f.all_dice_used();
}

#[test]
fn preset004_10_cover() {
    let dice = [14, 6, 13, 6, 7, 4, 15, 10, 2, 8, 6];
    let mut f = arena(&["...c."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with(
            "B",
            "Red",
            "fighter",
            (4, 0),
            Dir8::W,
            "(armor: 1, armor_durability: 5)",
        )
        .start_with(&dice, None);
    let ev = f.ok(attack_with("A", "B", "bow"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!((r.guard, roll(r).2), (18, 19), "Partial cover: +3 Guard");
    assert_eq!(blows(&ev), vec![("B".into(), 5, false)], "11 - (1 + 5)");
    assert_eq!(
        (pools(&mut f, "B").0, f.unit("B").own.reserves().armor),
        (15, 4)
    );
    f.ok(end("A"));
    f.ok(simple("TakeCover", "B"));
    f.ok(end("B"));
    let ev = f.ok(attack_with("A", "B", "bow"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!(
        (r.guard, roll(r)),
        (20, (15, 12, 27, true)),
        "Full cover: +5 Guard"
    );
    assert_eq!(
        blows(&ev),
        vec![("B".into(), 3, false)],
        "an attack die's burst is no critical"
    );
    assert_eq!(
        (pools(&mut f, "B").0, f.unit("B").own.reserves().armor),
        (12, 3)
    );
    f.all_dice_used();
}

#[test]
fn preset004_11_over_watch() {
    let f = arena(&[".....", ".....", ".....", ".....", "....."])
        .unit_ron(r#"(name: "A", side: "Blue", template: "fighter", pos: (2, 4), facing: N, over_watch: N)"#)
        .unit("B", "Red", "fighter", (2, 1), Dir8::S);
    let mut a = f.start_with(&[6, 9, 14], None);
    assert!(has_event(&a.log(), |e| matches!(
        e.of_book(),
        Some(Seed004Event::OverWatch { matched: true, .. })
    )));
    assert_eq!(
        (a.unit("A").initiative.total, a.active()),
        (15, "A".to_string())
    );
    assert!(!a.has("A", ConditionKind::Ambushed));
    a.all_dice_used();

    let mut b = arena(&[".....", ".....", ".....", ".....", "....."])
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Never)"#)
        .unit_ron(r#"(name: "A", side: "Blue", template: "fighter", pos: (2, 2), facing: N, over_watch: N)"#)
        .unit("B", "Red", "fighter", (2, 4), Dir8::N)
        .start_with(&[6, 14, 5, 4, 3, 3], None);
    assert!(
        b.has("A", ConditionKind::Ambushed),
        "the nearest enemy is behind"
    );
    assert_eq!(
        (b.active(), b.unit("B").ap),
        ("B".to_string(), 2),
        "no extra action"
    );
    b.ok(mv("B", (2, 3)));
    let ev = b.ok(attack_with("B", "A", "sword"));
    let r = &guard_rolls(&ev)[0];
    assert_eq!(
        (r.guard, roll(r).2),
        (8, 9),
        "Unaware, from behind: ceil(15 / 2)"
    );
    assert!(dodges(&ev).is_empty());
    assert_eq!(pools(&mut b, "A").0, 14);
    b.ok(end("B"));
    assert_eq!(b.unit("A").ap, 1);
    b.all_dice_used();
}

fn shock_room(dice: &[u32]) -> Fight {
    arena(&["..."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with(
            "V",
            "Blue",
            "fighter",
            (1, 0),
            Dir8::E,
            "(durability: 1, health: 2, stamina: 1)",
        )
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start_with(dice, None)
}

#[test]
fn preset004_12a_shock_runs_its_course() {
    let mut f = shock_room(&[10, 2, 19, 10, 7, 2, 1, 12, 5]);
    assert_eq!(f.active(), "B");
    f.ok(attack_with("B", "V", "sword"));
    assert_eq!(pools(&mut f, "V"), (0, 0));
    assert!(f.has("V", ConditionKind::Shock) && f.has("V", ConditionKind::Wounded));
    f.ok(end("B"));
    let ev = f.ok(first_aid("A", "V"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::TestRolled {
            total: 17,
            passed: false,
            ..
        }
    )));
    assert_eq!(f.unit("A").ap, 0);
    f.ok(end("A"));
    assert!(
        f.has("V", ConditionKind::Dead),
        "Recovery: stamina 1 round in Shock"
    );
    f.all_dice_used();
}

#[test]
fn preset004_12b_first_aid_stabilizes() {
    let mut f = shock_room(&[10, 2, 19, 10, 7, 2, 1, 15, 6]);
    f.ok(attack_with("B", "V", "sword"));
    f.ok(end("B"));
    let ev = f.ok(first_aid("A", "V"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::TestRolled {
            total: 21,
            passed: true,
            ..
        }
    )));
    assert!(f.has("V", ConditionKind::Stabilized));
    f.ok(end("A"));
    assert_eq!(f.h.turn().round, 2);
    assert!(f.has("V", ConditionKind::Shock) && !f.has("V", ConditionKind::Dead));
    let ev = f.ok(attack_with("B", "V", "sword"));
    assert!(guard_rolls(&ev).is_empty(), "no dice against Shock");
    assert!(f.has("V", ConditionKind::Dead));
    f.all_dice_used();
}

// Decisions where presets/Seed004.md leaves a number open (docs/RULES_NOTES.md, Seed004).

fn off_hand(u: &str, t: &str) -> Command {
    Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: Some("sword".into()),
        options: AttackOptions {
            off_hand: true,
            ..AttackOptions::default()
        },
    }
}

#[test]
fn seed004_an_off_hand_blow_follows_a_miss_and_needs_its_vigor() {
    let room = |vigor: i32| {
        arena(&["...."])
            .unit_with(
                "A",
                "Blue",
                "fighter",
                (0, 0),
                Dir8::E,
                &format!(r#"(vigor: {vigor}, weapons: ["sword", "knife"])"#),
            )
            .unit("B", "Red", "fighter", (1, 0), Dir8::W)
    };
    let mut f = room(7).start_with(&[12, 7], None);
    assert_eq!(
        f.rejected(off_hand("A", "B")),
        Refusal::NotEnoughVigor { need: 8, have: 7 }
    );
    let mut f = room(20).start_with(&[12, 7, 1, 1, 20, 1, 1, 1], None);
    let ev = f.ok(off_hand("A", "B"));
    let rolls = guard_rolls(&ev);
    assert_eq!(
        (rolls[0].hit, rolls[1].weapon.as_str(), rolls[1].hit),
        (false, "knife", true)
    );
    assert_eq!(
        rolls[1].roll.dice[0].size,
        skirmish::rules::bonus_dice::DieSize::D6
    );
    assert_eq!(f.unit("A").own.reserves().vigor, 12);
    assert_eq!(blows(&ev), vec![("B".into(), 2, false)]);
    f.all_dice_used();
}

#[test]
fn seed004_first_aid_tends_an_adjacent_wounded_ally() {
    let mut f = arena(&["..."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with("V", "Blue", "fighter", (1, 0), Dir8::E, "(durability: 5)")
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start_with(&[10, 2, 19, 10, 7, 4, 1, 15, 6, 4], None);
    f.ok(attack_with("B", "V", "sword"));
    assert!(f.has("V", ConditionKind::Wounded));
    f.ok(end("B"));
    assert_eq!(f.rejected(first_aid("A", "A")), Refusal::StabilizeAllyOnly);
    assert_eq!(f.rejected(first_aid("A", "B")), Refusal::StabilizeAllyOnly);
    let ev = f.ok(first_aid("A", "V"));
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed004Event::Tended {
            amount: 4,
            durability: 4,
            ..
        })
    )));
    assert!(
        !f.has("V", ConditionKind::Wounded),
        "Durability above 0 ends Wounded"
    );
    assert_eq!(f.unit("A").ap, 0, "First Aid takes both actions");
    f.all_dice_used();
}

#[test]
fn seed004_over_watch_matches_at_exactly_45_degrees() {
    let watch = |enemy: (i32, i32), dice: &[u32]| {
        arena(&[".....", ".....", "....."])
            .unit_ron(r#"(name: "A", side: "Blue", template: "fighter", pos: (0, 2), facing: N, over_watch: N)"#)
            .unit("B", "Red", "fighter", enemy, Dir8::S)
            .start_with(dice, None)
    };
    // (2, 0) from (0, 2) lies at exactly 45° from north: matched, an extra die.
    let mut f = watch((2, 0), &[6, 9, 14]);
    assert_eq!(f.unit("A").initiative.total, 15);
    assert!(!f.has("A", ConditionKind::Ambushed));
    f.all_dice_used();
    // (3, 1) lies beyond 45°: missed, Ambushed, no extra die.
    let mut f = watch((3, 1), &[6, 14]);
    assert!(f.has("A", ConditionKind::Ambushed));
    assert_eq!(f.unit("A").initiative.total, 6);
    f.all_dice_used();
}

#[test]
fn seed004_a_blind_spot_at_the_turn_start_halves_guard() {
    let room = |start: (i32, i32), dice: &[u32]| {
        arena(&["..#..", "....."])
            .unit("A", "Blue", "fighter", start, Dir8::E)
            .unit("T", "Red", "fighter", (4, 0), Dir8::E)
            .start_with(dice, None)
    };
    // Behind the wall when the turn began: Unaware; from behind: Guard ceil(15 / 2).
    let mut f = room((0, 0), &[12, 7, 1, 8, 1, 1]);
    f.ok(mv("A", (3, 1)));
    let ev = f.ok(attack_with("A", "T", "sword"));
    assert_eq!(
        (guard_rolls(&ev)[0].guard, guard_rolls(&ev)[0].hit),
        (8, true)
    );
    f.all_dice_used();
    // In T's sight when the turn began: the same blow from behind meets Guard 15.
    let mut f = room((1, 1), &[12, 7, 1, 8]);
    f.ok(mv("A", (3, 1)));
    let ev = f.ok(attack_with("A", "T", "sword"));
    assert_eq!(
        (guard_rolls(&ev)[0].guard, guard_rolls(&ev)[0].hit),
        (15, false)
    );
    f.all_dice_used();
}

#[test]
fn seed004_a_collision_occupant_halves_above_15() {
    let room = |dice: &[u32]| {
        arena(&["...."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("B", "Red", "fighter", (1, 0), Dir8::W)
            .unit("C", "Red", "fighter", (2, 0), Dir8::W)
            .start_with(dice, None)
    };
    // A's shove: 10 + 5 = 15 against B's 5 + 5 = 10. C holds with 14 + 2 = 16: half of 1 m.
    let mut f = room(&[12, 7, 5, 10, 5, 5, 5, 14, 2]);
    let ev = f.ok(shove("A", "B"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::DefenceRolled {
            total: 16,
            success: true,
            ..
        }
    )));
    assert_eq!((pools(&mut f, "B").0, pools(&mut f, "C").0), (20, 20));
    f.all_dice_used();
    // 10 + 5 = 15 is not above 15: both take the full 1.
    let mut f = room(&[12, 7, 5, 10, 5, 5, 5, 10, 5]);
    f.ok(shove("A", "B"));
    assert_eq!((pools(&mut f, "B").0, pools(&mut f, "C").0), (19, 19));
    f.all_dice_used();
}

#[test]
fn seed004_contests_go_to_the_actor_on_a_tie_but_an_escape_must_beat() {
    let mut f = duel(&["...."], &[12, 7, 10, 5, 10, 5, 10, 5, 10, 5]);
    let ev = f.ok(grab("A", "B"));
    assert_eq!(
        (contests(&ev)[0].actor_total, contests(&ev)[0].target_total),
        (15, 15)
    );
    assert!(
        f.has("B", ConditionKind::Restrained),
        "a tie goes to the grabber"
    );
    f.ok(end("A"));
    let ev = f.ok(simple("Escape", "B"));
    assert_eq!(
        (contests(&ev)[0].actor_total, contests(&ev)[0].actor_wins),
        (15, false)
    );
    assert!(
        f.has("B", ConditionKind::Restrained),
        "an escapee must beat its grappler"
    );
    f.all_dice_used();
}

#[test]
fn seed004_light_and_partial_cover_give_the_best_of_each() {
    let mut f = arena(&["..rc."])
        .terrain(r#""reeds": (cost: 2, cover: Light)"#, r#"'r': "reeds""#)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with(
            "B",
            "Red",
            "fighter",
            (4, 0),
            Dir8::W,
            "(armor: 1, armor_durability: 5)",
        )
        .start_with(&[12, 7, 20, 10, 10, 10, 10, 8, 1], None);
    let ev = f.ok(attack_with("A", "B", "bow"));
    assert_eq!(guard_rolls(&ev)[0].guard, 25, "light cover's +10, not +13");
    // 60 beats 25; damage 8 + 1 = 9 - 1 armor - 5 (partial cover's armor) = 3.
    assert_eq!(blows(&ev), vec![("B".into(), 3, false)]);
    f.all_dice_used();
}

/// The combat log's lines of the events (Seed004 words as Core's AP).
fn log_lines(ev: &[BattleEvent]) -> Vec<String> {
    use skirmish::battle::describe::{Wording, describe_in};
    ev.iter().map(|e| describe_in(e, Wording::CORE)).collect()
}

/// Off-hand [004:21]: the blow is asked for with the Attack, before the main blow is
/// rolled, and strikes only a target not in Shock and within reach; when it cannot, no
/// knife strikes, no Vigor is paid, and the log says why. A [sword, knife] next to B
/// (Durability 1, Health 5); C keeps Red in the battle. Dice 9, 8, 7 → A first. Sword:
/// 11 + 6 = 17 > 15 hit; 5 + 5 = 10 → B Durability 0, Health 0, Shock. The off-hand does
/// not follow: A keeps its 20 Vigor and no die is left to roll.
#[test]
fn seed004_off_hand_does_not_follow_a_blow_that_leaves_the_target_in_shock() {
    let mut f = arena(&["...."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(weapons: ["sword", "knife"])"#,
        )
        .unit_with(
            "B",
            "Red",
            "fighter",
            (1, 0),
            Dir8::W,
            "(durability: 1, health: 5)",
        )
        .unit("C", "Red", "fighter", (3, 0), Dir8::W)
        .start_with(&[9, 8, 7, 11, 6, 5, 5], None);
    let ev = f.ok(off_hand("A", "B"));
    assert_eq!(guard_rolls(&ev).len(), 1, "no knife blow");
    assert!(f.has("B", ConditionKind::Shock));
    assert_eq!(f.unit("A").own.reserves().vigor, 20, "no Vigor paid");
    let lines = log_lines(&ev);
    assert!(
        lines
            .iter()
            .any(|l| l == "A's off-hand does not follow: B is in Shock"),
        "{lines:#?}"
    );
    f.all_dice_used();
}

/// Off-hand [004:21]: "pay 8 Vigor"; with 7 the Attack that asks for the blow is refused,
/// and the refusal names the off-hand blow, not the Attack, as what needs the Vigor.
#[test]
fn seed004_off_hand_vigor_refusal_names_the_off_hand_blow() {
    let mut f = arena(&["...."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(vigor: 7, weapons: ["sword", "knife"])"#,
        )
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&[12, 7], None);
    f.rejected(off_hand("A", "B"));
    let lines = log_lines(&f.log());
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Not allowed: A's off-hand blow -- needs 8 Vigor, has 7")
    );
}

/// A readied attack (presets/Seed004.md, "Readied attack"): after Ready with the sword, the
/// first enemy step from a tile A could not strike to one it can sets it off, after the
/// step; taking it costs 5 Vigor and ends Readied. Declining keeps it ready for the next
/// such step.
#[test]
fn preset004_a_readied_attack_strikes_the_first_step_into_reach() {
    use skirmish::battle::engine::Question;
    use skirmish::level::schema::ReactionPolicy;
    use skirmish::rules::actions::ReactionKind;
    let ready = || Command::Ready {
        unit: "A".into(),
        weapon: Some("sword".into()),
        action: None,
        trigger: None,
    };
    let readied_offer = |f: &mut Fight| {
        f.h.with_view(|v| match v.awaiting {
            Some(Question::Reaction(o)) => Some((v.name(o.reactor).to_string(), o.kind)),
            _ => None,
        })
    };
    // Initiative d20s (A first), then a miss of 3 + 3 against Guard 15.
    let mut dice = vec![12, 7];
    dice.extend([3; 8]);
    for take in [true, false] {
        let mut f = arena(&["....."])
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("B", "Red", "fighter", (3, 0), Dir8::W)
            .start_with(&dice, Some(ReactionPolicy::Ask));
        f.ok(ready());
        assert!(f.has("A", ConditionKind::Readied));
        f.ok(end("A"));
        let vigor = f.unit("A").own.reserves().vigor;
        // The step into (2, 0) is out of the sword's reach: nothing; into (1, 0) it is.
        f.ok(path("B", &[(2, 0), (1, 0)]));
        assert_eq!(
            f.pos("B"),
            Pos::new(1, 0),
            "the attack comes after the step"
        );
        assert_eq!(
            readied_offer(&mut f),
            Some(("A".to_string(), ReactionKind::Readied))
        );
        let ev = f.ok(answer("A", take));
        if take {
            assert!(ev.iter().any(|e| matches!(
                e,
                BattleEvent::ReactionTaken { reactor, kind: ReactionKind::Readied, against, .. }
                    if reactor == "A" && against == "B"
            )));
            assert_eq!(guard_rolls(&ev).len(), 1, "one attack roll: {ev:?}");
            assert_eq!(
                f.unit("A").own.reserves().vigor,
                vigor - 5,
                "a readied attack costs 5"
            );
            assert!(!f.has("A", ConditionKind::Readied), "it struck");
        } else {
            assert!(guard_rolls(&ev).is_empty());
            assert_eq!(f.unit("A").own.reserves().vigor, vigor);
            assert!(
                f.has("A", ConditionKind::Readied),
                "declining keeps it ready"
            );
        }
    }
}
