//! Preset Seed002's acceptance scenarios (presets/Seed002.md, "Acceptance scenarios"):
//! alternating activations of priced actions, Runs with turn penalties, Shifts in Agility,
//! the fixed AV against the defender's exploding Evasion roll, the Combat roll's naturals
//! and armor coverage, Defend, Stamina standing in for Energy, Trip, Kneel and Stand, Swift
//! Attacks, Agile steps, shots with their Miss Chance, Weakness, Sprint Push, the Seize,
//! Death rolls and Death Saves, and the non-lethal knockout. Scripted dice, through the real
//! plugin and messages; both sides `Always` unless a scenario says otherwise.

mod common;
use common::seed002::{arena, av_rolls, duel};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::events::{AttackOptions, BattleEvent, Outcome};
use skirmish::battle::preview::preview;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rulebooks::seed002::Seed002Event;
use skirmish::rulebooks::seed002::av_odds::AvOdds;
use skirmish::rulebooks::seed002::footing_state::Seed002Footing;
use skirmish::rulebooks::seed002::reports::AvOutcome;
use skirmish::rules::combat::Chance;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::{ConditionKind, Duration};

fn shift(u: &str, to: (i32, i32), agility: Option<bool>) -> Command {
    Seed002Command::Shift {
        unit: u.into(),
        to: Pos::new(to.0, to.1),
        agility,
    }
    .into()
}

fn attack_opts(u: &str, t: &str, w: &str, options: AttackOptions) -> Command {
    Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: Some(w.into()),
        options,
    }
}

fn energy(f: &mut Fight, u: &str) -> u32 {
    f.unit(u).ap
}

/// (kept Combat roll, defence total, outcome, on armor) of one attack.
fn numbers(
    r: &skirmish::rulebooks::seed002::reports::AvReport,
) -> (u32, Option<i32>, AvOutcome, bool) {
    (
        r.kept,
        r.defence.as_ref().map(|d| d.total),
        r.outcome,
        r.on_armor,
    )
}

fn won_by(f: &Fight, side: &str) -> bool {
    matches!(
        f.h.log().last(),
        Some(BattleEvent::BattleEnded(Outcome::Victory { side: s, .. })) if s == side
    )
}

#[test]
fn preset002_1_activations_run_cost_turn_penalty() {
    let mut f = arena(&["..........", "..........", ".........."])
        .unit("A", "Blue", "duelist", (0, 1), Dir8::E)
        .unit("B", "Red", "duelist", (9, 1), Dir8::W)
        .start_with(&[], None);
    let ev = f.ok(mv("A", (4, 1)));
    assert_eq!(move_costs(&ev).iter().sum::<u32>(), 4);
    assert_eq!(energy(&mut f, "A"), 3, "4 m of a 6 m Speed: 2 Energy");
    assert_eq!(f.active(), "B", "the activation goes to Red");
    f.ok(end("B"));
    f.ok(shift("A", (5, 1), None));
    assert_eq!(
        (f.unit("A").own.footing().agility, energy(&mut f, "A")),
        (1, 3)
    );
    f.ok(end("B"));
    f.ok(end("A"));
    assert_eq!(f.h.turn().round, 2, "both sides passed in a row");
    assert_eq!(f.active(), "B", "Red opens round 2");
    assert_eq!(
        (energy(&mut f, "A"), f.unit("A").own.footing().agility),
        (5, 3)
    );
    f.ok(end("B"));
    f.ok(path("A", &[(6, 1), (7, 1), (7, 2)]));
    assert_eq!(energy(&mut f, "A"), 3, "3 m + 1 for the 90° turn: 2 Energy");
    f.ok(end("B"));
    f.ok(mv("A", (7, 1)));
    assert_eq!(energy(&mut f, "A"), 1, "1 m + 2 for the reversal: 2 Energy");
    f.all_dice_used();
}

#[test]
fn preset002_2_melee_on_armor_attacker_exposed() {
    let mut f = duel("()", "()").start_with(&[2, 4, 5], None);
    let p =
        f.h.with_view(|v| preview(v, &attack_with("A", "B", "sword")))
            .expect("the preview")
            .odds_of::<AvOdds>()
            .cloned()
            .expect("Seed002 odds");
    assert_eq!(p.on_armor.chance, Chance::new(35, 100));
    assert_eq!(p.off_armor.chance, Chance::new(28, 100));
    assert_eq!(p.critical.chance, Chance::new(5, 100));
    assert_eq!(p.hit, Chance::new(68, 100));
    assert_eq!(p.exposed, Chance::new(15, 100));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (2, Some(14), AvOutcome::Hit, true)
    );
    let exposed = f
        .unit("A")
        .conditions
        .0
        .iter()
        .find(|c| c.kind == ConditionKind::Exposed)
        .cloned();
    assert_eq!(
        exposed.map(|c| c.duration),
        Some(Duration::Rounds(2)),
        "to the end of round 2"
    );
    assert_eq!((f.vit("B"), energy(&mut f, "A")), (15, 2));
    f.all_dice_used();
}

