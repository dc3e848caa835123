//! The editor's edits, each a change of the level's text through `LevelText` (so only the
//! lines it touches change): painting terrain (a kind the legend lacks gets an entry with
//! a free symbol), placing, moving, turning, duplicating and deleting units, the rulebook,
//! the name, and a resize. Each takes the level file as parsed before the edit.

use super::palette::free_symbol;
use crate::level::edit::{EditError, LevelText};
use crate::level::schema::{AiLevel, Controller, LevelFile};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::RulebookId;

/// The symbol the legend gives `name`, after adding an entry for it when it has none.
pub fn symbol_for(file: &LevelFile, text: &mut LevelText, name: &str) -> Result<char, EditError> {
    if let Some((c, _)) = file.legend.0.iter().find(|(_, n)| *n == name) {
        return Ok(*c);
    }
    let c = free_symbol(file, name).ok_or_else(|| EditError::NoValue("legend".into()))?;
    text.push_item("legend", &format!("{c:?}: {name:?}"))?;
    Ok(c)
}

/// Paint `tiles` with the terrain `name` (legend text such as `wall`); tiles off the map
/// are left out.
pub fn paint(
    file: &LevelFile,
    text: &mut LevelText,
    tiles: &[Pos],
    name: &str,
) -> Result<(), EditError> {
    let symbol = symbol_for(file, text, name)?;
    for p in tiles {
        let current = super::tools::symbol_at(&file.map, *p);
        if current.is_some() && current != Some(symbol) {
            text.set_tile(*p, symbol)?;
        }
    }
    Ok(())
}

/// A unit's name that no unit of the level has: `Soldier`, then `Soldier 2`, …
pub fn unused_name(file: &LevelFile, base: &str) -> String {
    let taken = |n: &str| file.units.iter().any(|u| u.name.as_deref() == Some(n));
    let base = base.trim();
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}

/// `soldier` -> `Soldier`, `rat_swarm` -> `Rat swarm`.
pub fn display_name(template: &str) -> String {
    let mut chars = template.replace('_', " ").chars().collect::<Vec<_>>();
    if let Some(c) = chars.first_mut() {
        *c = c.to_ascii_uppercase();
    }
    chars.into_iter().collect()
}

/// Place a new unit of `template` for `side` at `at`, facing `facing` (none: towards the
/// enemies, as the level reads a unit without one): one line at the end of the units.
/// Returns its index.
pub fn place_unit(
    file: &LevelFile,
    text: &mut LevelText,
    (template, side): (&str, &str),
    at: Pos,
    facing: Option<Dir8>,
) -> Result<usize, EditError> {
    let name = unused_name(file, &display_name(template));
    let facing = facing.map_or(String::new(), |f| format!(", facing: {f:?}"));
    let line = format!(
        "(name: {name:?}, side: {side:?}, template: {template:?}, pos: ({}, {}){facing})",
        at.x, at.y
    );
    text.push_item("units", &line)?;
    Ok(file.units.len())
}

/// Copy unit `index` onto tile `at` under a name of its own: its line, overrides and all,
/// added at the end of the units. Returns the copy's index.
pub fn duplicate_unit(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
    at: Pos,
) -> Result<usize, EditError> {
    let path = format!("units[{index}]");
    let unit = file
        .units
        .get(index)
        .ok_or(EditError::NoValue(path.clone()))?;
    let range = text.range(&path).ok_or(EditError::NoValue(path))?;
    let mut copy = LevelText::new(&text.text()[range]);
    let base = unit
        .name
        .clone()
        .unwrap_or_else(|| display_name(&unit.template));
    let base = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ');
    copy.set_field("", "name", &format!("{:?}", unused_name(file, base)))?;
    copy.set_field("", "pos", &format!("({}, {})", at.x, at.y))?;
    text.push_item("units", copy.text())?;
    Ok(file.units.len())
}

/// Turn unit `index` to face `facing`.
pub fn face_unit(text: &mut LevelText, index: usize, facing: Dir8) -> Result<(), EditError> {
    text.set_field(&format!("units[{index}]"), "facing", &format!("{facing:?}"))
}

/// Play the level by rulebook `name` (`Core`, `Seed002`): its `rules` block's preset,
/// added when the level has none (the other switches stay).
pub fn set_rulebook(file: &LevelFile, text: &mut LevelText, name: &str) -> Result<(), EditError> {
    let core = name == RulebookId::CORE.0;
    match text.range("rules") {
        Some(_) => text.set_field("rules", "preset", name),
        None if core && file.rules.preset.is_none() => Ok(()),
        None => text.set_field("", "rules", &format!("(preset: {name})")),
    }
}

