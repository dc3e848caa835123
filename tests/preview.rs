//! The outcome preview: exact hit and critical chances (checked against an independent
//! count over every d20 face and every pair of faces), damage ranges and expected damage,
//! contest odds, where a push ends and what a collision costs, and the reactions an action
//! provokes — and that the preview agrees with what the battle then does.

mod common;
use common::*;
use skirmish::battle::events::{Command, ContestKind, Obstacle, ReactionKind, Reason};
use skirmish::battle::preview::{Preview, ProvokedReaction, preview};
use skirmish::rules::combat::{Chance, HitOutcome, RollMode, hit_chance};
use skirmish::rules::grid::Dir8;

/// Preview a command against the battle as it stands.
fn preview_of(f: &mut Fight, cmd: &Command) -> Result<Preview, Refusal> {
    f.h.with_view(|view| preview(view, cmd))
}

/// Independent count, in 400ths: every ordered pair of d20 faces (a single die counts each
/// face 20 times). Natural 20 always hits and crits; natural 1 always misses.
fn exhaustive(bonus: i32, evasion: i32, mode: RollMode) -> (u128, u128) {
    let (mut hit, mut crit) = (0u128, 0u128);
    for a in 1..=20i32 {
        for b in 1..=20i32 {
            let kept = match mode {
                RollMode::Normal => a,
                RollMode::Advantage => a.max(b),
                RollMode::Disadvantage => a.min(b),
            };
            let hits = kept == 20 || (kept != 1 && kept + bonus >= evasion);
            hit += u128::from(hits);
            crit += u128::from(kept == 20);
        }
    }
    (hit, crit)
}

fn same(c: Chance, num400: u128) -> bool {
    // c = num/den must equal num400/400.
    c.num * 400 == num400 * c.den
}

// ----------------------------------------------------------------------- hit probability

#[test]
fn preview_hit_chance_equals_an_exhaustive_count_over_all_faces() {
    for mode in [
        RollMode::Normal,
        RollMode::Advantage,
        RollMode::Disadvantage,
    ] {
        for bonus in -12..=25 {
            for evasion in -2..=40 {
                let (hit, crit) = hit_chance(bonus, evasion, mode);
                let (h, c) = exhaustive(bonus, evasion, mode);
                assert!(
                    same(hit, h),
                    "{mode:?} +{bonus} vs {evasion}: {hit:?} != {h}/400"
                );
                assert!(same(crit, c), "{mode:?} crit: {crit:?} != {c}/400");
            }
        }
    }
    // Spot checks by hand: +3 against 12 needs 9+: 12 faces of 20.
    assert!(same(hit_chance(3, 12, RollMode::Normal).0, 240));
    // With advantage: 1 - (8/20)² = 336/400; with disadvantage (12/20)² = 144/400.
    assert!(same(hit_chance(3, 12, RollMode::Advantage).0, 336));
    assert!(same(hit_chance(3, 12, RollMode::Disadvantage).0, 144));
    // Criticals: 20/400, 39/400, 1/400.
    assert!(same(hit_chance(3, 12, RollMode::Advantage).1, 39));
    assert!(same(hit_chance(3, 12, RollMode::Disadvantage).1, 1));
}

/// An attack situation: the target stands at (3,1).
struct Situation {
    label: &'static str,
    template: &'static str,
    pos: (i32, i32),
    target_facing: Dir8,
    ally: Option<(i32, i32)>,
    rules: &'static str,
    mode: RollMode,
    bonus: i32,
}

fn situations() -> Vec<Situation> {
    let s = |label, template, pos, target_facing, ally, rules, mode, bonus| Situation {
        label,
        template,
        pos,
        target_facing,
        ally,
        rules,
        mode,
        bonus,
    };
    vec![
        s(
            "front",
            "fighter",
            (2, 1),
            Dir8::W,
            None,
            "",
            RollMode::Normal,
            3,
        ),
        s(
            "rear",
            "fighter",
            (2, 1),
            Dir8::E,
            None,
            "",
            RollMode::Advantage,
            3,
        ),
        s(
            "flanked",
            "fighter",
            (2, 1),
            Dir8::W,
            Some((4, 1)),
            "",
            RollMode::Normal,
            5,
        ),
        s(
            "flanked rear",
            "fighter",
            (2, 1),
            Dir8::E,
            Some((4, 1)),
            "",
            RollMode::Advantage,
            5,
        ),
        s(
            "long range",
            "archer",
            (11, 1),
            Dir8::E,
            None,
            "",
            RollMode::Disadvantage,
            3,
        ),
        s(
            "long range low cover",
            "archer",
            (11, 1),
            Dir8::E,
            Some((7, 1)),
            "(cover: Penalty)",
            RollMode::Disadvantage,
            1,
        ),
    ]
}

