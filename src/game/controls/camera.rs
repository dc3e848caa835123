//! The camera keys (pan, zoom, the wheel towards the pointer, fit the map, F11 for
//! fullscreen), the camera following the active unit onto the screen at each new turn, and
//! the tile under the cursor, which the rest of the window reads from `UiState::hovered`.

use super::Intent;
use crate::battle::TurnState;
use crate::battle::components::GridPos;
use crate::game::UiState;
use crate::game::map_view::{
    GameCamera, MapGeometry, TILE, centre_on, frame_camera, free_rect, window_point,
};
use crate::rules::grid::Pos;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;

/// Pan, zoom and fit.
pub(crate) fn camera_control(
    actions: Single<&ActionState<Intent>>,
    ui: Res<UiState>,
    time: Res<Time>,
    geo: Res<MapGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<GameCamera>>,
    ui_scale: Res<UiScale>,
) {
    let (mut tf, mut proj) = camera.into_inner();
    let Projection::Orthographic(o) = &mut *proj else {
        return;
    };
    let mut pan = Vec2::ZERO;
    for (intent, d) in [
        (Intent::PanUp, Vec2::Y),
        (Intent::PanDown, -Vec2::Y),
        (Intent::PanLeft, -Vec2::X),
        (Intent::PanRight, Vec2::X),
    ] {
        if actions.pressed(&intent) {
            pan += d;
        }
    }
    let speed = 600.0 * o.scale * time.delta_secs();
    let drag = actions.axis_pair(&Intent::Drag) * Vec2::new(-1.0, 1.0) * o.scale;
    tf.translation += (pan * speed + drag).extend(0.0);
    // The wheel over the HUD or a full-screen overlay scrolls that, never the map; over the
    // map it zooms towards the pointer, which keeps the same spot of the map under it.
    let wheel = actions.value(&Intent::Zoom);
    if wheel != 0.0 && !ui.over_ui && !ui.blocked {
        let before = o.scale;
        o.scale = zoomed(o.scale, wheel.signum());
        if let Some(c) = window.cursor_position() {
            let at = towards_pointer(tf.translation.truncate(), c, window.size(), before, o.scale);
            tf.translation = at.extend(tf.translation.z);
        }
    }
    // The keys zoom about the middle of the window.
    for (intent, notch) in [(Intent::ZoomIn, 1.0), (Intent::ZoomOut, -1.0)] {
        if actions.just_pressed(&intent) {
            o.scale = zoomed(o.scale, notch);
        }
    }
    if actions.just_pressed(&Intent::FitMap) && geo.width > 0 {
        let mut p = Projection::Orthographic(o.clone());
        frame_camera(&geo, &window, ui_scale.0, &mut tf, &mut p);
        if let Projection::Orthographic(fitted) = p {
            *o = fitted;
        }
    }
}

/// The camera's scale (world units a pixel) one notch of zoom in (`notch` 1) or out (-1)
/// from `scale`, within what keeps a tile readable and the map findable.
fn zoomed(scale: f32, notch: f32) -> f32 {
    (scale * (1.0 - ZOOM_STEP * notch)).clamp(MIN_SCALE, MAX_SCALE)
}

/// Where the camera (at `camera`) goes when its scale changes from `before` to `after` with
/// the pointer at window point `pointer` in a window of `size`: the map's point under the
/// pointer stays under it.
fn towards_pointer(camera: Vec2, pointer: Vec2, size: Vec2, before: f32, after: f32) -> Vec2 {
    // Window pixels run down, the world runs up.
    let d = Vec2::new(pointer.x - size.x / 2.0, size.y / 2.0 - pointer.y);
    camera + d * (before - after)
}

/// The share of the scale one notch of zoom takes off or adds.
const ZOOM_STEP: f32 = 0.12;
/// The camera's nearest and farthest scale.
const MIN_SCALE: f32 = 0.2;
const MAX_SCALE: f32 = 4.0;

/// How near the map area's edge (in tiles) a new turn's unit may stand before the camera
/// brings it to the middle.
const FOLLOW_MARGIN: f32 = 0.75;

