//! Seed003's previews against brute force (presets/Seed003.md, "Preview"): an attack's
//! chance to hit and of each critical, the slot its wound fills after overflow, a hit
//! without a wound, and going Down as Dying, Dead or Unconscious, for Standard, Quick,
//! Strong and Nonlethal attacks; a Shove's chance and its distances. Every fall of the dice
//! (216 for 3d6, 1296 with a Strong Attack's d6) is played by the real battle
//! (`common::falls`); the initiative dice are fixed first. No die explodes here: nothing is
//! cut, and the preview's fractions must match exactly.

mod common;
use common::falls::{Search, every_fall};
use common::seed003::{arena, checks, red_a, wounds};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::events::{AttackOptions, AttackStyle, BattleEvent};
use skirmish::battle::preview::{Preview, preview};
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rulebooks::seed003::rules::{CRITICAL_FAILURE, CRITICAL_SUCCESS, WoundLevel};
use skirmish::rulebooks::seed003::{Check3Odds, Odds3};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// Sums of 216ths are exact in floating point far below this.
const EPS: f64 = 1e-12;

/// What every fall of an attack came to.
#[derive(Debug, Default)]
struct Tally {
    hit: f64,
    critical_success: f64,
    critical_failure: f64,
    landed: [f64; 5],
    no_wound: f64,
    dying: f64,
    dead: f64,
    unconscious: f64,
}

fn near(preview: f64, brute: f64, what: &str) {
    assert!(
        (preview - brute).abs() <= EPS,
        "{what}: preview {preview}, brute force {brute}"
    );
}

fn styled(style: AttackStyle, nonlethal: bool, cap: Option<WoundLevel>) -> Command {
    Command::Attack {
        unit: "A".into(),
        target: "T".into(),
        weapon: None,
        options: AttackOptions {
            style,
            non_lethal: nonlethal.then_some(true),
            cap,
            ..AttackOptions::default()
        },
    }
}

/// The preview and the brute force of `cmd` (A on T) in `room` after the initiative dice.
fn both(room: &Arena, head: &[u32], cmd: &Command) -> (Preview, Tally) {
    both_after(room, head, &[], cmd)
}

/// The same after `setup` commands, whose dice end `head`.
fn both_after(room: &Arena, head: &[u32], setup: &[Command], cmd: &Command) -> (Preview, Tally) {
    let mut f = room.start_with(head, None);
    for c in setup {
        f.ok(c.clone());
    }
    let p = f.h.with_view(|v| preview(v, cmd)).expect("the preview");
    let mut t = Tally::default();
    let search = Search {
        head: head.to_vec(),
        ..Search::default()
    };
    let cut = every_fall(
        &search,
        |dice| room.start_with(dice, None),
        |f| {
            for c in setup {
                f.ok(c.clone());
            }
            f.ok(cmd.clone())
        },
        |f, ev, p| {
            let c = &checks(ev)[0];
            if c.success {
                t.hit += p;
            }
            if c.natural >= CRITICAL_SUCCESS {
                t.critical_success += p;
            }
            if c.natural <= CRITICAL_FAILURE {
                t.critical_failure += p;
            }
            if c.success {
                match wounds(ev).first().and_then(|w| w.landed) {
                    Some(l) => t.landed[l.index()] += p,
                    None if f.has("T", ConditionKind::Unconscious) => {}
                    None => t.no_wound += p,
                }
            }
            for (kind, slot) in [
                (ConditionKind::Dying, &mut t.dying),
                (ConditionKind::Dead, &mut t.dead),
                (ConditionKind::Unconscious, &mut t.unconscious),
            ] {
                if f.has("T", kind) {
                    *slot += p;
                }
            }
        },
    );
    assert_eq!(cut, 0.0, "3d6 never explodes");
    (p, t)
}