#[test]
fn preview_attack_hit_chance_matches_the_count_in_real_situations() {
    for Situation {
        label,
        template,
        pos,
        target_facing: facing,
        ally,
        rules,
        mode,
        bonus,
    } in situations()
    {
        for evasion in [1, 2, 5, 10, 11, 12, 13, 15, 18, 20, 22, 23, 24, 25, 30] {
            let mut arena = Arena::new(&["............", "............", "............"])
                .unit("A", "Blue", template, pos, Dir8::W)
                .unit_with(
                    "T",
                    "Red",
                    "dummy",
                    (3, 1),
                    facing,
                    &format!("(evasion: {evasion})"),
                );
            if let Some(a) = ally {
                arena = arena.unit("B", "Blue", "fighter", a, Dir8::W);
            }
            if !rules.is_empty() {
                arena = arena.rules(rules);
            }
            let mut f = arena.start(&[6, 1, 1]);
            let pv =
                preview_of(&mut f, &attack("A", "T")).unwrap_or_else(|e| panic!("{label}: {e}"));
            let a = pv.attack.expect("an attack preview");
            assert_eq!(
                (a.mode, a.bonus, a.evasion),
                (mode, bonus, evasion),
                "{label}"
            );
            let (h, c) = exhaustive(bonus, evasion, mode);
            assert!(
                same(a.hit, h),
                "{label} vs {evasion}: {:?} != {h}/400",
                a.hit
            );
            assert!(same(a.critical, c), "{label} vs {evasion}");
        }
    }
}

#[test]
fn preview_hit_chance_agrees_with_resolving_every_face() {
    // For each natural d20 (and each pair under advantage), resolve the attack for real and
    // count the hits: the total must equal the preview's numerator.
    for (label, mode, rear) in [
        ("normal", RollMode::Normal, false),
        ("advantage", RollMode::Advantage, true),
    ] {
        let arena = Arena::new(&["......", "......"])
            .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
            .unit_with(
                "T",
                "Red",
                "dummy",
                (2, 0),
                if rear { Dir8::E } else { Dir8::W },
                "(evasion: 14)",
            );
        let mut f = arena.start(&[6, 1]);
        let pv = preview_of(&mut f, &attack("A", "T"))
            .unwrap()
            .attack
            .unwrap();
        assert_eq!(pv.mode, mode);
        let pairs: Vec<Vec<u32>> = match mode {
            RollMode::Normal => (1..=20).map(|a| vec![a]).collect(),
            _ => (1..=20)
                .flat_map(|a| (1..=20).map(move |b| vec![a, b]))
                .collect(),
        };
        let (mut hits, mut crits) = (0u128, 0u128);
        for faces in &pairs {
            let mut dice = vec![6, 1];
            dice.extend(faces);
            dice.push(1);
            let mut g = arena.start(&dice);
            let r = attacks(&g.ok(attack("A", "T")))[0].clone();
            hits += u128::from(r.outcome.hits());
            crits += u128::from(r.outcome == HitOutcome::Critical);
        }
        let scale = 400 / pairs.len() as u128;
        assert!(
            same(pv.hit, hits * scale),
            "{label}: preview {:?}, resolved {hits} of {}",
            pv.hit,
            pairs.len()
        );
        assert!(same(pv.critical, crits * scale), "{label}");
    }
}

// ----------------------------------------------------------------------------- damage

