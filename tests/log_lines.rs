//! The combat log's lines, each in its rulebook's own words: small scripted-dice battles
//! whose whole log is snapshotted, and whose key line is asserted, so that a wording that
//! regresses fails here (the issue: "Every log line above reads correctly, and a snapshot
//! shows it").

mod common;
use common::*;
use skirmish::battle::Command;
use skirmish::battle::describe::{Wording, describe_in};
use skirmish::battle::events::{AttackOptions, AttackStyle, HeldAction, ReadyTrigger, Trigger};
use skirmish::rulebooks::seed000::Seed000Command;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rulebooks::seed004::Seed004Command;
use skirmish::rules::combat_roll::{Defence, Maneuver};
use skirmish::rules::grid::Dir8;
use skirmish::rules::wound_level::WoundLevel;

/// The whole log in the rulebook's words, one line an event.
fn log_text(f: &Fight, rulebook: &str) -> String {
    let w = Wording::new(skirmish::rulebooks::find(rulebook).unwrap().words());
    f.log()
        .iter()
        .map(|e| describe_in(e, w))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Snapshot the log, and check that each wanted line is in it and no unwanted text is.
fn check(name: &str, f: &Fight, rulebook: &str, wanted: &[&str], unwanted: &[&str]) -> String {
    let text = log_text(f, rulebook);
    for w in wanted {
        assert!(text.contains(w), "{name}: no {w:?} in the log:\n{text}");
    }
    for u in unwanted.iter().chain(&[" { ", "Some("]) {
        assert!(!text.contains(u), "{name}: {u:?} in the log:\n{text}");
    }
    insta::assert_snapshot!(name, text);
    text
}

// ---------------------------------------------------------------- Seed000

fn hold(u: &str, action: HeldAction, trigger: Trigger) -> Command {
    Command::from(Seed000Command::Hold {
        unit: u.into(),
        action,
        trigger,
    })
}

#[test]
fn seed000_held_attack_set_and_fired() {
    use common::seed000::{held_hall, start};
    let mut f = start(held_hall(), &[10, 5]);
    f.ok(hold(
        "A",
        HeldAction::Attack(Some("bow".into())),
        Trigger::EnemyStep(None),
    ));
    f.ok(end("A"));
    f.ok(mv("B", (6, 2)));
    f.all_dice_used();
    check(
        "seed000_held_attack_set_and_fired",
        &f,
        "Seed000",
        &[
            "A holds an attack with the bow until an enemy ends a step where it can be reached",
            "A's held attack with the bow fires at B",
        ],
        &[],
    );
}

#[test]
fn seed000_held_attack_lapses() {
    use common::seed000::{held_hall, start};
    let mut f = start(held_hall(), &[]);
    f.ok(hold(
        "A",
        HeldAction::Attack(Some("bow".into())),
        Trigger::EnemyStep(None),
    ));
    f.ok(end("A"));
    f.ok(end("B"));
    check(
        "seed000_held_attack_lapses",
        &f,
        "Seed000",
        &["A's held attack with the bow lapses"],
        &[],
    );
}

#[test]
fn seed000_pass_through_contest() {
    use common::seed000::{start, through_room};
    let mut f = start(through_room(""), &[12, 10]);
    f.ok(path("A", &[(3, 2), (4, 2)]));
    f.all_dice_used();
    check(
        "seed000_pass_through_contest",
        &f,
        "Seed000",
        &["(A's pass-through contest)", "(B resists the pass-through)"],
        &[],
    );
}

#[test]
fn seed000_non_lethal_d4_floored() {
    use common::seed000::{non_lethal_room, start};
    let mut f = start(non_lethal_room(), &[13, 1, 4]);
    f.ok(Command::Attack {
        unit: "A".into(),
        target: "B".into(),
        weapon: Some("blade".into()),
        options: AttackOptions {
            non_lethal: Some(true),
            ..Default::default()
        },
    });
    f.all_dice_used();
    check(
        "seed000_non_lethal_d4_floored",
        &f,
        "Seed000",
        &[
            "B takes 0 Physical damage from A's blade (1 rolled on 1d6 - non-lethal d4 4, floored at 0, - 1 armor)",
        ],
        &[],
    );
}

#[test]
fn seed000_collision_is_fixed_damage() {
    use common::seed000::{collision_room, start};
    let mut f = start(collision_room(), &[13, 3, 9]);
    f.ok(end("C"));
    f.ok(attack("A", "B"));
    f.all_dice_used();
    check(
        "seed000_collision_is_fixed_damage",
        &f,
        "Seed000",
        &["C takes 2 Physical damage from collision with B (3 fixed, - 1 armor)"],
        &[],
    );
}

#[test]
fn seed000_down_below_zero() {
    use common::seed000::{seed000, start, unit_with};
    let a = unit_with(
        seed000(&common::seed000::ROOM),
        "R",
        "Red",
        "fighter",
        (3, 2),
        "(initiative: 5)",
    );
    let a = unit_with(a, "B", "Blue", "fighter", (4, 2), "(vitality: 3)");
    let a = unit_with(a, "C", "Blue", "fighter", (5, 2), "()");
    let mut f = start(a, &[15, 6]);
    f.ok(attack("R", "B"));
    f.all_dice_used();
    check(
        "seed000_down_below_zero",
        &f,
        "Seed000",
        &["B is Down (vitality -2)"],
        &["until removed"],
    );
}

#[test]
fn seed000_rp_left_after_a_reaction() {
    use common::seed000::{start, through_room};
    let mut f = start(through_room(", reactions: [Opportunity]"), &[15, 4]);
    f.ok(path("A", &[(1, 2)]));
    f.all_dice_used();
    check(
        "seed000_rp_left_after_a_reaction",
        &f,
        "Seed000",
        &["B reacts: an opportunity attack against A (1 RP, 1 left)"],
        &[],
    );
}

#[test]
fn seed000_switch_places_pays_rp() {
    use common::seed000::{seed000, start, unit_with};
    let a = seed000(&common::seed000::ROOM).rules("(preset: Seed000)");
    let a = unit_with(a, "A", "Blue", "fighter", (2, 2), "(initiative: 2)");
    let a = unit_with(a, "C", "Blue", "fighter", (3, 2), "(initiative: 1)");
    let a = a.unit("B", "Red", "fighter", (6, 2), Dir8::W);
    let mut f = start(a, &[]);
    f.ok(Command::from(Seed000Command::SwitchPlaces {
        unit: "A".into(),
        ally: "C".into(),
    }));
    check(
        "seed000_switch_places_pays_rp",
        &f,
        "Seed000",
        &["A and C switch places (C paid 1 RP, 1 left)"],
        &[],
    );
}

// ---------------------------------------------------------------- Seed001

fn seed001(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
}

#[test]
fn seed001_precision_is_fixed_damage() {
    let mut f = seed001(&["...."])
        .unit("G", "Red", "giant", (1, 0), Dir8::W)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .start_with(&[6, 1, 14, 2, 5, 2, 17, 9], None);
    f.ok(attack_with("G", "A", "club"));
    f.ok(defend_with("A", Defence::Dodge));
    f.ok(maneuver("G", Some(Maneuver::Bash)));
    f.ok(end("G"));
    f.ok(attack_with("A", "G", "blade"));
    f.ok(defend_with("G", Defence::None));
    f.ok(maneuver("A", Some(Maneuver::Precision)));
    f.all_dice_used();
    check(
        "seed001_precision_is_fixed_damage",
        &f,
        "Seed001",
        &["(10 fixed: Precision, 1d8+2 at its maximum, - 3 armor)"],
        &[],
    );
}

#[test]
fn seed001_a_contest_lost_by_size() {
    let mut f = seed001(&["...."])
        .unit("G", "Red", "giant", (1, 0), Dir8::W)
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .start_with(&[6, 1, 14], None);
    f.ok(grab("G", "A"));
    f.all_dice_used();
    check(
        "seed001_a_contest_lost_by_size",
        &f,
        "Seed001",
        &[
            "against A fails automatically (two sizes smaller): G wins",
            "A is Restrained until removed (grappled by G)",
        ],
        &["ties go to the defender"],
    );
}

#[test]
fn seed001_a_contest_decided_on_successes() {
    let mut f = seed001(&["...."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&[6, 1, 12, 9], None);
    f.ok(grab("A", "B"));
    f.all_dice_used();
    check(
        "seed001_a_contest_decided_on_successes",
        &f,
        "Seed001",
        &["(1 success against 1): B resists (the actor needs more successes)"],
        &["ties go to the defender"],
    );
}

#[test]
fn seed001_a_maneuver_on_a_target_down_first() {
    let mut f = seed001(&["..."])
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with("R", "Red", "fighter", (1, 0), Dir8::W, "(vitality: 3)")
        .sides(r#"(name: "Blue"), (name: "Red", surprised: true)"#)
        .start_with(&[1, 6, 7, 4], None);
    f.ok(attack_with("A", "R", "blade"));
    f.ok(maneuver("A", Some(Maneuver::Trip)));
    f.all_dice_used();
    check(
        "seed001_a_maneuver_on_a_target_down_first",
        &f,
        "Seed001",
        &["A's Trip has no effect: R went Down first"],
        &[],
    );
}

// ---------------------------------------------------------------- Seed002

#[test]
fn seed002_words_exposed_and_pass() {
    use common::seed002::duel;
    let mut f = duel("()", "()").start_with(&[2, 4, 5], None);
    f.ok(attack_with("A", "B", "sword"));
    f.ok(end("B"));
    f.all_dice_used();
    check(
        "seed002_words_exposed_and_pass",
        &f,
        "Seed002",
        &[
            "Blue's activation (round 1)",
            "A: Attack (3 Energy, 2 left)",
            "A is Exposed until the end of the next round",
            "-> Aura 15",
            "Red passes",
        ],
        &[" AP", "vitality", "Attack Attack"],
    );
}

#[test]
fn seed002_defending_until_the_next_round() {
    use common::seed002::duel;
    let mut f = duel("()", "()").start_with(&[15, 10, 3, 9, 7, 10, 5, 1], None);
    f.ok(attack_with("A", "B", "sword"));
    f.ok(simple("Defend", "B"));
    f.ok(attack_with("A", "B", "sword"));
    f.ok(attack_with("B", "A", "sword"));
    f.all_dice_used();
    check(
        "seed002_defending_until_the_next_round",
        &f,
        "Seed002",
        &[
            "B is Defending until the next round starts",
            "(3 Energy, 1 of it paid with Stamina; 0 left)",
        ],
        &[],
    );
}

#[test]
fn seed002_a_trip_and_a_swift_attack_paid_with_stamina() {
    use common::seed002::duel;
    let mut f = duel("()", "()").start_with(&[11, 3, 8, 11, 6, 2], None);
    f.ok(end("A"));
    f.ok(Seed002Command::CatchBreath { unit: "B".into() }.into());
    f.ok(end("A"));
    f.ok(Seed002Command::CatchBreath { unit: "B".into() }.into());
    f.ok(trip("A", "B"));
    f.all_dice_used();
    check(
        "seed002_a_trip_and_a_swift_attack_paid_with_stamina",
        &f,
        "Seed002",
        &[
            "A tries to Trip B: Combat roll",
            "B: Swift Attack (1 Energy, 1 of it paid with Stamina; 0 left)",
        ],
        &[],
    );
}

#[test]
fn seed002_a_shot_against_the_miss_chance() {
    use common::seed002::arena;
    let mut f = arena(&["............", "............", "............"])
        .unit("A", "Blue", "duelist", (0, 1), Dir8::E)
        .unit("B", "Red", "duelist", (6, 1), Dir8::W)
        .start_with(&[7, 4, 2, 5, 4, 15, 1, 3], None);
    f.ok(attack_with("A", "B", "shortbow"));
    f.ok(mv("B", (3, 1)));
    f.ok(attack_with("A", "B", "shortbow"));
    f.all_dice_used();
    check(
        "seed002_a_shot_against_the_miss_chance",
        &f,
        "Seed002",
        &[
            "Miss Chance 4 (8 - accuracy 4) + 0 size Medium - 5 has not moved",
            "+ 0 size Medium + 0 moved",
        ],
        &[],
    );
}

#[test]
fn seed002_a_wall_collision_is_fixed_damage() {
    use common::seed002::arena;
    let mut f = arena(&["#......."])
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Never)"#)
        .unit("A", "Blue", "duelist", (7, 0), Dir8::W)
        .unit("B", "Red", "duelist", (2, 0), Dir8::E)
        .start_with(&[12, 1, 1, 3], None);
    f.ok(charge("A", "B"));
    f.all_dice_used();
    check(
        "seed002_a_wall_collision_is_fixed_damage",
        &f,
        "Seed002",
        &[
            "B slams into wall (a push of 3 m)",
            "B takes 3 Physical damage from collision with wall (3 fixed, ignores armor) -> Aura 17",
        ],
        &[],
    );
}

#[test]
fn seed002_an_escape_with_both_fortitude_rolls() {
    use common::seed002::duel;
    let mut f = duel("()", "()")
        .sides(r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Never)"#)
        .start_with(&[10, 1, 1, 2, 9, 9, 2], None);
    f.ok(grab("A", "B"));
    f.ok(simple("Escape", "B"));
    f.ok(end("A"));
    f.ok(simple("Escape", "B"));
    f.all_dice_used();
    check(
        "seed002_an_escape_with_both_fortitude_rolls",
        &f,
        "Seed002",
        &[
            "Escape: B's Fortitude d10 2 + 11 = 13 against A's Fortitude d10 9 + 11 = 20: B stays held",
            "Escape: B's Fortitude d10 9 + 11 = 20 against A's Fortitude d10 2 + 11 = 13: B escapes",
            "A is Restraining until removed",
        ],
        &[],
    );
}

// ---------------------------------------------------------------- Seed003

#[test]
fn seed003_a_readied_attack_in_yards() {
    use common::seed003::{arena, pass};
    let mut f = arena(&["....."])
        .unit_with("R", "Red", "fighter", (0, 0), Dir8::E, "(initiative: 2)")
        .unit("E", "Blue", "fighter", (3, 0), Dir8::W)
        .start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 4, 4], None);
    f.ok(Command::from(Seed003Command::SeizeInitiative {
        unit: "R".into(),
    }));
    f.ok(Command::Ready {
        unit: "R".into(),
        weapon: Some("sword".into()),
        action: Some(HeldAction::Attack(Some("sword".into()))),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    });
    f.ok(end("R"));
    f.ok(mv("E", (1, 0)));
    f.ok(pass("Red"));
    f.ok(answer("R", true));
    f.all_dice_used();
    check(
        "seed003_a_readied_attack_in_yards",
        &f,
        "Seed003",
        &[
            "R is Readied until it acts (an attack with the sword, when an enemy ends a step where it can be reached)",
            " yards",
        ],
        &["Attack(", "EnemyEntersReach", " m)", " m,"],
    );
}

