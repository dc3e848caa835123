//! Preset Seed003's acceptance scenarios (presets/Seed003.md, "Acceptance scenarios"): AP
//! from Speed gained at each round start and turn end and carried over, movement bought
//! with AP, wounds that fill slots and overflow, criticals that move the turn order, acting
//! out of turn, flanking at 120° and ignoring a flanker, graded cover with posture and
//! Harry, Rebuff and Quick Attack, a Shove's margin into a wall, Grapple, Pin and
//! Interpose, Stamina and fatigue with Dash and Strong Attack, Seize Initiative and a
//! readied attack. Scripted dice through the real plugin and messages; both sides `Ask`,
//! every window passed and every other offer declined unless a scenario says otherwise.

mod common;
use common::seed003::{
    arena, checks, dasher_and_target, pass, red_a, spear_room, window_for, wounds,
};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::engine::{Resolution, Roster, TurnState};
use skirmish::battle::events::{AttackOptions, AttackStyle, BattleEvent, HeldAction, ReadyTrigger};
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rulebooks::seed003::Seed003Event;
use skirmish::rulebooks::seed003::track::Seed003Track;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::ruleset::ConditionKind;
use skirmish::rules::ruleset::RulebookId;
use skirmish::rules::unit::Posture;
use skirmish::rules::wound_level::WoundLevel;

fn ap(f: &mut Fight, u: &str) -> u32 {
    f.unit(u).ap
}

fn styled(u: &str, t: &str, style: AttackStyle) -> Command {
    Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: None,
        options: AttackOptions {
            style,
            ..AttackOptions::default()
        },
    }
}

/// The AP a unit holds after its turn's end gain, from the events.
fn turn_end_ap(ev: &[BattleEvent], unit: &str) -> Option<u32> {
    ev.iter().find_map(|e| match e.of_book()? {
        Seed003Event::ApGained {
            unit: u,
            ap,
            at_turn_end: true,
            ..
        } if u == unit => Some(*ap),
        _ => None,
    })
}

/// (level after steps, the slot it filled) of the only wound among events.
/// Red's fighter A with `weapon`, next to Blue's fighter T (with `t_overrides`).
fn armed_against(weapon: &str, t_overrides: &str, dice: &[u32]) -> Fight {
    arena(&["......"])
        .unit_with(
            "A",
            "Red",
            "fighter",
            (0, 0),
            Dir8::E,
            &format!(r#"(weapons: ["{weapon}"])"#),
        )
        .unit_with("T", "Blue", "fighter", (1, 0), Dir8::W, t_overrides)
        .start_with(dice, None)
}

/// Red's A (move rate 9) acts first, Blue's slow B far off: the M1 price of movement.
fn mover_at_rate_9() -> Fight {
    arena(&["........"])
        .unit_with("A", "Red", "fighter", (0, 0), Dir8::E, "(move_rate: 9)")
        .unit_with("B", "Blue", "fighter", (7, 0), Dir8::W, "(speed: -2)")
        .start_with(&[4, 4, 4, 1, 2, 2], None)
}

fn wound(ev: &[BattleEvent]) -> (Option<WoundLevel>, Option<WoundLevel>, i32) {
    let w = wounds(ev);
    assert_eq!(w.len(), 1, "one wound: {w:?}");
    (w[0].level, w[0].landed, w[0].final_damage)
}

#[test]
fn preset003_1_ap_and_movement_economy() {
    let mut f = arena(&["........", "........", "........"])
        .unit_with("A", "Red", "fighter", (0, 0), Dir8::E, "(move_rate: 9)")
        .unit_with("B", "Blue", "fighter", (7, 2), Dir8::W, "(speed: 2)")
        .start_with(&[4, 4, 4, 1, 2, 2], None);
    assert_eq!((f.initiative("A"), f.initiative("B")), (17, 10));
    assert_eq!((ap(&mut f, "A"), ap(&mut f, "B")), (6, 8));
    assert_eq!(f.active(), "A");
    let ev = f.ok(mv("A", (3, 0)));
    assert!(!window_for(&ev, "Blue"), "B is slower");
    assert_eq!((ap(&mut f, "A"), f.unit("A").pool.metres), (4, 1));
    f.ok(end("A"));
    assert_eq!(ap(&mut f, "A"), 10);
    // B declares End Turn; Red acts out of turn: two moves, the second buying an AP.
    let ev = f.ok(end("B"));
    assert!(window_for(&ev, "Red"));
    f.ok(Command::from(Seed003Command::Interrupt {
        unit: "A".into(),
        command: Box::new(mv("A", (4, 0))),
    }));
    assert_eq!(f.unit("A").pool.metres, 0);
    f.ok(mv("A", (5, 0)));
    assert_eq!((f.unit("A").pool.metres, ap(&mut f, "A")), (1, 9));
    let ev = f.ok(pass("Red"));
    assert!(has_event(&ev, |e| matches!(
        e.of_book(),
        Some(Seed003Event::DeclarationCancelled { .. })
    )));
    assert_eq!(f.initiative("A"), 17, "moving out of turn is free");
    assert_eq!(f.active(), "B", "B's End Turn was cancelled");
    let ev = f.declared(end("B"));
    assert_eq!(turn_end_ap(&ev, "B"), Some(16));
    assert_eq!(f.h.turn().round, 2);
    assert_eq!((f.unit("A").pool.metres, ap(&mut f, "A")), (0, 15));
    assert_eq!(ap(&mut f, "B"), 24);
    f.ok(end("A"));
    assert_eq!(ap(&mut f, "A"), 18, "3 lost above the most");
    f.declared(end("B"));
    assert_eq!(ap(&mut f, "B"), 24, "8 lost");
    f.all_dice_used();
}

#[test]
fn preset003_2_standard_attack_wound_level() {
    let mut f = arena(&["......"])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit_with(
            "T",
            "Blue",
            "fighter",
            (1, 0),
            Dir8::W,
            "(vit: 2, persona: -1)",
        )
        .start_with(&[5, 5, 5, 2, 2, 2, 6, 5, 5], None);
    assert_eq!((f.initiative("A"), f.initiative("T")), (20, 11));
    let ev = f.ok(attack("A", "T"));
    let c = &checks(&ev)[0];
    assert_eq!(
        (c.natural, c.total, c.against, c.success),
        (16, 20, 14, true)
    );
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Critical), Some(WoundLevel::Critical), 6)
    );
    let w = &wounds(&ev)[0];
    assert_eq!(w.slots, [4, 4, 3, 2, 1]);
    assert_eq!(w.filled, [0, 0, 0, 1, 0]);
    assert_eq!(ap(&mut f, "A"), 2);
    assert_eq!(f.initiative("A"), 20, "a natural 16 is no critical");
    f.all_dice_used();
}