#[test]
fn preset002_3_exploding_evasion_defend_wins_ties_stamina_substitution() {
    let mut f = duel("()", "()").start_with(&[15, 10, 3, 9, 7, 10, 5, 1], None);
    let ev = f.ok(attack_with("A", "B", "sword"));
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        r.defence.as_ref().unwrap().roll.total(),
        13,
        "10 explodes: 10 + 3"
    );
    assert_eq!(numbers(r), (15, Some(23), AvOutcome::Miss, false));
    assert_eq!(energy(&mut f, "A"), 2);
    f.ok(simple("Defend", "B"));
    assert_eq!(energy(&mut f, "B"), 4);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (9, Some(17), AvOutcome::Miss, false),
        "Defending wins ties"
    );
    assert_eq!(
        (f.unit("A").own.footing().stamina, energy(&mut f, "A")),
        (9, 0),
        "Stamina paid the third Energy"
    );
    let ev = f.ok(attack_with("B", "A", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (10, Some(15), AvOutcome::Hit, true)
    );
    assert_eq!((f.vit("A"), energy(&mut f, "B")), (19, 1));
    assert!(
        !f.has("B", ConditionKind::Defending),
        "its own attack ends Defending"
    );
    f.all_dice_used();
}

#[test]
fn preset002_4_critical_trip_on_an_exposed_target_kneel_and_stand() {
    let mut f = duel("()", "()").start_with(&[20, 6, 10, 1, 4], None);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (20, None, AvOutcome::Critical, false)
    );
    assert!(f.has("B", ConditionKind::Exposed));
    assert_eq!(f.vit("B"), 12, "6 + 2 through armor");
    f.ok(end("B"));
    let ev = f.ok(trip("A", "B"));
    assert_eq!(
        (energy(&mut f, "A"), f.unit("A").own.footing().stamina),
        (0, 9)
    );
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (10, Some(11), AvOutcome::Hit, false),
        "no damage: no armor"
    );
    assert!(!f.has("A", ConditionKind::Unguarded), "B was Exposed");
    assert!(has_event(
        &ev,
        |e| matches!(e.of_book(), Some(Seed002Event::FortitudeRolled { roll, resisted: false, .. }) if roll.total == 15)
    ));
    assert!(f.has("B", ConditionKind::Prone));
    let ev = f.ok(Seed002Command::Kneel { unit: "B".into() }.into());
    assert_eq!(energy(&mut f, "B"), 4);
    assert!(f.has("B", ConditionKind::Kneeling) && f.has("B", ConditionKind::Unguarded));
    assert!(
        !has_event(&ev, |e| matches!(e, BattleEvent::ReactionTaken { .. })),
        "A cannot pay"
    );
    f.ok(end("A"));
    f.ok(simple("StandUp", "B"));
    assert_eq!(energy(&mut f, "B"), 3);
    assert!(!f.has("B", ConditionKind::Kneeling) && f.has("B", ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn preset002_5_trip_on_a_guarded_target_provokes_a_swift_attack() {
    let mut f = duel("()", "()").start_with(&[11, 3, 8, 11, 6, 2], None);
    let ev = f.ok(trip("A", "B"));
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        r.defence.as_ref().unwrap().roll.rolls[0].0,
        vec![3, 8],
        "advantage, keeps 8"
    );
    assert_eq!(numbers(r), (11, Some(18), AvOutcome::Miss, false));
    assert_eq!(energy(&mut f, "A"), 2);
    assert!(f.has("A", ConditionKind::Unguarded));
    assert_eq!(
        numbers(&av_rolls(&ev)[1]),
        (11, Some(16), AvOutcome::Hit, true)
    );
    assert_eq!((f.vit("A"), energy(&mut f, "B")), (18, 4));
    assert!(f.unit("B").reactions.swift_used);
    assert_eq!(f.active(), "B", "the activation passes to Red");
    f.all_dice_used();
}

#[test]
fn preset002_6_an_agile_move_does_not_provoke_leaving_reach_does() {
    let mut f = arena(&["......", "......", "......"])
        .unit("A", "Blue", "duelist", (1, 1), Dir8::E)
        .unit("B", "Red", "duelist", (3, 1), Dir8::W)
        .start_with(&[9, 6, 3, 16, 4, 7], None);
    let opts = AttackOptions {
        agile_before: vec![Pos::new(2, 1)],
        ..AttackOptions::default()
    };
    let ev = f.ok(attack_opts("A", "B", "sword", opts));
    assert!(!has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionTaken { .. }
    )));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (9, Some(16), AvOutcome::Hit, true)
    );
    assert_eq!(f.vit("B"), 17);
    assert_eq!(
        (energy(&mut f, "A"), f.unit("A").own.footing().agility),
        (2, 2)
    );
    let ev = f.ok(shift("B", (4, 1), Some(false)));
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        (r.attacker.as_str(), numbers(r)),
        ("A", (16, Some(14), AvOutcome::Hit, false))
    );
    assert_eq!(energy(&mut f, "A"), 1);
    assert_eq!(
        (f.vit("B"), f.pos("B"), energy(&mut f, "B")),
        (8, Pos::new(4, 1), 4)
    );
    f.all_dice_used();
}

