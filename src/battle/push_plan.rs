//! Where a push takes its target (RULES §8): the tiles it crosses, what it hits, and the
//! roll a creature it is pushed into makes against being hurt.

use super::assess::*;
use super::events::Obstacle;
use super::snapshot::UnitSnap;
use crate::rules::combat::RollMode;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, StanceRule};
use crate::rules::terrain::Cover;

impl Ctx<'_> {
    /// Where a push of `distance` metres in `dir` takes `target`, and what it hits.
    pub fn push_plan(&self, target: &UnitSnap, dir: Dir8, distance: u32) -> PushPlan {
        let mut at = target.pos;
        let mut steps = Vec::new();
        let mut collision = None;
        for _ in 0..distance {
            let next = at.step(dir);
            let hit = match self.grid.kind(next) {
                None => Some((Obstacle::MapEdge, None)),
                Some(k) if !k.passable || k.cover == Cover::Full => {
                    Some((Obstacle::Terrain(k.name.clone()), None))
                }
                // Squeezed diagonally between two impassable tiles: it hits their corner.
                Some(_) if self.grid.cuts_corner(at, next) => {
                    let side = Pos::new(next.x, at.y);
                    let name = self
                        .grid
                        .kind(side)
                        .map(|k| k.name.clone())
                        .unwrap_or_default();
                    Some((Obstacle::Terrain(format!("{name} corner")), None))
                }
                Some(_) => self
                    .snap
                    .at(next)
                    .filter(|o| o.entity != target.entity)
                    .map(|o| (Obstacle::Creature(o.name.to_string()), Some(o.entity))),
            };
            if let Some((obstacle, occupant)) = hit {
                collision = Some(Collision {
                    obstacle,
                    occupant,
                    at: next,
                });
                break;
            }
            at = next;
            steps.push(next);
        }
        PushPlan {
            dir,
            distance,
            steps,
            end: at,
            collision,
        }
    }

    /// The collision defence roll of `occupant` against `pusher`'s push of `target`.
    pub fn collision_defence(
        &self,
        pusher: &UnitSnap,
        target: &UnitSnap,
        occupant: &UnitSnap,
    ) -> (i32, i32, RollMode) {
        let larger = occupant.stats.size > target.stats.size;
        // Seed000: Defending gives advantage on defence rolls, Taking Cover +1.
        let (defending, covered) = match self.rules.stances {
            StanceRule::Contests => (false, false),
            StanceRule::DefenceRolls => (
                occupant.has(ConditionKind::Defending),
                occupant.has(ConditionKind::TakingCover)
                    && self.grid.next_to_half_cover(occupant.pos),
            ),
        };
        let advantages = usize::from(larger) + usize::from(defending);
        (
            occupant.stats.might + i32::from(covered),
            COLLISION_DR_BASE + pusher.stats.might,
            RollMode::from_sources(advantages, 0),
        )
    }
}
