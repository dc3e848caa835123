//! The editor's widgets, drawn by its panels, pages and dialogs: a button sending an
//! action, a line of text, a row of them, and their colours.

use super::EditorAction;
use bevy::prelude::*;

pub const BUTTON_BACK: Color = Color::srgb(0.2, 0.24, 0.32);
pub const BUTTON_ON: Color = Color::srgb(0.55, 0.42, 0.12);
pub const GOLD: Color = Color::srgb(1.0, 0.84, 0.35);
pub const MUTED: Color = Color::srgb(0.7, 0.72, 0.78);
pub const PROBLEM_RED: Color = Color::srgb(1.0, 0.55, 0.5);

/// A button sending `action`, lit when `on`.
pub fn button(p: &mut ChildSpawnerCommands, label: &str, action: EditorAction, on: bool) {
    let back = if on { BUTTON_ON } else { BUTTON_BACK };
    spawn_button(p, label, back, Color::WHITE).insert(action);
}

/// The back and words of a button that cannot be pressed now.
pub const BUTTON_OFF: Color = Color::srgb(0.16, 0.17, 0.2);
pub const WORDS_OFF: Color = Color::srgb(0.45, 0.47, 0.52);

/// A button sending `action` when `enabled`; otherwise greyed, and a press does nothing
/// (its label stays the same, so the bar does not shift as it comes and goes).
pub fn button_when(p: &mut ChildSpawnerCommands, label: &str, action: EditorAction, enabled: bool) {
    if enabled {
        button(p, label, action, false);
    } else {
        spawn_button(p, label, BUTTON_OFF, WORDS_OFF);
    }
}

/// A button's box and label, without what it sends.
fn spawn_button<'a>(
    p: &'a mut ChildSpawnerCommands,
    label: &str,
    back: Color,
    words: Color,
) -> EntityCommands<'a> {
    let mut b = p.spawn((
        Button,
        Node {
            padding: UiRect::axes(px(8), px(4)),
            margin: UiRect::all(px(2)),
            ..default()
        },
        BackgroundColor(back),
    ));
    b.with_child((
        Text::new(label),
        TextFont::from_font_size(13.0),
        TextColor(words),
    ));
    b
}

/// The whole text a box shows a character at a time, its caret as `|` (`river_ca|mp`), for
/// the window scripts' `ExpectText` to read.
#[derive(Component, Debug)]
pub struct WholeText(pub String);

/// A line of text.
pub fn line(p: &mut ChildSpawnerCommands, text: &str, size: f32, colour: Color) {
    p.spawn((
        Text::new(text),
        TextFont::from_font_size(size),
        TextColor(colour),
    ));
}

/// A row of buttons and words, wrapped to the panel's width.
pub fn row(p: &mut ChildSpawnerCommands, f: impl FnOnce(&mut ChildSpawnerCommands)) {
    p.spawn(Node {
        flex_wrap: FlexWrap::Wrap,
        align_items: AlignItems::Center,
        column_gap: px(4),
        ..default()
    })
    .with_children(f);
}
