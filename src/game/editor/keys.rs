//! The editor's keys (F1 lists them, with the mouse's, in a dialog: `EDITOR_KEYS`):
//! Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+D
//! duplicate, Delete delete, R turn, Tab next side, 1-5 the tools, F5 or P playtest, B a duel
//! in the background, Esc close a dialog or let go of the unit; in the Save as and typing
//! dialogs (names, the description), typing writes the text at the caret (`caret.rs`:
//! the arrows, Home and End move it; Enter takes the text, Esc cancels).

use super::caret::{CaretMove, Typed};
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

/// The keys and their actions: a key, whether Ctrl is held, whether Shift is (`None`:
/// either way). Esc, with or without them, closes a dialog (`action_of`).
const KEYS: [(KeyCode, bool, Option<bool>, EditorAction); 19] = {
    use EditorAction as A;
    use KeyCode as K;
    [
        (K::KeyZ, true, Some(false), A::Undo),
        (K::KeyZ, true, Some(true), A::Redo),
        (K::KeyY, true, None, A::Redo),
        (K::KeyS, true, Some(false), A::Save),
        (K::KeyS, true, Some(true), A::SaveAs),
        (K::KeyD, true, None, A::Duplicate),
        (K::Delete, false, None, A::Delete),
        (K::Backspace, false, None, A::Delete),
        (K::KeyR, false, None, A::TurnFacing),
        (K::Tab, false, None, A::NextSide),
        (K::F5, false, None, A::Playtest),
        (K::KeyP, false, None, A::Playtest),
        (K::KeyB, false, None, A::Duel),
        (K::F1, false, None, A::ShowKeys),
        (K::Digit1, false, None, A::Tool(Tool::Brush)),
        (K::Digit2, false, None, A::Tool(Tool::Rectangle)),
        (K::Digit3, false, None, A::Tool(Tool::Fill)),
        (K::Digit4, false, None, A::Tool(Tool::Place)),
        (K::Digit5, false, None, A::Tool(Tool::Select)),
    ]
};

/// What the keys' dialog (F1) lists: the keys and the mouse, and what each does.
pub const EDITOR_KEYS: [(&str, &str); 19] = [
    (
        "1  2  3  4  5",
        "the tools: Brush, Rectangle, Fill, Place unit, Select",
    ),
    (
        "Left button",
        "the tool on the map (the brush and Select drag too)",
    ),
    (
        "Right button",
        "let go of the unit picked and of a rectangle's first corner",
    ),
    ("Tab", "the next side, for the units placed next"),
    ("R", "turn the unit picked, or the units placed next"),
    ("Ctrl+D", "duplicate the unit picked"),
    ("Delete  Backspace", "delete the unit picked"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Y  Ctrl+Shift+Z", "redo"),
    ("Ctrl+S", "save (a new level: Save as)"),
    ("Ctrl+Shift+S", "save as a new file"),
    (
        "F5  P",
        "playtest the level; Esc, Back to the editor comes back",
    ),
    (
        "B",
        "a duel in the background: the computer at Hard against itself",
    ),
    ("Arrows  middle button", "move the view"),
    ("Wheel  -  =", "zoom; Home shows the whole map"),
    (
        "Shift+click",
        concat!(
            "a size button (W, H, Left, Top; Width, Height) steps ",
            super::actions::shift_size_step!(),
            " tiles"
        ),
    ),
    (
        "Esc",
        "close a dialog; let go of the unit; end an area's editing",
    ),
    (
        "Left  Right  Home  End",
        "in a text box: move the caret (Backspace and Delete take a character before or after it)",
    ),
    ("F1", "this list"),
];

/// The action a key pressed now asks for, with Ctrl and Shift as held.
fn action_of(key: KeyCode, ctrl: bool, shift: bool) -> Option<EditorAction> {
    if key == KeyCode::Escape {
        return Some(EditorAction::CloseDialog);
    }
    let listed = KEYS
        .iter()
        .find(|(k, c, s, _)| *k == key && *c == ctrl && s.is_none_or(|s| s == shift));
    listed.map(|(.., a)| a.clone())
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut pointer: ResMut<super::mouse::Pointer>,
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
            // Esc lets go of the unit, a rectangle's first corner and an area being
            // edited when no dialog is up.
            (None, EditorAction::CloseDialog) => {
                editor.selected = None;
                editor.marked = None;
                pointer.anchor = None;
                if editor.area.is_some() {
                    out.write(action);
                }
                editor.touched();
            }
            (None, _) => {
                out.write(action);
            }
            // A dialog takes the keys: Esc closes it (F1 the keys' dialog too), and Save as
            // reads its own.
            (Some(_), EditorAction::CloseDialog) | (Some(Dialog::Keys), EditorAction::ShowKeys) => {
                out.write(action);
            }
            _ => {}
        }
    }
}

