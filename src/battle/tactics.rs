//! Seed000's Switch Places and Disarm (presets/Seed000.md): two allies swap tiles, the
//! ally paying a Reaction Point; a won contest takes an enemy's held weapon.

use super::engine::{Battle, Work};
use super::events::{BattleEvent, ContestKind};
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::Entity;
use std::sync::Arc;

impl Battle<'_, '_> {
    /// Switch Places: pay, let the reactions to both units leaving come first, then swap.
    pub fn switch_places(&mut self, unit: Entity, ally: Entity) {
        self.spend_ap(unit, ActionKind::SwitchPlaces);
        if let Ok(mut u) = self.units.get_mut(ally) {
            u.reactions.points = u.reactions.points.saturating_sub(1);
        }
        self.resolution.stack.push(Work::Swap { unit, ally });
        let snap = self.snapshot();
        for mover in [ally, unit] {
            let reactors = snap
                .get(mover)
                .map(|m| {
                    self.ctx(&snap)
                        .opportunity_reactors(m, m.pos, &self.turn.opportunity_used)
                })
                .unwrap_or_default();
            self.push_offers(reactors, self.opening_kind(), mover);
        }
    }

    /// The swap itself, at no movement cost, unless a reaction left either unable to move
    /// or moved them apart; then the triggers of a step by each.
    pub fn swap(&mut self, unit: Entity, ally: Entity) {
        let snap = self.snapshot();
        let (Some(a), Some(b)) = (snap.get(unit), snap.get(ally)) else {
            return;
        };
        let stuck = |u: &UnitSnap| u.is_down() || u.has(ConditionKind::Restrained);
        if stuck(a) || stuck(b) || !a.pos.is_adjacent(b.pos) {
            return;
        }
        for (e, to) in [(unit, b.pos), (ally, a.pos)] {
            if let Ok(mut u) = self.units.get_mut(e) {
                u.pos.0 = to;
            }
        }
        self.emit(BattleEvent::SwitchedPlaces {
            unit: a.name.to_string(),
            ally: b.name.to_string(),
            ally_rp_left: Some(b.reactions.points),
        });
        for e in [unit, ally] {
            self.after_step(e);
        }
    }

    /// Disarm (Seed000): a contest of d20 + the better of might and agility each; on a win
    /// the weapon moves to the end of the actor's list (a unit left with none fights with
    /// its fists).
    pub fn take_weapon(&mut self, unit: Entity, target: Entity, wi: usize) {
        self.reveal_by_acting(unit);
        if self.contest(ContestKind::Disarm, unit, target) != Some(true) {
            return;
        }
        let Ok(t) = self.units.get(target) else {
            return;
        };
        let mut theirs = (*t.stats.0).clone();
        if wi >= theirs.weapons.len() {
            return;
        }
        let weapon = theirs.weapons.remove(wi);
        if theirs.weapons.is_empty() {
            theirs.weapons.push(Weapon::fists());
        }
        let Ok(a) = self.units.get(unit) else {
            return;
        };
        let mut mine: Stats = (*a.stats.0).clone();
        mine.weapons.push(weapon.clone());
        for (e, stats) in [(target, theirs), (unit, mine)] {
            if let Ok(mut u) = self.units.get_mut(e) {
                u.stats.0 = Arc::new(stats);
            }
        }
        let (unit, from) = (self.name(unit).to_string(), self.name(target).to_string());
        self.emit(BattleEvent::WeaponTaken {
            unit,
            from,
            weapon: weapon.name,
        });
    }
}
