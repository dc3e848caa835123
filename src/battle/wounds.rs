//! Wounds: a blow's damage after armor and affinities, vitality lost to Bleeding, going
//! Down at 0, and under bleeding out (Seed000) falling below 0 towards death: Bleeding from
//! the first lethal wound, Dead at −maximum.

use super::components::Vitality;
use super::engine::Battle;
use super::events::BattleEvent;
use crate::rules::combat::RollMode;
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::ruleset::{ConditionKind, DamageModel, Duration};
use bevy::prelude::Entity;

/// The lowest vitality a wound can leave: 0 (Core), or under bleeding out −maximum, and 0
/// for non-lethal damage (which never takes vitality lower than it is).
pub fn vitality_floor(model: DamageModel, v: Vitality, non_lethal: bool) -> i32 {
    match model {
        DamageModel::BleedOut if non_lethal => v.current.min(0),
        DamageModel::BleedOut => -v.max,
        _ => 0,
    }
}

impl Battle<'_, '_> {
    /// Apply a blow after armor and affinities; at 0 vitality the combatant goes Down.
    /// A rulebook with a damage model of its own deals it its way first.
    pub fn deal_damage(&mut self, e: Entity, blow: Blow, source: &str) {
        let model = self.rules.0.damage;
        // A rulebook may deal it its own way (Seed003: a wound, D7; Seed004: its pools).
        let Some(blow) = self
            .rules
            .0
            .rulebook
            .book()
            .deal_damage(self, e, blow, source)
        else {
            return;
        };
        let Ok(breakdown) = self
            .units
            .get(e)
            .map(|u| damage_dealt(&self.rules.0, &u.stats.0, blow))
        else {
            return;
        };
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let floor = vitality_floor(model, *u.vitality, blow.non_lethal);
        let before = u.vitality.current;
        u.vitality.current = (u.vitality.current - breakdown.dealt).max(floor);
        let vitality = u.vitality.current;
        let already_down = u.conditions.is_down();
        let unit = u.combatant.name.clone();
        let dealt = breakdown.dealt;
        self.emit(BattleEvent::Damaged {
            unit: unit.to_string(),
            source: source.to_string(),
            damage_type: blow.damage_type,
            breakdown,
            vitality,
        });
        // Its own consequences (Seed002's Aura: fighting on at 0; a Death roll decides).
        if self
            .rules
            .0
            .rulebook
            .book()
            .after_blow(self, e, before, dealt, &blow)
        {
            return;
        }
        self.after_wound(e, already_down, blow.non_lethal);
    }

    /// Lose vitality directly (Bleeding): no armor, no affinities.
    pub fn lose_vitality(&mut self, e: Entity, amount: i32, reason: &str) {
        let model = self.rules.0.damage;
        if self
            .rules
            .0
            .rulebook
            .book()
            .lose_vitality(self, e, amount, reason)
        {
            return;
        }
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let floor = vitality_floor(model, *u.vitality, false);
        u.vitality.current = (u.vitality.current - amount).max(floor);
        let vitality = u.vitality.current;
        let already_down = u.conditions.is_down();
        let unit = u.combatant.name.clone();
        self.emit(BattleEvent::VitalityLost {
            unit: unit.to_string(),
            amount,
            reason: reason.to_string(),
            vitality,
        });
        self.after_wound(e, already_down, false);
    }

    /// After vitality fell: Down at 0 or less; under bleeding out (Seed000) also Bleeding
    /// unless the damage was non-lethal, and Dead at −maximum.
    fn after_wound(&mut self, e: Entity, was_down: bool, non_lethal: bool) {
        let Ok(u) = self.units.get(e) else {
            return;
        };
        let (v, dead) = (*u.vitality, u.conditions.has(ConditionKind::Dead));
        let bleeds_out = self.rules.0.damage == DamageModel::BleedOut;
        let down_at_zero = self.rules.0.rulebook.book().down_at_zero();
        if v.current <= 0 && !was_down && down_at_zero {
            self.go_down(e, &format!("vitality {}", v.current));
            if bleeds_out && !non_lethal {
                self.add_condition(
                    e,
                    ConditionKind::Bleeding,
                    Duration::UntilRemoved,
                    "vitality below 1",
                    None,
                );
            }
        }
        if bleeds_out && !dead && v.current <= -v.max {
            self.die(e, "vitality at -maximum");
        }
    }

    /// Seed000's First Aid: d20 + `first_aid` must reach `number`; true when it does.
    pub fn first_aid(&mut self, unit: Entity, target: Entity, number: i32) -> bool {
        let snap = self.snapshot();
        let Some(u) = snap.get(unit) else {
            return false;
        };
        let purpose = format!(
            "{} makes a First Aid check on {}",
            u.name,
            self.name(target)
        );
        let bonus = u.stats.first_aid;
        self.test_against(u, purpose, bonus, RollMode::Normal, number)
    }

    /// Dead, which is Down for good: at −maximum vitality (Seed000), or harmed in Shock
    /// (Seed004).
    pub(crate) fn die(&mut self, e: Entity, cause: &str) {
        if self.units.get(e).is_ok_and(|u| !u.conditions.is_down()) {
            self.go_down(e, cause);
        }
        let unit = self.name(e).to_string();
        self.emit(BattleEvent::Died { unit });
        self.add_condition(e, ConditionKind::Dead, Duration::UntilRemoved, cause, None);
    }

    /// At 0 vitality (or Seed004's 0 Health): Down (and so Prone), grapples end.
    pub(crate) fn go_down(&mut self, e: Entity, cause: &str) {
        let name = self.name(e);
        self.emit(BattleEvent::WentDown {
            unit: name.to_string(),
        });
        let links: Vec<(ConditionKind, Entity)> = self
            .units
            .get(e)
            .map(|u| {
                u.conditions
                    .0
                    .iter()
                    .filter_map(|c| c.link.map(|l| (c.kind, l)))
                    .collect()
            })
            .unwrap_or_default();
        for (kind, other) in links {
            match kind {
                ConditionKind::Grappling => {
                    self.release_grapple(e, other, "the grappler went Down")
                }
                ConditionKind::Restrained => self.release_grapple(other, e, "went Down"),
                _ => {}
            }
        }
        self.remove_conditions_where(
            e,
            |c| {
                matches!(
                    c.kind,
                    ConditionKind::Defending | ConditionKind::TakingCover
                ) && c.parent.is_none()
            },
            "went Down",
        );
        self.add_condition(e, ConditionKind::Down, Duration::UntilRemoved, cause, None);
    }
}
