//! Seed002's attacks and maneuvers (presets/Seed002.md, H1–H7, C1–C6, D1, D4): the
//! attacker's d20 Combat roll decides a natural miss, its own Exposure, a critical and
//! whether the blow meets armor; the defender rolls an exploding d10 + Evasion against the
//! fixed AV (a ranged shot: the Hit roll against a Miss Chance with an exploding d4); a
//! maneuver's hit meets the target's Fortitude roll. The numbers are assessed in
//! `assess.rs`; a declared attack first lets its target's side Seize (`seize.rs`).

use super::Seed002Event;
use super::Seed002Refusal;
use super::assess::AvAssessment;
use super::work::{AvAttack, SeizeStep};
use crate::battle::engine::{Battle, Work};
use crate::battle::events::{AttackKind, BattleEvent};
use crate::battle::refusal::Refusal;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rulebooks::seed002::reports::{AvOutcome, AvReport, ExplodingReport};
use crate::rulebooks::seed002::stats::Seed002Of;
use crate::rules::actions::ActionKind;
use crate::rules::combat::RollMode;
use crate::rules::damage::{Blow, RawFrom};
use crate::rules::exploding::ExplodingRoll;
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::unit::Weapon;
use bevy::prelude::Entity;

/// Combat rolls up to this leave the attacker Exposed until the end of the next round.
pub const EXPOSING_ROLL: u32 = 3;
/// The dice of Seed002's defence rolls.
pub const EVASION_DIE: u32 = 10;
pub const RANGED_EVASION_DIE: u32 = 4;
pub const FORTITUDE_DIE: u32 = 10;

/// How one Combat or Hit roll came out.
struct Rolled {
    outcome: AvOutcome,
    kept: u32,
}

impl Battle<'_, '_> {
    /// Resolve a Seed002 attack: the Seize its declaration allows, the check that it is
    /// still legal (a cancelled one costs 1 Energy), the payment, the rolls and their
    /// effects.
    pub fn av_attack(&mut self, mut a: AvAttack) {
        if a.seize == SeizeStep::Open {
            a.seize = SeizeStep::Offered;
            a.declared_prone = self
                .units
                .get(a.attacker)
                .is_ok_and(|u| u.conditions.has(ConditionKind::Prone));
            if self.offer_seize(&a) {
                self.resolution.stack.push(Work::book(a));
                return;
            }
            a.seize = SeizeStep::Closed;
        }
        let x = match self.assess_av(&a) {
            Ok(x) => x,
            Err(refusal) => return self.cancel_av(&a, refusal),
        };
        if a.kind == AttackKind::Action {
            self.pay_energy(a.attacker, a.action, a.cost);
            if let Some(w) = a.weapon.filter(|_| x.ranged) {
                self.set_loaded(a.attacker, w, false);
            }
        }
        self.remove_condition(a.attacker, ConditionKind::Defending, "it attacked");
        let to = self.units.get(a.target).map(|t| t.pos.0);
        if let Ok(to) = to {
            self.face_towards(a.attacker, to);
        }
        if let Ok(mut u) = self.units.get_mut(a.attacker) {
            u.attacks.0 += 1;
        }
        let rolled = if x.ranged {
            self.roll_shot(&a, &x)
        } else {
            self.roll_blow(&a, &x)
        };
        if rolled.outcome.hits() {
            match a.maneuver {
                None => self.av_hit(&a, &x, rolled.kept),
                Some(m) => self.maneuver_hit(&a, &x, m),
            }
        }
        if x.unguards_actor {
            self.add_condition(
                a.attacker,
                ConditionKind::Unguarded,
                Duration::EndOfRound,
                "a maneuver on a guarded foe",
                None,
            );
        }
    }

