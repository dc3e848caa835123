//! Property tests of level parsing and validation.
//!
//! - Random valid levels are accepted and come out as written.
//! - Random valid levels with one planted defect are refused, and the problem about the
//!   defect points at the exact line (and, where it can, column) of the defect.
//! - Random valid levels mangled byte by byte never panic; every syntax problem has a
//!   location inside the file; anything accepted satisfies the level invariants (map
//!   within the size cap, units on distinct passable tiles, every side with a unit).
//!
//! Cases: 1,000 + 2,000 + 2,000 here, 5,000 in `proptest_battle.rs`: 10,000 in all.

mod proptest_support;

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use proptest_support::{LevelSpec, UnitSpec, check_level};
use skirmish::level::parse_level;
use skirmish::level::problem::Problem;

fn unit_spec() -> impl Strategy<Value = UnitSpec> {
    (
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        option::of(0u8..8),
        option::of(any::<u8>()),
    )
        .prop_map(|(template, x, y, facing, vitality)| UnitSpec {
            template,
            x,
            y,
            facing,
            vitality,
        })
}

/// Levels up to 12×12 without a rules block (some defects add one).
fn level_spec() -> impl Strategy<Value = LevelSpec> {
    (2u8..=12, 2u8..=12).prop_flat_map(|(width, height)| {
        (
            vec(any::<u8>(), usize::from(width) * usize::from(height)),
            vec(unit_spec(), 2..=8),
            2u8..=3,
            option::weighted(0.2, any::<u8>()),
            any::<u8>(),
        )
            .prop_map(
                move |(tiles, units, sides, surprised, objective)| LevelSpec {
                    width,
                    height,
                    tiles,
                    units,
                    sides,
                    surprised,
                    rules: None,
                    objective,
                },
            )
    })
}

/// A problem's location, if it has one, lies inside the text.
fn check_location(p: &Problem, text: &str) -> Result<(), TestCaseError> {
    if let Some(line) = p.line {
        let lines: Vec<&str> = text.split('\n').collect();
        prop_assert!(
            line >= 1 && line <= lines.len(),
            "line {} of {}: {}",
            line,
            lines.len(),
            p
        );
        if let Some(col) = p.col {
            let width = lines[line - 1].chars().count();
            prop_assert!(
                col >= 1 && col <= width + 1,
                "column {} of {}: {}",
                col,
                width,
                p
            );
        }
    }
    Ok(())
}

/// One defect planted in a valid level, what the problem must say, and text that must be on
/// the line it points at.
struct Defect {
    text: String,
    needle: &'static str,
    line_has: &'static str,
}

/// Insert `what` before the closing `],` of the units list.
fn add_unit(ron: &str, what: &str) -> String {
    let units = ron.find("\n    units: [\n").expect("units list");
    let at = units + 1 + ron[units..].find("\n    ],\n").expect("units list end");
    format!("{}        {what},\n{}", &ron[..at], &ron[at..])
}

