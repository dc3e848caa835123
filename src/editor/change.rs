//! What an edit changed, in a designer's words ("Ada moved from (3, 4) to (5, 4)", "the
//! terrain of 6 tiles"), read off the level file before and after it: the notice of an
//! undo or a redo says what it took back or made again.

use super::counted;
use crate::level::schema::{LevelFile, ObjectiveFile, UnitFile};
use crate::rules::grid::Pos;

/// Most parts a description names before it sums up the rest.
const MOST_PARTS: usize = 3;

/// What changed from `before` to `after`, in a few words; "the file's text" where neither
/// parses, or nothing the level reads changed (a comment, the layout).
pub fn what_changed(before: Option<&LevelFile>, after: Option<&LevelFile>) -> String {
    let (Some(b), Some(a)) = (before, after) else {
        return "the file's text".into();
    };
    let mut parts = Vec::new();
    terrain(b, a, &mut parts);
    units(b, a, &mut parts);
    objectives(b, a, &mut parts);
    let fields = [
        (b.name != a.name, "the level's name"),
        (b.description != a.description, "the description"),
        (b.seed != a.seed, "the seed"),
        (b.balance != a.balance, "the balance band"),
        (b.rules != a.rules, "the rules"),
        (b.sides != a.sides, "the sides"),
        (b.legend != a.legend && b.map == a.map, "the legend"),
    ];
    parts.extend(
        fields
            .into_iter()
            .filter(|(changed, _)| *changed)
            .map(|(_, what)| what.to_string()),
    );
    match parts.len() {
        0 => "the file's text".into(),
        n if n > MOST_PARTS => {
            let rest = counted(n - MOST_PARTS + 1, "other change");
            format!("{} and {rest}", parts[..MOST_PARTS - 1].join(", "))
        }
        _ => parts.join(", "),
    }
}

/// The map's size, or how many tiles took other terrain.
fn terrain(b: &LevelFile, a: &LevelFile, parts: &mut Vec<String>) {
    let size = |f: &LevelFile| (super::map_width(f), f.map.len());
    if size(b) != size(a) {
        let ((bw, bh), (aw, ah)) = (size(b), size(a));
        parts.push(format!("the map's size ({bw} x {bh} to {aw} x {ah})"));
        return;
    }
    let tiles: usize = (b.map.iter().zip(&a.map))
        .map(|(rb, ra)| rb.chars().zip(ra.chars()).filter(|(x, y)| x != y).count())
        .sum();
    if tiles > 0 {
        parts.push(format!("the terrain of {}", counted(tiles, "tile")));
    }
}

/// Units placed, deleted, moved, turned, renamed or given other statistics.
fn units(b: &LevelFile, a: &LevelFile, parts: &mut Vec<String>) {
    let (bu, au) = (&b.units, &a.units);
    if let Some(change) = added_or_removed(bu, au) {
        let verb = if change.added { "placed" } else { "deleted" };
        parts.push(match change.one {
            Some((i, u)) => format!("{} {verb} at {}", label(u, i), u.pos),
            None => format!("{} {verb}", counted(change.count, "unit")),
        });
        return;
    }
    for (i, (x, y)) in bu.iter().zip(au).enumerate() {
        let who = label(x, i);
        if x.name != y.name {
            parts.push(format!("{who} renamed {}", label(y, i)));
        }
        if x.pos != y.pos {
            parts.push(format!("{who} moved from {} to {}", x.pos, y.pos));
        }
        if x.facing != y.facing {
            parts.push(format!("{who}'s facing"));
        }
        if x.side != y.side {
            parts.push(format!("{who}'s side ({} to {})", x.side, y.side));
        }
        if x.template != y.template {
            parts.push(format!("{who}'s template"));
        }
        if x.overrides != y.overrides || x.own != y.own {
            parts.push(format!("{who}'s statistics"));
        }
    }
}

/// Objectives added or removed, or the area, rounds, units or side of one changed.
fn objectives(b: &LevelFile, a: &LevelFile, parts: &mut Vec<String>) {
    use crate::editor::objectives::describe;
    let (bo, ao) = (&b.objectives, &a.objectives);
    if let Some(change) = added_or_removed(bo, ao) {
        let verb = if change.added { "added" } else { "removed" };
        parts.push(match change.one {
            Some((i, o)) => format!("objective {} {verb} ({})", i + 1, describe(o)),
            None => format!("{} {verb}", counted(change.count, "objective")),
        });
        return;
    }
    for (i, (x, y)) in bo.iter().zip(ao).enumerate() {
        if x == y {
            continue;
        }
        let ((xs, xt, xn, what), (ys, yt, yn, _)) = (parts_of(x), parts_of(y));
        let n = i + 1;
        if xs != ys {
            parts.push(format!("objective {n}'s side ({xs} to {ys})"));
        }
        if xt != yt {
            let (from, to) = (counted(xt.len(), "tile"), counted(yt.len(), "tile"));
            parts.push(format!("objective {n}'s area ({from} to {to})"));
        }
        if xn != yn {
            parts.push(format!("objective {n}'s {what} ({xn} to {yn})"));
        }
        if (xs, xt, xn) == (ys, yt, yn) {
            parts.push(format!(
                "objective {n} ({} to {})",
                describe(x),
                describe(y)
            ));
        }
    }
}

