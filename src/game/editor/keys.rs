//! The editor's keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S
//! save as, Ctrl+D duplicate, Delete delete, R turn, Tab next side, 1-5 the tools, F5 or P
//! playtest, B a duel in the background, Esc close a dialog or let go of the unit; in the
//! Save as and typing dialogs (names, the description), typing writes the text (Enter
//! takes it, Esc cancels).

use super::{Dialog, Editor, EditorAction, Tool};
use crate::game::screen_state::GameScreen;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (type_name, shortcuts)
            .chain()
            .before(super::actions::ActionSystems)
            .run_if(in_state(GameScreen::Editor)),
    );
}

/// The tool keys, in `Tool::ALL`'s order.
const TOOL_KEYS: [KeyCode; 5] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
];

/// The action a key pressed now asks for, with Ctrl and Shift as held.
fn action_of(key: KeyCode, ctrl: bool, shift: bool) -> Option<EditorAction> {
    use EditorAction as A;
    Some(match (key, ctrl, shift) {
        (KeyCode::KeyZ, true, false) => A::Undo,
        (KeyCode::KeyZ, true, true) | (KeyCode::KeyY, true, _) => A::Redo,
        (KeyCode::KeyS, true, false) => A::Save,
        (KeyCode::KeyS, true, true) => A::SaveAs,
        (KeyCode::KeyD, true, _) => A::Duplicate,
        (KeyCode::Delete | KeyCode::Backspace, false, _) => A::Delete,
        (KeyCode::KeyR, false, _) => A::TurnFacing,
        (KeyCode::Tab, false, _) => A::NextSide,
        (KeyCode::F5 | KeyCode::KeyP, false, _) => A::Playtest,
        (KeyCode::KeyB, false, _) => A::Duel,
        (KeyCode::Escape, _, _) => A::CloseDialog,
        (k, false, _) => A::Tool(Tool::ALL[TOOL_KEYS.iter().position(|t| *t == k)?]),
        _ => return None,
    })
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut out: MessageWriter<EditorAction>,
) {
    // A chord pressed and let go within one frame (a quick tap, `xdotool key ctrl+s`)
    // counts its modifiers as held.
    let held = |pair: [KeyCode; 2]| keys.any_pressed(pair) || keys.any_just_released(pair);
    let ctrl = held([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = held([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for key in keys.get_just_pressed() {
        let Some(action) = action_of(*key, ctrl, shift) else {
            continue;
        };
        match (&editor.dialog, &action) {
            // Esc lets go of the unit when no dialog is up.
            (None, EditorAction::CloseDialog) => {
                editor.selected = None;
                editor.marked = None;
                editor.touched();
            }
            (None, _) => {
                out.write(action);
            }
            // A dialog takes the keys: Esc closes it, and Save as reads its own.
            (Some(_), EditorAction::CloseDialog) => {
                out.write(action);
            }
            _ => {}
        }
    }
}

/// Typing in the Save as dialog and the typing dialogs (names, the description):
/// characters are added, Backspace takes the last off, Enter takes the text.
fn type_name(
    mut typed: MessageReader<KeyboardInput>,
    mut editor: ResMut<Editor>,
    mut out: MessageWriter<EditorAction>,
) {
    let (name, exists, enter) = match editor.dialog.as_mut() {
        Some(Dialog::SaveAs { name, exists }) => (name, Some(exists), EditorAction::ConfirmSaveAs),
        Some(Dialog::Typing { typed, .. }) => (typed, None, EditorAction::ConfirmTyped),
        _ => {
            typed.clear();
            return;
        }
    };
    let mut changed = false;
    for ev in typed.read().filter(|e| e.state.is_pressed()) {
        match typed_key(ev) {
            Typed::Text(s) => {
                name.extend(s.chars().filter(|c| !c.is_control()));
                changed = true;
            }
            Typed::Back => {
                name.pop();
                changed = true;
            }
            Typed::Enter => {
                out.write(enter.clone());
            }
            Typed::Nothing => {}
        }
    }
    if changed {
        if let Some(exists) = exists {
            *exists = None;
        }
        editor.touched();
    }
}

/// What a key pressed in a typing dialog does.
#[derive(Debug, PartialEq, Eq)]
enum Typed {
    Text(String),
    Back,
    Enter,
    Nothing,
}

/// The key's text as the window gives it; a key it gives no text for (an input the
/// window scripts write) is read by its place on the keyboard: a lower-case letter, a
/// digit, a space, a few marks.
fn typed_key(ev: &KeyboardInput) -> Typed {
    match &ev.logical_key {
        Key::Character(s) => return Typed::Text(s.to_string()),
        Key::Space => return Typed::Text(" ".into()),
        Key::Backspace => return Typed::Back,
        Key::Enter => return Typed::Enter,
        Key::Unidentified(_) => {}
        _ => return Typed::Nothing,
    }
    let code = format!("{:?}", ev.key_code);
    let plain = (code.strip_prefix("Key").or(code.strip_prefix("Digit")))
        .filter(|c| c.len() == 1)
        .map(str::to_ascii_lowercase);
    match ev.key_code {
        KeyCode::Backspace => Typed::Back,
        KeyCode::Enter | KeyCode::NumpadEnter => Typed::Enter,
        KeyCode::Space => Typed::Text(" ".into()),
        KeyCode::Minus => Typed::Text("-".into()),
        KeyCode::Period => Typed::Text(".".into()),
        KeyCode::Comma => Typed::Text(",".into()),
        _ => plain.map_or(Typed::Nothing, Typed::Text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_ask_for_their_actions() {
        assert_eq!(
            action_of(KeyCode::KeyZ, true, false),
            Some(EditorAction::Undo)
        );
        assert_eq!(
            action_of(KeyCode::KeyZ, true, true),
            Some(EditorAction::Redo)
        );
        assert_eq!(
            action_of(KeyCode::KeyY, true, false),
            Some(EditorAction::Redo)
        );
        assert_eq!(
            action_of(KeyCode::KeyS, true, true),
            Some(EditorAction::SaveAs)
        );
        assert_eq!(
            action_of(KeyCode::Digit3, false, false),
            Some(EditorAction::Tool(Tool::Fill))
        );
        assert_eq!(action_of(KeyCode::KeyZ, false, false), None);
        assert_eq!(
            action_of(KeyCode::F5, false, false),
            Some(EditorAction::Playtest)
        );
    }
}
