//! Seed001's previews against brute force (PRESETS.md, "The preview is exact"): the odds of
//! a strike met by each defence, the damage of each branch, the expected damage and the
//! chance of going Down, a contest counted in successes and a maneuver's chance to take
//! effect — each compared with resolving every die face through the real battle.

mod common;
use common::*;
use skirmish::battle::events::BattleEvent;
use skirmish::battle::preview::{Preview, preview};
use skirmish::rulebooks::seed001::Seed001Event;
use skirmish::rulebooks::seed001::reports::CombatReport;
use skirmish::rulebooks::seed001::strike_odds::{StrikeOdds, strikes_of};
use skirmish::rulebooks::seed001::work::Seed001Question;
use skirmish::rules::combat_roll::{CombatOutcome, Defence, Maneuver};
use skirmish::rules::grid::Dir8;
use skirmish::rules::odds::{Chance, Dist};
use skirmish::rules::ruleset::ConditionKind;

/// The initiative d6 of the two units, in listed order.
const INITIATIVE: [u32; 2] = [5, 2];

/// A fighter (blade 1d8+2) against a shield bearer with `vitality`.
fn duel(vitality: i32) -> Arena {
    duel_of("fighter", vitality)
}

/// A unit of `template` against a shield bearer with `vitality`, with room behind it.
fn duel_of(template: &str, vitality: i32) -> Arena {
    Arena::new(&["...."])
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
        .unit("A", "Blue", template, (0, 0), Dir8::E)
        .unit_with(
            "B",
            "Red",
            "shield",
            (1, 0),
            Dir8::W,
            &format!("(vitality: {vitality})"),
        )
}

fn preview_of(f: &mut Fight, cmd: &skirmish::battle::Command) -> Preview {
    f.h.with_view(|v| preview(v, cmd)).expect("the preview")
}

/// Resolve A's strike on B met by `defence`, with the dice after the initiative; a critical
/// win's maneuver is Precision for A and none for B. Returns the Combat Roll and B's damage.
fn resolve(arena: &Arena, defence: Defence, dice: &[u32]) -> (CombatReport, i32) {
    let ev = strike(arena, "blade", defence, dice);
    let report = combat_roll(&ev);
    let dealt = damage(&ev)
        .iter()
        .filter(|(n, _)| n == "B")
        .map(|(_, d)| d)
        .sum();
    (report, dealt)
}

/// The Combat Roll among a strike's events.
fn combat_roll(ev: &[BattleEvent]) -> CombatReport {
    ev.iter()
        .find_map(|e| match e.of_book()? {
            Seed001Event::CombatRolled(r) => Some(r.clone()),
            _ => None,
        })
        .expect("a Combat Roll")
}

/// The events of A's strike on B with `weapon`, as `resolve` plays it.
fn strike(arena: &Arena, weapon: &str, defence: Defence, dice: &[u32]) -> Vec<BattleEvent> {
    let mut all = INITIATIVE.to_vec();
    all.extend(dice);
    let mut f = arena.start_with(&all, None);
    let mut ev = f.ok(attack_with("A", "B", weapon));
    ev.extend(f.ok(defend_with("B", defence)));
    while let Some(Some(Seed001Question::Maneuver { winner, .. })) =
        f.h.with_view(|v| v.awaiting.map(|q| q.of_book().copied()))
    {
        let name =
            f.h.with_view(|v| v.ctx.snap.get(winner).map(|u| u.name.to_string()));
        let pick = (name.as_deref() == Some("A")).then_some(Maneuver::Precision);
        ev.extend(f.ok(maneuver(name.as_deref().unwrap_or("?"), pick)));
    }
    ev
}

fn outcome_index(o: CombatOutcome) -> usize {
    match o {
        CombatOutcome::BothFail => 0,
        CombatOutcome::AttackerCriticalWin => 1,
        CombatOutcome::DefenderCriticalWin => 2,
        CombatOutcome::Hit => 3,
        CombatOutcome::BlockedHit => 4,
        CombatOutcome::Miss => 5,
    }
}

const OUTCOMES: [CombatOutcome; 6] = [
    CombatOutcome::BothFail,
    CombatOutcome::AttackerCriticalWin,
    CombatOutcome::DefenderCriticalWin,
    CombatOutcome::Hit,
    CombatOutcome::BlockedHit,
    CombatOutcome::Miss,
];

/// Every d20 face of the attacker and, unless the defence rolls none, of the defender.
fn face_pairs(defence: Defence) -> Vec<Vec<u32>> {
    (1..=20)
        .flat_map(|a| {
            let defended = defence != Defence::None;
            (1..=if defended { 20 } else { 1 }).map(
                move |d| {
                    if defended { vec![a, d] } else { vec![a] }
                },
            )
        })
        .collect()
}

/// A strike with one weapon met by one defence, resolved for every face pair.
struct Tally {
    /// How many pairs come to each outcome (by `outcome_index`), of `total`.
    counts: [u128; 6],
    total: u128,
    /// The first face pair that comes to each outcome, to roll its damage faces.
    first: [Option<Vec<u32>>; 6],
}

