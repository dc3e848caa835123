//! The tools on the map: the brush paints each tile pressed or dragged over (one stroke,
//! one step of undo), the rectangle paints from the tile pressed to the one released (or
//! from one tile clicked to the next), the
//! fill paints the joined tiles of one terrain; Place puts a unit down, Select picks one
//! and moves it (drag it, or click a free tile). The right button (or Esc) lets go of the
//! unit and of a rectangle's first corner.
//! While an objective's area is edited, a click puts the tile in it or takes it out.

use super::{Editor, Tool};
use crate::editor::{ops, tools};
use crate::game::map_view::{GameCamera, MapGeometry, free_rect};
use crate::game::notice::{Notice, NoticeBoard, Tell};
use crate::game::screen_state::GameScreen;
use crate::rules::grid::Pos;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Where the pointer is on the map, and what a press started.
#[derive(Resource, Debug, Default)]
pub struct Pointer {
    /// The tile under the pointer, when it is over the map and not the panels.
    pub tile: Option<Pos>,
    /// The first corner of a rectangle being drawn.
    pub anchor: Option<Pos>,
    /// The unit being dragged.
    pub dragging: Option<usize>,
    /// A brush stroke is on (its tiles are one step of undo).
    pub stroking: bool,
    /// The last tile a brush stroke painted.
    pub last_painted: Option<Pos>,
}

/// The mouse's systems; the marks that follow the pointer are drawn after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MouseSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<Pointer>().add_systems(
        Update,
        (point, use_tool)
            .chain()
            .in_set(MouseSystems)
            .run_if(in_state(GameScreen::Editor)),
    );
}

/// The tile under the pointer, when it is over the map's part of the window.
fn point(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<GameCamera>>,
    geo: Res<MapGeometry>,
    ui_scale: Res<UiScale>,
    mut pointer: ResMut<Pointer>,
) {
    let (camera, tf) = *camera;
    let free = free_rect(&window, ui_scale.0, 0.0);
    let tile = window
        .cursor_position()
        .filter(|c| free.contains(*c))
        .and_then(|c| camera.viewport_to_world_2d(tf, c).ok())
        .and_then(|w| geo.pos_at(w));
    if pointer.tile != tile {
        pointer.tile = tile;
    }
}

/// The tool at work on the map. While a dialog is up, and in the frame after it closed
/// (a click on its button over the map closes it), the map takes no clicks.
fn use_tool(
    buttons: Res<ButtonInput<MouseButton>>,
    mut editor: ResMut<Editor>,
    mut pointer: ResMut<Pointer>,
    mut notice: ResMut<Notice>,
    mut dialog_was_up: Local<bool>,
    mut tool_was: Local<Tool>,
    time: Res<Time>,
) {
    let was_up = std::mem::replace(&mut *dialog_was_up, editor.dialog.is_some());
    if editor.dialog.is_some() || was_up {
        *pointer = Pointer {
            tile: pointer.tile,
            ..default()
        };
        return;
    }
    let mut tell = NoticeBoard {
        notice: &mut notice,
        time: &time,
    };
    // The right button lets go of the unit picked, and of a rectangle's first corner; so
    // does another tool.
    if buttons.just_pressed(MouseButton::Right) {
        pointer.anchor = None;
        if editor.selected.take().is_some() {
            editor.touched();
        }
    }
    if std::mem::replace(&mut *tool_was, editor.tool) != editor.tool {
        pointer.anchor = None;
    }
    let tile = pointer.tile;
    if buttons.just_pressed(MouseButton::Left)
        && let Some(p) = tile
    {
        press(&mut editor, &mut pointer, p, &mut tell);
    } else if buttons.pressed(MouseButton::Left)
        && let Some(p) = tile
    {
        drag(&mut editor, &mut pointer, p, &mut tell);
    }
    if buttons.just_released(MouseButton::Left) {
        release(&mut editor, &mut pointer, tile, &mut tell);
    }
}

/// The terrain tool's tiles painted, as one step of undo.
fn paint(editor: &mut Editor, tiles: &[Pos], tell: &mut dyn Tell) {
    let name = editor.terrain.clone();
    if editor.edit(tell, |f, t| ops::paint(f, t, tiles, &name)) {
        editor.touched();
    }
}

/// The unit standing on `p`, if one does.
fn unit_at(editor: &Editor, p: Pos) -> Option<usize> {
    let file = editor.doc.as_ref()?.view().file.as_ref()?;
    file.units.iter().position(|u| u.pos == p)
}

