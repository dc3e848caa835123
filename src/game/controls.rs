//! Input by intent: a leafwing-input-manager `Actionlike` enum, default bindings read from
//! `assets/input.ron` (a player may edit it), the camera, the tile under the cursor, and
//! turning clicks and hotkeys into `Command`s. Input only ever writes commands.

use super::map_view::{GameCamera, MapGeometry, frame_camera};
use super::{ControlSystems, HudSystems, LevelSelectOpen, Mode, SaveReplayRequest, UiState};
use crate::battle::events::{Command, DelayUntil};
use crate::battle::preview::BattleView;
use crate::paths;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Dir8;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::plugin::InputManagerSystem;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Everything a player can mean with a key or a click.
#[derive(
    Actionlike,
    PartialEq,
    Eq,
    Hash,
    Clone,
    Copy,
    Debug,
    Reflect,
    Serialize,
    Deserialize,
    PartialOrd,
    Ord,
)]
pub enum Intent {
    Select,
    Cancel,
    /// On a prompt: yes (accept the reaction, continue).
    Accept,
    /// On a prompt: no (decline the reaction, close).
    Decline,
    EndTurn,
    NextUnit,
    RotateFacing,
    Face,
    Undo,
    Attack,
    Shove,
    Trip,
    Grab,
    Charge,
    Stabilize,
    Defend,
    TakeCover,
    Disengage,
    Sprint,
    StandUp,
    Escape,
    Release,
    Delay,
    CycleWeapon,
    ToggleMarks,
    LevelSelect,
    SaveReplay,
    PanUp,
    PanDown,
    PanLeft,
    PanRight,
    ZoomIn,
    ZoomOut,
    FitMap,
    #[actionlike(Axis)]
    Zoom,
    #[actionlike(DualAxis)]
    Drag,
}

/// The action an intent stands for, if any.
pub fn action_of(intent: Intent) -> Option<ActionKind> {
    match intent {
        Intent::Attack => Some(ActionKind::Attack),
        Intent::Shove => Some(ActionKind::Shove),
        Intent::Trip => Some(ActionKind::Trip),
        Intent::Grab => Some(ActionKind::Grab),
        Intent::Charge => Some(ActionKind::Charge),
        Intent::Stabilize => Some(ActionKind::Stabilize),
        Intent::Defend => Some(ActionKind::Defend),
        Intent::TakeCover => Some(ActionKind::TakeCover),
        Intent::Disengage => Some(ActionKind::Disengage),
        Intent::Sprint => Some(ActionKind::Sprint),
        Intent::StandUp => Some(ActionKind::StandUp),
        Intent::Escape => Some(ActionKind::Escape),
        Intent::Release => Some(ActionKind::Release),
        Intent::Face => Some(ActionKind::Face),
        Intent::Delay => Some(ActionKind::Delay),
        Intent::EndTurn => Some(ActionKind::EndTurn),
        _ => None,
    }
}

/// One input a binding file may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    Key(KeyCode),
    Mouse(MouseButton),
}

/// The shipped bindings, used for intents the file leaves out or when it cannot be read.
pub fn default_bindings() -> BTreeMap<Intent, Vec<Binding>> {
    use Binding::{Key, Mouse};
    use KeyCode as K;
    BTreeMap::from([
        (Intent::Select, vec![Mouse(MouseButton::Left)]),
        (
            Intent::Cancel,
            vec![Mouse(MouseButton::Right), Key(K::Escape)],
        ),
        (Intent::Accept, vec![Key(K::KeyY)]),
        (Intent::Decline, vec![Key(K::KeyN)]),
        (Intent::EndTurn, vec![Key(K::Enter), Key(K::Space)]),
        (Intent::NextUnit, vec![Key(K::Tab)]),
        (Intent::RotateFacing, vec![Key(K::KeyR)]),
        (Intent::Face, vec![Key(K::KeyF)]),
        (Intent::Undo, vec![Key(K::KeyZ), Key(K::Backspace)]),
        (Intent::Attack, vec![Key(K::Digit1), Key(K::KeyA)]),
        (Intent::Shove, vec![Key(K::Digit2)]),
        (Intent::Trip, vec![Key(K::Digit3)]),
        (Intent::Grab, vec![Key(K::Digit4)]),
        (Intent::Charge, vec![Key(K::Digit5)]),
        (Intent::Stabilize, vec![Key(K::Digit6)]),
        (Intent::Defend, vec![Key(K::KeyD)]),
        (Intent::TakeCover, vec![Key(K::KeyC)]),
        (Intent::Disengage, vec![Key(K::KeyG)]),
        (Intent::Sprint, vec![Key(K::KeyS)]),
        (Intent::StandUp, vec![Key(K::KeyU)]),
        (Intent::Escape, vec![Key(K::KeyE)]),
        (Intent::Release, vec![Key(K::KeyX)]),
        (Intent::Delay, vec![Key(K::KeyW)]),
        (Intent::CycleWeapon, vec![Key(K::KeyQ)]),
        (Intent::ToggleMarks, vec![Key(K::KeyT)]),
        (Intent::LevelSelect, vec![Key(K::KeyL)]),
        (Intent::SaveReplay, vec![Key(K::F5)]),
        (Intent::PanUp, vec![Key(K::ArrowUp)]),
        (Intent::PanDown, vec![Key(K::ArrowDown)]),
        (Intent::PanLeft, vec![Key(K::ArrowLeft)]),
        (Intent::PanRight, vec![Key(K::ArrowRight)]),
        (Intent::ZoomIn, vec![Key(K::Equal), Key(K::NumpadAdd)]),
        (Intent::ZoomOut, vec![Key(K::Minus), Key(K::NumpadSubtract)]),
        (Intent::FitMap, vec![Key(K::Home)]),
    ])
}

