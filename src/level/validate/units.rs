//! Units: names, sides, positions on the map, default facing, and their statistics (the
//! template, level or catalog, merged with the unit's overrides).

use super::sides::find_side;
use super::stat_bounds::check_stat_block;
use super::weapons::{LevelWeapons, WeaponCache};
use super::{Validator, join};
use crate::level::problem::Loc;
use crate::level::schema::{AffinityEntry, DamageGroupName, LevelFile, StatBlock, UnitFile};
use crate::level::suggest;
use crate::level::{MAX_MAP_SIDE, MAX_UNITS, SideDef, UnitDef};
use crate::rules::book_value::BookState;
use crate::rules::combat::{DamageType, Size};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::terrain::TerrainGrid;
use crate::rules::unit::{DamageGroup, PLAIN_AFFINITY_VALUE, Stats};

use std::collections::HashMap;

/// What the units seen so far have used up or settled.
struct Seen {
    weapons: WeaponCache,
    /// Templates checked already, and whether each was sound.
    templates: HashMap<String, bool>,
    /// Unit names, with the first unit that had each.
    names: HashMap<String, usize>,
    /// Occupied tiles, with their unit.
    tiles: HashMap<Pos, usize>,
    /// Units without a name, per side (for `"<side> <n>"`).
    unnamed: Vec<usize>,
}

/// A template as found: its statistics and where they are written.
struct Found<'f> {
    block: &'f StatBlock,
    loc: Loc<'f>,
    path: String,
}

/// Whether a position could lie on some map (others are reported and left out of sums).
fn on_a_map(p: Pos) -> bool {
    (0..MAX_MAP_SIDE as i32).contains(&p.x) && (0..MAX_MAP_SIDE as i32).contains(&p.y)
}

/// Turn every unit without an explicit facing towards the centre of its enemies.
fn face_enemies(units: &mut [(UnitDef, bool)]) {
    let positions: Vec<(usize, Pos)> = units
        .iter()
        .map(|(u, _)| (u.side, u.pos))
        .filter(|(_, p)| on_a_map(*p))
        .collect();
    for (u, explicit) in units {
        if !*explicit && on_a_map(u.pos) {
            u.facing = towards_enemies(&u.side, u.pos, &positions);
        }
    }
}

/// The facing of a unit of side `side` at `at` that names none: towards the centre of the
/// units of the other sides in `all` (north with none). The editor draws a draft's
/// facings with it too.
pub fn towards_enemies<S: PartialEq>(side: &S, at: Pos, all: &[(S, Pos)]) -> Dir8 {
    let (sx, sy) = all
        .iter()
        .filter(|(s, _)| s != side)
        .fold((0i64, 0i64), |(ax, ay), (_, p)| {
            (ax + i64::from(p.x - at.x), ay + i64::from(p.y - at.y))
        });
    // At most MAX_UNITS × MAX_MAP_SIDE in size: these fit an i32.
    let target = Pos::new(sx as i32, sy as i32);
    Dir8::towards(Pos::new(0, 0), target).unwrap_or(Dir8::N)
}

/// The merged statistics as the rules' [`Stats`]: the core's, then each rulebook's own
/// (`Rulebook::own_stats`); `None` if a required one is missing.
fn stats_of(
    merged: StatBlock,
    weapons: Vec<crate::rules::unit::Weapon>,
    unit: &UnitFile,
) -> Option<Stats> {
    let int = |v: Option<i64>, default: i32| v.map_or(default, |v| v as i32);
    let mut stats = Stats {
        vitality: merged.vitality? as i32,
        evasion: merged.evasion? as i32,
        armor: int(merged.armor, 0),
        movement: merged.movement? as u32,
        initiative: int(merged.initiative, 0),
        might: int(merged.might, 0),
        agility: int(merged.agility, 0),
        size: merged.size.unwrap_or(Size::Medium),
        resist: affinities(merged.resist.clone()),
        immune: merged.immune.clone().unwrap_or_default(),
        vulnerable: affinities(merged.vulnerable.clone()),
        first_aid: int(merged.first_aid, 0),
        reactions: merged.reactions.clone().unwrap_or_default(),
        dr_values: Vec::new(),
        own: BookState::default(),
        weapons,
    };
    for book in crate::rulebooks::all() {
        book.own_stats(&merged, unit, &mut stats);
    }
    Some(stats)
}

