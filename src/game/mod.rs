//! The windowed hot-seat game: the app, its plugins and the state its modules share.
//! Rendering and input only ever send `Command`s and show `BattleEvent`s and state; no rule
//! lives here.
//!
//! Where to look:
//! - `map_view`: the terrain tilemap, terrain marks, tile <-> world conversion, the camera.
//! - `unit_view`: combatant sprites, condition badges, the ring around the active one.
//! - `label_layout`: every label on the map placed where it covers no other label, creature
//!   or terrain mark, and stays off the HUD.
//! - `overlays`: reachable tiles, the path preview and target previews on the map.
//! - `blows`: lunges and shots, and labels that rise over the creatures blows land on
//!   (damage, MISS, CRIT!, THUD, DOWN with a flash); whether anything still moves.
//! - `controls/`: key and mouse bindings, the camera keys, the hovered tile, and intents
//!   turned into `Command`s.
//! - `hud/`: the turn order bar, the side panel, the combat log and the action bar.
//! - `screen_state`: the screens as Bevy `States` (`GameScreen`: the title, the level list,
//!   a battle, a battle watched); a battle and its view exist only on the map's (`OnMap`).
//! - `screens/`: what each screen shows (the title, the level list with thumbnails), the
//!   menu pages over them (How to play, the Esc menu, settings), the hand-off, reaction and
//!   victory screens, and the banner.
//! - `level_asset`: levels as assets, restarts, live editing, saved replays.
//! - `script`: scripted input and screenshots for the window tests.
//! - `computer`: the sides the computer plays take their turns (thought out in a task).
//! - `frame_stats`: `--frame-stats N`, the CPU time of each frame's main schedule.
//! - `tutorial`: a level's lesson, one prompt at a time over the map, its tile marked.
//! - `editor/`: the level editor's screen (the document itself is the headless
//!   `crate::editor`).
//!
//! This file holds what several of them share: `UiState` and its `Mode`, the system sets
//! that order them (`HudSystems` -> `ControlSystems` -> everything that shows state), and the
//! shared `Menu`, `AnimationSpeed`, `SkipAnimations`, `SaveReplayRequest` and `Scrollable`
//! (`seats` has who plays each side).
//!
//! Dependencies point one way. This file uses none of the modules (besides adding their
//! plugins in `run`), `map_view` and `screen_state` use only this file, and every other
//! module may use the three. Beyond them: `label_place` (where labels go, as geometry) uses
//! no other module, `label_layout` (the map's labels laid out with it) only `label_place`; `level_asset` and `controls/` use no other, `unit_view` only
//! `label_layout`; `overlays` and `blows` use `unit_view` and `label_layout`; `hud/` uses `controls/`, `overlays` and `level_asset`;
//! `screens/` and `computer` use `controls/` (`screens/` also `level_asset`); `script` and
//! `frame_stats` use `level_asset` (`script` also `blows`); `tutorial` uses no other; `editor/` uses `level_asset`, `unit_view`, `notice`, `seats` and
//! `settings` (and `cli::duel` for its background duel). Nothing uses `hud/`, `screens/`, `computer`, `script`, `frame_stats`,
//! `tutorial` or `editor/`.

pub mod auto_pass;
pub mod autosave;
pub mod badges;
pub mod blows;
pub mod computer;
pub mod controls;
pub mod editor;
pub mod frame_stats;
pub mod from_here;
pub mod hud;
pub mod label_layout;
pub mod label_place;
pub mod level_asset;
pub mod map_view;
pub mod notice;
pub mod objective_areas;
pub mod odds_text;
pub mod open_backs;
pub mod overlay_parts;
pub mod overlays;
pub mod screen_state;
pub mod screens;
pub mod script;
pub mod script_steps;
pub mod scroll_bars;
pub mod seats;
pub mod settings;
pub mod tutorial;
pub mod unit_view;
pub mod viewer;

use crate::battle::BattlePlugin;
use crate::battle::events::Command;
use crate::level::schema::AiLevel;
use crate::paths;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
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
    /// Seed002: a click on a tile Shifts or Sprints there.
    Step(ActionKind),
}

