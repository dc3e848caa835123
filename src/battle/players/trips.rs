//! Trips (`Hard`): an enemy knocked Prone (RULES §4 Trip, §9 Prone: melee attacks on it have
//! advantage) where the blows that follow before it stands up gain more than a blow now.

use super::tactician::Tactician;
use super::worth::{attack_worth, menace, success_chance};
use crate::battle::ai;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::components::ConditionInstance;
use crate::battle::engine::{Phase, TurnState};
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::{ActionKind, ReactionKind};
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;
use std::sync::Arc;

/// What Hard counts of the attacks a tripped enemy's Stand Up would provoke
/// (`stand_price`), beside the blows on it Prone before its next turn. On seven Core levels
/// against Normal (420 games a seed, seeds 5001 and 7001) Hard won 75.2% and 71.2% without
/// trips; 73.8% and 69.3% at 1 (a Prone Hard unit next to its enemies stays down and
/// strikes, so the price is seldom paid in full); 75.0% and 71.2% at 0.25; at 0 trips never
/// came up on those levels (the same games as without). docs/ai-experiments.md.
const STAND_PRICE_WEIGHT: f64 = 0.25;

/// Over which blows a hold is weighed (`Tactician::held_gain`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HoldSpan {
    /// Those before the held unit's next turn.
    ItsTurn,
    /// A whole round of them after it.
    RoundAfter,
}

impl Tactician<'_, '_> {
    /// Trips that pay: the chance the contest is won times what advantage adds to the
    /// melee blows on the fallen enemy before its next turn (the tripper's own with the AP
    /// left, and each ally's whose turn comes first, from where it stands), the enemy
    /// weighed by how hard it hits as `best_attack` weighs it. A Prone enemy is not tripped
    /// again.
    pub(super) fn trips(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        let snap = self.view.ctx.snap;
        let cost = self.view.ctx.rules.cost(ActionKind::Trip).unwrap_or(2);
        self.able_enemies(me)
            .filter(|t| t.pos.is_adjacent(me.pos) && !t.has(ConditionKind::Prone))
            .filter_map(|t| {
                let cmd = Command::Trip {
                    unit: me.name.to_string(),
                    target: t.name.to_string(),
                };
                let p = preview(self.view, &cmd).ok()?;
                let win = success_chance(&p, self.view.ctx.rules)?;
                let left = me.ap.saturating_sub(cost);
                let gain =
                    self.held_gain(snap, me, t, (left, HoldSpan::ItsTurn), ConditionKind::Prone)
                        + STAND_PRICE_WEIGHT * self.stand_price(snap, t);
                Some((win * self.menace_weight(me, t) * gain, cmd))
            })
            .filter(|(v, _)| *v > 0.0)
            .collect()
    }

    /// How hard enemy `t` hits beside `me`'s able enemies on the whole (1 for the typical
    /// one), as `best_attack` weighs a target.
    pub(super) fn menace_weight(&self, me: &UnitSnap, t: &UnitSnap) -> f64 {
        let (sum, n) = self
            .able_enemies(me)
            .fold((0.0, 0.0), |(s, n), e| (s + menace(e), n + 1.0));
        let typical = sum / f64::max(n, 1.0);
        if typical > 0.0 {
            menace(t) / typical
        } else {
            1.0
        }
    }

    /// What `t` held in condition `kind` (Prone, Seed003's Pinned) in battle `snap` adds to
    /// the melee blows on it, each from where its striker stands: `HoldSpan::ItsTurn`, before
    /// its next turn (`me`'s own with `ap_left` AP, and each ally's whose turn comes first
    /// with a turn's AP, `turn_ap`); `HoldSpan::RoundAfter`, a whole round after it (a hold
    /// that lasts, its Escape failed: each able ally's once, as on its own turn with the AP it
    /// holds, and `me`'s with `ap_left`).
    pub(super) fn held_gain(
        &self,
        snap: &Snapshot,
        me: &UnitSnap,
        t: &UnitSnap,
        (ap_left, span): (u32, HoldSpan),
        kind: ConditionKind,
    ) -> f64 {
        match span {
            HoldSpan::ItsTurn => {
                let own = (self.attacks_left(me, ap_left), true);
                self.blows_gain(snap, (me, own), t, |a| self.acts_before(a, t), kind)
            }
            HoldSpan::RoundAfter => {
                let own = (self.turn_attacks(ap_left), false);
                self.blows_gain(snap, (me, own), t, |_| true, kind)
            }
        }
    }

