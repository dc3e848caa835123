//! Movement and reactions as the assessment sees them (RULES §2, §8; Seed000's passing
//! through enemies): who watches a tile, what each tile is to a mover, its budget and the
//! tiles it reaches, the AP a move needs, and who may react to a step or a push. The rest
//! of the assessment (attacks, cover, pushes) is in `assess.rs`.

use super::assess::{Ctx, metres_per_ap, occupancy_of};
use super::events::ReactionKind;
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::grid::Pos;
use crate::rules::path::{MoveProfile, Occupancy, path_to, reachable};
use crate::rules::reach::Reach;
use crate::rules::ruleset::{
    ConditionKind, MoveBuying, OpportunityRule, ProneMovement, ReactionPool,
};
use crate::rules::unit::ReactionFeature;
use bevy::prelude::Entity;

impl<'a> Ctx<'a> {
    /// The standing enemies of `u` that see its tile (Core's line of sight): those who
    /// keep it from hiding, or see through its hiding (Seed000).
    pub fn watchers(&self, u: &'a UnitSnap) -> impl Iterator<Item = &'a UnitSnap> + 'a {
        let (snap, grid) = (self.snap, self.grid);
        snap.enemies_of(u)
            .filter(move |e| e.able() && grid.sight(e.pos, u.pos).clear)
    }

