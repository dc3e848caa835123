//! Levels as Bevy assets: a RON loader that validates, the level being played, restarts,
//! and live editing — a saved edit restarts the battle on the new map within a second; a
//! broken edit keeps the last good level running and shows its problems.

use crate::battle::Command;
use crate::battle::setup::BattleSetup;
use crate::level::problem::Problem;
use crate::level::sources::LevelSources;
use crate::level::{Level, parse_level};
use crate::paths;
use crate::replay::{Replay, Seat};
use crate::rules::dice::DiceSource;
use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use std::sync::Arc;

/// A level file after validation: the level, or its problems.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct LevelAsset {
    /// The file as shown in messages.
    pub label: String,
    pub result: Result<Arc<Level>, Vec<Problem>>,
    /// The file's text, which a saved battle carries.
    pub text: Arc<str>,
}

/// Reads and validates `.ron` level files. Never fails: problems are part of the asset.
#[derive(TypePath)]
pub struct LevelLoader {
    /// How problems name the folder of a level opened from outside `levels/` (as the
    /// designer knows it, relative to the project when it lies inside).
    pub open_dir: String,
}

impl AssetLoader for LevelLoader {
    type Asset = LevelAsset;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<LevelAsset, std::io::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let path = cx.path();
        let label = match path.source().as_str() {
            Some(super::LEVELS_SOURCE) | None => format!("levels/{}", path.path().display()),
            Some(_) => std::path::Path::new(&self.open_dir)
                .join(path.path())
                .display()
                .to_string(),
        };
        let catalog = paths::load_catalog();
        let result = parse_level(&label, &bytes, &catalog).map(Arc::new);
        let text = String::from_utf8_lossy(&bytes).into();
        Ok(LevelAsset {
            label,
            result,
            text,
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// The level the game was opened with: the battle it starts in, or the title's backdrop.
#[derive(Resource, Clone, Debug)]
pub struct StartLevel {
    /// Its asset path (`levels://first_blood.ron`).
    pub asset_path: String,
    pub file: std::path::PathBuf,
}

/// The level being played.
#[derive(Resource, Debug, Default)]
pub struct CurrentLevel {
    pub handle: Handle<LevelAsset>,
    /// The file, as written in a replay and in problems (the loader's label; empty until
    /// the level has loaded).
    pub file: String,
    /// The last version that validated.
    pub level: Option<Arc<Level>>,
    /// Its text and the catalog files it uses, as they were when it was read: what a
    /// saved battle carries.
    pub sources: Option<Arc<LevelSources>>,
    /// Problems of the latest version on disk (empty when it is valid).
    pub errors: Vec<Problem>,
    /// The dice of the battle being played (a seed; a watched replay's may be scripted).
    pub dice: DiceSource,
    /// Every side's reaction policy in the battle being played, where a watched replay
    /// set one; `None`: each side's from the level.
    pub policy_override: Option<crate::level::schema::ReactionPolicy>,
    /// The battle is a saved one being watched (`viewer`), not the player's own until it
    /// is taken over: the autosave leaves it out.
    pub watched: bool,
    /// The battle is the level editor's playtest of its draft: the turn bar says so, and
    /// how to go back.
    pub playtest: bool,
    /// How many times the file has been (re)loaded.
    pub generation: u32,
}

/// Ask for another level (or the same one again, to restart).
#[derive(Message, Clone, Debug)]
pub struct LoadLevel {
    pub asset_path: String,
}

/// Start the current level's battle over.
#[derive(Message, Clone, Debug, Default)]
pub struct RestartBattle;

/// Every command given in this battle, for saving a replay.
#[derive(Resource, Debug, Default)]
pub struct CommandRecord(pub Vec<Command>);

pub fn plugin(app: &mut App) {
    app.init_asset::<LevelAsset>()
        .init_resource::<CurrentLevel>()
        .init_resource::<CommandRecord>()
        .add_message::<LoadLevel>()
        .add_message::<RestartBattle>()
        .add_systems(
            Startup,
            open_start_level.run_if(in_state(super::screen_state::GameScreen::Battle)),
        )
        .add_systems(OnExit(super::screen_state::OnMap), forget_the_battle)
        .add_systems(
            Update,
            (load_requested, level_changed, restart).before(crate::battle::BattleSystems::Setup),
        )
        // The record has every command the battle took by the end of the frame that took
        // it, whichever system wrote it (the autosave writes that frame's record).
        .add_systems(
            Update,
            record_commands
                .after(crate::battle::BattleSystems::Intake)
                .before(crate::battle::BattleSystems::Resolve),
        );
}

/// The window's side of leaving a battle (the battle itself is cleared by
/// `battle::setup::clear_battle`): no level is being played, no command recorded, and
/// nothing pointed at or chosen.
fn forget_the_battle(
    mut current: ResMut<CurrentLevel>,
    mut record: ResMut<CommandRecord>,
    mut ui: ResMut<super::UiState>,
    mut confirm: ResMut<super::EndTurnConfirm>,
) {
    *current = CurrentLevel {
        generation: current.generation,
        ..default()
    };
    record.0.clear();
    *ui = super::UiState {
        terrain_marks: ui.terrain_marks,
        ..default()
    };
    confirm.0 = None;
}

/// A seed from the clock: a battle's dice where the level names none.
pub fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(1)
}

fn open_start_level(start: Res<StartLevel>, mut load: MessageWriter<LoadLevel>) {
    load.write(LoadLevel {
        asset_path: start.asset_path.clone(),
    });
}

fn load_requested(
    mut requests: MessageReader<LoadLevel>,
    server: Res<AssetServer>,
    mut current: ResMut<CurrentLevel>,
) {
    let Some(req) = requests.read().last() else {
        return;
    };
    info!("loading level {}", req.asset_path);
    current.handle = server.load::<LevelAsset>(req.asset_path.clone());
    current.file.clear();
    current.level = None;
    current.errors.clear();
}

/// Start a battle on `level`, with its seed (or a fresh one).
fn start(
    commands: &mut Commands,
    current: &mut CurrentLevel,
    record: &mut CommandRecord,
    level: Arc<Level>,
) {
    let dice = DiceSource::Seed(level.seed.unwrap_or_else(fresh_seed));
    let setup = BattleSetup::new((*level).clone(), dice).with_level_policies();
    start_setup(commands, current, record, setup);
}

/// Start the battle `setup` describes (a new one, a continued one, a watched replay).
pub(crate) fn start_setup(
    commands: &mut Commands,
    current: &mut CurrentLevel,
    record: &mut CommandRecord,
    setup: BattleSetup,
) {
    current.dice = setup.dice.clone();
    current.policy_override = setup.policy_override;
    current.watched = false;
    current.playtest = false;
    current.level = Some(setup.level.clone());
    record.0.clear();
    commands.insert_resource(setup);
}

/// A level file was loaded or edited: restart on it, or show what is wrong with it.
fn level_changed(
    mut commands: Commands,
    mut events: MessageReader<AssetEvent<LevelAsset>>,
    assets: Res<Assets<LevelAsset>>,
    mut current: ResMut<CurrentLevel>,
    mut record: ResMut<CommandRecord>,
) {
    // A reload may report both Modified and LoadedWithDependencies: act once. A level asked
    // for while its asset is still loaded (another handle keeps it, or its unloading has
    // not been processed yet) reports nothing: it starts as it stands.
    let handle = current.handle.id();
    let touched = events.read().any(|ev| {
        matches!(ev, AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id } if *id == handle)
    });
    let asked = current.file.is_empty() && assets.contains(handle);
    if touched || asked {
        let Some(asset) = assets.get(handle) else {
            return;
        };
        current.generation += 1;
        current.file.clone_from(&asset.label);
        match &asset.result {
            Ok(level) => {
                info!("{}: {}", asset.label, level.summary());
                current.errors.clear();
                let sources = LevelSources::gather(&asset.text, level, &paths::assets_dir());
                current.sources = Some(Arc::new(sources));
                start(&mut commands, &mut current, &mut record, level.clone());
            }
            Err(problems) => {
                for p in problems {
                    warn!("{p}");
                }
                current.errors = problems.clone();
            }
        }
    }
}

fn restart(
    mut commands: Commands,
    mut requests: MessageReader<RestartBattle>,
    mut current: ResMut<CurrentLevel>,
    mut record: ResMut<CommandRecord>,
) {
    if requests.read().last().is_none() {
        return;
    }
    if let Some(level) = current.level.clone() {
        // A playtest restarted is still the editor's playtest: still left out of the
        // autosave, still tagged in the turn bar.
        let (watched, playtest) = (current.watched, current.playtest);
        start(&mut commands, &mut current, &mut record, level);
        if playtest {
            (current.watched, current.playtest) = (watched, playtest);
        }
    }
}

pub(super) fn record_commands(
    mut commands: MessageReader<Command>,
    mut record: ResMut<CommandRecord>,
) {
    record.0.extend(commands.read().cloned());
}

/// The battle so far as a replay that stands on its own: who played each side, and the
/// level and catalog files it was played with.
pub fn battle_so_far(current: &CurrentLevel, record: &CommandRecord, players: Vec<Seat>) -> Replay {
    let mut replay = Replay::recorded(current.file.clone(), current.dice.clone(), record.0.clone());
    // A watched replay's policies, where it set them, hold for what is played on.
    if let Some(policy) = current.policy_override {
        replay.reactions = Some(policy);
        replay.level_policies = false;
    }
    replay.players = Some(players);
    replay.sources = current.sources.as_deref().cloned();
    replay
}

/// Write the battle so far as a replay file in the player's battles folder
/// (`paths::battles_dir`), under a name no file has yet; returns the path written.
pub fn save_replay(
    current: &CurrentLevel,
    record: &CommandRecord,
    players: Vec<Seat>,
) -> std::io::Result<String> {
    let replay = battle_so_far(current, record, players);
    let stem = std::path::Path::new(&current.file)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "battle".into());
    let path = paths::new_battle_path(&stem)?;
    std::fs::write(&path, replay.to_ron())?;
    Ok(paths::display(&path))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A playtest restarted from its menu stays the editor's playtest: out of the autosave,
    /// tagged in the turn bar; a player's battle restarted stays the player's.
    #[test]
    fn a_restarted_playtest_is_still_a_playtest() {
        let text = include_str!("../../levels/first_blood.ron");
        let catalog = crate::paths::current_catalog();
        let level = crate::level::parse_level("first_blood.ron", text.as_bytes(), &catalog);
        let level = Arc::new(level.unwrap());
        for playtest in [true, false] {
            let mut app = App::new();
            app.add_plugins(MinimalPlugins)
                .add_message::<RestartBattle>()
                .init_resource::<CommandRecord>()
                .insert_resource(CurrentLevel {
                    level: Some(level.clone()),
                    watched: playtest,
                    playtest,
                    ..default()
                })
                .add_systems(Update, restart);
            app.world_mut().write_message(RestartBattle);
            app.update();
            let current = app.world().resource::<CurrentLevel>();
            assert_eq!((current.watched, current.playtest), (playtest, playtest));
            assert!(app.world().contains_resource::<BattleSetup>());
        }
    }
}
