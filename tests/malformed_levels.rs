//! The malformed-level corpus: every file under `tests/malformed/` is a broken level
//! (syntax errors, semantic errors, huge dimensions, deep nesting, absurd numbers, invalid
//! UTF-8, an empty file). Each must be refused with a clear problem at its exact line and
//! column (or, where the problem is about the whole file, with none), without a panic and
//! without allocating more than a fixed multiple of the file's size.
//!
//! The size caps (`MAX_LEVEL_BYTES`, `MAX_MAP_SIDE`, `MAX_UNITS`, …) are documented in
//! `src/level/mod.rs` and BENCHMARKS.md; the tests below also check that they hold exactly.

use skirmish::level::catalog::Catalog;
use skirmish::level::problem::Problem;
use skirmish::level::{Level, MAX_LEVEL_BYTES, MAX_MAP_SIDE, MAX_UNITS, load_level, parse_level};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};

/// Counts the bytes this thread has allocated and not freed, and the peak of that.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            track(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            track(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        track(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            track(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Parse `bytes`, returning the result and the most memory the parse held at once.
fn parse_measured(
    name: &str,
    bytes: &[u8],
    catalog: &Catalog,
) -> (Result<Level, Vec<Problem>>, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let result = parse_level(name, bytes, catalog);
    let peak = PEAK.with(Cell::get) - base;
    (result, peak.max(0) as usize)
}

/// The most a parse may hold at once: a fixed allowance plus a multiple of the input.
fn allocation_bound(len: usize) -> usize {
    (1 << 20) + 16 * len
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("malformed")
}

/// A corpus file, what its (first matching) problem must say, and where it must point
/// (line, column), or `None` for a problem about the whole file.
type Expectation = (&'static str, &'static str, Option<(usize, usize)>);

