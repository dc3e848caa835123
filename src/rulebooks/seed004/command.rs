//! Planning Seed004's own actions and options (presets/Seed004.md): First Aid on an
//! adjacent ally, Ready with a weapon, and an attack's off-hand blow.

use super::Seed004Plan;
use super::readied::ReadiedAttacks;
use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, need_ap};
use crate::battle::engine::Battle;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::{ConditionKind, Duration, ResourceRule};
use crate::rules::unit::Weapon;
use bevy::prelude::Entity;

/// An off-hand blow may follow a melee attack, under rules with Vigor, by one who can pay.
pub fn off_hand_checks(ctx: &Ctx, a: &UnitSnap, w: &Weapon) -> Result<(), Refusal> {
    if ctx.rules.resource != ResourceRule::Vigor || !w.is_melee() {
        return Err(Refusal::NotAnOption {
            option: "an off-hand blow (it follows a melee attack, paid in Vigor)".into(),
        });
    }
    let need = super::guard::OFF_HAND_COST;
    if a.own.reserves().vigor < need {
        return Err(Refusal::NotEnoughVigor {
            need,
            have: a.own.reserves().vigor,
        });
    }
    Ok(())
}

pub fn plan_first_aid(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::FirstAid)?;
    if t.entity == a.entity || t.side != a.side {
        return Err(Refusal::StabilizeAllyOnly);
    }
    if t.has(ConditionKind::Dead) {
        return Err(Refusal::Dead {
            unit: t.name.to_string(),
        });
    }
    if !a.pos.is_adjacent(t.pos) {
        return Err(Refusal::NotAdjacent {
            target: t.name.to_string(),
        });
    }
    Ok(Seed004Plan::FirstAid {
        unit: a.entity,
        target: t.entity,
    }
    .into())
}

pub fn plan_ready(ctx: &Ctx, a: &UnitSnap, weapon: Option<&str>) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Ready)?;
    let weapons = &a.stats.weapons;
    let index = match weapon {
        None if weapons.is_empty() => return Err(Refusal::NoWeapons),
        None => 0,
        Some(n) => {
            weapons
                .iter()
                .position(|w| w.name == n)
                .ok_or_else(|| Refusal::NoSuchWeapon {
                    weapon: n.to_string(),
                    weapons: weapons.iter().map(|w| w.name.clone()).collect(),
                })?
        }
    };
    Ok(Seed004Plan::Ready {
        unit: a.entity,
        weapon: index,
    }
    .into())
}

impl Battle<'_, '_> {
    /// Pay the action and ready the weapon.
    pub(super) fn ready(&mut self, unit: Entity, weapon: usize) {
        self.spend_ap(unit, ActionKind::Ready);
        let readied = &mut self.turn.book.get_mut::<ReadiedAttacks>().0;
        readied.retain(|(e, _)| *e != unit);
        readied.push((unit, weapon));
        let name = self
            .units
            .get(unit)
            .ok()
            .and_then(|u| u.stats.0.weapons.get(weapon).map(|w| w.name.clone()))
            .unwrap_or_default();
        self.add_condition(
            unit,
            ConditionKind::Readied,
            Duration::StartOfNextTurn,
            &format!("Ready ({name})"),
            None,
        );
    }
}
