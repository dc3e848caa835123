//! The sides and the objectives, from the side panel's Sides page: a side surprised or
//! not, a side added (renaming is typed, in `fields`), an objective added for the side
//! units are placed for, one removed, its number stepped, and its area edited: while it
//! is, a click on the map puts the tile in the area or takes it out (`toggle_area`).

use super::{Editor, EditorAction};
use crate::editor::objectives::{self, ObjectiveKind};
use crate::editor::sides;
use crate::game::notice::Tell;
use crate::rules::grid::Pos;

/// Do a side's or an objective's action; `tell` tells the designer what happened or why
/// not.
pub fn apply(editor: &mut Editor, action: &EditorAction, tell: &mut dyn Tell) {
    let Some(view) = editor.doc.as_ref().map(|d| d.view().clone()) else {
        return;
    };
    let Some(file) = view.file else {
        return tell.refuse(super::SYNTAX_ERROR.into());
    };
    match action {
        EditorAction::Surprised(i) => {
            let Some(side) = file.sides.get(*i) else {
                return;
            };
            let on = !side.surprised;
            editor.edit(tell, |_, t| sides::set_surprised(t, *i, on));
        }
        EditorAction::AddSide => {
            if file.sides.len() >= sides::MAX_SIDES {
                return tell.refuse(format!(
                    "A level has at most {} sides here",
                    sides::MAX_SIDES
                ));
            }
            let mut name = String::new();
            if editor.edit(tell, |f, t| {
                name = sides::add_side(f, t)?;
                Ok(())
            }) {
                tell.say(format!("Side {name} added: place its units (4, then Tab)"));
            }
        }
        EditorAction::RemoveSide(i) => {
            let Some(name) = file.sides.get(*i).map(|s| s.name.clone()) else {
                return;
            };
            let mut gone = 0;
            if editor.edit(tell, |f, t| {
                gone = sides::remove_side(f, t, *i)?;
                Ok(())
            }) {
                editor.selected = None;
                editor.area = None;
                editor.side = 0;
                tell.say(format!(
                    "Side {name} removed, with its {} and objectives (Ctrl+Z brings them back)",
                    crate::editor::counted(gone, "unit")
                ));
            }
        }
        EditorAction::AddObjective(kind) => {
            let Some(side) = file.sides.get(editor.side).or(file.sides.first()) else {
                return tell.refuse("The level has no side to give an objective".into());
            };
            let at = objectives::centre_tile(&file, view.grid.as_ref());
            let name = side.name.clone();
            if editor.edit(tell, |_, t| objectives::add_objective(t, *kind, &name, at)) {
                tell.say(added_note(*kind, &name));
            }
        }
        EditorAction::RemoveObjective(i) => {
            // The area being edited may be this objective's, or now another's index.
            let removed = editor.edit(tell, |f, t| objectives::remove_objective(f, t, *i));
            editor.area = editor.area.filter(|_| !removed);
        }
        EditorAction::EditArea(i) => edit_area(editor, *i, tell),
        EditorAction::StepObjective(i, by) => {
            editor.edit(tell, |f, t| objectives::step_number(f, t, *i, *by));
        }
        _ => {}
    }
}

/// Edit objective `i`'s area on the map, or (edited already) stop.
fn edit_area(editor: &mut Editor, i: usize, tell: &mut dyn Tell) {
    let shown = i + 1;
    if editor.area == Some(i) {
        editor.area = None;
        tell.say(format!(
            "Objective {shown}'s area is done: the tools are back"
        ));
    } else {
        editor.area = Some(i);
        editor.selected = None;
        tell.say(format!(
            "Click tiles on the map to add them to objective {shown}'s area or take them out; Done with the area when finished"
        ));
    }
}

/// A click on `p` while objective `i`'s area is edited: the tile in, or out.
pub fn toggle_area(editor: &mut Editor, i: usize, p: Pos, tell: &mut dyn Tell) {
    let Some(file) = editor.doc.as_ref().and_then(|d| d.view().file.clone()) else {
        return tell.refuse(super::SYNTAX_ERROR.into());
    };
    let was_in = objectives::area_of(&file, i).contains(&p);
    if editor.edit(tell, |f, t| objectives::toggle_area_tile(f, t, i, p)) {
        let (what, way) = if was_in {
            ("out of", "taken")
        } else {
            ("into", "put")
        };
        tell.say(format!(
            "({}, {}) {way} {what} objective {}'s area",
            p.x,
            p.y,
            i + 1
        ));
        editor.touched();
    }
}

/// What adding an objective says.
fn added_note(kind: ObjectiveKind, side: &str) -> String {
    match kind {
        ObjectiveKind::Survive => format!("{side} wins by surviving 5 rounds"),
        _ => format!(
            "{} for {side}, at the map's centre: Edit area, then click tiles to add more",
            kind.label()
        ),
    }
}