#[test]
fn preset003_3_overflow_and_an_npc_death() {
    let mut f = arena(&["......"])
        .unit_with(
            "F",
            "Red",
            "fighter",
            (0, 0),
            Dir8::E,
            "(speed: 6, might: 1)",
        )
        .unit_with(
            "M",
            "Blue",
            "fighter",
            (1, 0),
            Dir8::W,
            "(evasion: 12, armor: 1, wound_track: Minion)",
        )
        .start_with(&[5, 5, 5, 1, 1, 2, 4, 4, 3, 4, 3, 3, 4, 4, 3], None);
    assert_eq!(ap(&mut f, "F"), 14);
    let landed: Vec<_> = (0..3)
        .map(|_| {
            let ev = f.ok(attack("F", "M"));
            wound(&ev)
        })
        .collect();
    assert_eq!(
        landed,
        vec![
            (Some(WoundLevel::Severe), Some(WoundLevel::Severe), 5),
            (Some(WoundLevel::Severe), Some(WoundLevel::Critical), 4),
            (Some(WoundLevel::Severe), Some(WoundLevel::Fatal), 5),
        ]
    );
    assert!(f.has("M", ConditionKind::Dead) && f.has("M", ConditionKind::Down));
    assert_eq!(ap(&mut f, "F"), 2);
    f.all_dice_used();
}

#[test]
fn preset003_4_a_critical_moves_the_turn_order() {
    let mut f = arena(&["......", "......", "......"])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (0, 2), Dir8::E)
        .unit_with("C", "Blue", "fighter", (1, 0), Dir8::W, "(armor: 4)")
        .start_with(&[6, 6, 6, 3, 3, 3, 4, 3, 3, 6, 6, 5], None);
    assert_eq!(
        (f.initiative("A"), f.initiative("B"), f.initiative("C")),
        (23, 14, 15)
    );
    let ev = f.ok(attack("A", "C"));
    assert_eq!(checks(&ev)[0].total, 21);
    assert_eq!(wound(&ev).0, Some(WoundLevel::Critical));
    assert_eq!((f.initiative("A"), f.initiative("C")), (25, 13));
    f.ok(end("A"));
    assert_eq!(f.active(), "B", "B (14) before C (13) now");
    f.ok(end("B"));
    assert_eq!(f.active(), "C");
    f.all_dice_used();
}

#[test]
fn preset003_5_acting_out_of_turn() {
    let mut f = arena(&["......"])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (1, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 4, 3, 4, 4, 2, 3, 4], None);
    assert_eq!((f.initiative("A"), f.initiative("B")), (20, 15));
    f.ok(end("A"));
    assert_eq!(ap(&mut f, "A"), 12);
    assert_eq!(ap(&mut f, "B"), 6);
    let ev = f.ok(attack("B", "A"));
    assert!(window_for(&ev, "Red"));
    // The turn bar and the hand-off screen say who may act, before what.
    let world = f.h.app.world();
    let book = RulebookId("Seed003").book();
    let (turn, roster) = (world.resource::<TurnState>(), world.resource::<Roster>());
    let resolution = world.resource::<Resolution>();
    assert_eq!(
        book.turn_bar_text(turn, resolution, roster).as_deref(),
        Some("   Red may act out of turn")
    );
    let next = book.handoff_next(resolution, roster, "A").unwrap();
    assert!(
        next.starts_with("Out of turn, before B's Attack: act with A"),
        "{next}"
    );
    let ev = f.ok(attack("A", "B"));
    assert_eq!(checks(&ev)[0].total, 15);
    assert_eq!(wound(&ev).0, Some(WoundLevel::Moderate));
    assert_eq!((ap(&mut f, "A"), f.initiative("A")), (8, 18));
    f.ok(pass("Red"));
    assert_eq!(ap(&mut f, "B"), 6, "the cancelled attack cost nothing");
    let ev = f.declared(attack("B", "A"));
    let c = &checks(&ev)[0];
    assert_eq!((c.total, c.success), (13, false));
    assert_eq!(ap(&mut f, "B"), 2);
    let ev = f.declared(end("B"));
    assert_eq!(turn_end_ap(&ev, "B"), Some(8));
    f.all_dice_used();
}

