//! Planning willing movement: a path checked step by step, the cheapest path to a tile,
//! Sprint, Stand Up and Charge.

use super::*;

/// Check a path step by step; returns its cost in metres. Under `pass_enemies` (Seed000)
/// it may pass a standing enemy's tile, at double cost, but not end there.
pub fn path_cost(ctx: &Ctx, mover: &UnitSnap, path: &[Pos]) -> Result<u32, Refusal> {
    let occupancy = ctx.occupancy(mover);
    let profile = ctx.move_profile(mover);
    let mut cur = mover.pos;
    let mut odd = mover.pool.odd_diagonals;
    let mut total = 0u32;
    for (i, &p) in path.iter().enumerate() {
        let (cost, next_odd) =
            step_cost(ctx.grid, cur, p, &profile, odd).map_err(|error| Refusal::BadStep {
                step: i + 1,
                from: cur,
                to: p,
                error,
            })?;
        let occ = ctx
            .grid
            .index(p)
            .map(|ix| occupancy[ix])
            .unwrap_or_default();
        let who = || {
            ctx.snap
                .at(p)
                .map(|o| o.name.to_string())
                .unwrap_or_default()
        };
        let enemy = ctx.enemy_in_the_way(mover, p);
        if let Some(e) = enemy
            && i + 1 == path.len()
        {
            return Err(Refusal::EndsOnEnemy {
                at: p,
                enemy: e.name.to_string(),
            });
        }
        if occ == Occupancy::Blocked && enemy.is_none() {
            return Err(Refusal::EnemyBlocks {
                step: i + 1,
                at: p,
                enemy: who(),
            });
        }
        if i + 1 == path.len() && occ != Occupancy::Empty {
            return Err(Refusal::CannotStop {
                at: p,
                occupant: who(),
            });
        }
        let cost = if enemy.is_some() { cost * 2 } else { cost };
        total = total.saturating_add(cost);
        cur = p;
        odd = next_odd;
    }
    Ok(total)
}

pub(super) fn plan_move_path(view: &View, a: &UnitSnap, path: &[Pos]) -> Result<Plan, Refusal> {
    let ctx = &view.ctx;
    ctx.can_move(a)?;
    if path.is_empty() {
        return Err(Refusal::EmptyPath);
    }
    let cost = path_cost(ctx, a, path)?;
    // An enemy that stopped this mover may not be tried again this turn (Seed000).
    if let Some(e) = path
        .iter()
        .filter_map(|p| ctx.enemy_in_the_way(a, *p))
        .find(|e| view.turn.barred.contains(&(a.entity, e.entity)))
    {
        return Err(Refusal::Barred {
            enemy: e.name.to_string(),
        });
    }
    if cost > ctx.move_budget(a) {
        return Err(Refusal::PathTooCostly {
            cost,
            pool: a.pool.metres,
            ap: a.ap,
            per_ap: ctx.metres_per_ap(a),
        });
    }
    Ok(Plan::Walk {
        unit: a.entity,
        path: path.to_vec(),
    })
}

pub fn plan_move_to(ctx: &Ctx, a: &UnitSnap, to: Pos) -> Result<Plan, Refusal> {
    ctx.can_move(a)?;
    if to == a.pos {
        return Err(Refusal::AlreadyThere { at: to });
    }
    let Some(kind) = ctx.grid.kind(to) else {
        return Err(Refusal::OffMap {
            at: to,
            width: ctx.grid.width,
            height: ctx.grid.height,
        });
    };
    if !kind.passable {
        return Err(Refusal::Impassable {
            at: to,
            terrain: kind.name.clone(),
        });
    }
    if let Some(o) = ctx.snap.at(to) {
        return Err(Refusal::Occupied {
            at: to,
            occupant: o.name.to_string(),
        });
    }
    if let Some(path) = ctx.path_to(a, to) {
        return Ok(Plan::Walk {
            unit: a.entity,
            path,
        });
    }
    let unlimited = reachable(
        ctx.grid,
        &ctx.occupancy(a),
        a.pos,
        u32::MAX / 4,
        &ctx.move_profile(a),
    );
    match unlimited.cost(to) {
        Some(cost) => Err(Refusal::PathTooCostly {
            cost,
            pool: a.pool.metres,
            ap: a.ap,
            per_ap: ctx.metres_per_ap(a),
        }),
        None => Err(Refusal::NoPath { from: a.pos, to }),
    }
}

pub(super) fn plan_sprint(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Sprint)?;
    ctx.can_move(a)?;
    Ok(Plan::Sprint { unit: a.entity })
}

pub(super) fn plan_stand_up(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::StandUp)?;
    if !a.has(ConditionKind::Prone) {
        return Err(lacks(a, ConditionKind::Prone));
    }
    Ok(Plan::StandUp { unit: a.entity })
}

/// A charge's straight run (RULES §4): the direction from `a` to `t`, and the tiles up to
/// the one before `t`; refused when `t` is not in a straight line or too near for a run.
pub fn charge_line(a: &UnitSnap, t: &UnitSnap) -> Result<(Dir8, Vec<Pos>), Refusal> {
    let dir = Dir8::of_line(a.pos, t.pos).ok_or_else(|| Refusal::NotInLine {
        target: t.name.to_string(),
    })?;
    let end = t.pos.step(dir.opposite());
    let run = a.pos.distance(end);
    if run < CHARGE_MIN_DISTANCE {
        return Err(Refusal::ChargeTooShort {
            run,
            min: CHARGE_MIN_DISTANCE,
        });
    }
    let path: Vec<Pos> = (1..=run as i32)
        .map(|k| {
            let (dx, dy) = dir.delta();
            Pos::new(a.pos.x + dx * k, a.pos.y + dy * k)
        })
        .collect();
    Ok((dir, path))
}

pub(super) fn plan_charge(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Charge)?;
    if a.has(ConditionKind::Prone) {
        return Err(Refusal::ProneCharge);
    }
    ctx.can_move(a)?;
    let (dir, path) = charge_line(a, t)?;
    let run = a.pos.distance(t.pos.step(dir.opposite()));
    // The run must be passable; its cap counts metres of the straight line, not terrain
    // cost (RULES §4).
    path_cost(ctx, a, &path)?;
    let max = SPRINT_MULTIPLIER * ctx.metres_per_ap(a);
    if run > max {
        return Err(Refusal::ChargeTooLong { run, max });
    }
    ctx.assess_contest(ContestKind::Charge, a, t)?;
    Ok(Plan::Charge {
        unit: a.entity,
        target: t.entity,
        path,
        dir,
    })
}