/// Every corpus file with its expectation.
const CORPUS: &[Expectation] = &[
    // Empty and near-empty.
    ("empty.ron", "the file is empty", Some((1, 1))),
    ("whitespace_only.ron", "the file is empty", Some((1, 1))),
    (
        "comment_only.ron",
        "RON syntax: Expected opening `(` for struct `LevelFile`",
        Some((3, 1)),
    ),
    // Syntax errors.
    (
        "syntax_missing_comma.ron",
        "RON syntax: Expected comma",
        Some((4, 5)),
    ),
    (
        "syntax_unclosed_string.ron",
        "RON syntax: Expected comma",
        Some((4, 21)),
    ),
    (
        "syntax_unclosed_paren.ron",
        "RON syntax: Unexpected end of RON",
        Some((16, 1)),
    ),
    (
        "syntax_extra_closing.ron",
        "RON syntax: Non-whitespace trailing characters",
        Some((16, 1)),
    ),
    (
        "syntax_trailing_garbage.ron",
        "RON syntax: Non-whitespace trailing characters",
        Some((16, 1)),
    ),
    (
        "syntax_stray_token.ron",
        "RON syntax: Expected identifier",
        Some((5, 5)),
    ),
    (
        "syntax_unclosed_block_comment.ron",
        "RON syntax: Unclosed block comment",
        Some((5, 5)),
    ),
    (
        "syntax_unclosed_char.ron",
        "RON syntax: Expected char",
        Some((4, 29)),
    ),
    (
        "syntax_json.ron",
        "RON syntax: Expected opening `(` for struct `LevelFile`",
        Some((2, 1)),
    ),
    (
        "syntax_toml.ron",
        "RON syntax: Expected struct `LevelFile` but found `name`",
        Some((2, 1)),
    ),
    (
        "syntax_unknown_field.ron",
        "Unexpected field named `weather` in `LevelFile`",
        Some((5, 5)),
    ),
    (
        "syntax_missing_units.ron",
        "Unexpected missing field named `units`",
        Some((11, 1)),
    ),
    (
        "syntax_wrong_type_map.ron",
        "RON syntax: Expected opening `[`",
        Some((5, 10)),
    ),
    (
        "syntax_wrong_type_pos.ron",
        "RON syntax: Expected opening `(`",
        Some((13, 59)),
    ),
    (
        "syntax_unknown_enum_variant.ron",
        "Unexpected variant named `Up` in enum `Dir8`",
        Some((13, 75)),
    ),
    (
        "syntax_bad_escape.ron",
        "RON syntax: Unknown escape character",
        Some((3, 12)),
    ),
    (
        "syntax_legend_key_not_char.ron",
        "RON syntax: Expected char",
        Some((4, 29)),
    ),
    (
        "syntax_duplicate_legend_key.ron",
        "RON syntax: the key '#' appears twice",
        Some((5, 28)),
    ),
    (
        "syntax_duplicate_field.ron",
        "Unexpected duplicate field named `name`",
        Some((5, 5)),
    ),
    // Deep nesting.
    (
        "nesting_deep_lists.ron",
        "RON syntax: Expected opening `{`",
        Some((10, 14)),
    ),
    (
        "nesting_deep_parens.ron",
        "RON syntax: Expected identifier",
        Some((2, 2)),
    ),
    (
        "nesting_deep_comments.ron",
        "RON syntax: Unclosed block comment",
        Some((2, 1)),
    ),
    (
        "nesting_deep_some.ron",
        "RON syntax: Expected integer",
        Some((4, 16)),
    ),
    (
        "nesting_deep_overrides.ron",
        "Expected opening `(` for struct `StatBlock`",
        Some((13, 78)),
    ),
    // Huge dimensions.
    (
        "huge_wide_row.ron",
        "the map is 300x1; the largest allowed is 256x256",
        Some((5, 10)),
    ),
    (
        "huge_tall_map.ron",
        "the map is 4x300; the largest allowed is 256x256",
        Some((5, 10)),
    ),
    (
        "huge_square_map.ron",
        "the map is 300x300; the largest allowed is 256x256",
        Some((5, 10)),
    ),
    (
        "huge_too_many_units.ron",
        "at most 512 units (got 521)",
        Some((28, 12)),
    ),
    (
        "huge_too_many_sides.ron",
        "at most 16 sides (got 17)",
        Some((10, 12)),
    ),
    (
        "huge_size_field.ron",
        "`size` says 100000x100000 but the map is 4x3",
        Some((4, 11)),
    ),
    (
        "huge_long_name.ron",
        "Unexpected field named `bogus`",
        Some((4, 5)),
    ),
    // Absurd numbers.
    (
        "number_vitality_overflow.ron",
        "RON syntax: Integer is out of bounds",
        Some((13, 89)),
    ),
    (
        "number_vitality_negative.ron",
        "unit `B`: vitality must be at least 1 (got -5)",
        Some((13, 89)),
    ),
    (
        "number_vitality_huge.ron",
        "unit `B`: vitality must be at most 10000 (got 2000000000)",
        Some((13, 89)),
    ),
    (
        "number_pos_overflow.ron",
        "RON syntax: Integer is out of bounds",
        Some((13, 60)),
    ),
    (
        "number_pos_negative.ron",
        "unit `B` at (-2147483648, -1) is off the map",
        Some((13, 59)),
    ),
    (
        "number_float_for_int.ron",
        "RON syntax: Expected comma",
        Some((13, 61)),
    ),
    (
        "number_terrain_cost_zero.ron",
        "terrain `ice`: cost must be between 1 and 100 metres (got 0)",
        Some((4, 30)),
    ),
    (
        "number_terrain_cost_huge.ron",
        "terrain `tar`: cost must be between 1 and 100 metres (got 4000000000)",
        Some((4, 30)),
    ),
    (
        "number_seed_negative.ron",
        "RON syntax: Integer is out of bounds",
        Some((4, 12)),
    ),
    (
        "number_ap_per_turn_huge.ron",
        "rules: ap_per_turn must be between 1 and 20 (got 4000000000)",
        Some((10, 26)),
    ),
    (
        "number_ap_per_turn_overflow.ron",
        "RON syntax: Integer is out of bounds",
        Some((10, 26)),
    ),
    (
        "number_weapon_range_negative.ron",
        "weapon `sling`: normal range must be at least 1 (got -5)",
        Some((10, 62)),
    ),
    (
        "number_weapon_reach_zero.ron",
        "weapon `stub`: reach must be at least 1 (got 0)",
        Some((10, 60)),
    ),
    (
        "number_dice_absurd.ron",
        "weapon `nuke`: `99999999d99999999`: a number is too large",
        Some((10, 46)),
    ),
    (
        "number_dice_bonus_i32_min.ron",
        "weapon `void`: `1d6-2147483648`: a number is too large",
        Some((10, 46)),
    ),
    (
        "number_dice_flat_i32_min.ron",
        "weapon `void`: `-2147483648`: a number is too large",
        Some((10, 46)),
    ),
    (
        "number_objective_rounds_zero.ron",
        "objective 0: the number must be between 1 and 1000 (got 0)",
        Some((10, 18)),
    ),
    // Invalid UTF-8 and other encodings.
    (
        "utf8_invalid_byte_in_name.ron",
        "not valid UTF-8 (byte 16 ",
        Some((2, 15)),
    ),
    (
        "utf8_lone_continuation.ron",
        "not valid UTF-8 (byte 117 ",
        Some((6, 11)),
    ),
    (
        "utf8_overlong_slash.ron",
        "not valid UTF-8 (byte 13 ",
        Some((2, 12)),
    ),
    (
        "utf8_truncated_sequence.ron",
        "not valid UTF-8 (byte 345 ",
        Some((13, 7)),
    ),
    ("utf16_le_bom.ron", "the file is UTF-16", Some((1, 1))),
    (
        "utf8_bom_then_error.ron",
        "unknown terrain character '?' at row 1, column 3",
        Some((6, 13)),
    ),
    (
        "binary_garbage.ron",
        "not valid UTF-8 (byte 4 ",
        Some((1, 5)),
    ),
    // Semantic errors.
    (
        "semantic_unknown_terrain_char.ron",
        "unknown terrain character '?' at row 1, column 3; add it to the legend",
        Some((7, 13)),
    ),
    (
        "semantic_ragged_rows.ron",
        "ragged map: row 1 has 5 tiles but row 0 has 4",
        Some((7, 9)),
    ),
    (
        "semantic_unit_off_map.ron",
        "unit `B` at (9, 2) is off the map (x must be 0..3, y 0..2)",
        Some((13, 59)),
    ),
    (
        "semantic_unit_on_wall.ron",
        "unit `B` at (1, 1) stands on impassable terrain `wall`",
        Some((13, 59)),
    ),
    (
        "semantic_units_share_tile.ron",
        "unit `B` at (0, 0) shares its tile with unit 0",
        Some((13, 59)),
    ),
    (
        "semantic_unknown_template.ron",
        "unit `B`: unknown template `dragon` (known: archer, brute,",
        Some((13, 44)),
    ),
    (
        "semantic_unknown_weapon.ron",
        "unit `B`: unknown weapon `laser`",
        Some((13, 89)),
    ),
    (
        "semantic_one_side.ron",
        "a battle needs at least two sides; this level has 1",
        Some((10, 12)),
    ),
    (
        "semantic_side_without_units.ron",
        "side `Green` has no units",
        Some((10, 44)),
    ),
    (
        "semantic_duplicate_side.ron",
        "two sides are named `Blue`",
        Some((10, 51)),
    ),
    (
        "semantic_duplicate_unit_name.ron",
        "unit 1: the name `A` is already used by unit 0",
        Some((13, 16)),
    ),
    (
        "semantic_unknown_side.ron",
        "unit 1: unknown side `Purple` (sides: Blue, Red)",
        Some((13, 27)),
    ),
    (
        "semantic_unknown_terrain_kind.ron",
        "legend 'c': unknown terrain kind `lava`",
        Some((4, 47)),
    ),
    (
        "semantic_terrain_name_with_plus.ron",
        "terrain kind name `a+b` may not be empty or contain `+`",
        Some((4, 16)),
    ),
    (
        "semantic_legend_quote_char.ron",
        "legend: '\"' cannot be used as a map character",
        Some((4, 62)),
    ),
    (
        "semantic_empty_map.ron",
        "the map has no rows",
        Some((5, 10)),
    ),
    (
        "semantic_empty_first_row.ron",
        "the first map row is empty",
        Some((6, 9)),
    ),
    (
        "semantic_size_mismatch.ron",
        "`size` says 5x3 but the map is 4x3",
        Some((4, 11)),
    ),
    (
        "semantic_empty_name.ron",
        "the level needs a name",
        Some((3, 11)),
    ),
    (
        "semantic_bad_colour.ron",
        "colour `red` is not like \"#3a6ee8\"",
        Some((10, 51)),
    ),
    (
        "semantic_ai_controller.ron",
        "side `Red`: the AI controller is not available yet",
        Some((10, 55)),
    ),
    (
        "semantic_all_surprised.ron",
        "every side is surprised",
        Some((10, 12)),
    ),
    (
        "semantic_ranged_without_range.ron",
        "weapon `sling` is Ranged and needs `range: (normal, long)`",
        Some((10, 25)),
    ),
    (
        "semantic_long_range_shorter.ron",
        "weapon `sling`: long range 5 is shorter than normal range 10",
        Some((10, 62)),
    ),
    (
        "semantic_inflict_down.ron",
        "weapon `doom`: Down cannot be inflicted by a weapon",
        Some((10, 62)),
    ),
    (
        "semantic_bad_dice.ron",
        "weapon `odd`: `2x6` is not a dice expression like 2d6+1",
        Some((10, 45)),
    ),
    (
        "semantic_objective_off_map.ron",
        "objective 0: tile (40, 40) is off the map or impassable",
        Some((10, 49)),
    ),
    (
        "semantic_objective_unknown_side.ron",
        "objective 0: unknown side `Green`",
        Some((10, 32)),
    ),
    (
        "semantic_many_problems.ron",
        "unit `A`: unknown template `ghost`",
        Some((12, 45)),
    ),
    // Found by fuzzing (`cargo fuzz run level_parse`), kept as regression tests.
    // A raw identifier (`r#Ask`) read as a raw string sent the span scanner into an endless
    // loop that recorded paths until memory ran out.
    (
        "fuzz_raw_identifier_scanner_loop.ron",
        "unit `Cora`: unknown template `knight",
        Some((32, 48)),
    ),
    // An empty legend made validation refuse the level without saying why.
    (
        "fuzz_empty_legend_without_problem.ron",
        "the legend is empty",
        Some((7, 13)),
    ),
];