/// Who plays a side next when its button is pressed: a person, then the computer at each
/// strength, then a person again.
pub fn next_controller(now: Controller) -> Controller {
    match now {
        Controller::Human => Controller::Ai(AiLevel::Easy),
        Controller::Ai(AiLevel::Easy) => Controller::Ai(AiLevel::Normal),
        Controller::Ai(AiLevel::Normal) => Controller::Ai(AiLevel::Hard),
        Controller::Ai(AiLevel::Hard) => Controller::Human,
    }
}

/// Side `index` is played by `controller`: its `controller` field set (added when the side
/// has none).
pub fn set_controller(
    text: &mut LevelText,
    index: usize,
    controller: Controller,
) -> Result<(), EditError> {
    let written = match controller {
        Controller::Human => "Human".to_string(),
        Controller::Ai(level) => format!("Ai(level: {level:?})"),
    };
    text.set_field(&format!("sides[{index}]"), "controller", &written)
}

/// The dice seed of the level's battles (a field added after the name when it has none).
pub fn set_seed(text: &mut LevelText, seed: u64) -> Result<(), EditError> {
    text.set_field("", "seed", &seed.to_string())
}

/// Rename the level.
pub fn set_name(text: &mut LevelText, name: &str) -> Result<(), EditError> {
    text.set("name", &format!("{name:?}"))
}

/// The units a map of `width` x `height` would leave off it, named as the side panel names
/// them (the window refuses such a resize and says whom to move first).
pub fn left_off(file: &LevelFile, width: usize, height: usize) -> Vec<String> {
    units_where(file, |p| p.x as usize >= width || p.y as usize >= height)
}

/// The units, and the objectives' area tiles, that a cut of `-dw` columns at the map's
/// left edge and `-dh` rows at its top would leave off it, named.
pub fn left_off_at_start(file: &LevelFile, dw: i32, dh: i32) -> Vec<String> {
    let off = |p: &Pos| p.x + dw < 0 || p.y + dh < 0;
    let mut named = units_where(file, |p| off(&p));
    for n in 0..file.objectives.len() {
        let tiles = super::objectives::area_of(file, n);
        if let Some(p) = tiles.iter().find(|p| off(p)) {
            named.push(format!("objective {}'s tile ({}, {})", n + 1, p.x, p.y));
        }
    }
    named
}

/// The units standing where `off` says, each as "Name at (x, y)".
fn units_where(file: &LevelFile, off: impl Fn(Pos) -> bool) -> Vec<String> {
    (file.units.iter().enumerate())
        .filter(|(_, u)| off(u.pos))
        .map(|(i, u)| {
            let name = u.name.clone().unwrap_or_else(|| format!("unit {}", i + 1));
            format!("{name} at ({}, {})", u.pos.x, u.pos.y)
        })
        .collect()
}

/// Grow the map by `dw` columns at its left edge and `dh` rows at its top (cut it where
/// negative), filled with the terrain of its first tile: every unit and every objective's
/// area moves with the terrain, so the battle is the same one, further in. The window
/// first refuses a cut that would leave any of them off (`left_off_at_start`).
pub fn resize_at_start(
    file: &LevelFile,
    text: &mut LevelText,
    dw: i32,
    dh: i32,
) -> Result<(), EditError> {
    let fill = super::tools::symbol_at(&file.map, Pos::new(0, 0)).unwrap_or('.');
    let width = super::map_width(file);
    let new_width = (width as i32 + dw).max(0) as usize;
    let mut rows: Vec<String> = (file.map.iter())
        .map(|r| match usize::try_from(dw) {
            Ok(grow) => std::iter::repeat_n(fill, grow).chain(r.chars()).collect(),
            Err(_) => r.chars().skip(dw.unsigned_abs() as usize).collect(),
        })
        .collect();
    match usize::try_from(dh) {
        Ok(grow) => {
            let blank: String = std::iter::repeat_n(fill, new_width).collect();
            rows.splice(0..0, std::iter::repeat_n(blank, grow));
        }
        Err(_) => drop(rows.drain(..(dh.unsigned_abs() as usize).min(rows.len()))),
    }
    text.set_map(&rows)?;
    let moved = |p: &Pos| Pos::new(p.x + dw, p.y + dh);
    for (i, u) in file.units.iter().enumerate() {
        text.move_unit(i, moved(&u.pos))?;
    }
    for n in 0..file.objectives.len() {
        let tiles: Vec<Pos> = super::objectives::area_of(file, n)
            .iter()
            .map(moved)
            .collect();
        if !tiles.is_empty() {
            super::objectives::set_area(text, n, &tiles)?;
        }
    }
    Ok(())
}

