//! Teleport (RULES §8; docs/RULES_NOTES.md, "Teleport"): a weapon's `teleport` moves its
//! wielder or its target on a hit, straight away from the other, onto the tile exactly
//! `distance` tiles along that line (over anything between). It never provokes: no
//! opportunity, swift or Rebuff attack, and the teleported creature is not Unguarded. A
//! teleport into an occupied tile deals Reality damage equal to the distance (at most 100),
//! ignoring Armor, to both, and the teleported creature stays where it started.

use super::assess::{Ctx, push_direction};
use super::engine::{Battle, Work};
use super::events::BattleEvent;
use super::snapshot::UnitSnap;
use crate::rules::combat::DamageType;
use crate::rules::damage::{Blow, RawFrom};
use crate::rules::grid::Pos;
use crate::rules::terrain::Cover;
use crate::rules::unit::{Teleport, TeleportWho};
use bevy::prelude::Entity;

/// RULES §8: a teleport into an occupied tile deals at most this much damage.
pub const MAX_TELEPORT_DAMAGE: i32 = 100;

/// Where a teleport takes its creature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeleportPlan {
    /// The creature that teleports.
    pub unit: Entity,
    pub from: Pos,
    /// The landing tile.
    pub to: Pos,
    /// Tiles between `from` and `to` along the line.
    pub distance: u32,
    /// The creature already on the landing tile (standing or Down): the teleport fails.
    pub occupant: Option<Entity>,
}

impl TeleportPlan {
    /// The Reality damage both take when the landing tile is occupied.
    pub fn damage(&self) -> i32 {
        (self.distance as i32).min(MAX_TELEPORT_DAMAGE)
    }
}

/// Where `user`'s teleport, on a hit on `target`, lands. The creature goes straight away
/// from the other (8-way, as a push); a landing tile off the map, impassable or full cover
/// brings it nearer, to the farthest tile of the line where it can stand. `None` when the
/// creature is Down or no tile of the line takes it.
pub fn teleport_plan(
    ctx: &Ctx,
    user: &UnitSnap,
    target: &UnitSnap,
    t: Teleport,
) -> Option<TeleportPlan> {
    let (mover, other) = match t.who {
        TeleportWho::User => (user, target),
        TeleportWho::Target => (target, user),
    };
    if mover.is_down() || mover.entity == other.entity {
        return None;
    }
    let dir = push_direction(other.pos, mover.pos);
    let line: Vec<Pos> = (0..t.distance)
        .scan(mover.pos, |at, _| {
            *at = at.step(dir);
            Some(*at)
        })
        .collect();
    let (i, &to) = line.iter().enumerate().rev().find(|(_, p)| {
        ctx.grid
            .kind(**p)
            .is_some_and(|k| k.passable && k.cover != Cover::Full)
    })?;
    Some(TeleportPlan {
        unit: mover.entity,
        from: mover.pos,
        to,
        distance: i as u32 + 1,
        occupant: ctx
            .snap
            .at(to)
            .filter(|o| o.entity != mover.entity)
            .map(|o| o.entity),
    })
}

impl Battle<'_, '_> {
    /// A weapon's teleport on a hit (queued by `weapon_hooks`).
    pub fn teleport(&mut self, user: Entity, target: Entity, t: Teleport) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(u), Some(tg)) = (snap.get(user), snap.get(target)) else {
            return;
        };
        let Some(plan) = teleport_plan(&ctx, u, tg, t) else {
            return;
        };
        let name = self.name(plan.unit).to_string();
        let Some(o) = plan.occupant else {
            if let Ok(mut m) = self.units.get_mut(plan.unit) {
                m.pos.0 = plan.to;
            }
            self.emit(BattleEvent::Teleported {
                unit: name.clone(),
                from: plan.from,
                to: plan.to,
            });
            self.teleport_ends_walk(plan.unit, plan.to, &name);
            self.check_grapples(plan.unit, "teleported apart");
            return;
        };
        let occupant = self.name(o).to_string();
        self.emit(BattleEvent::TeleportBlocked {
            unit: name.clone(),
            from: plan.from,
            to: plan.to,
            occupant: occupant.clone(),
        });
        let blow = Blow {
            ignore_armor: true,
            raw_from: RawFrom::Fixed,
            ..Blow::new(plan.damage(), DamageType::Reality)
        };
        self.deal_damage(plan.unit, blow, &format!("teleporting into {occupant}"));
        self.deal_damage(o, blow, &format!("{name} teleporting into it"));
    }

    /// A teleport ends a willing move in progress (a reaction's hit on the mover): the
    /// rest of its path started elsewhere.
    fn teleport_ends_walk(&mut self, unit: Entity, at: Pos, name: &str) {
        let before = self.resolution.stack.len();
        self.resolution
            .stack
            .retain(|w| !matches!(w, Work::Walk(walk) if walk.mover == unit));
        if self.resolution.stack.len() != before {
            self.emit(BattleEvent::MoveStopped {
                unit: name.to_string(),
                at,
                reason: "teleported off its path".into(),
            });
        }
    }
}
