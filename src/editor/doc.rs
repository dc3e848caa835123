//! The editor's document: a level file's text, which every edit changes in place (so an
//! untouched file saves byte for byte and an edit touches only its lines), the texts
//! before each edit for undo and redo, and what the text reads as now — the level file
//! as parsed, the problems `skirmish check` would report, the terrain to show.

use super::grid::draft_grid;
use crate::level::edit::{EditError, LevelText};
use crate::level::problem::Problem;
use crate::level::schema::LevelFile;
use crate::level::{Level, parse_level, ron_options};
use crate::rules::terrain::TerrainGrid;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Most edits kept for undo; the oldest go first.
pub const MAX_UNDO: usize = 500;

/// What the text reads as.
#[derive(Clone, Debug, Default)]
pub struct DocView {
    /// The text parsed as a level file; `None` when it has a syntax error.
    pub file: Option<LevelFile>,
    /// The level, when it validates.
    pub level: Option<Arc<Level>>,
    /// Every problem `skirmish check` reports for the text (none: it is valid).
    pub problems: Vec<Problem>,
    /// The terrain to show, built even for a level that does not validate.
    pub grid: Option<TerrainGrid>,
}

/// A level being edited.
#[derive(Clone, Debug)]
pub struct EditorDoc {
    text: LevelText,
    undo: Vec<String>,
    redo: Vec<String>,
    /// The text as the file on disk has it (`None`: a new level, never saved).
    saved: Option<String>,
    /// The file it is saved to (`None`: a new level, saved as).
    path: Option<PathBuf>,
    view: DocView,
}

impl EditorDoc {
    /// A document of `text`, saved at `path` if it has been.
    pub fn new(text: String, path: Option<PathBuf>) -> EditorDoc {
        let saved = path.is_some().then(|| text.clone());
        let mut doc = EditorDoc {
            text: LevelText::new(text),
            undo: Vec::new(),
            redo: Vec::new(),
            saved,
            path,
            view: DocView::default(),
        };
        doc.reparse();
        doc
    }

    /// Open the level file at `path`: its problems, if it has any, are the document's.
    /// A file that cannot be read, is too large or is not UTF-8 is refused with why.
    /// A new level's text, to be saved at `path` (a file not there yet): nothing saved.
    pub fn new_at(text: String, path: PathBuf) -> EditorDoc {
        let mut doc = EditorDoc::new(text, Some(path));
        doc.saved = None;
        doc
    }

    pub fn open(path: &Path) -> Result<EditorDoc, String> {
        let shown = path.display();
        let meta = std::fs::metadata(path).map_err(|e| format!("cannot open `{shown}`: {e}"))?;
        if meta.is_dir() {
            return Err(format!(
                "cannot open `{shown}`: it is a folder, not a level file"
            ));
        }
        if meta.len() > crate::level::MAX_LEVEL_BYTES as u64 {
            return Err(format!(
                "cannot open `{shown}`: {} bytes; levels are limited to {}",
                meta.len(),
                crate::level::MAX_LEVEL_BYTES
            ));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read `{shown}`: {e}"))?;
        let text = String::from_utf8(bytes)
            .map_err(|e| format!("cannot open `{shown}`: not UTF-8 text ({e})"))?;
        Ok(EditorDoc::new(text, Some(path.to_path_buf())))
    }

    pub fn text(&self) -> &str {
        self.text.text()
    }

    pub fn view(&self) -> &DocView {
        &self.view
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The name problems are reported under: the file, or `new level`.
    pub fn label(&self) -> String {
        self.path
            .as_deref()
            .map_or_else(|| "new level".into(), crate::paths::display)
    }

    /// Whether the text differs from the file's (a new level always does).
    pub fn is_dirty(&self) -> bool {
        self.saved.as_deref() != Some(self.text())
    }

    /// The text as last saved or opened.
    pub fn saved_text(&self) -> Option<&str> {
        self.saved.as_deref()
    }

    /// The text was written to `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.saved = Some(self.text().to_string());
        if self.path.as_deref() != Some(&path) {
            self.path = Some(path);
            self.reparse();
        }
    }

    /// Make an edit: `f` changes the text through `LevelText`, reading the level file as
    /// parsed. A change is one step of undo; a failed edit changes nothing.
    pub fn edit<F>(&mut self, f: F) -> Result<(), EditError>
    where
        F: FnOnce(&LevelFile, &mut LevelText) -> Result<(), EditError>,
    {
        let before = self.text().to_string();
        self.continue_edit(f)?;
        if self.text() != before {
            self.undo.push(before);
            if self.undo.len() > MAX_UNDO {
                self.undo.remove(0);
            }
            self.redo.clear();
        }
        Ok(())
    }

    /// Make an edit that belongs to the step of undo before it (a brush stroke's next
    /// tile): no new step is added.
    pub fn continue_edit<F>(&mut self, f: F) -> Result<(), EditError>
    where
        F: FnOnce(&LevelFile, &mut LevelText) -> Result<(), EditError>,
    {
        let file = (self.view.file.clone()).ok_or_else(|| EditError::NoValue("level".into()))?;
        let mut text = self.text.clone();
        f(&file, &mut text)?;
        if text.text() != self.text() {
            self.text = text;
            self.reparse();
        }
        Ok(())
    }

    /// Replace the whole text (a file reloaded from disk): one step of undo.
    pub fn replace_text(&mut self, text: String) {
        if text != self.text() {
            self.undo.push(self.text().to_string());
            self.redo.clear();
            self.text = LevelText::new(text);
            self.reparse();
        }
    }

    /// The file on disk now has `text`, which the document takes as its saved text.
    pub fn take_disk_text(&mut self, text: String) {
        self.replace_text(text.clone());
        self.saved = Some(text);
    }

    /// Go back one edit; whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(self.text().to_string());
        self.text = LevelText::new(before);
        self.reparse();
        true
    }

