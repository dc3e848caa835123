//! The editor's dialogs over the map: the start (open a level of `levels/`, or a new one of
//! the size, rulebook and two sides chosen), Save as (the file name typed, and asked again
//! before a file of that name is overwritten), a file changed on disk while edits are not
//! saved (reload it, or keep the document's), a name or the description being typed, and
//! the editor's keys (F1).

use super::widgets::{GOLD, MUTED, button, line};
use super::{Dialog, Editor, EditorAction, TextField};
use crate::editor::new_level::NewLevel;
use crate::editor::units;
use crate::game::screen_state::GameScreen;
use bevy::prelude::*;

const DIALOG_BACK: Color = Color::srgba(0.07, 0.08, 0.11, 0.98);
/// How dark the map is under a dialog.
const DIALOG_SHADE: f32 = 0.6;
const WARN: Color = Color::srgb(1.0, 0.6, 0.45);

/// A dialog's shade and box (put up again on each change).
#[derive(Component)]
struct DialogPart;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_dialog
            .after(super::actions::ActionSystems)
            .run_if(in_state(GameScreen::Editor)),
    );
}

fn show_dialog(mut draw: super::Redraw<DialogPart>) {
    if !draw.due(false, false) {
        return;
    }
    let (commands, editor) = (&mut draw.commands, &draw.editor);
    if let Some(dialog) = &editor.dialog {
        spawn(commands, editor, dialog);
    }
}

/// The dialogs' width, in logical pixels.
const DIALOG_WIDTH: f32 = 760.0;

/// Put up `dialog`, centred on the window over a dimmed map.
fn spawn(commands: &mut Commands, editor: &Editor, dialog: &Dialog) {
    let shade = (
        crate::game::screens::full_window_shade(DIALOG_SHADE),
        // The panels under it take no clicks while it is up.
        bevy::ui::FocusPolicy::Block,
        GlobalZIndex(8),
        DialogPart,
        DespawnOnExit(GameScreen::Editor),
    );
    let body = (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(20)),
            row_gap: px(6),
            border: UiRect::all(px(2)),
            // A width of its own (not only a most): the wrapped rows' height is then laid
            // out at it, and the box grows with them.
            width: px(DIALOG_WIDTH),
            max_width: percent(95),
            ..default()
        },
        BackgroundColor(DIALOG_BACK),
        BorderColor::all(GOLD.with_alpha(0.6)),
    );
    commands.spawn(shade).with_children(|p| {
        p.spawn(body).with_children(|p| match dialog {
            Dialog::Start(new) => start(p, editor, new),
            Dialog::SaveAs { name, exists } => save_as(p, editor, name, exists.as_deref()),
            Dialog::Reload(_) => reload(p, editor),
            Dialog::Typing { field, typed } => typing(p, editor, *field, typed),
            Dialog::Keys => keys(p),
        });
    });
}

/// A row of buttons.
fn row(p: &mut ChildSpawnerCommands, f: impl FnOnce(&mut ChildSpawnerCommands)) {
    p.spawn(Node {
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        ..default()
    })
    .with_children(f);
}

fn start(p: &mut ChildSpawnerCommands, editor: &Editor, new: &NewLevel) {
    line(p, "Level editor", 28.0, GOLD);
    if let Some(e) = &editor.error {
        line(p, e, 14.0, WARN);
    }
    if editor.unsaved() {
        if editor.discard {
            line(p, "Your edits not saved will be discarded.", 14.0, WARN);
        } else {
            line(
                p,
                "The level open has edits not saved: go back to save them (Esc, then Ctrl+S), or",
                14.0,
                WARN,
            );
            row(p, |r| {
                button(r, "Discard them", EditorAction::DiscardEdits, false)
            });
        }
    }
    open_rows(p);
    line(p, "Or a new level:", 16.0, Color::WHITE);
    // The rulebook by its title (`Wounds and Will`), as the level list and the Rules page.
    let book = crate::rulebooks::find(&new.rulebook)
        .map_or(new.rulebook.clone(), |b| b.title().to_string());
    line(
        p,
        &format!(
            "{} x {} tiles, {book} rules, sides {}",
            new.width,
            new.height,
            new.side_names()
        ),
        14.0,
        MUTED,
    );
    // What the rulebook is, as the level list says it.
    if let Some(b) = crate::rulebooks::find(&new.rulebook) {
        line(p, b.summary(), 12.0, MUTED);
    }
    row(p, |r| {
        button(r, "Width -", EditorAction::NewSize(-1, 0), false);
        button(r, "Width +", EditorAction::NewSize(1, 0), false);
        button(r, "Height -", EditorAction::NewSize(0, -1), false);
        button(r, "Height +", EditorAction::NewSize(0, 1), false);
        button(r, "Next rulebook", EditorAction::NewRulebook, false);
        button(r, "Sides -", EditorAction::NewSides(-1), false);
        button(r, "Sides +", EditorAction::NewSides(1), false);
        button(r, "Create the new level", EditorAction::CreateNew, true);
    });
    const SHIFT_STEP: &str = concat!(
        "Shift+click a size button: ",
        super::actions::shift_size_step!(),
        " tiles a step"
    );
    line(p, SHIFT_STEP, 12.0, MUTED);
    if editor.doc.is_some() {
        row(p, |r| {
            button(
                r,
                "Back to the level (Esc)",
                EditorAction::CloseDialog,
                false,
            )
        });
    } else {
        row(p, |r| button(r, "Title", EditorAction::ToTitle, false));
    }
}

