//! Watching a saved battle (the title's "Watch a battle"): a battle saved from the window
//! or a shipped replay, set up as it was played (its carried level, its dice, its
//! policies), stepped forward and back one command at a time or a round at a time; the map
//! and the log show the state at each step. "Take over" plays on from there, each side as
//! it was played. A step forward plays its command as it happened, with its animations; a
//! step back (or a jump) sets the battle up again and gives the commands up to there at
//! once (`autosave::Resuming`).

use super::autosave::{ContinueBattle, Resuming, load_or_say, set_up_replay};
use super::level_asset::{CommandRecord, CurrentLevel, LoadLevel, RestartBattle};
use super::notice::Notice;
use super::screen_state::GameScreen;
use super::{ControlSystems, Menu, Seats, UiState};
use crate::battle::BattleLog;
use crate::battle::events::Command;
use crate::paths;
use crate::replay::LoadedReplay;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// The battle being watched, if one is.
#[derive(Resource, Default)]
pub struct Watching(pub Option<Watch>);

/// A watched battle: its replay, where the battle stands (commands given) and where the
/// viewer wants it.
pub struct Watch {
    /// The file, as the bar names it.
    pub file: String,
    loaded: LoadedReplay,
    /// The commands the battle is given (the replay's, with the declines of offers it
    /// never answers, as `replay::run` gives them).
    commands: Vec<Command>,
    /// The round under way after each number of commands given (`rounds[0]`: at the start).
    rounds: Vec<u32>,
    /// Commands given to the battle on the map.
    at: usize,
    /// Commands the viewer wants given.
    target: usize,
}

impl Watch {
    /// How many commands the battle has.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Whether the battle has no command at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The round under way after `n` commands.
    fn round_at(&self, n: usize) -> u32 {
        self.rounds.get(n).copied().unwrap_or(0)
    }

    /// Where each of the viewer's moves leads: the number of commands given after it.
    fn target_of(&self, step: ViewerStep) -> usize {
        let (now, last) = (self.target, self.len());
        let round = self.round_at(now);
        match step {
            ViewerStep::Start => 0,
            ViewerStep::Back => now.saturating_sub(1),
            ViewerStep::Forward => (now + 1).min(last),
            // The first command of the next round, or the end.
            ViewerStep::NextRound => (now..=last)
                .find(|n| self.round_at(*n) > round)
                .unwrap_or(last),
            // The start of this round, or of the one before when at its start already.
            ViewerStep::PreviousRound => {
                let start = |r: u32| (0..=now).find(|n| self.round_at(*n) >= r).unwrap_or(0);
                let here = start(round);
                if here < now {
                    here
                } else {
                    start(round.saturating_sub(1))
                }
            }
            ViewerStep::End => last,
        }
    }
}

/// The saved battles to watch, as the list names them: the player's own (newest first),
/// then the shipped replays.
pub fn watchable() -> Vec<(String, PathBuf)> {
    let mut own = crate::level::ron_files(&paths::battles_dir());
    own.sort_by_key(|p| std::cmp::Reverse(p.metadata().and_then(|m| m.modified()).ok()));
    let shipped = crate::level::ron_files(&paths::project_root().join("replays"));
    let name = |p: &Path| p.file_stem().map(|s| s.to_string_lossy().replace('_', " "));
    (own.iter()
        .filter_map(|p| Some((format!("{} (yours)", name(p)?), p.clone()))))
    .chain(shipped.iter().filter_map(|p| Some((name(p)?, p.clone()))))
    .collect()
}

/// Watch the battle saved in this file.
#[derive(Message, Clone, Debug)]
pub struct WatchBattle(pub PathBuf);

/// What the viewer's buttons and keys do.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewerStep {
    Start,
    PreviousRound,
    Back,
    Forward,
    NextRound,
    End,
}

/// The viewer's other buttons: play on from here, or stop watching (to the title).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum ViewerExit {
    TakeOver,
    Stop,
}

/// The viewer's bar over the action bar, and its line.
#[derive(Component)]
struct ViewerBar;
#[derive(Component)]
struct ViewerLine;

pub fn plugin(app: &mut App) {
    app.init_resource::<Watching>()
        .add_message::<WatchBattle>()
        .add_systems(
            Update,
            (
                stop_when_left,
                start_watching,
                viewer_input,
                go_to_target,
                show_bar,
            )
                .chain()
                .after(ControlSystems),
        );
}

