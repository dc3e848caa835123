//! The command line: `play` (also the default), `check`, `replay`, `levels`, `autoplay`,
//! `edit` and `duel`, parsed by clap from the definitions below, which also make `--help`
//! and `--version`.

/// `println!` for the command line's output: when the reader has gone (`skirmish replay
/// FILE | head`), the program ends quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say_line(format_args!($($arg)*))
    };
}

mod autoplay;
pub mod duel;

use crate::battle::describe::{Wording, describe_in};
use crate::level::problem::Problem;
use crate::level::schema::AiLevel;
use crate::level::{Level, load_level};
use crate::paths;
use crate::replay::{load_replay, run};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use autoplay::AutoplayArgs;
pub use duel::DuelArgs;

/// Turn-based tactical grid battles: hot-seat play, RON levels, a headless rules core.
///
/// Without a command, skirmish plays: `skirmish` opens the title screen (play against the
/// computer or two players, then pick a level) and `skirmish LEVEL` goes straight into that
/// level's battle, as `skirmish play` does.
#[derive(Debug, Parser)]
#[command(
    name = "skirmish",
    version,
    override_usage = "skirmish [play] [OPTIONS] [LEVEL]\n       skirmish <COMMAND>"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the game on a level (the default command)
    ///
    /// Without a display (neither DISPLAY nor WAYLAND_DISPLAY set, or a build without the
    /// window) the level and the opening of the battle are printed as text instead.
    Play(PlayArgs),
    /// Validate level files
    ///
    /// Print every problem as file:line:column and a one-line summary for each valid
    /// level; exit 1 if any level has a problem.
    Check(CheckArgs),
    /// Run a replay headless and print its event log
    ///
    /// One event per line, in RON; two runs print the same bytes.
    Replay(ReplayArgs),
    /// List the levels in levels/ with their descriptions
    Levels,
    /// Let the computer play both sides of a level
    ///
    /// Save the battle as a replay and as a mouse-only input script for `play --script`
    /// (window tests). A developer tool for demos, benchmarks and window tests.
    Autoplay(AutoplayArgs),
    /// Open the level editor on a level file
    ///
    /// Paint terrain, place units, check the level as you go, playtest it (F5) and save
    /// it (Ctrl+S) with only the lines you changed rewritten. Without a file, the editor
    /// opens on its dialog: a level of levels/, or a new one.
    Edit(EditArgs),
    /// Two computer players fight levels headless; print wins, draws and rounds
    ///
    /// N games a level, the seats swapped every other game (a pair shares its dice seed),
    /// with a 95% interval for the first player's share of the decided games. Players:
    /// greedy (the baseline), easy, normal, hard.
    Duel(DuelArgs),
}

/// Options of `play`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct PlayArgs {
    /// The level file; without one, the title screen opens, over a backdrop of levels/first_blood.ron's map
    #[arg(value_name = "LEVEL")]
    pub level: Option<PathBuf>,
    /// Render a few frames, save a PNG to FILE and exit (a preview for level designers)
    #[arg(long, value_name = "FILE")]
    pub screenshot: Option<PathBuf>,
    /// Frames rendered before the --screenshot is taken [default: 30]
    #[arg(long, value_name = "N")]
    pub frames: Option<u32>,
    /// Play a RON list of input steps (window tests; see the README)
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// The computer plays SIDE (at LEVEL: easy, normal or hard; default normal), whatever
    /// the level says; give it once per side
    #[arg(long = "ai", value_name = "SIDE[:LEVEL]", value_parser = parse_ai_seat)]
    pub ai: Vec<AiSeat>,
    /// Measure N frames once the battle is on screen: print the mean, 95th percentile and
    /// most CPU time of each frame's main schedule (rendering excluded), then quit
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub frame_stats: Option<u32>,
    /// The window's size at start, in logical pixels [default: 1280x720]
    #[arg(long, value_name = "WxH", value_parser = parse_window_size)]
    pub window_size: Option<(u32, u32)>,
}

