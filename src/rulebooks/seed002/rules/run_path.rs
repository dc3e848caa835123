//! Seed002's runs (presets/Seed002.md, M1–M3): a change of direction between steps costs
//! extra metres (0 at 45°, 1 at 90° or 135°, 2 at 180°), so the cheapest run to a tile
//! depends on the heading it arrives with. The search runs over (tile, heading) states;
//! terrain costs, diagonals and occupancy are the ordinary ones (`rules/path.rs`); the
//! result is the core's `RunReach` (`rules/reach.rs`).

use crate::rules::grid::{Dir8, Pos};
use crate::rules::path::{MoveProfile, Occupancy, step_cost};
use crate::rules::reach::{HEADINGS, RunReach};
use crate::rules::terrain::TerrainGrid;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Extra metres for turning between two steps: 0 at 0° or 45°, 1 at 90° or 135°, 2 at
/// 180° [002:27] (adapted).
pub fn turn_penalty(before: Option<Dir8>, after: Dir8) -> u32 {
    let Some(before) = before else { return 0 };
    let d = (before.index() as i32 - after.index() as i32).rem_euclid(8);
    match d.min(8 - d) {
        0 | 1 => 0,
        2 | 3 => 1,
        _ => 2,
    }
}

/// The cost of a run along `path` from `start`, arriving with `heading` (terrain, diagonals
/// and turns), or the index of the first step that cannot be taken.
pub fn run_cost(
    grid: &TerrainGrid,
    start: Pos,
    heading: Option<Dir8>,
    path: &[Pos],
    profile: &MoveProfile,
) -> Result<u32, usize> {
    let (mut at, mut dir, mut odd) = (start, heading, profile.odd_diagonals);
    let mut total = 0;
    for (i, &p) in path.iter().enumerate() {
        let (cost, next_odd) = step_cost(grid, at, p, profile, odd).map_err(|_| i)?;
        let step = Dir8::of_step(at, p).ok_or(i)?;
        total += cost + turn_penalty(dir, step);
        (at, dir, odd) = (p, Some(step), next_odd);
    }
    Ok(total)
}

/// Every tile a run from `start` (arriving there with `heading`) reaches within `budget`
/// metres: Dijkstra over (tile, heading). Occupied tiles may be passed but not stopped on.
pub fn run_reachable(
    grid: &TerrainGrid,
    occupancy: &[Occupancy],
    start: Pos,
    heading: Option<Dir8>,
    budget: u32,
    profile: &MoveProfile,
) -> RunReach {
    let width = grid.width as i32;
    let tiles = (grid.width * grid.height) as usize;
    let mut reach = RunReach {
        start,
        width,
        best: vec![None; tiles],
        from: vec![None; tiles * HEADINGS],
    };
    let Some(s) = grid.index(start) else {
        return reach;
    };
    let code = |d: Option<Dir8>| d.map_or(8, |d| d.index());
    let mut dist = vec![u32::MAX; tiles * HEADINGS];
    let first = s * HEADINGS + code(heading);
    dist[first] = 0;
    let mut heap = BinaryHeap::from([Reverse((0u32, first))]);
    reach.best[s] = Some((0, first));
    while let Some(Reverse((d, state))) = heap.pop() {
        if d > dist[state] {
            continue;
        }
        let at = reach.pos_of(state / HEADINGS);
        let dir = (state % HEADINGS < 8).then(|| Dir8::ALL[state % HEADINGS]);
        for step in Dir8::ALL {
            let to = at.step(step);
            let Some(ti) = grid.index(to) else { continue };
            if occupancy[ti] == Occupancy::Blocked {
                continue;
            }
            let Ok((cost, _)) = step_cost(grid, at, to, profile, profile.odd_diagonals) else {
                continue;
            };
            let nd = d + cost + turn_penalty(dir, step);
            let next = ti * HEADINGS + step.index();
            if nd > budget || nd >= dist[next] {
                continue;
            }
            dist[next] = nd;
            reach.from[next] = Some(state);
            heap.push(Reverse((nd, next)));
            let stand = occupancy[ti] == Occupancy::Empty;
            if stand && reach.best[ti].is_none_or(|(c, _)| nd < c) {
                reach.best[ti] = Some((nd, next));
            }
        }
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::terrain::{Cover, Look, TileKind};

    fn open(w: u32, h: u32) -> TerrainGrid {
        let grass = TileKind {
            name: "grass".into(),
            symbol: '.',
            cost: 1,
            cover: Cover::None,
            passable: true,
            blocks_sight: false,
            look: Look::Grass,
            looks: vec![],
        };
        TerrainGrid {
            width: w,
            height: h,
            palette: vec![grass],
            tiles: vec![0; (w * h) as usize],
        }
    }

    #[test]
    fn turning_costs_by_the_angle() {
        assert_eq!(turn_penalty(None, Dir8::S), 0);
        assert_eq!(turn_penalty(Some(Dir8::E), Dir8::SE), 0);
        assert_eq!(turn_penalty(Some(Dir8::E), Dir8::S), 1);
        assert_eq!(turn_penalty(Some(Dir8::E), Dir8::SW), 1);
        assert_eq!(turn_penalty(Some(Dir8::S), Dir8::N), 2);
    }

    #[test]
    fn the_search_finds_seed002s_scenario_1_runs() {
        let g = open(10, 3);
        let occ = vec![Occupancy::Empty; 30];
        let p = MoveProfile::default();
        // (5,1) east, east, then south: 3 m + 1 for the 90° turn.
        let path = [Pos::new(6, 1), Pos::new(7, 1), Pos::new(7, 2)];
        assert_eq!(run_cost(&g, Pos::new(5, 1), None, &path, &p), Ok(4));
        // Back north after heading south: 1 + 2.
        assert_eq!(
            run_cost(&g, Pos::new(7, 2), Some(Dir8::S), &[Pos::new(7, 1)], &p),
            Ok(3)
        );
        let reach = run_reachable(&g, &occ, Pos::new(7, 2), Some(Dir8::S), 6, &p);
        assert_eq!(
            reach.cost(Pos::new(7, 1)),
            Some(3),
            "nothing beats the reversal"
        );
        assert_eq!(reach.path(Pos::new(7, 1)), Some(vec![Pos::new(7, 1)]));
        // Going on south-west costs nothing extra; back east along the row, 1 for the turn.
        assert_eq!(reach.cost(Pos::new(6, 2)), Some(2));
        let path = reach.path(Pos::new(9, 2)).unwrap();
        assert_eq!(
            run_cost(&g, Pos::new(7, 2), Some(Dir8::S), &path, &p),
            reach.cost(Pos::new(9, 2)).ok_or(0),
            "{path:?}"
        );
    }
}
