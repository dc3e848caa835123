//! A level file's text, edited in place: each change rewrites only the text of the value it
//! touches (found by `SpanIndex::range`), so the comments and the layout elsewhere survive,
//! and a document saved with no change is the file as it was, byte for byte. The level
//! editor's changes go through it; plain text in, plain text out.

use super::spans::SpanIndex;
use crate::rules::grid::Pos;

/// A level file's text being edited.
#[derive(Clone, Debug)]
pub struct LevelText {
    text: String,
    index: SpanIndex,
}

/// Why an edit could not be made; the text is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The file has no such value, or its text could not be read that far.
    NoValue(String),
    /// The map row is not a plain one-line string, or the tile lies past its end.
    NoTile(Pos),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::NoValue(path) => write!(f, "the level has no `{path}` to change"),
            EditError::NoTile(p) => write!(f, "the map has no tile at {p} to change"),
        }
    }
}

impl LevelText {
    pub fn new(text: impl Into<String>) -> LevelText {
        let text = text.into();
        let index = SpanIndex::build(&text);
        LevelText { text, index }
    }

    /// The text as it stands: what saving writes.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Replace the value at `path` (`units[2].pos`, `name`) with `value`, written in RON.
    pub fn set(&mut self, path: &str, value: &str) -> Result<(), EditError> {
        let range = (self.index.range(path)).ok_or_else(|| EditError::NoValue(path.into()))?;
        self.text.replace_range(range, value);
        self.index = SpanIndex::build(&self.text);
        Ok(())
    }

    /// Put the unit written `index`th in the file on tile `to`.
    pub fn move_unit(&mut self, index: usize, to: Pos) -> Result<(), EditError> {
        self.set(
            &format!("units[{index}].pos"),
            &format!("({}, {})", to.x, to.y),
        )
    }

    /// Paint the tile at `at` with the terrain the legend writes `symbol`.
    pub fn set_tile(&mut self, at: Pos, symbol: char) -> Result<(), EditError> {
        let path = format!("map[{}]", at.y);
        let span = self.index.get(&path).filter(|s| s.plain);
        let range = self.index.range(&path).filter(|_| span.is_some());
        let row = range.and_then(|r| self.text.get(r.start + 1..r.end - 1));
        let mut tiles: Vec<char> = row.ok_or(EditError::NoTile(at))?.chars().collect();
        let tile = usize::try_from(at.x).ok().and_then(|x| tiles.get_mut(x));
        *tile.ok_or(EditError::NoTile(at))? = symbol;
        let row: String = tiles.into_iter().collect();
        self.set(&path, &format!("{row:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LEVEL: &str = r#"// A small field.
(
    name: "Test", // its name
    map: [
        "....",
        "..#.", // a wall
    ],
    units: [
        (name: "A", side: "Blue", template: "soldier", pos: (0, 0)),
        (name: "B", side: "Red", template: "goblin",
         pos: (3, 1)), // on two lines
    ],
)
"#;

    /// The lines of `after` that differ from `before`'s, by number.
    fn changed(before: &str, after: &str) -> Vec<(usize, String)> {
        assert_eq!(before.lines().count(), after.lines().count());
        (before.lines().zip(after.lines()).enumerate())
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (_, b))| (i + 1, b.to_string()))
            .collect()
    }

    #[test]
    fn moving_a_unit_rewrites_its_position_alone() {
        let mut level = LevelText::new(LEVEL);
        level.move_unit(1, Pos::new(2, 0)).unwrap();
        assert_eq!(
            changed(LEVEL, level.text()),
            vec![(11, "         pos: (2, 0)), // on two lines".to_string())]
        );
        level.move_unit(0, Pos::new(10, 12)).unwrap();
        assert!(
            level
                .text()
                .contains(r#"template: "soldier", pos: (10, 12)),"#)
        );
    }

    #[test]
    fn painting_a_tile_rewrites_its_row_alone_and_keeps_the_comment() {
        let mut level = LevelText::new(LEVEL);
        level.set_tile(Pos::new(0, 1), '#').unwrap();
        assert_eq!(
            changed(LEVEL, level.text()),
            vec![(6, r##"        "#.#.", // a wall"##.to_string())]
        );
    }

    #[test]
    fn an_edit_it_cannot_make_changes_nothing() {
        let mut level = LevelText::new(LEVEL);
        assert_eq!(
            level.set_tile(Pos::new(4, 0), '#'),
            Err(EditError::NoTile(Pos::new(4, 0)))
        );
        assert_eq!(
            level.set_tile(Pos::new(0, 2), '#'),
            Err(EditError::NoTile(Pos::new(0, 2)))
        );
        assert_eq!(
            level.move_unit(2, Pos::new(0, 0)),
            Err(EditError::NoValue("units[2].pos".into()))
        );
        assert_eq!(level.text(), LEVEL);
        // A broken file: nothing past the break can be found, nothing is changed.
        let mut broken = LevelText::new("(name: \"X\", map: [\"..\", ");
        assert!(broken.set_tile(Pos::new(0, 1), '#').is_err());
        assert_eq!(broken.text(), "(name: \"X\", map: [\"..\", ");
    }

    #[test]
    fn a_named_value_is_replaced_whole() {
        let mut level = LevelText::new(LEVEL);
        level.set("name", r#""Renamed""#).unwrap();
        assert_eq!(
            changed(LEVEL, level.text()),
            vec![(3, r#"    name: "Renamed", // its name"#.to_string())]
        );
    }
}
