//! The pieces the map's overlays are drawn with (`overlays.rs`, `from_here.rs`): a tile's
//! shade, a label on a dark plate that keeps its size at any zoom, and where the targets'
//! labels go so that neighbours' labels never meet.

use super::map_view::{MapGeometry, TILE, Z_LABELS};
use super::unit_view::ZoomLabel;
use crate::rules::grid::Pos;
use bevy::prelude::*;

/// Drawn from the hovered tile: the hover mark, the path and its label, the hovered
/// target's push. Redrawn when the hovered tile or the state changes.
#[derive(Component, Clone, Copy)]
pub(super) struct HoverLayer;

/// How far above (or, negative, below) its target's tile each target's label goes: above,
/// unless a label placed already in the gap between that row and the one above comes
/// within `LABEL_REACH` tiles of it; then below, if that gap is free there. A target in the
/// map's top row has its label below (above, it would run off the map, under the turn bar),
/// a row further down when a neighbour's label is there.
pub(super) fn label_heights(targets: impl Iterator<Item = Pos>) -> Vec<f32> {
    // Each label takes a gap between rows (2y - 1 above row y, 2y + 1 below) at a column.
    let mut taken: Vec<(i32, i32)> = Vec::new();
    let mut heights = Vec::new();
    for p in targets {
        let free = |gap: i32| {
            !taken
                .iter()
                .any(|(g, x)| *g == gap && (x - p.x).abs() <= LABEL_REACH)
        };
        let (gap, dy) = if p.y > 0 && (free(2 * p.y - 1) || !free(2 * p.y + 1)) {
            (2 * p.y - 1, LABEL_ABOVE)
        } else if p.y > 0 || free(2 * p.y + 1) {
            (2 * p.y + 1, -LABEL_ABOVE)
        } else {
            // The top row's neighbours: the next gap down.
            (2 * p.y + 3, -LABEL_ABOVE - TILE)
        };
        taken.push((gap, p.x));
        heights.push(dy);
    }
    heights
}

/// A target label's height above its tile's centre, and how many tiles to either side a
/// label may reach.
const LABEL_ABOVE: f32 = TILE * 0.95;
const LABEL_REACH: i32 = 2;

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

/// A label over tile `p`, `dy` above its centre (below when negative), in `layer`.
pub(super) fn label(
    commands: &mut Commands,
    geo: &MapGeometry,
    p: Pos,
    text: String,
    colour: Color,
    dy: f32,
    layer: impl Bundle,
) {
    let w = geo.world_of(p);
    commands.spawn((
        Text2d::new(text),
        TextFont::from_font_size(9.0),
        TextColor(colour),
        // A dark plate: the label reads over the terrain marks and the tiles under it.
        bevy::text::TextBackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.72)),
        Transform::from_xyz(w.x, w.y + dy, Z_LABELS),
        ZoomLabel,
        layer,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels of targets side by side alternate above and below; one further off stays
    /// above; a label never takes a gap another label holds nearby when the other is free.
    #[test]
    fn labels_of_neighbouring_targets_do_not_meet() {
        let at = |v: &[(i32, i32)]| label_heights(v.iter().map(|(x, y)| Pos::new(*x, *y)));
        assert_eq!(
            at(&[(5, 3), (6, 3), (9, 3)]),
            vec![LABEL_ABOVE, -LABEL_ABOVE, LABEL_ABOVE]
        );
        // Below row 3 is the gap above row 4: the target under takes the gap below it.
        assert_eq!(
            at(&[(5, 3), (6, 3), (6, 4)]),
            vec![LABEL_ABOVE, -LABEL_ABOVE, -LABEL_ABOVE]
        );
        // The top row's labels go below, under the map's edge rather than over it.
        assert_eq!(at(&[(5, 0), (9, 0)]), vec![-LABEL_ABOVE, -LABEL_ABOVE]);
        assert_eq!(
            at(&[(5, 0), (6, 0)]),
            vec![-LABEL_ABOVE, -LABEL_ABOVE - TILE]
        );
    }
}
