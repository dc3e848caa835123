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
fn entry(file: &LevelFile, name: &str, symbol: Option<char>) -> Option<PaletteEntry> {
    let kinds: Option<Vec<TerrainKind>> = name.split('+').map(|k| kind_named(file, k)).collect();
    let kinds = kinds?;
    let refs: Vec<&TerrainKind> = kinds.iter().collect();
    let tile = crate::rules::terrain::TileKind::combine(name, symbol.unwrap_or(' '), &refs);
    Some(PaletteEntry {
        name: name.to_string(),
        symbol,
        cost: tile.passable.then_some(tile.cost),
        cover: tile.cover,
        look: tile.look,
    })
}

/// The level's legend entries (in symbol order), then the built-in kinds and the level's
/// own kinds that its legend does not name yet.
pub fn palette(file: &LevelFile) -> Vec<PaletteEntry> {
    let mut out: Vec<PaletteEntry> = (file.legend.0.iter())
        .filter_map(|(c, name)| entry(file, name, Some(*c)))
        .collect();
    let builtin = builtin_kinds().into_iter().map(|(n, _)| n.to_string());
    let own = file.terrain.0.keys().cloned();
    for name in builtin.chain(own) {
        if !out.iter().any(|e| e.name == name)
            && let Some(e) = entry(file, &name, None)
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
    fn the_palette_lists_the_legend_then_the_kinds_not_in_it_with_costs_and_cover() {
        let file = first_blood();
        let p = palette(&file);
        let crates = p.iter().find(|e| e.name == "crates").unwrap();
        assert_eq!(crates.symbol, Some('c'));
        assert_eq!(crates.caption(), "crates: move 2, half cover");
        let wall = p.iter().find(|e| e.name == "wall").unwrap();
        assert_eq!(wall.caption(), "wall: blocks, full cover");
        let water = p.iter().find(|e| e.name == "deep_water").unwrap();
        assert_eq!((water.symbol, water.cost), (None, Some(4)));
        // Each name once, the legend's four first.
        assert_eq!(p.len(), builtin_kinds().len());
        assert!(p[..4].iter().all(|e| e.symbol.is_some()));
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
