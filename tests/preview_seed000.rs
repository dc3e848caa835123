//! Seed000's previews against brute force (presets/Seed000.md, "Preview"): the damage a
//! hammer's hit deals with the collision joined to it, a non-lethal hit and a lethal one
//! with their chances of Down and death, the chance to hide, First Aid's chance, passing
//! through an enemy, a held attack set off by a step, and a dying combatant's chance to die
//! at its next Bleeding tick — each compared with resolving every die face through the
//! real battle.

mod common;
use common::seed000::*;
use common::*;
use skirmish::battle::events::{AttackOptions, BattleEvent, Command, HeldAction, Trigger};
use skirmish::battle::fate::Fate;
use skirmish::battle::preview::{Preview, preview};
use skirmish::battle::preview_extras::death_at_next_tick;
use skirmish::rulebooks::seed000::Seed000Command;
use skirmish::rulebooks::seed000::held::HeldPreviews;
use skirmish::rules::combat::HitOutcome;
use skirmish::rules::odds::{Chance, Dist};
use skirmish::rules::ruleset::ConditionKind;
use std::collections::BTreeMap;

fn preview_of(f: &mut Fight, cmd: &Command) -> Preview {
    f.h.with_view(|v| preview(v, cmd)).expect("the preview")
}

fn blade_attack(non_lethal: bool) -> Command {
    Command::Attack {
        unit: "A".into(),
        target: "B".into(),
        weapon: None,
        options: AttackOptions {
            non_lethal: Some(non_lethal),
            ..Default::default()
        },
    }
}

/// Counted outcomes: how often each value came up.
#[derive(Default)]
struct Tally(BTreeMap<i32, u128>);

impl Tally {
    fn add(&mut self, v: i32) {
        *self.0.entry(v).or_default() += 1;
    }
    fn total(&self) -> u128 {
        self.0.values().sum()
    }
    fn dist(&self) -> Dist {
        Dist::from_weights(self.0.clone())
    }
    fn chance(&self, pred: impl Fn(i32) -> bool) -> Chance {
        let n = self
            .0
            .iter()
            .filter(|(v, _)| pred(**v))
            .map(|(_, n)| n)
            .sum();
        Chance::new(n, self.total())
    }
}

/// Every d20 face of an attack, resolved with `rest` after it: the counts of each outcome
/// and a face of each (the first that hits plainly, the natural 20).
fn hit_faces(
    arena: &Arena,
    before: &[u32],
    rest: &[u32],
    act: impl Fn(&mut Fight) -> Vec<BattleEvent>,
) -> (Chance, Chance, u32) {
    let (mut hits, mut crits, mut plain) = (0, 0, None);
    for face in 1..=20 {
        let mut dice = before.to_vec();
        dice.push(face);
        dice.extend(rest);
        let mut f = arena.start_with(&dice, None);
        let ev = act(&mut f);
        match attacks(&ev)[0].outcome {
            HitOutcome::Critical => crits += 1,
            HitOutcome::Hit => {
                hits += 1;
                plain.get_or_insert(face);
            }
            HitOutcome::Miss | HitOutcome::Fumble => {}
        }
    }
    (
        Chance::new(hits + crits, 20),
        Chance::new(crits, 20),
        plain.expect("a face that hits"),
    )
}

/// The preview's whole-attack damage against the brute-force branches.
fn check_dealt(fate: &Fate, hit: Chance, crit: Chance, on_hit: &Tally, on_crit: &Tally) {
    assert_eq!((fate.hit, fate.critical), (hit, crit), "hit and critical");
    assert_eq!(fate.on_hit, on_hit.dist(), "an ordinary hit's damage");
    assert_eq!(fate.on_critical, on_crit.dist(), "a critical hit's damage");
    let miss = Tally(BTreeMap::from([(0, 1)]));
    let dealt = Dist::branches(&[
        (!hit, &miss.dist()),
        (hit - crit, &on_hit.dist()),
        (crit, &on_crit.dist()),
    ]);
    assert_eq!(fate.dealt, dealt, "the attack's damage");
}

