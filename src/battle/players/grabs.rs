//! Grab and Release (`Hard`): an adjacent enemy held (RULES §4 Grab, §9 Restrained) where what the hold takes from its next turn and adds to the blows on it beats a blow now, and the hold let go where the grappler's turn free of it is worth more than the hold.

use super::escape::freed;
use super::tactician::Tactician;
use super::threat::THREAT_HIT_CHANCE;
use super::worth::{health, success_chance};
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::components::ConditionInstance;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::{ConditionKind, Duration};
use std::sync::Arc;

/// How much of what the hold takes from the held enemy's next turn (its best blow free, a
/// walk to any unit of ours included, less its best blow held) Hard counts: half, as the
/// enemy may not have taken that blow, and a held enemy may Escape and walk instead.
const DENIAL_WEIGHT: f64 = 0.5;

impl Tactician<'_, '_> {
    /// Grabs that pay: the contest's chance (`success_chance`) times what holding the enemy
    /// is worth (`hold_worth`: what the Restrained enemy's blows lose on its next turn and
    /// what the blows on it gain before then, the grabber's own at Grappling's
    /// disadvantage). Not while already grappling (one grapple at a time), nor where the
    /// rulebook's Grab is no core contest (Seed002's Restrain, Seed003's Grapple: their
    /// previews show a roll of their own, and their holds are not Core's).
    pub(super) fn grabs(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        let ctx = &self.view.ctx;
        let Some(cost) = ctx.rules.cost(ActionKind::Grab) else {
            return Vec::new();
        };
        if me.has(ConditionKind::Grappling) {
            return Vec::new();
        }
        self.able_enemies(me)
            .filter(|t| t.pos.is_adjacent(me.pos) && !t.has(ConditionKind::Restrained))
            .filter_map(|t| {
                let cmd = Command::Grab {
                    unit: me.name.to_string(),
                    target: t.name.to_string(),
                };
                let p = preview(self.view, &cmd).ok()?;
                p.contest.as_ref()?;
                let win = success_chance(&p, self.view.ctx.rules)?;
                let mut free = ctx.snap.clone();
                if let Some(u) = free.units.iter_mut().find(|u| u.entity == me.entity) {
                    u.ap = me.ap.saturating_sub(cost);
                }
                let held = grabbed(&free, me, t, self.view.turn.round, ctx.rules.exposure);
                Some((win * self.hold_worth(&free, &held, me, t, true), cmd))
            })
            .filter(|(v, _)| *v > 0.0)
            .collect()
    }

    /// Release (free) and its worth: the grappler's best option with the hold let go (its
    /// blows without Grappling's disadvantage, its walk with its whole movement) less what
    /// the hold is worth (`hold_worth`, without the grappler's own blows: they are in the
    /// first). The planner weighs it beside the grappler's options still holding.
    pub(super) fn release(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        let ctx = &self.view.ctx;
        if !me.has(ConditionKind::Grappling) || !ctx.rules.has(ActionKind::Release) {
            return None;
        }
        let (worth, hold) = self.loosened(me, |loose, free, t| {
            let (worth, _) = loose.best_for(free.get(me.entity)?)?;
            Some((worth, loose.hold_worth(free, ctx.snap, me, t, false)))
        })??;
        Some((
            worth - hold,
            Command::Release {
                unit: me.name.to_string(),
            },
        ))
    }

    /// What the hold costs a walk of grappler `me` that ends out of reach of the creature
    /// it holds (the grapple ends, RULES §9): the hold's worth; 0 for any other command.
    pub(super) fn hold_lost(&self, me: &UnitSnap, cmd: &Command) -> f64 {
        let end = match cmd {
            Command::Move { to, .. } => Some(*to),
            Command::MovePath { path, .. } => path.last().copied(),
            _ => None,
        };
        let snap = self.view.ctx.snap;
        let held = me.conditions.link(ConditionKind::Grappling);
        match (end, held.and_then(|e| snap.get(e))) {
            (Some(end), Some(t)) if !end.is_adjacent(t.pos) => self
                .loosened(me, |loose, free, t| {
                    loose.hold_worth(free, snap, me, t, false).max(0.0)
                })
                .unwrap_or(0.0),
            _ => 0.0,
        }
    }

