//! Spawning a battle from a level: the combatant entities, the cover objects and fresh
//! resources. A new `BattleSetup` (another level, or a hot-reloaded one) starts over.

use super::components::*;
use super::engine::*;
use crate::level::schema::ReactionPolicy;
use crate::level::{Level, UnitDef};
use crate::rules::book_value::BookState;
use crate::rules::dice::{Dice, DiceSource};
use crate::rules::terrain::{self, TerrainGrid};
use bevy::prelude::*;
use std::sync::Arc;

/// What battle to run: insert or replace this resource to (re)start a battle.
#[derive(Resource, Clone, Debug)]
pub struct BattleSetup {
    pub level: Arc<Level>,
    pub dice: DiceSource,
    /// Replaces every side's reaction policy; `None` uses each side's policy from the
    /// level (the window, where players answer prompts).
    pub policy_override: Option<ReactionPolicy>,
}

impl BattleSetup {
    /// A battle in which every side takes its reactions `Always` (RULES §8: the library's
    /// default whenever no policy is given), so that no program built on the crate waits
    /// for an answer nobody will give.
    pub fn new(level: Level, dice: DiceSource) -> Self {
        BattleSetup {
            level: Arc::new(level),
            dice,
            policy_override: Some(ReactionPolicy::Always),
        }
    }

    /// The same battle with each side's reaction policy from the level (`Ask` sides are
    /// asked through `ReactionOffered` events).
    pub fn with_level_policies(mut self) -> Self {
        self.policy_override = None;
        self
    }
}

/// An empty map for the time before any battle exists.
pub fn empty_grid() -> TerrainGrid {
    TerrainGrid {
        width: 0,
        height: 0,
        palette: Vec::new(),
        tiles: Vec::new(),
    }
}

/// The entities a battle spawns.
type BattleEntities = Or<(With<Combatant>, With<Cover>)>;

/// Despawn the previous battle and spawn the one `BattleSetup` describes, once it is new.
/// The change is looked for here, not in a run condition: one whose system's set does not
/// run (the window's title screen) would see the change and lose it.
pub fn spawn_battle(
    mut commands: Commands,
    setup: Option<Res<BattleSetup>>,
    old: Query<Entity, BattleEntities>,
    previous: Res<BattleLog>,
) {
    let Some(setup) = setup.filter(|s| s.is_changed()) else {
        return;
    };
    for e in &old {
        commands.entity(e).despawn();
    }
    let level = &setup.level;
    let names = level
        .units
        .iter()
        .enumerate()
        .map(|(index, u)| spawn_combatant(&mut commands, index, u, &level.rules))
        .collect::<Vec<_>>();
    spawn_cover(&mut commands, &level.grid);
    let policies = level
        .sides
        .iter()
        .map(|s| setup.policy_override.unwrap_or(s.reactions))
        .collect();
    commands.insert_resource(BattleMap {
        grid: level.grid.clone(),
    });
    commands.insert_resource(Rules(level.rules.clone()));
    commands.insert_resource(DiceBox(Dice::new(setup.dice.clone())));
    commands.insert_resource(Roster::new(
        level.name.clone(),
        level.sides.clone(),
        policies,
        level.objectives.clone().into(),
        names,
    ));
    commands.insert_resource(TurnState::default());
    commands.insert_resource(super::engine::DroppedItems::default());
    commands.insert_resource(Resolution::default());
    commands.insert_resource(ObjectiveState {
        streak: vec![0; level.objectives.len()],
        reached: vec![Vec::new(); level.objectives.len()],
    });
    let started = super::events::BattleEvent::BattleStarted {
        level: level.name.clone(),
        dice: setup.dice.clone(),
    };
    commands.insert_resource(BattleLog {
        events: vec![started.clone()],
        battle: previous.battle + 1,
    });
    commands.write_message(started);
}

/// Despawn the battle and put back what the plugin starts with: no combatants, an empty
/// map, an empty log (numbered as a battle of its own, so that whatever shows a battle sees
/// it change). The window runs it when the player leaves the battle's screens.
pub fn clear_battle(
    mut commands: Commands,
    old: Query<Entity, BattleEntities>,
    previous: Res<BattleLog>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    commands.remove_resource::<BattleSetup>();
    commands.insert_resource(BattleMap { grid: empty_grid() });
    commands.insert_resource(super::Rules::default());
    commands.insert_resource(Roster::default());
    commands.insert_resource(TurnState::default());
    commands.insert_resource(super::engine::DroppedItems::default());
    commands.insert_resource(Resolution::default());
    commands.insert_resource(ObjectiveState::default());
    commands.insert_resource(super::preview::ActorChoice::default());
    commands.insert_resource(BattleLog {
        events: Vec::new(),
        battle: previous.battle + 1,
    });
}

/// One combatant entity, with fresh budgets; returns its shared name and entity. Under
/// Durability and Health (Seed004) its vitality is the two together.
fn spawn_combatant(
    commands: &mut Commands,
    index: usize,
    u: &UnitDef,
    rules: &crate::rules::ruleset::Ruleset,
) -> (Arc<str>, Entity) {
    let name: Arc<str> = u.name.as_str().into();
    let mut own = BookState::default();
    for book in crate::rulebooks::all() {
        if let Some(fresh) = book.fresh_own(&u.stats) {
            own.put(fresh);
        }
    }
    // A rulebook may count its own bar (Seed003: the wound slots left).
    let vitality = (rules.rulebook.book())
        .vitality_max(&u.stats)
        .unwrap_or(u.stats.vitality);
    let e = commands
        .spawn((
            Name::new(u.name.clone()),
            Combatant {
                name: name.clone(),
                index,
                template: u.template.clone(),
            },
            Side(u.side),
            UnitStats(Arc::new(u.stats.clone())),
            Vitality {
                current: vitality,
                max: vitality,
            },
            GridPos(u.pos),
            Facing(u.facing),
            (
                Initiative::default(),
                ActionPoints::default(),
                MovementPool::default(),
                Reactions::default(),
                AttackCount::default(),
                TurnFlags::default(),
                Conditions::default(),
                Concealment::default(),
                OwnState::new(own),
            ),
        ))
        .id();
    (name, e)
}

/// One cover object per half- or full-cover tile.
fn spawn_cover(commands: &mut Commands, grid: &TerrainGrid) {
    for (i, &t) in grid.tiles.iter().enumerate() {
        let kind = &grid.palette[t as usize];
        if kind.cover != terrain::Cover::None {
            commands.spawn((
                Cover {
                    cover: kind.cover,
                    name: kind.name.clone(),
                },
                GridPos(grid.pos_of(i)),
            ));
        }
    }
}
