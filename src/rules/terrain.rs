//! Terrain kinds (cost multipliers, cover, passability, sight) and the terrain grid of a
//! battle map, with line of sight and cover along a line.

use super::grid::{Dir8, Pos, trace_line};
use serde::{Deserialize, Serialize};

/// How much a tile hides what stands behind it.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Cover {
    #[default]
    None,
    /// Seed004's light cover (foliage, smoke): +10 Guard against ranged attacks through or
    /// into it; nothing under the other rules.
    Light,
    /// Seed003's graded cover: a quarter (−1 to ranged attacks); nothing under the others.
    Quarter,
    Half,
    /// Seed003's graded cover: three quarters (−3) and nine tenths (−5); half cover under
    /// the other rules.
    ThreeQuarters,
    NineTenths,
    Full,
}

impl Cover {
    /// Seed003's grade of partial cover: 0 none (or light), 1 a quarter, 2 half, 3 three
    /// quarters, 4 nine tenths (full cover is not partial).
    pub fn grade(self) -> u8 {
        match self {
            Cover::None | Cover::Light | Cover::Full => 0,
            Cover::Quarter => 1,
            Cover::Half => 2,
            Cover::ThreeQuarters => 3,
            Cover::NineTenths => 4,
        }
    }

    /// Whether it counts as half cover under the rules without grades.
    pub fn is_half(self) -> bool {
        self.grade() >= Cover::Half.grade()
    }
}

/// A hint for the renderer: which art to draw for a terrain kind. The rules never read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Look {
    #[default]
    Grass,
    Floor,
    Rough,
    Brush,
    Mud,
    Water,
    DeepWater,
    Crates,
    LowWall,
    Wall,
    Pillar,
    Chasm,
    Exit,
}

impl Look {
    pub fn index(self) -> u32 {
        self as u32
    }
}

/// One terrain kind, as written in a level's `terrain` block or the built-in set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainKind {
    /// Metres of movement needed to enter the tile (a multiplier: kinds on one tile multiply).
    #[serde(default)]
    pub cost: Option<u32>,
    #[serde(default)]
    pub cover: Cover,
    /// Defaults: false for full cover, true otherwise.
    #[serde(default)]
    pub passable: Option<bool>,
    /// Defaults: true for full cover, false otherwise.
    #[serde(default)]
    pub blocks_sight: Option<bool>,
    #[serde(default)]
    pub look: Option<Look>,
}

/// Cost of entering a half-cover object when its kind does not say (RULES §1).
pub const HALF_COVER_DEFAULT_COST: u32 = 2;

impl TerrainKind {
    pub fn cost(&self) -> u32 {
        self.cost.unwrap_or(if self.cover.is_half() {
            HALF_COVER_DEFAULT_COST
        } else {
            1
        })
    }
    pub fn passable(&self) -> bool {
        self.passable.unwrap_or(self.cover != Cover::Full)
    }
    pub fn blocks_sight(&self) -> bool {
        self.blocks_sight.unwrap_or(self.cover == Cover::Full)
    }
}

/// The built-in terrain kinds every level may use by name. A level's own `terrain` block
/// adds kinds or replaces these.
pub fn builtin_kinds() -> Vec<(&'static str, TerrainKind)> {
    let k = |cost: Option<u32>, cover: Cover, passable: Option<bool>, sight: Option<bool>, look| {
        TerrainKind {
            cost,
            cover,
            passable,
            blocks_sight: sight,
            look: Some(look),
        }
    };
    vec![
        ("grass", k(Some(1), Cover::None, None, None, Look::Grass)),
        ("floor", k(Some(1), Cover::None, None, None, Look::Floor)),
        ("rubble", k(Some(2), Cover::None, None, None, Look::Rough)),
        (
            "undergrowth",
            k(Some(3), Cover::None, None, None, Look::Brush),
        ),
        ("mud", k(Some(2), Cover::None, None, None, Look::Mud)),
        (
            "shallow_water",
            k(Some(2), Cover::None, None, None, Look::Water),
        ),
        (
            "deep_water",
            k(Some(4), Cover::None, None, None, Look::DeepWater),
        ),
        ("crates", k(None, Cover::Half, None, None, Look::Crates)),
        ("low_wall", k(None, Cover::Half, None, None, Look::LowWall)),
        ("wall", k(None, Cover::Full, None, None, Look::Wall)),
        ("pillar", k(None, Cover::Full, None, None, Look::Pillar)),
        (
            "chasm",
            k(None, Cover::None, Some(false), Some(false), Look::Chasm),
        ),
        ("exit", k(Some(1), Cover::None, None, None, Look::Exit)),
    ]
}

/// What one legend character resolves to: the combination of its kinds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TileKind {
    /// The legend text, e.g. `shallow_water+mud`.
    pub name: String,
    /// The legend character.
    pub symbol: char,
    /// Product of the kinds' costs.
    pub cost: u32,
    /// The best cover of the kinds.
    pub cover: Cover,
    /// Passable only if every kind is.
    pub passable: bool,
    /// Blocks sight if any kind does.
    pub blocks_sight: bool,
    /// The first kind's look.
    pub look: Look,
    /// The kinds' looks, first one first (the renderer may draw overlays).
    pub looks: Vec<Look>,
}

