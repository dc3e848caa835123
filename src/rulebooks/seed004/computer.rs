//! What the computer player (`Hard`) knows of Seed004's questions: a futile Dodge declined.

use super::guard_odds::dodge_against;
use super::work::GuardAttack;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::work::{Question, Work};
use crate::rulebooks::seed004::action_names;

/// Seed004: a Dodge must roll higher than the attack's total, and costs Vigor whether it
/// succeeds or not. Hard declines one whose dice cannot reach the total (the greedy answer
/// takes every Dodge offered).
pub(super) fn futile_dodge(view: &View, question: &Question) -> Option<Command> {
    let Question::Reaction(offer) = *question else {
        return None;
    };
    let g = view.pending.and_then(Work::of_book::<GuardAttack>)?;
    let me = view.ctx.snap.get(offer.reactor)?;
    let futile = offer.kind == action_names::DODGE_REACTION
        && dodge_against(&view.ctx, me, g.total?).success <= 0.0;
    futile.then(|| Command::AnswerReaction {
        reactor: me.name.to_string(),
        accept: false,
        maneuver: None,
    })
}
