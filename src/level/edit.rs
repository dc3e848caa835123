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
    /// The edit would make the level wrong in a way the editor refuses: why.
    Refused(String),
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::NoValue(path) => write!(f, "the level has no `{path}` to change"),
            EditError::NoTile(p) => write!(f, "the map has no tile at {p} to change"),
            EditError::Refused(why) => f.write_str(why),
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
    /// The bytes of the value at `path`, if the text has it whole.
    pub fn range(&self, path: &str) -> Option<std::ops::Range<usize>> {
        self.index.range(path)
    }

    /// How many items the list at `path` has, as far as the text could be read.
    pub fn count(&self, path: &str) -> usize {
        (0..)
            .take_while(|i| self.index.range(&format!("{path}[{i}]")).is_some())
            .count()
    }

    /// Replace the bytes `range` with `with` and index the text again.
    fn splice(&mut self, range: std::ops::Range<usize>, with: &str) {
        self.text.replace_range(range, with);
        self.index = SpanIndex::build(&self.text);
    }

    /// Add `item` (RON text) at the end of the list or map at `path`, in its layout: on a
    /// line of its own, indented as the items before it, when the list is written one item
    /// a line; after the last item on the same line otherwise. The item before it gains
    /// the comma it lacked.
    pub fn push_item(&mut self, path: &str, item: &str) -> Result<(), EditError> {
        let range = self
            .range(path)
            .ok_or_else(|| EditError::NoValue(path.into()))?;
        let (at, with) = layout::pushed(&self.text, range, item);
        self.splice(at, &with);
        Ok(())
    }

    /// Remove item `index` of the list at `path`: its whole line when it stands alone on
    /// it (a comment after it goes too), else its text and the comma after it.
    pub fn remove_item(&mut self, path: &str, index: usize) -> Result<(), EditError> {
        let item = format!("{path}[{index}]");
        let range = self.range(&item).ok_or(EditError::NoValue(item))?;
        let cut = layout::removed(&self.text, range);
        self.splice(cut, "");
        Ok(())
    }

    /// Set field `field` of the struct at `path` to `value`: its value rewritten when the
    /// struct has it, else the field added before the struct's closing parenthesis.
    pub fn set_field(&mut self, path: &str, field: &str, value: &str) -> Result<(), EditError> {
        let full = if path.is_empty() {
            field.to_string()
        } else {
            format!("{path}.{field}")
        };
        if self.range(&full).is_some() {
            return self.set(&full, value);
        }
        let range = self
            .range(path)
            .ok_or_else(|| EditError::NoValue(path.into()))?;
        if !self.text[range].starts_with('(') {
            return Err(EditError::NoValue(full));
        }
        self.push_item(path, &format!("{field}: {value}"))
    }

    /// Take field `field` out of the struct at `path` (`""`: the level itself): its name,
    /// value and comma, or its whole line when it stands alone on one. A field the struct
    /// does not have is left so (nothing to take out).
    pub fn remove_field(&mut self, path: &str, field: &str) -> Result<(), EditError> {
        let full = if path.is_empty() {
            field.to_string()
        } else {
            format!("{path}.{field}")
        };
        let Some(value) = self.range(&full) else {
            return Ok(());
        };
        let head = self.text[..value.start].trim_end();
        let head = (head.strip_suffix(':').map(str::trim_end))
            .filter(|h| h.ends_with(field))
            .ok_or_else(|| EditError::NoValue(full.clone()))?;
        let cut = layout::removed_field(&self.text, head.len() - field.len()..value.end);
        self.splice(cut, "");
        Ok(())
    }

    /// Rewrite the whole map with `rows` (a resize), one row a line, indented as the
    /// `map` field is; a `size` the file gives is set to match.
    pub fn set_map(&mut self, rows: &[String]) -> Result<(), EditError> {
        let range = self
            .range("map")
            .ok_or_else(|| EditError::NoValue("map".into()))?;
        let indent = layout::indent_of_line(&self.text, range.start);
        let mut list = String::from("[\n");
        for row in rows {
            list.push_str(&format!("{indent}{}{row:?},\n", layout::STEP));
        }
        list.push_str(&indent);
        list.push(']');
        self.set("map", &list)?;
        if self.range("size").is_some() {
            let (w, h) = (rows.first().map_or(0, |r| r.chars().count()), rows.len());
            self.set("size", &format!("({w}, {h})"))?;
        }
        Ok(())
    }
}

/// Where text goes when a layout is kept: plain string arithmetic over a file's text.
mod layout {
    use std::ops::Range;

    /// One level of indentation, as the shipped levels write it.
    pub const STEP: &str = "    ";

    /// The start of the line holding byte `at`.
    pub fn line_start(text: &str, at: usize) -> usize {
        text[..at].rfind('\n').map_or(0, |i| i + 1)
    }

