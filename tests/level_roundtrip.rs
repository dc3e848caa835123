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
