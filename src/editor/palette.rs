//! The terrain one may paint: the level's legend entries and the built-in terrain kinds,
//! each with its movement cost and cover, and the symbol a kind not yet in the legend gets.

use crate::level::schema::LevelFile;
use crate::rules::terrain::{Cover, TerrainKind, builtin_kinds};

/// One kind of terrain the palette offers.
#[derive(Clone, Debug, PartialEq)]
pub struct PaletteEntry {
    /// The legend's text for it (`grass`, `shallow_water+mud`).
    pub name: String,
    /// Its legend symbol, if the level's legend has it yet.
    pub symbol: Option<char>,
    /// How many of the map's tiles have it (0 for a legend entry no tile uses any more).
    pub tiles: usize,
    /// Metres of movement to enter it (a product for combined kinds); `None`: impassable.
    pub cost: Option<u32>,
    pub cover: Cover,
    /// The tile art to show it with.
    pub look: crate::rules::terrain::Look,
}

impl PaletteEntry {
    /// `grass  move 1`, `crates  move 2, half cover`, `wall  blocks, full cover`.
    pub fn caption(&self) -> String {
        let moves = self
            .cost
            .map_or("blocks".to_string(), |c| format!("move {c}"));
        let cover = match self.cover {
            Cover::None => String::new(),
            c => format!(", {} cover", format!("{c:?}").to_lowercase()),
        };
        format!("{}: {moves}{cover}", self.name)
    }
}

/// The kind named `name` in the level's own terrain, else among the built-in ones.
fn kind_named(file: &LevelFile, name: &str) -> Option<TerrainKind> {
    file.terrain.0.get(name).cloned().or_else(|| {
        builtin_kinds()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| k)
    })
}

/// The entry for legend text `name` (kinds joined by `+`), if every kind is known.
fn entry(
    file: &LevelFile,
    name: &str,
    symbol: Option<char>,
    counts: &std::collections::HashMap<char, usize>,
) -> Option<PaletteEntry> {
    let kinds: Option<Vec<TerrainKind>> = name.split('+').map(|k| kind_named(file, k)).collect();
    let kinds = kinds?;
    let refs: Vec<&TerrainKind> = kinds.iter().collect();
    let tile = crate::rules::terrain::TileKind::combine(name, symbol.unwrap_or(' '), &refs);
    let tiles = symbol.and_then(|c| counts.get(&c).copied()).unwrap_or(0);
    Some(PaletteEntry {
        name: name.to_string(),
        symbol,
        tiles,
        cost: tile.passable.then_some(tile.cost),
        cover: tile.cover,
        look: tile.look,
    })
}

/// The built-in kinds in their own order, then the level's own kinds, then the legend's
/// other entries (combined kinds, in symbol order): an order painting never changes, so a
/// kind painted for the first time (which joins the legend) stays where it was.
pub fn palette(file: &LevelFile) -> Vec<PaletteEntry> {
    let symbol_of = |name: &str| {
        (file.legend.0.iter())
            .find(|(_, n)| n.as_str() == name)
            .map(|(c, _)| *c)
    };
    let builtin = builtin_kinds().into_iter().map(|(n, _)| n.to_string());
    let own = file.terrain.0.keys().cloned();
    let legend = file.legend.0.values().cloned();
    // How many tiles have each symbol, counted once for the whole palette.
    let mut counts = std::collections::HashMap::new();
    for c in file.map.iter().flat_map(|row| row.chars()) {
        *counts.entry(c).or_insert(0) += 1;
    }
    let mut out: Vec<PaletteEntry> = Vec::new();
    for name in builtin.chain(own).chain(legend) {
        if !out.iter().any(|e| e.name == name)
            && let Some(e) = entry(file, &name, symbol_of(&name), &counts)
        {
            out.push(e);
        }
    }
    out
}