    /// What `t` held in `kind` in battle `snap` adds to the blows on it of `me` (its `own`
    /// attacks, and whether it is the holder striking as such) and of each able ally of its
    /// that `acts` lets in, with a turn's AP (`turn_ap`), each from where it stands.
    fn blows_gain(
        &self,
        snap: &Snapshot,
        (me, (attacks, holder)): (&UnitSnap, (u32, bool)),
        t: &UnitSnap,
        acts: impl Fn(&UnitSnap) -> bool,
        kind: ConditionKind,
    ) -> f64 {
        let allies = snap
            .allies_of(me)
            .filter(|a| a.able() && acts(a))
            .map(|a| (a, self.turn_attacks(self.turn_ap(a)), false));
        std::iter::once((me, attacks, holder))
            .chain(allies)
            .filter(|(_, n, _)| *n > 0)
            .map(|(a, n, h)| f64::from(n) * self.held_blow_gain(snap, a, t, h, kind))
            .sum()
    }

    /// The chance that `t`, held in `kind` in battle `snap` (Seed003's Pinned), gets free
    /// with an Escape on its next turn: its preview, as on its own turn with at least the
    /// Escape's AP; 1 where the rules offer it no Escape.
    pub(super) fn escape_chance(&self, snap: &Snapshot, t: &UnitSnap, kind: ConditionKind) -> f64 {
        let rules = self.view.ctx.rules;
        let (free, turn) = self.turn_of(snap, t, false);
        let mut held = held_in(&free, t, kind, turn.round);
        let cost = rules.cost(ActionKind::Escape).unwrap_or(0);
        if let Some(u) = held.units.iter_mut().find(|u| u.entity == t.entity) {
            u.ap = u.ap.max(cost);
        }
        let view = View {
            ctx: Ctx {
                snap: &held,
                ..self.view.ctx
            },
            turn: &turn,
            ..*self.view
        };
        let cmd = Command::Escape {
            unit: t.name.to_string(),
        };
        preview(&view, &cmd)
            .ok()
            .and_then(|p| success_chance(&p, rules))
            .unwrap_or(1.0)
    }

    /// Whether ally `a` takes a turn before enemy `t`'s next one: it is still to act this
    /// round ahead of `t`, or (`t` done this round) it acts ahead of `t` in the order.
    pub(super) fn acts_before(&self, a: &UnitSnap, t: &UnitSnap) -> bool {
        let turn = self.view.turn;
        let queued = |e| turn.queue.iter().position(|s| s.unit == e);
        match (queued(a.entity), queued(t.entity)) {
            (Some(i), Some(j)) => i < j,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => {
                let at = |e| turn.order.iter().position(|o| *o == e);
                matches!((at(a.entity), at(t.entity)), (Some(i), Some(j)) if i < j)
            }
        }
    }

    /// What `t` held in `kind` adds to `a`'s best melee blow on it from where `a` stands
    /// (any blow, shots too, where the hold lowers the ranged Defense as well:
    /// `eases_shots`): the blow's worth on `t` so held less its worth on `t` as it is
    /// (`now`: `a` is the unit acting, with the AP it has; else as on its own turn, with a
    /// turn's AP).
    fn held_blow_gain(
        &self,
        snap: &Snapshot,
        a: &UnitSnap,
        t: &UnitSnap,
        now: bool,
        kind: ConditionKind,
    ) -> f64 {
        let (standing, turn) = self.turn_of(snap, a, now);
        let prone = held_in(&standing, t, kind, turn.round);
        let blow = |s: &Snapshot| self.best_blow(s, &turn, a, t, !eases_shots(kind));
        (blow(&prone) - blow(&standing)).max(0.0)
    }

    /// `a`'s best blow on `t` in battle `s` at `turn` from where `a` stands (with a melee
    /// weapon only: `melee_only`), on the planner's scale (`attack_worth`); 0 where it has
    /// none.
    pub(super) fn best_blow(
        &self,
        s: &Snapshot,
        turn: &TurnState,
        a: &UnitSnap,
        t: &UnitSnap,
        melee_only: bool,
    ) -> f64 {
        let view = View {
            ctx: Ctx {
                snap: s,
                ..self.view.ctx
            },
            turn,
            ..*self.view
        };
        let (Some(a), Some(t)) = (s.get(a.entity), s.get(t.entity)) else {
            return 0.0;
        };
        ai::attack_commands(s, a)
            .filter(|(o, _)| o.entity == t.entity)
            .filter(|(_, cmd)| !melee_only || melee(a, cmd))
            .filter_map(|(_, cmd)| preview(&view, &cmd).ok())
            .map(|p| attack_worth(&p, t, self.view.ctx.rules))
            .fold(0.0, f64::max)
    }

