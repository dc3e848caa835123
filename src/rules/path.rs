//! Movement costs and the reachable set: every tile a mover can stop on within a budget of
//! metres, with its cost and the cheapest path to it (Dijkstra with Dial's bucket queue
//! over flat arrays; step costs are small whole metres).

use super::grid::{Dir8, Pos};
use super::terrain::TerrainGrid;
use serde::{Deserialize, Serialize};

/// How diagonal steps are paid for (RULES §1, switch `diagonal_cost`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum DiagonalCost {
    /// A diagonal step costs the same as an orthogonal one.
    #[default]
    Uniform,
    /// Every second diagonal step in one turn's movement costs double.
    Alternating,
}

/// What stands on a tile, as the mover sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Occupancy {
    #[default]
    Empty,
    /// An ally, a Down creature, or an enemy two or more sizes apart: the mover may pass
    /// through but not stop.
    PassThrough,
    /// An enemy: no entry.
    Blocked,
}

/// Everything the search needs about one mover.
#[derive(Clone, Copy, Debug)]
pub struct MoveProfile {
    /// Multiplier on every step (2 while crawling Prone).
    pub cost_factor: u32,
    pub diagonal: DiagonalCost,
    /// Under `Alternating`: whether an odd number of diagonal steps was already taken this
    /// turn, so the next diagonal is a "second" one.
    pub odd_diagonals: bool,
}

impl Default for MoveProfile {
    fn default() -> Self {
        MoveProfile {
            cost_factor: 1,
            diagonal: DiagonalCost::Uniform,
            odd_diagonals: false,
        }
    }
}

/// Why a single step cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepError {
    NotAdjacent,
    OffMap,
    Impassable,
    CutsCorner,
    Occupied,
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StepError::NotAdjacent => "the tiles are not neighbours",
            StepError::OffMap => "the tile is off the map",
            StepError::Impassable => "the tile is impassable",
            StepError::CutsCorner => "the diagonal step cuts between two impassable tiles",
            StepError::Occupied => "an enemy blocks the tile",
        })
    }
}

/// The cost in metres of one step, and whether the diagonal count is odd afterwards.
pub fn step_cost(
    grid: &TerrainGrid,
    from: Pos,
    to: Pos,
    profile: &MoveProfile,
    odd_diagonals: bool,
) -> Result<(u32, bool), StepError> {
    let dir = Dir8::of_step(from, to).ok_or(StepError::NotAdjacent)?;
    let kind = grid.kind(to).ok_or(StepError::OffMap)?;
    if !kind.passable {
        return Err(StepError::Impassable);
    }
    if grid.cuts_corner(from, to) {
        return Err(StepError::CutsCorner);
    }
    let mut cost = kind.cost.saturating_mul(profile.cost_factor);
    let mut odd = odd_diagonals;
    if dir.is_diagonal() && profile.diagonal == DiagonalCost::Alternating {
        if odd {
            cost = cost.saturating_mul(2);
        }
        odd = !odd;
    }
    Ok((cost, odd))
}

/// The result of a reachable-set search.
#[derive(Clone, Debug)]
pub struct Reachable {
    width: u32,
    start: Pos,
    /// 1 state per tile, or 2 (even/odd diagonal count) under `Alternating`.
    layers: usize,
    tiles: usize,
    dist: Vec<u32>,
    /// Diagonal steps on the best path: among equally cheap paths the straighter wins.
    diagonals: Vec<u32>,
    prev: Vec<u32>,
    stoppable: Vec<bool>,
}

const UNREACHED: u32 = u32::MAX;
const NO_PREV: u32 = u32::MAX;

impl Reachable {
    pub fn start(&self) -> Pos {
        self.start
    }

    fn tile_index(&self, p: Pos) -> Option<usize> {
        if p.x < 0 || p.y < 0 || p.x as u32 >= self.width {
            return None;
        }
        let i = p.y as usize * self.width as usize + p.x as usize;
        (i < self.tiles).then_some(i)
    }

    fn pos(&self, tile: usize) -> Pos {
        Pos::new(
            (tile % self.width as usize) as i32,
            (tile / self.width as usize) as i32,
        )
    }

    /// The cheaper of the states of a tile.
    fn best_state(&self, tile: usize) -> Option<usize> {
        (0..self.layers)
            .map(|l| l * self.tiles + tile)
            .filter(|&s| self.dist[s] != UNREACHED)
            .min_by_key(|&s| self.dist[s])
    }

    /// The cost to reach `p` and stop there, if it can be reached within the budget.
    pub fn cost(&self, p: Pos) -> Option<u32> {
        let t = self.tile_index(p)?;
        if !self.stoppable[t] || p == self.start {
            return None;
        }
        self.best_state(t).map(|s| self.dist[s])
    }

    /// The cheapest path to `p`, excluding the start and including `p`.
    pub fn path(&self, p: Pos) -> Option<Vec<Pos>> {
        self.cost(p)?;
        let mut s = self.best_state(self.tile_index(p)?)?;
        let mut out = Vec::new();
        while self.prev[s] != NO_PREV {
            out.push(self.pos(s % self.tiles));
            s = self.prev[s] as usize;
        }
        out.reverse();
        Some(out)
    }