#[test]
fn preset003_6_flanking_at_120_degrees_and_ignoring_the_flank() {
    let room = |b: (i32, i32)| {
        arena(&[".....", ".....", ".....", ".....", "....."])
            .unit("A", "Red", "fighter", (1, 2), Dir8::E)
            .unit("B", "Red", "fighter", b, Dir8::W)
            .unit("T", "Blue", "fighter", (2, 2), Dir8::W)
    };
    let dice = [6, 6, 4, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3];
    let mut f = room((3, 3)).start_with(&dice, None);
    assert_eq!(
        (f.initiative("A"), f.initiative("B"), f.initiative("T")),
        (21, 11, 14)
    );
    let ev = f.ok(attack("A", "T"));
    assert_eq!(checks(&ev)[0].total, 15, "9 + 4 + 2 flanked");
    assert_eq!(wound(&ev).0, Some(WoundLevel::Moderate));
    f.ok(end("A"));
    assert_eq!(f.active(), "T");
    let ev = f.ok(Command::from(Seed003Command::Ignore {
        unit: "T".into(),
        target: "B".into(),
        ignore: true,
    }));
    assert!(
        !window_for(&ev, "Red"),
        "ignoring is free: A gets no window"
    );
    f.h.with_view(|v| {
        let t = v.ctx.snap.by_name("T").unwrap();
        assert!(!v.ctx.flanked_state(t), "ignoring B, T is not flanked");
    });
    f.declared(end("T"));
    let ev = f.declared(attack("B", "T"));
    assert_eq!(checks(&ev)[0].total, 17, "9 + 4 + 4 from the rear");
    assert_eq!(wound(&ev).0, Some(WoundLevel::Severe));
    // At 90° there is no flank: A's 13 misses.
    let mut f = room((2, 3)).start_with(&[6, 6, 4, 2, 2, 2, 3, 3, 3, 3, 3, 3], None);
    let ev = f.ok(attack("A", "T"));
    let c = &checks(&ev)[0];
    assert_eq!((c.total, c.success), (13, false));
}

#[test]
fn preset003_7_graded_cover_crouching_and_harry() {
    let mut f = arena(&[".....", "..c.."])
        .unit_with(
            "R",
            "Red",
            "fighter",
            (0, 1),
            Dir8::E,
            r#"(weapons: ["longbow"], might: 0, initiative: 3)"#,
        )
        .unit_ron(
            r#"(name: "T", side: "Blue", template: "fighter", pos: (3, 1), facing: W, posture: Crouching, overrides: (armor: 1))"#,
        )
        .unit("H", "Blue", "fighter", (0, 0), Dir8::S)
        .start_with(&[5, 5, 5, 2, 2, 2, 2, 2, 3, 6, 5, 5], None);
    assert_eq!(
        (f.initiative("R"), f.initiative("T"), f.initiative("H")),
        (23, 11, 12)
    );
    assert!(f.has("T", ConditionKind::Crouching));
    let ev = f.ok(attack_with("R", "T", "longbow"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "H"
    )));
    let ev = f.ok(answer("H", true));
    assert_eq!(ap(&mut f, "H"), 4);
    assert!(f.has("R", ConditionKind::Harried));
    let c = &checks(&ev)[0];
    assert_eq!((c.natural, c.total), (16, 16), "16 + 5 − 3 − 2");
    let reasons: Vec<_> = c.modifiers.iter().map(|m| m.reason).collect();
    use skirmish::battle::events::Reason;
    assert!(reasons.contains(&Reason::ThreeQuartersCover) && reasons.contains(&Reason::Harried));
    assert!(
        !reasons.contains(&Reason::TargetCrouching),
        "the larger penalty only"
    );
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Moderate), Some(WoundLevel::Moderate), 2)
    );
    assert_eq!(ap(&mut f, "R"), 2);
    f.all_dice_used();
}

#[test]
fn preset003_8_rebuff_and_quick_attack() {
    let mut f = spear_room(5, 3, "", "()").start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 3, 5, 4, 4], None);
    assert_eq!((f.initiative("S"), f.initiative("W")), (20, 14));
    f.ok(end("S"));
    assert_eq!(ap(&mut f, "S"), 12);
    let ev = f.ok(mv("W", (1, 0)));
    assert!(window_for(&ev, "Red"));
    let ev = f.ok(pass("Red"));
    assert_eq!(
        moved_to(&ev),
        vec![Pos::new(2, 0)],
        "the first step sets off nothing"
    );
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "S"
    )));
    let ev = f.ok(answer("S", true));
    assert_eq!(ap(&mut f, "S"), 8);
    assert_eq!(checks(&ev)[0].total, 14);
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Severe), Some(WoundLevel::Severe), 2)
    );
    assert_eq!(f.pos("W"), Pos::new(1, 0));
    assert_eq!((ap(&mut f, "W"), f.unit("W").pool.metres), (5, 0));
    let ev = f.declared(styled("W", "S", AttackStyle::Quick));
    assert_eq!(checks(&ev)[0].total, 17);
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Severe), Some(WoundLevel::Severe), 6)
    );
    assert_eq!(ap(&mut f, "W"), 2);
    f.all_dice_used();
}

#[test]
fn preset003_9_shove_margin_into_a_wall() {
    let mut f = arena(&["....#"])
        .unit_with("P", "Red", "fighter", (0, 0), Dir8::E, "(might: 3)")
        .unit("T", "Blue", "fighter", (1, 0), Dir8::W)
        .start_with(&[5, 5, 5, 1, 1, 2, 6, 5, 4], None);
    let ev = f.ok(Command::Shove {
        unit: "P".into(),
        target: "T".into(),
        dir: Some(Dir8::E),
        distance: None,
    });
    let c = &checks(&ev)[0];
    assert_eq!((c.total, c.against), (18, 12));
    assert_eq!(
        pushes(&ev),
        vec![
            ("T".to_string(), Pos::new(1, 0), Pos::new(2, 0)),
            ("T".to_string(), Pos::new(2, 0), Pos::new(3, 0)),
        ]
    );
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::Collided { .. }
    )));
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Moderate), Some(WoundLevel::Moderate), 3)
    );
    assert_eq!(ap(&mut f, "P"), 3);
    f.all_dice_used();
}

