//! The example replays in `replays/`: each prints the numbers RULES.md predicts, and every
//! replay gives the same event log twice (also byte for byte through `skirmish replay`).

mod common;

use skirmish::battle::describe::{Wording, describe_in};
use skirmish::battle::events::{BattleEvent, Obstacle, Outcome};
use skirmish::replay::{load_replay, run};
use skirmish::rules::combat::{HitOutcome, RollMode};
use skirmish::rules::grid::Pos;
use skirmish::rules::ruleset::ConditionKind;
use std::path::PathBuf;

fn events(name: &str) -> Vec<BattleEvent> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("replays")
        .join(name);
    let catalog = skirmish::paths::load_catalog();
    let loaded = load_replay(&path, &catalog).unwrap_or_else(|p| panic!("{name}: {p:?}"));
    let ev = run(&loaded);
    assert!(
        !ev.iter().any(|e| matches!(
            e,
            BattleEvent::Rejected { .. } | BattleEvent::DiceScriptProblem(_)
        )),
        "{name}: a command was refused or the dice script did not fit: {ev:#?}"
    );
    ev
}

/// The first attack roll of a replay.
fn first_attack(ev: &[BattleEvent]) -> skirmish::battle::events::AttackReport {
    common::attacks(ev)
        .into_iter()
        .next()
        .expect("an attack roll")
}

fn vitality_after(ev: &[BattleEvent], unit: &str) -> Vec<i32> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Damaged {
                unit: u, vitality, ..
            } if u == unit => Some(*vitality),
            _ => None,
        })
        .collect()
}

#[test]
fn replay_movement_across_difficult_terrain_past_allies_and_enemies() {
    let ev = events("movement.ron");
    let steps: Vec<(Pos, u32)> = ev
        .iter()
        .filter_map(|e| match e {
            BattleEvent::Moved { to, cost, .. } => Some((*to, *cost)),
            _ => None,
        })
        .collect();
    assert_eq!(
        steps,
        vec![
            (Pos::new(1, 2), 1), // through the ally
            (Pos::new(2, 2), 2), // rubble
            (Pos::new(3, 2), 2), // shallow water
            (Pos::new(4, 2), 1), // through the Huge enemy (two sizes apart)
            (Pos::new(5, 2), 1),
            (Pos::new(6, 1), 1), // around the Medium enemy, which blocks
            (Pos::new(7, 2), 1),
        ]
    );
    assert!(
        !ev.iter().any(|e| matches!(e, BattleEvent::AttackRolled(_))),
        "Disengage: no opportunity attacks"
    );
}

#[test]
fn replay_flanked_attack() {
    let ev = events("flanked_attack.ron");
    let a = first_attack(&ev);
    assert_eq!(
        (a.natural, a.bonus, a.total, a.evasion, a.outcome),
        (10, 6, 16, 12, HitOutcome::Hit)
    );
    assert_eq!(a.modifiers.len(), 1);
    assert_eq!(vitality_after(&ev, "Grub"), vec![23]);
}

#[test]
fn replay_rear_attack_on_a_prone_target() {
    let ev = events("rear_attack_on_prone.ron");
    let a = first_attack(&ev);
    assert_eq!(a.mode, RollMode::Advantage);
    assert_eq!((a.rolls.clone(), a.natural, a.total), (vec![7, 15], 15, 19));
    assert_eq!(a.modifiers.len(), 2, "prone and rear arc, one advantage");
    assert_eq!(vitality_after(&ev, "Grub"), vec![22]);
}

#[test]
fn replay_opportunity_attack_on_leaving_reach() {
    let ev = events("opportunity_attack.ron");
    let a = first_attack(&ev);
    assert_eq!(a.kind, skirmish::battle::events::AttackKind::Opportunity);
    assert_eq!((a.attacker.as_str(), a.total, a.evasion), ("Grub", 14, 14));
    assert_eq!(vitality_after(&ev, "Ada"), vec![13]);
    // The attack comes before Ada's first step.
    let attack_at = ev
        .iter()
        .position(|e| matches!(e, BattleEvent::AttackRolled(_)))
        .unwrap();
    assert!(
        !ev[..attack_at]
            .iter()
            .any(|e| matches!(e, BattleEvent::Moved { .. }))
    );
}