#[test]
fn the_corpus_has_at_least_fifty_files_and_each_is_listed() {
    let mut on_disk: Vec<String> = std::fs::read_dir(corpus_dir())
        .expect("tests/malformed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = CORPUS.iter().map(|c| c.0.to_string()).collect();
    listed.sort();
    assert!(on_disk.len() >= 50, "only {} corpus files", on_disk.len());
    assert_eq!(
        on_disk, listed,
        "every file in tests/malformed/ needs an expectation here"
    );
}

#[test]
fn every_malformed_level_is_refused_with_a_located_problem() {
    let mut failures = Vec::new();
    for &(name, needle, at) in CORPUS {
        let path = corpus_dir().join(name);
        let bytes = std::fs::read(&path).expect("corpus file");
        let label = format!("tests/malformed/{name}");
        let outcome = std::panic::catch_unwind(|| {
            parse_measured(&label, &bytes, skirmish::paths::cached_catalog())
        });
        let (result, peak) = match outcome {
            Ok(r) => r,
            Err(_) => {
                failures.push(format!("{name}: panicked"));
                continue;
            }
        };
        if peak > allocation_bound(bytes.len()) {
            failures.push(format!(
                "{name}: held {peak} bytes at once for a {}-byte file (bound {})",
                bytes.len(),
                allocation_bound(bytes.len())
            ));
        }
        let problems = match result {
            Ok(_) => {
                failures.push(format!("{name}: accepted"));
                continue;
            }
            Err(p) => p,
        };
        if problems.is_empty() {
            failures.push(format!("{name}: refused without a problem"));
            continue;
        }
        for p in &problems {
            if p.file != label || p.message.trim().is_empty() {
                failures.push(format!("{name}: unclear problem {p:?}"));
            }
            // The display form is what `skirmish check` prints: `file:line:col: message`.
            let shown = p.to_string();
            let expected_prefix = match (p.line, p.col) {
                (Some(l), Some(c)) => format!("{label}:{l}:{c}: "),
                _ => format!("{label}: "),
            };
            if !shown.starts_with(&expected_prefix) {
                failures.push(format!("{name}: displays as {shown:?}"));
            }
        }
        match problems.iter().find(|p| p.message.contains(needle)) {
            None => failures.push(format!(
                "{name}: no problem mentions {needle:?}; got:\n    {}",
                problems
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join("\n    ")
            )),
            Some(p) => {
                let got = p.line.zip(p.col);
                if got != at {
                    failures.push(format!(
                        "{name}: {needle:?} located at {got:?}, expected {at:?}"
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} corpus failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_file_over_the_byte_cap_is_refused_unread() {
    let mut bytes = b"(name: \"x\", ".to_vec();
    bytes.resize(MAX_LEVEL_BYTES + 1, b' ');
    let (result, peak) = parse_measured("big.ron", &bytes, skirmish::paths::cached_catalog());
    let problems = result.expect_err("over the cap");
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0]
            .message
            .contains(&format!("levels are limited to {MAX_LEVEL_BYTES} bytes")),
        "{}",
        problems[0]
    );
    assert!(peak < 1 << 16, "held {peak} bytes to refuse it");
}

#[test]
fn load_level_refuses_big_files_by_size_and_folders() {
    let dir = std::env::temp_dir().join(format!("skirmish-malformed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let big = dir.join("big.ron");
    let f = std::fs::File::create(&big).expect("temp file");
    f.set_len(MAX_LEVEL_BYTES as u64 + 1).expect("sparse file");
    let problems = load_level(&big, skirmish::paths::cached_catalog()).expect_err("too big");
    assert!(
        problems[0].message.contains("levels are limited to"),
        "{}",
        problems[0]
    );
    let problems = load_level(&dir, skirmish::paths::cached_catalog()).expect_err("a folder");
    assert!(
        problems[0].message.contains("is a folder"),
        "{}",
        problems[0]
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// A level of `width`×`height` grass with `units` goblins in rows from the top left.
fn level_text(width: usize, height: usize, units: usize) -> String {
    let row = format!("        \"{}\",\n", ".".repeat(width));
    let unit_list: String = (0..units)
        .map(|i| {
            format!(
                "        (side: \"{}\", template: \"goblin\", pos: ({}, {})),\n",
                if i.is_multiple_of(2) { "Blue" } else { "Red" },
                i % width,
                i / width
            )
        })
        .collect();
    format!(
        "(\n    name: \"Limits\",\n    legend: {{ '.': \"grass\" }},\n    map: [\n{}    ],\n    \
         sides: [(name: \"Blue\"), (name: \"Red\")],\n    units: [\n{unit_list}    ],\n)\n",
        row.repeat(height)
    )
}

#[test]
fn the_size_caps_hold_exactly() {
    let side = MAX_MAP_SIDE as usize;
    let ok = level_text(side, side, MAX_UNITS);
    let (level, peak) = parse_measured("max.ron", ok.as_bytes(), skirmish::paths::cached_catalog());
    let level = level.unwrap_or_else(|p| panic!("the largest level is refused: {}", p[0]));
    assert_eq!(
        (level.grid.width, level.grid.height, level.units.len()),
        (MAX_MAP_SIDE, MAX_MAP_SIDE, MAX_UNITS)
    );
    assert!(
        peak <= allocation_bound(ok.len()),
        "held {peak} bytes for {}",
        ok.len()
    );
    for (text, needle) in [
        (level_text(side + 1, 2, 2), "the largest allowed is 256x256"),
        (level_text(2, side + 1, 2), "the largest allowed is 256x256"),
        (
            level_text(side, side, MAX_UNITS + 1),
            "at most 512 units (got 513)",
        ),
    ] {
        let problems = parse_level(
            "over.ron",
            text.as_bytes(),
            skirmish::paths::cached_catalog(),
        )
        .expect_err("over a cap");
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains(needle) && p.line.is_some()),
            "{problems:?}"
        );
    }
}

#[test]
fn many_tiny_values_stay_within_the_allocation_bound() {
    // Nearly 4 MiB of empty map rows: the densest valid RON a level can hold. It must be
    // refused (too many rows) without holding more than the bound.
    let mut text =
        String::from("(name: \"rows\", legend: {'.': \"grass\"}, sides: [], units: [], map: [");
    while text.len() < MAX_LEVEL_BYTES - 16 {
        text.push_str("\"\",");
    }
    text.push_str("])");
    let (result, peak) = parse_measured(
        "rows.ron",
        text.as_bytes(),
        skirmish::paths::cached_catalog(),
    );
    println!("{} bytes of empty rows: peak {peak} bytes held", text.len());
    let problems = result.expect_err("too many rows");
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("the first map row is empty")),
        "{problems:?}"
    );
    assert!(
        peak <= allocation_bound(text.len()),
        "held {peak} bytes for a {}-byte file (bound {})",
        text.len(),
        allocation_bound(text.len())
    );
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let text = level_text(4, 3, 2);
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(text.as_bytes());
    let level = parse_level("bom.ron", &bytes, skirmish::paths::cached_catalog())
        .unwrap_or_else(|p| panic!("{}", p[0]));
    assert_eq!(level.units.len(), 2);
}

#[test]
fn skirmish_check_reports_every_corpus_file() {
    let files: Vec<PathBuf> = CORPUS.iter().map(|c| corpus_dir().join(c.0)).collect();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_skirmish"))
        .arg("check")
        .args(&files)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run skirmish check");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    for f in &files {
        let summary = format!("{}: ", f.display());
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&summary) && l.contains(" problem")),
            "no summary for {}",
            f.display()
        );
    }
}

#[test]
fn a_replay_aiming_beyond_any_map_is_refused_with_a_location() {
    let dir = std::env::temp_dir().join(format!("skirmish-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("replays/arenas/crossing.ron");
    let replay = dir.join("far.ron");
    std::fs::write(
        &replay,
        format!(
            "(\n    level: {:?},\n    dice: Seed(1),\n    commands: [\n        MovePath(unit: \"Ada\", path: [(1, 2), (-2147483648, 0)]),\n    ],\n)\n",
            level.display().to_string()
        ),
    )
    .expect("write replay");
    let problems = match skirmish::replay::load_replay(&replay, skirmish::paths::cached_catalog()) {
        Ok(_) => panic!("a replay with a tile at -2^31 was accepted"),
        Err(p) => p,
    };
    std::fs::remove_dir_all(&dir).expect("clean up");
    let p = problems
        .iter()
        .find(|p| p.message.contains("is beyond any map"))
        .unwrap_or_else(|| panic!("{problems:?}"));
    assert_eq!((p.line, p.col), (Some(5), Some(46)), "{p}");
}
