//! The plans a command becomes once it passed every check: what the battle then carries
//! out (`execute.rs`) and previews (`preview.rs`).

use super::*;
use crate::rules::book_value::{BookItem, BookValue};

/// A command that passed every check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    Walk {
        unit: Entity,
        path: Vec<Pos>,
    },
    Sprint {
        unit: Entity,
    },
    Attack {
        unit: Entity,
        target: Entity,
        weapon: usize,
        /// Seed001: the maneuver named in advance for a critical win.
        maneuver: Option<Maneuver>,
        /// Seed000: a non-lethal attack.
        non_lethal: bool,
        /// Seed000: the tile the attacker leans out to from full cover.
        lean: Option<Pos>,
        /// Seed004: an off-hand blow follows.
        off_hand: bool,
    },
    Defend {
        unit: Entity,
    },
    TakeCover {
        unit: Entity,
    },
    Disengage {
        unit: Entity,
    },
    Contest {
        unit: Entity,
        target: Entity,
        kind: ContestAction,
    },
    Release {
        unit: Entity,
        held: Entity,
    },
    StandUp {
        unit: Entity,
    },
    Charge {
        unit: Entity,
        target: Entity,
        path: Vec<Pos>,
        dir: Dir8,
    },
    Stabilize {
        unit: Entity,
        target: Entity,
    },
    Face {
        unit: Entity,
        dir: Dir8,
    },
    Delay {
        unit: Entity,
        after: Option<Entity>,
    },
    EndTurn {
        unit: Entity,
    },
    Undo {
        unit: Entity,
    },
    Answer {
        offer: Offer,
        accept: bool,
        /// A reaction taken as one of its rulebook's maneuvers, as the rulebook checked it
        /// (`Play::reaction_maneuver`; Seed002's Swift Attack as a Trip, X1).
        maneuver: Option<crate::rules::book_value::BookValue>,
    },
    /// The rulebook's own action, checked by it.
    Own(crate::battle::own::OwnPlan),
    /// A plan of a rulebook's own, of its own type, that it made and carries out.
    Book(crate::rules::book_value::BookValue),
}

impl Plan {
    /// A rulebook's own plan.
    pub fn book<T: BookItem>(plan: T) -> Plan {
        Plan::Book(BookValue::new(plan))
    }

    /// The plan as a rulebook's own of type `T`, if it is one.
    pub fn of_book<T: BookItem>(&self) -> Option<&T> {
        match self {
            Plan::Book(b) => b.get(),
            _ => None,
        }
    }

    /// The plan as a rulebook's own of type `T`, taken out; itself back when it is not one.
    pub fn take_book<T: BookItem>(self) -> Result<T, Plan> {
        match self {
            Plan::Book(b) => b.take().map_err(Plan::Book),
            other => Err(other),
        }
    }

    /// Whether taking it spends a side's activation: every core plan but facing, answers
    /// and End Turn (which ends the activation its own way); a rulebook says of its own.
    pub fn spends_activation(&self) -> bool {
        !matches!(
            self,
            Plan::Face { .. } | Plan::Answer { .. } | Plan::Undo { .. } | Plan::EndTurn { .. }
        )
    }
}
