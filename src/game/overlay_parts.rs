//! The pieces the map's overlays are drawn with (`overlays.rs`, `from_here.rs`): a tile's
//! shade, and a label on a dark plate that keeps its size at any zoom, which the layout
//! (`label_layout`) places where it covers nothing.

use super::label_layout::{MapLabel, ZoomLabel};
use super::map_view::{MapGeometry, TILE, Z_LABELS};
use crate::rules::grid::Pos;
use bevy::prelude::*;

/// Drawn from the hovered tile: the hover mark, the path and its label, the hovered
/// target's push. Redrawn when the hovered tile or the state changes.
#[derive(Component, Clone, Copy)]
pub(super) struct HoverLayer;

/// A square of colour over tile `p`, `size` wide, at height `z`, in `layer`.
pub(super) fn tile_sprite(
    commands: &mut Commands,
    geo: &MapGeometry,
    p: Pos,
    colour: Color,
    size: f32,
    z: f32,
    layer: impl Bundle,
) {
    let w = geo.world_of(p);
    commands.spawn((
        Sprite::from_color(colour, Vec2::splat(size)),
        Transform::from_xyz(w.x, w.y, z),
        layer,
    ));
}

/// Where a label goes: by tile `p`, above it or below it first, at a rank of the layout.
#[derive(Clone, Copy)]
pub(super) struct LabelAt {
    pub p: Pos,
    pub below_first: bool,
    pub rank: u8,
}

/// A label by a tile, in `layer`; the layout (`label_layout`) moves it where it covers
/// nothing.
pub(super) fn label(
    commands: &mut Commands,
    geo: &MapGeometry,
    at: LabelAt,
    text: String,
    colour: Color,
    layer: impl Bundle,
) {
    let w = geo.world_of(at.p);
    let dy = if at.below_first { -TILE } else { TILE };
    commands.spawn((
        Text2d::new(text),
        TextFont::from_font_size(9.0),
        TextColor(colour),
        // A dark plate: the label reads over the terrain marks and the tiles under it.
        bevy::text::TextBackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.72)),
        Transform::from_xyz(w.x, w.y + dy, Z_LABELS),
        ZoomLabel,
        MapLabel {
            anchor: w,
            below_first: at.below_first,
            rank: at.rank,
        },
        layer,
    ));
}
