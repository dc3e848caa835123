//! Seed004's own plans: its commands once they passed every check. The core carries
//! them as `Plan::Book` without reading them; this rulebook carries them out.

use bevy::prelude::Entity;

/// A plan of this rulebook's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed004Plan {
    /// Seed004: tend an adjacent ally.
    FirstAid { unit: Entity, target: Entity },
    /// Seed004: ready the weapon (its index).
    Ready { unit: Entity, weapon: usize },
}

impl From<Seed004Plan> for crate::battle::command::Plan {
    fn from(plan: Seed004Plan) -> Self {
        crate::battle::command::Plan::book(plan)
    }
}