#[test]
fn seed003_dash_fatigue_and_staggered() {
    use common::seed003::dasher_and_target;
    let mut f = dasher_and_target(&[5, 5, 5, 1, 1, 2, 4, 4, 4, 3, 3, 3, 3]);
    f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
    f.ok(Command::Attack {
        unit: "W".into(),
        target: "T".into(),
        weapon: None,
        options: AttackOptions {
            style: AttackStyle::Strong,
            ..AttackOptions::default()
        },
    });
    f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
    f.ok(end("W"));
    f.all_dice_used();
    check(
        "seed003_dash_fatigue_and_staggered",
        &f,
        "Seed003",
        &[
            "fatigue for the Stamina it lacked",
            "W gains no AP as its turn ends (Staggered",
        ],
        &[],
    );
}

#[test]
fn seed003_a_nonlethal_knock_out() {
    use common::seed003::arena;
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
        .start_with(&[5, 5, 5, 1, 1, 2, 4, 4, 3, 4, 3, 3, 4, 4, 4], None);
    f.ok(attack("F", "M"));
    f.ok(attack("F", "M"));
    f.ok(Command::Attack {
        unit: "F".into(),
        target: "M".into(),
        weapon: None,
        options: AttackOptions {
            non_lethal: Some(true),
            cap: Some(WoundLevel::Severe),
            ..AttackOptions::default()
        },
    });
    f.all_dice_used();
    check(
        "seed003_a_nonlethal_knock_out",
        &f,
        "Seed003",
        &["and is knocked out (Nonlethal) with the Fatal slot empty"],
        &[],
    );
}

