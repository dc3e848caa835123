//! Acting out of turn (presets/Seed003.md, I4, I5): when the active combatant declares an
//! action or End Turn, each other side with a combatant whose initiative is above the
//! active one's (and above 0) and whose policy is `Ask` is asked, in listed order, whether
//! to act first. A side that acts may act again until it passes; when every side is done,
//! the declaration is cancelled if anybody acted (it cost nothing), or else carried out.

use super::Seed003Command;
use super::Seed003Event;
use super::Seed003Plan;
use super::rules::OUT_OF_TURN_COST;
use super::work::ActFirst;
use super::work::{OutOfTurnWindow, window, window_mut};
use crate::battle::command::{Plan, View};
use crate::battle::engine::{AnswerOn, Battle, Question, Resolution, Roster};
use crate::battle::events::{BattleEvent, Command};
use crate::level::schema::ReactionPolicy;
use bevy::prelude::Entity;

impl Plan {
    /// Whether the plan is a declared action that opens a window (I4): every action and
    /// End Turn, but not ignoring a flanker, facing, taking moves back, answering, passing
    /// a window or acting in one.
    pub fn declares(&self) -> bool {
        !matches!(
            self,
            Plan::Face { .. } | Plan::Undo { .. } | Plan::Answer { .. }
        ) && !matches!(
            self.of_book(),
            Some(
                Seed003Plan::Ignore { .. }
                    | Seed003Plan::PassWindow
                    | Seed003Plan::OutOfTurn { .. }
            )
        )
    }

    /// Whether it is movement, which costs no initiative out of turn (M3).
    fn is_movement(&self) -> bool {
        matches!(self, Plan::Walk { .. })
    }
}

impl Battle<'_, '_> {
    /// The first able combatant of `side` that may act out of turn now, the fastest first.
    fn eligible_in(&self, side: usize, active: Entity) -> Option<Entity> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let act = snap.get(active)?;
        snap.units
            .iter()
            .filter(|u| u.side == side && ctx.may_act_out_of_turn(u, act))
            .max_by_key(|u| (u.initiative.total, std::cmp::Reverse(u.index)))
            .map(|u| u.entity)
    }

    /// Before a declared command is carried out: open a window if a side may act first.
    /// Returns whether it did (the command then waits).
    pub fn open_window(&mut self, actor: Entity, cmd: &Command) -> bool {
        let Ok(side) = self.units.get(actor).map(|u| u.side.0) else {
            return false;
        };
        let sides: Vec<usize> = (0..self.roster.sides.len())
            .filter(|s| *s != side)
            .filter(|s| self.roster.policies.get(*s) == Some(&ReactionPolicy::Ask))
            .filter(|s| self.eligible_in(*s, actor).is_some())
            .collect();
        if sides.is_empty() {
            return false;
        }
        *window_mut(&mut self.resolution) = Some(OutOfTurnWindow {
            actor,
            declared: cmd.clone(),
            sides,
            acted: false,
        });
        self.ask_window();
        true
    }

    /// Ask the side first in line, or move on to the next one when it has nobody eligible
    /// any more; close the window when none is left.
    pub fn ask_window(&mut self) {
        while let Some(w) = window(&self.resolution).cloned() {
            let Some(&side) = w.sides.first() else {
                return self.close_window();
            };
            if let Some(unit) = self.eligible_in(side, w.actor) {
                let ask = ActFirst {
                    declared: w.declared.clone(),
                };
                self.resolution.awaiting = Some(Question::book(unit, AnswerOn::Side, ask));
                let ev = BattleEvent::from(Seed003Event::WindowOpened {
                    side: self.roster.sides[side].name.clone(),
                    actor: self.name(w.actor).to_string(),
                    action: w.declared.action_name().to_string(),
                });
                return self.emit(ev);
            }
            self.window_side_done();
        }
    }

    /// The side asked is done (it passed, or nobody of it may act any more).
    pub fn window_side_done(&mut self) {
        let Some(w) = window_mut(&mut self.resolution).as_mut() else {
            return;
        };
        let side = w.sides.remove(0);
        let acted = w.acted;
        self.resolution.awaiting = None;
        let name = self.roster.sides[side].name.clone();
        self.emit(BattleEvent::from(Seed003Event::WindowClosed {
            side: name,
            acted,
        }));
    }

    /// A side passes: the next one is asked, or the window closes.
    pub fn pass_window(&mut self) {
        self.window_side_done();
        self.ask_window();
    }

    /// Every side is done: the declaration is cancelled if anybody acted, or carried out.
    fn close_window(&mut self) {
        let Some(w) = window_mut(&mut self.resolution).take() else {
            return;
        };
        self.resolution.awaiting = None;
        if w.acted {
            let ev = BattleEvent::from(Seed003Event::DeclarationCancelled {
                unit: self.name(w.actor).to_string(),
                action: w.declared.action_name().to_string(),
            });
            return self.emit(ev);
        }
        let still_active = self.turn.active() == Some(w.actor);
        if still_active {
            self.carry_out(w.declared);
        }
    }

    /// An action out of turn (I4): 2 initiative (none for movement), then the action.
    pub fn act_out_of_turn(&mut self, unit: Entity, plan: Plan) {
        if let Some(w) = window_mut(&mut self.resolution).as_mut() {
            w.acted = true;
        }
        self.resolution.awaiting = None;
        if !plan.is_movement() {
            self.move_initiative(unit, -OUT_OF_TURN_COST, "acting out of turn");
        }
        self.execute(plan);
    }

    /// After an out-of-turn action has resolved: the side is asked again.
    pub fn resume_window(&mut self) {
        if window(&self.resolution).is_some()
            && self.resolution.awaiting.is_none()
            && self.resolution.stack.is_empty()
        {
            self.ask_window();
        }
    }
}

