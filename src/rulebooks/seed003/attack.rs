//! Seed003's attacks and wounds (presets/Seed003.md, H1, I3, I5, D1–D7): a declared attack
//! pays its AP and Stamina once the reactions to its declaration are done, rolls 3d6
//! against the Defense, moves initiative on a critical, and on a hit makes the final
//! damage, its wound level (Quick a step lighter, Rebuff a step heavier, affinities, a
//! Nonlethal cap) and the slot the wound fills; a full track goes Down.

use super::Seed003Event;
use super::assess::Attack3;
use super::rules::*;
use super::work::Attack3Work;
use crate::battle::engine::Battle;
use crate::battle::events::{AttackKind, AttackStyle, BattleEvent};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::reports::{ATTACK_VERBS, CheckReport, WoundReport};
use crate::rulebooks::seed003::stats::{Seed003Of, Seed003WeaponOf};
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::unit::WoundTrack;
use bevy::prelude::Entity;

/// What a wound needs to know besides the final damage.
#[derive(Clone, Debug, Default)]
pub struct WoundSpec {
    pub parts: Vec<(String, i32)>,
    /// Steps applied to the level: −1 Quick, +1 Rebuff.
    pub step: i32,
    pub nonlethal: bool,
    pub cap: Option<WoundLevel>,
    pub damage_type: crate::rules::combat::DamageType,
}

impl Battle<'_, '_> {
    /// Roll 3d6, each die logged; the dice and their sum (the natural result).
    pub fn roll_3d6(&mut self, purpose: &str) -> (Vec<u32>, u32) {
        let dice: Vec<u32> = (0..CHECK_DICE)
            .map(|i| self.roll(CHECK_DIE, &format!("{purpose} (d6 {} of 3)", i + 1)))
            .collect();
        let natural = dice.iter().sum();
        (dice, natural)
    }

    /// Roll 3d6 + `bonus` against `against` (named) for `actor`, and log it as a
    /// `CheckRolled`. Criticals are left to the caller.
    pub(super) fn roll_check3(
        &mut self,
        actor: &str,
        what: String,
        bonus: i32,
        (against, against_name): (i32, &str),
        modifiers: Vec<crate::battle::events::Modifier>,
    ) -> CheckReport {
        let (dice, natural) = self.roll_3d6(&format!("{actor} {what}"));
        let total = natural as i32 + bonus;
        let report = CheckReport {
            actor: actor.to_string(),
            what,
            dice,
            natural,
            bonus,
            total,
            against,
            against_name: against_name.to_string(),
            success: total >= against,
            modifiers,
        };
        self.emit(BattleEvent::from(Seed003Event::CheckRolled(report.clone())));
        report
    }

