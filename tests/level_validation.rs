//! Level validation (RULES §10): every kind of problem is reported with its line and column,
//! all problems at once; `skirmish check` exits non-zero on any.

use skirmish::level::problem::Problem;
use skirmish::level::{MAX_MAP_SIDE, parse_level};
use std::process::Command;

const GOOD: &str = r#"(
    name: "Valid",
    legend: { '.': "grass", '#': "wall", 'c': "crates" },
    map: [
        "....",
        ".#c.",
        "....",
    ],
    sides: [(name: "Blue"), (name: "Red")],
    units: [
        (name: "A", side: "Blue", template: "soldier", pos: (0, 0)),
        (name: "B", side: "Red", template: "archer", pos: (3, 2)),
    ],
)"#;

fn problems(src: &str) -> Vec<Problem> {
    let catalog = skirmish::paths::load_catalog();
    match parse_level("test.ron", src.as_bytes(), &catalog) {
        Ok(_) => Vec::new(),
        Err(p) => p,
    }
}

/// The single problem whose message contains `needle`, with its (line, column).
fn find(ps: &[Problem], needle: &str) -> (usize, usize) {
    let hits: Vec<&Problem> = ps.iter().filter(|p| p.message.contains(needle)).collect();
    assert!(!hits.is_empty(), "no problem mentions `{needle}`: {ps:#?}");
    (
        hits[0].line.expect("a line"),
        hits[0].col.expect("a column"),
    )
}

#[test]
fn a_valid_level_has_no_problems() {
    assert!(problems(GOOD).is_empty(), "{:#?}", problems(GOOD));
}

#[test]
fn validation_ron_syntax_error_has_line_and_column() {
    let src = GOOD.replace("name: \"Valid\",", "name: \"Valid\"\n    oops");
    let ps = problems(&src);
    assert_eq!(ps.len(), 1);
    assert!(ps[0].message.starts_with("RON syntax"), "{}", ps[0]);
    assert_eq!(ps[0].line, Some(3));
}

#[test]
fn validation_unknown_terrain_character() {
    let src = GOOD.replace("\".#c.\"", "\".#c?\"");
    let ps = problems(&src);
    // Row 1 is on line 6; the '?' is the 4th character after the quote at column 9.
    assert_eq!(find(&ps, "unknown terrain character '?'"), (6, 13));
}

#[test]
fn validation_ragged_rows() {
    let src = GOOD.replace(
        "\"....\",\n        \".#c.\"",
        "\"....\",\n        \".#c..\"",
    );
    let ps = problems(&src);
    assert_eq!(find(&ps, "ragged map: row 1 has 5 tiles"), (6, 9));
}

#[test]
fn validation_unit_off_the_map() {
    let src = GOOD.replace("pos: (3, 2)", "pos: (9, 2)");
    let ps = problems(&src);
    assert_eq!(find(&ps, "is off the map"), (12, 59));
}

#[test]
fn validation_unit_on_an_impassable_tile() {
    let src = GOOD.replace("pos: (3, 2)", "pos: (1, 1)");
    let ps = problems(&src);
    assert!(find(&ps, "impassable terrain `wall`").0 == 12);
}

#[test]
fn validation_two_units_on_one_tile() {
    let src = GOOD.replace("pos: (3, 2)", "pos: (0, 0)");
    let ps = problems(&src);
    assert_eq!(find(&ps, "shares its tile with unit 0").0, 12);
}

#[test]
fn validation_unknown_template() {
    let src = GOOD.replace("template: \"archer\"", "template: \"archre\"");
    let ps = problems(&src);
    let (line, col) = find(&ps, "unknown template `archre`");
    assert_eq!((line, col), (12, 44));
    assert!(
        ps[0].message.contains("archer"),
        "the message lists the known templates"
    );
}

#[test]
fn validation_unknown_weapon() {
    let src = GOOD.replace(
        "template: \"soldier\", pos: (0, 0))",
        "template: \"soldier\", pos: (0, 0), overrides: (weapons: [\"sword\", \"laser\"]))",
    );
    let ps = problems(&src);
    assert_eq!(find(&ps, "unknown weapon `laser`").0, 11);
}

