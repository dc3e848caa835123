//! Seed001's questions and their answers: a Combat Roll declared (a spell provokes first),
//! the defences and maneuvers a side may answer with, each answer checked against them, and
//! carried out.

use super::Seed001Command;
use super::Seed001Event;
use super::Seed001Refusal;
use super::defence::defence_options;
use super::maneuvers::maneuver_options;
use super::work::{Seed001Plan, Seed001Question, Strike};
use crate::battle::command::{Plan, View};
use crate::battle::engine::{Battle, Question, Work};
use crate::battle::events::{AttackKind, Command, RulebookCommand};
use crate::battle::refusal::Refusal;
use crate::rulebooks::seed001::action_names;
use crate::rulebooks::seed001::stats::Seed001WeaponOf;
use crate::rules::combat_roll::{CombatOutcome, Defence, Maneuver};
use bevy::prelude::Entity;

/// A command while a question waits: the answer to one of its own planned, or why not; its
/// own answers to a reaction offered are not asked for. `None`: the core's to plan.
pub(super) fn plan_asked(
    view: &View,
    question: &Question,
    cmd: &Command,
) -> Option<Result<Plan, Refusal>> {
    let own = cmd.of_book::<Seed001Command>();
    let answers = own.is_some_and(|c| c.action().is_none());
    let name = view.name(question.asked());
    let Some(question) = question.of_book::<Seed001Question>() else {
        return answers.then(|| Err(Refusal::NotAsked { asked: name }));
    };
    Some(match (*question, own) {
        (
            Seed001Question::Defence { defender, .. },
            Some(Seed001Command::ChooseDefence { unit, defence }),
        ) if *unit == name => {
            let options = pending_defences(view, defender);
            if options.contains(defence) {
                Ok(Seed001Plan::ChooseDefence { defence: *defence }.into())
            } else {
                Err(Seed001Refusal::NoSuchDefence {
                    defence: *defence,
                    options,
                }
                .into())
            }
        }
        (
            Seed001Question::Maneuver { .. },
            Some(Seed001Command::ChooseManeuver { unit, maneuver }),
        ) if *unit == name => {
            let options = pending_maneuvers(view, question);
            match maneuver {
                Some(m) if !options.contains(m) => Err(Seed001Refusal::NoSuchManeuver {
                    maneuver: m.clone(),
                    options,
                }
                .into()),
                _ => Ok(Seed001Plan::ChooseManeuver {
                    maneuver: maneuver.clone(),
                }
                .into()),
            }
        }
        (_, _) if answers || matches!(cmd, Command::AnswerReaction { .. }) => {
            Err(Refusal::NotAsked { asked: name })
        }
        (_, _) => Err(Refusal::AwaitingChoice { unit: name }),
    })
}

/// The Combat Roll waiting on the stack, if the next step is one.
pub fn pending_strike<'a>(view: &View<'a>) -> Option<&'a Strike> {
    view.pending?.of_book()
}

/// The defences `defender` may choose against the pending strike.
pub fn pending_defences(view: &View, defender: Entity) -> Vec<Defence> {
    let ctx = &view.ctx;
    pending_strike(view)
        .and_then(|s| {
            let a = ctx.snap.get(s.attacker)?;
            Some(defence_options(
                ctx,
                ctx.snap.get(defender)?,
                &a.stats.weapons[s.weapon],
            ))
        })
        .unwrap_or_default()
}

/// The maneuvers the winner of the pending critical win may take.
pub fn pending_maneuvers(view: &View, question: &Seed001Question) -> Vec<Maneuver> {
    let Seed001Question::Maneuver { winner, loser } = *question else {
        return Vec::new();
    };
    let ctx = &view.ctx;
    pending_strike(view)
        .and_then(|s| {
            let a = ctx.snap.get(s.attacker)?;
            Some(maneuver_options(
                ctx.snap.get(winner)?,
                ctx.snap.get(loser)?,
                &a.stats.weapons[s.weapon],
                winner == s.attacker,
            ))
        })
        .unwrap_or_default()
}

impl Battle<'_, '_> {
    /// A strike is declared: casting a spell within an enemy's reach provokes its
    /// opportunity attack first; then the Combat Roll.
    pub(super) fn declare_strike(
        &mut self,
        unit: Entity,
        target: Entity,
        weapon: usize,
        named: Option<Maneuver>,
    ) {
        self.resolution.stack.push(Work::book(Strike {
            named,
            ..Strike::new(unit, target, weapon, AttackKind::Action)
        }));
        let snap = self.snapshot();
        let Some(a) = snap.get(unit) else { return };
        if a.stats
            .weapons
            .get(weapon)
            .is_some_and(|w| w.seed001().spell)
        {
            let reactors =
                self.ctx(&snap)
                    .opportunity_reactors(a, a.pos, &self.turn.opportunity_used);
            self.push_offers(reactors, self.opening_kind(), unit);
        }
    }

    /// Carry out one of its plans.
    pub(super) fn carry_out_seed001(&mut self, plan: Seed001Plan) {
        match plan {
            Seed001Plan::ChooseDefence { defence } => {
                self.answer_strike(|s| s.defence = Some(defence))
            }
            Seed001Plan::ChooseManeuver { maneuver } => self.answer_maneuver(maneuver),
            Seed001Plan::Manipulate { unit } => {
                self.spend_ap(unit, action_names::MANIPULATE);
                self.pick_up(unit);
            }
        }
    }

    /// The pending Combat Roll gets its answer; resolution goes on.
    fn answer_strike(&mut self, settle: impl FnOnce(&mut Strike)) {
        self.resolution.awaiting = None;
        if let Some(s) = self
            .resolution
            .stack
            .last_mut()
            .and_then(|w| w.of_book_mut::<Strike>())
        {
            settle(s);
        }
    }

    /// The winner of the pending critical win names its maneuver (or none).
    fn answer_maneuver(&mut self, maneuver: Option<Maneuver>) {
        let Some(s) = self
            .resolution
            .stack
            .last()
            .and_then(|w| w.of_book::<Strike>())
        else {
            return;
        };
        let winner = match s.outcome {
            Some(CombatOutcome::DefenderCriticalWin) => s.target,
            _ => s.attacker,
        };
        let loser = if winner == s.attacker {
            s.target
        } else {
            s.attacker
        };
        let (unit, against) = (self.name(winner).to_string(), self.name(loser).to_string());
        self.emit(Seed001Event::ManeuverChosen {
            unit,
            against,
            maneuver: maneuver.clone(),
        });
        self.answer_strike(|s| s.maneuver = Some(maneuver));
    }
}
