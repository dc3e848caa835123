//! Seed002's previews against brute force (presets/Seed002.md, "Preview"): a melee attack's
//! natural miss, exposure, and hits on armor, off armor and critical with their damage and
//! the chance of a Death roll and of death; the Evasion roll against a Defending target and
//! from the rear; a shot through the Miss Chance and the exploding Ranged Evasion; a Trip
//! through Fortitude; an Escape; a Seize. Every fall of the dice is played by the real
//! battle (`common::falls`); the exploding dice's unending tails are cut below a floor, and
//! each check allows exactly the chance that was cut. To keep the battles few, the damage
//! die is counted apart from the dice that decide the hit (it is rolled after them and
//! depends on nothing but the kind of hit), and the variants of the Evasion roll are
//! counted after a Combat roll of 10, which is no natural.

mod common;
use common::falls::{Search, every_fall};
use common::seed002::{arena, av_rolls, duel};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::events::BattleEvent;
use skirmish::battle::preview::{Aim, Preview, preview};
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rulebooks::seed002::Seed002Event;
use skirmish::rulebooks::seed002::av_odds::AvOdds;
use skirmish::rulebooks::seed002::reports::AvOutcome;
use skirmish::rules::actions::ReactionManeuver;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// Sums below this are rounding.
const EPS: f64 = 1e-12;

/// What every fall of one attack's deciding dice came to (the damage die falls on 1).
#[derive(Debug, Default)]
struct Tally {
    natural_miss: f64,
    exposed: f64,
    /// On armor, off armor, critical.
    kinds: [f64; 3],
    /// The maneuver did its work (Trip: the target is Prone).
    maneuver: f64,
    /// The chance of the falls cut below the floor.
    cut: f64,
}

impl Tally {
    fn hit(&self) -> f64 {
        self.kinds.iter().sum()
    }
}

fn near(preview: f64, brute: f64, cut: f64, what: &str) {
    assert!(
        (preview - brute).abs() <= cut + EPS,
        "{what}: preview {preview}, brute force {brute} (cut {cut})"
    );
}

fn preview_after(room: &Arena, setup: &[Command], cmd: &Command) -> Preview {
    let mut f = room.start_with(&[], None);
    for c in setup {
        f.ok(c.clone());
    }
    f.h.with_view(|v| preview(v, cmd)).expect("the preview")
}

/// Play `setup` then `cmd` for every fall of the dice `search` branches on.
fn falls(
    room: &Arena,
    setup: &[Command],
    cmd: &Command,
    search: &Search,
    visit: impl FnMut(&mut Fight, &[BattleEvent], f64),
) -> f64 {
    every_fall(
        search,
        |dice| room.start_with(dice, None),
        |f| {
            for c in setup {
                f.ok(c.clone());
            }
            f.ok(cmd.clone())
        },
        visit,
    )
}

/// The Combat roll (or Hit roll) and the defence rolls decide a hit.
const DECIDING: Search = Search {
    head: Vec::new(),
    dice: usize::MAX,
    only: &["Combat roll", "Hit roll", "Evasion", "Fortitude"],
    otherwise: 1,
    floor: 1e-5,
};

/// A's attack (or maneuver) on B after `setup`, for every fall of its deciding dice.
fn tally(room: &Arena, setup: &[Command], cmd: &Command, search: &Search) -> Tally {
    let mut t = Tally::default();
    t.cut = falls(room, setup, cmd, search, |f, ev, p| {
        let r = &av_rolls(ev)[0];
        match r.outcome {
            AvOutcome::Fumble => t.natural_miss += p,
            AvOutcome::Miss => {}
            AvOutcome::Critical => t.kinds[2] += p,
            AvOutcome::Hit => t.kinds[usize::from(!r.on_armor)] += p,
        }
        if f.has("A", ConditionKind::Exposed) {
            t.exposed += p;
        }
        if f.has("B", ConditionKind::Prone) {
            t.maneuver += p;
        }
    });
    t
}

/// The damage of one kind of hit, the deciding dice fixed in `head`: every face of the
/// damage die, with the chance that a Death roll follows.
struct Damage {
    range: (i32, i32),
    mean: f64,
    death_roll: f64,
}

