//! Seed001's own steps of resolution, plans and questions: a Combat Roll in progress and the
//! maneuver after a critical win (carried on the core's stack as `Work::Book`), the answers
//! and Manipulate once checked (`Plan::Book`), and the two questions a Combat Roll asks
//! (`Question::Book`): how the defender meets it, and which maneuver the winner takes.

use crate::battle::events::AttackKind;
use crate::rules::combat_roll::{CombatOutcome, Defence, Maneuver};
use bevy::prelude::Entity;

/// A Combat Roll in progress: its defence, outcome and maneuver are settled one after
/// another, each possibly after asking a side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strike {
    pub attacker: Entity,
    pub target: Entity,
    pub weapon: usize,
    pub kind: AttackKind,
    /// The defence, once chosen.
    pub defence: Option<Defence>,
    /// The outcome, once rolled.
    pub outcome: Option<CombatOutcome>,
    /// The winner's maneuver after a critical win: `Some(None)` once it chose none.
    pub maneuver: Option<Option<Maneuver>>,
    /// The maneuver the attack named in advance, taken if it is among the options.
    pub named: Option<Maneuver>,
}

impl Strike {
    /// A strike of `weapon` with nothing settled yet.
    pub fn new(attacker: Entity, target: Entity, weapon: usize, kind: AttackKind) -> Strike {
        Strike {
            attacker,
            target,
            weapon,
            kind,
            defence: None,
            outcome: None,
            maneuver: None,
            named: None,
        }
    }
}

/// A maneuver after a critical win, once the strike's damage is dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManeuverWork {
    pub winner: Entity,
    pub loser: Entity,
    pub maneuver: Maneuver,
}

/// A question a Combat Roll asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seed001Question {
    /// How does `defender` meet `attacker`'s Combat Roll?
    Defence { defender: Entity, attacker: Entity },
    /// Which maneuver does `winner` take against `loser` after a critical win?
    Maneuver { winner: Entity, loser: Entity },
}

/// A plan of this rulebook's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seed001Plan {
    /// The pending Combat Roll is met with this defence.
    ChooseDefence { defence: Defence },
    /// The pending critical win takes this maneuver, or none.
    ChooseManeuver { maneuver: Option<Maneuver> },
    /// Pick up one's own dropped items.
    Manipulate { unit: Entity },
}

impl From<Seed001Plan> for crate::battle::command::Plan {
    fn from(plan: Seed001Plan) -> Self {
        crate::battle::command::Plan::book(plan)
    }
}