#[test]
fn seed003_a_collision_wound_with_a_negative_vit() {
    use common::seed003::arena;
    let mut f = arena(&["....#"])
        .unit_with("P", "Red", "fighter", (0, 0), Dir8::E, "(might: 3)")
        .unit_with("T", "Blue", "fighter", (1, 0), Dir8::W, "(vit: -2)")
        .start_with(&[5, 5, 5, 1, 1, 2, 6, 5, 4], None);
    f.ok(Command::Shove {
        unit: "P".into(),
        target: "T".into(),
        dir: Some(Dir8::E),
        distance: None,
    });
    f.all_dice_used();
    check(
        "seed003_a_collision_wound_with_a_negative_vit",
        &f,
        "Seed003",
        &[
            "T slams into wall (a push of 3 yards)",
            "T takes a Severe wound (1/2) from collision with wall: 3 damage - (-2) vit = 5",
        ],
        &[],
    );
}

#[test]
fn seed003_a_grapple() {
    use common::seed003::red_a;
    let mut f = red_a(
        &["....", "....", "...."],
        "(speed: 2, might: 3, initiative: 4)",
    )
    .unit_with("G", "Blue", "fighter", (2, 1), Dir8::W, "(evasion: 13)")
    .unit("C", "Blue", "fighter", (1, 2), Dir8::N)
    .start_with(&[5, 5, 5, 3, 3, 3, 4, 4, 4, 4, 4, 4], None);
    f.ok(grab("A", "G"));
    f.all_dice_used();
    check(
        "seed003_a_grapple",
        &f,
        "Seed003",
        &["Grapple", "A is Grappling"],
        &["Grab"],
    );
}

