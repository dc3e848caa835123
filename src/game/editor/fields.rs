//! The level's own fields, from the side panel: its name and description (typed in a
//! dialog, as are a unit's and a side's names), its dice seed, its size (rows cut or
//! filled out), who plays each side, the rulebook's switches and the balance band.

use super::caret::{CaretMove, Typed};
use super::{Dialog, Editor, EditorAction, TextField};
use crate::editor::level_fields::{self, SWITCHES};
use crate::editor::{ops, sides, units};
use crate::game::notice::Tell;
use crate::level::schema::{Balance, LevelFile};

/// The level's size steps, in tiles.
const MAX_SIDE: i64 = crate::editor::new_level::MAX_NEW_SIDE as i64;
const MIN_SIDE: i64 = crate::editor::new_level::MIN_NEW_SIDE as i64;
/// The balance buttons' step, in percentage points.
pub const BALANCE_STEP: i32 = 5;

/// Do a level field's action; `tell` tells the designer what happened or why not.
pub fn apply(editor: &mut Editor, action: &EditorAction, tell: &mut dyn Tell) {
    let Some(file) = editor.doc.as_ref().and_then(|d| d.view().file.clone()) else {
        return tell.refuse(super::SYNTAX_ERROR.into());
    };
    match action {
        EditorAction::Type(field) => {
            let typed = now_written(&file, *field);
            editor.dialog = Some(Dialog::Typing {
                field: *field,
                typed,
            });
            editor.typed_caret = super::caret::Caret::OPENED;
        }
        EditorAction::ConfirmTyped => {
            let mut in_dialog = InDialog {
                tell,
                refused: None,
            };
            confirm_typed(editor, &file, &mut in_dialog);
            editor.refused = in_dialog.refused;
        }
        EditorAction::ClearTyped => {
            if let Some(Dialog::Typing { typed, .. }) = editor.dialog.as_mut() {
                typed.clear();
            }
        }
        EditorAction::NewSeed => {
            let seed = fresh_seed();
            if editor.edit(tell, |_, t| ops::set_seed(t, seed)) {
                tell.say(format!(
                    "Seed {seed}: every battle on the level rolls the same dice"
                ));
            }
        }
        EditorAction::Resize(dw, dh) => resize(editor, &file, (*dw, *dh), false, tell),
        EditorAction::ResizeAtStart(dw, dh) => resize(editor, &file, (*dw, *dh), true, tell),
        EditorAction::CycleController(i) => {
            let Some(side) = file.sides.get(*i) else {
                return;
            };
            let next = ops::next_controller(side.controller);
            editor.edit(tell, |_, t| ops::set_controller(t, *i, next));
        }
        EditorAction::Switch(i) => switch(editor, &file, *i, tell),
        EditorAction::Balance(first, within) => {
            let now = file.balance.unwrap_or(Balance::EVEN);
            let b = Balance {
                first_side: now.first_side + *first as i64,
                within: now.within + *within as i64,
            };
            editor.edit(tell, |_, t| level_fields::set_balance(t, Some(b)));
        }
        EditorAction::EvenBalance => {
            editor.edit(tell, |_, t| level_fields::set_balance(t, None));
        }
        _ => {}
    }
}

/// Where a typing dialog's messages go: what is said, to the notice; why the text was not
/// taken, kept for the dialog to show under the text (the notice shows under the dialog).
struct InDialog<'a, T: Tell + ?Sized> {
    tell: &'a mut T,
    refused: Option<String>,
}

impl<T: Tell + ?Sized> Tell for InDialog<'_, T> {
    fn say(&mut self, text: String) {
        self.tell.say(text);
    }

    fn refuse(&mut self, text: String) {
        self.refused = Some(text);
    }
}

/// What a typing dialog starts with: the field as the file has it now.
fn now_written(file: &LevelFile, field: TextField) -> String {
    match field {
        TextField::LevelName => file.name.clone(),
        TextField::Description => file.description.clone(),
        TextField::UnitName(i) => (file.units.get(i))
            .and_then(|u| u.name.clone())
            .unwrap_or_default(),
        TextField::SideName(i) => file.sides.get(i).map_or(String::new(), |s| s.name.clone()),
        TextField::Stat(i, n) => {
            let stat = units::stats(file).get(n).copied().unwrap_or_default();
            let (template, own) = units::unit_stat(file, i, stat);
            own.or(template).map_or(String::new(), |v| v.to_string())
        }
    }
}