/// The Weapon button's last choice under Seed002: bare hands (an Unarmed Attack).
pub const BARE_HANDS: &str = "bare hands";

/// What the player is pointing at and doing.
#[derive(Resource, Debug)]
pub struct UiState {
    pub mode: Mode,
    /// The tile under the cursor (None over the HUD or off the map).
    pub hovered: Option<Pos>,
    /// The combatant whose details the side panel shows besides the active one.
    pub inspected: Option<Entity>,
    /// The weapon chosen for attacks (`None`: the window picks the best against each target).
    pub weapon: Option<String>,
    /// Show cost and cover marks on every tile.
    pub terrain_marks: bool,
    /// The cursor is over a HUD panel or button.
    pub over_ui: bool,
    /// A full-screen overlay takes the input.
    pub blocked: bool,
    /// Seed000: attacks are made non-lethal (Seed003: Nonlethal Attacks, capped at `cap`).
    pub non_lethal: bool,
    pub cap: Option<crate::rules::wound_level::WoundLevel>,
    /// Seed004: melee attacks add an off-hand blow.
    pub off_hand: bool,
    /// Seed003: attacks are Quick or Strong.
    pub style: crate::battle::events::AttackStyle,
    /// Seed002 (M5): the agile steps clicked in attack mode, taken before the attack.
    pub agile: Vec<Pos>,
    /// The side the computer plays decides now (`computer`): the map takes no commands.
    pub computer_acting: Option<usize>,
    /// Something on the map still moves (a glide, a lunge, a shot, a blow's label): `Space`
    /// skips it rather than ending the turn. Kept by `blows`.
    pub animating: bool,
    /// A saved battle is being watched (`viewer`): the map only looks, nobody plays.
    pub watching: bool,
    /// The facing chosen (R, pointing at a tile to move to) for the move to that tile.
    pub planned_facing: Option<(Pos, crate::rules::grid::Dir8)>,
    /// The facing to take once a move is made: the unit, its tile, the facing, and the
    /// log's length when the move was sent (`controls::face_after_move`).
    pub face_after_move: Option<(String, Pos, crate::rules::grid::Dir8, usize)>,
}

impl UiState {
    /// The command of an action on a target with the weapon and options picked.
    pub fn command_on(&self, kind: ActionKind, unit: &str, target: &str) -> Option<Command> {
        let bare = self.weapon.as_deref() == Some(BARE_HANDS);
        let weapon = self.weapon.clone().filter(|_| !bare);
        let mut cmd = Command::targeted(kind, unit, target, weapon)?;
        if let Command::Attack { options, .. } = &mut cmd {
            if self.non_lethal {
                options.non_lethal = Some(true);
                options.cap = self.cap;
            }
            options.off_hand = self.off_hand;
            options.unarmed = bare;
            options.style = self.style;
            options.agile_before = self.agile.clone();
        }
        Some(cmd)
    }

    /// `command_on`, with the weapon the window picks for an attack when the player has
    /// chosen none: the one worth the most against the target (`with_best_weapon`).
    pub fn command_in(
        &self,
        v: &crate::battle::command::View,
        kind: ActionKind,
        unit: &str,
        target: &str,
    ) -> Option<Command> {
        let cmd = self.command_on(kind, unit, target)?;
        Some(crate::battle::players::with_best_weapon(v, cmd))
    }

    /// The command of an action taken at once, without a target. The window's Hold readies
    /// an attack (the first weapon that reaches) for the next step of any enemy.
    pub fn command_alone(&self, kind: ActionKind, unit: &str) -> Option<Command> {
        Command::untargeted(kind, unit)
    }
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
            non_lethal: false,
            cap: None,
            off_hand: false,
            style: crate::battle::events::AttackStyle::Standard,
            agile: Vec::new(),
            computer_acting: None,
            animating: false,
            watching: false,
            planned_facing: None,
            face_after_move: None,
        }
    }
}

/// The HUD's input systems (is the pointer over the HUD, button clicks, wheel scrolling) run
/// before the controls read `UiState::over_ui` (see `hud/mod.rs`).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct HudSystems;

