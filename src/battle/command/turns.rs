//! Planning the schedule's commands: Delay (after whom, or to the end of the round) and
//! taking moves back.

use super::*;

pub(super) fn plan_delay(view: &View, a: &UnitSnap, until: &DelayUntil) -> Result<Plan, Refusal> {
    if a.flags.delayed {
        return Err(Refusal::AlreadyDelayed);
    }
    // A union delays together, before any member has spent AP or movement (Seed000).
    let members = union_of(view.turn, a.entity);
    let acted = members
        .iter()
        .filter_map(|m| view.ctx.snap.get(*m))
        .any(|m| m.flags.acted);
    if a.flags.acted || acted {
        return Err(Refusal::AlreadyActed);
    }
    let after = match until {
        DelayUntil::EndOfRound => None,
        DelayUntil::After(name) => Some(delay_leader(view, a, view.unit(name)?)?),
    };
    Ok(Plan::Delay {
        unit: a.entity,
        after,
    })
}

/// The members of the union whose slot `e` is in this round (`e` alone if none).
pub(super) fn union_of(turn: &TurnState, e: Entity) -> Vec<Entity> {
    turn.round_unions
        .iter()
        .find(|u| u.contains(&e))
        .cloned()
        .unwrap_or_else(|| vec![e])
}

/// The combatant `a` may delay until after (a union's slot goes by its first member).
pub(super) fn delay_leader(view: &View, a: &UnitSnap, x: &UnitSnap) -> Result<Entity, Refusal> {
    let unit = x.name.to_string();
    let leader = union_of(view.turn, x.entity)[0];
    if union_of(view.turn, a.entity).contains(&x.entity) {
        Err(Refusal::DelayAfterSelf)
    } else if x.is_down() {
        Err(Refusal::DelayAfterDown { unit })
    } else if !turn_pending(view.turn, leader) {
        Err(Refusal::DelayAfterDone { unit })
    } else if waits_for(view.turn, leader, union_of(view.turn, a.entity)[0]) {
        Err(Refusal::DelayCycle { unit })
    } else {
        Ok(leader)
    }
}

pub(super) fn plan_undo(view: &View, a: &UnitSnap) -> Result<Plan, Refusal> {
    match view.turn.undo.last() {
        Some(e) if e.unit == a.entity => Ok(Plan::Undo { unit: a.entity }),
        _ => Err(Refusal::NothingToUndo),
    }
}

/// Whether `e` still has a turn coming this round.
pub(super) fn turn_pending(turn: &TurnState, e: Entity) -> bool {
    turn.queue.iter().any(|s| s.unit == e)
        || turn.end_of_round.contains(&e)
        || turn.followers.iter().any(|(_, f)| *f == e)
}

/// Whether `e` waits (directly or through others) for `leader`'s turn.
pub(super) fn waits_for(turn: &TurnState, e: Entity, leader: Entity) -> bool {
    let mut cur = e;
    for _ in 0..turn.followers.len() {
        match turn.followers.iter().find(|(_, f)| *f == cur) {
            Some((l, _)) if *l == leader => return true,
            Some((l, _)) => cur = *l,
            None => return false,
        }
    }
    false
}
