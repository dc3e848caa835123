//! The blow a unit could strike an enemy with next turn from where it would walk to strike it, weapon by weapon (reach or range and sight from the tiles it could stand on), for Seed000's Hide.

use super::blow_at;
use crate::battle::command::View;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::combat::RollMode;
use crate::rules::grid::Pos;
use crate::rules::unit::Weapon;

/// The tiles `u` could strike from next turn: where it stands, and those it could walk to
/// with a fresh turn's movement, the AP an attack needs kept back (as `StrikeZone` reads a
/// melee unit's walk; none where it cannot move).
pub fn stands_next_turn(view: &View, u: &UnitSnap) -> Vec<Pos> {
    let ctx = &view.ctx;
    let rules = ctx.rules;
    let mut stands = vec![u.pos];
    if ctx.can_move(u).is_err() {
        return stands;
    }
    let attack = rules.cost(ActionKind::Attack).unwrap_or(0);
    let pool = if rules.free_movement {
        u.stats.movement
    } else {
        0
    };
    let budget = pool + rules.ap_per_turn.saturating_sub(attack) * ctx.metres_per_ap(u);
    let walk = ctx.reachable_within(u, budget);
    stands.extend(walk.tiles().map(|(p, _)| p).filter(|p| *p != u.pos));
    stands
}

/// The roll `u`'s weapon `w` would strike `t` at next turn from the best of `stands`
/// (`stands_next_turn`): a melee weapon from a tile within its reach of `t`, at a plain
/// roll; a ranged one from a tile within its range (`max_range`) with `t` in sight, at a
/// plain roll where such a tile has no able enemy of `u` next to it, else at disadvantage
/// (a ranged attack with an enemy adjacent). `None` where `w` reaches `t` from none.
pub fn roll_next_turn(
    view: &View,
    u: &UnitSnap,
    t: &UnitSnap,
    w: &Weapon,
    stands: &[Pos],
) -> Option<RollMode> {
    let ctx = &view.ctx;
    if w.is_melee() {
        return stands
            .iter()
            .any(|p| p.distance(t.pos) <= w.reach)
            .then_some(RollMode::Normal);
    }
    let range = w.max_range(ctx.rules.range_bands);
    let shots: Vec<Pos> = stands
        .iter()
        .copied()
        .filter(|p| p.distance(t.pos) <= range && ctx.grid.sight(*p, t.pos).targetable())
        .collect();
    if shots.is_empty() {
        return None;
    }
    let in_melee = |p: &Pos| {
        ctx.snap
            .enemies_of(u)
            .any(|e| e.able() && e.pos.is_adjacent(*p))
    };
    Some(if shots.iter().all(in_melee) {
        RollMode::Disadvantage
    } else {
        RollMode::Normal
    })
}

/// What advantage on its attack rolls (a Hidden attacker's, [000:36]) adds to `u`'s best
/// blow next turn on an able enemy it could walk to strike: the best of its blows at
/// advantage (with the weapon it would strike with there, each weapon from where it
/// reaches, `roll_next_turn`) less the best of them at its plain roll, each blow its hit's
/// chance times what the hit takes out (`blow_at`). 0 where it could strike none.
pub fn advantage_next_turn(view: &View, u: &UnitSnap) -> f64 {
    let stands = stands_next_turn(view, u);
    let (with, without) = view
        .ctx
        .snap
        .enemies_of(u)
        .filter(|t| t.able())
        .flat_map(|t| u.stats.weapons.iter().map(move |w| (t, w)))
        .filter_map(|(t, w)| {
            let mode = roll_next_turn(view, u, t, w, &stands)?;
            let advantaged = with_advantage(mode);
            Some((blow_at(view, w, t, advantaged), blow_at(view, w, t, mode)))
        })
        .fold((0.0, 0.0), |(a, b), (x, y)| {
            (f64::max(a, x), f64::max(b, y))
        });
    (with - without).max(0.0)
}

/// A roll with one more source of advantage: a plain roll at advantage, a disadvantaged one
/// plain (one of each cancels).
fn with_advantage(mode: RollMode) -> RollMode {
    match mode {
        RollMode::Disadvantage => RollMode::Normal,
        _ => RollMode::Advantage,
    }
}
