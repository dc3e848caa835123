//! What the editor's buttons and keys ask for (`EditorAction`, a message), and doing it:
//! choosing tools, terrain and templates, undo and redo, the selected unit's duplicate,
//! delete and turn, the rulebook, opening, making and saving levels.

use super::{Dialog, Editor, Page, TextField, Tool, saving};
use crate::editor::EditorDoc;
use crate::editor::objectives::ObjectiveKind;
use crate::editor::ops;
use crate::editor::problems::{Fault, fault_of};
use crate::game::notice::{Notice, Tell};
use crate::game::screen_state::GameScreen;
use crate::level::edit::LevelText;
use crate::rules::grid::{Dir8, Pos};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use std::path::PathBuf;

/// Something the designer asks the editor to do.
#[derive(Message, Component, Clone, Debug, PartialEq, Eq)]
pub enum EditorAction {
    Tool(Tool),
    Terrain(String),
    Template(String),
    /// The side and the facing of the units placed next.
    NextSide,
    TurnFacing,
    Undo,
    Redo,
    /// The keys' dialog (F1): put up, or (up already) taken down.
    ShowKeys,
    /// Save to the document's file (a new level: Save as).
    Save,
    SaveAs,
    /// Save as the name typed; overwrite a file of that name.
    ConfirmSaveAs,
    Overwrite,
    CloseDialog,
    /// The start dialog: open a file, change the new level's size or rulebook, make it.
    ShowStart,
    /// In the start dialog: the level open may be left with its edits not saved.
    DiscardEdits,
    Open(PathBuf),
    NewSize(i32, i32),
    NewRulebook,
    NewSides(i32),
    CreateNew,
    Duplicate,
    Delete,
    /// The level's rulebook: the next registered one.
    NextRulebook,
    /// Select what problem `n` is about.
    Problem(usize),
    /// The file changed on disk: take its text, or keep the document's.
    Reload,
    KeepMine,
    /// Playtest against the computer, or as the level seats its sides.
    ToggleOpponent,
    /// The level's own fields (`fields`): a name or the description typed (the dialog
    /// opened, its text taken, emptied), a new dice seed, grow or shrink the map, the
    /// next controller of side `n`, the next value of switch `n` (`SWITCHES`), the
    /// balance's share and margin stepped, or taken out (even).
    Type(TextField),
    ConfirmTyped,
    ClearTyped,
    /// A click in the text box: the caret before its `n`th character.
    PutCaret(usize),
    NewSeed,
    Resize(i32, i32),
    /// Grow or cut the map at its left and top edges, the battle moving with the terrain.
    ResizeAtStart(i32, i32),
    CycleController(usize),
    Switch(usize),
    Balance(i32, i32),
    EvenBalance,
    /// The side panel's page.
    Page(Page),
    /// The sides (`side_fields`): side `n` surprised or not, a side added, side `n`
    /// removed (its units and objectives with it), an objective of a kind added,
    /// objective `n` removed, its area edited on the map (or no longer), its number
    /// (rounds, or units to reach) stepped.
    Surprised(usize),
    AddSide,
    RemoveSide(usize),
    AddObjective(ObjectiveKind),
    RemoveObjective(usize),
    EditArea(usize),
    StepObjective(usize, i64),
    /// The picked unit (`unit_fields`): statistic `n` (`units::STATS`) stepped by the
    /// amount, or back to its template's; into one union with unit `n`, or out of its.
    Stat(usize, i32),
    ResetStat(usize),
    JoinUnion(usize),
    LeaveUnion,
    Playtest,
    /// Start or stop the background duel (`duel`).
    Duel,
    ToTitle,
}

/// Where actions are done; the keys and buttons that send them run before.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ActionSystems;

pub fn plugin(app: &mut App) {
    app.add_message::<EditorAction>()
        .add_systems(
            Update,
            press_buttons
                .before(ActionSystems)
                .run_if(in_state(GameScreen::Editor)),
        )
        .add_systems(
            Update,
            apply_actions
                .in_set(ActionSystems)
                .run_if(in_state(GameScreen::Editor)),
        );
}

/// How many tiles a size button steps with Shift held (one without), as a literal the
/// help texts can `concat!`.
macro_rules! shift_size_step {
    () => {
        5
    };
}
pub(super) use shift_size_step;

/// How many tiles a size button steps with Shift held (one without).
pub const SHIFT_SIZE_STEP: i32 = shift_size_step!();