/// Resistances or vulnerabilities with their flat values: a plain type counts
/// [`PLAIN_AFFINITY_VALUE`] (presets/Seed001.md: "a Core entry `T` reads `(T, 3)`").
fn affinities(list: Option<Vec<AffinityEntry>>) -> Vec<(DamageGroup, i32)> {
    list.unwrap_or_default()
        .into_iter()
        .map(|e| match e {
            AffinityEntry::Plain(t) => (DamageGroup::Type(t), PLAIN_AFFINITY_VALUE),
            AffinityEntry::Valued(g, v) => (group(g), v as i32),
        })
        .collect()
}

fn group(name: DamageGroupName) -> DamageGroup {
    use DamageGroupName as N;
    use DamageType as T;
    DamageGroup::Type(match name {
        N::Magic => return DamageGroup::Magic,
        N::Physical => T::Physical,
        N::Chemical => T::Chemical,
        N::Cold => T::Cold,
        N::Heat => T::Heat,
        N::Poison => T::Poison,
        N::Shock => T::Shock,
        N::Curse => T::Curse,
        N::Holy => T::Holy,
        N::Spirit => T::Spirit,
        N::Psychic => T::Psychic,
        N::Reality => T::Reality,
    })
}

impl<'a> Validator<'a> {
    pub(super) fn units(
        &mut self,
        f: &LevelFile,
        grid: Option<&TerrainGrid>,
        sides: &[SideDef],
        level_weapons: &LevelWeapons,
    ) -> Vec<UnitDef> {
        if f.units.len() > MAX_UNITS {
            self.at(
                "units",
                format!("at most {MAX_UNITS} units (got {})", f.units.len()),
            );
            return Vec::new();
        }
        let mut seen = Seen {
            weapons: HashMap::new(),
            templates: HashMap::new(),
            names: HashMap::new(),
            tiles: HashMap::new(),
            unnamed: vec![0; sides.len()],
        };
        let mut out: Vec<(UnitDef, bool)> = Vec::new();
        for (i, u) in f.units.iter().enumerate() {
            let path = format!("units[{i}]");
            let side = find_side(sides, &u.side)
                .map_err(|hint| {
                    let msg = format!("unit {i}: unknown side `{}`{hint}", u.side);
                    self.at(&join(&path, "side"), msg);
                })
                .ok();
            let name = self.unit_name(&path, i, u, side, &mut seen);
            if let Some(g) = grid {
                self.unit_position(&path, i, &name, u.pos, g, &mut seen);
            }
            let stats = self.unit_stats(f, i, &name, u, level_weapons, &mut seen);
            let (Some(side), Some(stats)) = (side, stats) else {
                continue;
            };
            let unit = UnitDef {
                name,
                side,
                template: u.template.clone(),
                pos: u.pos,
                facing: u.facing.unwrap_or(Dir8::N),
                stats,
            };
            out.push((unit, u.facing.is_some()));
        }
        face_enemies(&mut out);
        out.into_iter().map(|(u, _)| u).collect()
    }

    /// The unit's name (`"<side> <n>"` when it has none), checked to be unique.
    fn unit_name(
        &mut self,
        path: &str,
        i: usize,
        u: &UnitFile,
        side: Option<usize>,
        seen: &mut Seen,
    ) -> String {
        let name = match &u.name {
            Some(n) if !n.trim().is_empty() => n.clone(),
            Some(_) => {
                self.at(&join(path, "name"), format!("unit {i}: the name is empty"));
                format!("unit {i}")
            }
            None => {
                let s = side.unwrap_or(0);
                if seen.unnamed.len() <= s {
                    seen.unnamed.resize(s + 1, 0);
                }
                seen.unnamed[s] += 1;
                format!("{} {}", u.side, seen.unnamed[s])
            }
        };
        if let Some(first) = seen.names.insert(name.clone(), i) {
            self.at(
                &join(path, "name"),
                format!("unit {i}: the name `{name}` is already used by unit {first}"),
            );
        }
        name
    }

    /// Check that the unit stands on the map, on passable terrain, alone.
    fn unit_position(
        &mut self,
        path: &str,
        i: usize,
        name: &str,
        pos: Pos,
        g: &TerrainGrid,
        seen: &mut Seen,
    ) {
        let pp = join(path, "pos");
        if !g.in_bounds(pos) {
            let (w, h) = (g.width - 1, g.height - 1);
            self.at(
                &pp,
                format!("unit `{name}` at {pos} is off the map (x must be 0..{w}, y 0..{h})"),
            );
        } else if !g.passable(pos)
            && !self
                .unresolved_tiles
                .contains(&(pos.x as usize, pos.y as usize))
        {
            let kind = g.kind(pos).map(|k| k.name.clone()).unwrap_or_default();
            self.at(
                &pp,
                format!("unit `{name}` at {pos} stands on impassable terrain `{kind}`"),
            );
        } else if let Some(other) = seen.tiles.insert(pos, i) {
            self.at(
                &pp,
                format!("unit `{name}` at {pos} shares its tile with unit {other}"),
            );
        }
    }

