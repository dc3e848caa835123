//! Preset Seed000's acceptance scenarios (presets/Seed000.md, "Acceptance scenarios"): a
//! fixed initiative ladder with unions, Poison and Psychic against Endurance and Will,
//! bleeding out and First Aid, non-lethal attacks, moving through an enemy, held actions on
//! a step and on an attack, hiding, Switch Places, Disarm, and an armored collision joined
//! to the hit. Scripted dice through the real plugin and messages; both sides `Always`.

mod common;
use common::seed000::*;
use common::*;
use skirmish::battle::events::{BattleEvent, Command, HeldAction, Reason, Trigger};
use skirmish::rulebooks::seed000::Seed000Command;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

fn rounds_order(ev: &[BattleEvent]) -> Vec<Vec<String>> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::RoundStarted { order, .. } => Some(order.clone()),
            _ => None,
        })
        .collect()
}

fn rolled(ev: &[BattleEvent]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, BattleEvent::Rolled { .. }))
        .count()
}

fn hold(u: &str, action: HeldAction, trigger: Trigger) -> Command {
    Command::from(Seed000Command::Hold {
        unit: u.into(),
        action,
        trigger,
    })
}

#[test]
fn preset000_1_fixed_order_tie_and_union() {
    let a = seed000(&ROOM).sides(
        r#"(name: "Blue", reactions: Always, unions: [["A", "D"]]), (name: "Red", reactions: Always)"#,
    );
    let a = unit_with(a, "A", "Blue", "fighter", (2, 1), "(initiative: 4)");
    let a = unit_with(a, "D", "Blue", "fighter", (2, 3), "(initiative: 2)");
    let a = unit_with(a, "B", "Red", "fighter", (6, 1), "(initiative: 5)");
    let a = unit_with(a, "C", "Red", "fighter", (6, 3), "(initiative: 3)");
    let mut f = start(a, &[]);
    f.ok(end("B"));
    assert_eq!((f.unit("A").ap, f.unit("A").pool.metres), (3, 3));
    assert_eq!((f.unit("D").ap, f.unit("D").pool.metres), (3, 3));
    f.ok(mv("A", (3, 1)));
    f.ok(mv("D", (3, 3)));
    f.ok(mv("A", (4, 1)));
    assert_eq!(f.unit("A").pool.metres, 1);
    assert_eq!(f.unit("D").pool.metres, 2);
    f.ok(end("A"));
    assert_eq!(
        f.active(),
        "D",
        "the slot goes on until every member has ended"
    );
    f.ok(end("D"));
    f.ok(end("C"));
    let log = f.log();
    let order = vec!["B".to_string(), "A+D".into(), "C".into()];
    assert_eq!(rounds_order(&log), vec![order.clone(), order]);
    assert_eq!(rolled(&log), 0, "no die is rolled");
}

#[test]
fn preset000_2_poison_against_endurance_with_take_cover() {
    let map = with_crates(&ROOM, &[(4, 1)]);
    let a = seed000(&rows(&map)).unit_with(
        "A",
        "Blue",
        "fighter",
        (3, 2),
        Dir8::E,
        r#"(weapons: ["venom"])"#,
    );
    let a = unit_with(
        a,
        "B",
        "Red",
        "fighter",
        (4, 2),
        "(initiative: 1, armor: 3, endurance: 2)",
    );
    let mut f = start(a, &[11, 6]);
    f.ok(simple("TakeCover", "B"));
    assert_eq!(f.unit("B").ap, 2);
    f.ok(end("B"));
    let ev = f.ok(attack("A", "B"));
    let r = &attacks(&ev)[0];
    assert_eq!((r.total, r.evasion), (14, 14));
    assert!(r.outcome.hits());
    assert_eq!(
        damage(&ev),
        vec![("B".to_string(), 3)],
        "6 − (2 + 1), armor not used"
    );
    assert_eq!(f.vit("B"), 17);
    f.all_dice_used();
}

