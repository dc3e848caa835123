//! Seed000's held actions, as a command names them: what is held, and the command it
//! becomes when its trigger happens.

use super::{AttackOptions, Command};
use crate::rules::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// Seed000: an action that can be held, aimed at whichever enemy sets off the trigger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeldAction {
    /// An attack with the named weapon, or the first that reaches.
    Attack(Option<String>),
    Shove,
    Trip,
    Grab,
    /// Disarm the named weapon, or the first held one.
    Disarm(Option<String>),
}

impl HeldAction {
    /// The action it is, for its cost.
    pub fn kind(&self) -> ActionKind {
        match self {
            HeldAction::Attack(_) => ActionKind::Attack,
            HeldAction::Shove => ActionKind::Shove,
            HeldAction::Trip => ActionKind::Trip,
            HeldAction::Grab => ActionKind::Grab,
            HeldAction::Disarm(_) => ActionKind::Disarm,
        }
    }

    /// The command that carries the action out against `target`.
    pub fn command(&self, unit: &str, target: &str) -> Command {
        let (unit, target) = (unit.to_string(), target.to_string());
        match self {
            HeldAction::Attack(weapon) => Command::Attack {
                unit,
                target,
                weapon: weapon.clone(),
                options: AttackOptions::default(),
            },
            HeldAction::Shove => Command::Shove {
                unit,
                target,
                dir: None,
                distance: None,
            },
            HeldAction::Trip => Command::Trip { unit, target },
            HeldAction::Grab => Command::Grab { unit, target },
            HeldAction::Disarm(weapon) => Command::Disarm {
                unit,
                target,
                weapon: weapon.clone(),
            },
        }
    }
}
