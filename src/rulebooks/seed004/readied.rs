//! Seed004's Ready (presets/Seed004.md, "Reactions"): one action readies an attack with a
//! named weapon until the holder's next turn starts; the first enemy step from a tile the
//! weapon could not reach to one it can sets it off, after the step, for 5 Vigor. Declining
//! keeps it ready.

use crate::battle::assess::Ctx;
use crate::battle::engine::{Battle, Offer, TurnState, Work};
use crate::battle::events::ReactionKind;
use crate::battle::snapshot::UnitSnap;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Entity;

/// Its state of the schedule (`TurnState::book`): (holder, weapon index) of readied
/// attacks, while the holder is Readied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadiedAttacks(pub Vec<(Entity, usize)>);

/// The readied attacks of the battle.
pub(super) fn readied(turn: &TurnState) -> &[(Entity, usize)] {
    turn.book.get::<ReadiedAttacks>().map_or(&[], |r| &r.0)
}

impl Battle<'_, '_> {
    /// The weapon a combatant has readied, while it is still Readied.
    pub fn readied_weapon(&self, e: Entity) -> Option<usize> {
        let still = self
            .units
            .get(e)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Readied));
        readied(&self.turn)
            .iter()
            .find(|(r, _)| *r == e && still)
            .map(|(_, w)| *w)
    }

    /// Whether `r`'s readied attack can strike `t` where it stands, and `r` can pay.
    pub fn readied_can_strike(&self, ctx: &Ctx, r: &UnitSnap, t: &UnitSnap) -> bool {
        let Some(w) = self.readied_weapon(r.entity) else {
            return false;
        };
        !self.turn.is_turn_of(r.entity)
            && ctx.vigor_reaction(r, super::guard::READIED_COST)
            && ctx.attack_allowed(r, t, w).is_ok()
    }

    /// The readied attacks a mover's step from `from` sets off: each Readied enemy that
    /// could not strike it there and can now, in level order.
    pub fn readied_after_step(&self, mover: Entity, from: Pos) -> Vec<Work> {
        if readied(&self.turn).is_empty() {
            return Vec::new();
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some((m, before)) = snap.before_step(mover, from) else {
            return Vec::new();
        };
        snap.enemies_of(m)
            .filter(|r| self.readied_can_strike(&ctx, r, m))
            .filter(|r| {
                self.readied_weapon(r.entity)
                    .is_some_and(|w| ctx.attack_allowed(r, &before, w).is_err())
            })
            .map(|r| Work::Offer(Offer::new(r.entity, ReactionKind::Readied, mover)))
            .collect()
    }
}
