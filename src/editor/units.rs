//! The picked unit's own fields: its name (the unions and the lessons that name it follow)
//! and its overrides of its template's statistics (an override back at the template's
//! value is taken out, and a unit left with none loses its `overrides`); and how the side
//! panel writes each statistic, with the value the battle uses where neither sets it.

use crate::level::Level;
use crate::level::edit::{EditError, LevelText};
use crate::level::schema::{LevelFile, StatBlock};
use crate::rulebook::Rulebook;
use crate::rules::unit::Stats;

/// The core's statistics a unit may override in the side panel, as the file names them
/// (`stats` adds the rulebook's own).
pub const STATS: [&str; 7] = [
    "vitality",
    "evasion",
    "armor",
    "movement",
    "initiative",
    "might",
    "agility",
];

/// The statistics the side panel offers a unit of `file`: the core's (`STATS`), then the
/// whole numbers the level's rulebook adds to a stat block (Seed003's `speed` and
/// `move_rate`, Seed000's `stealth`...), as the file names them.
pub fn stats(file: &LevelFile) -> Vec<&'static str> {
    let Some(book) = file.rules.preset.unwrap_or_default().find() else {
        return STATS.to_vec();
    };
    let own =
        (book.stat_fields().iter().copied()).filter(|f| is_number(book, f) && !STATS.contains(f));
    STATS.iter().copied().chain(own).collect()
}

/// Whether `book`'s stat field `name` is a whole number (it reads `Some(1)` as one).
pub fn is_number(book: &dyn Rulebook, name: &str) -> bool {
    let Ok(mut de) = ron::Deserializer::from_str("Some(1)") else {
        return false;
    };
    let mut erased = <dyn erased_serde::Deserializer>::erase(&mut de);
    matches!(book.read_stat(name, &mut erased), Ok(Some(v)) if v.get::<i64>().is_some())
}

/// The bounds the side panel holds `stat` to under `file`'s rulebook: those the level's
/// checks hold it to, else 0 to [`MAX_STAT`].
pub fn bounds(file: &LevelFile, stat: &str) -> (i64, i64) {
    (file.rules.preset.unwrap_or_default().find())
        .and_then(|book| crate::level::stat_bounds_of(stat, book))
        .unwrap_or((0, MAX_STAT))
}

/// The largest value the panel gives a statistic without bounds of its own (the level's
/// checks hold each to its own bounds, and say so).
pub const MAX_STAT: i64 = 999;

/// The longest name the editor writes, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The value of `stat` that `block` sets.
pub fn stat_of(block: &StatBlock, stat: &str) -> Option<i64> {
    match stat {
        "vitality" => block.vitality,
        "evasion" => block.evasion,
        "armor" => block.armor,
        "movement" => block.movement,
        "initiative" => block.initiative,
        "might" => block.might,
        "agility" => block.agility,
        _ => block.own.int(stat),
    }
}

/// The template `name`'s stat block: the level's own, else the shared catalog's.
pub fn template_block(file: &LevelFile, name: &str) -> Option<StatBlock> {
    (file.templates.0.get(name).cloned())
        .or_else(|| (crate::paths::current_catalog().templates.get(name)).map(|s| s.value.clone()))
}

/// Unit `index`'s weapons as the file names them: its own list, else its template's (a
/// draft that does not resolve yet still shows what the unit carries).
pub fn weapons_written(file: &LevelFile, index: usize) -> Vec<String> {
    let Some(unit) = file.units.get(index) else {
        return Vec::new();
    };
    (unit.overrides.weapons.clone())
        .or_else(|| template_block(file, &unit.template).and_then(|b| b.weapons))
        .unwrap_or_default()
}

/// Unit `index`'s `stat`: (its template's value, its override).
pub fn unit_stat(file: &LevelFile, index: usize, stat: &str) -> (Option<i64>, Option<i64>) {
    let Some(unit) = file.units.get(index) else {
        return (None, None);
    };
    let template = template_block(file, &unit.template).and_then(|b| stat_of(&b, stat));
    (template, stat_of(&unit.overrides, stat))
}

