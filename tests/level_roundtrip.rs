//! Levels written by tools: every shipped level, read into a `LevelFile` and written back
//! with `ron` (`LevelFile::to_ron`), reads as the same file and validates to the same
//! `Level`.

use skirmish::level::schema::LevelFile;
use skirmish::level::{parse_level, ron_files, ron_options};
use std::path::Path;

#[test]
fn every_shipped_level_survives_a_round_trip_through_ron() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = skirmish::paths::cached_catalog();
    let files: Vec<_> = ron_files(&root.join("levels"))
        .into_iter()
        .chain(ron_files(&root.join("replays/arenas")))
        .collect();
    assert!(files.len() >= 6, "{files:?}");
    for path in files {
        let label = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("a level");
        let file: LevelFile = ron_options()
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        let written = file.to_ron();
        let again: LevelFile = ron_options()
            .from_str(&written)
            .unwrap_or_else(|e| panic!("{label} written back does not parse: {e}\n{written}"));
        assert_eq!(again, file, "{label}:\n{written}");
        let level = parse_level(&label, text.as_bytes(), catalog)
            .unwrap_or_else(|p| panic!("{label}: {p:?}"));
        let level_again = parse_level(&label, written.as_bytes(), catalog)
            .unwrap_or_else(|p| panic!("{label} written back: {p:?}\n{written}"));
        assert_eq!(level_again, level, "{label}:\n{written}");
    }
}

#[test]
fn a_written_level_leaves_out_what_it_does_not_set() {
    let text = r#"(
        name: "Tiny",
        legend: { '.': "grass" },
        map: [".."],
        sides: [(name: "Blue"), (name: "Red", reactions: Never)],
        units: [
            (name: "A", side: "Blue", template: "soldier", pos: (0, 0), facing: E),
            (side: "Red", template: "goblin", pos: (1, 0), overrides: (vitality: 3)),
        ],
    )"#;
    let file: LevelFile = ron_options().from_str(text).expect("a level file");
    assert_eq!(
        file.to_ron(),
        r#"#![enable(implicit_some)]
(
    name: "Tiny",
    legend: {
        '.': "grass",
    },
    map: [
        "..",
    ],
    sides: [
        (name: "Blue"),
        (name: "Red", reactions: Never),
    ],
    units: [
        (name: "A", side: "Blue", template: "soldier", pos: (0, 0), facing: E),
        (side: "Red", template: "goblin", pos: (1, 0), overrides: (vitality: 3)),
    ],
)"#
    );
}

/// Every shipped level, edited in place (`level::edit`): opened and saved with no change it
/// is the same file, byte for byte; with its first unit moved one tile, exactly one line
/// differs, every comment survives, and it validates to the same level but for that unit.
#[test]
fn every_shipped_level_edited_in_place_changes_only_what_was_edited() {
    use skirmish::level::edit::LevelText;
    use skirmish::rules::grid::Pos;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = skirmish::paths::cached_catalog();
    let comments = |t: &str| t.lines().filter(|l| l.contains("//")).count();
    for path in ron_files(&root.join("levels")) {
        let label = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("a level");
        let before = parse_level(&label, text.as_bytes(), catalog).expect("a valid level");
        let mut edited = LevelText::new(text.as_str());
        assert_eq!(edited.text(), text, "{label}: saved with no edit");
        // One tile over to a free one: the next column, or the one before at the edge.
        let at = before.units[0].pos;
        let taken = |p: Pos| before.units.iter().any(|u| u.pos == p);
        let to = [Pos::new(at.x + 1, at.y), Pos::new(at.x - 1, at.y)]
            .into_iter()
            .find(|p| before.grid.in_bounds(*p) && before.grid.passable(*p) && !taken(*p))
            .expect("a free tile beside the first unit");
        edited.move_unit(0, to).unwrap();
        let after = edited.text();
        let differ = (text.lines().zip(after.lines()))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(differ, 1, "{label}:\n{after}");
        assert_eq!(after.lines().count(), text.lines().count(), "{label}");
        assert_eq!(comments(after), comments(&text), "{label}");
        let moved = parse_level(&label, after.as_bytes(), catalog)
            .unwrap_or_else(|p| panic!("{label} after the move: {p:?}"));
        assert_eq!(moved.units[0].pos, to, "{label}");
        let rest = |l: &skirmish::level::Level| {
            l.units[1..]
                .iter()
                .map(|u| (u.name.clone(), u.pos))
                .collect::<Vec<_>>()
        };
        assert_eq!(rest(&moved), rest(&before), "{label}");
    }
}

/// A level's `balance` (the share of battles its first side is meant to win) is written
/// back as it was read, `within` left out at its default of 10 points; a share outside
/// 0–100 is a located problem, and a level without the field is held to 50% ± 10.
#[test]
fn a_levels_balance_round_trips_and_is_checked() {
    let text = |balance: &str| {
        format!(
            r#"(
    name: "Tiny",
    {balance}
    legend: {{ '.': "grass" }},
    map: [".."],
    sides: [(name: "Blue"), (name: "Red")],
    units: [
        (name: "A", side: "Blue", template: "soldier", pos: (0, 0)),
        (name: "B", side: "Red", template: "goblin", pos: (1, 0)),
    ],
)"#
        )
    };
    let catalog = skirmish::paths::cached_catalog();
    let lopsided = text("balance: (first_side: 25),");
    let file: LevelFile = ron_options().from_str(&lopsided).expect("a level file");
    let written = file.to_ron();
    assert!(written.contains("balance: ("), "{written}");
    assert!(written.contains("first_side: 25,"), "{written}");
    assert!(
        !written.contains("within"),
        "the default margin is left out: {written}"
    );
    let again: LevelFile = ron_options().from_str(&written).expect("written back");
    assert_eq!(again, file);
    let level = parse_level("tiny.ron", lopsided.as_bytes(), catalog).expect("a level");
    assert_eq!(level.balance.band(), (15, 35));
    let wide = text("balance: (first_side: 95, within: 20),");
    let level = parse_level("tiny.ron", wide.as_bytes(), catalog).expect("a level");
    assert_eq!(level.balance.band(), (75, 100));
    let even = parse_level("tiny.ron", text("").as_bytes(), catalog).expect("a level");
    assert_eq!(even.balance.band(), (40, 60));
    let ps = parse_level(
        "tiny.ron",
        text("balance: (first_side: 120),").as_bytes(),
        catalog,
    )
    .expect_err("a share above 100");
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert!(
        ps[0]
            .message
            .contains("share (percent) must be at most 100 (got 120)"),
        "{ps:#?}"
    );
    assert_eq!((ps[0].line, ps[0].col.is_some()), (Some(3), true));
    let ps = parse_level(
        "tiny.ron",
        text("balance: (first_side: -5),").as_bytes(),
        catalog,
    )
    .expect_err("a share below 0");
    assert!(
        ps[0].message.contains("must be at least 0 (got -5)"),
        "{ps:#?}"
    );
}
