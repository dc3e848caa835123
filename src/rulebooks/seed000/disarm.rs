//! Disarm (presets/Seed000.md), which a held action may also do: a won contest takes an
//! enemy's held weapon.

use super::Seed000Event;
use crate::battle::engine::Battle;
use crate::battle::events::ContestKind;
use crate::battle::work::Work;
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::Entity;
use std::sync::Arc;

impl Battle<'_, '_> {
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
        self.weapon_gone(target, wi);
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
        self.emit(Seed000Event::WeaponTaken {
            unit,
            from,
            weapon: weapon.name,
        });
    }

    /// `unit` lost its weapon `wi`: an attack of its waiting on the stack (the one whose
    /// held Disarm took it) with that weapon is withdrawn, refunded, at its recheck; one
    /// with a weapon after it follows the list's shift.
    fn weapon_gone(&mut self, unit: Entity, wi: usize) {
        for work in &mut self.resolution.stack {
            if let Work::Attack(p) = work
                && p.attacker == unit
            {
                match p.weapon.cmp(&wi) {
                    std::cmp::Ordering::Equal => p.lost_weapon = true,
                    std::cmp::Ordering::Greater => p.weapon -= 1,
                    std::cmp::Ordering::Less => {}
                }
            }
        }
    }
}
