//! Seed003's actions besides attacks and moves (presets/Seed003.md, M4, M5, C1–C7, I6, X5,
//! F3): Dash, Change Posture, Create an Opening, the Power and Agility checks of Shove,
//! Trip, Pin and Escape, Grapple, Drag, Seize Initiative, ignoring a flanker, and readying
//! an action.

use super::Seed003Event;
use super::reactions::readied3;
use super::rules::*;
use super::work::{Attack3Work, Check3, Drag3, Readied3, ReadyEntry};
use crate::battle::engine::{Battle, Gait, Walk, Work};
use crate::battle::events::{AttackStyle, BattleEvent, HeldAction, ReadyTrigger};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::unit::Posture;
use bevy::prelude::Entity;

/// A check's roll: the dice's sum and the total.
pub(super) struct Rolled {
    pub(super) natural: u32,
    pub(super) total: i32,
}

impl Battle<'_, '_> {
    /// A declared attack (I5): the reactions its declaration sets off come first, then it
    /// is paid and rolled.
    pub fn declare_attack3(&mut self, w: Attack3Work) {
        let (attacker, target, weapon) = (w.attacker, w.target, w.weapon);
        self.resolution.stack.push(Work::book(w));
        self.declaration_offers(attacker, target, weapon);
    }

    /// Roll a 3d6 check for `actor` against `against` (named), log it, and move initiative
    /// on a critical (I3).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check(
        &mut self,
        actor: &UnitSnap,
        target: Option<Entity>,
        what: String,
        base: i32,
        against: i32,
        against_name: &str,
        extra: Vec<crate::battle::events::Modifier>,
    ) -> Rolled {
        let snap = self.snapshot();
        let mut mods = self.ctx(&snap).check_modifiers(actor);
        mods.extend(extra);
        let bonus = base + super::assess::roll_bonus(&mods);
        let r = self.roll_check3(&actor.name, what, bonus, (against, against_name), mods);
        self.criticals(actor.entity, target, r.natural);
        Rolled {
            natural: r.natural,
            total: r.total,
        }
    }

    /// Dash (M4): the rate doubles for the round; a second Dash adds ⌊Str check / 3⌋.
    pub fn dash(&mut self, unit: Entity) {
        self.pay3(unit, action_names::DASH);
        let Some(u) = self.snapshot().get(unit).cloned() else {
            return;
        };
        let rate = if u.own.track().dashes == 0 {
            u.own.track().rate * 2
        } else {
            let r = self.check(
                &u,
                None,
                "Str [Athletics] check (a second Dash)".into(),
                u.stats.might,
                0,
                "nothing",
                Vec::new(),
            );
            u.own.track().rate + (r.total.max(0) / DASH_CHECK_DIVISOR) as u32
        };
        if let Ok(mut q) = self.units.get_mut(unit) {
            q.own.track_mut().dashes += 1;
            q.own.track_mut().rate = rate;
            // The new rate counts for the AP spent after it.
            q.own.track_mut().move_ap = 0;
        }
        let name = u.name.to_string();
        self.emit(BattleEvent::from(Seed003Event::Dashed { unit: name, rate }));
    }

    /// Change Posture (M5).
    pub fn change_posture(&mut self, unit: Entity, to: Posture) {
        self.spend_ap(unit, action_names::CHANGE_POSTURE);
        let why = "changed posture";
        self.remove_condition(unit, ConditionKind::Prone, why);
        self.remove_condition(unit, ConditionKind::Crouching, why);
        let kind = match to {
            Posture::Standing => return,
            Posture::Crouching => ConditionKind::Crouching,
            Posture::Prone => ConditionKind::Prone,
        };
        self.add_condition(unit, kind, Duration::UntilRemoved, why, None);
    }

    /// Create an Opening (C7): the melee attack roll is the actor's Defense against the
    /// target's Rebuffs for the rest of the turn.
    pub fn create_opening(&mut self, unit: Entity, target: Entity, weapon: usize) {
        self.spend_ap(unit, action_names::CREATE_OPENING);
        let snap = self.snapshot();
        let (Some(a), Some(t)) = (snap.get(unit), snap.get(target)) else {
            return;
        };
        let w = &a.stats.weapons[weapon];
        let what = format!("creates an opening against {} with {}", t.name, w.name);
        let r = self.check(a, Some(target), what, w.hit, 0, "nothing", Vec::new());
        if let Ok(mut q) = self.units.get_mut(unit) {
            q.own.track_mut().opening = Some((target, r.total));
        }
    }

    /// A Shove, Trip, Pin or Escape check (C1, C2, C4, C6), paid first when it is an
    /// action.
    pub fn check3(&mut self, unit: Entity, target: Entity, kind: Check3, pay: bool) {
        if pay {
            self.pay3(unit, kind.action());
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(unit), snap.get(target)) else {
            return;
        };
        let power = a.stats.might + a.stats.size.value();
        let defense = ctx.maneuver_defense(t);
        let (base, extra, what) = match kind {
            Check3::Shove { .. } => (power, vec![], format!("Power check (Shove {})", t.name)),
            Check3::Trip => (power, vec![], format!("Power check (Trip {})", t.name)),
            Check3::Pin => (
                power,
                vec![crate::battle::events::Modifier::actor(
                    crate::battle::events::Reason::Pinning,
                    crate::battle::events::Effect::Roll(-PIN_PENALTY),
                )],
                format!("Power check (Pin {})", t.name),
            ),
            Check3::Escape => (
                ctx.better_check(a),
                vec![],
                format!("Power or Agility check (Escape {})", t.name),
            ),
        };
        let r = self.check(
            a,
            Some(target),
            what,
            base,
            defense,
            "Power/Agility Defense",
            extra,
        );
        if r.total < defense {
            return;
        }
        let actor = a.name.clone();
        match kind {
            Check3::Shove { dir, distance } => {
                let most = 1 + ((r.total - defense) / SHOVE_MARGIN_STEP) as u32;
                let distance = distance.map_or(most, |d| d.clamp(1, most));
                self.resolution.stack.push(Work::Push {
                    pusher: unit,
                    target,
                    dir,
                    distance,
                    unguards: true,
                });
            }
            Check3::Trip => self.add_condition(
                target,
                ConditionKind::Prone,
                Duration::UntilRemoved,
                &format!("tripped by {actor}"),
                None,
            ),
            Check3::Pin => self.add_condition(
                target,
                ConditionKind::Pinned,
                Duration::UntilRemoved,
                &format!("pinned by {actor}"),
                Some(unit),
            ),
            Check3::Escape if a.has(ConditionKind::Pinned) => {
                self.remove_condition(unit, ConditionKind::Pinned, "escaped the pin")
            }
            Check3::Escape => self.release_grapple(target, unit, "escaped"),
        }
        let _ = r.natural;
    }

    /// Grapple (C3): a melee attack roll against the melee Defense; on a hit both are
    /// Grappling each other, the actor holding.
    pub fn grapple(&mut self, unit: Entity, target: Entity, weapon: usize) {
        self.pay3(unit, ActionKind::Grab);
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(t)) = (snap.get(unit), snap.get(target)) else {
            return;
        };
        let Ok(x) = ctx.attack3(a, t, weapon, AttackStyle::Standard, false) else {
            return;
        };
        let what = format!("grapples {} with {}", t.name, a.stats.weapons[weapon].name);
        let r = self.roll_check3(
            &a.name,
            what,
            x.bonus,
            (x.defense, x.defense_name),
            x.modifiers.clone(),
        );
        self.criticals(unit, Some(target), r.natural);
        if !r.success {
            return;
        }
        let (an, tn) = (a.name.clone(), t.name.clone());
        self.add_condition(
            unit,
            ConditionKind::Grappling,
            Duration::UntilRemoved,
            &format!("holding {tn}"),
            Some(target),
        );
        self.add_condition(
            target,
            ConditionKind::Grappling,
            Duration::UntilRemoved,
            &format!("grappled by {an}"),
            Some(unit),
        );
        if let Ok(mut q) = self.units.get_mut(unit) {
            q.own.track_mut().holding = Some(target);
        }
    }

    /// Drag (C5): a Power check against the partner's Power Defense; on a success the
    /// command's AP buy yards, and the partner follows into each tile left.
    pub fn drag(&mut self, unit: Entity, partner: Entity, ap: u32, path: Vec<Pos>) {
        self.pay3(unit, action_names::DRAG);
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(a), Some(p)) = (snap.get(unit), snap.get(partner)) else {
            return;
        };
        let defense = ctx.power_defense(p);
        let base = a.stats.might + a.stats.size.value();
        let what = format!("Power check (Drag {})", p.name);
        let r = self.check(
            a,
            Some(partner),
            what,
            base,
            defense,
            "Power Defense",
            vec![],
        );
        if r.total < defense {
            return;
        }
        let yards = yards_bought(a.own.track().rate, a.own.track().move_ap, ap);
        self.spend(unit, ActionKind::Move, ap);
        if let Ok(mut q) = self.units.get_mut(unit) {
            q.own.track_mut().move_ap += ap;
        }
        let name = a.name.to_string();
        self.emit(BattleEvent::MovementAdded {
            unit: name,
            metres: yards,
            pool: yards,
        });
        let mut walk = Walk::new(unit, a.pos, path, false, false);
        walk.gait = Gait::own(Drag3 { partner, yards });
        self.resolution.stack.push(Work::Walk(walk));
    }

    /// A dragged partner is moved into the tile the dragger left (forced, C5).
    pub fn drag_partner(&mut self, partner: Entity, dragger: &UnitSnap, to: Pos) {
        let Ok(mut p) = self.units.get_mut(partner) else {
            return;
        };
        let from = p.pos.0;
        p.pos.0 = to;
        let unit = p.combatant.name.to_string();
        self.emit(BattleEvent::Pushed {
            unit,
            by: dragger.name.to_string(),
            from,
            to,
        });
    }

    /// Seize Initiative (I6): initiative + 1d6.
    pub fn seize_initiative(&mut self, unit: Entity) {
        self.spend_ap(unit, action_names::SEIZE_INITIATIVE);
        let name = self.name(unit);
        let d6 = self.roll(CHECK_DIE, &format!("{name} Seize Initiative"));
        self.move_initiative(unit, d6 as i32, "Seize Initiative");
    }

    /// Ignore a flanker, or stop (F3).
    pub fn ignore(&mut self, unit: Entity, target: Entity, ignore: bool) {
        if let Ok(mut q) = self.units.get_mut(unit) {
            q.own.track_mut().ignoring.retain(|e| *e != target);
            if ignore {
                q.own.track_mut().ignoring.push(target);
            }
        }
        let (u, t) = (self.name(unit).to_string(), self.name(target).to_string());
        self.emit(BattleEvent::from(Seed003Event::Ignoring {
            unit: u,
            target: t,
            ignoring: ignore,
        }));
    }

    /// Ready an action (X5): 1 AP now, the action's own when it is taken.
    pub fn ready3(&mut self, unit: Entity, action: HeldAction, trigger: ReadyTrigger) {
        self.spend_ap(unit, ActionKind::Ready);
        self.turn
            .book
            .get_mut::<Readied3>()
            .0
            .retain(|r| r.unit != unit);
        let what = format!("{action}, when {trigger}");
        self.turn.book.get_mut::<Readied3>().0.push(ReadyEntry {
            unit,
            action,
            trigger,
        });
        self.add_condition(
            unit,
            ConditionKind::Readied,
            Duration::UntilRemoved,
            &what,
            None,
        );
    }

    /// Readiness ends when its holder takes any action or reaction but movement and End
    /// Turn (X5, decided).
    pub fn end_readiness(&mut self, unit: Entity, action: ActionKind) {
        let keeps = matches!(
            action,
            ActionKind::Move | ActionKind::EndTurn | ActionKind::Ready | action_names::IGNORE
        );
        if keeps || !readied3(&self.turn).iter().any(|r| r.unit == unit) {
            return;
        }
        self.turn
            .book
            .get_mut::<Readied3>()
            .0
            .retain(|r| r.unit != unit);
        self.remove_condition(unit, ConditionKind::Readied, "it acted");
    }
}
