//! A level with the catalog files it uses, as text (`LevelSources`): what a saved battle
//! carries, so that a later edit of `levels/` or `assets/` neither changes nor breaks it.

use super::catalog::Catalog;
use super::problem::Problem;
use super::{Level, parse_level};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The text of a level file and of the catalog files it was played with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelSources {
    /// The level file's text.
    pub level: String,
    /// `assets/weapons.ron`'s text, when there was one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapons: Option<String>,
    /// The text of each template from `assets/units/` the level's units use, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub units: BTreeMap<String, String>,
}

impl LevelSources {
    /// The sources of `level`, read from `text` and, for its catalog files, from the
    /// assets folder `assets_dir` now: `weapons.ron` and the file of each template name its
    /// units use that `assets/units/` has (a file that cannot be read is not carried).
    pub fn gather(text: &str, level: &Level, assets_dir: &Path) -> LevelSources {
        let used: BTreeSet<&str> = level.units.iter().map(|u| u.template.as_str()).collect();
        let units = used
            .into_iter()
            .filter_map(|name| {
                let file = assets_dir.join("units").join(format!("{name}.ron"));
                Some((name.to_string(), std::fs::read_to_string(file).ok()?))
            })
            .collect();
        LevelSources {
            level: text.to_string(),
            weapons: std::fs::read_to_string(assets_dir.join("weapons.ron")).ok(),
            units,
        }
    }

    /// The catalog made of the carried files; problems name them as carried by `owner`.
    pub fn catalog(&self, owner: &str) -> Catalog {
        let mut cat = Catalog::default();
        if let Some(text) = &self.weapons {
            let file = format!("{owner}: its assets/weapons.ron");
            cat.add_weapons(&file, Ok(text.clone().into_bytes()));
        }
        for (name, text) in &self.units {
            let file = format!("{owner}: its assets/units/{name}.ron");
            cat.add_template(name.clone(), &file, Ok(text.clone().into_bytes()));
        }
        cat
    }

    /// The level, parsed from the carried files; problems name it as carried by `owner`.
    pub fn parse(&self, owner: &str) -> Result<Level, Vec<Problem>> {
        let file = format!("{owner}: its level");
        parse_level(&file, self.level.as_bytes(), &self.catalog(owner))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths;

    /// A level's sources parse to the same level as the files on disk, and carry only the
    /// templates its units use.
    #[test]
    fn carried_sources_make_the_same_level() {
        let path = paths::levels_dir().join("first_blood.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        let level = crate::level::load_level(&path, paths::cached_catalog()).unwrap();
        let sources = LevelSources::gather(&text, &level, &paths::assets_dir());
        let used: BTreeSet<&str> = level.units.iter().map(|u| u.template.as_str()).collect();
        assert_eq!(
            sources
                .units
                .keys()
                .map(String::as_str)
                .collect::<BTreeSet<_>>(),
            used
        );
        assert!(sources.weapons.is_some());
        let carried = sources.parse("saved.ron").unwrap();
        assert_eq!(carried, level);
    }

    /// A carried template that was edited into a broken one names itself in the problem.
    #[test]
    fn a_broken_carried_template_is_located() {
        let path = paths::levels_dir().join("first_blood.ron");
        let text = std::fs::read_to_string(&path).unwrap();
        let level = crate::level::load_level(&path, paths::cached_catalog()).unwrap();
        let mut sources = LevelSources::gather(&text, &level, &paths::assets_dir());
        let name = sources.units.keys().next().unwrap().clone();
        sources.units.insert(name.clone(), "(hp: ".into());
        let problems = sources.parse("saved.ron").unwrap_err();
        let shown = problems
            .iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            shown.contains(&format!("saved.ron: its assets/units/{name}.ron")),
            "{shown}"
        );
    }
}
