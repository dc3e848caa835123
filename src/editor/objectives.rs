//! The level's objectives (goals besides defeating every enemy): each described in a
//! line, added (one of each kind, for a side, on a tile) and removed.

use crate::level::edit::{EditError, LevelText};
use crate::level::schema::{LevelFile, ObjectiveFile};
use crate::rules::grid::Pos;

/// The kinds of objective, as the file names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectiveKind {
    Survive,
    HoldArea,
    ReachArea,
}

impl ObjectiveKind {
    pub const ALL: [ObjectiveKind; 3] = [
        ObjectiveKind::Survive,
        ObjectiveKind::HoldArea,
        ObjectiveKind::ReachArea,
    ];

    /// Its button's words.
    pub fn label(self) -> &'static str {
        match self {
            ObjectiveKind::Survive => "Survive",
            ObjectiveKind::HoldArea => "Hold area",
            ObjectiveKind::ReachArea => "Reach area",
        }
    }
}

/// The rounds a new Survive or Hold area objective counts.
pub const NEW_ROUNDS: u32 = 5;

/// `Survive: Blue, 4 rounds`.
pub fn describe(o: &ObjectiveFile) -> String {
    let tiles = |t: &[Pos]| {
        let shown: Vec<String> = t.iter().map(|p| format!("({}, {})", p.x, p.y)).collect();
        shown.join(" ")
    };
    match o {
        ObjectiveFile::Survive { side, rounds } => {
            format!(
                "Survive: {side}, {}",
                super::counted(*rounds as usize, "round")
            )
        }
        ObjectiveFile::HoldArea {
            side,
            tiles: t,
            rounds,
        } => format!(
            "Hold area: {side}, {} on {}",
            super::counted(*rounds as usize, "round"),
            tiles(t)
        ),
        ObjectiveFile::ReachArea {
            side,
            tiles: t,
            count,
        } => format!(
            "Reach area: {side}, {} to {}",
            super::counted(*count as usize, "unit"),
            tiles(t)
        ),
    }
}

/// Add an objective of `kind` for `side`, its area the tile `at`: one line at the end of
/// the objectives (the list is added when the level has none).
pub fn add_objective(
    text: &mut LevelText,
    kind: ObjectiveKind,
    side: &str,
    at: Pos,
) -> Result<(), EditError> {
    let item = match kind {
        ObjectiveKind::Survive => format!("Survive(side: {side:?}, rounds: {NEW_ROUNDS})"),
        ObjectiveKind::HoldArea => format!(
            "HoldArea(side: {side:?}, tiles: [({}, {})], rounds: {NEW_ROUNDS})",
            at.x, at.y
        ),
        ObjectiveKind::ReachArea => {
            format!(
                "ReachArea(side: {side:?}, tiles: [({}, {})], count: 1)",
                at.x, at.y
            )
        }
    };
    if text.range("objectives").is_some() {
        text.push_item("objectives", &item)
    } else {
        text.set_field("", "objectives", &format!("[{item}]"))
    }
}

/// Remove objective `index`; the list goes with its last one.
pub fn remove_objective(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
) -> Result<(), EditError> {
    if file.objectives.len() == 1 && index == 0 {
        return text.remove_field("", "objectives");
    }
    text.remove_item("objectives", index)
}

/// The tiles of objective `index`'s area (none for a Survive).
pub fn area_of(file: &LevelFile, index: usize) -> &[Pos] {
    match file.objectives.get(index) {
        Some(ObjectiveFile::HoldArea { tiles, .. } | ObjectiveFile::ReachArea { tiles, .. }) => {
            tiles
        }
        _ => &[],
    }
}

/// Put tile `p` into objective `index`'s area, or take it out when it is in: the area's
/// list rewritten on its line, in reading order. Its last tile stays (an area needs one).
pub fn toggle_area_tile(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
    p: Pos,
) -> Result<(), EditError> {
    let mut tiles = area_of(file, index).to_vec();
    if matches!(
        file.objectives.get(index),
        None | Some(ObjectiveFile::Survive { .. })
    ) {
        return Err(EditError::Refused("that objective has no area".into()));
    }
    let added = !tiles.contains(&p);
    if added {
        tiles.push(p);
        tiles.sort_by_key(|t| (t.y, t.x));
    } else if tiles.len() == 1 {
        return Err(EditError::Refused(
            "an area keeps at least one tile: add another before taking this one out".into(),
        ));
    } else {
        tiles.retain(|t| *t != p);
    }
    set_area(text, index, &tiles)
}

/// Write `tiles` as objective `index`'s area, on its line.
pub fn set_area(text: &mut LevelText, index: usize, tiles: &[Pos]) -> Result<(), EditError> {
    let list: Vec<String> = tiles
        .iter()
        .map(|t| format!("({}, {})", t.x, t.y))
        .collect();
    text.set(
        &format!("objectives[{index}].tiles"),
        &format!("[{}]", list.join(", ")),
    )
}

/// Step objective `index`'s number (its rounds, or the units a Reach area needs) by
/// `by`, held from 1 to the loader's most.
pub fn step_number(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
    by: i64,
) -> Result<(), EditError> {
    let (field, now) = match file.objectives.get(index) {
        Some(ObjectiveFile::HoldArea { rounds, .. } | ObjectiveFile::Survive { rounds, .. }) => {
            ("rounds", *rounds)
        }
        Some(ObjectiveFile::ReachArea { count, .. }) => ("count", *count),
        None => return Err(EditError::NoValue(format!("objectives[{index}]"))),
    };
    let most = i64::from(crate::level::MAX_OBJECTIVE_COUNT);
    let to = (i64::from(now) + by).clamp(1, most) as u32;
    if to == now {
        return Err(EditError::Refused(format!(
            "the {field} stay between 1 and {most}"
        )));
    }
    text.set(&format!("objectives[{index}].{field}"), &to.to_string())
}