/// The bindings file's path under `assets/`.
pub const BINDINGS_FILE: &str = "input.ron";

/// Read `assets/input.ron` over the defaults; the problem, if it cannot be read.
pub fn load_bindings() -> (BTreeMap<Intent, Vec<Binding>>, Option<String>) {
    load_bindings_from(&paths::assets_dir().join(BINDINGS_FILE))
}

/// Read a bindings file over the defaults: intents it leaves out keep their defaults; a file
/// that cannot be read or parsed gives the defaults and a message with its position.
pub fn load_bindings_from(
    path: &std::path::Path,
) -> (BTreeMap<Intent, Vec<Binding>>, Option<String>) {
    let mut map = default_bindings();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            return (
                map,
                Some(format!(
                    "{}: {e}; using the default controls",
                    paths::display(path)
                )),
            );
        }
    };
    match crate::level::ron_options().from_str::<BTreeMap<Intent, Vec<Binding>>>(&text) {
        Ok(file) => {
            map.extend(file);
            (map, None)
        }
        Err(e) => (
            map,
            Some(format!(
                "{}; using the default controls",
                crate::level::problem::ron_problem(&paths::display(path), &text, &e)
            )),
        ),
    }
}

/// The bindings in force, for the help line of the action bar.
#[derive(Resource, Debug, Default)]
pub struct Bindings {
    pub map: BTreeMap<Intent, Vec<Binding>>,
    pub problem: Option<String>,
}

impl Bindings {
    /// The first key bound to an intent, as shown on a button.
    pub fn key_label(&self, intent: Intent) -> String {
        self.map
            .get(&intent)
            .and_then(|bs| {
                bs.iter().find_map(|b| match b {
                    Binding::Key(k) => Some(key_name(*k)),
                    Binding::Mouse(_) => None,
                })
            })
            .unwrap_or_default()
    }
}

/// A short name for a key.
pub fn key_name(k: KeyCode) -> String {
    let s = format!("{k:?}");
    s.strip_prefix("Key")
        .or_else(|| s.strip_prefix("Digit"))
        .unwrap_or(&s)
        .to_string()
}

/// Something the HUD asks the controls to do (a click on an action button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pressed(pub Intent);

pub fn plugin(app: &mut App) {
    let (map, problem) = load_bindings();
    if let Some(p) = &problem {
        warn!("{p}");
    }
    app.add_plugins(InputManagerPlugin::<Intent>::default())
        .insert_resource(Bindings { map, problem })
        .add_message::<Pressed>()
        .add_systems(Startup, spawn_input_map)
        .add_systems(
            PreUpdate,
            catch_taps.in_set(InputManagerSystem::ManualControl),
        )
        .add_systems(
            Update,
            (camera_control, track_hover, new_turn, act)
                .chain()
                .in_set(ControlSystems)
                .after(HudSystems),
        );
}

/// The leafwing input map for a set of bindings, plus the fixed wheel zoom and middle drag.
pub fn input_map(bindings: &BTreeMap<Intent, Vec<Binding>>) -> InputMap<Intent> {
    let mut map = InputMap::<Intent>::default();
    for (intent, list) in bindings {
        for b in list {
            match *b {
                Binding::Key(k) => map.insert(*intent, k),
                Binding::Mouse(m) => map.insert(*intent, m),
            };
        }
    }
    map.insert_axis(Intent::Zoom, MouseScrollAxis::Y);
    map.insert_dual_axis(
        Intent::Drag,
        DualAxislikeChord::new(MouseButton::Middle, MouseMove::default()),
    );
    map
}

fn spawn_input_map(
    mut commands: Commands,
    bindings: Res<Bindings>,
    camera: Query<Entity, With<GameCamera>>,
) {
    let map = input_map(&bindings.map);
    match camera.single() {
        Ok(cam) => {
            commands.entity(cam).insert(map);
        }
        Err(_) => {
            commands.spawn(map);
        }
    }
}

