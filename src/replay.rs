//! Replays: a level, the dice (a seed or a script) and the commands, in one RON file.
//! Running one headless prints the battle's event log, identical on every run.

use crate::battle::command::{Plan, plan};
use crate::battle::engine::Question;
use crate::battle::headless::Headless;
use crate::battle::setup::BattleSetup;
use crate::battle::{BattleEvent, Command};
use crate::level::catalog::Catalog;
use crate::level::problem::{Loc, Problem, decode_utf8, ron_problem};
use crate::level::schema::{AiLevel, ReactionPolicy};
use crate::level::sources::LevelSources;
use crate::level::spans::SpanIndex;
use crate::level::suggest;
use crate::level::{Level, load_level, ron_options};
use crate::rules::dice::DiceSource;
use crate::rules::grid::Pos;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Largest replay file read, in bytes.
pub const MAX_REPLAY_BYTES: u64 = 16 << 20;
/// Largest tile coordinate a replay's commands may name (maps are at most
/// [`crate::level::MAX_MAP_SIDE`] wide; far larger numbers only risk overflow).
pub const MAX_REPLAY_COORD: u32 = 1_000_000;

/// A replay file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// The level file, relative to the replay's folder or the project root.
    pub level: String,
    pub dice: DiceSource,
    /// Every side's reaction policy; `Always` when missing (headless default). `Ask` makes
    /// the battle wait for `AnswerReaction` commands, which the replay then records.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reactions: Option<ReactionPolicy>,
    /// Use each side's policy from the level instead (a game saved from the window, whose
    /// `Ask` answers are among the commands).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub level_policies: bool,
    pub commands: Vec<Command>,
    /// Who played each side, in the level's order (the window's saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<Vec<Seat>>,
    /// The level and the catalog files it was played with (the window's saves): the
    /// replay reads these, not the files, so that a later edit changes nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<LevelSources>,
}

/// Who plays a side: a person, or the computer at a strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Person,
    Computer(AiLevel),
}

impl Replay {
    /// A battle recorded as it was played: the level's own reaction policies, with the
    /// players' answers among the commands (what the window saves, and `autoplay`).
    pub fn recorded(level: impl Into<String>, dice: DiceSource, commands: Vec<Command>) -> Replay {
        Replay {
            level: level.into(),
            dice,
            reactions: None,
            level_policies: true,
            commands,
            players: None,
            sources: None,
        }
    }

    pub fn to_ron(&self) -> String {
        // A carried level keeps its lines (a raw string), as readable as its file.
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(2)
            .escape_strings(false)
            .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_default()
    }
}

/// A replay that has been read and whose level is valid.
pub struct LoadedReplay {
    pub replay: Replay,
    pub level: Level,
    pub level_path: PathBuf,
}

/// Find a level path named in a replay.
fn resolve_level(replay_path: &Path, level: &str) -> PathBuf {
    let beside = replay_path
        .parent()
        .map(|d| d.join(level))
        .unwrap_or_else(|| PathBuf::from(level));
    if beside.exists() {
        return beside;
    }
    let from_root = crate::paths::project_root().join(level);
    if from_root.exists() {
        return from_root;
    }
    PathBuf::from(level)
}

/// Read a replay file and parse it, returning it with its text.
fn read_replay(path: &Path, label: &str) -> Result<(Replay, String), Problem> {
    let meta = std::fs::metadata(path).map_err(|e| Problem::new(label, e.to_string()))?;
    if meta.len() > MAX_REPLAY_BYTES {
        return Err(Problem::new(
            label,
            format!(
                "the file is {} bytes; replays are limited to {MAX_REPLAY_BYTES}",
                meta.len()
            ),
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| Problem::new(label, e.to_string()))?;
    let src = decode_utf8(label, &bytes)?;
    let replay: Replay = ron_options().from_str(src).map_err(|e| {
        let mut p = ron_problem(label, src, &e);
        if let Some(hint) = variant_hint(src, &e) {
            p.message.push_str(&format!(" ({hint})"));
        }
        p
    })?;
    Ok((replay, src.to_string()))
}

/// The commands' variants that take fields in parentheses, with the forms they take.
const VARIANT_FORMS: &[(&str, &str)] = &[
    (
        "Attack",
        "a held `Attack` names its weapon: `Attack(None)` for the first that reaches, or `Attack(Some(\"bow\"))`",
    ),
    (
        "Disarm",
        "a held `Disarm` names the weapon: `Disarm(None)` for the first held, or `Disarm(Some(\"sword\"))`",
    ),
    (
        "EnemyStep",
        "the trigger `EnemyStep` names the enemy it waits for: `EnemyStep(None)` for any, or `EnemyStep(Some(\"Grub\"))`",
    ),
    (
        "EnemyAttack",
        "the trigger `EnemyAttack` names the enemy it waits for: `EnemyAttack(None)` for any, or `EnemyAttack(Some(\"Grub\"))`",
    ),
];

/// How the variant just before a syntax error is written, when it is one that takes
/// fields (`Hold(unit: "A", action: Attack(None), trigger: EnemyStep(None))`).
fn variant_hint(src: &str, err: &ron::error::SpannedError) -> Option<&'static str> {
    let line = src.lines().nth(err.span.start.line.checked_sub(1)?)?;
    let before: String = line
        .chars()
        .take(err.span.start.col.saturating_sub(1))
        .collect();
    let word: String = before
        .trim_end()
        .chars()
        .rev()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    VARIANT_FORMS
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, form)| *form)
}

