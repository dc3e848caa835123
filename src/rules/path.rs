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

/// The result of a reachable-set search. Tiles are stored with a border one tile wide
/// (a "cell" is a tile of the bordered map), so that the search finds neighbours by adding
/// an offset, never by checking bounds.
#[derive(Clone, Debug)]
pub struct Reachable {
    /// The window searched: the tiles within the budget's reach of the start (every step
    /// costs at least 1 m and moves at most one tile each way), clipped to the map.
    origin: Pos,
    width: u32,
    height: u32,
    start: Pos,
    start_state: usize,
    /// 1 state per cell, or 2 (even/odd diagonal count) under `Alternating`.
    layers: usize,
    cells: usize,
    /// Per state: the cost in metres (high 16 bits) and the diagonal steps (low 16 bits) of
    /// its best path, so that one comparison orders (cost, diagonals): among equally cheap
    /// paths the straighter wins. `UNREACHED` for a state not reached.
    best: Vec<u32>,
    steps: Box<Steps>,
}

const UNREACHED: u32 = u32::MAX;
/// Costs and diagonal counts share a `u32` key; the budget is capped below the top.
const DIAGONAL_BITS: u32 = 16;
const MAX_BUDGET: u32 = (1 << (32 - DIAGONAL_BITS)) - 2;
/// Every step costs at least 1 m, so a path within the budget has fewer diagonals than this.
const MAX_DIAGONALS: u32 = (1 << DIAGONAL_BITS) - 1;

fn key(cost: u32, diagonals: u32) -> u32 {
    (cost << DIAGONAL_BITS) | diagonals
}

fn key_cost(key: u32) -> u32 {
    key >> DIAGONAL_BITS
}

impl Reachable {
    pub fn start(&self) -> Pos {
        self.start
    }

    /// The bordered window's width.
    fn stride(&self) -> usize {
        self.width as usize + 2
    }

    fn cell(&self, p: Pos) -> Option<usize> {
        let (x, y) = (p.x - self.origin.x, p.y - self.origin.y);
        let inside = x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height;
        inside.then(|| (y as usize + 1) * self.stride() + x as usize + 1)
    }

    fn pos(&self, cell: usize) -> Pos {
        let w = self.stride();
        Pos::new(
            (cell % w) as i32 - 1 + self.origin.x,
            (cell / w) as i32 - 1 + self.origin.y,
        )
    }

    /// The cheaper of the states of a cell.
    fn best_state(&self, cell: usize) -> Option<usize> {
        (0..self.layers)
            .map(|l| cell * self.layers + l)
            .filter(|&s| self.best[s] != UNREACHED)
            .min_by_key(|&s| self.best[s])
    }

    /// The cost to reach `p` and stop there, if it can be reached within the budget.
    pub fn cost(&self, p: Pos) -> Option<u32> {
        let c = self.cell(p)?;
        if !self.steps.stoppable[c] || p == self.start {
            return None;
        }
        self.best_state(c).map(|s| key_cost(self.best[s]))
    }

    /// The cheapest path to `p`, excluding the start and including `p`.
    pub fn path(&self, p: Pos) -> Option<Vec<Pos>> {
        self.cost(p)?;
        let mut s = self.best_state(self.cell(p)?)?;
        let mut out = Vec::new();
        while s != self.start_state {
            out.push(self.pos(s / self.layers));
            s = self.predecessor(s)?;
        }
        out.reverse();
        Some(out)
    }

