//! Seed003's offer to ignore a flanker (presets/Seed003.md, F2, F3): a combatant of an
//! `Ask` side that first becomes Flanked outside its own turn is offered, free, to ignore
//! the new flanker, as a reaction question; `Always` and `Never` sides are offered nothing
//! (they never ignore). What was last seen of each flank is kept in `Resolution`.

use super::work::{FlankSeen, Seen3};
use crate::battle::assess::Ctx;
use crate::battle::engine::{Battle, Offer, Work};
use crate::battle::snapshot::UnitSnap;
use crate::battle::surround::flank_angle;
use crate::level::schema::ReactionPolicy;
use crate::rulebooks::seed003::action_names;
use crate::rules::ruleset::Flanking;
use bevy::prelude::Entity;

impl Ctx<'_> {
    /// The flankers of `t` that stand at least 120° from another of its flankers: those
    /// that make it Flanked (F2), in listed order.
    pub fn flanking_pair_members(&self, t: &UnitSnap) -> Vec<Entity> {
        let f = self.flankers(t);
        f.iter()
            .filter(|a| f.iter().any(|b| flank_angle(t.pos, a.pos, b.pos)))
            .map(|a| a.entity)
            .collect()
    }
}

impl Battle<'_, '_> {
    /// Whether the rules in force have F3's offer: Seed003's flank as a state, and Ignore.
    fn flank_offers_apply(&self) -> bool {
        self.rules.0.flanking == Flanking::Surround120 && self.rules.0.has(action_names::IGNORE)
    }

    /// The flanks as they stand now.
    fn flanks_now(ctx: &Ctx) -> Vec<FlankSeen> {
        ctx.snap
            .units
            .iter()
            .map(|t| FlankSeen {
                unit: t.entity,
                flankers: ctx.flankers(t).iter().map(|a| a.entity).collect(),
                flanked: t.able() && ctx.flanked_state(t),
            })
            .collect()
    }

    /// Note the flanks as they stand, once, before anything moves (the battle's start):
    /// whoever starts Flanked has not become so.
    pub fn watch_flanks3(&mut self) {
        if self.flank_offers_apply() && self.resolution.book.get_mut::<Seen3>().flanks.is_none() {
            let snap = self.snapshot();
            let now = Self::flanks_now(&self.ctx(&snap));
            self.resolution.book.get_mut::<Seen3>().flanks = Some(now);
        }
    }

    /// F3: the Ignore offers for everyone who became Flanked since the last look, outside
    /// its own turn, on an `Ask` side: the new flanker is the first of those making the
    /// flank that did not count towards it before (or, when it moved itself, the first of
    /// those making the flank). The flanks are noted for the next look.
    pub fn flank_offers3(&mut self) -> Vec<Work> {
        if !self.flank_offers_apply() {
            return Vec::new();
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let now = Self::flanks_now(&ctx);
        let mut offers = Vec::new();
        let before = (self.resolution.book.get::<Seen3>()).and_then(|s| s.flanks.as_deref());
        for seen in now.iter().filter(|s| s.flanked && before.is_some()) {
            let was = before.and_then(|b| b.iter().find(|b| b.unit == seen.unit));
            if was.is_some_and(|b| b.flanked)
                || self.turn.is_turn_of(seen.unit)
                || self.policy_of(seen.unit) != ReactionPolicy::Ask
            {
                continue;
            }
            let Some(t) = snap.get(seen.unit) else {
                continue;
            };
            let making = ctx.flanking_pair_members(t);
            let counted = |e: &Entity| was.is_some_and(|b| b.flankers.contains(e));
            let new = making.iter().find(|e| !counted(e)).or(making.first());
            if let Some(&target) = new {
                let offer = Offer::new(seen.unit, action_names::IGNORE_REACTION, target);
                offers.push(Work::Offer(offer));
            }
        }
        self.resolution.book.get_mut::<Seen3>().flanks = Some(now);
        offers
    }

    /// Put F3's offers on the stack, the first listed asked first.
    pub fn queue_flank_offers3(&mut self) {
        let offers = self.flank_offers3();
        self.resolution.stack.extend(offers.into_iter().rev());
    }

    /// Whether an Ignore offer still stands when it comes up: its reactor able, still on an
    /// `Ask` side, outside its turn, still Flanked, and the flanker still counting.
    pub fn ignore_offer_stands(&self, ctx: &Ctx, r: &UnitSnap, flanker: Entity) -> bool {
        r.able()
            && self.policy_of(r.entity) == ReactionPolicy::Ask
            && !self.turn.is_turn_of(r.entity)
            && ctx.flanked_state(r)
            && ctx.flankers(r).iter().any(|a| a.entity == flanker)
    }
}