    /// Seed000: the standing enemy a mover's path may pass through on `p` (its tile costs
    /// double, and a contest may come first), under `pass_enemies`; hidden enemies are not
    /// known to be there.
    pub fn enemy_in_the_way(&self, mover: &UnitSnap, p: Pos) -> Option<&'a UnitSnap> {
        if !self.rules.pass_enemies {
            return None;
        }
        self.snap
            .units
            .iter()
            .find(|o| o.pos == p && o.side != mover.side && o.able() && !o.hidden_from(mover.side))
    }

    /// What each tile is to `mover`: free, pass-through or blocked.
    pub fn occupancy(&self, mover: &UnitSnap) -> Vec<Occupancy> {
        let mut occ = vec![Occupancy::Empty; (self.grid.width * self.grid.height) as usize];
        for o in &self.snap.units {
            if o.entity == mover.entity {
                continue;
            }
            let Some(i) = self.grid.index(o.pos) else {
                continue;
            };
            occ[i] = occupancy_of(mover, o);
        }
        occ
    }

    pub fn move_profile(&self, mover: &UnitSnap) -> MoveProfile {
        let crawling = self.rules.prone_movement == ProneMovement::DoubleCost;
        MoveProfile {
            cost_factor: if crawling && mover.has(ConditionKind::Prone) {
                2
            } else {
                1
            },
            diagonal: self.rules.diagonal_cost,
            odd_diagonals: mover.pool.odd_diagonals,
        }
    }

    /// Metres one AP buys (movement, halved while Grappling).
    pub fn metres_per_ap(&self, mover: &UnitSnap) -> u32 {
        if let Some(metres) = self.bought(mover, 0, 1) {
            return metres;
        }
        metres_per_ap(self.rules, &mover.stats, &mover.conditions)
    }

    /// The metres `ap` more AP buy where the rulebook prices movement its own way
    /// (`MoveBuying::RateQuarters`, Seed003's M1), `spent` after the mover's record.
    fn bought(&self, mover: &UnitSnap, spent: u32, ap: u32) -> Option<u32> {
        (self.rules.move_buying == MoveBuying::RateQuarters)
            .then(|| self.rules.rulebook.book().metres_for_ap(mover, spent, ap))
            .flatten()
    }

    /// Whether the unit can move at all (not Down, not Restrained).
    pub fn can_move(&self, mover: &UnitSnap) -> Result<(), Refusal> {
        if mover.is_down() {
            Err(Refusal::Down {
                unit: mover.name.to_string(),
            })
        } else if mover.has(ConditionKind::Restrained) {
            Err(Refusal::Restrained)
        } else if mover.has(ConditionKind::Pinned) {
            Err(Refusal::NotWhile {
                condition: ConditionKind::Pinned,
            })
        } else {
            Ok(())
        }
    }

    /// The metres the unit can still move this turn: its pool, plus what its remaining AP
    /// buy.
    pub fn move_budget(&self, mover: &UnitSnap) -> u32 {
        if let Some(metres) = self.bought(mover, 0, mover.ap) {
            return mover.pool.metres + metres;
        }
        mover.pool.metres + mover.ap * self.metres_per_ap(mover)
    }

    /// Every tile the unit can reach this turn with its pool and remaining AP; under
    /// Seed002, with a Run it can pay for.
    pub fn reachable(&self, mover: &UnitSnap) -> Reach {
        if let Some(own) = self.rules.rulebook.book().reachable(self, mover) {
            return own;
        }
        let able = self.can_move(mover).is_ok();
        let budget = if able { self.move_budget(mover) } else { 0 };
        Reach::Pool(self.reachable_within(mover, budget))
    }

    /// Every tile `mover` could walk to from where it stands within `budget` metres, with
    /// its path: the core's walk, whatever the turn has left it (the computer's reckoning
    /// of walks to come).
    pub fn reachable_within(&self, mover: &UnitSnap, budget: u32) -> crate::rules::path::Reachable {
        reachable(
            self.grid,
            &self.occupancy(mover),
            mover.pos,
            budget,
            &self.move_profile(mover),
        )
    }

    /// The path `reachable(mover).path(to)` gives, from a search that stops at `to`.
    pub fn path_to(&self, mover: &UnitSnap, to: Pos) -> Option<Vec<Pos>> {
        if let Some(own) = self.rules.rulebook.book().reachable(self, mover) {
            return own.path(to);
        }
        let budget = if self.can_move(mover).is_ok() {
            self.move_budget(mover)
        } else {
            0
        };
        path_to(
            self.grid,
            &self.occupancy(mover),
            mover.pos,
            budget,
            &self.move_profile(mover),
            to,
        )
    }

    /// AP a move of `cost` metres needs beyond the pool (Seed002: a Run's Energy).
    pub fn ap_for_cost(&self, mover: &UnitSnap, cost: u32) -> u32 {
        if let Some(own) = self.rules.rulebook.book().move_price(mover, cost) {
            return own;
        }
        let extra = cost.saturating_sub(mover.pool.metres);
        // Seed003: the AP the M1 formula needs for the yards beyond the pool.
        if self.bought(mover, 0, 0).is_some() {
            return (0..=mover.ap.max(1) * 2)
                .find(|a| self.bought(mover, 0, *a).is_some_and(|m| m >= extra))
                .unwrap_or(u32::MAX);
        }
        let per = self.metres_per_ap(mover);
        if extra == 0 {
            0
        } else if per == 0 {
            u32::MAX
        } else {
            extra.div_ceil(per)
        }
    }

    /// The enemies that may make an opportunity attack when `mover` steps off `from`
    /// (RULES §8), in initiative order. `used` lists (reactor, mover) pairs that already
    /// attacked this turn.
    pub fn opportunity_reactors(
        &self,
        mover: &UnitSnap,
        from: Pos,
        used: &[(Entity, Entity)],
    ) -> Vec<Entity> {
        let feature = self.rules.opportunity == OpportunityRule::Feature;
        self.reactors(mover, from, |e| {
            !used.contains(&(e.entity, mover.entity))
                && (!feature || e.stats.reactions.contains(&ReactionFeature::Opportunity))
        })
    }

    /// The enemies a willing step of `mover` from `from` to `to` sets off, and the reaction
    /// they make, as the walk offers them (RULES §8, `movement.rs`): opportunity attacks of
    /// each enemy whose reach it leaves (none once the mover has disengaged); Seed004's Take
    /// Opening only for a step out of the reactor's reach; Seed002's Swift Attacks of each
    /// enemy in whose reach the step starts, once a round. `struck` lists (reactor, mover)
    /// pairs already struck: this turn's for opportunity attacks, and for Swift Attacks those
    /// a preview counts as taken (the round's are the reactor's own `swift_used`). Seed003's
    /// Rebuffs are its rulebook's (`Play::step_reactors`, each reactor once; the walk offers
    /// them through `step_offers`).
    pub fn step_reactors(
        &self,
        mover: &UnitSnap,
        from: Pos,
        to: Pos,
        struck: &[(Entity, Entity)],
    ) -> (Vec<Entity>, ReactionKind) {
        match self.rules.opportunity {
            OpportunityRule::Rebuff => {
                let book = self.rules.rulebook.book();
                let (mut reactors, kind) = book.step_reactors(self, mover, from, to);
                reactors.retain(|r| !struck.contains(&(*r, mover.entity)));
                (reactors, kind)
            }
            OpportunityRule::SwiftSteps => {
                let reactors = self.reactors(mover, from, |e| {
                    !e.reactions.swift_used && !struck.iter().any(|&(r, _)| r == e.entity)
                });
                (reactors, ReactionKind::Swift)
            }
            _ if mover.flags.disengaged => (Vec::new(), self.opportunity_kind()),
            rule => {
                let mut reactors = self.opportunity_reactors(mover, from, struck);
                if rule == OpportunityRule::TakeOpening {
                    reactors.retain(|r| {
                        self.snap
                            .get(*r)
                            .is_some_and(|e| !self.melee_reaches(e.pos, to, e.stats.melee_reach()))
                    });
                }
                (reactors, self.opportunity_kind())
            }
        }
    }

    /// The reaction an enemy leaving reach (or standing up) provokes: Core's opportunity
    /// attack, or Seed004's Take Opening.
    pub fn opportunity_kind(&self) -> ReactionKind {
        opportunity_kind(self.rules)
    }

    /// Whether a unit has a reaction and an attack left this round.
    /// A Surprised combatant cannot react before its first turn (it is caught unaware).
    pub fn can_react(&self, u: &UnitSnap) -> bool {
        let paid = match self.rules.reaction_pool {
            ReactionPool::Rp => u.reactions.points > 0,
            ReactionPool::SharedAp => self.rules.rulebook.book().can_pay(self.rules, u, 1),
            ReactionPool::PricedAp => u.ap > 0,
            ReactionPool::Vigor => {
                let price = self
                    .rules
                    .rulebook
                    .book()
                    .reaction_price(ReactionKind::Opening);
                self.vigor_reaction(u, price)
            }
        };
        u.able()
            && !u.has(ConditionKind::Surprised)
            && paid
            && u.attacks < self.rules.attacks_per_round
    }

    /// Whether `t` may pay for a reaction costing `cost` from the pool reactions are paid from (`ReactionPool::Vigor`) now: able, not Winded or
    /// Ambushed, with the Vigor (reactions never come on its own turn: the caller knows
    /// whose turn it is).
    pub fn vigor_reaction(&self, t: &UnitSnap, cost: i32) -> bool {
        t.able()
            && !t.has(ConditionKind::Winded)
            && !t.has(ConditionKind::Ambushed)
            && self.rules.rulebook.book().reaction_pool_left(t) >= cost
            && t.reactions.points > 0
    }

    /// The enemies that may make a swift attack on `target`, who just became Unguarded.
    pub fn swift_reactors(&self, target: &UnitSnap) -> Vec<Entity> {
        self.reactors(target, target.pos, |e| !e.reactions.swift_used)
    }

    /// The enemies of `foe` that can react to it at `at` with a melee weapon (able, with a
    /// reaction left, `at` in reach and in front), and that `allowed` lets react; in turn
    /// order.
    fn reactors(
        &self,
        foe: &UnitSnap,
        at: Pos,
        allowed: impl Fn(&UnitSnap) -> bool,
    ) -> Vec<Entity> {
        let mut out: Vec<&UnitSnap> = self
            .snap
            .enemies_of(foe)
            .filter(|e| {
                // A hidden foe's steps set off nothing of the sides it hides from.
                !foe.hidden_from(e.side)
                    && self.can_react(e)
                    && allowed(e)
                    && self.melee_reaches(e.pos, at, e.stats.melee_reach())
                    && (self.rules.opportunity == OpportunityRule::TakeOpening
                        || self.in_front(e, at))
            })
            .collect();
        out.sort_by_key(|e| (self.order_key(e.entity), e.index));
        out.into_iter().map(|e| e.entity).collect()
    }
}

/// The reaction an enemy leaving reach (or standing up) provokes under these rules.
pub fn opportunity_kind(rules: &crate::rules::ruleset::Ruleset) -> ReactionKind {
    match rules.opportunity {
        OpportunityRule::TakeOpening => ReactionKind::Opening,
        _ => ReactionKind::Opportunity,
    }
}
