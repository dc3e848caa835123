//! The tiles an editor tool covers: a rectangle between two corners, a brush stroke's
//! tiles between two points of a drag, and a flood fill of the connected tiles that share
//! a symbol.

use crate::rules::grid::Pos;
use std::collections::VecDeque;

/// Every tile of the rectangle with corners `a` and `b` (either order), row by row.
pub fn rectangle(a: Pos, b: Pos) -> Vec<Pos> {
    let (x0, x1) = (a.x.min(b.x), a.x.max(b.x));
    let (y0, y1) = (a.y.min(b.y), a.y.max(b.y));
    (y0..=y1)
        .flat_map(|y| (x0..=x1).map(move |x| Pos::new(x, y)))
        .collect()
}

/// The tiles a brush dragged from `from` to `to` in one frame passes over, `to` last (not
/// `from`, painted already): a fast drag leaves no gaps.
pub fn stroke(from: Pos, to: Pos) -> Vec<Pos> {
    let mut tiles = crate::rules::grid::trace_line(from, to).tiles;
    if to != from {
        tiles.push(to);
    }
    tiles
}

/// The symbol at `p` of map `rows`, if the map has that tile.
pub fn symbol_at(rows: &[String], p: Pos) -> Option<char> {
    let row = rows.get(usize::try_from(p.y).ok()?)?;
    row.chars().nth(usize::try_from(p.x).ok()?)
}

/// The tiles joined to `start` side by side (not across corners) that have its symbol,
/// `start` first; none if `start` is off the map.
pub fn flood_fill(rows: &[String], start: Pos) -> Vec<Pos> {
    let Some(symbol) = symbol_at(rows, start) else {
        return Vec::new();
    };
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let at = |p: Pos| -> Option<char> {
        let row = grid.get(usize::try_from(p.y).ok()?)?;
        row.get(usize::try_from(p.x).ok()?).copied()
    };
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut out = Vec::new();
    while let Some(p) = queue.pop_front() {
        out.push(p);
        for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let n = Pos::new(p.x + dx, p.y + dy);
            if at(n) == Some(symbol) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_stroke_paints_the_tiles_between() {
        assert_eq!(
            stroke(Pos::new(0, 0), Pos::new(3, 0)),
            [Pos::new(1, 0), Pos::new(2, 0), Pos::new(3, 0)]
        );
        assert_eq!(
            stroke(Pos::new(2, 2), Pos::new(4, 4)),
            [Pos::new(3, 3), Pos::new(4, 4)]
        );
        assert!(stroke(Pos::new(1, 1), Pos::new(1, 1)).is_empty());
    }

    fn rows(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_rectangle_covers_its_corners_in_either_order() {
        let r = rectangle(Pos::new(2, 1), Pos::new(0, 2));
        assert_eq!(r.len(), 6);
        assert_eq!(r.first(), Some(&Pos::new(0, 1)));
        assert_eq!(r.last(), Some(&Pos::new(2, 2)));
        assert_eq!(
            rectangle(Pos::new(3, 3), Pos::new(3, 3)),
            vec![Pos::new(3, 3)]
        );
    }

    #[test]
    fn a_flood_fill_stops_at_other_symbols_and_corners() {
        let map = rows(&["..#.", ".#..", "#..."]);
        let mut filled = flood_fill(&map, Pos::new(0, 0));
        filled.sort_by_key(|p| (p.y, p.x));
        // The top-left pocket: the wall's corners do not let the fill through.
        assert_eq!(filled, vec![Pos::new(0, 0), Pos::new(1, 0), Pos::new(0, 1)]);
        assert_eq!(flood_fill(&map, Pos::new(3, 2)).len(), 6);
        assert!(flood_fill(&map, Pos::new(9, 0)).is_empty());
        assert_eq!(symbol_at(&map, Pos::new(2, 0)), Some('#'));
    }
}