#[test]
fn preset003_10_grapple_pin_interpose() {
    let mut f = red_a(
        &["....", "....", "...."],
        "(speed: 2, might: 3, initiative: 4)",
    )
    .unit_with("G", "Blue", "fighter", (2, 1), Dir8::W, "(evasion: 13)")
    .unit("C", "Blue", "fighter", (1, 2), Dir8::N)
    .start_with(
        &[
            5, 5, 5, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 4, 3, 3, 3, 2, 2, 2,
        ],
        None,
    );
    assert_eq!(
        (f.initiative("A"), f.initiative("G"), f.initiative("C")),
        (24, 14, 17)
    );
    let ev = f.ok(grab("A", "G"));
    assert_eq!(checks(&ev)[0].total, 16);
    assert!(f.has("A", ConditionKind::Grappling) && f.has("G", ConditionKind::Grappling));
    let ev = f.ok(Command::from(Seed003Command::Pin { unit: "A".into() }));
    assert_eq!((checks(&ev)[0].total, checks(&ev)[0].against), (15, 12));
    assert!(f.has("G", ConditionKind::Pinned));
    assert_eq!((ap(&mut f, "A"), f.unit("A").own.track().stamina), (0, 9));
    f.ok(end("A"));
    assert_eq!(ap(&mut f, "A"), 8);
    assert_eq!(f.active(), "C");
    let ev = f.declared(attack("C", "A"));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "A"
    )));
    let ev = f.ok(answer("A", true));
    let c = checks(&ev);
    assert_eq!((c[0].total, c[0].against, c[0].success), (12, 12, true));
    assert_eq!(ap(&mut f, "A"), 6);
    assert_eq!((c[1].total, c[1].against), (10, 5), "Immobile Defense");
    let w = wounds(&ev);
    assert_eq!((w[0].unit.as_str(), w[0].final_damage), ("G", 7));
    assert_eq!(w[0].landed, Some(WoundLevel::Critical));
    f.all_dice_used();
}

#[test]
fn preset003_11_stamina_fatigue_dash_strong_attack() {
    let mut f = dasher_and_target(&[5, 5, 5, 1, 1, 2, 4, 4, 4, 3, 3, 3, 3]);
    assert_eq!(ap(&mut f, "W"), 11);
    f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
    let t = f.unit("W").own.track().clone();
    assert_eq!((ap(&mut f, "W"), t.stamina, t.rate), (9, 0, 16));
    let ev = f.ok(styled("W", "T", AttackStyle::Strong));
    assert_eq!(f.unit("W").own.track().fatigue, 1);
    assert!(f.has("W", ConditionKind::Exhausted));
    assert_eq!(ap(&mut f, "W"), 4);
    assert_eq!(checks(&ev)[0].total, 14, "12 + 4 − 2 Exhausted");
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Critical), Some(WoundLevel::Critical), 6)
    );
    let ev = f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
    assert_eq!(ap(&mut f, "W"), 2);
    assert_eq!(f.unit("W").own.track().fatigue, 3);
    assert!(f.has("W", ConditionKind::Staggered));
    assert_eq!(checks(&ev)[0].total, 9);
    assert_eq!(f.unit("W").own.track().rate, 19);
    f.ok(end("W"));
    assert_eq!(ap(&mut f, "W"), 2, "Staggered: no turn-end AP");
    let w = f.unit("W");
    assert_eq!(w.own.track().max_stamina(&w.stats), 0);
    f.all_dice_used();
}

#[test]
fn preset003_12_seize_initiative_and_a_readied_attack() {
    let mut f = arena(&["....."])
        .unit_with("R", "Red", "fighter", (0, 0), Dir8::E, "(initiative: 2)")
        .unit("E", "Blue", "fighter", (3, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 4, 4], None);
    assert_eq!((f.initiative("R"), f.initiative("E")), (22, 14));
    f.ok(Command::from(Seed003Command::SeizeInitiative {
        unit: "R".into(),
    }));
    assert_eq!((f.initiative("R"), ap(&mut f, "R")), (26, 2));
    f.ok(Command::Ready {
        unit: "R".into(),
        weapon: Some("sword".into()),
        action: Some(HeldAction::Attack(Some("sword".into()))),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    });
    assert_eq!(ap(&mut f, "R"), 1);
    f.ok(end("R"));
    assert_eq!(ap(&mut f, "R"), 7);
    let ev = f.ok(mv("E", (1, 0)));
    assert!(window_for(&ev, "Red"));
    let ev = f.ok(pass("Red"));
    assert_eq!(ap(&mut f, "E"), 5);
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "R"
    )));
    let ev = f.ok(answer("R", true));
    assert_eq!(checks(&ev)[0].total, 16);
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Severe), Some(WoundLevel::Severe), 4)
    );
    assert_eq!(ap(&mut f, "R"), 3);
    assert!(!f.has("R", ConditionKind::Readied));
    let _ = Posture::Standing;
    f.all_dice_used();
}

// Decisions where presets/Seed003.md leaves a number open (docs/RULES_NOTES.md, Seed003).

