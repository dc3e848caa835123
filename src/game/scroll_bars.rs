//! A thin bar at the right edge of each scrolled box (`Scrollable`: the combat log, the level
//! list, the editor's side panel…) whose content runs past it, its length and place showing
//! which part of the content is in view (the wheel scrolls it, `hud::scroll_log`).

use super::Scrollable;
use bevy::prelude::*;
use std::collections::HashSet;

/// The bar's width and its gap from the box's right edge, in logical pixels.
const BAR_WIDTH: f32 = 4.0;
const BAR_INSET: f32 = 2.0;
/// The shortest bar, in logical pixels (a long list still shows a bar one can see).
const MIN_BAR: f32 = 16.0;
const BAR_COLOUR: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);
/// Over the panels, under the dialogs (8) and notices.
const BAR_LAYER: i32 = 3;

/// The bar of a scrolled box (the entity).
#[derive(Component)]
struct ScrollBar(Entity);

pub fn plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        place_scroll_bars.after(bevy::ui::UiSystems::Layout),
    );
}

/// Where a box's bar goes, in logical pixels from the window's top left: (left, top,
/// length). `centre` and `size` are the box's in physical pixels, `content` its content's
/// height in physical pixels, `scrolled` its scroll in logical pixels, `k` the logical pixels
/// to a physical one. `None` when all its content shows.
pub fn bar_place(
    centre: Vec2,
    size: Vec2,
    content: f32,
    scrolled: f32,
    k: f32,
) -> Option<(f32, f32, f32)> {
    if content <= size.y + 0.5 || size.y <= 0.0 {
        return None;
    }
    let (height, content) = (size.y * k, content * k);
    let length = (height * height / content).max(MIN_BAR).min(height);
    let most = content - height;
    let along = (scrolled / most).clamp(0.0, 1.0) * (height - length);
    let top = (centre.y - size.y / 2.0) * k + along;
    let left = (centre.x + size.x / 2.0) * k - BAR_WIDTH - BAR_INSET;
    Some((left, top, length))
}

fn place_scroll_bars(
    mut commands: Commands,
    boxes: Query<(Entity, &ComputedNode, &UiGlobalTransform, &ScrollPosition), With<Scrollable>>,
    mut bars: Query<(Entity, &ScrollBar, &mut Node)>,
) {
    let place = |of: Entity| {
        let (_, node, at, scroll) = boxes.get(of).ok()?;
        let k = node.inverse_scale_factor;
        bar_place(at.translation, node.size, node.content_size.y, scroll.y, k)
    };
    let mut shown = HashSet::new();
    for (bar, ScrollBar(of), mut node) in &mut bars {
        match place(*of) {
            Some((left, top, length)) => {
                shown.insert(*of);
                if node.left != px(left) || node.top != px(top) || node.height != px(length) {
                    node.left = px(left);
                    node.top = px(top);
                    node.height = px(length);
                }
            }
            None => commands.entity(bar).despawn(),
        }
    }
    for (of, ..) in &boxes {
        let Some((left, top, length)) = place(of).filter(|_| !shown.contains(&of)) else {
            continue;
        };
        commands.spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(left),
                top: px(top),
                width: px(BAR_WIDTH),
                height: px(length),
                ..default()
            },
            BackgroundColor(BAR_COLOUR),
            GlobalZIndex(BAR_LAYER),
            bevy::picking::Pickable::IGNORE,
            ScrollBar(of),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A box 200 high (its centre at y 300, so its top at 200) over content 800 high: the
    /// bar is a quarter of it, at its top unscrolled, at its foot scrolled all the way, and
    /// there is none when all shows.
    #[test]
    fn the_bar_is_as_long_as_the_share_shown_and_goes_down_as_it_scrolls() {
        let (centre, size) = (Vec2::new(500.0, 300.0), Vec2::new(100.0, 200.0));
        let right = 550.0 - BAR_WIDTH - BAR_INSET;
        assert_eq!(
            bar_place(centre, size, 800.0, 0.0, 1.0),
            Some((right, 200.0, 50.0))
        );
        assert_eq!(
            bar_place(centre, size, 800.0, 600.0, 1.0),
            Some((right, 350.0, 50.0))
        );
        assert_eq!(
            bar_place(centre, size, 800.0, 300.0, 1.0),
            Some((right, 275.0, 50.0))
        );
        assert_eq!(bar_place(centre, size, 200.0, 0.0, 1.0), None);
        // At a scale of 2 physical pixels a logical one, the place is in logical pixels.
        assert_eq!(
            bar_place(centre, size, 800.0, 0.0, 0.5),
            Some((275.0 - BAR_WIDTH - BAR_INSET, 100.0, 25.0))
        );
    }
}