#[test]
fn preset002_7_ranged() {
    let mut f = arena(&["............", "............", "............"])
        .unit("A", "Blue", "duelist", (0, 1), Dir8::E)
        .unit("B", "Red", "duelist", (6, 1), Dir8::W)
        .start_with(&[7, 4, 2, 5, 4, 15, 1, 3], None);
    let ev = f.ok(attack_with("A", "B", "shortbow"));
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        (r.defence.as_ref().unwrap().total, r.against),
        (7, 6),
        "R 4 + 2 + 1; 4 + 7 − 5"
    );
    assert_eq!(numbers(r).2, AvOutcome::Hit);
    assert_eq!((f.vit("B"), energy(&mut f, "A")), (16, 4));
    assert!(!f.unit("A").own.footing().loaded(1), "the bow is unloaded");
    let ev = f.ok(mv("B", (3, 1)));
    assert_eq!(move_costs(&ev).iter().sum::<u32>(), 3);
    assert_eq!(energy(&mut f, "B"), 3);
    let ev = f.ok(attack_with("A", "B", "shortbow"));
    assert_eq!(energy(&mut f, "A"), 2, "loaded first: 1 + 1");
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        (r.rolls.clone(), r.kept),
        (vec![4, 15], 15),
        "close range: advantage"
    );
    assert_eq!((r.against, r.on_armor), (6, false));
    assert_eq!(f.vit("B"), 12);
    f.all_dice_used();
}

#[test]
fn preset002_8_weakness() {
    let torch = r#"(weapons: ["torch"])"#;
    let mut f = duel(torch, "(vulnerable: [Heat])").start_with(&[5, 3, 4], None);
    f.ok(attack_with("A", "B", "torch"));
    assert_eq!(f.vit("B"), 16, "(4 − 2) × 2");
    let mut f = duel(torch, "(vulnerable: [Heat], resist: [Heat])").start_with(&[5, 3, 4], None);
    f.ok(attack_with("A", "B", "torch"));
    assert_eq!(f.vit("B"), 18, "Weakness and Resistance cancel");
    f.all_dice_used();
}

#[test]
fn preset002_9_sprint_push_into_a_wall() {
    let mut f = arena(&["#......."])
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Never)"#)
        .unit("A", "Blue", "duelist", (7, 0), Dir8::W)
        .unit("B", "Red", "duelist", (2, 0), Dir8::E)
        .start_with(&[12, 1, 1, 3], None);
    let ev = f.ok(charge("A", "B"));
    assert_eq!(
        moved_to(&ev)[..4],
        [
            Pos::new(6, 0),
            Pos::new(5, 0),
            Pos::new(4, 0),
            Pos::new(3, 0)
        ]
    );
    assert_eq!(
        (energy(&mut f, "A"), f.unit("A").own.footing().stamina),
        (0, 9)
    );
    let r = &av_rolls(&ev)[0];
    assert_eq!(r.against, 11, "unarmed AV 16 − 5");
    assert_eq!(numbers(r), (12, Some(11), AvOutcome::Hit, false));
    assert!(has_event(
        &ev,
        |e| matches!(e.of_book(), Some(Seed002Event::FortitudeRolled { roll, resisted: false, .. }) if roll.total == 14)
    ));
    assert_eq!(f.pos("B"), Pos::new(1, 0));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::Collided { distance: 3, .. }
    )));
    assert_eq!(f.vit("B"), 17);
    assert!(f.has("B", ConditionKind::Unguarded) && f.has("A", ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn preset002_10_seize() {
    let mut f = duel("()", "()")
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Ask)"#)
        .start_with(&[12, 9, 8, 9, 4, 5], None);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionOffered { reactor, .. } if reactor == "B")
    ));
    let ev = f.ok(answer("B", true));
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed002Event::SeizeRolled {
            total: 14,
            against_total: Some(11),
            won: true,
            ..
        })
    )));
    let ev = f.ok(shift("B", (3, 1), None));
    assert_eq!(
        (f.pos("B"), f.unit("B").own.footing().agility),
        (Pos::new(3, 1), 1)
    );
    assert_eq!(f.unit("B").facing, Dir8::E);
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::AttackCancelled { .. }
    )));
    assert_eq!(energy(&mut f, "A"), 4, "a cancelled action costs 1");
    assert_eq!(f.active(), "B", "the activation goes to Red");
    f.ok(end("B"));
    let ev = f.ok(mv("A", (2, 1)));
    assert!(
        !has_event(&ev, |e| matches!(e, BattleEvent::ReactionOffered { .. })),
        "B's rear arc"
    );
    assert_eq!(energy(&mut f, "A"), 3);
    f.ok(end("B"));
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert!(
        !has_event(&ev, |e| matches!(e, BattleEvent::ReactionOffered { .. })),
        "B rolled already"
    );
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        r.defence.as_ref().unwrap().roll.rolls[0].0,
        vec![9, 4],
        "disadvantage from the rear"
    );
    assert_eq!(
        numbers(r),
        (8, Some(13), AvOutcome::Hit, true),
        "4 + 10 − guard 1"
    );
    assert_eq!((f.vit("B"), energy(&mut f, "A")), (15, 0));
    f.all_dice_used();
}