fn check(p: &Preview, t: &Tally, what: &str) {
    let o = p.odds_of::<Odds3>().expect("Seed003 odds");
    near(o.hit.value(), t.hit, &format!("{what}: hit"));
    near(o.critical_success.value(), t.critical_success, what);
    near(o.critical_failure.value(), t.critical_failure, what);
    for l in WoundLevel::ALL {
        near(
            o.landed[l.index()].value(),
            t.landed[l.index()],
            &format!("{what}: {l}"),
        );
    }
    near(o.no_wound.value(), t.no_wound, &format!("{what}: no wound"));
    near(o.dying.value(), t.dying, &format!("{what}: Dying"));
    near(o.dead.value(), t.dead, &format!("{what}: Dead"));
    near(
        o.unconscious.value(),
        t.unconscious,
        &format!("{what}: Unconscious"),
    );
}

/// Scenario 2's room: T with vit 2 and persona −1 (Toughness 4; L4 M4 S3 C2 F1).
fn duel(t_over: &str) -> Arena {
    arena(&["......"])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit_with("T", "Blue", "fighter", (1, 0), Dir8::W, t_over)
}

const HEAD: [u32; 6] = [5, 5, 5, 2, 2, 2];

#[test]
fn preview_seed003_standard_and_quick_attacks() {
    let room = duel("(vit: 2, persona: -1)");
    let (p, t) = both(&room, &HEAD, &styled(AttackStyle::Standard, false, None));
    assert!(t.landed[WoundLevel::Critical.index()] > 0.0 && t.dying > 0.0);
    check(&p, &t, "standard");
    let (p, t) = both(&room, &HEAD, &styled(AttackStyle::Quick, false, None));
    check(&p, &t, "quick");
}

#[test]
fn preview_seed003_a_strong_attack_counts_its_d6() {
    let room = duel("(vit: 2, persona: -1)");
    let (p, t) = both(&room, &HEAD, &styled(AttackStyle::Strong, false, None));
    assert!(t.landed[WoundLevel::Fatal.index()] > 0.0);
    check(&p, &t, "strong");
}

#[test]
fn preview_seed003_overflow_death_and_a_nonlethal_knockout() {
    // A Minion (one slot of each but Light): heavier wounds overflow to the Fatal slot.
    let minion = duel("(evasion: 12, armor: 1, wound_track: Minion)");
    let (p, t) = both(&minion, &HEAD, &styled(AttackStyle::Standard, false, None));
    assert!(t.dead > 0.0);
    check(&p, &t, "a minion");
    // Nonlethal, capped at Severe: wounds that would fill the Fatal slot knock out.
    let (p, t) = both(
        &minion,
        &HEAD,
        &styled(AttackStyle::Standard, true, Some(WoundLevel::Severe)),
    );
    assert!(t.unconscious == 0.0, "a fresh minion has its Severe slot");
    check(&p, &t, "nonlethal");
    // Two Severe wounds first (3d6 8 + 4 + 2 flanked = 14, final 5) fill the Severe and
    // Critical slots: now a capped wound that would overflow to Fatal knocks out instead.
    // A strikes, then B (listed after T, first on the tie in odd rounds) twice.
    let fast = duel("(evasion: 12, armor: 1, wound_track: Minion)");
    let fast = fast.unit_with("B", "Red", "fighter", (2, 0), Dir8::W, "(speed: 2)");
    let setup = [attack("A", "T"), end("A"), attack("B", "T")];
    let mut head = HEAD.to_vec();
    head.extend([2, 2, 2, 2, 3, 3, 2, 3, 3]);
    let nonlethal = Command::Attack {
        unit: "B".into(),
        target: "T".into(),
        weapon: None,
        options: AttackOptions {
            non_lethal: Some(true),
            cap: Some(WoundLevel::Severe),
            ..AttackOptions::default()
        },
    };
    let (p, t) = both_after(&fast, &head, &setup, &nonlethal);
    assert!(t.unconscious > 0.0, "{t:?}");
    check(&p, &t, "nonlethal on a full track");
}

