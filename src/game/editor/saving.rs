//! Saving: Ctrl+S over the document's file, Save as's dialog and the name typed in it
//! (never over a file without the designer's word), and a new level's document.

use super::{Dialog, Editor};
use crate::editor::EditorDoc;
use crate::editor::new_level::{copy_keeps_name, name_for_save_as, name_from_file};
use crate::editor::ops;
use crate::editor::save::{SavedAs, save_as, save_dir, suggested_name, write_atomically};
use crate::game::notice::Tell;
use crate::level::edit::LevelText;
use std::path::PathBuf;

/// Save as's dialog, with the name it offers.
pub(super) fn open_save_as(editor: &mut Editor) {
    let name = save_as_name(editor);
    editor.dialog = Some(Dialog::SaveAs { name, exists: None });
    editor.typed_caret = super::caret::Caret::OPENED;
}

/// The name Save as offers: the file's own, else one made of the level's name.
fn save_as_name(editor: &Editor) -> String {
    let doc = editor.doc.as_ref();
    let stem = doc.and_then(|d| {
        d.path()?
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
    });
    stem.or_else(|| doc?.view().file.as_ref().map(|f| suggested_name(&f.name)))
        .unwrap_or_else(|| "level".into())
}

/// A note that a draft with problems was saved anyway.
fn problems_note(doc: &EditorDoc) -> String {
    match doc.view().problems.len() {
        0 => String::new(),
        n => format!(
            " (a draft: {} to fix before it plays)",
            crate::editor::counted(n, "problem")
        ),
    }
}

/// Ctrl+S: written over the document's file, or Save as's dialog for a level never saved.
pub(super) fn save(editor: &mut Editor, outside: &mut dyn Tell) {
    let Some(doc) = editor.doc.as_mut() else {
        return;
    };
    let Some(path) = doc.path().map(PathBuf::from) else {
        return open_save_as(editor);
    };
    match write_atomically(&path, doc.text()) {
        Ok(()) => {
            doc.mark_saved(path.clone());
            editor.disk_seen = Some(doc.text().to_string());
            let note = problems_note(doc);
            outside.say(format!("Saved {}{note}", crate::paths::display(&path)));
        }
        Err(e) => outside.refuse(format!("Not saved: {e}")),
    }
}

/// Save as's name typed: written in the save folder (over a file of that name only when
/// `overwrite`), or the dialog asks, or says why not.
pub(super) fn save_as_typed(editor: &mut Editor, overwrite: bool, outside: &mut dyn Tell) {
    let Some(Dialog::SaveAs { name, .. }) = editor.dialog.clone() else {
        return;
    };
    let Some(doc) = editor.doc.as_mut() else {
        return;
    };
    // A new level still unnamed takes its file's name, in words; a copy keeps its name,
    // and the notice says how to tell the two apart.
    let kept = copy_keeps_name(doc, &name);
    let named = match name_for_save_as(doc, &name) {
        Some(titled) if doc.edit(|_, t| ops::set_name(t, &titled)).is_ok() => {
            format!(", the level named {titled:?} after it (Rename changes that)")
        }
        _ => kept.map_or(String::new(), |kept| {
            format!(
                "; it keeps the name {kept:?}, as the level it came from does: Rename (Level page) tells them apart in the level list"
            )
        }),
    };
    match save_as(&save_dir(), &name, doc.text(), overwrite) {
        Ok(SavedAs::Written(path)) => {
            doc.mark_saved(path.clone());
            editor.disk_seen = Some(doc.text().to_string());
            let note = problems_note(doc);
            outside.say(format!(
                "Saved {}{named}{note}",
                crate::paths::display(&path)
            ));
            editor.dialog = None;
        }
        Ok(SavedAs::Exists(path)) => {
            editor.dialog = Some(Dialog::SaveAs {
                name,
                exists: Some(path),
            });
        }
        // Said in the dialog, where the name is mended.
        Err(e) => editor.refused = Some(format!("Not saved: {e}")),
    }
}

/// The new level asked for: to be saved at `at` (named after it), or where Save as says.
pub(super) fn new_document(
    new: &crate::editor::new_level::NewLevel,
    at: Option<PathBuf>,
) -> EditorDoc {
    let Some(path) = at else {
        return EditorDoc::new(new.text(), None);
    };
    let mut text = LevelText::new(new.text());
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let titled = name_from_file(&stem.unwrap_or_default());
    if !titled.is_empty() {
        // A name that cannot be written leaves the new level's own.
        let _ = ops::set_name(&mut text, &titled);
    }
    EditorDoc::new_at(text.text().to_string(), path)
}