#[test]
fn preset002_11_death_roll_death_save_death() {
    let dice = [14, 2, 4, 7, 12, 8, 9, 6, 5, 2, 1];
    let mut f = duel("()", "(vitality: 3)").start_with(&dice, None);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert!(!numbers(&av_rolls(&ev)[0]).3, "off armor");
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed002Event::DeathRolled {
            roll: 7,
            save: false,
            ..
        })
    )));
    assert_eq!(f.vit("B"), 0);
    assert!(!f.has("B", ConditionKind::Down), "it fights on at 0 Aura");
    assert!(f.has("B", ConditionKind::Exhausted) && f.has("B", ConditionKind::BleedingOut));
    f.ok(end("B"));
    f.ok(end("A"));
    assert!(has_event(&f.log(), |e| matches!(
        e.of_book(),
        Some(Seed002Event::DeathRolled {
            roll: 12,
            save: true,
            ..
        })
    )));
    assert_eq!(energy(&mut f, "B"), 3, "Exhausted: 2 Energy less");
    let ev = f.ok(attack_with("B", "A", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (8, Some(19), AvOutcome::Miss, false)
    );
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (6, Some(15), AvOutcome::Hit, true)
    );
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed002Event::DeathRolled { roll: 1, .. })
    )));
    assert!(f.has("B", ConditionKind::Dead));
    assert!(won_by(&f, "Blue"));
    f.all_dice_used();
}

#[test]
fn preset002_12_non_lethal_knockout() {
    let mut f = duel("()", "(vitality: 1, stamina: 4)").start_with(&[13, 2, 15, 1], None);
    assert_eq!(energy(&mut f, "B"), 4, "Energy capped by Stamina");
    let unarmed = AttackOptions {
        unarmed: true,
        ..AttackOptions::default()
    };
    let ev = f.ok(attack_opts("A", "B", "sword", unarmed.clone()));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (13, Some(12), AvOutcome::Hit, false)
    );
    assert_eq!(av_rolls(&ev)[0].against, 16, "unarmed AV 15 + (2 + 1) / 3");
    assert_eq!(f.vit("B"), 0);
    assert!(
        !has_event(&ev, |e| matches!(
            e.of_book(),
            Some(Seed002Event::DeathRolled { .. })
        )),
        "no excess"
    );
    assert_eq!(energy(&mut f, "A"), 3);
    f.ok(end("B"));
    let ev = f.ok(attack_opts("A", "B", "sword", unarmed));
    assert!(!has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed002Event::DeathRolled { .. })
    )));
    assert!(f.has("B", ConditionKind::Exhausted) && f.has("B", ConditionKind::Shaken));
    assert_eq!(f.unit("B").own.footing().stamina, 0);
    assert!(f.has("B", ConditionKind::Unconscious));
    assert!(won_by(&f, "Blue"));
    assert_eq!(energy(&mut f, "A"), 1);
    f.all_dice_used();
}

