//! The threat map: how hard the enemies could strike a tile next turn (melee through their
//! strike zones, ranged through range, sight and cover), and how safe that makes the tile.

use super::Player;
use super::strike_zone::StrikeZone;
use super::tactician::Tactician;
use super::worth::{health, mean_damage};
use crate::battle::snapshot::UnitSnap;
use crate::rules::grid::{Dir8, Pos, in_front_arc};

/// The enemies' threat to a unit on a tile (`Tactician::threat`).
#[derive(Clone, Copy)]
pub(super) struct Threat {
    /// The sum of their `threat_to`.
    pub(super) damage: f64,
    /// Under Seed001 (`defence_needed`), whether one of them is still to act this round.
    pub(super) before_round_end: bool,
}

/// How much of a ranged enemy's threat cover takes away.
const COVER_SHIELDS: f64 = 0.5;

/// How much the damage enemies could deal on a tile counts against it (share of the unit).
const CAUTION: f64 = 0.1;
const WOUNDED_CAUTION: f64 = 1.2;

/// The share of a hit's chance an enemy is assumed to have against a tile.
pub(super) const THREAT_HIT_CHANCE: f64 = 0.5;

impl Tactician<'_, '_> {
    /// How safe a tile is for `me`, as minus the share of it that the enemies able to
    /// strike the tile next turn could take (`threat`); a badly wounded unit weighs it more.
    pub(super) fn safety(&self, me: &UnitSnap, threat: &Threat, pulling_back: bool) -> f64 {
        let caution = if pulling_back {
            WOUNDED_CAUTION
        } else {
            CAUTION
        };
        let caution = caution * self.survival_factor(me);
        -caution * THREAT_HIT_CHANCE * threat.damage / health(me)
    }

    /// The share of `u` the enemies able to strike tile `p` next turn could take there:
    /// half of their blows' mean damage (`THREAT_HIT_CHANCE`, as `threat` reads it) against
    /// what `u` has left, at most all of it. For Seed000's Switch Places.
    pub(super) fn exposure(&self, u: &UnitSnap, p: Pos) -> f64 {
        (THREAT_HIT_CHANCE * self.threat(u, p).damage / health(u)).min(1.0)
    }

    /// The threat to `me` on tile `p` from the enemies able to strike it next turn (melee:
    /// those whose `StrikeZone` holds it): their `threat_to`, summed, and under Seed001
    /// whether one of them is still to act this round (looked up only there: this runs for
    /// every tile a unit could reach).
    pub(super) fn threat(&self, me: &UnitSnap, p: Pos) -> Threat {
        let done = &self.view.turn.done;
        let defences_cost_ap = self.defences_cost_ap();
        let mut before_round_end = false;
        let damage = self
            .able_enemies(me)
            .filter_map(|e| {
                let threat = self.threat_to(e, p)?;
                before_round_end |= defences_cost_ap && !done.contains(&e.entity);
                Some(threat)
            })
            .sum();
        Threat {
            damage,
            before_round_end,
        }
    }

    /// How hard enemy `e` could strike tile `p` next turn, if it could: the mean damage of
    /// its strongest weapon able to. A melee weapon strikes the tiles of `e`'s strike zone
    /// (walking there with a fresh turn's movement, less the AP an attack needs), for
    /// `Hard` with the share of its blows the walk leaves (`blows_share`); where it has no
    /// zone (an enemy with a ranged weapon shoots rather than walks in, and the zone does
    /// not model Seed002's runs or Seed003's yards), the tiles within its movement and
    /// reach. A ranged weapon strikes the tiles in its range and sight, and cover shields
    /// part of the blow.
    pub(super) fn threat_to(&self, e: &UnitSnap, p: Pos) -> Option<f64> {
        let grid = self.view.ctx.grid;
        let d = e.pos.distance(p);
        // The fewest AP `e` would spend walking to strike `p` (`None` inside: it cannot),
        // looked up only for an enemy with a melee weapon.
        let walk = e
            .stats
            .weapons
            .iter()
            .any(|w| w.is_melee())
            .then(|| self.strike_zone_of(e))
            .flatten()
            .map(|zone| self.walk_to_strike(zone, p));
        e.stats
            .weapons
            .iter()
            .filter_map(|w| {
                let mean = mean_damage(w);
                if w.is_melee() {
                    match walk {
                        Some(walked) => walked.map(|ap| mean * self.blows_share(ap)),
                        None => (d <= e.stats.movement + w.reach).then_some(mean),
                    }
                } else {
                    let sight = grid.sight(e.pos, p);
                    let shielded = sight.half_cover || sight.grade >= 2;
                    let share = if shielded { 1.0 - COVER_SHIELDS } else { 1.0 };
                    (d <= w.range.1 && sight.targetable()).then_some(mean * share)
                }
            })
            .reduce(f64::max)
    }