impl TileKind {
    pub fn combine(name: &str, symbol: char, kinds: &[&TerrainKind]) -> TileKind {
        let looks: Vec<Look> = kinds.iter().map(|k| k.look.unwrap_or_default()).collect();
        TileKind {
            name: name.to_string(),
            symbol,
            cost: kinds
                .iter()
                .fold(1u32, |acc, k| acc.saturating_mul(k.cost())),
            cover: kinds.iter().map(|k| k.cover).max().unwrap_or_default(),
            passable: kinds.iter().all(|k| k.passable()),
            blocks_sight: kinds.iter().any(|k| k.blocks_sight()),
            look: looks.first().copied().unwrap_or_default(),
            looks,
        }
    }
}

/// The terrain of a battle map: a palette of tile kinds and one palette index per tile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainGrid {
    pub width: u32,
    pub height: u32,
    pub palette: Vec<TileKind>,
    pub tiles: Vec<u16>,
}

impl TerrainGrid {
    pub fn in_bounds(&self, p: Pos) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as u32) < self.width && (p.y as u32) < self.height
    }

    pub fn index(&self, p: Pos) -> Option<usize> {
        self.in_bounds(p)
            .then(|| p.y as usize * self.width as usize + p.x as usize)
    }

    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::new(
            (index % self.width as usize) as i32,
            (index / self.width as usize) as i32,
        )
    }

    /// The tile kind at `p`, or `None` off the map.
    pub fn kind(&self, p: Pos) -> Option<&TileKind> {
        self.index(p).map(|i| &self.palette[self.tiles[i] as usize])
    }

    pub fn passable(&self, p: Pos) -> bool {
        self.kind(p).is_some_and(|k| k.passable)
    }

    pub fn blocks_sight(&self, p: Pos) -> bool {
        self.kind(p).is_some_and(|k| k.blocks_sight)
    }

    pub fn cover(&self, p: Pos) -> Cover {
        self.kind(p).map(|k| k.cover).unwrap_or_default()
    }

    /// A diagonal step from `from` in direction (dx, dy) cuts a corner when both orthogonal
    /// tiles it passes between are impassable.
    pub fn cuts_corner(&self, from: Pos, to: Pos) -> bool {
        let Some(dir) = Dir8::of_step(from, to).filter(|d| d.is_diagonal()) else {
            return false;
        };
        let (dx, dy) = dir.delta();
        !self.passable(Pos::new(from.x + dx, from.y))
            && !self.passable(Pos::new(from.x, from.y + dy))
    }

    /// What lies between two tiles along the line between their centres.
    pub fn sight(&self, from: Pos, to: Pos) -> Sight {
        let trace = trace_line(from, to);
        let mut sight = Sight {
            clear: true,
            full_cover: false,
            half_cover: false,
            light_cover: false,
            grade: 0,
            between: trace.tiles.clone(),
            blocker: None,
        };
        for &t in &trace.tiles {
            let Some(k) = self.kind(t) else { continue };
            if k.blocks_sight {
                sight.clear = false;
                sight.blocker.get_or_insert(t);
            }
            sight.mark(k.cover);
        }
        // A line that slips exactly between two diagonal neighbours is stopped only when
        // both of them stop it (the same rule as corner cutting).
        for &(a, b) in &trace.corners {
            if self.blocks_sight(a) && self.blocks_sight(b) {
                sight.clear = false;
                sight.blocker.get_or_insert(a);
            }
            sight.mark(self.cover(a).min(self.cover(b)));
        }
        sight
    }

    /// What blocks `sight`, in words: "the wall at (6, 3)".
    pub fn blocker_named(&self, sight: &Sight) -> Option<String> {
        let at = sight.blocker?;
        let name = self
            .kind(at)
            .map_or("terrain".into(), |k| k.name.replace('_', " "));
        Some(format!("the {name} at {at}"))
    }

    /// Whether a tile is next to (8-way) a tile with half cover.
    pub fn next_to_half_cover(&self, p: Pos) -> bool {
        super::grid::Dir8::ALL
            .into_iter()
            .any(|d| self.cover(p.step(d)) == Cover::Half)
    }
}

/// Line of sight and terrain cover between two tiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sight {
    /// Nothing along the line blocks sight.
    pub clear: bool,
    /// A full-cover tile lies between: the far tile cannot be targeted.
    pub full_cover: bool,
    /// A half-cover tile lies between.
    pub half_cover: bool,
    /// A light-cover tile lies between (Seed004).
    pub light_cover: bool,
    /// The best grade of partial cover between (Seed003, `Cover::grade`).
    pub grade: u8,
    /// The tiles whose interior the line crosses (for creature cover).
    pub between: Vec<Pos>,
    /// A tile that blocks sight along the line (the first the line crosses), if any.
    pub blocker: Option<Pos>,
}

impl Sight {
    /// Note a tile's cover on the line.
    fn mark(&mut self, cover: Cover) {
        match cover {
            Cover::Full => self.full_cover = true,
            Cover::Light => self.light_cover = true,
            c if c.is_half() => self.half_cover = true,
            _ => {}
        }
        self.grade = self.grade.max(cover.grade());
    }

    /// Whether the far end can be targeted at all.
    pub fn targetable(&self) -> bool {
        self.clear && !self.full_cover
    }
}

#[cfg(test)]
mod tests {
    use super::Cover;

    /// Rules without grades read a quarter as no cover and the deeper grades as half.
    #[test]
    fn graded_cover_reads_as_half_or_none_without_grades() {
        let half: Vec<bool> = [
            Cover::None,
            Cover::Light,
            Cover::Quarter,
            Cover::Half,
            Cover::ThreeQuarters,
            Cover::NineTenths,
        ]
        .map(Cover::is_half)
        .to_vec();
        assert_eq!(half, [false, false, false, true, true, true]);
        assert_eq!(Cover::Full.grade(), 0, "full cover is not partial");
    }
}
