//! Grid geometry: tile positions, the eight directions, Chebyshev distance, lines between
//! tile centres, facing arcs and the two flanking tests. Pure functions, no Bevy.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A tile on the battle grid. `x` is the column (0 = left edge), `y` the row (0 = the first
/// line of the level's `map`, the top edge). North is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "(i32, i32)", into = "(i32, i32)")]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl From<(i32, i32)> for Pos {
    fn from((x, y): (i32, i32)) -> Self {
        Pos { x, y }
    }
}

impl From<Pos> for (i32, i32) {
    fn from(p: Pos) -> Self {
        (p.x, p.y)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Self {
        Pos { x, y }
    }

    /// Chebyshev distance in metres: max(|dx|, |dy|).
    /// Exact for any two positions: the difference is taken in 64 bits, and the largest
    /// (2^32 - 1) still fits in a `u32`.
    pub fn distance(self, other: Pos) -> u32 {
        let (dx, dy) = other.offset_from(self);
        dx.unsigned_abs().max(dy.unsigned_abs()) as u32
    }

    /// `(self.x - origin.x, self.y - origin.y)` in 64 bits, so that no pair of positions
    /// overflows (commands and replays can name any tile, on the map or not).
    pub fn offset_from(self, origin: Pos) -> (i64, i64) {
        (
            i64::from(self.x) - i64::from(origin.x),
            i64::from(self.y) - i64::from(origin.y),
        )
    }

    /// The neighbouring tile one step in `dir`. At the ends of the `i32` range (far off any
    /// map: a command may name such a tile) the step stops at the end instead of wrapping.
    pub fn step(self, dir: Dir8) -> Pos {
        let (dx, dy) = dir.delta();
        Pos::new(self.x.saturating_add(dx), self.y.saturating_add(dy))
    }

    /// True when `other` is one of the 8 neighbours.
    pub fn is_adjacent(self, other: Pos) -> bool {
        self.distance(other) == 1
    }
}

/// One of the eight facings and step directions, clockwise from North.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub enum Dir8 {
    #[default]
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl fmt::Display for Dir8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl Dir8 {
    pub const ALL: [Dir8; 8] = [
        Dir8::N,
        Dir8::NE,
        Dir8::E,
        Dir8::SE,
        Dir8::S,
        Dir8::SW,
        Dir8::W,
        Dir8::NW,
    ];

    /// (dx, dy) of one step; North is -y.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir8::N => (0, -1),
            Dir8::NE => (1, -1),
            Dir8::E => (1, 0),
            Dir8::SE => (1, 1),
            Dir8::S => (0, 1),
            Dir8::SW => (-1, 1),
            Dir8::W => (-1, 0),
            Dir8::NW => (-1, -1),
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Dir8 {
        Dir8::ALL[i % 8]
    }

    pub fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }

    /// Turn clockwise by `steps` eighths of a circle.
    pub fn rotated(self, steps: i32) -> Dir8 {
        Dir8::from_index((self.index() as i32 + steps).rem_euclid(8) as usize)
    }

    pub fn opposite(self) -> Dir8 {
        self.rotated(4)
    }

    /// The direction of a single step between neighbouring tiles.
    pub fn of_step(from: Pos, to: Pos) -> Option<Dir8> {
        // Row-major by (dy + 1, dx + 1); the centre is no step.
        const BY_OFFSET: [Option<Dir8>; 9] = [
            Some(Dir8::NW),
            Some(Dir8::N),
            Some(Dir8::NE),
            Some(Dir8::W),
            None,
            Some(Dir8::E),
            Some(Dir8::SW),
            Some(Dir8::S),
            Some(Dir8::SE),
        ];
        let (dx, dy) = to.offset_from(from);
        if dx.abs() > 1 || dy.abs() > 1 {
            return None;
        }
        BY_OFFSET[((dy + 1) * 3 + dx + 1) as usize]
    }