    /// The unit's statistics: its template merged with its overrides, every weapon
    /// resolved. `None` when anything about them has a problem (reported).
    fn unit_stats(
        &mut self,
        f: &LevelFile,
        i: usize,
        name: &str,
        u: &UnitFile,
        level_weapons: &LevelWeapons,
        seen: &mut Seen,
    ) -> Option<Stats> {
        let path = format!("units[{i}]");
        let template = self.find_template(f, &path, name, u, seen)?;
        let template_ok = self.check_template_once(&u.template, &template, level_weapons, seen);
        let before = self.problems.len();
        let opath = join(&path, "overrides");
        self.check_overrides(&opath, name, u, level_weapons, seen);
        let merged = template.block.overlaid(&u.overrides);
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
            match self.weapon(&w, level_weapons, &mut seen.weapons) {
                Ok(Some(w)) => weapons.push(w),
                _ => return None,
            }
        }
        stats_of(merged, weapons, u)
    }

    /// The unit's template: the level's own first, then the catalog's. `None` (reported)
    /// when there is none or its file could not be read.
    fn find_template<'f>(
        &mut self,
        f: &'f LevelFile,
        path: &str,
        name: &str,
        u: &UnitFile,
        seen: &mut Seen,
    ) -> Option<Found<'f>>
    where
        'a: 'f,
    {
        let catalog: &'a _ = self.catalog;
        if let Some(t) = f.templates.0.get(&u.template) {
            let path = format!("templates[{}]", u.template);
            return Some(Found {
                block: t,
                loc: self.loc,
                path,
            });
        }
        if let Some(s) = catalog.templates.get(&u.template) {
            return Some(Found {
                block: &s.value,
                loc: Loc::new(&s.file, &s.spans),
                path: s.path.clone(),
            });
        }
        let tpath = join(path, "template");
        if let Some(broken) = catalog.broken.get(&u.template) {
            if seen.templates.insert(u.template.clone(), false).is_none() {
                self.problems.extend(broken.iter().cloned());
            }
            self.at(
                &tpath,
                format!(
                    "unit `{name}`: template `{}` could not be read (see its own problem)",
                    u.template
                ),
            );
            return None;
        }
        let mut known: Vec<&str> = f.templates.0.keys().map(String::as_str).collect();
        known.extend(catalog.templates.keys().map(String::as_str));
        known.sort();
        let hint = suggest::did_you_mean_among(&u.template, "known", &known);
        self.at(
            &tpath,
            format!("unit `{name}`: unknown template `{}`{hint}", u.template),
        );
        None
    }

    /// Check a template's own values and weapons, the first time a unit uses it; whether
    /// it is sound.
    fn check_template_once(
        &mut self,
        template: &str,
        found: &Found,
        level_weapons: &LevelWeapons,
        seen: &mut Seen,
    ) -> bool {
        if let Some(ok) = seen.templates.get(template) {
            return *ok;
        }
        let before = self.problems.len();
        let who = format!("template `{template}`");
        check_stat_block(
            &mut self.problems,
            found.loc,
            &found.path,
            &who,
            found.block,
            self.book,
        );
        for (j, w) in found.block.weapons.iter().flatten().enumerate() {
            if self.weapon(w, level_weapons, &mut seen.weapons).is_err() {
                let msg = format!("{who}: {}", self.unknown_weapon(w, level_weapons));
                let p = found
                    .loc
                    .at(&format!("{}[{j}]", join(&found.path, "weapons")), msg);
                self.problems.push(p);
            }
        }
        let ok = self.problems.len() == before;
        seen.templates.insert(template.to_string(), ok);
        ok
    }

    /// Check the statistics and weapons a unit overrides.
    fn check_overrides(
        &mut self,
        opath: &str,
        name: &str,
        u: &UnitFile,
        level_weapons: &LevelWeapons,
        seen: &mut Seen,
    ) {
        let loc = self.loc;
        let who = format!("unit `{name}`");
        check_stat_block(
            &mut self.problems,
            loc,
            opath,
            &who,
            &u.overrides,
            self.book,
        );
        for (j, w) in u.overrides.weapons.iter().flatten().enumerate() {
            if self.weapon(w, level_weapons, &mut seen.weapons).is_err() {
                let msg = format!("{who}: {}", self.unknown_weapon(w, level_weapons));
                self.at(&format!("{}[{j}]", join(opath, "weapons")), msg);
            }
        }
    }
}
