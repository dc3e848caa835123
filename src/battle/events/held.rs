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
}