/// The control systems (camera, hover, commands; see `controls/`). The HUD's displays, the
/// overlays and the screens run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ControlSystems;

/// How fast the map's animations play: glides, lunges, shots and blow labels, and the
/// computer's pace between commands. `F2` cycles it (`controls/`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimationSpeed {
    #[default]
    Normal,
    Fast,
    /// No animation: everything is where it ends at once.
    Instant,
}

impl AnimationSpeed {
    /// Animation time passes this many times faster than real time.
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 2.5,
            AnimationSpeed::Instant => 1000.0,
        }
    }

    pub fn next(self) -> AnimationSpeed {
        match self {
            AnimationSpeed::Normal => AnimationSpeed::Fast,
            AnimationSpeed::Fast => AnimationSpeed::Instant,
            AnimationSpeed::Instant => AnimationSpeed::Normal,
        }
    }
}

/// Finish every animation now (`Space` while something moves): sent by `controls/`, read
/// by `unit_view` and `blows`.
#[derive(Message, Debug, Clone, Copy)]
pub struct SkipAnimations;

/// A page of the game's menus, shown over the screen that is up (`screen_state`) by
/// `screens/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The controls, from the bindings in force, after the rulebook's primer.
    HowToPlay,
    /// Esc in a battle: resume, restart, How to play, settings, save, quit.
    Paused,
    /// The settings, each a button that changes it.
    Settings,
    /// The saved battles one may watch (`viewer`).
    Battles,
}

/// The menu pages open over the screen, the one on top showing: F1 toggles How to play,
/// Esc opens the Esc menu in a battle, and a page's Back returns to the one under it
/// (none: the screen itself). While any is open, the battle waits.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Menu(pub Vec<Page>);

impl Menu {
    /// The page showing, if any.
    pub fn top(&self) -> Option<Page> {
        self.0.last().copied()
    }

    pub fn is_open(&self) -> bool {
        !self.0.is_empty()
    }

    /// Show `page`, or go back from it when it is the one showing.
    pub fn toggle(&mut self, page: Page) {
        if self.top() == Some(page) {
            self.0.pop();
        } else {
            self.0.retain(|p| *p != page);
            self.0.push(page);
        }
    }

    /// Back to the page under the one showing (none: the screen itself).
    pub fn back(&mut self) {
        self.0.pop();
    }

    /// Close every page: to the screen itself.
    pub fn close(&mut self) {
        self.0.clear();
    }
}

/// An End Turn that would throw away the acting unit's AP, waiting for the player's word
/// (`screens/` asks): the unit's name.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct EndTurnConfirm(pub Option<String>);

/// Write the battle so far to `replays/`: sent by F5 (`controls/`) and the victory screen's
/// button, handled in `screens/`.
#[derive(Message, Debug, Clone, Copy)]
pub struct SaveReplayRequest;

/// Quit the game: sent by the title's and the menu's Quit, handled by the level editor's
/// guard (`editor/quit_guard.rs`), which first asks again while the editor holds unsaved
/// edits. The window's close button goes the same way.
#[derive(Message, Debug, Clone, Copy)]
pub struct QuitRequest;

/// A node the mouse wheel scrolls while the pointer is over it (the combat log, the level
/// list); the scrolling is in `hud/mod.rs`.
#[derive(Component)]
pub struct Scrollable;

pub use seats::{Matchup, Seat, Seats};

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
    /// Sides the computer plays, whatever the level says.
    pub ai: Vec<(String, AiLevel)>,
    /// Measure this many frames' CPU time, print it and quit.
    pub frame_stats: Option<u32>,
    /// Open on the title screen (`level` is then the one its backdrop shows), not in a
    /// battle on `level`.
    pub title: bool,
    /// The window's size at start (default [`WINDOW_SIZE`]).
    pub window_size: Option<(u32, u32)>,
    /// Open the level editor (`skirmish edit`), not a battle: on `level`, or (with
    /// `title`) on its dialog to open or make one.
    pub edit: bool,
}

