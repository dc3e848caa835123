//! Window tests and previews: `--screenshot FILE` renders a few frames, saves a PNG and
//! exits; `--script FILE` plays a RON list of input steps (pointer moves, clicks, keys,
//! button presses, screenshots) through Bevy's own input messages, so the game sees them
//! exactly as it sees a player.

use super::UiState;
use super::blows::BlowLabel;
use super::editor::widgets::WholeText;
use super::level_asset::CurrentLevel;
use super::map_view::{GameCamera, MapGeometry};
pub use super::script_steps::{Step, read_script};
use super::script_steps::{key_event, wheel_notch};
use crate::battle::BattleLog;
use crate::battle::describe::{Wording, describe_in};
use crate::battle::events::Outcome;
use crate::battle::preview::BattleView;
use crate::rules::grid::Pos;
use bevy::ecs::system::SystemParam;
use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::{CursorMoved, PrimaryWindow};
use std::collections::VecDeque;
use std::path::PathBuf;

mod level_steps;
mod real_input;

/// Frames rendered before a `--screenshot` is taken when `--frames` is not given.
pub const DEFAULT_SCREENSHOT_FRAMES: u32 = 30;
/// Frames a `WaitForTurn` or `WaitUntilIdle` step waits at most.
pub const WAIT_LIMIT_FRAMES: u32 = 900;

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
    /// The input asked of the X11 driver outside the game.
    real: real_input::Asked,
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

/// Whether a step is over (the next one follows) or goes on next frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Progress {
    Done,
    NotYet,
}

/// A button's place on screen: its size, where it is, whether it shows, and the part of
/// the window a list that clips it shows.
type ButtonLayout = (
    Entity,
    &'static ComputedNode,
    &'static UiGlobalTransform,
    &'static InheritedVisibility,
    Option<&'static CalculatedClip>,
);

/// What the steps read and write: the window, the camera, the buttons, the battle and the
/// level, and Bevy's own input messages.
#[derive(SystemParam)]
struct Player<'w, 's> {
    commands: Commands<'w, 's>,
    window: Single<'w, 's, (Entity, &'static mut Window), With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<GameCamera>>,
    geo: Res<'w, MapGeometry>,
    buttons: Query<'w, 's, ButtonLayout, With<Button>>,
    children: Query<'w, 's, &'static Children>,
    texts: Query<'w, 's, &'static Text>,
    shown: Query<'w, 's, (&'static Text, &'static InheritedVisibility)>,
    boxes: Query<'w, 's, (&'static WholeText, &'static InheritedVisibility)>,
    view: BattleView<'w, 's>,
    ui: Res<'w, UiState>,
    current: Res<'w, CurrentLevel>,
    log: Res<'w, BattleLog>,
    blows: Query<'w, 's, (&'static Text2d, &'static Visibility), With<BlowLabel>>,
    pictures: Query<'w, 's, (&'static ImageNode, &'static InheritedVisibility)>,
    images: Res<'w, Assets<Image>>,
    moved: MessageWriter<'w, CursorMoved>,
    mouse: MessageWriter<'w, MouseButtonInput>,
    wheel: MessageWriter<'w, MouseWheel>,
    keys: MessageWriter<'w, KeyboardInput>,
    exit: MessageWriter<'w, AppExit>,
}

/// Play the script: release what the last step pressed, wait, or take the next step.
fn play(mut script: ResMut<Script>, mut player: Player) {
    let s = &mut *script;
    if s.failed {
        return;
    }
    if player.release_held(s) {
        return;
    }
    if s.waiting > 0 {
        s.waiting -= 1;
        return;
    }
    let Some(step) = s.steps.front().cloned() else {
        if s.exit_when_done && s.pending_shots == 0 {
            player.exit.write(AppExit::Success);
        }
        return;
    };
    if s.waited == 0 && !matches!(step, Step::Wait(_)) {
        debug!("script step {step:?}");
    }
    if player.step(s, &step) == Progress::Done {
        s.waited = 0;
        s.steps.pop_front();
    }
}

impl Player<'_, '_> {
    /// Take one step.
    fn step(&mut self, s: &mut Script, step: &Step) -> Progress {
        match step {
            Step::Wait(n) => wait(s, *n),
            Step::Tile(x, y) => self.point_at_tile(s, Pos::new(*x, *y)),
            Step::Point(x, y) => self.point_at(Vec2::new(*x, *y)),
            Step::Click => self.click(s, MouseButton::Left),
            Step::RightClick => self.click(s, MouseButton::Right),
            Step::Key(k) => self.key(s, *k),
            Step::Tap(k) => self.tap(*k),
            Step::TapClick => self.tap_click(),
            Step::ShowTile(x, y) => self.show_tile(s, Pos::new(*x, *y)),
            Step::WaitForLog(text) => self.wait_for_log(s, text),
            Step::ExpectText(text) => self.expect_text(s, text),
            Step::Button(label) => self.button(s, label),
            Step::Shot(path) => self.shot(s, path),
            Step::WaitForTurn(name) => self.wait_for_turn(s, name),
            Step::Choose(name) => self.choose(s, name),
            Step::ExpectWinner(side) => self.expect_winner(s, side),
            Step::ExpectBlow(text) => self.expect_blow(s, text),
            Step::ExpectPictures(n) => self.expect_pictures(s, *n),
            Step::NoBlows => self.no_blows(s),
            Step::Say(text) => say(text),
            Step::Edit {
                file,
                find,
                replace,
            } => self.edit(s, file, find, replace),
            Step::WaitForReload => self.wait_for_reload(s),
            Step::ExpectProblems(n) => self.expect_problems(s, *n),
            Step::SaveState(path) => self.save_state(path),
            Step::X11(input) => self.real_input(s, input),
            Step::Exit => self.quit(s),
        }
    }