/// An archer with the mind spike against a fighter with armor 2 and `will`.
fn mind_duel(map: &[&str], will: i32) -> Arena {
    let a = unit_with(
        seed000(map),
        "A",
        "Blue",
        "archer",
        (1, 2),
        r#"(weapons: ["mind"])"#,
    );
    let o = format!("(armor: 2, will: {will})");
    unit_with(a, "B", "Red", "fighter", (5, 2), &o)
}

#[test]
fn preset000_3_psychic_against_will_with_half_cover() {
    let map = with_crates(&ROOM, &[(3, 2)]);
    let mut f = start(mind_duel(&rows(&map), 1), &[10, 4]);
    let ev = f.ok(attack("A", "B"));
    let r = &attacks(&ev)[0];
    assert_eq!((r.total, r.evasion), (14, 14), "half cover");
    assert_eq!(damage(&ev), vec![("B".to_string(), 4)], "4 + 2 − (1 + 1)");
    assert_eq!(f.vit("B"), 16);
    f.all_dice_used();
}

#[test]
fn preset000_3b_psychic_against_negative_will() {
    let mut f = start(mind_duel(&ROOM, -1), &[10, 4]);
    let ev = f.ok(attack("A", "B"));
    let r = &attacks(&ev)[0];
    assert_eq!((r.total, r.evasion), (14, 12));
    assert_eq!(damage(&ev), vec![("B".to_string(), 7)], "6 − (−1)");
    assert_eq!(f.vit("B"), 13);
}

#[test]
fn preset000_4_bleeding_out_and_a_failed_stabilize() {
    let mut f = start(bleeding_room(0), &[15, 6, 2, 6, 1]);
    let ev = f.ok(attack("R", "B"));
    assert_eq!(attacks(&ev)[0].total, 18);
    assert_eq!(f.vit("B"), -1);
    assert!(f.has("B", ConditionKind::Down) && f.has("B", ConditionKind::Bleeding));
    let ev = f.ok(end("R"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::TurnSkipped { unit, .. } if unit == "B")
    ));
    assert_eq!(f.vit("B"), -3, "B's slot is skipped, but it bleeds 2 first");
    let ev = f.ok(stabilize("C", "B"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::TestRolled {
            total: 6,
            passed: false,
            ..
        }
    )));
    assert_eq!(f.unit("C").ap, 0);
    assert!(f.has("B", ConditionKind::Bleeding));
    f.ok(end("C"));
    let ev = f.ok(end("R"));
    assert_eq!(f.vit("B"), -4);
    assert!(f.has("B", ConditionKind::Dead), "−4 = −max");
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::Died { unit } if unit == "B")
    ));
    assert!(f.h.turn().outcome.is_none(), "C stands");
    assert_eq!(f.active(), "C");
    f.all_dice_used();
}

#[test]
fn preset000_4b_first_aid_stops_the_bleeding() {
    let mut f = start(bleeding_room(1), &[15, 6, 2, 7]);
    f.ok(attack("R", "B"));
    f.ok(end("R"));
    let ev = f.ok(stabilize("C", "B"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::TestRolled {
            total: 8,
            passed: true,
            ..
        }
    )));
    assert!(!f.has("B", ConditionKind::Bleeding));
    assert!(f.has("B", ConditionKind::Down));
    assert_eq!(f.vit("B"), -3);
    f.ok(end("C"));
    f.ok(end("R"));
    assert_eq!(f.vit("B"), -3, "no more bleeding in round 2");
    assert!(!f.has("B", ConditionKind::Dead));
    f.all_dice_used();
}

#[test]
fn preset000_5_non_lethal() {
    let mut f = start(non_lethal_room(), &[13, 6, 3]);
    let ev = f.ok(Command::Attack {
        unit: "A".into(),
        target: "B".into(),
        weapon: Some("blade".into()),
        options: skirmish::battle::events::AttackOptions {
            non_lethal: Some(true),
            ..Default::default()
        },
    });
    assert_eq!(attacks(&ev)[0].total, 16);
    assert_eq!(
        damage(&ev),
        vec![("B".to_string(), 2)],
        "6 − 3 (d4) − 1 (armor)"
    );
    assert_eq!(f.vit("B"), 0, "floored at 0");
    assert!(f.has("B", ConditionKind::Down));
    assert!(!f.has("B", ConditionKind::Bleeding));
    assert!(f.h.turn().outcome.is_some(), "victory for Blue");
    f.all_dice_used();
}

