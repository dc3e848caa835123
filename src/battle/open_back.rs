//! Open backs, a hint for the window and not a rule: the enemies that could attack a
//! combatant from its rear arc (RULES §7: advantage) on their next turn, from where they
//! stand or from a tile a fresh turn's movement and AP take them to. The window marks a
//! combatant whose back is open before its side ends its turn.

use super::assess::Ctx;
use super::snapshot::UnitSnap;
use crate::rules::ruleset::ApRefresh;
use bevy::prelude::Entity;

impl Ctx<'_> {
    /// The able enemies that could attack `target` from its rear arc on their next turn
    /// (none where the rules have no facing, or the rear arc gains an attack nothing as a
    /// rule: `Play::rear_attacks_gain`). Their move is reckoned with the battle's path
    /// costs, everyone else standing where they are now, and a turn's AP spent on moving;
    /// an attack must be one the rules would allow from that tile (reach, range, sight).
    pub fn open_back_to(&self, target: &UnitSnap) -> Vec<Entity> {
        let book = self.rules.rulebook.book();
        if !self.rules.facing || !book.rear_attacks_gain() || !target.able() {
            return Vec::new();
        }
        self.snap
            .enemies_of(target)
            .filter(|e| e.able() && self.strikes_from_behind(e, target))
            .map(|e| e.entity)
            .collect()
    }

    /// Whether `enemy`, moving first on a fresh turn, could attack `target` from a tile of
    /// its rear arc.
    fn strikes_from_behind(&self, enemy: &UnitSnap, target: &UnitSnap) -> bool {
        let fresh = self.at_next_turn(enemy);
        let farthest = (fresh.stats.weapons.iter())
            .map(|w| {
                if w.is_melee() {
                    w.reach
                } else {
                    w.max_range(self.rules.range_bands)
                }
            })
            .max()
            .unwrap_or(0);
        let mut tiles: Vec<_> = self.reachable(&fresh).tiles().map(|(p, _)| p).collect();
        tiles.push(enemy.pos);
        tiles
            .into_iter()
            .filter(|t| t.distance(target.pos) <= farthest && !self.in_front(target, *t))
            .any(|t| {
                let mut there = fresh.clone();
                there.pos = t;
                (there.stats.weapons.iter()).any(|w| self.weapon_allowed(&there, target, w).is_ok())
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