#[test]
fn preview_seed003_a_shove_and_its_distances() {
    let room = arena(&["......."])
        .unit_with("A", "Red", "fighter", (0, 0), Dir8::E, "(might: 3)")
        .unit("T", "Blue", "fighter", (1, 0), Dir8::W);
    let shove = Command::Shove {
        unit: "A".into(),
        target: "T".into(),
        dir: None,
        distance: None,
    };
    let mut f = room.start_with(&HEAD, None);
    let p = f.h.with_view(|v| preview(v, &shove)).unwrap();
    let odds = p.odds_of::<Check3Odds>().cloned().expect("a check's odds");
    let mut distances = [0.0f64; 8];
    let mut success = 0.0;
    let search = Search {
        head: HEAD.to_vec(),
        dice: 3,
        ..Search::default()
    };
    every_fall(
        &search,
        |dice| room.start_with(dice, None),
        |f| f.ok(shove.clone()),
        |_, ev, p| {
            if checks(ev)[0].success {
                success += p;
                let n = ev
                    .iter()
                    .filter(|e| matches!(e, BattleEvent::Pushed { unit, .. } if unit == "T"))
                    .count();
                distances[n] += p;
            }
        },
    );
    near(odds.success.value(), success, "shove");
    for (d, c) in &odds.distances {
        near(c.value(), distances[*d as usize], &format!("pushed {d}"));
    }
    let listed: f64 = odds.distances.iter().map(|(_, c)| c.value()).sum();
    near(listed, success, "every distance listed");
}

/// C5 Drag: the preview gives the Power check's chance against the partner's Power
/// Defense (the window's Drag button shows it), as every fall of the battle's 3d6 says.
#[test]
fn preview_seed003_a_drag_gives_its_check_odds() {
    let room = red_a(&["....", "....", "...."], "(speed: 2, might: 3)").unit(
        "G",
        "Blue",
        "fighter",
        (2, 1),
        Dir8::W,
    );
    let head = [5, 5, 5, 3, 3, 3, 4, 4, 4];
    let drag = Command::from(Seed003Command::Drag {
        unit: "A".into(),
        ap: 2,
        path: vec![skirmish::rules::grid::Pos::new(0, 1)],
    });
    let mut f = room.start_with(&head, None);
    f.ok(grab("A", "G"));
    let p =
        f.h.with_view(|v| preview(v, &drag))
            .expect("a drag preview");
    let odds = p.odds_of::<Check3Odds>().cloned().expect("a check's odds");
    assert_eq!((odds.bonus, odds.against), (3, 12));
    assert!(matches!(
        p.chance,
        Some((skirmish::battle::preview::Aim::Check, c)) if c == odds.success
    ));
    let mut success = 0.0;
    let search = Search {
        head: head.to_vec(),
        dice: 3,
        ..Search::default()
    };
    every_fall(
        &search,
        |dice| room.start_with(dice, None),
        |f| {
            f.ok(grab("A", "G"));
            f.ok(drag.clone())
        },
        |_, ev, p| {
            if checks(ev)[0].success {
                success += p;
            }
        },
    );
    near(odds.success.value(), success, "drag");
}

/// Seed003 has no opportunity attacks (a reach weapon's Rebuff answers a step *into* its
/// reach): W's walk out of E's reach provokes nothing in the battle, and its preview lists
/// nothing (it once listed an opportunity attack, which the computer walked around).
#[test]
fn a_walk_out_of_reach_provokes_nothing_and_previews_nothing() {
    let mut f = arena(&[".....", "....."])
        .unit("W", "Red", "fighter", (1, 0), Dir8::E)
        .unit("E", "Blue", "fighter", (2, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3], None);
    assert_eq!(f.active(), "W");
    let walk = mv("W", (0, 1));
    let p = f.h.with_view(|v| preview(v, &walk)).expect("the preview");
    assert_eq!(p.reactions, vec![]);
    let ev = f.ok(walk);
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            BattleEvent::ReactionTaken { .. } | BattleEvent::ReactionOffered { .. }
        )),
        "{ev:?}"
    );
    assert_eq!(f.unit("W").pos, skirmish::rules::grid::Pos::new(0, 1));
}