    /// The fewest AP the unit of `zone` would spend walking to strike tile `p`.
    fn walk_to_strike(&self, zone: &StrikeZone, p: Pos) -> Option<u32> {
        zone.strike[self.view.ctx.grid.index(p)?]
    }

    /// For `Hard`, the share of a turn's blows a melee enemy could strike a tile with after
    /// spending `walked` AP walking there (at least one blow is left, or it could not strike
    /// the tile), within the rules' attacks a round (`turn_attacks`: RULES §3, Attack limit
    /// [001]). Where attacks cost 1 AP of 2 (Seed004), a tile next to the enemy takes every
    /// blow and one a step away fewer; under Seed001 (1 AP of 3, 2 attacks a round) a tile
    /// the enemy walks 1 AP to takes both blows, one it walks 2 AP to one; under Core one
    /// attack a turn is all there is, with or without the step.
    fn blows_share(&self, walked: u32) -> f64 {
        if self.player != Player::Hard {
            return 1.0;
        }
        let turn = self.view.ctx.rules.ap_per_turn;
        let blows = |ap: u32| f64::from(self.turn_attacks(ap).max(1));
        blows(turn.saturating_sub(walked)) / blows(turn)
    }

    /// Whether melee enemy `e` could strike `me` next turn from a tile of `me`'s rear arc
    /// when it faces `facing` (`None` where it has no strike zone, as in `threat_to`).
    pub(super) fn strikes_from_rear(
        &self,
        e: &UnitSnap,
        me: &UnitSnap,
        facing: Dir8,
    ) -> Option<bool> {
        let zone = self.strike_zone_of(e)?;
        let grid = self.view.ctx.grid;
        let r = zone.reach as i32;
        let rear = (-r..=r)
            .flat_map(|dy| (-r..=r).map(move |dx| Pos::new(me.pos.x + dx, me.pos.y + dy)))
            .filter(|q| *q != me.pos && !in_front_arc(facing, me.pos, *q));
        Some(rear.filter_map(|q| grid.index(q)).any(|k| zone.stand[k]))
    }

    /// `e`'s strike zone (made for every unit when first asked).
    /// Whether melee enemy `e` could walk to strike tile `p` next turn (its `StrikeZone`)
    /// from a tile within `reach` of `p`: its own reach no longer, so the step that brings
    /// it into its reach of `p` ends within `reach`. `None` where it has no zone.
    pub(super) fn steps_within(&self, e: &UnitSnap, p: Pos, reach: u32) -> Option<bool> {
        let zone = self.strike_zone_of(e)?;
        Some(zone.reach <= reach && self.walk_to_strike(zone, p).is_some())
    }

    fn strike_zone_of(&self, e: &UnitSnap) -> Option<&StrikeZone> {
        let ctx = &self.view.ctx;
        let zones = self.zones.get_or_init(|| {
            ctx.snap
                .units
                .iter()
                .map(|u| StrikeZone::of(ctx, u))
                .collect()
        });
        let i = ctx.snap.units.iter().position(|u| u.entity == e.entity)?;
        zones[i].as_ref()
    }
}
