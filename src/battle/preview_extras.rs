//! The exact previews that shared knobs add to the core's: the contests of passing through
//! enemies and the chance of reaching a path's end (`pass_enemies`), Stabilize's chance
//! (`stabilize`), and a dying combatant's chance to die at its next Bleeding tick.

use super::assess::Ctx;
use super::contests::ContestPreview;
use super::events::ContestKind;
use super::schedule::BLEEDING_DIE;
use super::snapshot::UnitSnap;
use crate::rules::combat::{RollMode, reach_chance};
use crate::rules::grid::Pos;
use crate::rules::odds::Chance;
use crate::rules::ruleset::{ConditionKind, StabilizeRule};

/// Passing through an enemy's tile on a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassPreview {
    pub enemy: String,
    pub at: Pos,
    /// The chance to pass (certain when the sizes are 2 or more apart).
    pub chance: Chance,
}

/// The contests of a path through enemies' tiles, in order (they are independent).
pub fn passes(ctx: &Ctx, m: &UnitSnap, path: &[Pos]) -> Vec<PassPreview> {
    if !ctx.rules.pass_enemies {
        return Vec::new();
    }
    let mut from = m.clone();
    let mut out = Vec::new();
    for &p in path {
        if let Some(e) = ctx.enemy_in_the_way(m, p) {
            let size_gap = (e.stats.size.rank() - m.stats.size.rank()).abs();
            let chance = if size_gap >= 2 {
                Chance::certain()
            } else {
                ctx.assess_contest(ContestKind::PassThrough, &from, e)
                    .map(|c| ContestPreview::of(ctx, ContestKind::PassThrough, &c).win)
                    .unwrap_or_else(|_| Chance::never())
            };
            out.push(PassPreview {
                enemy: e.name.to_string(),
                at: p,
                chance,
            });
        }
        from.pos = p;
    }
    out
}

/// The chance of reaching the end of a path past its enemies: the product of the passes.
pub fn reach_end(passes: &[PassPreview]) -> Chance {
    passes.iter().fold(Chance::certain(), |p, x| p * x.chance)
}

/// The chance that `u`'s Stabilize stops the bleeding: certain under Core, First Aid's
/// d20 + `first_aid` reaching its number under Seed000.
pub fn stabilize_chance(ctx: &Ctx, u: &UnitSnap) -> Chance {
    match ctx.rules.stabilize {
        StabilizeRule::AdjacentAlly => Chance::certain(),
        StabilizeRule::FirstAid { target } => {
            reach_chance(u.stats.first_aid, target, RollMode::Normal)
        }
    }
}

/// A dying combatant's chance to die at its next Bleeding tick: the d4 reaching
/// vitality + maximum. `None` unless it is Down, Bleeding and alive.
pub fn death_at_next_tick(u: &UnitSnap) -> Option<Chance> {
    let dying = u.is_down() && u.has(ConditionKind::Bleeding) && !u.has(ConditionKind::Dead);
    dying.then(|| {
        let need = u.vitality + u.max_vitality;
        let faces = (1..=BLEEDING_DIE as i32).filter(|f| *f >= need).count() as u128;
        Chance::new(faces, u128::from(BLEEDING_DIE))
    })
}
