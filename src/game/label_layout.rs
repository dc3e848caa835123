//! Labels on the map laid out so that none covers another, a creature or a terrain mark,
//! or runs under the HUD: each label offers the places it could go around its tile, best
//! first, and takes the first free one (else the one that covers least). A creature's own
//! name and condition badges are placed first (a name that fits nowhere is hidden: the turn
//! bar and the tile readout still give it), then the overlays' labels in their order: the
//! targets' odds, then what the pointer shows. Also `ZoomLabel`, which keeps every
//! world-space label legible at any zoom. The placing itself is a plain function (`place`).

use super::map_view::{GameCamera, TILE, TerrainMark, free_rect};
use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy::text::TextLayoutInfo;
use bevy::window::PrimaryWindow;

/// Text that keeps a readable size whatever the zoom.
#[derive(Component)]
pub struct ZoomLabel;

/// An overlay's label near the tile centred on `anchor`, placed by the layout: above the
/// tile first, or below (`below_first`); labels of a lower `rank` are placed first.
#[derive(Component, Clone, Copy, Debug)]
pub struct MapLabel {
    pub anchor: Vec2,
    pub below_first: bool,
    pub rank: u8,
}

/// Ranks of overlay labels: the targets' odds stay put while the pointer's labels move
/// around them, the path's cost first.
pub const RANK_TARGETS: u8 = 0;
pub const RANK_PATH: u8 = 1;
pub const RANK_HOVER: u8 = 2;

/// A creature's own label (a child of it): its name, hidden where it fits nowhere, or its
/// condition badges, which always show. `home` is its place under (or over) the creature.
#[derive(Component, Clone, Copy, Debug)]
pub struct UnitLabel {
    pub home: Vec2,
    pub hides: bool,
}

/// What a creature covers on the map (its figure, disc and vitality bar), relative to its
/// centre: labels keep off it.
#[derive(Component, Clone, Copy, Debug)]
pub struct Footprint(pub Rect);

/// How much covering each thing costs a label's place, by area: another label or a
/// creature is worse than a terrain mark, and running off the map's free area worst.
const COVERS_LABEL: f32 = 4.0;
const COVERS_CREATURE: f32 = 4.0;
const COVERS_MARK: f32 = 1.0;
const OUTSIDE: f32 = 8.0;
/// The gap kept around each label, in world units.
const PAD: f32 = 0.75;

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
const AMBIGUOUS: f32 = 150.0;

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
fn distance(p: Vec2, r: Rect) -> f32 {
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
const BAR_CLEAR: f32 = 2.0;

/// Where a creature's own label may go, relative to the creature: its home; badges may
/// also go a row higher, or in over the top of the creature's own figure. A name goes only
/// under its creature (over its own figure it would hide the figure and its facing).
fn unit_label_places(label: &UnitLabel, half: Vec2) -> Vec<Vec2> {
    let home = label.home;
    if label.hides {
        return vec![home];
    }
    let t = TILE / 2.0;
    let higher = home + Vec2::new(0.0, 2.0 * half.y);
    let inward = Vec2::new(home.x, t - BAR_CLEAR - half.y);
    vec![home, higher, inward]
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, scale_labels).add_systems(
        PostUpdate,
        lay_out
            .after(bevy::sprite::update_text2d_layout)
            .before(TransformSystems::Propagate),
    );
}

/// Keep world-space labels legible when zoomed out: all of them when the camera zooms, and
/// each new one (overlay labels come and go) as it appears.
fn scale_labels(
    camera: Query<Ref<Projection>, With<GameCamera>>,
    mut labels: Query<(Ref<ZoomLabel>, &mut Transform)>,
) {
    let Ok(projection) = camera.single() else {
        return;
    };
    let Projection::Orthographic(o) = &*projection else {
        return;
    };
    let s = Vec3::splat((o.scale * 1.6).clamp(0.7, 2.2));
    let zoomed = projection.is_changed();
    for (label, mut tf) in &mut labels {
        if (zoomed || label.is_added()) && tf.scale != s {
            tf.scale = s;
        }
    }
}

/// A text's rectangle in its parent's space: where it stands, its size (scaled) and anchor.
fn text_rect(tf: &Transform, info: &TextLayoutInfo, anchor: Option<&Anchor>) -> Rect {
    let size = info.size * tf.scale.truncate();
    let anchor = anchor.map_or(Vec2::ZERO, |a| a.as_vec());
    Rect::from_center_size(tf.translation.truncate() - anchor * size, size)
}

