//! The camera keys (pan, zoom, fit the map) and the tile under the cursor, which the rest of
//! the window reads from `UiState::hovered`.

use super::Intent;
use crate::game::UiState;
use crate::game::map_view::{GameCamera, MapGeometry, frame_camera};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;

/// Pan, zoom and fit.
pub(super) fn camera_control(
    actions: Single<&ActionState<Intent>>,
    ui: Res<UiState>,
    time: Res<Time>,
    geo: Res<MapGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<GameCamera>>,
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
    let mut zoom = 0.0;
    if !ui.over_ui {
        zoom +=
            actions.value(&Intent::Zoom).signum() * f32::from(actions.value(&Intent::Zoom) != 0.0);
    }
    if actions.just_pressed(&Intent::ZoomIn) {
        zoom += 1.0;
    }
    if actions.just_pressed(&Intent::ZoomOut) {
        zoom -= 1.0;
    }
    if zoom != 0.0 {
        o.scale = (o.scale * (1.0 - 0.12 * zoom)).clamp(0.2, 4.0);
    }
    if actions.just_pressed(&Intent::FitMap) && geo.width > 0 {
        let mut p = Projection::Orthographic(o.clone());
        frame_camera(&geo, &window, &mut tf, &mut p);
        if let Projection::Orthographic(fitted) = p {
            *o = fitted;
        }
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
