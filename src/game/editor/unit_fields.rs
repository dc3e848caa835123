//! The picked unit's fields, from the side panel: its statistics stepped up or down (an
//! override of its template's value), or back to the template's, and Seed000's unions
//! (into one with another unit of its side, or out of its own). Its name is typed, in
//! `fields`.

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
            let (template, now) = units::unit_stat(&file, i, stat);
            let Some(value) = now.or(template) else {
                return tell.refuse(if units::STATS.contains(&stat) {
                    format!("The template gives no {stat}: the level's checks say why")
                } else {
                    format!(
                        "Neither the unit nor its template writes {stat} (the rulebook's \
                         default holds): click its value to type one"
                    )
                });
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