type Creatures<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Transform,
        &'static Footprint,
        &'static Visibility,
    ),
    (Without<UnitLabel>, Without<MapLabel>, Without<GameCamera>),
>;
type UnitLabels<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static UnitLabel,
        &'static ChildOf,
        &'static TextLayoutInfo,
        &'static mut Transform,
        &'static mut Visibility,
    ),
    (Without<MapLabel>, Without<GameCamera>),
>;
type MapLabels<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static MapLabel,
        &'static TextLayoutInfo,
        &'static mut Transform,
    ),
    (Without<UnitLabel>, Without<Footprint>, Without<GameCamera>),
>;
type Marks<'w, 's> = Query<
    'w,
    's,
    (
        &'static Transform,
        &'static TextLayoutInfo,
        &'static Anchor,
        &'static Visibility,
    ),
    (
        With<TerrainMark>,
        Without<UnitLabel>,
        Without<MapLabel>,
        Without<Footprint>,
        Without<GameCamera>,
    ),
>;

/// Place every creature's labels, then every overlay label, as `place` says.
fn lay_out(
    camera: Query<(&Transform, &Projection), With<GameCamera>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    ui_scale: Res<UiScale>,
    creatures: Creatures,
    mut unit_labels: UnitLabels,
    mut map_labels: MapLabels,
    marks: Marks,
) {
    let (Ok((cam, Projection::Orthographic(o))), Some(window)) = (camera.single(), window) else {
        return;
    };
    let bounds = {
        let px = free_rect(&window, ui_scale.0, 0.0);
        let world = |p: Vec2| {
            let d = Vec2::new(p.x - window.width() / 2.0, window.height() / 2.0 - p.y);
            cam.translation.truncate() + d * o.scale
        };
        Rect::from_corners(world(px.min), world(px.max))
    };
    let mut scene = Scene {
        obstacles: Vec::new(),
        centres: Vec::new(),
        bounds,
    };
    let mut bodies = Vec::new();
    for (e, tf, footprint, vis) in &creatures {
        if *vis == Visibility::Hidden {
            continue;
        }
        let at = tf.translation.truncate();
        let rect = Rect::from_corners(footprint.0.min + at, footprint.0.max + at);
        bodies.push((e, rect));
        scene.centres.push(at);
    }
    lay_out_unit_labels(&mut unit_labels, &creatures, &bodies, &mut scene);
    for (_, rect) in bodies {
        scene.obstacles.push(Obstacle {
            rect,
            weight: COVERS_CREATURE,
        });
    }
    // Terrain marks give way to creatures' own labels, not to the overlays'.
    for (tf, info, anchor, vis) in &marks {
        if *vis != Visibility::Hidden {
            scene.obstacles.push(Obstacle {
                rect: text_rect(tf, info, Some(anchor)),
                weight: COVERS_MARK,
            });
        }
    }
    lay_out_map_labels(&mut map_labels, &scene);
}

/// Creatures' names and badges, each placed against every other creature (not its own)
/// and the labels placed before it, which `scene` gains.
fn lay_out_unit_labels(
    labels: &mut UnitLabels,
    creatures: &Creatures,
    bodies: &[(Entity, Rect)],
    scene: &mut Scene,
) {
    let mut order: Vec<(Entity, Entity, Vec2, Wanted)> = Vec::new();
    for (e, label, parent, info, tf, _) in labels.iter() {
        let Ok((_, owner, _, vis)) = creatures.get(parent.parent()) else {
            continue;
        };
        if *vis == Visibility::Hidden || info.size == Vec2::ZERO {
            continue;
        }
        let half = info.size * tf.scale.truncate() / 2.0 + PAD;
        let at = owner.translation.truncate();
        let places = unit_label_places(label, half);
        let places = places.into_iter().map(|p| p + at).collect();
        let wanted = Wanted {
            places,
            half,
            anchor: at,
        };
        order.push((e, parent.parent(), at, wanted));
    }
    order.sort_by_key(|(e, ..)| *e);
    for (e, owner, at, wanted) in order {
        // A creature's own figure does not count against its labels.
        let others = Scene {
            obstacles: (bodies.iter())
                .filter(|(b, _)| *b != owner)
                .map(|(_, rect)| Obstacle {
                    rect: *rect,
                    weight: COVERS_CREATURE,
                })
                .chain(scene.obstacles.iter().copied())
                .collect(),
            ..scene.clone()
        };
        let Some(&(i, free)) = place(std::slice::from_ref(&wanted), &others).first() else {
            continue;
        };
        let Ok((_, label, _, _, mut tf, mut vis)) = labels.get_mut(e) else {
            continue;
        };
        let shown = free || !label.hides;
        vis.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        let c = wanted.places[i];
        if shown {
            scene.obstacles.push(Obstacle {
                rect: Rect::from_center_half_size(c, wanted.half),
                weight: COVERS_LABEL,
            });
        }
        set_xy(&mut tf, c - at);
    }
}

