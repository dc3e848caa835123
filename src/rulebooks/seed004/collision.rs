//! Seed004's collision (presets/Seed004.md, "Forced movement"): the occupant a creature is
//! pushed into rolls d20 + strength dice, a step smaller when Wounded, and must beat 15 to
//! take half the damage.

use super::guard::COLLISION_GUARD;
use crate::battle::engine::Battle;
use crate::battle::events::BattleEvent;
use crate::rulebooks::seed004::stats::Seed004Of;
use crate::rules::bonus_dice::DiceSpec;
use crate::rules::combat::RollMode;
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Seed004's collision occupant: d20 + strength dice (a step smaller when Wounded)
    /// must beat 15 to take half the damage.
    pub(super) fn collision_dice(&mut self, occupant: Entity, name: &str, pushed: &str) -> bool {
        let Ok(u) = self.units.get(occupant) else {
            return false;
        };
        let wounded = u32::from(u.conditions.has(ConditionKind::Wounded));
        let spec = DiceSpec::new(u.stats.0.seed004().strength_dice, 0, wounded);
        let roll = self.roll_check(spec, &format!("{} resists the collision", name));
        let success = roll.total > COLLISION_GUARD;
        self.emit(BattleEvent::DefenceRolled {
            unit: name.to_string(),
            purpose: format!("collision with {pushed}"),
            mode: RollMode::Normal,
            rolls: vec![roll.d20],
            bonus: roll.total - roll.d20 as i32,
            total: roll.total,
            target: COLLISION_GUARD + 1,
            success,
        });
        success
    }
}