    /// Move a combatant's initiative (never below 0) and log it.
    pub fn move_initiative(&mut self, e: Entity, by: i32, why: &str) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let before = u.initiative.total;
        u.initiative.total = (before + by).max(0);
        let (unit, total) = (u.combatant.name.to_string(), u.initiative.total);
        if total != before {
            self.emit(BattleEvent::from(Seed003Event::InitiativeMoved {
                unit,
                by: total - before,
                total,
                why: why.to_string(),
            }));
        }
    }

    /// A critical success moves +2 to the actor and −2 to the creature it was against; a
    /// critical failure −2 to the actor (I3).
    pub fn criticals(&mut self, actor: Entity, against: Option<Entity>, natural: u32) {
        if natural >= CRITICAL_SUCCESS {
            self.move_initiative(actor, CRITICAL_SHIFT, "a critical success");
            if let Some(t) = against {
                self.move_initiative(t, -CRITICAL_SHIFT, "an enemy's critical success");
            }
        } else if natural <= CRITICAL_FAILURE {
            self.move_initiative(actor, -CRITICAL_SHIFT, "a critical failure");
        }
    }

    /// Pay Stamina (R1): what the current Stamina cannot pay becomes fatigue, which lowers
    /// the most it can hold; Exhausted and Staggered follow (R2).
    pub fn pay_stamina(&mut self, e: Entity, cost: i32, what: &str) {
        if cost <= 0 {
            return;
        }
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let t = &mut u.own.track_mut();
        let fatigue = fatigue_from(cost, t.stamina);
        t.stamina = (t.stamina - cost).max(0);
        t.fatigue += fatigue;
        let max = t.max_stamina(&u.stats.0);
        u.own.track_mut().stamina = u.own.track().stamina.min(max);
        let (unit, stamina, total) = (
            u.combatant.name.to_string(),
            u.own.track().stamina,
            u.own.track().fatigue,
        );
        let full = u.stats.0.seed003().stamina;
        let npc = u.stats.0.seed003().wound_track != WoundTrack::Full;
        // What the Stamina paid; the rest became fatigue (R1).
        if cost > fatigue {
            self.emit(BattleEvent::StaminaSpent {
                unit: unit.clone(),
                amount: cost - fatigue,
                what: what.to_string(),
                stamina,
            });
        }
        if fatigue > 0 {
            self.emit(BattleEvent::from(Seed003Event::Fatigued {
                unit,
                fatigue: total,
                max_stamina: max,
                added: fatigue,
            }));
            if exhausted(total, full) {
                self.add_condition(
                    e,
                    ConditionKind::Exhausted,
                    Duration::UntilRemoved,
                    "fatigue",
                    None,
                );
            }
            // NPC tracks cannot be Staggered (R2).
            if staggered(total, full) && !npc {
                self.add_condition(
                    e,
                    ConditionKind::Staggered,
                    Duration::UntilRemoved,
                    "fatigue",
                    None,
                );
            }
        }
    }

    /// Pay an action's AP and Stamina under Seed003 (Stamina after AP, I5).
    pub fn pay3(&mut self, e: Entity, action: ActionKind) {
        self.spend_ap(e, action);
        let label = action.label();
        self.pay_stamina(e, stamina_cost(action), label);
    }

    /// Resolve a Seed003 attack: pay, roll, criticals, and the wound of a hit.
    pub fn attack3(&mut self, w: Attack3Work) {
        if let Some(action) = w.pay {
            self.pay3(w.attacker, action);
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(w.attacker), snap.get(w.target)) else {
            return;
        };
        // An Interposed partner, an ally of the attacker perhaps, is struck as the
        // reactor's stand-in (X4): on its tile, and for the attack's checks on its side.
        let mut t_at = t.clone();
        if let Some(p) = w.stand_in {
            t_at.pos = p;
            if let Some(r) = snap.at(p) {
                t_at.side = r.side;
            }
        }
        let mut x = match ctx.attack3(a, &t_at, w.weapon, w.style, w.nonlethal) {
            Ok(x) => x,
            Err(refusal) => return self.cancel_attack(&a.name, &t.name, refusal),
        };
        against_opening(&mut x, t, &w);
        self.reveal_by_acting(w.attacker);
        let weapon = a.stats.weapons[w.weapon].clone();
        let [rebuffs, readied, shoots, attacks] = ATTACK_VERBS;
        let verb = match (w.kind, w.rebuff) {
            (_, true) => rebuffs,
            (AttackKind::Readied, _) => readied,
            _ if x.ranged => shoots,
            _ => attacks,
        };
        let r = self.roll_check3(
            &a.name,
            format!("{verb} {} with {}", t.name, weapon.name),
            x.bonus,
            (x.defense, x.defense_name),
            x.modifiers.clone(),
        );
        let (natural, total, hit) = (r.natural, r.total, r.success);
        if hit {
            self.hit3(a, &t_at, &x, &w, total);
        } else if let Some(c) = x.cover_creature.and_then(|c| snap.get(c)) {
            self.miss_passes_on3(a, c, &x, &w, total);
        }
        self.criticals(w.attacker, Some(w.target), natural);
        if hit && natural >= CRITICAL_SUCCESS {
            let from = a.pos;
            let source = self.blow_source(w.attacker, &weapon, true);
            self.weapon_hooks(w.attacker, w.target, &weapon, true, &source, from);
        } else if hit {
            let source = self.blow_source(w.attacker, &weapon, false);
            self.weapon_hooks(w.attacker, w.target, &weapon, false, &source, a.pos);
        }
    }

    /// A ranged miss against a target covered by a creature alone meets that creature's
    /// ranged Defense instead (Core's redirect, F4).
    fn miss_passes_on3(
        &mut self,
        a: &UnitSnap,
        c: &UnitSnap,
        x: &Attack3,
        w: &Attack3Work,
        total: i32,
    ) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (defense, _) = ctx.defense3(c, super::assess::DefenseKind::Ranged);
        let toughness = ctx.toughness(c, a.stats.weapons[w.weapon].damage_type);
        let hit = total >= defense;
        self.emit(BattleEvent::AttackRedirected {
            attacker: a.name.to_string(),
            from: self.name(w.target).to_string(),
            to: c.name.to_string(),
            total,
            evasion: defense,
            hit,
        });
        if hit {
            let x = Attack3 {
                defense,
                toughness,
                ..x.clone()
            };
            self.hit3(
                a,
                c,
                &x,
                &Attack3Work {
                    target: c.entity,
                    ..w.clone()
                },
                total,
            );
        }
    }

    /// The wound of a hit (D1): total + might + wound damage (+1d6 Strong) − Defense −
    /// Toughness.
    fn hit3(&mut self, a: &UnitSnap, t: &UnitSnap, x: &Attack3, w: &Attack3Work, total: i32) {
        let weapon = &a.stats.weapons[w.weapon];
        let mut parts = vec![("attack total".to_string(), total)];
        if x.damage_bonus != 0 || !weapon.seed003().penetrating {
            parts.push(("might".into(), a.stats.might));
            parts.push((
                format!("{} wound damage", weapon.name),
                weapon.seed003().wound_damage,
            ));
        }
        if w.style == AttackStyle::Strong {
            let d6 = self.roll(CHECK_DIE, &format!("{} Strong Attack", a.name));
            parts.push(("Strong d6".into(), d6 as i32));
        }
        parts.push(("Defense".into(), -x.defense));
        parts.push(("Toughness".into(), -x.toughness));
        let step = match (w.style, w.rebuff) {
            (AttackStyle::Quick, _) => -1,
            (_, true) => 1,
            _ => 0,
        };
        let source = format!("{}'s {}", a.name, weapon.name);
        self.wound(
            t.entity,
            &source,
            WoundSpec {
                parts,
                step,
                nonlethal: w.nonlethal,
                cap: w.cap,
                damage_type: weapon.damage_type,
            },
        );
    }

    /// A wound from a final damage (D2–D6): the outcome on the track (`wound_outcome`),
    /// the slot filled, and Down when the Fatal slot fills or a Nonlethal wound knocks out.
    pub fn wound(&mut self, e: Entity, source: &str, spec: WoundSpec) {
        let Ok(u) = self.units.get(e) else { return };
        let stats = u.stats.0.clone();
        let mut filled = u.own.track().filled;
        let name = u.combatant.name.to_string();
        let slots = slots(stats.seed003());
        let sum: i32 = spec.parts.iter().map(|(_, n)| n).sum();
        let cap = spec.nonlethal.then_some(spec.cap);
        let o = wound_outcome(
            sum,
            stats.affinity(spec.damage_type),
            spec.step,
            cap,
            &filled,
            &slots,
        );
        if let Some(l) = o.landed {
            filled[l.index()] += 1;
        }
        if let Ok(mut u) = self.units.get_mut(e) {
            u.own.track_mut().filled = filled;
            let left: i32 = slots
                .iter()
                .zip(filled.iter())
                .map(|(s, f)| i32::from(*s) - i32::from(*f))
                .sum();
            u.vitality.current = left.max(0);
        }
        self.emit(BattleEvent::from(Seed003Event::WoundTaken(WoundReport {
            unit: name,
            source: source.to_string(),
            parts: spec.parts,
            final_damage: o.final_damage,
            level: o.level,
            landed: o.landed,
            note: (!o.notes.is_empty()).then(|| o.notes.join("; ")),
            filled,
            slots,
        })));
        // A wound ends Defending (H4).
        if o.landed.is_some() {
            self.remove_condition(e, ConditionKind::Defending, "wounded");
        }
        if o.knocked_out {
            self.add_condition(
                e,
                ConditionKind::Unconscious,
                Duration::UntilRemoved,
                source,
                None,
            );
            self.went_down3(e);
        } else if o.landed == Some(WoundLevel::Fatal) {
            let kind = match stats.seed003().wound_track {
                WoundTrack::Full => ConditionKind::Dying,
                _ => ConditionKind::Dead,
            };
            self.add_condition(e, kind, Duration::UntilRemoved, source, None);
            self.went_down3(e);
        }
    }

    /// Down (D5): it lets go of any grapple and its turn ends if it is the active one's.
    fn went_down3(&mut self, e: Entity) {
        let name = self.name(e).to_string();
        self.emit(BattleEvent::WentDown { unit: name });
        self.check_grapples(e, "went down");
    }

    /// Core's other damage (a collision, above all) as a wound (D7): its amount − (vit +
    /// size), − armor unless the blow ignores it.
    pub fn blow_wound(&mut self, e: Entity, blow: crate::rules::damage::Blow, source: &str) {
        let Ok(u) = self.units.get(e) else { return };
        let parts = blow_parts(&u.stats.0, &blow);
        self.wound(
            e,
            source,
            WoundSpec {
                parts,
                damage_type: blow.damage_type,
                ..WoundSpec::default()
            },
        );
    }

    /// Bleeding gives one Light wound at the start of each of the holder's turns (D7).
    pub fn bleed3(&mut self, e: Entity) {
        let bleeding = self
            .units
            .get(e)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Bleeding) && !u.conditions.is_down());
        if bleeding {
            self.wound(
                e,
                "Bleeding",
                WoundSpec {
                    parts: vec![("Bleeding".into(), WoundLevel::Light.threshold())],
                    ..WoundSpec::default()
                },
            );
        }
    }
}

/// The parts of Core's other damage `blow` (a collision, above all) on the wound scale
/// (D7): its amount − (vit + size), − armor unless the blow ignores it. Their sum is the
/// final value, as the wound takes it and a push's preview shows it.
pub fn blow_parts(
    s: &crate::rules::unit::Stats,
    blow: &crate::rules::damage::Blow,
) -> Vec<(String, i32)> {
    let mut parts = vec![
        ("damage".to_string(), blow.raw),
        ("vit".into(), -s.seed003().vit),
        ("size".into(), -s.size.value()),
    ];
    if !blow.ignore_armor {
        parts.push(("armor".into(), -s.armor));
    }
    parts
}

/// Against the Rebuffs of the enemy it made an opening on, the target's Defense is at least
/// the opening's total (C7): for the Rebuff as it resolves and as it is previewed (`odds3`).
pub(super) fn against_opening(x: &mut Attack3, t: &UnitSnap, w: &Attack3Work) {
    if let Some((from, total)) = t.own.track().opening
        && w.rebuff
        && from == w.attacker
        && total > x.defense
    {
        x.defense = total;
        x.defense_name = "Defense (its opening)";
    }
}