    /// What standing up costs `t` once tripped, on its next turn: the attacks its Stand Up
    /// provokes (RULES §4) from where the enemies round it stand, each on `t` still Prone.
    /// Where it stays down instead, the blows on it keep their advantage: this stands for
    /// either.
    fn stand_price(&self, snap: &Snapshot, t: &UnitSnap) -> f64 {
        let (standing, turn) = self.turn_of(snap, t, false);
        let prone = held_in(&standing, t, ConditionKind::Prone, turn.round);
        let view = View {
            ctx: Ctx {
                snap: &prone,
                ..self.view.ctx
            },
            turn: &turn,
            ..*self.view
        };
        let stand = Command::StandUp {
            unit: t.name.to_string(),
        };
        let Ok(p) = preview(&view, &stand) else {
            return 0.0;
        };
        p.reactions
            .iter()
            .filter(|r| r.kind != ReactionKind::Swift)
            .filter_map(|r| self.reaction_worth(&view.ctx, t, r))
            .sum()
    }

    /// What `t` loses on its next turn where `ap_lost` of its AP go first to something else
    /// (a Pinned enemy's Escape): its best attack, as on its own turn, times the blows those
    /// AP would have paid for.
    pub(super) fn blows_lost(&self, snap: &Snapshot, t: &UnitSnap, ap_lost: u32) -> f64 {
        let (s, turn) = self.turn_of(snap, t, false);
        let view = View {
            ctx: Ctx {
                snap: &s,
                ..self.view.ctx
            },
            turn: &turn,
            ..*self.view
        };
        let Some(u) = s.get(t.entity) else {
            return 0.0;
        };
        let ap = self.turn_ap(t);
        let lost = self.turn_attacks(ap) - self.turn_attacks(ap.saturating_sub(ap_lost));
        self.best_attack(&view, u).map_or(0.0, |a| a.0) * f64::from(lost)
    }

    /// The battle as on `u`'s own turn: `u` active with a turn's AP (`now`: as it stands).
    pub(super) fn turn_of(
        &self,
        snap: &Snapshot,
        u: &UnitSnap,
        now: bool,
    ) -> (Snapshot, TurnState) {
        let mut turn: TurnState = self.view.turn.clone();
        let mut s = snap.clone();
        if !now {
            turn.phase = Phase::Active(u.entity);
            turn.union.clear();
            if let Some(x) = s.units.iter_mut().find(|x| x.entity == u.entity) {
                x.ap = self.turn_ap(u);
                x.attacks = 0;
            }
        }
        (s, turn)
    }
}

/// Whether a unit held in `kind` is easier to shoot as well as to strike: Seed003's
/// Pinned, whose Immobile Defense replaces the ranged Defense too (H2); not Prone, which
/// makes shots harder (RULES §9).
fn eases_shots(kind: ConditionKind) -> bool {
    kind == ConditionKind::Pinned
}

/// `snap` with `t` held in condition `kind` (fallen Prone, Pinned).
fn held_in(snap: &Snapshot, t: &UnitSnap, kind: ConditionKind, round: u32) -> Snapshot {
    with_condition(snap, t.entity, kind, None, round)
}

/// `snap` with unit `who` in condition `kind` from round `round`, until removed, linked to
/// `link` (a grapple's partner).
pub fn with_condition(
    snap: &Snapshot,
    who: Entity,
    kind: ConditionKind,
    link: Option<Entity>,
    round: u32,
) -> Snapshot {
    let mut s = snap.clone();
    if let Some(u) = s.units.iter_mut().find(|u| u.entity == who) {
        u.conditions.0.push(ConditionInstance {
            kind,
            duration: Duration::UntilRemoved,
            source: Arc::from("held"),
            round,
            holder_turns: 0,
            parent: None,
            link,
        });
    }
    s
}

/// Whether attack `cmd` of `a` is made with a melee weapon.
fn melee(a: &UnitSnap, cmd: &Command) -> bool {
    let Command::Attack {
        weapon: Some(w), ..
    } = cmd
    else {
        return false;
    };
    a.stats.weapons.iter().any(|x| &x.name == w && x.is_melee())
}
