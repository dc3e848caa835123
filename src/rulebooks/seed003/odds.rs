//! Seed003's exact odds (presets/Seed003.md, "Preview"): every one of the 216 falls of 3d6
//! (× 6 for a Strong Attack's d6) through the same arithmetic as the battle: the chance to
//! hit and of each critical, where the wound lands after overflow, a hit without a wound,
//! and going Down as Dying, Dead or Unconscious; a check's chance with a Shove's distances.

use super::Seed003Plan;
use super::assess::Attack3;
use super::rules::*;
pub use super::three_dice::{Check3Odds, Odds3};
use super::work::{Attack3Work, Check3};
use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::engine::Offer;
use crate::battle::events::AttackStyle;
use crate::battle::events::{AttackKind, ReactionKind};
use crate::battle::preview::{Aim, Preview, PushPreview, chance, push_preview};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::odds::Chance;
use crate::rules::unit::WoundTrack;

/// The 216 falls of 3d6 as (natural, how many ways).
fn falls() -> impl Iterator<Item = (u32, u32)> {
    falls_of_3d6()
        .into_iter()
        .enumerate()
        .map(|(i, n)| (i as u32 + 3, n))
}

/// The odds of an attack `w` by `a` on `t` (H1, D1–D6).
pub fn odds3(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, w: &Attack3Work) -> Result<Odds3, Refusal> {
    let mut x: Attack3 = ctx.attack3(a, t, w.weapon, w.style, w.nonlethal)?;
    super::attack::against_opening(&mut x, t, w);
    let weapon = &a.stats.weapons[w.weapon];
    let strong = w.style == AttackStyle::Strong;
    let den: u128 = if strong { 216 * 6 } else { 216 };
    let per_fall: u128 = if strong { 6 } else { 1 };
    let step = match (w.style, w.rebuff) {
        (AttackStyle::Quick, _) => -1,
        (_, true) => 1,
        _ => 0,
    };
    let slots = slots(t.stats.seed003());
    let affinity = t.stats.affinity(weapon.damage_type);
    let cap = w.nonlethal.then_some(w.cap);
    let npc = t.stats.seed003().wound_track != WoundTrack::Full;
    let (mut hit, mut landed, mut no_wound) = (0u128, [0u128; 5], 0u128);
    let (mut dying, mut dead, mut out) = (0u128, 0u128, 0u128);
    let mut range = (i32::MAX, i32::MIN);
    for (natural, ways) in falls() {
        let total = natural as i32 + x.bonus;
        if total < x.defense {
            continue;
        }
        hit += u128::from(ways) * per_fall;
        let extras: &[i32] = if strong { &[1, 2, 3, 4, 5, 6] } else { &[0] };
        for d6 in extras {
            let sum = total + x.damage_bonus + d6 - x.defense - x.toughness;
            let o = wound_outcome(sum, affinity, step, cap, &t.own.track().filled, &slots);
            range = (range.0.min(o.final_damage), range.1.max(o.final_damage));
            let n = u128::from(ways);
            match o.landed {
                Some(l) => landed[l.index()] += n,
                None if o.knocked_out => {}
                None => no_wound += n,
            }
            if o.knocked_out {
                out += n;
            } else if o.landed == Some(WoundLevel::Fatal) {
                if npc { dead += n } else { dying += n }
            }
        }
    }
    let c = |n: u128| Chance::new(n, den);
    let (critical_success, critical_failure) = critical_chances();
    Ok(Odds3 {
        weapon: weapon.name.clone(),
        bonus: x.bonus,
        defense: x.defense,
        defense_name: x.defense_name,
        toughness: x.toughness,
        modifiers: x.modifiers,
        hit: c(hit),
        critical_success,
        critical_failure,
        landed: landed.map(c),
        no_wound: c(no_wound),
        dying: c(dying),
        dead: c(dead),
        unconscious: c(out),
        final_range: if range.0 <= range.1 { range } else { (0, 0) },
    })
}

/// The odds of a Shove, Trip, Pin or Escape by `a` against `t` (C1, C2, C4, C6).
pub fn check3_odds(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, kind: Check3) -> Check3Odds {
    let power = a.stats.might + a.stats.size.value();
    let base = match kind {
        Check3::Pin => power - PIN_PENALTY,
        Check3::Escape => ctx.better_check(a),
        _ => power,
    };
    let bonus = base + super::assess::roll_bonus(&ctx.check_modifiers(a));
    let against = ctx.maneuver_defense(t);
    let mut distances: Vec<(u32, Chance)> = Vec::new();
    let mut success = 0u128;
    for (natural, ways) in falls() {
        let total = natural as i32 + bonus;
        if total < against {
            continue;
        }
        success += u128::from(ways);
        if let Check3::Shove { distance, .. } = kind {
            let most = 1 + ((total - against) / SHOVE_MARGIN_STEP) as u32;
            let d = distance.map_or(most, |d| d.clamp(1, most));
            match distances.iter_mut().find(|(k, _)| *k == d) {
                Some((_, p)) => *p = *p + Chance::new(u128::from(ways), 216),
                None => distances.push((d, Chance::new(u128::from(ways), 216))),
            }
        }
    }
    distances.sort_by_key(|(d, _)| *d);
    Check3Odds {
        bonus,
        against,
        success: Chance::new(success, 216),
        distances,
    }
}

