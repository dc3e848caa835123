//! Seed002's Aura (presets/Seed002.md, D2–D6): a unit fights on at 0 Aura, but a blow that
//! deals more than the Aura left, or any blow at 0, calls for a Death roll; Bleeding out
//! calls for a Death Save at each round start; a Coup kills one at 0 Aura; a non-lethal blow
//! exhausts and winds instead; Stabilize stops the bleeding.

use super::Seed002Event;
use super::activations::DEATH_DIE;
use crate::battle::engine::Battle;
use crate::battle::events::BattleEvent;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

/// Stamina a non-lethal blow takes instead of a Death roll (D5).
pub const NON_LETHAL_STAMINA: i32 = 5;

/// What a Death roll [002:630-638] leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeathBand {
    Unharmed,
    /// Exhausted until the end of the next round.
    Shaken,
    /// Exhausted for the battle.
    Exhausted,
    /// … and Bleeding out.
    Bleeding,
    /// … and Unconscious.
    Unconscious,
    Dead,
}

impl DeathBand {
    pub fn of(roll: u32) -> DeathBand {
        match roll {
            20.. => DeathBand::Unharmed,
            15..=19 => DeathBand::Shaken,
            10..=14 => DeathBand::Exhausted,
            5..=9 => DeathBand::Bleeding,
            2..=4 => DeathBand::Unconscious,
            _ => DeathBand::Dead,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            DeathBand::Unharmed => "no effect",
            DeathBand::Shaken => "Exhausted until the end of the next round",
            DeathBand::Exhausted => "Exhausted for the battle",
            DeathBand::Bleeding => "Exhausted for the battle and Bleeding out",
            DeathBand::Unconscious => "Exhausted, Bleeding out and Unconscious",
            DeathBand::Dead => "Dead",
        }
    }
}

/// Whether a blow of `dealt` on `aura_before` Aura calls for a Death roll (D2): more than the
/// Aura left, or any damage at 0.
pub fn calls_death_roll(aura_before: i32, dealt: i32) -> bool {
    dealt > aura_before || (aura_before <= 0 && dealt >= 1)
}

impl Battle<'_, '_> {
    /// After a blow into Aura: a Coup that hurts one at 0 Aura kills it; a non-lethal blow
    /// that would call for a Death roll exhausts and winds instead; else the Death roll.
    pub fn after_aura_blow(
        &mut self,
        e: Entity,
        aura_before: i32,
        dealt: i32,
        (non_lethal, coup): (bool, bool),
    ) {
        if self
            .units
            .get(e)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Dead))
        {
            return;
        }
        if coup && aura_before <= 0 && dealt >= 1 {
            return self.die(e, "a Coup at 0 Aura");
        }
        if !calls_death_roll(aura_before, dealt) {
            return;
        }
        if non_lethal {
            let source = "a non-lethal blow";
            self.add_condition(
                e,
                ConditionKind::Exhausted,
                Duration::Rounds(2),
                source,
                None,
            );
            self.add_condition(
                e,
                ConditionKind::Shaken,
                Duration::UntilRemoved,
                source,
                None,
            );
            return self.spend_stamina(e, NON_LETHAL_STAMINA, source);
        }
        self.death_roll(e);
    }

    /// A Death roll (D3).
    fn death_roll(&mut self, e: Entity) {
        let name = self.name(e);
        let roll = self.roll(DEATH_DIE, &format!("{name} Death roll"));
        let band = DeathBand::of(roll);
        self.emit(BattleEvent::from(Seed002Event::DeathRolled {
            unit: name.to_string(),
            roll,
            save: false,
            result: band.words().into(),
        }));
        let source = "a Death roll";
        let exhausted =
            |b: &mut Self, d| b.add_condition(e, ConditionKind::Exhausted, d, source, None);
        match band {
            DeathBand::Unharmed => {}
            DeathBand::Shaken => exhausted(self, Duration::Rounds(2)),
            DeathBand::Exhausted => exhausted(self, Duration::UntilRemoved),
            DeathBand::Bleeding | DeathBand::Unconscious => {
                exhausted(self, Duration::UntilRemoved);
                self.add_condition(
                    e,
                    ConditionKind::BleedingOut,
                    Duration::UntilRemoved,
                    source,
                    None,
                );
                if band == DeathBand::Unconscious {
                    self.knock_out(e, source);
                }
            }
            DeathBand::Dead => self.die(e, source),
        }
    }

    /// A Death Save at a round start, while Bleeding out and not Stabilized: 20 Stabilized,
    /// 5–19 nothing, 2–4 Unconscious, 1 Dead.
    pub fn death_save(&mut self, e: Entity) {
        let Ok(u) = self.units.get(e) else { return };
        let c = &u.conditions;
        if !c.has(ConditionKind::BleedingOut)
            || c.has(ConditionKind::Stabilized)
            || c.has(ConditionKind::Dead)
        {
            return;
        }
        let name = u.combatant.name.clone();
        let roll = self.roll(DEATH_DIE, &format!("{name} Death Save"));
        let result = match roll {
            20.. => "Stabilized",
            5..=19 => "no change",
            2..=4 => "Unconscious",
            _ => "Dead",
        };
        self.emit(BattleEvent::from(Seed002Event::DeathRolled {
            unit: name.to_string(),
            roll,
            save: true,
            result: result.into(),
        }));
        match roll {
            20.. => self.stabilize_seed002(e, "a Death Save of 20"),
            5..=19 => {}
            2..=4 => self.knock_out(e, "a Death Save"),
            _ => self.die(e, "a Death Save"),
        }
    }

    /// Unconscious for the battle (Down).
    pub(crate) fn knock_out(&mut self, e: Entity, source: &str) {
        let already = self
            .units
            .get(e)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Unconscious));
        if !already {
            self.go_down(e, source);
            self.add_condition(
                e,
                ConditionKind::Unconscious,
                Duration::UntilRemoved,
                source,
                None,
            );
        }
    }

    /// Stabilized: Bleeding out and Bleeding stop (D6).
    pub fn stabilize_seed002(&mut self, e: Entity, by: &str) {
        self.add_condition(
            e,
            ConditionKind::Stabilized,
            Duration::UntilRemoved,
            by,
            None,
        );
        self.remove_condition(e, ConditionKind::BleedingOut, by);
        self.remove_condition(e, ConditionKind::Bleeding, by);
    }
}
