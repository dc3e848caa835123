//! Seed000's held actions (presets/Seed000.md, "Reactions and held actions"): on its own turn
//! a combatant pays an action's AP and names a trigger; the action then fires by itself,
//! with no prompt and no RP, against the enemy that sets the trigger off — an enemy ending a
//! willing step where the action is legal against it, or an enemy declaring an attack — and
//! lapses at the start of the holder's next turn. Illegal when its trigger happens, it does
//! not fire and stays pending.

use super::Seed000Event;
use super::work::HeldFire;
use super::work::{Held, HeldActions};
use crate::battle::assess::Ctx;
use crate::battle::command::{ContestAction, View, attack_checks, contest_checks};
use crate::battle::contests::ContestPreview;
use crate::battle::engine::{Battle, PendingAttack, Work};
use crate::battle::events::ContestKind;
use crate::battle::events::{AttackKind, HeldAction, Trigger};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::Snapshot;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed000::action_names;
use crate::rules::combat::hit_chance;
use crate::rules::grid::Pos;
use crate::rules::odds::Chance;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

/// The actions held now, in the order they were held.
pub(super) fn held_actions(turn: &crate::battle::engine::TurnState) -> &[Held] {
    turn.book.get::<HeldActions>().map_or(&[], |h| &h.0)
}

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
        HeldAction::Disarm(w) => HeldDeed::Disarm(crate::battle::contests::disarm_checks(
            ctx,
            h,
            enemy,
            w.as_deref(),
        )?),
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
        self.spend(unit, action_names::HOLD, cost);
        let seq = held_actions(&self.turn)
            .iter()
            .map(|h| h.seq + 1)
            .max()
            .unwrap_or(0);
        self.turn.book.get_mut::<HeldActions>().0.push(Held {
            holder: unit,
            action: action.clone(),
            trigger: trigger.clone(),
            seq,
        });
        let name = self.name(unit).to_string();
        self.emit(Seed000Event::ActionHeld {
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
        let (gone, kept): (Vec<Held>, Vec<Held>) =
            std::mem::take(&mut self.turn.book.get_mut::<HeldActions>().0)
                .into_iter()
                .partition(|h| h.holder == unit);
        self.turn.book.get_mut::<HeldActions>().0 = kept;
        if gone.is_empty() {
            return;
        }
        let name = self.name(unit).to_string();
        for h in gone {
            self.emit(Seed000Event::HeldActionLapsed {
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
        if held_actions(&self.turn).is_empty() {
            return Vec::new();
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(e) = snap.get(enemy) else {
            return Vec::new();
        };
        let mut out: Vec<(usize, u32, Entity)> = held_actions(&self.turn)
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
            .map(|(_, seq, holder)| {
                Work::book(HeldFire {
                    holder,
                    seq,
                    against: enemy,
                })
            })
            .collect()
    }

    /// A held action's trigger happened: it fires if it is still legal (else it stays
    /// pending), with the rules of this moment and without paying again.
    pub fn fire_held(&mut self, holder: Entity, seq: u32, against: Entity) {
        let Some(i) = held_actions(&self.turn)
            .iter()
            .position(|h| h.holder == holder && h.seq == seq)
        else {
            return;
        };
        let snap = self.snapshot();
        let (Some(h), Some(e)) = (snap.get(holder), snap.get(against)) else {
            return;
        };
        let Ok(deed) = legal(&self.ctx(&snap), h, e, &held_actions(&self.turn)[i].action) else {
            return;
        };
        let held = self.turn.book.get_mut::<HeldActions>().0.remove(i);
        self.emit(Seed000Event::HeldActionFired {
            unit: h.name.to_string(),
            action: held.action,
            against: e.name.to_string(),
        });
        if !held_actions(&self.turn).iter().any(|x| x.holder == holder) {
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
}

/// A held action that a move or an attack would set off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldPreview {
    pub holder: String,
    pub action: HeldAction,
    /// The step (1 for the first) after which it fires; `None`: before an attack's roll.
    pub step: Option<usize>,
    /// Its chance to hit or to win its contest.
    pub odds: Chance,
}

/// The held actions a command would set off, in the order they fire: what Seed000 adds to
/// the preview of a walk or an attack (`Preview::notes`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldPreviews(pub Vec<HeldPreview>);

impl HeldPreviews {
    /// The card's line of each.
    pub fn text(&self) -> String {
        self.0.iter().map(held_text).collect()
    }
}

fn held_text(h: &HeldPreview) -> String {
    let when = match h.step {
        Some(n) => format!("after step {n}"),
        None => "before the roll".into(),
    };
    format!(
        "{} fires {} {when}: {:.1}% it lands\n",
        h.holder,
        h.action,
        h.odds.percent()
    )
}

/// The held actions a walk along `path` would set off, step by step (each fires once).
pub fn held_on_walk(view: &View, m: &UnitSnap, path: &[Pos]) -> Vec<HeldPreview> {
    // The walk's preview is on every hover: copy the snapshot only when something is held.
    if !held_actions(view.turn)
        .iter()
        .any(|h| h.trigger.fires_on(true, &m.name))
    {
        return Vec::new();
    }
    let mut fired: Vec<u32> = Vec::new();
    let mut out = Vec::new();
    let mut snap: Snapshot = view.ctx.snap.clone();
    for (i, &p) in path.iter().enumerate() {
        if let Some(u) = snap.units.iter_mut().find(|u| u.entity == m.entity) {
            u.pos = p;
        }
        let ctx = Ctx {
            snap: &snap,
            ..view.ctx
        };
        let Some(moved) = snap.get(m.entity) else {
            break;
        };
        for h in held_actions(view.turn) {
            if fired.contains(&h.seq) {
                continue;
            }
            let Some(holder) = snap.get(h.holder).filter(|x| x.side != m.side) else {
                continue;
            };
            if !h.trigger.fires_on(true, &moved.name) {
                continue;
            }
            if let Ok(deed) = legal(&ctx, holder, moved, &h.action) {
                fired.push(h.seq);
                out.push(HeldPreview {
                    holder: holder.name.to_string(),
                    action: h.action.clone(),
                    step: Some(i + 1),
                    odds: odds(&ctx, holder, moved, &deed),
                });
            }
        }
    }
    out
}

/// The held actions an attack by `a` would set off before its roll.
pub fn held_on_attack(view: &View, a: &UnitSnap) -> Vec<HeldPreview> {
    let ctx = &view.ctx;
    held_actions(view.turn)
        .iter()
        .filter(|h| h.trigger.fires_on(false, &a.name))
        .filter_map(|h| {
            let holder = ctx.snap.get(h.holder).filter(|x| x.side != a.side)?;
            let deed = legal(ctx, holder, a, &h.action).ok()?;
            Some(HeldPreview {
                holder: holder.name.to_string(),
                action: h.action.clone(),
                step: None,
                odds: odds(ctx, holder, a, &deed),
            })
        })
        .collect()
}

/// The odds of a held action that is legal against `enemy` now.
fn odds(ctx: &Ctx, h: &UnitSnap, enemy: &UnitSnap, deed: &HeldDeed) -> Chance {
    let contest = |kind| {
        ctx.assess_contest(kind, h, enemy)
            .map(|c| ContestPreview::of(ctx, kind, &c).win)
            .unwrap_or_else(|_| Chance::never())
    };
    match deed {
        HeldDeed::Attack(wi) => ctx
            .assess_attack(h, enemy, *wi)
            .map(|x| hit_chance(x.bonus, x.evasion, x.mode).0)
            .unwrap_or_else(|_| Chance::never()),
        HeldDeed::Contest(kind) => contest(kind.contest()),
        HeldDeed::Disarm(_) => contest(ContestKind::Disarm),
    }
}
