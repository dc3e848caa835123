//! Facing before a turn ends: towards the nearest enemy, or (`Hard`) the facing that keeps
//! the most menace in the front arc and the least able to walk round to the rear.

use super::Player;
use super::tactician::Tactician;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::grid::{Dir8, in_front_arc};

impl Tactician<'_, '_> {
    /// Before ending its turn, a unit turns to face the nearest enemy, so that no one
    /// strikes it from the rear (under rules with facing). `Hard` turns instead to keep in
    /// its front arc the most of the enemies able to strike it next, each weighed by how
    /// hard it hits (`guarded_facing`).
    pub(super) fn face_the_enemy(&self, me: &UnitSnap) -> Option<Command> {
        if !self.view.ctx.rules.facing {
            return None;
        }
        let nearest = self
            .able_enemies(me)
            .min_by_key(|e| (e.pos.distance(me.pos), e.index))?;
        let towards = Dir8::towards(me.pos, nearest.pos)?;
        let facing = match self.player {
            Player::Hard => self.guarded_facing(me, towards),
            _ => towards,
        };
        let cmd = Command::Face {
            unit: me.name.to_string(),
            facing,
        };
        (facing != me.facing && preview(self.view, &cmd).is_ok()).then_some(cmd)
    }

    /// The facing that keeps the most menace in the front arc (RULES §7: a blow from the
    /// rear arc has advantage, and a unit reacts only to enemies in front): the enemies
    /// that could strike `me` next turn, each weighed by how hard it could (`threat_to`).
    /// The front arc is a half-plane, so a unit between two enemies can keep both in front
    /// by facing across the line between them. Ties, and a unit that no enemy can strike
    /// next, keep `towards`. On the Core levels this won Hard 1.5 to 1.7
    /// points against Normal and 0.7 to 2.2 against greedy (docs/ai-experiments.md).
    ///
    /// A melee enemy may walk round to any tile it reaches, and strike from the rear: each
    /// one that could stand in the rear arc within its reach of `me` (`strikes_from_rear`)
    /// counts against the facing, so a unit turns its back to a wall, or to tiles no enemy
    /// reaches (on the Core levels: +1.0 point against Normal, none against greedy).
    fn guarded_facing(&self, me: &UnitSnap, towards: Dir8) -> Dir8 {
        let threats: Vec<(&UnitSnap, f64)> = self
            .able_enemies(me)
            .filter_map(|e| Some((e, self.threat_to(e, me.pos)?)))
            .collect();
        let guarded = |facing: Dir8| -> f64 {
            threats
                .iter()
                .map(|(e, m)| {
                    let front = in_front_arc(facing, me.pos, e.pos);
                    let rear = self.strikes_from_rear(e, me, facing) == Some(true);
                    match (front, rear) {
                        (true, false) => *m,
                        (false, true) => -*m,
                        _ => 0.0,
                    }
                })
                .sum()
        };
        Dir8::ALL
            .into_iter()
            .fold((towards, guarded(towards)), |best, facing| {
                let g = guarded(facing);
                if g > best.1 { (facing, g) } else { best }
            })
            .0
    }
}
