//! The terrain layer: a bevy_ecs_tilemap map built from the level legend, terrain marks
//! (cost and cover at a glance), the one conversion between grid tiles and world space,
//! and the camera that frames the map.

use super::UiState;
use crate::battle::BattleMap;
use crate::rules::grid::Pos;
use crate::rules::terrain::{Cover, TerrainGrid};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;

/// World units per tile (the tile art is 32 px).
pub const TILE: f32 = 32.0;
/// Screen pixels the HUD takes: the side panel on the right, the bars above and below.
pub const PANEL_WIDTH: f32 = 330.0;
pub const TOP_BAR: f32 = 64.0;
pub const BOTTOM_BAR: f32 = 110.0;
/// Z layers.
pub const Z_TILES: f32 = 0.0;
pub const Z_MARKS: f32 = 1.0;
pub const Z_HIGHLIGHT: f32 = 2.0;
pub const Z_UNITS: f32 = 5.0;
pub const Z_LABELS: f32 = 8.0;

/// The map's size in tiles, for the tile ↔ world conversion.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapGeometry {
    pub width: u32,
    pub height: u32,
}

impl MapGeometry {
    /// The world position of a tile's centre. Row 0 (north) is at the top of the screen.
    pub fn world_of(&self, p: Pos) -> Vec2 {
        Vec2::new(
            p.x as f32 * TILE,
            (self.height as f32 - 1.0 - p.y as f32) * TILE,
        )
    }

    /// The tile under a world position, if it is on the map.
    pub fn pos_at(&self, w: Vec2) -> Option<Pos> {
        let x = (w.x / TILE + 0.5).floor() as i32;
        let row_from_bottom = (w.y / TILE + 0.5).floor() as i32;
        let y = self.height as i32 - 1 - row_from_bottom;
        (x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height)
            .then_some(Pos::new(x, y))
    }

    pub fn centre(&self) -> Vec2 {
        Vec2::new(
            (self.width as f32 - 1.0) * TILE / 2.0,
            (self.height as f32 - 1.0) * TILE / 2.0,
        )
    }
}

/// Everything spawned for the current map (despawned when the map changes).
#[derive(Component)]
pub struct MapPart;

/// A cost or cover mark on a tile.
#[derive(Component)]
pub struct TerrainMark;

/// The game camera.
#[derive(Component)]
pub struct GameCamera;

pub fn plugin(app: &mut App) {
    app.add_plugins(TilemapPlugin)
        .init_resource::<MapGeometry>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (
                rebuild_map.run_if(resource_changed::<BattleMap>),
                show_marks.run_if(resource_changed::<UiState>),
                refit_on_resize,
            ),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, GameCamera));
}

/// Scale and centre the camera so the whole map fits beside the HUD.
pub fn frame_camera(
    geo: &MapGeometry,
    window: &Window,
    k: f32,
    tf: &mut Transform,
    proj: &mut Projection,
) {
    let size = Vec2::new(geo.width as f32 * TILE, geo.height as f32 * TILE);
    let avail = free_area(window, k);
    let scale = (size.x / avail.x).max(size.y / avail.y).max(0.25) * 1.04;
    if let Projection::Orthographic(o) = proj {
        o.scale = scale;
    }
    centre_on(geo.centre(), scale, k, tf);
}

/// The fewest pixels a tile takes when a battle opens: a map too big to show whole at that
/// size opens at it (a unit's disc then stays 25 px wide), and the camera follows the
/// active unit (`MIN_TILE_PIXELS` × 0.78).
pub const MIN_TILE_PIXELS: f32 = 32.0;

/// Frame the whole map when it fits at `MIN_TILE_PIXELS` a tile or more; otherwise open at
/// that size on the map's centre.
pub fn open_camera(
    geo: &MapGeometry,
    window: &Window,
    k: f32,
    tf: &mut Transform,
    proj: &mut Projection,
) {
    frame_camera(geo, window, k, tf, proj);
    if let Projection::Orthographic(o) = proj
        && o.scale > TILE / MIN_TILE_PIXELS
    {
        o.scale = TILE / MIN_TILE_PIXELS;
        centre_on(geo.centre(), o.scale, k, tf);
    }
}

/// How large the HUD is drawn before the player's own scale (Bevy's `UiScale` is this times
/// `Settings::ui_scale`, set by `hud/`): 1 in a 1280×720 window,
/// growing with the window (1.5 at 1920×1080) so its text stays readable, and shrinking
/// a little in a smaller one. Logical pixels already carry a HiDPI screen's own factor.
pub fn hud_scale(window: &Window) -> f32 {
    let (w, h) = (super::WINDOW_SIZE.0 as f32, super::WINDOW_SIZE.1 as f32);
    (window.width() / w)
        .min(window.height() / h)
        .clamp(HUD_SCALE_MIN, HUD_SCALE_MAX)
}

