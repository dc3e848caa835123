//! A rulebook's own actions, as the core carries them without knowing them: the command a
//! replay writes, the plan that passed the rulebook's checks, the event its resolution
//! logs, and its preview. The rulebook in force gives each its meaning
//! (`crate::rulebook::Rulebook::plan_own` and the methods beside it).

use crate::rules::actions::OwnAction;
use crate::rules::grid::Pos;
use crate::rules::odds::Chance;
use crate::rules::ruleset::RulebookId;
use bevy::prelude::Entity;
use serde::{Deserialize, Serialize};

/// A rulebook's own action, commanded: `Own((unit: "Ada", action: "Rally"))`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnCommand {
    pub unit: String,
    pub action: OwnAction,
    /// The combatant it is aimed at, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The tile it is aimed at, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Pos>,
}

/// A rulebook's own action that passed its checks: the core pays its cost from the
/// ruleset's table, then asks the rulebook to resolve it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnPlan {
    pub unit: Entity,
    pub action: OwnAction,
    pub target: Option<Entity>,
    pub at: Option<Pos>,
}

/// What a rulebook's own action did, for the log: the rulebook that wrote it says it in
/// words (`Rulebook::describe_own`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnEvent {
    pub rulebook: RulebookId,
    pub action: OwnAction,
    /// The rulebook's own name for what happened (`"rallied"`).
    pub what: String,
    pub unit: String,
    /// The other combatants it concerns.
    pub others: Vec<String>,
    /// Its numbers (dice, totals, targets), as the rulebook lays them out.
    pub numbers: Vec<i64>,
}

/// A rulebook's own action, previewed: its words, and its exact chance of success when it
/// rolls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnPreview {
    pub text: String,
    pub chance: Option<Chance>,
}

/// A rulebook's own action as the window offers it: a button on the action bar (the
/// first three a rulebook lists get one, on the keys of `OwnAction1`–`OwnAction3`). It is
/// taken at once, by the acting combatant, with no target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnActionSpec {
    pub action: OwnAction,
    /// A line on what it does, for the button's status line.
    pub help: &'static str,
}
