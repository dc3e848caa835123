//! Resolving attacks and contests (RULES §4, §5): the attack roll with its modifiers,
//! damage after armor and affinities, going Down, the weapon's conditions and push, a miss
//! that passes to a creature in the way, contest rolls, and finishing a stand-up. The
//! modifiers themselves are assessed in `assess.rs`; the numbers are in `rules/combat.rs`;
//! forced movement is in `forced.rs`.

use super::engine::{Battle, PendingAttack, Work};
use super::events::{
    AttackKind, AttackReport, BattleEvent, ContestKind, ContestReport, ContestWin,
};
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::combat::{CRITICAL_BONUS_DAMAGE, HitOutcome, hit_outcome};
use crate::rules::combat_roll::successes;
use crate::rules::damage::{Blow, RawFrom};
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Duration, OpportunityRule};
use crate::rules::unit::{TeleportWho, Weapon};
use bevy::prelude::Entity;

/// The die taken off a non-lethal attack's damage (Seed000).
pub const NON_LETHAL_DIE: u32 = 4;

/// How an attack that hit lands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hit {
    pub critical: bool,
    /// Seed000: a d4 off, never below 0 vitality, no Bleeding.
    pub non_lethal: bool,
    /// Seed000: +1 to the DR value per cover the attack met (half cover, Taking Cover).
    pub dr_bonus: i32,
}

/// Seed000's DR value bonus (presets/Seed000.md): +1 for half cover against this attack
/// (terrain or a creature), +1 for Taking Cover.
pub fn dr_bonus(modifiers: &[super::events::Modifier]) -> i32 {
    use super::events::Reason;
    let has = |r: Reason| modifiers.iter().any(|m| m.reason == r);
    i32::from(has(Reason::HalfCover) || has(Reason::CreatureCover) || has(Reason::TargetLeaning))
        + i32::from(has(Reason::TakingCover))
}

