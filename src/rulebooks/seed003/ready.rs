//! `Hard`'s Ready an Action (X5) under Seed003: a blow readied for the first enemy to step into reach, in place of a walk that would hand it the first blow, or with AP left over.

use crate::battle::command::View;
use crate::battle::events::{Command, HeldAction, ReadyTrigger};
use crate::battle::players::lying_in_wait::{reach_of, walk_meets};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::rules;
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::path::reachable;
use crate::rules::ruleset::ConditionKind;

/// `Hard`'s unit with nothing worth doing left this turn, or in place of a walk
/// (`instead_of_walk`): Ready an attack (X5, 1 AP now, the attack's own AP when it is
/// taken) for the first enemy that ends a step where it can strike it, when an able melee
/// enemy out of its reach could walk into it before the unit's next turn (`comes`), and
/// the AP it keeps after the turn's end gain (E1) still pay for the blow. The readied blow
/// lands before the one the enemy stepped in to strike (without it, under Seed003's lack
/// of opportunity attacks, the enemy strikes first). Not while it is Readied already.
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
    let cmd = Command::Ready {
        unit: me.name.to_string(),
        weapon: None,
        action: Some(HeldAction::Attack(None)),
        trigger: Some(ReadyTrigger::EnemyEntersReach),
    };
    (kept >= blow
        && coming(view, me).next().is_some()
        && crate::battle::command::plan(view, &cmd).is_ok())
    .then_some(cmd)
}

/// The rounds through which `Hard`'s unit holds, Readied, for an enemy to walk in
/// (`instead_of_walk`); after them it walks in, so that two sides that both wait still meet.
pub const HOLD_ROUNDS: u32 = 2;

/// `Hard`'s readied blow, in the first `HOLD_ROUNDS` rounds, in place of `walk`, a walk toward an enemy that spends `ap` AP and
/// leaves too few for an attack, where that enemy could walk in to strike `me` anyway
/// (`walk_meets`, as Seed000's held attack and Seed004's Ready weigh it, with the enemies
/// Seed003's AP bring, `coming`): Ready (`ready_for_enemy`), then, Readied, end the turn
/// where it stands, its AP kept (E1), in place of that walk (movement does not end a
/// readiness, but the walk would hand the enemy the first blow all the same).
pub fn instead_of_walk(view: &View, me: &UnitSnap, walk: &Command, ap: u32) -> Option<Command> {
    if view.turn.round > HOLD_ROUNDS || !walk_meets(view, me, walk, ap, coming(view, me)) {
        return None;
    }
    if me.has(ConditionKind::Readied) {
        return Some(Command::EndTurn {
            unit: me.name.to_string(),
        });
    }
    ready_for_enemy(view, me)
}

/// The able enemies with no ranged weapon, out of `me`'s reach (`reach_of`), that could
/// walk into it before `me`'s next turn. (The core's strike zones, which Seed000's and
/// Seed004's lying in wait read, are not drawn under Seed003's AP.)
fn coming<'v>(view: &'v View, me: &'v UnitSnap) -> impl Iterator<Item = &'v UnitSnap> + 'v {
    let reach = reach_of(view, me);
    view.ctx.snap.enemies_of(me).filter(move |e| {
        reach > 0
            && e.able()
            && e.stats.weapons.iter().all(|w| w.is_melee())
            && !view.ctx.melee_reaches(e.pos, me.pos, reach)
            && may_step_into(view, e, me.pos, reach)
    })
}

/// Whether `e` could walk, before the unit at `at` has its next turn, to a tile from which
/// a blow of `reach` strikes it (`reachable`, walls and creatures in the way counted; the
/// rules' `melee_reaches`: a diagonal between two walls reaches nothing).
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
    walk.tiles().any(|(q, _)| ctx.melee_reaches(q, at, reach))
}

/// The most tiles `e` could walk before the unit's next turn: the yards it holds and those
/// its AP buy with the next round's gain (E1, M1), at its rate now.
fn yards_next_turn(e: &UnitSnap) -> u32 {
    let speed = e.stats.seed003().speed;
    let track = e.own.track();
    let ap = (e.ap + rules::round_start_ap(speed)).min(rules::max_ap(speed));
    e.pool.metres + rules::yards_bought(track.rate, track.move_ap, ap)
}
