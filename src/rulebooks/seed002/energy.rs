//! Seed002's Energy, Stamina and Agility (presets/Seed002.md, E1–E4, S1–S2): paying an
//! action's Energy with Stamina standing in for the last point once a round, spending
//! Stamina (at 0 the unit is Unconscious), Catch Your Breath and loading a weapon.

use super::Seed002Event;
use crate::battle::engine::Battle;
use crate::battle::events::BattleEvent;
use crate::battle::execute::Paid;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::stats::Seed002Of;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::{ConditionKind, ResourceRule};
use bevy::prelude::Entity;

/// The source of the Unconsciousness that Stamina 0 causes (only it allows a wake roll).
pub const OUT_OF_STAMINA: &str = "Stamina 0";

impl Battle<'_, '_> {
    /// Whether Stamina may pay a missing Energy for `e` now.
    pub fn can_substitute(&self, e: Entity) -> bool {
        self.units.get(e).is_ok_and(|u| {
            self.rules.0.resource == ResourceRule::StaminaAgility
                && !u.own.footing().substituted
                && !u.conditions.has(ConditionKind::Exhausted)
                && !u.conditions.has(ConditionKind::Shaken)
                && u.own.footing().stamina > 1
        })
    }

    /// Pay `cost` Energy for `action`; a missing last point comes from Stamina (E3).
    pub fn pay_energy(&mut self, e: Entity, action: ActionKind, cost: u32) {
        let short = self.units.get(e).is_ok_and(|u| u.ap.0 + 1 == cost);
        let mut from_stamina = 0;
        if short && self.can_substitute(e) {
            if let Ok(mut u) = self.units.get_mut(e) {
                u.own.footing_mut().substituted = true;
                u.ap.0 += 1;
            }
            self.spend_stamina(e, 1, "the missing Energy");
            from_stamina = 1;
        }
        self.spend_paid(
            e,
            action,
            cost,
            Paid {
                from_stamina,
                cancelled: false,
            },
        );
        // X1: a Swift Attack made as one's own action (c) is the round's one too.
        if action == action_names::SWIFT_ATTACK
            && let Ok(mut u) = self.units.get_mut(e)
        {
            u.reactions.swift_used = true;
        }
    }

    /// Take `amount` Stamina for `what`; at 0 the unit is Unconscious (S1).
    pub fn spend_stamina(&mut self, e: Entity, amount: i32, what: &str) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.own.footing_mut().stamina = (u.own.footing().stamina - amount).max(0);
        let (unit, stamina) = (u.combatant.name.to_string(), u.own.footing().stamina);
        let out = stamina == 0;
        self.emit(BattleEvent::StaminaSpent {
            unit,
            amount,
            what: what.to_string(),
            stamina,
        });
        if out {
            self.knock_out(e, OUT_OF_STAMINA);
        }
    }

    /// Catch Your Breath: 3 Energy, or all that is left; +1 Stamina up to the maximum.
    pub fn catch_breath(&mut self, e: Entity, cost: u32) {
        self.pay_energy(e, action_names::CATCH_BREATH, cost);
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let max = u.stats.0.seed002().stamina;
        if u.own.footing().stamina < max {
            u.own.footing_mut().stamina += 1;
            let (unit, stamina) = (u.combatant.name.to_string(), u.own.footing().stamina);
            self.emit(BattleEvent::StaminaSpent {
                unit,
                amount: -1,
                what: "Catch Your Breath".into(),
                stamina,
            });
        }
    }

    /// Load a ranged weapon (its `load` in Energy).
    pub fn load(&mut self, e: Entity, weapon: usize, cost: u32) {
        self.pay_energy(e, action_names::LOAD, cost);
        self.set_loaded(e, weapon, true);
    }

    /// Mark a weapon loaded or not, logging it.
    pub fn set_loaded(&mut self, e: Entity, weapon: usize, loaded: bool) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        if weapon >= 32 {
            return;
        }
        if loaded {
            u.own.footing_mut().unloaded &= !(1 << weapon);
        } else {
            u.own.footing_mut().unloaded |= 1 << weapon;
        }
        let name = u.combatant.name.to_string();
        let w = u
            .stats
            .0
            .weapons
            .get(weapon)
            .map(|w| w.name.clone())
            .unwrap_or_default();
        self.emit(BattleEvent::from(Seed002Event::Loaded {
            unit: name,
            weapon: w,
            loaded,
        }));
    }
}