#[test]
fn validation_fewer_than_two_sides() {
    let src = GOOD
        .replace(
            "sides: [(name: \"Blue\"), (name: \"Red\")]",
            "sides: [(name: \"Blue\")]",
        )
        .replace("side: \"Red\"", "side: \"Blue\"");
    let ps = problems(&src);
    assert_eq!(find(&ps, "at least two sides"), (9, 12));
}

#[test]
fn validation_a_side_with_no_units() {
    let src = GOOD.replace(
        "sides: [(name: \"Blue\"), (name: \"Red\")]",
        "sides: [(name: \"Blue\"), (name: \"Red\"), (name: \"Green\")]",
    );
    let ps = problems(&src);
    assert_eq!(find(&ps, "side `Green` has no units"), (9, 44));
}

#[test]
fn validation_impossible_stats_negative_vitality() {
    let src = GOOD.replace("pos: (0, 0))", "pos: (0, 0), overrides: (vitality: -5))");
    let ps = problems(&src);
    assert_eq!(find(&ps, "vitality must be at least 1 (got -5)").0, 11);
}

#[test]
fn validation_impossible_stats_reach_zero() {
    let src = GOOD.replace(
        "sides: [",
        "weapons: { \"stub\": (kind: Melee, hit: 1, damage: \"1d4\", reach: 0) },\n    sides: [",
    );
    let src = src.replace(
        "pos: (0, 0))",
        "pos: (0, 0), overrides: (weapons: [\"stub\"]))",
    );
    let ps = problems(&src);
    assert_eq!(find(&ps, "reach must be at least 1 (got 0)").0, 9);
}

#[test]
fn validation_lists_every_problem_not_just_the_first() {
    let src = GOOD
        .replace("\".#c.\"", "\".#c?\"")
        .replace("pos: (3, 2)", "pos: (9, 9)")
        .replace("template: \"soldier\"", "template: \"nobody\"");
    let ps = problems(&src);
    assert!(ps.len() >= 3, "{ps:#?}");
    for p in &ps {
        assert!(p.line.is_some() && p.col.is_some(), "{p}");
        assert!(p.to_string().starts_with("test.ron:"), "{p}");
    }
}

#[test]
fn validation_unknown_terrain_kind_in_the_legend() {
    let src = GOOD.replace("'c': \"crates\"", "'c': \"crates+lava\"");
    let ps = problems(&src);
    assert_eq!(find(&ps, "unknown terrain kind `lava`").0, 3);
}

/// A map row with a line break inside its quotes: characters and columns no longer match,
/// so the problem points at the row's opening quote, inside the file. Found by
/// `proptest_levels` (a mangled level placed `(` at "column 11" of a 9-column line).
#[test]
fn validation_a_map_row_broken_over_two_lines_is_located_at_the_row() {
    let src = GOOD.replacen("\"....\"", "\"\n(...\"", 1);
    let ps = problems(&src);
    assert_eq!(find(&ps, "unknown terrain character '('"), (5, 9));
    let lines: Vec<&str> = src.split('\n').collect();
    for p in &ps {
        if let (Some(l), Some(c)) = (p.line, p.col) {
            assert!(
                c <= lines[l - 1].chars().count() + 1,
                "{p} lies past its line"
            );
        }
    }
}

/// A misspelt legend entry is one problem: the units standing on its tiles are not also
/// reported as standing on some other terrain.
#[test]
fn validation_a_misspelt_legend_entry_is_reported_once() {
    let src = GOOD.replace("'.': \"grass\"", "'.': \"grasss\"");
    let ps = problems(&src);
    assert_eq!(find(&ps, "unknown terrain kind `grasss`").0, 3);
    assert_eq!(ps.len(), 1, "{ps:#?}");
}

#[test]
fn validation_duplicate_legend_character() {
    let src = GOOD.replace("'c': \"crates\"", "'.': \"crates\"");
    let ps = problems(&src);
    assert!(ps[0].message.contains("appears twice"), "{}", ps[0]);
    assert_eq!(ps[0].line, Some(3));
}

