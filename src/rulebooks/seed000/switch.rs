//! Seed000's Switch Places (presets/Seed000.md): two allies swap tiles, the ally paying a
//! Reaction Point, after the reactions to both leaving.

use super::Seed000Event;
use super::work::Swap;
use crate::battle::engine::{Battle, Work};
use crate::battle::events::BattleEvent;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed000::action_names;
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Switch Places: pay, let the reactions to both units leaving come first, then swap.
    pub(super) fn switch_places(&mut self, unit: Entity, ally: Entity) {
        self.spend_ap(unit, action_names::SWITCH_PLACES);
        if let Ok(mut u) = self.units.get_mut(ally) {
            u.reactions.points = u.reactions.points.saturating_sub(1);
        }
        self.resolution.stack.push(Work::book(Swap { unit, ally }));
        let snap = self.snapshot();
        for mover in [ally, unit] {
            let reactors = snap
                .get(mover)
                .map(|m| {
                    self.ctx(&snap)
                        .opportunity_reactors(m, m.pos, &self.turn.opportunity_used)
                })
                .unwrap_or_default();
            self.push_offers(reactors, self.opening_kind(), mover);
        }
    }

    /// The swap itself, at no movement cost, unless a reaction left either unable to move
    /// or moved them apart; then the triggers of a step by each.
    pub(super) fn swap(&mut self, unit: Entity, ally: Entity) {
        let snap = self.snapshot();
        let (Some(a), Some(b)) = (snap.get(unit), snap.get(ally)) else {
            return;
        };
        let stuck = |u: &UnitSnap| u.is_down() || u.has(ConditionKind::Restrained);
        if stuck(a) || stuck(b) || !a.pos.is_adjacent(b.pos) {
            return;
        }
        for (e, to) in [(unit, b.pos), (ally, a.pos)] {
            if let Ok(mut u) = self.units.get_mut(e) {
                u.pos.0 = to;
            }
        }
        self.emit(BattleEvent::from(Seed000Event::SwitchedPlaces {
            unit: a.name.to_string(),
            ally: b.name.to_string(),
            ally_rp_left: Some(b.reactions.points),
        }));
        for e in [unit, ally] {
            self.after_step(e);
        }
    }
}
