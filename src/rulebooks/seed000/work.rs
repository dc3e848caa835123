//! Seed000's own steps of resolution: two allies swapping tiles, and a held action whose
//! trigger happened, which the core carries on its stack as `Work::Book` and this rulebook
//! performs.

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
