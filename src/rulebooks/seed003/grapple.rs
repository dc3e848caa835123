//! `Hard`'s Grapple then Pin under Seed003 (C3, C4): a Pinned enemy's Defense falls to Immobile 5 − size, and every point of it below a blow's total is a point of wound (D1).

use super::Seed003Command;
use super::action_names;
use super::track::Seed003Track;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::{Hold, hold_worth, success_chance, with_condition};
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;
use crate::rules::ruleset::ConditionKind::Grappling;

/// `Hard`'s grapple options for `me`: a Pin of the enemy it holds, else a Grapple of each
/// able adjacent enemy, each with its worth on the planner's scale (`hold_worth`).
pub fn grapple_options(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let snap = view.ctx.snap;
    match me.own.track().holding {
        // The battle as it would stand with the hold let go (a Release weighed,
        // `grabs.rs`) drops the Grappling alone: no Pin is left there.
        Some(_) if !me.has(Grappling) => Vec::new(),
        Some(held) => snap
            .get(held)
            .and_then(|t| pin(view, snap, me, t))
            .into_iter()
            .collect(),
        None => snap
            .enemies_of(me)
            .filter(|t| t.able() && t.pos.is_adjacent(me.pos))
            .filter_map(|t| grapple(view, me, t))
            .collect(),
    }
}

/// Pin (C4) of `t`, which `me` holds in battle `snap`, and its worth: the check's chance
/// (its preview) of what the Pin adds to the blows on `t` before its next turn, with the
/// blows the AP left pay for. `None` without a Stamina to pay (one paid from nothing is
/// fatigue) or the AP.
fn pin(view: &View, snap: &Snapshot, me: &UnitSnap, t: &UnitSnap) -> Option<(f64, Command)> {
    if me.own.track().stamina < 1 {
        return None;
    }
    let cmd = Command::from(Seed003Command::Pin {
        unit: me.name.to_string(),
    });
    let on = View {
        ctx: Ctx { snap, ..view.ctx },
        ..*view
    };
    let p = preview(&on, &cmd).ok()?;
    let win = success_chance(&p, view.ctx.rules)?;
    let left = me.ap.checked_sub(view.ctx.rules.cost(action_names::PIN)?)?;
    let hold = Hold {
        kind: ConditionKind::Pinned,
        chance: win,
        denied_ap: view.ctx.rules.cost(ActionKind::Escape)?,
        lasting: true,
    };
    let worth = hold_worth(view, snap, (me, t), left, &hold);
    Some((worth, cmd))
}

/// Grapple (C3) of `t` and its worth: the attack roll's chance to hit times the Pin's
/// worth in the battle as it would stand with the grapple made (`me` holding `t`, the AP
/// paid), where the AP pay for both this turn; else `None` (`t` would take its turn in
/// between, and may escape or strike).
fn grapple(view: &View, me: &UnitSnap, t: &UnitSnap) -> Option<(f64, Command)> {
    let cmd = Command::Grab {
        unit: me.name.to_string(),
        target: t.name.to_string(),
    };
    let p = preview(view, &cmd).ok()?;
    let hit = success_chance(&p, view.ctx.rules)?;
    let left = me.ap.checked_sub(view.ctx.rules.cost(ActionKind::Grab)?)?;
    let round = view.turn.round;
    let s = with_condition(view.ctx.snap, me.entity, Grappling, Some(t.entity), round);
    let mut s = with_condition(&s, t.entity, Grappling, Some(me.entity), round);
    let holder = s.units.iter_mut().find(|u| u.entity == me.entity)?;
    holder.ap = left;
    holder.own.track_mut().holding = Some(t.entity);
    let (held_me, held_t) = (s.get(me.entity)?.clone(), s.get(t.entity)?.clone());
    let (pinned, _) = pin(view, &s, &held_me, &held_t)?;
    let none = Hold {
        kind: ConditionKind::Pinned,
        chance: 0.0,
        denied_ap: 0,
        lasting: false,
    };
    let missed = hold_worth(view, view.ctx.snap, (me, t), left, &none);
    Some((hit * pinned + (1.0 - hit) * missed, cmd))
}