/// The bounds of [`hud_scale`].
const HUD_SCALE_MIN: f32 = 0.75;
const HUD_SCALE_MAX: f32 = 3.0;

/// The side panel's width and the top and bottom bars' heights in window pixels, at the
/// HUD's scale `k` (Bevy's `UiScale`).
fn hud_edges(k: f32) -> (f32, f32, f32) {
    (PANEL_WIDTH * k, TOP_BAR * k, BOTTOM_BAR * k)
}

/// The window's area left to the map between the HUD's bars and panel, in pixels.
pub fn free_area(window: &Window, k: f32) -> Vec2 {
    let (panel, top, bottom) = hud_edges(k);
    Vec2::new(
        (window.width() - panel).max(200.0),
        (window.height() - top - bottom).max(200.0),
    )
}

/// Move the camera so that world point `w` sits in the middle of the free area (not of the
/// window) at `scale`.
pub fn centre_on(w: Vec2, scale: f32, k: f32, tf: &mut Transform) {
    // The free area's centre is right of the window's by half the panel and, the bottom
    // bar being the taller, above it by half their difference (the world's y runs up).
    let (panel, top, bottom) = hud_edges(k);
    let c = w + Vec2::new(panel / 2.0, (top - bottom) / 2.0) * scale;
    tf.translation.x = c.x;
    tf.translation.y = c.y;
}

/// Where world point `w` shows in the window (pixels from the top left) under the camera
/// at `tf` and `scale`: read from the camera's own transform, so it holds in the frame that
/// moved it.
pub fn window_point(w: Vec2, tf: &Transform, scale: f32, window: &Window) -> Vec2 {
    let d = (w - tf.translation.truncate()) / scale;
    Vec2::new(window.width() / 2.0 + d.x, window.height() / 2.0 - d.y)
}

/// The free area between the HUD's bars and panel, in window pixels (top left, bottom
/// right), `margin` pixels in from its edges.
pub fn free_rect(window: &Window, k: f32, margin: f32) -> Rect {
    let size = free_area(window, k);
    let min = Vec2::new(0.0, hud_edges(k).1);
    Rect::from_corners(min + margin, min + size - margin)
}

#[allow(clippy::too_many_arguments)]
fn rebuild_map(
    mut commands: Commands,
    map: Res<BattleMap>,
    old: Query<Entity, With<MapPart>>,
    server: Res<AssetServer>,
    mut geo: ResMut<MapGeometry>,
    camera: Query<(&mut Transform, &mut Projection), With<GameCamera>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    ui: Res<UiState>,
    rules: Res<crate::battle::Rules>,
    ui_scale: Res<UiScale>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let grid = &map.grid;
    if grid.width == 0 {
        return;
    }
    let new_geo = MapGeometry {
        width: grid.width,
        height: grid.height,
    };
    let reframe = *geo != new_geo;
    *geo = new_geo;
    spawn_tilemap(&mut commands, grid, &geo, &server);
    spawn_marks(&mut commands, grid, &geo, ui.terrain_marks, &rules.0);
    if reframe && let (Ok(window), Some(mut cam)) = (window.single(), camera.into_iter().next()) {
        let (ref mut tf, ref mut proj) = cam;
        open_camera(&geo, window, ui_scale.0, tf, proj);
    }
}

/// A resized window (or fullscreen, or a new HUD scale) opens the map again at its new size, beside the HUD at
/// its new scale.
fn refit_on_resize(
    mut resized: MessageReader<bevy::window::WindowResized>,
    geo: Res<MapGeometry>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<GameCamera>>,
    ui_scale: Res<UiScale>,
) {
    let rescaled = ui_scale.is_changed() && !ui_scale.is_added();
    if (resized.read().count() == 0 && !rescaled) || geo.width == 0 {
        return;
    }
    let (mut tf, mut proj) = camera.into_inner();
    open_camera(&geo, &window, ui_scale.0, &mut tf, &mut proj);
}