/// Another battle (a level, a restart, a Continue) or another screen ends the watching. What
/// was still to be given to the watched battle is dropped, but for a Continue, which
/// gives its own. A battle that replaces the watched one on the map is played: the screen
/// becomes a `Battle`.
fn stop_when_left(
    (mut load, mut restart, mut resume): (
        MessageReader<LoadLevel>,
        MessageReader<RestartBattle>,
        MessageReader<ContinueBattle>,
    ),
    (screen, mut next): (Res<State<GameScreen>>, ResMut<NextState<GameScreen>>),
    mut watching: ResMut<Watching>,
    mut resuming: ResMut<Resuming>,
) {
    let replaced = load.read().count() + restart.read().count() > 0;
    let continued = resume.read().count() > 0;
    let watched = *screen.get() == GameScreen::Watching;
    if watched && (replaced || continued) {
        NextState::set_if_neq(&mut next, GameScreen::Battle);
    }
    if (replaced || continued || !watched) && watching.0.is_some() {
        watching.0 = None;
        if !continued {
            *resuming = Resuming::default();
        }
    }
}

/// Set up the battle of a file to watch, at its start.
#[allow(clippy::too_many_arguments)]
fn start_watching(
    mut requests: MessageReader<WatchBattle>,
    mut commands: Commands,
    mut current: ResMut<CurrentLevel>,
    mut record: ResMut<CommandRecord>,
    mut watching: ResMut<Watching>,
    (mut menu, mut next): (ResMut<Menu>, ResMut<NextState<GameScreen>>),
    mut seats: ResMut<Seats>,
    (mut notice, time): (ResMut<Notice>, Res<Time>),
) {
    let Some(WatchBattle(path)) = requests.read().last().cloned() else {
        return;
    };
    let file = paths::display(&path);
    let doing = format!("watch {file}");
    let Some(loaded) = load_or_say(&path, &doing, &mut notice, &time) else {
        return;
    };
    seats.seat_as_played(&loaded);
    set_up_replay(&mut commands, &mut current, &mut record, &loaded);
    current.watched = true;
    let (given, rounds) = crate::replay::as_played(&loaded);
    watching.0 = Some(Watch {
        file,
        loaded,
        commands: given,
        rounds,
        at: 0,
        target: 0,
    });
    menu.close();
    NextState::set_if_neq(&mut next, GameScreen::Watching);
}

/// The viewer's buttons and keys (`,` back, `.` forward, `End` to the end).
#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn viewer_input(
    steps: Query<(&Interaction, &ViewerStep), Changed<Interaction>>,
    exits: Query<(&Interaction, &ViewerExit), Changed<Interaction>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut watching: ResMut<Watching>,
    mut seats: ResMut<Seats>,
    (mut menu, mut next): (ResMut<Menu>, ResMut<NextState<GameScreen>>),
    ui: Res<UiState>,
    (mut current, mut resuming): (ResMut<CurrentLevel>, ResMut<Resuming>),
) {
    // Looked at first without a change: `Watching` changed redraws what follows it.
    if watching.0.is_none() {
        return;
    }
    let Some(watch) = watching.0.as_mut() else {
        return;
    };
    if ui.blocked {
        return;
    }
    let pressed = |i: &Interaction| *i == Interaction::Pressed;
    let keyed = [
        (KeyCode::Comma, ViewerStep::Back),
        (KeyCode::Period, ViewerStep::Forward),
        (KeyCode::End, ViewerStep::End),
    ]
    .into_iter()
    .filter(|(k, _)| keys.just_pressed(*k))
    .map(|(_, s)| s);
    let clicked = steps.iter().filter(|(i, _)| pressed(i)).map(|(_, s)| *s);
    if let Some(step) = clicked.chain(keyed).last() {
        watch.target = watch.target_of(step);
    }
    match exits.iter().find(|(i, _)| pressed(i)).map(|(_, e)| *e) {
        Some(ViewerExit::TakeOver) => {
            seats.seat_as_played(&watch.loaded);
            current.watched = false;
            watching.0 = None;
            NextState::set_if_neq(&mut next, GameScreen::Battle);
        }
        Some(ViewerExit::Stop) => {
            *resuming = Resuming::default();
            watching.0 = None;
            menu.close();
            NextState::set_if_neq(&mut next, GameScreen::Title);
        }
        None => {}
    }
}