fn damage_after(room: &Arena, head: &[u32]) -> Damage {
    let search = Search {
        head: head.to_vec(),
        dice: 1,
        ..Search::default()
    };
    let (mut range, mut mean, mut death_roll) = ((i32::MAX, i32::MIN), 0.0, 0.0);
    let cut = falls(room, &[], &sword(), &search, |_, ev, p| {
        let dealt: i32 = damage(ev)
            .iter()
            .filter(|(u, _)| u == "B")
            .map(|(_, d)| d)
            .sum();
        range = (range.0.min(dealt), range.1.max(dealt));
        mean += p * f64::from(dealt);
        if has_event(
            ev,
            |e| matches!(e.of_book(), Some(Seed002Event::DeathRolled { unit, .. }) if unit == "B"),
        ) {
            death_roll += p;
        }
    });
    assert_eq!(cut, 0.0);
    Damage {
        range,
        mean,
        death_roll,
    }
}

fn sword() -> Command {
    attack_with("A", "B", "sword")
}

/// Red never reacts, so no Seize or Swift Attack adds dice.
fn quiet(room: Arena) -> Arena {
    room.sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Never)"#)
}

/// The chance of a hit after a Combat roll of 10, from the preview's chances over the
/// whole d20 (a critical always hits; a 10 is one of the 18 faces that are no natural).
fn hit_after_ten(odds: &AvOdds) -> f64 {
    (odds.hit.value() - odds.critical.chance.value()) / (18.0 / 20.0)
}

/// Search the Evasion (and Fortitude) rolls after a Combat roll of 10.
fn after_ten() -> Search {
    Search {
        head: vec![10],
        ..DECIDING
    }
}

#[test]
fn preview_seed002_a_melee_attack_its_damage_and_a_death_roll() {
    let plain = quiet(duel("()", "()"));
    let odds = preview_after(&plain, &[], &sword())
        .odds_of::<AvOdds>()
        .cloned()
        .unwrap();
    let t = tally(&plain, &[], &sword(), &DECIDING);
    let cut = t.cut;
    near(
        odds.natural_miss.value(),
        t.natural_miss,
        cut,
        "natural miss",
    );
    near(odds.exposed.value(), t.exposed, cut, "exposed");
    near(odds.hit.value(), t.hit(), cut, "hit");
    // The damage of each kind: d20 5 under the coverage, d20 15 over it, and 20.
    let frail = quiet(duel("()", "(vitality: 4)"));
    let heads: [&[u32]; 3] = [&[5, 1], &[15, 1], &[20]];
    let shown = [&odds.on_armor, &odds.off_armor, &odds.critical];
    let frail_odds = preview_after(&frail, &[], &sword())
        .odds_of::<AvOdds>()
        .cloned()
        .unwrap();
    let mut death_roll = 0.0;
    for (k, name) in ["on armor", "off armor", "critical"].iter().enumerate() {
        near(shown[k].chance.value(), t.kinds[k], cut, name);
        let d = damage_after(&plain, heads[k]);
        assert_eq!(shown[k].range, d.range, "{name}: damage range");
        near(shown[k].mean, d.mean, 0.0, name);
        death_roll += t.kinds[k] * damage_after(&frail, heads[k]).death_roll;
    }
    assert!(death_roll > 0.3, "4 Aura falls to most hits: {death_roll}");
    near(
        frail_odds.death_roll.value(),
        death_roll,
        cut,
        "a Death roll",
    );
    // Every face of the Death roll after a hit off armor for 10 (d20 15, Evasion 1, d8 8).
    let mut dead = 0.0;
    let search = Search {
        head: vec![15, 1, 8],
        dice: 1,
        ..Search::default()
    };
    falls(&frail, &[], &sword(), &search, |f, _, p| {
        if f.has("B", ConditionKind::Dead) {
            dead += p;
        }
    });
    near(frail_odds.dead.value(), death_roll * dead, cut, "death");
}

