//! The text of a new level: a field of grass of the size asked, the rulebook chosen, two
//! sides and no units yet, in the layout of the shipped levels (`LevelFile::to_ron`).

use crate::level::schema::{LevelFile, SideFile, UniqueMap};
use crate::rules::preset::RulesBlock;
use crate::rules::ruleset::RulebookId;

/// The smallest and largest side of a new map, in tiles.
pub const MIN_NEW_SIDE: u32 = 4;
pub const MAX_NEW_SIDE: u32 = 64;
/// A new map's size when none is chosen.
pub const DEFAULT_NEW_SIZE: (u32, u32) = (12, 8);
/// The two sides of a new level: their names and colours.
pub const NEW_SIDES: [(&str, &str); 2] = [("Blue", "#3a6ee8"), ("Red", "#d83b3b")];

/// What the New dialog asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLevel {
    pub width: u32,
    pub height: u32,
    /// The rulebook's name (`Core`, `Seed002`).
    pub rulebook: String,
}

impl Default for NewLevel {
    fn default() -> Self {
        NewLevel {
            width: DEFAULT_NEW_SIZE.0,
            height: DEFAULT_NEW_SIZE.1,
            rulebook: RulebookId::CORE.0.to_string(),
        }
    }
}

impl NewLevel {
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
            name: "New level".into(),
            description: String::new(),
            size: None,
            seed: None,
            terrain: UniqueMap::default(),
            legend: [('.', "grass".to_string())].into_iter().collect(),
            map: vec![".".repeat(w as usize); h as usize],
            sides: NEW_SIDES
                .iter()
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
    fn a_new_level_reads_back_as_asked_in_the_shipped_layout() {
        let new = NewLevel {
            width: 6,
            height: 5,
            rulebook: "Seed002".into(),
        };
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