fn press(editor: &mut Editor, pointer: &mut Pointer, p: Pos, tell: &mut dyn Tell) {
    if let Some(i) = editor.area {
        return super::side_fields::toggle_area(editor, i, p, tell);
    }
    match editor.tool {
        Tool::Brush => {
            paint(editor, &[p], tell);
            pointer.stroking = true;
            pointer.last_painted = Some(p);
        }
        // A second click ends a rectangle begun with a click (the first corner, clicked).
        Tool::Rectangle => match pointer.anchor.take() {
            Some(a) => paint(editor, &tools::rectangle(a, p), tell),
            None => pointer.anchor = Some(p),
        },
        Tool::Fill => {
            let map =
                (editor.doc.as_ref()).and_then(|d| d.view().file.as_ref().map(|f| f.map.clone()));
            let tiles = map.map(|m| tools::flood_fill(&m, p)).unwrap_or_default();
            paint(editor, &tiles, tell);
        }
        Tool::Place => place(editor, p, tell),
        Tool::Select => match unit_at(editor, p) {
            Some(i) => {
                editor.selected = Some(i);
                pointer.dragging = Some(i);
                editor.touched();
            }
            None => {
                if let Some(i) = editor.selected {
                    move_unit(editor, i, p, tell);
                }
            }
        },
    }
}

/// Put a unit of the chosen template and side on `p`, and pick it.
fn place(editor: &mut Editor, p: Pos, tell: &mut dyn Tell) {
    if unit_at(editor, p).is_some() {
        return tell.refuse("A unit stands there already: pick a free tile".into());
    }
    let file = editor.doc.as_ref().and_then(|d| d.view().file.clone());
    let Some(side) = file
        .as_ref()
        .and_then(|f| f.sides.get(editor.side))
        .map(|s| s.name.clone())
    else {
        return tell.refuse("The level has no side to place units for".into());
    };
    let (template, facing) = (
        editor.template.clone(),
        super::actions::placing_facing(editor),
    );
    let mut placed = None;
    let made = editor.edit(tell, |f, t| {
        placed = Some(ops::place_unit(f, t, (&template, &side), p, facing)?);
        Ok(())
    });
    if made {
        editor.selected = placed;
        editor.touched();
    }
}

fn move_unit(editor: &mut Editor, i: usize, to: Pos, tell: &mut dyn Tell) {
    if unit_at(editor, to).is_some() {
        return;
    }
    if editor.edit(tell, |_, t| t.move_unit(i, to)) {
        editor.touched();
    }
}

fn drag(editor: &mut Editor, pointer: &mut Pointer, p: Pos, tell: &mut dyn Tell) {
    if editor.tool != Tool::Brush || !pointer.stroking || pointer.last_painted == Some(p) {
        return;
    }
    // The tiles passed over since the last frame too: a fast drag leaves no gaps.
    let tiles = pointer
        .last_painted
        .map_or(vec![p], |last| tools::stroke(last, p));
    pointer.last_painted = Some(p);
    let name = editor.terrain.clone();
    let Some(doc) = editor.doc.as_mut() else {
        return;
    };
    // The stroke's further tiles join its step of undo.
    match doc.continue_edit(|f, t| ops::paint(f, t, &tiles, &name)) {
        Ok(()) => editor.touched(),
        Err(e) => tell.refuse(format!("Cannot paint there: {e}")),
    }
}

fn release(editor: &mut Editor, pointer: &mut Pointer, tile: Option<Pos>, tell: &mut dyn Tell) {
    // A rectangle dragged ends where the button is let go; one clicked waits for its
    // second corner's click.
    if let (Some(a), Some(b), Tool::Rectangle) = (pointer.anchor, tile, editor.tool) {
        if a == b {
            return release_all_but_the_anchor(pointer);
        }
        paint(editor, &tools::rectangle(a, b), tell);
    }
    if let (Some(i), Some(to)) = (pointer.dragging, tile)
        && unit_at(editor, to) != Some(i)
    {
        move_unit(editor, i, to, tell);
    }
    pointer.anchor = None;
    release_all_but_the_anchor(pointer);
}

fn release_all_but_the_anchor(pointer: &mut Pointer) {
    pointer.dragging = None;
    pointer.stroking = false;
    pointer.last_painted = None;
}