/// Typing in the Save as dialog and the typing dialogs (names, the description):
/// characters are added, Backspace takes the last off, Enter takes the text. The old text
/// comes selected: a character replaces it, Backspace clears it, End or an arrow keeps it.
fn type_name(
    mut typed: MessageReader<KeyboardInput>,
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut out: MessageWriter<EditorAction>,
) {
    // Held as the frame began; then as the keys come, in order: a chord pressed and let go
    // within one frame (`xdotool key ctrl+a`, a frame of a slow renderer) is still a chord.
    let pair = [KeyCode::ControlLeft, KeyCode::ControlRight];
    let mut ctrl =
        !keys.any_just_pressed(pair) && (keys.any_pressed(pair) || keys.any_just_released(pair));
    let mut caret = editor.typed_caret;
    let (name, exists, enter) = match editor.dialog.as_mut() {
        Some(Dialog::SaveAs { name, exists }) => (name, Some(exists), EditorAction::ConfirmSaveAs),
        Some(Dialog::Typing { typed, .. }) => (typed, None, EditorAction::ConfirmTyped),
        _ => {
            typed.clear();
            return;
        }
    };
    let mut changed = false;
    for ev in typed.read() {
        if pair.contains(&ev.key_code) {
            ctrl = ev.state.is_pressed();
            continue;
        }
        if !ev.state.is_pressed() {
            continue;
        }
        // A Ctrl chord types nothing; Ctrl+A selects the whole text.
        if ctrl {
            if ev.key_code == KeyCode::KeyA {
                caret.selected = true;
                changed = true;
            }
            continue;
        }
        let key = typed_key(ev);
        if key == Typed::Enter {
            out.write(enter.clone());
        }
        changed |= caret.apply(name, &key);
    }
    if changed {
        if let Some(exists) = exists {
            *exists = None;
        }
        editor.typed_caret = caret;
        editor.refused = None;
        editor.touched();
    }
}