/// A surprised side loses max(0, 5 − `initiative`) initiative and gets no round-start AP in
/// round 1; its first turn's end gives AP as usual.
#[test]
fn seed003_surprise_costs_initiative_and_round_one_ap() {
    let mut f = arena(&["......"])
        .sides(r#"(name: "Red", reactions: Ask), (name: "Blue", reactions: Ask, surprised: true)"#)
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit_with("T", "Blue", "fighter", (3, 0), Dir8::W, "(initiative: 2)")
        .start_with(&[5, 5, 5, 4, 4, 4], None);
    assert_eq!((f.initiative("A"), f.initiative("T")), (20, 16));
    assert_eq!((ap(&mut f, "A"), ap(&mut f, "T")), (6, 0));
    f.ok(end("A"));
    let ev = f.declared(end("T"));
    assert_eq!(turn_end_ap(&ev, "T"), Some(6));
    f.all_dice_used();
}

/// Change Posture: prone never stands up at once; a crouch in between.
#[test]
fn seed003_posture_changes_one_way_at_a_time() {
    let mut f = arena(&["......"])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit("T", "Blue", "fighter", (3, 0), Dir8::W)
        .start_with(&[5, 5, 5, 1, 1, 1], None);
    let posture = |to| {
        Command::from(Seed003Command::ChangePosture {
            unit: "A".into(),
            to,
        })
    };
    f.ok(posture(Posture::Prone));
    assert!(f.has("A", ConditionKind::Prone));
    assert_eq!(
        f.rejected(posture(Posture::Standing)),
        skirmish::battle::Refusal::from(
            skirmish::rulebooks::seed003::Seed003Refusal::PostureChange {
                from: Posture::Prone,
                to: Posture::Standing
            }
        )
    );
    f.ok(posture(Posture::Crouching));
    assert!(f.has("A", ConditionKind::Crouching) && !f.has("A", ConditionKind::Prone));
    assert_eq!(ap(&mut f, "A"), 2);
    f.all_dice_used();
}

/// Escape: a success ends the Pin first, then (again) the grapple.
#[test]
fn seed003_escape_ends_the_pin_then_the_grapple() {
    let mut f = red_a(
        &["....", "....", "...."],
        "(speed: 2, might: 3, initiative: 4)",
    )
    .unit_with(
        "G",
        "Blue",
        "fighter",
        (2, 1),
        Dir8::W,
        "(evasion: 13, speed: 2)",
    )
    .start_with(
        &[5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 4, 6, 6, 5, 6, 5, 2],
        None,
    );
    f.ok(grab("A", "G"));
    f.ok(Command::from(Seed003Command::Pin { unit: "A".into() }));
    assert!(f.has("G", ConditionKind::Pinned));
    f.ok(end("A"));
    let escape = simple("Escape", "G");
    let ev = f.declared(escape.clone());
    let c = &checks(&ev)[0];
    assert_eq!(
        (c.total, c.against, c.success),
        (19, 13, true),
        "6+6+5 + might 2"
    );
    assert!(!f.has("G", ConditionKind::Pinned) && f.has("G", ConditionKind::Grappling));
    assert_eq!(
        (f.initiative("G"), f.initiative("A")),
        (16, 22),
        "a critical"
    );
    f.declared(escape);
    assert!(!f.has("G", ConditionKind::Grappling) && !f.has("A", ConditionKind::Grappling));
    f.all_dice_used();
}

/// Drag: the check, then the command's AP buy yards and the partner follows each step.
#[test]
fn seed003_drag_takes_the_partner_along() {
    let mut f = red_a(&["....", "....", "...."], "(speed: 2, might: 3)")
        .unit("G", "Blue", "fighter", (2, 1), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 4, 4, 4, 4], None);
    f.ok(grab("A", "G"));
    let ev = f.ok(Command::from(Seed003Command::Drag {
        unit: "A".into(),
        ap: 2,
        path: vec![Pos::new(0, 1)],
    }));
    assert_eq!((checks(&ev)[0].total, checks(&ev)[0].against), (15, 12));
    assert_eq!((f.pos("A"), f.pos("G")), (Pos::new(0, 1), Pos::new(1, 1)));
    assert!(f.has("A", ConditionKind::Grappling) && f.has("G", ConditionKind::Grappling));
    assert_eq!((ap(&mut f, "A"), f.unit("A").own.track().stamina), (0, 9));
    f.all_dice_used();
}

/// Cling: the check's points buy following steps (⌊P / 5⌋); the clinger moves into the
/// tile its partner left, and the grapple holds.
#[test]
fn seed003_cling_follows_the_partner() {
    let mut f = red_a(&[".....", ".....", "....."], "(speed: 2, might: 3)")
        .unit("G", "Blue", "fighter", (2, 1), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5], None);
    f.ok(grab("A", "G"));
    f.ok(end("A"));
    let ev = f.declared(mv("G", (3, 1)));
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "A"
    )));
    let ev = f.ok(answer("A", true));
    assert_eq!(checks(&ev)[0].total, 18);
    assert_eq!((f.pos("G"), f.pos("A")), (Pos::new(3, 1), Pos::new(2, 1)));
    assert!(f.has("A", ConditionKind::Grappling) && f.has("G", ConditionKind::Grappling));
    assert_eq!(
        f.unit("A").own.track().followed,
        2,
        "3 steps bought, 1 used"
    );
    assert_eq!((ap(&mut f, "A"), f.unit("A").own.track().stamina), (10, 9));
    f.all_dice_used();
}

/// A side whose faster combatants have no AP and no yards is not asked.
#[test]
fn seed003_a_side_with_nothing_to_act_with_is_not_asked() {
    let mut f = dasher_and_target(&[5, 5, 5, 1, 1, 2, 3, 3, 3, 1, 1, 1]);
    f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
    f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
    f.ok(Command::from(Seed003Command::ChangePosture {
        unit: "W".into(),
        to: Posture::Crouching,
    }));
    assert!(f.has("W", ConditionKind::Staggered));
    // 11 AP less 2 + 2 + 2 for the Dashes and the crouch, and 5 for a Strong Attack.
    let ev = f.ok(styled("W", "T", AttackStyle::Strong));
    assert!(!checks(&ev)[0].success);
    let ev = f.ok(end("W"));
    assert_eq!((turn_end_ap(&ev, "W"), ap(&mut f, "W")), (None, 0));
    let ev = f.ok(end("T"));
    assert!(!window_for(&ev, "Red"), "W has nothing to act with");
    f.all_dice_used();
}

