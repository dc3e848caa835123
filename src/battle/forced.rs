//! Forced movement (RULES §8): a won Shove or Charge, or a weapon's `push`, moves the target
//! straight away from the pusher tile by tile, ignoring terrain cost and never provoking;
//! running into the map's edge, a wall or full cover, a Down creature (an object) or a
//! standing creature (which may resist) hurts both. Where a push ends is planned in
//! `assess.rs` (`Ctx::push_plan`); the collision's defence roll there too.

use super::assess::{CHARGE_PUSH, Collision, SHOVE_PUSH};
use super::engine::{Battle, Work};
use super::events::{BattleEvent, ContestKind};
use super::snapshot::UnitSnap;
use crate::rules::combat::{DamageType, RollMode};
use crate::rules::damage::{Blow, RawFrom};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::unit::Weapon;
use bevy::prelude::Entity;

/// What a collision costs: the damage to the pushed creature and to the creature it ran
/// into (with the pushed one's name, for the log).
struct Crash {
    damage: i32,
    source: String,
    occupant: Option<(Entity, String)>,
}

/// The creature a push runs into, and its defence roll: (bonus, target number, mode).
struct Occupant {
    entity: Entity,
    name: String,
    down: bool,
    defence: (i32, i32, RollMode),
}

impl Battle<'_, '_> {
    /// A won shove pushes 1 m straight away.
    pub fn shove_won(&mut self, actor: Entity, target: Entity) {
        let (Ok(a), Ok(t)) = (self.units.get(actor), self.units.get(target)) else {
            return;
        };
        let dir = super::assess::push_direction(a.pos.0, t.pos.0);
        self.resolution.stack.push(Work::Push {
            pusher: actor,
            target,
            dir,
            distance: SHOVE_PUSH,
            unguards: true,
        });
    }

    /// Forced movement (RULES §8): tile by tile, ignoring terrain cost, never provoking.
    pub fn push(
        &mut self,
        pusher: Entity,
        target: Entity,
        dir: Dir8,
        distance: u32,
        unguards: bool,
    ) {
        let Some(crash) = self.push_moves(pusher, target, dir, distance) else {
            return;
        };
        if let Some(c) = crash {
            let blow = self.collision_blow(c.damage);
            self.deal_damage(target, blow, &c.source);
            self.hurt_occupant(&c);
        }
        self.push_aftermath(pusher, target, unguards);
    }

    /// Seed000 (presets/Seed000.md): a weapon's push comes before its damage. When the
    /// pushed target collides, the collision damage joins the hit's raw damage as one
    /// instance if the weapon deals Physical damage (else it is its own Physical instance);
    /// then the occupant takes its share, and the weapon's conditions follow.
    pub fn joined_push_hit(
        &mut self,
        attacker: Entity,
        target: Entity,
        weapon: &Weapon,
        blow: Blow,
        source: &str,
        from: Pos,
    ) {
        let to = self.units.get(target).map(|u| u.pos.0).unwrap_or(from);
        let dir = super::assess::push_direction(from, to);
        let crash = self
            .push_moves(attacker, target, dir, weapon.push)
            .flatten();
        match &crash {
            Some(c) if blow.damage_type == DamageType::Physical => {
                let joined = Blow {
                    raw: blow.raw + c.damage,
                    raw_from: RawFrom::Joined {
                        dice: weapon.damage,
                        rolled: blow.raw,
                        collision: c.damage,
                    },
                    ..blow
                };
                self.deal_damage(target, joined, &format!("{source} and {}", c.source));
            }
            Some(c) => {
                self.deal_damage(target, blow, source);
                let own = self.collision_blow(c.damage);
                self.deal_damage(target, own, &c.source);
            }
            None => self.deal_damage(target, blow, source),
        }
        if let Some(c) = &crash {
            self.hurt_occupant(c);
        }
        self.weapon_hooks(attacker, target, weapon, false, source, from);
        self.push_aftermath(attacker, target, true);
    }

    /// A collision's blow: Physical, armor counting unless `collision_ignores_armor`.
    fn collision_blow(&self, damage: i32) -> Blow {
        Blow {
            ignore_armor: self.rules.0.collision_ignores_armor,
            raw_from: RawFrom::Fixed,
            ..Blow::new(damage, DamageType::Physical)
        }
    }

    /// The creature the pushed one ran into takes the same damage.
    fn hurt_occupant(&mut self, c: &Crash) {
        if let Some((o, name)) = &c.occupant {
            let blow = self.collision_blow(c.damage);
            self.deal_damage(*o, blow, &format!("collision with {name}"));
        }
    }

    /// After a push: the pushed is Unguarded (with `exposure`, unless `unguards` is off), and
    /// a grapple pulled apart ends.
    fn push_aftermath(&mut self, pusher: Entity, target: Entity, unguards: bool) {
        let by = self.name(pusher);
        if unguards
            && self
                .units
                .get(target)
                .is_ok_and(|u| !u.conditions.is_down())
        {
            self.add_condition(
                target,
                ConditionKind::Unguarded,
                Duration::EndOfRound,
                &format!("pushed by {by}"),
                None,
            );
        }
        self.check_grapples(target, "pushed apart");
    }

