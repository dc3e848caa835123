//! Carrying out a command: `handle_command` plans it (`command.rs`), refuses it with a
//! `Rejected` event, or carries out its [`Plan`] with one small method per action and runs
//! the resolution stack that follows (`engine.rs`, `resolve.rs`, `forced.rs`).

use super::assess::SPRINT_MULTIPLIER;
use super::command::{ContestAction, Plan, View, plan};
use super::engine::{Battle, Offer, PendingAttack, UndoEntry, Walk, Work};
use super::events::{AttackKind, BattleEvent, Command};
use super::refusal::Refusal;
use crate::rules::actions::ActionKind;
use crate::rules::combat_roll::Maneuver;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, Duration, StabilizeRule};
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Check a command and, if it is allowed, carry it out and resolve what follows.
    pub fn handle_command(&mut self, cmd: Command) {
        match self.plan(&cmd) {
            Err(refusal) => self.emit(BattleEvent::Rejected {
                command: cmd,
                refusal,
            }),
            Ok(plan) => {
                // A rulebook may hold a declared action back (Seed003: while the sides
                // with faster combatants may act first, I4).
                if self
                    .rules
                    .0
                    .rulebook
                    .book()
                    .hold_declared(self, &cmd, &plan)
                {
                    return;
                }
                self.run_plan(&cmd, plan);
            }
        }
    }

    /// Carry out a command a rulebook held back (Seed003: once no side acted before it).
    pub fn carry_out(&mut self, cmd: Command) {
        match self.plan(&cmd) {
            Err(refusal) => self.emit(BattleEvent::Rejected {
                command: cmd,
                refusal,
            }),
            Ok(plan) => self.run_plan(&cmd, plan),
        }
    }

    /// Carry out a plan and resolve what follows.
    fn run_plan(&mut self, cmd: &Command, plan: Plan) {
        self.resolution.knocked_down.clear();
        // What the action spends of the rulebook's own schedule (Seed002: its activation).
        self.rules.0.rulebook.book().action_begins(self, &plan);
        let actor = self.roster.entity(cmd.actor());
        self.rules
            .0
            .rulebook
            .book()
            .plan_starting(self, actor, &plan);
        // A union's members act in any order (Seed000): the one commanded is active.
        if let Some(actor) = actor {
            self.focus_union_member(actor);
        }
        self.execute(plan);
        self.run_stack();
        self.after_resolution();
    }

    /// When nothing is left to resolve: a hidden active combatant in an enemy's sight is
    /// marked (Seed000), and an active combatant that went Down ends its turn.
    fn after_resolution(&mut self) {
        if self.resolution.awaiting.is_some() || !self.resolution.stack.is_empty() {
            return;
        }
        // What follows an action under the rulebook (Seed003: readied actions it sets
        // off, then the side acting out of turn asked again).
        if self.rules.0.rulebook.book().after_resolution(self) {
            return;
        }
        // Seed002: the activation's action has resolved: the next side acts.
        if self.rules.0.rulebook.book().action_done(self) {
            return;
        }
        let Some(active) = self.turn.active() else {
            return;
        };
        self.mark_if_seen(active);
        let Ok(u) = self.units.get(active) else {
            return;
        };
        if u.conditions.is_down() {
            self.end_turn(active);
        } else if u.conditions.has(ConditionKind::Winded) {
            // Seed004: out of Vigor, the rest of the turn is lost.
            let unit = u.combatant.name.to_string();
            self.emit(BattleEvent::ActionLost {
                unit,
                action: ActionKind::EndTurn,
                reason: "Winded: the rest of the turn is lost".into(),
            });
            self.end_turn(active);
        }
    }

    fn plan(&self, cmd: &Command) -> Result<Plan, Refusal> {
        let snap = self.snapshot();
        plan(
            &View::new(
                &snap,
                &self.map,
                &self.rules,
                &self.turn,
                &self.resolution,
                &self.roster,
                &self.items,
            ),
            cmd,
        )
    }

    /// Pay an action's AP under the rules in force and log it (Seed002: its Energy, with
    /// Stamina standing in for a missing last point, as the plan allowed).
    pub fn spend_ap(&mut self, e: Entity, action: ActionKind) {
        let cost = self.rules.0.cost(action).unwrap_or(0);
        if !self.rules.0.rulebook.book().pay_for(self, e, action, cost) {
            self.spend(e, action, cost);
        }
    }

    /// Pay `cost` AP for an action and log it.
    pub fn spend(&mut self, e: Entity, action: ActionKind, cost: u32) {
        self.spend_paid(e, action, cost, Paid::default());
    }

    /// Spend `cost` for `action`, paid as `paid` says (Stamina standing in for Energy; the
    /// fee of an action cancelled after a Seize).
    pub fn spend_paid(&mut self, e: Entity, action: ActionKind, cost: u32, paid: Paid) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.ap.0 = u.ap.0.saturating_sub(cost);
        u.flags.acted = true;
        if self.rules.0.actions_end_moves && action != ActionKind::Move {
            u.pool.metres = 0;
        }
        let (unit, ap_left) = (u.combatant.name.to_string(), u.ap.0);
        self.emit(BattleEvent::ActionTaken {
            unit,
            action,
            ap_cost: cost,
            ap_left,
            from_stamina: paid.from_stamina,
            cancelled: paid.cancelled,
        });
        self.after_action(e, action);
    }

    /// What taking an action ends: a feint, unless the action is the attack it is for
    /// (presets/Seed001.md: "any other action", an automatic Dash included).
    pub fn after_action(&mut self, e: Entity, action: ActionKind) {
        let feinting = self
            .units
            .get(e)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Feinting));
        if feinting && action != ActionKind::Attack {
            self.remove_condition(e, ConditionKind::Feinting, "it took another action");
        }
        self.rules.0.rulebook.book().action_taken(self, e, action);
    }

    /// Carry out a plan; the rulebook in force carries out the plans that are its own
    /// first (a rulebook's plan that comes back here is one whose rulebook is not in force).
    pub fn execute(&mut self, plan: Plan) {
        let Some(plan) = self.rules.0.rulebook.book().execute(self, plan) else {
            return;
        };
        match plan {
            Plan::Walk { unit, path } => self.start_walk(unit, path),
            Plan::Sprint { unit } => self.sprint(unit),
            Plan::Attack {
                unit,
                target,
                weapon,
                maneuver,
                non_lethal,
                lean,
                ..
            } => {
                if let Some(at) = lean {
                    self.lean_out(unit, at);
                }
                // An attack with an off-hand blow is the rulebook's own (it took it above).
                self.attack_action(unit, target, weapon, maneuver, non_lethal)
            }
            Plan::Defend { unit } => self.defend(unit),
            Plan::TakeCover { unit } => self.take_cover(unit),
            Plan::Disengage { unit } => self.disengage(unit),
            Plan::Contest { unit, target, kind } => self.contest_action(unit, target, kind),
            Plan::Release { unit, held } => self.release_grapple(unit, held, "released"),
            Plan::StandUp { unit } => self.stand_up(unit),
            Plan::Charge {
                unit,
                target,
                path,
                dir,
            } => self.charge(unit, target, path, dir),
            Plan::Stabilize { unit, target } => self.stabilize(unit, target),
            Plan::Face { unit, dir } => self.face(unit, dir),
            Plan::Delay { unit, after } => self.delay(unit, after),
            Plan::EndTurn { unit } => self.end_turn(unit),
            Plan::Undo { unit } => self.undo(unit),
            Plan::Answer {
                offer,
                accept,
                maneuver,
            } => self.answer(offer, accept, maneuver),
            Plan::Own(own) => {
                self.spend_ap(own.unit, ActionKind::Own(own.action));
                self.resolution.stack.push(Work::Own(own));
            }
            // A rulebook's own plans, which it carried out above.
            _ => {}
        }
    }

    /// A willing move: remember where it started (for undo), then walk step by step.
    fn start_walk(&mut self, unit: Entity, path: Vec<Pos>) {
        let Ok(u) = self.units.get(unit) else { return };
        let entry = UndoEntry {
            unit,
            pos: u.pos.0,
            facing: u.facing.0,
            ap: u.ap.0,
            pool: *u.pool,
            own: u.own.clone(),
            acted: u.flags.acted,
        };
        let from = entry.pos;
        self.turn.undo.push(entry);
        let crawling = u.conditions.has(ConditionKind::Prone);
        let walk = Walk::new(unit, from, path, false, crawling);
        self.resolution.stack.push(Work::Walk(walk));
    }

    fn sprint(&mut self, unit: Entity) {
        self.spend_ap(unit, ActionKind::Sprint);
        let Ok(mut u) = self.units.get_mut(unit) else {
            return;
        };
        let per = super::assess::metres_per_ap(&self.rules.0, &u.stats.0, &u.conditions);
        u.pool.metres += SPRINT_MULTIPLIER * per;
        let (name, pool) = (u.combatant.name.to_string(), u.pool.metres);
        self.emit(BattleEvent::MovementAdded {
            unit: name,
            metres: SPRINT_MULTIPLIER * per,
            pool,
        });
    }

    fn attack_action(
        &mut self,
        unit: Entity,
        target: Entity,
        weapon: usize,
        named: Option<Maneuver>,
        non_lethal: bool,
    ) {
        self.spend_ap(unit, ActionKind::Attack);
        let attack = PendingAttack {
            non_lethal,
            ..PendingAttack::new(unit, target, weapon, AttackKind::Action)
        };
        // Each rulebook declares an attack its own way (Core: it rolls at once).
        self.rules
            .0
            .rulebook
            .book()
            .declare_attack(self, attack, named);
    }

    fn defend(&mut self, unit: Entity) {
        self.spend_ap(unit, ActionKind::Defend);
        self.add_condition(
            unit,
            ConditionKind::Defending,
            Duration::StartOfNextTurn,
            "Defend",
            None,
        );
        self.remove_condition(unit, ConditionKind::Exposed, "Defend");
        self.remove_condition(unit, ConditionKind::Unguarded, "Defend");
    }

    fn take_cover(&mut self, unit: Entity) {
        self.spend_ap(unit, ActionKind::TakeCover);
        self.add_condition(
            unit,
            ConditionKind::TakingCover,
            Duration::StartOfNextTurn,
            "Take Cover",
            None,
        );
    }

    fn disengage(&mut self, unit: Entity) {
        self.spend_ap(unit, ActionKind::Disengage);
        if let Ok(mut u) = self.units.get_mut(unit) {
            u.flags.disengaged = true;
        }
    }

    /// Shove, Trip, Grab or Escape: pay, then roll.
    fn contest_action(&mut self, unit: Entity, target: Entity, kind: ContestAction) {
        self.spend_ap(unit, kind.action());
        self.contest_effect(unit, target, kind);
    }

    /// Roll a contest, and on a win apply what it does (a held contest comes here paid).
    pub fn contest_effect(&mut self, unit: Entity, target: Entity, kind: ContestAction) {
        if self.contest(kind.contest(), unit, target) != Some(true) {
            return;
        }
        let actor_name = self.name(unit);
        match kind {
            ContestAction::Shove => self.shove_won(unit, target),
            ContestAction::Trip => self.add_condition(
                target,
                ConditionKind::Prone,
                Duration::UntilRemoved,
                &format!("tripped by {actor_name}"),
                None,
            ),
            ContestAction::Grab => self.grab_won(unit, target),
            ContestAction::Escape => self.release_grapple(target, unit, "escaped"),
        }
    }

    /// A won Grab: the target is Restrained, the actor Grappling, linked to each other.
    fn grab_won(&mut self, unit: Entity, target: Entity) {
        let (actor, held) = (self.name(unit), self.name(target));
        self.add_condition(
            target,
            ConditionKind::Restrained,
            Duration::UntilRemoved,
            &format!("grabbed by {actor}"),
            Some(unit),
        );
        self.add_condition(
            unit,
            ConditionKind::Grappling,
            Duration::UntilRemoved,
            &format!("holding {held}"),
            Some(target),
        );
    }

    /// Standing up provokes opportunity attacks first; it finishes afterwards.
    fn stand_up(&mut self, unit: Entity) {
        self.spend_ap(unit, ActionKind::StandUp);
        let snap = self.snapshot();
        let reactors = snap
            .get(unit)
            .map(|u| {
                self.ctx(&snap)
                    .opportunity_reactors(u, u.pos, &self.turn.opportunity_used)
            })
            .unwrap_or_default();
        self.resolution.stack.push(Work::StandUp { unit });
        self.push_offers(reactors, self.opening_kind(), unit);
    }

    /// The run (which provokes as any movement), then the shove.
    fn charge(&mut self, unit: Entity, target: Entity, path: Vec<Pos>, dir: Dir8) {
        self.spend_ap(unit, ActionKind::Charge);
        self.resolution.stack.push(Work::ChargeShove {
            actor: unit,
            target,
            dir,
        });
        if let Ok(u) = self.units.get(unit) {
            let walk = Walk::new(unit, u.pos.0, path, true, false);
            self.resolution.stack.push(Work::Walk(walk));
        }
    }

    fn stabilize(&mut self, unit: Entity, target: Entity) {
        self.spend_ap(unit, ActionKind::Stabilize);
        let by = format!("stabilized by {}", self.name(unit));
        if self.rules.0.rulebook.book().stabilize(self, target, &by) {
            return;
        }
        if let StabilizeRule::FirstAid { target: number } = self.rules.0.stabilize
            && !self.first_aid(unit, target, number)
        {
            return;
        }
        self.remove_condition(target, ConditionKind::Bleeding, &by);
    }

    fn face(&mut self, unit: Entity, dir: Dir8) {
        if let Ok(mut u) = self.units.get_mut(unit) {
            u.facing.0 = dir;
            let name = u.combatant.name.to_string();
            self.emit(BattleEvent::Faced {
                unit: name,
                facing: dir,
            });
        }
    }

    /// Take back the last move of this turn.
    fn undo(&mut self, unit: Entity) {
        let Some(entry) = self.turn.undo.pop() else {
            return;
        };
        if let Ok(mut u) = self.units.get_mut(unit) {
            u.pos.0 = entry.pos;
            u.facing.0 = entry.facing;
            u.ap.0 = entry.ap;
            *u.pool = entry.pool;
            (self.rules.0.rulebook.book()).move_undone(&mut u.own, &entry.own);
            u.flags.acted = entry.acted;
            let name = u.combatant.name.to_string();
            self.emit(BattleEvent::MoveUndone {
                unit: name,
                to: entry.pos,
                ap: entry.ap,
                pool: entry.pool.metres,
            });
        }
    }

    /// A side answered the reaction question.
    fn answer(
        &mut self,
        offer: Offer,
        accept: bool,
        maneuver: Option<crate::rules::book_value::BookValue>,
    ) {
        self.resolution.awaiting = None;
        if accept && self.rules.0.rulebook.book().accept_reaction(self, &offer) {
            return;
        }
        if self.rules.0.rulebook.book().answer(self, offer, accept) {
            return;
        }
        if accept {
            self.accept_as(offer, maneuver);
        } else {
            let (reactor, against) = (self.name(offer.reactor), self.name(offer.target));
            self.emit(BattleEvent::ReactionDeclined {
                reactor: reactor.to_string(),
                kind: offer.kind,
                against: against.to_string(),
            });
        }
    }
}

/// How an action's cost was paid, for its log line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Paid {
    /// The part of the cost Stamina paid in place of Energy (Seed002, E3).
    pub from_stamina: u32,
    /// The fee of an action cancelled after a Seize (Seed002, E4).
    pub cancelled: bool,
}
