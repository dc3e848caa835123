//! Nothing is lost: the battle in progress is written after every change of its log to
//! `autosave.ron` in the player's data folder (`paths::data_dir`), as a replay that carries
//! its level, its catalog files and who played each side. A finished battle removes it.
//! At the next start the title offers Continue (`screens/`): the carried level is set up
//! with the same dice and the commands are given again, which the engine plays byte for
//! byte, and the battle goes on from there.

use super::level_asset::{CommandRecord, CurrentLevel, start_setup};
use super::notice::Notice;
use super::screen_state::GameScreen;
use super::{Menu, Seats, SkipAnimations};
use crate::battle::events::Command;
use crate::battle::{BattleLog, Resolution, Roster, TurnState};
use crate::level::sources::LevelSources;
use crate::paths;
use crate::replay::{LoadedReplay, Seat, load_replay};
use bevy::prelude::*;
use std::path::PathBuf;
use std::sync::Arc;

/// The autosave's file name in the data folder.
pub const AUTOSAVE_FILE: &str = "autosave.ron";

/// Where the battle in progress is kept.
pub fn autosave_path() -> PathBuf {
    paths::data_dir().join(AUTOSAVE_FILE)
}

/// The battle a Continue takes up, as the title names it (`None`: nothing to continue).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Continuable(pub Option<String>);

/// Take up the autosaved battle (the title's Continue).
#[derive(Message, Debug, Clone, Copy)]
pub struct ContinueBattle;

/// Whether the autosave on disk is a battle the player was offered to continue (at start,
/// or on the title) and did not: a new battle keeps it among the saved battles before it
/// writes its own, so starting another never loses it.
#[derive(Resource, Debug, Default)]
struct OfferedToContinue(bool);

/// Commands to give a battle set up again (a continued one, a watched replay) once it
/// stands, and whether they are still being played; with no animation but where `animate`
/// asks for it (one step of a watched replay).
#[derive(Resource, Debug, Default)]
pub struct Resuming {
    /// The battle (`BattleLog::battle`) that must be replaced before the commands go in:
    /// the one on the map when a new one was set up.
    replacing: Option<u32>,
    commands: Vec<Command>,
    playing: bool,
    animate: bool,
}

impl Resuming {
    /// Give `commands` to the battle on the map (`replacing: None`), or to the one set up
    /// to replace battle `replacing`, once it stands.
    pub fn feed(&mut self, replacing: Option<u32>, commands: Vec<Command>, animate: bool) {
        *self = Resuming {
            replacing,
            commands,
            playing: false,
            animate,
        };
    }

    /// Whether a battle is still awaited, or commands are still being given or played (the
    /// computer, auto-pass and the viewer wait meanwhile).
    pub fn busy(&self) -> bool {
        self.replacing.is_some() || !self.commands.is_empty() || self.playing
    }
}

/// Set up the battle a replay records, standing apart from the files (it reads the level
/// it carries, or the file it names as it is now): the level, the dice, the policies.
pub(super) fn set_up_replay(
    commands: &mut Commands,
    current: &mut CurrentLevel,
    record: &mut CommandRecord,
    loaded: &LoadedReplay,
) {
    current.handle = Handle::default();
    current.file.clone_from(&loaded.replay.level);
    current.errors.clear();
    // A replay that carries no level (an older one) carries it from now on, as read.
    let sources = loaded.replay.sources.clone().or_else(|| {
        let text = std::fs::read_to_string(&loaded.level_path).ok()?;
        Some(LevelSources::gather(
            &text,
            &loaded.level,
            &paths::assets_dir(),
        ))
    });
    start_setup(commands, current, record, crate::replay::setup(loaded));
    current.sources = sources.map(Arc::new);
}

