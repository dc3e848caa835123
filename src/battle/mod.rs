//! The headless battle core as Bevy ECS: components for combatants, conditions, cover and
//! facing; `Command` messages in, `BattleEvent` messages out; systems for the turn and round
//! schedule, movement, action resolution and reactions. It runs with `MinimalPlugins` and
//! `BattlePlugin` alone: no window, no GPU.

pub mod accept;
pub mod ai;
pub mod assess;
pub mod assess_moves;
pub mod battle_view;
pub mod bonus_rolls;
pub mod command;
pub mod components;
pub mod conditions;
pub mod contests;
pub mod describe;
pub mod engine;
pub mod events;
pub mod execute;
pub mod fate;
pub mod forced;
pub mod headless;
pub mod hiding;
pub mod lesson;
pub mod movement;
pub mod objectives;
pub mod open_back;
pub mod own;
pub mod players;
pub mod preview;
pub mod preview_extras;
pub mod push_plan;
pub mod refusal;
pub mod resolve;
pub mod schedule;
pub mod setup;
pub mod snapshot;
pub mod surround;
pub mod teleport;
pub mod unions;
pub mod work;
pub mod wounds;

use crate::rules::dice::{Dice, DiceSource};
use bevy::prelude::*;
pub use engine::{
    Battle, BattleLog, BattleMap, DiceBox, Phase, Resolution, Roster, Rules, TurnState,
};
pub use events::{BattleEvent, Command};
pub use refusal::Refusal;
pub use setup::BattleSetup;

/// The order of the battle systems within a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum BattleSystems {
    /// Spawn a battle when `BattleSetup` changes.
    Setup,
    /// Queue incoming `Command` messages.
    Intake,
    /// Start rounds and turns.
    Schedule,
    /// Resolve one queued command (with everything it triggers).
    Resolve,
    /// Victory and draws.
    Outcome,
}

/// Every battle system, its steps (`BattleSystems`) in it: where a battle runs is set on it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BattleCore;

/// Adds the battle core.
pub struct BattlePlugin;

impl Plugin for BattlePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Command>()
            .add_message::<BattleEvent>()
            .insert_resource(BattleMap {
                grid: setup::empty_grid(),
            })
            .init_resource::<Rules>()
            .insert_resource(DiceBox(Dice::new(DiceSource::Seed(0))))
            .init_resource::<Roster>()
            .init_resource::<TurnState>()
            .init_resource::<preview::ActorChoice>()
            .init_resource::<Resolution>()
            .init_resource::<engine::ObjectiveState>()
            .init_resource::<BattleLog>()
            .init_resource::<engine::DroppedItems>()
            .configure_sets(
                Update,
                (
                    BattleSystems::Setup,
                    BattleSystems::Intake,
                    BattleSystems::Schedule,
                    BattleSystems::Resolve,
                    BattleSystems::Outcome,
                )
                    .chain()
                    .in_set(BattleCore),
            )
            .add_systems(
                Update,
                (
                    setup::spawn_battle.in_set(BattleSystems::Setup),
                    intake_commands.in_set(BattleSystems::Intake),
                    advance_schedule.in_set(BattleSystems::Schedule),
                    resolve_next_command.in_set(BattleSystems::Resolve),
                    check_outcome.in_set(BattleSystems::Outcome),
                ),
            );
    }
}

/// Queue the commands that arrived this frame.
fn intake_commands(mut incoming: MessageReader<Command>, mut resolution: ResMut<Resolution>) {
    resolution.queue.extend(incoming.read().cloned());
}

/// Start the battle, or the next turn once the last one ended.
fn advance_schedule(mut battle: Battle) {
    battle.advance();
}

/// Resolve the next queued command, once the schedule has a turn running (or to refuse it).
fn resolve_next_command(mut battle: Battle) {
    if matches!(battle.turn.phase, Phase::Setup | Phase::TurnOver) {
        return;
    }
    if let Some(cmd) = battle.resolution.queue.pop_front() {
        battle.handle_command(cmd);
    }
}

/// End the battle when only one side stands.
fn check_outcome(mut battle: Battle) {
    battle.check_outcome();
}
