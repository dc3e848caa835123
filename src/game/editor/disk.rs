//! The file being edited changed on disk (another editor, a `git checkout`): with no edits
//! of its own the document takes the new text at once; with edits not saved, a dialog
//! asks whether to reload it or keep the document's (nothing is lost either way: a reload
//! is one step of undo). A template of `assets/units/` or the weapons changed on disk: the
//! document is checked again against them.

use super::{Dialog, Editor};
use crate::game::notice::Notice;
use crate::game::screen_state::GameScreen;
use bevy::prelude::*;

/// How often the file on disk is looked at, in seconds.
const DISK_CHECK_SECONDS: f32 = 1.0;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (watch_the_file, watch_the_templates).run_if(in_state(GameScreen::Editor)),
    );
}

/// What to do about the file's text on disk, `on_disk`, given the text last seen there.
#[derive(Debug, PartialEq, Eq)]
pub enum DiskChange {
    None,
    /// Take it: the document has no edits of its own.
    Take,
    /// Ask: the document has edits not saved.
    Ask,
}

pub fn disk_change(on_disk: &str, seen: Option<&str>, dirty: bool) -> DiskChange {
    match seen {
        Some(s) if s == on_disk => DiskChange::None,
        _ if dirty => DiskChange::Ask,
        _ => DiskChange::Take,
    }
}

fn watch_the_file(
    time: Res<Time>,
    mut last: Local<f32>,
    mut editor: ResMut<Editor>,
    mut notice: ResMut<Notice>,
) {
    let now = time.elapsed_secs();
    if now - *last < DISK_CHECK_SECONDS || editor.dialog.is_some() {
        return;
    }
    *last = now;
    let Some(doc) = editor.doc.as_ref() else {
        return;
    };
    let Some(path) = doc.path() else { return };
    // A file gone or unreadable for a moment (being written) is looked at again later.
    let Ok(on_disk) = std::fs::read_to_string(path) else {
        return;
    };
    match disk_change(&on_disk, editor.disk_seen.as_deref(), doc.is_dirty()) {
        DiskChange::None => {}
        DiskChange::Take => {
            let shown = crate::paths::display(path);
            if let Some(doc) = editor.doc.as_mut() {
                doc.take_disk_text(on_disk.clone());
            }
            editor.disk_seen = Some(on_disk);
            notice.say(format!("{shown} changed on disk: reloaded"), &time);
            editor.touched();
        }
        DiskChange::Ask => {
            editor.dialog = Some(Dialog::Reload(on_disk));
            editor.touched();
        }
    }
}

/// The templates and weapons changed on disk: the level's problems and statistics are
/// those of the files as they are now.
fn watch_the_templates(
    time: Res<Time>,
    mut last: Local<f32>,
    mut seen: Local<Option<std::sync::Arc<crate::level::catalog::Catalog>>>,
    mut editor: ResMut<Editor>,
    mut notice: ResMut<Notice>,
) {
    let now = time.elapsed_secs();
    if now - *last < DISK_CHECK_SECONDS {
        return;
    }
    *last = now;
    let catalog = crate::paths::current_catalog();
    let changed = seen
        .as_ref()
        .is_some_and(|s| !std::sync::Arc::ptr_eq(s, &catalog));
    *seen = Some(catalog);
    if !changed {
        return;
    }
    if let Some(doc) = editor.doc.as_mut() {
        doc.recheck();
        notice.say(
            "The unit templates or weapons changed on disk: the level is checked again".into(),
            &time,
        );
    }
    editor.touched();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_on_disk_is_taken_or_asked_about() {
        assert_eq!(disk_change("a", Some("a"), true), DiskChange::None);
        assert_eq!(disk_change("b", Some("a"), false), DiskChange::Take);
        assert_eq!(disk_change("b", Some("a"), true), DiskChange::Ask);
    }
}