// ---------------------------------------------------------------- Seed004

#[test]
fn seed004_recovery_of_a_wounded_unit() {
    use common::seed004::arena;
    let mut f = arena(&["...."])
        .unit_with("A", "Blue", "fighter", (0, 0), Dir8::E, "(durability: 3)")
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&[4, 16, 13, 5, 2, 3, 8, 8, 7, 4, 6], None);
    f.ok(attack_with("B", "A", "sword"));
    f.ok(end("B"));
    f.ok(attack_with("A", "B", "sword"));
    f.ok(end("A"));
    f.all_dice_used();
    check(
        "seed004_recovery_of_a_wounded_unit",
        &f,
        "Seed004",
        &["Recovery: A no Durability (Wounded)"],
        &["+0 Vigor", "vitality"],
    );
}

#[test]
fn seed004_armor_wears() {
    use common::seed004::arena;
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
    f.ok(attack_with("A", "B", "sword"));
    f.ok(attack_with("A", "B", "torch"));
    f.ok(end("A"));
    f.ok(end("B"));
    f.ok(attack_with("A", "B", "sword"));
    f.all_dice_used();
    check(
        "seed004_armor_wears",
        &f,
        "Seed004",
        &["it absorbs min(AR 3, "],
        &[],
    );
}

#[test]
fn seed004_knocked_down_and_a_capped_recovery() {
    use common::seed004::blue_a;
    let dice = [20, 1, 9, 9, 2, 4, 3, 2, 12, 6, 17, 4, 3, 16, 1, 2, 2];
    let mut f = blue_a(&["...."], r#"(weapons: ["hook", "bow"], stamina: 30)"#)
        .unit("B", "Red", "fighter", (1, 0), Dir8::W)
        .start_with(&dice, None);
    f.ok(attack_with("A", "B", "hook"));
    f.ok(attack_with("A", "B", "bow"));
    f.ok(end("A"));
    f.ok(simple("StandUp", "B"));
    f.ok(mv("B", (2, 0)));
    f.ok(end("B"));
    check(
        "seed004_knocked_down_and_a_capped_recovery",
        &f,
        "Seed004",
        &[
            "B is Knocked Down until it stands up",
            "[target knocked down: 1 Challenge(s)]",
            "Recovery: A +5 Vigor -> 20 (its most)",
        ],
        &["Prone", "prone"],
    );
}

#[test]
fn seed004_a_dead_unit_is_skipped() {
    use common::seed004::arena;
    let mut f = arena(&["..."])
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
        .start_with(&[10, 2, 19, 10, 7, 2, 1, 12, 5], None);
    f.ok(attack_with("B", "V", "sword"));
    f.ok(end("B"));
    f.ok(Command::from(Seed004Command::FirstAid {
        unit: "A".into(),
        target: "V".into(),
    }));
    f.ok(end("A"));
    f.ok(end("B"));
    f.ok(end("A"));
    f.all_dice_used();
    check(
        "seed004_a_dead_unit_is_skipped",
        &f,
        "Seed004",
        &["V is skipped (Dead)"],
        &[],
    );
}

// ---------------------------------------------------------------- replays

#[test]
fn a_replay_with_a_bare_held_variant_says_how_it_is_written() {
    let dir = std::env::temp_dir().join(format!("skirmish-loglines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let level = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("levels/first_blood.ron");
    let check_hint = |file: &str, body: &str, hint: &str| {
        let path = dir.join(file);
        std::fs::write(
            &path,
            format!(
                "(\n  level: {:?},\n  dice: Seed(1),\n  commands: [\n    {body}\n  ],\n)",
                level.to_string_lossy()
            ),
        )
        .unwrap();
        let catalog = skirmish::paths::load_catalog();
        let problems = skirmish::replay::load_replay(&path, &catalog)
            .err()
            .expect("the replay is refused");
        let message = problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(message.contains(hint), "no {hint:?} in:\n{message}");
        message
    };
    let attack = check_hint(
        "attack.ron",
        r#"Hold(unit: "A", action: Attack, trigger: EnemyStep),"#,
        "a held `Attack` names its weapon: `Attack(None)` for the first that reaches, or `Attack(Some(\"bow\"))`",
    );
    let step = check_hint(
        "step.ron",
        r#"Hold(unit: "A", action: Attack(None), trigger: EnemyStep),"#,
        "the trigger `EnemyStep` names the enemy it waits for: `EnemyStep(None)` for any, or `EnemyStep(Some(\"Grub\"))`",
    );
    let _ = std::fs::remove_dir_all(&dir);
    let tidy = |m: String| m.replace(&dir.to_string_lossy().into_owned(), "<dir>");
    insta::assert_snapshot!(
        "replay_variant_hints",
        format!("{}\n{}", tidy(attack), tidy(step))
    );
}