#[test]
fn preview_seed002_the_evasion_roll_against_a_defending_target_and_from_the_rear() {
    let plain = quiet(duel("()", "()"));
    // B Defends first: ties go to it.
    let setup = [end("A"), simple("Defend", "B")];
    let odds = preview_after(&plain, &setup, &sword())
        .odds_of::<AvOdds>()
        .cloned()
        .unwrap();
    let t = tally(&plain, &setup, &sword(), &after_ten());
    near(
        hit_after_ten(&odds),
        t.hit(),
        t.cut,
        "against a Defending target",
    );
    let plain_odds = preview_after(&plain, &[], &sword())
        .odds_of::<AvOdds>()
        .cloned()
        .unwrap();
    assert!(
        odds.hit.value() < plain_odds.hit.value(),
        "Defend lowers the odds"
    );

    // From B's rear its Evasion rolls at disadvantage.
    let rear = quiet(
        arena(&["......", "......", "......"])
            .unit("A", "Blue", "duelist", (3, 1), Dir8::W)
            .unit("B", "Red", "duelist", (2, 1), Dir8::W),
    );
    let odds = preview_after(&rear, &[], &sword())
        .odds_of::<AvOdds>()
        .cloned()
        .unwrap();
    let t = tally(&rear, &[], &sword(), &after_ten());
    assert!(t.hit() > 0.8, "the rear is easier to hit: {}", t.hit());
    near(hit_after_ten(&odds), t.hit(), t.cut, "from the rear");
}

#[test]
fn preview_seed002_a_shot_through_the_miss_chance() {
    let range = quiet(
        arena(&["............", "............", "............"])
            .unit("A", "Blue", "duelist", (0, 1), Dir8::E)
            .unit("B", "Red", "duelist", (6, 1), Dir8::W),
    );
    let bow = attack_with("A", "B", "shortbow");
    let odds = preview_after(&range, &[], &bow)
        .odds_of::<AvOdds>()
        .cloned()
        .unwrap();
    assert!(odds.ranged);
    let t = tally(&range, &[], &bow, &DECIDING);
    near(
        odds.natural_miss.value(),
        t.natural_miss,
        t.cut,
        "natural miss",
    );
    near(odds.on_armor.chance.value(), t.kinds[0], t.cut, "on armor");
    near(
        odds.off_armor.chance.value(),
        t.kinds[1],
        t.cut,
        "off armor",
    );
    near(odds.hit.value(), t.hit(), t.cut, "a shot");
}

#[test]
fn preview_seed002_a_trip_through_fortitude() {
    // A critical leaves B Exposed, so not Guarded: its Evasion rolls plain against the Trip
    // (d20 20, d8 1; B passes).
    let room = quiet(duel("()", "()"));
    let setup = [sword(), end("B")];
    let cmd = trip("A", "B");
    let (p, exposed) = {
        let mut f = room.start_with(&[20, 1], None);
        for c in &setup {
            f.ok(c.clone());
        }
        let p = f.h.with_view(|v| preview(v, &cmd)).expect("the preview");
        (p, f.has("B", ConditionKind::Exposed))
    };
    assert!(exposed);
    let odds = p.odds_of::<AvOdds>().cloned().unwrap();
    assert_eq!(p.chance.map(|(aim, _)| aim), Some(Aim::Maneuver));
    let evasion = Search {
        head: vec![20, 1, 10],
        only: &["Evasion"],
        ..DECIDING
    };
    let t = tally(&room, &setup, &cmd, &evasion);
    near(hit_after_ten(&odds), t.hit(), t.cut, "the Trip hits");
    // Fortitude resists a hit alike whatever the dice before: every fall of it after a hit
    // (d20 10, Evasion 1).
    let fortitude = Search {
        head: vec![20, 1, 10, 1],
        only: &["Fortitude"],
        ..DECIDING
    };
    let after_hit = tally(&room, &setup, &cmd, &fortitude);
    assert!(after_hit.maneuver > 0.0 && after_hit.maneuver < 1.0);
    let fortitude_fails = odds.maneuver.unwrap().value() / odds.hit.value();
    near(
        fortitude_fails,
        after_hit.maneuver,
        after_hit.cut,
        "Fortitude fails",
    );
}

