//! The level editor's window (issue 37): `GameScreen::Editor`, where a level's text is
//! edited through the headless `crate::editor` (the document, its undo, the edits) and
//! shown with the battles' own tilemap (`map_view`, fed the draft's terrain through
//! `BattleMap`). Opened by `skirmish edit LEVEL` or the title's Level editor button.
//!
//! - `actions`: what a button or key asks (`EditorAction`) and doing it; `saving`: Ctrl+S,
//!   Save as and a new level's document.
//! - `panels`: the toolbar above, the palette below, the side panel (level, unit,
//!   problems); `dialogs`: open or new, save as, a file changed on disk.
//! - `view`: the draft's units on the map, the selection, the tile pointed at.
//! - `mouse`: the tools on the map (brush, rectangle, fill, place, select and move).
//! - `keys`: the keys (Ctrl+Z, Ctrl+S, F5…) and typing a file name.
//! - `playtest`: a battle on the draft as it stands, and back to the editor.
//! - `disk`: the file changed on disk while being edited.
//! - `fields`: the level's name, description, seed, size, balance and rulebook switches.
//! - `side_fields`: the sides (who plays, surprised, names, new ones), unions, objectives.
//! - `unit_fields`: the picked unit's name and statistics; `pages`: the side panel's
//!   Rules and Sides pages and the unit's.
//! - `duel`: B, the computer against itself on the level in the background, live.
//! - `widgets`: the buttons, lines and rows the panels and dialogs are made of.
//!
//! Uses `map_view`, `objective_areas`, `screen_state`, `level_asset` (a playtest's battle), `notice`, `seats`
//! and `Menu` of this crate's window; nothing uses it but `game::run` (and the title's
//! button, which only sets the state).

mod actions;
mod caret;
mod dialogs;
mod disk;
mod duel;
mod fields;
mod keys;
mod mouse;
mod pages;
mod panels;
mod playtest;
mod quit_guard;
mod saving;
mod side_fields;
mod unit_fields;
mod view;
pub(crate) mod widgets;

pub use actions::EditorAction;

use super::screen_state::GameScreen;
use crate::battle::BattleMap;
use crate::editor::EditorDoc;
use crate::editor::new_level::NewLevel;
use crate::game::notice::Tell;
use crate::level::edit::{EditError, LevelText};
use crate::level::schema::LevelFile;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::terrain::TerrainGrid;
use bevy::prelude::*;
use std::path::PathBuf;

/// What a click on the map does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Paint the tile clicked, and each one dragged over.
    #[default]
    Brush,
    /// Paint the rectangle between the tile pressed and the one released.
    Rectangle,
    /// Paint the tiles joined to the one clicked that share its terrain.
    Fill,
    /// Put a unit of the chosen template and side on the tile clicked.
    Place,
    /// Pick a unit; drag it, or click a free tile, to move it there.
    Select,
}

impl Tool {
    pub const ALL: [Tool; 5] = [
        Tool::Brush,
        Tool::Rectangle,
        Tool::Fill,
        Tool::Place,
        Tool::Select,
    ];

    /// Its button's word and key.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Brush => "Brush (1)",
            Tool::Rectangle => "Rectangle (2)",
            Tool::Fill => "Fill (3)",
            Tool::Place => "Place unit (4)",
            Tool::Select => "Select (5)",
        }
    }

    /// Whether it paints terrain (the palette shows terrain) or handles units.
    pub fn paints(self) -> bool {
        matches!(self, Tool::Brush | Tool::Rectangle | Tool::Fill)
    }
}

/// A dialog over the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Open a level of `levels/`, or make a new one with these choices.
    Start(NewLevel),
    /// The file name typed for Save as, and the file that has it already (asked before
    /// it is overwritten).
    SaveAs {
        name: String,
        exists: Option<PathBuf>,
    },
    /// The file changed on disk while the document has edits not saved: its text now.
    Reload(String),
    /// A name or the description, being typed.
    Typing { field: TextField, typed: String },
    /// The editor's keys and mouse, listed (F1).
    Keys,
}

/// What a typing dialog writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextField {
    LevelName,
    Description,
    /// The name of unit `n` of the file.
    UnitName(usize),
    /// The name of side `n`.
    SideName(usize),
    /// Statistic `s` (`units::STATS`) of unit `n`.
    Stat(usize, usize),
}

impl TextField {
    /// The dialog's title.
    pub fn title(self) -> &'static str {
        match self {
            TextField::LevelName => "The level's name",
            TextField::Description => "The level's description",
            TextField::UnitName(_) => "The unit's name",
            TextField::SideName(_) => "The side's name",
            TextField::Stat(..) => "The unit's own value",
        }
    }
}

/// What the side panel shows (a unit picked shows the unit instead).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Page {
    /// The level's name, description, seed, size and balance; playtests.
    #[default]
    Level,
    /// The rulebook and its switches.
    Rules,
    /// The sides and the objectives.
    Sides,
}