    /// The exact direction of a straight line (orthogonal or exactly diagonal) from `from`
    /// to `to`, if there is one.
    pub fn of_line(from: Pos, to: Pos) -> Option<Dir8> {
        let (dx, dy) = to.offset_from(from);
        if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        Dir8::of_step(
            Pos::new(0, 0),
            Pos::new(dx.signum() as i32, dy.signum() as i32),
        )
    }

    /// The direction of the 8 that is closest in angle to the vector `from → to`
    /// (ties go to the orthogonal one). `None` when the tiles are the same.
    pub fn towards(from: Pos, to: Pos) -> Option<Dir8> {
        let (dx, dy) = to.offset_from(from);
        if dx == 0 && dy == 0 {
            return None;
        }
        let (dx, dy) = (i128::from(dx), i128::from(dy));
        // Compare squared cosines without floating point: pick the direction with the
        // largest dot product normalised by its length (diagonals have length √2).
        let mut best = Dir8::N;
        let mut best_key: Option<(i128, i128)> = None; // (dot, len2) compared as dot/√len2
        for dir in Dir8::ALL {
            let (ux, uy) = dir.delta();
            let (ux, uy) = (i128::from(ux), i128::from(uy));
            let dot = ux * dx + uy * dy;
            let len2 = ux * ux + uy * uy;
            let better = match best_key {
                None => true,
                Some((bd, bl)) => {
                    // dot/√len2 > bd/√bl  ⇔  sign-aware comparison of dot²·bl vs bd²·len2
                    let lhs = dot.signum() * dot * dot * bl;
                    let rhs = bd.signum() * bd * bd * len2;
                    lhs > rhs
                }
            };
            if better {
                best = dir;
                best_key = Some((dot, len2));
            }
        }
        Some(best)
    }
}

/// True when `to` lies in the front arc of a combatant at `from` facing `facing`:
/// the angle between the facing and the direction to the tile is at most 90°.
/// Facing North, the adjacent front arc is NW, N, NE, W, E; the rear arc SW, S, SE.
/// A combatant's own tile counts as front.
pub fn in_front_arc(facing: Dir8, from: Pos, to: Pos) -> bool {
    let (fx, fy) = facing.delta();
    let (dx, dy) = to.offset_from(from);
    i64::from(fx) * dx + i64::from(fy) * dy >= 0
}

/// What a straight segment between two tile centres crosses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineTrace {
    /// Tiles whose interior the segment passes through, in order, excluding both ends.
    pub tiles: Vec<Pos>,
    /// Grid corners the segment passes exactly through, each with the two tiles that meet
    /// there beside the segment. The segment touches those tiles but not their interior.
    pub corners: Vec<(Pos, Pos)>,
}

/// Trace the segment from the centre of `a` to the centre of `b` through the grid, exactly
/// (integer arithmetic, no rounding).
pub fn trace_line(a: Pos, b: Pos) -> LineTrace {
    let mut out = LineTrace::default();
    let (dx, dy) = b.offset_from(a);
    let (nx, ny) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum() as i32, dy.signum() as i32);
    let (mut ix, mut iy) = (0i64, 0i64);
    let mut p = a;
    while ix < nx || iy < ny {
        // Compare the parameter at which the segment crosses the next vertical grid line,
        // (0.5 + ix) / nx, with the next horizontal one, (0.5 + iy) / ny.
        let lhs = (1 + 2 * ix) * ny;
        let rhs = (1 + 2 * iy) * nx;
        if lhs == rhs {
            let side_a = Pos::new(p.x + sx, p.y);
            let side_b = Pos::new(p.x, p.y + sy);
            out.corners.push((side_a, side_b));
            p = Pos::new(p.x + sx, p.y + sy);
            ix += 1;
            iy += 1;
        } else if lhs < rhs {
            p = Pos::new(p.x + sx, p.y);
            ix += 1;
        } else {
            p = Pos::new(p.x, p.y + sy);
            iy += 1;
        }
        if p != b {
            out.tiles.push(p);
        }
    }
    out
}