/// The overlays' labels, by rank and then in the order they appeared.
fn lay_out_map_labels(labels: &mut MapLabels, scene: &Scene) {
    let mut order: Vec<(u8, Entity, Wanted)> = labels
        .iter()
        .filter(|(.., info, _)| info.size != Vec2::ZERO)
        .map(|(e, label, info, tf)| {
            let half = info.size * tf.scale.truncate() / 2.0 + PAD;
            let places = places_around(label.anchor, half, label.below_first);
            let wanted = Wanted {
                places,
                half,
                anchor: label.anchor,
            };
            (label.rank, e, wanted)
        })
        .collect();
    order.sort_by_key(|(rank, e, _)| (*rank, *e));
    let wanted: Vec<Wanted> = order.iter().map(|(.., w)| w.clone()).collect();
    let chosen = place(&wanted, scene);
    for ((_, e, w), (i, _)) in order.iter().zip(chosen) {
        if let Ok((.., mut tf)) = labels.get_mut(*e) {
            set_xy(&mut tf, w.places[i]);
        }
    }
}

/// Move a label only when it moves by a visible amount, so an unchanged layout writes
/// nothing.
fn set_xy(tf: &mut Mut<Transform>, to: Vec2) {
    if tf.translation.truncate().distance(to) > 0.01 {
        tf.translation.x = to.x;
        tf.translation.y = to.y;
    }
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
        let name = UnitLabel {
            home: Vec2::new(0.0, -20.0),
            hides: true,
        };
        let w = Wanted {
            places: unit_label_places(&name, half),
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
        let badges = UnitLabel {
            home: Vec2::new(0.0, 23.5),
            hides: false,
        };
        let w = Wanted {
            places: unit_label_places(&badges, half),
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

    /// In the app: a creature's name over another creature hides, and a target's label by
    /// two creatures goes where it covers neither.
    #[test]
    fn the_layout_system_moves_labels_off_creatures() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_plugins(plugin);
        app.insert_resource(UiScale(1.0));
        let mut window = Window::default();
        window.resolution.set(1280.0, 720.0);
        app.world_mut().spawn((window, PrimaryWindow));
        let camera = OrthographicProjection {
            scale: 0.5,
            ..OrthographicProjection::default_2d()
        };
        app.world_mut().spawn((
            GameCamera,
            Projection::Orthographic(camera),
            Transform::default(),
        ));
        let text = |w: f32, h: f32| TextLayoutInfo {
            size: Vec2::new(w, h),
            ..default()
        };
        let body = Footprint(Rect::new(-12.0, -12.0, 12.0, 17.5));
        let upper = app
            .world_mut()
            .spawn((Transform::default(), body, Visibility::Inherited))
            .id();
        app.world_mut().spawn((
            Transform::from_xyz(0.0, -TILE, 0.0),
            body,
            Visibility::Inherited,
        ));
        let home = Vec2::new(0.0, -19.5);
        let name = app
            .world_mut()
            .spawn((
                UnitLabel { home, hides: true },
                ChildOf(upper),
                text(20.0, 8.0),
                Transform::from_xyz(home.x, home.y, 0.5),
                Visibility::Inherited,
            ))
            .id();
        let odds = app
            .world_mut()
            .spawn((
                MapLabel {
                    anchor: Vec2::ZERO,
                    below_first: false,
                    rank: RANK_TARGETS,
                },
                text(60.0, 8.0),
                Transform::default(),
            ))
            .id();
        app.update();
        let world = app.world();
        assert_eq!(world.get::<Visibility>(name), Some(&Visibility::Hidden));
        let odds_rect = Rect::from_center_size(
            world.get::<Transform>(odds).unwrap().translation.truncate(),
            Vec2::new(60.0, 8.0),
        );
        let bodies = [Vec2::ZERO, Vec2::new(0.0, -TILE)]
            .map(|c| Rect::from_corners(body.0.min + c, body.0.max + c));
        for b in bodies {
            assert!(
                odds_rect.intersect(b).is_empty(),
                "{odds_rect:?} covers {b:?}"
            );
        }
    }
}
