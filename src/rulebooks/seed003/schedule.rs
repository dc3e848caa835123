//! Seed003's schedule (presets/Seed003.md, I1, I2, E1, surprise, M1): initiative rolled
//! once as 3d6 + `initiative` + 5, each turn to the highest score still to act, AP from the
//! Speed table at each round start and at the end of one's own turn (carried over up to
//! the most), and the movement pool and rate that last a round.

use super::Seed003Event;
use super::rules::*;
use crate::battle::engine::Battle;
use crate::battle::events::BattleEvent;
use crate::battle::snapshot::Snapshot;
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::ruleset::{ConditionKind, Duration, InitiativeRule};
use crate::rules::unit::Posture;
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Whether initiative is Seed003's spendable score.
    pub fn spendable(&self) -> bool {
        self.rules.0.initiative == InitiativeRule::Spendable
    }

    /// I1: each combatant in level order rolls 3d6 + `initiative` + 5; a surprised side
    /// loses max(0, 5 − `initiative`); starting postures are taken.
    pub fn roll_initiative3(&mut self, snap: &Snapshot) {
        for u in &snap.units {
            let (_, natural) = self.roll_3d6(&format!("{} initiative", u.name));
            let bonus = u.stats.initiative + INITIATIVE_BASE;
            let total = (natural as i32 + bonus).max(0);
            if let Ok(mut q) = self.units.get_mut(u.entity) {
                q.initiative.roll = natural;
                q.initiative.total = total;
            }
            self.emit(BattleEvent::InitiativeRolled {
                unit: u.name.to_string(),
                roll: natural,
                bonus,
                total,
                dice: None,
            });
        }
        for u in &snap.units {
            if self.roster.sides[u.side].surprised {
                let loss = (SURPRISE_BASE - u.stats.initiative).max(0);
                self.move_initiative(u.entity, -loss, "surprised");
                self.add_condition(
                    u.entity,
                    ConditionKind::Surprised,
                    Duration::EndOfRound,
                    "ambush",
                    None,
                );
            }
            let posture = match u.stats.seed003().posture {
                Posture::Standing => continue,
                Posture::Crouching => ConditionKind::Crouching,
                Posture::Prone => ConditionKind::Prone,
            };
            self.add_condition(
                u.entity,
                posture,
                Duration::UntilRemoved,
                "its starting posture",
                None,
            );
        }
    }

    /// A round starts (E1, M1): every combatant gains its round-start AP (none for the
    /// surprised in round 1), its pool and rate start over.
    pub fn start_round3(&mut self) {
        let round = self.turn.round;
        let units: Vec<Entity> = {
            let snap = self.snapshot();
            snap.units.iter().map(|u| u.entity).collect()
        };
        for e in units {
            let Ok(mut u) = self.units.get_mut(e) else {
                continue;
            };
            let rate = u.stats.0.seed003().move_rate;
            u.pool.metres = 0;
            u.pool.odd_diagonals = false;
            u.own.track_mut().move_ap = 0;
            u.own.track_mut().rate = rate;
            u.own.track_mut().dashes = 0;
            u.own.track_mut().harried_by.clear();
            let surprised = round == 1 && u.conditions.has(ConditionKind::Surprised);
            if surprised || u.conditions.is_down() {
                continue;
            }
            let speed = u.stats.0.seed003().speed;
            self.gain_ap(e, round_start_ap(speed), false);
        }
        self.order_by_initiative();
    }

    /// Gain AP up to the most (E1), logged with what is lost.
    pub fn gain_ap(&mut self, e: Entity, gained: u32, at_turn_end: bool) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let most = max_ap(u.stats.0.seed003().speed);
        let sum = u.ap.0 + gained;
        u.ap.0 = sum.min(most);
        let (unit, ap) = (u.combatant.name.to_string(), u.ap.0);
        self.emit(BattleEvent::from(Seed003Event::ApGained {
            unit,
            gained,
            ap,
            lost: sum - ap,
            at_turn_end,
        }));
    }

    /// The turn order as it stands: the highest initiative first; ties to the higher
    /// `initiative` stat, then the side listed first in odd rounds and last in even ones,
    /// then the unit listed first (I2).
    pub fn order_by_initiative(&mut self) {
        let snap = self.snapshot();
        let odd = self.turn.round % 2 == 1;
        let mut units: Vec<_> = snap.units.iter().collect();
        units.sort_by_key(|u| {
            let side = if odd { u.side as i64 } else { -(u.side as i64) };
            (-u.initiative.total, -u.stats.initiative, side, u.index)
        });
        self.turn.order = units.iter().map(|u| u.entity).collect();
        let order = self.turn.order.clone();
        self.turn
            .queue
            .make_contiguous()
            .sort_by_key(|s| order.iter().position(|e| *e == s.unit));
    }

    /// Its own turn ends (E1, C7): the Turn-end AP (none while Staggered), and its Opening
    /// closes.
    pub fn end_turn3(&mut self, e: Entity) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.own.track_mut().opening = None;
        let staggered = u.conditions.has(ConditionKind::Staggered);
        let speed = u.stats.0.seed003().speed;
        let unit = u.combatant.name.to_string();
        if u.conditions.is_down() {
            return;
        }
        if staggered {
            self.emit(BattleEvent::from(Seed003Event::ApWithheld {
                unit,
                reason: "Staggered: no AP at its turn's end".into(),
            }));
        } else {
            self.gain_ap(e, turn_end_ap(speed), true);
        }
    }
}
