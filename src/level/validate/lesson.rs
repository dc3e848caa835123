//! A tutorial's steps: a prompt for each, tiles on the map a unit can stand on, units the
//! level has. (A misspelt step or condition is a RON problem, located by the parser.)

use super::{Validator, join};
use crate::level::lesson::{
    MAX_LESSON_STEPS, MAX_PROMPT_CHARS, PROMPT_NUMBERS, Until, braced_names, prompt_number,
};
use crate::level::schema::LevelFile;
use crate::level::{SideDef, UnitDef, suggest};
use crate::rules::ruleset::Ruleset;
use crate::rules::terrain::TerrainGrid;

impl Validator<'_> {
    pub(super) fn lesson(
        &mut self,
        f: &LevelFile,
        grid: Option<&TerrainGrid>,
        units: &[UnitDef],
        sides: &[SideDef],
        rules: &Ruleset,
    ) {
        if f.tutorial.len() > MAX_LESSON_STEPS {
            self.at(
                "tutorial",
                format!(
                    "a lesson has at most {MAX_LESSON_STEPS} steps (got {})",
                    f.tutorial.len()
                ),
            );
            return;
        }
        if !f.tutorial.is_empty() && sides.is_empty() {
            self.at(
                "tutorial",
                "a lesson needs a side to teach (the first side)",
            );
        }
        for (i, step) in f.tutorial.iter().enumerate() {
            let path = format!("tutorial[{i}]");
            let chars = step.say.chars().count();
            if step.say.trim().is_empty() {
                self.at(
                    &join(&path, "say"),
                    format!("step {}: say something", i + 1),
                );
            } else if chars > MAX_PROMPT_CHARS {
                self.at(
                    &join(&path, "say"),
                    format!(
                        "step {}: a prompt has at most {MAX_PROMPT_CHARS} characters (got {chars})",
                        i + 1
                    ),
                );
            }
            for (at, name) in braced_names(&step.say) {
                if !PROMPT_NUMBERS.iter().any(|(n, _)| *n == name) {
                    let known: Vec<String> = (PROMPT_NUMBERS.iter())
                        .map(|(n, what)| format!("{n} ({what})"))
                        .collect();
                    let names = PROMPT_NUMBERS.iter().map(|(n, _)| *n);
                    let guess = (suggest::closest(name, names))
                        .map(|n| format!("did you mean `{n}`? "))
                        .unwrap_or_default();
                    let hint = format!(" ({guess}a prompt may name: {})", known.join(", "));
                    let msg = format!(
                        "step {}: `{{{name}}}` is no number a prompt may name{hint}",
                        i + 1
                    );
                    let p = self.loc.in_string(&join(&path, "say"), at, msg);
                    self.problems.push(p);
                } else if prompt_number(name, rules).is_none() {
                    let msg = format!(
                        "step {}: `{{{name}}}` is a number of Core's rules, and this level plays {}: write the number out",
                        i + 1,
                        rules.rulebook.0
                    );
                    let p = self.loc.in_string(&join(&path, "say"), at, msg);
                    self.problems.push(p);
                }
            }
            self.lesson_goal(&join(&path, "until"), i, &step.until, grid, units);
            if let (Some(t), Some(g)) = (step.mark, grid)
                && !g.in_bounds(t)
            {
                let msg = format!("step {}: the marked tile {t} is off the map", i + 1);
                self.at(&join(&path, "mark"), msg);
            }
        }
    }

    /// The tile or unit a step's condition names: a tile on the map a unit can stand on, a
    /// unit of the level.
    fn lesson_goal(
        &mut self,
        path: &str,
        i: usize,
        until: &Until,
        grid: Option<&TerrainGrid>,
        units: &[UnitDef],
    ) {
        if let (Some(t), Some(g)) = (until.tile(), grid)
            && (!g.in_bounds(t) || !g.passable(t))
        {
            self.at(
                path,
                format!("step {}: tile {t} is off the map or impassable", i + 1),
            );
        }
        if let Some(name) = until.unit()
            && !units.iter().any(|u| u.name == name)
        {
            let hint = suggest::did_you_mean(name, units.iter().map(|u| u.name.as_str()));
            self.at(
                path,
                format!("step {}: no unit is named `{name}`{hint}", i + 1),
            );
        }
    }
}
