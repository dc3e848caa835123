//! The level's own fields, from the side panel: its name (typed in a dialog), its dice
//! seed, its size (rows cut or filled out) and who plays each side.

use super::{Dialog, Editor, EditorAction};
use crate::editor::ops;

/// The level's size steps, in tiles.
const MAX_SIDE: i64 = crate::editor::new_level::MAX_NEW_SIDE as i64;
const MIN_SIDE: i64 = crate::editor::new_level::MIN_NEW_SIDE as i64;

/// Do a level field's action; `say` tells the designer what happened or why not.
pub fn apply(editor: &mut Editor, action: &EditorAction, say: &mut dyn FnMut(String)) {
    let Some(file) = editor.doc.as_ref().and_then(|d| d.view().file.clone()) else {
        return say(super::SYNTAX_ERROR.into());
    };
    match action {
        EditorAction::Rename => editor.dialog = Some(Dialog::Rename(file.name.clone())),
        EditorAction::ConfirmRename => {
            if let Some(Dialog::Rename(name)) = editor.dialog.clone() {
                let name = name.trim().to_string();
                if name.is_empty() {
                    return say("A level needs a name".into());
                }
                if editor.edit(say, |_, t| ops::set_name(t, &name)) {
                    editor.dialog = None;
                }
            }
        }
        EditorAction::NewSeed => {
            let seed = fresh_seed();
            if editor.edit(say, |_, t| ops::set_seed(t, seed)) {
                say(format!(
                    "Seed {seed}: every battle on the level rolls the same dice"
                ));
            }
        }
        EditorAction::Resize(dw, dh) => {
            let w = file
                .map
                .iter()
                .map(|r| r.chars().count())
                .max()
                .unwrap_or(0) as i64;
            let h = file.map.len() as i64;
            let (w, h) = (
                (w + *dw as i64).clamp(MIN_SIDE, MAX_SIDE),
                (h + *dh as i64).clamp(MIN_SIDE, MAX_SIDE),
            );
            editor.edit(say, |f, t| ops::resize(f, t, w as usize, h as usize));
        }
        EditorAction::CycleController(i) => {
            let Some(side) = file.sides.get(*i) else {
                return;
            };
            let next = ops::next_controller(side.controller);
            editor.edit(say, |_, t| ops::set_controller(t, *i, next));
        }
        _ => {}
    }
}

/// A seed from the clock.
fn fresh_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
}
