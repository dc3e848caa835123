//! Seed000's own step of resolution: two allies swapping tiles, which the core carries on
//! its stack as `Work::Book` and this rulebook performs.

use bevy::prelude::Entity;

/// Two allies swap tiles, after the reactions their leaving provokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Swap {
    pub unit: Entity,
    pub ally: Entity,
}
