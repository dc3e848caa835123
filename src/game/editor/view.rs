//! The draft on the map: each unit of the file as it stands (its side's colour, its
//! template's figure, its name and a facing mark), the unit picked, the tile a problem is
//! about, each objective's area (tinted in its side's colour, numbered; the one being
//! edited stronger), the tile pointed at and a rectangle being drawn.

use super::mouse::Pointer;
use super::{Editor, Tool};
use crate::game::map_view::{MapGeometry, TILE, Z_HIGHLIGHT, Z_UNITS};
use crate::game::objective_areas::{AREA_ALPHA, AreaWords, area_word, spawn_area_tile};
use crate::game::screen_state::GameScreen;
use crate::level::schema::{LevelFile, ObjectiveFile};
use crate::level::towards_enemies;
use crate::rules::grid::{Dir8, Pos};
use bevy::prelude::*;

/// A unit's disc, as wide as the battles' (a tile less its margin).
const DISC: f32 = TILE * 0.78;
/// How opaque a unit's disc is.
const DISC_ALPHA: f32 = 0.55;
/// The colour of the picked unit's ring, of a problem's tile, and of the tiles pointed at.
const PICKED: Color = Color::srgb(1.0, 0.85, 0.2);
const FAULT: Color = Color::srgba(1.0, 0.2, 0.2, 0.45);
const POINTED: Color = Color::srgba(1.0, 1.0, 1.0, 0.25);
/// The mark of a rectangle's first corner (gold), and its size in tiles.
const FIRST_CORNER: Color = Color::srgba(1.0, 0.85, 0.3, 0.6);
const FIRST_CORNER_SIZE: f32 = 0.5;
/// How opaque the area of the objective being edited is.
const AREA_EDITED_ALPHA: f32 = 0.55;
/// The colour of a side the file gives none, and of a side it does not have.
const SIDE_COLOURS: [Color; 4] = [
    Color::srgb(0.23, 0.43, 0.91),
    Color::srgb(0.85, 0.23, 0.23),
    Color::srgb(0.3, 0.75, 0.35),
    Color::srgb(0.85, 0.7, 0.2),
];

/// Everything the editor draws on the map (drawn again when the document changes).
#[derive(Component)]
struct EditorUnit;

/// The marks that follow the pointer (drawn again each frame).
#[derive(Component)]
struct PointerMark;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_units, draw_pointer)
            .after(super::mouse::MouseSystems)
            .run_if(in_state(GameScreen::Editor)),
    );
}

/// `#3a6ee8` as a colour.
pub fn parse_colour(s: &str) -> Option<Color> {
    let hex = s.strip_prefix('#')?;
    let v = u32::from_str_radix(hex, 16)
        .ok()
        .filter(|_| hex.len() == 6)?;
    Some(Color::srgb_u8((v >> 16) as u8, (v >> 8) as u8, v as u8))
}

/// The colour of side `name` of the file.
pub fn side_colour(file: &LevelFile, name: &str) -> Color {
    let at = file.sides.iter().position(|s| s.name == name);
    let given = at.and_then(|i| file.sides[i].colour.as_deref().and_then(parse_colour));
    given.unwrap_or_else(|| at.map_or(Color::WHITE, |i| SIDE_COLOURS[i % SIDE_COLOURS.len()]))
}

fn draw_units(
    mut draw: super::Redraw<EditorUnit>,
    geo: Res<MapGeometry>,
    server: Res<AssetServer>,
) {
    if !draw.due(geo.is_changed(), false) {
        return;
    }
    let (commands, editor) = (&mut draw.commands, &draw.editor);
    let Some(doc) = editor.doc.as_ref() else {
        return;
    };
    let Some(file) = doc.view().file.as_ref() else {
        return;
    };
    // A draft the rules cannot read yet faces its units as the loader will.
    let all: Vec<(&str, Pos)> = (file.units.iter()).map(|u| (&*u.side, u.pos)).collect();
    let facings: Vec<Option<Dir8>> = match doc.view().level.as_ref() {
        Some(l) => l.units.iter().map(|u| Some(u.facing)).collect(),
        None => (file.units.iter())
            .map(|u| {
                Some(
                    u.facing
                        .unwrap_or_else(|| towards_enemies(&&*u.side, u.pos, &all)),
                )
            })
            .collect(),
    };
    let width = crate::editor::map_width(file) as i32;
    for (i, u) in file.units.iter().enumerate() {
        let colour = side_colour(file, &u.side);
        let name = u.name.clone().unwrap_or_else(|| u.template.clone());
        let facing = facings.get(i).copied().flatten();
        let at = geo.world_of(u.pos);
        let picked = editor.selected == Some(i);
        spawn_unit(
            commands,
            &server,
            (at, colour, facing, picked),
            &u.template,
            (&name, name_anchor(u.pos.x, width)),
        );
    }
    draw_areas(commands, editor.area, file, &geo);
    if let Some(p) = editor.marked {
        let w = geo.world_of(p);
        commands.spawn((
            Sprite::from_color(FAULT, Vec2::splat(TILE)),
            Transform::from_xyz(w.x, w.y, Z_HIGHLIGHT),
            EditorUnit,
            DespawnOnExit(GameScreen::Editor),
        ));
    }
}