/// What the panel writes after a value that neither the unit nor its template sets: the
/// level's rulebook (or the core) derives it.
pub const DERIVED: &str = "(rulebook)";
/// What the panel writes for a value that neither sets while the level does not resolve.
pub const NOT_RESOLVED: &str = "not resolved yet";
/// What the panel writes for the template's value beside an override where the template
/// sets none.
pub const TEMPLATE_DERIVED: &str = "template: rulebook's";

/// The value of `stat` that a combatant of `stats` has under `file`'s rulebook, the one
/// its battle uses: a core statistic's, or the rulebook's reading of its own
/// ([`Rulebook::stat_value`]).
pub fn resolved_stat(file: &LevelFile, stats: &Stats, stat: &str) -> Option<i64> {
    let core = match stat {
        "vitality" => stats.vitality,
        "evasion" => stats.evasion,
        "armor" => stats.armor,
        "movement" => return Some(stats.movement.into()),
        "initiative" => stats.initiative,
        "might" => stats.might,
        "agility" => stats.agility,
        _ => {
            let book = file.rules.preset.unwrap_or_default().find()?;
            return book.stat_value(stat, stats);
        }
    };
    Some(core.into())
}

/// How the side panel writes unit `index`'s `stat`, and whether the value is the unit's
/// own: `Vitality 30 (template 26)` for its override, `Vitality 26` for its template's;
/// for a value neither sets, the one `level` resolves, marked [`DERIVED`] (`Stealth 3
/// (rulebook)`; `none` where the combatant lacks it), or [`NOT_RESOLVED`] while the level
/// does not resolve.
pub fn stat_line(
    file: &LevelFile,
    level: Option<&Level>,
    index: usize,
    stat: &str,
) -> (String, bool) {
    let word = crate::editor::ops::display_name(stat);
    let (template, own) = unit_stat(file, index, stat);
    if let Some(v) = own {
        let template = template.map_or(TEMPLATE_DERIVED.to_string(), |t| format!("template {t}"));
        return (format!("{word} {v} ({template})"), true);
    }
    if let Some(t) = template {
        return (format!("{word} {t}"), false);
    }
    let text = match level.and_then(|l| l.units.get(index)) {
        Some(u) => {
            let value = resolved_stat(file, &u.stats, stat);
            let value = value.map_or("none".to_string(), |v| v.to_string());
            format!("{word} {value} {DERIVED}")
        }
        None => format!("{word} {NOT_RESOLVED}"),
    };
    (text, false)
}

/// The value a step of unit `index`'s `stat` starts from: its own, else its template's,
/// else the one `level` resolves (`None` while it does not resolve).
pub fn stepped_from(
    file: &LevelFile,
    level: Option<&Level>,
    index: usize,
    stat: &str,
) -> Option<i64> {
    let (template, own) = unit_stat(file, index, stat);
    own.or(template).or_else(|| {
        let unit = level?.units.get(index)?;
        resolved_stat(file, &unit.stats, stat)
    })
}

/// Give unit `index` the value `value` of `stat` (`None`, or the template's value: no
/// override). Only the unit's `overrides` change.
pub fn set_override(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
    stat: &str,
    value: Option<i64>,
) -> Result<(), EditError> {
    let unit = format!("units[{index}]");
    let overrides = format!("{unit}.overrides");
    let u = file
        .units
        .get(index)
        .ok_or(EditError::NoValue(unit.clone()))?;
    if !stats(file).contains(&stat) {
        return Err(EditError::NoValue(format!("{overrides}.{stat}")));
    }
    let (template, _) = unit_stat(file, index, stat);
    let (low, high) = bounds(file, stat);
    let value = value
        .map(|v| v.clamp(low, high))
        .filter(|v| Some(*v) != template);
    match value {
        Some(v) if text.range(&overrides).is_some() => {
            text.set_field(&overrides, stat, &v.to_string())
        }
        Some(v) => text.set_field(&unit, "overrides", &format!("({stat}: {v})")),
        None => {
            let mut rest = u.overrides.clone();
            clear(&mut rest, stat);
            if rest.is_empty() {
                text.remove_field(&unit, "overrides")
            } else {
                text.remove_field(&overrides, stat)
            }
        }
    }
}