/// A pressed editor button sends its action; a size button with Shift held steps
/// `SHIFT_SIZE_STEP` tiles; a text box's character pressed on its right half puts the caret
/// after it, as a text editor does (on its left half, before it).
fn press_buttons(
    buttons: Query<
        (&Interaction, &EditorAction, Option<&RelativeCursorPosition>),
        Changed<Interaction>,
    >,
    keys: Res<ButtonInput<KeyCode>>,
    mut out: MessageWriter<EditorAction>,
) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let k = if shift { SHIFT_SIZE_STEP } else { 1 };
    for (i, action, at) in &buttons {
        if *i == Interaction::Pressed {
            let right_half = at.and_then(|a| a.normalized).is_some_and(|p| p.x > 0.0);
            out.write(match action {
                EditorAction::PutCaret(n) if right_half => EditorAction::PutCaret(n + 1),
                EditorAction::Resize(dw, dh) => EditorAction::Resize(dw * k, dh * k),
                EditorAction::ResizeAtStart(dw, dh) => EditorAction::ResizeAtStart(dw * k, dh * k),
                EditorAction::NewSize(dw, dh) => EditorAction::NewSize(dw * k, dh * k),
                other => other.clone(),
            });
        }
    }
}

/// What doing an action may touch besides the editor.
#[derive(bevy::ecs::system::SystemParam)]
struct Outside<'w> {
    notice: ResMut<'w, Notice>,
    time: Res<'w, Time>,
    next: ResMut<'w, NextState<GameScreen>>,
}

impl Outside<'_> {
    fn say(&mut self, text: impl Into<String>) {
        let time = *self.time;
        self.notice.say(text.into(), &time);
    }

    /// Tell the designer what was not done, and why.
    fn refuse(&mut self, text: impl Into<String>) {
        let time = *self.time;
        self.notice.refuse(text.into(), &time);
    }
}

impl Tell for Outside<'_> {
    fn say(&mut self, text: String) {
        Outside::say(self, text);
    }

    fn refuse(&mut self, text: String) {
        Outside::refuse(self, text);
    }
}

fn apply_actions(
    mut actions: MessageReader<EditorAction>,
    mut editor: ResMut<Editor>,
    mut outside: Outside,
) {
    for action in actions.read() {
        act(&mut editor, action, &mut outside);
        editor.touched();
    }
}

fn act(editor: &mut Editor, action: &EditorAction, outside: &mut Outside) {
    use EditorAction as A;
    // A dialog's refusal stands until the text is mended or something else is done.
    if !matches!(action, A::ConfirmTyped | A::ConfirmSaveAs | A::Overwrite) {
        editor.refused = None;
    }
    match action {
        A::Tool(t) => editor.tool = *t,
        A::Terrain(name) => {
            editor.terrain = name.clone();
            if !editor.tool.paints() {
                editor.tool = Tool::Brush;
            }
        }
        A::Template(name) => {
            editor.template = name.clone();
            editor.tool = Tool::Place;
        }
        A::NextSide => editor.side = (editor.side + 1) % side_count(editor).max(1),
        A::TurnFacing => turn(editor, outside),
        A::Undo | A::Redo => history(editor, *action == A::Undo, outside),
        A::Duplicate => duplicate(editor, outside),
        A::Delete => delete(editor, outside),
        A::NextRulebook => next_rulebook(editor, outside),
        A::Problem(n) => select_problem(editor, *n),
        A::PutCaret(n) => super::fields::put_caret(editor, *n),
        A::ToggleOpponent => editor.vs_computer = !editor.vs_computer,
        A::Page(page) => {
            editor.page = *page;
            editor.selected = None;
        }
        A::Type(_)
        | A::ConfirmTyped
        | A::ClearTyped
        | A::NewSeed
        | A::Resize(..)
        | A::ResizeAtStart(..)
        | A::CycleController(_)
        | A::Switch(_)
        | A::Balance(..)
        | A::EvenBalance => super::fields::apply(editor, action, outside),
        A::Surprised(_)
        | A::AddSide
        | A::RemoveSide(_)
        | A::AddObjective(_)
        | A::RemoveObjective(_)
        | A::EditArea(_)
        | A::StepObjective(..) => super::side_fields::apply(editor, action, outside),
        A::Stat(..) | A::ResetStat(_) | A::JoinUnion(_) | A::LeaveUnion => {
            super::unit_fields::apply(editor, action, outside)
        }
        A::ToTitle => {
            if editor.unsaved() {
                outside.say(
                    "Your edits not saved stay in the editor: Level editor (E) returns to them",
                );
            }
            outside.next.set(GameScreen::Title);
        }
        A::Playtest | A::Duel => {} // `playtest` and `duel` read them.
        _ => files(editor, action, outside),
    }
}

