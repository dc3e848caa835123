//! The text of a new level: a field of grass of the size asked, the rulebook chosen, the
//! sides asked (two to six) and no units yet, in the layout of the shipped levels
//! (`LevelFile::to_ron`).

use crate::editor::sides::NEW_SIDES;
use crate::level::schema::{LevelFile, SideFile, UniqueMap};
use crate::rules::preset::RulesBlock;
use crate::rules::ruleset::RulebookId;

/// The smallest and largest side of a new map, in tiles.
pub const MIN_NEW_SIDE: u32 = 4;
pub const MAX_NEW_SIDE: u32 = 64;
/// A new map's size when none is chosen.
pub const DEFAULT_NEW_SIZE: (u32, u32) = (12, 8);
/// A new level's name until it is given one (Save as names it after its file).
pub const NEW_LEVEL_NAME: &str = "New level";

/// The name Save as gives a level still called `NEW_LEVEL_NAME`: its file's name in
/// words, `river_ford` "River ford".
pub fn name_from_file(stem: &str) -> String {
    let words = stem.trim_end_matches(".ron").replace(['_', '-'], " ");
    let mut chars = words.trim().chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// The level name Save as under file name `stem` gives the document, if any: a new level
/// still called `NEW_LEVEL_NAME` takes the file's name in words. A level with a name keeps
/// it (a copy saved as a variant is still the battle it was: `copy_keeps_name` says so).
pub fn name_for_save_as(doc: &super::EditorDoc, stem: &str) -> Option<String> {
    let now = &doc.view().file.as_ref()?.name;
    let titled = name_from_file(stem);
    (*now == NEW_LEVEL_NAME && !titled.is_empty()).then_some(titled)
}

/// The name a copy saved under file name `stem` keeps from the level it was opened as, if
/// it does: the level list would show two battles of that name until one is renamed.
pub fn copy_keeps_name(doc: &super::EditorDoc, stem: &str) -> Option<String> {
    let now = &doc.view().file.as_ref()?.name;
    let other_file = doc
        .path()
        .and_then(|p| p.file_stem())
        .is_some_and(|s| s.to_string_lossy() != stem);
    let saved: Option<crate::level::schema::LevelFile> = doc
        .saved_text()
        .and_then(|t| crate::level::ron_options().from_str(t).ok());
    let kept = saved.is_some_and(|f| f.name == *now);
    (other_file && kept).then(|| now.clone())
}

/// How many sides a new level has when none is chosen, and the fewest it may have.
pub const DEFAULT_NEW_SIDES: usize = 2;
pub const MIN_NEW_SIDES: usize = 2;

/// What the New dialog asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLevel {
    pub width: u32,
    pub height: u32,
    /// The rulebook's name (`Core`, `Seed002`).
    pub rulebook: String,
    /// How many sides (Blue, Red, Green, … as `sides::NEW_SIDES` names them).
    pub sides: usize,
}

impl Default for NewLevel {
    fn default() -> Self {
        NewLevel {
            width: DEFAULT_NEW_SIZE.0,
            height: DEFAULT_NEW_SIZE.1,
            rulebook: RulebookId::CORE.0.to_string(),
            sides: DEFAULT_NEW_SIDES,
        }
    }
}

impl NewLevel {
    /// The sides' names, as the dialog lists them: "Blue, Red and Green".
    pub fn side_names(&self) -> String {
        let names: Vec<&str> = (NEW_SIDES
            .iter()
            .take(self.sides.clamp(MIN_NEW_SIDES, NEW_SIDES.len())))
        .map(|(n, _)| *n)
        .collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }

    /// `by` sides more (or fewer), from two to as many as have names.
    pub fn step_sides(&mut self, by: i32) {
        self.sides = self
            .sides
            .saturating_add_signed(by as isize)
            .clamp(MIN_NEW_SIDES, NEW_SIDES.len());
    }