    /// The state a best path to `s` comes from. A binary heap popping states by (cost,
    /// diagonals, layer, cell) and keeping the first predecessor that offered a state its
    /// best key would choose, of all the predecessors that offer it, the one it popped
    /// first. The search itself needs no order within a bucket, then, and paths are found
    /// only when asked for, yet they are exactly the heap's (and every saved replay's).
    fn predecessor(&self, s: usize) -> Option<usize> {
        let (cells, target) = (self.cells, self.best[s]);
        let (layer, cell) = (s % self.layers, s / self.layers);
        let mut found: Option<((u32, usize), usize)> = None;
        for (k, &offset) in self.steps.offsets.iter().enumerate() {
            let from = cell.wrapping_add_signed(-offset);
            for from_layer in 0..self.layers {
                let fs = from * self.layers + from_layer;
                let at = self.best[fs];
                if at == UNREACHED {
                    continue;
                }
                let Some((cost, odd)) = self.steps.cost(from, cell, k, from_layer == 1) else {
                    continue;
                };
                if usize::from(odd && self.layers == 2) != layer {
                    continue;
                }
                let offered = key(key_cost(at) + cost, (at & MAX_DIAGONALS) + (k % 2) as u32);
                let popped = (at, from_layer * cells + from);
                if offered == target && found.is_none_or(|f| popped < f.0) {
                    found = Some((popped, fs));
                }
            }
        }
        found.map(|f| f.1)
    }

    /// Every tile the mover can stop on, with its cost, in row-major order.
    pub fn tiles(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        let (w, h, o) = (self.width as i32, self.height as i32, self.origin);
        (0..h).flat_map(move |y| {
            (0..w).filter_map(move |x| {
                let p = Pos::new(o.x + x, o.y + y);
                self.cost(p).map(|c| (p, c))
            })
        })
    }