fn tally(arena: &Arena, weapon: &str, defence: Defence) -> Tally {
    let pairs = face_pairs(defence);
    let mut t = Tally {
        counts: [0; 6],
        total: pairs.len() as u128,
        first: Default::default(),
    };
    for faces in &pairs {
        let mut dice = faces.clone();
        dice.extend([1, 1]);
        let i = outcome_index(combat_roll(&strike(arena, weapon, defence, &dice)).outcome);
        t.counts[i] += 1;
        t.first[i].get_or_insert_with(|| faces.clone());
    }
    t
}

/// Check one defence's preview against resolving every face pair, then every damage face
/// of each branch that deals damage.
fn check_strike(arena: &Arena, s: &StrikeOdds) {
    let Tally {
        counts,
        total,
        first,
    } = tally(arena, "blade", s.defence);
    for o in OUTCOMES {
        assert_eq!(
            s.odds.of(o),
            Chance::new(counts[outcome_index(o)], total),
            "{:?}: {o:?}",
            s.defence
        );
    }
    let branches = [
        (CombatOutcome::Hit, &s.hit),
        (CombatOutcome::BlockedHit, &s.blocked),
        (CombatOutcome::AttackerCriticalWin, &s.critical),
    ];
    let mut expected = Vec::new();
    let mut down = Vec::new();
    // What the computer player counts: no more of each outcome than the target has left.
    let mut up_to_vitality = 0.0;
    for (o, shown) in branches {
        let Some(faces) = &first[outcome_index(o)] else {
            assert_eq!(s.odds.of(o), Chance::new(0, 1), "{o:?} never happens");
            continue;
        };
        let dealt: Vec<(i32, u128)> = (1..=8)
            .map(|die| {
                let mut dice = faces.clone();
                dice.push(die);
                (resolve(arena, s.defence, &dice).1, 1)
            })
            .collect();
        let counted = Dist::from_weights(dealt);
        assert_eq!(shown, &counted, "{:?}: damage of {o:?}", s.defence);
        expected.push(s.odds.of(o) * counted.expected());
        let vitality = arena_vitality(arena);
        down.push(s.odds.of(o) * counted.chance_of(|d| d >= vitality));
        up_to_vitality += s.odds.of(o).value() * counted.map(|d| d.min(vitality)).mean();
    }
    assert_eq!(
        s.expected,
        Chance::sum(expected),
        "{:?}: expected",
        s.defence
    );
    assert_eq!(s.down, Chance::sum(down), "{:?}: Down", s.defence);
    let vitality = arena_vitality(arena);
    assert!(
        (s.expected_up_to(vitality) - up_to_vitality).abs() < 1e-9,
        "{:?}: expected up to {vitality}",
        s.defence
    );
    assert!((s.expected_up_to(i32::MAX) - s.expected.value()).abs() < 1e-9);
}

fn arena_vitality(arena: &Arena) -> i32 {
    let mut f = arena.start_with(&INITIATIVE, None);
    f.vit("B")
}

#[test]
fn seed001_strike_preview_equals_resolving_every_face_for_each_defence() {
    for vitality in [20, 6] {
        let arena = duel(vitality);
        let mut f = arena.start_with(&INITIATIVE, None);
        let p = preview_of(&mut f, &attack_with("A", "B", "blade"));
        assert!(p.attack.is_none(), "no Core hit chance under Combat Rolls");
        let shown: Vec<Defence> = strikes_of(&p).iter().map(|s| s.defence).collect();
        assert_eq!(
            shown,
            [
                Defence::Block,
                Defence::Parry,
                Defence::Dodge,
                Defence::None
            ]
        );
        for s in strikes_of(&p) {
            check_strike(&arena, s);
        }
        if vitality == 6 {
            assert!(
                strikes_of(&p).iter().any(|s| s.down.num > 0),
                "6 vitality can fall"
            );
        }
    }
}

/// A weapon's push follows a hit or a critical win that leaves the target standing, never
/// a blocked hit (the engine runs no weapon hooks on one): `StrikeOdds::pushes`, which the
/// computer player counts for a knock-back, against every face of the Combat Roll under
/// each defence, then every face of the damage die of each outcome.
#[test]
fn seed001_push_chance_equals_resolving_every_face() {
    let vitality = 6;
    let arena = duel_of("bruiser", vitality);
    let mut f = arena.start_with(&INITIATIVE, None);
    let p = preview_of(&mut f, &attack_with("A", "B", "hammer"));
    let pushed = |ev: &[BattleEvent]| {
        ev.iter()
            .any(|e| matches!(e, BattleEvent::Pushed { unit, .. } if unit == "B"))
    };
    for s in strikes_of(&p) {
        let Tally {
            counts,
            total,
            first,
        } = tally(&arena, "hammer", s.defence);
        let mut chance = Vec::new();
        for o in OUTCOMES {
            let Some(faces) = &first[outcome_index(o)] else {
                continue;
            };
            let pushes = (1..=8)
                .filter(|die| {
                    let mut dice = faces.clone();
                    dice.push(*die);
                    pushed(&strike(&arena, "hammer", s.defence, &dice))
                })
                .count() as u128;
            chance.push(Chance::new(counts[outcome_index(o)], total) * Chance::new(pushes, 8));
        }
        assert_eq!(s.pushes(vitality), Chance::sum(chance), "{:?}", s.defence);
        if s.defence == Defence::Block {
            assert!(s.odds.blocked.num > 0, "a shield blocks some blows");
            assert!(
                s.pushes(vitality).value() < s.lands().value(),
                "a blocked hit lands, unpushed"
            );
        }
    }
}

