//! Seed003's reactions, paid in AP (presets/Seed003.md, E3, X1–X6): Harry and Interpose
//! answer a declared attack, Rebuff and Cling a step, readied actions a step into reach or
//! an enemy's action. Each needs initiative above 0 and its AP; a reactor takes at most
//! one reaction per trigger. `Always` takes each it can pay for; `Never` none.

use super::rules::*;
use super::work::{Attack3Work, Check3, Check3Work, Readied3, ReadyEntry};
use crate::battle::assess::Ctx;
use crate::battle::engine::{Battle, Offer, Work};
use crate::battle::events::{AttackKind, BattleEvent, HeldAction, ReactionKind, ReadyTrigger};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Duration, ReactionPool};
use bevy::prelude::Entity;

/// The readied actions waiting now, in the order they were readied.
pub(super) fn readied3(turn: &crate::battle::engine::TurnState) -> &[ReadyEntry] {
    turn.book.get::<Readied3>().map_or(&[], |r| &r.0)
}

/// The action a reaction is paid as.
pub fn reaction_action(kind: ReactionKind) -> Option<ActionKind> {
    match kind {
        action_names::REBUFF_REACTION => Some(action_names::REBUFF),
        action_names::HARRY_REACTION => Some(action_names::HARRY),
        action_names::INTERPOSE_REACTION => Some(action_names::INTERPOSE),
        action_names::CLING_REACTION => Some(action_names::CLING),
        _ => None,
    }
}

impl Ctx<'_> {
    /// Whether `r` may take a Seed003 reaction costing `cost` AP (E3).
    pub fn can_react3(&self, r: &UnitSnap, cost: u32) -> bool {
        r.able()
            && !r.has(ConditionKind::Pinned)
            && !r.has(ConditionKind::Surprised)
            && r.initiative.total > 0
            && r.ap >= cost
    }

    /// The enemies within melee reach of a ranged attacker that may Harry it (X2): at most
    /// once a round each.
    pub fn harriers(&self, attacker: &UnitSnap) -> Vec<Entity> {
        let cost = self.rules.cost(action_names::HARRY).unwrap_or(0);
        let mut out: Vec<&UnitSnap> = self
            .snap
            .enemies_of(attacker)
            .filter(|r| self.can_react3(r, cost))
            .filter(|r| !attacker.own.track().harried_by.contains(&r.entity))
            .filter(|r| self.melee_reaches(r.pos, attacker.pos, r.stats.melee_reach()))
            .collect();
        out.sort_by_key(|r| (-r.initiative.total, r.index));
        out.into_iter().map(|r| r.entity).collect()
    }

    /// Whether the target of an attack may Interpose its grapple partner (X4).
    pub fn can_interpose(&self, target: &UnitSnap) -> bool {
        let cost = self.rules.cost(action_names::INTERPOSE).unwrap_or(0);
        target.own.track().holding.is_some() && self.can_react3(target, cost)
    }
}