/// The level the window opens on: `options.level`, or, for `skirmish edit` on a level
/// file to be made (the editor makes it), the default one (the title's backdrop).
fn window_level(options: &GameOptions) -> PathBuf {
    if options.edit && crate::editor::save::can_be_made(&options.level) {
        paths::project_root().join(paths::DEFAULT_LEVEL)
    } else {
        options.level.clone()
    }
}

/// Open the game window on `options.level`.
pub fn run(options: GameOptions) -> ExitCode {
    let level = window_level(&options);
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
    let (settings, problem) = settings::Settings::load_from(&settings::Settings::path());
    let mut app = App::new();
    app.register_asset_source(
        LEVELS_SOURCE,
        AssetSourceBuilder::platform_default(&paths::levels_dir().to_string_lossy(), None),
    );
    app.register_asset_source(
        OPEN_SOURCE,
        AssetSourceBuilder::platform_default(&open_dir.to_string_lossy(), None),
    );
    app.add_plugins(engine_plugins(
        options.window_size.unwrap_or(settings.window_size),
    ))
    .insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.11)))
    .insert_resource(settings)
    .insert_resource(settings::SettingsProblem(problem))
    .init_resource::<UiState>()
    .init_resource::<AnimationSpeed>()
    .add_message::<SkipAnimations>()
    .add_message::<QuitRequest>()
    .init_resource::<Menu>()
    .insert_state(first_screen(&options))
    .insert_resource(Seats::from_command_line(&options.ai))
    .add_plugins((
        (BattlePlugin, screen_state::plugin),
        level_asset::plugin,
        map_view::plugin,
        overlays::plugin,
        (unit_view::plugin, label_layout::plugin),
        blows::plugin,
        controls::plugin,
        hud::plugin,
        screens::plugin,
        computer::plugin,
        settings::plugin,
        auto_pass::plugin,
        autosave::plugin,
        (open_backs::plugin, objective_areas::plugin),
        viewer::plugin,
    ))
    .add_plugins((tutorial::plugin, editor::plugin))
    .add_plugins(script::ScriptPlugin::new(&options))
    .add_plugins(frame_stats::FrameStatsPlugin {
        frames: options.frame_stats,
    })
    .add_plugins(SingleThreadedMain);
    app.register_asset_loader(level_asset::LevelLoader {
        open_dir: paths::display(&open_dir),
    });
    if options.edit && !options.title {
        app.insert_resource(editor::EditorStart(options.level.clone()));
    }
    app.insert_resource(level_asset::StartLevel {
        asset_path,
        file: level,
    });
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}

/// The screen the window opens on: the editor, the title, or a battle on the level.
fn first_screen(options: &GameOptions) -> screen_state::GameScreen {
    if options.edit {
        screen_state::GameScreen::Editor
    } else if options.title {
        screen_state::GameScreen::Title
    } else {
        screen_state::GameScreen::Battle
    }
}

/// Bevy's plugins as the game sets them: its window at `size`, pixel art drawn sharp, and
/// assets read from the project's `assets/`, watched for changes.
fn engine_plugins(size: (u32, u32)) -> impl PluginGroup {
    DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Skirmish".into(),
                resolution: size.into(),
                ..default()
            }),
            // The close button asks, as Quit does (`editor/quit_guard.rs`): unsaved edits
            // in the level editor are not lost without the designer's word.
            close_when_requested: false,
            ..default()
        })
        .set(ImagePlugin::default_nearest())
        .set(AssetPlugin {
            file_path: paths::assets_dir().to_string_lossy().into_owned(),
            watch_for_changes_override: Some(true),
            ..default()
        })
}

/// Runs the main app's schedules on Bevy's single-threaded executor. The game's systems are
/// small and mostly ordered one after another; on a 2-core machine, handing each to a
/// task-pool thread (waking it, parking it) cost more than the systems themselves: half of
/// each frame's main schedule (BENCHMARKS.md, frame budget). The render app keeps its own
/// executor.
struct SingleThreadedMain;

impl Plugin for SingleThreadedMain {
    fn build(&self, _: &mut App) {}

    /// After every plugin has added its schedules.
    fn cleanup(&self, app: &mut App) {
        for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
        }
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
    roster.side_name(i).to_string()
}

#[cfg(test)]
mod tests;
