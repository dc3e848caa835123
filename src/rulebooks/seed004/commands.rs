//! Seed004's own command, First Aid (presets/Seed004.md), written in replays under its own
//! name (`FirstAid(unit: "Ada", target: "Bram")`).

use crate::battle::events::{Aim, Command, RulebookCommand};
use crate::rules::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// A command only Seed004 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed004Command {
    /// Tend an adjacent ally (stabilize it in Shock, else restore Durability).
    FirstAid { unit: String, target: String },
}

impl RulebookCommand for Seed004Command {
    const NAMES: &'static [&'static str] = &["FirstAid"];

    fn actor(&self) -> &str {
        match self {
            Seed004Command::FirstAid { unit, .. } => unit,
        }
    }

    fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Seed004Command::FirstAid { .. } => ActionKind::FirstAid,
        })
    }

    fn target(&self) -> Option<&str> {
        match self {
            Seed004Command::FirstAid { target, .. } => Some(target),
        }
    }
}

impl From<Seed004Command> for Command {
    fn from(command: Seed004Command) -> Command {
        Command::book(command)
    }
}

/// The command of one of its actions, at the target `aim` names.
pub(super) fn command_of(kind: ActionKind, unit: &str, aim: &Aim) -> Option<Command> {
    (kind == ActionKind::FirstAid).then_some(())?;
    Some(Command::book(Seed004Command::FirstAid {
        unit: unit.to_string(),
        target: aim.target.clone()?,
    }))
}
