//! Window tests and previews: `--screenshot FILE` renders a few frames, saves a PNG and
//! exits; `--script FILE` plays a RON list of input steps (pointer moves, clicks, keys,
//! button presses, screenshots) through Bevy's own input messages, so the game sees them
//! exactly as it sees a player.

use super::map_view::{GameCamera, MapGeometry};
use crate::battle::TurnState;
use crate::battle::preview::BattleView;
use crate::rules::grid::Pos;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{CursorMoved, PrimaryWindow};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::path::PathBuf;

/// Frames rendered before a `--screenshot` is taken when `--frames` is not given.
pub const DEFAULT_SCREENSHOT_FRAMES: u32 = 30;
/// Frames a `WaitForTurn` or `WaitUntilIdle` step waits at most.
pub const WAIT_LIMIT_FRAMES: u32 = 900;

/// One step of an input script.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// Let this many frames pass.
    Wait(u32),
    /// Move the pointer to the centre of a map tile.
    Tile(i32, i32),
    /// Move the pointer to a window position (logical pixels from the top left).
    Point(f32, f32),
    /// Press and release the left mouse button where the pointer is.
    Click,
    /// Press and release the right mouse button.
    RightClick,
    /// Press and release a key.
    Key(KeyCode),
    /// Press and release a key within one frame (a quick tap).
    Tap(KeyCode),
    /// Press and release the left mouse button within one frame (tap-to-click).
    TapClick,
    /// Print where a map tile is in the window (logical pixels from the top left), as
    /// `tile (x, y) is at window point (px, py)`, for tests that drive the window with
    /// real X11 input (`xdotool`).
    ShowTile(i32, i32),
    /// Wait until a line of the combat log contains this text.
    WaitForLog(String),
    /// Move the pointer to the button whose text contains this (waiting for it to appear),
    /// and click it.
    Button(String),
    /// Save a screenshot.
    Shot(String),
    /// Wait until it is this combatant's turn (and no screen is up).
    WaitForTurn(String),
    /// Fail unless the battle has ended with this side winning.
    ExpectWinner(String),
    /// Print a line to the console.
    Say(String),
    /// Edit a file on disk: replace the first `find` with `replace` (live level editing).
    Edit {
        file: String,
        find: String,
        replace: String,
    },
    /// Wait until the level file has been loaded again since the script started waiting.
    WaitForReload,
    /// Fail unless the level being played shows this many problems (0: it is valid).
    ExpectProblems(usize),
    /// Quit the game.
    Exit,
}

/// Plays the steps.
#[derive(Resource, Debug, Default)]
pub struct Script {
    steps: VecDeque<Step>,
    /// Frames left in the current wait.
    waiting: u32,
    /// A mouse button to release next frame.
    release: Option<MouseButton>,
    /// A key to release next frame.
    release_key: Option<KeyCode>,
    /// Screenshots requested but not yet written.
    pending_shots: usize,
    exit_when_done: bool,
    waited: u32,
    failed: bool,
    /// The level's load count when a `WaitForReload` began.
    reload_from: Option<u32>,
}

/// Adds scripted input when the command line asks for it.
pub struct ScriptPlugin {
    steps: Option<Vec<Step>>,
    problem: Option<String>,
}

impl ScriptPlugin {
    pub fn new(o: &super::GameOptions) -> Self {
        let mut steps: Option<Vec<Step>> = None;
        let mut problem = None;
        if let Some(path) = &o.script {
            match read_script(path) {
                Ok(s) => steps = Some(s),
                Err(e) => problem = Some(e),
            }
        }
        if let Some(shot) = &o.screenshot {
            let s = steps.get_or_insert_with(Vec::new);
            s.push(Step::Wait(o.frames.unwrap_or(DEFAULT_SCREENSHOT_FRAMES)));
            s.push(Step::Shot(shot.to_string_lossy().into_owned()));
            s.push(Step::Exit);
        }
        ScriptPlugin { steps, problem }
    }
}

/// Read a script file.
pub fn read_script(path: &PathBuf) -> Result<Vec<Step>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    crate::level::ron_options().from_str(&text).map_err(|e| {
        crate::level::problem::ron_problem(&path.display().to_string(), &text, &e).to_string()
    })
}

impl Plugin for ScriptPlugin {
    fn build(&self, app: &mut App) {
        if let Some(p) = &self.problem {
            error!("{p}");
            app.add_systems(Startup, |mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::from_code(2));
            });
            return;
        }
        let Some(steps) = &self.steps else { return };
        app.insert_resource(Script {
            steps: steps.iter().cloned().collect(),
            exit_when_done: true,
            ..default()
        })
        .add_systems(First, play);
    }
}

