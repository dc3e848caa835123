//! Where a mover can go: Core's pool of metres (`path.rs`), or the tiles a search over
//! (tile, heading) reaches, each with its cheapest cost and path (Seed002's runs, where
//! turning costs metres; the rulebook searches them, `Rulebook::reachable`).

use super::grid::Pos;
use super::path::Reachable;

/// The tiles a run can reach within `budget` metres, with the cheapest cost and path of
/// each (over every heading it may arrive with).
#[derive(Clone, Debug)]
pub struct RunReach {
    pub start: Pos,
    pub width: i32,
    /// Per tile: the cheapest cost and the state it was reached in.
    pub best: Vec<Option<(u32, usize)>>,
    /// Per state (tile × 9 headings): the state before it on the cheapest way.
    pub from: Vec<Option<usize>>,
}

/// The headings a state may arrive with: the eight directions, and none (the start).
pub const HEADINGS: usize = 9;

impl RunReach {
    pub fn cost(&self, p: Pos) -> Option<u32> {
        self.index(p)
            .and_then(|i| self.best[i])
            .filter(|_| p != self.start)
            .map(|(c, _)| c)
    }

    /// The cheapest path to `p` (without the start), if it is reached.
    pub fn path(&self, p: Pos) -> Option<Vec<Pos>> {
        let (_, mut state) = self.best[self.index(p)?]?;
        let mut out = Vec::new();
        while let Some(prev) = self.from[state] {
            out.push(self.pos_of(state / HEADINGS));
            state = prev;
        }
        out.reverse();
        (!out.is_empty()).then_some(out)
    }

    /// Every reached tile but the start, with its cost.
    pub fn tiles(&self) -> impl Iterator<Item = (Pos, u32)> + '_ {
        self.best
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.map(|(c, _)| (self.pos_of(i), c)))
            .filter(|(p, _)| *p != self.start)
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let h = self.best.len() as i32 / self.width.max(1);
        (p.x >= 0 && p.y >= 0 && p.x < self.width && p.y < h)
            .then(|| (p.y * self.width + p.x) as usize)
    }

    /// The tile of index `i`.
    pub fn pos_of(&self, i: usize) -> Pos {
        Pos::new(i as i32 % self.width, i as i32 / self.width)
    }
}

/// Where a mover can go: Core's pool of metres, or a Seed002 Run.
#[derive(Clone, Debug)]
pub enum Reach {
    Pool(Reachable),
    Run(RunReach),
}

impl Reach {
    pub fn cost(&self, p: Pos) -> Option<u32> {
        match self {
            Reach::Pool(r) => r.cost(p),
            Reach::Run(r) => r.cost(p),
        }
    }

    pub fn path(&self, p: Pos) -> Option<Vec<Pos>> {
        match self {
            Reach::Pool(r) => r.path(p),
            Reach::Run(r) => r.path(p),
        }
    }

    /// Every tile the mover can stop on, with its cost.
    pub fn tiles(&self) -> Box<dyn Iterator<Item = (Pos, u32)> + '_> {
        match self {
            Reach::Pool(r) => Box::new(r.tiles()),
            Reach::Run(r) => Box::new(r.tiles()),
        }
    }
}
