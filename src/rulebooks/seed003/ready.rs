//! `Hard`'s Ready an Action (X5) under Seed003: a blow readied for the first enemy to step into reach.

use crate::battle::command::View;
use crate::battle::events::{Command, HeldAction, ReadyTrigger};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::rules;
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::path::reachable;
use crate::rules::ruleset::ConditionKind;

/// `Hard`'s unit with nothing worth doing left this turn: Ready an attack (X5, 1 AP now, the
/// attack's own AP when it is taken) for the first enemy that ends a step where it can
/// strike it, when one of the able enemies out of its reach could walk into it before the
/// unit's next turn, and the AP it keeps after the turn's end gain (E1) pay for the blow.
/// The readied blow lands before the one the enemy stepped in to strike (Seed003 has no
/// opportunity attacks: without it, the enemy strikes first); the AP it spends would
/// otherwise carry over to the unit's own turn. Not while it is Readied already.
pub fn ready_for_enemy(view: &View, me: &UnitSnap) -> Option<Command> {
    let ctx = &view.ctx;
    if me.has(ConditionKind::Readied) || !me.able() {
        return None;
    }
    let ready = ctx.rules.cost(ActionKind::Ready)?;
    let blow = ctx.rules.cost(ActionKind::Attack)?;
    let speed = me.stats.seed003().speed;
    let gain = if me.has(ConditionKind::Staggered) {
        0
    } else {
        rules::turn_end_ap(speed)
    };
    let kept = (me.ap.checked_sub(ready)? + gain).min(rules::max_ap(speed));
    let reach = strike_distance(me);
    let coming = ctx.snap.enemies_of(me).any(|e| comes(view, e, me, reach));
    let cmd = Command::Ready {
        unit: me.name.to_string(),
        weapon: None,
        action: Some(HeldAction::Attack(None)),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    };
    (kept >= blow && reach > 0 && coming && crate::battle::command::plan(view, &cmd).is_ok())
        .then_some(cmd)
}

/// The rounds through which `Hard`'s unit waits, Readied, for an enemy to walk into its
/// reach (`hold_and_ready`); after them it closes in, as every side does after a standoff.
pub const HOLD_ROUNDS: u32 = 2;

/// `Hard`'s unit that can strike no enemy this turn (none within its reach and the yards
/// its AP buy, the cheapest blow's AP kept back) and that an enemy with no ranged weapon
/// could walk into the reach of before its next turn, in the first `HOLD_ROUNDS` rounds:
/// it Readies a blow (`ready_for_enemy`), then ends its turn where it stands, AP kept,
/// rather than walk up to the enemy with none left and take the first blow.
pub fn hold_and_ready(view: &View, me: &UnitSnap) -> Option<Command> {
    if view.turn.round > HOLD_ROUNDS || strikes_this_turn(view, me) {
        return None;
    }
    if me.has(ConditionKind::Readied) {
        let reach = strike_distance(me);
        let still = view
            .ctx
            .snap
            .enemies_of(me)
            .any(|e| comes(view, e, me, reach));
        return still.then(|| Command::EndTurn {
            unit: me.name.to_string(),
        });
    }
    ready_for_enemy(view, me)
}

/// Whether `me` could walk within reach of an able enemy this turn and still pay for its
/// cheapest blow (straight-line distance: walls only make it fail).
fn strikes_this_turn(view: &View, me: &UnitSnap) -> bool {
    let rules = view.ctx.rules;
    let cheapest = rules
        .cost(crate::rulebooks::seed003::action_names::QUICK_ATTACK)
        .into_iter()
        .chain(rules.cost(ActionKind::Attack))
        .min()
        .unwrap_or(0);
    let track = me.own.track();
    let yards = me.pool.metres
        + rules::yards_bought(track.rate, track.move_ap, me.ap.saturating_sub(cheapest));
    let reach = strike_distance(me);
    view.ctx
        .snap
        .enemies_of(me)
        .filter(|e| e.able())
        .any(|e| e.pos.distance(me.pos) <= reach + yards)
}

/// Whether `e`, able and with no ranged weapon, stands out of `reach` of `me` and could
/// walk into it before `me`'s next turn.
fn comes(view: &View, e: &UnitSnap, me: &UnitSnap, reach: u32) -> bool {
    e.able()
        && e.stats.weapons.iter().all(|w| w.is_melee())
        && e.pos.distance(me.pos) > reach
        && may_step_into(view, e, me.pos, reach)
}

/// How far `me` strikes: its longest melee reach, or its ranged weapons' long range.
fn strike_distance(me: &UnitSnap) -> u32 {
    me.stats
        .weapons
        .iter()
        .map(|w| if w.is_melee() { w.reach } else { w.range.1 })
        .max()
        .unwrap_or(0)
}

/// Whether `e` could walk, before the unit at `at` has its next turn, to a tile within
/// `reach` of it (`reachable`, walls and creatures in the way counted).
fn may_step_into(view: &View, e: &UnitSnap, at: Pos, reach: u32) -> bool {
    let ctx = &view.ctx;
    if ctx.can_move(e).is_err() {
        return false;
    }
    let walk = reachable(
        ctx.grid,
        &ctx.occupancy(e),
        e.pos,
        yards_next_turn(e),
        &ctx.move_profile(e),
    );
    walk.tiles().any(|(q, _)| q.distance(at) <= reach)
}

/// The most tiles `e` could walk before the unit's next turn: the yards it holds and those
/// its AP buy with the next round's gain (E1, M1), at its rate now.
fn yards_next_turn(e: &UnitSnap) -> u32 {
    let speed = e.stats.seed003().speed;
    let track = e.own.track();
    let ap = (e.ap + rules::round_start_ap(speed)).min(rules::max_ap(speed));
    e.pool.metres + rules::yards_bought(track.rate, track.move_ap, ap)
}
