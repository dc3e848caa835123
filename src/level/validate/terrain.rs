//! The terrain of a level: its own terrain kinds, the legend from map characters to kinds,
//! and the map rows, built into a [`TerrainGrid`].

use super::Validator;
use crate::level::schema::LevelFile;
use crate::level::suggest;
use crate::level::{MAX_LEGEND, MAX_MAP_SIDE, MAX_TERRAIN_COST};
use crate::rules::terrain::{TerrainGrid, TerrainKind, TileKind, builtin_kinds};
use std::collections::{HashMap, HashSet};

/// The legend, resolved: one tile kind per usable character, and each character's index.
#[derive(Default)]
struct Palette {
    kinds: Vec<TileKind>,
    index_of: HashMap<char, u16>,
}

impl Validator<'_> {
    /// The level's terrain grid, or `None` (with the reasons reported) when it cannot be
    /// built. Unknown characters and ragged rows are reported but the grid is still built,
    /// so that what stands on the map can be checked too.
    pub(super) fn terrain(&mut self, f: &LevelFile) -> Option<TerrainGrid> {
        let kinds = self.terrain_kinds(f);
        let palette = self.palette(f, &kinds)?;
        let (width, height) = self.map_size(f)?;
        if palette.kinds.is_empty() {
            if f.legend.0.is_empty() {
                self.at(
                    "legend",
                    "the legend is empty: map each map character to terrain, e.g. { '.': \"grass\" }",
                );
            }
            return None;
        }
        let tiles = self.map_tiles(f, width, &palette);
        Some(TerrainGrid {
            width: width as u32,
            height: height as u32,
            palette: palette.kinds,
            tiles,
        })
    }

    /// The built-in terrain kinds with the level's own added or replacing them.
    fn terrain_kinds(&mut self, f: &LevelFile) -> HashMap<String, TerrainKind> {
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
        kinds
    }

    /// The legend's characters resolved to tile kinds; `None` when the legend is too long
    /// to read. A character naming an unknown kind is reported and left out.
    fn palette(&mut self, f: &LevelFile, kinds: &HashMap<String, TerrainKind>) -> Option<Palette> {
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
        let mut palette = Palette::default();
        for (&c, names) in &f.legend.0 {
            let path = format!("legend[{c}]");
            let parts: Vec<&str> = names.split('+').map(str::trim).collect();
            let found: Vec<&TerrainKind> = parts
                .iter()
                .filter_map(|part| {
                    let kind = kinds.get(*part);
                    if kind.is_none() {
                        self.unknown_terrain_kind(&path, c, part, kinds);
                    }
                    kind
                })
                .collect();
            if c == '\n' || c == '"' {
                self.at(
                    &path,
                    format!("legend: {c:?} cannot be used as a map character"),
                );
            }
            if found.len() == parts.len() {
                palette.index_of.insert(c, palette.kinds.len() as u16);
                palette.kinds.push(TileKind::combine(names, c, &found));
            }
        }
        Some(palette)
    }

    fn unknown_terrain_kind(
        &mut self,
        path: &str,
        c: char,
        part: &str,
        kinds: &HashMap<String, TerrainKind>,
    ) {
        let mut known: Vec<&str> = kinds.keys().map(String::as_str).collect();
        known.sort();
        let hint = suggest::closest(part, known.iter().copied())
            .map(|k| format!("did you mean `{k}`? "))
            .unwrap_or_default();
        self.at(
            path,
            format!(
                "legend '{c}': unknown terrain kind `{part}` ({hint}known: {}; or define it in `terrain`)",
                known.join(", ")
            ),
        );
    }

    /// The map's width and height, or `None` (reported) when there is no map to build.
    fn map_size(&mut self, f: &LevelFile) -> Option<(usize, usize)> {
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
        Some((width, height))
    }

    /// Every map tile's palette index, row by row. Ragged rows are padded and unknown
    /// characters replaced with the first legend kind, after reporting them.
    fn map_tiles(&mut self, f: &LevelFile, width: usize, palette: &Palette) -> Vec<u16> {
        let mut tiles = Vec::with_capacity(width * f.map.len());
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
                .map(|(col, c)| match palette.index_of.get(&c) {
                    Some(&i) => i,
                    None => {
                        self.unresolved_tiles.insert((col, r));
                        if !f.legend.0.contains_key(&c) {
                            let first = unknown_reported.insert(c);
                            self.unknown_character(&path, (col, r), c, first);
                        }
                        0
                    }
                })
                .collect();
            cells.resize(width, 0);
            tiles.extend(cells);
        }
        tiles
    }

    fn unknown_character(&mut self, path: &str, (col, r): (usize, usize), c: char, first: bool) {
        let p = self.loc.in_string(
            path,
            col,
            format!(
                "unknown terrain character '{c}' at row {r}, column {col}{}",
                if first { "; add it to the legend" } else { "" }
            ),
        );
        self.problems.push(p);
    }
}