#[test]
fn preview_attack_damage_range_and_expected_value_by_hand() {
    // Blade 1d6+1 against Evasion 12, no armor: a hit deals 2..7, a critical 8..13.
    // P(hit) = 12/20 of which P(crit) = 1/20: E = 11/20 × 4.5 + 1/20 × 10.5 = 3.0.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("T", "Red", "dummy", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let a = preview_of(&mut f, &attack("A", "T"))
        .unwrap()
        .attack
        .unwrap();
    assert_eq!(
        (
            a.weapon.as_str(),
            a.damage.hit,
            a.damage.critical,
            a.damage.range()
        ),
        ("blade", (2, 7), (8, 13), (2, 13))
    );
    assert!(
        (a.damage.expected - 3.0).abs() < 1e-12,
        "{}",
        a.damage.expected
    );
    // Against armor 3: 2..7 - 3 → 0..4 (mean 10/6); crit 5..10 (mean 7.5).
    // E = 11/20 × 10/6 + 1/20 × 7.5 = 0.916666… + 0.375.
    let mut g = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("T", "Red", "tank", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let a = preview_of(&mut g, &attack("A", "T"))
        .unwrap()
        .attack
        .unwrap();
    assert_eq!((a.damage.hit, a.damage.critical), ((0, 4), (5, 10)));
    assert!(
        (a.damage.expected - (11.0 / 20.0 * 10.0 / 6.0 + 1.0 / 20.0 * 7.5)).abs() < 1e-12,
        "{}",
        a.damage.expected
    );
}

#[test]
fn preview_damage_applies_affinities_and_armor_piercing() {
    // Acid 2d4 (Chemical) at a resistant target: 2..8 → 1..4, crit 8..14 → 4..7.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "ripper", (0, 0), Dir8::E)
        .unit_with("T", "Red", "dummy", (3, 0), Dir8::W, "(resist: [Chemical])")
        .start(&[6, 1]);
    let a = preview_of(&mut f, &attack_with("A", "T", "acid"))
        .unwrap()
        .attack
        .unwrap();
    assert_eq!((a.damage.hit, a.damage.critical), ((1, 4), (4, 7)));
    // Venom (Poison) ignores the tank's armor: 1..6, crit 7..12.
    let mut g = Arena::new(&["......"])
        .unit("A", "Blue", "ripper", (1, 0), Dir8::E)
        .unit("T", "Red", "tank", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let a = preview_of(&mut g, &attack_with("A", "T", "venom"))
        .unwrap()
        .attack
        .unwrap();
    assert_eq!((a.damage.hit, a.damage.critical), ((1, 6), (7, 12)));
    // Immune: nothing.
    let mut h = Arena::new(&["......"])
        .unit("A", "Blue", "hexer", (1, 0), Dir8::E)
        .unit_with("T", "Red", "dummy", (2, 0), Dir8::W, "(immune: [Heat])")
        .start(&[6, 1]);
    let a = preview_of(&mut h, &attack_with("A", "T", "flame"))
        .unwrap()
        .attack
        .unwrap();
    assert_eq!(
        (a.damage.hit, a.damage.critical, a.damage.expected),
        ((0, 0), (0, 0), 0.0)
    );
}

#[test]
fn preview_names_the_modifiers_and_the_creature_in_the_way() {
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "archer", (0, 0), Dir8::E)
        .unit("T", "Red", "dummy", (4, 0), Dir8::W)
        .unit("C", "Red", "fighter", (2, 0), Dir8::S)
        .start(&[6, 1, 1]);
    let pv = preview_of(&mut f, &attack("A", "T")).unwrap();
    assert_eq!(reasons(&pv.modifiers), vec![Reason::CreatureCover]);
    let a = pv.attack.unwrap();
    assert_eq!((a.evasion, a.cover_creature.as_deref()), (14, Some("C")));
    assert!(same(a.hit, exhaustive(3, 14, RollMode::Normal).0));
}

// ------------------------------------------------------------------- contests and pushes

#[test]
fn preview_shove_gives_the_contest_odds_and_where_the_target_ends() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5]);
    let pv = preview_of(&mut f, &shove("A", "B")).unwrap();
    let c = pv.contest.unwrap();
    assert_eq!(
        (
            c.kind,
            c.actor_bonus,
            c.target_bonus,
            c.actor_mode,
            c.target_mode
        ),
        (ContestKind::Shove, 2, 2, RollMode::Normal, RollMode::Normal)
    );
    // Equal bonuses: the actor wins on 190 of the 400 pairs (ties go to the target).
    assert_eq!(c.win.num * 400, 190 * c.win.den);
    let push = pv.push.unwrap();
    assert_eq!(
        (
            push.dir,
            push.distance,
            push.path.clone(),
            push.end,
            push.collision.clone()
        ),
        (Dir8::E, 1, vec![p(3, 0)], p(3, 0), None)
    );
    // The preview changed nothing; the shove then does what it said.
    assert_eq!(f.pos("B"), p(2, 0));
    f.ok(shove("A", "B"));
    assert_eq!(f.pos("B"), push.end);
}