    /// Make the edit undone last again; whether there was one.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(self.text().to_string());
        self.text = LevelText::new(after);
        self.reparse();
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Check the text again against the templates and weapons as their files are now (one
    /// changed on disk): no edit, nothing to undo.
    pub fn recheck(&mut self) {
        self.reparse();
    }

    /// Read the text again: the level file, its problems, the terrain.
    fn reparse(&mut self) {
        let label = self.label();
        let text = self.text();
        let file: Option<LevelFile> = ron_options().from_str(text).ok();
        let catalog = crate::paths::current_catalog();
        let (level, problems) = match parse_level(&label, text.as_bytes(), &catalog) {
            Ok(level) => (Some(Arc::new(level)), Vec::new()),
            Err(problems) => (None, problems),
        };
        let grid = match &level {
            Some(l) => Some(l.grid.clone()),
            None => file.as_ref().and_then(draft_grid),
        };
        self.view = DocView {
            file,
            level,
            problems,
            grid,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::grid::Pos;

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");

    #[test]
    fn an_untouched_document_is_the_file_and_not_dirty() {
        let doc = EditorDoc::new(FIRST_BLOOD.into(), Some("levels/first_blood.ron".into()));
        assert_eq!(doc.text(), FIRST_BLOOD);
        assert!(!doc.is_dirty());
        assert!(doc.view().level.is_some(), "{:?}", doc.view().problems);
        assert!(doc.view().problems.is_empty());
        // A new level is dirty until it is saved.
        let mut new = EditorDoc::new(FIRST_BLOOD.into(), None);
        assert!(new.is_dirty());
        new.mark_saved("x.ron".into());
        assert!(!new.is_dirty());
    }

    #[test]
    fn each_edit_is_undone_and_redone_and_a_new_edit_drops_the_redo() {
        let mut doc = EditorDoc::new(FIRST_BLOOD.into(), Some("f.ron".into()));
        doc.edit(|_, t| t.move_unit(0, Pos::new(3, 7))).unwrap();
        let moved = doc.text().to_string();
        assert!(doc.is_dirty());
        doc.edit(|_, t| t.set_tile(Pos::new(0, 0), '#')).unwrap();
        assert!(doc.undo());
        assert_eq!(doc.text(), moved);
        assert!(doc.undo());
        assert_eq!(doc.text(), FIRST_BLOOD);
        assert!(!doc.is_dirty());
        assert!(!doc.undo());
        assert!(doc.redo());
        assert_eq!(doc.text(), moved);
        doc.edit(|_, t| t.move_unit(1, Pos::new(0, 9))).unwrap();
        assert!(!doc.can_redo());
        // A brush stroke's further tiles join its step.
        doc.edit(|_, t| t.set_tile(Pos::new(0, 0), '#')).unwrap();
        doc.continue_edit(|_, t| t.set_tile(Pos::new(1, 0), '#'))
            .unwrap();
        assert!(doc.undo());
        assert!(doc.text().contains("\"..............\",\n        \"..c."));
    }

    #[test]
    fn a_broken_text_has_its_problems_and_a_failed_edit_changes_nothing() {
        let broken = FIRST_BLOOD.replace("units: [", "units: [[");
        let mut doc = EditorDoc::new(broken.clone(), Some("f.ron".into()));
        assert!(doc.view().file.is_none());
        assert!(doc.view().level.is_none());
        assert_eq!(doc.view().problems.len(), 1);
        assert!(doc.edit(|_, t| t.move_unit(0, Pos::new(0, 0))).is_err());
        assert_eq!(doc.text(), broken);
        assert!(!doc.can_undo());
    }

    #[test]
    fn opening_a_missing_or_odd_file_says_what_is_wrong() {
        let err = EditorDoc::open(Path::new("levels/no_such_level.ron")).unwrap_err();
        assert!(
            err.contains("cannot open `levels/no_such_level.ron`"),
            "{err}"
        );
        let err = EditorDoc::open(Path::new("levels")).unwrap_err();
        assert!(err.contains("folder"), "{err}");
    }
}