/// RULES_NOTES, Seed002: any able unit of the side whose activation it is may take its one
/// action, not only the first listed; the activation then goes to the other side.
#[test]
fn seed002_any_able_unit_of_the_side_takes_the_activation() {
    let mut f = arena(&["......", "......", "......"])
        .unit("A", "Blue", "duelist", (0, 0), Dir8::E)
        .unit("C", "Blue", "duelist", (1, 1), Dir8::E)
        .unit("B", "Red", "duelist", (2, 1), Dir8::W)
        .start_with(&[2, 4, 5], None);
    assert_eq!(f.active(), "A", "the first able unit is offered first");
    let ev = f.ok(attack_with("C", "B", "sword"));
    assert_eq!(av_rolls(&ev)[0].attacker, "C");
    assert_eq!((energy(&mut f, "C"), energy(&mut f, "A")), (2, 5));
    assert_eq!(f.active(), "B", "one action, then Red's activation");
    f.all_dice_used();
}

/// RULES_NOTES, Seed002: a unit that Stamina 0 knocked out rolls a d20 at each round start
/// and wakes on a 20 with 1 Stamina (its Energy capped at 1, and still Exhausted: 0).
#[test]
fn seed002_a_knocked_out_unit_wakes_on_a_20() {
    for (wake, awake) in [(19, false), (20, true)] {
        let unarmed = AttackOptions {
            unarmed: true,
            ..AttackOptions::default()
        };
        let mut f = duel("()", "(vitality: 1, stamina: 4)")
            .unit("C", "Red", "duelist", (5, 2), Dir8::W)
            .start_with(&[13, 2, 15, 1, wake], None);
        f.ok(attack_opts("A", "B", "sword", unarmed.clone()));
        f.ok(end("C"));
        f.ok(attack_opts("A", "B", "sword", unarmed));
        assert!(f.has("B", ConditionKind::Unconscious));
        f.ok(end("C"));
        f.ok(end("A"));
        assert_eq!(f.h.turn().round, 2);
        assert_eq!(
            !f.has("B", ConditionKind::Unconscious),
            awake,
            "wake roll {wake}"
        );
        if awake {
            assert_eq!(
                (f.unit("B").own.footing().stamina, energy(&mut f, "B")),
                (1, 0)
            );
            assert!(f.has("B", ConditionKind::Exhausted));
        }
        f.all_dice_used();
    }
}

/// RULES_NOTES, Seed002: Stamina stands in for one missing Energy a round for every action,
/// Defend included; once it has, an action the unit cannot pay is refused. (Defend at 0
/// Energy was once paid by nothing, again and again, so that a side could keep the round
/// from ending.)
#[test]
fn seed002_stamina_stands_in_once_a_round_for_defend_too() {
    let mut f = duel("()", "()").start_with(&[], None);
    let red_passes = || end("B");
    while energy(&mut f, "A") > 0 {
        f.ok(simple("Defend", "A"));
        f.ok(red_passes());
    }
    let stamina = f.unit("A").own.footing().stamina;
    f.ok(simple("Defend", "A"));
    assert_eq!(
        (f.unit("A").own.footing().stamina, energy(&mut f, "A")),
        (stamina - 1, 0),
        "Stamina paid the missing Energy"
    );
    f.ok(red_passes());
    assert!(matches!(
        f.rejected(simple("Defend", "A")),
        Refusal::NotEnoughAp { .. }
    ));
    f.all_dice_used();
}

/// A Coup command as a replay file writes it (D4's own action), so that the test also pins
/// its RON form.
fn coup(u: &str, t: &str) -> Command {
    ron::from_str(&format!("Coup(unit: {u:?}, target: {t:?})")).expect("a Coup command")
}

/// Knocks B (vitality 1, Stamina 4) out with two Unarmed Attacks of A, as scenario 12 does,
/// while Red's C keeps the battle going: B Unconscious at 0 Aura, A with 1 Energy.
fn knocked_out(more_dice: &[u32]) -> Fight {
    let mut dice = vec![13, 2, 15, 1];
    dice.extend_from_slice(more_dice);
    let mut f = duel("()", "(vitality: 1, stamina: 4)")
        .unit("C", "Red", "duelist", (5, 2), Dir8::W)
        .start_with(&dice, None);
    let unarmed = AttackOptions {
        unarmed: true,
        ..AttackOptions::default()
    };
    f.ok(attack_opts("A", "B", "sword", unarmed.clone()));
    f.ok(end("C"));
    f.ok(attack_opts("A", "B", "sword", unarmed));
    assert!(f.has("B", ConditionKind::Unconscious) && f.vit("B") == 0);
    assert_eq!(energy(&mut f, "A"), 1, "5 − 2 − 2");
    f.ok(end("C"));
    f
}

