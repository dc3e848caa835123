//! Lying in wait (`Hard`): the enemies that will likely walk into a unit's reach to strike it, for a rulebook's held or readied attack.

use super::{steps_within_reach, strikes_next_turn};
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;

/// The farthest `me` could strike with any of its weapons: a melee weapon's reach, a ranged
/// one's range.
pub fn reach_of(view: &View, me: &UnitSnap) -> u32 {
    let bands = view.ctx.rules.range_bands;
    me.stats
        .weapons
        .iter()
        .map(|w| {
            if w.is_melee() {
                w.reach
            } else {
                w.max_range(bands)
            }
        })
        .max()
        .unwrap_or(0)
}

/// The able enemies that could walk to strike `me` where it stands next turn and would come
/// within its reach (`reach_of`) to do it: no enemy's reach is longer
/// (`steps_within_reach`).
pub fn coming<'v>(view: &'v View, me: &'v UnitSnap) -> impl Iterator<Item = &'v UnitSnap> + 'v {
    let reach = reach_of(view, me);
    view.ctx
        .snap
        .enemies_of(me)
        .filter(move |e| e.able() && steps_within_reach(view, me, e, reach))
}

/// Whether `walk`, a move of `me` that spends `ap` of its AP, is one to lie in wait in
/// place of: it leaves fewer AP than an attack costs and heads toward an enemy that will
/// walk in to strike `me` anyway (`coming`), so it would only hand that enemy the first
/// blow.
pub fn wait_instead_of_walk(view: &View, me: &UnitSnap, walk: &Command, ap: u32) -> bool {
    walk_meets(view, me, walk, ap, coming(view, me))
}

/// Whether `walk`, a move of `me` that spends `ap` of its AP, leaves fewer AP than an
/// attack costs and heads toward one of `coming`, the enemies a rulebook reckons will walk
/// in to strike `me` anyway (`wait_instead_of_walk`; Seed003 reckons them by its own AP).
pub fn walk_meets<'v>(
    view: &View,
    me: &UnitSnap,
    walk: &Command,
    ap: u32,
    mut coming: impl Iterator<Item = &'v UnitSnap>,
) -> bool {
    let Command::Move { to, .. } = walk else {
        return false;
    };
    let Some(cost) = view.ctx.rules.cost(ActionKind::Attack) else {
        return false;
    };
    me.ap.saturating_sub(ap) < cost && coming.any(|e| e.pos.distance(*to) < e.pos.distance(me.pos))
}

/// Where `walk`, a move of `me` that spends `ap` of its AP and leaves it no blow, should
/// stop short so that `me` keeps `keep` AP to lie in wait (Seed004's Ready): the walk hands
/// an able enemy the first blow, one that could strike its end next turn
/// (`strikes_next_turn`), while at the last tile of its path that the other AP pay for
/// an enemy that will walk in to strike `me` (`coming`) would step into its reach from
/// outside it. `None`: the walk leaves a blow, is no longer than that, or no such tile.
pub fn wait_short_of(
    view: &View,
    me: &UnitSnap,
    walk: &Command,
    ap: u32,
    keep: u32,
) -> Option<Pos> {
    let Command::Move { to, .. } = walk else {
        return None;
    };
    let ctx = &view.ctx;
    let attack = ctx.rules.cost(ActionKind::Attack)?;
    let spend = me.ap.checked_sub(keep).filter(|s| *s > 0 && *s < ap)?;
    let hands_first_blow = me.ap.saturating_sub(ap) < attack
        && ctx
            .snap
            .enemies_of(me)
            .any(|e| e.able() && strikes_next_turn(view, e, *to));
    if !hands_first_blow {
        return None;
    }
    let per = ctx.metres_per_ap(me);
    let budget = me.ap * per + me.stats.movement;
    let walked = ctx.reachable_within(me, budget);
    let stop = walked
        .path(*to)?
        .into_iter()
        .take_while(|p| walked.cost(*p).is_none_or(|c| c <= spend * per))
        .filter(|p| walked.cost(*p).is_some())
        .last()?;
    let mut waiting = me.clone();
    waiting.pos = stop;
    let reach = reach_of(view, me);
    let steps_in = coming(view, &waiting).any(|e| e.pos.distance(stop) > reach);
    steps_in.then_some(stop)
}