/// Bring the battle on the map to the step the viewer wants: the next command played as
/// it happened, or the battle set up again and its commands given up to there at once.
fn go_to_target(
    mut commands: Commands,
    mut watching: ResMut<Watching>,
    mut resuming: ResMut<Resuming>,
    mut current: ResMut<CurrentLevel>,
    mut record: ResMut<CommandRecord>,
    log: Res<BattleLog>,
) {
    // Looked at first without a change: `Watching` changed redraws what follows it.
    if watching.0.is_none() {
        return;
    }
    let Some(watch) = watching.0.as_mut() else {
        return;
    };
    if watch.target == watch.at || resuming.busy() {
        return;
    }
    let all = &watch.commands;
    if watch.target > watch.at {
        let next: Vec<Command> = all[watch.at..watch.target].to_vec();
        resuming.feed(None, next, watch.target == watch.at + 1);
    } else {
        set_up_replay(&mut commands, &mut current, &mut record, &watch.loaded);
        current.watched = true;
        resuming.feed(Some(log.battle), all[..watch.target].to_vec(), false);
    }
    watch.at = watch.target;
}

/// The viewer's bar: shown while watching, with where the battle stands; `UiState::watching`
/// keeps the map's commands, the computer, auto-pass and the autosave out meanwhile.
fn show_bar(
    mut commands: Commands,
    watching: Res<Watching>,
    bars: Query<Entity, With<ViewerBar>>,
    mut line: Query<&mut Text, With<ViewerLine>>,
    log: Res<BattleLog>,
    mut ui: ResMut<UiState>,
) {
    if ui.watching != watching.0.is_some() {
        ui.watching = watching.0.is_some();
    }
    let Some(watch) = &watching.0 else {
        for e in &bars {
            commands.entity(e).despawn();
        }
        return;
    };
    if bars.is_empty() {
        spawn_bar(&mut commands);
        return;
    }
    let over = log
        .events
        .iter()
        .any(|e| matches!(e, crate::battle::BattleEvent::BattleEnded(_)));
    let said = format!(
        "Watching {}: command {} of {}, round {}{}",
        watch.file,
        watch.target,
        watch.len(),
        watch.round_at(watch.target),
        if over { " (the battle is over)" } else { "" }
    );
    for mut t in &mut line {
        if t.0 != said {
            t.0.clone_from(&said);
        }
    }
}

/// One of the viewer's buttons, with what it does.
fn viewer_button(p: &mut ChildSpawnerCommands, label: &str, does: impl Bundle) {
    p.spawn((
        Button,
        Node {
            padding: UiRect::axes(px(8), px(4)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.22, 0.27, 0.36)),
        does,
    ))
    .with_child((
        Text::new(label),
        TextFont::from_font_size(13.0),
        TextColor(Color::WHITE),
    ));
}

/// The bar over the action bar: the line, then the buttons.
fn spawn_bar(commands: &mut Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                bottom: px(0),
                left: px(0),
                right: px(super::map_view::PANEL_WIDTH),
                height: px(super::map_view::BOTTOM_BAR),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(8)),
                row_gap: px(6),
                ..default()
            },
            BackgroundColor(Color::srgb(0.07, 0.08, 0.11)),
            GlobalZIndex(5),
            ViewerBar,
        ))
        .with_children(|p| {
            p.spawn((
                Text::new(""),
                TextFont::from_font_size(15.0),
                TextColor(Color::srgb(1.0, 0.9, 0.5)),
                ViewerLine,
            ));
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                column_gap: px(6),
                row_gap: px(4),
                ..default()
            })
            .with_children(|row| {
                for (label, step) in [
                    ("|< Start", ViewerStep::Start),
                    ("<< Round", ViewerStep::PreviousRound),
                    ("< Back (,)", ViewerStep::Back),
                    ("Forward (.) >", ViewerStep::Forward),
                    ("Round >>", ViewerStep::NextRound),
                    ("End >|", ViewerStep::End),
                ] {
                    viewer_button(row, label, step);
                }
                viewer_button(row, "Take over from here", ViewerExit::TakeOver);
                viewer_button(row, "Stop watching", ViewerExit::Stop);
            });
        });
}
