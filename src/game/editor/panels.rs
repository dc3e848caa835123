//! The editor's panels, drawn again whenever the editor changes: the toolbar over the map
//! (tools, undo, redo, save, playtest), the palette under it (the terrain kinds with their
//! cost and cover, or the unit templates with the side and facing), and the side panel
//! (its tabs, the Level page: name, description, seed, size, balance, rulebook, playtest;
//! then the problems). The Rules and Sides pages and the unit's are in `pages.rs`, the
//! dialogs in `dialogs.rs`.

use super::widgets::{
    BUTTON_BACK, BUTTON_ON, GOLD, MUTED, PROBLEM_RED, button, button_when, line, row,
};
use super::{Editor, EditorAction, Page, TextField, Tool, pages};
use crate::editor::palette::{PaletteEntry, palette};
use crate::game::Scrollable;
use crate::game::map_view::{BOTTOM_BAR, PANEL_WIDTH, TOP_BAR};
use crate::game::screen_state::GameScreen;
use crate::level::schema::{Balance, LevelFile};
use bevy::prelude::*;

/// The editor's panels (drawn again on each change).
#[derive(Component)]
pub struct EditorPanel;

/// The tile art as an atlas, for the palette's swatches.
#[derive(Resource)]
pub struct TileAtlas {
    image: Handle<Image>,
    layout: Handle<TextureAtlasLayout>,
}

/// Tiles in `tiles.png`, side by side.
const TILE_COUNT: u32 = 13;
/// Most problems listed in the side panel (the rest are counted).
const PROBLEMS_SHOWN: usize = 12;
const PANEL_BACK: Color = Color::srgb(0.06, 0.07, 0.09);
const GOOD_GREEN: Color = Color::srgb(0.6, 0.95, 0.6);

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, load_atlas).add_systems(
        Update,
        draw_panels
            .after(super::actions::ActionSystems)
            .after(super::mouse::MouseSystems)
            .run_if(in_state(GameScreen::Editor)),
    );
}

fn load_atlas(
    mut commands: Commands,
    server: Res<AssetServer>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) {
    let grid = TextureAtlasLayout::from_grid(UVec2::splat(32), TILE_COUNT, 1, None, None);
    commands.insert_resource(TileAtlas {
        image: server.load("tiles.png"),
        layout: layouts.add(grid),
    });
}

/// The side panel, which the mouse wheel scrolls (a rulebook's statistics may run past the
/// window's foot); redrawn after each edit, it keeps where it was scrolled to.
#[derive(Component)]
struct SidePanel;

fn draw_panels(
    mut draw: super::Redraw<EditorPanel>,
    settings: Res<crate::game::settings::Settings>,
    atlas: Res<TileAtlas>,
    scrolled: Query<&ScrollPosition, With<SidePanel>>,
) {
    if !draw.due(false, true) {
        return;
    }
    let scroll = scrolled.iter().next().cloned().unwrap_or_default();
    let (commands, editor) = (&mut draw.commands, &draw.editor);
    let root = |node: Node| {
        (
            node,
            BackgroundColor(PANEL_BACK),
            EditorPanel,
            DespawnOnExit(GameScreen::Editor),
        )
    };
    let bar = |top: bool| Node {
        position_type: PositionType::Absolute,
        left: px(0),
        right: px(PANEL_WIDTH),
        top: if top { px(0) } else { Val::Auto },
        bottom: if top { Val::Auto } else { px(0) },
        height: px(if top { TOP_BAR } else { BOTTOM_BAR }),
        flex_wrap: FlexWrap::Wrap,
        align_content: AlignContent::FlexStart,
        padding: UiRect::all(px(4)),
        ..default()
    };
    commands
        .spawn(root(bar(true)))
        .with_children(|p| toolbar(p, editor));
    commands
        .spawn(root(bar(false)))
        .with_children(|p| palette_bar(p, editor, &atlas));
    let side = Node {
        position_type: PositionType::Absolute,
        right: px(0),
        top: px(0),
        bottom: px(0),
        width: px(PANEL_WIDTH),
        flex_direction: FlexDirection::Column,
        padding: UiRect::all(px(10)),
        row_gap: px(3),
        overflow: Overflow::scroll_y(),
        ..default()
    };
    commands
        .spawn((root(side), SidePanel, scroll, Scrollable))
        .with_children(|p| side_panel(p, editor, settings.you));
}

