//! The steps a window-test script is made of (a RON list: pointer moves, clicks, keys,
//! button presses, screenshots, expectations), reading a script file, and the input
//! messages its steps write as the window would.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::input::touch::TouchPhase;
use bevy::prelude::{Entity, KeyCode};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

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
    /// Wait until a text shown in the interface contains this (a prompt, a panel's line).
    ExpectText(String),
    /// Move the pointer to the button whose text contains this (waiting for it to appear),
    /// and click it.
    Button(String),
    /// Save a screenshot.
    Shot(String),
    /// Wait until it is this combatant's turn (and no screen is up).
    WaitForTurn(String),
    /// Wait until this combatant may act (a union member, or a unit of the side whose
    /// activation it is), then click it to pick it to act, as a player would.
    Choose(String),
    /// Wait until the battle ends; fail unless this side won.
    ExpectWinner(String),
    /// Wait until a blow's label with this text shows over a creature (`-7`, `MISS`, ...).
    ExpectBlow(String),
    /// Fail unless no blow's label shows now (after a skip).
    NoBlows,
    /// Wait until at least this many pictures show in the UI, none of them blank (more
    /// than two colours): the level list's thumbnails.
    ExpectPictures(usize),
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
    /// Write the battle's state to a file: every line of the combat log, then each unit's
    /// place, facing, vitality, AP and conditions (a test compares two runs' files).
    SaveState(String),
    /// Input sent from outside the game as a player's hardware sends it: the script prints
    /// what to send, and `tests/window/x11_drive.sh` sends it with `xdotool` (see
    /// `RealInput`).
    X11(RealInput),
    /// Quit the game.
    Exit,
}

/// What a script asks the X11 driver to send.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RealInput {
    /// Move the pointer to the button whose text contains this, and click it.
    Button(String),
    /// Move the pointer to a map tile's centre, and click it.
    Tile(i32, i32),
    /// Move the pointer to a map tile's centre (to hover it).
    Hover(i32, i32),
    /// Press keys as `xdotool key` names them: `ctrl+s`, `Escape`, `F5`, `ctrl+shift+s`.
    Keys(String),
    /// Type text, key by key.
    Type(String),
}

/// Read a script file.
pub fn read_script(path: &PathBuf) -> Result<Vec<Step>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    crate::level::ron_options().from_str(&text).map_err(|e| {
        crate::level::problem::ron_problem(&path.display().to_string(), &text, &e).to_string()
    })
}

/// A key's press or release, as the window sends it.
pub fn key_event(k: KeyCode, state: ButtonState, window: Entity) -> KeyboardInput {
    KeyboardInput {
        key_code: k,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window,
    }
}

/// One notch of the mouse wheel, up (the list's start) or down.
pub fn wheel_notch(up: bool, window: Entity) -> MouseWheel {
    MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y: if up { 1.0 } else { -1.0 },
        window,
        phase: TouchPhase::Moved,
    }
}
