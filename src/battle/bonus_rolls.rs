//! Rolling bursting bonus dice (presets/Seed003.md, Seed004.md, "Dice"): a check of d20
//! plus bonus dice, and bonus dice alone, each die logged with what it was for.

use super::engine::Battle;
use super::events::DiceReport;
use crate::rules::bonus_dice::{ACTION_DIE, BurstDie, DiceSpec};

impl Battle<'_, '_> {
    /// d20 plus bonus dice, each die logged with what it was for.
    pub fn roll_check(&mut self, spec: DiceSpec, purpose: &str) -> DiceReport {
        let d20 = self.roll(ACTION_DIE, &format!("{purpose}: d20"));
        let dice = self.roll_bonus(spec, purpose);
        let total = d20 as i32 + dice.iter().map(BurstDie::total).sum::<i32>();
        DiceReport { d20, dice, total }
    }

    /// Bursting bonus dice alone.
    pub fn roll_bonus(&mut self, spec: DiceSpec, purpose: &str) -> Vec<BurstDie> {
        let label = format!("{purpose}: {}", spec.size);
        (0..spec.count)
            .map(|_| BurstDie::roll(spec.size, |sides| self.roll(sides, &label)))
            .collect()
    }
}
