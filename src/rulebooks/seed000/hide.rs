//! Seed000's Hide (presets/Seed000.md, "Hiding"): d20 + stealth against each standing
//! enemy's d20 + perception, and its exact chance. What being hidden means is the core's
//! (`battle/hiding.rs`).

use super::Seed000Event;
use crate::battle::assess::Ctx;
use crate::battle::components::Concealment;
use crate::battle::engine::Battle;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed000::action_names;
use crate::rulebooks::seed000::reports::HideReport;
use crate::rulebooks::seed000::stats::Seed000Of;
use crate::rules::odds::Chance;
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Hide: d20 + stealth against each standing enemy's d20 + perception, in level order;
    /// strictly higher than every one hides it from every enemy side.
    pub fn hide(&mut self, unit: Entity) {
        self.spend_ap(unit, action_names::HIDE);
        let snap = self.snapshot();
        let Some(u) = snap.get(unit) else { return };
        let bonus = u.stats.seed000().stealth;
        let roll = self.roll(20, &format!("{} hides (Stealth)", u.name));
        let total = roll as i32 + bonus;
        let mut watchers = Vec::new();
        for e in snap.enemies_of(u).filter(|e| e.able()) {
            let r = self.roll(20, &format!("{} looks out (Perception)", e.name));
            let p = e.stats.seed000().perception;
            watchers.push((e.name.to_string(), r, p, r as i32 + p));
        }
        let hidden = watchers.iter().all(|w| total > w.3);
        self.emit(Seed000Event::HideRolled(HideReport {
            unit: u.name.to_string(),
            roll,
            bonus,
            total,
            watchers,
            hidden,
        }));
        if hidden {
            let sides = Concealment::all_but(u.side, self.roster.sides.len());
            self.conceal(unit, sides, "Hide");
        }
    }
}

/// Exact chances with many watchers would need a denominator past 128 bits; beyond this
/// many the product is rounded to 50 bits.
const EXACT_WATCHERS: usize = 24;

/// The chance that `u` hides: its d20 + stealth strictly above every standing enemy's
/// d20 + perception. P = Σ over its faces of 1/20 × Π over enemies of P(enemy below).
pub fn hide_chance(ctx: &Ctx, u: &UnitSnap) -> Chance {
    let perceptions: Vec<i32> = ctx
        .snap
        .enemies_of(u)
        .filter(|e| e.able())
        .map(|e| e.stats.seed000().perception)
        .collect();
    let below = |s: i32, p: i32| (1..=20).filter(|f| f + p < s).count() as u128;
    if perceptions.len() > EXACT_WATCHERS {
        let total: f64 = (1..=20)
            .map(|h| {
                let s = h + u.stats.seed000().stealth;
                perceptions
                    .iter()
                    .map(|p| below(s, *p) as f64 / 20.0)
                    .product::<f64>()
            })
            .sum::<f64>()
            / 20.0;
        return Chance::new((total * (1u128 << 50) as f64).round() as u128, 1 << 50);
    }
    Chance::sum((1..=20).map(|h| {
        let s = h + u.stats.seed000().stealth;
        perceptions.iter().fold(Chance::new(1, 20), |acc, p| {
            acc * Chance::new(below(s, *p), 20)
        })
    }))
}