#[test]
fn preset000_5b_lethal_clamps_at_minus_max_and_kills() {
    let mut f = start(non_lethal_room(), &[13, 6]);
    f.ok(attack("A", "B"));
    assert_eq!(f.vit("B"), -1);
    assert!(f.has("B", ConditionKind::Dead));
    assert!(f.h.turn().outcome.is_some());
    f.all_dice_used();
}

#[test]
fn preset000_6a_moving_through_an_enemy_after_a_won_contest() {
    let mut f = start(through_room(""), &[12, 10]);
    let ev = f.ok(path("A", &[(3, 2), (4, 2)]));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.actor_total, c.target_total, c.actor_wins),
        (14, 13, true)
    );
    assert_eq!(move_costs(&ev), vec![2, 1]);
    assert_eq!(f.pos("A"), p(4, 2));
    assert_eq!((f.unit("A").pool.metres, f.unit("A").ap), (0, 3));
    assert!(attacks(&ev).is_empty(), "no opportunity attack");
    f.all_dice_used();
}

#[test]
fn preset000_6b_a_lost_contest_stops_the_move_and_bars_the_way() {
    let mut f = start(through_room(""), &[5, 9]);
    let ev = f.ok(path("A", &[(3, 2), (4, 2)]));
    assert!(!contests(&ev)[0].actor_wins);
    assert_eq!(f.pos("A"), p(2, 2));
    assert_eq!(f.unit("A").pool.metres, 3);
    assert!(matches!(
        f.rejected(path("A", &[(3, 2), (4, 2)])),
        Refusal::Barred { .. }
    ));
    f.all_dice_used();
}

#[test]
fn preset000_6c_opportunity_attacks_only_as_a_feature() {
    let mut f = start(through_room(", reactions: [Opportunity]"), &[15, 4]);
    let ev = f.ok(path("A", &[(1, 2)]));
    assert_eq!(attacks(&ev)[0].total, 18);
    assert_eq!(f.vit("A"), 17);
    assert_eq!(f.unit("B").reactions.points, 1);
    assert_eq!((f.pos("A"), f.unit("A").pool.metres), (p(1, 2), 2));
    f.all_dice_used();
}

#[test]
fn preset000_7_a_held_attack_fires_on_a_step_within_normal_range() {
    let mut f = start(held_hall(), &[10, 5]);
    f.ok(hold(
        "A",
        HeldAction::Attack(Some("bow".into())),
        Trigger::EnemyStep(None),
    ));
    assert_eq!(f.unit("A").ap, 1);
    assert!(f.has("A", ConditionKind::Holding));
    f.ok(end("A"));
    let ev = f.ok(mv("B", (6, 2)));
    let r = attacks(&ev);
    assert_eq!(r.len(), 1, "only the step to 6 m fires");
    assert_eq!(r[0].total, 14);
    assert!(has_event(
        &ev,
        |e| matches!(e.of_book(), Some(skirmish::rulebooks::seed000::Seed000Event::HeldActionFired { unit, against, .. }) if unit == "A" && against == "B")
    ));
    assert_eq!(f.vit("B"), 16);
    assert_eq!((f.pos("B"), f.unit("B").pool.metres), (p(6, 2), 0));
    assert!(!f.has("A", ConditionKind::Holding), "used up");
    f.all_dice_used();
}

#[test]
fn preset000_7b_a_held_action_lapses_at_the_holders_next_turn() {
    let mut f = start(held_hall(), &[]);
    f.ok(hold(
        "A",
        HeldAction::Attack(Some("bow".into())),
        Trigger::EnemyStep(None),
    ));
    f.ok(end("A"));
    let ev = f.ok(end("B"));
    assert!(has_event(
        &ev,
        |e| matches!(e.of_book(), Some(skirmish::rulebooks::seed000::Seed000Event::HeldActionLapsed { unit, .. }) if unit == "A")
    ));
    assert_eq!(f.unit("A").ap, 3);
    assert!(!f.has("A", ConditionKind::Holding));
    assert_eq!(rolled(&f.log()), 0);
}

