//! Seed004's pools in play (presets/Seed004.md, "Damage model", "Resources"): a blow into
//! armor, Durability and Health, with Wounded, Shock and Dead; Vigor spent and Winded at 0;
//! the round-end Recovery with Shock's countdown; First Aid. The arithmetic of a blow is
//! `pool_blow.rs`, which the odds share.

use super::Seed004Event;
use super::guard::{FIRST_AID_DIE, FIRST_AID_TARGET, WINDED_UNTIL};
use super::pool_blow::{PoolBlow, VIGOR_RECOVERY_DIVISOR, pool_damage};
use crate::battle::engine::Battle;
use crate::battle::events::BattleEvent;
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rulebooks::seed004::stats::Seed004Of;
use crate::rules::bonus_dice::DiceSpec;
use crate::rules::combat::RollMode;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// A blow lands: armor wears, Durability then Health fall, and the combatant may become
    /// Wounded, go into Shock, or (harmed in Shock) die.
    pub fn harm(&mut self, e: Entity, blow: PoolBlow, source: &str) {
        let Ok(u) = self.units.get(e) else { return };
        let breakdown = pool_damage(&self.rules.0, &u.stats.0, u.own.reserves(), blow);
        let in_shock = u.conditions.has(ConditionKind::Shock);
        let (unit, had_armor) = (
            u.combatant.name.clone(),
            u.stats.0.seed004().armor_durability,
        );
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.own.reserves_mut().armor -= breakdown.wear;
        u.own.reserves_mut().durability -= breakdown.to_durability;
        u.own.reserves_mut().health -= breakdown.to_health;
        u.vitality.current = u.own.reserves().durability + u.own.reserves().health;
        let pools = *u.own.reserves();
        self.emit(BattleEvent::from(Seed004Event::PoolsDamaged {
            unit: unit.to_string(),
            source: source.to_string(),
            damage_type: blow.damage_type,
            breakdown: breakdown.clone(),
            durability: pools.durability,
            health: pools.health,
            armor: pools.armor,
        }));
        if breakdown.wear > 0 && pools.armor <= 0 && had_armor > 0 {
            self.emit(BattleEvent::from(Seed004Event::ArmorBroken {
                unit: unit.to_string(),
            }));
        }
        if in_shock && breakdown.dealt > 0 {
            self.die(e, "harmed in Shock");
        } else {
            self.after_pool_loss(e, source);
        }
    }

    /// Durability and Health lost without a blow (Bleeding): no armor, no affinities.
    pub fn lose_pools(&mut self, e: Entity, amount: i32, reason: &str) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let in_shock = u.conditions.has(ConditionKind::Shock);
        let to_durability = amount.min(u.own.reserves().durability.max(0));
        u.own.reserves_mut().durability -= to_durability;
        u.own.reserves_mut().health = (u.own.reserves().health - (amount - to_durability)).max(0);
        u.vitality.current = u.own.reserves().durability + u.own.reserves().health;
        let (unit, pools) = (u.combatant.name.to_string(), *u.own.reserves());
        self.emit(BattleEvent::from(Seed004Event::PoolsLost {
            unit,
            amount,
            reason: reason.to_string(),
            durability: pools.durability,
            health: pools.health,
        }));
        if in_shock && amount > 0 {
            self.die(e, reason);
        } else {
            self.after_pool_loss(e, reason);
        }
    }

    /// Wounded at 0 Durability; Shock at 0 Health (Core's Down, with its countdown).
    fn after_pool_loss(&mut self, e: Entity, source: &str) {
        let Ok(u) = self.units.get(e) else { return };
        let pools = *u.own.reserves();
        let wounded = u.conditions.has(ConditionKind::Wounded);
        let down = u.conditions.is_down();
        if pools.durability <= 0 && !wounded {
            self.add_condition(
                e,
                ConditionKind::Wounded,
                Duration::UntilRemoved,
                source,
                None,
            );
        }
        if pools.health <= 0 && !down {
            self.go_down(e, "0 Health");
            self.add_condition(
                e,
                ConditionKind::Shock,
                Duration::UntilRemoved,
                source,
                None,
            );
        }
    }

    /// Pay `cost` Vigor for `what`; at 0 the combatant is Winded.
    pub fn spend_vigor(&mut self, e: Entity, cost: i32, what: &str) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.own.reserves_mut().vigor = (u.own.reserves().vigor - cost).max(0);
        let (unit, vigor) = (u.combatant.name.to_string(), u.own.reserves().vigor);
        let winded = u.conditions.has(ConditionKind::Winded);
        self.emit(BattleEvent::from(Seed004Event::VigorSpent {
            unit,
            what: what.to_string(),
            cost,
            vigor,
        }));
        if vigor == 0 && !winded {
            self.add_condition(
                e,
                ConditionKind::Winded,
                Duration::UntilRemoved,
                "no Vigor left",
                None,
            );
        }
    }

    /// The Recovery phase after the round's last turn, units in level order: Vigor comes
    /// back (a fifth of stamina), Winded ends at 5 or more, Durability recovers while not
    /// Wounded, and a combatant in Shock that is not Stabilized comes a round closer to
    /// death.
    pub fn recovery_phase(&mut self) {
        let snap = self.snapshot();
        for u in &snap.units {
            if u.has(ConditionKind::Dead) {
                continue;
            }
            let s = u.stats.seed004();
            let (old_vigor, old_durability) = (u.own.reserves().vigor, u.own.reserves().durability);
            let vigor_due = old_vigor + s.stamina / VIGOR_RECOVERY_DIVISOR;
            let vigor = vigor_due.min(s.vigor);
            let wounded = u.has(ConditionKind::Wounded);
            let durability_due = if wounded {
                old_durability
            } else {
                old_durability + s.durability_recovery
            };
            let durability = durability_due.min(s.durability);
            if let Ok(mut q) = self.units.get_mut(u.entity) {
                q.own.reserves_mut().vigor = vigor;
                q.own.reserves_mut().durability = durability;
                q.vitality.current = q.own.reserves().durability + q.own.reserves().health;
            }
            let (vigor_gained, durability_gained) =
                (vigor - old_vigor, durability - old_durability);
            if vigor_gained != 0 || durability_gained != 0 || wounded {
                self.emit(BattleEvent::from(Seed004Event::Recovered {
                    unit: u.name.to_string(),
                    vigor_gained,
                    vigor,
                    durability_gained,
                    durability,
                    vigor_capped: vigor_due > vigor,
                    durability_capped: durability_due > durability,
                    wounded,
                }));
            }
            if u.has(ConditionKind::Winded) && vigor >= WINDED_UNTIL {
                self.remove_condition(u.entity, ConditionKind::Winded, "Recovery");
            }
            if u.has(ConditionKind::Shock) && !u.has(ConditionKind::Stabilized) {
                self.shock_worsens(u.entity);
            }
        }
    }

    /// One round of Shock's countdown: Dead at 0.
    fn shock_worsens(&mut self, e: Entity) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.own.reserves_mut().shock_rounds -= 1;
        let (unit, rounds_left) = (u.combatant.name.to_string(), u.own.reserves().shock_rounds);
        self.emit(BattleEvent::from(Seed004Event::ShockWorsened {
            unit,
            rounds_left,
        }));
        if rounds_left <= 0 {
            self.die(e, "Shock ran its course");
        }
    }

    /// First Aid on an adjacent ally: d20 + medicine dice must beat 20; then an ally in
    /// Shock is Stabilized, any other regains a plain d10 of Durability (capped), which ends
    /// Wounded.
    pub fn first_aid_seed004(&mut self, unit: Entity, target: Entity) {
        let (Ok(u), Ok(t)) = (self.units.get(unit), self.units.get(target)) else {
            return;
        };
        let count = u.stats.0.seed004().medicine_dice;
        let challenges = u32::from(u.conditions.has(ConditionKind::Wounded));
        let (by, name) = (u.combatant.name.clone(), t.combatant.name.clone());
        let shock = t.conditions.has(ConditionKind::Shock);
        let purpose = format!("{by} gives first aid to {name}");
        let roll = self.roll_check(DiceSpec::new(count, 0, challenges), &purpose);
        let passed = roll.total > FIRST_AID_TARGET;
        self.emit(BattleEvent::TestRolled {
            unit: by.to_string(),
            purpose: "First Aid".into(),
            mode: RollMode::Normal,
            rolls: vec![roll.d20],
            bonus: roll.total - roll.d20 as i32,
            total: roll.total,
            target: FIRST_AID_TARGET + 1,
            passed,
            automatic: false,
        });
        if !passed {
            return;
        }
        if shock {
            let source = format!("first aid from {by}");
            self.add_condition(
                target,
                ConditionKind::Stabilized,
                Duration::UntilRemoved,
                &source,
                None,
            );
            return;
        }
        let restored =
            self.roll(FIRST_AID_DIE, &format!("{by} restores {name}'s Durability")) as i32;
        let Ok(mut t) = self.units.get_mut(target) else {
            return;
        };
        let max = t.stats.0.seed004().durability;
        let durability = (t.own.reserves().durability + restored).min(max);
        let amount = durability - t.own.reserves().durability;
        t.own.reserves_mut().durability = durability;
        t.vitality.current = t.own.reserves().durability + t.own.reserves().health;
        self.emit(BattleEvent::from(Seed004Event::Tended {
            unit: name.to_string(),
            by: by.to_string(),
            amount,
            durability,
        }));
        if durability > 0 {
            self.remove_condition(target, ConditionKind::Wounded, "first aid");
        }
    }
}
