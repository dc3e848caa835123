//! Seed004's own step of resolution: an attack in progress, which the core carries on
//! its stack as `Work::Book` and this rulebook performs.

use crate::battle::events::AttackKind;
use bevy::prelude::Entity;

/// A Seed004 attack in progress (presets/Seed004.md): rolled against Guard, then the Dodge
/// settled (perhaps after asking), then the damage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardAttack {
    pub attacker: Entity,
    pub target: Entity,
    /// The weapon's index among the attacker's; `None`: bare hands.
    pub weapon: Option<usize>,
    pub kind: AttackKind,
    /// An off-hand blow follows once it resolves (paid then).
    pub off_hand_next: bool,
    /// The attack total, once it has beaten Guard.
    pub total: Option<i32>,
    /// Whether the target Dodges, once settled.
    pub dodge: Option<bool>,
}

impl GuardAttack {
    pub fn new(attacker: Entity, target: Entity, weapon: Option<usize>, kind: AttackKind) -> Self {
        GuardAttack {
            attacker,
            target,
            weapon,
            kind,
            off_hand_next: false,
            total: None,
            dodge: None,
        }
    }
}
