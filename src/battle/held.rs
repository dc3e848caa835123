//! Seed000's held actions (presets/Seed000.md, "Reactions and held actions"): on its own turn
//! a combatant pays an action's AP and names a trigger; the action then fires by itself,
//! with no prompt and no RP, against the enemy that sets the trigger off — an enemy ending a
//! willing step where the action is legal against it, or an enemy declaring an attack — and
//! lapses at the start of the holder's next turn. Illegal when its trigger happens, it does
//! not fire and stays pending.

use super::assess::Ctx;
use super::command::{ContestAction, attack_checks, contest_checks};
use super::engine::{Battle, Held, PendingAttack, Work};
use super::events::{AttackKind, BattleEvent, HeldAction, Trigger};
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

/// What a held action does once it fires.
pub enum HeldDeed {
    Attack(usize),
    Contest(ContestAction),
    Disarm(usize),
}

/// Whether the held action is legal against `enemy` now, and what it would do.
pub fn legal(
    ctx: &Ctx,
    h: &UnitSnap,
    enemy: &UnitSnap,
    action: &HeldAction,
) -> Result<HeldDeed, Refusal> {
    if h.is_down() {
        return Err(Refusal::Down {
            unit: h.name.to_string(),
        });
    }
    Ok(match action {
        HeldAction::Attack(w) => HeldDeed::Attack(attack_checks(ctx, h, enemy, w.as_deref())?),
        HeldAction::Shove => contest(ctx, h, enemy, ContestAction::Shove)?,
        HeldAction::Trip => contest(ctx, h, enemy, ContestAction::Trip)?,
        HeldAction::Grab => contest(ctx, h, enemy, ContestAction::Grab)?,
        HeldAction::Disarm(w) => {
            HeldDeed::Disarm(super::contests::disarm_checks(ctx, h, enemy, w.as_deref())?)
        }
    })
}

fn contest(
    ctx: &Ctx,
    h: &UnitSnap,
    t: &UnitSnap,
    kind: ContestAction,
) -> Result<HeldDeed, Refusal> {
    contest_checks(ctx, h, t, kind).map(|_| HeldDeed::Contest(kind))
}

/// Which kind of trigger an event is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Happening {
    Step,
    Attack,
}

impl Battle<'_, '_> {
    /// Pay for a held action and keep it until its trigger.
    pub fn hold(&mut self, unit: Entity, action: HeldAction, trigger: Trigger, cost: u32) {
        self.spend(unit, ActionKind::Hold, cost);
        let seq = self.turn.held.iter().map(|h| h.seq + 1).max().unwrap_or(0);
        self.turn.held.push(Held {
            holder: unit,
            action: action.clone(),
            trigger: trigger.clone(),
            seq,
        });
        let name = self.name(unit).to_string();
        self.emit(BattleEvent::ActionHeld {
            unit: name,
            action,
            trigger,
        });
        let holding = self
            .units
            .get(unit)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Holding));
        if !holding {
            self.add_condition(
                unit,
                ConditionKind::Holding,
                Duration::UntilRemoved,
                "a held action",
                None,
            );
        }
    }

    /// At the start of the holder's slot its held actions lapse, unrefunded.
    pub fn lapse_held(&mut self, unit: Entity) {
        let (gone, kept): (Vec<Held>, Vec<Held>) = std::mem::take(&mut self.turn.held)
            .into_iter()
            .partition(|h| h.holder == unit);
        self.turn.held = kept;
        if gone.is_empty() {
            return;
        }
        let name = self.name(unit).to_string();
        for h in gone {
            self.emit(BattleEvent::HeldActionLapsed {
                unit: name.clone(),
                action: h.action,
            });
        }
        self.remove_condition(unit, ConditionKind::Holding, "its next turn");
    }

    /// The held actions a mover's step sets off, to resolve before the walk goes on.
    pub fn held_after_step(&self, mover: Entity) -> Vec<Work> {
        self.held_work(Happening::Step, mover)
    }

    /// Held actions an attack sets off come before its roll: when some are legal, the
    /// attack waits on the stack behind them (returns true).
    pub fn held_before_attack(&mut self, pending: &PendingAttack) -> bool {
        let fired = self.held_work(Happening::Attack, pending.attacker);
        if fired.is_empty() {
            return false;
        }
        self.resolution.stack.push(Work::Attack(PendingAttack {
            interrupted: Some(true),
            ..pending.clone()
        }));
        self.resolution.stack.extend(fired.into_iter().rev());
        true
    }

    /// The held actions of `enemy`'s enemies that this happening sets off and that are legal
    /// now, in this round's order and then the order they were held.
    fn held_work(&self, happening: Happening, enemy: Entity) -> Vec<Work> {
        if self.turn.held.is_empty() {
            return Vec::new();
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(e) = snap.get(enemy) else {
            return Vec::new();
        };
        let mut out: Vec<(usize, u32, Entity)> = self
            .turn
            .held
            .iter()
            .filter(|h| h.trigger.fires_on(happening == Happening::Step, &e.name))
            .filter_map(|h| {
                let holder = snap.get(h.holder)?;
                (holder.side != e.side && legal(&ctx, holder, e, &h.action).is_ok())
                    .then(|| (ctx.order_key(h.holder), h.seq, h.holder))
            })
            .collect();
        out.sort();
        out.into_iter()
            .map(|(_, seq, holder)| Work::Held {
                holder,
                seq,
                against: enemy,
            })
            .collect()
    }

    /// A held action's trigger happened: it fires if it is still legal (else it stays
    /// pending), with the rules of this moment and without paying again.
    pub fn fire_held(&mut self, holder: Entity, seq: u32, against: Entity) {
        let Some(i) = self
            .turn
            .held
            .iter()
            .position(|h| h.holder == holder && h.seq == seq)
        else {
            return;
        };
        let snap = self.snapshot();
        let (Some(h), Some(e)) = (snap.get(holder), snap.get(against)) else {
            return;
        };
        let Ok(deed) = legal(&self.ctx(&snap), h, e, &self.turn.held[i].action) else {
            return;
        };
        let held = self.turn.held.remove(i);
        self.emit(BattleEvent::HeldActionFired {
            unit: h.name.to_string(),
            action: held.action,
            against: e.name.to_string(),
        });
        if !self.turn.held.iter().any(|x| x.holder == holder) {
            self.remove_condition(holder, ConditionKind::Holding, "it fired");
        }
        self.reveal(holder, "its held action fired");
        match deed {
            HeldDeed::Attack(wi) => self.resolution.stack.push(Work::Attack(PendingAttack::new(
                holder,
                against,
                wi,
                AttackKind::Held,
            ))),
            HeldDeed::Contest(kind) => self.contest_effect(holder, against, kind),
            HeldDeed::Disarm(wi) => self.take_weapon(holder, against, wi),
        }
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