/// The tile a new area objective takes: the passable tile nearest the map's centre.
pub fn centre_tile(file: &LevelFile, grid: Option<&crate::rules::terrain::TerrainGrid>) -> Pos {
    let (w, h) = (
        file.map.first().map_or(1, |r| r.chars().count()) as i32,
        file.map.len() as i32,
    );
    let c = Pos::new(w / 2, h / 2);
    let Some(g) = grid else { return c };
    let mut tiles: Vec<Pos> = (0..h)
        .flat_map(|y| (0..w).map(move |x| Pos::new(x, y)))
        .filter(|p| g.passable(*p))
        .collect();
    tiles.sort_by_key(|p| (p.x - c.x).abs() + (p.y - c.y).abs());
    tiles.first().copied().unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorDoc;

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");
    const AMBUSH: &str = include_str!("../../levels/ambush.ron");

    #[test]
    fn objectives_are_added_listed_and_removed() {
        let mut d = EditorDoc::new(FIRST_BLOOD.into(), Some("f.ron".into()));
        let file = d.view().file.clone().unwrap();
        let at = centre_tile(&file, d.view().grid.as_ref());
        assert_eq!(at, Pos::new(7, 5));
        d.edit(|_, t| add_objective(t, ObjectiveKind::HoldArea, "Red", at))
            .unwrap();
        assert!(d.text().ends_with(
            "    ],\n    objectives: [HoldArea(side: \"Red\", tiles: [(7, 5)], rounds: 5)],\n)\n"
        ));
        d.edit(|_, t| add_objective(t, ObjectiveKind::Survive, "Blue", at))
            .unwrap();
        d.edit(|_, t| add_objective(t, ObjectiveKind::ReachArea, "Blue", at))
            .unwrap();
        let level = d.view().level.clone();
        assert_eq!(
            level.map(|l| l.objectives.len()),
            Some(3),
            "{:?}",
            d.view().problems
        );
        let file = d.view().file.clone().unwrap();
        let lines: Vec<String> = file.objectives.iter().map(describe).collect();
        assert_eq!(
            lines,
            [
                "Hold area: Red, 5 rounds on (7, 5)",
                "Survive: Blue, 5 rounds",
                "Reach area: Blue, 1 unit to (7, 5)"
            ]
        );
        d.edit(|f, t| remove_objective(f, t, 1)).unwrap();
        d.edit(|f, t| remove_objective(f, t, 0)).unwrap();
        d.edit(|f, t| remove_objective(f, t, 0)).unwrap();
        assert_eq!(d.text(), FIRST_BLOOD);
        while d.undo() {}
        assert_eq!(d.text(), FIRST_BLOOD);
    }

    #[test]
    fn a_list_written_a_line_an_item_keeps_its_layout() {
        let mut d = EditorDoc::new(AMBUSH.into(), Some("a.ron".into()));
        d.edit(|_, t| add_objective(t, ObjectiveKind::Survive, "Red", Pos::new(0, 0)))
            .unwrap();
        assert!(d.text().contains(
            "        Survive(side: \"Blue\", rounds: 4),\n        Survive(side: \"Red\", rounds: 5),\n    ],"
        ));
        d.edit(|f, t| remove_objective(f, t, 0)).unwrap();
        d.edit(|f, t| remove_objective(f, t, 0)).unwrap();
        assert!(!d.text().contains("objectives"));
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
    }

    #[test]
    fn an_area_gains_and_loses_tiles_and_its_number_steps() {
        let mut d = EditorDoc::new(FIRST_BLOOD.into(), Some("f.ron".into()));
        let at = Pos::new(7, 5);
        d.edit(|_, t| add_objective(t, ObjectiveKind::HoldArea, "Red", at))
            .unwrap();
        let toggle = |d: &mut EditorDoc, p: Pos| d.edit(|f, t| toggle_area_tile(f, t, 0, p));
        toggle(&mut d, Pos::new(8, 5)).unwrap();
        toggle(&mut d, Pos::new(7, 4)).unwrap();
        assert!(
            d.text()
                .contains("tiles: [(7, 4), (7, 5), (8, 5)], rounds: 5)")
        );
        toggle(&mut d, at).unwrap();
        toggle(&mut d, Pos::new(7, 4)).unwrap();
        assert!(d.text().contains("tiles: [(8, 5)], rounds: 5)"));
        let last = toggle(&mut d, Pos::new(8, 5));
        assert!(matches!(last, Err(EditError::Refused(_))), "{last:?}");
        d.edit(|f, t| step_number(f, t, 0, -3)).unwrap();
        assert!(d.text().contains("tiles: [(8, 5)], rounds: 2)"));
        d.edit(|f, t| step_number(f, t, 0, -5)).unwrap();
        assert!(d.text().contains("rounds: 1)"));
        let floor = d.edit(|f, t| step_number(f, t, 0, -1));
        assert!(matches!(floor, Err(EditError::Refused(_))), "{floor:?}");
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        let file = d.view().file.clone().unwrap();
        assert_eq!(area_of(&file, 0), [Pos::new(8, 5)]);
        d.edit(|_, t| add_objective(t, ObjectiveKind::Survive, "Blue", at))
            .unwrap();
        let survive = d.edit(|f, t| toggle_area_tile(f, t, 1, at));
        assert!(matches!(survive, Err(EditError::Refused(_))), "{survive:?}");
    }
}
