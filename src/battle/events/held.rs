//! Held actions, as a command names them: what is held, aimed at whichever enemy sets off
//! the trigger.

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
    /// Its name, as a command writes it (`Attack`, `Disarm`).
    pub fn name(&self) -> &'static str {
        match self {
            HeldAction::Attack(_) => "Attack",
            HeldAction::Shove => "Shove",
            HeldAction::Trip => "Trip",
            HeldAction::Grab => "Grab",
            HeldAction::Disarm(_) => "Disarm",
        }
    }

    /// The core's action it is, for its cost (`None` for a rulebook's own: a Disarm).
    pub fn core_kind(&self) -> Option<ActionKind> {
        match self {
            HeldAction::Attack(_) => Some(ActionKind::Attack),
            HeldAction::Shove => Some(ActionKind::Shove),
            HeldAction::Trip => Some(ActionKind::Trip),
            HeldAction::Grab => Some(ActionKind::Grab),
            HeldAction::Disarm(_) => None,
        }
    }
}