/// The actions of the dialogs and files.
fn files(editor: &mut Editor, action: &EditorAction, outside: &mut Outside) {
    use EditorAction as A;
    match action {
        A::Save => saving::save(editor, outside),
        A::SaveAs => saving::open_save_as(editor),
        A::ConfirmSaveAs => saving::save_as_typed(editor, false, outside),
        A::Overwrite => saving::save_as_typed(editor, true, outside),
        // Closing the question about the file on disk keeps the document's text.
        A::CloseDialog if matches!(editor.dialog, Some(Dialog::Reload(_))) => {
            files(editor, &A::KeepMine, outside)
        }
        // Esc with no dialog up ends an area's editing.
        A::CloseDialog if editor.dialog.is_none() && editor.area.is_some() => {
            editor.area = None;
            outside.say("The area is done: the tools are back");
        }
        // The start dialog stays while there is no document to go back to.
        A::CloseDialog if editor.doc.is_some() => editor.dialog = None,
        A::ShowKeys if matches!(editor.dialog, Some(Dialog::Keys)) => editor.dialog = None,
        A::ShowKeys => editor.dialog = Some(Dialog::Keys),
        A::ShowStart => {
            editor.discard = false;
            editor.dialog = Some(Dialog::Start(editor.new_level()));
        }
        A::DiscardEdits => editor.discard = true,
        // Edits not saved are never dropped without the designer's word.
        A::Open(_) | A::CreateNew if editor.unsaved() && !editor.discard => outside.refuse(
            "The level open has edits not saved: save them first (Esc, then Ctrl+S), or discard them",
        ),
        A::Open(path) => match EditorDoc::open(path) {
            Ok(doc) => {
                outside.say(format!("Opened {}", crate::paths::display(path)));
                editor.take(doc);
            }
            Err(e) => editor.error = Some(e),
        },
        A::NewSize(..) | A::NewRulebook | A::NewSides(_) => new_level_choice(editor, action),
        A::CreateNew => {
            if let Some(Dialog::Start(new)) = editor.dialog.clone() {
                let doc = saving::new_document(&new, editor.new_at.take());
                editor.take(doc);
                editor.last_new = Some(new);
                outside.say("A new level: paint it, place units, then save (Ctrl+S)");
            }
        }
        A::Reload => {
            if let (Some(Dialog::Reload(text)), Some(doc)) =
                (editor.dialog.clone(), &mut editor.doc)
            {
                doc.take_disk_text(text.clone());
                editor.disk_seen = Some(text);
                editor.dialog = None;
                outside.say("Reloaded the file from disk (Ctrl+Z takes your version back)");
            }
        }
        A::KeepMine => {
            if let Some(Dialog::Reload(text)) = editor.dialog.take() {
                editor.disk_seen = Some(text);
                outside.say("Kept your version: saving will replace the file on disk");
            }
        }
        _ => {}
    }
}

/// A choice of the start dialog's new level: its size, rulebook or number of sides.
fn new_level_choice(editor: &mut Editor, action: &EditorAction) {
    let Some(Dialog::Start(new)) = &mut editor.dialog else {
        return;
    };
    match action {
        EditorAction::NewSize(dw, dh) => {
            use crate::editor::new_level::{MAX_NEW_SIDE, MIN_NEW_SIDE};
            let step =
                |v: u32, d: i32| v.saturating_add_signed(d).clamp(MIN_NEW_SIDE, MAX_NEW_SIDE);
            new.width = step(new.width, *dw);
            new.height = step(new.height, *dh);
        }
        EditorAction::NewRulebook => new.rulebook = next_book(&new.rulebook),
        EditorAction::NewSides(by) => new.step_sides(*by),
        _ => {}
    }
}

/// The number of sides the draft has.
fn side_count(editor: &Editor) -> usize {
    let file = editor.doc.as_ref().and_then(|d| d.view().file.as_ref());
    file.map_or(0, |f| f.sides.len())
}

/// The rulebook registered after `name` (round to the first).
fn next_book(name: &str) -> String {
    let books: Vec<&str> = crate::rulebooks::all().iter().map(|b| b.name()).collect();
    let at = books.iter().position(|b| *b == name);
    let next = at.map_or(0, |i| (i + 1) % books.len());
    books.get(next).copied().unwrap_or("Core").to_string()
}