impl Page {
    /// Its name on its tab, before "page".
    pub fn name(self) -> &'static str {
        match self {
            Page::Level => "Level",
            Page::Rules => "Rules",
            Page::Sides => "Sides",
        }
    }
}

/// The editor's state: the document and what the designer has chosen.
#[derive(Resource, Debug, Default)]
pub struct Editor {
    pub doc: Option<EditorDoc>,
    pub tool: Tool,
    /// The terrain painted (legend text such as `wall`).
    pub terrain: String,
    /// The template, side and facing of a unit placed.
    pub template: String,
    pub side: usize,
    /// None: towards the enemies (the file then names no facing).
    pub facing: Option<Dir8>,
    /// The unit picked (its index in the file).
    pub selected: Option<usize>,
    /// A tile a clicked problem is about.
    pub marked: Option<Pos>,
    /// The objective (its index in the file) whose area a click on the map edits, in
    /// place of the tool.
    pub area: Option<usize>,
    pub dialog: Option<Dialog>,
    /// The side panel's page.
    pub page: Page,
    /// Counts every change to show (what is drawn is drawn again when it moves on).
    pub generation: u64,
    /// A playtest's battle is on: its end returns here.
    pub playtesting: bool,
    /// A playtest puts the computer on the level's second side (else as the level says).
    pub vs_computer: bool,
    /// The file's text on disk as last seen (read, written, or kept against).
    pub disk_seen: Option<String>,
    /// Why the last file could not be opened.
    pub error: Option<String>,
    /// Why the text typed in the dialog up (a name, a statistic, Save as's file name) was
    /// not taken: the dialog shows it under the text, to be mended there.
    pub refused: Option<String>,
    /// The background duel's line (`duel`), while one runs or after it stopped.
    pub duel: Option<String>,
    /// The designer said, in the start dialog, that the edits not saved may go.
    pub discard: bool,
    /// A file `skirmish edit` named that is not there yet: the new level made in the
    /// start dialog is saved there.
    pub new_at: Option<PathBuf>,
    /// The typing dialog's caret: as it opens, the old text selected (the first character
    /// typed replaces it, Backspace clears it, an arrow, Home or End keeps it to edit).
    pub typed_caret: caret::Caret,
    /// The size, rulebook and sides of the last new level made: the start dialog offers
    /// them again.
    pub last_new: Option<NewLevel>,
}

impl Editor {
    /// What the start dialog's new level starts from: the last one made, or the default.
    pub fn new_level(&self) -> NewLevel {
        self.last_new.clone().unwrap_or_default()
    }

    /// Something shown changed: draw again.
    pub fn touched(&mut self) {
        self.generation += 1;
    }

    /// Whether the document has edits not saved.
    pub fn unsaved(&self) -> bool {
        self.doc.as_ref().is_some_and(|d| d.is_dirty())
    }

    /// Take `doc` as the document, with nothing picked.
    pub fn take(&mut self, doc: EditorDoc) {
        self.disk_seen = doc.saved_text().map(str::to_string);
        self.doc = Some(doc);
        // Another level may have fewer sides.
        self.side = 0;
        self.selected = None;
        self.marked = None;
        self.area = None;
        // A file named to be made goes with another document opened.
        self.new_at = None;
        self.dialog = None;
        self.error = None;
        // A duel's line is the last level's.
        self.duel = None;
        self.discard = false;
        self.touched();
    }

    /// Make an edit on the document, saying why when it cannot be made (a file that does
    /// not read as a level takes none); whether it was made.
    pub fn edit<F>(&mut self, tell: &mut dyn Tell, f: F) -> bool
    where
        F: FnOnce(&LevelFile, &mut LevelText) -> Result<(), EditError>,
    {
        let Some(doc) = self.doc.as_mut() else {
            return false;
        };
        if doc.view().file.is_none() {
            tell.refuse(SYNTAX_ERROR.into());
            return false;
        }
        match doc.edit(f) {
            Ok(()) => true,
            Err(e) => {
                tell.refuse(format!("Cannot make that edit: {e}"));
                false
            }
        }
    }
}

/// What a system that draws for the editor needs: the commands, the editor, and the
/// entities it drew before (marked `M`), with the generation it drew them at.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Redraw<'w, 's, M: Component> {
    pub commands: Commands<'w, 's>,
    pub editor: Res<'w, Editor>,
    shown: Local<'s, Option<u64>>,
    old: Query<'w, 's, Entity, With<M>>,
}

impl<M: Component> Redraw<'_, '_, M> {
    /// Whether the drawing is due again: the editor changed since it was drawn, or
    /// `anyway`, or nothing is drawn (`when_none`). When it is, what was drawn goes.
    pub fn due(&mut self, anyway: bool, when_none: bool) -> bool {
        let none = when_none && self.old.is_empty();
        if *self.shown == Some(self.editor.generation) && !anyway && !none {
            return false;
        }
        *self.shown = Some(self.editor.generation);
        for e in &self.old {
            self.commands.entity(e).despawn();
        }
        true
    }
}