/// The turn bar's chip while a side is asked whether to act out of turn.
pub(super) fn turn_bar_text(resolution: &Resolution, roster: &Roster) -> Option<String> {
    let side = *window(resolution)?.sides.first()?;
    Some(format!("   {} may act out of turn", roster.side_name(side)))
}

/// The hand-off screen's line while a side is asked whether to act out of turn.
pub(super) fn handoff_next(resolution: &Resolution, roster: &Roster, unit: &str) -> Option<String> {
    let w = window(resolution)?;
    Some(format!(
        "Out of turn, before {}'s {}: act with {unit} (2 initiative an action,\nmoving is free), or Pass to let it go ahead.",
        roster.name(w.actor),
        w.declared.action_name()
    ))
}

/// The pass of a side asked whether to act out of turn; `None` for any other question.
pub(super) fn pass(view: &View, question: &Question) -> Option<Command> {
    question.of_book::<ActFirst>()?;
    let asked = view.ctx.snap.get(question.asked())?;
    Some(
        Seed003Command::Pass {
            side: view.roster.sides[asked.side].name.clone(),
        }
        .into(),
    )
}

/// Whether any unit of the side asked could attack an enemy now, out of turn, with any of
/// its weapons: the window would take the attack.
pub(super) fn could_attack_first(view: &View, question: &Question) -> bool {
    let snap = &view.ctx.snap;
    let Some(side) = snap.get(question.asked()).map(|u| u.side) else {
        return false;
    };
    snap.units
        .iter()
        .filter(|u| u.side == side && u.able())
        .any(|u| {
            snap.enemies_of(u).filter(|t| t.able()).any(|t| {
                u.stats.weapons.iter().any(|w| {
                    let attack = Command::Attack {
                        unit: u.name.to_string(),
                        target: t.name.to_string(),
                        weapon: Some(w.name.clone()),
                        options: Default::default(),
                    };
                    crate::battle::command::plan(view, &attack).is_ok()
                })
            })
        })
}