#[test]
fn validation_bad_dice_and_ranges() {
    let src = GOOD.replace(
        "sides: [",
        "weapons: { \"zap\": (kind: Ranged, hit: 1, damage: \"2x6\"), \"far\": (kind: Ranged, hit: 1, damage: \"1d6\", range: (10, 5)) },\n    sides: [",
    );
    let ps = problems(&src);
    find(&ps, "is not a dice expression");
    // Unused weapons are still checked.
    find(&ps, "needs `range");
    find(&ps, "long range 5 is shorter than normal range 10");
}

#[test]
fn validation_size_mismatch_colour_and_rules() {
    let src = GOOD
        .replace("legend:", "size: (5, 3),\n    legend:")
        .replace(
            "(name: \"Blue\")",
            "(name: \"Blue\", colour: \"blue\", controller: Ai)",
        )
        .replace("    units: [", "    rules: (ap_per_turn: 0),\n    units: [");
    let ps = problems(&src);
    find(&ps, "`size` says 5x3 but the map is 4x3");
    find(&ps, "colour `blue`");
    find(&ps, "ap_per_turn must be between 1");
}

#[test]
fn validation_duplicate_unit_names_and_unknown_sides() {
    let src = GOOD.replace(
        "(name: \"B\", side: \"Red\"",
        "(name: \"A\", side: \"Purple\"",
    );
    let ps = problems(&src);
    find(&ps, "the name `A` is already used");
    find(&ps, "unknown side `Purple`");
}

#[test]
fn validation_objective_problems() {
    let src = GOOD.replace(
        "    units: [",
        "    objectives: [HoldArea(side: \"Nobody\", tiles: [(1, 1)], rounds: 0)],\n    units: [",
    );
    let ps = problems(&src);
    find(&ps, "unknown side `Nobody`");
    find(&ps, "tile (1, 1) is off the map or impassable");
    find(&ps, "between 1 and 1000");
    // A Reach area asking more units than the side has can never be met.
    let src = GOOD.replace(
        "    units: [",
        "    objectives: [ReachArea(side: \"Red\", tiles: [(1, 1)], count: 9)],\n    units: [",
    );
    find(
        &problems(&src),
        "9 of Red's units must reach the area, but Red has",
    );
    // Numbered as the file has it: the objective of an unknown side before it still counts.
    let src = GOOD.replace(
        "    units: [",
        "    objectives: [Survive(side: \"Nobody\", rounds: 3), ReachArea(side: \"Red\", tiles: [(1, 1)], count: 9)],\n    units: [",
    );
    find(
        &problems(&src),
        "objective 2: 9 of Red's units must reach the area",
    );
}

/// A tutorial's steps (`tutorial:`): a misspelt condition or field is a RON problem at the
/// word; a tile off the map, an unknown unit and an unknown number in braces are located
/// at the step's value (the number at its `{`: the 9th character after the quote at column
/// 15). A level without the field is unchanged.
#[test]
fn validation_tutorial_steps_are_located() {
    let lesson = |steps: &str| {
        GOOD.replace(
            "    units: [",
            &format!("    tutorial: [\n{steps}\n    ],\n    units: ["),
        )
    };
    let good = lesson("        (say: \"Walk to the crates.\", until: MoveTo((3, 1))),");
    assert!(problems(&good).is_empty(), "{:#?}", problems(&good));
    let ps = problems(&lesson("        (say: \"Go.\", until: MoveTO((3, 1))),"));
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert_eq!(find(&ps, "Unexpected variant named `MoveTO`"), (11, 29));
    assert!(
        ps[0].message.contains("did you mean `MoveTo`?"),
        "{}",
        ps[0]
    );
    let ps = problems(&lesson(
        "        (say: \"Go.\", until: MoveTo((9, 1))),\n        (say: \"Face B.\", until: Face(\"Bb\")),\n        (say: \"Attack: {attack_pa} AP\", until: Attack, mark: (1, 1)),",
    ));
    assert_eq!(find(&ps, "step 1: tile (9, 1) is off the map"), (11, 29));
    assert_eq!(find(&ps, "step 2: no unit is named `Bb`"), (12, 33));
    assert_eq!(find(&ps, "step 3: `{attack_pa}`"), (13, 24));
    assert!(message(&ps, "attack_pa").contains("did you mean `attack_ap`?"));
    let ps = problems(&lesson("        (say: \"Go.\", untl: Win),"));
    assert_eq!(find(&ps, "Unexpected field named `untl`"), (11, 22));
    // Half cover's number is Core's: under another rulebook the prompt must write it out.
    let cover = "        (say: \"Cover gives +{cover}.\", until: Cover),";
    assert!(problems(&lesson(cover)).is_empty());
    let seed002 = lesson(cover).replace(
        "    units: [",
        "    rules: (preset: Seed002),\n    units: [",
    );
    let ps = problems(&seed002);
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert!(
        message(&ps, "{cover}").contains("a number of Core's rules, and this level plays Seed002")
    );
}