    /// Whether `p` can be passed through (reached, stoppable or not).
    pub fn reaches(&self, p: Pos) -> bool {
        self.cell(p).and_then(|c| self.best_state(c)).is_some()
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
    search(grid, occupancy, start, budget, profile, None)
}

/// The cheapest path from `start` to `to` within `budget` metres, exactly as `reachable`
/// finds it, but searching only until `to` is settled.
pub fn path_to(
    grid: &TerrainGrid,
    occupancy: &[Occupancy],
    start: Pos,
    budget: u32,
    profile: &MoveProfile,
    to: Pos,
) -> Option<Vec<Pos>> {
    search(grid, occupancy, start, budget, profile, Some(to)).path(to)
}

/// The search behind `reachable` and `path_to`: with `target`, it stops once the target's
/// cost is settled (then only the target and cheaper states are final).
fn search(
    grid: &TerrainGrid,
    occupancy: &[Occupancy],
    start: Pos,
    budget: u32,
    profile: &MoveProfile,
    target: Option<Pos>,
) -> Reachable {
    let budget = budget.min(MAX_BUDGET);
    let reach = budget as i32;
    let (x0, y0) = ((start.x - reach).max(0), (start.y - reach).max(0));
    let x1 = (start.x + reach).min(grid.width as i32 - 1);
    let y1 = (start.y + reach).min(grid.height as i32 - 1);
    let (width, height) = ((x1 - x0 + 1).max(0) as u32, (y1 - y0 + 1).max(0) as u32);
    let origin = Pos::new(x0, y0);
    let steps = Steps::new(grid, occupancy, profile, origin, width, height);
    let cells = steps.cost_in.len();
    let layers = if steps.alternating { 2 } else { 1 };
    let mut out = Reachable {
        origin,
        width,
        height,
        start,
        start_state: usize::MAX,
        layers,
        cells,
        best: vec![UNREACHED; cells * layers],
        steps: Box::new(steps),
    };
    let Some(start_cell) = out.cell(start) else {
        return out;
    };
    let start_layer = usize::from(layers == 2 && profile.odd_diagonals);
    out.start_state = start_cell * layers + start_layer;
    out.best[out.start_state] = key(0, 0);
    let stop = target.and_then(|t| out.cell(t)).map(|c| c * layers);
    if out.steps.alternating {
        settle::<true>(&out.steps, &mut out.best, out.start_state, budget, stop);
    } else {
        settle::<false>(&out.steps, &mut out.best, out.start_state, budget, stop);
    }
    out
}

/// Dijkstra with Dial's bucket queue from `start` (whose key is set): one bucket per cost,
/// in a ring longer than the dearest step, so that every state pushed lands ahead of
/// the bucket being settled. Step costs are at least 1 m, so a bucket is complete when its
/// turn comes, and the states in it are settled in any order: none of them can better
/// another. A key is (cost << 16 | diagonals), so a step adds (its cost << 16) plus 1 for
/// a diagonal. `ALTERNATING` has two states per cell, the second for an odd diagonal count.
/// With `stop` (a cell's first state), the search ends once that cell's cheapest state is
/// settled.
fn settle<const ALTERNATING: bool>(
    steps: &Steps,
    best: &mut [u32],
    start: usize,
    budget: u32,
    stop: Option<usize>,
) {
    let layers = if ALTERNATING { 2 } else { 1 };
    // A power of two, so that a cost finds its bucket by a mask.
    let ring_mask = (steps.max_cost as usize + 1).next_power_of_two() - 1;
    let mut ring: Vec<Vec<u32>> = vec![Vec::new(); ring_mask + 1];
    ring[0].push(start as u32);
    let mut queued = 1usize;
    let over_budget = (budget + 1) << DIAGONAL_BITS;
    let mut d = 0u32;
    while queued > 0 {
        if let Some(t) = stop
            && best[t..t + layers].iter().any(|&k| key_cost(k) < d)
        {
            break;
        }
        let slot = d as usize & ring_mask;
        let mut bucket = std::mem::take(&mut ring[slot]);
        queued -= bucket.len();
        for &state in &bucket {
            let s = state as usize;
            let here = best[s];
            // A state queued again at a lower cost is settled at that cost only.
            if key_cost(here) != d {
                continue;
            }
            let (cell, odd) = (s / layers, s % layers);
            let mut relax = |nc: usize, next_odd: usize, step: u32| {
                let ns = nc * layers + next_odd;
                // Saturating: a key near the top of a huge budget cannot wrap round.
                let offered = here.saturating_add(step);
                if offered >= over_budget || offered >= best[ns] {
                    return;
                }
                // Queued once per cost: a better diagonal count at the same cost needs no
                // second entry.
                let nd = key_cost(offered);
                if key_cost(best[ns]) != nd {
                    ring[nd as usize & ring_mask].push(ns as u32);
                    queued += 1;
                }
                best[ns] = offered;
            };
            for k in [0, 2, 4, 6] {
                let nc = cell.wrapping_add_signed(steps.offsets[k]);
                let cost = steps.cost_in[nc];
                if cost != 0 {
                    relax(nc, odd, cost << DIAGONAL_BITS);
                }
            }
            for k in [1, 3, 5, 7] {
                let nc = cell.wrapping_add_signed(steps.offsets[k]);
                let cost = steps.cost_in[nc];
                // No cutting between two impassable tiles.
                let (beside, ahead) = steps.corners[k];
                if cost == 0
                    || !steps.open[cell.wrapping_add_signed(beside)]
                        && !steps.open[cell.wrapping_add_signed(ahead)]
                {
                    continue;
                }
                // Under `ALTERNATING` every second diagonal costs double.
                let next_odd = if ALTERNATING { 1 - odd } else { 0 };
                relax(nc, next_odd, ((cost << odd) << DIAGONAL_BITS) + 1);
            }
        }
        bucket.clear();
        if ring[slot].is_empty() {
            ring[slot] = bucket;
        }
        d += 1;
    }
}

/// The steps of one search over the bordered map: each cell's cost to enter (terrain cost
/// times the mover's factor; 0 for an impassable tile, an enemy's tile or the border), which
/// cells have passable terrain (for corners), and the offsets of the 8 neighbours in
/// `Dir8::ALL` order (diagonals at the odd places).
#[derive(Clone, Debug)]
struct Steps {
    cost_in: Vec<u32>,
    open: Vec<bool>,
    stoppable: Vec<bool>,
    offsets: [isize; 8],
    /// For each direction, the offsets of the two orthogonal cells a diagonal passes.
    corners: [(isize, isize); 8],
    alternating: bool,
    max_cost: u32,
}

impl Steps {
    /// Over the window of `width` × `height` tiles at `origin`, with its border.
    fn new(
        grid: &TerrainGrid,
        occupancy: &[Occupancy],
        profile: &MoveProfile,
        origin: Pos,
        width: u32,
        height: u32,
    ) -> Self {
        let (w, h) = (width as usize, height as usize);
        let stride = w + 2;
        let cells = stride * (h + 2);
        let palette: Vec<u32> = grid
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
        let mut cost_in = vec![0; cells];
        let mut open = vec![false; cells];
        let mut stoppable = vec![true; cells];
        let (map_w, x0, y0) = (grid.width as usize, origin.x as usize, origin.y as usize);
        for y in 0..h {
            let row = (y0 + y) * map_w + x0;
            for x in 0..w {
                let (tile, cell) = (row + x, (y + 1) * stride + x + 1);
                let cost = palette[grid.tiles[tile] as usize];
                open[cell] = cost > 0;
                let occ = occupancy.get(tile).copied().unwrap_or_default();
                cost_in[cell] = if occ == Occupancy::Blocked { 0 } else { cost };
                stoppable[cell] = occ == Occupancy::Empty;
            }
        }
        let alternating = profile.diagonal == DiagonalCost::Alternating;
        let dearest = palette.iter().copied().max().unwrap_or(1).max(1);
        let offsets = Dir8::ALL.map(|dir| {
            let (dx, dy) = dir.delta();
            dy as isize * stride as isize + dx as isize
        });
        let corners = Dir8::ALL.map(|dir| {
            let (dx, dy) = dir.delta();
            (dx as isize, dy as isize * stride as isize)
        });
        Steps {
            cost_in,
            open,
            stoppable,
            offsets,
            corners,
            alternating,
            max_cost: if alternating {
                dearest.saturating_mul(2)
            } else {
                dearest
            },
        }
    }

