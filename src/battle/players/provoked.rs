//! Provoked reactions: what a reaction's attack takes out of the unit it finds, the swift
//! attacks a pushed enemy draws, and the price of those a move would provoke.

use super::Player;
use super::tactician::Tactician;
use super::worth::attack_worth;
use crate::battle::assess::Ctx;
use crate::battle::preview::{ProvokedReaction, reaction_preview};
use crate::battle::snapshot::UnitSnap;
use crate::battle::work::Offer;
use crate::rules::actions::ReactionKind;

/// The cost of each reaction a path would give an enemy.
const PROVOKED: f64 = 0.35;

/// `Hard`'s price of a provoked attack, per unit of what it is expected to take out of the
/// mover (`reaction_price`). Over the eleven levels, 4,400 games a pairing and seed, Hard
/// against Normal won 1.8 points more at 1.5 (+1.2, +2.2, +1.9 on three seeds); 0.9 to 1.3
/// more at 0.7, 1.0, 2.0 and 2.5 (two seeds each); docs/ai-experiments.md.
const REACTION_PRICE_WEIGHT: f64 = 1.5;

impl Tactician<'_, '_> {
    /// What the swift attacks in `reactions` are worth against the pushed target `t`: each
    /// the reactor's attack from where it stands on `t` where the push leaves it.
    pub(super) fn swift_worth(
        &self,
        ctx: &Ctx,
        t: &UnitSnap,
        reactions: &[ProvokedReaction],
    ) -> f64 {
        reactions
            .iter()
            .filter(|r| r.kind == ReactionKind::Swift)
            .filter_map(|r| self.reaction_worth(ctx, t, r))
            .sum()
    }

    /// What reaction `r`'s attack is expected to take out of `t` standing where `r` finds
    /// it (`r.at`); `None` for a reaction that makes no attack.
    pub(super) fn reaction_worth(
        &self,
        ctx: &Ctx,
        t: &UnitSnap,
        r: &ProvokedReaction,
    ) -> Option<f64> {
        let mut snap = ctx.snap.clone();
        let i = snap.units.iter().position(|u| u.entity == t.entity)?;
        snap.units[i].pos = r.at;
        let there = Ctx {
            snap: &snap,
            ..*ctx
        };
        let offer = Offer::new(snap.by_name(&r.reactor)?.entity, r.kind, t.entity);
        Some(attack_worth(
            &reaction_preview(&there, &offer)?,
            t,
            ctx.rules,
        ))
    }

    /// What reaction `r` that a move would provoke costs `me`: `PROVOKED`; `Hard` prices
    /// an attack by what it is expected to take out of `me` where it strikes (its chance to
    /// put `me` Down and the damage's share, `REACTION_PRICE_WEIGHT` times), so a frail unit
    /// keeps out of a heavy blow that a sound one may walk through. A reaction that makes no
    /// attack costs `PROVOKED`.
    pub(super) fn reaction_price(&self, me: &UnitSnap, r: &ProvokedReaction) -> f64 {
        if self.player != Player::Hard {
            return PROVOKED;
        }
        self.reaction_worth(&self.view.ctx, me, r)
            .map_or(PROVOKED, |w| REACTION_PRICE_WEIGHT * w)
    }
}