/// Items added to a list or removed from it.
struct ListChange<'a, T> {
    added: bool,
    count: usize,
    /// The one item added or removed, with its place (the first that differs): none where
    /// several were.
    one: Option<(usize, &'a T)>,
}

/// What was added to list `b` or removed from it to give `a`, if its length changed.
fn added_or_removed<'a, T: PartialEq>(b: &'a [T], a: &'a [T]) -> Option<ListChange<'a, T>> {
    if a.len() == b.len() {
        return None;
    }
    // The items up to the first that differs are the same ones.
    let first = (b.iter().zip(a)).take_while(|(x, y)| x == y).count();
    let (added, longer) = if a.len() > b.len() {
        (true, a)
    } else {
        (false, b)
    };
    let count = a.len().abs_diff(b.len());
    let one = (count == 1).then(|| (first, &longer[first]));
    Some(ListChange { added, count, one })
}

/// An objective's side, tiles, and its number with what it counts.
fn parts_of(o: &ObjectiveFile) -> (&str, &[Pos], u32, &'static str) {
    match o {
        ObjectiveFile::HoldArea {
            side,
            tiles,
            rounds,
        } => (side, tiles, *rounds, "rounds"),
        ObjectiveFile::ReachArea { side, tiles, count } => (side, tiles, *count, "units"),
        ObjectiveFile::Survive { side, rounds } => (side, &[], *rounds, "rounds"),
    }
}

/// A unit as the editor names it: its name, or its template and place in the list.
fn label(u: &UnitFile, index: usize) -> String {
    u.name
        .clone()
        .unwrap_or_else(|| format!("{} (unit {})", u.template, index + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorDoc;
    use crate::editor::ops;

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");

    fn file(doc: &EditorDoc) -> LevelFile {
        doc.view().file.clone().unwrap()
    }

    #[test]
    fn a_move_and_a_paint_are_each_named() {
        let mut doc = EditorDoc::new(FIRST_BLOOD.into(), None);
        let start = file(&doc);
        let ada = start.units[0].name.clone().unwrap();
        let from = start.units[0].pos;
        let to = Pos::new(from.x, from.y + 1);
        doc.edit(|_, t| t.move_unit(0, to)).unwrap();
        let moved = file(&doc);
        assert_eq!(
            what_changed(Some(&start), Some(&moved)),
            format!("{ada} moved from {from} to {to}")
        );
        let tiles = [Pos::new(0, 0), Pos::new(1, 0)];
        doc.edit(|f, t| ops::paint(f, t, &tiles, "wall")).unwrap();
        let painted = file(&doc);
        assert_eq!(
            what_changed(Some(&moved), Some(&painted)),
            "the terrain of 2 tiles"
        );
        assert_eq!(what_changed(None, Some(&painted)), "the file's text");
        assert_eq!(
            what_changed(Some(&painted), Some(&painted)),
            "the file's text"
        );
    }

    #[test]
    fn a_unit_deleted_is_named_with_its_tile() {
        let doc = EditorDoc::new(FIRST_BLOOD.into(), None);
        let before = file(&doc);
        let mut after = before.clone();
        let gone = after.units.remove(1);
        let name = gone.name.clone().unwrap();
        assert_eq!(
            what_changed(Some(&before), Some(&after)),
            format!("{name} deleted at {}", gone.pos)
        );
        assert_eq!(
            what_changed(Some(&after), Some(&before)),
            format!("{name} placed at {}", gone.pos)
        );
    }

    #[test]
    fn an_objective_added_or_changed_is_named_by_its_number() {
        let doc = EditorDoc::new(FIRST_BLOOD.into(), None);
        let before = file(&doc);
        let mut added = before.clone();
        added.objectives.push(ObjectiveFile::HoldArea {
            side: "Blue".into(),
            tiles: vec![Pos::new(6, 5)],
            rounds: 5,
        });
        let said = what_changed(Some(&before), Some(&added));
        assert!(
            said.starts_with("objective 1 added (Hold area: Blue, 5 rounds"),
            "{said}"
        );
        let mut changed = added.clone();
        changed.objectives[0] = ObjectiveFile::HoldArea {
            side: "Blue".into(),
            tiles: vec![Pos::new(6, 5), Pos::new(7, 5)],
            rounds: 3,
        };
        assert_eq!(
            what_changed(Some(&added), Some(&changed)),
            "objective 1's area (1 tile to 2 tiles), objective 1's rounds (5 to 3)"
        );
        assert!(what_changed(Some(&changed), Some(&before)).starts_with("objective 1 removed"),);
    }

    #[test]
    fn many_changes_are_summed_up() {
        let doc = EditorDoc::new(FIRST_BLOOD.into(), None);
        let before = file(&doc);
        let mut after = before.clone();
        after.name = "Other".into();
        after.description = "Other".into();
        after.seed = Some(7);
        after.sides[0].name = "Azure".into();
        assert_eq!(
            what_changed(Some(&before), Some(&after)),
            "the level's name, the description and 2 other changes"
        );
    }
}