    /// Release the mouse button or key the last step pressed; whether there was one.
    fn release_held(&mut self, s: &mut Script) -> bool {
        let window = self.window.0;
        if let Some(b) = s.release.take() {
            self.mouse.write(MouseButtonInput {
                button: b,
                state: ButtonState::Released,
                window,
            });
            return true;
        }
        if let Some(k) = s.release_key.take() {
            self.keys.write(key_event(k, ButtonState::Released, window));
            return true;
        }
        false
    }

    /// Where a tile's centre is in the window, if it is on screen.
    fn window_point(&self, p: Pos) -> Option<Vec2> {
        let (camera, cam_tf) = *self.camera;
        camera
            .world_to_viewport(cam_tf, self.geo.world_of(p).extend(0.0))
            .ok()
    }

    fn point_at(&mut self, at: Vec2) -> Progress {
        let (entity, window) = &mut *self.window;
        window.set_cursor_position(Some(at));
        self.moved.write(CursorMoved {
            window: *entity,
            position: at,
            delta: None,
        });
        Progress::Done
    }

    fn point_at_tile(&mut self, s: &mut Script, p: Pos) -> Progress {
        match self.window_point(p) {
            Some(at) => self.point_at(at),
            None => self.fail(s, format!("tile ({}, {}) is not on screen", p.x, p.y)),
        }
    }

    /// Press a mouse button now, release it next frame.
    fn click(&mut self, s: &mut Script, button: MouseButton) -> Progress {
        self.mouse.write(MouseButtonInput {
            button,
            state: ButtonState::Pressed,
            window: self.window.0,
        });
        s.release = Some(button);
        Progress::Done
    }

    /// Press a key now, release it next frame.
    fn key(&mut self, s: &mut Script, k: KeyCode) -> Progress {
        self.keys
            .write(key_event(k, ButtonState::Pressed, self.window.0));
        s.release_key = Some(k);
        Progress::Done
    }

    /// Press and release a key in the same frame.
    fn tap(&mut self, k: KeyCode) -> Progress {
        let window = self.window.0;
        self.keys.write(key_event(k, ButtonState::Pressed, window));
        self.keys.write(key_event(k, ButtonState::Released, window));
        Progress::Done
    }

    /// Press and release the left mouse button in the same frame.
    fn tap_click(&mut self) -> Progress {
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.mouse.write(MouseButtonInput {
                button: MouseButton::Left,
                state,
                window: self.window.0,
            });
        }
        Progress::Done
    }

    fn show_tile(&mut self, s: &mut Script, p: Pos) -> Progress {
        match self.window_point(p) {
            Some(at) => {
                println!(
                    "tile ({}, {}) is at window point ({}, {})",
                    p.x, p.y, at.x, at.y
                );
                Progress::Done
            }
            None => self.fail(s, format!("tile ({}, {}) is not on screen", p.x, p.y)),
        }
    }

    fn expect_blow(&mut self, s: &mut Script, text: &str) -> Progress {
        let shown = |(l, v): (&Text2d, &Visibility)| l.0 == text && v != Visibility::Hidden;
        if self.blows.iter().any(shown) {
            return Progress::Done;
        }
        self.keep_waiting(s, |p| {
            let labels: Vec<&str> = p.blows.iter().map(|(l, _)| l.0.as_str()).collect();
            format!("no blow label `{text}` showed; labels: {labels:?}")
        })
    }