    /// `step_cost` over the arrays: the cost of stepping from `cell` to its neighbour `nc`
    /// (the `k`th of `Dir8::ALL`) and whether the diagonal count is odd afterwards; `None`
    /// when the step cannot be taken.
    #[inline]
    fn cost(&self, cell: usize, nc: usize, k: usize, odd: bool) -> Option<(u32, bool)> {
        let cost = self.cost_in[nc];
        if cost == 0 {
            return None;
        }
        if k.is_multiple_of(2) {
            return Some((cost, odd));
        }
        // A diagonal: no cutting between two impassable tiles.
        let (beside, ahead) = self.corners[k];
        if !self.open[cell.wrapping_add_signed(beside)]
            && !self.open[cell.wrapping_add_signed(ahead)]
        {
            return None;
        }
        if !self.alternating {
            return Some((cost, odd));
        }
        Some((if odd { cost.saturating_mul(2) } else { cost }, !odd))
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
    fn path_to_finds_the_full_searchs_paths() {
        let g = grid(&["......", ".,#,..", "..#...", ",,..#.", "......"]);
        let mut occ = vec![Occupancy::Empty; 30];
        occ[9] = Occupancy::Blocked;
        occ[14] = Occupancy::PassThrough;
        for diagonal in [DiagonalCost::Uniform, DiagonalCost::Alternating] {
            let p = MoveProfile {
                diagonal,
                ..Default::default()
            };
            let full = reachable(&g, &occ, Pos::new(0, 0), 7, &p);
            let mut found = 0;
            for i in 0..30 {
                let to = g.pos_of(i);
                let path = path_to(&g, &occ, Pos::new(0, 0), 7, &p, to);
                assert_eq!(path, full.path(to), "{diagonal:?} to {to}");
                found += usize::from(path.is_some());
            }
            assert!(found > 15, "{diagonal:?}: {found} paths");
        }
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
