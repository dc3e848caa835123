//! Pulling back: a badly wounded unit while a sound ally fights on, and `Hard`'s side that
//! must survive to a round still to come.

use super::Player;
use super::tactician::Tactician;
use crate::battle::snapshot::UnitSnap;
use crate::level::Objective;

/// At or below this share of its vitality a unit is badly wounded: it weighs danger more.
const WOUNDED_SHARE: f64 = 0.35;

/// A badly wounded unit pulls back unless an attack from where it stands is worth this.
const RETREAT_UNLESS_WORTH: f64 = 0.5;

impl Tactician<'_, '_> {
    /// Whether `me` pulls back to the safest tile rather than strike or close in: when no
    /// blow from where it stands is worth `RETREAT_UNLESS_WORTH` (`attack_here`), `Hard`'s
    /// side that must survive (`holds_out`), or a badly wounded unit while a sound ally
    /// fights on.
    pub(super) fn retreats(&self, me: &UnitSnap, attack_here: Option<f64>) -> bool {
        let ctx = &self.view.ctx;
        // Only while a sound ally fights on: a side never hides from the battle entirely.
        // Under activations a retreat would spend the side's one action: it fights on.
        let cover_me = ctx
            .snap
            .allies_of(me)
            .any(|u| u.able() && !badly_wounded(u));
        // Nor while a sound ally fights next to an enemy: the wounded unit fights on beside
        // it, and the enemy's blows stay split between them. Hard's side that must survive
        // keeps away whatever its wounds (`holds_out`).
        let no_blow_worth_it = attack_here.unwrap_or(0.0) < RETREAT_UNLESS_WORTH;
        no_blow_worth_it
            && (self.holds_out(me)
                || (badly_wounded(me)
                    && cover_me
                    && !self.allies_engaged(me)
                    && !ctx.rules.rulebook.book().activations()))
    }

    /// Whether a sound ally of `me` stands next to an able enemy.
    fn allies_engaged(&self, me: &UnitSnap) -> bool {
        let snap = self.view.ctx.snap;
        snap.allies_of(me)
            .filter(|u| u.able() && !badly_wounded(u))
            .any(|u| {
                snap.enemies_of(u)
                    .any(|e| e.able() && e.pos.is_adjacent(u.pos))
            })
    }

    /// A side that must survive plays safer.
    pub(super) fn survival_factor(&self, me: &UnitSnap) -> f64 {
        if self.must_survive(me) { 2.0 } else { 1.0 }
    }

    /// Whether `me`'s side must survive until a round still to come (a `Survive` objective:
    /// one standing unit at that round's end wins).
    fn must_survive(&self, me: &UnitSnap) -> bool {
        self.view.roster.objectives.iter().any(|o| {
            matches!(o, Objective::Survive { side, rounds }
                if *side == me.side && self.view.turn.round <= *rounds)
        })
    }

    /// Whether `me`'s side must survive (`must_survive`), played by `Hard`: one standing
    /// unit at the round's end wins, so its units keep away from the enemy, each to its
    /// safest tile, rather than close in, and strike only where a blow from where they stand
    /// is worth `RETREAT_UNLESS_WORTH`. On `ambush`, as the surviving Blue, Hard won 65.0% of
    /// 200 games against Normal (33.5% before) and 84.0% against greedy (81.0%; seed 9001,
    /// docs/ai-experiments.md).
    pub(super) fn holds_out(&self, me: &UnitSnap) -> bool {
        self.player == Player::Hard && self.must_survive(me)
    }
}

/// At or below `WOUNDED_SHARE` of its vitality.
fn badly_wounded(u: &UnitSnap) -> bool {
    f64::from(u.vitality) <= WOUNDED_SHARE * f64::from(u.max_vitality)
}