#[test]
fn preview_contest_odds_equal_an_exhaustive_count_with_advantage() {
    // A Large actor (might 4, advantage) against a Medium target resisting with agility 2.
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "big", (1, 0), Dir8::E)
        .unit("B", "Red", "archer", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let c = preview_of(&mut f, &trip("A", "B"))
        .unwrap()
        .contest
        .unwrap();
    assert_eq!(
        (c.actor_bonus, c.actor_mode, c.target_bonus, c.target_mode),
        (4, RollMode::Advantage, 2, RollMode::Normal)
    );
    let mut wins = 0u128;
    for a1 in 1..=20 {
        for a2 in 1..=20 {
            for t in 1..=20 {
                wins += u128::from(i32::max(a1, a2) + 4 > t + 2);
            }
        }
    }
    assert_eq!(c.win.num * 8000, wins * c.win.den);
}

#[test]
fn preview_shove_into_a_wall_shows_the_collision_damage() {
    let mut f = Arena::new(&["...#", "...."])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "tank", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let push = preview_of(&mut f, &shove("A", "B")).unwrap().push.unwrap();
    assert_eq!((push.path.clone(), push.end), (vec![], p(2, 0)));
    let c = push.collision.unwrap();
    assert_eq!(
        (c.obstacle, c.target_damage, c.occupant),
        (Obstacle::Terrain("wall".into()), 1, None)
    );
}

#[test]
fn preview_charge_gives_the_run_the_push_end_and_a_creature_collision() {
    // A charges B at (4,0); the tank O stands at (6,0): B would stop at (5,0); O defends
    // with d20 + 4 against 10 + 2 (13 faces of 20); failure 3 and 3, success 1 and 1
    // (armor ignored). R, next to the lane, would make an opportunity attack.
    let mut f = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W)
        .unit("O", "Red", "tank", (6, 0), Dir8::W)
        .unit("R", "Red", "fighter", (1, 1), Dir8::N)
        .start(&[6, 1, 1, 1]);
    let pv = preview_of(&mut f, &charge("A", "B")).unwrap();
    assert_eq!(
        pv.reactions,
        vec![ProvokedReaction {
            reactor: "R".into(),
            kind: ReactionKind::Opportunity,
            at: p(0, 0)
        }]
    );
    let c = pv.contest.unwrap();
    assert_eq!(
        (c.kind, c.actor_bonus, c.target_bonus),
        (ContestKind::Charge, 2, 2)
    );
    let push = pv.push.unwrap();
    assert_eq!(
        (push.dir, push.distance, push.path.clone(), push.end),
        (Dir8::E, 3, vec![p(5, 0)], p(5, 0))
    );
    let col = push.collision.unwrap();
    assert_eq!(
        (col.obstacle, col.target_damage),
        (Obstacle::Creature("O".into()), 3)
    );
    let o = col.occupant.unwrap();
    assert_eq!(
        (o.name.as_str(), o.on_failure, o.on_success),
        ("O", (3, 3), (1, 1))
    );
    assert!(same(o.defence, 260));
    // Armor counts in collision damage only when the switch says so.
    let mut g = Arena::new(&["..........", ".........."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W)
        .unit("O", "Red", "tank", (6, 0), Dir8::W)
        .rules("(collision_ignores_armor: false)")
        .start(&[6, 1, 1]);
    let o = preview_of(&mut g, &charge("A", "B"))
        .unwrap()
        .push
        .unwrap()
        .collision
        .unwrap()
        .occupant
        .unwrap();
    assert_eq!((o.on_failure, o.on_success), ((3, 0), (1, 0)));
}

#[test]
fn preview_weapon_push_and_the_swift_attacks_it_would_draw() {
    // The hammer pushes T 2 m East, next to C (facing it): C would get a swift attack.
    let mut f = Arena::new(&["........", "........"])
        .unit("A", "Blue", "bruiser", (1, 0), Dir8::E)
        .unit("T", "Red", "fighter", (2, 0), Dir8::W)
        .unit("C", "Blue", "fighter", (5, 0), Dir8::W)
        .start(&[6, 1, 1]);
    let pv = preview_of(&mut f, &attack("A", "T")).unwrap();
    let push = pv.push.unwrap();
    assert_eq!(
        (push.path.clone(), push.end),
        (vec![p(3, 0), p(4, 0)], p(4, 0))
    );
    assert_eq!(
        pv.reactions,
        vec![ProvokedReaction {
            reactor: "C".into(),
            kind: ReactionKind::Swift,
            at: p(4, 0)
        }]
    );
}