impl Battle<'_, '_> {
    /// Resolve one attack roll and its damage (RULES §5). Held actions it sets off come
    /// first (Seed000); if they leave it illegal, it is withdrawn and refunded.
    pub fn attack(&mut self, pending: PendingAttack) {
        let book = self.rules.0.rulebook.book();
        if pending.interrupted.is_none() && book.before_attack(self, &pending) {
            return;
        }
        let PendingAttack {
            attacker,
            target,
            weapon: wi,
            kind,
            non_lethal,
            interrupted,
            lost_weapon,
        } = pending;
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(attacker), snap.get(target)) else {
            return;
        };
        if lost_weapon {
            return self.withdraw_attack(a, t, kind, Refusal::WeaponTaken);
        }
        let assessment = match ctx.assess_attack(a, t, wi) {
            Ok(x) => x,
            Err(refusal) if interrupted == Some(true) => {
                return self.withdraw_attack(a, t, kind, refusal);
            }
            Err(refusal) => return self.cancel_attack(&a.name, &t.name, refusal),
        };
        self.reveal_by_acting(attacker);
        let weapon = a.stats.weapons[wi].clone();
        let cover_creature = assessment.cover_creature.and_then(|c| snap.get(c));
        self.face_towards(attacker, t.pos);
        if let Ok(mut u) = self.units.get_mut(attacker) {
            u.attacks.0 += 1;
        }
        let purpose = format!("{} attacks {} with {}", a.name, t.name, weapon.name);
        let (rolls, natural) = self.roll_d20(assessment.mode, &purpose);
        let total = natural as i32 + assessment.bonus;
        let outcome = hit_outcome(natural, total, assessment.evasion);
        self.emit(BattleEvent::AttackRolled(AttackReport {
            attacker: a.name.to_string(),
            target: t.name.to_string(),
            weapon: weapon.name.clone(),
            kind,
            mode: assessment.mode,
            rolls,
            natural,
            bonus: assessment.bonus,
            total,
            evasion: assessment.evasion,
            modifiers: assessment.modifiers.clone(),
            outcome,
        }));
        match outcome {
            HitOutcome::Fumble => self.add_condition(
                attacker,
                ConditionKind::Exposed,
                Duration::EndOfRound,
                "a natural 1",
                None,
            ),
            HitOutcome::Miss => {
                if let Some(c) = cover_creature {
                    self.miss_passes_on(a, t, c, &weapon, total);
                }
            }
            HitOutcome::Hit | HitOutcome::Critical => {
                let hit = Hit {
                    critical: outcome == HitOutcome::Critical,
                    non_lethal,
                    dr_bonus: dr_bonus(&assessment.modifiers),
                };
                self.weapon_hit(attacker, target, &weapon, hit, a.pos);
            }
        }
    }

    /// A ranged miss against a target covered by a creature alone is compared with that
    /// creature's Evasion (RULES §5). A creature Taking Cover gives no cover
    /// (`Ctx::creature_cover`), so the redirected attack meets its plain Evasion.
    fn miss_passes_on(
        &mut self,
        a: &UnitSnap,
        t: &UnitSnap,
        c: &UnitSnap,
        weapon: &Weapon,
        total: i32,
    ) {
        let evasion = c.stats.evasion;
        let hit = total >= evasion;
        self.emit(BattleEvent::AttackRedirected {
            attacker: a.name.to_string(),
            from: t.name.to_string(),
            to: c.name.to_string(),
            total,
            evasion,
            hit,
        });
        if hit {
            self.weapon_hit(a.entity, c.entity, weapon, Hit::default(), a.pos);
        }
    }

    /// Damage, conditions and push of a weapon that hit: the damage dice (+6 on a
    /// critical), a non-lethal d4 off (Seed000), then the damage; or under `push_joins_hit`
    /// the push first, its collision joined to the damage (`forced.rs`).
    fn weapon_hit(
        &mut self,
        attacker: Entity,
        target: Entity,
        weapon: &Weapon,
        hit: Hit,
        from: Pos,
    ) {
        let critical = if hit.critical {
            CRITICAL_BONUS_DAMAGE
        } else {
            0
        };
        let dice = weapon.damage;
        let mut raw = self.roll_damage(weapon, false) + critical;
        let mut raw_from = RawFrom::Dice { dice, critical };
        if hit.non_lethal {
            let d4 = self.roll(NON_LETHAL_DIE, &format!("{} non-lethal", weapon.name));
            raw_from = RawFrom::NonLethal {
                dice,
                rolled: raw,
                d4,
            };
            raw = (raw - d4 as i32).max(0);
        }
        let critical = hit.critical;
        let source = self.blow_source(attacker, weapon, critical);
        let blow = Blow {
            dr_bonus: hit.dr_bonus,
            non_lethal: hit.non_lethal,
            raw_from,
            ..Blow::new(raw, weapon.damage_type)
        };
        if self.rules.0.push_joins_hit && weapon.push > 0 {
            self.joined_push_hit(attacker, target, weapon, blow, &source, from);
            return;
        }
        self.deal_damage(target, blow, &source);
        if critical {
            self.add_condition(
                target,
                ConditionKind::Exposed,
                Duration::EndOfRound,
                "a critical hit",
                None,
            );
        }
        self.weapon_hooks(attacker, target, weapon, critical, &source, from);
    }

    /// The weapon's damage dice (Precision: each counts its maximum, none rolled).
    pub fn roll_damage(&mut self, weapon: &Weapon, precision: bool) -> i32 {
        if precision {
            return weapon.damage.max();
        }
        let purpose = format!("{} damage ({})", weapon.name, weapon.damage);
        let faces: i32 = (0..weapon.damage.count)
            .map(|_| self.roll(weapon.damage.sides, &purpose) as i32)
            .sum();
        faces + weapon.damage.bonus
    }

    /// How a blow is named in the log: `Ada's sword (critical)`.
    pub fn blow_source(&self, attacker: Entity, weapon: &Weapon, critical: bool) -> String {
        let a_name = self.name(attacker);
        if critical {
            format!("{a_name}'s {} (critical)", weapon.name)
        } else {
            format!("{a_name}'s {}", weapon.name)
        }
    }

    /// What a weapon does besides damage when it hits: its `on_hit` conditions (and
    /// `on_crit` ones on a critical) and its push or its target's teleport, unless the hit
    /// took the target Down; the wielder's own teleport in any case.
    pub fn weapon_hooks(
        &mut self,
        attacker: Entity,
        target: Entity,
        weapon: &Weapon,
        critical: bool,
        source: &str,
        from: Pos,
    ) {
        let down = self
            .units
            .get(target)
            .map(|u| u.conditions.is_down())
            .unwrap_or(true);
        if let Some(teleport) = weapon.teleport
            && (!down || teleport.who == TeleportWho::User)
        {
            self.resolution.stack.push(Work::Teleport {
                user: attacker,
                target,
                teleport,
            });
        }
        if down {
            return;
        }
        let extra = if critical { &weapon.on_crit[..] } else { &[] };
        for i in weapon.on_hit.iter().chain(extra) {
            if i.condition == ConditionKind::Prone {
                self.resolution.knocked_down.push(target);
            }
            self.add_condition(target, i.condition, i.duration, source, None);
        }
        if weapon.push > 0 && !self.rules.0.push_joins_hit {
            let to = self.units.get(target).map(|u| u.pos.0).unwrap_or(from);
            self.resolution.stack.push(Work::Push {
                pusher: attacker,
                target,
                dir: super::assess::push_direction(from, to),
                distance: weapon.push,
                unguards: true,
            });
        }
    }

    /// Roll a contest and report it; returns whether the actor won.
    pub fn contest(&mut self, kind: ContestKind, actor: Entity, target: Entity) -> Option<bool> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (a, t) = (snap.get(actor)?, snap.get(target)?);
        let c = ctx.assess_contest(kind, a, t).ok()?;
        let (a_name, t_name) = (a.name.clone(), t.name.clone());
        if kind != ContestKind::Escape {
            self.reveal_by_acting(actor);
        }
        let book = self.rules.0.rulebook.book();
        if let Some(won) = book.roll_contest(self, kind, (&a_name, &t_name), &c) {
            return Some(won);
        }
        let (a_rolls, a_kept) = self.roll_d20(c.actor_mode, &format!("{a_name}'s {kind} contest"));
        let (t_rolls, t_kept) = if c.target_fails {
            (Vec::new(), 0)
        } else {
            self.roll_d20(c.target_mode, &format!("{t_name} resists the {kind}"))
        };
        let actor_total = a_kept as i32 + c.actor_bonus;
        let target_total = if c.target_fails {
            0
        } else {
            t_kept as i32 + c.target_bonus
        };
        // The actor wins only with a strictly higher total, or as the rulebook says.
        let win = book
            .contest_win(&c, actor_total, target_total)
            .unwrap_or(ContestWin::HigherTotal);
        let wins = match win {
            ContestWin::Successes { actor, target } => actor > target,
            ContestWin::TargetFailsBySize => successes(actor_total) > 0,
            _ => actor_total > target_total,
        };
        self.emit(BattleEvent::ContestRolled(ContestReport {
            kind,
            actor: a_name.to_string(),
            target: t_name.to_string(),
            actor_mode: c.actor_mode,
            actor_rolls: a_rolls,
            actor_bonus: c.actor_bonus,
            actor_total,
            target_mode: c.target_mode,
            target_rolls: t_rolls,
            target_bonus: c.target_bonus,
            target_total,
            modifiers: c.modifiers,
            actor_wins: wins,
            win,
        }));
        Some(wins)
    }

    /// After the opportunity attacks a stand-up provoked: Prone ends, Unguarded begins.
    /// Knocked down again by Take Opening (Seed004), the stand-up is lost.
    pub fn finish_stand_up(&mut self, unit: Entity) {
        let down = self
            .units
            .get(unit)
            .map(|u| u.conditions.is_down())
            .unwrap_or(true);
        if down {
            return;
        }
        let opening = self.rules.0.opportunity == OpportunityRule::TakeOpening;
        if opening && self.resolution.knocked_down.contains(&unit) {
            let name = self.name(unit).to_string();
            self.emit(BattleEvent::ActionLost {
                unit: name,
                action: ActionKind::StandUp,
                reason: "knocked down again by a reaction".into(),
            });
            return;
        }
        self.remove_condition(unit, ConditionKind::Prone, "stood up");
        self.add_condition(
            unit,
            ConditionKind::Unguarded,
            Duration::EndOfRound,
            "standing up",
            None,
        );
    }

    /// An attack that the held actions it set off left illegal is withdrawn and its cost
    /// refunded (the AP of an action, the reaction's RP or AP).
    pub fn withdraw_attack(
        &mut self,
        a: &UnitSnap,
        t: &UnitSnap,
        kind: AttackKind,
        refusal: Refusal,
    ) {
        let refund = match kind {
            AttackKind::Action => self.rules.0.cost(ActionKind::Attack).unwrap_or(0),
            AttackKind::Opportunity | AttackKind::Swift => 1,
            AttackKind::Held | AttackKind::Opening | AttackKind::Readied | AttackKind::OffHand => 0,
        };
        let reaction = matches!(kind, AttackKind::Opportunity | AttackKind::Swift);
        let pool = self.rules.0.reaction_pool;
        if let Ok(mut u) = self.units.get_mut(a.entity) {
            if reaction && pool == crate::rules::ruleset::ReactionPool::Rp {
                u.reactions.points += refund;
            } else {
                u.ap.0 += refund;
            }
        }
        self.emit(BattleEvent::AttackWithdrawn {
            attacker: a.name.to_string(),
            target: t.name.to_string(),
            refusal,
            refunded: refund,
        });
    }
}
