//! Seed000's own plans: its commands once they passed every check. The core carries
//! them as `Plan::Book` without reading them; this rulebook carries them out.

use crate::battle::events::{HeldAction, Trigger};
use bevy::prelude::Entity;

/// A plan of this rulebook's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed000Plan {
    /// Seed000: take the target's weapon (its index) on a won contest.
    Disarm {
        unit: Entity,
        target: Entity,
        weapon: usize,
    },
    Hide {
        unit: Entity,
    },
    SwitchPlaces {
        unit: Entity,
        ally: Entity,
    },
    /// Seed000: pay `cost` AP now for an action that fires on its trigger.
    Hold {
        unit: Entity,
        action: HeldAction,
        trigger: Trigger,
        cost: u32,
    },
}

impl From<Seed000Plan> for crate::battle::command::Plan {
    fn from(plan: Seed000Plan) -> Self {
        crate::battle::command::Plan::book(plan)
    }
}