#[test]
fn preview_seed002_an_escape() {
    // A restrains B (d20 10; B is Guarded: Evasion 1 and 1 at advantage, a hit at AV − 5);
    // then B tries to Escape.
    let room = quiet(duel("()", "()"));
    let grab = Command::Grab {
        unit: "A".into(),
        target: "B".into(),
    };
    let head = vec![10, 1, 1];
    let mut f = room.start_with(&head, None);
    f.ok(grab.clone());
    assert!(f.has("B", ConditionKind::Restrained));
    let escape = simple("Escape", "B");
    let shown = f.h.with_view(|v| preview(v, &escape)).unwrap().chance;
    let Some((Aim::Escape, chance)) = shown else {
        panic!("an Escape's chance: {shown:?}")
    };
    let search = Search {
        head,
        ..Search::default()
    };
    let mut free = 0.0;
    let cut = falls(&room, &[grab], &escape, &search, |f, _, p| {
        if !f.has("B", ConditionKind::Restrained) {
            free += p;
        }
    });
    assert!(free > 0.0 && free < 1.0 && cut < 0.01, "{free} {cut}");
    near(chance.value(), free, cut, "an Escape");
}

#[test]
fn preview_seed002_a_seize() {
    let room = duel("(initiative: 1)", "(initiative: 4)")
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Ask)"#);
    let shown = {
        let mut f = room.start_with(&[], None);
        let (a, b) = (f.unit("A").entity, f.unit("B").entity);
        f.ok(sword());
        f.h.with_view(|v| {
            let offer = v.awaiting.and_then(|q| q.offer()).expect("a Seize offered");
            assert_eq!((offer.reactor, offer.target), (b, a));
            // The prompt's odds, as the rulebook in force gives them.
            (v.ctx.rules.rulebook.book()).reaction_chance(&v.ctx, &offer)
        })
        .expect("the Seize's odds")
    };
    // Only the two Seize dice branch; the attack that may follow rolls at random.
    let search = Search {
        dice: 2,
        ..Search::default()
    };
    let mut won = 0.0;
    let cut = every_fall(
        &search,
        |dice| room.start_with(dice, None),
        |f| {
            f.ok(sword());
            f.ok(answer("B", true))
        },
        |_, ev, p| {
            if has_event(ev, |e| {
                matches!(
                    e.of_book(),
                    Some(Seed002Event::SeizeRolled { won: true, .. })
                )
            }) {
                won += p;
            }
        },
    );
    assert_eq!(cut, 0.0);
    assert!(won > 0.5, "B's initiative is higher: {won}");
    near(shown.value(), won, 0.0, "a Seize");
}