/// Create an Opening: against that enemy's Rebuffs the actor's Defense is the roll.
#[test]
fn seed003_an_opening_guards_against_the_rebuff() {
    let mut f = spear_room(5, 3, "", "()").start_with(&[5, 5, 5, 3, 3, 3, 6, 6, 4, 4, 4, 3], None);
    f.ok(end("S"));
    let ev = f.declared(Command::from(Seed003Command::CreateOpening {
        unit: "W".into(),
        target: "S".into(),
    }));
    assert_eq!(checks(&ev)[0].total, 20);
    f.declared(mv("W", (1, 0)));
    let ev = f.ok(answer("S", true));
    let c = &checks(&ev)[0];
    assert_eq!((c.total, c.against, c.success), (14, 20, false));
    assert_eq!(f.pos("W"), Pos::new(1, 0));
    f.all_dice_used();
}

/// A readied attack waiting for `EnemyActs` strikes once the enemy's action resolved.
#[test]
fn seed003_a_readied_attack_answers_an_enemy_action() {
    let mut f = arena(&["....."])
        .unit_with("R", "Red", "fighter", (0, 0), Dir8::E, "(initiative: 2)")
        .unit("E", "Blue", "fighter", (1, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3, 2, 2, 2, 4, 4, 4], None);
    f.ok(Command::Ready {
        unit: "R".into(),
        weapon: None,
        action: None,
        trigger: Some(ReadyTrigger::EnemyActs),
    });
    f.ok(end("R"));
    let ev = f.declared(attack("E", "R"));
    assert!(!checks(&ev)[0].success);
    assert!(has_event(&ev, |e| matches!(
        e,
        BattleEvent::ReactionOffered { reactor, .. } if reactor == "R"
    )));
    let ev = f.ok(answer("R", true));
    assert_eq!(wound(&ev).0, Some(WoundLevel::Severe));
    assert_eq!(ap(&mut f, "R"), 7);
    assert!(!f.has("R", ConditionKind::Readied));
    f.all_dice_used();
}

/// Bleeding gives a Light wound as each of the holder's turns starts.
#[test]
fn seed003_bleeding_gives_a_light_wound_each_turn() {
    let mut f = armed_against("ripper", "()", &[5, 5, 5, 1, 1, 1, 4, 4, 4]);
    f.ok(attack("A", "T"));
    assert!(f.has("T", ConditionKind::Bleeding));
    let before = f.unit("T").own.track().filled;
    let ev = f.ok(end("A"));
    let w = wounds(&ev);
    assert_eq!(
        (w[0].source.as_str(), w[0].landed),
        ("Bleeding", Some(WoundLevel::Light))
    );
    assert_eq!(f.unit("T").own.track().filled[0], before[0] + 1);
    f.all_dice_used();
}

/// A wound ends Defending; Defending lifts the melee Defense to the best of +2 and the
/// others.
#[test]
fn seed003_a_wound_ends_defending() {
    let mut f = arena(&["......"])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit("T", "Blue", "fighter", (1, 0), Dir8::W)
        .start_with(&[5, 5, 5, 2, 2, 2, 6, 6, 5], None);
    f.ok(end("A"));
    f.declared(simple("Defend", "T"));
    f.declared(end("T"));
    let ev = f.ok(attack("A", "T"));
    let c = &checks(&ev)[0];
    assert_eq!((c.total, c.against), (21, 16), "14 + 2 Defending");
    assert_eq!(wound(&ev).0, Some(WoundLevel::Critical));
    assert!(!f.has("T", ConditionKind::Defending));
    f.all_dice_used();
}

/// Undoing a move gives back the AP, the yards and the price of the next yards (M1): the
/// AP spent on movement this round are as before the move.
#[test]
fn seed003_undo_gives_back_the_price_of_movement() {
    let mut f = mover_at_rate_9();
    f.ok(mv("A", (5, 0)));
    assert_eq!((ap(&mut f, "A"), f.unit("A").pool.metres), (3, 1));
    assert_eq!(f.unit("A").own.track().move_ap, 3);
    f.ok(Command::UndoMove { unit: "A".into() });
    assert_eq!((f.pos("A"), ap(&mut f, "A")), (Pos::new(0, 0), 6));
    assert_eq!(
        (f.unit("A").pool.metres, f.unit("A").own.track().move_ap),
        (0, 0)
    );
    // The first AP buys ⌊9 / 4⌋ = 2 yards again, not the 3 that a fourth would.
    f.ok(mv("A", (1, 0)));
    assert_eq!((ap(&mut f, "A"), f.unit("A").pool.metres), (5, 1));
    f.all_dice_used();
}

/// M1 after a Dash: the AP spent on movement count again from 0 at the new rate, so the
/// next AP buys ⌊18 / 4⌋ = 4 yards (at the old count it would buy ⌊36/4⌋ − ⌊18/4⌋ = 5).
#[test]
fn seed003_a_dash_prices_the_next_yards_at_the_new_rate() {
    let mut f = mover_at_rate_9();
    f.ok(mv("A", (2, 0)));
    assert_eq!((ap(&mut f, "A"), f.unit("A").pool.metres), (5, 0));
    f.ok(Command::from(Seed003Command::Dash { unit: "A".into() }));
    assert_eq!(
        (
            f.unit("A").own.track().rate,
            f.unit("A").own.track().move_ap
        ),
        (18, 0)
    );
    f.ok(mv("A", (6, 0)));
    assert_eq!((ap(&mut f, "A"), f.unit("A").pool.metres), (2, 0));
    f.all_dice_used();
}

/// H5: a penetrating weapon puts `might` + `wound_damage` into the attack roll, and not
/// again into the wound: 9 + 4 + 2 + 2 = 17 against 14 hits, final 17 − 14 − 2 = 1.
#[test]
fn seed003_h5_a_penetrating_weapon_adds_might_and_wound_damage_to_the_roll() {
    let mut f = armed_against("piercer", "()", &[5, 5, 5, 1, 1, 1, 3, 3, 3]);
    let ev = f.ok(attack("A", "T"));
    let c = &checks(&ev)[0];
    assert_eq!((c.total, c.success), (17, true));
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Light), Some(WoundLevel::Light), 1)
    );
    f.all_dice_used();
}