/// The levels to open, a button each: `levels/`, then the editor's own folder's.
fn open_rows(p: &mut ChildSpawnerCommands) {
    line(p, "Open a level:", 16.0, Color::WHITE);
    let files = |p: &mut ChildSpawnerCommands, files: Vec<std::path::PathBuf>| {
        row(p, |r| {
            for file in files {
                let name = file
                    .file_stem()
                    .map_or(String::new(), |s| s.to_string_lossy().into_owned());
                button(r, &name, EditorAction::Open(file), false);
            }
        })
    };
    files(p, crate::paths::level_files());
    if let Some((dir, own)) = crate::editor::save::own_save_dir() {
        let dir = crate::paths::display(&dir);
        line(p, &format!("Saved by the editor in {dir}:"), 14.0, MUTED);
        if own.is_empty() {
            line(p, "(none yet: Save As puts a level here)", 14.0, MUTED);
        } else {
            files(p, own);
        }
    }
}

fn save_as(
    p: &mut ChildSpawnerCommands,
    editor: &Editor,
    name: &str,
    exists: Option<&std::path::Path>,
) {
    line(p, "Save as", 24.0, GOLD);
    let dir = crate::paths::display(&crate::editor::save::save_dir());
    line(
        p,
        &format!("A file name (letters, digits, _ and -; a space becomes _), saved in {dir}:"),
        14.0,
        MUTED,
    );
    text_box(p, name, editor.typed_caret);
    refusal(p, editor);
    match exists {
        Some(path) => {
            let shown = crate::paths::display(path);
            line(
                p,
                &format!("{shown} exists already. Replace it?"),
                15.0,
                WARN,
            );
            row(p, |r| {
                button(r, "Replace it", EditorAction::Overwrite, false);
                button(r, "Cancel (Esc)", EditorAction::CloseDialog, false);
            });
        }
        None => row(p, |r| {
            button(r, "Save (Enter)", EditorAction::ConfirmSaveAs, true);
            button(r, "Cancel (Esc)", EditorAction::CloseDialog, false);
        }),
    }
}

/// Why the text typed was not taken, under it, until it is mended.
fn refusal(p: &mut ChildSpawnerCommands, editor: &Editor) {
    if let Some(why) = &editor.refused {
        line(p, why, 15.0, WARN);
    }
}

/// The text typed, with its caret (`|`); the old text, still selected, on the selection's
/// colour (typing replaces it). Each character is a button: a click on its left half puts
/// the caret before it, on its right half after it; a click on the box past the text at its
/// end. The text wraps between words (a word
/// as long as the box, anywhere).
fn text_box(p: &mut ChildSpawnerCommands, typed: &str, caret: super::caret::Caret) {
    let selected = caret.selected && !typed.is_empty();
    let at = (!selected).then(|| caret.chars_before(typed));
    let chars: Vec<char> = typed.chars().collect();
    let (before, after) = caret.split(typed);
    p.spawn((
        Button,
        EditorAction::PutCaret(chars.len()),
        super::widgets::WholeText(format!("{before}|{after}")),
        Node {
            padding: UiRect::axes(px(10), px(4)),
            // The dialog's whole width, whatever the text: a box that grew and shrank with
            // it would re-wrap the words under the caret while one types.
            width: percent(100),
            flex_wrap: FlexWrap::Wrap,
            border: UiRect::all(px(1)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.12, 0.13, 0.17)),
        BorderColor::all(Color::WHITE),
    ))
    .with_children(|b| {
        // Words, each with the spaces after it, kept whole on a line.
        let mut start = 0;
        while start < chars.len() {
            let mut end = start;
            while end < chars.len() && chars[end] != ' ' {
                end += 1;
            }
            while end < chars.len() && chars[end] == ' ' {
                end += 1;
            }
            b.spawn(Node::default()).with_children(|w| {
                for (n, c) in chars.iter().enumerate().take(end).skip(start) {
                    if at == Some(n) {
                        w.spawn(caret_mark());
                    }
                    let back = selected.then_some(SELECTION);
                    w.spawn((
                        typed_char(*c, back),
                        EditorAction::PutCaret(n),
                        bevy::ui::RelativeCursorPosition::default(),
                    ));
                }
            });
            start = end;
        }
        if at.is_none_or(|a| a >= chars.len()) {
            b.spawn(caret_mark());
        }
    });
}

