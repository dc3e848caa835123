//! Resolving attacks and contests (RULES §4, §5): the attack roll with its modifiers,
//! damage after armor and affinities, going Down, the weapon's conditions and push, a miss
//! that passes to a creature in the way, contest rolls, and finishing a stand-up. The
//! modifiers themselves are assessed in `assess.rs`; the numbers are in `rules/combat.rs`;
//! forced movement is in `forced.rs`.

use super::engine::{Battle, Work};
use super::events::{AttackKind, AttackReport, BattleEvent, ContestKind, ContestReport};
use super::snapshot::UnitSnap;
use crate::rules::combat::{CRITICAL_BONUS_DAMAGE, HitOutcome, hit_outcome};
use crate::rules::combat_roll::successes;
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Duration, HitRule};
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
        let raw =
            self.roll_damage(weapon, false) + if critical { CRITICAL_BONUS_DAMAGE } else { 0 };
        let source = self.blow_source(attacker, weapon, critical);
        self.deal_damage(target, Blow::new(raw, weapon.damage_type), &source);
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
    /// `on_crit` ones on a critical) and its push, unless the hit took the target Down.
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
        if down {
            return;
        }
        let extra = if critical { &weapon.on_crit[..] } else { &[] };
        for i in weapon.on_hit.iter().chain(extra) {
            self.add_condition(target, i.condition, i.duration, source, None);
        }
        if weapon.push > 0 {
            let to = self.units.get(target).map(|u| u.pos.0).unwrap_or(from);
            self.resolution.stack.push(Work::Push {
                pusher: attacker,
                target,
                dir: super::assess::push_direction(from, to),
                distance: weapon.push,
            });
        }
    }

    /// Apply a blow after armor and affinities; at 0 vitality the combatant goes Down.
    pub fn deal_damage(&mut self, e: Entity, blow: Blow, source: &str) {
        let rules = self.rules.0.clone();
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let breakdown = damage_dealt(&rules, &u.stats.0, blow);
        u.vitality.current = (u.vitality.current - breakdown.dealt).max(0);
        let vitality = u.vitality.current;
        let already_down = u.conditions.is_down();
        let unit = u.combatant.name.clone();
        self.emit(BattleEvent::Damaged {
            unit: unit.to_string(),
            source: source.to_string(),
            damage_type: blow.damage_type,
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
        let (t_rolls, t_kept) = if c.target_fails {
            (Vec::new(), 0)
        } else {
            self.roll_d20(c.target_mode, &format!("{t_name} resists {kind:?}"))
        };
        let actor_total = a_kept as i32 + c.actor_bonus;
        let target_total = if c.target_fails {
            0
        } else {
            t_kept as i32 + c.target_bonus
        };
        // The actor wins only with a strictly higher total, or under tests (Seed001) with
        // strictly more successes.
        let wins = match self.rules.0.hit {
            HitRule::VsEvasion => actor_total > target_total,
            HitRule::CombatRoll => successes(actor_total) > successes(target_total),
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