/// Read a replay and its level, listing every problem.
pub fn load_replay(path: &Path, catalog: &Catalog) -> Result<LoadedReplay, Vec<Problem>> {
    let label = path.to_string_lossy().into_owned();
    let (replay, src) = read_replay(path, &label).map_err(|p| vec![p])?;
    let spans = SpanIndex::build(&src);
    let loc = Loc::new(&label, &spans);
    let level_path = resolve_level(path, &replay.level);
    let level = match &replay.sources {
        Some(sources) => sources.parse(&label),
        None => load_level(&level_path, catalog),
    };
    let level = level.map_err(|mut problems| {
        problems.insert(
            0,
            loc.at(
                "level",
                format!("the level `{}` is not playable:", replay.level),
            ),
        );
        problems
    })?;
    let problems = check_commands(&replay.commands, &level, loc);
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(LoadedReplay {
        replay,
        level,
        level_path,
    })
}

/// Problems of the commands: units the level lacks, tiles beyond any map.
fn check_commands(commands: &[Command], level: &Level, loc: Loc) -> Vec<Problem> {
    let names: Vec<&str> = level.units.iter().map(|u| u.name.as_str()).collect();
    let sides: Vec<&str> = level.sides.iter().map(|s| s.name.as_str()).collect();
    let mut problems = Vec::new();
    for (i, c) in commands.iter().enumerate() {
        // A side's command (a pass that lets a declared action go ahead) names the side.
        if c.by_side() {
            let side = c.actor();
            if !sides.contains(&side) {
                problems.push(loc.at(
                    &format!("commands[{i}].side"),
                    format!(
                        "command {i}: no side named `{side}` in the level{}",
                        suggest::did_you_mean_among(side, "sides", &sides)
                    ),
                ));
            }
            continue;
        }
        let (who, field) = match c {
            Command::AnswerReaction { reactor, .. } => (reactor.as_str(), "reactor"),
            other => (other.actor(), "unit"),
        };
        if !names.contains(&who) {
            problems.push(loc.at(
                &format!("commands[{i}].{field}"),
                format!(
                    "command {i}: no unit named `{who}` in the level{}",
                    suggest::did_you_mean_among(who, "units", &names)
                ),
            ));
        }
        for (field, p) in command_tiles(c) {
            if p.x.unsigned_abs() > MAX_REPLAY_COORD || p.y.unsigned_abs() > MAX_REPLAY_COORD {
                problems.push(loc.at(
                    &format!("commands[{i}].{field}"),
                    format!("command {i}: tile {p} is beyond any map (coordinates are limited to +/-{MAX_REPLAY_COORD})"),
                ));
            }
        }
    }
    problems
}

/// The tiles a command names, with their paths inside it.
fn command_tiles(c: &Command) -> Vec<(String, Pos)> {
    match c {
        Command::Move { to, .. } => vec![("to".into(), *to)],
        Command::MovePath { path, .. } => path
            .iter()
            .enumerate()
            .map(|(j, p)| (format!("path[{j}]"), *p))
            .collect(),
        _ => Vec::new(),
    }
}

/// The battle a replay starts from: its level, dice and reaction policies.
pub fn setup(loaded: &LoadedReplay) -> BattleSetup {
    let mut setup = BattleSetup::new(loaded.level.clone(), loaded.replay.dice.clone());
    setup.policy_override = if loaded.replay.level_policies {
        None
    } else {
        Some(loaded.replay.reactions.unwrap_or(ReactionPolicy::Always))
    };
    setup
}

/// Run a replay headless and return its event log.
pub fn run(loaded: &LoadedReplay) -> Vec<BattleEvent> {
    let mut battle = Headless::new(setup(loaded));
    for c in &loaded.replay.commands {
        decline_unanswered(&mut battle, c);
        battle.send(c.clone());
    }
    battle.log().to_vec()
}

/// The commands a replay gives the battle, with the declines `run` adds before a command
/// that does not answer the offer waiting, each with the round under way after it (the
/// first: at the start). The window gives these, one a frame.
pub fn as_played(loaded: &LoadedReplay) -> (Vec<Command>, Vec<u32>) {
    let mut battle = Headless::new(setup(loaded));
    let (mut given, mut rounds) = (Vec::new(), vec![battle.turn().round]);
    for c in &loaded.replay.commands {
        for decline in decline_unanswered(&mut battle, c) {
            given.push(decline);
            rounds.push(battle.turn().round);
        }
        battle.send(c.clone());
        given.push(c.clone());
        rounds.push(battle.turn().round);
    }
    (given, rounds)
}

/// Most offers declined before one command (each decline settles one offer).
const MAX_DECLINES: usize = 1_000;

/// A reaction offer that the replay's next command does not answer is declined, and the
/// replay plays on: a rule fix may add a question (Seed003's Ignore offer, F3) that a
/// replay recorded before it never answers. The declines sent, in order.
fn decline_unanswered(battle: &mut Headless, next: &Command) -> Vec<Command> {
    let mut sent = Vec::new();
    for _ in 0..MAX_DECLINES {
        let unanswered = battle.with_view(|v| match v.awaiting {
            Some(Question::Reaction(offer)) => {
                let answers = matches!(plan(v, next), Ok(Plan::Answer { .. }));
                (!answers).then(|| v.name(offer.reactor))
            }
            _ => None,
        });
        let Some(reactor) = unanswered else {
            return sent;
        };
        let decline = Command::AnswerReaction {
            reactor,
            accept: false,
            maneuver: None,
        };
        battle.send(decline.clone());
        sent.push(decline);
    }
    sent
}
