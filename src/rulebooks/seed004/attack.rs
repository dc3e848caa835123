//! Seed004's attacks resolved (presets/Seed004.md, "Hit resolution", "Damage model"): the
//! attack roll must beat Guard; the target may then pay Vigor to Dodge, asking its side
//! when its policy is `Ask`; a hit rolls the weapon's dice and the bursting damage dice (a
//! burst is a critical) into Durability and Health; an off-hand blow may follow a melee
//! attack. The numbers come from `guard.rs`; the pools from `pool_blow.rs`.

use super::Seed004Event;
use super::guard::{GuardAssessment, OFF_HAND_COST, off_hand_weapon, weapon_of};
use super::pool_blow::PoolBlow;
use super::work::GuardAttack;
use crate::battle::assess::Ctx;
use crate::battle::engine::{Battle, Offer, Question, Work};
use crate::battle::events::{
    AttackKind, BattleEvent, ContestKind, ContestReport, ContestWin, DiceReport, Modifier,
};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::ReactionPolicy;
use crate::rulebooks::seed004::action_names;
use crate::rulebooks::seed004::reports::{DodgeReport, GuardReport};
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rulebooks::seed004::stats::Seed004WeaponOf;
use crate::rules::bonus_dice::BurstDie;
use crate::rules::bonus_dice::DiceSpec;
use crate::rules::combat::RollMode;
use crate::rules::ruleset::{ConditionKind, ReactionPool};
use crate::rules::unit::Weapon;

/// How an attack roll came out.
enum Rolled {
    /// It never happened (no longer legal), or it ended the target without dice.
    Void,
    Missed,
    /// It beat Guard with this total.
    Beat(i32),
}

impl Battle<'_, '_> {
    /// A Seed004 contest: each side's d20 and bonus dice; the target resists only with a
    /// higher total, but an escapee must beat its grappler. Returns whether the actor won.
    pub fn dice_contest(
        &mut self,
        kind: ContestKind,
        (actor, target): (&str, &str),
        (a, t): (DiceSpec, DiceSpec),
        modifiers: Vec<Modifier>,
    ) -> bool {
        let ar = self.roll_check(a, &format!("{actor}'s {kind} contest"));
        let tr = self.roll_check(t, &format!("{target} resists the {kind}"));
        let win = if kind == ContestKind::Escape {
            ContestWin::HigherTotal
        } else {
            ContestWin::TiesToActor
        };
        let wins = if win == ContestWin::HigherTotal {
            ar.total > tr.total
        } else {
            ar.total >= tr.total
        };
        let bonus = |r: &DiceReport| r.total - r.d20 as i32;
        self.emit(BattleEvent::ContestRolled(ContestReport {
            kind,
            actor: actor.to_string(),
            target: target.to_string(),
            actor_mode: RollMode::Normal,
            actor_rolls: vec![ar.d20],
            actor_bonus: bonus(&ar),
            actor_total: ar.total,
            target_mode: RollMode::Normal,
            target_rolls: vec![tr.d20],
            target_bonus: bonus(&tr),
            target_total: tr.total,
            modifiers,
            actor_wins: wins,
            win,
        }));
        wins
    }