#[test]
fn preview_of_a_hammer_hit_with_its_joined_collision_counts_every_face() {
    for take_cover in [false, true] {
        let arena = collision_room();
        let prepare = |f: &mut Fight| {
            if take_cover {
                f.ok(simple("TakeCover", "C"));
            }
            f.ok(end("C"));
        };
        let mut f = arena.start_with(&[], None);
        prepare(&mut f);
        let p = preview_of(&mut f, &attack("A", "B"));
        let fate = p.attack.expect("an attack preview").fate;
        let strike = |f: &mut Fight| {
            prepare(f);
            f.ok(attack("A", "B"))
        };
        let (hit, crit, plain) = hit_faces(&arena, &[], &[1, 1], strike);
        let branch = |face: u32| {
            let mut t = Tally::default();
            for d4 in 1..=4 {
                for defence in 1..=20 {
                    let mut f = arena.start_with(&[face, d4, defence], None);
                    let ev = strike(&mut f);
                    let b: i32 = damage(&ev)
                        .iter()
                        .filter(|(n, _)| n == "B")
                        .map(|d| d.1)
                        .sum();
                    t.add(b);
                }
            }
            t
        };
        let (on_hit, on_crit) = (branch(plain), branch(20));
        check_dealt(&fate, hit, crit, &on_hit, &on_crit);
        assert!(!on_hit.dist().eq(&Dist::certain(on_hit.dist().min())));
    }
}

/// Where B stands after a strike: 0 up, 1 Down, 2 dead.
fn standing(f: &mut Fight) -> i32 {
    i32::from(f.has("B", ConditionKind::Down)) + i32::from(f.has("B", ConditionKind::Dead))
}

/// A blade (1d6) against B with 1 vitality: the damage of each branch, Down and death.
fn check_blade(non_lethal: bool) {
    let arena = non_lethal_room();
    let mut f = arena.start_with(&[], None);
    let fate = preview_of(&mut f, &blade_attack(non_lethal))
        .attack
        .expect("an attack preview")
        .fate;
    let strike = |f: &mut Fight| f.ok(blade_attack(non_lethal));
    let extra: &[u32] = if non_lethal { &[1] } else { &[] };
    let tail: Vec<u32> = std::iter::once(1).chain(extra.iter().copied()).collect();
    let (hit, crit, plain) = hit_faces(&arena, &[], &tail, strike);
    // Each hit branch: the damage dealt and where B stands, over every face.
    let branch = |face: u32| {
        let (mut dealt, mut stands) = (Tally::default(), Tally::default());
        for d6 in 1..=6 {
            for more in extra_faces(non_lethal) {
                let mut dice = vec![face, d6];
                dice.extend(more);
                let mut f = arena.start_with(&dice, None);
                let ev = strike(&mut f);
                dealt.add(damage(&ev).iter().map(|d| d.1).sum());
                stands.add(standing(&mut f));
            }
        }
        (dealt, stands)
    };
    let ((on_hit, hit_stands), (on_crit, crit_stands)) = (branch(plain), branch(20));
    check_dealt(&fate, hit, crit, &on_hit, &on_crit);
    let over_hits = |pred: fn(i32) -> bool| {
        (hit - crit) * hit_stands.chance(pred) + crit * crit_stands.chance(pred)
    };
    assert_eq!(fate.down, over_hits(|s| s >= 1), "Down");
    assert_eq!(
        fate.dead,
        over_hits(|s| s == 2),
        "dead at −maximum vitality"
    );
    assert_eq!(fate.stays_up, !fate.down);
    assert_eq!(
        fate.dead == Chance::never(),
        non_lethal,
        "non-lethal never kills"
    );
}

/// The non-lethal d4's faces, or one empty tail.
fn extra_faces(non_lethal: bool) -> Vec<Vec<u32>> {
    if non_lethal {
        (1..=4).map(|d| vec![d]).collect()
    } else {
        vec![vec![]]
    }
}

#[test]
fn preview_of_a_lethal_blade_counts_down_and_death_over_every_face() {
    check_blade(false);
}

#[test]
fn preview_of_a_non_lethal_blade_takes_the_d4_off_every_face() {
    check_blade(true);
}

#[test]
fn preview_of_hide_counts_every_pair_of_faces() {
    let arena = hide_map();
    let mut f = arena.start_with(&[], None);
    let hide = Command::from(Seed000Command::Hide { unit: "A".into() });
    let (_, chance) = preview_of(&mut f, &hide).chance.expect("a chance");
    let mut hidden = 0;
    for mine in 1..=20 {
        for theirs in 1..=20 {
            let mut f = arena.start_with(&[mine, theirs], None);
            f.ok(hide.clone());
            hidden += u128::from(f.has("A", ConditionKind::Hidden));
        }
    }
    assert_eq!(chance, Chance::new(hidden, 400));
    assert!(hidden > 0 && hidden < 400);
}

