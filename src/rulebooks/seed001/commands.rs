//! Seed001's own command, Manipulate (presets/Seed001.md: picking up a dropped item), written
//! in replays under its own name (`Manipulate(unit: "Ada")`).

use crate::battle::command::{Plan, View, need_ap};
use crate::battle::events::{Aim, Command, RulebookCommand};
use crate::battle::maneuvers::can_pick_up;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// A command only Seed001 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed001Command {
    /// Pick up one's own dropped item from this tile or a neighbouring one.
    Manipulate { unit: String },
}

impl RulebookCommand for Seed001Command {
    const NAMES: &'static [&'static str] = &["Manipulate"];

    fn actor(&self) -> &str {
        match self {
            Seed001Command::Manipulate { unit } => unit,
        }
    }

    fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Seed001Command::Manipulate { .. } => ActionKind::Manipulate,
        })
    }
}

impl From<Seed001Command> for Command {
    fn from(command: Seed001Command) -> Command {
        Command::book(command)
    }
}

/// The command of one of its actions.
pub(super) fn command_of(kind: ActionKind, unit: &str, _aim: &Aim) -> Option<Command> {
    (kind == ActionKind::Manipulate).then(|| {
        Command::book(Seed001Command::Manipulate {
            unit: unit.to_string(),
        })
    })
}

/// Manipulate: 1 AP, with one's own dropped item on this tile or a neighbouring one.
pub(super) fn plan_manipulate(view: &View, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(&view.ctx, a, ActionKind::Manipulate)?;
    if !can_pick_up(view.items, a) {
        return Err(Refusal::NothingToPickUp);
    }
    Ok(Plan::Manipulate { unit: a.entity })
}
