//! The command line: `play`, `check`, `replay` and `levels`.

use crate::battle::describe::describe;
use crate::level::load_level;
use crate::paths;
use crate::replay::{load_replay, run};
use std::path::PathBuf;
use std::process::ExitCode;

pub const USAGE: &str = "\
skirmish -- turn-based tactical grid battles

USAGE:
    skirmish [play] [LEVEL] [--screenshot FILE] [--frames N]
        Open the game on LEVEL (default: levels/first_blood.ron). With --screenshot,
        render N frames (default 30), save a PNG to FILE and exit.
    skirmish check FILE...
        Validate level files: print every problem as file:line:column and exit 1 if
        there are any; print a one-line summary for each valid level.
    skirmish replay FILE [--text]
        Run a replay headless and print its event log (RON, one event per line; --text
        prints it as the combat log reads).
    skirmish levels
        List the levels in levels/ with their descriptions.
    skirmish autoplay LEVEL [--seed N] [--replay FILE] [--script FILE]
        Let the computer play both sides; save the battle as a replay and as a
        mouse-only input script for `play --script` (window tests).
    skirmish help
        Show this help.
";

/// Options of `play`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    pub level: Option<PathBuf>,
    pub screenshot: Option<PathBuf>,
    pub frames: Option<u32>,
    /// A file of scripted input for window tests.
    pub script: Option<PathBuf>,
}

fn usage_error(msg: &str) -> ExitCode {
    eprintln!("skirmish: {msg}\n\n{USAGE}");
    ExitCode::from(2)
}

/// Parse `play`'s arguments.
pub fn parse_play(args: &[String]) -> Result<PlayOptions, String> {
    let mut o = PlayOptions::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let mut value = |name: &str| -> Result<String, String> {
            i += 1;
            args.get(i)
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match a.as_str() {
            "--screenshot" => o.screenshot = Some(PathBuf::from(value("--screenshot")?)),
            "--script" => o.script = Some(PathBuf::from(value("--script")?)),
            "--frames" => {
                let v = value("--frames")?;
                o.frames = Some(
                    v.parse()
                        .map_err(|_| format!("--frames needs a number, not `{v}`"))?,
                );
            }
            s if s.starts_with("--") => return Err(format!("unknown option `{s}`")),
            s => {
                if o.level.is_some() {
                    return Err(format!(
                        "only one level may be played at a time (extra: `{s}`)"
                    ));
                }
                o.level = Some(PathBuf::from(s));
            }
        }
        i += 1;
    }
    Ok(o)
}

/// Run the command line; `args` excludes the program name.
pub fn main(args: Vec<String>) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("check") => check(&args[1..]),
        Some("replay") => replay(&args[1..]),
        Some("levels") => levels(),
        Some("autoplay") => autoplay(&args[1..]),
        Some("play") => match parse_play(&args[1..]) {
            Ok(o) => play(o),
            Err(e) => usage_error(&e),
        },
        _ => match parse_play(&args) {
            Ok(o) => play(o),
            Err(e) => usage_error(&e),
        },
    }
}

