//! Seed002's Seize (presets/Seed002.md, I4): when an enemy declares an attack or maneuver on
//! a unit, before any die, the unit's side may seize the initiative (its policy `Ask`; not
//! Down or Surprised; not once it rolled initiative this round). Both roll d20 + initiative
//! (an actor that rolled already this round fails without a die); a strictly higher total
//! lets the unit take one action at once, outside its side's activation. The declared
//! action is then checked again (`attack.rs`).

use super::Seed002Event;
use super::work::AvAttack;
use super::work::SeizedAction;
use crate::battle::engine::{AnswerOn, Battle, Offer, Question};
use crate::battle::events::BattleEvent;
use crate::level::schema::ReactionPolicy;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Entity;

/// The die of the Seize's initiative rolls.
pub const SEIZE_DIE: u32 = 20;

impl Battle<'_, '_> {
    /// Offer the target's side the Seize, if it may take one; whether it was offered.
    pub fn offer_seize(&mut self, a: &AvAttack) -> bool {
        let Ok(t) = self.units.get(a.target) else {
            return false;
        };
        let able = !t.conditions.is_down()
            && !t.conditions.has(ConditionKind::Surprised)
            && !t.own.footing().seized;
        let ask = self.policy_of(a.target) == ReactionPolicy::Ask;
        if !(able && ask) {
            return false;
        }
        let offer = Offer::new(a.target, action_names::SEIZE_REACTION, a.attacker);
        self.resolution.awaiting = Some(Question::Reaction(offer));
        let (reactor, against) = (self.name(a.target), self.name(a.attacker));
        self.emit(BattleEvent::ReactionOffered {
            reactor: reactor.to_string(),
            kind: action_names::SEIZE_REACTION,
            against: against.to_string(),
        });
        true
    }

    /// The side seizes: the challenger rolls first, then the actor (unless it rolled
    /// already this round); a strictly higher total lets the challenger act now.
    pub fn seize(&mut self, challenger: Entity, actor: Entity) {
        let (c_name, a_name) = (self.name(challenger), self.name(actor));
        let c_bonus = self
            .units
            .get(challenger)
            .map_or(0, |u| u.stats.0.initiative);
        let a_rolled = self.units.get(actor).is_ok_and(|u| u.own.footing().seized);
        let c_roll = self.roll(SEIZE_DIE, &format!("{c_name} seizes the initiative"));
        let a_roll =
            (!a_rolled).then(|| self.roll(SEIZE_DIE, &format!("{a_name} keeps the initiative")));
        let a_bonus = self.units.get(actor).map_or(0, |u| u.stats.0.initiative);
        for e in [challenger, actor] {
            if let Ok(mut u) = self.units.get_mut(e) {
                u.own.footing_mut().seized = true;
            }
        }
        let c_total = c_roll as i32 + c_bonus;
        let a_total = a_roll.map(|r| r as i32 + a_bonus);
        let won = a_total.is_none_or(|a| c_total > a);
        self.emit(BattleEvent::from(Seed002Event::SeizeRolled {
            unit: c_name.to_string(),
            against: a_name.to_string(),
            roll: c_roll,
            total: c_total,
            against_roll: a_roll,
            against_total: a_total,
            won,
        }));
        if won {
            self.resolution.awaiting =
                Some(Question::book(challenger, AnswerOn::Unit, SeizedAction));
        }
    }
}