/// The symbols a built-in kind prefers, in order, before any other free one.
const PREFERRED: [(&str, &str); 13] = [
    ("grass", ".,"),
    ("floor", "_-"),
    ("rubble", "r%"),
    ("undergrowth", "u\""),
    ("mud", "m"),
    ("shallow_water", "w~"),
    ("deep_water", "W"),
    ("crates", "c"),
    ("low_wall", "l="),
    ("wall", "#"),
    ("pillar", "p"),
    ("chasm", "x "),
    ("exit", "e>"),
];

/// Symbols any kind may take when its preferred ones are taken.
const SPARE: &str = "abdfghijknoqstvyzABCDEFGHIJKLMNOPQRSTUVXYZ0123456789*+&@$!?;:^<";

/// A symbol for `name` that the legend does not use yet: the kind's own first (`#` for a
/// wall), then its initial, then any spare one. `None` if every one is taken.
pub fn free_symbol(file: &LevelFile, name: &str) -> Option<char> {
    let preferred = PREFERRED
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |(_, s)| *s);
    let initial = name.chars().next().into_iter().collect::<String>();
    (preferred.chars())
        .chain(initial.chars())
        .chain(SPARE.chars())
        .find(|c| !file.legend.0.contains_key(c) && *c != ' ' && *c != '"' && *c != '\'')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_blood() -> LevelFile {
        let text = include_str!("../../levels/first_blood.ron");
        crate::level::ron_options().from_str(text).unwrap()
    }

    #[test]
    fn the_palette_lists_every_kind_once_with_costs_cover_and_legend_symbols() {
        let file = first_blood();
        let p = palette(&file);
        let crates = p.iter().find(|e| e.name == "crates").unwrap();
        assert_eq!(crates.symbol, Some('c'));
        assert_eq!(crates.caption(), "crates: move 2, half cover");
        let wall = p.iter().find(|e| e.name == "wall").unwrap();
        assert_eq!(wall.caption(), "wall: blocks, full cover");
        let water = p.iter().find(|e| e.name == "deep_water").unwrap();
        assert_eq!((water.symbol, water.cost), (None, Some(4)));
        // Each name once; the legend's four have their symbols.
        assert_eq!(p.len(), builtin_kinds().len());
        assert_eq!(p.iter().filter(|e| e.symbol.is_some()).count(), 4);
    }

    /// A kind painted for the first time joins the legend and keeps its place.
    #[test]
    fn painting_a_new_kind_leaves_the_palette_in_its_order() {
        let mut file = first_blood();
        let names = |f: &LevelFile| palette(f).into_iter().map(|e| e.name).collect::<Vec<_>>();
        let before = names(&file);
        file.legend.0.insert('W', "deep_water".into());
        assert_eq!(names(&file), before);
        let water = palette(&file).into_iter().find(|e| e.name == "deep_water");
        assert_eq!(water.as_ref().and_then(|e| e.symbol), Some('W'));
        // In the legend, on no tile yet; crates on the map's four.
        assert_eq!(water.map(|e| e.tiles), Some(0));
        let crates = palette(&file).into_iter().find(|e| e.name == "crates");
        assert_eq!(crates.map(|e| e.tiles), Some(4));
        // A combined kind of the legend comes after the single ones.
        file.legend.0.insert('x', "shallow_water+mud".into());
        let after = names(&file);
        assert_eq!(&after[..before.len()], &before[..]);
        assert_eq!(after.last().map(String::as_str), Some("shallow_water+mud"));
    }

    #[test]
    fn a_new_kind_gets_a_symbol_the_legend_does_not_use() {
        let file = first_blood();
        assert_eq!(free_symbol(&file, "deep_water"), Some('W'));
        // `m` is mud's already: undergrowth keeps its own `u`; an unknown name its initial.
        assert_eq!(free_symbol(&file, "undergrowth"), Some('u'));
        assert_eq!(free_symbol(&file, "magma"), Some('a'));
        assert_eq!(free_symbol(&file, "grass"), Some(','));
    }
}