#[test]
fn replay_shove_into_a_wall() {
    let ev = events("shove_into_wall.ron");
    assert!(ev.iter().any(|e| matches!(e, BattleEvent::Collided { unit, obstacle: Obstacle::Terrain(t), distance: 1 } if unit == "Grub" && t == "wall")));
    assert_eq!(
        vitality_after(&ev, "Grub"),
        vec![27, 24],
        "1 collision damage, then the swift attack's 3"
    );
    assert!(ev.iter().any(|e| matches!(e, BattleEvent::ConditionAdded { unit, condition: ConditionKind::Unguarded, .. } if unit == "Grub")));
}

#[test]
fn replay_charge_into_a_larger_creature() {
    let ev = events("charge_into_creature.ron");
    let dr = ev
        .iter()
        .find_map(|e| match e {
            BattleEvent::DefenceRolled {
                unit,
                mode,
                total,
                target,
                success,
                ..
            } => Some((unit.clone(), *mode, *total, *target, *success)),
            _ => None,
        })
        .unwrap();
    assert_eq!(dr, ("Ogg".into(), RollMode::Advantage, 11, 14, false));
    assert_eq!(vitality_after(&ev, "Ogg"), vec![37]);
    assert_eq!(vitality_after(&ev, "Snik"), vec![7, 4]);
}

#[test]
fn replay_cover_and_taking_cover() {
    let ev = events("cover.ron");
    let a = first_attack(&ev);
    assert_eq!((a.total, a.evasion, a.outcome), (17, 18, HitOutcome::Miss));
}

#[test]
fn replay_a_whole_battle_ends_in_victory() {
    let ev = events("first_blood_battle.ron");
    assert!(matches!(
        ev.last(),
        Some(BattleEvent::BattleEnded(Outcome::Victory { .. }))
    ));
}

#[test]
fn every_replay_gives_the_same_log_twice() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("replays");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let catalog = skirmish::paths::load_catalog();
        let loaded = load_replay(&path, &catalog).unwrap();
        assert_eq!(run(&loaded), run(&loaded), "{}", path.display());
        n += 1;
    }
    assert!(n >= 7);
}

/// The event log of every example replay, as `skirmish replay` prints it (one
/// `BattleEvent::to_ron()` a line) and as `skirmish replay --text` does, kept in
/// `tests/snapshots/replays__{events,text}@*.snap`. A change to the rules or the events shows
/// there in full: review it, then `INSTA_UPDATE=always cargo test`.
#[test]
fn replay_event_logs_match_their_snapshots() {
    insta::glob!("../replays", "*.ron", |path| {
        let loaded = load_replay(path, skirmish::paths::cached_catalog())
            .unwrap_or_else(|p| panic!("{}: {p:?}", path.display()));
        let ev = run(&loaded);
        let ron: Vec<String> = ev.iter().map(BattleEvent::to_ron).collect();
        insta::assert_snapshot!("events", ron.join("\n"));
        let wording = Wording::of(&loaded.level.rules);
        let text: Vec<String> = ev.iter().map(|e| describe_in(e, wording)).collect();
        insta::assert_snapshot!("text", text.join("\n"));
    });
}

#[test]
fn replay_command_prints_identical_bytes_twice() {
    let exe = env!("CARGO_BIN_EXE_skirmish");
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("replays/first_blood_battle.ron");
    let a = std::process::Command::new(exe)
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    let b = std::process::Command::new(exe)
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert!(a.stdout.len() > 1000);
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8_lossy(&a.stdout);
    assert!(
        text.lines()
            .all(|l| ron::from_str::<BattleEvent>(l).is_ok()),
        "each line is one event in RON"
    );
}

