//! The picked unit's fields, from the side panel: its statistics stepped up or down (an
//! override of its template's value, or of the rulebook's where the template sets none),
//! or back to the template's, and Seed000's unions (into one with another unit of its
//! side, or out of its own). Its name is typed, in `fields`.

use super::{Editor, EditorAction};
use crate::editor::{sides, units};
use crate::game::notice::Tell;

/// Do an action on the unit picked; `tell` tells the designer what happened or why not.
pub fn apply(editor: &mut Editor, action: &EditorAction, tell: &mut dyn Tell) {
    let Some(i) = editor.selected else {
        return tell.refuse("Pick a unit first (Select, 5)".into());
    };
    let Some(file) = editor.doc.as_ref().and_then(|d| d.view().file.clone()) else {
        return tell.refuse(super::SYNTAX_ERROR.into());
    };
    match action {
        EditorAction::Stat(n, delta) => {
            let Some(stat) = units::stats(&file).get(*n).copied() else {
                return;
            };
            let level = editor.doc.as_ref().and_then(|d| d.view().level.clone());
            let Some(value) = units::stepped_from(&file, level.as_deref(), i, stat) else {
                return tell.refuse(format!(
                    "Neither the unit nor its template writes {stat}, and the level does not \
                     resolve yet (its problems say why): click its value to type one"
                ));
            };
            let to = value + *delta as i64;
            let (low, high) = units::bounds(&file, stat);
            if !(low..=high).contains(&to) {
                return tell.refuse(format!("{stat} stays between {low} and {high}"));
            }
            editor.edit(tell, |f, t| units::set_override(f, t, i, stat, Some(to)));
        }
        EditorAction::ResetStat(n) => {
            let Some(stat) = units::stats(&file).get(*n).copied() else {
                return;
            };
            editor.edit(tell, |f, t| units::set_override(f, t, i, stat, None));
        }
        EditorAction::JoinUnion(other) => {
            editor.edit(tell, |f, t| sides::join_union(f, t, i, *other));
        }
        EditorAction::LeaveUnion => {
            editor.edit(tell, |f, t| sides::leave_union(f, t, i));
        }
        _ => {}
    }
}
