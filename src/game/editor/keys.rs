//! The editor's keys: Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S
//! save as, Ctrl+D duplicate, Delete delete, R turn, Tab next side, 1-5 the tools, F5 or P
//! playtest, B a duel in the background, Esc close a dialog or let go of the unit; in the
//! Save as and Rename dialogs, typing writes the name (Enter takes it, Esc cancels).

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

/// Typing in the Save as dialog: characters are added to the name, Backspace takes the
/// last off, Enter saves.
fn type_name(
    mut typed: MessageReader<KeyboardInput>,
    mut editor: ResMut<Editor>,
    mut out: MessageWriter<EditorAction>,
) {
    let (name, exists, enter) = match editor.dialog.as_mut() {
        Some(Dialog::SaveAs { name, exists }) => (name, Some(exists), EditorAction::ConfirmSaveAs),
        Some(Dialog::Rename(name)) => (name, None, EditorAction::ConfirmRename),
        _ => {
            typed.clear();
            return;
        }
    };
    let mut changed = false;
    for ev in typed.read().filter(|e| e.state.is_pressed()) {
        match &ev.logical_key {
            // A space comes as `Key::Space`, not as a character.
            Key::Character(_) | Key::Space => {
                let text = match &ev.logical_key {
                    Key::Character(c) => ev.text.as_deref().unwrap_or(c),
                    _ => " ",
                };
                name.extend(text.chars().filter(|c| !c.is_control()));
                changed = true;
            }
            Key::Backspace => {
                name.pop();
                changed = true;
            }
            Key::Enter => {
                out.write(enter.clone());
            }
            _ => {}
        }
    }
    if changed {
        if let Some(exists) = exists {
            *exists = None;
        }
        editor.touched();
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

    /// Typing a name as a keyboard sends it: a space is `Key::Space`, a letter carries its
    /// text, Backspace takes the last character off.
    #[test]
    fn a_typed_name_keeps_its_spaces() {
        let mut app = App::new();
        app.add_message::<KeyboardInput>()
            .add_message::<EditorAction>()
            .insert_resource(Editor {
                dialog: Some(Dialog::Rename("River".into())),
                ..default()
            })
            .add_systems(Update, type_name);
        let window = Entity::PLACEHOLDER;
        let press = |key: Key, text: Option<&str>| KeyboardInput {
            key_code: KeyCode::Space,
            logical_key: key,
            state: bevy::input::ButtonState::Pressed,
            text: text.map(Into::into),
            repeat: false,
            window,
        };
        for ev in [
            press(Key::Space, Some(" ")),
            press(Key::Character("C".into()), Some("C")),
            press(Key::Character("x".into()), None),
            press(Key::Backspace, None),
            press(Key::Character("a".into()), Some("a")),
        ] {
            app.world_mut().write_message(ev);
        }
        app.update();
        let editor = app.world().resource::<Editor>();
        assert_eq!(editor.dialog, Some(Dialog::Rename("River Ca".into())));
    }
}
