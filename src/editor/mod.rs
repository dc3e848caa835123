//! The level editor's headless half (issue 37): the document (a level file's text, edited
//! in place through `level::edit::LevelText`, with undo and redo), the edits the editor
//! makes on it, the tools' tile sets (rectangle, flood fill), the terrain palette, a new
//! level's text, problems located on the map, and saving without losing anything. No Bevy:
//! the window's half is `game/editor/`.
//!
//! - `change`: what an edit changed, in words (an undo's notice).
//! - `doc`: `EditorDoc`, the text with its undo history, parsed after every edit.
//! - `ops`: the edits (paint, place, move, duplicate and delete units, rules, resize).
//! - `tools`: the tiles a rectangle or a flood fill covers.
//! - `palette`: the terrain kinds one may paint, with their costs, cover and symbols.
//! - `grid`: the terrain grid a draft shows, even one that does not validate.
//! - `new_level`: the text of a new level.
//! - `problems`: the tile or unit a problem is about.
//! - `save`: writing through a temporary file, and names for a level saved as new.
//! - `units`: the picked unit's name and its overrides of its template's statistics.
//! - `level_fields`: the description, the rulebook's switches and the balance band.
//! - `sides`: a side surprised, Seed000's unions, a side added or renamed.
//! - `objectives`: the level's objectives listed, added and removed.
//!
//! `counted` writes a count with its noun ("1 unit", "3 units") for the editor's lines.

pub mod change;
pub mod doc;
pub mod grid;
pub mod level_fields;
pub mod new_level;
pub mod objectives;
pub mod ops;
pub mod palette;
pub mod problems;
pub mod save;
pub mod sides;
pub mod tools;
pub mod units;

pub use doc::EditorDoc;

/// How wide the map of `file` is: its widest row, in tiles.
pub fn map_width(file: &crate::level::schema::LevelFile) -> usize {
    file.map
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0)
}

/// `n` and the noun, plural but for one: `counted(1, "unit")` is "1 unit", `counted(3,
/// "unit")` "3 units".
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