/// The message of the first problem that contains `needle`.
fn message(ps: &[Problem], needle: &str) -> String {
    ps.iter()
        .find(|p| p.message.contains(needle))
        .unwrap_or_else(|| panic!("no problem mentions `{needle}`: {ps:#?}"))
        .message
        .clone()
}

#[test]
fn validation_suggests_a_close_template() {
    let src = GOOD.replace("template: \"archer\"", "template: \"archre\"");
    let m = message(&problems(&src), "unknown template `archre`");
    assert!(
        m.contains(" (did you mean `archer`? known: archer, brute, "),
        "{m}"
    );
    let src = GOOD.replace("template: \"archer\"", "template: \"dragon\"");
    let m = message(&problems(&src), "unknown template `dragon`");
    assert!(
        m.contains(" (known: archer, brute, ") && !m.contains("did you mean"),
        "{m}"
    );
}

#[test]
fn validation_suggests_a_close_weapon() {
    let src = GOOD
        .replace(
            "sides: [",
            "weapons: { \"harpoon\": (kind: Ranged, damage: \"1d8\", range: (5, 10)) },\n    \
             templates: { \"captain\": (vitality: 20, evasion: 12, movement: 3, weapons: [\"maull\"]) },\n    sides: [",
        )
        .replace(
            "template: \"soldier\", pos: (0, 0))",
            "template: \"soldier\", pos: (0, 0), overrides: (weapons: [\"swrod\", \"harpon\", \"laser\"]))",
        )
        .replace("template: \"archer\"", "template: \"captain\"");
    let ps = problems(&src);
    assert_eq!(
        message(&ps, "`swrod`"),
        "unit `A`: unknown weapon `swrod` (did you mean `sword`?)"
    );
    assert_eq!(
        message(&ps, "`harpon`"),
        "unit `A`: unknown weapon `harpon` (did you mean `harpoon`?)"
    );
    assert_eq!(message(&ps, "`laser`"), "unit `A`: unknown weapon `laser`");
    assert_eq!(
        message(&ps, "`maull`"),
        "template `captain`: unknown weapon `maull` (did you mean `maul`?)"
    );
}

#[test]
fn validation_suggests_a_close_terrain_kind() {
    let src = GOOD
        .replace("'c': \"crates\"", "'c': \"crates+mudd\", 'r': \"reed\"")
        .replace("legend:", "terrain: { \"reeds\": (cost: 3) },\n    legend:");
    let ps = problems(&src);
    let m = message(&ps, "`mudd`");
    assert!(
        m.starts_with(
            "legend 'c': unknown terrain kind `mudd` (did you mean `mud`? known: chasm, "
        ),
        "{m}"
    );
    assert!(m.ends_with("; or define it in `terrain`)"), "{m}");
    let m = message(&ps, "`reed`");
    assert!(m.contains("(did you mean `reeds`? known: "), "{m}");
    let src = GOOD.replace("'c': \"crates\"", "'c': \"lava\"");
    let m = message(&problems(&src), "`lava`");
    assert!(
        m.contains("(known: chasm, ") && !m.contains("did you mean"),
        "{m}"
    );
}

