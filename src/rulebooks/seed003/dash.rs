//! `Hard`'s Dash under Seed003 (M4): the move rate doubled for the round, in place of a walk where the walk it buys reaches a better tile.

use super::Seed003Command;
use super::action_names;
use super::track::Seed003Track;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::walk_worth;
use crate::battle::snapshot::UnitSnap;

/// What the walk after a Dash must be worth beyond the walk without it (its 2 Stamina are
/// a Strong Attack's twice over).
const DASH_GAIN: f64 = 0.05;

/// A Dash in place of `walk` (which buys movement with AP): the round's first Dash (the
/// second is a check), with the 2 Stamina to pay, where `Hard`'s best walk in the battle as
/// it would stand after it (2 AP and 2 Stamina paid, the rate doubled for the AP spent after
/// it, M1) is worth more by `DASH_GAIN` than its best walk now.
pub fn instead_of_walk(view: &View, me: &UnitSnap) -> Option<Command> {
    let track = me.own.track();
    let rules = view.ctx.rules;
    let cost = rules.cost(action_names::DASH)?;
    if track.dashes > 0 || track.stamina < 2 || me.ap < cost {
        return None;
    }
    let cmd = Command::from(Seed003Command::Dash {
        unit: me.name.to_string(),
    });
    crate::battle::command::plan(view, &cmd).ok()?;
    let (plain, _) = walk_worth(view, view.ctx.snap, me, false)?;
    let mut snap = view.ctx.snap.clone();
    let u = snap.units.iter_mut().find(|u| u.entity == me.entity)?;
    u.ap -= cost;
    let t = u.own.track_mut();
    t.stamina -= 2;
    t.dashes += 1;
    t.rate *= 2;
    t.move_ap = 0;
    let (dashed, walk) = walk_worth(view, &snap, me, false)?;
    (matches!(walk, Command::Move { .. } | Command::MovePath { .. }) && dashed > plain + DASH_GAIN)
        .then_some(cmd)
}
