//! `Hard`'s Create an Opening under Seed003 (C7): an opening made on a reach weapon's wielder before a walk into its Rebuff, where the walk after it pays for the 3 AP.

use super::Seed003Command;
use super::action_names;
use super::assess::roll_bonus;
use super::odds::odds3;
use super::rules::falls_of_3d6;
use super::track::Seed003Track;
use super::work::Attack3Work;
use crate::battle::command::View;
use crate::battle::events::{AttackKind, Command};
use crate::battle::players::walk_worth;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::grid::Pos;
use bevy::prelude::Entity;

/// What the walk after an opening must be worth, on the planner's scale, beyond the walk
/// without it (the 3 AP are already paid out of the walk after it).
const OPENING_GAIN: f64 = 0.02;

/// An opening (C7) in place of `walk`, which would set off a Rebuff of an enemy the unit
/// sees: on the Rebuffer whose opening leaves the best walk, where `Hard`'s best walk in the
/// battle as it would stand after it (3 AP paid, the opening's total, each fall of the
/// 3d6 weighed by its chance, the actor's Defense against that enemy's Rebuffs) is worth
/// more by `OPENING_GAIN` than its best walk now. Not with an opening already made.
pub fn instead_of_walk(view: &View, me: &UnitSnap, walk: &Command) -> Option<Command> {
    let cost = view.ctx.rules.cost(action_names::CREATE_OPENING)?;
    if me.ap < cost || me.own.track().opening.is_some() {
        return None;
    }
    let rebuffers: Vec<(Entity, Pos)> = (preview(view, walk).ok()?.reactions.iter())
        .filter(|r| r.kind == action_names::REBUFF_REACTION)
        .filter_map(|r| Some((view.ctx.snap.by_name(&r.reactor)?.entity, r.at)))
        .collect();
    if rebuffers.is_empty() {
        return None;
    }
    let (plain, _) = walk_worth(view, view.ctx.snap, me, false)?;
    rebuffers
        .into_iter()
        .filter_map(|(e, at)| {
            let cmd = Command::from(Seed003Command::CreateOpening {
                unit: me.name.to_string(),
                target: view.ctx.snap.get(e)?.name.to_string(),
            });
            crate::battle::command::plan(view, &cmd).ok()?;
            Some((opened_worth(view, me, (e, at), cost)?, cmd))
        })
        .filter(|(worth, _)| *worth > plain + OPENING_GAIN)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cmd)| cmd)
}

/// `Hard`'s best walk's worth after an opening on `e` that costs `cost` AP (`at`: where
/// the walk meets its Rebuff): the mean over
/// the opening roll's falls (3d6 + the first melee weapon's `hit` + the check's modifiers,
/// as `SeedActions::create_opening` rolls it). A total no higher than the Defense the
/// Rebuff already targets changes nothing, and one above the Rebuff's best total leaves it
/// no chance: each of those is weighed once.
fn opened_worth(view: &View, me: &UnitSnap, (e, at): (Entity, Pos), cost: u32) -> Option<f64> {
    let ctx = &view.ctx;
    let weapon = me.stats.weapons.iter().find(|w| w.is_melee())?;
    let bonus = weapon.hit + roll_bonus(&ctx.check_modifiers(me));
    let rebuffer = ctx.snap.get(e)?;
    let w = Attack3Work {
        rebuff: true,
        ..Attack3Work::new(
            e,
            me.entity,
            ctx.rebuff_weapon(rebuffer)?,
            AttackKind::Opportunity,
        )
    };
    let there = UnitSnap {
        pos: at,
        ..me.clone()
    };
    let rebuff = odds3(ctx, rebuffer, &there, &w).ok()?;
    let (floor, ceiling) = (rebuff.defense, 18 + rebuff.bonus + 1);
    // A Rebuff whose best roll misses the mover's Defense: no opening gains anything.
    if floor > ceiling {
        return None;
    }
    let mut worths: Vec<(i32, f64)> = Vec::new();
    let mut sum = 0.0;
    for (i, ways) in falls_of_3d6().into_iter().enumerate() {
        let total = (i as i32 + 3 + bonus).clamp(floor, ceiling);
        let worth = match worths.iter().find(|(t, _)| *t == total) {
            Some((_, w)) => *w,
            None => {
                let w = worth_with(view, me, e, cost, total)?;
                worths.push((total, w));
                w
            }
        };
        sum += worth * f64::from(ways);
    }
    Some(sum / 216.0)
}

/// `Hard`'s best walk's worth in the battle as it would stand with an opening on `e` of
/// `total`, its `cost` AP paid.
fn worth_with(view: &View, me: &UnitSnap, e: Entity, cost: u32, total: i32) -> Option<f64> {
    let mut snap = view.ctx.snap.clone();
    let u = snap.units.iter_mut().find(|u| u.entity == me.entity)?;
    u.ap -= cost;
    u.own.track_mut().opening = Some((e, total));
    walk_worth(view, &snap, me, false).map(|(worth, _)| worth)
}