fn clear(block: &mut StatBlock, stat: &str) {
    let slot = match stat {
        "vitality" => &mut block.vitality,
        "evasion" => &mut block.evasion,
        "armor" => &mut block.armor,
        "movement" => &mut block.movement,
        "initiative" => &mut block.initiative,
        "might" => &mut block.might,
        "agility" => &mut block.agility,
        _ => return block.own.remove(stat),
    };
    *slot = None;
}

/// A value typed for `stat`: a whole number within its `bounds`, or nothing (the
/// template's); or why it cannot be one.
pub fn typed_stat(stat: &str, (low, high): (i64, i64), typed: &str) -> Result<Option<i64>, String> {
    let t = typed.trim();
    if t.is_empty() {
        return Ok(None);
    }
    match t.parse::<i64>() {
        Ok(v) if (low..=high).contains(&v) => Ok(Some(v)),
        _ => Err(format!(
            "{stat} must be a whole number from {low} to {high} (got `{t}`), or nothing for the template's"
        )),
    }
}

/// A name typed for a unit or a side, trimmed; or why it cannot be one.
pub fn typed_name(typed: &str, what: &str) -> Result<String, String> {
    let name = typed.trim();
    if name.is_empty() {
        return Err(format!("A {what} needs a name"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "A {what}'s name is at most {MAX_NAME_CHARS} characters"
        ));
    }
    Ok(name.to_string())
}

/// The name typed for unit `index`, trimmed; or why it cannot be its name (empty, too
/// long, another unit's).
pub fn unit_name(file: &LevelFile, index: usize, typed: &str) -> Result<String, String> {
    let name = typed_name(typed, "unit")?;
    let taken = (file.units.iter().enumerate())
        .any(|(i, u)| i != index && u.name.as_deref() == Some(name.as_str()));
    if taken {
        return Err(format!(
            "Another unit is named {name:?}: a unit's name must be its own"
        ));
    }
    Ok(name)
}

