//! Where labels go, as plain geometry: each label offers places around what it labels,
//! best first (`places_around`, `unit_label_places`), and `place` gives each in turn the
//! first that covers nothing placed before it, stays in the free area and is nearest its
//! own creature, else the one that costs least. The map's labels are laid out with it
//! (`label_layout`).

use super::map_view::TILE;
use bevy::math::{Rect, Vec2};

/// How much covering each thing costs a label's place, by area: another label or a
/// creature is worse than a terrain mark, and running off the map's free area worst.
pub const COVERS_LABEL: f32 = 4.0;
pub const COVERS_CREATURE: f32 = 4.0;
pub const COVERS_MARK: f32 = 1.0;
pub const OUTSIDE: f32 = 8.0;
/// The gap kept around each label, in world units.
pub const PAD: f32 = 0.75;

/// Something already on the map, and what covering it costs.
#[derive(Clone, Copy, Debug)]
pub struct Obstacle {
    pub rect: Rect,
    pub weight: f32,
}

/// Where a label may go: its places' centres, best first, its half size, and the centre of
/// what it labels.
#[derive(Clone, Debug)]
pub struct Wanted {
    pub places: Vec<Vec2>,
    pub half: Vec2,
    pub anchor: Vec2,
}

/// What labels are laid out among: what they must not cover, the creatures' centres (a
/// label nearer another creature than its own reads as that one's), and the area they
/// must stay in.
#[derive(Clone, Debug)]
pub struct Scene {
    pub obstacles: Vec<Obstacle>,
    pub centres: Vec<Vec2>,
    pub bounds: Rect,
}

/// What a place costs where it stands nearer another creature than its own.
pub const AMBIGUOUS: f32 = 150.0;

/// The place each label takes (an index into its `places`), in order: the first whose
/// rectangle covers nothing placed before it (obstacles and earlier labels), stays in
/// `bounds` and is nearest its own creature, else the one that costs least; and whether
/// that place was free.
pub fn place(wanted: &[Wanted], scene: &Scene) -> Vec<(usize, bool)> {
    let mut taken: Vec<Obstacle> = scene.obstacles.clone();
    let mut chosen = Vec::with_capacity(wanted.len());
    for w in wanted {
        let cost = |c: Vec2| {
            let rect = Rect::from_center_half_size(c, w.half);
            let covered: f32 = taken
                .iter()
                .map(|o| area(rect.intersect(o.rect)) * o.weight)
                .sum();
            let own = distance(w.anchor, rect);
            let nearer = (scene.centres.iter())
                .any(|o| o.distance(w.anchor) > 1.0 && distance(*o, rect) + 1.0 < own);
            let outside = area(rect) - area(rect.intersect(scene.bounds));
            covered + outside * OUTSIDE + if nearer { AMBIGUOUS } else { 0.0 }
        };
        let costs: Vec<f32> = w.places.iter().map(|c| cost(*c)).collect();
        let free = costs.iter().position(|c| *c <= 0.0);
        let best = free.unwrap_or_else(|| {
            (0..costs.len())
                .min_by(|a, b| costs[*a].total_cmp(&costs[*b]))
                .unwrap_or(0)
        });
        if let Some(c) = w.places.get(best) {
            taken.push(Obstacle {
                rect: Rect::from_center_half_size(*c, w.half),
                weight: COVERS_LABEL,
            });
        }
        chosen.push((best, free.is_some()));
    }
    chosen
}

/// How far point `p` lies from rectangle `r` (0 inside it).
pub fn distance(p: Vec2, r: Rect) -> f32 {
    let d = (r.min - p).max(p - r.max).max(Vec2::ZERO);
    d.length()
}

fn area(r: Rect) -> f32 {
    if r.is_empty() {
        0.0
    } else {
        r.width() * r.height()
    }
}

