//! Seed000's own steps of resolution: two allies swapping tiles, and a held action whose
//! trigger happened, which the core carries on its stack as `Work::Book` and this rulebook
//! performs.

use crate::battle::events::{HeldAction, Trigger};
use bevy::prelude::Entity;

/// Two allies swap tiles, after the reactions their leaving provokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swap {
    pub unit: Entity,
    pub ally: Entity,
}

/// A held action whose trigger happened fires, if it is legal now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeldFire {
    pub holder: Entity,
    pub seq: u32,
    pub against: Entity,
}

/// A held action waiting for its trigger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Held {
    pub holder: Entity,
    pub action: HeldAction,
    pub trigger: Trigger,
    /// The order it was held in (one holder's actions fire in this order).
    pub seq: u32,
}

/// Its state of the schedule (`TurnState::book`): actions held until their trigger or
/// their holder's next turn, in the order they were held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeldActions(pub Vec<Held>);
