//! What the computer player knows of Seed003: it never acts out of turn (I4's
//! `Always`/`Never`), declines to ignore a new flanker (F3), and values an attack's wounds
//! by their levels.

use super::Seed003;
use super::three_dice::Odds3;
use super::track::Seed003Track;
use crate::battle::command::View;
use crate::battle::engine::Question;
use crate::battle::events::AttackStyle;
use crate::battle::events::Command;
use crate::battle::preview::Preview;
use crate::battle::snapshot::UnitSnap;
use crate::rulebook::Computer;
use crate::rulebooks::seed003::action_names;

/// Its own answers: a side asked whether to act out of turn passes; an offer to ignore a
/// new flanker is declined (the new flanker is the enemy that just moved, the likeliest to
/// strike next, and an ignored one strikes from the rear, +4, not the flank's +2). `None`
/// for the core's questions.
pub fn answer(view: &View, question: &Question) -> Option<Command> {
    match question {
        Question::Reaction(o) if o.kind == action_names::IGNORE_REACTION => {
            Some(Command::AnswerReaction {
                reactor: view.name(question.asked()),
                accept: false,
                maneuver: None,
            })
        }
        Question::Book(_) => super::out_of_turn::pass(view, question),
        _ => None,
    }
}

/// What an attack's wounds are worth, heavier levels more (a slot's worth of the
/// Fatal one taking the target out).
pub fn wound_value(o: &Odds3) -> f64 {
    const WEIGHTS: [f64; 5] = [1.0, 2.0, 3.0, 4.0, 8.0];
    o.landed
        .iter()
        .zip(WEIGHTS)
        .map(|(c, w)| c.value() * w)
        .sum::<f64>()
        + o.down().value() * WEIGHTS[4]
}

impl Computer for Seed003 {
    fn computer_answer(&self, view: &View, question: &Question) -> Option<Command> {
        answer(view, question)
    }

    fn style_usable(&self, me: &UnitSnap, style: AttackStyle) -> bool {
        // A Strong Attack costs a Stamina.
        style != AttackStyle::Strong || me.own.track().stamina >= 1
    }

    fn attack_styles(&self) -> &'static [AttackStyle] {
        &[
            AttackStyle::Standard,
            AttackStyle::Quick,
            AttackStyle::Strong,
        ]
    }

    fn expected_damage(&self, preview: &Preview) -> Option<f64> {
        preview.odds_of().map(wound_value)
    }

    fn attack_worth(
        &self,
        preview: &Preview,
        _target: &UnitSnap,
        _share: &dyn Fn(f64) -> f64,
    ) -> Option<f64> {
        let o: &Odds3 = preview.odds_of()?;
        let wounds = wound_value(o);
        Some(o.down().value() + crate::battle::players::DAMAGE_SHARE_WEIGHT * wounds / 8.0)
    }

    fn lands_and_stands(&self, preview: &Preview, _target: &UnitSnap) -> Option<f64> {
        let o: &Odds3 = preview.odds_of()?;
        Some(o.hit.value() - o.down().value())
    }

    fn check_chance(&self, preview: &Preview) -> Option<f64> {
        let c: &super::odds::Check3Odds = preview.odds_of()?;
        Some(c.success.value())
    }
}
