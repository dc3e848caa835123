//! The sides of a level (names, colours, controllers, surprise) and its objectives.

use super::{Validator, join};
use crate::level::schema::{LevelFile, ObjectiveFile, SideFile};
use crate::level::suggest;
use crate::level::{MAX_SIDES, Objective, SideDef};
use crate::rules::grid::Pos;
use crate::rules::terrain::TerrainGrid;
use std::collections::HashSet;

/// Colours of sides that do not name one, in order.
const DEFAULT_COLOURS: [[u8; 3]; 6] = [
    [0x3a, 0x6e, 0xe8],
    [0xd8, 0x3b, 0x3b],
    [0x3b, 0xb0, 0x4a],
    [0xe8, 0xc1, 0x3a],
    [0x9b, 0x4d, 0xd8],
    [0xe8, 0x86, 0x3a],
];

/// Largest number an objective may count to (rounds or combatants).
pub const MAX_OBJECTIVE_COUNT: u32 = 1000;

/// `"#3a6ee8"` as red, green and blue.
fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// The side named `name`, if any, with a closing ` (did you mean …? sides: …)` for messages
/// about a name that matches none.
pub(super) fn find_side(sides: &[SideDef], name: &str) -> Result<usize, String> {
    sides.iter().position(|s| s.name == name).ok_or_else(|| {
        let known: Vec<&str> = sides.iter().map(|s| s.name.as_str()).collect();
        suggest::did_you_mean_among(name, "sides", &known)
    })
}

/// Why a level's unions are refused under a rulebook without a fixed initiative: with the
/// rulebooks that have one, for the designer to pick.
fn unions_need_fixed_initiative() -> String {
    use crate::rules::ruleset::InitiativeRule;
    let fixed: Vec<String> = (crate::rulebooks::all().into_iter())
        .filter(|b| b.ruleset().initiative == InitiativeRule::FixedEachRound)
        .map(|b| format!("`rules: (preset: {})`", b.name()))
        .collect();
    match fixed.is_empty() {
        true => "unions need a fixed initiative each round".into(),
        false => format!(
            "unions need a fixed initiative each round ({})",
            fixed.join(" or ")
        ),
    }
}

