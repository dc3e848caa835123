//! The terrain a draft shows: built from the legend and the map as they stand, even when
//! the level does not validate (an unknown kind shows as grass, an unknown symbol as a
//! chasm), so that a broken draft still has a map to look at and paint.

use super::palette::palette;
use crate::level::schema::LevelFile;
use crate::rules::terrain::{Cover, Look, TerrainGrid, TileKind};

/// The tile kind shown for a symbol the legend does not have.
fn unknown(symbol: char) -> TileKind {
    TileKind {
        name: "unknown".into(),
        symbol,
        cost: 1,
        cover: Cover::None,
        passable: false,
        blocks_sight: false,
        look: Look::Chasm,
        looks: vec![Look::Chasm],
    }
}

/// The map of `file` as a terrain grid: as wide as its widest row (short rows padded with
/// unknown tiles), `None` when it has no tiles at all.
pub fn draft_grid(file: &LevelFile) -> Option<TerrainGrid> {
    let width = file.map.iter().map(|r| r.chars().count()).max()?;
    if width == 0 || width > crate::level::MAX_MAP_SIDE as usize {
        return None;
    }
    let height = file.map.len().min(crate::level::MAX_MAP_SIDE as usize);
    let entries = palette(file);
    let mut kinds: Vec<TileKind> = Vec::new();
    let mut tiles = Vec::with_capacity(width * height);
    for row in file.map.iter().take(height) {
        let mut chars = row.chars();
        for _ in 0..width {
            let symbol = chars.next().unwrap_or(' ');
            let index = match kinds.iter().position(|k| k.symbol == symbol) {
                Some(i) => i,
                None => {
                    let kind = entries
                        .iter()
                        .find(|e| e.symbol == Some(symbol))
                        .map_or_else(|| unknown(symbol), |e| shown(e, symbol));
                    kinds.push(kind);
                    kinds.len() - 1
                }
            };
            tiles.push(u16::try_from(index).unwrap_or(0));
        }
    }
    Some(TerrainGrid {
        width: width as u32,
        height: height as u32,
        palette: kinds,
        tiles,
    })
}

/// A palette entry as a tile kind of the grid.
fn shown(e: &super::palette::PaletteEntry, symbol: char) -> TileKind {
    TileKind {
        name: e.name.clone(),
        symbol,
        cost: e.cost.unwrap_or(1),
        cover: e.cover,
        passable: e.cost.is_some(),
        blocks_sight: e.cover == Cover::Full,
        look: e.look,
        looks: vec![e.look],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::grid::Pos;

    #[test]
    fn a_draft_with_unknown_symbols_and_ragged_rows_still_has_a_grid() {
        let text = r##"(name: "X", legend: {'.': "grass", '#': "wall"}, map: ["..#", ".?", "#"], sides: [], units: [])"##;
        let file: LevelFile = crate::level::ron_options().from_str(text).unwrap();
        let g = draft_grid(&file).unwrap();
        assert_eq!((g.width, g.height), (3, 3));
        assert_eq!(g.kind(Pos::new(2, 0)).unwrap().look, Look::Wall);
        assert_eq!(g.kind(Pos::new(1, 1)).unwrap().name, "unknown");
        assert_eq!(g.kind(Pos::new(2, 2)).unwrap().look, Look::Chasm);
        assert!(!g.passable(Pos::new(0, 2)));
        assert!(g.passable(Pos::new(0, 0)));
    }
}
