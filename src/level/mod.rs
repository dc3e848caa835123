//! Levels: the RON schema, the shared catalog of templates and weapons, and validation that
//! turns a level file into a playable [`Level`] or lists every problem with its position.

pub mod catalog;
pub mod edit;
pub mod lesson;
mod open_serde;
pub mod own_fields;
pub mod problem;
pub mod schema;
pub mod sources;
pub mod spans;
pub mod suggest;
mod validate;
pub use validate::sides::MAX_OBJECTIVE_COUNT;
/// The bounds a statistic is held to under a rulebook (the level's checks', the editor's panel).
pub use validate::stat_bounds::bounds_of as stat_bounds_of;
pub use validate::units::towards_enemies;

use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::Ruleset;
use crate::rules::terrain::TerrainGrid;
use crate::rules::unit::Stats;
use catalog::Catalog;
use problem::{Problem, decode_utf8, ron_problem};
use schema::{Controller, LevelFile, ReactionPolicy};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Largest level file read, in bytes.
pub const MAX_LEVEL_BYTES: usize = 4 << 20;
/// Largest map width or height, in tiles.
pub const MAX_MAP_SIDE: u32 = 256;
/// Most units on one map.
pub const MAX_UNITS: usize = 512;
/// Most sides in one battle.
pub const MAX_SIDES: usize = 16;
/// Most distinct legend characters.
pub const MAX_LEGEND: usize = 256;
/// Largest cost multiplier one terrain kind may have.
pub const MAX_TERRAIN_COST: u32 = 100;
/// Bounds of believable statistics.
pub const MAX_VITALITY: i64 = 10_000;
pub const MAX_STAT: i64 = 100;
pub const MIN_STAT: i64 = -20;
pub const MAX_REACH: i64 = 20;
pub const MAX_RANGE: i64 = 1000;
pub const MAX_PUSH: i64 = 20;
/// Longest teleport a weapon may make, in metres.
pub const MAX_TELEPORT: i64 = 20;
pub const MAX_HIT: i64 = 100;
/// Bounds of a skill bonus (`first_aid`, and the rulebooks' skills and Defense Roll values).
pub const MIN_SKILL: i64 = -5;
pub const MAX_SKILL: i64 = 10;
/// Largest flat resistance or vulnerability (1…10).
pub const MAX_AFFINITY: i64 = 10;
/// The widest bounds of the statistics several rulebooks read on different scales, where
/// the rulebook in force does not read them.
pub const MAX_GUARD: i64 = 60;
pub const MAX_STAMINA: i64 = 50;

/// The RON options used for every file: `Some(…)` may be left out around optional values.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// Every `.ron` file in a folder, sorted by name (none if it cannot be read).
pub fn ron_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// A weapon's `teleport` as written: `(who: User | Target, distance: 3)` (RULES §8; see
/// [`crate::rules::unit::Teleport`]). Checked in `validate/weapons.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeleportFile {
    pub who: crate::rules::unit::TeleportWho,
    pub distance: i64,
}

/// A side, resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideDef {
    pub name: String,
    pub colour: [u8; 3],
    pub controller: Controller,
    pub reactions: ReactionPolicy,
    pub surprised: bool,
    /// Seed000: the unions of this side, as indices into the level's units.
    pub unions: Vec<Vec<usize>>,
}

/// A unit, resolved: its template merged with its overrides.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitDef {
    pub name: String,
    pub side: usize,
    pub template: String,
    pub pos: Pos,
    pub facing: Dir8,
    pub stats: Stats,
}

/// An objective, resolved (see [`ObjectiveFile`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    HoldArea {
        side: usize,
        tiles: Vec<Pos>,
        rounds: u32,
    },
    ReachArea {
        side: usize,
        tiles: Vec<Pos>,
        count: u32,
    },
    Survive {
        side: usize,
        rounds: u32,
    },
}

/// A valid, playable level.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub name: String,
    pub description: String,
    pub seed: Option<u64>,
    /// The share of battles its first side is meant to win (`Balance::EVEN` when the file
    /// says nothing).
    pub balance: schema::Balance,
    pub grid: TerrainGrid,
    pub sides: Vec<SideDef>,
    pub units: Vec<UnitDef>,
    pub rules: Ruleset,
    pub objectives: Vec<Objective>,
    /// A tutorial's steps (none in a plain battle), checked against the map and units.
    pub tutorial: Vec<lesson::LessonStep>,
    /// Weapon conditions that name no duration, with the duration they got (RULES §2).
    pub weapon_defaults: Vec<String>,
    /// What the level says that the rules in force ignore (not problems: it still plays).
    pub warnings: Vec<String>,
}

