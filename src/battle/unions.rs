//! Seed000's unions (presets/Seed000.md, "Initiative"): units a level pairs up take one
//! slot in the fixed initiative ladder, at the exact average of their standing members'
//! initiative; in that slot every member's turn starts at once, commands may name any
//! member in any order, and the slot ends when every member has ended its turn.

use super::engine::{Battle, Phase};
use crate::rules::ruleset::SurpriseRule;
use bevy::prelude::Entity;
use std::cmp::Ordering;

/// One place in a round's order: a combatant alone, or a union's standing members.
#[derive(Clone, Debug)]
pub struct Place {
    pub members: Vec<Entity>,
    /// The initiative as a fraction: the members' sum over their count.
    sum: i64,
    count: i64,
    /// Acts after everyone else (round 1, a surprised side).
    last: bool,
    /// The first-listed member's side and index: the tie-breaks.
    side: usize,
    index: usize,
}

impl Place {
    fn cmp(&self, o: &Place) -> Ordering {
        self.last
            .cmp(&o.last)
            .then_with(|| (o.sum * self.count).cmp(&(self.sum * o.count)))
            .then_with(|| (self.side, self.index).cmp(&(o.side, o.index)))
    }
}

impl Battle<'_, '_> {
    /// The fixed ladder of this round: every combatant by its current `initiative`, a
    /// union with at least two standing members as one place; highest first, ties to the
    /// side listed first and then the unit listed first (a union where its first-listed
    /// member would stand). In round 1 the surprised act last.
    pub fn fixed_order(&self) -> Vec<Place> {
        let snap = self.snapshot();
        let surprise_last =
            self.turn.round == 1 && self.rules.0.surprise != SurpriseRule::LoseFirstTurn;
        let mut places: Vec<Place> = Vec::new();
        let mut placed: Vec<Entity> = Vec::new();
        for union in &self.roster.unions {
            let standing: Vec<_> = union
                .iter()
                .filter_map(|e| snap.get(*e))
                .filter(|u| u.able())
                .collect();
            if standing.len() < 2 {
                continue;
            }
            let first = standing[0];
            places.push(Place {
                members: standing.iter().map(|u| u.entity).collect(),
                sum: standing.iter().map(|u| i64::from(u.stats.initiative)).sum(),
                count: standing.len() as i64,
                last: surprise_last && standing.iter().any(|u| self.roster.sides[u.side].surprised),
                side: first.side,
                index: first.index,
            });
            placed.extend(standing.iter().map(|u| u.entity));
        }
        for u in snap.units.iter().filter(|u| !placed.contains(&u.entity)) {
            places.push(Place {
                members: vec![u.entity],
                sum: i64::from(u.stats.initiative),
                count: 1,
                last: surprise_last && self.roster.sides[u.side].surprised,
                side: u.side,
                index: u.index,
            });
        }
        places.sort_by(Place::cmp);
        places
    }

    /// The union of this round whose slot `e` belongs to, if any.
    pub fn round_union_of(&self, e: Entity) -> Option<Vec<Entity>> {
        self.turn
            .round_unions
            .iter()
            .find(|u| u.contains(&e))
            .cloned()
    }

    /// Commands may name any member of the union whose slot this is: the one named becomes
    /// the active one, and the one it replaces waits its turn again.
    pub fn focus_union_member(&mut self, actor: Entity) {
        let Some(active) = self.turn.active() else {
            return;
        };
        if actor == active || !self.turn.union.contains(&actor) {
            return;
        }
        self.turn.union.retain(|e| *e != actor);
        self.turn.union.insert(0, active);
        self.turn.phase = Phase::Active(actor);
    }

    /// The next member of the union still to end its turn, if any (those Down since end
    /// theirs on the way).
    pub fn next_union_member(&mut self) -> Option<Entity> {
        while !self.turn.union.is_empty() {
            let next = self.turn.union.remove(0);
            let down = self
                .units
                .get(next)
                .map(|u| u.conditions.is_down())
                .unwrap_or(true);
            if !down {
                return Some(next);
            }
            self.close_turn(next);
        }
        None
    }
}
