//! Resolution of the steps on the stack: walking step by step with opportunity attacks,
//! attack rolls and damage, contests, forced movement with collisions, standing up and the
//! charge's shove.

use super::assess::{CHARGE_PUSH, SHOVE_PUSH};
use super::engine::{Battle, Walk, Work};
use super::events::{
    AttackKind, AttackReport, BattleEvent, ContestKind, ContestReport, ReactionKind,
};
use crate::level::Objective;
use crate::rules::combat::{
    CRITICAL_BONUS_DAMAGE, DamageType, HitOutcome, damage_after_defences, hit_outcome,
};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::path::step_cost;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// One step of a willing move (RULES §1, §8).
    pub fn walk(&mut self, walk: Walk) {
        let mover = walk.mover;
        let snap = self.snapshot();
        let Some(m) = snap.get(mover) else { return };
        if m.is_down() {
            self.finish_walk(&walk);
            return;
        }
        let Some(&to) = walk.path.get(walk.next) else {
            self.finish_walk(&walk);
            return;
        };
        let from = m.pos;
        let ctx = self.ctx(&snap);
        // The path was checked when the command came; a reaction may since have moved
        // somebody (a push), so check the step again.
        let occupant = snap.at(to).filter(|o| o.entity != mover);
        let blocked = occupant.is_some_and(|o| {
            super::assess::occupancy_of(m, o) == crate::rules::path::Occupancy::Blocked
        });
        let last = walk.next + 1 == walk.path.len();
        let step = step_cost(
            &self.map.grid,
            from,
            to,
            &ctx.move_profile(m),
            m.pool.odd_diagonals,
        );
        let halted = if m.has(ConditionKind::Restrained) {
            Some(ConditionKind::Restrained)
        } else if walk.charge && m.has(ConditionKind::Prone) {
            Some(ConditionKind::Prone)
        } else {
            None
        };
        let stop = match (&step, blocked, last && occupant.is_some()) {
            // A reaction left the mover unable to go on: Restrained stops any move, Prone
            // stops a charge where the charger lies (RULES §4, §9).
            _ if halted.is_some() => halted.map(|c| format!("{} is {c}", m.name)),
            // A reaction's push moved the mover off its path.
            _ if !from.is_adjacent(to) => Some("pushed off its path".to_string()),
            (Err(e), _, _) => Some(format!("cannot step to {to}: {e}")),
            (_, true, _) => Some(format!("{to} is blocked by an enemy")),
            (_, _, true) => Some(format!("{to} is occupied")),
            _ => None,
        };
        if let Some(reason) = stop {
            self.emit(BattleEvent::MoveStopped {
                unit: m.name.to_string(),
                at: from,
                reason,
            });
            self.finish_walk(&walk);
            return;
        }
        let Ok((cost, odd)) = step else { return };
        // Opportunity attacks happen before the step.
        if !walk.reactions_checked && !m.flags.disengaged {
            let reactors = ctx.opportunity_reactors(m, from, &self.turn.opportunity_used);
            if !reactors.is_empty() {
                self.resolution.stack.push(Work::Walk(Walk {
                    reactions_checked: true,
                    ..walk
                }));
                self.push_offers(reactors, ReactionKind::Opportunity, mover);
                return;
            }
        }
        // Pay: the pool first, then 1 AP at a time.
        let per_ap = ctx.metres_per_ap(m);
        let name = m.name.clone();
        if !walk.charge {
            let mut pool = m.pool.metres;
            let mut ap = m.ap;
            while pool < cost && ap > 0 && per_ap > 0 {
                ap -= 1;
                pool += per_ap;
                self.emit(BattleEvent::ActionTaken {
                    unit: name.to_string(),
                    action: crate::rules::actions::ActionKind::Move.label().into(),
                    ap_cost: 1,
                    ap_left: ap,
                });
                self.emit(BattleEvent::MovementAdded {
                    unit: name.to_string(),
                    metres: per_ap,
                    pool,
                });
            }
            if pool < cost {
                self.emit(BattleEvent::MoveStopped {
                    unit: name.to_string(),
                    at: from,
                    reason: format!("not enough movement to enter {to} ({cost} m)"),
                });
                self.finish_walk(&walk);
                return;
            }
            if let Ok(mut u) = self.units.get_mut(mover) {
                u.ap.0 = ap;
                u.pool.metres = pool - cost;
            }
        }
        let pool_left = {
            let Ok(mut u) = self.units.get_mut(mover) else {
                return;
            };
            u.pos.0 = to;
            u.pool.odd_diagonals = odd;
            u.flags.acted = true;
            if let Some(d) = Dir8::of_step(from, to) {
                u.facing.0 = d;
            }
            u.pool.metres
        };
        self.emit(BattleEvent::Moved {
            unit: name.to_string(),
            from,
            to,
            cost: if walk.charge { 0 } else { cost },
            pool: pool_left,
        });
        self.check_grapples(mover, "moved apart");
        self.resolution.stack.push(Work::Walk(Walk {
            next: walk.next + 1,
            reactions_checked: false,
            ..walk
        }));
    }

    /// A move is over: the mover must stand alone on its tile, and the areas the level
    /// asks combatants to reach are checked.
    fn finish_walk(&mut self, walk: &Walk) {
        self.set_back_if_sharing(walk);
        let mover = walk.mover;
        let snap = self.snapshot();
        let Some(m) = snap.get(mover) else { return };
        if m.is_down() {
            return;
        }
        let objectives = self.roster.objectives.clone();
        for (i, o) in objectives.iter().enumerate() {
            let Objective::ReachArea { side, tiles, count } = o else {
                continue;
            };
            if *side != m.side || !tiles.contains(&m.pos) {
                continue;
            }
            let reached = &mut self.objectives.reached[i];
            if reached.contains(&mover) {
                continue;
            }
            reached.push(mover);
            let n = reached.len();
            let side_name = self.roster.sides[*side].name.clone();
            self.emit(BattleEvent::ObjectiveProgress {
                side: side_name,
                text: format!("{} reached the area ({n} of {count})", m.name),
            });
        }
    }

    /// A walk may end on a tile the mover was only passing through (an ally's, or a Down
    /// creature's): an opportunity attack dropped it there, or its movement ran out after
    /// a reaction knocked it Prone. Two creatures never share a tile at rest, so it is set
    /// back along its walk to the last tile where it can stand, or, when every one of
    /// those has since been taken, to the nearest free tile (docs/RULES_NOTES.md).
    fn set_back_if_sharing(&mut self, walk: &Walk) {
        let snap = self.snapshot();
        let Some(m) = snap.get(walk.mover) else {
            return;
        };
        let free = |p: Pos| {
            self.map.grid.passable(p)
                && snap
                    .units
                    .iter()
                    .all(|u| u.pos != p || u.entity == m.entity)
        };
        if snap
            .units
            .iter()
            .all(|u| u.pos != m.pos || u.entity == m.entity)
        {
            return;
        }
        // Most recent first: path[next - 2], …, path[0], then the start.
        let walked = &walk.path[..walk.next.min(walk.path.len())];
        let back = std::iter::once(&walk.start)
            .chain(walked)
            .rev()
            .copied()
            .find(|&p| p != m.pos && free(p))
            .or_else(|| nearest_free_tile(m.pos, &self.map.grid, free));
        let Some(to) = back else { return };
        let (name, from) = (m.name.clone(), m.pos);
        if let Ok(mut u) = self.units.get_mut(walk.mover) {
            u.pos.0 = to;
        }
        self.emit(BattleEvent::SetBack {
            unit: name.to_string(),
            from,
            to,
        });
        self.check_grapples(walk.mover, "moved apart");
    }

    /// Resolve one attack roll and its damage (RULES §5).
    pub fn attack(&mut self, attacker: Entity, target: Entity, wi: usize, kind: AttackKind) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(attacker), snap.get(target)) else {
            return;
        };
        let assessment = match ctx.assess_attack(a, t, wi) {
            Ok(x) => x,
            Err(reason) => {
                self.emit(BattleEvent::AttackCancelled {
                    attacker: a.name.to_string(),
                    target: t.name.to_string(),
                    reason,
                });
                return;
            }
        };
        let weapon = a.stats.weapons[wi].clone();
        let (a_name, t_name) = (a.name.clone(), t.name.clone());
        let cover_creature = assessment.cover_creature.and_then(|c| snap.get(c)).cloned();
        let (a_pos, t_pos) = (a.pos, t.pos);
        self.face_towards(attacker, t_pos);
        if let Ok(mut u) = self.units.get_mut(attacker) {
            u.attacks.0 += 1;
        }
        let purpose = format!("{a_name} attacks {t_name} with {}", weapon.name);
        let (rolls, natural) = self.roll_d20(assessment.mode, &purpose);
        let total = natural as i32 + assessment.bonus;
        let outcome = hit_outcome(natural, total, assessment.evasion);
        self.emit(BattleEvent::AttackRolled(AttackReport {
            attacker: a_name.to_string(),
            target: t_name.to_string(),
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
            HitOutcome::Fumble => {
                self.add_condition(
                    attacker,
                    ConditionKind::Exposed,
                    Duration::EndOfRound,
                    "a natural 1",
                    None,
                );
            }
            HitOutcome::Miss => {
                // A creature Taking Cover gives no cover (`Ctx::creature_cover`), so the
                // redirected attack meets its plain Evasion.
                if let Some(c) = cover_creature {
                    let c_eval = c.stats.evasion;
                    let hit = total >= c_eval;
                    self.emit(BattleEvent::AttackRedirected {
                        attacker: a_name.to_string(),
                        from: t_name.to_string(),
                        to: c.name.to_string(),
                        total,
                        evasion: c_eval,
                        hit,
                    });
                    if hit {
                        self.weapon_hit(attacker, c.entity, &weapon, false, a_pos);
                    }
                }
            }
            HitOutcome::Hit | HitOutcome::Critical => {
                self.weapon_hit(
                    attacker,
                    target,
                    &weapon,
                    outcome == HitOutcome::Critical,
                    a_pos,
                );
            }
        }
    }

    /// Damage, conditions and push of a weapon that hit.
    fn weapon_hit(
        &mut self,
        attacker: Entity,
        target: Entity,
        weapon: &crate::rules::unit::Weapon,
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
        self.emit(BattleEvent::WentDown { unit: name });
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

    /// A won shove pushes 1 m straight away.
    pub fn shove_won(&mut self, actor: Entity, target: Entity) {
        let (Ok(a), Ok(t)) = (self.units.get(actor), self.units.get(target)) else {
            return;
        };
        let dir = super::assess::push_direction(a.pos.0, t.pos.0);
        self.resolution.stack.push(Work::Push {
            pusher: actor,
            target,
            dir,
            distance: SHOVE_PUSH,
        });
    }

    /// Forced movement (RULES §8): tile by tile, ignoring terrain cost, never provoking.
    pub fn push(&mut self, pusher: Entity, target: Entity, dir: Dir8, distance: u32) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(p), Some(t)) = (snap.get(pusher), snap.get(target)) else {
            return;
        };
        if t.is_down() {
            return;
        }
        let plan = ctx.push_plan(t, dir, distance);
        let (p_name, t_name) = (p.name.clone(), t.name.clone());
        let collision_roll = plan
            .collision
            .as_ref()
            .and_then(|c| c.occupant)
            .and_then(|o| snap.get(o))
            .map(|o| {
                (
                    o.entity,
                    o.name.clone(),
                    o.is_down(),
                    ctx.collision_defence(p, t, o),
                )
            });
        let mut at = t.pos;
        for &step in &plan.steps {
            if let Ok(mut u) = self.units.get_mut(target) {
                u.pos.0 = step;
            }
            self.emit(BattleEvent::Pushed {
                unit: t_name.to_string(),
                by: p_name.to_string(),
                from: at,
                to: step,
            });
            at = step;
        }
        let ignore_armor = self.rules.0.collision_ignores_armor;
        if let Some(c) = &plan.collision {
            self.emit(BattleEvent::Collided {
                unit: t_name.to_string(),
                obstacle: c.obstacle.clone(),
                distance,
            });
            let damage = match &collision_roll {
                None => distance as i32,
                Some((_, o_name, o_down, (bonus, target_number, mode))) => {
                    let success = if *o_down {
                        false
                    } else {
                        let (rolls, kept) =
                            self.roll_d20(*mode, &format!("{o_name} resists the collision"));
                        let total = kept as i32 + bonus;
                        let success = total >= *target_number;
                        self.emit(BattleEvent::DefenceRolled {
                            unit: o_name.to_string(),
                            purpose: format!("collision with {t_name}"),
                            mode: *mode,
                            rolls,
                            bonus: *bonus,
                            total,
                            target: *target_number,
                            success,
                        });
                        success
                    };
                    if success {
                        distance as i32 / 2
                    } else {
                        distance as i32
                    }
                }
            };
            let what = c.obstacle.to_string();
            self.deal_damage(
                target,
                damage,
                DamageType::Physical,
                ignore_armor,
                &format!("collision with {what}"),
            );
            if let Some((o, _, _, _)) = collision_roll {
                self.deal_damage(
                    o,
                    damage,
                    DamageType::Physical,
                    ignore_armor,
                    &format!("collision with {t_name}"),
                );
            }
        }
        // Forced movement interrupts a willing move in progress (an opportunity attack's
        // push): the rest of the path started elsewhere, and its next step would leave the
        // new tile without the opportunity attacks that step provokes.
        if !plan.steps.is_empty() {
            let before = self.resolution.stack.len();
            self.resolution
                .stack
                .retain(|w| !matches!(w, Work::Walk(walk) if walk.mover == target));
            if self.resolution.stack.len() != before {
                self.emit(BattleEvent::MoveStopped {
                    unit: t_name.to_string(),
                    at,
                    reason: format!("pushed off its path by {p_name}"),
                });
            }
        }
        let down = self
            .units
            .get(target)
            .map(|u| u.conditions.is_down())
            .unwrap_or(true);
        if !down {
            self.add_condition(
                target,
                ConditionKind::Unguarded,
                Duration::EndOfRound,
                &format!("pushed by {p_name}"),
                None,
            );
        }
        self.check_grapples(target, "pushed apart");
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

    /// After a charge's move: shove the enemy in line, and push it 3 m on a win.
    pub fn charge_shove(&mut self, actor: Entity, target: Entity, dir: Dir8) {
        let snap = self.snapshot();
        let (Some(a), Some(t)) = (snap.get(actor), snap.get(target)) else {
            return;
        };
        if a.is_down() || t.is_down() {
            return;
        }
        // A charge whose run was interrupted ends where the charger stands, with no Shove.
        if let Some(c) = [ConditionKind::Prone, ConditionKind::Restrained]
            .into_iter()
            .find(|&c| a.has(c))
        {
            self.emit(BattleEvent::MoveStopped {
                unit: a.name.to_string(),
                at: a.pos,
                reason: format!("the charge ends: {} is {c}, so no shove follows", a.name),
            });
            return;
        }
        if a.pos.step(dir) != t.pos {
            self.emit(BattleEvent::MoveStopped {
                unit: a.name.to_string(),
                at: a.pos,
                reason: format!("the charge ends short of {}", t.name),
            });
            return;
        }
        if self.contest(ContestKind::Charge, actor, target) == Some(true) {
            self.resolution.stack.push(Work::Push {
                pusher: actor,
                target,
                dir,
                distance: CHARGE_PUSH,
            });
        }
    }
}

/// The free tile nearest to `centre` (Chebyshev distance; ties go to the first in reading
/// order), if the map has one.
fn nearest_free_tile(
    centre: Pos,
    grid: &crate::rules::terrain::TerrainGrid,
    free: impl Fn(Pos) -> bool,
) -> Option<Pos> {
    let side = grid.width.max(grid.height) as i32;
    (1..=side).find_map(|r| {
        (centre.y - r..=centre.y + r)
            .flat_map(|y| (centre.x - r..=centre.x + r).map(move |x| Pos::new(x, y)))
            .filter(|p| p.distance(centre) == r as u32)
            .find(|&p| free(p))
    })
}