#[test]
fn preset000_8_a_held_shove_on_an_attack_withdraws_it() {
    let a = unit_with(
        seed000(&ROOM),
        "A",
        "Blue",
        "fighter",
        (3, 2),
        "(initiative: 3)",
    );
    let a = a.unit("B", "Red", "fighter", (4, 2), Dir8::W);
    let mut f = start(a, &[15, 8, 12, 4]);
    f.ok(hold("A", HeldAction::Shove, Trigger::EnemyAttack(None)));
    assert_eq!(f.unit("A").ap, 2);
    f.ok(end("A"));
    let ev = f.ok(attack("B", "A"));
    let c = &contests(&ev)[0];
    assert_eq!((c.actor_total, c.target_total), (17, 10));
    assert_eq!(f.pos("B"), p(5, 2));
    assert!(attacks(&ev).is_empty());
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::AttackWithdrawn { refunded: 2, .. }
    )));
    assert_eq!(f.unit("B").ap, 3);
    f.ok(mv("B", (4, 2)));
    assert_eq!(f.unit("B").pool.metres, 2);
    let ev = f.ok(attack("B", "A"));
    assert_eq!(attacks(&ev)[0].total, 15);
    assert_eq!(f.vit("A"), 17);
    assert_eq!(f.unit("B").ap, 1);
    f.all_dice_used();
}

#[test]
fn preset000_9_hide_then_strike_with_advantage() {
    let mut f = start(hide_map(), &[12, 9, 5, 14, 4]);
    f.ok(Command::from(Seed000Command::Hide { unit: "A".into() }));
    assert!(f.has("A", ConditionKind::Hidden));
    assert_eq!(f.unit("A").ap, 1);
    f.ok(end("A"));
    f.ok(end("B"));
    f.ok(path("A", &[(2, 2), (3, 2)]));
    assert!(
        f.has("A", ConditionKind::Hidden),
        "marked, but hidden until its turn ends"
    );
    let ev = f.ok(attack("A", "B"));
    let r = &attacks(&ev)[0];
    assert_eq!((r.rolls.clone(), r.total), (vec![5, 14], 17));
    assert_eq!(f.vit("B"), 17);
    f.ok(end("A"));
    assert!(!f.has("A", ConditionKind::Hidden));
    f.all_dice_used();
}

#[test]
fn preset000_9b_an_enemy_step_in_sight_reveals_at_once() {
    let mut f = start(hide_map(), &[12, 9]);
    f.ok(Command::from(Seed000Command::Hide { unit: "A".into() }));
    f.ok(end("A"));
    f.ok(path("B", &[(3, 2)]));
    assert!(!f.has("A", ConditionKind::Hidden));
    f.all_dice_used();
}

fn switch_room(rules: &str) -> Arena {
    let a = seed000(&ROOM).rules(rules);
    let a = unit_with(a, "A", "Blue", "fighter", (2, 2), "(initiative: 2)");
    let a = unit_with(a, "C", "Blue", "fighter", (3, 2), "(initiative: 1)");
    a.unit("B", "Red", "fighter", (6, 2), Dir8::W)
}

fn switch(u: &str, ally: &str) -> Command {
    Command::from(Seed000Command::SwitchPlaces {
        unit: u.into(),
        ally: ally.into(),
    })
}

#[test]
fn preset000_10_switch_places() {
    let mut f = start(switch_room("(preset: Seed000)"), &[]);
    f.ok(switch("A", "C"));
    assert_eq!((f.pos("A"), f.unit("A").ap), (p(3, 2), 2));
    assert_eq!((f.pos("C"), f.unit("C").reactions.points), (p(2, 2), 1));
}

#[test]
fn preset000_10b_switch_places_needs_the_allys_rp() {
    let mut f = start(
        switch_room("(preset: Seed000, reactions_per_round: 0)"),
        &[],
    );
    assert!(matches!(
        f.rejected(switch("A", "C")).of_book(),
        Some(skirmish::rulebooks::seed000::Seed000Refusal::NoReactionPoints { .. })
    ));
    assert_eq!(f.unit("A").ap, 3);
}

