//! `Hard`'s Seed002 Defend (E2, 1 Energy) against the heaviest blow an enemy could strike next, and its Catch Your Breath with Energy nothing else would spend.

use super::Seed002Command;
use super::action_names;
use super::activations::EXHAUSTED_ENERGY;
use super::odds::{av_odds, av_odds_on_defending, swift_odds};
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::players::share_of;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::av_odds::AvOdds;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::stats::Seed002WeaponOf;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

/// The most a round's Energy can be (E1): Stamina below it caps the next round's Energy,
/// so a Catch Your Breath there buys an Energy back.
pub(super) const ENERGY_CAP: i32 = 5;

/// What Catch Your Breath costs at most (E2), where the rules give no price.
const BREATH_PRICE: u32 = 3;

/// `Hard`'s Defend for `me`, with what it spares `me` on the planner's scale: the enemy
/// side acts next, and the one of its units that could strike `me` with the blow that
/// Defending blunts the most (each weapon's preview on `me` as it stands, less the same
/// preview on `me` Defending: the ties of its Evasion roll won, H1, H4) would take that
/// much less out of it; where `me` is Unguarded (its own condition, which Defend ends), a
/// Swift Attack as that enemy's action (X1 c, 1 Energy) counts whole. Only with Energy
/// that no melee blow of its own this round needs (Defending ends on its own attack), and
/// not while it is already Defending and guarded. `None`: no enemy's blow to blunt.
pub fn defend(view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
    let ctx = &view.ctx;
    let unguarded = me
        .conditions
        .0
        .iter()
        .any(|c| c.kind == ConditionKind::Unguarded && c.parent.is_none());
    if me.has(ConditionKind::Defending) && !unguarded {
        return None;
    }
    let melee = ctx.rules.cost(ActionKind::Attack).unwrap_or(3).max(1);
    let defend = ctx.rules.cost(ActionKind::Defend).unwrap_or(1);
    if me.ap < defend
        || (me.ap - defend) / melee < me.ap / melee
        || !keeps_swift(me, me.ap - defend)
    {
        return None;
    }
    let cmd = Command::Defend {
        unit: me.name.to_string(),
    };
    plan(view, &cmd).ok()?;
    let spared = ctx
        .snap
        .enemies_of(me)
        .filter(|e| e.able())
        .map(|e| blunted(view, e, me, unguarded))
        .fold(0.0, f64::max);
    (spared > 0.0).then_some((spared, cmd))
}

/// What Defending would spare `me` of the blow of `e` worth the most to it now, each
/// weapon `e` has the Energy to strike `me` with (E3's Stamina Energy counted).
fn blunted(view: &View, e: &UnitSnap, me: &UnitSnap, unguarded: bool) -> f64 {
    let ctx = &view.ctx;
    let energy = e.ap + u32::from(may_substitute(e));
    let melee = ctx.rules.cost(ActionKind::Attack).unwrap_or(3);
    let worth = |v: &AvOdds| blow_worth(me, v);
    (0..e.stats.weapons.len())
        .filter_map(|wi| {
            let w = &e.stats.weapons[wi];
            // A Swift Attack as its action on `me` Unguarded: 1 Energy, the round's one.
            if unguarded
                && w.is_melee()
                && energy >= 1
                && !e.reactions.swift_used
                && ctx.in_front(e, me.pos)
                && let Ok(v) = swift_odds(ctx, e, me, Some(wi), None, false)
            {
                return Some(worth(&v));
            }
            let cost = if w.is_melee() {
                melee
            } else {
                1 + if e.own.footing().loaded(wi) {
                    0
                } else {
                    w.seed002().load
                }
            };
            if energy < cost {
                return None;
            }
            let now = av_odds(ctx, e, me, Some(wi), None, false, false).ok()?;
            let guarded = av_odds_on_defending(ctx, e, me, Some(wi)).ok()?;
            Some(worth(&now) - worth(&guarded))
        })
        .fold(0.0, f64::max)
}

/// The worth on `me`'s scale of an attack's numbers on it: its chance of death, half its
/// chance of a Death roll, and its damage's share (as `attack_worth` counts a Seed002 blow).
pub(super) fn blow_worth(me: &UnitSnap, v: &AvOdds) -> f64 {
    v.dead.value() + v.death_roll.value() / 2.0 + share_of(me, v.expected())
}

/// Whether a missing Energy of `e`'s would be paid by a Stamina (E3: once a round, never
/// while Exhausted or Shaken, never to 0).
fn may_substitute(e: &UnitSnap) -> bool {
    let f = e.own.footing();
    !f.substituted
        && f.stamina > 1
        && !e.has(ConditionKind::Exhausted)
        && !e.has(ConditionKind::Shaken)
}

/// Whether `me`, left with `energy`, can still pay for its round's Swift Attack (1 Energy,
/// or a Stamina by E3) where it has one to make: a full blow for 1 Energy, worth keeping
/// over a Defend or a Stamina.
fn keeps_swift(me: &UnitSnap, energy: u32) -> bool {
    let armed = me.stats.weapons.iter().any(|w| w.is_melee());
    !armed || me.reactions.swift_used || energy + u32::from(may_substitute(me)) >= 1
}

/// Whether the Energy `me`'s rounds give it (I1: the Energy cap or its Stamina, the less,
/// less `EXHAUSTED_ENERGY` while Exhausted) is short of a Melee Attack's price: its own
/// blows then wait on Stamina caught back, and an Energy kept for a Swift Attack, which
/// only the enemy can provoke, keeps it from ever striking (two Hard sides passed to the
/// round limit so, on marsh_road: a crossbowman at Stamina 1 beside an Exhausted spearman).
fn starved_of_blows(view: &View, me: &UnitSnap) -> bool {
    let rules = view.ctx.rules;
    let melee = rules.cost(ActionKind::Attack).unwrap_or(BREATH_PRICE);
    let cap = rules
        .ap_per_turn
        .min(me.own.footing().stamina.max(0) as u32);
    let exhausted = if me.has(ConditionKind::Exhausted) {
        EXHAUSTED_ENERGY
    } else {
        0
    };
    cap.saturating_sub(exhausted) < melee
}

/// `Hard`'s Catch Your Breath (+1 Stamina) by a unit of `side` with Energy it would
/// otherwise lose at the round's end, whose Stamina is below the Energy cap (so the next
/// round gives it an Energy more): the first such unit, lowest Stamina first. It keeps the
/// Energy of its round's Swift Attack (`keeps_swift`) unless its rounds are too short of
/// Energy for a blow of its own (`starved_of_blows`). `None`: none would gain by it.
pub fn catch_breath(view: &View, side: &[&UnitSnap]) -> Option<Command> {
    let price = view
        .ctx
        .rules
        .cost(action_names::CATCH_BREATH)
        .unwrap_or(BREATH_PRICE);
    side.iter()
        .filter(|u| u.own.footing().stamina < ENERGY_CAP && u.ap >= 1)
        .filter(|u| starved_of_blows(view, u) || keeps_swift(u, u.ap.saturating_sub(price)))
        .map(|u| {
            let cmd = Command::from(Seed002Command::CatchBreath {
                unit: u.name.to_string(),
            });
            (u.own.footing().stamina, cmd)
        })
        .filter(|(_, cmd)| plan(view, cmd).is_ok())
        .min_by_key(|(stamina, _)| *stamina)
        .map(|(_, cmd)| cmd)
}