/// Resize the map to `width` x `height`: rows cut, or filled out with the terrain of the
/// map's first tile. Units left off the map stay in the file (the problems say where; the
/// window refuses such a cut, `left_off`).
pub fn resize(
    file: &LevelFile,
    text: &mut LevelText,
    width: usize,
    height: usize,
) -> Result<(), EditError> {
    let fill = super::tools::symbol_at(&file.map, Pos::new(0, 0)).unwrap_or('.');
    let rows: Vec<String> = (0..height)
        .map(|y| {
            let row = file.map.get(y).map_or("", String::as_str);
            let mut r: String = row.chars().take(width).collect();
            let short = width.saturating_sub(r.chars().count());
            r.extend(std::iter::repeat_n(fill, short));
            r
        })
        .collect();
    text.set_map(&rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorDoc;
    use crate::editor::objectives::{ObjectiveKind, add_objective, area_of};

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");

    fn doc() -> EditorDoc {
        EditorDoc::new(FIRST_BLOOD.into(), Some("first_blood.ron".into()))
    }

    /// The lines of `after` not in `before`.
    fn new_lines(before: &str, after: &str) -> Vec<String> {
        let old: Vec<&str> = before.lines().collect();
        (after.lines().filter(|l| !old.contains(l)))
            .map(str::to_string)
            .collect()
    }

    /// A cut that would leave a unit off the map names it; one that leaves every unit on
    /// names none.
    #[test]
    fn a_resize_names_the_units_it_would_leave_off() {
        let d = doc();
        let file = d.view().file.clone().unwrap();
        assert_eq!(left_off(&file, 12, 10), ["Snik at (12, 3)"]);
        assert_eq!(
            left_off(&file, 12, 8),
            ["Bram at (1, 8)", "Snik at (12, 3)"]
        );
        assert!(left_off(&file, 14, 10).is_empty());
    }

    /// Grown at the left and the top, the battle moves with the terrain (units and areas
    /// alike) and the file stays valid; cut back, it is the same file, byte for byte.
    #[test]
    fn a_map_grown_at_its_left_and_top_moves_the_battle_with_it() {
        let mut d = doc();
        d.edit(|_, t| {
            let at = Pos::new(5, 5);
            add_objective(t, ObjectiveKind::HoldArea, "Blue", at)
        })
        .unwrap();
        let before = d.text().to_string();
        d.edit(|f, t| resize_at_start(f, t, 2, 1)).unwrap();
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        let file = d.view().file.clone().unwrap();
        assert_eq!((file.map[0].chars().count(), file.map.len()), (16, 11));
        let bram = file
            .units
            .iter()
            .find(|u| u.name.as_deref() == Some("Bram"));
        assert_eq!(bram.map(|u| u.pos), Some(Pos::new(3, 9)));
        assert_eq!(area_of(&file, 0), [Pos::new(7, 6)]);
        assert!(left_off_at_start(&file, -2, -1).is_empty());
        d.edit(|f, t| resize_at_start(f, t, -2, -1)).unwrap();
        assert_eq!(d.text(), before);
    }

    /// A cut at the left or the top that would leave a unit or an area's tile off the map
    /// names them.
    #[test]
    fn a_cut_at_the_start_names_what_it_would_leave_off() {
        let file = doc().view().file.clone().unwrap();
        assert_eq!(left_off_at_start(&file, -2, 0), ["Bram at (1, 8)"]);
        assert_eq!(
            left_off_at_start(&file, 0, -3),
            ["Grub at (11, 2)"],
            "a row of three cut: Grub's row 2 goes"
        );
    }

    #[test]
    fn painting_a_new_kind_adds_one_legend_line_and_rewrites_only_its_rows() {
        let mut d = doc();
        let tiles = [Pos::new(0, 0), Pos::new(1, 0), Pos::new(0, 9)];
        d.edit(|f, t| paint(f, t, &tiles, "deep_water")).unwrap();
        assert_eq!(
            new_lines(FIRST_BLOOD, d.text()),
            vec![
                "        'W': \"deep_water\",",
                "        \"WW............\",",
                "        \"W.............\","
            ]
        );
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        // A kind already in the legend adds no entry.
        d.edit(|f, t| paint(f, t, &[Pos::new(5, 5)], "mud"))
            .unwrap();
        assert_eq!(d.text().matches("'m'").count(), 1);
        assert!(d.undo() && d.undo());
        assert_eq!(d.text(), FIRST_BLOOD);
    }

    #[test]
    fn placed_and_duplicated_units_get_lines_and_names_of_their_own() {
        let mut d = doc();
        d.edit(|f, t| place_unit(f, t, ("wolf", "Red"), Pos::new(9, 9), Some(Dir8::W)).map(|_| ()))
            .unwrap();
        d.edit(|f, t| duplicate_unit(f, t, 4, Pos::new(8, 9)).map(|_| ()))
            .unwrap();
        d.edit(|f, t| duplicate_unit(f, t, 0, Pos::new(0, 0)).map(|_| ()))
            .unwrap();
        d.edit(|f, t| place_unit(f, t, ("wolf", "Blue"), Pos::new(5, 9), None).map(|_| ()))
            .unwrap();
        assert_eq!(
            new_lines(FIRST_BLOOD, d.text()),
            vec![
                "        (name: \"Wolf\", side: \"Red\", template: \"wolf\", pos: (9, 9), facing: W),",
                "        (name: \"Wolf 2\", side: \"Red\", template: \"wolf\", pos: (8, 9), facing: W),",
                "        (name: \"Ada 2\", side: \"Blue\", template: \"knight\", pos: (0, 0)),",
                "        (name: \"Wolf 3\", side: \"Blue\", template: \"wolf\", pos: (5, 9)),",
            ]
        );
        let level = d.view().level.clone().expect("valid");
        assert_eq!(level.units.len(), 8);
        d.edit(|_, t| face_unit(t, 6, Dir8::S)).unwrap();
        assert!(d.text().contains("pos: (0, 0), facing: S),"));
        d.edit(|_, t| t.remove_item("units", 6)).unwrap();
        assert_eq!(d.view().file.as_ref().unwrap().units.len(), 7);
    }

    #[test]
    fn the_rulebook_is_set_in_the_rules_block_or_one_is_added() {
        let mut d = doc();
        d.edit(|f, t| set_rulebook(f, t, "Seed001")).unwrap();
        assert!(
            d.text().contains("    rules: (preset: Seed001),\n)"),
            "{}",
            d.text()
        );
        assert_eq!(
            d.view().level.as_ref().map(|l| l.rules.rulebook),
            Some(RulebookId::named("Seed001"))
        );
        d.edit(|f, t| set_rulebook(f, t, "Seed002")).unwrap();
        assert!(d.text().contains("rules: (preset: Seed002),"));
        d.edit(|_, t| set_name(t, "Renamed \"map\"")).unwrap();
        assert_eq!(d.view().file.as_ref().unwrap().name, "Renamed \"map\"");
    }

    #[test]
    fn a_sides_controller_and_the_seed_are_set_in_place() {
        let mut d = doc();
        let next = next_controller(Controller::Human);
        assert_eq!(next, Controller::Ai(AiLevel::Easy));
        d.edit(|_, t| set_controller(t, 1, Controller::Ai(AiLevel::Hard)))
            .unwrap();
        assert!(d.text().contains(
            "(name: \"Red\", colour: \"#d83b3b\", reactions: Always, controller: Ai(level: Hard)),"
        ));
        let level = d.view().level.clone().expect("valid");
        assert_eq!(level.sides[1].controller, Controller::Ai(AiLevel::Hard));
        d.edit(|_, t| set_seed(t, 7)).unwrap();
        assert_eq!(d.view().level.as_ref().and_then(|l| l.seed), Some(7));
        assert!(d.text().contains("    seed: 7,\n"));
        assert_eq!(
            next_controller(Controller::Ai(AiLevel::Hard)),
            Controller::Human
        );
    }

    #[test]
    fn a_resize_cuts_or_fills_the_rows() {
        let mut d = doc();
        d.edit(|f, t| resize(f, t, 16, 4)).unwrap();
        let file = d.view().file.clone().unwrap();
        assert_eq!(file.map.len(), 4);
        assert_eq!(file.map[1], "..c.............");
        // Units off the map are problems, not lost.
        assert_eq!(file.units.len(), 4);
        assert!(!d.view().problems.is_empty());
    }
}
