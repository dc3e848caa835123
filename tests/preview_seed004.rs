//! Seed004's previews against brute force (presets/Seed004.md, "Preview"): the chance to
//! beat Guard, with a Wounded attacker's smaller dice and behind cover; the chance to hit
//! when the target Dodges; the damage of a hit through worn armor with its critical,
//! Wounded and Shock chances and the armor's wear; a contest; First Aid. The attack and
//! damage rolls go through the real battle, one battle per way the dice can fall (each
//! capped bursting die has a finite list of roll sequences); the Dodge, contest and First
//! Aid rolls are counted the same way outside it.

mod common;
use common::seed004::{arena, blows, guard_rolls};
use common::*;
use skirmish::battle::Command;
use skirmish::battle::preview::{Preview, preview};
use skirmish::rulebooks::seed004::Seed004Command;
use skirmish::rulebooks::seed004::guard_odds::GuardOdds;
use skirmish::rulebooks::seed004::reserves::Seed004Reserves;
use skirmish::rules::bonus_dice::{BURST_REROLLS, DieSize};
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// How close two probabilities computed along different paths must be.
const EPS: f64 = 1e-9;

fn preview_of(f: &mut Fight, cmd: &Command) -> Preview {
    f.h.with_view(|v| preview(v, cmd)).expect("the preview")
}

/// Every way one capped bursting die can fall: its rolls and their chance.
fn burst_falls(size: DieSize) -> Vec<(Vec<u32>, f64)> {
    let s = size.sides();
    let mut out = Vec::new();
    for j in 0..=BURST_REROLLS {
        let top = if j == BURST_REROLLS { s } else { s - 1 };
        for r in 1..=top {
            let mut rolls = vec![s; j];
            rolls.push(r);
            out.push((rolls, (s as f64).powi(-(j as i32 + 1))));
        }
    }
    out
}

/// Every way `count` bursting dice of `size` fall together, their rolls in order.
fn dice_falls(count: u32, size: DieSize) -> Vec<(Vec<u32>, f64)> {
    (0..count).fold(vec![(Vec::new(), 1.0)], |acc, _| {
        acc.iter()
            .flat_map(|(rolls, p)| {
                burst_falls(size).into_iter().map(move |(more, q)| {
                    let mut all = rolls.clone();
                    all.extend(more);
                    (all, p * q)
                })
            })
            .collect()
    })
}

/// The distribution of d20 plus bonus dice, counted fall by fall: (total, chance).
fn check_falls(count: u32, size: DieSize) -> Vec<(i32, f64)> {
    let mut out = Vec::new();
    for d20 in 1..=20u32 {
        for (rolls, p) in dice_falls(count, size) {
            let total = d20 + rolls.iter().sum::<u32>();
            out.push((total as i32, p / 20.0));
        }
    }
    out
}

fn near(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() < EPS, "{what}: preview {a}, brute force {b}");
}

/// The chance to beat Guard: every d20 face and every fall of the attack die, each rolled
/// by the real battle against a `Never` target.
fn beat_by_battle(arena: &Arena, before: &[u32], size: DieSize, cmd: &Command) -> f64 {
    let mut beat = 0.0;
    for d20 in 1..=20u32 {
        for (rolls, p) in burst_falls(size) {
            let mut dice = before.to_vec();
            dice.push(d20);
            dice.extend(&rolls);
            dice.extend([1; 8]);
            let mut f = arena.start_with(&dice, None);
            let ev = f.ok(cmd.clone());
            if guard_rolls(&ev)[0].hit {
                beat += p / 20.0;
            }
        }
    }
    beat
}