fn spawn_tilemap(
    commands: &mut Commands,
    grid: &TerrainGrid,
    geo: &MapGeometry,
    server: &AssetServer,
) {
    let size = TilemapSize {
        x: grid.width,
        y: grid.height,
    };
    let tilemap = commands.spawn(MapPart).id();
    let mut storage = TileStorage::empty(size);
    for y in 0..grid.height {
        for x in 0..grid.width {
            let p = Pos::new(x as i32, y as i32);
            let Some(kind) = grid.kind(p) else { continue };
            // The tilemap counts rows from the bottom.
            let tile_pos = TilePos {
                x,
                y: geo.height - 1 - y,
            };
            let tile = commands
                .spawn((
                    TileBundle {
                        position: tile_pos,
                        tilemap_id: TilemapId(tilemap),
                        texture_index: TileTextureIndex(kind.look.index()),
                        ..Default::default()
                    },
                    MapPart,
                ))
                .id();
            storage.set(&tile_pos, tile);
        }
    }
    let tile_size = TilemapTileSize { x: TILE, y: TILE };
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: tile_size.into(),
        map_type: TilemapType::Square,
        size,
        storage,
        texture: TilemapTexture::Single(server.load("tiles.png")),
        tile_size,
        anchor: TilemapAnchor::None,
        transform: Transform::from_xyz(0.0, 0.0, Z_TILES),
        ..Default::default()
    });
}

/// Small marks: the movement cost of difficult tiles, and H / F for half and full cover.
/// A tile's cover as the rules in force count it, for its mark: each grade of graded cover
/// (Seed003), else H for half cover (three quarters and nine tenths count as half), L for
/// light and F for full cover one can stand in.
fn cover_mark(cover: Cover, rules: &crate::rules::ruleset::Ruleset) -> Option<&'static str> {
    use crate::rules::ruleset::CoverRule;
    let graded = rules.cover == CoverRule::Graded;
    Some(match cover {
        Cover::Quarter if graded => "1/4",
        Cover::Half if graded => "1/2",
        Cover::ThreeQuarters if graded => "3/4",
        Cover::NineTenths if graded => "9/10",
        c if c.is_half() => "H",
        Cover::Light => "L",
        _ => return None,
    })
}

fn spawn_marks(
    commands: &mut Commands,
    grid: &TerrainGrid,
    geo: &MapGeometry,
    visible: bool,
    rules: &crate::rules::ruleset::Ruleset,
) {
    let unit = crate::battle::describe::Wording::of(rules).unit_mark();
    let vis = if visible {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for y in 0..grid.height as i32 {
        for x in 0..grid.width as i32 {
            let p = Pos::new(x, y);
            let Some(kind) = grid.kind(p) else { continue };
            let mut text = String::new();
            if kind.passable && kind.cost > 1 {
                text.push_str(&format!("{}{unit}", kind.cost));
            }
            let cover = match kind.cover {
                Cover::Full if kind.passable => Some("F"),
                c => cover_mark(c, rules),
            };
            if let Some(mark) = cover {
                text.push_str(if text.is_empty() { "" } else { " " });
                text.push_str(mark);
            }
            if text.is_empty() {
                continue;
            }
            let w = geo.world_of(p) + Vec2::new(TILE * 0.46, -TILE * 0.46);
            commands.spawn((
                Text2d::new(text),
                TextFont::from_font_size(9.0),
                TextColor(Color::srgba(1.0, 1.0, 0.85, 0.9)),
                bevy::sprite::Anchor::BOTTOM_RIGHT,
                Transform::from_xyz(w.x, w.y, Z_MARKS),
                vis,
                TerrainMark,
                MapPart,
            ));
        }
    }
}

fn show_marks(ui: Res<UiState>, mut marks: Query<&mut Visibility, With<TerrainMark>>) {
    let want = if ui.terrain_marks {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut marks {
        v.set_if_neq(want);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A point the camera centres on shows in the middle of the area the HUD leaves free,
    /// at any zoom; so a framed map sits inside that area, not over the bottom bar.
    #[test]
    fn centring_puts_a_point_in_the_middle_of_the_free_area() {
        let window = Window {
            resolution: (1280u32, 720u32).into(),
            ..default()
        };
        let big = Window {
            resolution: (1920u32, 1080u32).into(),
            ..default()
        };
        for (window, hud) in [(&window, 1.0), (&big, 1.5)] {
            assert_eq!(hud_scale(window), hud);
            for scale in [0.35, 1.0, 2.0] {
                let mut tf = Transform::default();
                let w = Vec2::new(123.0, -45.0);
                centre_on(w, scale, hud, &mut tf);
                let at = window_point(w, &tf, scale, window);
                let middle = free_rect(window, hud, 0.0).center();
                assert!(at.distance(middle) < 0.01, "{at} vs {middle} at {scale}");
            }
        }
        // The HUD grows with the window: the map's area keeps its share.
        assert_eq!(free_area(&big, 1.5), free_area(&window, 1.0) * 1.5);
    }
}
