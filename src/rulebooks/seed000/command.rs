//! Planning Seed000's own actions (presets/Seed000.md): Hold, Hide, Switch Places and
//! Disarm. What they do is in `held.rs`, `disarm.rs` and `switch.rs` here, and in the
//! core's `hiding.rs`.

use super::Seed000Plan;
use super::Seed000Refusal;
use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View, need_ap};
use crate::battle::contests::disarm_checks;
use crate::battle::events::{HeldAction, Trigger};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed000::action_names;
use crate::rules::ruleset::ConditionKind;

/// Check a `Hold` command: the rules have held actions and the action, the holder has its
/// AP, a named weapon is its own and a named enemy is an enemy.
pub fn plan_hold(
    view: &View,
    a: &UnitSnap,
    action: &HeldAction,
    trigger: &Trigger,
) -> Result<Plan, Refusal> {
    let ctx = &view.ctx;
    let kind = action.core_kind().unwrap_or(action_names::DISARM);
    let cost = ctx
        .rules
        .cost(kind)
        .filter(|_| ctx.rules.held_actions)
        .ok_or(Refusal::NotInRules { action: kind })?;
    if a.ap < cost {
        return Err(Refusal::NotEnoughAp {
            action: kind,
            need: cost,
            have: a.ap,
        });
    }
    if let HeldAction::Attack(Some(w)) = action
        && !a.stats.weapons.iter().any(|x| x.name == *w)
    {
        return Err(Refusal::NoSuchWeapon {
            weapon: w.clone(),
            weapons: a.stats.weapons.iter().map(|x| x.name.clone()).collect(),
        });
    }
    if let Some(name) = trigger.named() {
        let e = view.unit(name)?;
        if e.side == a.side {
            return Err(Refusal::Ally {
                target: name.to_string(),
            });
        }
    }
    Ok(Seed000Plan::Hold {
        unit: a.entity,
        action: action.clone(),
        trigger: trigger.clone(),
        cost,
    }
    .into())
}

/// Check a Hide: the rules have hiding, 2 AP, and no standing enemy sees the tile.
pub fn plan_hide(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, action_names::HIDE)?;
    if let Some(w) = ctx.watchers(a).next() {
        return Err(Seed000Refusal::Seen {
            by: w.name.to_string(),
        }
        .into());
    }
    Ok(Seed000Plan::Hide { unit: a.entity }.into())
}

/// Check a Switch Places: an 8-adjacent ally that is not Down, Restrained or Surprised and
/// has a Reaction Point to pay (known in advance: both belong to the same player).
pub fn plan_switch(ctx: &Ctx, a: &UnitSnap, ally: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, action_names::SWITCH_PLACES)?;
    let name = || ally.name.to_string();
    if ally.entity == a.entity || ally.side != a.side {
        return Err(Seed000Refusal::NotAnAlly { unit: name() }.into());
    }
    if !a.pos.is_adjacent(ally.pos) {
        return Err(Refusal::NotAdjacent { target: name() });
    }
    if ally.is_down() {
        return Err(Refusal::TargetDown { target: name() });
    }
    for (u, c) in [
        (a, ConditionKind::Restrained),
        (ally, ConditionKind::Restrained),
        (ally, ConditionKind::Surprised),
    ] {
        if u.has(c) {
            return Err(Refusal::AlreadyHas {
                target: u.name.to_string(),
                condition: c,
            });
        }
    }
    if ally.reactions.points == 0 {
        return Err(Seed000Refusal::NoReactionPoints { unit: name() }.into());
    }
    Ok(Seed000Plan::SwitchPlaces {
        unit: a.entity,
        ally: ally.entity,
    }
    .into())
}

/// Check a Disarm: 2 AP and `disarm_checks`.
pub fn plan_disarm(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
) -> Result<Plan, Refusal> {
    need_ap(ctx, a, action_names::DISARM)?;
    let weapon = disarm_checks(ctx, a, t, weapon)?;
    Ok(Seed000Plan::Disarm {
        unit: a.entity,
        target: t.entity,
        weapon,
    }
    .into())
}
