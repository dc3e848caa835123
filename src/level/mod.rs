//! Levels: the RON schema, the shared catalog of templates and weapons, and validation that
//! turns a level file into a playable [`Level`] or lists every problem with its position.

pub mod catalog;
pub mod problem;
pub mod schema;
pub mod spans;

use crate::rules::combat::Size;
use crate::rules::dice::{DiceExpr, MAX_DICE_BONUS, MAX_DICE_COUNT, MAX_DIE_SIDES};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{Duration, MAX_RULESET_COUNT, Ruleset};
use crate::rules::terrain::{TerrainGrid, TerrainKind, TileKind, builtin_kinds};
use crate::rules::unit::{DEFAULT_REACH, Inflict, Stats, Weapon, WeaponKind};
use catalog::{Catalog, WEAPONS_FILE_KEY};
use problem::{Loc, Problem, decode_utf8, ron_problem};
use schema::{Controller, LevelFile, ObjectiveFile, ReactionPolicy, StatBlock, WeaponFile};
use serde::{Deserialize, Serialize};
use spans::SpanIndex;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

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
pub const MAX_HIT: i64 = 100;

/// The RON options used for every file: `Some(…)` may be left out around optional values.
pub fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// A side, resolved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideDef {
    pub name: String,
    pub colour: [u8; 3],
    pub controller: Controller,
    pub reactions: ReactionPolicy,
    pub surprised: bool,
}

/// A unit, resolved: its template merged with its overrides.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Level {
    pub name: String,
    pub description: String,
    pub seed: Option<u64>,
    pub grid: TerrainGrid,
    pub sides: Vec<SideDef>,
    pub units: Vec<UnitDef>,
    pub rules: Ruleset,
    pub objectives: Vec<Objective>,
    /// Weapon conditions that name no duration, with the duration they got (RULES §2).
    pub weapon_defaults: Vec<String>,
}

impl Level {
    /// One line for `skirmish check`.
    pub fn summary(&self) -> String {
        let sides: Vec<String> = self
            .sides
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let n = self.units.iter().filter(|u| u.side == i).count();
                format!("{} ({n})", s.name)
            })
            .collect();
        let rules = if self.rules == Ruleset::default() {
            "Core rules".to_string()
        } else {
            "custom rules".to_string()
        };
        format!(
            "\"{}\": {}x{} map, {} units: {}; {}{}{}",
            self.name,
            self.grid.width,
            self.grid.height,
            self.units.len(),
            sides.join(" vs "),
            rules,
            if self.objectives.is_empty() {
                String::new()
            } else {
                format!(", {} objective(s)", self.objectives.len())
            },
            if self.weapon_defaults.is_empty() {
                String::new()
            } else {
                format!("; default durations: {}", self.weapon_defaults.join(", "))
            }
        )
    }
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

const DEFAULT_COLOURS: [[u8; 3]; 6] = [
    [0x3a, 0x6e, 0xe8],
    [0xd8, 0x3b, 0x3b],
    [0x3b, 0xb0, 0x4a],
    [0xe8, 0xc1, 0x3a],
    [0x9b, 0x4d, 0xd8],
    [0xe8, 0x86, 0x3a],
];

fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let hex = s.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some([(v >> 16) as u8, (v >> 8) as u8, v as u8])
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
    let spans = SpanIndex::build(src);
    Validator {
        loc: Loc::new(file, &spans),
        catalog,
        problems: Vec::new(),
        unresolved_tiles: HashSet::new(),
        defaults: BTreeSet::new(),
    }
    .validate(parsed)
}

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
}