/// Core flanking (`Line`): the segment between the centres of the attacker's and the ally's
/// tiles passes through the interior of the target's tile.
pub fn flanks_line(attacker: Pos, target: Pos, ally: Pos) -> bool {
    if attacker == target || ally == target || attacker == ally {
        return false;
    }
    trace_line(attacker, ally).tiles.contains(&target)
}

/// Variant `Arc120`: the angle attacker–target–ally, measured at the target's centre, is at
/// least 120°. Exact: cos θ ≤ −½ ⇔ u·v < 0 and 4(u·v)² ≥ |u|²|v|².
pub fn flanks_arc120(attacker: Pos, target: Pos, ally: Pos) -> bool {
    let widen = |(x, y): (i64, i64)| (i128::from(x), i128::from(y));
    let u = widen(attacker.offset_from(target));
    let v = widen(ally.offset_from(target));
    if u == (0, 0) || v == (0, 0) {
        return false;
    }
    let dot = u.0 * v.0 + u.1 * v.1;
    let lu = u.0 * u.0 + u.1 * u.1;
    let lv = v.0 * v.0 + v.1 * v.1;
    dot < 0 && 4 * dot * dot >= lu * lv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chebyshev_distance_counts_diagonals_as_one() {
        assert_eq!(Pos::new(0, 0).distance(Pos::new(3, 2)), 3);
        assert_eq!(Pos::new(1, 1).distance(Pos::new(0, 0)), 1);
    }

    #[test]
    fn front_arc_facing_north_matches_rules_example() {
        let c = Pos::new(5, 5);
        let front: Vec<Dir8> = Dir8::ALL
            .into_iter()
            .filter(|d| in_front_arc(Dir8::N, c, c.step(*d)))
            .collect();
        assert_eq!(front, vec![Dir8::N, Dir8::NE, Dir8::E, Dir8::W, Dir8::NW]);
    }

    #[test]
    fn line_through_corner_reports_the_corner() {
        let t = trace_line(Pos::new(0, 0), Pos::new(2, 2));
        assert_eq!(t.tiles, vec![Pos::new(1, 1)]);
        assert_eq!(t.corners.len(), 2);
    }

    #[test]
    fn line_flanking_opposite_and_not_right_angle() {
        let t = Pos::new(5, 5);
        assert!(flanks_line(Pos::new(4, 5), t, Pos::new(6, 5)));
        assert!(flanks_line(Pos::new(4, 4), t, Pos::new(6, 6)));
        assert!(!flanks_line(Pos::new(5, 4), t, Pos::new(6, 5)));
        assert!(flanks_line(Pos::new(3, 5), t, Pos::new(6, 5)));
    }

    #[test]
    fn arc120_boundary_is_inclusive() {
        let t = Pos::new(0, 0);
        // 135°: flanked; 90°: not.
        assert!(flanks_arc120(Pos::new(-1, -1), t, Pos::new(1, 0)));
        assert!(!flanks_arc120(Pos::new(0, -1), t, Pos::new(1, 0)));
    }

    #[test]
    fn of_step_names_each_of_the_eight_steps_and_nothing_else() {
        let p = Pos::new(5, -3);
        for dir in Dir8::ALL {
            assert_eq!(Dir8::of_step(p, p.step(dir)), Some(dir));
            assert_eq!(Dir8::of_step(p, p.step(dir).step(dir)), None);
        }
        assert_eq!(Dir8::of_step(p, p), None);
        assert_eq!(Dir8::of_step(p, Pos::new(7, -2)), None);
    }

    #[test]
    fn towards_picks_nearest_direction() {
        let o = Pos::new(0, 0);
        assert_eq!(Dir8::towards(o, Pos::new(3, -1)), Some(Dir8::E));
        assert_eq!(Dir8::towards(o, Pos::new(2, 2)), Some(Dir8::SE));
        assert_eq!(Dir8::towards(o, Pos::new(-1, -3)), Some(Dir8::N));
    }
}
