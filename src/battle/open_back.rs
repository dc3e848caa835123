//! Open backs, a hint for the window and not a rule: the enemies that could attack a
//! combatant from its rear arc (RULES §7: advantage) on their next turn, from where they
//! stand or from a tile a fresh turn's movement and AP take them to. The window marks a
//! combatant whose back is open before its side ends its turn.

use super::assess::Ctx;
use super::snapshot::UnitSnap;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ApRefresh;
use bevy::prelude::Entity;

/// An enemy as its next turn begins, with every tile it could attack from.
struct Threat {
    fresh: UnitSnap,
    tiles: Vec<Pos>,
}

impl Ctx<'_> {
    /// The able enemies that could attack `target` from its rear arc on their next turn
    /// (none where the rules have no facing, or the rear arc gains an attack nothing as a
    /// rule: `Play::rear_attacks_gain`). Their move is reckoned with the battle's path
    /// costs, everyone else standing where they are now, and a turn's AP spent on moving;
    /// an attack must be one the rules would allow from that tile (reach, range, sight).
    pub fn open_back_to(&self, target: &UnitSnap) -> Vec<Entity> {
        self.open_backs(target.side)
            .into_iter()
            .find(|(u, _)| *u == target.entity)
            .map(|(_, by)| by)
            .unwrap_or_default()
    }

    /// Each able unit of `side` whose back is open, with the enemies that could strike
    /// it (as `open_back_to`; each enemy's reach worked out once).
    pub fn open_backs(&self, side: usize) -> Vec<(Entity, Vec<Entity>)> {
        let book = self.rules.rulebook.book();
        if !self.rules.facing || !book.rear_attacks_gain() {
            return Vec::new();
        }
        let threats: Vec<Threat> = (self.snap.units.iter())
            .filter(|e| e.side != side && e.able())
            .map(|e| {
                let fresh = self.at_next_turn(e);
                let mut tiles: Vec<Pos> = self.reachable(&fresh).tiles().map(|(p, _)| p).collect();
                tiles.push(e.pos);
                Threat { fresh, tiles }
            })
            .collect();
        (self.snap.units.iter())
            .filter(|u| u.side == side && u.able())
            .filter_map(|u| {
                let by: Vec<Entity> = (threats.iter())
                    .filter(|t| self.strikes_from_behind(t, u))
                    .map(|t| t.fresh.entity)
                    .collect();
                (!by.is_empty()).then_some((u.entity, by))
            })
            .collect()
    }

    /// Whether the threat could attack `target` from a tile of its rear arc.
    fn strikes_from_behind(&self, threat: &Threat, target: &UnitSnap) -> bool {
        let weapons = &threat.fresh.stats.weapons;
        let farthest = (weapons.iter())
            .map(|w| {
                if w.is_melee() {
                    w.reach
                } else {
                    w.max_range(self.rules.range_bands)
                }
            })
            .max()
            .unwrap_or(0);
        (threat.tiles.iter())
            .filter(|t| t.distance(target.pos) <= farthest && !self.in_front(target, **t))
            .any(|t| {
                let mut there = threat.fresh.clone();
                there.pos = *t;
                weapons
                    .iter()
                    .any(|w| self.weapon_allowed(&there, target, w).is_ok())
            })
    }

    /// `u` as its next turn begins, for reckoning how far it goes: a turn's AP (where
    /// they come back each turn; else what it holds now), and a turn's free movement where
    /// the rules give one.
    fn at_next_turn(&self, u: &UnitSnap) -> UnitSnap {
        let mut next = u.clone();
        if self.rules.ap_refresh == ApRefresh::PerTurn {
            next.ap = next.ap.max(self.rules.ap_per_turn);
        }
        if self.rules.free_movement {
            next.pool.metres = next.pool.metres.max(self.metres_per_ap(u));
        }
        next
    }
}
