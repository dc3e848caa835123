//! The windowed hot-seat game: the app, its plugins and the shared UI state. Rendering and
//! input only ever send `Command`s and show `BattleEvent`s and state; no rule lives here.

pub mod controls;
pub mod hud;
pub mod level_asset;
pub mod map_view;
pub mod overlays;
pub mod screens;
pub mod script;
pub mod unit_view;

use crate::battle::BattlePlugin;
use crate::paths;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The window's size at start.
pub const WINDOW_SIZE: (u32, u32) = (1280, 720);
/// The asset source that serves `levels/`.
pub const LEVELS_SOURCE: &str = "levels";
/// The asset source for a level opened from outside `levels/`.
pub const OPEN_SOURCE: &str = "open";

/// What a click on the map does now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// Hover shows paths; a click moves there.
    #[default]
    Move,
    /// Hover shows the preview on targets; a click acts on one.
    Target(ActionKind),
    /// A click on a combatant delays until after it.
    Delay,
    /// A click on a tile turns to face it.
    Face,
}

/// What the player is pointing at and doing.
#[derive(Resource, Debug)]
pub struct UiState {
    pub mode: Mode,
    /// The tile under the cursor (None over the HUD or off the map).
    pub hovered: Option<Pos>,
    /// The combatant whose details the side panel shows besides the active one.
    pub inspected: Option<Entity>,
    /// The weapon chosen for attacks (`None`: the first that can reach).
    pub weapon: Option<String>,
    /// Show cost and cover marks on every tile.
    pub terrain_marks: bool,
    /// The cursor is over a HUD panel or button.
    pub over_ui: bool,
    /// A full-screen overlay takes the input.
    pub blocked: bool,
}

impl Default for UiState {
    fn default() -> Self {
        UiState {
            mode: Mode::Move,
            hovered: None,
            inspected: None,
            weapon: None,
            terrain_marks: true,
            over_ui: false,
            blocked: false,
        }
    }
}

/// Where a level file is loaded from, as an asset path.
pub fn level_asset_path(file: &Path) -> Option<String> {
    let levels = std::fs::canonicalize(paths::levels_dir()).ok()?;
    let file = std::fs::canonicalize(file).ok()?;
    let name = file.file_name()?.to_string_lossy().into_owned();
    if file.parent() == Some(levels.as_path()) {
        Some(format!("{LEVELS_SOURCE}://{name}"))
    } else {
        Some(format!("{OPEN_SOURCE}://{name}"))
    }
}

/// What the game window is opened with: plain data, built by the command line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The level to play.
    pub level: PathBuf,
    /// Render a few frames, save a PNG here and exit (a preview).
    pub screenshot: Option<PathBuf>,
    /// Frames rendered before the screenshot.
    pub frames: Option<u32>,
    /// A RON list of input steps to play (window tests), see [`script::Step`].
    pub script: Option<PathBuf>,
}

/// Open the game window on `options.level`.
pub fn run(options: GameOptions) -> ExitCode {
    let level = options.level.clone();
    if !level.is_file() {
        eprintln!(
            "skirmish: cannot open level `{}`: no such file (levels are in {})",
            level.display(),
            paths::display(&paths::levels_dir())
        );
        return ExitCode::FAILURE;
    }
    let Some(asset_path) = level_asset_path(&level) else {
        eprintln!("skirmish: cannot open level `{}`", level.display());
        return ExitCode::FAILURE;
    };
    let open_dir = std::fs::canonicalize(&level)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .unwrap_or_else(paths::levels_dir);
    let mut app = App::new();
    app.register_asset_source(
        LEVELS_SOURCE,
        AssetSourceBuilder::platform_default(&paths::levels_dir().to_string_lossy(), None),
    );
    app.register_asset_source(
        OPEN_SOURCE,
        AssetSourceBuilder::platform_default(&open_dir.to_string_lossy(), None),
    );
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Skirmish".into(),
                    resolution: WINDOW_SIZE.into(),
                    ..default()
                }),
                ..default()
            })
            .set(ImagePlugin::default_nearest())
            .set(AssetPlugin {
                file_path: paths::assets_dir().to_string_lossy().into_owned(),
                watch_for_changes_override: Some(true),
                ..default()
            }),
    )
    .insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.11)))
    .init_resource::<UiState>()
    .add_plugins((
        BattlePlugin,
        level_asset::plugin,
        map_view::plugin,
        overlays::plugin,
        unit_view::plugin,
        controls::plugin,
        hud::plugin,
        screens::plugin,
    ))
    .add_plugins(script::ScriptPlugin::new(&options));
    app.register_asset_loader(level_asset::LevelLoader {
        open_dir: paths::display(&open_dir),
    });
    app.insert_resource(level_asset::StartLevel(asset_path));
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// The colour of a side, from the level.
pub fn side_colour(rgb: [u8; 3]) -> Color {
    Color::srgb_u8(rgb[0], rgb[1], rgb[2])
}

/// The colour of side `i` of the battle (white for a side the level does not have).
pub fn side_colour_of(roster: &crate::battle::Roster, i: usize) -> Color {
    roster
        .sides
        .get(i)
        .map(|s| side_colour(s.colour))
        .unwrap_or(Color::WHITE)
}

/// The name of side `i` of the battle (empty for a side the level does not have).
pub fn side_name(roster: &crate::battle::Roster, i: usize) -> String {
    roster
        .sides
        .get(i)
        .map(|s| s.name.clone())
        .unwrap_or_default()
}