    fn no_blows(&mut self, s: &mut Script) -> Progress {
        let labels: Vec<&str> = self.blows.iter().map(|(l, _)| l.0.as_str()).collect();
        if labels.is_empty() {
            return Progress::Done;
        }
        let message = format!("blow labels still show: {labels:?}");
        self.fail(s, message)
    }

    fn expect_pictures(&mut self, s: &mut Script, n: usize) -> Progress {
        let colours = |p: &Player, node: &ImageNode| {
            let data = p.images.get(&node.image).and_then(|i| i.data.as_ref());
            let distinct: std::collections::BTreeSet<&[u8]> =
                data.into_iter().flat_map(|d| d.chunks(4)).collect();
            distinct.len()
        };
        let shown: Vec<usize> = self
            .pictures
            .iter()
            .filter(|(_, v)| v.get())
            .map(|(node, _)| colours(self, node))
            .collect();
        if shown.len() >= n && shown.iter().all(|c| *c > 2) {
            say(&format!(
                "{} pictures show, with {:?} colours",
                shown.len(),
                shown
            ));
            return Progress::Done;
        }
        self.keep_waiting(s, |_| {
            format!("wanted {n} pictures, none blank; showing: {shown:?} colours each")
        })
    }

    fn save_state(&mut self, path: &str) -> Progress {
        let wording = Wording::of(&self.view.rules.0);
        let mut lines: Vec<String> = (self.log.events.iter())
            .map(|e| describe_in(e, wording))
            .collect();
        let snap = self.view.snapshot();
        for u in &snap.units {
            lines.push(format!(
                "{} at {:?} facing {:?}: {}/{} vitality, {} AP, {:?}",
                u.name, u.pos, u.facing, u.vitality, u.max_vitality, u.ap, u.conditions
            ));
        }
        if let Err(e) = std::fs::write(path, lines.join("\n") + "\n") {
            error!("script: cannot write {path}: {e}");
        }
        Progress::Done
    }

    fn wait_for_log(&mut self, s: &mut Script, text: &str) -> Progress {
        let wording = Wording::of(&self.view.rules.0);
        let found = self
            .log
            .events
            .iter()
            .any(|e| describe_in(e, wording).contains(text));
        if found {
            return Progress::Done;
        }
        self.keep_waiting(s, |_| format!("no line of the combat log says `{text}`"))
    }

    fn expect_text(&mut self, s: &mut Script, text: &str) -> Progress {
        let boxed = (self.boxes.iter()).any(|(t, v)| v.get() && t.0.contains(text));
        if boxed || (self.shown.iter()).any(|(t, v)| v.get() && t.0.contains(text)) {
            return Progress::Done;
        }
        self.keep_waiting(s, |_| format!("no text in the interface says `{text}`"))
    }

    /// Point at the button showing `label` (once it is there), and click it next frame,
    /// once picking has seen the pointer there.
    fn button(&mut self, s: &mut Script, label: &str) -> Progress {
        let Some((centre, clip)) = self.button_centre(label) else {
            return self.keep_waiting(s, |p| {
                let shown = p.button_texts();
                format!("no button shows `{label}`; buttons: {shown:?}")
            });
        };
        // A button scrolled out of its list's view: the wheel over the list, as a player
        // would, a notch a frame until it shows.
        if let Some(clip) = clip.filter(|c| !c.contains(centre)) {
            // A list that scrolls one way clips only that way: the other is unbounded.
            let over = Vec2::new(centre.x, clip.min.y.max(0.0) + 10.0);
            self.point_at(over);
            let up = centre.y < clip.min.y;
            self.wheel.write(wheel_notch(up, self.window.0));
            return self.keep_waiting(s, |_| format!("`{label}` never scrolled into view"));
        }
        self.point_at(centre);
        s.waited = 0;
        s.steps.pop_front();
        s.steps.push_front(Step::Click);
        s.steps.push_front(Step::Wait(1));
        Progress::NotYet
    }

    /// The centre of the visible button whose text contains `label` (a button laid out
    /// to no size, as one of an action the rules lack, is not there to press), and the
    /// part of the window its list shows, if a list clips it.
    fn button_centre(&self, label: &str) -> Option<(Vec2, Option<Rect>)> {
        let (_, _, tf, _, clip) = self.buttons.iter().find(|(e, node, _, vis, _)| {
            vis.get()
                && node.size().min_element() > 0.0
                && self.texts_in(*e).iter().any(|t| t.contains(label))
        })?;
        // The node's place is in physical pixels; the pointer's in the window's logical
        // ones (`UiScale` sizes the interface, not the window).
        let k = self.window.1.scale_factor();
        let clip = clip.map(|c| Rect::from_corners(c.clip.min / k, c.clip.max / k));
        Some((tf.translation / k, clip))
    }