/// The key's text as the window gives it; a key it gives no text for (an input the
/// window scripts write) is read by its place on the keyboard: a lower-case letter, a
/// digit, a space, a few marks.
fn typed_key(ev: &KeyboardInput) -> Typed {
    match &ev.logical_key {
        Key::Character(s) => return Typed::Text(s.to_string()),
        Key::Space => return Typed::Text(" ".into()),
        Key::Backspace => return Typed::Back,
        Key::Delete => return Typed::Delete,
        Key::Enter => return Typed::Enter,
        Key::End => return Typed::Caret(CaretMove::End),
        Key::Home => return Typed::Caret(CaretMove::Home),
        Key::ArrowLeft => return Typed::Caret(CaretMove::Left),
        Key::ArrowRight => return Typed::Caret(CaretMove::Right),
        Key::Unidentified(_) => {}
        _ => return Typed::Nothing,
    }
    let code = format!("{:?}", ev.key_code);
    let plain = (code.strip_prefix("Key").or(code.strip_prefix("Digit")))
        .filter(|c| c.len() == 1)
        .map(str::to_ascii_lowercase);
    match ev.key_code {
        KeyCode::Backspace => Typed::Back,
        KeyCode::Delete => Typed::Delete,
        KeyCode::Enter | KeyCode::NumpadEnter => Typed::Enter,
        KeyCode::End => Typed::Caret(CaretMove::End),
        KeyCode::Home => Typed::Caret(CaretMove::Home),
        KeyCode::ArrowLeft => Typed::Caret(CaretMove::Left),
        KeyCode::ArrowRight => Typed::Caret(CaretMove::Right),
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

    /// Each key of `KEYS` has its line in the keys' dialog, by the name it shows.
    #[test]
    fn the_keys_dialog_lists_every_key() {
        let listed: Vec<&str> = EDITOR_KEYS.iter().map(|(k, _)| *k).collect();
        for (key, ctrl, shift, _) in &KEYS {
            let code = format!("{key:?}");
            let name = (code.strip_prefix("Key").or(code.strip_prefix("Digit")))
                .unwrap_or(&code)
                .to_string();
            let chord = match (ctrl, shift) {
                (true, Some(true)) => format!("Ctrl+Shift+{name}"),
                (true, _) => format!("Ctrl+{name}"),
                _ => name,
            };
            let shown = listed
                .iter()
                .any(|k| k.split("  ").any(|part| part == chord));
            assert!(shown, "{chord} is not in the keys' dialog");
        }
    }

    #[test]
    fn the_keys_ask_for_their_actions() {
        use EditorAction as A;
        let cases = [
            (KeyCode::KeyZ, true, false, Some(A::Undo)),
            (KeyCode::KeyZ, true, true, Some(A::Redo)),
            (KeyCode::KeyY, true, false, Some(A::Redo)),
            (KeyCode::KeyS, true, true, Some(A::SaveAs)),
            (KeyCode::Digit3, false, false, Some(A::Tool(Tool::Fill))),
            (KeyCode::Digit5, false, true, Some(A::Tool(Tool::Select))),
            (KeyCode::Digit5, true, false, None),
            (KeyCode::KeyZ, false, false, None),
            (KeyCode::F5, false, false, Some(A::Playtest)),
            (KeyCode::Escape, true, false, Some(A::CloseDialog)),
        ];
        for (key, ctrl, shift, action) in cases {
            assert_eq!(
                action_of(key, ctrl, shift),
                action,
                "{key:?} {ctrl} {shift}"
            );
        }
    }

    #[test]
    fn a_key_the_window_gives_no_text_for_is_read_by_its_place() {
        let key = |code, logical| press(code, logical, None);
        let unknown = || Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified);
        assert_eq!(
            typed_key(&key(KeyCode::KeyQ, unknown())),
            Typed::Text("q".into())
        );
        assert_eq!(
            typed_key(&key(KeyCode::Digit7, unknown())),
            Typed::Text("7".into())
        );
        assert_eq!(typed_key(&key(KeyCode::Enter, unknown())), Typed::Enter);
        assert_eq!(typed_key(&key(KeyCode::F5, unknown())), Typed::Nothing);
        // The window's own text comes first: Shift+q is `Q`.
        let q = key(KeyCode::KeyQ, Key::Character("Q".into()));
        assert_eq!(typed_key(&q), Typed::Text("Q".into()));
    }

    /// A key pressed, as the window sends it: its place, its meaning and its text.
    fn press(code: KeyCode, key: Key, text: Option<&str>) -> KeyboardInput {
        KeyboardInput {
            key_code: code,
            logical_key: key,
            state: bevy::input::ButtonState::Pressed,
            text: text.map(Into::into),
            repeat: false,
            window: Entity::PLACEHOLDER,
        }
    }

    /// The text of a typing dialog that held "River" (`selected`: as it opens) after `keys`.
    fn typed_after(selected: bool, keys: Vec<KeyboardInput>) -> String {
        typed_holding(&[], selected, keys).0
    }

    /// `typed_after`, with the keys `held` held down (Ctrl, say); and whether the whole text
    /// is selected after.
    fn typed_holding(held: &[KeyCode], selected: bool, keys: Vec<KeyboardInput>) -> (String, bool) {
        let mut input = ButtonInput::<KeyCode>::default();
        for k in held {
            input.press(*k);
        }
        // Held since an earlier frame.
        input.clear();
        let mut app = App::new();
        app.add_message::<KeyboardInput>()
            .add_message::<EditorAction>()
            .insert_resource(Editor {
                dialog: Some(Dialog::Typing {
                    field: super::super::TextField::LevelName,
                    typed: "River".into(),
                }),
                typed_caret: super::super::caret::Caret { selected, at: None },
                ..default()
            })
            .insert_resource(input)
            .add_systems(Update, type_name);
        for ev in keys {
            app.world_mut().write_message(ev);
        }
        app.update();
        let editor = app.world().resource::<Editor>();
        match &editor.dialog {
            Some(Dialog::Typing { typed, .. }) => (typed.clone(), editor.typed_caret.selected),
            d => panic!("{d:?}"),
        }
    }

    /// Typing a name as a keyboard sends it: a space is `Key::Space`, a letter carries its
    /// text, Backspace takes the last character off.
    #[test]
    fn a_typed_name_keeps_its_spaces() {
        let keys = vec![
            press(KeyCode::Space, Key::Space, Some(" ")),
            press(KeyCode::KeyC, Key::Character("C".into()), Some("C")),
            press(KeyCode::KeyX, Key::Character("x".into()), None),
            press(KeyCode::Backspace, Key::Backspace, None),
            press(KeyCode::KeyA, Key::Character("a".into()), Some("a")),
        ];
        assert_eq!(typed_after(false, keys), "River Ca");
    }

    /// The old text comes selected: a character typed replaces it, Backspace clears it,
    /// and End keeps it to type on.
    #[test]
    fn the_old_text_comes_selected() {
        let f = || press(KeyCode::KeyF, Key::Character("F".into()), None);
        let back = || press(KeyCode::Backspace, Key::Backspace, None);
        let end = || press(KeyCode::End, Key::End, None);
        assert_eq!(typed_after(true, vec![f()]), "F");
        assert_eq!(typed_after(true, vec![back(), f()]), "F");
        assert_eq!(typed_after(true, vec![end(), f()]), "RiverF");
        assert_eq!(typed_after(true, vec![end(), back()]), "Rive");
        // A key the window gives no text for, from a script: End by its place.
        let unknown = Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified);
        let scripted_end = press(KeyCode::End, unknown, None);
        assert_eq!(typed_after(true, vec![scripted_end, f()]), "RiverF");
    }

    /// A Ctrl chord types nothing (Ctrl+V is no "v"); Ctrl+A selects the whole text, so
    /// what is typed next replaces it.
    #[test]
    fn a_ctrl_chord_types_nothing_and_ctrl_a_selects_all() {
        let ctrl = [KeyCode::ControlLeft];
        let v = press(KeyCode::KeyV, Key::Character("v".into()), Some("v"));
        assert_eq!(
            typed_holding(&ctrl, false, vec![v]),
            ("River".into(), false)
        );
        let a = press(KeyCode::KeyA, Key::Character("a".into()), Some("a"));
        assert_eq!(typed_holding(&ctrl, false, vec![a]), ("River".into(), true));
    }

    /// A chord pressed and let go within one frame (a slow frame, `xdotool key ctrl+a`):
    /// Ctrl is no longer held when the frame's keys are read, but came before the A.
    #[test]
    fn a_ctrl_chord_within_one_frame_is_still_a_chord() {
        let up = |mut k: KeyboardInput| {
            k.state = bevy::input::ButtonState::Released;
            k
        };
        let ctrl = || press(KeyCode::ControlLeft, Key::Control, None);
        let a = || press(KeyCode::KeyA, Key::Character("a".into()), Some("a"));
        let chord = vec![ctrl(), a(), up(a()), up(ctrl())];
        assert_eq!(typed_holding(&[], false, chord), ("River".into(), true));
        // Typed after the chord let go of Ctrl, within the same frame: a character.
        let x = press(KeyCode::KeyX, Key::Character("x".into()), Some("x"));
        let then = vec![ctrl(), a(), up(a()), up(ctrl()), x];
        assert_eq!(typed_holding(&[], false, then), ("x".into(), false));
    }
}