/// presets/Seed001.md, the Combat Roll's step 6: a hit is followed by the weapon's `on_hit`
/// conditions and its push, a blocked hit deals damage only. A hammer (push 1, Dazes on a
/// hit) strikes a shield bearer: blocked, it wounds him and nothing more; parried and hit,
/// he is also Dazed and pushed.
#[test]
fn seed001_a_blocked_hit_deals_damage_only() {
    let arena = duel_of("bruiser", 20);
    for (defence, outcome, hooks) in [
        (Defence::Block, CombatOutcome::BlockedHit, false),
        (Defence::Parry, CombatOutcome::Hit, true),
    ] {
        let mut dice = face_pairs(defence)
            .into_iter()
            .find(|faces| {
                let mut dice = faces.clone();
                dice.extend([1, 1]);
                combat_roll(&strike(&arena, "hammer", defence, &dice)).outcome == outcome
            })
            .expect("a face pair for the outcome");
        dice.push(8);
        let ev = strike(&arena, "hammer", defence, &dice);
        assert_eq!(combat_roll(&ev).outcome, outcome, "{defence:?}");
        assert!(
            damage(&ev).iter().any(|(n, d)| n == "B" && *d > 0),
            "{defence:?}: {ev:?}"
        );
        let pushed = ev
            .iter()
            .any(|e| matches!(e, BattleEvent::Pushed { unit, .. } if unit == "B"));
        let dazed = added(&ev, "B").contains(&ConditionKind::Dazed);
        assert_eq!((pushed, dazed), (hooks, hooks), "{defence:?}: {ev:?}");
    }
}

#[test]
fn seed001_strike_preview_by_hand() {
    // Against None: A's blade (+4) needs 6+ to pass: 15 of 20 faces; a pass against a
    // defender that fails without a die is a critical win, with Precision's 10 less armor 3.
    let arena = duel(20);
    let mut f = arena.start_with(&INITIATIVE, None);
    let p = preview_of(&mut f, &attack_with("A", "B", "blade"));
    let none = strikes_of(&p)
        .iter()
        .find(|s| s.defence == Defence::None)
        .unwrap();
    assert_eq!(none.odds.attacker_critical, Chance::new(15, 20));
    assert_eq!(none.odds.both_fail, Chance::new(5, 20));
    assert_eq!(none.critical, Dist::certain(7));
    assert_eq!(none.expected, Chance::new(15 * 7, 20));
}

#[test]
fn seed001_contest_preview_counts_successes_over_every_face_pair() {
    // A grabs B: Athletics (might 2) against B's better of might and agility (2), each test
    // in successes; the actor wins with strictly more.
    let arena = duel(20);
    let mut f = arena.start_with(&INITIATIVE, None);
    let shown = preview_of(&mut f, &grab("A", "B"))
        .contest
        .expect("contest odds");
    let mut wins = 0u128;
    for a in 1..=20 {
        for b in 1..=20 {
            let mut dice = INITIATIVE.to_vec();
            dice.extend([a, b]);
            let mut g = arena.start_with(&dice, None);
            let ev = g.ok(grab("A", "B"));
            wins += u128::from(contests(&ev)[0].actor_wins);
        }
    }
    assert_eq!(shown.win, Chance::new(wins, 400));
}

#[test]
fn seed001_maneuver_chance_equals_resolving_every_resist_face() {
    // A wins critically against a defenceless B (dice 20, then 8 damage), takes Trip: B's
    // Acrobatics test (agility 2) must fail for B to fall.
    let arena = duel(20);
    let mut dice = INITIATIVE.to_vec();
    dice.extend([20, 8]);
    let mut f = arena.start_with(&dice, None);
    f.ok(attack_with("A", "B", "blade"));
    f.ok(defend_with("B", Defence::None));
    let shown = f.h.with_view(|v| {
        let (w, l) = (
            v.ctx.snap.get(v.ctx.snap.units[0].entity),
            v.ctx.snap.get(v.ctx.snap.units[1].entity),
        );
        skirmish::rulebooks::seed001::maneuvers::maneuver_chance(
            w.unwrap(),
            l.unwrap(),
            &Maneuver::Trip,
        )
    });
    let mut prone = 0u128;
    for face in 1..=20 {
        let mut d = dice.clone();
        d.push(face);
        let mut g = arena.start_with(&d, None);
        g.ok(attack_with("A", "B", "blade"));
        g.ok(defend_with("B", Defence::None));
        g.ok(maneuver("A", Some(Maneuver::Trip)));
        prone += u128::from(g.has("B", ConditionKind::Prone));
    }
    assert_eq!(shown, Chance::new(prone, 20));
    assert!(prone > 0 && prone < 20, "the test is a real roll");
}