    /// The end of the line holding byte `at` (its `\n`, or the text's end).
    pub fn line_end(text: &str, at: usize) -> usize {
        text[at..].find('\n').map_or(text.len(), |i| at + i)
    }

    /// The whitespace that starts the line holding byte `at`.
    pub fn indent_of_line(text: &str, at: usize) -> String {
        let start = line_start(text, at);
        text[start..]
            .chars()
            .take_while(|c| *c == ' ' || *c == '\t')
            .collect()
    }

    /// Whether only whitespace stands between the line's start and byte `at`.
    fn first_on_line(text: &str, at: usize) -> bool {
        text[line_start(text, at)..at].trim().is_empty()
    }

    /// After byte `at`: spaces, then the byte where a comma stands, if one does.
    fn comma_after(text: &str, at: usize) -> Option<usize> {
        let rest = &text[at..];
        let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        rest[skip..].starts_with(',').then_some(at + skip)
    }

    /// Inside the collection spanning `range`: where its first item starts and where its
    /// last one ends (a trailing comma, comments and whitespace left out), and whether a
    /// comma follows that last item. Strings, characters and comments are read as such.
    fn items_extent(text: &str, range: Range<usize>) -> Option<(usize, usize, bool)> {
        let inner = &text[range.start + 1..range.end - 1];
        let base = range.start + 1;
        let (mut first, mut last, mut comma) = (None, None, false);
        let mut chars = inner.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let mut end = i + c.len_utf8();
            match c {
                '/' if chars.peek().is_some_and(|(_, n)| *n == '/') => {
                    while chars.next_if(|(_, n)| *n != '\n').is_some() {}
                    continue;
                }
                '/' if chars.peek().is_some_and(|(_, n)| *n == '*') => {
                    let mut prev = ' ';
                    for (_, n) in chars.by_ref() {
                        if prev == '*' && n == '/' {
                            break;
                        }
                        prev = n;
                    }
                    continue;
                }
                c if c.is_whitespace() => continue,
                ',' => {
                    comma = true;
                    continue;
                }
                '"' | '\'' => {
                    while let Some((j, n)) = chars.next() {
                        end = j + n.len_utf8();
                        if n == '\\' {
                            chars.next();
                        } else if n == c {
                            break;
                        }
                    }
                }
                _ => {}
            }
            first.get_or_insert(base + i);
            last = Some(base + end);
            comma = false;
        }
        Some((first?, last?, comma))
    }

    /// The bytes to replace and their new text, to add `item` at the end of the
    /// collection (a list, a map, a struct's fields) spanning `range`.
    pub fn pushed(text: &str, range: Range<usize>, item: &str) -> (Range<usize>, String) {
        let close = range.end - 1;
        let multi_line = text[range.start..close].contains('\n');
        let Some((first, end, comma)) = items_extent(text, range.clone()) else {
            // An empty collection: opened over lines of its own.
            let indent = indent_of_line(text, range.start);
            let open = range.start + 1;
            return (open..close, format!("\n{indent}{STEP}{item},\n{indent}"));
        };
        if multi_line && first_on_line(text, close) && first_on_line(text, first) {
            let indent = indent_of_line(text, first);
            let at = line_start(text, close);
            // The item before gains its comma right after its text.
            if !comma {
                let line_rest = &text[end..at];
                return (end..at, format!(",{line_rest}{indent}{item},\n"));
            }
            return (at..at, format!("{indent}{item},\n"));
        }
        match comma_after(text, end) {
            Some(c) => (c + 1..c + 1, format!(" {item}")),
            None => (end..end, format!(", {item}")),
        }
    }

    /// The bytes to remove to take out a struct's field spanning `range` (name to value):
    /// the last field of a struct written on one line takes the comma before it.
    pub fn removed_field(text: &str, range: Range<usize>) -> Range<usize> {
        if comma_after(text, range.end).is_none() && !first_on_line(text, range.start) {
            let head = text[..range.start].trim_end_matches([' ', '\t']);
            if let Some(h) = head.strip_suffix(',') {
                return h.len()..range.end;
            }
        }
        removed(text, range)
    }

    /// The bytes to remove to take out the item spanning `range`.
    pub fn removed(text: &str, range: Range<usize>) -> Range<usize> {
        let after = comma_after(text, range.end).map_or(range.end, |c| c + 1);
        let rest = text[after..line_end(text, after)].trim_start();
        let alone_after = rest.is_empty() || rest.starts_with("//");
        if first_on_line(text, range.start) && alone_after {
            let end = (line_end(text, after) + 1).min(text.len());
            return line_start(text, range.start)..end;
        }
        let spaces = text[after..].len() - text[after..].trim_start_matches(' ').len();
        range.start..after + spaces
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

    #[test]
    fn a_pushed_unit_gets_a_line_of_its_own_in_the_files_indentation() {
        let mut level = LevelText::new(LEVEL);
        level
            .push_item(
                "units",
                r#"(name: "C", side: "Red", template: "wolf", pos: (1, 1))"#,
            )
            .unwrap();
        let lines: Vec<&str> = level.text().lines().collect();
        assert_eq!(
            lines[11],
            r#"        (name: "C", side: "Red", template: "wolf", pos: (1, 1)),"#
        );
        assert_eq!(lines[12], "    ],");
        // Every line before it is as it was.
        assert_eq!(lines[..11], LEVEL.lines().collect::<Vec<_>>()[..11]);
        assert_eq!(level.count("units"), 3);
    }

    #[test]
    fn a_pushed_item_after_one_without_a_comma_gives_it_one() {
        let src = "(\n    legend: {\n        '.': \"grass\" // lawn\n    },\n    units: [],\n)\n";
        let mut level = LevelText::new(src);
        level.push_item("legend", "'#': \"wall\"").unwrap();
        assert_eq!(
            level.text(),
            "(\n    legend: {\n        '.': \"grass\", // lawn\n        '#': \"wall\",\n    },\n    units: [],\n)\n"
        );
        // An empty list opens over lines of its own.
        level.push_item("units", "(name: \"A\")").unwrap();
        assert!(
            level
                .text()
                .contains("    units: [\n        (name: \"A\"),\n    ],\n")
        );
        // A list on one line stays on one line.
        let mut one = LevelText::new("(sides: [(name: \"Blue\"), (name: \"Red\")])");
        one.push_item("sides", "(name: \"Green\")").unwrap();
        assert_eq!(
            one.text(),
            "(sides: [(name: \"Blue\"), (name: \"Red\"), (name: \"Green\")])"
        );
    }

    #[test]
    fn removing_a_unit_takes_its_lines_and_leaves_the_rest() {
        let mut level = LevelText::new(LEVEL);
        level.remove_item("units", 0).unwrap();
        let expected = LEVEL.replace(
            "        (name: \"A\", side: \"Blue\", template: \"soldier\", pos: (0, 0)),\n",
            "",
        );
        assert_eq!(level.text(), expected);
        assert_eq!(level.count("units"), 1);
        // On one line with others: its text and comma go.
        let mut one = LevelText::new("(units: [(n: 1), (n: 2), (n: 3)])");
        one.remove_item("units", 1).unwrap();
        assert_eq!(one.text(), "(units: [(n: 1), (n: 3)])");
        assert_eq!(
            one.remove_item("units", 5),
            Err(EditError::NoValue("units[5]".into()))
        );
    }

    #[test]
    fn a_missing_field_is_added_and_a_present_one_rewritten() {
        let mut level = LevelText::new(LEVEL);
        level.set_field("units[0]", "facing", "N").unwrap();
        assert!(level.text().contains("pos: (0, 0), facing: N),"));
        level.set_field("units[0]", "facing", "SE").unwrap();
        assert!(level.text().contains("pos: (0, 0), facing: SE),"));
        let mut multi = LevelText::new("(\n    name: \"X\",\n)\n");
        multi.set_field("", "seed", "7").unwrap();
        assert_eq!(multi.text(), "(\n    name: \"X\",\n    seed: 7,\n)\n");
        assert!(multi.set_field("name", "x", "1").is_err());
    }

    #[test]
    fn a_resize_rewrites_the_map_rows_and_the_size() {
        let src =
            "(\n    size: (4, 2),\n    map: [\n        \"....\",\n        \"..#.\",\n    ],\n)\n";
        let mut level = LevelText::new(src);
        level
            .set_map(&["...".to_string(), "..#".to_string(), "...".to_string()])
            .unwrap();
        assert_eq!(
            level.text(),
            "(\n    size: (3, 3),\n    map: [\n        \"...\",\n        \"..#\",\n        \"...\",\n    ],\n)\n"
        );
    }

    #[test]
    fn a_field_is_taken_out_with_its_comma_or_its_line() {
        let text = "(\n    name: \"T\",\n    seed: 7, // dice\n    units: [\n        (name: \"A\", pos: (0, 0), overrides: (vitality: 3, armor: 2)),\n    ],\n)\n";
        let mut level = LevelText::new(text);
        level.remove_field("", "seed").unwrap();
        assert_eq!(level.text(), text.replace("    seed: 7, // dice\n", ""));
        level.remove_field("units[0].overrides", "armor").unwrap();
        assert!(level.text().contains("overrides: (vitality: 3)),"));
        level
            .remove_field("units[0].overrides", "vitality")
            .unwrap();
        assert!(level.text().contains("overrides: ()),"));
        level.remove_field("units[0]", "overrides").unwrap();
        assert!(level.text().contains("(name: \"A\", pos: (0, 0)),"));
        level.remove_field("units[0]", "name").unwrap();
        assert!(level.text().contains("(pos: (0, 0)),"), "{}", level.text());
        // A field it does not have: nothing to do.
        let before = level.text().to_string();
        level.remove_field("units[0]", "facing").unwrap();
        assert_eq!(level.text(), before);
    }
}