/// The places around a tile centred on `c` for a label `half` its size: above the tile
/// (clear of a creature's vitality bar) and below it, each centred, then flush with the
/// tile's left or right edge; beside it; at its corners; then a row further out, and two
/// tiles to a side. `below_first` swaps above and below.
pub fn places_around(c: Vec2, half: Vec2, below_first: bool) -> Vec<Vec2> {
    let t = TILE / 2.0;
    let up = t + BAR_CLEAR + half.y;
    let down = -(t + half.y);
    let (first, second) = if below_first { (down, up) } else { (up, down) };
    let shift = (half.x - t).max(0.0);
    let side = t + half.x;
    let mut offsets = Vec::new();
    for dy in [first, second] {
        offsets.extend([(0.0, dy), (shift, dy), (-shift, dy)]);
    }
    offsets.extend([(side, 0.0), (-side, 0.0)]);
    for dy in [first, second] {
        offsets.extend([(side, dy), (-side, dy)]);
    }
    for dy in [first, second] {
        let further = dy + TILE * dy.signum();
        offsets.extend([(0.0, further), (shift, further), (-shift, further)]);
    }
    offsets.extend([(side + TILE, 0.0), (-side - TILE, 0.0)]);
    let mut places: Vec<Vec2> = Vec::new();
    for (dx, dy) in offsets {
        let p = c + Vec2::new(dx, dy);
        if !places.contains(&p) {
            places.push(p);
        }
    }
    places
}

/// How far above its tile's top a creature's vitality bar reaches.
pub const BAR_CLEAR: f32 = 2.0;