/// Leafwing reads whether a button is held, so a press and its release within one frame (a
/// quick tap on a slow machine, tap-to-click on a touchpad, `xdotool key`) never reached the
/// action state and the input was lost. Bevy's `ButtonInput` still marks such a button
/// `just_pressed`: press its intent for this one frame, so every tap acts exactly once.
pub fn catch_taps(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    bindings: Res<Bindings>,
    mut states: Query<&mut ActionState<Intent>>,
) {
    let tapped = |b: &Binding| match *b {
        Binding::Key(k) => keys.just_pressed(k) && !keys.pressed(k),
        Binding::Mouse(m) => mouse.just_pressed(m) && !mouse.pressed(m),
    };
    for mut state in &mut states {
        for (intent, list) in &bindings.map {
            if list.iter().any(tapped) && !state.pressed(intent) {
                state.press(intent);
            }
        }
    }
}

/// Pan, zoom and fit.
fn camera_control(
    actions: Single<&ActionState<Intent>>,
    ui: Res<UiState>,
    time: Res<Time>,
    geo: Res<MapGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<GameCamera>>,
) {
    let (mut tf, mut proj) = camera.into_inner();
    let Projection::Orthographic(o) = &mut *proj else {
        return;
    };
    let mut pan = Vec2::ZERO;
    for (intent, d) in [
        (Intent::PanUp, Vec2::Y),
        (Intent::PanDown, -Vec2::Y),
        (Intent::PanLeft, -Vec2::X),
        (Intent::PanRight, Vec2::X),
    ] {
        if actions.pressed(&intent) {
            pan += d;
        }
    }
    let speed = 600.0 * o.scale * time.delta_secs();
    let drag = actions.axis_pair(&Intent::Drag) * Vec2::new(-1.0, 1.0) * o.scale;
    tf.translation += (pan * speed + drag).extend(0.0);
    let mut zoom = 0.0;
    if !ui.over_ui {
        zoom +=
            actions.value(&Intent::Zoom).signum() * f32::from(actions.value(&Intent::Zoom) != 0.0);
    }
    if actions.just_pressed(&Intent::ZoomIn) {
        zoom += 1.0;
    }
    if actions.just_pressed(&Intent::ZoomOut) {
        zoom -= 1.0;
    }
    if zoom != 0.0 {
        o.scale = (o.scale * (1.0 - 0.12 * zoom)).clamp(0.2, 4.0);
    }
    if actions.just_pressed(&Intent::FitMap) && geo.width > 0 {
        let mut p = Projection::Orthographic(o.clone());
        frame_camera(&geo, &window, &mut tf, &mut p);
        if let Projection::Orthographic(fitted) = p {
            *o = fitted;
        }
    }
}

/// The tile under the cursor, unless the cursor is over the HUD.
fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<GameCamera>>,
    geo: Res<MapGeometry>,
    mut ui: ResMut<UiState>,
) {
    let (cam, cam_tf) = *camera;
    let tile = window
        .cursor_position()
        .and_then(|p| cam.viewport_to_world_2d(cam_tf, p).ok())
        .and_then(|w| geo.pos_at(w));
    let tile = if ui.over_ui || ui.blocked { None } else { tile };
    if ui.hovered != tile {
        ui.hovered = tile;
    }
}

/// The name of the active combatant and its entity.
fn active(view: &BattleView) -> Option<(Entity, String)> {
    let e = view.turn.active()?;
    Some((e, view.roster.name(e).to_string()))
}

/// A new turn starts with a clean slate: moving, no inspected unit, the automatic weapon.
fn new_turn(view: BattleView, mut ui: ResMut<UiState>, mut last: Local<Option<Entity>>) {
    let now = view.turn.active();
    if *last != now {
        *last = now;
        ui.mode = Mode::Move;
        ui.weapon = None;
        ui.inspected = None;
    }
}

