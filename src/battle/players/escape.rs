//! Escape (`Hard`): a Restrained (or Seed003's Pinned) unit breaks its grappler's hold where being held costs it more than the AP, weighed by the contest's chance.

use super::tactician::Tactician;
use super::worth::success_chance;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

impl Tactician<'_, '_> {
    /// An Escape and its worth: with the contest's chance (its preview), what the unit does
    /// free with the AP left (its best attack without the hold's disadvantage, or a walk:
    /// `best_move` from the battle as it would stand with the hold broken), and otherwise
    /// what it does still held with them. The planner weighs it beside the held unit's
    /// other options (an attack at disadvantage with all its AP, a guard), so it escapes
    /// where the hold costs more than the Escape's AP.
    pub(super) fn escape(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        if !me.has(ConditionKind::Restrained) && !me.has(ConditionKind::Pinned) {
            return None;
        }
        let ctx = &self.view.ctx;
        let cmd = Command::Escape {
            unit: me.name.to_string(),
        };
        let p = preview(self.view, &cmd).ok()?;
        let win = success_chance(&p, ctx.rules)?;
        let left = me.ap.checked_sub(ctx.rules.cost(ActionKind::Escape)?)?;
        let strikes = |t: &Tactician, view: &View, u: &UnitSnap| {
            t.best_attack(view, u).map_or(0.0, |a| a.0) * t.attacks_left(u, left) as f64
        };
        let mut held = me.clone();
        held.ap = left;
        let still_held = strikes(self, self.view, &held);
        let snap = freed(ctx.snap, me, left)?;
        let view = View {
            ctx: Ctx {
                snap: &snap,
                ..*ctx
            },
            ..*self.view
        };
        let free = snap.get(me.entity)?;
        let t = Tactician::new(&view, self.player);
        let attack = t.best_attack(&view, free).map(|a| a.0);
        let walk = t.best_move(free, attack).map_or(0.0, |m| m.0);
        let loose = strikes(&t, &view, free).max(walk);
        Some((win * loose + (1.0 - win) * still_held, cmd))
    }
}

/// The battle as it would stand with `me`'s hold broken (no Restrained, nor what it
/// implies, on `me`; no Grappling on its grappler) and `left` AP for `me`.
pub(super) fn freed(snap: &Snapshot, me: &UnitSnap, left: u32) -> Option<Snapshot> {
    let grappler = me.conditions.link(ConditionKind::Restrained);
    let mut snap = snap.clone();
    for u in snap.units.iter_mut() {
        if u.entity == me.entity {
            u.ap = left;
            u.conditions.0.retain(|c| {
                let held = [ConditionKind::Restrained, ConditionKind::Pinned];
                !held.contains(&c.kind) && !c.parent.is_some_and(|p| held.contains(&p))
            });
        } else if Some(u.entity) == grappler {
            u.conditions
                .0
                .retain(|c| c.kind != ConditionKind::Grappling);
        }
    }
    Some(snap)
}
