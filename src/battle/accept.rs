//! Taking an offered reaction (`engine.rs` offers it): its price in RP, AP, Vigor or
//! Seed002's Energy, the event that says so, and the attack it queues; a Seed002 Swift
//! Attack may be a Trip, Push or Restrain instead of a blow (presets/Seed002.md, X1–X3).

use super::engine::{Battle, Offer, PendingAttack, Work};
use super::events::{BattleEvent, ReactionKind};
use crate::rules::book_value::BookValue;
use crate::rules::ruleset::{ConditionKind, ReactionPool};

impl Battle<'_, '_> {
    /// Take a reaction: spend the RP (or AP, or Vigor) and queue the attack.
    pub fn accept(&mut self, offer: Offer) {
        self.accept_as(offer, None);
    }

    /// Take a reaction as a blow (`None`), or as one of its rulebook's maneuvers (its
    /// checks passed when the answer was planned).
    pub fn accept_as(&mut self, offer: Offer, maneuver: Option<BookValue>) {
        if self.rules.0.rulebook.book().accept(self, offer) {
            return;
        }
        let Ok(at) = self.units.get(offer.target).map(|t| t.pos.0) else {
            return;
        };
        let book = self.rules.0.rulebook.book();
        let weapon = book.reaction_weapon(self, offer).unwrap_or_else(|| {
            self.units.get(offer.reactor).ok().and_then(|u| {
                let distance = u.pos.0.distance(at);
                u.stats.0.reaction_weapon(distance)
            })
        });
        let work = match (maneuver, weapon) {
            (None, Some(w)) => Work::Attack(PendingAttack::new(
                offer.reactor,
                offer.target,
                w,
                super::assess::attack_kind_of(offer.kind),
            )),
            // A reaction taken as one of the rulebook's maneuvers is its own step.
            (Some(m), w) => match self.rules.0.rulebook.book().maneuver_work(&offer, w, &m) {
                Some(work) => work,
                None => return,
            },
            _ => return,
        };
        self.pay_reaction(offer);
        self.resolution.stack.push(work);
    }

    /// A reaction's price and the event that it was taken.
    fn pay_reaction(&mut self, offer: Offer) {
        let pool = self.rules.0.reaction_pool;
        // A rulebook may price a reaction from the actions' pool itself.
        let takes_ap = self.rules.0.rulebook.book().reaction_takes_ap();
        let Ok(mut u) = self.units.get_mut(offer.reactor) else {
            return;
        };
        match pool {
            ReactionPool::Rp => u.reactions.points = u.reactions.points.saturating_sub(1),
            ReactionPool::SharedAp if takes_ap => u.ap.0 = u.ap.0.saturating_sub(1),
            ReactionPool::SharedAp => {}
            ReactionPool::Vigor => u.reactions.points = u.reactions.points.saturating_sub(1),
            // Seed003's reactions are paid in `accept3`.
            ReactionPool::PricedAp => {}
        }
        if offer.kind == ReactionKind::Swift {
            u.reactions.swift_used = true;
        }
        if matches!(
            offer.kind,
            ReactionKind::Opportunity | ReactionKind::Opening
        ) {
            self.turn
                .opportunity_used
                .push((offer.reactor, offer.target));
        }
        let rp_left = (pool == ReactionPool::Rp).then_some(u.reactions.points);
        self.reveal_by_acting(offer.reactor);
        let (reactor, against) = (self.name(offer.reactor), self.name(offer.target));
        self.emit(BattleEvent::ReactionTaken {
            reactor: reactor.to_string(),
            kind: offer.kind,
            against: against.to_string(),
            pool,
            rp_left,
        });
        self.rules
            .0
            .rulebook
            .book()
            .pay_reaction_cost(self, offer.reactor, offer.kind);
        if offer.kind == ReactionKind::Readied {
            self.remove_condition(offer.reactor, ConditionKind::Readied, "it struck");
        }
    }
}