/// Rename unit `index` to `name` (see [`unit_name`]); the unions and lesson steps that
/// named it by its old name name it by the new one.
pub fn rename_unit(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
    name: &str,
) -> Result<(), EditError> {
    let path = format!("units[{index}]");
    let unit = file
        .units
        .get(index)
        .ok_or(EditError::NoValue(path.clone()))?;
    let quoted = format!("{name:?}");
    text.set_field(&path, "name", &quoted)?;
    let Some(old) = unit.name.as_deref() else {
        return Ok(());
    };
    for (s, side) in file.sides.iter().enumerate() {
        for (j, union) in side.unions.iter().enumerate() {
            for (k, _) in union.iter().enumerate().filter(|(_, m)| *m == old) {
                text.set(&format!("sides[{s}].unions[{j}][{k}]"), &quoted)?;
            }
        }
    }
    for (k, step) in file.tutorial.iter().enumerate() {
        if step.until.unit() == Some(old) {
            text.set(&format!("tutorial[{k}].until"), &format!("Face({quoted})"))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorDoc;

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");
    const CRYPT: &str = include_str!("../../levels/crypt.ron");

    /// The lines of `after` that differ from `before`'s, by number.
    fn changed(before: &str, after: &str) -> Vec<String> {
        let old: Vec<&str> = before.lines().collect();
        let new: Vec<&str> = after.lines().collect();
        assert_eq!(old.len(), new.len(), "{after}");
        (old.iter().zip(&new).filter(|(a, b)| a != b))
            .map(|(_, b)| b.to_string())
            .collect()
    }

    #[test]
    fn a_draft_with_problems_still_names_its_units_weapons() {
        // Ada (a knight) on an unknown symbol: the level does not resolve.
        let broken = FIRST_BLOOD.replacen("\"..............\"", "\"....?.........\"", 1);
        let mut d = EditorDoc::new(broken, Some("first_blood.ron".into()));
        assert!(d.view().level.is_none());
        let file = d.view().file.clone().unwrap();
        assert_eq!(weapons_written(&file, 0), ["sword", "shield_bash"]);
        // The unit's own list comes before its template's.
        d.edit(|_, t| t.set_field("units[0]", "overrides", "(weapons: [\"dagger\"])"))
            .unwrap();
        let file = d.view().file.clone().unwrap();
        assert_eq!(weapons_written(&file, 0), ["dagger"]);
        assert!(weapons_written(&file, 99).is_empty());
    }

    #[test]
    fn an_override_is_added_changed_and_taken_out_at_the_templates_value() {
        let mut d = EditorDoc::new(FIRST_BLOOD.into(), Some("first_blood.ron".into()));
        assert_eq!(
            unit_stat(d.view().file.as_ref().unwrap(), 0, "vitality"),
            (Some(26), None)
        );
        d.edit(|f, t| set_override(f, t, 0, "vitality", Some(30)))
            .unwrap();
        assert_eq!(
            changed(FIRST_BLOOD, d.text()),
            [
                "        (name: \"Ada\", side: \"Blue\", template: \"knight\", pos: (2, 7), overrides: (vitality: 30)),"
            ]
        );
        assert_eq!(d.view().level.as_ref().unwrap().units[0].stats.vitality, 30);
        d.edit(|f, t| set_override(f, t, 0, "armor", Some(6)))
            .unwrap();
        assert!(d.text().contains("overrides: (vitality: 30, armor: 6)),"));
        // Back at the template's value: taken out; the last one takes `overrides` along.
        d.edit(|f, t| set_override(f, t, 0, "vitality", Some(26)))
            .unwrap();
        assert!(
            d.text().contains("pos: (2, 7), overrides: (armor: 6)),"),
            "{}",
            d.text()
        );
        d.edit(|f, t| set_override(f, t, 0, "armor", None)).unwrap();
        assert_eq!(d.text(), FIRST_BLOOD);
        // Absurd values are held to the panel's bounds; an unknown statistic is refused.
        d.edit(|f, t| set_override(f, t, 1, "movement", Some(-4)))
            .unwrap();
        assert!(d.text().contains("overrides: (movement: 0)"));
        assert!(
            d.edit(|f, t| set_override(f, t, 1, "luck", Some(3)))
                .is_err()
        );
        for _ in 0..5 {
            d.undo();
        }
        assert_eq!(d.text(), FIRST_BLOOD);
    }

    #[test]
    fn the_panel_offers_the_rulebooks_whole_numbers_after_the_cores() {
        let with = |rules: &str| {
            let text = FIRST_BLOOD.replacen("name:", &format!("rules: {rules},\n    name:"), 1);
            let d = EditorDoc::new(text, None);
            stats(d.view().file.as_ref().unwrap())
        };
        assert_eq!(with("()"), STATS.to_vec());
        let seed003 = with("(preset: Seed003)");
        assert_eq!(&seed003[..7], &STATS[..]);
        assert_eq!(
            &seed003[7..],
            [
                "speed",
                "move_rate",
                "vit",
                "persona",
                "stamina",
                "ranged_evasion"
            ],
            "wound_track is no number"
        );
        let file = EditorDoc::new(FIRST_BLOOD.into(), None)
            .view()
            .file
            .clone()
            .unwrap();
        assert_eq!(bounds(&file, "vitality").0, 1);
    }

    #[test]
    fn a_typed_value_is_a_whole_number_in_bounds_or_nothing() {
        let bounds = (0, MAX_STAT);
        assert_eq!(typed_stat("might", bounds, " 6 "), Ok(Some(6)));
        assert_eq!(typed_stat("might", bounds, ""), Ok(None));
        for bad in ["x", "-1", "1000", "2.5", "99999999999999999999"] {
            let why = typed_stat("might", bounds, bad).unwrap_err();
            assert!(why.contains("whole number from 0 to 999"), "{why}");
        }
        assert_eq!(typed_stat("speed", (-10, 10), "-3"), Ok(Some(-3)));
        assert!(typed_stat("speed", (-10, 10), "11").is_err());
    }

    #[test]
    fn a_renamed_unit_keeps_its_unions_and_bad_names_are_refused() {
        let mut d = EditorDoc::new(CRYPT.into(), Some("crypt.ron".into()));
        let file = d.view().file.clone().unwrap();
        assert_eq!(
            unit_name(&file, 0, "  Cora the Bold "),
            Ok("Cora the Bold".into())
        );
        assert!(
            unit_name(&file, 0, "   ")
                .unwrap_err()
                .contains("needs a name")
        );
        assert!(
            unit_name(&file, 0, "Edda")
                .unwrap_err()
                .contains("Another unit")
        );
        assert!(
            unit_name(&file, 0, &"x".repeat(41))
                .unwrap_err()
                .contains("at most")
        );
        d.edit(|f, t| rename_unit(f, t, 0, "Cora the Bold"))
            .unwrap();
        assert_eq!(
            changed(CRYPT, d.text()),
            [
                "        (name: \"Blue\", colour: \"#3a6ee8\", reactions: Ask, unions: [[\"Cora the Bold\", \"Edda\"]]),",
                "        (name: \"Cora the Bold\", side: \"Blue\", template: \"knight\", pos: (2, 3), overrides: (endurance: 2, will: 1, first_aid: 2)),",
            ]
        );
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        assert!(d.undo());
        assert_eq!(d.text(), CRYPT);
        // Its own overrides stay when a panel statistic goes.
        d.edit(|f, t| set_override(f, t, 0, "might", Some(9)))
            .unwrap();
        d.edit(|f, t| set_override(f, t, 0, "might", None)).unwrap();
        assert_eq!(d.text(), CRYPT);
    }

    /// `CRYPT` (Seed000) with a level template that sets neither `might` nor any of
    /// Seed000's statistics, for Skitter (unit 5, whose overrides set endurance and will).
    fn crypt_with_a_shade() -> String {
        let shade = "templates: {\n        \"shade\": (vitality: 10, evasion: 12, movement: 3, \
                     agility: 2, weapons: [\"sword\"]),\n    },\n    units: [";
        (CRYPT.replacen("units: [", shade, 1)).replacen(
            "template: \"spider\"",
            "template: \"shade\"",
            1,
        )
    }

    #[test]
    fn the_panel_shows_a_value_neither_the_unit_nor_its_template_sets_as_resolved() {
        let mut d = EditorDoc::new(crypt_with_a_shade(), None);
        let line = |d: &EditorDoc, stat: &str| {
            let (v, level) = (d.view(), d.view().level.as_deref());
            stat_line(v.file.as_ref().unwrap(), level, 5, stat)
        };
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        // The template's and the unit's own: no mark.
        assert_eq!(line(&d, "vitality"), ("Vitality 10".into(), false));
        assert_eq!(
            line(&d, "endurance"),
            ("Endurance 3 (template: rulebook's)".into(), true)
        );
        // Neither: the battle's value, marked; Seed000's stealth is the agility.
        assert_eq!(line(&d, "stealth"), ("Stealth 2 (rulebook)".into(), false));
        assert_eq!(line(&d, "might"), ("Might 0 (rulebook)".into(), false));
        assert_eq!(
            line(&d, "perception"),
            ("Perception 0 (rulebook)".into(), false)
        );
        // A step starts from it.
        let file = d.view().file.clone().unwrap();
        assert_eq!(
            stepped_from(&file, d.view().level.as_deref(), 5, "stealth"),
            Some(2)
        );
        // A draft that does not resolve (Nib of a side there is not): not resolved yet.
        d.edit(|_, t| t.set("units[4].side", "\"Green\"")).unwrap();
        assert!(d.view().level.is_none());
        assert_eq!(
            line(&d, "stealth"),
            ("Stealth not resolved yet".into(), false)
        );
        assert_eq!(line(&d, "vitality"), ("Vitality 10".into(), false));
        let file = d.view().file.clone().unwrap();
        assert_eq!(stepped_from(&file, None, 5, "stealth"), None);
    }
}