fn disarm_room() -> Arena {
    let a = seed000(&ROOM).unit("A", "Blue", "fighter", (2, 2), Dir8::E);
    unit_with(
        a,
        "B",
        "Red",
        "fighter",
        (3, 2),
        r#"(agility: 3, weapons: ["spear", "knife"])"#,
    )
}

fn disarm(u: &str, t: &str, w: &str) -> Command {
    Command::from(Seed000Command::Disarm {
        unit: u.into(),
        target: t.into(),
        weapon: Some(w.into()),
    })
}

fn weapon_names(f: &mut Fight, u: &str) -> Vec<String> {
    f.unit(u)
        .stats
        .weapons
        .iter()
        .map(|w| w.name.clone())
        .collect()
}

#[test]
fn preset000_11_disarm_takes_the_weapon() {
    let mut f = start(disarm_room(), &[14, 12]);
    let ev = f.ok(disarm("A", "B", "spear"));
    let c = &contests(&ev)[0];
    assert_eq!(
        (c.actor_total, c.target_total, c.actor_wins),
        (16, 15, true)
    );
    assert_eq!(weapon_names(&mut f, "A"), ["blade", "spear"]);
    assert_eq!(weapon_names(&mut f, "B"), ["knife"]);
    assert_eq!(f.unit("A").ap, 1);
    f.all_dice_used();
}

#[test]
fn preset000_11b_a_tie_keeps_the_weapon() {
    let mut f = start(disarm_room(), &[10, 9]);
    let ev = f.ok(disarm("A", "B", "spear"));
    assert!(!contests(&ev)[0].actor_wins);
    assert_eq!(weapon_names(&mut f, "B"), ["spear", "knife"]);
    assert_eq!(f.unit("A").ap, 1);
    f.all_dice_used();
}

/// A held Disarm [000:9, 000:34] set off by B's attack with the spear takes the spear: the
/// attack cannot go on with a weapon B no longer holds (before, the blow went on with the
/// knife that took the spear's place in B's list), so it is withdrawn and its 2 AP
/// refunded, as a held Shove's withdrawal is (`preset000_8`); B then strikes with the knife.
#[test]
fn preset000_11c_a_held_disarm_withdraws_the_attack_whose_weapon_it_takes() {
    let mut f = start(disarm_room(), &[14, 12, 15, 3]);
    let held = HeldAction::Disarm(Some("spear".into()));
    f.ok(hold("A", held, Trigger::EnemyAttack(None)));
    f.ok(end("A"));
    let ev = f.ok(attack_with("B", "A", "spear"));
    assert!(contests(&ev)[0].actor_wins);
    assert!(
        attacks(&ev).is_empty(),
        "no blow with the spear, nor with the knife in its place: {ev:?}"
    );
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::AttackWithdrawn { refunded: 2, .. }
    )));
    assert_eq!(weapon_names(&mut f, "B"), ["knife"]);
    assert_eq!(f.unit("B").ap, 3);
    let ev = f.ok(attack_with("B", "A", "knife"));
    assert_eq!(attacks(&ev)[0].weapon, "knife");
    f.all_dice_used();
}

#[test]
fn preset000_12_armored_collision_with_take_cover_joined_to_the_hit() {
    let mut f = start(collision_room(), &[13, 3, 9]);
    f.ok(simple("TakeCover", "C"));
    f.ok(end("C"));
    let ev = f.ok(attack("A", "B"));
    assert_eq!(attacks(&ev)[0].total, 16);
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::DefenceRolled {
            total: 12,
            target: 12,
            success: true,
            ..
        }
    )));
    assert_eq!(f.pos("B"), p(3, 2), "B does not move");
    assert_eq!(
        damage(&ev),
        vec![("B".to_string(), 3), ("C".to_string(), 0)],
        "B: 3 + 1 − 1 in one instance; C: 1 − 1"
    );
    assert_eq!((f.vit("B"), f.vit("C")), (17, 20));
    f.all_dice_used();
}