/// Where a creature's own label may go, relative to the creature: its home; badges may
/// also go a row higher, or in over the top of the creature's own figure. A name goes only
/// under its creature (over its own figure it would hide the figure and its facing).
pub fn unit_label_places(home: Vec2, hides: bool, half: Vec2) -> Vec<Vec2> {
    if hides {
        return vec![home];
    }
    let t = TILE / 2.0;
    let higher = home + Vec2::new(0.0, 2.0 * half.y);
    let inward = Vec2::new(home.x, t - BAR_CLEAR - half.y);
    vec![home, higher, inward]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tile(x: f32, y: f32) -> Rect {
        Rect::from_center_half_size(Vec2::new(x, y) * TILE, Vec2::splat(TILE / 2.0 - 1.0))
    }

    fn wide() -> Vec2 {
        Vec2::new(TILE * 1.2, 6.0)
    }

    fn creature(x: f32, y: f32) -> Obstacle {
        Obstacle {
            rect: tile(x, y),
            weight: COVERS_CREATURE,
        }
    }

    const OPEN: Rect = Rect {
        min: Vec2::splat(-1000.0),
        max: Vec2::splat(1000.0),
    };

    fn scene(obstacles: Vec<Obstacle>, centres: Vec<Vec2>, bounds: Rect) -> Scene {
        Scene {
            obstacles,
            centres,
            bounds,
        }
    }

    fn around(at: Vec2, half: Vec2) -> Wanted {
        Wanted {
            places: places_around(at, half, false),
            half,
            anchor: at,
        }
    }

    /// Laid out, no two labels of a row of neighbouring targets meet, none covers a
    /// target, and each is nearer its own target than any other, though each is wider
    /// than two tiles.
    #[test]
    fn neighbours_labels_neither_meet_nor_cover_a_creature() {
        let targets = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (1.0, -1.0)];
        let centres: Vec<Vec2> = targets
            .iter()
            .map(|(x, y)| Vec2::new(*x, *y) * TILE)
            .collect();
        let obstacles: Vec<Obstacle> = targets.iter().map(|(x, y)| creature(*x, *y)).collect();
        let wanted: Vec<Wanted> = centres.iter().map(|c| around(*c, wide())).collect();
        let chosen = place(&wanted, &scene(obstacles.clone(), centres.clone(), OPEN));
        let rects: Vec<Rect> = (wanted.iter().zip(&chosen))
            .map(|(w, (i, free))| {
                assert!(free, "every label finds a free place");
                Rect::from_center_half_size(w.places[*i], w.half)
            })
            .collect();
        for (i, a) in rects.iter().enumerate() {
            for o in &obstacles {
                assert!(
                    a.intersect(o.rect).is_empty(),
                    "label {i} covers a creature"
                );
            }
            for b in &rects[i + 1..] {
                assert!(a.intersect(*b).is_empty(), "two labels meet: {a:?} {b:?}");
            }
            let own = distance(centres[i], *a);
            for (j, c) in centres.iter().enumerate().filter(|(j, _)| *j != i) {
                assert!(
                    distance(*c, *a) + 1.0 >= own,
                    "label {i} is nearer target {j}"
                );
            }
        }
    }

    /// A label that would run off the free area (a target in the map's top row) goes below
    /// its tile instead.
    #[test]
    fn a_label_stays_inside_the_free_area() {
        let bounds = Rect::from_corners(Vec2::new(-200.0, -200.0), Vec2::new(200.0, TILE / 2.0));
        let w = around(Vec2::ZERO, wide());
        let (i, free) = place(
            std::slice::from_ref(&w),
            &scene(Vec::new(), Vec::new(), bounds),
        )[0];
        assert!(free);
        assert!(w.places[i].y < 0.0, "below the tile: {:?}", w.places[i]);
    }

    /// With nowhere free, a label takes the place that covers least, and says so.
    #[test]
    fn with_no_free_place_the_least_covered_one_is_taken() {
        let big = Obstacle {
            rect: Rect::from_center_half_size(Vec2::ZERO, Vec2::splat(500.0)),
            weight: 1.0,
        };
        let w = Wanted {
            places: vec![Vec2::ZERO, Vec2::new(490.0, 0.0)],
            half: Vec2::splat(20.0),
            anchor: Vec2::ZERO,
        };
        assert_eq!(
            place(&[w], &scene(vec![big], Vec::new(), OPEN)),
            vec![(1, false)]
        );
    }

    /// A place nearer another creature than its own counts against a label: it goes to
    /// the far side of its own creature, away from the other.
    #[test]
    fn a_label_keeps_nearer_its_own_creature() {
        let other = Vec2::new(0.0, TILE);
        let w = around(Vec2::ZERO, Vec2::new(10.0, 5.0));
        let (i, free) = place(
            std::slice::from_ref(&w),
            &scene(Vec::new(), vec![Vec2::ZERO, other], OPEN),
        )[0];
        assert!(free);
        assert!(
            w.places[i].y < 0.0,
            "away from the other: {:?}",
            w.places[i]
        );
    }

    /// A name stays under its creature, or hides where a creature stands below; badges
    /// that meet a creature above go in over their own creature's figure.
    #[test]
    fn a_name_hides_and_badges_move_in_when_a_creature_is_in_the_way() {
        let half = Vec2::new(12.0, 4.0);
        let name_home = Vec2::new(0.0, -20.0);
        let w = Wanted {
            places: unit_label_places(name_home, true, half),
            half,
            anchor: Vec2::ZERO,
        };
        assert_eq!(
            place(
                std::slice::from_ref(&w),
                &scene(Vec::new(), Vec::new(), OPEN)
            ),
            vec![(0, true)]
        );
        let below = scene(vec![creature(0.0, -1.0)], Vec::new(), OPEN);
        assert_eq!(place(std::slice::from_ref(&w), &below), vec![(0, false)]);
        let badges_home = Vec2::new(0.0, 23.5);
        let w = Wanted {
            places: unit_label_places(badges_home, false, half),
            half,
            anchor: Vec2::ZERO,
        };
        let (i, free) = place(
            std::slice::from_ref(&w),
            &scene(vec![creature(0.0, 1.0)], Vec::new(), OPEN),
        )[0];
        assert_eq!((i, free), (2, true));
        assert!(w.places[i].y + half.y <= TILE / 2.0);
    }
}