// -------------------------------------------------------------------- moves and refusals

#[test]
fn preview_move_gives_its_cost_and_the_opportunity_attacks_it_provokes() {
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("R", "Red", "fighter", (2, 1), Dir8::W)
        .unit("S", "Red", "fighter", (1, 2), Dir8::N)
        .start(&[6, 2, 1]);
    let pv = preview_of(&mut f, &path("A", &[(0, 0), (0, 1), (5, 5)]))
        .map(|_| ())
        .unwrap_err();
    assert!(
        matches!(
            pv,
            Refusal::BadStep {
                step: 3,
                error: skirmish::rules::path::StepError::NotAdjacent,
                ..
            }
        ),
        "{pv:?}"
    );
    let pv = preview_of(&mut f, &path("A", &[(1, 0), (0, 0)])).unwrap();
    assert_eq!(pv.move_cost, Some((2, 0)));
    // R (initiative 2) before S (1); each once, from the tile A leaves.
    assert_eq!(
        pv.reactions,
        vec![
            ProvokedReaction {
                reactor: "R".into(),
                kind: ReactionKind::Opportunity,
                at: p(1, 1)
            },
            ProvokedReaction {
                reactor: "S".into(),
                kind: ReactionKind::Opportunity,
                at: p(1, 1)
            },
        ]
    );
    let pv = preview_of(&mut f, &mv("A", (5, 0))).unwrap();
    assert_eq!(
        pv.move_cost,
        Some((4, 1)),
        "4 m around R: the pool and 1 AP"
    );
}

#[test]
fn preview_of_a_refused_command_gives_the_same_reason_and_rolls_nothing() {
    let mut f = Arena::new(&["......"])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (3, 0), Dir8::W)
        .start(&[6, 1]);
    let cmd = shove("A", "B");
    let why = preview_of(&mut f, &cmd).unwrap_err();
    assert_eq!(why, f.rejected(cmd));
    let cmd = attack_with("A", "B", "blade");
    let why = preview_of(&mut f, &cmd).unwrap_err();
    assert_eq!(why, f.rejected(cmd));
    // A legal preview rolls no dice and leaves the battle as it was.
    let before = f.digest();
    preview_of(&mut f, &attack("A", "B")).unwrap();
    assert_eq!(before, f.digest());
    f.all_dice_used();
}

#[test]
fn preview_stand_up_lists_the_opportunity_and_swift_attacks() {
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 10, 5]);
    f.ok(trip("A", "B"));
    f.ok(end("A"));
    let pv = preview_of(&mut f, &simple("StandUp", "B")).unwrap();
    assert_eq!(
        pv.reactions,
        vec![
            ProvokedReaction {
                reactor: "A".into(),
                kind: ReactionKind::Opportunity,
                at: p(2, 0)
            },
            ProvokedReaction {
                reactor: "A".into(),
                kind: ReactionKind::Swift,
                at: p(2, 0)
            },
        ]
    );
}

// ------------------------------------------- the preview's reactions match the battle's

fn reactions_taken(ev: &[skirmish::battle::events::BattleEvent]) -> Vec<(String, ReactionKind)> {
    ev.iter()
        .filter_map(|e| match e {
            skirmish::battle::events::BattleEvent::ReactionTaken { reactor, kind, .. } => {
                Some((reactor.clone(), *kind))
            }
            _ => None,
        })
        .collect()
}

fn previewed(pv: &Preview) -> Vec<(String, ReactionKind)> {
    pv.reactions
        .iter()
        .map(|r| (r.reactor.clone(), r.kind))
        .collect()
}

