//! The level's objective areas on the battle map: each Hold area's and Reach area's tiles
//! tinted and framed in the colour of the side that wins by them, with a word on its top-left
//! tile saying which (drawn again when the battle's roster or the map changes; gone with the
//! battle's view).

use super::map_view::{MapGeometry, TILE, Z_MARKS};
use super::screen_state::OnMap;
use crate::battle::Roster;
use crate::level::Objective;
use crate::rules::grid::Pos;
use bevy::prelude::*;
use std::collections::HashSet;

/// How opaque an area's tint is, and its frame's width in world units.
pub const AREA_ALPHA: f32 = 0.3;
const FRAME: f32 = 2.0;
/// The tint's size, in tiles (a seam shows the grid through it).
const AREA_SIZE: f32 = 0.92;
/// Over the terrain's marks, under the highlights.
const AREA_Z: f32 = Z_MARKS + 0.5;

/// A tile of an objective's area.
#[derive(Component)]
struct AreaMark;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_areas
            .run_if(in_state(OnMap))
            .run_if(resource_changed::<Roster>.or_eager(resource_changed::<MapGeometry>)),
    );
}

/// The word on an area's tiles, what the side does there: "Hold 6" (rounds running), or
/// "Reach 2" (units to end a move on it). The battle and the editor both write it.
pub fn area_word(holds: bool, number: u32) -> String {
    if holds {
        format!("Hold {number}")
    } else {
        format!("Reach {number}")
    }
}

/// An objective's area: its side, its tiles and its word.
fn area_of(o: &Objective) -> Option<(usize, &[Pos], String)> {
    match o {
        Objective::HoldArea {
            side,
            tiles,
            rounds,
        } => Some((*side, tiles, area_word(true, *rounds))),
        Objective::ReachArea { side, tiles, count } => {
            Some((*side, tiles, area_word(false, *count)))
        }
        Objective::Survive { .. } => None,
    }
}

/// The tiles that carry an area's word so far: each area's word goes on its first tile in
/// reading order (the top row, then the left) that carries none yet, so that two areas'
/// words never overprint (both on one tile only where every tile of the second has one).
#[derive(Default)]
pub struct AreaWords(HashSet<Pos>);

impl AreaWords {
    /// The tile of `tiles` the area's word goes on.
    pub fn tile_for(&mut self, tiles: &[Pos]) -> Option<Pos> {
        let mut order: Vec<Pos> = tiles.to_vec();
        order.sort_by_key(|p| (p.y, p.x));
        let tile = (order.iter().find(|p| !self.0.contains(p)))
            .or(order.first())
            .copied()?;
        self.0.insert(tile);
        Some(tile)
    }
}

/// What each objective whose area holds tile `p` asks, in a line (the side panel's words
/// for a hovered tile).
pub fn asked_at(roster: &Roster, p: Pos) -> Vec<String> {
    let name = |side: usize| super::side_name(roster, side);
    (roster.objectives.iter())
        .filter_map(|o| match o {
            Objective::HoldArea {
                side,
                tiles,
                rounds,
            } if tiles.contains(&p) => Some(format!(
                "Objective: {} wins by holding this area (an able unit on it, no able enemy) at the end of {rounds} rounds running",
                name(*side)
            )),
            Objective::ReachArea { side, tiles, count } if tiles.contains(&p) => Some(format!(
                "Objective: {} wins once {count} of its units have ended a move on this area",
                name(*side)
            )),
            _ => None,
        })
        .collect()
}

fn mark_areas(
    mut commands: Commands,
    roster: Res<Roster>,
    geo: Res<MapGeometry>,
    old: Query<Entity, With<AreaMark>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut words = AreaWords::default();
    for (side, tiles, word) in roster.objectives.iter().filter_map(area_of) {
        let colour = super::side_colour_of(&roster, side);
        let first = words.tile_for(tiles);
        for p in tiles {
            let mark = (AreaMark, DespawnOnExit(OnMap));
            let word = (Some(*p) == first).then_some(word.as_str());
            spawn_area_tile(
                &mut commands,
                geo.world_of(*p),
                (colour, AREA_ALPHA),
                word,
                mark,
            );
        }
    }
}

/// One tile of an area at `w`: tinted `colour` at `alpha`, framed, with the area's word in
/// its top-left corner on the tile that carries it (`AreaWords`); `mark` says whose drawing
/// it is (the battle's, the editor's).
pub fn spawn_area_tile(
    commands: &mut Commands,
    w: Vec2,
    (colour, alpha): (Color, f32),
    word: Option<&str>,
    mark: impl Bundle,
) {
    let side = TILE * AREA_SIZE;
    commands
        .spawn((
            Sprite::from_color(colour.with_alpha(alpha), Vec2::splat(side)),
            Transform::from_xyz(w.x, w.y, AREA_Z),
            mark,
        ))
        .with_children(|tile| {
            let edge = (side - FRAME) / 2.0;
            for (x, y, size) in [
                (0.0, edge, Vec2::new(side, FRAME)),
                (0.0, -edge, Vec2::new(side, FRAME)),
                (edge, 0.0, Vec2::new(FRAME, side)),
                (-edge, 0.0, Vec2::new(FRAME, side)),
            ] {
                tile.spawn((
                    Sprite::from_color(colour, size),
                    Transform::from_xyz(x, y, 0.05),
                ));
            }
            let Some(word) = word else {
                return;
            };
            tile.spawn((
                Text2d::new(word),
                TextFont::from_font_size(8.0),
                TextColor(Color::WHITE),
                bevy::sprite::Anchor::TOP_LEFT,
                Transform::from_xyz(-TILE * 0.42, TILE * 0.42, 0.1),
            ));
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each area's word goes on its first tile in reading order that has none yet: a second
    /// area over the first's top-left tile takes its next tile; an area whose every tile has
    /// a word shares its first.
    #[test]
    fn two_areas_words_go_on_different_tiles() {
        let p = Pos::new;
        let mut words = AreaWords::default();
        assert_eq!(words.tile_for(&[p(6, 3), p(5, 3), p(7, 3)]), Some(p(5, 3)));
        assert_eq!(words.tile_for(&[p(6, 3), p(5, 3)]), Some(p(6, 3)));
        assert_eq!(words.tile_for(&[p(5, 3)]), Some(p(5, 3)));
        assert_eq!(words.tile_for(&[p(2, 4), p(9, 1)]), Some(p(9, 1)));
        assert_eq!(words.tile_for(&[]), None);
    }
}
