//! A read-only copy of every combatant's state, taken from the ECS query, that the pure
//! assessment functions work on (the same code serves resolution, previews and the UI).

use super::components::*;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Stats;
use bevy::ecs::query::QueryData;
use bevy::prelude::*;
use std::sync::Arc;

/// Every component of a combatant, mutable (the battle systems) or read-only
/// (`UnitQueryReadOnly`, for the UI and previews).
#[derive(QueryData)]
#[query_data(mutable)]
pub struct UnitQuery {
    pub entity: Entity,
    pub combatant: &'static Combatant,
    pub side: &'static Side,
    pub stats: &'static mut UnitStats,
    pub vitality: &'static mut Vitality,
    pub pos: &'static mut GridPos,
    pub facing: &'static mut Facing,
    pub initiative: &'static mut Initiative,
    pub ap: &'static mut ActionPoints,
    pub pool: &'static mut MovementPool,
    pub reactions: &'static mut Reactions,
    pub attacks: &'static mut AttackCount,
    pub flags: &'static mut TurnFlags,
    pub conditions: &'static mut Conditions,
    pub concealment: &'static mut Concealment,
    pub own: &'static mut OwnState,
}

/// One combatant, copied.
#[derive(Clone, Debug)]
pub struct UnitSnap {
    pub entity: Entity,
    /// Shared with the `Combatant` component: a snapshot copies no text.
    pub name: Arc<str>,
    pub index: usize,
    pub side: usize,
    pub pos: Pos,
    pub facing: Dir8,
    pub stats: Arc<Stats>,
    pub vitality: i32,
    pub max_vitality: i32,
    pub conditions: Conditions,
    pub ap: u32,
    pub pool: MovementPool,
    pub reactions: Reactions,
    pub attacks: u32,
    pub flags: TurnFlags,
    pub initiative: Initiative,
    pub concealment: Concealment,
    /// Rulebooks' own state of it.
    pub own: OwnState,
}

impl UnitSnap {
    /// How it stands now: Prone, Crouching (Seed003's postures) or standing.
    pub fn posture(&self) -> crate::rules::unit::Posture {
        use crate::rules::unit::Posture;
        if self.has(ConditionKind::Prone) {
            Posture::Prone
        } else if self.has(ConditionKind::Crouching) {
            Posture::Crouching
        } else {
            Posture::Standing
        }
    }

    /// A copy of one combatant's components.
    pub fn of(u: UnitQueryReadOnlyItem<'_, '_>) -> UnitSnap {
        UnitSnap {
            entity: u.entity,
            name: u.combatant.name.clone(),
            index: u.combatant.index,
            side: u.side.0,
            pos: u.pos.0,
            facing: u.facing.0,
            stats: u.stats.0.clone(),
            vitality: u.vitality.current,
            max_vitality: u.vitality.max,
            conditions: u.conditions.clone(),
            ap: u.ap.0,
            pool: *u.pool,
            reactions: *u.reactions,
            attacks: u.attacks.0,
            flags: *u.flags,
            initiative: *u.initiative,
            concealment: *u.concealment,
            own: u.own.clone(),
        }
    }

    pub fn has(&self, kind: ConditionKind) -> bool {
        self.conditions.has(kind)
    }
    pub fn is_down(&self) -> bool {
        self.conditions.is_down()
    }
    /// Not Down: can act, react, flank and give cover.
    pub fn able(&self) -> bool {
        !self.is_down()
    }
    /// Seed000: hidden from `side`, which can neither see nor target it.
    pub fn hidden_from(&self, side: usize) -> bool {
        self.concealment.from_side(side)
    }
}

/// Every combatant, in level order.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    pub units: Vec<UnitSnap>,
}

impl Snapshot {
    pub fn build<'a>(items: impl Iterator<Item = UnitQueryReadOnlyItem<'a, 'a>>) -> Snapshot {
        let mut units: Vec<UnitSnap> = items.map(UnitSnap::of).collect();
        units.sort_by_key(|u| u.index);
        Snapshot { units }
    }

    pub fn get(&self, e: Entity) -> Option<&UnitSnap> {
        self.units.iter().find(|u| u.entity == e)
    }

    /// Unit `e` now, and as it stood on `from` before its last step.
    pub fn before_step(&self, e: Entity, from: Pos) -> Option<(&UnitSnap, UnitSnap)> {
        let now = self.get(e)?;
        let mut before = now.clone();
        before.pos = from;
        Some((now, before))
    }

    pub fn by_name(&self, name: &str) -> Option<&UnitSnap> {
        self.units.iter().find(|u| *u.name == *name)
    }

    /// The creature on a tile (Down ones included: they still lie there).
    pub fn at(&self, p: Pos) -> Option<&UnitSnap> {
        self.units.iter().find(|u| u.pos == p)
    }

    pub fn enemies_of<'a>(&'a self, u: &'a UnitSnap) -> impl Iterator<Item = &'a UnitSnap> + 'a {
        self.units.iter().filter(move |o| o.side != u.side)
    }

    /// The others of `u`'s side.
    pub fn allies_of<'a>(&'a self, u: &'a UnitSnap) -> impl Iterator<Item = &'a UnitSnap> + 'a {
        self.units
            .iter()
            .filter(move |o| o.side == u.side && o.entity != u.entity)
    }
}