#[test]
fn validation_suggests_a_close_side() {
    let src = GOOD
        .replace("side: \"Red\"", "side: \"Rde\"")
        .replace(
            "    units: [",
            "    objectives: [Survive(side: \"blue\", rounds: 2), Survive(side: \"Purple\", rounds: 2)],\n    units: [",
        );
    let ps = problems(&src);
    assert_eq!(
        message(&ps, "`Rde`"),
        "unit 1: unknown side `Rde` (did you mean `Red`? sides: Blue, Red)"
    );
    assert_eq!(
        message(&ps, "`blue`"),
        "objective 1: unknown side `blue` (did you mean `Blue`? sides: Blue, Red)"
    );
    assert_eq!(
        message(&ps, "`Purple`"),
        "objective 2: unknown side `Purple` (sides: Blue, Red)"
    );
}

#[test]
fn validation_empty_file_and_invalid_utf8() {
    let ps = problems("  \n ");
    assert!(ps[0].message.contains("empty"), "{}", ps[0]);
    let catalog = skirmish::paths::load_catalog();
    let mut bytes = b"(\n  name: \"x".to_vec();
    bytes.push(0xff);
    let ps = parse_level("bad.ron", &bytes, &catalog).unwrap_err();
    assert!(ps[0].message.contains("not valid UTF-8"), "{}", ps[0]);
    assert_eq!((ps[0].line, ps[0].col), (Some(2), Some(11)));
}

#[test]
fn validation_map_size_limit() {
    let row = ".".repeat(MAX_MAP_SIDE as usize + 1);
    let src = GOOD.replace(
        "\"....\",\n        \".#c.\",\n        \"....\",",
        &format!("\"{row}\","),
    );
    let ps = problems(&src);
    find(&ps, "largest allowed is 256x256");
}

#[test]
fn check_command_exits_zero_for_valid_levels_and_one_for_broken_ones() {
    let exe = env!("CARGO_BIN_EXE_skirmish");
    let dir = std::env::temp_dir().join(format!("skirmish-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.ron");
    let bad = dir.join("bad.ron");
    std::fs::write(&good, GOOD).unwrap();
    std::fs::write(
        &bad,
        GOOD.replace("pos: (3, 2)", "pos: (9, 2)")
            .replace("\".#c.\"", "\".#c?\""),
    )
    .unwrap();
    let out = Command::new(exe).arg("check").arg(&good).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("ok: \"Valid\": 4x3 map, 2 units"), "{text}");
    let out = Command::new(exe)
        .arg("check")
        .arg(&good)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("bad.ron:6:13: unknown terrain character '?'"),
        "{text}"
    );
    assert!(
        text.contains("bad.ron:12:59: unit `B` at (9, 2) is off the map"),
        "{text}"
    );
    let out = Command::new(exe).arg("check").output().unwrap();
    assert_eq!(out.status.code(), Some(2), "no files is a usage error");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn shipped_levels_are_all_valid() {
    let catalog = skirmish::paths::load_catalog();
    let files = skirmish::paths::level_files();
    assert!(files.len() >= 3, "at least three levels ship");
    let mut big = false;
    for f in files {
        let level = skirmish::level::load_level(&f, &catalog)
            .unwrap_or_else(|p| panic!("{}: {:#?}", f.display(), p));
        big |= level.grid.width >= 32 && level.grid.height >= 32;
    }
    assert!(big, "one shipped level is 32x32 or larger");
}

// ------------------------------------------------------------------- syntax positions

/// Where `skirmish` reports the first problem of a file, as `line:col`.
fn position(p: &Problem) -> String {
    format!("{}:{}", p.line.unwrap_or(0), p.col.unwrap_or(0))
}

/// A stray token on the line after an opening brace: RON stops reading at the end of the
/// line before it; the problem must point at the token itself.
const STRAY_IN_TERRAIN: &str = "(\n    name: \"Stray\",\n    terrain: {\n    7\n    },\n";