/// A saved battle read, or `None` with what is wrong said as a notice (`doing`: "continue
/// the battle", "watch levels/x.ron").
pub(super) fn load_or_say(
    path: &std::path::Path,
    doing: &str,
    notice: &mut Notice,
    time: &Time,
) -> Option<LoadedReplay> {
    match load_replay(path, &paths::load_catalog()) {
        Ok(l) => Some(l),
        Err(problems) => {
            let first = problems.first().map(|p| p.to_string()).unwrap_or_default();
            notice.refuse(format!("Cannot {doing}: {first}"), time);
            None
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Resuming>()
        .add_message::<ContinueBattle>()
        .insert_resource(Continuable(describe(&autosave_path())))
        .insert_resource(OfferedToContinue(autosave_path().is_file()))
        .add_systems(OnEnter(GameScreen::Title), offered_on_the_title)
        .add_systems(
            Update,
            (
                continue_battle,
                give_again,
                autosave
                    .run_if(resource_changed::<BattleLog>.and_then(in_state(GameScreen::Battle))),
            )
                .chain()
                .after(super::ControlSystems)
                // After the battle took this frame's commands and the record has them.
                .after(crate::battle::BattleSystems::Outcome)
                .after(super::level_asset::record_commands),
        );
}

/// The title's words for an autosave that can be continued: its level and how far it went.
fn describe(path: &std::path::Path) -> Option<String> {
    if !path.is_file() {
        return None;
    }
    match load_replay(path, &paths::load_catalog()) {
        Ok(loaded) => {
            let events = crate::replay::run(&loaded);
            let round = events
                .iter()
                .filter(|e| matches!(e, crate::battle::BattleEvent::RoundStarted { .. }))
                .count();
            let people = (loaded.replay.players.iter().flatten())
                .filter(|s| **s == Seat::Person)
                .count();
            Some(title_words(&loaded.level.name, round.max(1), people))
        }
        Err(problems) => {
            for p in problems {
                warn!("{p}");
            }
            None
        }
    }
}

/// "First Blood, round 3, vs the computer".
fn title_words(level: &str, round: usize, people: usize) -> String {
    let who = match people {
        0 => "the computer on every side",
        1 => "vs the computer",
        _ => "two players",
    };
    format!("{level}, round {round}, {who}")
}

/// Write the battle so far after each change; remove it once the battle is over. A new
/// battle with no command yet leaves the last one to continue.
#[allow(clippy::too_many_arguments)]
fn autosave(
    current: Res<CurrentLevel>,
    record: Res<CommandRecord>,
    turn: Res<TurnState>,
    seats: Res<Seats>,
    roster: Res<Roster>,
    resuming: Res<Resuming>,
    mut continuable: ResMut<Continuable>,
    (mut offered, mut notice, time): (ResMut<OfferedToContinue>, ResMut<Notice>, Res<Time>),
    mut failed: Local<bool>,
) {
    let path = autosave_path();
    // A watched battle is not the player's (taken over, it is).
    if current.level.is_none() || resuming.busy() || current.watched {
        return;
    }
    if turn.outcome.is_some() {
        if path.is_file() {
            let _ = std::fs::remove_file(&path);
        }
        *continuable = Continuable::default();
        return;
    }
    if record.0.is_empty() {
        return;
    }
    if std::mem::take(&mut offered.0) && path.is_file() {
        match keep_unfinished(&path) {
            Ok(kept) => {
                let which = continuable.0.as_deref().unwrap_or("the last one");
                notice.say(
                    format!("The unfinished battle ({which}) is kept: Watch a battle plays it"),
                    &time,
                );
                info!("the unfinished battle is kept in {}", paths::display(&kept));
            }
            Err(e) => warn!("cannot keep the unfinished battle: {e}"),
        }
    }
    let replay = super::level_asset::battle_so_far(&current, &record, seats.players(&roster));
    match write_atomically(&path, &replay.to_ron()) {
        Ok(()) => {
            *failed = false;
            let name = current.level.as_ref().map_or("", |l| l.name.as_str());
            let people = (replay.players.iter().flatten())
                .filter(|s| **s == Seat::Person)
                .count();
            let words = title_words(name, turn.round.max(1) as usize, people);
            if continuable.0.as_ref() != Some(&words) {
                *continuable = Continuable(Some(words));
            }
        }
        Err(e) if !*failed => {
            warn!(
                "cannot keep the battle in progress in {}: {e}",
                paths::display(&path)
            );
            *failed = true;
        }
        Err(_) => {}
    }
}

/// The title offers the autosave (if there is one) to continue.
fn offered_on_the_title(mut offered: ResMut<OfferedToContinue>) {
    offered.0 = autosave_path().is_file();
}

/// Move the autosave into the saved battles (`paths::battles_dir`) as
/// `unfinished-DATE.ron`, under a name no file has yet; the path it now has.
fn keep_unfinished(path: &std::path::Path) -> std::io::Result<PathBuf> {
    let kept = paths::new_battle_path("unfinished")?;
    std::fs::rename(path, &kept)?;
    Ok(kept)
}

/// Write `text` to `path` by way of a file beside it, renamed over it: a crash mid-write
/// leaves the last whole autosave.
fn write_atomically(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let part = path.with_extension("ron.part");
    std::fs::write(&part, text)?;
    std::fs::rename(&part, path)
}

/// Continue: set up the carried level with the same dice and seats, and give the commands
/// again as soon as it stands.
#[allow(clippy::too_many_arguments)]
fn continue_battle(
    mut requests: MessageReader<ContinueBattle>,
    mut commands: Commands,
    mut current: ResMut<CurrentLevel>,
    mut record: ResMut<CommandRecord>,
    mut seats: ResMut<Seats>,
    (mut menu, mut next): (ResMut<Menu>, ResMut<NextState<GameScreen>>),
    mut resuming: ResMut<Resuming>,
    (log, mut notice, time): (Res<BattleLog>, ResMut<Notice>, Res<Time>),
    mut offered: ResMut<OfferedToContinue>,
) {
    if requests.read().last().is_none() {
        return;
    }
    let Some(loaded) = load_or_say(&autosave_path(), "continue the battle", &mut notice, &time)
    else {
        return;
    };
    seats.seat_as_played(&loaded);
    offered.0 = false;
    set_up_replay(&mut commands, &mut current, &mut record, &loaded);
    resuming.feed(Some(log.battle), loaded.replay.commands, false);
    menu.close();
    NextState::set_if_neq(&mut next, GameScreen::Battle);
}

/// Once the continued battle stands, give its commands again (the battle resolves one a
/// frame; meanwhile the computer waits, `Resolution::queue`) with no animation.
fn give_again(
    log: Res<BattleLog>,
    resolution: Res<Resolution>,
    mut resuming: ResMut<Resuming>,
    mut out: MessageWriter<Command>,
    mut skip: MessageWriter<SkipAnimations>,
) {
    if resuming.replacing.is_some_and(|old| log.battle != old) {
        resuming.replacing = None;
    }
    if resuming.replacing.is_none() && !resuming.commands.is_empty() {
        out.write_batch(std::mem::take(&mut resuming.commands));
        resuming.playing = true;
    } else if resuming.playing && resolution.queue.is_empty() {
        resuming.playing = false;
    }
    if resuming.playing && !resuming.animate {
        skip.write(SkipAnimations);
    }
}
