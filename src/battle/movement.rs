//! Willing movement step by step (RULES §1, §8): each step is checked again (a reaction may
//! have changed the battle), opportunity attacks come before it, the pool and then 1 AP at a
//! time pay for it. A walk ends on a tile where the mover may stand, and reaching the
//! level's areas counts for its objectives. The costs and the reachable set are in
//! `rules/path.rs`; who reacts is in `assess.rs`.

use super::engine::{Battle, Gait, Offer, Walk, Work};
use super::events::{BattleEvent, ContestKind, ReactionKind};
use super::snapshot::{Snapshot, UnitSnap};
use crate::level::Objective;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::path::{Occupancy, step_cost};
use crate::rules::ruleset::{ConditionKind, MoveBuying, OpportunityRule};
use bevy::prelude::Entity;

/// What one step of a walk came to.
enum Step {
    /// The mover stepped, for this many metres; the walk goes on.
    Moved(u32),
    /// Reactions come first: the walk waits on the stack behind them.
    Interrupted,
    /// The walk is over.
    Finished,
}

impl Battle<'_, '_> {
    /// Walk on along the path until the walk ends or a reaction interrupts it. One
    /// snapshot serves the whole walk: after each step only the mover is read again.
    pub fn walk(&mut self, mut walk: Walk) {
        let mut snap = self.snapshot();
        loop {
            match self.walk_step(&walk, &snap) {
                Step::Finished | Step::Interrupted => return,
                Step::Moved(cost) => {
                    walk.next += 1;
                    walk.walked += cost;
                    walk.reactions_checked = false;
                    // Seed000: the step may reveal the hidden, and set off held actions,
                    // which come before the walk goes on.
                    self.after_step(walk.mover);
                    let from = match walk.next {
                        1 => walk.start,
                        n => walk.path[n - 2],
                    };
                    // What the step sets off under the rulebook (Seed000: held actions;
                    // Seed003: F3's offers, then readied actions; Seed004: readied attacks;
                    // Seed002: swift attacks).
                    let book = self.rules.0.rulebook.book();
                    let mut held = book.after_step(self, walk.mover, from);
                    held.extend(book.step_reactions(self, &walk, from));
                    if !held.is_empty() {
                        self.resolution.stack.push(Work::Walk(walk));
                        self.resolution.stack.extend(held.into_iter().rev());
                        return;
                    }
                    let held = snap.get(walk.mover).map(|u| u.conditions.0.len());
                    self.refresh(&mut snap, walk.mover);
                    // Stepping away ended a grapple, or a clinger followed: the partner
                    // changed too.
                    if snap.get(walk.mover).map(|u| u.conditions.0.len()) != held
                        || book.steps_move_others()
                    {
                        snap = self.snapshot();
                    }
                    // A step that left someone Unguarded lets the swift attacks come first.
                    if !self.resolution.newly_unguarded.is_empty() {
                        self.resolution.stack.push(Work::Walk(walk));
                        return;
                    }
                }
            }
        }
    }

    /// Read one combatant's components into its place in a snapshot.
    fn refresh(&self, snap: &mut Snapshot, e: bevy::prelude::Entity) {
        let (Ok(item), Some(slot)) = (
            self.units.get(e),
            snap.units.iter_mut().find(|u| u.entity == e),
        ) else {
            return;
        };
        *slot = UnitSnap::of(item);
    }

    /// Why the next step cannot be taken, if it cannot (the path was checked when the
    /// command came, but a reaction may since have changed the battle).
    fn step_blocked(&self, walk: &Walk, m: &UnitSnap, to: Pos, snap: &Snapshot) -> Option<String> {
        if m.has(ConditionKind::Restrained) {
            // RULES §9: a Restrained creature cannot move.
            return Some(format!("{} is Restrained", m.name));
        }
        let prone_stops = walk.charge || self.rules.0.prone_ends_moves;
        if prone_stops && !walk.crawling && m.has(ConditionKind::Prone) {
            // RULES §4: a charger knocked Prone stops where it lies; so does any mover under
            // rules where a fall ends the move (Seed000, Seed001).
            return Some(format!("{} is Prone", m.name));
        }
        if !m.pos.is_adjacent(to) {
            return Some("pushed off its path".to_string());
        }
        let occupant = snap.at(to).filter(|o| o.entity != m.entity);
        let last = walk.next + 1 == walk.path.len();
        let passing = self.ctx(snap).enemy_in_the_way(m, to).is_some() && !last;
        match occupant {
            Some(o) if super::assess::occupancy_of(m, o) == Occupancy::Blocked && !passing => {
                Some(format!("{to} is blocked by an enemy"))
            }
            Some(_) if last => Some(format!("{to} is occupied")),
            _ => None,
        }
    }

