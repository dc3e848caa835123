//! A headless battle: an `App` with `MinimalPlugins` and `BattlePlugin`, driven by commands,
//! for tests, replays, benchmarks and the command line.

use super::BattlePlugin;
use super::engine::{BattleLog, Phase, Resolution, TurnState};
use super::events::{BattleEvent, Command};
use super::setup::BattleSetup;
use super::snapshot::{Snapshot, UnitQuery, UnitSnap};
use bevy::app::{TaskPoolOptions, TaskPoolPlugin};
use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::prelude::*;

/// Most frames one `run_until_idle` call runs.
pub const MAX_IDLE_FRAMES: usize = 100_000;

/// A battle without a window.
pub struct Headless {
    pub app: App,
}

impl Headless {
    /// Spawn the battle and run until the first turn starts.
    ///
    /// Every schedule runs on Bevy's single-threaded executor: the battle's systems run one
    /// after another anyway, and handing each to a task-pool thread costs more than the
    /// systems themselves (half the time of a replay, BENCHMARKS.md). The task pools are
    /// made, but not ticked every frame (`TaskPoolPlugin`'s 300 empty queue polls a frame
    /// were a tenth of a replay's time): a battle spawns no local tasks.
    pub fn new(setup: BattleSetup) -> Headless {
        let mut app = App::new();
        TaskPoolOptions::default().create_default_pools();
        app.add_plugins((
            MinimalPlugins.build().disable::<TaskPoolPlugin>(),
            BattlePlugin,
        ));
        app.insert_resource(setup);
        app.finish();
        app.cleanup();
        for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            schedule.set_executor(SingleThreadedExecutor::new());
        }
        let mut h = Headless { app };
        h.run_until_idle();
        h
    }

    /// Whether frames still have work: queued commands or a turn to start.
    pub fn busy(&self) -> bool {
        let world = self.app.world();
        let res = world.resource::<Resolution>();
        let turn = world.resource::<TurnState>();
        let waiting_for_answer = res.awaiting.is_some();
        (!res.queue.is_empty() && !waiting_for_answer && turn.phase != Phase::Finished)
            || matches!(turn.phase, Phase::TurnOver)
            || (turn.phase == Phase::Setup && turn.round == 0 && self.log().len() <= 1)
    }

    /// Run frames until nothing is left to do.
    pub fn run_until_idle(&mut self) {
        self.app.update();
        for _ in 0..MAX_IDLE_FRAMES {
            if !self.busy() {
                break;
            }
            self.app.update();
        }
    }

    /// Send one command and resolve it (and any turn change it causes).
    pub fn send(&mut self, cmd: Command) {
        self.app.world_mut().write_message(cmd);
        self.run_until_idle();
    }

    /// Every event so far.
    pub fn log(&self) -> &[BattleEvent] {
        &self.app.world().resource::<BattleLog>().events
    }

    pub fn turn(&self) -> &TurnState {
        self.app.world().resource::<TurnState>()
    }

    pub fn snapshot(&mut self) -> Snapshot {
        let world = self.app.world_mut();
        let mut q = world.query::<UnitQuery>();
        Snapshot::build(q.iter(world))
    }

    pub fn unit(&mut self, name: &str) -> Option<UnitSnap> {
        self.snapshot().by_name(name).cloned()
    }

    /// Look at the battle as the rules see it (for previews and the computer player).
    pub fn with_view<R>(&mut self, f: impl FnOnce(&super::command::View) -> R) -> R {
        let snap = self.snapshot();
        let world = self.app.world();
        let map = world.resource::<super::engine::BattleMap>();
        let rules = world.resource::<super::engine::Rules>();
        let turn = world.resource::<TurnState>();
        let resolution = world.resource::<Resolution>();
        let roster = world.resource::<super::engine::Roster>();
        let items = world.resource::<super::engine::DroppedItems>();
        f(&super::command::View::new(
            &snap, map, rules, turn, resolution, roster, items,
        ))
    }

    /// The name of the combatant whose turn it is.
    pub fn active(&mut self) -> Option<String> {
        let e = self.turn().active()?;
        self.snapshot().get(e).map(|u| u.name.to_string())
    }
}