    /// Every tile the mover can stop on, with its cost, in row-major order.
    pub fn tiles(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        (0..self.tiles).filter_map(move |t| {
            let p = self.pos(t);
            self.cost(p).map(|c| (p, c))
        })
    }

    /// Whether `p` can be passed through (reached, stoppable or not).
    pub fn reaches(&self, p: Pos) -> bool {
        self.tile_index(p)
            .and_then(|t| self.best_state(t))
            .is_some()
    }
}

/// Every tile reachable from `start` for at most `budget` metres. `occupancy` has one entry
/// per tile in row-major order.
pub fn reachable(
    grid: &TerrainGrid,
    occupancy: &[Occupancy],
    start: Pos,
    budget: u32,
    profile: &MoveProfile,
) -> Reachable {
    let tiles = (grid.width * grid.height) as usize;
    let layers = match profile.diagonal {
        DiagonalCost::Uniform => 1,
        DiagonalCost::Alternating => 2,
    };
    let mut out = Reachable {
        width: grid.width,
        start,
        layers,
        tiles,
        dist: vec![UNREACHED; tiles * layers],
        diagonals: vec![0; tiles * layers],
        prev: vec![NO_PREV; tiles * layers],
        stoppable: occupancy.iter().map(|o| *o == Occupancy::Empty).collect(),
    };
    out.stoppable.resize(tiles, true);
    let Some(start_tile) = grid.index(start) else {
        return out;
    };
    let start_layer = usize::from(layers == 2 && profile.odd_diagonals);
    let start_state = start_layer * tiles + start_tile;
    out.dist[start_state] = 0;
    let steps = Steps::new(grid, occupancy, profile);
    let mut buckets = Buckets::new(steps.max_cost);
    buckets.push(0, 0, start_state);
    let mut d = 0u32;
    while let Some(bucket) = buckets.take(d) {
        for &key in &bucket {
            let (diag, s) = unpack(key);
            if (d, diag) != (out.dist[s], out.diagonals[s]) {
                continue;
            }
            let tile = s % tiles;
            let odd = s >= tiles;
            for (dir, nt) in steps.neighbours(tile) {
                let Some((cost, next_odd)) = steps.cost(tile, nt, dir, odd) else {
                    continue;
                };
                let nd = d.saturating_add(cost);
                if nd > budget {
                    continue;
                }
                let ns = usize::from(layers == 2 && next_odd) * tiles + nt;
                let ndiag = diag + u32::from(dir.is_diagonal());
                if (nd, ndiag) < (out.dist[ns], out.diagonals[ns]) {
                    out.dist[ns] = nd;
                    out.diagonals[ns] = ndiag;
                    out.prev[ns] = s as u32;
                    buckets.push(nd, ndiag, ns);
                }
            }
        }
        buckets.give_back(d, bucket);
        d += 1;
    }
    out
}

/// A state on a bucket: its diagonal count above its index, so that sorting a bucket
/// orders it as the lexicographic (cost, diagonals, state) of a binary heap would.
fn pack(diag: u32, state: usize) -> u64 {
    (u64::from(diag) << 32) | state as u64
}

fn unpack(key: u64) -> (u32, usize) {
    ((key >> 32) as u32, (key & u64::from(u32::MAX)) as usize)
}

/// Dial's bucket queue: one bucket per cost, in a ring one longer than the dearest step, so
/// that every state pushed lands ahead of the bucket being settled. Step costs are at least
/// 1 m, so a bucket is complete when its turn comes; sorted, it settles in the very order a
/// binary heap would pop it, and the paths are the heap's.
struct Buckets {
    ring: Vec<Vec<u64>>,
    queued: usize,
}

impl Buckets {
    fn new(max_step: u32) -> Buckets {
        Buckets {
            ring: vec![Vec::new(); max_step as usize + 1],
            queued: 0,
        }
    }

    fn push(&mut self, cost: u32, diag: u32, state: usize) {
        let n = self.ring.len();
        self.ring[cost as usize % n].push(pack(diag, state));
        self.queued += 1;
    }

    /// The sorted bucket of `cost`, or `None` when nothing is queued.
    fn take(&mut self, cost: u32) -> Option<Vec<u64>> {
        if self.queued == 0 {
            return None;
        }
        let n = self.ring.len();
        let mut bucket = std::mem::take(&mut self.ring[cost as usize % n]);
        self.queued -= bucket.len();
        bucket.sort_unstable();
        Some(bucket)
    }

    /// Return a settled bucket's allocation to the ring.
    fn give_back(&mut self, cost: u32, mut bucket: Vec<u64>) {
        bucket.clear();
        let n = self.ring.len();
        if self.ring[cost as usize % n].is_empty() {
            self.ring[cost as usize % n] = bucket;
        }
    }
}

/// The steps of one search, read from flat arrays: each palette entry's cost to enter
/// (times the mover's factor; 0 when impassable), and the blocked tiles.
struct Steps<'a> {
    grid: &'a TerrainGrid,
    occupancy: &'a [Occupancy],
    enter: Vec<u32>,
    alternating: bool,
    max_cost: u32,
}