#[test]
fn preset000_12b_a_failed_collision_roll_takes_the_full_distance() {
    let mut f = start(collision_room(), &[13, 3, 9]);
    f.ok(end("C"));
    let ev = f.ok(attack("A", "B"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::DefenceRolled {
            total: 11,
            success: false,
            ..
        }
    )));
    assert_eq!(
        damage(&ev),
        vec![("B".to_string(), 5), ("C".to_string(), 2)]
    );
    assert_eq!((f.vit("B"), f.vit("C")), (15, 18));
    f.all_dice_used();
}

/// A behind a wall at (2, 1) from B; (2, 2) is open beside A.
fn lean_hall() -> Arena {
    let a = seed000(&["#######", "#.#...#", "#.....#", "#######"]);
    let a = unit_with(a, "A", "Blue", "archer", (1, 1), "(initiative: 3)");
    a.unit("B", "Red", "archer", (5, 1), Dir8::W)
}

fn lean(u: &str, t: &str, at: (i32, i32)) -> Command {
    Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: Some("bow".into()),
        options: skirmish::battle::events::AttackOptions {
            lean: Some(p(at.0, at.1)),
            ..Default::default()
        },
    }
}

#[test]
fn preset000_leaning_out_of_full_cover_shoots_from_the_lean_tile() {
    let mut f = start(lean_hall(), &[8, 15, 3]);
    assert!(matches!(
        f.rejected(attack_with("A", "B", "bow")),
        Refusal::NoLineOfSight { .. } | Refusal::FullCover { .. }
    ));
    f.ok(end("A"));
    f.ok(hold(
        "B",
        HeldAction::Attack(Some("bow".into())),
        Trigger::EnemyAttack(None),
    ));
    f.ok(end("B"));
    let ev = f.ok(lean("A", "B", (2, 2)));
    let r = attacks(&ev);
    assert_eq!(r.len(), 2, "B's held shot, then A's");
    assert_eq!(
        (r[0].attacker.as_str(), r[0].total, r[0].evasion),
        ("B", 12, 13)
    );
    assert!(
        r[0].modifiers
            .iter()
            .any(|m| m.reason == Reason::TargetLeaning)
    );
    assert_eq!((r[1].attacker.as_str(), r[1].total), ("A", 19));
    assert_eq!(f.vit("B"), 9);
    assert!(f.has("A", ConditionKind::Leaning));
    assert_eq!(f.pos("A"), p(1, 1), "it leans; it does not move");
    f.ok(end("A"));
    assert!(
        !f.has("A", ConditionKind::Leaning),
        "it ducks back when its turn ends"
    );
    assert!(matches!(
        f.rejected(attack_with("B", "A", "bow")),
        Refusal::NoLineOfSight { .. } | Refusal::FullCover { .. }
    ));
    f.all_dice_used();
}

#[test]
fn preset000_leaning_needs_an_open_tile_and_a_blocked_own_line() {
    let mut f = start(lean_hall(), &[]);
    assert!(matches!(
        f.rejected(lean("A", "B", (2, 1))),
        Refusal::BadLean { .. }
    ));
    assert!(matches!(
        f.rejected(lean("A", "B", (3, 3))),
        Refusal::BadLean { .. }
    ));
    f.ok(mv("A", (1, 2)));
    assert!(matches!(
        f.rejected(lean("A", "B", (2, 2))),
        Refusal::NoNeedToLean
    ));
    let core = lean_hall().rules("()");
    let mut f = start(core, &[]);
    assert!(matches!(
        f.rejected(lean("A", "B", (2, 2))),
        Refusal::NotAnOption { option } if option == "leaning"
    ));
    assert_eq!(f.unit("A").ap, 3, "nothing spent");
}

