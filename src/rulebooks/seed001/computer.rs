//! What the computer player (`Hard`) knows of Seed001's questions asked outside its turn: a
//! defence declined before its turn, and a Brace for a defender's critical win. Any other
//! question gets the greedy answer.

use crate::battle::command::{View, pending_defences, pending_maneuvers};
use crate::battle::events::Command;
use crate::battle::players::strike_worth;
use crate::battle::strike_odds::{best_defence, strike_odds};
use crate::battle::work::{Question, Work};
use crate::rules::combat_roll::{Defence, Maneuver};

/// What 1 AP of a unit's own turn is worth, on the scale of an attack's worth: under
/// Seed001 a defence made before the unit's turn takes one (0.15 to 1.5 all won 64–66% of
/// `shield_wall` against greedy, 60% without the rule; docs/ai-experiments.md).
const TURN_AP_WORTH: f64 = 0.3;

/// Seed001: each Block, Parry or Dodge costs 1 AP of the 3 the round gives. Before its own
/// turn comes, a unit meets a blow only when the defence spares it more than the AP is
/// worth on its turn (`TURN_AP_WORTH`): its chance to go Down and the damage's share, as
/// `attack_worth` counts them. Once its turn has come the AP would go unused: it meets every
/// blow with the defence the greedy player picks, and this gives no answer.
pub(super) fn defence_before_turn(view: &View, question: Question) -> Option<Command> {
    let Question::Defence { defender, attacker } = question else {
        return None;
    };
    let Some(Work::Strike(strike)) = view.pending else {
        return None;
    };
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
    (spared < TURN_AP_WORTH).then(|| Command::ChooseDefence {
        unit: me.name.to_string(),
        defence: Defence::None,
    })
}

/// Seed001: a critical win gives its winner a maneuver, and Precision (every damage die at
/// its maximum) is the attacker's only, so the greedy answer Trips where a defender wins.
/// Hard's defender Braces instead (a boon on its next defence test): each defence costs
/// 1 AP of the round, and a Prone enemy lays a bane on the Hard side's ranged attacks. On
/// `shield_wall` against greedy: +1.4 to +2.1 points on three seeds (6,000 games); against
/// Normal +0.4 (docs/ai-experiments.md).
pub(super) fn defenders_brace(view: &View, question: Question) -> Option<Command> {
    let Question::Maneuver { winner, .. } = question else {
        return None;
    };
    let Some(Work::Strike(strike)) = view.pending else {
        return None;
    };
    (winner != strike.attacker && pending_maneuvers(view, question).contains(&Maneuver::Brace))
        .then(|| Command::ChooseManeuver {
            unit: view.name(winner),
            maneuver: Some(Maneuver::Brace),
        })
}