    /// The texts inside a button, however deep (a level's button holds a column of them).
    fn texts_in(&self, button: Entity) -> Vec<&str> {
        self.children
            .iter_descendants(button)
            .filter_map(|k| self.texts.get(k).ok().map(|t| t.0.as_str()))
            .collect()
    }

    /// The texts of all buttons, for a failure message.
    fn button_texts(&self) -> Vec<String> {
        self.buttons
            .iter()
            .flat_map(|(e, ..)| self.texts_in(e).into_iter().map(String::from))
            .collect()
    }

    /// Save a screenshot; the script does not end before it is written.
    fn shot(&mut self, s: &mut Script, path: &str) -> Progress {
        if let Some(dir) = std::path::Path::new(path).parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        s.pending_shots += 1;
        info!("screenshot {path}");
        self.commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(PathBuf::from(path)))
            .observe(|_: On<ScreenshotCaptured>, mut script: ResMut<Script>| {
                script.pending_shots = script.pending_shots.saturating_sub(1);
            });
        Progress::Done
    }

    fn wait_for_turn(&mut self, s: &mut Script, name: &str) -> Progress {
        let active = self.view.acting().map(|e| self.view.roster.name(e));
        if active.as_deref() == Some(name) && !self.ui.blocked {
            return Progress::Done;
        }
        self.keep_waiting(s, |_| {
            format!("waited too long for {name}'s turn (it is {active:?}'s)")
        })
    }

    fn choose(&mut self, s: &mut Script, name: &str) -> Progress {
        let unit = self
            .view
            .units
            .iter()
            .find(|u| *u.combatant.name == *name)
            .map(|u| (u.entity, u.pos.0));
        if let Some((e, at)) = unit
            && !self.ui.blocked
        {
            if self.view.acting() == Some(e) {
                return Progress::Done;
            }
            // Point first; click once the pointer is seen over the unit.
            if self.view.may_choose(e) && s.release.is_none() {
                if self.ui.hovered == Some(at) {
                    self.click(s, MouseButton::Left);
                } else {
                    self.point_at_tile(s, at);
                }
            }
        }
        self.keep_waiting(s, |_| format!("{name} never came to be picked to act"))
    }

    fn expect_winner(&mut self, s: &mut Script, side: &str) -> Progress {
        let outcome = &self.view.turn.outcome;
        if matches!(outcome, Some(Outcome::Victory { side: s2, .. }) if s2 == side) {
            return Progress::Done;
        }
        // The computer's last commands come at its own pace (seconds, not frames): wait
        // for the battle to end, and fail only on another outcome or after the wait limit.
        if outcome.is_none() {
            return self.keep_waiting(s, |p| {
                let outcome = &p.view.turn.outcome;
                format!("expected {side} to have won; outcome: {outcome:?}")
            });
        }
        let message = format!("expected {side} to have won; outcome: {outcome:?}");
        self.fail(s, message)
    }

    /// Quit, once every screenshot is written.
    fn quit(&mut self, s: &mut Script) -> Progress {
        if s.pending_shots > 0 {
            return Progress::NotYet;
        }
        self.exit.write(AppExit::Success);
        Progress::Done
    }

    /// Count a frame of waiting; fail with `why` once the wait is too long.
    fn keep_waiting(&mut self, s: &mut Script, why: impl FnOnce(&Self) -> String) -> Progress {
        s.waited += 1;
        if s.waited > WAIT_LIMIT_FRAMES {
            let message = why(self);
            return self.fail(s, message);
        }
        Progress::NotYet
    }

    /// Stop the script: save what the screen shows, then quit with an error.
    fn fail(&mut self, script: &mut Script, message: String) -> Progress {
        script.failed = true;
        error!("script failed: {message}; the screen is saved in {FAILURE_SHOT}");
        let _ = std::fs::create_dir_all("out");
        self.commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(FAILURE_SHOT))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::from_code(1));
                },
            );
        Progress::NotYet
    }
}

fn wait(s: &mut Script, frames: u32) -> Progress {
    s.waiting = frames;
    Progress::Done
}

fn say(text: &str) -> Progress {
    info!("script: {text}");
    Progress::Done
}

/// When a script fails, save what the screen showed.
pub const FAILURE_SHOT: &str = "out/script-failure.png";