#[test]
fn preview_charge_counts_the_charger_where_its_run_ends() {
    // B, charged, hits the wall behind it and stays next to A, who then has a swift attack.
    let mut f = Arena::new(&[".....#.", "......."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (4, 0), Dir8::W)
        .start(&[6, 1, 10, 5, 2]);
    let pv = preview_of(&mut f, &charge("A", "B")).unwrap();
    assert_eq!(
        pv.reactions,
        vec![ProvokedReaction {
            reactor: "A".into(),
            kind: ReactionKind::Swift,
            at: p(4, 0)
        }]
    );
    let ev = f.ok(charge("A", "B"));
    assert_eq!(reactions_taken(&ev), previewed(&pv));
    f.all_dice_used();
}

#[test]
fn preview_attack_counts_the_attack_it_makes_against_the_limit() {
    // A's second hammer blow of the round pins T against the wall: T is Unguarded next to A,
    // but A has made its 2 attacks and has no swift attack left.
    let mut f = Arena::new(&["....#.", "......"])
        .unit("A", "Blue", "bruiser", (2, 0), Dir8::E)
        .unit("T", "Red", "fighter", (3, 0), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 2, 15, 3]);
    f.ok(attack("A", "T"));
    let pv = preview_of(&mut f, &attack("A", "T")).unwrap();
    assert_eq!(pv.push.as_ref().map(|p| p.end), Some(p(3, 0)));
    assert_eq!(pv.reactions, vec![]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(reactions_taken(&ev), previewed(&pv));
    f.all_dice_used();
}

#[test]
fn preview_stand_up_spends_the_opportunity_attack_before_the_swift_attack() {
    // A already attacked this round; its opportunity attack on the rising B is its second
    // and last, so no swift attack follows.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("B", "Red", "fighter", (2, 0), Dir8::W)
        .rules("(ap_per_turn: 4)")
        .start(&[6, 1, 2, 10, 5, 2, 2]);
    f.ok(attack("A", "B"));
    f.ok(trip("A", "B"));
    f.ok(end("A"));
    let pv = preview_of(&mut f, &simple("StandUp", "B")).unwrap();
    assert_eq!(
        pv.reactions,
        vec![ProvokedReaction {
            reactor: "A".into(),
            kind: ReactionKind::Opportunity,
            at: p(2, 0)
        }]
    );
    let ev = f.ok(simple("StandUp", "B"));
    assert_eq!(reactions_taken(&ev), previewed(&pv));
    f.all_dice_used();
}

/// The reaction prompt's numbers: the attack a reaction on offer would make, with the
/// weapon reactions use, agrees with the attack the battle then rolls.
#[test]
fn reaction_preview_matches_the_opportunity_attack() {
    // R (pike, reach 2) watches A walk out of its reach; the Red side is asked.
    let mut f = Arena::new(&["......", "......"])
        .unit("A", "Blue", "fighter", (1, 0), Dir8::E)
        .unit("R", "Red", "pikeman", (3, 0), Dir8::W)
        .start_with(
            &[6, 1, 11, 4],
            Some(skirmish::level::schema::ReactionPolicy::Ask),
        );
    f.ok(mv("A", (0, 1)));
    let shown =
        f.h.with_view(|v| {
            let offer = v
                .awaiting
                .and_then(|q| q.offer())
                .expect("a reaction is on offer");
            skirmish::battle::preview::reaction_preview(&v.ctx, &offer)
        })
        .and_then(|p| p.attack)
        .expect("a preview");
    assert_eq!(shown.weapon, "pike");
    let ev = f.ok(answer("R", true));
    let rolled = attacks(&ev).remove(0);
    assert_eq!(
        (shown.bonus, shown.evasion, shown.mode),
        (rolled.bonus, rolled.evasion, rolled.mode)
    );
    f.all_dice_used();
}

/// The window's automatic weapon (`with_best_weapon`) is the one worth the most against the
/// target, not the first that reaches: fists (1d4) listed before a sword (1d8+2) lose to it,
/// and a weapon the player named is kept.
#[test]
fn the_automatic_weapon_is_the_best_not_the_first() {
    use skirmish::battle::players::with_best_weapon;
    let mut f = Arena::new(&[".....", "....."])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (1, 0),
            Dir8::E,
            r#"(weapons: ["fists", "sword"])"#,
        )
        .unit("T", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1]);
    let weapon_of = |c: Command| match c {
        Command::Attack { weapon, .. } => weapon,
        other => panic!("an attack: {other:?}"),
    };
    let chosen = f.h.with_view(|v| with_best_weapon(v, attack("A", "T")));
    assert_eq!(weapon_of(chosen).as_deref(), Some("sword"));
    let named =
        f.h.with_view(|v| with_best_weapon(v, attack_with("A", "T", "fists")));
    assert_eq!(weapon_of(named).as_deref(), Some("fists"));
}