#[test]
fn syntax_problems_in_levels_point_at_the_first_character_the_parser_cannot_accept() {
    let p = problems(STRAY_IN_TERRAIN);
    assert_eq!(p.len(), 1);
    assert_eq!(position(&p[0]), "4:5", "{}", p[0]);
    assert!(p[0].message.starts_with("RON syntax"), "{}", p[0]);
    // Comments between the last good token and the bad one are skipped too.
    let p = problems("(\n    name: \"A\" // the name\n    /* a note */ seed: 1,\n)");
    assert_eq!(position(&p[0]), "3:18", "{}", p[0]);
    // An error at the token itself stays there.
    let p = problems("(\n    nmae: \"A\",\n)");
    assert_eq!(position(&p[0]), "2:5", "{}", p[0]);
}

#[test]
fn syntax_problems_in_templates_and_the_weapon_catalog_point_at_the_token() {
    use skirmish::level::catalog::Catalog;
    let template = "(\n    vitality: 10,\n    weapons: [\n    7\n    ],\n)";
    let p = Catalog::parse_template("assets/units/x.ron", template.as_bytes()).unwrap_err();
    assert_eq!(position(&p), "4:5", "{p}");
    let weapons = "{\n    \"sword\": (kind: Melee, damage: \"1d8\"),\n    7\n}";
    let p = Catalog::parse_weapons("assets/weapons.ron", weapons.as_bytes()).unwrap_err();
    assert_eq!(position(&p), "3:5", "{p}");
}

#[test]
fn syntax_problems_in_replays_point_at_the_token() {
    let dir = std::env::temp_dir().join(format!("skirmish-replay-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.ron");
    std::fs::write(
        &file,
        "(\n    level: \"levels/first_blood.ron\",\n    dice: Seed(1),\n    commands: [\n        EndTurn(unit: \"Bram\")\n        // then\n        EndTurn(unit: \"Snik\"),\n    ],\n)",
    )
    .unwrap();
    let problems = match skirmish::replay::load_replay(&file, skirmish::paths::cached_catalog()) {
        Ok(_) => panic!("the replay is broken"),
        Err(p) => p,
    };
    assert_eq!(position(&problems[0]), "7:9", "{}", problems[0]);
    std::fs::remove_dir_all(&dir).ok();
}

/// A side may be played by the computer: `Ai` (at Normal) or `Ai(level: …)`.
#[test]
fn a_side_may_be_played_by_the_computer() {
    use skirmish::level::schema::{AiLevel, Controller};
    for (written, controller) in [
        ("controller: Ai", Controller::Ai(AiLevel::Normal)),
        ("controller: Ai(level: Hard)", Controller::Ai(AiLevel::Hard)),
        ("controller: Ai(level: Easy)", Controller::Ai(AiLevel::Easy)),
        ("controller: Human", Controller::Human),
    ] {
        let src = GOOD.replace("(name: \"Red\")", &format!("(name: \"Red\", {written})"));
        let catalog = skirmish::paths::load_catalog();
        let level = parse_level("t.ron", src.as_bytes(), &catalog)
            .unwrap_or_else(|p| panic!("{written}: {p:?}"));
        assert_eq!(level.sides[1].controller, controller, "{written}");
    }
    let bad = GOOD.replace(
        "(name: \"Red\")",
        "(name: \"Red\", controller: Ai(level: Expert))",
    );
    let ps = problems(&bad);
    find(&ps, "`Ai(level: Easy | Normal | Hard)`");
}

#[test]
fn a_rulebook_no_registry_knows_is_named_where_the_level_names_it() {
    let src = GOOD.replace("sides: [", "rules: (preset: Seed009),\n    sides: [");
    let ps = problems(&src);
    assert_eq!(ps.len(), 1, "{ps:#?}");
    let at = find(&ps, "no rulebook is named `Seed009`");
    assert_eq!(at, (9, 21), "{}", ps[0]);
    assert!(ps[0].message.contains("Core, Seed000"), "{}", ps[0]);
}