/// D2: Poison meets base Toughness (vit + size, no armor): 12 + 4 + 2 + 2 − 14 − 0 = 6, a
/// Critical wound through armor 5 (with armor it would be 1, Light).
#[test]
fn seed003_d2_poison_ignores_armor_in_toughness() {
    let mut f = armed_against("venom", "(armor: 5)", &[5, 5, 5, 1, 1, 1, 4, 4, 4]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Critical), Some(WoundLevel::Critical), 6)
    );
    f.all_dice_used();
}

/// C8, I7 and E4: Core's Delay, Sprint and Charge are not in the rulebook, and an action
/// costing more AP than the combatant holds is refused; none of it changes the battle.
#[test]
fn seed003_c8_i7_e4_core_actions_and_unpaid_actions_are_refused() {
    let mut f = arena(&["......"])
        .unit_with("A", "Red", "fighter", (0, 0), Dir8::E, "(speed: -10)")
        .unit("T", "Blue", "fighter", (2, 0), Dir8::W)
        .start_with(&[5, 5, 5, 1, 1, 1], None);
    assert_eq!(ap(&mut f, "A"), 2);
    for cmd in [
        delay_end("A"),
        Command::Sprint {
            unit: "A".into(),
            to: None,
        },
        charge("A", "T"),
    ] {
        let r = f.rejected(cmd.clone());
        assert!(matches!(r, Refusal::NotInRules { .. }), "{cmd:?}: {r:?}");
    }
    let r = f.rejected(Command::from(Seed003Command::SeizeInitiative {
        unit: "A".into(),
    }));
    assert!(
        matches!(r, Refusal::NotEnoughAp { .. }),
        "4 AP with 2: {r:?}"
    );
    f.all_dice_used();
}

/// F3's room: Red A west of Blue T (1,2)–(2,2), Red B at (3,4), out of T's reach. Dice
/// 6,6,4 | 3,3,3 | 2,2,2 → A 21, B 14, T 11: no window opens (T is slower than both).
/// A ends its turn (AP 12); on B's turn B steps to (3,3) (1 AP buys 2 yards: AP 5, pool
/// 1), 135° from A round T, so T first becomes Flanked, outside its own turn.
fn flanked_on_b_s_turn(
    policy: Option<skirmish::level::schema::ReactionPolicy>,
) -> (Fight, Vec<BattleEvent>) {
    let mut f = arena(&[".....", ".....", ".....", ".....", "....."])
        .unit("A", "Red", "fighter", (1, 2), Dir8::E)
        .unit("B", "Red", "fighter", (3, 4), Dir8::W)
        .unit("T", "Blue", "fighter", (2, 2), Dir8::W)
        .start_with(&[6, 6, 4, 3, 3, 3, 2, 2, 2, 3, 3, 3], policy);
    assert_eq!(
        (f.initiative("A"), f.initiative("B"), f.initiative("T")),
        (21, 14, 11)
    );
    f.ok(end("A"));
    assert_eq!((ap(&mut f, "A"), f.active()), (12, "B".to_string()));
    let ev = f.ok(mv("B", (3, 3)));
    assert_eq!((ap(&mut f, "B"), f.unit("B").pool.metres), (5, 1));
    (f, ev)
}

/// Whether the events offer T something against B (F3: the Ignore).
fn offered_t_against_b(ev: &[BattleEvent]) -> bool {
    has_event(ev, |e| {
        matches!(e, BattleEvent::ReactionOffered { reactor, against, .. }
            if reactor == "T" && against == "B")
    })
}

/// F3: a combatant of an `Ask` side that first becomes Flanked outside its turn is offered
/// a free Ignore of the new flanker. Accepted: T ignores B (no AP, T still 6), T is no
/// longer Flanked, and B's Standard Attack comes from the rear: 9 + 4 + 4 = 17, final
/// 17 + 2 + 2 − 14 − 2 = 5, Severe; B AP 1. Declined: the flank stands, 9 + 4 + 2 = 15,
/// final 3, Moderate. `Always` and `Never` sides are offered nothing (they never ignore).
#[test]
fn f3_ignore_is_offered_when_flanked_outside_the_turn() {
    let (mut f, ev) = flanked_on_b_s_turn(None);
    assert!(
        offered_t_against_b(&ev),
        "T is offered to ignore B: {ev:#?}"
    );
    let ev = f.ok(answer("T", true));
    assert!(has_event(&ev, |e| matches!(e.of_book(),
        Some(Seed003Event::Ignoring { unit, target, ignoring: true }) if unit == "T" && target == "B")));
    assert_eq!(f.unit("T").own.track().ignoring, vec![f.unit("B").entity]);
    assert_eq!(ap(&mut f, "T"), 6, "ignoring is free");
    f.h.with_view(|v| {
        let t = v.ctx.snap.by_name("T").unwrap();
        assert!(!v.ctx.flanked_state(t), "ignoring B, T is not flanked");
    });
    let ev = f.ok(attack("B", "T"));
    assert_eq!(checks(&ev)[0].total, 17, "9 + 4 + 4 from the rear");
    assert_eq!(
        wound(&ev),
        (Some(WoundLevel::Severe), Some(WoundLevel::Severe), 5)
    );
    assert_eq!(ap(&mut f, "B"), 1);
    f.all_dice_used();

    let (mut f, ev) = flanked_on_b_s_turn(None);
    assert!(offered_t_against_b(&ev));
    let ev = f.ok(answer("T", false));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionDeclined { reactor, .. } if reactor == "T")
    ));
    assert!(f.unit("T").own.track().ignoring.is_empty());
    let ev = f.ok(attack("B", "T"));
    assert_eq!(checks(&ev)[0].total, 15, "9 + 4 + 2 flanked");
    assert_eq!(wound(&ev).0, Some(WoundLevel::Moderate));
    f.all_dice_used();

    // A script may take the offer by ignoring B itself, also sent as acting out of turn.
    let ignore_b = Command::from(Seed003Command::Ignore {
        unit: "T".into(),
        target: "B".into(),
        ignore: true,
    });
    for answer in [
        ignore_b.clone(),
        Command::from(Seed003Command::Interrupt {
            unit: "T".into(),
            command: Box::new(ignore_b),
        }),
    ] {
        let (mut f, _) = flanked_on_b_s_turn(None);
        f.ok(answer);
        assert_eq!(f.unit("T").own.track().ignoring, vec![f.unit("B").entity]);
        assert_eq!(f.initiative("T"), 11, "the offer costs no initiative");
    }

    for policy in [
        skirmish::level::schema::ReactionPolicy::Always,
        skirmish::level::schema::ReactionPolicy::Never,
    ] {
        let (mut f, ev) = flanked_on_b_s_turn(Some(policy));
        assert!(!offered_t_against_b(&ev), "{policy:?}: {ev:#?}");
        assert!(f.unit("T").own.track().ignoring.is_empty(), "{policy:?}");
    }
}

