//! A tile's worth for the side's aims (its objective areas, the enemy's, closing in), and
//! when a side presses on after a standoff.

use super::tactician::Tactician;
use super::worth::menace;
use crate::battle::snapshot::UnitSnap;
use crate::level::Objective;
use crate::rules::grid::Pos;

/// A tile of the side's objective area (standing in it, or nearer it).
const OBJECTIVE: f64 = 0.6;
const OBJECTIVE_STEP: f64 = 0.04;

/// Each tile nearer the nearest enemy, so that a unit with nothing better closes in.
const APPROACH_STEP: f64 = 0.03;

/// After this many rounds a side at least as strong as its enemies stops pricing the
/// reactions on its way to a strike, and closes in whatever the danger (`presses_on`).
const STANDOFF_ROUNDS: u32 = 10;

impl Tactician<'_, '_> {
    /// What tile `p` is worth for the side's aims: its objective areas (and the enemy's,
    /// to contest them), else closing in on the nearest enemy (not for a side that holds
    /// out, `holds_out`).
    pub(super) fn aims(&self, me: &UnitSnap, p: Pos, ranged: bool) -> f64 {
        let mut worth = 0.0;
        for o in self.view.roster.objectives.iter() {
            let (side, tiles) = match o {
                Objective::HoldArea { side, tiles, .. }
                | Objective::ReachArea { side, tiles, .. } => (*side, tiles),
                Objective::Survive { .. } => continue,
            };
            let mine = side == me.side;
            let near = tiles.iter().map(|t| t.distance(p)).min().unwrap_or(0);
            let weight = if mine { OBJECTIVE } else { OBJECTIVE / 2.0 };
            worth += if near == 0 {
                weight
            } else {
                -OBJECTIVE_STEP * f64::from(near) * if mine { 1.0 } else { 0.5 }
            };
        }
        if self.holds_out(me) {
            return worth;
        }
        let nearest = self
            .able_enemies(me)
            .map(|e| e.pos.distance(p))
            .min()
            .unwrap_or(0);
        // An archer need come no nearer than its range.
        let range = if ranged {
            me.stats
                .weapons
                .iter()
                .filter(|w| !w.is_melee())
                .map(|w| w.range.0)
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        worth - APPROACH_STEP * f64::from(nearest.saturating_sub(range))
    }

    /// Whether `me`'s side presses on, into the reactions its strikes would provoke and into
    /// danger while it closes in: after `STANDOFF_ROUNDS` rounds, when its able units are at
    /// least as strong as its enemies' (vitality times how hard each hits). Two wary sides
    /// each of whose way to a strike passes through the other's reach would otherwise wait
    /// each other out for ever (a `courtyard` duel between Hard and Normal stood still from
    /// round 5 until the 5,000th command), and so would two archers each in the other's
    /// range behind a pillar, where the first to step into sight gives the other the first
    /// shot (`river_ford`, seed 5002, until now).
    pub(super) fn presses_on(&self, me: &UnitSnap) -> bool {
        presses_on(self.view, me)
    }
}

/// Whether `me`'s side presses on after a standoff (`Tactician::presses_on`): past
/// `STANDOFF_ROUNDS`, its able units at least as strong as its enemies'. A rulebook's
/// choice to lie in wait asks it too: the side that presses on does not wait for the
/// enemy to come (Seed004's Ready: a `pit` duel of Hilde readied and Grug waiting would
/// otherwise stand still until the command limit).
pub fn presses_on(view: &crate::battle::command::View, me: &UnitSnap) -> bool {
    let strength = |ours: bool| -> f64 {
        (view.ctx.snap.units.iter())
            .filter(|u| u.able() && (u.side == me.side) == ours)
            .map(|u| f64::from(u.vitality.max(0)) * menace(u))
            .sum()
    };
    view.turn.round > STANDOFF_ROUNDS && strength(true) >= strength(false)
}
