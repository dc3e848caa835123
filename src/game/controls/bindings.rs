//! Key and mouse bindings: the shipped defaults, `assets/input.ron` read over them (a player
//! may edit it), the leafwing input map they make, and quick taps caught so that they act
//! once. The intents themselves are in `controls/mod.rs`.

use super::Intent;
use crate::paths;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
        (Intent::EndTurn, vec![Key(K::Enter)]),
        (Intent::Pass, vec![Key(K::KeyN)]),
        (Intent::Skip, vec![Key(K::Space)]),
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
        (Intent::Disarm, vec![Key(K::Digit7)]),
        (Intent::SwitchPlaces, vec![Key(K::Digit8)]),
        (Intent::Hide, vec![Key(K::KeyH)]),
        (Intent::Hold, vec![Key(K::KeyO)]),
        (Intent::NonLethal, vec![Key(K::KeyK)]),
        (Intent::FirstAid, vec![Key(K::Digit9)]),
        (Intent::Ready, vec![Key(K::KeyB)]),
        (Intent::OffHand, vec![Key(K::KeyJ)]),
        (Intent::Shift, vec![Key(K::Digit0)]),
        (Intent::Kneel, vec![Key(K::KeyV)]),
        (Intent::Load, vec![Key(K::KeyP)]),
        (Intent::CatchBreath, vec![Key(K::KeyM)]),
        (Intent::Coup, vec![Key(K::Digit7)]),
        // Seed003's keys; some share a key with another preset's action (only the rules
        // in force have it).
        (Intent::Dash, vec![Key(K::KeyI)]),
        (Intent::Crouch, vec![Key(K::KeyV)]),
        (Intent::LieDown, vec![Key(K::KeyP)]),
        (Intent::QuickStyle, vec![Key(K::KeyJ)]),
        (Intent::StrongStyle, vec![Key(K::KeyM)]),
        (Intent::Opening, vec![Key(K::Digit7)]),
        (Intent::Pin, vec![Key(K::Digit8)]),
        (Intent::SeizeInitiative, vec![Key(K::KeyH)]),
        (Intent::Ignore, vec![Key(K::KeyO)]),
        (Intent::DragPartner, vec![Key(K::Digit0)]),
        (Intent::WoundCap, vec![Key(K::BracketRight)]),
        (Intent::CycleWeapon, vec![Key(K::KeyQ)]),
        (Intent::ToggleMarks, vec![Key(K::KeyT)]),
        (Intent::LevelSelect, vec![Key(K::KeyL)]),
        (Intent::Help, vec![Key(K::F1)]),
        (Intent::Menu, vec![Key(K::Escape)]),
        (Intent::AnimationSpeed, vec![Key(K::F2)]),
        (Intent::SaveReplay, vec![Key(K::F5)]),
        (Intent::PanUp, vec![Key(K::ArrowUp)]),
        (Intent::PanDown, vec![Key(K::ArrowDown)]),
        (Intent::PanLeft, vec![Key(K::ArrowLeft)]),
        (Intent::PanRight, vec![Key(K::ArrowRight)]),
        (Intent::ZoomIn, vec![Key(K::Equal), Key(K::NumpadAdd)]),
        (Intent::ZoomOut, vec![Key(K::Minus), Key(K::NumpadSubtract)]),
        (Intent::FitMap, vec![Key(K::Home)]),
        (Intent::Fullscreen, vec![Key(K::F11)]),
        (Intent::OwnAction1, vec![Key(K::F6)]),
        (Intent::OwnAction2, vec![Key(K::F7)]),
        (Intent::OwnAction3, vec![Key(K::F8)]),
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

    /// Every input bound to an intent, in words: `Right click / Esc`.
    pub fn inputs_label(&self, intent: Intent) -> String {
        let names: Vec<String> = self
            .map
            .get(&intent)
            .into_iter()
            .flatten()
            .map(|b| match *b {
                Binding::Key(k) => key_name(k),
                Binding::Mouse(m) => format!("{m:?} click"),
            })
            .collect();
        names.join(" / ")
    }
}

/// A short name for a key: `A`, `1`, `Esc`, `Up`, `=`.
pub fn key_name(k: KeyCode) -> String {
    let short = match k {
        KeyCode::Escape => "Esc",
        KeyCode::ArrowUp => "Up",
        KeyCode::ArrowDown => "Down",
        KeyCode::ArrowLeft => "Left",
        KeyCode::ArrowRight => "Right",
        KeyCode::Equal => "=",
        KeyCode::Minus => "-",
        KeyCode::BracketLeft => "[",
        KeyCode::BracketRight => "]",
        KeyCode::NumpadAdd => "Num +",
        KeyCode::NumpadSubtract => "Num -",
        _ => "",
    };
    if !short.is_empty() {
        return short.to_string();
    }
    let s = format!("{k:?}");
    s.strip_prefix("Key")
        .or_else(|| s.strip_prefix("Digit"))
        .unwrap_or(&s)
        .to_string()
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
