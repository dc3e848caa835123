//! What the computer player knows of Seed003: `Hard` acts out of turn (I4) with an attack
//! worth it, the others pass; it declines to ignore a new flanker (F3), and values an
//! attack's wounds by their levels.

use super::Seed003;
use super::three_dice::Odds3;
use super::track::Seed003Track;
use crate::battle::command::View;
use crate::battle::engine::Question;
use crate::battle::events::AttackStyle;
use crate::battle::events::Command;
use crate::battle::players::{Player, attack_worth_of};
use crate::battle::preview::Preview;
use crate::battle::snapshot::UnitSnap;
use crate::rulebook::Computer;
use crate::rulebooks::seed003::Seed003Command;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::work::ActFirst;

/// What an attack out of turn must be worth, on the planner's scale (`attack_worth_of`: its
/// chance to put the target Down and its wounds' share, each target weighed by how hard it
/// hits), for `Hard` to take it. The AP it spends would be spent on the unit's own turn (they
/// carry over), so what acting first costs is the 2 initiative, and a blow struck first may
/// stop the declared one; a blow worth less waits for the unit's turn. On `the_ford`
/// against Normal (1,000 games, seeds 5001 and 7001): never acting 73.9% and 73.7%; 0.3
/// 76.8% and 76.8%; 0.2 to 1.0 all within a point of it; 0.05 (acting on nearly any blow)
/// 65.5%, the initiative spent on light blows costing more than they take
/// (docs/ai-experiments.md).
pub const OUT_OF_TURN_WORTH: f64 = 0.3;

/// `Hard`, asked whether its side acts before an enemy's declared action (I4): the attack
/// worth the most that any of its units eligible now could make, when it is worth at least
/// `OUT_OF_TURN_WORTH`; else `None` (the side passes). Asked again after each action, it
/// acts on while a blow is worth it: each costs 2 initiative, so the window closes.
pub fn act_first(view: &View, question: &Question) -> Option<Command> {
    question.of_book::<ActFirst>()?;
    let ctx = &view.ctx;
    let active = ctx.snap.get(view.turn.active()?)?;
    let side = ctx.snap.get(question.asked())?.side;
    let (worth, cmd) = ctx
        .snap
        .units
        .iter()
        .filter(|u| u.side == side && ctx.may_act_out_of_turn(u, active))
        .filter_map(|u| attack_worth_of(view, u, Player::Hard))
        .fold(None, |best: Option<(f64, Command)>, c| match best {
            Some(b) if b.0 >= c.0 => Some(b),
            _ => Some(c),
        })?;
    (worth >= OUT_OF_TURN_WORTH).then(|| {
        Seed003Command::Interrupt {
            unit: cmd.actor().to_string(),
            command: Box::new(cmd),
        }
        .into()
    })
}

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

    fn hard_answer(&self, view: &View, question: &Question) -> Option<Command> {
        act_first(view, question)
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