/// Enter in a typing dialog: the text checked and written, and the dialog closed; a text
/// that cannot be taken says why and stays to be mended.
fn confirm_typed(editor: &mut Editor, file: &LevelFile, tell: &mut dyn Tell) {
    let Some(Dialog::Typing { field, typed }) = editor.dialog.clone() else {
        return;
    };
    if let TextField::Stat(i, n) = field {
        return typed_stat(editor, (i, n), &typed, tell);
    }
    let checked = match field {
        TextField::LevelName => units::typed_name(&typed, "level"),
        TextField::Description => level_fields::typed_description(&typed),
        TextField::UnitName(i) => units::unit_name(file, i, &typed),
        TextField::SideName(i) => sides::side_name(file, i, &typed),
        TextField::Stat(..) => return,
    };
    let text = match checked {
        Ok(text) => text,
        Err(why) => return tell.refuse(why),
    };
    let done = editor.edit(tell, |f, t| match field {
        TextField::LevelName => ops::set_name(t, &text),
        TextField::Description => level_fields::set_description(t, &text),
        TextField::UnitName(i) => units::rename_unit(f, t, i, &text),
        TextField::SideName(i) => sides::rename_side(f, t, i, &text),
        TextField::Stat(..) => Ok(()),
    });
    if done {
        editor.dialog = None;
    }
}

/// A unit's statistic typed: its own value, or (nothing, or the template's) none.
fn typed_stat(editor: &mut Editor, (unit, n): (usize, usize), typed: &str, tell: &mut dyn Tell) {
    let Some(file) = editor.doc.as_ref().and_then(|d| d.view().file.clone()) else {
        return;
    };
    let Some(stat) = units::stats(&file).get(n).copied() else {
        return;
    };
    match units::typed_stat(stat, units::bounds(&file, stat), typed) {
        Ok(value) => {
            if editor.edit(tell, |f, t| units::set_override(f, t, unit, stat, value)) {
                editor.dialog = None;
            }
        }
        Err(why) => tell.refuse(why),
    }
}

/// Switch `i` takes its next value (or the rulebook's again).
fn switch(editor: &mut Editor, file: &LevelFile, i: usize, tell: &mut dyn Tell) {
    let Some(sw) = SWITCHES.get(i) else {
        return;
    };
    if let Some(why) = level_fields::meaningless(file, sw.name) {
        return tell.refuse(format!("{}: {why}", sw.label));
    }
    let now = level_fields::switch_value(&file.rules, sw.name);
    let rulebooks = level_fields::rulebooks_value(file, sw.name).unwrap_or_default();
    let next = level_fields::next_switch_value(sw, now.as_deref(), &rulebooks);
    if editor.edit(tell, |f, t| level_fields::set_switch(f, t, sw.name, next)) {
        tell.say(match next {
            Some(v) => format!("{}: {}", sw.label, level_fields::value_words(v)),
            None => format!("{}: as the rulebook has it", sw.label),
        });
    }
}

/// A click in a dialog's text box: its selection let go of, the caret before the `n`th
/// character.
pub fn put_caret(editor: &mut Editor, n: usize) {
    let mut caret = editor.typed_caret;
    if let Some(Dialog::Typing { typed, .. } | Dialog::SaveAs { name: typed, .. }) =
        editor.dialog.as_mut()
    {
        caret.apply(typed, &Typed::Caret(CaretMove::To(n)));
    }
    editor.typed_caret = caret;
}

/// A seed from the clock, short enough to read in the file.
fn fresh_seed() -> u64 {
    crate::game::level_asset::fresh_seed() % 1_000_000_000
}

/// Grow or cut the map by `dw` columns and `dh` rows, at its left and top edges
/// (`at_start`) or its right and bottom ones, within the sizes the editor makes; refused,
/// naming them, where units (or an area's tiles) would be left off.
fn resize(
    editor: &mut Editor,
    file: &LevelFile,
    (dw, dh): (i32, i32),
    at_start: bool,
    tell: &mut dyn Tell,
) {
    let w = crate::editor::map_width(file) as i64;
    let h = file.map.len() as i64;
    let (new_w, new_h) = (
        (w + dw as i64).clamp(MIN_SIDE, MAX_SIDE),
        (h + dh as i64).clamp(MIN_SIDE, MAX_SIDE),
    );
    let (dw, dh) = ((new_w - w) as i32, (new_h - h) as i32);
    let off = if at_start {
        ops::left_off_at_start(file, dw, dh)
    } else {
        ops::left_off(file, new_w as usize, new_h as usize)
    };
    if !off.is_empty() {
        return tell.refuse(format!(
            "Not resized to {new_w} x {new_h}: {} would be left off the map. Move them in first",
            off.join(", ")
        ));
    }
    if at_start {
        editor.edit(tell, |f, t| ops::resize_at_start(f, t, dw, dh));
    } else {
        editor.edit(tell, |f, t| {
            ops::resize(f, t, new_w as usize, new_h as usize)
        });
    }
}