/// D4: a Coup (1 Energy) on an Unconscious unit within reach rolls no Evasion: it hits
/// unless the Combat roll is 1, armor counts (H7, D1), and a target at 0 Aura that takes
/// ≥ 1 damage is Dead with no Death roll. The preview prices it: P(Dead) = P(hit) = 19/20
/// (every hit deals ≥ 1: on armor 1d8 + 2 − 2). A Dead unit can never be attacked.
#[test]
fn d4_coup_on_an_unconscious_unit_costs_1_energy_and_kills_it_at_0_aura_without_a_death_roll() {
    let mut f = knocked_out(&[5, 4]);
    let p =
        f.h.with_view(|v| preview(v, &coup("A", "B")))
            .expect("the Coup's preview")
            .odds_of::<AvOdds>()
            .cloned()
            .expect("Seed002 odds");
    assert_eq!(p.natural_miss, Chance::new(1, 20));
    assert_eq!(p.on_armor.chance, Chance::new(10, 20), "Combat roll 2–11");
    assert_eq!(p.on_armor.range, (1, 8), "1d8 + 2 − armor 2");
    assert_eq!(p.off_armor.chance, Chance::new(8, 20), "Combat roll 12–19");
    assert_eq!(p.hit, Chance::new(19, 20), "no Evasion roll");
    assert_eq!(
        p.death_roll,
        Chance::never(),
        "a Coup at 0 Aura calls for none"
    );
    assert_eq!(p.dead, Chance::new(19, 20));
    let ev = f.ok(coup("A", "B"));
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        numbers(r),
        (5, None, AvOutcome::Hit, true),
        "5 < coverage 12"
    );
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ActionTaken {
            action: skirmish::rulebooks::seed002::action_names::COUP,
            ..
        }
    )));
    assert_eq!(energy(&mut f, "A"), 0, "a Coup costs 1 Energy");
    assert!(!f.unit("A").reactions.swift_used, "not a Swift Attack");
    assert!(
        !has_event(&ev, |e| matches!(
            e.of_book(),
            Some(Seed002Event::DeathRolled { .. })
        )),
        "4 + 2 − 2 = 4 at 0 Aura: Dead, no Death roll"
    );
    assert!(f.has("B", ConditionKind::Dead));
    assert!(!won_by(&f, "Blue"), "C fights on");
    f.ok(end("C"));
    assert!(matches!(
        f.rejected(attack_with("A", "B", "sword")),
        Refusal::TargetDown { target } if target == "B"
    ));
    f.all_dice_used();
}

/// D4 and H1: a full Melee Attack on an Unconscious unit is the player's other choice: 3
/// Energy (E3's Stamina may pay the last), no Evasion roll, and at 0 Aura its damage calls
/// for a Death roll (P = 19/20, Dead 19/400 in the preview) rather than killing outright.
#[test]
fn d4_a_melee_attack_on_an_unconscious_unit_costs_3_energy_and_calls_for_its_death_roll() {
    // B (vitality 3) takes 6 off armor: 3 excess, Death roll 3 → Unconscious (and Bleeding
    // out). A Energy 2.
    let mut f = duel("()", "(vitality: 3)")
        .unit("C", "Red", "duelist", (5, 2), Dir8::W)
        .start_with(&[14, 2, 4, 3, 6, 1, 12], None);
    f.ok(attack_with("A", "B", "sword"));
    assert!(f.has("B", ConditionKind::Unconscious) && f.vit("B") == 0);
    assert_eq!(energy(&mut f, "A"), 2);
    f.ok(end("C"));
    assert!(
        matches!(f.rejected(trip("A", "B")), Refusal::TargetDown { .. }),
        "struck, not tripped"
    );
    let p =
        f.h.with_view(|v| preview(v, &attack_with("A", "B", "sword")))
            .expect("the attack's preview")
            .odds_of::<AvOdds>()
            .cloned()
            .expect("Seed002 odds");
    assert_eq!(p.hit, Chance::new(19, 20), "no Evasion roll");
    assert_eq!(
        p.death_roll,
        Chance::new(19, 20),
        "every hit deals ≥ 1 at 0 Aura"
    );
    assert_eq!(p.dead, Chance::new(19, 400), "a Death roll of 1");
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (6, None, AvOutcome::Hit, true),
        "no Evasion roll"
    );
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ActionTaken {
            action: skirmish::rules::actions::ActionKind::Attack,
            ..
        }
    )));
    assert_eq!(
        (energy(&mut f, "A"), f.unit("A").own.footing().stamina),
        (0, 9),
        "3 Energy, Stamina paying the third"
    );
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed002Event::DeathRolled {
            roll: 12,
            save: false,
            ..
        })
    )));
    assert!(
        f.has("B", ConditionKind::Unconscious) && !f.has("B", ConditionKind::Dead),
        "1 + 2 − 2 = 1 at 0 Aura; Death roll 12: Exhausted, alive"
    );
    f.all_dice_used();
}

