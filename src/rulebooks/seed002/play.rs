//! Seed002's play of the core's plans and schedule (presets/Seed002.md): its own plans
//! carried out (footwork, attacks with their Agile steps, Sprint Push, Kneel and Stand,
//! loading, Catch Your Breath, escapes), a passed activation, and the activation an action
//! spent.

use super::Seed002Event;
use super::Seed002Plan;
use super::work::Gait002;
use super::work::{Activations, SeizedAction};
use crate::battle::command::Plan;
use crate::battle::engine::{Battle, Phase, Work};
use crate::battle::events::BattleEvent;
use crate::rules::actions::ActionKind;
use bevy::prelude::Entity;

/// Carry out one of Seed002's own plans, checked.
pub fn carry_out(battle: &mut Battle, plan: Seed002Plan) {
    match plan {
        Seed002Plan::Footwork { unit, path, gait } => {
            if gait == (Gait002::Run { sprint: true }) {
                battle.pay_sprint(unit, ActionKind::Sprint);
            }
            battle.start_footwork(unit, path, gait)
        }
        Seed002Plan::AvAttack {
            attack,
            agile_before,
            agile_after,
        } => {
            let unit = attack.attacker;
            if !agile_after.is_empty() {
                battle.start_footwork(unit, agile_after, Gait002::Agile);
            }
            battle.resolution.stack.push(Work::book(attack));
            if !agile_before.is_empty() {
                battle.start_footwork(unit, agile_before, Gait002::Agile);
            }
        }
        Seed002Plan::SprintPush { unit, path, push } => {
            battle.pay_sprint(unit, ActionKind::Charge);
            battle.resolution.stack.push(Work::book(push));
            battle.start_footwork(unit, path, Gait002::Run { sprint: true });
        }
        Seed002Plan::Kneel { unit } => battle.kneel(unit),
        Seed002Plan::Stand { unit } => battle.stand(unit),
        Seed002Plan::Load { unit, weapon, cost } => battle.load(unit, weapon, cost),
        Seed002Plan::CatchBreath { unit, cost } => battle.catch_breath(unit, cost),
        Seed002Plan::EscapeHold { unit, holder } => battle.escape_hold(unit, holder),
        // The winner of a Seize lets its action go: nothing happens.
        Seed002Plan::SkipSeized => {}
    }
}

/// The action of a unit that won a Seize is outside any activation; any other action
/// spends the side's activation.
pub fn action_begins(battle: &mut Battle, plan: &Plan) {
    if (battle.resolution.awaiting.as_ref()).is_some_and(|q| q.of_book::<SeizedAction>().is_some())
    {
        battle.resolution.awaiting = None;
    } else if plan.spends_activation()
        && plan.of_book::<Seed002Plan>() != Some(&Seed002Plan::SkipSeized)
    {
        battle.turn.book.get_mut::<Activations>().spent = true;
    }
}

/// Ending a unit's turn passes its side's activation.
pub fn end_turn(battle: &mut Battle, e: Entity) {
    let side = battle.units.get(e).map(|u| u.side.0).unwrap_or(0);
    let name = battle.roster.sides[side].name.clone();
    battle.emit(BattleEvent::from(Seed002Event::Passed {
        side: name,
        reason: None,
    }));
    battle.end_activation(true);
}

/// The activation's action has resolved: the next side acts. `false` when no action
/// spent an activation (a Seize's winner acted, or only facing changed).
pub fn action_done(battle: &mut Battle) -> bool {
    if !std::mem::take(&mut battle.turn.book.get_mut::<Activations>().spent) {
        return false;
    }
    if battle.turn.phase != Phase::Finished {
        battle.end_activation(false);
    }
    true
}
