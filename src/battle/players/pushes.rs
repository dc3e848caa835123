//! Pushes (`Hard`): shoves into walls, chasms and other units, and a weapon's knock-back,
//! each worth the collision and the swift attacks the pushed enemy draws.

use super::tactician::Tactician;
use super::worth::{health, success_chance};
use crate::battle::assess::Ctx;
use crate::battle::events::Command;
use crate::battle::preview::{Preview, preview};
use crate::battle::snapshot::UnitSnap;

impl Tactician<'_, '_> {
    /// Shoves that pay: the chance the shove lands times what it brings, the share of the
    /// target (and of an able enemy it is shoved into: a fallen one counts for nothing) a
    /// collision takes, and the swift attacks the pushed target (Unguarded) draws from the
    /// side's units in reach of where it ends.
    pub(super) fn shoves(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        let snap = self.view.ctx.snap;
        snap.enemies_of(me)
            .filter(|t| t.able() && t.pos.is_adjacent(me.pos))
            .filter_map(|t| {
                let cmd = Command::Shove {
                    unit: me.name.to_string(),
                    target: t.name.to_string(),
                    dir: None,
                    distance: None,
                };
                let p = preview(self.view, &cmd).ok()?;
                let win = success_chance(&p, self.view.ctx.rules)?;
                Some((win * self.push_worth(&self.view.ctx, me, t, &p)?, cmd))
            })
            .collect()
    }

    /// What the push in preview `p` is worth against target `t` once it lands (at most 1):
    /// the share of `t` (and of an able enemy it is pushed into) a collision takes, and the
    /// swift attacks the pushed target (Unguarded) draws from the side's units in reach of
    /// where it ends. `None` for a preview with no push.
    pub(super) fn push_worth(
        &self,
        ctx: &Ctx,
        me: &UnitSnap,
        t: &UnitSnap,
        p: &Preview,
    ) -> Option<f64> {
        let push = p.push.as_ref()?;
        let mut worth = self.swift_worth(ctx, t, &p.reactions);
        if let Some(collision) = &push.collision {
            worth += collision_share(ctx, t, collision.target_damage);
            if let Some(o) = &collision.occupant
                && let Some(other) = ctx.snap.by_name(&o.name)
                && other.side != me.side
                && other.able()
            {
                worth += (1.0 - o.defence.value()) * collision_share(ctx, other, o.on_failure.1);
            }
        }
        Some(worth.min(1.0))
    }

    /// What a weapon's push (a maul's knock-back) adds to an attack's worth in preview `p`
    /// against `t`: `push_worth` when the blow lands and leaves `t` standing. So a maul
    /// strikes the enemy it can drive into a wall (the collision, then its own swift attack
    /// on the enemy stopped in its reach), from the tile that does. On five Core levels
    /// with pushing weapons (2,000 games a pairing, seed 5001) Hard won 81.4% → 83.8%
    /// against greedy and 63.7% → 66.7% against Normal (docs/ai-experiments.md).
    pub(super) fn knock_worth(&self, ctx: &Ctx, me: &UnitSnap, t: &UnitSnap, p: &Preview) -> f64 {
        // Seed000 joins the push to the hit: the preview's damage holds its collision.
        if ctx.rules.push_joins_hit {
            return 0.0;
        }
        self.push_worth(ctx, me, t, p)
            .map_or(0.0, |worth| lands_and_stands(ctx, p, t) * worth)
    }
}

/// What a collision's `damage` takes out of `u`: the rulebook's measure where its damage
/// model is its own (Seed003's wound), else the share of its vitality.
pub(super) fn collision_share(ctx: &Ctx, u: &UnitSnap, damage: i32) -> f64 {
    let book = ctx.rules.rulebook.book();
    book.collision_worth(u, damage)
        .unwrap_or_else(|| f64::from(damage) / health(u))
}

/// The chance an attack in preview `p` lands and leaves its target `t` standing (then a
/// weapon's push moves it), under each ruleset's hit rule.
fn lands_and_stands(ctx: &Ctx, p: &Preview, t: &UnitSnap) -> f64 {
    let chance = if let Some(a) = &p.attack {
        a.fate.hit.value() - a.fate.down.value()
    } else {
        (ctx.rules.rulebook.book().lands_and_stands(p, t)).unwrap_or(0.0)
    };
    chance.max(0.0)
}