/// D4: a Coup on a unit that is not Unconscious is refused, and says why.
#[test]
fn d4_a_coup_on_a_conscious_unit_is_refused() {
    let mut f = duel("()", "()").start_with(&[], None);
    assert_eq!(
        f.rejected(coup("A", "B")).to_string(),
        "B is not Unconscious: a Coup strikes only an Unconscious enemy (attack it instead)"
    );
    assert_eq!(energy(&mut f, "A"), 5);
    f.all_dice_used();
}

/// I4 (3): the declared action is checked again after the Seize's winner acted; an actor
/// the winner Tripped (Prone) cannot attack after all, and pays 1 Energy (E4). B seizes 14
/// against 11 and Trips A: Combat roll 10; A, guarded, rolls Evasion with advantage, keeps
/// 2: 12 ≤ AV 17 − 5, a hit; Fortitude 4 + 11 = 15, not > 17: Prone.
#[test]
fn i4_3_a_seized_attack_whose_actor_is_tripped_prone_is_cancelled_for_1_energy() {
    let mut f = duel("()", "()")
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Ask)"#)
        .start_with(&[12, 9, 10, 2, 1, 4], None);
    f.ok(attack_with("A", "B", "sword"));
    f.ok(answer("B", true));
    let ev = f.ok(trip("B", "A"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (10, Some(12), AvOutcome::Hit, false)
    );
    assert!(f.has("A", ConditionKind::Prone));
    assert_eq!(av_rolls(&ev).len(), 1, "A's attack rolls no die");
    let cancelled: Vec<String> = ev
        .iter()
        .filter(|e| matches!(e, BattleEvent::AttackCancelled { .. }))
        .map(skirmish::battle::describe::describe)
        .collect();
    assert_eq!(cancelled, ["A cannot attack B after all: A is Prone"]);
    assert_eq!(energy(&mut f, "A"), 4, "a cancelled action costs 1");
    assert_eq!(energy(&mut f, "B"), 2, "the Trip, paid as usual");
    assert_eq!(f.active(), "B", "the activation goes to Red");
    f.all_dice_used();
}

/// Take an offered Swift Attack as a maneuver, written as a replay file writes the answer
/// (X1), so that the test also pins its RON form.
fn swift_as(reactor: &str, maneuver: &str) -> Command {
    ron::from_str(&format!(
        "AnswerReaction(reactor: {reactor:?}, accept: true, maneuver: Some({maneuver}))"
    ))
    .expect("an answer")
}

/// The kept dice of one exploding roll's first throw, and its total.
fn fortitude(ev: &[BattleEvent]) -> Vec<(Vec<u32>, i32)> {
    ev.iter()
        .filter_map(|e| match e.of_book()? {
            Seed002Event::FortitudeRolled { roll, .. } => {
                Some((roll.roll.rolls[0].0.clone(), roll.total))
            }
            _ => None,
        })
        .collect()
}

/// A at (1,1) facing E; B at (3,1) facing W, one step out of A's sword's reach; Blue asks.
fn step_in(dice: &[u32]) -> Fight {
    arena(&["......", "......", "......"])
        .sides(r#"(name: "Blue", reactions: Ask), (name: "Red", reactions: Always)"#)
        .unit("A", "Blue", "duelist", (1, 1), Dir8::E)
        .unit("B", "Red", "duelist", (3, 1), Dir8::W)
        .start_with(dice, None)
}

/// B Shifts into A's reach, paying Energy: A is offered a Swift Attack after the step.
fn b_steps_in(f: &mut Fight) {
    f.ok(end("A"));
    let ev = f.ok(shift("B", (2, 1), Some(false)));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "A"
    )));
}

#[test]
fn x1_a_swift_attack_may_be_a_trip() {
    // Scenario 5's Trip: A Trips B (Red lets it be, no Seize; Combat roll 11; B's Evasion at advantage keeps 8 of 3
    // and 8: 18 > 12, a miss) and is left Unguarded; Red asks, and B's Swift Attack is a
    // Trip with its sword: AV 17 − 5 = 12. Combat roll 10; A is Unguarded, so Exposed: its
    // Evasion rolls plain, 1 + 10 = 11 ≤ 12, a hit. The Unguarded trigger is no step of
    // A's: Fortitude rolls one die, 4 + 11 = 15, not > 17 → A Prone. B pays 1 Energy (4).
    let mut f = duel("()", "()")
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Ask)"#)
        .start_with(&[11, 3, 8, 10, 1, 4], None);
    f.ok(trip("A", "B"));
    f.ok(answer("B", false)); // no Seize
    let ev = f.ok(swift_as("B", "Trip"));
    let r = &av_rolls(&ev)[0];
    assert_eq!((r.attacker.as_str(), r.weapon.as_str()), ("B", "sword"));
    assert_eq!(numbers(r), (10, Some(11), AvOutcome::Hit, false));
    assert_eq!(fortitude(&ev), vec![(vec![4], 15)]);
    assert!(f.has("A", ConditionKind::Prone));
    assert_eq!(
        (f.vit("A"), energy(&mut f, "B")),
        (20, 4),
        "a Trip deals no damage"
    );
    assert!(f.unit("B").reactions.swift_used);
    f.all_dice_used();
}