fn turn(editor: &mut Editor, outside: &mut Outside) {
    let Some(i) = editor.selected else {
        // Towards the enemies, then each way round from north, then towards them again.
        editor.facing = match editor.facing {
            None => Some(Dir8::N),
            Some(Dir8::NW) => None,
            Some(f) => Some(f.rotated(1)),
        };
        return;
    };
    let now = (editor.doc.as_ref())
        .and_then(|d| {
            d.view()
                .level
                .as_ref()
                .and_then(|l| l.units.get(i).map(|u| u.facing))
        })
        .or_else(|| {
            editor
                .doc
                .as_ref()
                .and_then(|d| d.view().file.as_ref()?.units.get(i)?.facing)
        })
        .unwrap_or(Dir8::N);
    let to = now.rotated(1);
    editor.edit(outside, |_, t| ops::face_unit(t, i, to));
}

fn history(editor: &mut Editor, undo: bool, outside: &mut Outside) {
    let Some(doc) = editor.doc.as_mut() else {
        return;
    };
    let before = doc.view().file.clone();
    let done = if undo { doc.undo() } else { doc.redo() };
    if !done {
        outside.refuse(if undo {
            "Nothing to undo"
        } else {
            "Nothing to redo"
        });
    } else {
        // The edit as it was made: from the older text to the newer.
        let after = doc.view().file.as_ref();
        let (older, newer) = if undo {
            (after, before.as_ref())
        } else {
            (before.as_ref(), after)
        };
        let what = crate::editor::change::what_changed(older, newer);
        let verb = if undo { "Undone" } else { "Redone" };
        outside.say(format!("{verb}: {what}"));
    }
    let units = doc.view().file.as_ref().map_or(0, |f| f.units.len());
    editor.selected = editor.selected.filter(|i| *i < units);
}

/// The free tile nearest `from` (a passable one no unit stands on), nearest first.
pub fn free_tile_near(editor: &Editor, from: Pos) -> Option<Pos> {
    let view = editor.doc.as_ref()?.view();
    let (grid, file) = (view.grid.as_ref()?, view.file.as_ref()?);
    let taken = |p: Pos| file.units.iter().any(|u| u.pos == p);
    let reach = grid.width.max(grid.height) as i32;
    (1..=reach).find_map(|r| {
        let ring =
            (-r..=r).flat_map(|dy| (-r..=r).map(move |dx| Pos::new(from.x + dx, from.y + dy)));
        ring.filter(|p| (p.x - from.x).abs().max((p.y - from.y).abs()) == r)
            .find(|p| grid.passable(*p) && !taken(*p))
    })
}

fn duplicate(editor: &mut Editor, outside: &mut Outside) {
    let Some(i) = editor.selected else {
        return outside.refuse("Pick a unit to duplicate (Select, 5)");
    };
    let from = editor
        .doc
        .as_ref()
        .and_then(|d| d.view().file.as_ref()?.units.get(i).map(|u| u.pos));
    let Some(to) = from.and_then(|p| free_tile_near(editor, p)) else {
        return outside.refuse("No free tile for the copy");
    };
    let mut copy = None;
    editor.edit(outside, |f, t| {
        copy = Some(ops::duplicate_unit(f, t, i, to)?);
        Ok(())
    });
    editor.selected = copy.or(editor.selected);
}

fn delete(editor: &mut Editor, outside: &mut Outside) {
    let Some(i) = editor.selected.take() else {
        return outside.refuse("Pick a unit to delete (Select, 5)");
    };
    editor.edit(outside, |_, t| t.remove_item("units", i));
}

fn next_rulebook(editor: &mut Editor, outside: &mut Outside) {
    let now = (editor.doc.as_ref())
        .and_then(|d| d.view().file.as_ref())
        .map(|f| f.rules.preset.unwrap_or_default().0.to_string())
        .unwrap_or_default();
    let next = next_book(&now);
    if editor.edit(outside, |f, t| ops::set_rulebook(f, t, &next)) {
        let title = crate::rulebooks::find(&next).map_or(next.clone(), |b| b.title().to_string());
        outside.say(format!(
            "The level's rules are now {title}; a click again: the next rulebook, Ctrl+Z: back"
        ));
    }
}

fn select_problem(editor: &mut Editor, n: usize) {
    let Some(doc) = editor.doc.as_ref() else {
        return;
    };
    let Some(problem) = doc.view().problems.get(n) else {
        return;
    };
    match fault_of(&LevelText::new(doc.text()), problem) {
        Fault::Unit(i) => {
            editor.selected = Some(i);
            editor.tool = Tool::Select;
            editor.marked = None;
        }
        Fault::Tile(p) => {
            editor.marked = Some(p);
            editor.selected = None;
        }
        Fault::Elsewhere => editor.marked = None,
    }
}

/// The facing a unit placed now takes.
pub fn placing_facing(editor: &Editor) -> Option<Dir8> {
    editor.facing
}