    /// `f` of the battle as it would stand with grappler `me`'s hold let go, a `Tactician`
    /// over it (its strike zones those of the held creature free to walk), and the held
    /// creature.
    fn loosened<R>(
        &self,
        me: &UnitSnap,
        f: impl FnOnce(&Tactician, &Snapshot, &UnitSnap) -> R,
    ) -> Option<R> {
        let ctx = &self.view.ctx;
        let t = ctx
            .snap
            .get(me.conditions.link(ConditionKind::Grappling)?)?;
        let mut free = freed(ctx.snap, t, t.ap)?;
        // The grappler lets go whatever the hold's own conditions (Seed003's Grappled is no
        // Restrained): without this, weighing a Release inside a Release never ends.
        let grappler = free.units.iter_mut().find(|u| u.entity == me.entity)?;
        grappler
            .conditions
            .0
            .retain(|c| c.kind != ConditionKind::Grappling);
        let view = View {
            ctx: Ctx {
                snap: &free,
                ..*ctx
            },
            ..*self.view
        };
        let loose = Tactician::new(&view, self.player);
        Some(f(&loose, &free, t))
    }

    /// What `t` held by `me` is worth, battle `held` beside battle `free`: what the hold
    /// takes from `t`'s best blow on its next turn (`DENIAL_WEIGHT`), and what it adds to
    /// the blows on `t` before then, each ally's whose turn comes first (with a turn's AP,
    /// from where it stands) and, with `own`, the grabber's with its AP left (Grappling's
    /// disadvantage may make that a loss).
    fn hold_worth(
        &self,
        free: &Snapshot,
        held: &Snapshot,
        me: &UnitSnap,
        t: &UnitSnap,
        own: bool,
    ) -> f64 {
        let gain = |a: &UnitSnap, now: bool| -> f64 {
            let (f, turn) = self.turn_of(free, a, now);
            let (h, _) = self.turn_of(held, a, now);
            let blows = f.get(a.entity).map_or(0, |x| self.attacks_left(x, x.ap));
            let blows = f64::from(blows);
            blows
                * (self.best_blow(&h, &turn, a, t, false) - self.best_blow(&f, &turn, a, t, false))
        };
        let mine = if own { gain(me, true) } else { 0.0 };
        let allies: f64 = free
            .allies_of(me)
            .filter(|a| a.entity != me.entity && a.able() && self.acts_before(a, t))
            .map(|a| gain(a, false).max(0.0))
            .sum();
        let denied = self.next_blow(free, t, true) - self.next_blow(held, t, false);
        mine + allies + DENIAL_WEIGHT * denied.max(0.0)
    }

    /// `t`'s best blow on its next turn in battle `s`, on the planner's scale: from where it
    /// stands (its preview), and, where it `walks`, on any unit of ours its strike zone
    /// reaches (the threat map's estimate, `threat_to`).
    fn next_blow(&self, s: &Snapshot, t: &UnitSnap, walks: bool) -> f64 {
        let (s, turn) = self.turn_of(s, t, false);
        let ours: Vec<&UnitSnap> = s.enemies_of(t).filter(|u| u.able()).collect();
        let here = ours
            .iter()
            .map(|u| self.best_blow(&s, &turn, t, u, false))
            .fold(0.0, f64::max);
        if !walks {
            return here;
        }
        ours.iter()
            .filter(|u| self.steps_within(t, u.pos, u32::MAX) == Some(true))
            .filter_map(|u| Some(THREAT_HIT_CHANCE * self.threat_to(t, u.pos)? / health(u)))
            .fold(here, |m, w| m.max(w.min(1.0)))
    }
}

/// `snap` with `t` Restrained by `me` and `me` Grappling `t`, with the conditions Restrained
/// implies (Exposed, where the rules have it), as a won Grab leaves them.
fn grabbed(snap: &Snapshot, me: &UnitSnap, t: &UnitSnap, round: u32, exposure: bool) -> Snapshot {
    let mut s = snap.clone();
    let instance = |kind, parent, link| ConditionInstance {
        kind,
        duration: Duration::UntilRemoved,
        source: Arc::from("Grab"),
        round,
        holder_turns: 0,
        parent,
        link,
    };
    for u in s.units.iter_mut() {
        if u.entity == t.entity {
            u.conditions
                .0
                .push(instance(ConditionKind::Restrained, None, Some(me.entity)));
            let daughters = ConditionKind::Restrained.implies().iter();
            for &d in daughters.filter(|d| exposure || !d.is_exposure()) {
                u.conditions
                    .0
                    .push(instance(d, Some(ConditionKind::Restrained), None));
            }
        } else if u.entity == me.entity {
            u.conditions
                .0
                .push(instance(ConditionKind::Grappling, None, Some(t.entity)));
        }
    }
    s
}