fn plant(spec: &LevelSpec, which: u8) -> Defect {
    let ron = spec.to_ron();
    let (w, h) = (spec.width, spec.height);
    let d = |text: String, needle, line_has| Defect {
        text,
        needle,
        line_has,
    };
    let first_unit_pos = {
        let p = spec.placed()[0].2;
        format!("({}, {})", p.0, p.1)
    };
    match which % 16 {
        0 => d(
            add_unit(
                &ron,
                &format!(
                    r#"(name: "Extra", side: "Blue", template: "soldier", pos: ({}, 1))"#,
                    w + 2
                ),
            ),
            "is off the map",
            "Extra",
        ),
        1 => d(
            add_unit(
                &ron,
                &format!(
                    r#"(name: "Extra", side: "Blue", template: "soldier", pos: {first_unit_pos})"#
                ),
            ),
            "shares its tile",
            "Extra",
        ),
        2 => d(
            add_unit(
                &ron,
                r#"(name: "Extra", side: "Blue", template: "dragon", pos: (0, 0))"#,
            ),
            "unknown template `dragon`",
            "dragon",
        ),
        3 => {
            // The last map row, its last character replaced with '?'.
            let row_end = ron.find("\",\n    ],").expect("map end");
            d(
                format!("{}?{}", &ron[..row_end - 1], &ron[row_end..]),
                "unknown terrain character '?'",
                "?",
            )
        }
        4 => {
            let row_end = ron.find("\",\n    ],").expect("map end");
            d(
                format!("{}.{}", &ron[..row_end], &ron[row_end..]),
                "ragged map",
                "",
            )
        }
        5 => d(
            add_unit(
                &ron,
                r#"(name: "Extra", side: "Blue", template: "soldier", pos: (0, 0), overrides: (vitality: -3))"#,
            ),
            "vitality must be at least 1",
            "vitality: -3",
        ),
        6 => d(
            ron.replacen("    sides:", "    rules: (ap_per_turn: 0),\n    sides:", 1),
            "ap_per_turn must be between",
            "ap_per_turn",
        ),
        7 => d(
            ron.replacen("    sides: [", "    sides: [(name: \"Lonely\"), ", 1),
            "side `Lonely` has no units",
            "Lonely",
        ),
        8 => d(
            ron.replacen("    sides: [", "    sides: [(name: \"Red\"), ", 1),
            "two sides are named `Red`",
            "\"Red\"",
        ),
        9 => d(
            add_unit(
                &ron,
                r#"(name: "Extra", side: "Blue", template: "soldier", pos: (0, 0), overrides: (weapons: ["laser"]))"#,
            ),
            "unknown weapon `laser`",
            "laser",
        ),
        10 => d(
            ron.replacen(
                "legend: {",
                "legend: { '.': \"grass\",\n 'Q': \"grass\", '.': \"mud\", 'Z': \"grass\",",
                1,
            ),
            "appears twice",
            "'.': \"mud\"",
        ),
        11 => {
            let end = ron.rfind(')').expect("closing paren");
            d(
                format!("{}{}", &ron[..end], &ron[end + 1..]),
                "RON syntax",
                "",
            )
        }
        12 => d(
            add_unit(
                &ron,
                r#"(name: "Extra", side: "Purple", template: "soldier", pos: (0, 0))"#,
            ),
            "unknown side `Purple`",
            "Purple",
        ),
        13 => d(
            ron.replacen(
                "    legend:",
                &format!("    size: ({}, {}),\n    legend:", w + 1, h),
                1,
            ),
            "`size` says",
            "size",
        ),
        14 => d(
            ron.replacen("legend: {", "legend: { 'q': \"lava\", ", 1),
            "unknown terrain kind `lava`",
            "lava",
        ),
        _ => d(
            ron.replacen("(name: \"Blue\"", "(name: \"Blue\", colour: \"blue\"", 1),
            "colour `blue` is not like",
            "blue",
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(proptest_support::proptest_seed()),
        cases: 1_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Valid random levels are accepted with every unit where it was written.
    #[test]
    fn random_valid_levels_are_accepted(spec in level_spec()) {
        let level = spec.level(skirmish::paths::cached_catalog()).map_err(TestCaseError::fail)?;
        check_level(&level).map_err(TestCaseError::fail)?;
        let map = spec.map();
        prop_assert_eq!((level.grid.width as usize, level.grid.height as usize), (map[0].len(), map.len()));
        for (i, row) in map.iter().enumerate() {
            for (j, &c) in row.iter().enumerate() {
                let k = level.grid.kind(skirmish::rules::grid::Pos::new(j as i32, i as i32)).expect("on the map");
                prop_assert_eq!(k.symbol, c);
            }
        }
        let placed = spec.placed();
        prop_assert_eq!(level.units.len(), placed.len());
        for (u, (side, template, (x, y), _)) in level.units.iter().zip(&placed) {
            prop_assert_eq!((u.side, u.template.as_str()), (*side, *template));
            prop_assert_eq!((u.pos.x, u.pos.y), (*x as i32, *y as i32));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(proptest_support::proptest_seed()),
        cases: 2_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// One planted defect: refused, and the problem points at the defect.
    #[test]
    fn planted_defects_are_located(spec in level_spec(), which in any::<u8>()) {
        let defect = plant(&spec, which);
        let result = parse_level("defect.ron", defect.text.as_bytes(), skirmish::paths::cached_catalog());
        let problems = match result {
            Ok(_) => return Err(TestCaseError::fail(format!("accepted with a defect ({}):\n{}", defect.needle, defect.text))),
            Err(p) => p,
        };
        for p in &problems {
            check_location(p, &defect.text)?;
            prop_assert_eq!(p.file.as_str(), "defect.ron");
        }
        let hit = problems.iter().find(|p| p.message.contains(defect.needle));
        let Some(hit) = hit else {
            return Err(TestCaseError::fail(format!(
                "no problem mentions `{}`: {:?}\n{}", defect.needle, problems, defect.text
            )));
        };
        let (Some(line), Some(col)) = (hit.line, hit.col) else {
            return Err(TestCaseError::fail(format!("no location: {hit}")));
        };
        let text_line = defect.text.split('\n').nth(line - 1).unwrap_or("");
        prop_assert!(text_line.contains(defect.line_has), "{} points at line {}: {:?}", hit, line, text_line);
        if defect.needle.starts_with("unknown terrain character") {
            prop_assert_eq!(text_line.chars().nth(col - 1), Some('?'));
        }
    }
}

/// One random edit of a byte string.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
    Duplicate(usize, usize),
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes that matter to RON and UTF-8, and any byte at all.
    let byte = prop_oneof![
        3 => prop::sample::select(b"()[]{}:,\"'#.-+0123456789eExX_rRSome \n\\/*".to_vec()),
        1 => any::<u8>(),
    ];
    prop_oneof![
        3 => (any::<usize>(), byte.clone()).prop_map(|(i, b)| Edit::Replace(i, b)),
        2 => (any::<usize>(), vec(byte, 1..8)).prop_map(|(i, b)| Edit::Insert(i, b)),
        2 => (any::<usize>(), 1usize..40).prop_map(|(i, n)| Edit::Delete(i, n)),
        1 => (any::<usize>(), 1usize..200).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, e: &Edit) {
    let len = bytes.len();
    if len == 0 {
        return;
    }
    match e {
        Edit::Replace(i, b) => bytes[i % len] = *b,
        Edit::Insert(i, b) => {
            let at = i % (len + 1);
            bytes.splice(at..at, b.iter().copied());
        }
        Edit::Delete(i, n) => {
            let at = i % len;
            bytes.drain(at..(at + n).min(len));
        }
        Edit::Duplicate(i, n) => {
            let at = i % len;
            let piece: Vec<u8> = bytes[at..(at + n).min(len)].to_vec();
            bytes.splice(at..at, piece);
        }
        Edit::Truncate(i) => bytes.truncate(i % len),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(proptest_support::proptest_seed()),
        cases: 2_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Mangled levels: no panic, located syntax problems, and only sound levels accepted.
    #[test]
    fn mangled_levels_never_panic(spec in level_spec(), edits in vec(edit(), 1..5)) {
        let mut bytes = spec.to_ron().into_bytes();
        for e in &edits {
            apply(&mut bytes, e);
        }
        match parse_level("mangled.ron", &bytes, skirmish::paths::cached_catalog()) {
            Ok(level) => check_level(&level).map_err(TestCaseError::fail)?,
            Err(problems) => {
                prop_assert!(!problems.is_empty());
                let text = String::from_utf8_lossy(&bytes);
                for p in &problems {
                    prop_assert!(!p.message.trim().is_empty());
                    if p.message.starts_with("RON syntax") || p.message.contains("UTF-8") {
                        prop_assert!(p.line.is_some() && p.col.is_some(), "no location: {}", p);
                    }
                    if std::str::from_utf8(&bytes).is_ok() {
                        check_location(p, &text)?;
                    }
                }
            }
        }
    }
}
