//! Seed003's own plans: its commands once they passed every check. The core carries
//! them as `Plan::Book` without reading them; this rulebook carries them out.

use crate::battle::command::Plan;
use crate::battle::events::HeldAction;
use crate::rules::grid::Pos;
use bevy::prelude::Entity;

/// A plan of this rulebook's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed003Plan {
    /// Seed003: a 3d6 attack, paid once the reactions to its declaration are done.
    Attack3(super::work::Attack3Work),
    Dash {
        unit: Entity,
    },
    Posture {
        unit: Entity,
        to: crate::rules::unit::Posture,
    },
    Opening {
        unit: Entity,
        target: Entity,
        weapon: usize,
    },
    Check3 {
        unit: Entity,
        target: Entity,
        kind: super::work::Check3,
    },
    Grapple {
        unit: Entity,
        target: Entity,
        weapon: usize,
    },
    Drag {
        unit: Entity,
        partner: Entity,
        ap: u32,
        path: Vec<Pos>,
    },
    SeizeInitiative {
        unit: Entity,
    },
    Ignore {
        unit: Entity,
        target: Entity,
        ignore: bool,
    },
    Ready3 {
        unit: Entity,
        action: HeldAction,
        trigger: crate::battle::events::ReadyTrigger,
    },
    /// Seed003: the side asked lets the declared action go ahead (or is done acting).
    PassWindow,
    /// Seed003: a faster combatant's action out of turn.
    OutOfTurn {
        unit: Entity,
        plan: Box<Plan>,
    },
}

impl From<Seed003Plan> for crate::battle::command::Plan {
    fn from(plan: Seed003Plan) -> Self {
        crate::battle::command::Plan::book(plan)
    }
}