fn window_point(
    geo: &MapGeometry,
    camera: &Camera,
    cam_tf: &GlobalTransform,
    p: Pos,
) -> Option<Vec2> {
    camera
        .world_to_viewport(cam_tf, geo.world_of(p).extend(0.0))
        .ok()
}

fn point_at(window: &mut Window, entity: Entity, at: Vec2, moved: &mut MessageWriter<CursorMoved>) {
    window.set_cursor_position(Some(at));
    moved.write(CursorMoved {
        window: entity,
        position: at,
        delta: None,
    });
}

#[allow(clippy::too_many_arguments)]
fn play(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut window: Single<(Entity, &mut Window), With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<GameCamera>>,
    geo: Res<MapGeometry>,
    buttons: Query<
        (
            &Children,
            &ComputedNode,
            &UiGlobalTransform,
            &InheritedVisibility,
        ),
        With<Button>,
    >,
    texts: Query<&Text>,
    turn: Res<TurnState>,
    view: BattleView,
    ui: Res<super::UiState>,
    current: Res<super::level_asset::CurrentLevel>,
    log: Res<crate::battle::BattleLog>,
    mut moved: MessageWriter<CursorMoved>,
    mut mouse: MessageWriter<MouseButtonInput>,
    mut keys: MessageWriter<KeyboardInput>,
    mut exit: MessageWriter<AppExit>,
) {
    let (win_entity, ref mut win) = *window;
    let s = &mut *script;
    if s.failed {
        return;
    }
    if let Some(b) = s.release.take() {
        mouse.write(MouseButtonInput {
            button: b,
            state: ButtonState::Released,
            window: win_entity,
        });
        return;
    }
    if let Some(k) = s.release_key.take() {
        keys.write(key_event(k, ButtonState::Released, win_entity));
        return;
    }
    if s.waiting > 0 {
        s.waiting -= 1;
        return;
    }
    let Some(step) = s.steps.front().cloned() else {
        if s.exit_when_done && s.pending_shots == 0 {
            exit.write(AppExit::Success);
        }
        return;
    };
    let (cam, cam_tf) = *camera;
    let mut done = true;
    if s.waited == 0 && !matches!(step, Step::Wait(_)) {
        debug!("script step {step:?}");
    }
    match &step {
        Step::Wait(n) => s.waiting = *n,
        Step::Tile(x, y) => match window_point(&geo, cam, cam_tf, Pos::new(*x, *y)) {
            Some(p) => point_at(win, win_entity, p, &mut moved),
            None => {
                return fail(
                    &mut commands,
                    s,
                    format!("tile ({x}, {y}) is not on screen"),
                );
            }
        },
        Step::Point(x, y) => point_at(win, win_entity, Vec2::new(*x, *y), &mut moved),
        Step::Click | Step::RightClick => {
            let b = if step == Step::Click {
                MouseButton::Left
            } else {
                MouseButton::Right
            };
            mouse.write(MouseButtonInput {
                button: b,
                state: ButtonState::Pressed,
                window: win_entity,
            });
            s.release = Some(b);
        }
        Step::Key(k) => {
            keys.write(key_event(*k, ButtonState::Pressed, win_entity));
            s.release_key = Some(*k);
        }
        Step::Tap(k) => {
            keys.write(key_event(*k, ButtonState::Pressed, win_entity));
            keys.write(key_event(*k, ButtonState::Released, win_entity));
        }
        Step::TapClick => {
            for state in [ButtonState::Pressed, ButtonState::Released] {
                mouse.write(MouseButtonInput {
                    button: MouseButton::Left,
                    state,
                    window: win_entity,
                });
            }
        }
        Step::ShowTile(x, y) => match window_point(&geo, cam, cam_tf, Pos::new(*x, *y)) {
            Some(p) => println!("tile ({x}, {y}) is at window point ({}, {})", p.x, p.y),
            None => {
                return fail(
                    &mut commands,
                    s,
                    format!("tile ({x}, {y}) is not on screen"),
                );
            }
        },
        Step::WaitForLog(text) => {
            done = log
                .events
                .iter()
                .any(|e| crate::battle::describe::describe(e).contains(text.as_str()));
            if !done {
                s.waited += 1;
                if s.waited > WAIT_LIMIT_FRAMES {
                    return fail(
                        &mut commands,
                        s,
                        format!("no line of the combat log says `{text}`"),
                    );
                }
            }
        }
        Step::Button(label) => {
            let found = buttons.iter().find(|(kids, _, _, vis)| {
                vis.get()
                    && kids
                        .iter()
                        .any(|k| texts.get(k).is_ok_and(|t| t.0.contains(label.as_str())))
            });
            match found {
                Some((_, node, tf, _)) => {
                    let centre = tf.translation * node.inverse_scale_factor;
                    point_at(win, win_entity, centre, &mut moved);
                    s.waited = 0;
                    // Click on the next frame, once picking has seen the pointer there.
                    s.steps.pop_front();
                    s.steps.push_front(Step::Click);
                    s.steps.push_front(Step::Wait(1));
                    return;
                }
                None => {
                    s.waited += 1;
                    if s.waited > WAIT_LIMIT_FRAMES {
                        let shown: Vec<String> = buttons
                            .iter()
                            .flat_map(|(kids, ..)| {
                                kids.iter()
                                    .filter_map(|k| texts.get(k).ok().map(|t| t.0.clone()))
                            })
                            .collect();
                        return fail(
                            &mut commands,
                            s,
                            format!("no button shows `{label}`; buttons: {shown:?}"),
                        );
                    }
                    return;
                }
            }
        }
        Step::Shot(path) => {
            if let Some(dir) = std::path::Path::new(path).parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            s.pending_shots += 1;
            info!("screenshot {path}");
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()))
                .observe(|_: On<ScreenshotCaptured>, mut script: ResMut<Script>| {
                    script.pending_shots = script.pending_shots.saturating_sub(1);
                });
        }
        Step::WaitForTurn(name) => {
            let active = turn.active().map(|e| view.roster.name(e));
            done = active.as_deref() == Some(name.as_str()) && !ui.blocked;
            if !done {
                s.waited += 1;
                if s.waited > WAIT_LIMIT_FRAMES {
                    return fail(
                        &mut commands,
                        s,
                        format!("waited too long for {name}'s turn (it is {active:?}'s)"),
                    );
                }
            }
        }
        Step::ExpectWinner(side) => {
            let ok = matches!(&turn.outcome, Some(crate::battle::events::Outcome::Victory { side: s2, .. }) if s2 == side);
            if !ok {
                return fail(
                    &mut commands,
                    s,
                    format!("expected {side} to have won; outcome: {:?}", turn.outcome),
                );
            }
        }
        Step::Say(text) => info!("script: {text}"),
        Step::Edit {
            file,
            find,
            replace,
        } => {
            let edited = std::fs::read_to_string(file)
                .map_err(|e| e.to_string())
                .and_then(|t| {
                    if t.contains(find.as_str()) {
                        Ok(t.replacen(find.as_str(), replace, 1))
                    } else {
                        Err(format!("`{find}` is not in the file"))
                    }
                })
                .and_then(|t| std::fs::write(file, t).map_err(|e| e.to_string()));
            if let Err(e) = edited {
                return fail(&mut commands, s, format!("cannot edit {file}: {e}"));
            }
        }
        Step::WaitForReload => {
            let from = *s.reload_from.get_or_insert(current.generation);
            done = current.generation > from;
            if done {
                s.reload_from = None;
            } else {
                s.waited += 1;
                if s.waited > WAIT_LIMIT_FRAMES {
                    return fail(&mut commands, s, "the level was not reloaded".into());
                }
            }
        }
        Step::ExpectProblems(n) => {
            if current.errors.len() != *n {
                return fail(
                    &mut commands,
                    s,
                    format!(
                        "expected {n} problem(s), the level shows {}: {:?}",
                        current.errors.len(),
                        current.errors
                    ),
                );
            }
        }
        Step::Exit => {
            if s.pending_shots > 0 {
                return;
            }
            exit.write(AppExit::Success);
        }
    }
    if done {
        s.waited = 0;
        s.steps.pop_front();
    }
}

fn key_event(k: KeyCode, state: ButtonState, window: Entity) -> KeyboardInput {
    KeyboardInput {
        key_code: k,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window,
    }
}

/// Stop the script: save what the screen shows, then quit with an error.
fn fail(commands: &mut Commands, script: &mut Script, message: String) {
    script.failed = true;
    error!("script failed: {message}; the screen is saved in {FAILURE_SHOT}");
    let _ = std::fs::create_dir_all("out");
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(FAILURE_SHOT))
        .observe(
            |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                exit.write(AppExit::from_code(1));
            },
        );
}

/// When a script fails, save what the screen showed.
pub const FAILURE_SHOT: &str = "out/script-failure.png";