/// Clicks and hotkeys become commands or mode changes.
#[allow(clippy::too_many_arguments)]
fn act(
    actions: Single<&ActionState<Intent>>,
    mut pressed: MessageReader<Pressed>,
    mut ui: ResMut<UiState>,
    view: BattleView,
    mut out: MessageWriter<Command>,
    mut level_select: ResMut<LevelSelectOpen>,
    mut save: MessageWriter<SaveReplayRequest>,
    bindings: Res<Bindings>,
) {
    let mut intents: Vec<Intent> = pressed.read().map(|p| p.0).collect();
    if !ui.blocked {
        for &intent in bindings.map.keys() {
            if intent == Intent::Select && ui.over_ui {
                continue;
            }
            if actions.just_pressed(&intent) {
                intents.push(intent);
            }
        }
    }
    if intents.is_empty() {
        return;
    }
    let snap = view.snapshot();
    let active = active(&view);
    for intent in intents {
        let unit = active.as_ref().map(|(_, n)| n.clone()).unwrap_or_default();
        let me = active.as_ref().and_then(|(e, _)| snap.get(*e));
        let target_mode = |k: ActionKind, ui: &mut UiState| {
            ui.mode = if ui.mode == Mode::Target(k) {
                Mode::Move
            } else {
                Mode::Target(k)
            };
        };
        match intent {
            Intent::Select => {
                let Some(tile) = ui.hovered else { continue };
                let clicked = snap.at(tile).map(|u| (u.entity, u.name.clone()));
                match (ui.mode, clicked) {
                    (Mode::Move, Some((e, _))) => {
                        ui.inspected = if Some(e) == active.as_ref().map(|a| a.0) {
                            None
                        } else {
                            Some(e)
                        };
                    }
                    (Mode::Move, None) => {
                        out.write(Command::Move { unit, to: tile });
                    }
                    (Mode::Target(kind), Some((_, target))) => {
                        if let Some(cmd) =
                            Command::targeted(kind, &unit, &target, ui.weapon.clone())
                        {
                            out.write(cmd);
                            ui.mode = Mode::Move;
                        }
                    }
                    (Mode::Delay, Some((_, target))) => {
                        out.write(Command::Delay {
                            unit,
                            until: DelayUntil::After(target.to_string()),
                        });
                        ui.mode = Mode::Move;
                    }
                    (Mode::Face, _) => {
                        if let Some(dir) = me.and_then(|m| Dir8::towards(m.pos, tile)) {
                            out.write(Command::Face { unit, facing: dir });
                        }
                        ui.mode = Mode::Move;
                    }
                    _ => {}
                }
            }
            Intent::Cancel => {
                if ui.mode != Mode::Move {
                    ui.mode = Mode::Move;
                } else {
                    ui.inspected = None;
                }
            }
            Intent::EndTurn => {
                out.write(Command::EndTurn { unit });
                ui.mode = Mode::Move;
            }
            Intent::NextUnit => {
                let ids: Vec<Entity> = snap
                    .units
                    .iter()
                    .filter(|u| u.able())
                    .map(|u| u.entity)
                    .collect();
                let next = match ui.inspected.and_then(|e| ids.iter().position(|x| *x == e)) {
                    Some(i) => ids.get(i + 1).copied(),
                    None => ids.first().copied(),
                };
                ui.inspected = next;
            }
            Intent::RotateFacing => {
                if let Some(m) = me {
                    out.write(Command::Face {
                        unit,
                        facing: m.facing.rotated(1),
                    });
                }
            }
            Intent::Face => {
                ui.mode = if ui.mode == Mode::Face {
                    Mode::Move
                } else {
                    Mode::Face
                }
            }
            Intent::Undo => {
                out.write(Command::UndoMove { unit });
            }
            Intent::Attack => target_mode(ActionKind::Attack, &mut ui),
            Intent::Shove => target_mode(ActionKind::Shove, &mut ui),
            Intent::Trip => target_mode(ActionKind::Trip, &mut ui),
            Intent::Grab => target_mode(ActionKind::Grab, &mut ui),
            Intent::Charge => target_mode(ActionKind::Charge, &mut ui),
            Intent::Stabilize => target_mode(ActionKind::Stabilize, &mut ui),
            Intent::Defend
            | Intent::TakeCover
            | Intent::Disengage
            | Intent::Sprint
            | Intent::StandUp
            | Intent::Escape
            | Intent::Release => {
                if let Some(cmd) =
                    action_of(intent).and_then(|kind| Command::untargeted(kind, &unit))
                {
                    out.write(cmd);
                }
            }
            Intent::Delay => {
                if ui.mode == Mode::Delay {
                    out.write(Command::Delay {
                        unit,
                        until: DelayUntil::EndOfRound,
                    });
                    ui.mode = Mode::Move;
                } else {
                    ui.mode = Mode::Delay;
                }
            }
            Intent::CycleWeapon => {
                if let Some(m) = me {
                    let names: Vec<String> =
                        m.stats.weapons.iter().map(|w| w.name.clone()).collect();
                    ui.weapon = match ui
                        .weapon
                        .as_ref()
                        .and_then(|w| names.iter().position(|n| n == w))
                    {
                        None => names.first().cloned(),
                        Some(i) => names.get(i + 1).cloned(),
                    };
                }
            }
            Intent::ToggleMarks => ui.terrain_marks = !ui.terrain_marks,
            Intent::LevelSelect => {
                level_select.0 = !level_select.0;
            }
            Intent::SaveReplay => {
                save.write(SaveReplayRequest);
            }
            _ => {}
        }
    }
}