    /// The attack's numbers now, or why it can no longer be made: out of reach, sight or
    /// range, the actor Down (the assessment's checks), or, once a Seize was offered, the
    /// actor left Prone by the winner's action (I4 (3)).
    fn assess_av(&self, a: &AvAttack) -> Result<AvAssessment, Refusal> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (u, t) = (ctx.unit(a.attacker)?, ctx.unit(a.target)?);
        let swift = a.kind == AttackKind::Swift;
        let coup = a.action == action_names::COUP;
        let x = ctx.av_assessment(u, t, a.weapon, a.maneuver, swift, coup)?;
        let seized = a.seize == SeizeStep::Offered && a.kind == AttackKind::Action;
        if seized && !a.declared_prone && u.has(ConditionKind::Prone) {
            return Err(Seed002Refusal::ActorHas {
                unit: u.name.to_string(),
                condition: ConditionKind::Prone,
            }
            .into());
        }
        Ok(x)
    }

    /// An attack that became illegal: after a Seize it costs its actor 1 Energy (E4).
    fn cancel_av(&mut self, a: &AvAttack, refusal: Refusal) {
        let (attacker, target) = (self.name(a.attacker), self.name(a.target));
        self.cancel_attack(&attacker, &target, refusal);
        if a.kind == AttackKind::Action && a.seize == SeizeStep::Offered {
            let cost = self.units.get(a.attacker).map_or(0, |u| u.ap.0.min(1));
            let fee = crate::battle::execute::Paid {
                cancelled: true,
                ..Default::default()
            };
            self.spend_paid(a.attacker, a.action, cost, fee);
        }
    }

    /// The Combat roll and its naturals (H1): 1 misses, 1–3 exposes the attacker, 20 is a
    /// critical that exposes the target.
    fn combat_roll(&mut self, a: &AvAttack, mode: RollMode, purpose: &str) -> (Vec<u32>, u32) {
        let (rolls, kept) = self.roll_d20(mode, purpose);
        if kept <= EXPOSING_ROLL {
            self.add_condition(
                a.attacker,
                ConditionKind::Exposed,
                Duration::Rounds(2),
                &format!("a Combat roll of {kept}"),
                None,
            );
        }
        if kept == 20 {
            self.add_condition(
                a.target,
                ConditionKind::Exposed,
                Duration::EndOfRound,
                "a critical",
                None,
            );
        }
        (rolls, kept)
    }

    /// An exploding defence roll, logged die by die.
    fn exploding(&mut self, sides: u32, mode: RollMode, purpose: &str) -> ExplodingRoll {
        ExplodingRoll::roll(sides, mode, |s| self.roll(s, purpose))
    }

    /// A melee blow: Combat roll, then the defender's Evasion against the AV (H1).
    fn roll_blow(&mut self, a: &AvAttack, x: &AvAssessment) -> Rolled {
        let (attacker, target) = (self.name(a.attacker), self.name(a.target));
        let purpose = match a.maneuver {
            Some(m) => format!("{attacker} tries to {} {target}", m.name()),
            None => format!("{attacker} attacks {target} with {}", x.weapon.name),
        };
        let (rolls, kept) = self.combat_roll(a, x.combat_mode, &format!("{purpose}: Combat roll"));
        let mut defence = None;
        let outcome = match kept {
            1 => AvOutcome::Fumble,
            20 => AvOutcome::Critical,
            // H1's decided line and D4: an Unconscious defender rolls no Evasion.
            _ if x.unconscious || x.coup => AvOutcome::Hit,
            _ => {
                let roll =
                    self.exploding(EVASION_DIE, x.evasion_mode, &format!("{target} Evasion"));
                let total = roll.total() + x.evasion_bonus;
                let hit = if x.defending {
                    x.av > total
                } else {
                    x.av >= total
                };
                defence = Some(ExplodingReport {
                    roll,
                    bonus: x.evasion_bonus,
                    total,
                });
                if hit { AvOutcome::Hit } else { AvOutcome::Miss }
            }
        };
        self.report_av(a, x, (rolls, kept), defence, x.av, outcome);
        Rolled { outcome, kept }
    }

    /// A shot: the Hit roll against the Miss Chance, with the target's exploding d4 Ranged
    /// Evasion rolled after it unless the Hit roll is 1 or 20 or the target is Unconscious
    /// (H4).
    fn roll_shot(&mut self, a: &AvAttack, x: &AvAssessment) -> Rolled {
        let (attacker, target) = (self.name(a.attacker), self.name(a.target));
        let purpose = format!("{attacker} shoots {target} with {}", x.weapon.name);
        let (rolls, kept) = self.combat_roll(a, x.combat_mode, &format!("{purpose}: Hit roll"));
        let mut defence = None;
        let mut miss_chance = x.miss_base;
        let outcome = match kept {
            1 => AvOutcome::Fumble,
            20 => AvOutcome::Critical,
            _ => {
                if !x.unconscious {
                    let roll = self.exploding(
                        RANGED_EVASION_DIE,
                        x.evasion_mode,
                        &format!("{target} Ranged Evasion"),
                    );
                    let total = roll.total() + x.evasion_bonus;
                    miss_chance += total;
                    defence = Some(ExplodingReport {
                        roll,
                        bonus: x.evasion_bonus,
                        total,
                    });
                }
                let k = kept as i32;
                let hit = if x.defending {
                    k > miss_chance
                } else {
                    k >= miss_chance
                };
                if hit { AvOutcome::Hit } else { AvOutcome::Miss }
            }
        };
        self.report_av(a, x, (rolls, kept), defence, miss_chance, outcome);
        Rolled { outcome, kept }
    }

    fn report_av(
        &mut self,
        a: &AvAttack,
        x: &AvAssessment,
        (rolls, kept): (Vec<u32>, u32),
        defence: Option<ExplodingReport>,
        against: i32,
        outcome: AvOutcome,
    ) {
        let on_armor = outcome.hits() && a.maneuver.is_none() && x.armor_applies(kept);
        self.emit(BattleEvent::from(Seed002Event::AvRolled(AvReport {
            attacker: self.name(a.attacker).to_string(),
            target: self.name(a.target).to_string(),
            weapon: x.weapon.name.clone(),
            kind: a.kind,
            ranged: x.ranged,
            mode: x.combat_mode,
            rolls,
            kept,
            defence,
            against,
            outcome,
            on_armor,
            modifiers: x.modifiers.clone(),
            maneuver: a.maneuver,
            coup: x.coup,
            miss_parts: if x.ranged {
                x.miss_parts.clone()
            } else {
                Vec::new()
            },
        })));
    }

    /// A hit (D1): the damage dice (a critical ignores armor; otherwise armor counts when
    /// the Combat roll is under the target's coverage), Weakness and Resistance; then the
    /// Aura's Death roll, and what the weapon does besides.
    fn av_hit(&mut self, a: &AvAttack, x: &AvAssessment, kept: u32) {
        let weapon: &Weapon = &x.weapon;
        let raw = self.roll_damage(weapon, false);
        let source = self.blow_source(a.attacker, weapon, kept == 20);
        let blow = Blow {
            ignore_armor: !x.armor_applies(kept),
            non_lethal: a.weapon.is_none(),
            coup: x.coup,
            raw_from: RawFrom::Dice {
                dice: weapon.damage,
                critical: 0,
            },
            ..Blow::new(raw, weapon.damage_type)
        };
        self.deal_damage(a.target, blow, &source);
        let from = self.units.get(a.attacker).map(|u| u.pos.0);
        if let Ok(from) = from {
            self.weapon_hooks(a.attacker, a.target, weapon, kept == 20, &source, from);
        }
    }

    /// A maneuver that hit: Restrain holds at once; Trip and Push meet the target's
    /// Fortitude roll against the AV before its −5 (C1).
    fn maneuver_hit(&mut self, a: &AvAttack, x: &AvAssessment, m: Maneuver002) {
        if m == Maneuver002::Restrain {
            return self.restrain(a.attacker, a.target);
        }
        let mode =
            RollMode::from_sources(0, usize::from(x.fortitude_disadvantage || a.moving_target));
        let target = self.name(a.target);
        let roll = self.exploding(FORTITUDE_DIE, mode, &format!("{target} Fortitude"));
        let bonus = x.fortitude;
        let total = roll.total() + bonus;
        let resisted = if x.defending {
            total >= x.maneuver_av
        } else {
            total > x.maneuver_av
        };
        self.emit(BattleEvent::from(Seed002Event::FortitudeRolled {
            unit: target.to_string(),
            against: self.name(a.attacker).to_string(),
            roll: ExplodingReport { roll, bonus, total },
            target: x.maneuver_av,
            resisted,
            maneuver: Some(m),
        }));
        match (m, resisted) {
            (Maneuver002::Trip, false) => self.add_condition(
                a.target,
                ConditionKind::Prone,
                Duration::UntilRemoved,
                &format!("tripped by {}", self.name(a.attacker)),
                None,
            ),
            (Maneuver002::Push { distance }, false) => {
                let dir = self.push_dir(a.attacker, a.target);
                self.resolution.stack.push(Work::Push {
                    pusher: a.attacker,
                    target: a.target,
                    dir,
                    distance,
                    unguards: !a.is_swift(),
                });
            }
            // X2: a swift Push makes nobody Unguarded.
            (Maneuver002::Push { .. }, true) if !a.is_swift() => self.add_condition(
                a.attacker,
                ConditionKind::Unguarded,
                Duration::EndOfRound,
                "a Push resisted",
                None,
            ),
            _ => {}
        }
    }

    /// The direction in which one pushes another: straight away.
    fn push_dir(&self, pusher: Entity, target: Entity) -> crate::rules::grid::Dir8 {
        match (self.units.get(pusher), self.units.get(target)) {
            (Ok(p), Ok(t)) => crate::battle::assess::push_direction(p.pos.0, t.pos.0),
            _ => crate::rules::grid::Dir8::N,
        }
    }

    /// Escape (C7): the escapee's Fortitude roll first, then the restrainer's; strictly
    /// higher escapes.
    pub fn escape_hold(&mut self, unit: Entity, holder: Entity) {
        self.pay_energy(
            unit,
            ActionKind::Escape,
            self.rules.0.cost(ActionKind::Escape).unwrap_or(0),
        );
        let mut rolls = Vec::new();
        for e in [unit, holder] {
            let Ok(u) = self.units.get(e) else { return };
            let dis = u.conditions.has(ConditionKind::Dazed)
                || u.conditions.has(ConditionKind::Surprised);
            let bonus = u.stats.0.seed002().fortitude;
            let name = u.combatant.name.clone();
            let mode = RollMode::from_sources(0, usize::from(dis));
            let roll = self.exploding(FORTITUDE_DIE, mode, &format!("{name} Fortitude"));
            let total = roll.total() + bonus;
            rolls.push((name, ExplodingReport { roll, bonus, total }));
        }
        let [(me, mine), (him, his)] = [rolls.remove(0), rolls.remove(0)];
        let escaped = mine.total > his.total;
        self.emit(BattleEvent::from(Seed002Event::EscapeRolled {
            unit: me.to_string(),
            holder: him.to_string(),
            roll: mine,
            holder_roll: his,
            escaped,
        }));
        if escaped {
            self.release_grapple(holder, unit, "escaped");
        }
    }

    /// C6: the target Restrained, the actor holding it (Core's grapple).
    fn restrain(&mut self, actor: Entity, target: Entity) {
        let (a, t) = (self.name(actor), self.name(target));
        self.add_condition(
            target,
            ConditionKind::Restrained,
            Duration::UntilRemoved,
            &format!("restrained by {a}"),
            Some(actor),
        );
        self.add_condition(
            actor,
            ConditionKind::Grappling,
            Duration::UntilRemoved,
            &format!("holding {t}"),
            Some(target),
        );
    }
}