#[test]
fn preset000_exposed_and_unguarded_on_weapons_are_ignored_with_a_warning() {
    let catalog = CATALOG.replace(
        r#""knife": (kind: Melee, hit: 1, damage: "1d4"),"#,
        r#""knife": (kind: Melee, hit: 1, damage: "1d4", on_hit: [(condition: Exposed)], on_crit: [(condition: Unguarded)]),"#,
    );
    let a = seed000(&ROOM)
        .catalog(&catalog)
        .unit("A", "Blue", "archer", (2, 2), Dir8::E)
        .unit("B", "Red", "fighter", (3, 2), Dir8::W);
    let level = a.level();
    assert_eq!(level.warnings.len(), 2, "{:?}", level.warnings);
    assert!(level.warnings[0].contains("`knife`: its on_crit Unguarded is ignored"));
    let mut f = a.start_with(&[20, 1], None);
    f.ok(attack_with("A", "B", "knife"));
    assert!(!f.has("B", ConditionKind::Exposed) && !f.has("B", ConditionKind::Unguarded));
    let core = a.rules("()").level();
    assert!(core.warnings.is_empty(), "Core has Exposed and Unguarded");
}

/// The non-lethal room with A's blade swapped for a Holy weapon.
fn holy_room() -> Arena {
    let catalog = CATALOG.replace(
        r#""blade":"#,
        r#""halo": (kind: Melee, hit: 3, damage: "1d6", damage_type: Holy), "blade":"#,
    );
    let a = seed000(&ROOM).catalog(&catalog);
    let a = unit_with(a, "A", "Blue", "fighter", (2, 2), r#"(weapons: ["halo"])"#);
    unit_with(a, "B", "Red", "fighter", (3, 2), "(vitality: 1)")
}

#[test]
fn preset000_holy_damage_is_non_lethal_unless_the_attack_says_otherwise() {
    let mut f = start(holy_room(), &[13, 6, 3]);
    f.ok(attack("A", "B"));
    assert_eq!(f.vit("B"), 0, "non-lethal: floored at 0");
    assert!(f.has("B", ConditionKind::Down));
    assert!(!f.has("B", ConditionKind::Bleeding) && !f.has("B", ConditionKind::Dead));
    f.all_dice_used();
    let mut f = start(holy_room(), &[13, 6]);
    f.ok(Command::Attack {
        unit: "A".into(),
        target: "B".into(),
        weapon: None,
        options: skirmish::battle::events::AttackOptions {
            non_lethal: Some(false),
            ..Default::default()
        },
    });
    assert!(f.has("B", ConditionKind::Dead), "lethal when it says so");
    f.all_dice_used();
}

#[test]
fn preset000_a_hidden_combatant_cannot_be_targeted() {
    let mut f = start(hide_map(), &[12, 9]);
    f.ok(Command::from(Seed000Command::Hide { unit: "A".into() }));
    f.ok(end("A"));
    assert!(matches!(
        f.rejected(attack_with("B", "A", "blade")),
        Refusal::Hidden { .. }
    ));
    f.all_dice_used();
}

#[test]
fn preset000_passing_an_enemy_two_sizes_smaller_needs_no_contest() {
    let a = unit_with(
        seed000(&ROOM),
        "A",
        "Blue",
        "fighter",
        (2, 2),
        "(initiative: 1)",
    );
    let a = unit_with(a, "B", "Red", "fighter", (3, 2), "(size: Tiny)");
    let mut f = start(a, &[]);
    let ev = f.ok(path("A", &[(3, 2), (4, 2)]));
    assert!(contests(&ev).is_empty());
    assert_eq!(move_costs(&ev), vec![2, 1], "its tile costs double");
    assert_eq!(f.pos("A"), p(4, 2));
}

#[test]
fn preset000_surprise_hides_the_ambushers_from_the_surprised_side() {
    let a = seed000(&ROOM).sides(
        r#"(name: "Blue", reactions: Always, surprised: true), (name: "Red", reactions: Always)"#,
    );
    let a = unit_with(a, "A", "Blue", "fighter", (2, 2), "(initiative: 5)");
    let mut f = start(a.unit("B", "Red", "fighter", (5, 2), Dir8::W), &[]);
    assert!(f.unit("B").hidden_from(0), "Red is hidden from Blue");
    assert!(!f.unit("A").hidden_from(1));
    assert_eq!(f.active(), "B", "the surprised act last in round 1");
}