/// F3 with an old replay: one recorded before the offer existed never answers it. The
/// next command, which does not answer it, declines it, and the replay plays on: B's
/// attack meets a Flanked T (15, Moderate), and no command is refused.
#[test]
fn f3_an_old_replay_that_never_answers_the_ignore_offer_declines_it() {
    let level = arena(&[".....", ".....", ".....", ".....", "....."])
        .unit("A", "Red", "fighter", (1, 2), Dir8::E)
        .unit("B", "Red", "fighter", (3, 4), Dir8::W)
        .unit("T", "Blue", "fighter", (2, 2), Dir8::W)
        .ron();
    let dir = std::env::temp_dir().join(format!("skirmish-f3-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("arena.ron"), level).unwrap();
    let replay = r#"(
    level: "arena.ron",
    dice: Scripted([6, 6, 4, 3, 3, 3, 2, 2, 2, 3, 3, 3]),
    level_policies: true,
    commands: [
        EndTurn(unit: "A"),
        Move(unit: "B", to: (3, 3)),
        Attack(unit: "B", target: "T"),
    ],
)"#;
    let path = dir.join("old.ron");
    std::fs::write(&path, replay).unwrap();
    let loaded = skirmish::replay::load_replay(&path, &skirmish::paths::load_catalog())
        .unwrap_or_else(|p| panic!("{p:?}"));
    let ev = skirmish::replay::run(&loaded);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        !has_event(&ev, |e| matches!(e, BattleEvent::Rejected { .. })),
        "{ev:#?}"
    );
    assert!(offered_t_against_b(&ev));
    assert!(has_event(
        &ev,
        |e| matches!(e, BattleEvent::ReactionDeclined { reactor, .. } if reactor == "T")
    ));
    assert_eq!(checks(&ev)[0].total, 15, "9 + 4 + 2 flanked");
    assert_eq!(wound(&ev).0, Some(WoundLevel::Moderate));
}

/// What the window's Pass and auto-pass ask of the rulebook (`Hud::pass_command`,
/// `Hud::nothing_to_do`): Red, asked before B's End Turn, passes with its own command; with
/// A far from B it could only move, so it has nothing to do; with A beside B it could
/// attack, so it has.
#[test]
fn a_window_where_no_unit_could_attack_has_nothing_to_do() {
    let asked = |f: &mut Fight| {
        f.h.with_view(|v| {
            let q = v.awaiting.expect("Red is asked");
            let book = v.ctx.rules.rulebook.book();
            (book.nothing_to_do(v, q), book.pass_command(v, q))
        })
    };
    for (b_at, idle) in [((7, 2), true), ((1, 0), false)] {
        let mut f = arena(&["........", "........", "........"])
            .unit_with("A", "Red", "fighter", (0, 0), Dir8::E, "(move_rate: 9)")
            .unit_with("B", "Blue", "fighter", b_at, Dir8::W, "(speed: 2)")
            .start_with(&[4, 4, 4, 1, 2, 2], None);
        assert_eq!(f.active(), "A");
        f.ok(end("A"));
        let ev = f.ok(end("B"));
        assert!(window_for(&ev, "Red"));
        assert_eq!(asked(&mut f), (idle, Some(pass("Red"))), "B at {b_at:?}");
        let ev = f.ok(pass("Red"));
        assert!(!window_for(&ev, "Red"));
    }
}

/// The odds card says why cover is a grade better than the map's mark (`Hud::modifier_note`):
/// T crouches behind the crates (1/2 on the map), so R's shot meets 3/4 cover.
#[cfg(feature = "window")]
#[test]
fn the_card_says_a_crouching_target_has_a_grade_more_cover() {
    use skirmish::battle::events::Reason;
    let mut f = arena(&[".....", "..c.."])
        .unit_with("R", "Red", "fighter", (0, 1), Dir8::E, r#"(weapons: ["longbow"])"#)
        .unit_ron(
            r#"(name: "T", side: "Blue", template: "fighter", pos: (3, 1), facing: W, posture: Crouching)"#,
        )
        .start_with(&[5, 5, 5, 2, 2, 2], None);
    let (crouching, standing_after) = f.h.with_view(|v| {
        let book = v.ctx.rules.rulebook.book();
        let t = v.ctx.snap.by_name("T").unwrap().clone();
        let note = book.modifier_note(Reason::ThreeQuartersCover, &t);
        let mut standing = t.clone();
        standing.conditions = Default::default();
        (note, book.modifier_note(Reason::HalfCover, &standing))
    });
    assert_eq!(
        crouching.as_deref(),
        Some("T's cover is a grade better than the map's mark: it crouches behind it")
    );
    assert_eq!(standing_after, None);
}