#[test]
fn x2_a_swift_maneuver_makes_nobody_unguarded_and_gives_no_advantage() {
    // Round 1: B Shifts to (2,1) into A's reach; A's Swift Attack is a Push, bare hands:
    // AV 15 + ⌊(2 + 1)/3⌋ − 5 = 11. B is not Exposed, yet its Evasion rolls one die (X2:
    // no advantage): Combat roll 9, Evasion 1 + 10 = 11 ≤ 11, a hit. Fortitude 2 + 11 = 13,
    // not > 16: B is pushed 1 m back to (3,1), and is not Unguarded; nor is A (no C2).
    // Blue and Red pass; round 2 opens with Red. B steps in again; A Pushes again: Combat
    // roll 9, Evasion 1, a hit; Fortitude 6 + 11 = 17 > 16, resisted: A is still not
    // Unguarded (no C4 either).
    let mut f = step_in(&[9, 1, 2, 9, 1, 6]);
    b_steps_in(&mut f);
    let ev = f.ok(swift_as("A", "Push"));
    let r = &av_rolls(&ev)[0];
    assert_eq!(
        r.defence.as_ref().unwrap().roll.rolls[0].0,
        vec![1],
        "one die"
    );
    assert_eq!(numbers(r), (9, Some(11), AvOutcome::Hit, false));
    assert_eq!(fortitude(&ev), vec![(vec![2], 13)]);
    assert_eq!(f.pos("B"), Pos::new(3, 1), "pushed 1 m");
    assert!(!f.has("B", ConditionKind::Unguarded) && !f.has("A", ConditionKind::Unguarded));
    assert_eq!(energy(&mut f, "A"), 4);
    f.ok(end("A"));
    f.ok(end("B"));
    assert_eq!((f.h.turn().round, f.active()), (2, "B".to_string()));
    let ev = f.ok(shift("B", (2, 1), Some(false)));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { .. }
    )));
    let ev = f.ok(swift_as("A", "Push"));
    assert_eq!(fortitude(&ev), vec![(vec![6], 17)]);
    assert_eq!(f.pos("B"), Pos::new(2, 1), "resisted");
    assert!(!f.has("A", ConditionKind::Unguarded) && !f.has("B", ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn x3_a_swift_trip_triggered_by_the_targets_step_gives_disadvantage_on_its_fortitude() {
    // B Shifts to (2,1) into A's reach; A's Swift Attack is a Trip with its sword, AV 12:
    // Combat roll 10, B's Evasion (one die, X2) 1 + 10 = 11 ≤ 12, a hit. B's own step set
    // it off: Fortitude at disadvantage, 9 and 4 keep 4: 4 + 11 = 15, not > 17 → B Prone
    // (a plain roll of 9 would have made 20 and resisted).
    let mut f = step_in(&[10, 1, 9, 4]);
    b_steps_in(&mut f);
    let ev = f.ok(swift_as("A", "Trip"));
    assert_eq!(
        numbers(&av_rolls(&ev)[0]),
        (10, Some(11), AvOutcome::Hit, false)
    );
    assert_eq!(fortitude(&ev), vec![(vec![9, 4], 15)]);
    assert!(f.has("B", ConditionKind::Prone));
    f.all_dice_used();
}

#[test]
fn x1_a_swift_push_or_restrain_on_a_larger_target_is_refused_and_the_offer_stands() {
    // A is Large. A Trips B (Combat roll 11; B's Evasion at advantage keeps 8: a miss) and
    // is left Unguarded. B, Medium, may not Push or Restrain one larger than itself (C4,
    // C6): refused, nothing changes and the offer waits; B lets it go.
    let mut f = duel("(size: Large)", "()")
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Ask)"#)
        .start_with(&[11, 3, 8], None);
    f.ok(trip("A", "B"));
    f.ok(answer("B", false)); // no Seize
    for m in ["Push", "Restrain"] {
        assert!(matches!(
            f.rejected(swift_as("B", m)),
            Refusal::TooLarge { .. }
        ));
    }
    f.ok(answer("B", false));
    assert!(!f.unit("B").reactions.swift_used);
    assert_eq!(energy(&mut f, "B"), 5);
    f.all_dice_used();
}