/// Each area objective's tiles in its side's colour, with the objective's number and
/// what it asks (as the battle shows them, the one being edited stronger).
fn draw_areas(commands: &mut Commands, edited: Option<usize>, file: &LevelFile, geo: &MapGeometry) {
    let mut words = AreaWords::default();
    for (n, o) in file.objectives.iter().enumerate() {
        let (side, tiles, word) = match o {
            ObjectiveFile::HoldArea {
                side,
                tiles,
                rounds,
            } => (side, tiles, area_word(true, *rounds)),
            ObjectiveFile::ReachArea { side, tiles, count } => {
                (side, tiles, area_word(false, *count))
            }
            ObjectiveFile::Survive { .. } => continue,
        };
        let word = format!("{word}\n#{}", n + 1);
        let alpha = if edited == Some(n) {
            AREA_EDITED_ALPHA
        } else {
            AREA_ALPHA
        };
        let colour = side_colour(file, side);
        let first = words.tile_for(tiles);
        for p in tiles {
            let mark = (EditorUnit, DespawnOnExit(GameScreen::Editor));
            let word = (Some(*p) == first).then_some(word.as_str());
            spawn_area_tile(commands, geo.world_of(*p), (colour, alpha), word, mark);
        }
    }
}

/// Where a unit's name hangs from its disc in column `x` of a map `width` wide: centred,
/// but from the disc's left edge in the first column and its right edge in the last, so
/// that a long name stays over the map; the anchor and its offset from the disc's centre.
fn name_anchor(x: i32, width: i32) -> (bevy::sprite::Anchor, f32) {
    use bevy::sprite::Anchor;
    match x {
        0 => (Anchor::TOP_LEFT, -DISC / 2.0),
        x if x + 1 >= width => (Anchor::TOP_RIGHT, DISC / 2.0),
        _ => (Anchor::TOP_CENTER, 0.0),
    }
}

/// One unit's disc, figure, name (hung as `name_anchor` says) and facing mark at `at`.
fn spawn_unit(
    commands: &mut Commands,
    server: &AssetServer,
    (at, colour, facing, picked): (Vec2, Color, Option<Dir8>, bool),
    template: &str,
    (name, (anchor, dx)): (&str, (bevy::sprite::Anchor, f32)),
) {
    let (sprite, _) = crate::game::unit_view::sprite_of(template);
    let layer = |image: String, color: Color, z: f32| {
        (
            Sprite {
                image: server.load(image),
                custom_size: Some(Vec2::splat(DISC)),
                color,
                ..default()
            },
            Transform::from_xyz(0.0, 0.0, z),
        )
    };
    let mut unit = commands.spawn((
        Sprite {
            image: server.load("unit.png"),
            custom_size: Some(Vec2::splat(DISC)),
            color: colour.with_alpha(DISC_ALPHA),
            ..default()
        },
        Transform::from_xyz(at.x, at.y, Z_UNITS),
        EditorUnit,
        DespawnOnExit(GameScreen::Editor),
    ));
    unit.with_children(|p| {
        p.spawn(layer(format!("{sprite}.png"), Color::WHITE, 0.1));
        p.spawn(layer(format!("{sprite}_trim.png"), colour, 0.11));
        p.spawn((
            Text2d::new(name.to_string()),
            TextFont::from_font_size(8.0),
            TextColor(Color::WHITE),
            anchor,
            Transform::from_xyz(dx, -DISC * 0.62, 0.5),
        ));
        if let Some(dir) = facing {
            let (dx, dy) = dir.delta();
            let v = Vec2::new(dx as f32, -dy as f32).normalize_or_zero() * DISC * 0.5;
            p.spawn((
                Sprite::from_color(colour, Vec2::splat(5.0)),
                Transform::from_xyz(v.x, v.y, 0.4),
            ));
        }
        if picked {
            p.spawn((
                Sprite {
                    image: server.load("ring.png"),
                    custom_size: Some(Vec2::splat(TILE)),
                    color: PICKED,
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, -0.1),
            ));
        }
    });
}

/// The tile pointed at, or the rectangle being drawn.
fn draw_pointer(
    mut commands: Commands,
    editor: Res<Editor>,
    pointer: Res<Pointer>,
    old: Query<Entity, With<PointerMark>>,
    geo: Res<MapGeometry>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    // The rectangle's first corner, marked while it waits for the second (the pointer
    // off the map too).
    if let (Tool::Rectangle, Some(a), None) = (editor.tool, pointer.anchor, &editor.dialog) {
        let w = geo.world_of(a);
        commands.spawn((
            Sprite::from_color(FIRST_CORNER, Vec2::splat(TILE * FIRST_CORNER_SIZE)),
            Transform::from_xyz(w.x, w.y, Z_HIGHLIGHT + 0.2),
            PointerMark,
            DespawnOnExit(GameScreen::Editor),
        ));
    }
    let Some(tile) = pointer.tile.filter(|_| editor.dialog.is_none()) else {
        return;
    };
    let tiles = match (editor.tool, pointer.anchor) {
        (Tool::Rectangle, Some(a)) => crate::editor::tools::rectangle(a, tile),
        _ => vec![tile],
    };
    for p in tiles {
        let w = geo.world_of(p);
        commands.spawn((
            Sprite::from_color(POINTED, Vec2::splat(TILE)),
            Transform::from_xyz(w.x, w.y, Z_HIGHLIGHT + 0.1),
            PointerMark,
            DespawnOnExit(GameScreen::Editor),
        ));
    }
}