    /// The level's text: a map of grass, the sides, no units.
    pub fn text(&self) -> String {
        let (w, h) = (
            self.width.clamp(MIN_NEW_SIDE, MAX_NEW_SIDE),
            self.height.clamp(MIN_NEW_SIDE, MAX_NEW_SIDE),
        );
        let rules = if self.rulebook == RulebookId::CORE.0 {
            RulesBlock::default()
        } else {
            RulesBlock {
                preset: Some(RulebookId::named(&self.rulebook)),
                ..RulesBlock::default()
            }
        };
        let file = LevelFile {
            name: NEW_LEVEL_NAME.into(),
            description: String::new(),
            size: None,
            seed: None,
            terrain: UniqueMap::default(),
            legend: [('.', "grass".to_string())].into_iter().collect(),
            map: vec![".".repeat(w as usize); h as usize],
            sides: NEW_SIDES
                .iter()
                .take(self.sides.clamp(MIN_NEW_SIDES, NEW_SIDES.len()))
                .map(|(name, colour)| SideFile {
                    name: name.to_string(),
                    colour: Some(colour.to_string()),
                    ..SideFile::default()
                })
                .collect(),
            weapons: UniqueMap::default(),
            templates: UniqueMap::default(),
            units: Vec::new(),
            rules,
            objectives: Vec::new(),
            tutorial: Vec::new(),
            balance: None,
        };
        file.to_ron()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::edit::LevelText;

    #[test]
    fn save_as_names_a_new_level_after_its_file_and_a_copy_keeps_its_name() {
        use crate::editor::EditorDoc;
        const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");
        let path = std::path::PathBuf::from("levels/first_blood.ron");
        let mut copy = EditorDoc::new(FIRST_BLOOD.into(), Some(path));
        // A level with a name keeps it, under its own file or another.
        assert_eq!(name_for_save_as(&copy, "first_blood"), None);
        assert_eq!(name_for_save_as(&copy, "muddy_field"), None);
        // Saved under another file, the copy is said to keep the original's name...
        assert_eq!(copy_keeps_name(&copy, "first_blood"), None);
        assert_eq!(
            copy_keeps_name(&copy, "muddy_field").as_deref(),
            Some("First Blood")
        );
        // ... until the designer gives it another.
        copy.edit(|_, t| crate::editor::ops::set_name(t, "Mud"))
            .unwrap();
        assert_eq!(copy_keeps_name(&copy, "muddy_field"), None);
        let new = EditorDoc::new(NewLevel::default().text(), None);
        assert_eq!(
            name_for_save_as(&new, "the_pass").as_deref(),
            Some("The pass")
        );
        assert_eq!(copy_keeps_name(&new, "the_pass"), None);
    }

    #[test]
    fn a_new_level_reads_back_as_asked_in_the_shipped_layout() {
        let mut new = NewLevel {
            width: 6,
            height: 5,
            rulebook: "Seed002".into(),
            sides: 2,
        };
        assert_eq!(new.side_names(), "Blue and Red");
        let text = new.text();
        let file: LevelFile = crate::level::ron_options().from_str(&text).unwrap();
        assert_eq!(file.map, vec!["......".to_string(); 5]);
        assert_eq!(file.sides.len(), 2);
        assert_eq!(file.rules.preset, Some(RulebookId::named("Seed002")));
        // One map row a line, indented as the shipped levels are.
        assert!(text.contains("\n        \"......\",\n"), "{text}");
        // Units pushed into it get lines of their own.
        let mut doc = LevelText::new(text);
        doc.push_item(
            "units",
            "(name: \"A\", side: \"Blue\", template: \"soldier\", pos: (0, 0))",
        )
        .unwrap();
        assert!(
            doc.text().contains("\n        (name: \"A\""),
            "{}",
            doc.text()
        );
        // More sides, named and coloured as Add a side would, up to six.
        new.step_sides(1);
        assert_eq!(new.side_names(), "Blue, Red and Green");
        let file: LevelFile = crate::level::ron_options().from_str(&new.text()).unwrap();
        let names: Vec<&str> = file.sides.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Blue", "Red", "Green"]);
        assert_eq!(file.sides[2].colour.as_deref(), Some("#4cbf59"));
        new.step_sides(10);
        assert_eq!(new.sides, 6);
        new.step_sides(-10);
        assert_eq!(new.sides, 2);
        assert_eq!(name_from_file("river_ford"), "River ford");
        assert_eq!(name_from_file("watch-tower.ron"), "Watch tower");
        // Sizes are kept within bounds.
        let tiny = NewLevel {
            width: 1,
            height: 500,
            ..NewLevel::default()
        }
        .text();
        let file: LevelFile = crate::level::ron_options().from_str(&tiny).unwrap();
        assert_eq!((file.map[0].len(), file.map.len()), (4, 64));
    }
}
