//! Seed001's own commands, written in replays under their own names: Manipulate
//! (presets/Seed001.md: picking up a dropped item, `Manipulate(unit: "Ada")`), and the
//! answers to a Combat Roll's questions (`ChooseDefence`, `ChooseManeuver`).

use super::Seed001Refusal;
use super::maneuvers::can_pick_up;
use super::work::Seed001Plan;
use crate::battle::command::{Plan, View, need_ap};
use crate::battle::events::{Aim, Command, RulebookCommand};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed001::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::combat_roll::{Defence, Maneuver};
use serde::{Deserialize, Serialize};

/// A command only Seed001 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed001Command {
    /// Answer a `DefenceOffered` event: how the attacked combatant meets a Combat Roll.
    /// `None` pays nothing and rolls no die.
    ChooseDefence { unit: String, defence: Defence },
    /// Answer a `ManeuverOffered` event: the winner of a critical win picks a maneuver, or
    /// none.
    ChooseManeuver {
        unit: String,
        maneuver: Option<Maneuver>,
    },
    /// Pick up one's own dropped item from this tile or a neighbouring one.
    Manipulate { unit: String },
}

impl RulebookCommand for Seed001Command {
    const NAMES: &'static [&'static str] = &["ChooseDefence", "ChooseManeuver", "Manipulate"];

    fn actor(&self) -> &str {
        match self {
            Seed001Command::ChooseDefence { unit, .. }
            | Seed001Command::ChooseManeuver { unit, .. }
            | Seed001Command::Manipulate { unit } => unit,
        }
    }

    fn action(&self) -> Option<ActionKind> {
        match self {
            Seed001Command::Manipulate { .. } => Some(action_names::MANIPULATE),
            Seed001Command::ChooseDefence { .. } | Seed001Command::ChooseManeuver { .. } => None,
        }
    }
}

impl From<Seed001Command> for Command {
    fn from(command: Seed001Command) -> Command {
        Command::book(command)
    }
}

/// The command of one of its actions.
pub(super) fn command_of(kind: ActionKind, unit: &str, _aim: &Aim) -> Option<Command> {
    (kind == action_names::MANIPULATE).then(|| {
        Command::book(Seed001Command::Manipulate {
            unit: unit.to_string(),
        })
    })
}

/// Manipulate: 1 AP, with one's own dropped item on this tile or a neighbouring one.
pub(super) fn plan_manipulate(view: &View, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(&view.ctx, a, action_names::MANIPULATE)?;
    if !can_pick_up(view.items, a) {
        return Err(Seed001Refusal::NothingToPickUp.into());
    }
    Ok(Seed001Plan::Manipulate { unit: a.entity }.into())
}