#[test]
fn replay_problems_are_reported_with_positions() {
    let dir = std::env::temp_dir().join(format!("skirmish-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.ron");
    std::fs::write(
        &file,
        "(\n  level: \"levels/first_blood.ron\",\n  dice: Seed(1),\n  commands: [\n    EndTurn(unit: \"Nobody\"),\n  ],\n)",
    )
    .unwrap();
    let catalog = skirmish::paths::load_catalog();
    let problems = load_replay(&file, &catalog).err().expect("problems");
    assert_eq!(problems[0].line, Some(5), "{}", problems[0]);
    assert!(problems[0].message.contains("no unit named `Nobody`"));
    std::fs::write(
        &file,
        "(level: \"levels/first_blood.ron\", dice: Seed(1), commands: [Fly(unit: \"Ada\")])",
    )
    .unwrap();
    let problems = load_replay(&file, &catalog).err().expect("problems");
    assert!(
        problems[0].message.starts_with("RON syntax"),
        "{}",
        problems[0]
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_unit_names_get_a_suggestion() {
    let dir = std::env::temp_dir().join(format!("skirmish-replay-typo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("typo.ron");
    std::fs::write(
        &file,
        "(\n  level: \"levels/first_blood.ron\",\n  dice: Seed(1),\n  commands: [\n    EndTurn(unit: \"Bramm\"),\n    EndTurn(unit: \"Nobody\"),\n  ],\n)",
    )
    .unwrap();
    let catalog = skirmish::paths::load_catalog();
    let problems = load_replay(&file, &catalog).err().expect("problems");
    std::fs::remove_dir_all(&dir).ok();
    let messages: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
    assert_eq!(
        messages,
        [
            "command 0: no unit named `Bramm` in the level (did you mean `Bram`? units: Ada, Bram, Grub, Snik)",
            "command 1: no unit named `Nobody` in the level (units: Ada, Bram, Grub, Snik)",
        ]
    );
}

#[test]
fn each_presets_replay_plays_by_its_rulebook_to_victory() {
    for (file, mark) in [
        (
            "old_mill_battle.ron",
            "RoundStarted(round:1,order:[\"Bram\",\"Skitter+Nib\",\"Cora\"])",
        ),
        ("shield_wall_battle.ron", "CombatRolled("),
        ("broken_bridge_battle.ron", "DodgeRolled("),
        ("long_night_battle.ron", "SeizeRolled("),
        ("the_ford_battle.ron", "WoundTaken("),
    ] {
        let ev = events(file);
        assert!(
            matches!(
                ev.last(),
                Some(BattleEvent::BattleEnded(Outcome::Victory { .. }))
            ),
            "{file}"
        );
        assert!(
            ev.iter().any(|e| e.to_ron().contains(mark)),
            "{file}: its preset's mark {mark}"
        );
    }
}

/// A saved battle stands on its own: a replay that carries its level and templates plays
/// the same battle from them after the level file is gone and a template it used reads
/// otherwise on disk; it also says who played each side, and reads back as written.
#[test]
fn a_replay_carrying_its_level_plays_without_the_files() {
    use skirmish::level::schema::AiLevel;
    use skirmish::level::sources::LevelSources;
    use skirmish::replay::Seat;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let catalog = skirmish::paths::load_catalog();
    let shipped = load_replay(&root.join("replays/first_blood_battle.ron"), &catalog).unwrap();
    let text = std::fs::read_to_string(&shipped.level_path).unwrap();
    let dir = std::env::temp_dir().join(format!("skirmish-carried-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut replay = shipped.replay.clone();
    replay.level = "gone/first_blood.ron".into();
    replay.players = Some(vec![Seat::Person, Seat::Computer(AiLevel::Hard)]);
    let mut sources = LevelSources::gather(&text, &shipped.level, &root.join("assets"));
    // What the disk would say now does not matter: the carried text is read.
    sources
        .units
        .values_mut()
        .for_each(|t| t.push_str("\n// edited after the battle\n"));
    replay.sources = Some(sources);
    let path = dir.join("saved.ron");
    std::fs::write(&path, replay.to_ron()).unwrap();
    let carried = load_replay(&path, &skirmish::level::catalog::Catalog::default()).unwrap();
    assert_eq!(carried.replay, replay);
    assert_eq!(run(&carried), run(&shipped));
    let _ = std::fs::remove_dir_all(&dir);
}