    fn walk_step(&mut self, walk: &Walk, snap: &Snapshot) -> Step {
        let Some(m) = snap.get(walk.mover) else {
            return Step::Finished;
        };
        let Some(&to) = walk.path.get(walk.next).filter(|_| !m.is_down()) else {
            self.finish_walk(walk);
            return Step::Finished;
        };
        // Seed000: running into a hidden enemy stops the walk and reveals it.
        if let Some(h) = snap
            .at(to)
            .filter(|h| h.side != m.side && h.hidden_from(m.side))
        {
            let (h, name) = (h.entity, h.name.clone());
            self.reveal(h, &format!("{} runs into it", m.name));
            return self.stop_walk(walk, m, format!("{name} was hidden on {to}"));
        }
        let ctx = self.ctx(snap);
        // A rulebook's own gaits may cost more (Seed002's runs pay metres for turning).
        let book = self.rules.0.rulebook.book();
        let turning = Dir8::of_step(m.pos, to).map_or(0, |d| book.step_extra(m, &walk.gait, d));
        let step = step_cost(
            &self.map.grid,
            m.pos,
            to,
            &ctx.move_profile(m),
            m.pool.odd_diagonals,
        )
        .map(|(cost, odd)| match ctx.enemy_in_the_way(m, to) {
            Some(_) => (cost * 2 + turning, odd),
            None => (cost + turning, odd),
        });
        let stop = self.step_blocked(walk, m, to, snap).or_else(|| {
            step.as_ref()
                .err()
                .map(|e| format!("cannot step to {to}: {e}"))
        });
        if let Some(reason) = stop {
            return self.stop_walk(walk, m, reason);
        }
        let Ok((cost, odd)) = step else {
            return Step::Finished;
        };
        // Opportunity attacks happen before the step; Take Opening (Seed004) only when the
        // step leaves the reactor's reach; Seed002's Swift Attacks when the step starts in
        // reach, an Agile Move's never.
        // Seed003: Rebuffs (and a grapple partner's Cling) come before a willing step.
        let rebuff = self.rules.0.opportunity == OpportunityRule::Rebuff;
        if rebuff && !walk.reactions_checked {
            let offers = book.step_offers(self, m, to, &walk.gait);
            if !offers.is_empty() {
                self.resolution.stack.push(Work::Walk(Walk {
                    reactions_checked: true,
                    ..walk.clone()
                }));
                self.resolution
                    .stack
                    .extend(offers.into_iter().rev().map(Work::Offer));
                return Step::Interrupted;
            }
        }
        // Swift Attacks (Seed002) stand apart from this turn's opportunity attacks.
        let swift_steps = self.rules.0.opportunity == OpportunityRule::SwiftSteps;
        let struck: &[(Entity, Entity)] = if swift_steps {
            &[]
        } else {
            &self.turn.opportunity_used
        };
        if !rebuff && !walk.reactions_checked && (!swift_steps || book.gait_provokes(&walk.gait)) {
            let (reactors, kind) = ctx.step_reactors(m, m.pos, to, struck);
            if !reactors.is_empty() {
                self.resolution.stack.push(Work::Walk(Walk {
                    reactions_checked: true,
                    ..walk.clone()
                }));
                if kind == ReactionKind::Swift {
                    // The target's own step sets these off (X1 b; X3 reads it).
                    let offers = reactors.into_iter().rev().map(|reactor| {
                        Work::Offer(Offer {
                            reactor,
                            kind,
                            target: walk.mover,
                            stepped: true,
                        })
                    });
                    self.resolution.stack.extend(offers);
                } else {
                    self.push_offers(reactors, kind, walk.mover);
                }
                return Step::Interrupted;
            }
        }
        let per_ap = ctx.metres_per_ap(m);
        let in_the_way = ctx.enemy_in_the_way(m, to).map(|e| e.entity);
        if let Some(e) = in_the_way.and_then(|e| snap.get(e))
            && !self.pass_through(m, e)
        {
            let reason = format!("{} bars the way", e.name);
            return self.stop_walk(walk, m, reason);
        }
        let paid = match walk.gait {
            Gait::Pool => walk.charge || self.pay_for_step(m, per_ap, cost),
            Gait::Own(_) => book.pay_step(self, m, walk, cost),
        };
        if !paid {
            let reason = format!("not enough movement to enter {to} ({cost} m)");
            return self.stop_walk(walk, m, reason);
        }
        self.take_step(walk, m, to, cost, odd);
        Step::Moved(cost)
    }