fn toolbar(p: &mut ChildSpawnerCommands, editor: &Editor) {
    for tool in Tool::ALL {
        button(
            p,
            tool.label(),
            EditorAction::Tool(tool),
            editor.tool == tool,
        );
    }
    let doc = editor.doc.as_ref();
    let (undo, redo) = doc.map_or((false, false), |d| (d.can_undo(), d.can_redo()));
    button_when(p, "Undo", EditorAction::Undo, undo);
    button_when(p, "Redo", EditorAction::Redo, redo);
    button(p, "Save (Ctrl+S)", EditorAction::Save, false);
    button(p, "Save as", EditorAction::SaveAs, false);
    button(p, "Playtest (F5)", EditorAction::Playtest, false);
    button(p, "Open / New", EditorAction::ShowStart, false);
    button(p, "Keys (F1)", EditorAction::ShowKeys, false);
    button(p, "Title", EditorAction::ToTitle, false);
}

fn palette_bar(p: &mut ChildSpawnerCommands, editor: &Editor, atlas: &TileAtlas) {
    let Some(doc) = editor.doc.as_ref() else {
        return;
    };
    let Some(file) = doc.view().file.as_ref() else {
        return line(
            p,
            "The file does not read as a level: fix its syntax error (on the right) in a text editor; it is reloaded when saved.",
            14.0,
            PROBLEM_RED,
        );
    };
    if editor.tool.paints() {
        for entry in palette(file) {
            swatch(p, &entry, editor.terrain == entry.name, atlas);
        }
    } else {
        units_bar(p, editor, file);
    }
}

/// The level's rulebook, with the switches it sets for itself, which play differs by. The
/// rulebook is changed on the Rules page, where a stray click meant for this page cannot
/// change it.
fn rules_line(p: &mut ChildSpawnerCommands, file: &LevelFile) {
    let own = crate::editor::level_fields::switches_set(file);
    let with = if own.is_empty() {
        String::new()
    } else {
        format!(", with {}", own.join(", "))
    };
    let rules = format!(
        "Rules: {}{with} (the Rules page changes them)",
        pages::rulebook_title(file)
    );
    line(p, &rules, 12.0, Color::WHITE);
}

/// A palette button: the terrain's tile, its name, cost and cover, its legend symbol.
fn swatch(p: &mut ChildSpawnerCommands, entry: &PaletteEntry, on: bool, atlas: &TileAtlas) {
    // The legend's symbol for it in the file's map rows (none until it is first painted),
    // in a slot of its own width, so that a kind painted the first time moves no button;
    // greyed where no tile has it any more (the legend keeps it until the file drops it).
    let symbol = entry.symbol.map_or(String::new(), |c| format!("'{c}'"));
    let symbol_colour = if entry.tiles > 0 { GOLD } else { MUTED };
    p.spawn((
        Button,
        Node {
            padding: UiRect::axes(px(4), px(2)),
            margin: UiRect::all(px(2)),
            align_items: AlignItems::Center,
            column_gap: px(4),
            ..default()
        },
        BackgroundColor(if on { BUTTON_ON } else { BUTTON_BACK }),
        EditorAction::Terrain(entry.name.clone()),
    ))
    .with_children(|b| {
        b.spawn((
            ImageNode::from_atlas_image(
                atlas.image.clone(),
                TextureAtlas {
                    layout: atlas.layout.clone(),
                    index: entry.look.index() as usize,
                },
            ),
            Node {
                width: px(18),
                height: px(18),
                ..default()
            },
        ));
        line(b, &entry.caption(), 11.0, Color::WHITE);
        b.spawn(Node {
            width: px(SYMBOL_SLOT),
            flex_shrink: 0.0,
            ..default()
        })
        .with_children(|slot| line(slot, &symbol, 11.0, symbol_colour));
    });
}

/// The width of a palette button's symbol slot (`'#'` at the palette's size).
const SYMBOL_SLOT: f32 = 24.0;

/// The Place tool's choices: the template, the side, the facing.
fn units_bar(p: &mut ChildSpawnerCommands, editor: &Editor, file: &LevelFile) {
    let side = file
        .sides
        .get(editor.side)
        .map_or("(no side)", |s| s.name.as_str());
    button(
        p,
        &format!("Side: {side} (Tab)"),
        EditorAction::NextSide,
        false,
    );
    let facing = (editor.facing).map_or("towards the enemies".into(), |f| format!("{f:?}"));
    let note = super::facing_note(editor.doc.as_ref());
    button(
        p,
        &format!("Facing: {facing} (R){note}"),
        EditorAction::TurnFacing,
        false,
    );
    let catalog = crate::paths::current_catalog();
    let mut names: Vec<&String> = catalog
        .templates
        .keys()
        .chain(file.templates.0.keys())
        .collect();
    names.sort();
    names.dedup();
    for name in names {
        let on = editor.template == *name && editor.tool == Tool::Place;
        button(p, name, EditorAction::Template(name.clone()), on);
    }
}

