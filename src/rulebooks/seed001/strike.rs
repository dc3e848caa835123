//! Seed001's opposed Combat Roll in the battle (presets/Seed001.md, "Tests and the Combat
//! Roll"): a declared strike is checked again, the defender picks a defence and pays 1 AP
//! (asked, or by its side's policy), both roll, and the outcome deals damage, applies the
//! weapon's hooks and opens a maneuver on a critical win (`maneuvers.rs`). The successes
//! arithmetic and the exact odds are in `rules/combat_roll.rs`; the odds of a strike with
//! each defence, which the `Always` policy compares, in `strike_odds.rs`; the defences and
//! the tests' modifiers in `defence.rs`.

use super::Seed001Event;
use super::defence::defence_options;
use super::work::{ManeuverWork, Seed001Question, Strike};
use crate::battle::engine::{AnswerOn, Battle, Question, Work};
use crate::battle::events::BattleEvent;
use crate::level::schema::ReactionPolicy;
use crate::rulebooks::seed001::reports::{CombatReport, TestReport};
use crate::rulebooks::seed001::stats::Seed001Of;
use crate::rules::combat::{RollMode, block_reduction};
use crate::rules::combat_roll::{CombatOutcome, Defence, combat_outcome, successes};
use crate::rules::damage::{Blow, RawFrom};
use crate::rules::ruleset::{ConditionKind, ReactionPool};
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Carry a strike one stage on: choose the defence, roll, choose the maneuver, land.
    pub(super) fn strike(&mut self, s: Strike) {
        match (s.defence, s.outcome) {
            (None, _) => self.settle_defence(s),
            (Some(d), None) => self.roll_strike(s, d),
            (Some(_), Some(outcome)) => {
                let crit = matches!(
                    outcome,
                    CombatOutcome::AttackerCriticalWin | CombatOutcome::DefenderCriticalWin
                );
                if crit && s.maneuver.is_none() {
                    self.settle_maneuver(s, outcome);
                } else {
                    self.strike_lands(s, outcome);
                }
            }
        }
    }

    /// The strike's defence: the only one there is, the side's policy, or a question.
    fn settle_defence(&mut self, mut s: Strike) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(s.attacker), snap.get(s.target)) else {
            return;
        };
        if let Err(refusal) = ctx.assess_strike(a, t, s.weapon, Defence::None) {
            return self.cancel_attack(&a.name, &t.name, refusal);
        }
        let options = defence_options(&ctx, t, &a.stats.weapons[s.weapon]);
        let chosen = match (options.as_slice(), self.policy_of(t.entity)) {
            ([only], _) => Some(*only),
            (_, ReactionPolicy::Never) => Some(Defence::None),
            (_, ReactionPolicy::Always) => Some(super::strike_odds::best_defence(
                &ctx, a, t, s.weapon, &options,
            )),
            (_, ReactionPolicy::Ask) => None,
        };
        match chosen {
            Some(d) => {
                s.defence = Some(d);
                self.resolution.stack.push(Work::book(s));
            }
            None => {
                let ev = BattleEvent::from(Seed001Event::DefenceOffered {
                    unit: t.name.to_string(),
                    attacker: a.name.to_string(),
                    options,
                });
                self.resolution.awaiting = Some(Question::book(
                    t.entity,
                    AnswerOn::Prompt,
                    Seed001Question::Defence {
                        defender: t.entity,
                        attacker: a.entity,
                    },
                ));
                self.resolution.stack.push(Work::book(s));
                self.emit(ev);
            }
        }
    }

    /// Pay for the defence, roll both tests and report the outcome.
    fn roll_strike(&mut self, mut s: Strike, defence: Defence) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(s.attacker), snap.get(s.target)) else {
            return;
        };
        let x = match ctx.assess_strike(a, t, s.weapon, defence) {
            Ok(x) => x,
            Err(refusal) => return self.cancel_attack(&a.name, &t.name, refusal),
        };
        let weapon = a.stats.weapons[s.weapon].name.clone();
        if x.defend.is_some() {
            self.pay_defence(t.entity, defence);
        }
        if let Ok(mut u) = self.units.get_mut(s.attacker) {
            u.attacks.0 += 1;
        }
        let purpose = format!("{} strikes {} with {weapon}", a.name, t.name);
        let attack = self.roll_test(x.attack, &purpose);
        let defend = x.defend.map(|d| {
            let purpose = format!("{} meets it: {defence}", t.name);
            self.roll_test(d, &purpose)
        });
        let outcome = combat_outcome(
            attack.successes,
            defend.as_ref().map_or(0, |d| d.successes),
            defence,
        );
        self.used_up(s.attacker, s.target, defend.is_some());
        self.emit(BattleEvent::from(Seed001Event::CombatRolled(
            CombatReport {
                attacker: a.name.to_string(),
                target: t.name.to_string(),
                weapon,
                kind: s.kind,
                defence,
                attack,
                defend,
                modifiers: x.modifiers,
                outcome,
            },
        )));
        s.outcome = Some(outcome);
        self.resolution.stack.push(Work::book(s));
    }

    /// The defender pays 1 AP (or RP) for a defence that rolls.
    fn pay_defence(&mut self, defender: Entity, defence: Defence) {
        let pool = self.rules.0.reaction_pool;
        let Ok(mut u) = self.units.get_mut(defender) else {
            return;
        };
        match pool {
            ReactionPool::SharedAp | ReactionPool::PricedAp => u.ap.0 = u.ap.0.saturating_sub(1),
            ReactionPool::Rp | ReactionPool::Vigor => {
                u.reactions.points = u.reactions.points.saturating_sub(1)
            }
        }
        let (unit, ap_left) = (u.combatant.name.to_string(), u.ap.0);
        self.emit(BattleEvent::from(Seed001Event::DefenceChosen {
            unit,
            defence,
            ap_left,
        }));
    }

    /// A test: one or two d20 (boon, bane), plus the bonus, in successes.
    fn roll_test(&mut self, (bonus, mode): (i32, RollMode), purpose: &str) -> TestReport {
        let (rolls, kept) = self.roll_d20(mode, purpose);
        let total = kept as i32 + bonus;
        TestReport {
            mode,
            rolls,
            bonus,
            total,
            successes: successes(total),
        }
    }

    /// What a strike uses up: the attacker's Feinting (any strike ends it), and the
    /// defender's Braced when its defence rolled.
    fn used_up(&mut self, attacker: Entity, defender: Entity, defence_rolled: bool) {
        self.remove_condition(attacker, ConditionKind::Feinting, "it struck");
        if defence_rolled {
            self.remove_condition(defender, ConditionKind::Braced, "used on a defence");
        }
    }

    /// Damage and the weapon's hooks of a strike that hit, then the maneuver (below them on
    /// the stack, so that a push resolves first).
    fn strike_lands(&mut self, s: Strike, outcome: CombatOutcome) {
        let (Ok(a_pos), Ok(weapon)) = (
            self.units.get(s.attacker).map(|u| u.pos.0),
            self.units
                .get(s.attacker)
                .map(|u| u.stats.0.weapons[s.weapon].clone()),
        ) else {
            return;
        };
        let (winner, loser) = match outcome {
            CombatOutcome::DefenderCriticalWin => (s.target, s.attacker),
            _ => (s.attacker, s.target),
        };
        if let Some(Some(m)) = &s.maneuver {
            self.resolution.stack.push(Work::book(ManeuverWork {
                winner,
                loser,
                maneuver: m.clone(),
            }));
        }
        if !outcome.hits() {
            return;
        }
        let critical = outcome == CombatOutcome::AttackerCriticalWin;
        let precision = critical
            && matches!(
                s.maneuver,
                Some(Some(crate::rules::combat_roll::Maneuver::Precision))
            );
        let raw = self.roll_damage(&weapon, precision);
        let block = match outcome {
            CombatOutcome::BlockedHit => self
                .units
                .get(s.target)
                .map(|u| block_reduction(u.stats.0.seed001().block_rating, weapon.damage_type))
                .unwrap_or(0),
            _ => 0,
        };
        let source = self.blow_source(s.attacker, &weapon, critical);
        let blow = Blow {
            block,
            raw_from: if precision {
                RawFrom::Precision {
                    dice: weapon.damage,
                }
            } else {
                RawFrom::Dice {
                    dice: weapon.damage,
                    critical: 0,
                }
            },
            ..Blow::new(raw, weapon.damage_type)
        };
        self.deal_damage(s.target, blow, &source);
        if outcome != CombatOutcome::BlockedHit {
            self.weapon_hooks(s.attacker, s.target, &weapon, critical, &source, a_pos);
        }
    }
}
