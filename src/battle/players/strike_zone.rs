//! Where a melee unit could stand and strike next turn with a fresh turn's movement (the
//! AP an attack needs kept back): the tiles of its `StrikeZone`.

use crate::battle::assess::Ctx;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::MoveBuying;

/// Where a melee unit could be next turn, and the tiles it could strike from there.
pub(super) struct StrikeZone {
    /// Its longest melee reach.
    pub(super) reach: u32,
    /// The tiles it could stand on to strike (where it stands, or walks to keeping the AP
    /// an attack needs), by grid index.
    pub(super) stand: Vec<bool>,
    /// The tiles within its reach of one of those, by grid index: the fewest AP it would
    /// spend walking to strike each (`None`: it cannot strike it).
    pub(super) strike: Vec<Option<u32>>,
}

impl StrikeZone {
    /// The tiles `u` could strike next turn with its longest melee reach (see
    /// `Tactician::threat_to`), under the rules and on the grid of `ctx`.
    pub(super) fn of(ctx: &Ctx, u: &UnitSnap) -> Option<StrikeZone> {
        let rules = ctx.rules;
        // A rulebook that prices moves its own way walks by other than the turn's AP.
        if rules.rulebook.book().move_price(u, 1).is_some()
            || rules.move_buying == MoveBuying::RateQuarters
            || !u.able()
            || u.stats.weapons.iter().any(|w| !w.is_melee())
        {
            return None;
        }
        let reach = u
            .stats
            .weapons
            .iter()
            .filter(|w| w.is_melee())
            .map(|w| w.reach)
            .max()?;
        let attack = rules.cost(ActionKind::Attack).unwrap_or(0);
        let pool = if rules.free_movement {
            u.stats.movement
        } else {
            0
        };
        let budget = if ctx.can_move(u).is_ok() {
            pool + rules.ap_per_turn.saturating_sub(attack) * ctx.metres_per_ap(u)
        } else {
            0
        };
        let grid = ctx.grid;
        let mut stand = vec![false; (grid.width * grid.height) as usize];
        let mut strike: Vec<Option<u32>> = vec![None; stand.len()];
        let walk = ctx.reachable_within(u, budget);
        let r = reach as i32;
        let per = ctx.metres_per_ap(u).max(1);
        for (q, cost) in walk.tiles().chain(std::iter::once((u.pos, 0))) {
            let walked = cost.saturating_sub(pool).div_ceil(per);
            if let Some(k) = grid.index(q) {
                stand[k] = true;
            }
            for dy in -r..=r {
                for dx in -r..=r {
                    if let Some(k) = grid.index(Pos::new(q.x + dx, q.y + dy)) {
                        strike[k] = Some(strike[k].map_or(walked, |ap| ap.min(walked)));
                    }
                }
            }
        }
        Some(StrikeZone {
            reach,
            stand,
            strike,
        })
    }
}