/// B down and bleeding at −1 of 4, its slot gone by (it bled `bleed`); C to act.
fn bled(first_aid: i32, bleed: u32, more: &[u32]) -> Fight {
    let mut dice = vec![15, 6, bleed];
    dice.extend(more);
    let mut f = bleeding_room(first_aid).start_with(&dice, None);
    f.ok(attack("R", "B"));
    f.ok(end("R"));
    f
}

#[test]
fn preview_of_first_aid_counts_every_face() {
    let mut f = bled(1, 2, &[]);
    let (_, chance) = preview_of(&mut f, &stabilize("C", "B"))
        .chance
        .expect("a chance");
    let stopped = (1..=20)
        .filter(|face| {
            let mut f = bled(1, 2, &[*face]);
            f.ok(stabilize("C", "B"));
            !f.has("B", ConditionKind::Bleeding)
        })
        .count();
    assert_eq!(chance, Chance::new(stopped as u128, 20));
    assert_eq!(
        chance,
        Chance::new(7, 10),
        "d20 + 1 reaching 8: faces 7 to 20"
    );
}

#[test]
fn the_chance_to_die_at_the_next_tick_counts_every_bleeding_face() {
    let mut f = bleeding_room(0).start_with(&[15, 6], None);
    f.ok(attack("R", "B"));
    let p = death_at_next_tick(&f.unit("B")).expect("B is dying");
    let died = (1..=4)
        .filter(|face| {
            let mut f = bleeding_room(0).start_with(&[15, 6, *face], None);
            f.ok(attack("R", "B"));
            f.ok(end("R"));
            f.has("B", ConditionKind::Dead)
        })
        .count();
    assert_eq!(p, Chance::new(died as u128, 4));
    assert_eq!(p, Chance::new(1, 2), "−1 of 4: a 3 or a 4 kills");
    assert_eq!(death_at_next_tick(&f.unit("R")), None, "R is not dying");
}

#[test]
fn preview_of_passing_through_an_enemy_counts_every_pair_of_faces() {
    let arena = through_room("");
    let walk = path("A", &[(3, 2), (4, 2)]);
    let mut f = arena.start_with(&[], None);
    let shown = preview_of(&mut f, &walk);
    assert_eq!(shown.passes.len(), 1);
    assert_eq!(shown.passes[0].enemy, "B");
    let mut through = 0;
    for mine in 1..=20 {
        for theirs in 1..=20 {
            let mut f = arena.start_with(&[mine, theirs], None);
            f.ok(walk.clone());
            through += u128::from(f.pos("A") == p(4, 2));
        }
    }
    assert_eq!(shown.passes[0].chance, Chance::new(through, 400));
    assert_eq!(shown.chance.map(|c| c.1), Some(shown.passes[0].chance));
}

#[test]
fn preview_of_a_step_that_sets_off_a_held_attack_counts_every_face() {
    let arena = held_hall();
    let hold = Command::from(Seed000Command::Hold {
        unit: "A".into(),
        action: HeldAction::Attack(Some("bow".into())),
        trigger: Trigger::EnemyStep(None),
    });
    let walk = mv("B", (6, 2));
    let mut f = arena.start_with(&[], None);
    f.ok(hold.clone());
    f.ok(end("A"));
    let p = preview_of(&mut f, &walk);
    let held = &p.notes_of::<HeldPreviews>().expect("a held action fires").0;
    assert_eq!(held.len(), 1, "only the step to 6 m fires");
    assert_eq!((held[0].holder.as_str(), held[0].step), ("A", Some(2)));
    let hits = (1..=20)
        .filter(|face| {
            let mut f = arena.start_with(&[*face, 1], None);
            f.ok(hold.clone());
            f.ok(end("A"));
            let ev = f.ok(walk.clone());
            attacks(&ev)[0].outcome.hits()
        })
        .count();
    assert_eq!(held[0].odds, Chance::new(hits as u128, 20));
    // The card tells it in the rulebook's words.
    let line = format!(
        "A fires {} after step 2: {:.1}% it lands\n",
        held[0].action,
        held[0].odds.percent()
    );
    assert_eq!(p.rulebook_notes(), Some(line));
}