/// `you`: the side a playtest against the computer gives the designer (the settings').
fn side_panel(p: &mut ChildSpawnerCommands, editor: &Editor, you: usize) {
    line(p, "Level editor", 22.0, GOLD);
    let Some(doc) = editor.doc.as_ref() else {
        return line(p, "No level open", 14.0, MUTED);
    };
    // The file's name alone, and its state always, so that the line does not grow into two
    // (moving every button under it) at the first edit; its folder, under Save as's prompt.
    let name = (doc.path())
        .and_then(|p| p.file_name())
        .map_or_else(|| doc.label(), |n| n.to_string_lossy().into_owned());
    let state = if doc.is_dirty() { "not saved" } else { "saved" };
    line(p, &format!("{name}  ({state})"), 13.0, MUTED);
    if let Some(file) = doc.view().file.as_ref() {
        pages::tabs(p, editor);
        match (editor.selected, editor.page) {
            (Some(i), page) => {
                let back = format!(
                    "The picked unit's page, in place of the {} page (Esc: back to it)",
                    page.name()
                );
                line(p, &back, 12.0, GOLD);
                pages::unit_page(p, doc, i)
            }
            (None, Page::Level) => level_page(p, editor, file, you),
            (None, Page::Rules) => pages::rules_page(p, doc, file),
            (None, Page::Sides) => pages::sides_page(p, editor, file),
        }
        duel_button(p, editor);
    }
    problems(p, doc);
}

/// How the view of a map larger than the window moves.
const VIEW_KEYS: &str = concat!(
    "The view: arrows or the middle button dragged move it, the wheel or - and = zoom, Home shows the whole map. W and H resize at the right and bottom, Left and Top at those edges (Shift+click: ",
    super::actions::shift_size_step!(),
    " tiles). F1: every key"
);

/// The level's own fields: its name, description, seed, size and balance, its rulebook
/// named, and the playtest's seating.
fn level_page(p: &mut ChildSpawnerCommands, editor: &Editor, file: &LevelFile, you: usize) {
    line(p, &file.name, 16.0, Color::WHITE);
    let (w, h) = (
        file.map.first().map_or(0, |r| r.chars().count()),
        file.map.len(),
    );
    let units = crate::editor::counted(file.units.len(), "unit");
    line(
        p,
        &format!("{w} x {h} tiles, {units}, sides: {}", sides(file)),
        12.0,
        MUTED,
    );
    let description = match file.description.as_str() {
        "" => "(no description)",
        d => d,
    };
    line(p, description, 11.0, MUTED);
    line(p, VIEW_KEYS, 11.0, MUTED);
    rules_line(p, file);
    row(p, |row| {
        button(
            row,
            "Rename",
            EditorAction::Type(TextField::LevelName),
            false,
        );
        button(
            row,
            "Describe",
            EditorAction::Type(TextField::Description),
            false,
        );
        // The button rolls a new seed; with none, each battle rolls its own dice.
        let seed = file
            .seed
            .map_or("none, fresh dice each battle".to_string(), |s| {
                s.to_string()
            });
        button(
            row,
            &format!("Seed: {seed} (click: a new one)"),
            EditorAction::NewSeed,
            false,
        );
    });
    size_buttons(p);
    balance_row(p, file);
    // The computer takes every side but yours (the settings' seat, the first where the
    // level has fewer sides: `Seats`).
    let opponent = if editor.vs_computer {
        let you = if you < file.sides.len() { you } else { 0 };
        let name = |i: usize| file.sides.get(i).map_or("", |s| s.name.as_str());
        let them: Vec<&str> = (0..file.sides.len())
            .filter(|i| *i != you)
            .map(name)
            .collect();
        format!(
            "you ({}) vs the computer ({}); click: as the Sides page seats them",
            name(you),
            them.join(", ")
        )
    } else {
        "as the Sides page seats them; click: you vs the computer".to_string()
    };
    button(
        p,
        &format!("Playtest seating: {opponent}"),
        EditorAction::ToggleOpponent,
        false,
    );
}