/// What an edit of a file that does not read as a level is told.
pub const SYNTAX_ERROR: &str = "The file has a syntax error: fix it in a text editor (the problems say where); it cannot be edited here until then";

/// The level `skirmish edit LEVEL` opens the editor on.
#[derive(Resource, Debug, Clone)]
pub struct EditorStart(pub PathBuf);

/// The default terrain and template picked first.
const FIRST_TERRAIN: &str = "grass";
const FIRST_TEMPLATE: &str = "soldier";

pub fn plugin(app: &mut App) {
    app.insert_resource(Editor {
        terrain: FIRST_TERRAIN.into(),
        template: FIRST_TEMPLATE.into(),
        ..default()
    })
    .add_systems(Startup, open_start_file)
    .add_systems(OnEnter(GameScreen::Editor), enter)
    .add_systems(OnExit(GameScreen::Editor), leave)
    .add_plugins((
        actions::plugin,
        dialogs::plugin,
        view::plugin,
        panels::plugin,
        mouse::plugin,
        keys::plugin,
        playtest::plugin,
        disk::plugin,
        duel::plugin,
        quit_guard::plugin,
    ))
    .add_systems(Update, show_terrain.run_if(in_state(GameScreen::Editor)))
    // The view moves as a battle's does (arrows, the middle button dragged, the wheel over
    // the map, - and =, Home for the whole map), but not under a dialog.
    .add_systems(
        Update,
        crate::game::controls::camera_control
            .run_if(in_state(GameScreen::Editor))
            .run_if(|editor: Res<Editor>| editor.dialog.is_none())
            .before(mouse::MouseSystems),
    );
}

/// `skirmish edit LEVEL`: the document is the file (or, unreadable, the start dialog says
/// why).
fn open_start_file(start: Option<Res<EditorStart>>, mut editor: ResMut<Editor>) {
    let Some(start) = start else { return };
    match EditorDoc::open(&start.0) {
        Ok(doc) => editor.take(doc),
        Err(_) if crate::editor::save::can_be_made(&start.0) => {
            let shown = crate::paths::display(&start.0);
            editor.error = Some(format!(
                "{shown} is not there yet: the new level you make below is saved there (Ctrl+S)"
            ));
            editor.new_at = Some(start.0.clone());
        }
        Err(e) => editor.error = Some(e),
    }
}

fn enter(mut editor: ResMut<Editor>, mut menu: ResMut<super::Menu>) {
    menu.close();
    editor.playtesting = false;
    if editor.doc.is_none() && editor.dialog.is_none() {
        editor.dialog = Some(Dialog::Start(editor.new_level()));
    }
    editor.touched();
}

/// The map the editor showed goes with it.
fn leave(mut commands: Commands) {
    commands.insert_resource(BattleMap { grid: empty_grid() });
    commands.insert_resource(crate::battle::Rules::default());
}

fn empty_grid() -> TerrainGrid {
    TerrainGrid {
        width: 0,
        height: 0,
        palette: Vec::new(),
        tiles: Vec::new(),
    }
}

/// The draft's terrain through the battles' tilemap: `map_view` draws `BattleMap` and its
/// marks by the rules the draft names.
fn show_terrain(
    editor: Res<Editor>,
    mut shown: Local<u64>,
    mut map: ResMut<BattleMap>,
    mut rules: ResMut<crate::battle::Rules>,
) {
    if editor.generation == *shown && !map.is_added() {
        return;
    }
    *shown = editor.generation;
    let view = editor.doc.as_ref().map(|d| d.view());
    let grid = view.and_then(|v| v.grid.clone()).unwrap_or_else(empty_grid);
    if map.grid != grid {
        map.grid = grid;
    }
    // The rules of the level as it validates; while it has problems, its rulebook's own
    // (the marks' words, metres or yards, follow the rulebook the draft names).
    let ruleset = (view.and_then(|v| v.level.as_ref()).map(|l| l.rules.clone())).or_else(|| {
        let preset = view?.file.as_ref()?.rules.preset.unwrap_or_default();
        preset.find().map(|book| book.ruleset())
    });
    if let Some(r) = ruleset.filter(|r| *r != rules.0) {
        rules.0 = r;
        // The marks are drawn with the map: drawn again in the new rules' words.
        map.set_changed();
    }
}

/// What a facing's button adds where the level's rules have no facing (Seed000's
/// `facing: false`): the facing is kept in the file but ignored.
pub fn facing_note(doc: Option<&EditorDoc>) -> &'static str {
    // From the file, so that a draft that does not resolve says it too (and the bar that
    // shows it does not re-flow as problems come and go).
    let facing = |f: &crate::level::schema::LevelFile| {
        (crate::editor::level_fields::switch_value(&f.rules, "facing"))
            .or_else(|| crate::editor::level_fields::rulebooks_value(f, "facing"))
    };
    let ignored = (doc.and_then(|d| d.view().file.as_ref()))
        .and_then(facing)
        .is_some_and(|v| v == "false");
    if ignored {
        ", ignored by these rules"
    } else {
        ""
    }
}