/// When a new unit's turn starts off screen (or near the map area's edge), bring it to the
/// middle of the map area; a map shown whole stays put.
pub(super) fn follow_the_active_unit(
    turn: Res<TurnState>,
    units: Query<&GridPos>,
    geo: Res<MapGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<GameCamera>>,
    mut followed: Local<Option<(Entity, MapGeometry)>>,
    ui_scale: Res<UiScale>,
) {
    // Again when a level (re)loads: the map may be framed after the turn began.
    let now = turn.active().map(|e| (e, *geo));
    if now == *followed || geo.width == 0 {
        return;
    }
    *followed = now;
    let (mut tf, proj) = camera.into_inner();
    let (Some(pos), Projection::Orthographic(o)) =
        (turn.active().and_then(|e| units.get(e).ok()), proj)
    else {
        return;
    };
    // A map shown whole stays put.
    let corner = |p: Pos, out: f32| {
        window_point(
            geo.world_of(p) + Vec2::splat(out * TILE / 2.0),
            &tf,
            o.scale,
            &window,
        )
    };
    let last = Pos::new(geo.width as i32 - 1, geo.height as i32 - 1);
    let whole = free_rect(&window, ui_scale.0, 0.0);
    if whole.contains(corner(Pos::new(0, 0), -1.0))
        && whole.contains(corner(Pos::new(0, 0), 1.0))
        && whole.contains(corner(last, -1.0))
        && whole.contains(corner(last, 1.0))
    {
        return;
    }
    let at = window_point(geo.world_of(pos.0), &tf, o.scale, &window);
    let area = free_rect(&window, ui_scale.0, FOLLOW_MARGIN * TILE / o.scale);
    if !area.contains(at) {
        centre_on(geo.world_of(pos.0), o.scale, ui_scale.0, &mut tf);
    }
}

/// F11: borderless fullscreen on the window's monitor, or back to a window (a setting,
/// which `settings` applies to the window).
pub(super) fn toggle_fullscreen(
    actions: Single<&ActionState<Intent>>,
    mut settings: ResMut<crate::game::settings::Settings>,
) {
    if actions.just_pressed(&Intent::Fullscreen) {
        settings.fullscreen = !settings.fullscreen;
    }
}

/// The tile under the cursor, unless the cursor is over the HUD.
pub(super) fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<GameCamera>>,
    geo: Res<MapGeometry>,
    mut ui: ResMut<UiState>,
) {
    let (cam, cam_tf) = *camera;
    let tile = window
        .cursor_position()
        .and_then(|p| cam.viewport_to_world_2d(cam_tf, p).ok())
        .and_then(|w| geo.pos_at(w));
    let tile = if ui.over_ui || ui.blocked { None } else { tile };
    if ui.hovered != tile {
        ui.hovered = tile;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The map's point under the pointer, seen by the camera at `camera` and `scale`.
    fn under(camera: Vec2, pointer: Vec2, size: Vec2, scale: f32) -> Vec2 {
        camera + Vec2::new(pointer.x - size.x / 2.0, size.y / 2.0 - pointer.y) * scale
    }

    #[test]
    fn the_wheel_zooms_about_the_pointer() {
        let (camera, size) = (Vec2::new(120.0, -40.0), Vec2::new(1280.0, 720.0));
        for pointer in [
            Vec2::new(100.0, 80.0),
            Vec2::new(640.0, 360.0),
            Vec2::new(900.0, 700.0),
        ] {
            for notch in [1.0, -1.0] {
                let after = zoomed(1.0, notch);
                let moved = towards_pointer(camera, pointer, size, 1.0, after);
                let (was, is) = (
                    under(camera, pointer, size, 1.0),
                    under(moved, pointer, size, after),
                );
                assert!((was - is).length() < 1e-3, "{pointer}: {was} became {is}");
            }
        }
        // The middle of the window zooms in place; a corner moves the camera.
        let middle = towards_pointer(camera, size / 2.0, size, 1.0, 0.88);
        assert_eq!(middle, camera);
        assert_ne!(towards_pointer(camera, Vec2::ZERO, size, 1.0, 0.88), camera);
        assert_eq!(zoomed(MIN_SCALE, 1.0), MIN_SCALE);
    }
}
