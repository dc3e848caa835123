//! What the computer player knows of Seed001's questions: every player meets a Combat Roll
//! with the defence of least expected damage and takes Precision, else Trip, else Brace
//! after a critical win; `Hard` declines a defence before its turn where the AP is worth
//! more, and weighs every maneuver of its own critical win, attacker or defender
//! (`critical.rs`).

use super::Seed001Command;
use super::answers::{pending_defences, pending_maneuvers, pending_strike};
use super::maneuvers::policy_maneuver;
use super::strike_odds::{StrikeOdds, best_defence, strike_odds};
use super::work::Seed001Question;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::share_of;
use crate::battle::snapshot::UnitSnap;
use crate::battle::work::Question;
use crate::rules::combat_roll::Defence;

/// What 1 AP of a unit's own turn is worth, on the scale of an attack's worth: under
/// Seed001 a defence made before the unit's turn takes one (0.15 to 1.5 all won 64–66% of
/// `shield_wall` against greedy, 60% without the rule; docs/ai-experiments.md).
pub(super) const TURN_AP_WORTH: f64 = 0.3;

/// Seed001: each Block, Parry or Dodge costs 1 AP of the 3 the round gives. Before its own
/// turn comes, a unit meets a blow only when the defence spares it more than the AP is
/// worth on its turn (`TURN_AP_WORTH`): its chance to go Down and the damage's share, as
/// `attack_worth` counts them. Once its turn has come the AP would go unused: it meets every
/// blow with the defence the greedy player picks, and this gives no answer.
pub(super) fn defence_before_turn(view: &View, question: &Question) -> Option<Command> {
    let Seed001Question::Defence { defender, attacker } = *question.of_book()? else {
        return None;
    };
    let strike = pending_strike(view)?;
    if view.turn.done.contains(&defender) || view.turn.active() == Some(defender) {
        return None;
    }
    let ctx = &view.ctx;
    let (a, me) = (ctx.snap.get(attacker)?, ctx.snap.get(defender)?);
    let wi = strike.weapon;
    let options = pending_defences(view, defender);
    if !options.contains(&Defence::None) {
        return None;
    }
    let chosen = best_defence(ctx, a, me, wi, &options);
    let taken = |defence: Defence| {
        strike_odds(ctx, a, me, wi, defence)
            .ok()
            .map(|s| strike_worth(&s, me))
    };
    let spared = taken(Defence::None)? - taken(chosen)?;
    (spared < TURN_AP_WORTH).then(|| {
        Seed001Command::ChooseDefence {
            unit: me.name.to_string(),
            defence: Defence::None,
        }
        .into()
    })
}

/// Every computer player's answer: the defence with the least expected damage; after a
/// critical win Precision, else Trip, else Brace.
pub(super) fn greedy_answer(view: &View, asked: &Question) -> Option<Command> {
    let question: &Seed001Question = asked.of_book()?;
    let unit = view.name(asked.asked());
    Some(match *question {
        Seed001Question::Defence { defender, attacker } => {
            let ctx = &view.ctx;
            let options = pending_defences(view, defender);
            let defence = match (
                ctx.snap.get(attacker),
                ctx.snap.get(defender),
                pending_strike(view),
            ) {
                (Some(a), Some(t), Some(s)) => best_defence(ctx, a, t, s.weapon, &options),
                _ => Defence::None,
            };
            Seed001Command::ChooseDefence { unit, defence }.into()
        }
        Seed001Question::Maneuver { .. } => Seed001Command::ChooseManeuver {
            unit,
            maneuver: Some(policy_maneuver(&pending_maneuvers(view, question))),
        }
        .into(),
    })
}

/// What a strike takes out of `t`: its chance to put `t` Down and the share of the damage,
/// no more of each outcome than `t` has left.
pub fn strike_worth(s: &StrikeOdds, t: &UnitSnap) -> f64 {
    s.down.value() + share_of(t, s.expected_up_to(t.vitality.max(1)))
}
