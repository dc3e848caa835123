//! The command line, through the built binary: generated help for every command (kept as
//! snapshots, the source of the README's command-line section), `--version`, the default
//! `play`, refusals of bad command lines (exit code 2, never a panic), output into a closed
//! pipe, and `autoplay`'s replay and window script.

use std::path::PathBuf;
use std::process::{Command, Output};

/// The built binary with `args`, run from the project root with no window (`play` shows
/// the battle as text).
fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_skirmish"));
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    c
}

fn skirmish(args: &[&str]) -> Output {
    command(args).output().expect("run skirmish")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh temporary folder for one test.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn every_command_has_help() {
    for (name, args) in [
        ("skirmish", &["--help"][..]),
        ("play", &["play", "--help"]),
        ("check", &["check", "--help"]),
        ("replay", &["replay", "--help"]),
        ("levels", &["levels", "--help"]),
        ("autoplay", &["autoplay", "--help"]),
        ("duel", &["duel", "--help"]),
        ("edit", &["edit", "--help"]),
    ] {
        let out = skirmish(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let help = stdout(&out);
        assert!(help.contains("Usage: skirmish"), "{args:?}: {help}");
        insta::assert_snapshot!(format!("help_{name}"), help);
    }
    // `help COMMAND` is the same as `COMMAND --help`.
    assert_eq!(
        stdout(&skirmish(&["help", "autoplay"])),
        stdout(&skirmish(&["autoplay", "--help"]))
    );
}

#[test]
fn help_names_every_option() {
    let play = stdout(&skirmish(&["play", "--help"]));
    for option in [
        "--screenshot <FILE>",
        "--frames <N>",
        "--script <FILE>",
        "[LEVEL]",
    ] {
        assert!(play.contains(option), "play --help lacks {option}: {play}");
    }
    let autoplay = stdout(&skirmish(&["autoplay", "--help"]));
    for option in [
        "--seed <N>",
        "--replay <FILE>",
        "--script <FILE>",
        "--max <N>",
        "<LEVEL>",
    ] {
        assert!(
            autoplay.contains(option),
            "autoplay --help lacks {option}: {autoplay}"
        );
    }
}

#[test]
fn the_editor_refuses_a_file_that_is_not_there_with_a_clear_message() {
    // A `.ron` file in a folder that exists is made by the editor; one elsewhere is not.
    let out = skirmish(&["edit", "no_such_folder/level.ron"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(
        stderr(&out).trim(),
        "skirmish edit: cannot open `no_such_folder/level.ron`: no such file, and no level can be made there (a `.ron` file in a folder that exists)"
    );
    let out = skirmish(&["edit", "levels"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("it is a folder"), "{}", stderr(&out));
}

#[test]
fn version_prints_the_crate_version() {
    let out = skirmish(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out).trim(),
        format!("skirmish {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn bad_command_lines_are_refused_with_exit_code_2() {
    for (args, says) in [
        (
            &["autoplay", "a.ron", "b.ron"][..],
            "unexpected argument 'b.ron'",
        ),
        (&["autoplay"], "<LEVEL>"),
        (&["autoplay", "a.ron", "--seed", "x"], "invalid value 'x'"),
        (&["autoplay", "a.ron", "--max"], "a value is required"),
        (&["check"], "<FILE>..."),
        (&["replay", "a.ron", "b.ron"], "unexpected argument 'b.ron'"),
        (&["play", "a.ron", "b.ron"], "unexpected argument 'b.ron'"),
        (
            &["play", "--frames", "many"],
            "invalid value 'many' for '--frames <N>'",
        ),
        (
            &["levels/a.ron", "levels/b.ron"],
            "unexpected argument 'levels/b.ron'",
        ),
        (&["chekc", "a.ron"], "a similar subcommand exists: 'check'"),
        (
            &["duel", "a.ron", "--blue", "expert", "--red", "hard"],
            "no player `expert` (greedy, easy, normal or hard)",
        ),
        (&["duel", "a.ron", "--blue", "hard"], "--red <PLAYER>"),
        (
            &["play", "a.ron", "--ai", "Red:expert"],
            "no computer level `expert` (easy, normal or hard)",
        ),
        (
            &["play", "a.ron", "--window-size", "1920"],
            "`1920` is not a window size such as 1920x1080",
        ),
        (
            &["play", "a.ron", "--window-size", "100x100"],
            "`100x100` is not a window size such as 1920x1080",
        ),
        (
            &["--screenshoot", "x.png"],
            "similar argument exists: '--screenshot'",
        ),
    ] {
        let out = skirmish(args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?} does not say {says:?}: {err}");
        assert!(err.contains("try '--help'"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn without_a_command_skirmish_plays() {
    // No display: the level and the opening of the battle as text.
    let out = skirmish(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("First Blood\n"),
        "{}",
        stdout(&out)
    );
    let out = skirmish(&["levels/ambush.ron"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        stdout(&skirmish(&["play", "levels/ambush.ron"]))
    );
    let out = skirmish(&["levels/no_such_level.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("levels/no_such_level.ron"));
}

#[test]
fn autoplay_writes_a_replay_that_plays_the_same_battle() {
    let dir = temp_dir("autoplay");
    let replay = dir.join("battle.ron");
    let out = skirmish(&[
        "autoplay",
        "levels/first_blood.ron",
        "--seed",
        "3",
        "--replay",
        replay.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let summary = stdout(&out);
    assert!(summary.contains("outcome: Some(Victory"), "{summary}");
    let loaded = skirmish::replay::load_replay(&replay, skirmish::paths::cached_catalog())
        .unwrap_or_else(|p| panic!("{p:?}"));
    assert!(loaded.replay.level_policies);
    assert_eq!(loaded.replay.level, "levels/first_blood.ron");
    let events = skirmish::replay::run(&loaded);
    assert!(matches!(
        events.last(),
        Some(skirmish::battle::BattleEvent::BattleEnded(_))
    ));
    std::fs::remove_dir_all(&dir).ok();
}

/// The script drives the window test `tests/window/run.sh`, which moves its screenshot with
/// `sed 's|Shot("out/victory.png")|…|'`.
#[cfg(feature = "window")]
#[test]
fn autoplay_writes_a_window_script_of_steps() {
    use skirmish::game::script::{Step, read_script};
    let dir = temp_dir("script");
    let script = dir.join("playthrough.ron");
    let out = skirmish(&[
        "autoplay",
        "levels/first_blood.ron",
        "--script",
        script.to_str().expect("a UTF-8 path"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = std::fs::read_to_string(&script).expect("the script");
    assert!(
        text.lines()
            .any(|l| l.trim() == "Shot(\"out/victory.png\"),"),
        "{text}"
    );
    let steps = read_script(&script).expect("a readable script");
    assert_eq!(steps.first(), Some(&Step::Wait(20)));
    assert_eq!(steps.last(), Some(&Step::Exit));
    assert!(steps.contains(&Step::Button("End Turn".into())));
    assert!(
        steps.contains(&Step::ExpectWinner("Blue".into()))
            || steps.contains(&Step::ExpectWinner("Red".into()))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(not(feature = "window"))]
#[test]
fn autoplay_script_needs_the_window() {
    let out = skirmish(&["autoplay", "levels/first_blood.ron", "--script", "x.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no window"), "{}", stderr(&out));
    assert!(
        !std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("x.ron")
            .exists()
    );
}

/// `duel` plays both seat assignments on each level and prints the table.
#[test]
fn duel_prints_wins_draws_rounds_and_an_interval() {
    let out = skirmish(&[
        "duel",
        "levels/first_blood.ron",
        "levels/the_ford.ron",
        "--blue",
        "normal",
        "--red",
        "greedy",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("normal wins")
            && lines[0].contains("greedy wins")
            && lines[0].contains("first side (95%)")
            && lines[0].ends_with("band verdict"),
        "{text}"
    );
    assert!(lines[1].starts_with("levels/first_blood.ron"), "{text}");
    assert!(lines[2].starts_with("levels/the_ford.ron"), "{text}");
    // Neither level names its balance: each is held to 50% ± 10 points.
    for row in &lines[1..3] {
        assert!(
            row.ends_with("40–60% ok") || row.ends_with("40–60% OUT"),
            "{text}"
        );
    }
    assert!(lines[3].starts_with("all 4 games: normal "), "{text}");
    assert!(text.contains("95% interval"), "{text}");
}

/// One player on both seats: the columns say which option gave each, and the last line
/// gives the levels' first side's share, not the player's share against itself.
#[test]
fn duel_of_a_player_against_itself_gives_the_first_sides_share() {
    let out = skirmish(&[
        "duel",
        "levels/first_blood.ron",
        "--blue",
        "greedy",
        "--red",
        "greedy",
        "--games",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains("greedy (blue) wins") && lines[0].contains("greedy (red) wins"),
        "{text}"
    );
    let last = lines.last().copied().unwrap_or_default();
    assert!(
        last.starts_with("greedy against itself: the levels' first side won ")
            && last.contains("of all 2 games, a draw counting half (95% interval"),
        "{text}"
    );
    assert!(!text.contains("decided games"), "{text}");
}

/// `duel --each` lists every game under its level, in the levels' order whatever thread
/// played them, and the tallies agree with the list.
#[test]
fn duel_each_lists_every_game_under_its_level() {
    let out = skirmish(&[
        "duel",
        "levels/the_ford.ron",
        "levels/first_blood.ron",
        "levels/brawl.ron",
        "--blue",
        "hard",
        "--red",
        "greedy",
        "--games",
        "4",
        "--seed",
        "7",
        "--each",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let levels: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("levels/"))
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert_eq!(
        levels,
        [
            "levels/the_ford.ron",
            "levels/first_blood.ron",
            "levels/brawl.ron"
        ],
        "{text}"
    );
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(games.len(), 12, "{text}");
    assert!(
        games[0].starts_with("  levels/the_ford.ron seed 7: hard played the first side; "),
        "{text}"
    );
    assert!(
        games[1].contains("seed 7: greedy played the first side"),
        "{text}"
    );
    assert!(
        games[3].contains("seed 8: greedy played the first side"),
        "{text}"
    );
    let hard_won = games.iter().filter(|g| g.contains("hard won (")).count();
    assert!(
        text.contains(&format!("all 12 games: hard {hard_won} wins")),
        "{text}"
    );
    // Each level's row: the share of its games the first side won, a draw counting half,
    // and whether it lies in the level's band (50% ± 10 points: none names its balance).
    for level in ["the_ford", "first_blood", "brawl"] {
        let mine: Vec<&&str> = games.iter().filter(|g| g.contains(level)).collect();
        let first = mine
            .iter()
            .filter(|g| g.ends_with("(the first side)"))
            .count();
        let draws = mine.iter().filter(|g| g.ends_with("a draw")).count();
        let row = text
            .lines()
            .find(|l| l.starts_with(&format!("levels/{level}.ron")))
            .unwrap_or_default();
        let p = 100.0 * (first as f64 + draws as f64 / 2.0) / mine.len() as f64;
        let verdict = if (40.0..=60.0).contains(&p) {
            "ok"
        } else {
            "OUT"
        };
        let share = format!("{p:.1}% (");
        assert!(row.contains(&share), "{level}: {share} in {row:?}\n{text}");
        assert!(row.ends_with(&format!("40–60% {verdict}")), "{row:?}");
    }
}

/// A side `--ai` names must be one of the level's.
#[test]
fn play_refuses_an_ai_side_the_level_lacks() {
    let out = skirmish(&["play", "levels/first_blood.ron", "--ai", "Purple"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("has no side named `Purple` (its sides: Blue, Red)"),
        "{}",
        stderr(&out)
    );
}

/// A reader that stops early (`skirmish replay FILE | head`) ends the program quietly: no
/// panic about a broken pipe, and the status of a program the closed pipe stopped (141).
#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    use std::process::Stdio;
    for args in [
        &["replay", "replays/first_blood_battle.ron"][..],
        &["levels"][..],
    ] {
        let mut child = command(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("skirmish starts");
        // Close the reading end before the first line is written.
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("skirmish ends");
        assert_eq!(out.status.code(), Some(141), "{args:?}");
        assert!(
            !stderr(&out).contains("panicked"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}