impl<'a> Steps<'a> {
    fn new(grid: &'a TerrainGrid, occupancy: &'a [Occupancy], profile: &MoveProfile) -> Self {
        let enter: Vec<u32> = grid
            .palette
            .iter()
            .map(|k| {
                if k.passable {
                    k.cost.saturating_mul(profile.cost_factor).max(1)
                } else {
                    0
                }
            })
            .collect();
        let alternating = profile.diagonal == DiagonalCost::Alternating;
        let dearest = enter.iter().copied().max().unwrap_or(1).max(1);
        Steps {
            grid,
            occupancy,
            enter,
            alternating,
            max_cost: if alternating {
                dearest.saturating_mul(2)
            } else {
                dearest
            },
        }
    }

    /// The cost to enter a tile (0: impassable).
    fn enter(&self, tile: usize) -> u32 {
        self.enter[self.grid.tiles[tile] as usize]
    }

    /// The on-map neighbours of a tile, in `Dir8::ALL` order.
    fn neighbours(&self, tile: usize) -> impl Iterator<Item = (Dir8, usize)> + '_ {
        let (w, h) = (self.grid.width as i32, self.grid.height as i32);
        let (x, y) = ((tile as i32) % w, (tile as i32) / w);
        Dir8::ALL.into_iter().filter_map(move |dir| {
            let (dx, dy) = dir.delta();
            let (nx, ny) = (x + dx, y + dy);
            (nx >= 0 && ny >= 0 && nx < w && ny < h).then(|| (dir, (ny * w + nx) as usize))
        })
    }

    /// `step_cost` over the arrays: the cost of stepping from `tile` to its neighbour `nt`
    /// and whether the diagonal count is odd afterwards; `None` when it cannot be taken.
    fn cost(&self, tile: usize, nt: usize, dir: Dir8, odd: bool) -> Option<(u32, bool)> {
        if self.occupancy.get(nt) == Some(&Occupancy::Blocked) {
            return None;
        }
        let mut cost = self.enter(nt);
        if cost == 0 {
            return None;
        }
        if !dir.is_diagonal() {
            return Some((cost, odd));
        }
        // No cutting between two impassable tiles.
        let w = self.grid.width as usize;
        let (dx, _) = dir.delta();
        let beside = if dx > 0 { tile + 1 } else { tile - 1 };
        let ahead = if nt > tile { tile + w } else { tile - w };
        if self.enter(beside) == 0 && self.enter(ahead) == 0 {
            return None;
        }
        if !self.alternating {
            return Some((cost, odd));
        }
        if odd {
            cost = cost.saturating_mul(2);
        }
        Some((cost, !odd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::terrain::{Cover, Look, TileKind};

    fn grid(rows: &[&str]) -> TerrainGrid {
        let kind = |c: char, cost, passable| TileKind {
            name: c.to_string(),
            symbol: c,
            cost,
            cover: Cover::None,
            passable,
            blocks_sight: !passable,
            look: Look::Grass,
            looks: vec![],
        };
        let palette = vec![kind('.', 1, true), kind(',', 2, true), kind('#', 1, false)];
        let tiles = rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| match c {
                '.' => 0,
                ',' => 1,
                _ => 2,
            })
            .collect();
        TerrainGrid {
            width: rows[0].len() as u32,
            height: rows.len() as u32,
            palette,
            tiles,
        }
    }

    #[test]
    fn difficult_terrain_costs_two() {
        let g = grid(&["...", ".,.", "..."]);
        let occ = vec![Occupancy::Empty; 9];
        let r = reachable(&g, &occ, Pos::new(0, 0), 10, &MoveProfile::default());
        assert_eq!(r.cost(Pos::new(1, 1)), Some(2));
        // Through the rubble (2 + 1) or around it (1 + 1 + 1): 3 either way.
        assert_eq!(r.cost(Pos::new(2, 2)), Some(3));
        assert_eq!(r.path(Pos::new(2, 0)).unwrap().len(), 2);
    }

    #[test]
    fn corner_cutting_is_refused() {
        let g = grid(&[".#", "#."]);
        let occ = vec![Occupancy::Empty; 4];
        let r = reachable(&g, &occ, Pos::new(0, 0), 10, &MoveProfile::default());
        assert_eq!(r.cost(Pos::new(1, 1)), None);
    }

    #[test]
    fn alternating_diagonals() {
        let g = grid(&["....", "....", "....", "...."]);
        let occ = vec![Occupancy::Empty; 16];
        let p = MoveProfile {
            diagonal: DiagonalCost::Alternating,
            ..Default::default()
        };
        let r = reachable(&g, &occ, Pos::new(0, 0), 10, &p);
        assert_eq!(r.cost(Pos::new(1, 1)), Some(1));
        assert_eq!(r.cost(Pos::new(2, 2)), Some(3));
        assert_eq!(r.cost(Pos::new(3, 3)), Some(4));
    }
}