fn check_range(
    out: &mut Vec<Problem>,
    loc: Loc,
    path: &str,
    what: &str,
    value: i64,
    min: i64,
    max: i64,
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

fn join(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

/// Whether a dice expression holds a number far beyond every dice limit. Such numbers are
/// refused before `DiceExpr::parse` sees them: it cannot take a bonus of `i32::MIN`.
fn dice_number_too_large(text: &str) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact
        .split(|c: char| !c.is_ascii_digit())
        .any(|run| run.trim_start_matches('0').len() > 6)
}

/// Check a weapon definition and resolve it.
fn resolve_weapon(
    out: &mut Vec<Problem>,
    defaults: &mut BTreeSet<String>,
    loc: Loc,
    path: &str,
    name: &str,
    w: &WeaponFile,
) -> Option<Weapon> {
    let start = out.len();
    let parsed = if dice_number_too_large(&w.damage) {
        Err(format!(
            "`{}`: a number is too large (at most {MAX_DICE_COUNT} dice of {MAX_DIE_SIDES} sides, a bonus of +/-{MAX_DICE_BONUS})",
            w.damage
        ))
    } else {
        DiceExpr::parse(&w.damage)
    };
    let damage = match parsed {
        Ok(d) => d,
        Err(e) => {
            out.push(loc.at(&join(path, "damage"), format!("weapon `{name}`: {e}")));
            DiceExpr::new(0, 1, 0)
        }
    };
    check_range(
        out,
        loc,
        &join(path, "hit"),
        &format!("weapon `{name}`: hit"),
        w.hit,
        -MAX_HIT,
        MAX_HIT,
    );
    let mut reach = DEFAULT_REACH;
    let mut range = (0, 0);
    match w.kind {
        WeaponKind::Melee => {
            if let Some(r) = w.reach
                && check_range(
                    out,
                    loc,
                    &join(path, "reach"),
                    &format!("weapon `{name}`: reach"),
                    r,
                    1,
                    MAX_REACH,
                )
            {
                reach = r as u32;
            }
            if w.range.is_some() {
                out.push(loc.at(
                    &join(path, "range"),
                    format!("weapon `{name}` is Melee: `range` applies to Ranged weapons only (use `reach`)"),
                ));
            }
        }
        WeaponKind::Ranged => {
            if w.reach.is_some() {
                out.push(loc.at(
                    &join(path, "reach"),
                    format!("weapon `{name}` is Ranged: `reach` applies to Melee weapons only (use `range`)"),
                ));
            }
            match w.range {
                None => out.push(loc.at(
                    path,
                    format!(
                        "weapon `{name}` is Ranged and needs `range: (normal, long)` in metres"
                    ),
                )),
                Some((n, l)) => {
                    let rp = join(path, "range");
                    let ok_n = check_range(
                        out,
                        loc,
                        &rp,
                        &format!("weapon `{name}`: normal range"),
                        n,
                        1,
                        MAX_RANGE,
                    );
                    let ok_l = check_range(
                        out,
                        loc,
                        &rp,
                        &format!("weapon `{name}`: long range"),
                        l,
                        1,
                        MAX_RANGE,
                    );
                    if ok_n && ok_l && l < n {
                        out.push(loc.at(
                            &rp,
                            format!(
                                "weapon `{name}`: long range {l} is shorter than normal range {n}"
                            ),
                        ));
                    }
                    range = (n.max(0) as u32, l.max(0) as u32);
                }
            }
        }
    }
    check_range(
        out,
        loc,
        &join(path, "push"),
        &format!("weapon `{name}`: push"),
        w.push,
        0,
        MAX_PUSH,
    );
    let mut resolved: [Vec<Inflict>; 2] = [Vec::new(), Vec::new()];
    for ((field, list), resolved) in [("on_hit", &w.on_hit), ("on_crit", &w.on_crit)]
        .into_iter()
        .zip(resolved.iter_mut())
    {
        for (i, inflict) in list.iter().enumerate() {
            let duration = inflict.duration.unwrap_or_else(|| {
                let d = inflict.condition.default_weapon_duration();
                let c = inflict.condition;
                defaults.insert(format!("{name} {field} {c} {}", c.lasting(d)));
                d
            });
            resolved.push(Inflict {
                condition: inflict.condition,
                duration,
            });
            let p = format!("{}[{i}]", join(path, field));
            if !inflict.condition.inflictable() {
                out.push(loc.at(
                    &p,
                    format!(
                        "weapon `{name}`: {} cannot be inflicted by a weapon (use Prone, Exposed, Unguarded, Dazed or Bleeding)",
                        inflict.condition
                    ),
                ));
            }
            if inflict.duration == Some(Duration::Rounds(0)) {
                out.push(loc.at(
                    &p,
                    format!("weapon `{name}`: a duration of 0 rounds never applies"),
                ));
            }
        }
    }
    (out.len() == start).then(|| Weapon {
        name: name.to_string(),
        kind: w.kind,
        hit: w.hit as i32,
        damage,
        damage_type: w.damage_type,
        reach,
        range,
        push: w.push as u32,
        on_hit: std::mem::take(&mut resolved[0]),
        on_crit: std::mem::take(&mut resolved[1]),
    })
}

/// Check the values a stat block sets.
fn check_stat_block(out: &mut Vec<Problem>, loc: Loc, path: &str, who: &str, b: &StatBlock) {
    let fields = [
        ("vitality", b.vitality, 1, MAX_VITALITY),
        ("evasion", b.evasion, 0, MAX_STAT),
        ("armor", b.armor, MIN_STAT, MAX_STAT),
        ("movement", b.movement, 0, MAX_STAT),
        ("initiative", b.initiative, MIN_STAT, MAX_STAT),
        ("might", b.might, MIN_STAT, MAX_STAT),
        ("agility", b.agility, MIN_STAT, MAX_STAT),
    ];
    for (field, value, min, max) in fields {
        if let Some(v) = value {
            check_range(
                out,
                loc,
                &join(path, field),
                &format!("{who}: {field}"),
                v,
                min,
                max,
            );
        }
    }
}

impl<'a> Validator<'a> {
    fn at(&mut self, path: &str, msg: impl Into<String>) {
        let p = self.loc.at(path, msg);
        self.problems.push(p);
    }

    fn validate(mut self, f: LevelFile) -> Result<Level, Vec<Problem>> {
        if f.name.trim().is_empty() {
            self.at("name", "the level needs a name");
        }
        let grid = self.terrain(&f);
        let sides = self.sides(&f);
        let weapons = self.weapons(&f);
        let units = self.units(&f, grid.as_ref(), &sides, &weapons);
        self.rules(&f.rules);
        let objectives = self.objectives(&f, grid.as_ref(), &sides);
        match (self.problems.is_empty(), grid) {
            (true, Some(grid)) => Ok(Level {
                name: f.name,
                description: f.description,
                seed: f.seed,
                grid,
                sides,
                units,
                rules: f.rules,
                objectives,
                weapon_defaults: self.defaults.into_iter().collect(),
            }),
            _ => {
                let mut problems = self.problems;
                if problems.is_empty() {
                    // Every way the map can fail to build reports why; this is a safety net.
                    problems.push(self.loc.at("map", "the map could not be built"));
                }
                problems.sort_by_key(|p| (p.file.clone(), p.line.unwrap_or(0), p.col.unwrap_or(0)));
                problems.dedup();
                Err(problems)
            }
        }
    }

    fn terrain(&mut self, f: &LevelFile) -> Option<TerrainGrid> {
        let mut kinds: HashMap<String, TerrainKind> = builtin_kinds()
            .into_iter()
            .map(|(n, k)| (n.to_string(), k))
            .collect();
        for (name, k) in &f.terrain.0 {
            let path = format!("terrain[{name}]");
            if name.is_empty() || name.contains('+') || name.contains(char::is_whitespace) {
                self.at(
                    &format!("{path}#key"),
                    format!("terrain kind name `{name}` may not be empty or contain `+` or spaces"),
                );
            }
            if let Some(c) = k.cost
                && (c == 0 || c > MAX_TERRAIN_COST)
            {
                self.at(
                    &format!("{path}.cost"),
                    format!("terrain `{name}`: cost must be between 1 and {MAX_TERRAIN_COST} metres (got {c})"),
                );
            }
            kinds.insert(name.clone(), k.clone());
        }
        if f.legend.0.len() > MAX_LEGEND {
            self.at(
                "legend",
                format!(
                    "the legend has {} entries; the limit is {MAX_LEGEND}",
                    f.legend.0.len()
                ),
            );
            return None;
        }
        let mut palette = Vec::new();
        let mut index_of: HashMap<char, u16> = HashMap::new();
        for (&c, names) in &f.legend.0 {
            let path = format!("legend[{c}]");
            let parts: Vec<&str> = names.split('+').map(str::trim).collect();
            let mut found = Vec::new();
            for part in &parts {
                match kinds.get(*part) {
                    Some(k) => found.push(k),
                    None => {
                        let mut known: Vec<&String> = kinds.keys().collect();
                        known.sort();
                        let known: Vec<&str> = known.iter().map(|s| s.as_str()).collect();
                        self.at(
                            &path,
                            format!(
                                "legend '{c}': unknown terrain kind `{part}` (known: {}; or define it in `terrain`)",
                                known.join(", ")
                            ),
                        );
                    }
                }
            }
            if c == '\n' || c == '"' {
                self.at(
                    &path,
                    format!("legend: {c:?} cannot be used as a map character"),
                );
            }
            if found.len() == parts.len() {
                index_of.insert(c, palette.len() as u16);
                palette.push(TileKind::combine(names, c, &found));
            }
        }
        if f.map.is_empty() {
            self.at("map", "the map has no rows");
            return None;
        }
        let width = f.map[0].chars().count();
        let height = f.map.len();
        if width == 0 {
            self.at("map[0]", "the first map row is empty");
            return None;
        }
        if width > MAX_MAP_SIDE as usize || height > MAX_MAP_SIDE as usize {
            self.at(
                "map",
                format!("the map is {width}x{height}; the largest allowed is {MAX_MAP_SIDE}x{MAX_MAP_SIDE}"),
            );
            return None;
        }
        if let Some((w, h)) = f.size
            && (w != width as i64 || h != height as i64)
        {
            self.at(
                "size",
                format!("`size` says {w}x{h} but the map is {width}x{height}"),
            );
        }
        if palette.is_empty() {
            if f.legend.0.is_empty() {
                self.at(
                    "legend",
                    "the legend is empty: map each map character to terrain, e.g. { '.': \"grass\" }",
                );
            }
            return None;
        }
        // Unknown characters and ragged rows are reported; the grid is still built (padded,
        // with the first legend kind in their place) so that units can be checked too.
        let mut tiles = Vec::with_capacity(width * height);
        let mut unknown_reported: HashSet<char> = HashSet::new();
        for (r, row) in f.map.iter().enumerate() {
            let path = format!("map[{r}]");
            let len = row.chars().count();
            if len != width {
                self.at(
                    &path,
                    format!("ragged map: row {r} has {len} tiles but row 0 has {width}; every row must be as wide"),
                );
            }
            let mut cells: Vec<u16> = row
                .chars()
                .take(width)
                .enumerate()
                .map(|(col, c)| match index_of.get(&c) {
                    Some(&i) => i,
                    None => {
                        self.unresolved_tiles.insert((col, r));
                        if !f.legend.0.contains_key(&c) {
                            let first = unknown_reported.insert(c);
                            let p = self.loc.in_string(
                                &path,
                                col,
                                format!(
                                    "unknown terrain character '{c}' at row {r}, column {col}{}",
                                    if first { "; add it to the legend" } else { "" }
                                ),
                            );
                            self.problems.push(p);
                        }
                        0
                    }
                })
                .collect();
            cells.resize(width, 0);
            tiles.extend(cells);
        }
        Some(TerrainGrid {
            width: width as u32,
            height: height as u32,
            palette,
            tiles,
        })
    }

    fn sides(&mut self, f: &LevelFile) -> Vec<SideDef> {
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
            let colour = match &s.colour {
                None => DEFAULT_COLOURS[i % DEFAULT_COLOURS.len()],
                Some(c) => parse_colour(c).unwrap_or_else(|| {
                    self.at(
                        &join(&path, "colour"),
                        format!("colour `{c}` is not like \"#3a6ee8\""),
                    );
                    [0, 0, 0]
                }),
            };
            if s.controller == Controller::Ai {
                self.at(
                    &join(&path, "controller"),
                    format!(
                        "side `{}`: the AI controller is not available yet; use Human",
                        s.name
                    ),
                );
            }
            let side_units = f.units.iter().filter(|u| u.side == s.name).count();
            if side_units == 0 {
                self.at(&path, format!("side `{}` has no units", s.name));
            }
            out.push(SideDef {
                name: s.name.clone(),
                colour,
                controller: s.controller,
                reactions: s.reactions,
                surprised: s.surprised,
            });
        }
        if !f.sides.is_empty() && f.sides.iter().all(|s| s.surprised) {
            self.at(
                "sides",
                "every side is surprised: at most all but one side may be",
            );
        }
        out
    }

    /// Level weapons, resolved, plus the catalog's (looked up lazily).
    fn weapons(&mut self, f: &LevelFile) -> BTreeMap<String, Option<Weapon>> {
        let mut out = BTreeMap::new();
        for (name, w) in &f.weapons.0 {
            let path = format!("weapons[{name}]");
            let loc = self.loc;
            out.insert(
                name.clone(),
                resolve_weapon(&mut self.problems, &mut self.defaults, loc, &path, name, w),
            );
        }
        out
    }

    /// Find a weapon by name: the level's own first, then the catalog.
    fn weapon(
        &mut self,
        name: &str,
        level_weapons: &BTreeMap<String, Option<Weapon>>,
        cache: &mut HashMap<String, Option<Weapon>>,
    ) -> Result<Option<Weapon>, ()> {
        if let Some(w) = level_weapons.get(name) {
            return Ok(w.clone());
        }
        if let Some(w) = cache.get(name) {
            return Ok(w.clone());
        }
        let catalog = self.catalog;
        match catalog.weapons.get(name) {
            Some(entry) => {
                let loc = Loc::new(&entry.file, &entry.spans);
                let w = resolve_weapon(
                    &mut self.problems,
                    &mut self.defaults,
                    loc,
                    &entry.path,
                    name,
                    &entry.value,
                );
                cache.insert(name.to_string(), w.clone());
                Ok(w)
            }
            None => {
                if let Some(broken) = catalog.broken.get(WEAPONS_FILE_KEY) {
                    self.problems.extend(broken.iter().cloned());
                }
                Err(())
            }
        }
    }

    fn units(
        &mut self,
        f: &LevelFile,
        grid: Option<&TerrainGrid>,
        sides: &[SideDef],
        level_weapons: &BTreeMap<String, Option<Weapon>>,
    ) -> Vec<UnitDef> {
        if f.units.len() > MAX_UNITS {
            self.at(
                "units",
                format!("at most {MAX_UNITS} units (got {})", f.units.len()),
            );
            return Vec::new();
        }
        let mut weapon_cache = HashMap::new();
        let mut checked_templates: HashMap<String, bool> = HashMap::new();
        let mut names: HashMap<String, usize> = HashMap::new();
        let mut tiles: HashMap<Pos, usize> = HashMap::new();
        let mut per_side_count = vec![0usize; sides.len()];
        let mut out: Vec<(UnitDef, bool)> = Vec::new();
        for (i, u) in f.units.iter().enumerate() {
            let path = format!("units[{i}]");
            let side = sides.iter().position(|s| s.name == u.side);
            if side.is_none() {
                let known: Vec<&str> = sides.iter().map(|s| s.name.as_str()).collect();
                self.at(
                    &join(&path, "side"),
                    format!(
                        "unit {i}: unknown side `{}` (sides: {})",
                        u.side,
                        known.join(", ")
                    ),
                );
            }
            let name = match &u.name {
                Some(n) if !n.trim().is_empty() => n.clone(),
                Some(_) => {
                    self.at(&join(&path, "name"), format!("unit {i}: the name is empty"));
                    format!("unit {i}")
                }
                None => {
                    let s = side.unwrap_or(0);
                    per_side_count.resize(sides.len().max(1), 0);
                    per_side_count[s] += 1;
                    format!("{} {}", u.side, per_side_count[s])
                }
            };
            if let Some(first) = names.insert(name.clone(), i) {
                self.at(
                    &join(&path, "name"),
                    format!("unit {i}: the name `{name}` is already used by unit {first}"),
                );
            }
            // Position.
            if let Some(g) = grid {
                let pp = join(&path, "pos");
                if !g.in_bounds(u.pos) {
                    self.at(
                        &pp,
                        format!(
                            "unit `{name}` at {} is off the map (x must be 0..{}, y 0..{})",
                            u.pos,
                            g.width - 1,
                            g.height - 1
                        ),
                    );
                } else if !g.passable(u.pos)
                    && !self
                        .unresolved_tiles
                        .contains(&(u.pos.x as usize, u.pos.y as usize))
                {
                    let kind = g.kind(u.pos).map(|k| k.name.clone()).unwrap_or_default();
                    self.at(
                        &pp,
                        format!(
                            "unit `{name}` at {} stands on impassable terrain `{kind}`",
                            u.pos
                        ),
                    );
                } else if let Some(other) = tiles.insert(u.pos, i) {
                    self.at(
                        &pp,
                        format!(
                            "unit `{name}` at {} shares its tile with unit {other}",
                            u.pos
                        ),
                    );
                }
            }
            // Template.
            let stats = self.unit_stats(
                f,
                i,
                &name,
                u,
                level_weapons,
                &mut weapon_cache,
                &mut checked_templates,
            );
            let (Some(side), Some(stats)) = (side, stats) else {
                continue;
            };
            out.push((
                UnitDef {
                    name,
                    side,
                    template: u.template.clone(),
                    pos: u.pos,
                    facing: u.facing.unwrap_or(Dir8::N),
                    stats,
                },
                u.facing.is_some(),
            ));
        }
        // Default facing: towards the enemies' centre. Positions off any possible map are
        // already reported; they are left out so that the sums stay small.
        let on_a_map = |p: Pos| {
            (0..MAX_MAP_SIDE as i32).contains(&p.x) && (0..MAX_MAP_SIDE as i32).contains(&p.y)
        };
        let positions: Vec<(usize, Pos)> = out
            .iter()
            .map(|(u, _)| (u.side, u.pos))
            .filter(|(_, p)| on_a_map(*p))
            .collect();
        for (u, explicit) in &mut out {
            if !*explicit && on_a_map(u.pos) {
                let (sx, sy) = positions.iter().filter(|(s, _)| *s != u.side).fold(
                    (0i64, 0i64),
                    |(ax, ay), (_, p)| {
                        (ax + i64::from(p.x - u.pos.x), ay + i64::from(p.y - u.pos.y))
                    },
                );
                // At most MAX_UNITS × MAX_MAP_SIDE in size: these fit an i32.
                let target = Pos::new(sx as i32, sy as i32);
                u.facing = Dir8::towards(Pos::new(0, 0), target).unwrap_or(Dir8::N);
            }
        }
        out.into_iter().map(|(u, _)| u).collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn unit_stats(
        &mut self,
        f: &LevelFile,
        i: usize,
        name: &str,
        u: &schema::UnitFile,
        level_weapons: &BTreeMap<String, Option<Weapon>>,
        weapon_cache: &mut HashMap<String, Option<Weapon>>,
        checked_templates: &mut HashMap<String, bool>,
    ) -> Option<Stats> {
        let path = format!("units[{i}]");
        // Find the template: the level's own first, then the catalog.
        let catalog = self.catalog;
        let (template, tloc, tpath): (&StatBlock, Loc<'a>, String) =
            if let Some(t) = f.templates.0.get(&u.template) {
                (t, self.loc, format!("templates[{}]", u.template))
            } else if let Some(s) = catalog.templates.get(&u.template) {
                (&s.value, Loc::new(&s.file, &s.spans), s.path.clone())
            } else {
                if let Some(broken) = catalog.broken.get(&u.template) {
                    if checked_templates
                        .insert(u.template.clone(), false)
                        .is_none()
                    {
                        self.problems.extend(broken.iter().cloned());
                    }
                    self.at(
                        &join(&path, "template"),
                        format!(
                            "unit `{name}`: template `{}` could not be read (see its own problem)",
                            u.template
                        ),
                    );
                } else {
                    let mut known: Vec<&str> = f.templates.0.keys().map(String::as_str).collect();
                    known.extend(catalog.templates.keys().map(String::as_str));
                    known.sort();
                    self.at(
                        &join(&path, "template"),
                        format!(
                            "unit `{name}`: unknown template `{}` (known: {})",
                            u.template,
                            known.join(", ")
                        ),
                    );
                }
                return None;
            };
        // Check the template itself once.
        let template_ok = match checked_templates.get(&u.template) {
            Some(ok) => *ok,
            None => {
                let before = self.problems.len();
                check_stat_block(
                    &mut self.problems,
                    tloc,
                    &tpath,
                    &format!("template `{}`", u.template),
                    template,
                );
                if let Some(ws) = &template.weapons {
                    for (j, w) in ws.iter().enumerate() {
                        if self.weapon(w, level_weapons, weapon_cache).is_err() {
                            let p = tloc.at(
                                &format!("{}[{j}]", join(&tpath, "weapons")),
                                format!("template `{}`: unknown weapon `{w}`", u.template),
                            );
                            self.problems.push(p);
                        }
                    }
                }
                let ok = self.problems.len() == before;
                checked_templates.insert(u.template.clone(), ok);
                ok
            }
        };
        // Check the overrides.
        let before = self.problems.len();
        let opath = join(&path, "overrides");
        let loc = self.loc;
        check_stat_block(
            &mut self.problems,
            loc,
            &opath,
            &format!("unit `{name}`"),
            &u.overrides,
        );
        if let Some(ws) = &u.overrides.weapons {
            for (j, w) in ws.iter().enumerate() {
                if self.weapon(w, level_weapons, weapon_cache).is_err() {
                    self.at(
                        &format!("{}[{j}]", join(&opath, "weapons")),
                        format!("unit `{name}`: unknown weapon `{w}`"),
                    );
                }
            }
        }
        let merged = template.overlaid(&u.overrides);
        for (field, v) in [
            ("vitality", merged.vitality),
            ("evasion", merged.evasion),
            ("movement", merged.movement),
        ] {
            if v.is_none() {
                self.at(
                    &opath,
                    format!("unit `{name}`: no {field} (set it in template `{}` or the unit's overrides)", u.template),
                );
            }
        }
        if !template_ok || self.problems.len() != before {
            return None;
        }
        let mut weapons = Vec::new();
        for w in merged.weapons.clone().unwrap_or_default() {
            match self.weapon(&w, level_weapons, weapon_cache) {
                Ok(Some(w)) => weapons.push(w),
                _ => return None,
            }
        }
        Some(Stats {
            vitality: merged.vitality? as i32,
            evasion: merged.evasion? as i32,
            armor: merged.armor.unwrap_or(0) as i32,
            movement: merged.movement? as u32,
            initiative: merged.initiative.unwrap_or(0) as i32,
            might: merged.might.unwrap_or(0) as i32,
            agility: merged.agility.unwrap_or(0) as i32,
            size: merged.size.unwrap_or(Size::Medium),
            weapons,
            resist: merged.resist.unwrap_or_default(),
            immune: merged.immune.unwrap_or_default(),
            vulnerable: merged.vulnerable.unwrap_or_default(),
        })
    }

    fn rules(&mut self, r: &Ruleset) {
        for (field, v, min) in [
            ("ap_per_turn", r.ap_per_turn, 1),
            ("reactions_per_round", r.reactions_per_round, 0),
            ("attacks_per_round", r.attacks_per_round, 1),
        ] {
            if v < min || v > MAX_RULESET_COUNT {
                self.at(
                    &format!("rules.{field}"),
                    format!(
                        "rules: {field} must be between {min} and {MAX_RULESET_COUNT} (got {v})"
                    ),
                );
            }
        }
    }

    fn objectives(
        &mut self,
        f: &LevelFile,
        grid: Option<&TerrainGrid>,
        sides: &[SideDef],
    ) -> Vec<Objective> {
        let mut out = Vec::new();
        for (i, o) in f.objectives.iter().enumerate() {
            let path = format!("objectives[{i}]");
            let side_name = match o {
                ObjectiveFile::HoldArea { side, .. }
                | ObjectiveFile::ReachArea { side, .. }
                | ObjectiveFile::Survive { side, .. } => side,
            };
            let side = sides.iter().position(|s| &s.name == side_name);
            if side.is_none() {
                self.at(
                    &join(&path, "side"),
                    format!("objective {i}: unknown side `{side_name}`"),
                );
            }
            let tiles = match o {
                ObjectiveFile::HoldArea { tiles, .. } | ObjectiveFile::ReachArea { tiles, .. } => {
                    if tiles.is_empty() {
                        self.at(&join(&path, "tiles"), format!("objective {i}: no tiles"));
                    }
                    for (j, t) in tiles.iter().enumerate() {
                        if let Some(g) = grid
                            && (!g.in_bounds(*t) || !g.passable(*t))
                        {
                            self.at(
                                &format!("{}[{j}]", join(&path, "tiles")),
                                format!("objective {i}: tile {t} is off the map or impassable"),
                            );
                        }
                    }
                    tiles.clone()
                }
                ObjectiveFile::Survive { .. } => Vec::new(),
            };
            let count = match o {
                ObjectiveFile::HoldArea { rounds, .. } | ObjectiveFile::Survive { rounds, .. } => {
                    *rounds
                }
                ObjectiveFile::ReachArea { count, .. } => *count,
            };
            if count == 0 || count > 1000 {
                self.at(
                    &path,
                    format!("objective {i}: the number must be between 1 and 1000 (got {count})"),
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
}