    /// Move the pushed creature and roll the collision's defence; `None` when there is no
    /// push (the target is Down), `Some(None)` when nothing was hit, else what the crash
    /// costs (the damage is not dealt yet).
    fn push_moves(
        &mut self,
        pusher: Entity,
        target: Entity,
        dir: Dir8,
        distance: u32,
    ) -> Option<Option<Crash>> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (p, t) = (snap.get(pusher)?, snap.get(target)?);
        if t.is_down() {
            return None;
        }
        let plan = ctx.push_plan(t, dir, distance);
        let occupant = plan
            .collision
            .as_ref()
            .and_then(|c| c.occupant)
            .and_then(|o| snap.get(o))
            .map(|o| Occupant {
                entity: o.entity,
                name: o.name.to_string(),
                down: o.is_down(),
                defence: ctx.collision_defence(p, t, o),
            });
        let at = self.move_pushed(p, t, &plan.steps);
        let crash = plan
            .collision
            .as_ref()
            .map(|c| self.collide(t, c, occupant, distance));
        if !plan.steps.is_empty() {
            self.interrupt_walk(target, at, &p.name);
        }
        Some(crash)
    }

    /// Move the pushed creature along its steps; returns where it ends.
    fn move_pushed(&mut self, p: &UnitSnap, t: &UnitSnap, steps: &[Pos]) -> Pos {
        let mut at = t.pos;
        for &step in steps {
            if let Ok(mut u) = self.units.get_mut(t.entity) {
                u.pos.0 = step;
            }
            self.emit(BattleEvent::Pushed {
                unit: t.name.to_string(),
                by: p.name.to_string(),
                from: at,
                to: step,
            });
            at = step;
        }
        at
    }

    /// The pushed creature runs into something: the full distance in damage to both, or
    /// half when a standing creature in the way succeeds on its defence roll.
    fn collide(
        &mut self,
        t: &UnitSnap,
        c: &Collision,
        occupant: Option<Occupant>,
        distance: u32,
    ) -> Crash {
        self.emit(BattleEvent::Collided {
            unit: t.name.to_string(),
            obstacle: c.obstacle.clone(),
            distance,
        });
        let full = distance as i32;
        let damage = match &occupant {
            Some(o) if !o.down && self.collision_defence_succeeds(o, &t.name) => full / 2,
            _ => full,
        };
        Crash {
            damage,
            source: format!("collision with {}", c.obstacle),
            occupant: occupant.map(|o| (o.entity, t.name.to_string())),
        }
    }

    /// The occupant's roll against being hurt by the pushed creature: d20 + might, or the
    /// rulebook's own roll.
    fn collision_defence_succeeds(&mut self, o: &Occupant, pushed: &str) -> bool {
        let book = self.rules.0.rulebook.book();
        if let Some(success) = book.collision_defence(self, o.entity, &o.name, pushed) {
            return success;
        }
        let (bonus, target_number, mode) = o.defence;
        let (rolls, kept) = self.roll_d20(mode, &format!("{} resists the collision", o.name));
        let total = kept as i32 + bonus;
        let success = total >= target_number;
        self.emit(BattleEvent::DefenceRolled {
            unit: o.name.clone(),
            purpose: format!("collision with {pushed}"),
            mode,
            rolls,
            bonus,
            total,
            target: target_number,
            success,
        });
        success
    }

    /// Forced movement interrupts a willing move in progress (an opportunity attack's
    /// push): the rest of the path started elsewhere, and its next step would leave the
    /// new tile without the opportunity attacks that step provokes.
    fn interrupt_walk(&mut self, target: Entity, at: Pos, pusher: &str) {
        let before = self.resolution.stack.len();
        self.resolution
            .stack
            .retain(|w| !matches!(w, Work::Walk(walk) if walk.mover == target));
        if self.resolution.stack.len() != before {
            let unit = self.name(target).to_string();
            self.emit(BattleEvent::MoveStopped {
                unit,
                at,
                reason: format!("pushed off its path by {pusher}"),
            });
        }
    }

    /// After a charge's run: shove the enemy in line, and push it 3 m on a win. A run that
    /// was interrupted (the charger knocked Prone or Restrained) ends with no shove.
    pub fn charge_shove(&mut self, actor: Entity, target: Entity, dir: Dir8) {
        let snap = self.snapshot();
        let (Some(a), Some(t)) = (snap.get(actor), snap.get(target)) else {
            return;
        };
        if a.is_down() || t.is_down() {
            return;
        }
        let halted = [ConditionKind::Prone, ConditionKind::Restrained]
            .into_iter()
            .find(|&c| a.has(c));
        let reason = match halted {
            Some(c) => Some(format!(
                "the charge ends: {} is {c}, so no shove follows",
                a.name
            )),
            None if a.pos.step(dir) != t.pos => {
                Some(format!("the charge ends short of {}", t.name))
            }
            None => None,
        };
        if let Some(reason) = reason {
            self.emit(BattleEvent::MoveStopped {
                unit: a.name.to_string(),
                at: a.pos,
                reason,
            });
            return;
        }
        if self.contest(ContestKind::Charge, actor, target) == Some(true) {
            self.resolution.stack.push(Work::Push {
                pusher: actor,
                target,
                dir,
                distance: CHARGE_PUSH,
                unguards: true,
            });
        }
    }
}