    /// Seed000: passing through an enemy's tile needs a won contest unless the sizes are 2
    /// or more apart; a loser may not try that enemy again this turn. Passing gives a
    /// hidden mover away.
    fn pass_through(&mut self, m: &UnitSnap, e: &UnitSnap) -> bool {
        self.reveal_by_acting(m.entity);
        let size_gap = (e.stats.size.rank() - m.stats.size.rank()).abs();
        if size_gap >= 2 {
            return true;
        }
        let passed = self.contest(ContestKind::PassThrough, m.entity, e.entity) == Some(true);
        if !passed {
            self.turn.barred.push((m.entity, e.entity));
        }
        passed
    }

    fn stop_walk(&mut self, walk: &Walk, m: &UnitSnap, reason: String) -> Step {
        self.emit(BattleEvent::MoveStopped {
            unit: m.name.to_string(),
            at: m.pos,
            reason,
        });
        self.finish_walk(walk);
        Step::Finished
    }

    /// Pay `cost` metres: the pool first, then 1 AP at a time for `per_ap` metres each.
    /// False (and nothing paid) when the pool and the AP cannot cover it.
    fn pay_for_step(&mut self, m: &UnitSnap, per_ap: u32, cost: u32) -> bool {
        let (mut pool, mut ap) = (m.pool.metres, m.ap);
        // Seed003: each AP buys the yards the M1 formula gives at the round's rate.
        let quarters = self.rules.0.move_buying == MoveBuying::RateQuarters;
        let mut bought = 0;
        let book = self.rules.0.rulebook.book();
        let next = |bought: u32| match quarters {
            true => book.metres_for_ap(m, bought, 1).unwrap_or(per_ap),
            false => per_ap,
        };
        while pool < cost && ap > 0 && (quarters || per_ap > 0) {
            let per_ap = next(bought);
            bought += 1;
            ap -= 1;
            pool += per_ap;
            self.emit(BattleEvent::ActionTaken {
                unit: m.name.to_string(),
                action: ActionKind::Move,
                ap_cost: 1,
                ap_left: ap,
                from_stamina: 0,
                cancelled: false,
            });
            self.emit(BattleEvent::MovementAdded {
                unit: m.name.to_string(),
                metres: per_ap,
                pool,
            });
            self.after_action(m.entity, ActionKind::Move);
        }
        if pool < cost {
            return false;
        }
        let book = self.rules.0.rulebook.book();
        if let Ok(mut u) = self.units.get_mut(m.entity) {
            u.ap.0 = ap;
            u.pool.metres = pool - cost;
            book.movement_bought(&mut u.own, bought);
        }
        true
    }

    /// The mover enters `to`, turning towards its step.
    fn take_step(&mut self, walk: &Walk, m: &UnitSnap, to: Pos, cost: u32, odd: bool) {
        let from = m.pos;
        let pool_left = {
            let Ok(mut u) = self.units.get_mut(walk.mover) else {
                return;
            };
            u.pos.0 = to;
            u.pool.odd_diagonals = odd;
            u.flags.acted = true;
            if let Some(d) = Dir8::of_step(from, to) {
                u.facing.0 = d;
            }
            u.pool.metres
        };
        (self.rules.0.rulebook.book()).step_taken(self, walk, from, to, cost);
        // Who the walk's own gait moves along (Seed003's Drag: the partner, into the tile
        // left).
        (self.rules.0.rulebook.book()).follow_step(self, walk, m, from);
        self.emit(BattleEvent::Moved {
            unit: m.name.to_string(),
            from,
            to,
            cost: if walk.charge { 0 } else { cost },
            pool: pool_left,
        });
        // Who follows the mover (Seed003's Cling: into the tile left, before the grapple
        // is judged, so it holds).
        self.rules
            .0
            .rulebook
            .book()
            .stepped(self, walk.mover, from, to);
        self.check_grapples(walk.mover, "moved apart");
    }

