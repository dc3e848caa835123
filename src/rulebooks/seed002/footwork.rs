//! Seed002's footwork (presets/Seed002.md, M1–M6, X1): a Run is paid by the metres it took,
//! turns included (⌈3·m / Speed⌉ Energy); a Sprint costs 3 Energy and a Stamina; a Shift is
//! one metre for Energy or twice that in Agility; Agile steps ride along an action for
//! Agility and provoke nothing; Kneel and Stand; and the Swift Attacks a step sets off when
//! it ends in an enemy's reach. The run search is `rules/run_path.rs` (this folder's).

use super::footing::{AGILE_AGILITY, SHIFT_AGILITY, run_energy, run_speed};
use super::work::Gait002;
use crate::battle::engine::{Battle, Gait, Offer, Walk, Work};
use crate::battle::events::ReactionKind;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, Duration, OpportunityRule};
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Set out on a Seed002 move: a Run (paid at its end), a Sprint (paid before, by the
    /// caller), a Shift or an Agile Move (paid step by step).
    pub fn start_footwork(&mut self, unit: Entity, path: Vec<Pos>, gait: Gait002) {
        let Ok(u) = self.units.get(unit) else { return };
        let crawling = u.conditions.has(ConditionKind::Prone);
        let mut walk = Walk::new(unit, u.pos.0, path, false, crawling);
        walk.gait = Gait::own(gait);
        self.resolution.stack.push(Work::Walk(walk));
    }

    /// A Sprint's price (M2), or a Sprint Push's (C5): its Energy and a Stamina; the round's
    /// Sprinted flag.
    pub fn pay_sprint(&mut self, unit: Entity, action: ActionKind) {
        let cost = self.rules.0.cost(action).unwrap_or(0);
        self.pay_energy(unit, action, cost);
        self.spend_stamina(unit, 1, action.label());
        if let Ok(mut u) = self.units.get_mut(unit) {
            u.own.footing_mut().sprinted = true;
        }
    }

    /// A Run is paid at its end by the metres it took (E4: an interrupted Run by the
    /// third).
    pub fn pay_run(&mut self, e: Entity, metres: u32) {
        let Ok(u) = self.units.get(e) else { return };
        let speed = run_speed(&u.stats.0, u.conditions.has(ConditionKind::Slowed));
        let cost = run_energy(metres, speed).min(u.ap.0 + 1);
        self.pay_energy(e, ActionKind::Move, cost);
    }

    /// A Shift's metre: its terrain cost in Energy, or twice that in Agility.
    pub fn pay_shift(&mut self, m: &UnitSnap, cost: u32, agility: bool) -> bool {
        if agility {
            return self.pay_agility_by(m, cost as i32 * SHIFT_AGILITY, action_names::SHIFT);
        }
        self.pay_energy(m.entity, action_names::SHIFT, cost);
        true
    }

    /// An Agile Move's metre: 1 Agility a metre.
    pub fn pay_agility(&mut self, m: &UnitSnap, cost: u32) -> bool {
        self.pay_agility_by(m, cost as i32 * AGILE_AGILITY, action_names::SHIFT)
    }

    fn pay_agility_by(&mut self, m: &UnitSnap, agility: i32, action: ActionKind) -> bool {
        let Ok(mut u) = self.units.get_mut(m.entity) else {
            return false;
        };
        if u.own.footing().agility < agility {
            return false;
        }
        u.own.footing_mut().agility -= agility;
        let (unit, left) = (u.combatant.name.to_string(), u.own.footing().agility);
        self.emit(super::Seed002Event::AgilitySpent {
            unit,
            amount: agility,
            agility: left,
            action,
        });
        true
    }

    /// After a willing step: the round's movement grows by its cost and, but for an
    /// Agility step, the heading turns to the step's; Defending ends once the round's
    /// movement passes the Speed.
    pub fn footwork_step(&mut self, walk: &Walk, from: Pos, to: Pos, cost: u32) {
        let e = walk.mover;
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.own.footing_mut().moved += cost;
        if let Some(d) = Dir8::of_step(from, to)
            && walk.gait.of() != Some(&Gait002::Agile)
        {
            u.own.footing_mut().heading = Some(d);
        }
        let over =
            u.own.footing().moved > run_speed(&u.stats.0, u.conditions.has(ConditionKind::Slowed));
        if over && u.conditions.has(ConditionKind::Defending) && self.activations() {
            self.remove_condition(e, ConditionKind::Defending, "it moved more than its Speed");
        }
    }

    /// A run's heading carries only into a move that follows at once: any other action
    /// forgets it.
    pub fn footwork_after_action(&mut self, e: Entity, action: ActionKind) {
        let moving = matches!(
            action,
            ActionKind::Move | ActionKind::Sprint | action_names::SHIFT
        );
        if let Ok(mut u) = self.units.get_mut(e)
            && !moving
            && u.own.footing().heading.is_some()
        {
            u.own.footing_mut().heading = None;
        }
    }

    /// Swift Attacks that a step ending in an enemy's reach sets off after it (X1 b): each
    /// enemy that reaches the new tile and did not reach the old one.
    pub fn swift_after_step(&self, walk: &Walk, from: Pos) -> Vec<Work> {
        if self.rules.0.opportunity != OpportunityRule::SwiftSteps
            || walk.gait.of() == Some(&Gait002::Agile)
        {
            return Vec::new();
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(m) = snap.get(walk.mover) else {
            return Vec::new();
        };
        ctx.swift_reactors(m)
            .into_iter()
            .filter(|r| {
                snap.get(*r)
                    .is_some_and(|e| !ctx.melee_reaches(e.pos, from, e.stats.melee_reach()))
            })
            .map(|r| {
                Work::Offer(Offer {
                    reactor: r,
                    kind: ReactionKind::Swift,
                    target: walk.mover,
                    stepped: true,
                })
            })
            .collect()
    }

    /// Kneel (M6): from Prone to Kneeling, Unguarded.
    pub fn kneel(&mut self, unit: Entity) {
        self.spend_ap(unit, action_names::KNEEL);
        self.remove_condition(unit, ConditionKind::Prone, "kneels");
        self.add_condition(
            unit,
            ConditionKind::Kneeling,
            Duration::UntilRemoved,
            "Kneel",
            None,
        );
        self.add_condition(
            unit,
            ConditionKind::Unguarded,
            Duration::EndOfRound,
            "Kneel",
            None,
        );
    }

    /// Stand (M6): Kneeling ends.
    pub fn stand(&mut self, unit: Entity) {
        self.spend_ap(unit, ActionKind::StandUp);
        self.remove_condition(unit, ConditionKind::Kneeling, "stood up");
    }
}
