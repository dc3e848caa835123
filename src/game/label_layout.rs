//! Labels on the map laid out so that none covers another, a creature or a terrain mark,
//! or runs under the HUD: each label offers the places it could go around its tile, best
//! first, and takes the first free one (else the one that covers least). A creature's own
//! name and condition badges are placed first (a name that fits nowhere is hidden: the turn
//! bar and the tile readout still give it), then the overlays' labels in their order: the
//! targets' odds, then what the pointer shows. Also `ZoomLabel`, which keeps every
//! world-space label legible at any zoom. The placing itself is plain geometry
//! (`label_place`).

use super::label_place::{
    COVERS_CREATURE, COVERS_LABEL, COVERS_MARK, Obstacle, PAD, Scene, Wanted, place, places_around,
    unit_label_places,
};
use super::map_view::{GameCamera, TerrainMark, free_rect};
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
        let places = unit_label_places(label.home, label.hides, half);
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
    use crate::game::map_view::TILE;

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
