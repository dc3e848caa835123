//! The game's screens as Bevy `States`: the title, the level list, a battle, a saved
//! battle watched, and the level editor. A battle and everything that shows it (its map, its units, the HUD)
//! exist only on the map's screens (`OnMap`); leaving them clears the battle, so the title
//! and the level list have the window to themselves (`level_asset` forgets the level, the
//! commands recorded and what was pointed at).
//!
//! The menu pages that open over a screen (How to play, the Esc menu, the settings, the
//! list of battles to watch) are the `Menu` stack in `mod.rs`, not states: they come and
//! go over whichever screen is up, and closing one returns to it as it was.

use super::ControlSystems;
use crate::battle::BattleCore;
use bevy::prelude::*;

/// The screen the game shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameScreen {
    /// The front door: Continue, play against the computer or two players, watch a battle.
    #[default]
    Title,
    /// The level list, with who plays each side.
    LevelSelect,
    /// A battle being played.
    Battle,
    /// A saved battle being watched (`viewer`); taking it over makes it a `Battle`.
    Watching,
    /// The level editor (`editor/`): a level's text, painted and peopled; its playtest
    /// is a `Battle`.
    Editor,
}

/// The screens that show a battle on the map: a `Battle` or a battle `Watching`. Entities
/// that belong to a battle's view are scoped to it (`DespawnOnExit(OnMap)`), and the
/// battle's and the map controls' systems run only in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OnMap;

impl ComputedStates for OnMap {
    type SourceStates = GameScreen;
    /// Taking over a watched battle goes from one map screen to the other: the battle and
    /// its view stay.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: GameScreen) -> Option<OnMap> {
        matches!(screen, GameScreen::Battle | GameScreen::Watching).then_some(OnMap)
    }
}

pub fn plugin(app: &mut App) {
    app.add_computed_state::<OnMap>()
        .configure_sets(Update, (BattleCore, ControlSystems).run_if(in_state(OnMap)))
        .add_systems(OnExit(OnMap), crate::battle::setup::clear_battle);
}
