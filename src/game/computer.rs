//! The computer's seats in the window: a side that the level (`controller: Ai`) or the
//! command line (`--ai SIDE[:LEVEL]`) gives to the computer plays its turns here, through
//! the same `Command`s a player sends, one every `STEP_SECONDS` so that a player can follow
//! them (sooner at a faster animation speed, `F2`); `Space` skips to the end of its turn.
//! Its answers to questions (reactions, a window to act out of turn) come as soon as they
//! are thought out. It waits while a continued battle's commands are given again
//! (`autosave`). The choice of each command is `battle::players`, at the side's level,
//! thought out in a task off the frame: the window never waits for it, and the status line
//! says the side is thinking.

use super::controls::Intent;
use super::{AnimationSpeed, ControlSystems, Menu, Seats, UiState};
use crate::battle::BattleLog;
use crate::battle::events::{BattleEvent, Command};
use crate::battle::players::{Player, next_command};
use crate::battle::preview::BattleView;
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use leafwing_input_manager::prelude::ActionState;

/// Seconds each of the computer's commands stays on screen before the next.
pub const STEP_SECONDS: f32 = 0.4;

/// The computer's thinking about one position, in a task off the frame: the (battle, log
/// length) it is about, and the command it will give.
struct Thinking {
    about: (u32, usize),
    task: Task<Option<Command>>,
}

/// Where the computer's play stands.
#[derive(Default)]
struct Pace {
    /// Seconds since its last command.
    waited: f32,
    /// (battle, log length) when it sent its last command: it waits for the battle to take it.
    sent: Option<(u32, usize)>,
    /// (side, turn slot) that `Space` hurries to its end.
    hurried: Option<(usize, u32)>,
    /// (side, turn slot) the computer gave up: a command was refused twice in a row, so the
    /// side's player takes the rest of that turn by hand.
    gave_up: Option<(usize, u32)>,
    /// The command being thought about, started as soon as the position stands, so that
    /// the time a command stays on screen covers it.
    thinking: Option<Thinking>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        computer_plays
            .after(ControlSystems)
            .run_if(in_state(super::screen_state::GameScreen::Battle)),
    );
}

/// If a side the computer plays must decide now, send its next command when its time comes.
#[allow(clippy::too_many_arguments)]
fn computer_plays(
    view: BattleView,
    seats: Res<Seats>,
    log: Res<BattleLog>,
    (menu, resuming): (Res<Menu>, Res<super::autosave::Resuming>),
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    actions: Single<&ActionState<Intent>>,
    mut ui: ResMut<UiState>,
    mut pace: Local<Pace>,
    mut out: MessageWriter<Command>,
) {
    let slot = view.turn.slots;
    let seat = view
        .deciding_side()
        .filter(|_| view.turn.outcome.is_none() && !ui.watching)
        .filter(|s| pace.gave_up != Some((*s, slot)))
        .and_then(|s| Some((s, seats.computer(&view.roster, s)?)));
    let side = seat.map(|(s, _)| s);
    if ui.computer_acting != side {
        ui.computer_acting = side;
    }
    let Some((side, level)) = seat else {
        pace.waited = 0.0;
        return;
    };
    let here = (log.battle, log.events.len());
    if menu.is_open() || pace.sent == Some(here) || resuming.busy() {
        return;
    }
    // Think about this position off the frame (a thought about another is dropped).
    if pace.thinking.as_ref().is_none_or(|t| t.about != here) {
        let position = view.position();
        let player = Player::of(level);
        pace.thinking = Some(Thinking {
            about: here,
            task: AsyncComputeTaskPool::get()
                .spawn(async move { next_command(&position.view(), player) }),
        });
    }
    if actions.just_pressed(&Intent::EndTurn) || actions.just_pressed(&Intent::Skip) {
        pace.hurried = Some((side, slot));
    }
    let answering = view.resolution.awaiting.is_some();
    if !answering && pace.hurried != Some((side, slot)) {
        pace.waited += time.delta_secs() * speed.factor();
        if pace.waited < STEP_SECONDS {
            return;
        }
    }
    // The HUD says it is thinking meanwhile; the frame goes on.
    let Some(thought) = pace
        .thinking
        .as_mut()
        .and_then(|t| check_ready(&mut t.task))
    else {
        return;
    };
    pace.thinking = None;
    pace.waited = 0.0;
    let refused = |n: usize| {
        pace.sent.is_some()
            && log.events.len() >= n
            && log.events[log.events.len() - n..]
                .iter()
                .all(|e| matches!(e, BattleEvent::Rejected { .. }))
    };
    let snap = view.snapshot();
    let cmd = if refused(2) {
        None
    } else if refused(1) {
        // Its choice was refused: end the turn instead.
        view.acting()
            .and_then(|e| snap.get(e))
            .map(|u| Command::EndTurn {
                unit: u.name.to_string(),
            })
    } else {
        thought
    };
    match cmd {
        Some(cmd) => {
            out.write(cmd);
            pace.sent = Some((log.battle, log.events.len()));
        }
        None => {
            warn!("the computer found no command for side {side}; its player takes over");
            pace.gave_up = Some((side, slot));
        }
    }
}