    /// A move is over: the mover must stand alone on its tile, and the areas the level
    /// asks combatants to reach are checked.
    fn finish_walk(&mut self, walk: &Walk) {
        self.set_back_if_sharing(walk);
        self.rules.0.rulebook.book().finish_walk(self, walk);
        let Ok(u) = self.units.get(walk.mover) else {
            return;
        };
        if u.conditions.is_down() {
            return;
        }
        let (side, at, name) = (u.side.0, u.pos.0, u.combatant.name.clone());
        let objectives = self.roster.objectives.clone();
        for (i, o) in objectives.iter().enumerate() {
            let Objective::ReachArea {
                side: goal_side,
                tiles,
                count,
            } = o
            else {
                continue;
            };
            let reached = &mut self.objectives.reached[i];
            if *goal_side != side || !tiles.contains(&at) || reached.contains(&walk.mover) {
                continue;
            }
            reached.push(walk.mover);
            let n = reached.len();
            let side_name = self.roster.sides[side].name.clone();
            self.emit(BattleEvent::ObjectiveProgress {
                side: side_name,
                text: format!("{name} reached the area ({n} of {count})"),
            });
        }
    }

    /// A walk may end on a tile the mover was only passing through (an ally's, or a Down
    /// creature's): an opportunity attack dropped it there, or its movement ran out after
    /// a reaction knocked it Prone. Two creatures never share a tile at rest, so it is set
    /// back along its walk to the last tile where it can stand, or, when every one of
    /// those has since been taken, to the nearest free tile (docs/RULES_NOTES.md).
    fn set_back_if_sharing(&mut self, walk: &Walk) {
        // Most walks end alone on their tile: read the positions before any snapshot.
        let Ok(at) = self.units.get(walk.mover).map(|u| u.pos.0) else {
            return;
        };
        if self
            .units
            .iter()
            .all(|u| u.pos.0 != at || u.entity == walk.mover)
        {
            return;
        }
        let snap = self.snapshot();
        let Some(m) = snap.get(walk.mover) else {
            return;
        };
        let alone_on = |p: Pos| {
            snap.units
                .iter()
                .all(|u| u.pos != p || u.entity == m.entity)
        };
        if alone_on(m.pos) {
            return;
        }
        let free = |p: Pos| self.map.grid.passable(p) && alone_on(p);
        // Most recent first: path[next - 2], …, path[0], then the start.
        let walked = &walk.path[..walk.next.min(walk.path.len())];
        let back = std::iter::once(&walk.start)
            .chain(walked)
            .rev()
            .copied()
            .find(|&p| p != m.pos && free(p))
            .or_else(|| nearest_free_tile(m.pos, &self.map.grid, free));
        let Some(to) = back else { return };
        let (name, from) = (m.name.to_string(), m.pos);
        if let Ok(mut u) = self.units.get_mut(walk.mover) {
            u.pos.0 = to;
        }
        self.emit(BattleEvent::SetBack {
            unit: name,
            from,
            to,
        });
        self.check_grapples(walk.mover, "moved apart");
    }
}

/// The free tile nearest to `centre` (Chebyshev distance; ties go to the first in reading
/// order), if the map has one.
fn nearest_free_tile(
    centre: Pos,
    grid: &crate::rules::terrain::TerrainGrid,
    free: impl Fn(Pos) -> bool,
) -> Option<Pos> {
    let side = grid.width.max(grid.height) as i32;
    (1..=side).find_map(|r| {
        (centre.y - r..=centre.y + r)
            .flat_map(|y| (centre.x - r..=centre.x + r).map(move |x| Pos::new(x, y)))
            .filter(|p| p.distance(centre) == r as u32)
            .find(|&p| free(p))
    })
}
