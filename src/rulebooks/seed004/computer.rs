//! What the computer player (`Hard`) knows of Seed004: a futile Dodge declined, an attack
//! readied (a long walk cut short for it).

use super::guard::READIED_COST;
use super::guard_odds::dodge_against;
use super::work::GuardAttack;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::aims::presses_on;
use crate::battle::players::lying_in_wait::{
    coming, reach_of, wait_instead_of_walk, wait_short_of,
};
use crate::battle::snapshot::UnitSnap;
use crate::battle::work::{Question, Work};
use crate::rulebooks::seed004::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

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

/// `Hard`'s readied attack (Ready, presets/Seed004.md "Reactions"), as Seed000's held one:
/// with an action its turn's end would lose and no enemy to strike now, `me` readies its
/// longest-reaching weapon where an able enemy could walk to strike it next turn and would
/// have to step within that reach from outside it to do it (`coming`): the readied blow lands after that
/// step, before the enemy's own. `None`: it cannot ready (no action or Vigor left to pay,
/// already Readied) or no enemy will likely come.
pub(super) fn ready_attack(view: &View, me: &UnitSnap) -> Option<Command> {
    let reach = reach_of(view, me);
    // The readied blow waits for a step into reach: an enemy already in it sets none off.
    let stepping_in = coming(view, me).any(|e| e.pos.distance(me.pos) > reach);
    (can_ready(view, me) && stepping_in).then(|| ready(view, me))?
}

/// `Hard`'s readied attack in place of `walk`, a walk toward an enemy that spends `ap` AP
/// and leaves too few for an attack, where that enemy will walk in to strike `me` anyway
/// (`wait_instead_of_walk`). Where the walk would spend more than one action and hand an
/// enemy the first blow, `me` walks only as far as the other actions take it, to a tile an
/// enemy would step into its reach to strike it (`wait_short_of`), and readies with the
/// action kept (then this same choice, with the walk that is left).
pub(super) fn ready_instead_of_walk(
    view: &View,
    me: &UnitSnap,
    walk: &Command,
    ap: u32,
) -> Option<Command> {
    if !can_ready(view, me) {
        return None;
    }
    if wait_instead_of_walk(view, me, walk, ap) {
        return ready(view, me);
    }
    let keep = view.ctx.rules.cost(ActionKind::Ready)?;
    let to = wait_short_of(view, me, walk, ap, keep)?;
    Some(Command::Move {
        unit: me.name.to_string(),
        to,
    })
}

/// Whether `me` could ready an attack that would fire: it is able, its AP pay for Ready,
/// it is not Readied yet, and its Vigor pays for the readied attack; and it would: a side
/// that presses on after a standoff (`presses_on`) goes to the enemy rather than wait.
fn can_ready(view: &View, me: &UnitSnap) -> bool {
    !presses_on(view, me)
        && view
            .ctx
            .rules
            .cost(ActionKind::Ready)
            .is_some_and(|c| me.ap >= c)
        && !me.has(ConditionKind::Readied)
        && view.ctx.vigor_reaction(me, READIED_COST)
}

/// Ready with the weapon that reaches farthest (`reach_of`), the first of equals.
fn ready(view: &View, me: &UnitSnap) -> Option<Command> {
    let reach = reach_of(view, me);
    let bands = view.ctx.rules.range_bands;
    let w = me.stats.weapons.iter().find(|w| {
        let r = if w.is_melee() {
            w.reach
        } else {
            w.max_range(bands)
        };
        r == reach
    })?;
    Some(Command::Ready {
        unit: me.name.to_string(),
        weapon: Some(w.name.clone()),
        action: None,
        trigger: None,
    })
}
