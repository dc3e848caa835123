//! The malformed-level corpus: every file under `tests/malformed/` is a broken level
//! (syntax errors, semantic errors, huge dimensions, deep nesting, absurd numbers, invalid
//! UTF-8, an empty file). Each must be refused with clear problems at their exact lines and
//! columns (or, where a problem is about the whole file, with none), without a panic and
//! without allocating more than a fixed multiple of the file's size. The problems of each
//! file are snapshots in `tests/snapshots/` (insta).
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

/// The most a parse may hold at once: a fixed allowance plus a multiple of the input. (A
/// unit's line of some 60 bytes parses into a stat block of every preset's optional
/// statistics, some 900 bytes.)
fn allocation_bound(len: usize) -> usize {
    (1 << 20) + 24 * len
}

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("malformed")
}

/// Every file of the corpus, sorted by name.
fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/malformed")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    files
}

/// Every corpus file is refused, without a panic and within the allocation bound, with
/// clear problems shown as `file:line:col: message` (what `skirmish check` prints). What
/// they say, and where, is kept in `tests/snapshots/malformed_levels__problems@*.snap`: a
/// new corpus file needs its snapshot (`INSTA_UPDATE=always cargo test`, then review it).
#[test]
fn every_malformed_level_is_refused_with_located_problems() {
    let mut count = 0;
    insta::glob!("malformed/*.ron", |path| {
        count += 1;
        let name = path.file_name().expect("a file").to_string_lossy();
        let label = format!("tests/malformed/{name}");
        let bytes = std::fs::read(path).expect("corpus file");
        let outcome = std::panic::catch_unwind(|| {
            parse_measured(&label, &bytes, skirmish::paths::cached_catalog())
        });
        let (result, peak) = outcome.unwrap_or_else(|_| panic!("{name}: panicked"));
        assert!(
            peak <= allocation_bound(bytes.len()),
            "{name}: held {peak} bytes at once for a {}-byte file (bound {})",
            bytes.len(),
            allocation_bound(bytes.len())
        );
        let problems = match result {
            Ok(_) => panic!("{name}: accepted"),
            Err(p) => p,
        };
        assert!(!problems.is_empty(), "{name}: refused without a problem");
        for p in &problems {
            assert!(
                p.file == label && !p.message.trim().is_empty(),
                "{name}: unclear problem {p:?}"
            );
            let expected_prefix = match (p.line, p.col) {
                (Some(l), Some(c)) => format!("{label}:{l}:{c}: "),
                _ => format!("{label}: "),
            };
            assert!(
                p.to_string().starts_with(&expected_prefix),
                "{name}: displays as {:?}",
                p.to_string()
            );
        }
        let shown: Vec<String> = problems.iter().map(Problem::to_string).collect();
        insta::assert_snapshot!("problems", shown.join("\n"));
    });
    assert!(count >= 50, "only {count} corpus files");
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
    let files = corpus_files();
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
