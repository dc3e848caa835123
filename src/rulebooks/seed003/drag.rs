//! `Hard`'s Drag under Seed003 (C5): a grappler drags the enemy it holds into the reach of allies that strike before that enemy's next turn, or out of the reach of that enemy's allies.

use super::Seed003Command;
use super::action_names;
use super::track::Seed003Track;
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::players::{
    Player, allies_blows_on, attack_worth_of, attacks_left_of, success_chance,
};
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ConditionKind;

/// The longest Drag `Hard` weighs, in steps (C5 buys at most 4 AP of movement; two steps
/// already carry the partner two tiles, where most of what a Drag brings lies).
const DRAG_STEPS: usize = 2;

/// A Drag must bring this much more than the blows its AP forgo (the planner's scale).
const DRAG_GAIN: f64 = 0.05;

/// `Hard`'s Drags of the enemy `me` holds, each with its worth: the Power check's chance
/// (its preview) of what the new tiles change (the blows `me`'s allies make on the enemy
/// before its next turn, less the blows the enemy's allies make on `me` before its own,
/// each from where they stand: `allies_blows_on`), plus the blows the AP left pay for
/// (`me`'s best attack now: the partner stays beside it). Only a Drag that gains more than
/// `DRAG_GAIN`; none without a Stamina to pay (C5).
pub fn drag_options(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let snap = view.ctx.snap;
    let Some(t) = me.own.track().holding.and_then(|e| snap.get(e)) else {
        return Vec::new();
    };
    // The grapple's own condition as well as the track: a Release is weighed in the battle
    // as it would stand with the Grappling let go (`grabs.rs`), where no Drag is left.
    if me.own.track().stamina < 1 || !t.able() || !me.has(ConditionKind::Grappling) {
        return Vec::new();
    }
    let blow = attack_worth_of(view, me, Player::Hard).map_or(0.0, |a| a.0);
    let here = standing(view, snap, me, t);
    drag_paths(snap, me, t)
        .into_iter()
        .filter_map(|path| {
            let (cmd, ap) = cheapest_drag(view, me, &path)?;
            let p = preview(view, &cmd).ok()?;
            let win = success_chance(&p, view.ctx.rules)?;
            let there = standing(view, &dragged(snap, me, t, &path)?, me, t);
            let gain = there - here;
            let cost = view.ctx.rules.cost(action_names::DRAG)?;
            let fail_left = me.ap.checked_sub(cost)?;
            let won_left = fail_left.checked_sub(ap)?;
            let blows = |left: u32| f64::from(attacks_left_of(view, me, left)) * blow;
            let worth = win * (gain + blows(won_left)) + (1.0 - win) * blows(fail_left);
            (gain > DRAG_GAIN && worth > blows(me.ap)).then_some((worth, cmd))
        })
        .collect()
}

/// How the blows stand around the held pair in battle `s`: `me`'s allies' on `t` less
/// `t`'s allies' on `me`.
fn standing(view: &View, s: &Snapshot, me: &UnitSnap, t: &UnitSnap) -> f64 {
    let (Some(me), Some(t)) = (s.get(me.entity), s.get(t.entity)) else {
        return 0.0;
    };
    allies_blows_on(view, s, me, t) - allies_blows_on(view, s, t, me)
}

/// The Drag of `me` along `path` with the fewest AP of movement (1–4) the battle accepts,
/// and those AP.
fn cheapest_drag(view: &View, me: &UnitSnap, path: &[Pos]) -> Option<(Command, u32)> {
    (1..=4).find_map(|ap| {
        let cmd = Command::from(Seed003Command::Drag {
            unit: me.name.to_string(),
            ap,
            path: path.to_vec(),
        });
        plan(view, &cmd).is_ok().then_some((cmd, ap))
    })
}

/// The paths of 1 to `DRAG_STEPS` steps from `me`, each over free tiles and never through
/// the partner `t`'s.
fn drag_paths(snap: &Snapshot, me: &UnitSnap, t: &UnitSnap) -> Vec<Vec<Pos>> {
    let mut paths: Vec<Vec<Pos>> = vec![Vec::new()];
    let mut out = Vec::new();
    for _ in 0..DRAG_STEPS {
        let mut longer = Vec::new();
        for path in &paths {
            let at = *path.last().unwrap_or(&me.pos);
            for d in Dir8::ALL {
                let q = at.step(d);
                if q == t.pos || q == me.pos || path.contains(&q) || snap.at(q).is_some() {
                    continue;
                }
                let mut p = path.clone();
                p.push(q);
                longer.push(p);
            }
        }
        out.extend(longer.iter().cloned());
        paths = longer;
    }
    out
}

/// The battle as it would stand after `me` walked `path` dragging `t` (C5: `t` into each
/// tile `me` left).
fn dragged(snap: &Snapshot, me: &UnitSnap, t: &UnitSnap, path: &[Pos]) -> Option<Snapshot> {
    let last = *path.last()?;
    let before = path.len().checked_sub(2).map_or(me.pos, |i| path[i]);
    let mut s = snap.clone();
    for u in s.units.iter_mut() {
        if u.entity == me.entity {
            u.pos = last;
        } else if u.entity == t.entity {
            u.pos = before;
        }
    }
    Some(s)
}
