//! `Hard`'s Disarm (presets/Seed000.md): an enemy's weapon taken where that beats a blow.

use super::action_names;
use super::commands::Seed000Command;
use crate::battle::command::View;
use crate::battle::contests::ContestPreview;
use crate::battle::events::{Command, ContestKind};
use crate::battle::players::{Player, attack_worth_of, best_blow, weapon_turns_worth};
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::unit::Weapon;

/// How many of the enemy's turns `Hard` counts a taken weapon for: the weapon is gone for
/// the rest of the battle (it moves to the disarmer's list), but a battle's later turns are
/// uncertain (the enemy may fall first, or walk to a weaker target).
const DISARM_TURNS: f64 = 2.0;

/// `Hard`'s Disarms: for each adjacent able enemy, the held weapon whose taking is worth the
/// most, worth the contest's chance (its preview) that the enemy does not take it back
/// (`taken_back`) times what a turn's blows of the enemy
/// lose and a turn's blows of the disarmer gain (`best_to_take`) for `DISARM_TURNS` turns,
/// plus the disarmer's own blows with the AP left (`attack_worth_of`). The planner
/// weighs the attack at its worth times the blows the AP pay for, so a Disarm wins where
/// what it takes from the enemy beats one blow of the disarmer's.
pub(super) fn disarms(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let rules = view.ctx.rules;
    let (Some(cost), Some(_)) = (
        rules.cost(action_names::DISARM),
        rules.cost(ActionKind::Attack),
    ) else {
        return Vec::new();
    };
    if !me.able() || me.ap < cost {
        return Vec::new();
    }
    let strike = || attack_worth_of(view, me, Player::Hard).map_or(0.0, |(v, _)| v);
    view.ctx
        .snap
        .enemies_of(me)
        .filter(|t| t.able() && t.pos.is_adjacent(me.pos))
        .filter_map(|t| {
            let (weapon, per_blow) = best_to_take(view, me, t)?;
            let cmd = Command::from(Seed000Command::Disarm {
                unit: me.name.to_string(),
                target: t.name.to_string(),
                weapon: Some(weapon),
            });
            let win = preview(view, &cmd).ok()?.contest?.win.value();
            let kept = 1.0 - taken_back(view, me, t);
            let per_blow = win * kept * per_blow;
            let v = weapon_turns_worth(view, me, per_blow, DISARM_TURNS, me.ap - cost, strike());
            Some((v, cmd))
        })
        .collect()
}

/// The chance `t` takes the weapon back on its turn: its own Disarm's chance against `me`
/// (the same contest's odds, `ContestPreview`), where it could make one.
fn taken_back(view: &View, me: &UnitSnap, t: &UnitSnap) -> f64 {
    let ctx = &view.ctx;
    ctx.assess_contest(ContestKind::Disarm, t, me)
        .map_or(0.0, |c| {
            ContestPreview::of(ctx, ContestKind::Disarm, &c).win.value()
        })
}

/// The held weapon of `t` whose taking is worth the most a blow: what each blow of `t`
/// loses without it (`lost_per_blow`) and what each of `me`'s gains with it
/// (`gained_per_blow`); `None` where taking none is worth anything.
fn best_to_take(view: &View, me: &UnitSnap, t: &UnitSnap) -> Option<(String, f64)> {
    t.stats
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.held)
        .map(|(i, w)| {
            let worth = lost_per_blow(view, me, t, i) + gained_per_blow(view, me, t, w);
            (w.name.clone(), worth)
        })
        .filter(|(_, worth)| *worth > 0.0)
        .fold(None, |best, c| match best {
            Some(b) if b.1 >= c.1 => Some(b),
            _ => Some(c),
        })
}

/// What one blow of `t` loses without its weapon number `taken` (what remains, else its
/// fists): the most, over `me` and its allies next to `t`, of its best blow on that unit
/// less its best blow without the weapon (a blow: the hit's chance, a ranged weapon's at
/// disadvantage in melee, times what a plain hit takes out, `hit_worth`).
fn lost_per_blow(view: &View, me: &UnitSnap, t: &UnitSnap, taken: usize) -> f64 {
    let all = &t.stats.weapons;
    let mut left: Vec<Weapon> = all
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != taken)
        .map(|(_, w)| w.clone())
        .collect();
    if left.is_empty() {
        left.push(Weapon::fists());
    }
    let best = |ws: &[Weapon], v: &UnitSnap| best_blow(view, ws, v);
    view.ctx
        .snap
        .allies_of(me)
        .chain(std::iter::once(me))
        .filter(|v| !v.is_down() && v.pos.is_adjacent(t.pos))
        .map(|v| best(all, v) - best(&left, v))
        .fold(0.0, f64::max)
}

/// What one blow of `me` on `t` gains with `t`'s weapon `w` in its own list: its best blow
/// with it less its best blow now (the preset moves a taken weapon to the taker).
fn gained_per_blow(view: &View, me: &UnitSnap, t: &UnitSnap, w: &Weapon) -> f64 {
    let mine = &me.stats.weapons;
    let mut with: Vec<Weapon> = mine.clone();
    with.push(w.clone());
    best_blow(view, &with, t) - best_blow(view, mine, t)
}
