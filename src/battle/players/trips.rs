//! Trips (`Hard`): an enemy knocked Prone (RULES §4 Trip, §9 Prone: melee attacks on it have
//! advantage) where the blows that follow before it stands up gain more than a blow now.

use super::tactician::Tactician;
use super::worth::{attack_worth, menace};
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
use std::sync::Arc;

/// What Hard counts of the attacks a tripped enemy's Stand Up would provoke
/// (`stand_price`), beside the blows on it Prone before its next turn. On seven Core levels
/// against Normal (420 games a seed, seeds 5001 and 7001) Hard won 75.2% and 71.2% without
/// trips; 73.8% and 69.3% at 1 (a Prone Hard unit next to its enemies stays down and
/// strikes, so the price is seldom paid in full); 75.0% and 71.2% at 0.25; at 0 trips never
/// came up on those levels (the same games as without). docs/ai-experiments.md.
const STAND_PRICE_WEIGHT: f64 = 0.25;

impl Tactician<'_, '_> {
    /// Trips that pay: the chance the contest is won times what advantage adds to the
    /// melee blows on the fallen enemy before its next turn (the tripper's own with the AP
    /// left, and each ally's whose turn comes first, from where it stands), the enemy
    /// weighed by how hard it hits as `best_attack` weighs it. A Prone enemy is not tripped
    /// again.
    pub(super) fn trips(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        let snap = self.view.ctx.snap;
        let enemies: Vec<&UnitSnap> = self.able_enemies(me).collect();
        let typical = enemies.iter().map(|t| menace(t)).sum::<f64>() / enemies.len().max(1) as f64;
        enemies
            .iter()
            .filter(|t| t.pos.is_adjacent(me.pos) && !t.has(ConditionKind::Prone))
            .filter_map(|t| {
                let cmd = Command::Trip {
                    unit: me.name.to_string(),
                    target: t.name.to_string(),
                };
                let p = preview(self.view, &cmd).ok()?;
                let win = self.contest_chance(&p)?;
                let weight = if typical > 0.0 {
                    menace(t) / typical
                } else {
                    1.0
                };
                let cost = self.view.ctx.rules.cost(ActionKind::Trip).unwrap_or(2);
                let own = (me, self.attacks_left(me.ap.saturating_sub(cost)));
                let allies = snap
                    .allies_of(me)
                    .filter(|a| a.able() && self.acts_before(a, t))
                    .map(|a| (a, self.attacks_left(self.view.ctx.rules.ap_per_turn)));
                let gain: f64 = std::iter::once(own)
                    .chain(allies)
                    .filter(|(_, n)| *n > 0)
                    .map(|(a, n)| f64::from(n) * self.prone_gain(snap, a, t, a.entity == me.entity))
                    .sum::<f64>()
                    + STAND_PRICE_WEIGHT * self.stand_price(snap, t);
                Some((win * weight * gain, cmd))
            })
            .filter(|(v, _)| *v > 0.0)
            .collect()
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

    /// What `t` lying Prone adds to `a`'s best melee blow on it from where `a` stands: the
    /// blow's worth on `t` Prone less its worth on `t` standing (`now`: `a` is the unit
    /// acting, with the AP it has; else as on its own turn, with a turn's AP).
    fn prone_gain(&self, snap: &Snapshot, a: &UnitSnap, t: &UnitSnap, now: bool) -> f64 {
        let (standing, turn) = self.turn_of(snap, a, now);
        let prone = knocked_down(&standing, t, turn.round);
        let blow = |s: &Snapshot| self.best_blow(s, &turn, a, t, true);
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
        let prone = knocked_down(&standing, t, turn.round);
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
                x.ap = self.view.ctx.rules.ap_per_turn;
                x.attacks = 0;
            }
        }
        (s, turn)
    }
}

/// `snap` with `t` fallen Prone.
fn knocked_down(snap: &Snapshot, t: &UnitSnap, round: u32) -> Snapshot {
    let mut s = snap.clone();
    if let Some(u) = s.units.iter_mut().find(|u| u.entity == t.entity) {
        u.conditions.0.push(ConditionInstance {
            kind: ConditionKind::Prone,
            duration: Duration::UntilRemoved,
            source: Arc::from("Trip"),
            round,
            holder_turns: 0,
            parent: None,
            link: None,
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