/// D4: a Coup's preview (P(hit), P(Dead), no Death roll) against every fall of its Combat
/// roll and damage die, on B knocked out at 0 Aura by two Unarmed Attacks (scenario 12's
/// dice; Red's C keeps the battle going).
#[test]
fn preview_seed002_a_coup_on_an_unconscious_unit() {
    let room = duel("()", "(vitality: 1, stamina: 4)").unit("C", "Red", "duelist", (5, 2), Dir8::W);
    let fists = Command::Attack {
        unit: "A".into(),
        target: "B".into(),
        weapon: None,
        options: skirmish::battle::events::AttackOptions {
            unarmed: true,
            ..Default::default()
        },
    };
    let setup = [fists.clone(), end("C"), fists, end("C")];
    let head = vec![13, 2, 15, 1];
    let coup: Command = ron::from_str(r#"Coup(unit: "A", target: "B")"#).expect("a Coup");
    let odds = {
        let mut f = room.start_with(&head, None);
        for c in &setup {
            f.ok(c.clone());
        }
        assert!(f.has("B", ConditionKind::Unconscious));
        f.h.with_view(|v| preview(v, &coup))
            .expect("the preview")
            .odds_of::<AvOdds>()
            .cloned()
            .unwrap()
    };
    let search = Search {
        head,
        ..Search::default()
    };
    let (mut t, mut dead, mut death_roll) = (Tally::default(), 0.0, 0.0);
    let cut = falls(&room, &setup, &coup, &search, |f, ev, p| {
        let r = &av_rolls(ev)[0];
        match r.outcome {
            AvOutcome::Fumble => t.natural_miss += p,
            AvOutcome::Miss => {}
            AvOutcome::Critical => t.kinds[2] += p,
            AvOutcome::Hit => t.kinds[usize::from(!r.on_armor)] += p,
        }
        if f.has("B", ConditionKind::Dead) {
            dead += p;
        }
        if has_event(ev, |e| {
            matches!(e.of_book(), Some(Seed002Event::DeathRolled { .. }))
        }) {
            death_roll += p;
        }
    });
    assert_eq!(cut, 0.0);
    near(
        odds.natural_miss.value(),
        t.natural_miss,
        0.0,
        "natural miss",
    );
    near(odds.on_armor.chance.value(), t.kinds[0], 0.0, "on armor");
    near(odds.off_armor.chance.value(), t.kinds[1], 0.0, "off armor");
    near(odds.critical.chance.value(), t.kinds[2], 0.0, "critical");
    near(odds.hit.value(), t.hit(), 0.0, "no Evasion roll");
    near(odds.dead.value(), dead, 0.0, "Dead");
    near(odds.death_roll.value(), death_roll, 0.0, "no Death roll");
    assert!((dead - 0.95).abs() < EPS, "{dead}");
}

#[test]
fn preview_seed002_the_swift_attack_prompts_odds_of_a_trip_set_off_by_a_step() {
    // B Shifts into A's reach; Blue asks. The prompt offers the blow, Trip, Push and
    // Restrain; the Trip's odds (X2: B's Evasion plain; X3: its Fortitude at disadvantage)
    // against every fall of the answer's dice.
    let room = arena(&["......", "......", "......"])
        .sides(r#"(name: "Blue", reactions: Ask), (name: "Red", reactions: Always)"#)
        .unit("A", "Blue", "duelist", (1, 1), Dir8::E)
        .unit("B", "Red", "duelist", (3, 1), Dir8::W);
    let setup = [
        end("A"),
        Seed002Command::Shift {
            unit: "B".into(),
            to: skirmish::rules::grid::Pos::new(2, 1),
            agility: Some(false),
        }
        .into(),
    ];
    let mut f = room.start_with(&[], None);
    for c in &setup {
        f.ok(c.clone());
    }
    let choices = f.h.with_view(|v| {
        let offer = v
            .awaiting
            .and_then(|q| q.offer())
            .expect("a Swift Attack offered");
        assert!(offer.stepped, "B's own step set it off");
        // The prompt's rows are the same ways, each with its odds in words.
        let rows = (v.ctx.rules.rulebook.book()).reaction_choices(&v.ctx, &offer);
        let ways = skirmish::rulebooks::seed002::swift_ways(&v.ctx, &offer);
        let row_names: Vec<_> = rows.iter().map(|c| c.maneuver).collect();
        let way_names: Vec<_> = ways.iter().map(|c| c.0).collect();
        assert_eq!(row_names, way_names);
        assert!(rows[1].line.starts_with("Trip with"), "{}", rows[1].line);
        ways
    });
    let names: Vec<_> = choices.iter().map(|c| c.0).collect();
    assert_eq!(
        names,
        [
            None,
            Some(ReactionManeuver("Trip")),
            Some(ReactionManeuver("Push")),
            Some(ReactionManeuver("Restrain"))
        ]
    );
    let odds = &choices[1].1;
    assert!(!odds.unguards_actor, "X2");
    let cmd: Command =
        ron::from_str(r#"AnswerReaction(reactor: "A", accept: true, maneuver: Some(Trip))"#)
            .expect("an answer");
    let t = tally(&room, &setup, &cmd, &after_ten());
    near(hit_after_ten(odds), t.hit(), t.cut, "the swift Trip hits");
    let fortitude = Search {
        head: vec![10, 1],
        only: &["Fortitude"],
        ..DECIDING
    };
    let after_hit = tally(&room, &setup, &cmd, &fortitude);
    let fortitude_fails = odds.maneuver.unwrap().value() / odds.hit.value();
    near(
        fortitude_fails,
        after_hit.maneuver,
        after_hit.cut,
        "Fortitude fails at disadvantage",
    );
    // Fortitude 11 fails against 17 on X ≤ 6: plain 0.6; at disadvantage 1 − 0.4² = 0.84.
    assert!((fortitude_fails - 0.84).abs() < 1e-12);
}
