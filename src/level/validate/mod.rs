//! Validation: turns a parsed [`LevelFile`] into a playable [`Level`], or lists every
//! problem found with its position. Each part of the level has its own file: the terrain
//! and map, the sides and objectives, the weapons, the units and their statistics.

mod lesson;
pub(super) mod sides;
pub(super) mod stat_bounds;
mod terrain;
pub(super) mod units;
mod weapons;

use super::Level;
use super::catalog::Catalog;
use super::problem::{Loc, Problem};
use super::schema::LevelFile;
use super::spans::SpanIndex;
use crate::rules::preset::RulesBlock;
use crate::rules::ruleset::{RulebookId, Ruleset};
use std::collections::{BTreeSet, HashSet};

/// Validate a parsed level; `src` is its text, for positions.
pub(super) fn validate(
    file: &str,
    src: &str,
    parsed: LevelFile,
    catalog: &Catalog,
) -> Result<Level, Vec<Problem>> {
    let spans = SpanIndex::build(src);
    Validator {
        loc: Loc::new(file, &spans),
        catalog,
        problems: Vec::new(),
        unresolved_tiles: HashSet::new(),
        defaults: BTreeSet::new(),
        book: parsed.rules.preset.unwrap_or_default().book(),
    }
    .validate(parsed)
}

/// The state of one level's validation: where it is, what it may use, what was found.
struct Validator<'a> {
    loc: Loc<'a>,
    catalog: &'a Catalog,
    problems: Vec<Problem>,
    /// Map tiles whose terrain is unknown (a character missing from the legend, or a legend
    /// entry naming unknown terrain), already reported: nothing more is said of what stands
    /// on them.
    unresolved_tiles: HashSet<(usize, usize)>,
    /// Conditions whose duration a weapon leaves out, with the default they get, for the
    /// summary (`sword on_hit Dazed until the end of its next turn`).
    defaults: BTreeSet<String>,
    /// The rulebook the level names (Core when it names none it knows, which is reported):
    /// some statistics have its own bounds.
    book: &'static dyn crate::rulebook::Rulebook,
}

/// Report `value` unless it lies in `min..=max`; whether it does.
fn check_range(
    out: &mut Vec<Problem>,
    loc: Loc,
    path: &str,
    what: &str,
    value: i64,
    (min, max): (i64, i64),
) -> bool {
    if value < min || value > max {
        let why = if value < min {
            format!("{what} must be at least {min} (got {value})")
        } else {
            format!("{what} must be at most {max} (got {value})")
        };
        out.push(loc.at(path, why));
        false
    } else {
        true
    }
}

/// The path of `field` inside the value at `path`.
fn join(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

impl Validator<'_> {
    /// Report a problem at the value `path` of the level file.
    fn at(&mut self, path: &str, msg: impl Into<String>) {
        let p = self.loc.at(path, msg);
        self.problems.push(p);
    }

    fn validate(mut self, f: LevelFile) -> Result<Level, Vec<Problem>> {
        if f.name.trim().is_empty() {
            self.at("name", "the level needs a name");
        }
        let grid = self.terrain(&f);
        let mut sides = self.sides(&f);
        let weapons = self.weapons(&f);
        let units = self.units(&f, grid.as_ref(), &sides, &weapons);
        let rules = self.rules(&f.rules);
        let fixed = rules.initiative == crate::rules::ruleset::InitiativeRule::FixedEachRound;
        self.unions(&f, &mut sides, fixed);
        let objectives = self.objectives(&f, grid.as_ref(), &sides);
        self.reachable_counts(&f.objectives, &units, &sides);
        self.lesson(&f, grid.as_ref(), &units, &sides, &rules);
        let balance = self.balance(&f);
        let warnings = super::ignored_exposure(&rules, &units);
        match (self.problems.is_empty(), grid) {
            (true, Some(grid)) => Ok(Level {
                name: f.name,
                description: f.description,
                seed: f.seed,
                balance,
                grid,
                sides,
                units,
                objectives,
                tutorial: f.tutorial,
                weapon_defaults: self.defaults.into_iter().collect(),
                warnings,
                rules,
            }),
            _ => Err(self.sorted_problems()),
        }
    }

    /// The level's intended balance: a located problem for a share outside 0–100 or a
    /// margin outside 0–50 points.
    fn balance(&mut self, f: &LevelFile) -> super::schema::Balance {
        let Some(b) = f.balance else {
            return super::schema::Balance::EVEN;
        };
        let (loc, out) = (self.loc, &mut self.problems);
        let share = "the first side's share (percent)";
        check_range(
            out,
            loc,
            "balance.first_side",
            share,
            b.first_side,
            (0, 100),
        );
        let margin = "the margin either way (points)";
        check_range(out, loc, "balance.within", margin, b.within, (0, 50));
        b
    }

    /// Every problem found, in file order, each once.
    fn sorted_problems(self) -> Vec<Problem> {
        let mut problems = self.problems;
        if problems.is_empty() {
            // Every way the map can fail to build reports why; this is a safety net.
            problems.push(self.loc.at("map", "the map could not be built"));
        }
        problems.sort_by_key(|p| (p.file.clone(), p.line.unwrap_or(0), p.col.unwrap_or(0)));
        problems.dedup();
        problems
    }

    /// The rules in force: the block's rulebook with its switches; a located problem for a
    /// rulebook not in the registry, and for every switch out of range or meaningless
    /// under the rulebook (Core in their place).
    fn rules(&mut self, block: &RulesBlock) -> Ruleset {
        let name = block.preset.unwrap_or_default();
        if name.find().is_none() {
            let known = RulebookId::known();
            self.at(
                "rules.preset",
                format!(
                    "rules: no rulebook is named `{name}`; the rulebooks are {}",
                    known.join(", ")
                ),
            );
            return Ruleset::default();
        }
        let book = self.book;
        block
            .resolve(book.ruleset(), |s| book.meaningless(s))
            .unwrap_or_else(|problems| {
                for p in problems {
                    self.at(&format!("rules.{}", p.switch), p.message);
                }
                Ruleset::default()
            })
    }
}