/// One character of a text box, a button (a space: as wide as a character of the
/// monospaced font, which a text of a space alone is not).
fn typed_char(c: char, back: Option<Color>) -> impl Bundle {
    let size = TEXT_BOX_FONT;
    (
        Button,
        Text::new(if c == ' ' {
            String::new()
        } else {
            c.to_string()
        }),
        TextFont::from_font_size(size),
        TextColor(Color::WHITE),
        Node {
            min_width: px(size * MONO_ADVANCE),
            min_height: px(size * LINE_HEIGHT),
            ..default()
        },
        BackgroundColor(back.unwrap_or(Color::NONE)),
    )
}

/// The caret: a bar between two characters that takes no room of its own, so that the text
/// after it never shifts as it moves.
fn caret_mark() -> impl Bundle {
    let size = TEXT_BOX_FONT;
    (
        Node {
            width: px(0),
            min_height: px(size * LINE_HEIGHT),
            ..default()
        },
        children![(
            Text::new("|"),
            TextFont::from_font_size(size),
            TextColor(GOLD),
            Node {
                position_type: PositionType::Absolute,
                left: px(-size * MONO_ADVANCE / 2.0),
                ..default()
            },
        )],
    )
}

/// The advance of the default font's characters, in font sizes (Fira Mono: 600 of 1,000
/// units to the em).
const MONO_ADVANCE: f32 = 0.6;
/// A text box's font size, in logical pixels, and its line's height, in font sizes.
const TEXT_BOX_FONT: f32 = 18.0;
const LINE_HEIGHT: f32 = 1.2;

/// Which statistic is typed, and the whole numbers the rulebook takes for it.
fn stat_hint(editor: &Editor, n: usize) -> String {
    let Some(file) = editor.doc.as_ref().and_then(|d| d.view().file.as_ref()) else {
        return String::new();
    };
    let Some(stat) = units::stats(file).get(n).copied() else {
        return String::new();
    };
    let (lo, hi) = units::bounds(file, stat);
    format!("{stat}: a whole number from {lo} to {hi}; nothing: the template's")
}

/// The colour behind text selected in a text box.
const SELECTION: Color = Color::srgb(0.2, 0.35, 0.7);

fn typing(p: &mut ChildSpawnerCommands, editor: &Editor, field: TextField, typed: &str) {
    line(p, field.title(), 24.0, GOLD);
    use crate::editor::level_fields::MAX_DESCRIPTION_CHARS;
    use crate::editor::units::MAX_NAME_CHARS;
    let hint = match field {
        TextField::Description => format!(
            "A few sentences, as the level list shows them (at most {MAX_DESCRIPTION_CHARS} characters):"
        ),
        TextField::LevelName => {
            format!("As the level list shows it (at most {MAX_NAME_CHARS} characters):")
        }
        TextField::Stat(_, n) => stat_hint(editor, n),
        _ => format!(
            "Its own, at most {MAX_NAME_CHARS} characters; the level's other mentions of it (unions, objectives, lessons) follow:"
        ),
    };
    line(p, &hint, 14.0, MUTED);
    if !matches!(field, TextField::Stat(..)) {
        let count = typed.chars().count();
        line(p, &format!("{count} characters"), 12.0, MUTED);
    }
    text_box(p, typed, editor.typed_caret);
    refusal(p, editor);
    row(p, |r| {
        button(r, "Take it (Enter)", EditorAction::ConfirmTyped, true);
        button(r, "Clear", EditorAction::ClearTyped, false);
        button(r, "Cancel (Esc)", EditorAction::CloseDialog, false);
    });
}

/// The width of the keys' column in the keys' dialog, in logical pixels.
const KEYS_COLUMN: f32 = 220.0;

/// The editor's keys and mouse, a line each: the keys in gold, what they do beside them.
fn keys(p: &mut ChildSpawnerCommands) {
    line(p, "The editor's keys", 24.0, GOLD);
    for (keys, does) in super::keys::EDITOR_KEYS {
        p.spawn(Node {
            width: percent(100),
            ..default()
        })
        .with_children(|r| {
            r.spawn(Node {
                width: px(KEYS_COLUMN),
                flex_shrink: 0.0,
                ..default()
            })
            .with_children(|k| line(k, keys, 14.0, GOLD));
            line(r, does, 14.0, Color::WHITE);
        });
    }
    row(p, |r| {
        button(r, "Close (Esc or F1)", EditorAction::CloseDialog, true)
    });
}

fn reload(p: &mut ChildSpawnerCommands, editor: &Editor) {
    let file = editor.doc.as_ref().map_or(String::new(), |d| d.label());
    line(p, &format!("{file} changed on disk"), 22.0, GOLD);
    line(
        p,
        "Your edits are not saved. Take the file as it is on disk (your version stays one Undo away), or keep yours (saving then replaces the file)?",
        14.0,
        MUTED,
    );
    row(p, |r| {
        button(r, "Reload from disk", EditorAction::Reload, false);
        button(r, "Keep mine", EditorAction::KeepMine, true);
    });
}