impl Level {
    /// The sides with their unit counts, a surprised side and Seed000's unions:
    /// `Blue (2, union Ada + Bram) vs Red (3, surprised)`.
    pub fn sides_line(&self) -> String {
        self.side_parts().join(" vs ")
    }

    /// Each side with its unit count, whether it is surprised and its unions:
    /// `Red (3, surprised)`.
    pub fn side_parts(&self) -> Vec<String> {
        self.sides
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let n = self.units.iter().filter(|u| u.side == i).count();
                let mut notes = vec![n.to_string()];
                if s.surprised {
                    notes.push("surprised".into());
                }
                for union in &s.unions {
                    let names: Vec<&str> = union
                        .iter()
                        .filter_map(|u| self.units.get(*u).map(|d| d.name.as_str()))
                        .collect();
                    notes.push(format!("union {}", names.join(" + ")));
                }
                format!("{} ({})", s.name, notes.join(", "))
            })
            .collect()
    }

    /// One line for `skirmish check`.
    pub fn summary(&self) -> String {
        let book = self.rules.rulebook.book();
        let rules = if self.rules == book.ruleset() {
            format!("{} rules", book.name())
        } else {
            format!("{} rules with switches", book.name())
        };
        format!(
            "\"{}\": {}x{} map, {} units: {}; {}{}{}{}",
            self.name,
            self.grid.width,
            self.grid.height,
            self.units.len(),
            self.sides_line(),
            rules,
            if self.objectives.is_empty() {
                String::new()
            } else {
                format!(", {} objective(s)", self.objectives.len())
            },
            if self.tutorial.is_empty() {
                String::new()
            } else {
                format!(", a lesson of {} step(s)", self.tutorial.len())
            },
            if self.weapon_defaults.is_empty() {
                String::new()
            } else {
                format!("; default durations: {}", self.weapon_defaults.join(", "))
            }
        )
    }
}

/// Weapon conditions that rules without Exposed and Unguarded ignore (Seed000), one line
/// per weapon and condition.
pub fn ignored_exposure(rules: &Ruleset, units: &[UnitDef]) -> Vec<String> {
    if rules.exposure {
        return Vec::new();
    }
    let mut out = std::collections::BTreeSet::new();
    for w in units.iter().flat_map(|u| &u.stats.weapons) {
        for (when, list) in [("on_hit", &w.on_hit), ("on_crit", &w.on_crit)] {
            for i in list.iter().filter(|i| i.condition.is_exposure()) {
                out.insert(format!(
                    "weapon `{}`: its {when} {} is ignored: these rules have no Exposed or Unguarded",
                    w.name, i.condition
                ));
            }
        }
    }
    out.into_iter().collect()
}

/// Read and validate a level file from disk.
pub fn load_level(path: &Path, catalog: &Catalog) -> Result<Level, Vec<Problem>> {
    let label = path.to_string_lossy().into_owned();
    let meta = std::fs::metadata(path).map_err(|e| vec![Problem::new(&label, e.to_string())])?;
    if meta.is_dir() {
        return Err(vec![Problem::new(&label, "is a folder, not a level file")]);
    }
    if meta.len() > MAX_LEVEL_BYTES as u64 {
        return Err(vec![Problem::new(
            &label,
            format!(
                "the file is {} bytes; levels are limited to {MAX_LEVEL_BYTES} bytes",
                meta.len()
            ),
        )]);
    }
    let bytes = std::fs::read(path).map_err(|e| vec![Problem::new(&label, e.to_string())])?;
    parse_level(&label, &bytes, catalog)
}

/// Validate level bytes. `file` is the name used in messages.
pub fn parse_level(file: &str, bytes: &[u8], catalog: &Catalog) -> Result<Level, Vec<Problem>> {
    if bytes.len() > MAX_LEVEL_BYTES {
        return Err(vec![Problem::new(
            file,
            format!(
                "the file is {} bytes; levels are limited to {MAX_LEVEL_BYTES} bytes",
                bytes.len()
            ),
        )]);
    }
    let src = decode_utf8(file, bytes).map_err(|p| vec![p])?;
    if src.trim().is_empty() {
        return Err(vec![Problem::at(
            file,
            1,
            1,
            "the file is empty: a level starts with `(` and holds name, legend, map, sides and units",
        )]);
    }
    let parsed: LevelFile = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_problem(file, src, &e)])?;
    validate::validate(file, src, parsed, catalog)
}