impl Battle<'_, '_> {
    /// The reactions a declared attack sets off (I5): Harry against a ranged one, then the
    /// target's Interpose, in initiative order.
    pub fn declaration_offers(&mut self, attacker: Entity, target: Entity, weapon: usize) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(attacker), snap.get(target)) else {
            return;
        };
        let ranged = a.stats.weapons.get(weapon).is_some_and(|w| !w.is_melee());
        let mut offers: Vec<(i32, Offer)> = Vec::new();
        if ranged {
            for r in ctx.harriers(a) {
                let init = snap.get(r).map_or(0, |u| u.initiative.total);
                offers.push((init, Offer::new(r, action_names::HARRY_REACTION, attacker)));
            }
        }
        if ctx.can_interpose(t) {
            offers.push((
                t.initiative.total,
                Offer::new(target, action_names::INTERPOSE_REACTION, attacker),
            ));
        }
        offers.sort_by_key(|(i, _)| -i);
        for (_, o) in offers.into_iter().rev() {
            self.resolution.stack.push(Work::Offer(o));
        }
    }

    /// The reactions a willing step sets off before it (X1, X3): Rebuffs of enemies whose
    /// reach it crosses inwards, and the mover's grapple partner's Cling when it leaves.
    pub fn step_offers3(&self, mover: &UnitSnap, to: Pos) -> Vec<Offer> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let mut out: Vec<Offer> = ctx
            .rebuffers(mover, mover.pos, to)
            .into_iter()
            .map(|r| Offer::new(r, action_names::REBUFF_REACTION, mover.entity))
            .collect();
        let cost = self.rules.0.cost(action_names::CLING).unwrap_or(0);
        if let Some(c) = mover
            .conditions
            .link(ConditionKind::Grappling)
            .and_then(|c| snap.get(c))
            && c.pos.is_adjacent(mover.pos)
            && !c.pos.is_adjacent(to)
            && c.own.track().followed == 0
            && ctx.can_react3(c, cost)
        {
            out.push(Offer::new(
                c.entity,
                action_names::CLING_REACTION,
                mover.entity,
            ));
        }
        out
    }

    /// After a step of a Cling's mover: the clinger follows into the tile left while it
    /// has steps to follow (X3).
    pub fn cling_follow(&mut self, mover: Entity, from: Pos, to: Pos) {
        let snap = self.snapshot();
        let Some(m) = snap.get(mover) else { return };
        let Some(c) = m
            .conditions
            .link(ConditionKind::Grappling)
            .and_then(|c| snap.get(c))
        else {
            return;
        };
        if c.own.track().followed == 0 || c.pos.is_adjacent(to) || !c.pos.is_adjacent(from) {
            return;
        }
        let (name, at) = (c.name.to_string(), c.pos);
        if let Ok(mut q) = self.units.get_mut(c.entity) {
            q.pos.0 = from;
            q.own.track_mut().followed -= 1;
        }
        self.emit(BattleEvent::Pushed {
            unit: name,
            by: m.name.to_string(),
            from: at,
            to: from,
        });
    }

    /// The readied actions set off after a step onto `to` (X5, `EnemyEntersReach`): each
    /// readied enemy whose action can now target the mover, and could not before.
    pub fn readied3_after_step(&self, mover: Entity, from: Pos) -> Vec<Work> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some((m, before)) = snap.before_step(mover, from) else {
            return Vec::new();
        };
        readied3(&self.turn)
            .iter()
            .filter(|r| r.trigger == ReadyTrigger::EnemyEntersReach)
            .filter_map(|r| snap.get(r.unit).map(|u| (r, u)))
            .filter(|(r, u)| u.side != m.side && self.ready_legal(&ctx, r, u, m))
            .filter(|(r, u)| !self.ready_legal(&ctx, r, u, &before))
            .map(|(r, _)| Work::Offer(Offer::new(r.unit, ReactionKind::Readied, mover)))
            .collect()
    }

    /// The readied actions an enemy's resolved action sets off (X5, `EnemyActs`).
    pub fn readied3_after_action(&mut self, actor: Entity) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(a) = snap.get(actor) else { return };
        let offers: Vec<Offer> = readied3(&self.turn)
            .iter()
            .filter(|r| r.trigger == ReadyTrigger::EnemyActs)
            .filter_map(|r| snap.get(r.unit).map(|u| (r, u)))
            .filter(|(r, u)| {
                u.side != a.side
                    && ctx.grid.sight(u.pos, a.pos).clear
                    && self.ready_legal(&ctx, r, u, a)
            })
            .map(|(r, _)| Offer::new(r.unit, ReactionKind::Readied, actor))
            .collect();
        for o in offers.into_iter().rev() {
            self.resolution.stack.push(Work::Offer(o));
        }
    }

    /// Whether a readied action can be taken against `t` now, and paid for.
    fn ready_legal(&self, ctx: &Ctx, r: &ReadyEntry, u: &UnitSnap, t: &UnitSnap) -> bool {
        let Some(kind) = super::work::ready_action_kind(&r.action) else {
            return false;
        };
        let cost = self.rules.0.cost(kind).unwrap_or(0);
        if !ctx.can_react3(u, cost) || t.is_down() {
            return false;
        }
        match &r.action {
            HeldAction::Attack(w) => ctx
                .pick_weapon(u, t, w.as_deref())
                .is_ok_and(|wi| ctx.weapon_allowed(u, t, &u.stats.weapons[wi]).is_ok()),
            _ => ctx.melee_reaches(u.pos, t.pos, u.stats.melee_reach().max(1)),
        }
    }

    /// Whether a Seed003 offer still stands when it comes up.
    pub fn offer_stands3(&self, ctx: &Ctx, r: &UnitSnap, t: &UnitSnap, kind: ReactionKind) -> bool {
        let cost = reaction_action(kind)
            .and_then(|k| self.rules.0.cost(k))
            .unwrap_or(0);
        match kind {
            ReactionKind::Readied => readied3(&self.turn)
                .iter()
                .find(|e| e.unit == r.entity)
                .is_some_and(|e| self.ready_legal(ctx, e, r, t)),
            action_names::IGNORE_REACTION => self.ignore_offer_stands(ctx, r, t.entity),
            _ => ctx.can_react3(r, cost),
        }
    }

    /// Take a Seed003 reaction: pay its AP (E3) and carry it out. Ignoring a new flanker
    /// (F3) is free, and no more than ignoring it on the turn.
    pub fn accept3(&mut self, offer: Offer) {
        let (reactor, target) = (offer.reactor, offer.target);
        if offer.kind == action_names::IGNORE_REACTION {
            return self.ignore(reactor, target, true);
        }
        let (rn, tn) = (self.name(reactor), self.name(target));
        self.emit(BattleEvent::ReactionTaken {
            reactor: rn.to_string(),
            kind: offer.kind,
            against: tn.to_string(),
            pool: ReactionPool::PricedAp,
            rp_left: None,
        });
        if let Some(action) = reaction_action(offer.kind) {
            self.pay3(reactor, action);
        }
        match offer.kind {
            action_names::REBUFF_REACTION => {
                let snap = self.snapshot();
                let ctx = self.ctx(&snap);
                let Some(wi) = snap.get(reactor).and_then(|r| ctx.rebuff_weapon(r)) else {
                    return;
                };
                let w = Attack3Work {
                    rebuff: true,
                    ..Attack3Work::new(reactor, target, wi, AttackKind::Opportunity)
                };
                self.resolution.stack.push(Work::book(w));
            }
            action_names::HARRY_REACTION => {
                if let Ok(mut q) = self.units.get_mut(target) {
                    q.own.track_mut().harried_by.push(reactor);
                }
                self.add_condition(
                    target,
                    ConditionKind::Harried,
                    Duration::EndOfRound,
                    &format!("harried by {rn}"),
                    None,
                );
            }
            action_names::INTERPOSE_REACTION => self.interpose(reactor),
            action_names::CLING_REACTION => self.cling(reactor),
            ReactionKind::Readied => self.fire_ready3(reactor, target),
            _ => {}
        }
    }

    /// Interpose (X4): the better of a Power or Agility check, −2 unless the partner is
    /// Pinned, against the higher of its Power and Agility Defense; on a success the
    /// attack meant for the reactor strikes the partner where the reactor stands.
    fn interpose(&mut self, reactor: Entity) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(r) = snap.get(reactor) else { return };
        let Some(g) = r.own.track().holding.and_then(|g| snap.get(g)) else {
            return;
        };
        let mut extra = Vec::new();
        if !g.has(ConditionKind::Pinned) {
            extra.push(crate::battle::events::Modifier::actor(
                crate::battle::events::Reason::PartnerNotPinned,
                crate::battle::events::Effect::Roll(-PIN_PENALTY),
            ));
        }
        let defense = ctx.maneuver_defense(g);
        let base = ctx.better_check(r);
        let what = format!("Power or Agility check (Interpose {})", g.name);
        let (g_entity, at, r) = (g.entity, r.pos, r.clone());
        let success = self
            .check(
                &r,
                Some(g_entity),
                what,
                base,
                defense,
                "Power/Agility Defense",
                extra,
            )
            .total
            >= defense;
        if !success {
            return;
        }
        // The attack waiting on the stack for the reactor now strikes the partner.
        if let Some(w) = self.resolution.stack.iter_mut().rev().find_map(|w| {
            w.of_book_mut::<Attack3Work>()
                .filter(|a| a.target == reactor)
        }) {
            w.target = g_entity;
            w.stand_in = Some(at);
        }
    }

    /// Cling (X3): a Power check P; the mover loses no yards and the clinger follows its
    /// next ⌊P / 5⌋ steps out of adjacency (the choice every policy makes).
    fn cling(&mut self, reactor: Entity) {
        let Some(r) = self.snapshot().get(reactor).cloned() else {
            return;
        };
        let power = r.stats.might + r.stats.size.value();
        let what = "Power check (Cling)".to_string();
        let total = self
            .check(
                &r,
                None,
                what,
                power,
                CLING_FOLLOW_COST,
                "points to spend",
                Vec::new(),
            )
            .total;
        if let Ok(mut q) = self.units.get_mut(reactor) {
            q.own.track_mut().followed = (total.max(0) / CLING_FOLLOW_COST) as u8;
        }
    }

    /// A readied action set off: taken as a reaction, paid as the action (X5).
    fn fire_ready3(&mut self, unit: Entity, target: Entity) {
        let Some(entry) = readied3(&self.turn)
            .iter()
            .find(|r| r.unit == unit)
            .cloned()
        else {
            return;
        };
        let Some(kind) = super::work::ready_action_kind(&entry.action) else {
            return;
        };
        match entry.action {
            HeldAction::Attack(w) => {
                let snap = self.snapshot();
                let ctx = self.ctx(&snap);
                let (Some(u), Some(t)) = (snap.get(unit), snap.get(target)) else {
                    return;
                };
                let Ok(wi) = ctx.pick_weapon(u, t, w.as_deref()) else {
                    return;
                };
                let w = Attack3Work {
                    pay: Some(kind),
                    ..Attack3Work::new(unit, target, wi, AttackKind::Readied)
                };
                self.resolution.stack.push(Work::book(w));
            }
            HeldAction::Shove | HeldAction::Trip => {
                let snap = self.snapshot();
                let (Some(u), Some(t)) = (snap.get(unit), snap.get(target)) else {
                    return;
                };
                let check = if entry.action == HeldAction::Trip {
                    Check3::Trip
                } else {
                    Check3::Shove {
                        dir: crate::battle::assess::push_direction(u.pos, t.pos),
                        distance: None,
                    }
                };
                self.resolution.stack.push(Work::book(Check3Work {
                    unit,
                    target,
                    kind: check,
                    pay: Some(kind),
                }));
            }
            HeldAction::Grab | HeldAction::Disarm(_) => {}
        }
    }
}
