//! Seed002's own plans: its commands once they passed every check. The core carries
//! them as `Plan::Book` without reading them; this rulebook carries them out.

use crate::rules::grid::Pos;
use bevy::prelude::Entity;

/// A plan of this rulebook's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed002Plan {
    /// Seed002: a Run, Sprint, Shift (the path) with how it is paid.
    Footwork {
        unit: Entity,
        path: Vec<Pos>,
        gait: super::work::Gait002,
    },
    /// Seed002: an attack or maneuver, with Agile steps before and after it.
    AvAttack {
        attack: super::work::AvAttack,
        agile_before: Vec<Pos>,
        agile_after: Vec<Pos>,
    },
    /// Seed002: a Sprint to `path`'s end, then a Push of the target.
    SprintPush {
        unit: Entity,
        path: Vec<Pos>,
        push: super::work::AvAttack,
    },
    Kneel {
        unit: Entity,
    },
    /// Seed002's Stand: Kneeling ends.
    Stand {
        unit: Entity,
    },
    Load {
        unit: Entity,
        weapon: usize,
        cost: u32,
    },
    CatchBreath {
        unit: Entity,
        cost: u32,
    },
    /// Seed002: an escape by Fortitude rolls from this restrainer.
    EscapeHold {
        unit: Entity,
        holder: Entity,
    },
    /// Seed002: the winner of a Seize lets its action go.
    SkipSeized,
}

impl From<Seed002Plan> for crate::battle::command::Plan {
    fn from(plan: Seed002Plan) -> Self {
        crate::battle::command::Plan::book(plan)
    }
}