impl Validator<'_> {
    pub(super) fn sides(&mut self, f: &LevelFile) -> Vec<SideDef> {
        if f.sides.len() < 2 {
            self.at(
                "sides",
                format!(
                    "a battle needs at least two sides; this level has {}",
                    f.sides.len()
                ),
            );
        }
        if f.sides.len() > MAX_SIDES {
            self.at(
                "sides",
                format!("at most {MAX_SIDES} sides (got {})", f.sides.len()),
            );
        }
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for (i, s) in f.sides.iter().enumerate() {
            let path = format!("sides[{i}]");
            if s.name.trim().is_empty() {
                self.at(&join(&path, "name"), "a side needs a name");
            } else if !seen.insert(s.name.clone()) {
                self.at(
                    &join(&path, "name"),
                    format!("two sides are named `{}`", s.name),
                );
            }
            out.push(self.side(f, &path, i, s));
        }
        if !f.sides.is_empty() && f.sides.iter().all(|s| s.surprised) {
            self.at(
                "sides",
                "every side is surprised: at most all but one side may be",
            );
        }
        out
    }

    /// One side, resolved: its colour, controller and whether it has units.
    fn side(&mut self, f: &LevelFile, path: &str, i: usize, s: &SideFile) -> SideDef {
        let colour = match &s.colour {
            None => DEFAULT_COLOURS[i % DEFAULT_COLOURS.len()],
            Some(c) => parse_colour(c).unwrap_or_else(|| {
                self.at(
                    &join(path, "colour"),
                    format!("colour `{c}` is not like \"#3a6ee8\""),
                );
                [0, 0, 0]
            }),
        };
        if !f.units.iter().any(|u| u.side == s.name) {
            self.at(path, format!("side `{}` has no units", s.name));
        }
        SideDef {
            name: s.name.clone(),
            colour,
            controller: s.controller,
            reactions: s.reactions,
            surprised: s.surprised,
            unions: Vec::new(),
        }
    }

    /// Seed000's unions (presets/Seed000.md, "Initiative"): each lists at least two units
    /// of its own side, no unit is in two, and only a fixed initiative has them.
    pub(super) fn unions(&mut self, f: &LevelFile, sides: &mut [SideDef], fixed_initiative: bool) {
        let names: Vec<&str> = f
            .units
            .iter()
            .map(|u| u.name.as_deref().unwrap_or(""))
            .collect();
        let mut taken = HashSet::new();
        for (i, s) in f.sides.iter().enumerate() {
            for (j, union) in s.unions.iter().enumerate() {
                let path = format!("sides[{i}].unions[{j}]");
                if !fixed_initiative {
                    self.at(&path, unions_need_fixed_initiative());
                    continue;
                }
                if union.len() < 2 {
                    self.at(&path, "a union needs at least two units");
                }
                let mut members = Vec::new();
                for (k, name) in union.iter().enumerate() {
                    let at = format!("{path}[{k}]");
                    let Some(u) = names.iter().position(|n| n == name) else {
                        let hint = suggest::did_you_mean(name, names.iter().copied());
                        self.at(&at, format!("no unit is named `{name}`{hint}"));
                        continue;
                    };
                    if f.units[u].side != s.name {
                        self.at(&at, format!("`{name}` is not on side `{}`", s.name));
                    } else if !taken.insert(u) {
                        self.at(&at, format!("`{name}` is already in a union"));
                    } else {
                        members.push(u);
                    }
                }
                if let Some(side) = sides.get_mut(i) {
                    side.unions.push(members);
                }
            }
        }
    }

    pub(super) fn objectives(
        &mut self,
        f: &LevelFile,
        grid: Option<&TerrainGrid>,
        sides: &[SideDef],
    ) -> Vec<Objective> {
        let mut out = Vec::new();
        for (i, o) in f.objectives.iter().enumerate() {
            let path = format!("objectives[{i}]");
            let side = self.objective_side(&path, i, o, sides);
            let tiles = self.objective_tiles(&path, i, o, grid);
            let count = match o {
                ObjectiveFile::HoldArea { rounds, .. } | ObjectiveFile::Survive { rounds, .. } => {
                    *rounds
                }
                ObjectiveFile::ReachArea { count, .. } => *count,
            };
            if count == 0 || count > MAX_OBJECTIVE_COUNT {
                self.at(
                    &path,
                    format!("objective {}: the number must be between 1 and {MAX_OBJECTIVE_COUNT} (got {count})", i + 1),
                );
            }
            let Some(side) = side else { continue };
            out.push(match o {
                ObjectiveFile::HoldArea { rounds, .. } => Objective::HoldArea {
                    side,
                    tiles,
                    rounds: *rounds,
                },
                ObjectiveFile::ReachArea { count, .. } => Objective::ReachArea {
                    side,
                    tiles,
                    count: *count,
                },
                ObjectiveFile::Survive { rounds, .. } => Objective::Survive {
                    side,
                    rounds: *rounds,
                },
            });
        }
        out
    }

    /// A Reach area that asks more of a side's units than the side has can never be met.
    /// Numbered and located as the file has it (an objective of an unknown side, left out
    /// of the level, still counts in the numbering).
    pub(super) fn reachable_counts(
        &mut self,
        objectives: &[ObjectiveFile],
        units: &[crate::level::UnitDef],
        sides: &[SideDef],
    ) {
        for (i, o) in objectives.iter().enumerate() {
            let ObjectiveFile::ReachArea { side, count, .. } = o else {
                continue;
            };
            let Ok(side) = find_side(sides, side) else {
                continue;
            };
            let has = units.iter().filter(|u| u.side == side).count();
            if *count as usize > has {
                let name = &sides[side].name;
                self.at(
                    &format!("objectives[{i}].count"),
                    format!(
                        "objective {}: {count} of {name}'s units must reach the area, but {name} has {has}",
                        i + 1
                    ),
                );
            }
        }
    }

    fn objective_side(
        &mut self,
        path: &str,
        i: usize,
        o: &ObjectiveFile,
        sides: &[SideDef],
    ) -> Option<usize> {
        let name = match o {
            ObjectiveFile::HoldArea { side, .. }
            | ObjectiveFile::ReachArea { side, .. }
            | ObjectiveFile::Survive { side, .. } => side,
        };
        find_side(sides, name)
            .map_err(|hint| {
                self.at(
                    &join(path, "side"),
                    format!("objective {}: unknown side `{name}`{hint}", i + 1),
                );
            })
            .ok()
    }

    /// An area objective's tiles (none for the others), after checking them.
    fn objective_tiles(
        &mut self,
        path: &str,
        i: usize,
        o: &ObjectiveFile,
        grid: Option<&TerrainGrid>,
    ) -> Vec<Pos> {
        let tiles = match o {
            ObjectiveFile::HoldArea { tiles, .. } | ObjectiveFile::ReachArea { tiles, .. } => tiles,
            ObjectiveFile::Survive { .. } => return Vec::new(),
        };
        if tiles.is_empty() {
            self.at(
                &join(path, "tiles"),
                format!("objective {}: no tiles", i + 1),
            );
        }
        for (j, t) in tiles.iter().enumerate() {
            if let Some(g) = grid
                && (!g.in_bounds(*t) || !g.passable(*t))
            {
                self.at(
                    &format!("{}[{j}]", join(path, "tiles")),
                    format!("objective {}: tile {t} is off the map or impassable", i + 1),
                );
            }
        }
        tiles.clone()
    }
}
