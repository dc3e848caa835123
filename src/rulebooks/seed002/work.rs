//! Seed002's own steps of resolution: an attack or maneuver in progress, which the core
//! carries on its stack as `Work::Book` and this rulebook performs; and the question a won
//! Seize asks (`Question::Book`).

use crate::battle::engine::Offer;
use crate::battle::events::AttackKind;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rules::actions::ActionKind;
use bevy::prelude::Entity;

/// Seed002's ways of walking (`Gait::Own`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gait002 {
    /// A Run (Energy by the metres, paid at the end) or Sprint (paid before): turns cost
    /// metres; steps that start or end in reach set off Swift Attacks.
    Run { sprint: bool },
    /// A Shift: each metre 1 Energy or 2 Agility.
    Shift { agility: bool },
    /// An Agile Move: each metre 1 Agility; it sets off nothing.
    Agile,
}

/// Whether the target Seizes, once asked (I4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeizeStep {
    /// Not yet offered.
    Open,
    /// Offered (and answered, or won and acted on): the attack is checked again.
    Offered,
    /// Not to be offered (a reaction, or an attack no one may seize).
    Closed,
}

/// A Seed002 attack or maneuver in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AvAttack {
    pub attacker: Entity,
    pub target: Entity,
    /// The weapon's index; `None`: bare hands.
    pub weapon: Option<usize>,
    pub kind: AttackKind,
    /// What it is paid as, and its Energy (a reaction is paid when taken).
    pub action: ActionKind,
    pub cost: u32,
    pub maneuver: Option<Maneuver002>,
    pub seize: SeizeStep,
    /// A swift Trip that the target's own step set off (X3: disadvantage on its
    /// Fortitude).
    pub moving_target: bool,
    /// The actor was Prone when the Seize was offered: only a Seize that leaves it Prone
    /// cancels the action (I4 (3); M6 lets a Prone unit attack).
    pub declared_prone: bool,
}

impl AvAttack {
    /// A declared action, open to a Seize.
    pub fn declared(
        attacker: Entity,
        target: Entity,
        weapon: Option<usize>,
        action: ActionKind,
        cost: u32,
    ) -> Self {
        AvAttack {
            attacker,
            target,
            weapon,
            kind: AttackKind::Action,
            action,
            cost,
            maneuver: None,
            seize: SeizeStep::Open,
            moving_target: false,
            declared_prone: false,
        }
    }

    /// A Swift Attack, paid when taken.
    pub fn swift(attacker: Entity, target: Entity, weapon: usize) -> Self {
        AvAttack {
            kind: AttackKind::Swift,
            seize: SeizeStep::Closed,
            ..AvAttack::declared(
                attacker,
                target,
                Some(weapon),
                action_names::SWIFT_ATTACK,
                0,
            )
        }
    }

    /// Made as a Swift Attack.
    pub fn is_swift(&self) -> bool {
        self.kind == AttackKind::Swift
    }

    /// A Swift Attack made as a maneuver (X1): a Trip that the target's own step set off
    /// rolls against its Fortitude with disadvantage (X3).
    pub fn swift_maneuver(offer: &Offer, weapon: Option<usize>, maneuver: Maneuver002) -> Self {
        AvAttack {
            weapon,
            maneuver: Some(maneuver),
            moving_target: offer.stepped && maneuver == Maneuver002::Trip,
            ..AvAttack::swift(offer.reactor, offer.target, 0)
        }
    }
}

/// The question a won Seize asks (`Question::Book`, answered on the map by the unit asked):
/// which one action does the winner take now?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeizedAction;

/// Its state of the schedule (`TurnState::book`): the side that opened this round, passes
/// in a row, and whether the activation's action has been taken (it ends once it has
/// resolved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activations {
    /// The side whose activation it is (`None` once the round's passes end it).
    pub side: Option<usize>,
    pub opener: Option<usize>,
    pub passes: usize,
    pub spent: bool,
}