/// Where a Shove `kind` by `a` would push `t` (C1, M6): in its direction, the distance it
/// names, or where it names none the likeliest distance of the check's odds `o` (the
/// shorter of equals); the engine's push (`push_preview`), so the collision's wound is
/// Seed003's (D7). `None` for another check or one that cannot succeed.
fn shove_push(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    kind: Check3,
    o: &Check3Odds,
) -> Option<PushPreview> {
    let Check3::Shove { dir, distance } = kind else {
        return None;
    };
    let likeliest = o
        .distances
        .iter()
        .fold(None, |best: Option<&(u32, Chance)>, d| match best {
            Some(b) if b.1.value() >= d.1.value() => Some(b),
            _ => Some(d),
        })
        .map(|(d, _)| *d)?;
    Some(push_preview(ctx, a, t, dir, distance.unwrap_or(likeliest)))
}

/// The odds of a Drag (C5): a Power check (might + size) against the partner's Power
/// Defense, as `SeedActions::drag` rolls it.
pub fn drag_odds(ctx: &Ctx, a: &UnitSnap, partner: &UnitSnap) -> Check3Odds {
    let power = a.stats.might + a.stats.size.value();
    let bonus = power + super::assess::roll_bonus(&ctx.check_modifiers(a));
    let against = ctx.power_defense(partner);
    let success: u128 = falls()
        .filter(|(natural, _)| *natural as i32 + bonus >= against)
        .map(|(_, ways)| u128::from(ways))
        .sum();
    Check3Odds {
        bonus,
        against,
        success: Chance::new(success, 216),
        distances: Vec::new(),
    }
}

/// The preview of a plan only Seed003 makes: an attack's or a check's odds (`None`: a
/// plan of the core's).
pub fn preview_plan(view: &View, plan: &Plan) -> Option<Result<Preview, Refusal>> {
    let ctx = &view.ctx;
    let three = |o: Odds3| Preview {
        modifiers: o.modifiers.clone(),
        ..Preview::of_odds(o)
    };
    let check = |o: Check3Odds| Preview {
        chance: Some((Aim::Check, o.success)),
        ..Preview::of_odds(o)
    };
    Some(match plan.of_book::<Seed003Plan>()? {
        Seed003Plan::OutOfTurn { plan, .. } => {
            crate::battle::preview::preview_plan(view, (**plan).clone())
        }
        Seed003Plan::Attack3(w) => (|| {
            Ok(three(odds3(
                ctx,
                ctx.unit(w.attacker)?,
                ctx.unit(w.target)?,
                w,
            )?))
        })(),
        Seed003Plan::Drag { unit, partner, .. } => {
            (|| Ok(check(drag_odds(ctx, ctx.unit(*unit)?, ctx.unit(*partner)?))))()
        }
        Seed003Plan::Check3 { unit, target, kind } => (|| {
            let (a, t) = (ctx.unit(*unit)?, ctx.unit(*target)?);
            let o = check3_odds(ctx, a, t, *kind);
            let push = shove_push(ctx, a, t, *kind, &o);
            Ok(Preview { push, ..check(o) })
        })(),
        Seed003Plan::Grapple {
            unit,
            target,
            weapon,
        } => (|| {
            let w = Attack3Work::new(*unit, *target, *weapon, AttackKind::Action);
            let o = odds3(ctx, ctx.unit(*unit)?, ctx.unit(*target)?, &w)?;
            Ok(chance(Aim::Grapple, o.hit))
        })(),
        _ => return None,
    })
}

/// The attack a reaction on offer would make, for the prompt: a Rebuff's wound is a step
/// heavier; a readied attack as readied; the other reactions make no attack.
pub fn reaction_odds(ctx: &Ctx, offer: &Offer) -> Option<Preview> {
    let (r, t) = (ctx.snap.get(offer.reactor)?, ctx.snap.get(offer.target)?);
    let wi = match offer.kind {
        action_names::REBUFF_REACTION => ctx.rebuff_weapon(r)?,
        ReactionKind::Readied => r.stats.reaction_weapon(r.pos.distance(t.pos))?,
        _ => return None,
    };
    let w = Attack3Work {
        rebuff: offer.kind == action_names::REBUFF_REACTION,
        ..Attack3Work::new(r.entity, t.entity, wi, AttackKind::Opportunity)
    };
    let o = odds3(ctx, r, t, &w).ok()?;
    Some(Preview {
        modifiers: o.modifiers.clone(),
        ..Preview::of_odds(o)
    })
}