fn check(files: &[String]) -> ExitCode {
    if files.is_empty() {
        return usage_error("check needs at least one level file");
    }
    let catalog = paths::load_catalog();
    let mut failed = 0;
    for f in files {
        match load_level(&PathBuf::from(f), &catalog) {
            Ok(level) => println!("{f}: ok: {}", level.summary()),
            Err(problems) => {
                failed += 1;
                for p in &problems {
                    println!("{p}");
                }
                println!(
                    "{f}: {} problem{}",
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

fn replay(args: &[String]) -> ExitCode {
    let mut text = false;
    let mut file = None;
    for a in args {
        match a.as_str() {
            "--text" => text = true,
            s if s.starts_with("--") => return usage_error(&format!("unknown option `{s}`")),
            s if file.is_none() => file = Some(PathBuf::from(s)),
            s => return usage_error(&format!("replay takes one file (extra: `{s}`)")),
        }
    }
    let Some(file) = file else {
        return usage_error("replay needs a replay file");
    };
    let catalog = paths::load_catalog();
    match load_replay(&file, &catalog) {
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            ExitCode::FAILURE
        }
        Ok(loaded) => {
            for ev in run(&loaded) {
                if text {
                    println!("{}", describe(&ev));
                } else {
                    println!("{}", ev.to_ron());
                }
            }
            ExitCode::SUCCESS
        }
    }
}

fn levels() -> ExitCode {
    let catalog = paths::load_catalog();
    for f in paths::level_files() {
        match load_level(&f, &catalog) {
            Ok(l) => println!(
                "{}\n    {}\n    {}\n",
                paths::display(&f),
                l.name,
                l.description
            ),
            Err(p) => println!(
                "{}\n    (not playable: {} problem(s))\n",
                paths::display(&f),
                p.len()
            ),
        }
    }
    ExitCode::SUCCESS
}

fn play(o: PlayOptions) -> ExitCode {
    let level = o
        .level
        .clone()
        .unwrap_or_else(|| paths::project_root().join(paths::DEFAULT_LEVEL));
    #[cfg(feature = "window")]
    {
        let display = ["DISPLAY", "WAYLAND_DISPLAY"]
            .iter()
            .any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()));
        if display {
            return crate::game::run(level, o);
        }
        eprintln!(
            "skirmish: no display (neither DISPLAY nor WAYLAND_DISPLAY is set), so no window; \
             here is the battle as text. Run it under a desktop session or `xvfb-run` to play."
        );
    }
    text_play(&level)
}

/// Without a window: show the level, the opening of the battle and the map as text.
fn text_play(level: &std::path::Path) -> ExitCode {
    use crate::battle::headless::Headless;
    use crate::battle::setup::BattleSetup;
    use crate::rules::dice::DiceSource;
    let catalog = paths::load_catalog();
    match load_level(level, &catalog) {
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            ExitCode::FAILURE
        }
        Ok(l) => {
            println!("{}\n{}\n", l.name, l.description);
            let seed = l.seed.unwrap_or(1);
            let mut h = Headless::new(BattleSetup::new(l.clone(), DiceSource::Seed(seed)));
            for ev in h.log() {
                println!("{}", describe(ev));
            }
            println!("\n{}", text_map(&l, &h.snapshot()));
            ExitCode::SUCCESS
        }
    }
}

/// The map as characters, with each combatant shown by the first letter of its name
/// (upper case for the first side, lower case for the others).
pub fn text_map(level: &crate::level::Level, snap: &crate::battle::snapshot::Snapshot) -> String {
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

/// `skirmish autoplay LEVEL [--seed N] [--replay FILE] [--script FILE] [--max N]`: let the
/// computer play both sides; write the battle as a replay and as a mouse-only window-test
/// script. A developer tool for demos, benchmarks and window tests.
fn autoplay(args: &[String]) -> ExitCode {
    use crate::battle::headless::Headless;
    use crate::battle::setup::BattleSetup;
    use crate::rules::dice::DiceSource;
    let mut level = None;
    let (mut seed, mut replay_out, mut script_out, mut max) = (None, None, None, 5000usize);
    let mut i = 0;
    while i < args.len() {
        let value = |name: &str| match args.get(i + 1) {
            Some(v) if !v.starts_with("--") => Ok(v.clone()),
            _ => Err(format!("{name} needs a value")),
        };
        let number = |name: &str| {
            let v = value(name)?;
            v.parse::<u64>()
                .map_err(|_| format!("{name} needs a whole number, not `{v}`"))
        };
        let parsed: Result<(), String> = match args[i].as_str() {
            "--seed" => number("--seed").map(|n| seed = Some(n)),
            "--replay" => value("--replay").map(|v| replay_out = Some(PathBuf::from(v))),
            "--script" => value("--script").map(|v| script_out = Some(PathBuf::from(v))),
            "--max" => number("--max").map(|n| max = n as usize),
            s if s.starts_with("--") => Err(format!("unknown option `{s}`")),
            s => {
                level = Some(PathBuf::from(s));
                i += 1;
                continue;
            }
        };
        if let Err(e) = parsed {
            return usage_error(&e);
        }
        i += 2;
    }
    let Some(level_path) = level else {
        return usage_error("autoplay needs a level file");
    };
    let catalog = paths::load_catalog();
    let level = match load_level(&level_path, &catalog) {
        Ok(l) => l,
        Err(problems) => {
            for p in problems {
                eprintln!("{p}");
            }
            return ExitCode::FAILURE;
        }
    };
    let seed = seed.or(level.seed).unwrap_or(1);
    let mut h = Headless::new(BattleSetup::new(level, DiceSource::Seed(seed)));
    let mut commands = Vec::new();
    let mut script = vec!["[".to_string(), "    Wait(20),".to_string()];
    let mut shown_side: Option<usize> = None;
    let mut weapon_clicks: Option<usize> = None;
    for _ in 0..max {
        if h.turn().outcome.is_some() {
            break;
        }
        let Some((cmd, state)) = h.with_view(|v| {
            let cmd = crate::battle::ai::next_command(v)?;
            let me = v.turn.active().and_then(|e| v.ctx.snap.get(e)).cloned();
            let target_pos = match &cmd {
                crate::battle::Command::Attack { target, .. } => {
                    v.ctx.snap.by_name(target).map(|t| t.pos)
                }
                _ => None,
            };
            Some((cmd, (me, target_pos, v.awaiting.is_some())))
        }) else {
            break;
        };
        let (me, target_pos, awaiting) = state;
        if let Some(me) = &me
            && !awaiting
            && shown_side != Some(me.side)
        {
            script.push("    Button(\"your turn\"),".into());
            script.push(format!("    WaitForTurn({:?}),", me.name));
            shown_side = Some(me.side);
            weapon_clicks = None;
        }
        use crate::battle::Command as C;
        match &cmd {
            C::Move { to, .. } => {
                script.push(format!(
                    "    Tile({}, {}), Wait(2), Click, Wait(4),",
                    to.x, to.y
                ));
            }
            C::Attack { weapon, .. } => {
                let me = me.as_ref().expect("an attacker");
                let want = weapon
                    .as_ref()
                    .and_then(|w| me.stats.weapons.iter().position(|x| &x.name == w))
                    .unwrap_or(0);
                // The Weapon button cycles: none, first, second, ...
                let now = weapon_clicks.unwrap_or(usize::MAX);
                if now != want {
                    let n = me.stats.weapons.len() + 1;
                    let from = if now == usize::MAX { 0 } else { now + 1 };
                    let to = want + 1;
                    for _ in 0..((to + n - from) % n) {
                        script.push("    Button(\"Weapon\"), Wait(2),".into());
                    }
                    weapon_clicks = Some(want);
                }
                let t = target_pos.expect("a target");
                script.push(format!(
                    "    Button(\"1 Attack\"), Wait(2), Tile({}, {}), Wait(2), Click, Wait(4),",
                    t.x, t.y
                ));
            }
            C::EndTurn { .. } => script.push("    Button(\"End Turn\"), Wait(4),".into()),
            C::AnswerReaction { accept, .. } => script.push(format!(
                "    Button({:?}), Wait(4),",
                if *accept { "Attack (Y)" } else { "Let it go" }
            )),
            other => script.push(format!("    // not scripted: {other:?}")),
        }
        commands.push(cmd.clone());
        let before = h.log().len();
        h.send(cmd.clone());
        let rejected = h.log()[before..]
            .iter()
            .any(|e| matches!(e, crate::battle::BattleEvent::Rejected { .. }));
        if rejected
            && !matches!(cmd, crate::battle::Command::EndTurn { .. })
            && let Some(me) = &me
        {
            let end = crate::battle::Command::EndTurn {
                unit: me.name.to_string(),
            };
            script.push("    Button(\"End Turn\"), Wait(4),".into());
            commands.push(end.clone());
            h.send(end);
        }
    }
    let outcome = h.turn().outcome.clone();
    println!("{} commands; outcome: {:?}", commands.len(), outcome);
    if let Some(crate::battle::events::Outcome::Victory { side, .. }) = &outcome {
        script.push("    Wait(10),".into());
        script.push(format!("    ExpectWinner({side:?}),"));
        script.push("    Shot(\"out/victory.png\"),".into());
    }
    script.push("    Exit,".into());
    script.push("]".into());
    if let Some(path) = replay_out {
        let replay = crate::replay::Replay {
            level: paths::display(
                &std::fs::canonicalize(&level_path).unwrap_or(level_path.clone()),
            ),
            dice: DiceSource::Seed(seed),
            reactions: None,
            level_policies: true,
            commands,
        };
        if let Err(e) = std::fs::write(&path, replay.to_ron()) {
            eprintln!("{}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if let Some(path) = script_out
        && let Err(e) = std::fs::write(&path, script.join("\n") + "\n")
    {
        eprintln!("{}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