    /// An attack's numbers now, or why it can no longer be made.
    fn assess_guard(&self, g: &GuardAttack) -> Result<GuardAssessment, Refusal> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (a, t) = (ctx.unit(g.attacker)?, ctx.unit(g.target)?);
        let weapon = weapon_of(&a.stats, g.weapon);
        let sight = ctx.weapon_allowed(a, t, &weapon)?;
        Ok(ctx.guard_assessment(a, t, weapon, g.kind == AttackKind::OffHand, &sight))
    }

    /// Resolve a Seed004 attack step by step; it waits on the stack while the target's side
    /// is asked whether to Dodge.
    pub fn guard_attack(&mut self, mut g: GuardAttack) {
        if g.total.is_none() {
            match self.roll_guard_attack(&g) {
                Rolled::Void => return,
                Rolled::Missed => return self.after_blow(&g),
                Rolled::Beat(total) => g.total = Some(total),
            }
        }
        if g.dodge.is_none() {
            match self.dodge_decision(&g) {
                Some(answer) => g.dodge = Some(answer),
                None => {
                    self.resolution.stack.push(Work::book(g));
                    return;
                }
            }
        }
        if !(g.dodge == Some(true) && self.dodge(&g)) {
            self.guard_hit(&g);
        }
        self.after_blow(&g);
    }

    /// The attack roll: d20 + agility dice against the effective Guard. An attack on a
    /// combatant in Shock rolls nothing: it is Dead.
    fn roll_guard_attack(&mut self, g: &GuardAttack) -> Rolled {
        let (attacker, target) = (self.name(g.attacker), self.name(g.target));
        let shock = self.units.get(g.target).is_ok_and(|t| {
            t.conditions.has(ConditionKind::Shock) && !t.conditions.has(ConditionKind::Dead)
        });
        let assessment = match self.assess_guard(g) {
            Ok(x) => x,
            Err(refusal) => {
                self.cancel_attack(&attacker, &target, refusal);
                return Rolled::Void;
            }
        };
        let to = self.units.get(g.target).map(|t| t.pos.0);
        if let Ok(to) = to {
            self.face_towards(g.attacker, to);
        }
        if let Ok(mut u) = self.units.get_mut(g.attacker) {
            u.attacks.0 += 1;
        }
        if shock {
            self.die(g.target, &format!("struck by {attacker} in Shock"));
            return Rolled::Void;
        }
        let weapon = assessment.weapon.name.clone();
        let purpose = format!("{attacker} attacks {target} with {weapon}");
        let roll = self.roll_check(assessment.attack, &purpose);
        let hit = roll.total > assessment.guard;
        let total = roll.total;
        self.emit(BattleEvent::from(Seed004Event::GuardRolled(GuardReport {
            attacker: attacker.to_string(),
            target: target.to_string(),
            weapon,
            kind: g.kind,
            roll,
            guard: assessment.guard,
            modifiers: assessment.modifiers,
            hit,
        })));
        if hit {
            Rolled::Beat(total)
        } else {
            Rolled::Missed
        }
    }

    /// Whether the target Dodges an attack that beat Guard: never on its own turn or when
    /// it cannot pay; else its side's policy, asking an `Ask` side (`None` while asked).
    fn dodge_decision(&mut self, g: &GuardAttack) -> Option<bool> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let t = snap.get(g.target)?;
        if self.turn.is_turn_of(g.target) || !ctx.vigor_reaction(t, ctx.dodge_cost(t)) {
            return Some(false);
        }
        match self.policy_of(g.target) {
            ReactionPolicy::Never => Some(false),
            ReactionPolicy::Always => Some(true),
            ReactionPolicy::Ask => {
                let offer = Offer::new(g.target, action_names::DODGE_REACTION, g.attacker);
                self.resolution.awaiting = Some(Question::Reaction(offer));
                self.emit(BattleEvent::ReactionOffered {
                    reactor: t.name.to_string(),
                    kind: action_names::DODGE_REACTION,
                    against: self.name(g.attacker).to_string(),
                });
                None
            }
        }
    }

    /// The target pays and rolls d20 + speed dice; a higher total than the attack's makes
    /// it miss (a tie hits). Returns whether it dodged.
    fn dodge(&mut self, g: &GuardAttack) -> bool {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(t) = snap.get(g.target) else {
            return false;
        };
        let cost = ctx.dodge_cost(t);
        let (spec, modifiers) = ctx.dodge_dice(t);
        let (unit, against) = (t.name.to_string(), self.name(g.attacker).to_string());
        self.emit(BattleEvent::ReactionTaken {
            reactor: unit.clone(),
            kind: action_names::DODGE_REACTION,
            against: against.clone(),
            pool: ReactionPool::Vigor,
            rp_left: None,
        });
        self.spend_vigor(g.target, cost, "Dodge");
        if let Ok(mut u) = self.units.get_mut(g.target) {
            u.reactions.points = u.reactions.points.saturating_sub(1);
        }
        let roll = self.roll_check(spec, &format!("{unit} dodges {against}"));
        let attack = g.total.unwrap_or(0);
        let dodged = roll.total > attack;
        self.emit(BattleEvent::from(Seed004Event::DodgeRolled(DodgeReport {
            unit,
            against,
            roll,
            attack,
            modifiers,
            dodged,
        })));
        dodged
    }

    /// A hit: the weapon's dice and the bursting damage dice (a burst is a critical), then
    /// the blow, then what the weapon does besides.
    fn guard_hit(&mut self, g: &GuardAttack) {
        let Ok(x) = self.assess_guard(g) else { return };
        let w = &x.weapon;
        let purpose = format!(
            "{} damage ({} d{})",
            w.name,
            w.seed004().dice,
            w.seed004().quality.die().sides()
        );
        let sides = w.seed004().quality.die().sides();
        let plain: i32 = (0..w.seed004().dice)
            .map(|_| self.roll(sides, &purpose) as i32)
            .sum();
        let bonus = self.roll_bonus(x.damage, &format!("{} damage bonus", w.name));
        let critical = bonus.iter().any(BurstDie::burst);
        let raw = plain + bonus.iter().map(BurstDie::total).sum::<i32>();
        let blow = PoolBlow {
            cover: x.cover_armor,
            critical,
            ..PoolBlow::new(raw, w.damage_type, w.seed004().quality)
        };
        let source = self.blow_source(g.attacker, w, critical);
        self.harm(g.target, blow, &source);
        let from = self.units.get(g.attacker).map(|u| u.pos.0);
        if let Ok(from) = from {
            self.weapon_hooks(g.attacker, g.target, w, critical, &source, from);
        }
    }

    /// After a melee attack that asked for it: pay 8 Vigor for the off-hand blow on the same
    /// target, if it still stands within reach; if not, say why (nothing is paid).
    fn after_blow(&mut self, g: &GuardAttack) {
        if !g.off_hand_next {
            return;
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(g.attacker), snap.get(g.target)) else {
            return;
        };
        let off = off_hand_weapon(&a.stats);
        let weapon = weapon_of(&a.stats, off);
        if let Some(reason) = off_hand_barred(&ctx, a, t, &weapon) {
            let (unit, target) = (a.name.to_string(), t.name.to_string());
            return self.emit(BattleEvent::from(Seed004Event::OffHandForgone {
                unit,
                target,
                reason,
            }));
        }
        self.spend_vigor(g.attacker, OFF_HAND_COST, "off-hand blow");
        self.resolution.stack.push(Work::book(GuardAttack::new(
            g.attacker,
            g.target,
            off,
            AttackKind::OffHand,
        )));
    }
}

/// Why the off-hand blow asked for with an Attack cannot follow it now, in words, or `None`
/// when it can [004:21]: the attacker Down, the target dead, in Shock or otherwise Down,
/// too little Vigor, or the off-hand weapon unable to reach the target.
fn off_hand_barred(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, weapon: &Weapon) -> Option<String> {
    let down = |u: &UnitSnap| {
        if u.has(ConditionKind::Dead) {
            Some(format!("{} is dead", u.name))
        } else if u.has(ConditionKind::Shock) {
            Some(format!("{} is in Shock", u.name))
        } else {
            u.is_down().then(|| format!("{} is Down", u.name))
        }
    };
    if let Some(why) = down(a).or_else(|| down(t)) {
        return Some(why);
    }
    if a.own.reserves().vigor < OFF_HAND_COST {
        return Some(format!(
            "it needs {OFF_HAND_COST} Vigor, {} has {}",
            a.name,
            a.own.reserves().vigor
        ));
    }
    ctx.weapon_allowed(a, t, weapon)
        .err()
        .map(|r| r.to_string())
}