/// B's duel, or its result as the games come in, under every page.
fn duel_button(p: &mut ChildSpawnerCommands, editor: &Editor) {
    let duel = editor
        .duel
        .as_deref()
        .unwrap_or("B: a duel, Hard vs Hard, in the background");
    button(p, duel, EditorAction::Duel, false);
}

/// The map's size, a tile a press: W and H at the right and bottom edges, Left and Top at
/// theirs (the units and areas move with the terrain).
fn size_buttons(p: &mut ChildSpawnerCommands) {
    row(p, |row| {
        button(row, "W-", EditorAction::Resize(-1, 0), false);
        button(row, "W+", EditorAction::Resize(1, 0), false);
        button(row, "H-", EditorAction::Resize(0, -1), false);
        button(row, "H+", EditorAction::Resize(0, 1), false);
    });
    row(p, |row| {
        button(row, "Left -", EditorAction::ResizeAtStart(-1, 0), false);
        button(row, "Left +", EditorAction::ResizeAtStart(1, 0), false);
        button(row, "Top -", EditorAction::ResizeAtStart(0, -1), false);
        button(row, "Top +", EditorAction::ResizeAtStart(0, 1), false);
    });
}

/// The balance band: the first side's share and the margin, stepped; Even takes it out.
fn balance_row(p: &mut ChildSpawnerCommands, file: &LevelFile) {
    let b = file.balance.unwrap_or(Balance::EVEN);
    let said = if file.balance.is_some() {
        ""
    } else {
        " (even)"
    };
    let step = super::fields::BALANCE_STEP;
    row(p, |row| {
        line(
            row,
            &format!(
                "Balance aimed at: the first side wins {}% +/- {} of Hard-vs-Hard duels{said}",
                b.first_side, b.within
            ),
            12.0,
            Color::WHITE,
        );
        button(row, "Win % -", EditorAction::Balance(-step, 0), false);
        button(row, "Win % +", EditorAction::Balance(step, 0), false);
        button(row, "Leeway -", EditorAction::Balance(0, -step), false);
        button(row, "Leeway +", EditorAction::Balance(0, step), false);
        if file.balance.is_some() {
            button(row, "Even", EditorAction::EvenBalance, false);
        }
    });
}

/// `Blue, Red`.
fn sides(file: &LevelFile) -> String {
    let names: Vec<&str> = file.sides.iter().map(|s| s.name.as_str()).collect();
    names.join(", ")
}

/// The problems `skirmish check` reports: each about a unit or a tile is a button that
/// picks it; one about the level elsewhere (a side, an objective) says which line of the
/// file it is on, for a designer who opens it in a text editor too.
fn problems(p: &mut ChildSpawnerCommands, doc: &crate::editor::EditorDoc) {
    use crate::editor::problems::{Fault, fault_of};
    let list = &doc.view().problems;
    if list.is_empty() {
        return line(p, "No problems: the level plays (F5)", 14.0, GOOD_GREEN);
    }
    let text = crate::level::edit::LevelText::new(doc.text());
    let faults: Vec<Fault> = list.iter().map(|pr| fault_of(&text, pr)).collect();
    let shown = &faults[..faults.len().min(PROBLEMS_SHOWN)];
    let clickable = shown.iter().any(|f| !matches!(f, Fault::Elsewhere));
    line(
        p,
        &format!(
            "{}, as skirmish check says{}:",
            crate::editor::counted(list.len(), "problem"),
            if clickable {
                "; a click on one about a unit or a tile picks it"
            } else {
                ""
            }
        ),
        14.0,
        PROBLEM_RED,
    );
    for (n, (problem, fault)) in list.iter().zip(shown).enumerate() {
        let words = match (fault, problem.line) {
            (Fault::Elsewhere, Some(l)) => format!("{} (line {l} of the file)", problem.message),
            _ => problem.message.clone(),
        };
        let mut entry = p.spawn((
            Node {
                padding: UiRect::all(px(3)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.3, 0.08, 0.08, 0.8)),
        ));
        if !matches!(fault, Fault::Elsewhere) {
            entry.insert((Button, EditorAction::Problem(n)));
        }
        entry.with_child((
            Text::new(words),
            TextFont::from_font_size(11.0),
            TextColor(PROBLEM_RED),
        ));
    }
    if list.len() > PROBLEMS_SHOWN {
        line(
            p,
            &format!("and {} more", list.len() - PROBLEMS_SHOWN),
            12.0,
            MUTED,
        );
    }
}
