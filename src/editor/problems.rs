//! Where on the map a problem lies: the unit whose text it points into, or the tile of a
//! map row it points at, so that clicking a problem selects what is at fault.

use crate::level::edit::LevelText;
use crate::level::problem::Problem;
use crate::rules::grid::Pos;

/// What a problem is about, on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The unit written `n`th in the file.
    Unit(usize),
    /// A tile of the map.
    Tile(Pos),
    /// Nothing on the map (the name, the rules, the file as a whole).
    Elsewhere,
}

/// The byte of `text` at 1-based `line` and `col` (columns count characters).
pub fn offset_of(text: &str, line: usize, col: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &text[start..];
    let within = rest
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    Some(start + within)
}

/// What `problem` in the document `text` is about.
pub fn fault_of(text: &LevelText, problem: &Problem) -> Fault {
    let (Some(line), Some(col)) = (problem.line, problem.col) else {
        return Fault::Elsewhere;
    };
    let Some(at) = offset_of(text.text(), line, col) else {
        return Fault::Elsewhere;
    };
    for i in 0..text.count("units") {
        if text
            .range(&format!("units[{i}]"))
            .is_some_and(|r| r.contains(&at))
        {
            return Fault::Unit(i);
        }
    }
    for y in 0..text.count("map") {
        if let Some(r) = text.range(&format!("map[{y}]")).filter(|r| r.contains(&at)) {
            let x = text.text()[r.start..at].chars().count().saturating_sub(1);
            return Fault::Tile(Pos::new(x as i32, y as i32));
        }
    }
    Fault::Elsewhere
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::parse_level;

    fn problems_of(text: &str) -> Vec<Problem> {
        parse_level("t.ron", text.as_bytes(), crate::paths::cached_catalog()).unwrap_err()
    }

    #[test]
    fn a_unit_on_a_wall_and_an_unknown_symbol_are_found_on_the_map() {
        let first_blood = include_str!("../../levels/first_blood.ron");
        // Grub onto the wall at (6, 2); an unknown symbol at (4, 0).
        let text = first_blood.replace("pos: (11, 2)", "pos: (6, 2)").replacen(
            "\"..............\"",
            "\"....?.........\"",
            1,
        );
        let problems = problems_of(&text);
        let doc = LevelText::new(text);
        let faults: Vec<Fault> = problems.iter().map(|p| fault_of(&doc, p)).collect();
        assert!(faults.contains(&Fault::Unit(2)), "{problems:?} {faults:?}");
        assert!(
            faults.contains(&Fault::Tile(Pos::new(4, 0))),
            "{problems:?} {faults:?}"
        );
        assert_eq!(
            fault_of(&doc, &Problem::new("t.ron", "x")),
            Fault::Elsewhere
        );
    }

    #[test]
    fn lines_and_columns_are_bytes_of_the_text() {
        let text = "ab\nçd\n";
        assert_eq!(offset_of(text, 1, 1), Some(0));
        assert_eq!(offset_of(text, 2, 2), Some(5));
        assert_eq!(offset_of(text, 9, 1), None);
    }
}