#[test]
fn preview_seed004_beating_guard_plain_wounded_and_in_cover() {
    let sword = attack_with("A", "B", "sword");
    let open = arena(&["...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W);
    let mut f = open.start_with(&[12, 7], None);
    let g = preview_of(&mut f, &sword)
        .odds_of::<GuardOdds>()
        .cloned()
        .expect("Seed004 odds");
    near(
        g.beat,
        beat_by_battle(&open, &[12, 7], DieSize::D10, &sword),
        "sword, plain",
    );

    let wounded = arena(&["...."])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(durability: 1)")
        .unit("B", "Red", "fighter", (1, 0), Dir8::W);
    // B strikes first and leaves A Wounded: d20 19 + d10 1 hits, d8 1 + d10 1 = 2 damage.
    let before = [4, 16, 19, 1, 1, 1];
    let mut f = wounded.start_with(&before, None);
    f.ok(attack_with("B", "A", "sword"));
    assert!(f.has("A", ConditionKind::Wounded));
    f.ok(end("B"));
    let g = preview_of(&mut f, &sword)
        .odds_of::<GuardOdds>()
        .cloned()
        .unwrap();
    assert_eq!(g.attack.size, DieSize::D8);
    let by_battle = {
        let mut beat = 0.0;
        for d20 in 1..=20u32 {
            for (rolls, p) in burst_falls(DieSize::D8) {
                let mut dice = before.to_vec();
                dice.push(d20);
                dice.extend(&rolls);
                dice.extend([1; 8]);
                let mut f = wounded.start_with(&dice, None);
                f.ok(attack_with("B", "A", "sword"));
                f.ok(end("B"));
                if guard_rolls(&f.ok(sword.clone()))[0].hit {
                    beat += p / 20.0;
                }
            }
        }
        beat
    };
    near(g.beat, by_battle, "a Wounded attacker");

    let covered = arena(&["...c."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W);
    let bow = attack_with("A", "B", "bow");
    let mut f = covered.start_with(&[12, 7], None);
    let g = preview_of(&mut f, &bow)
        .odds_of::<GuardOdds>()
        .cloned()
        .unwrap();
    assert_eq!(g.guard, 18);
    near(
        g.beat,
        beat_by_battle(&covered, &[12, 7], DieSize::D10, &bow),
        "bow, partial cover",
    );
}

#[test]
fn preview_seed004_a_dodge() {
    let room = arena(&["...."])
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Always)"#)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W);
    let mut f = room.start_with(&[12, 7], None);
    let g = preview_of(&mut f, &attack_with("A", "B", "sword"))
        .odds_of::<GuardOdds>()
        .cloned()
        .unwrap();
    let dodge = g.dodge.as_ref().expect("B can Dodge");
    assert_eq!(dodge.cost, 5);
    // The attack total and the Dodge total fall independently: count every pair.
    let attack = check_falls(1, DieSize::D10);
    let dodging = check_falls(1, DieSize::D10);
    let (mut beat, mut hit) = (0.0, 0.0);
    for (a, p) in &attack {
        if *a > 15 {
            beat += p;
            hit += p * dodging
                .iter()
                .filter(|(d, _)| d <= a)
                .map(|(_, q)| q)
                .sum::<f64>();
        }
    }
    near(g.beat, beat, "beats Guard");
    near(g.hit_dodged.unwrap(), hit, "hits through a Dodge");
    near(dodge.success, 1.0 - hit / beat, "the Dodge succeeds");
    // One pair through the battle: 20 + d10 1 = 21 against a Dodge of 12 + 9 = 21: a tie hits.
    let mut f = room.start_with(&[12, 7, 20, 1, 12, 9, 1, 1], None);
    let ev = f.ok(attack_with("A", "B", "sword"));
    assert_eq!(blows(&ev).len(), 1);
}

#[test]
fn preview_seed004_damage_through_worn_armor() {
    // B: armor 3 with 4 durability left, 6 Durability and 10 Health: a hit may wear the armor
    // through, leave B Wounded, or put it in Shock.
    let room = arena(&["...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with(
            "B",
            "Red",
            "fighter",
            (1, 0),
            Dir8::W,
            "(armor: 3, armor_durability: 4, durability: 6, health: 4)",
        );
    let sword = attack_with("A", "B", "sword");
    let mut f = room.start_with(&[12, 7], None);
    let h = preview_of(&mut f, &sword)
        .odds_of::<GuardOdds>()
        .cloned()
        .unwrap()
        .on_hit;
    let (mut lo, mut hi, mut mean) = (i32::MAX, i32::MIN, 0.0);
    let (mut crit, mut wounded, mut shock, mut wear_max) = (0.0, 0.0, 0.0, 0);
    for face in 1..=8u32 {
        for (rolls, p) in burst_falls(DieSize::D10) {
            let p = p / 8.0;
            // d20 20 + d10 1 always beats Guard 15.
            let mut dice = vec![12, 7, 20, 1, face];
            dice.extend(&rolls);
            let mut f = room.start_with(&dice, None);
            let ev = f.ok(sword.clone());
            f.all_dice_used();
            let (_, dealt, critical) = blows(&ev)[0].clone();
            lo = lo.min(dealt);
            hi = hi.max(dealt);
            mean += p * dealt as f64;
            crit += if critical { p } else { 0.0 };
            wounded += if f.has("B", ConditionKind::Wounded) {
                p
            } else {
                0.0
            };
            shock += if f.has("B", ConditionKind::Shock) {
                p
            } else {
                0.0
            };
            wear_max = wear_max.max(4 - f.unit("B").own.reserves().armor);
        }
    }
    assert_eq!(h.range, (lo, hi));
    assert_eq!(h.wear.1, wear_max);
    near(h.mean, mean, "mean damage");
    near(h.critical, crit, "critical");
    near(h.wounded, wounded, "Wounded");
    near(h.shock, shock, "Shock");
}

#[test]
fn preview_seed004_contest_and_first_aid() {
    let room = arena(&["....", "...."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (0, 0),
            Dir8::E,
            "(size: Large, strength_dice: 2)",
        )
        .unit_with(
            "V",
            "Blue",
            "fighter",
            (0, 1),
            Dir8::E,
            "(durability: 1, medicine_dice: 2)",
        )
        .unit("B", "Red", "fighter", (1, 0), Dir8::W);
    let mut f = room.start_with(&[12, 3, 7], None);
    let c = preview_of(&mut f, &shove("A", "B")).contest.unwrap();
    // Shove: A's 2 strength dice, a Charge for each size step larger (d12), against B's
    // better of strength and speed (1 d10); ties go to the shover.
    let actor = check_falls(2, DieSize::D12);
    let target = check_falls(1, DieSize::D10);
    let win: f64 = actor
        .iter()
        .map(|(a, p)| {
            p * target
                .iter()
                .filter(|(t, _)| t <= a)
                .map(|(_, q)| q)
                .sum::<f64>()
        })
        .sum();
    assert!(
        (c.win.value() - win).abs() < 1e-12,
        "shove: {} vs {win}",
        c.win.value()
    );
    let aid = preview_of(
        &mut f,
        &Command::from(Seed004Command::FirstAid {
            unit: "A".into(),
            target: "V".into(),
        }),
    );
    let (_, chance) = aid.chance.expect("First Aid's chance");
    let above: f64 = check_falls(1, DieSize::D10)
        .iter()
        .filter(|(t, _)| *t > 20)
        .map(|(_, p)| p)
        .sum();
    assert!((chance.value() - above).abs() < 1e-12);
}
