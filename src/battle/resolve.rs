//! Resolving attacks and contests (RULES §4, §5): the attack roll with its modifiers,
//! damage after armor and affinities, going Down, the weapon's conditions and push, a miss
//! that passes to a creature in the way, contest rolls, and finishing a stand-up. The
//! modifiers themselves are assessed in `assess.rs`; the numbers are in `rules/combat.rs`;
//! forced movement is in `forced.rs`.

use super::engine::{Battle, Work};
use super::events::{AttackKind, AttackReport, BattleEvent, ContestKind, ContestReport};
use super::snapshot::UnitSnap;
use crate::rules::combat::{
    CRITICAL_BONUS_DAMAGE, DamageType, HitOutcome, damage_after_defences, hit_outcome,
};
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::unit::Weapon;
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Resolve one attack roll and its damage (RULES §5).
    pub fn attack(&mut self, attacker: Entity, target: Entity, wi: usize, kind: AttackKind) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(attacker), snap.get(target)) else {
            return;
        };
        let assessment = match ctx.assess_attack(a, t, wi) {
            Ok(x) => x,
            Err(refusal) => {
                self.emit(BattleEvent::AttackCancelled {
                    attacker: a.name.to_string(),
                    target: t.name.to_string(),
                    refusal,
                });
                return;
            }
        };
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
                let critical = outcome == HitOutcome::Critical;
                self.weapon_hit(attacker, target, &weapon, critical, a.pos);
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
            self.weapon_hit(a.entity, c.entity, weapon, false, a.pos);
        }
    }

    /// Damage, conditions and push of a weapon that hit.
    fn weapon_hit(
        &mut self,
        attacker: Entity,
        target: Entity,
        weapon: &Weapon,
        critical: bool,
        from: Pos,
    ) {
        let a_name = self.name(attacker);
        let purpose = format!("{} damage ({})", weapon.name, weapon.damage);
        let (_, dice_total) = {
            let mut faces = Vec::new();
            for _ in 0..weapon.damage.count {
                faces.push(self.roll(weapon.damage.sides, &purpose));
            }
            let sum: i32 = faces.iter().map(|&f| f as i32).sum::<i32>() + weapon.damage.bonus;
            (faces, sum)
        };
        let raw = dice_total + if critical { CRITICAL_BONUS_DAMAGE } else { 0 };
        let source = if critical {
            format!("{a_name}'s {} (critical)", weapon.name)
        } else {
            format!("{a_name}'s {}", weapon.name)
        };
        self.deal_damage(target, raw, weapon.damage_type, false, &source);
        if critical {
            self.add_condition(
                target,
                ConditionKind::Exposed,
                Duration::EndOfRound,
                "a critical hit",
                None,
            );
        }
        let mut inflicts = weapon.on_hit.clone();
        if critical {
            inflicts.extend(weapon.on_crit.iter().copied());
        }
        let down = self
            .units
            .get(target)
            .map(|u| u.conditions.is_down())
            .unwrap_or(true);
        if !down {
            for i in inflicts {
                self.add_condition(target, i.condition, i.duration, &source, None);
            }
        }
        if weapon.push > 0 && !down {
            let to = self.units.get(target).map(|u| u.pos.0).unwrap_or(from);
            self.resolution.stack.push(Work::Push {
                pusher: attacker,
                target,
                dir: super::assess::push_direction(from, to),
                distance: weapon.push,
            });
        }
    }

    /// Apply damage after armor and affinities; at 0 vitality the combatant goes Down.
    pub fn deal_damage(
        &mut self,
        e: Entity,
        raw: i32,
        damage_type: DamageType,
        ignore_armor: bool,
        source: &str,
    ) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let stats = u.stats.0.clone();
        let breakdown = damage_after_defences(
            raw,
            stats.armor,
            damage_type,
            ignore_armor,
            stats.affinity(damage_type),
        );
        u.vitality.current = (u.vitality.current - breakdown.dealt).max(0);
        let vitality = u.vitality.current;
        let already_down = u.conditions.is_down();
        let unit = u.combatant.name.clone();
        self.emit(BattleEvent::Damaged {
            unit: unit.to_string(),
            source: source.to_string(),
            damage_type,
            breakdown,
            vitality,
        });
        if vitality == 0 && !already_down {
            self.go_down(e);
        }
    }

    /// Lose vitality directly (Bleeding): no armor, no affinities.
    pub fn lose_vitality(&mut self, e: Entity, amount: i32, reason: &str) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.vitality.current = (u.vitality.current - amount).max(0);
        let vitality = u.vitality.current;
        let already_down = u.conditions.is_down();
        let unit = u.combatant.name.clone();
        self.emit(BattleEvent::VitalityLost {
            unit: unit.to_string(),
            amount,
            reason: reason.to_string(),
            vitality,
        });
        if vitality == 0 && !already_down {
            self.go_down(e);
        }
    }

    /// At 0 vitality: Down (and so Prone), grapples end.
    fn go_down(&mut self, e: Entity) {
        let name = self.name(e);
        self.emit(BattleEvent::WentDown {
            unit: name.to_string(),
        });
        let links: Vec<(ConditionKind, Entity)> = self
            .units
            .get(e)
            .map(|u| {
                u.conditions
                    .0
                    .iter()
                    .filter_map(|c| c.link.map(|l| (c.kind, l)))
                    .collect()
            })
            .unwrap_or_default();
        for (kind, other) in links {
            match kind {
                ConditionKind::Grappling => {
                    self.release_grapple(e, other, "the grappler went Down")
                }
                ConditionKind::Restrained => self.release_grapple(other, e, "went Down"),
                _ => {}
            }
        }
        self.remove_conditions_where(
            e,
            |c| {
                matches!(
                    c.kind,
                    ConditionKind::Defending | ConditionKind::TakingCover
                ) && c.parent.is_none()
            },
            "went Down",
        );
        self.add_condition(
            e,
            ConditionKind::Down,
            Duration::UntilRemoved,
            "0 vitality",
            None,
        );
    }

    /// Roll a contest and report it; returns whether the actor won.
    pub fn contest(&mut self, kind: ContestKind, actor: Entity, target: Entity) -> Option<bool> {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (a, t) = (snap.get(actor)?, snap.get(target)?);
        let c = ctx.assess_contest(kind, a, t).ok()?;
        let (a_name, t_name) = (a.name.clone(), t.name.clone());
        let (a_rolls, a_kept) = self.roll_d20(c.actor_mode, &format!("{a_name} {kind:?} contest"));
        let (t_rolls, t_kept) = self.roll_d20(c.target_mode, &format!("{t_name} resists {kind:?}"));
        let actor_total = a_kept as i32 + c.actor_bonus;
        let target_total = t_kept as i32 + c.target_bonus;
        let wins = actor_total > target_total;
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
        }));
        Some(wins)
    }

    /// After the opportunity attacks a stand-up provoked: Prone ends, Unguarded begins.
    pub fn finish_stand_up(&mut self, unit: Entity) {
        let down = self
            .units
            .get(unit)
            .map(|u| u.conditions.is_down())
            .unwrap_or(true);
        if down {
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
}