/// `1920x1080`: a window size, each side from 320 to 8192.
fn parse_window_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{s}` is not a window size such as 1920x1080 (each side 320 to 8192)");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let side = |v: &str| {
        v.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (320..=8192).contains(n))
    };
    Ok((side(w).ok_or_else(bad)?, side(h).ok_or_else(bad)?))
}

/// A side the command line gives to the computer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AiSeat {
    pub side: String,
    pub level: AiLevel,
}

/// `Red` or `Red:hard`.
fn parse_ai_seat(s: &str) -> Result<AiSeat, String> {
    let (side, level) = match s.split_once(':') {
        Some((side, level)) => (
            side,
            AiLevel::named(level)
                .ok_or_else(|| format!("no computer level `{level}` (easy, normal or hard)"))?,
        ),
        None => (s, AiLevel::default()),
    };
    if side.trim().is_empty() {
        return Err("name the side, as in `--ai Red` or `--ai Red:hard`".into());
    }
    Ok(AiSeat {
        side: side.to_string(),
        level,
    })
}

/// Options of `check`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct CheckArgs {
    /// Level files to validate
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// Options of `edit`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct EditArgs {
    /// The level file to edit; without one, the editor's dialog opens
    #[arg(value_name = "LEVEL")]
    pub level: Option<PathBuf>,
    /// Play a RON list of input steps (window tests; see the README)
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// The window's size at start, in logical pixels [default: 1280x720]
    #[arg(long, value_name = "WxH", value_parser = parse_window_size)]
    pub window_size: Option<(u32, u32)>,
}

/// Options of `replay`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct ReplayArgs {
    /// The replay file
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print the log as the combat log reads instead of as RON
    #[arg(long)]
    pub text: bool,
}

/// Run the command line; `args` excludes the program name. A command line that cannot be
/// understood is explained on stderr with exit code 2; `--help` and `--version` exit 0.
pub fn main<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    match parse(args) {
        Ok(cli) => cli.run(),
        Err(e) => {
            // Printing fails only if stdout or stderr is closed; nothing to tell then.
            let _ = e.print();
            ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
        }
    }
}

/// Parse a command line (without the program name), `play` being the default command.
pub fn parse<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString>,
{
    let mut args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    if !names_a_command(args.first()) {
        args.insert(0, "play".into());
    }
    Cli::try_parse_from(std::iter::once(OsString::from("skirmish")).chain(args))
}

/// Whether the first argument is for the top level: a command (or a misspelling of one,
/// which clap then explains), `help`, `--help` or `--version`. Anything else is `play`'s:
/// a level or a `play` option.
fn names_a_command(first: Option<&OsString>) -> bool {
    let Some(first) = first.and_then(|a| a.to_str()) else {
        return false;
    };
    if first.starts_with('-') {
        return matches!(first, "-h" | "--help" | "-V" | "--version");
    }
    let cli = <Cli as clap::CommandFactory>::command();
    let commands: Vec<&str> = cli
        .get_subcommands()
        .map(|c| c.get_name())
        .chain(["help"])
        .collect();
    commands.contains(&first)
        || (!Path::new(first).exists()
            && Path::new(first).extension().is_none()
            && crate::level::suggest::closest(first, commands.iter().copied()).is_some())
}

impl Cli {
    /// Do what the command line says.
    pub fn run(self) -> ExitCode {
        match self.command {
            Command::Play(o) => play(o),
            Command::Check(o) => check(&o.files),
            Command::Replay(o) => replay(&o),
            Command::Levels => levels(),
            Command::Autoplay(o) => autoplay::autoplay(&o),
            Command::Edit(o) => edit(o),
            Command::Duel(o) => duel::duel(&o),
        }
    }
}

/// Print every problem on stderr; exit code 1.
fn refuse(problems: &[Problem]) -> ExitCode {
    for p in problems {
        eprintln!("{p}");
    }
    ExitCode::FAILURE
}

/// Read and validate a level against the shared catalog; on problems, print them and
/// give the exit code.
fn load_or_refuse(path: &Path) -> Result<Level, ExitCode> {
    load_level(path, &paths::load_catalog()).map_err(|problems| refuse(&problems))
}

fn check(files: &[PathBuf]) -> ExitCode {
    let catalog = paths::load_catalog();
    let mut failed = 0;
    for f in files {
        match load_level(f, &catalog) {
            Ok(level) => {
                say!("{}: ok: {}", f.display(), level.summary());
                for w in &level.warnings {
                    say!("{}: warning: {w}", f.display());
                }
            }
            Err(problems) => {
                failed += 1;
                for p in &problems {
                    say!("{p}");
                }
                say!(
                    "{}: {} problem{}",
                    f.display(),
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" }
                );
            }
        }
    }
    if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn replay(o: &ReplayArgs) -> ExitCode {
    let loaded = match load_replay(&o.file, &paths::load_catalog()) {
        Ok(loaded) => loaded,
        Err(problems) => return refuse(&problems),
    };
    let wording = Wording::of(&loaded.level.rules);
    for ev in run(&loaded) {
        if o.text {
            say!("{}", describe_in(&ev, wording));
        } else {
            say!("{}", ev.to_ron());
        }
    }
    ExitCode::SUCCESS
}

fn levels() -> ExitCode {
    let catalog = paths::load_catalog();
    for f in paths::level_files() {
        match load_level(&f, &catalog) {
            Ok(l) => {
                let book = l.rules.rulebook.book();
                say!(
                    "{}\n    {}\n    {}\n    {} ({}): {}\n",
                    paths::display(&f),
                    l.name,
                    l.description,
                    book.title(),
                    book.name(),
                    book.summary()
                )
            }
            Err(p) => say!(
                "{}\n    (not playable: {} problem(s))\n",
                paths::display(&f),
                p.len()
            ),
        }
    }
    ExitCode::SUCCESS
}

fn play(o: PlayArgs) -> ExitCode {
    let level = o
        .level
        .clone()
        .unwrap_or_else(|| paths::project_root().join(paths::DEFAULT_LEVEL));
    if let Err(code) = check_ai_sides(&level, &o.ai) {
        return code;
    }
    #[cfg(feature = "window")]
    {
        let display = ["DISPLAY", "WAYLAND_DISPLAY"]
            .iter()
            .any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()));
        if display {
            // The front door, unless a level is named or the run only measures.
            let title = o.level.is_none() && o.screenshot.is_none() && o.frame_stats.is_none();
            return crate::game::run(crate::game::GameOptions {
                level,
                screenshot: o.screenshot,
                frames: o.frames,
                script: o.script,
                ai: o.ai.into_iter().map(|a| (a.side, a.level)).collect(),
                frame_stats: o.frame_stats,
                title,
                window_size: o.window_size,
                edit: false,
            });
        }
        eprintln!(
            "skirmish: no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window; \
             here is the battle as text. Run it under a desktop session or `xvfb-run` to play."
        );
    }
    text_play(&level)
}

/// Open the level editor; a level named must be a file (a broken one opens to its
/// problems), or a `.ron` file not there yet in a folder that is (the editor makes it).
/// The editor needs a window.
fn edit(o: EditArgs) -> ExitCode {
    if let Some(level) = &o.level
        && !level.is_file()
        && !crate::editor::save::can_be_made(level)
    {
        let why = if level.is_dir() {
            "it is a folder"
        } else {
            "no such file, and no level can be made there (a `.ron` file in a folder that exists)"
        };
        eprintln!("skirmish edit: cannot open `{}`: {why}", level.display());
        return ExitCode::FAILURE;
    }
    #[cfg(feature = "window")]
    {
        let display = ["DISPLAY", "WAYLAND_DISPLAY"]
            .iter()
            .any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()));
        if display {
            return crate::game::run(crate::game::GameOptions {
                level: (o.level.clone())
                    .unwrap_or_else(|| paths::project_root().join(paths::DEFAULT_LEVEL)),
                script: o.script,
                window_size: o.window_size,
                title: o.level.is_none(),
                edit: true,
                ..Default::default()
            });
        }
    }
    eprintln!(
        "skirmish edit: the level editor needs a window (DISPLAY or WAYLAND_DISPLAY, and a build \
         with the `window` feature); `skirmish check LEVEL` checks a level without one"
    );
    ExitCode::FAILURE
}

/// Every side named by `--ai` is a side of the level.
fn check_ai_sides(level: &Path, seats: &[AiSeat]) -> Result<(), ExitCode> {
    if seats.is_empty() {
        return Ok(());
    }
    let l = load_or_refuse(level)?;
    let names: Vec<&str> = l.sides.iter().map(|s| s.name.as_str()).collect();
    for seat in seats {
        if !names.contains(&seat.side.as_str()) {
            eprintln!(
                "skirmish: --ai {}: `{}` has no side named `{}` (its sides: {})",
                seat.side,
                level.display(),
                seat.side,
                names.join(", ")
            );
            return Err(ExitCode::from(2));
        }
    }
    Ok(())
}

/// Without a window: show the level, the opening of the battle and the map as text.
fn text_play(level: &Path) -> ExitCode {
    use crate::battle::headless::Headless;
    use crate::battle::setup::BattleSetup;
    use crate::rules::dice::DiceSource;
    let l = match load_or_refuse(level) {
        Ok(l) => l,
        Err(code) => return code,
    };
    say!("{}\n{}\n", l.name, l.description);
    let seed = l.seed.unwrap_or(1);
    let mut h = Headless::new(BattleSetup::new(l.clone(), DiceSource::Seed(seed)));
    for ev in h.log() {
        say!("{}", describe_in(ev, Wording::of(&l.rules)));
    }
    say!("\n{}", text_map(&l, &h.snapshot()));
    ExitCode::SUCCESS
}

/// The map as characters, with each combatant shown by the first letter of its name
/// (upper case for the first side, lower case for the others).
pub fn text_map(level: &Level, snap: &crate::battle::snapshot::Snapshot) -> String {
    let g = &level.grid;
    let mut out = String::new();
    for y in 0..g.height as i32 {
        for x in 0..g.width as i32 {
            let p = crate::rules::grid::Pos::new(x, y);
            let c = match snap.at(p) {
                Some(u) => {
                    let first = u.name.chars().next().unwrap_or('?');
                    if u.side == 0 {
                        first.to_ascii_uppercase()
                    } else {
                        first.to_ascii_lowercase()
                    }
                }
                None => g.kind(p).map(|k| k.symbol).unwrap_or(' '),
            };
            out.push(c);
        }
        out.push('\n');
    }
    let units: Vec<String> = snap
        .units
        .iter()
        .map(|u| format!("{} ({}) at {}", u.name, level.sides[u.side].name, u.pos))
        .collect();
    out.push_str(&units.join(", "));
    out
}

/// The exit status of a program stopped by a closed pipe (128 + SIGPIPE's 13), as a shell
/// reports one the signal ends: a script that checks the pipe's status (`set -o pipefail`)
/// learns that the output was cut short, say before `check` reached every file.
const CLOSED_PIPE_EXIT: i32 = 141;

/// Write one line to standard output (see `say!`). A closed pipe ends the program at once,
/// quietly, with `CLOSED_PIPE_EXIT`. Any other failure is reported on standard error, and
/// the program goes on.
pub(crate) fn say_line(line: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{line}") {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE_EXIT);
        }
        eprintln!("skirmish: cannot write to standard output: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    fn play_args(args: &[&str]) -> PlayArgs {
        match parse(args).expect("parses").command {
            Command::Play(o) => o,
            other => panic!("{args:?} is {other:?}"),
        }
    }

    #[test]
    fn ai_names_a_side_and_its_level() {
        let o = play_args(&["a.ron", "--ai", "Red", "--ai", "Blue:HARD"]);
        let seats: Vec<(&str, AiLevel)> = o.ai.iter().map(|a| (a.side.as_str(), a.level)).collect();
        assert_eq!(seats, [("Red", AiLevel::Normal), ("Blue", AiLevel::Hard)]);
        let e = parse(["a.ron", "--ai", "Red:expert"]).expect_err("no such level");
        assert!(
            e.to_string()
                .contains("no computer level `expert` (easy, normal or hard)"),
            "{e}"
        );
        assert!(parse(["a.ron", "--ai", ":hard"]).is_err());
    }

    #[test]
    fn play_is_the_default_command() {
        let o = play_args(&["levels/ambush.ron", "--frames", "3"]);
        assert_eq!(o.level, Some(PathBuf::from("levels/ambush.ron")));
        assert_eq!(o.frames, Some(3));
        assert_eq!(play_args(&[]), PlayArgs::default());
        let o = play_args(&["--screenshot", "x.png"]);
        assert_eq!(o.screenshot, Some(PathBuf::from("x.png")));
        assert_eq!(play_args(&["play", "a.ron"]), play_args(&["a.ron"]));
        assert!(matches!(
            parse(["levels"]).expect("parses").command,
            Command::Levels
        ));
    }

    #[test]
    fn bad_command_lines_are_refused_with_exit_code_2() {
        for args in [
            &["autoplay", "a.ron", "b.ron"][..],
            &["autoplay"],
            &["check"],
            &["replay", "a.ron", "b.ron"],
            &["play", "a.ron", "b.ron"],
            &["play", "--frames", "many"],
            &["a.ron", "b.ron"],
            &["chekc", "a.ron"],
            &["--bogus"],
        ] {
            let e = parse(args).expect_err(&format!("{args:?} parses"));
            assert_eq!(e.exit_code(), 2, "{args:?}: {e}");
        }
    }
}
