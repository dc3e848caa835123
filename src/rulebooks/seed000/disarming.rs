//! `Hard`'s Disarm (presets/Seed000.md): an enemy's weapon taken where that beats a blow.

use super::action_names;
use super::commands::Seed000Command;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::{Player, attack_worth_of, hit_worth};
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::combat::{RollMode, hit_chance};
use crate::rules::unit::Weapon;

/// How many of the enemy's turns `Hard` counts a taken weapon for: the weapon is gone for
/// the rest of the battle (it moves to the disarmer's list), but a battle's later turns are
/// uncertain (the enemy may fall first, or walk to a weaker target).
const DISARM_TURNS: f64 = 2.0;

/// `Hard`'s Disarms: for each adjacent able enemy, the held weapon whose loss costs it the
/// most, worth the contest's chance (its preview) times what the enemy's blows on the
/// disarmer's side lose for `DISARM_TURNS` of its turns (`lost_per_blow`, a turn's blows
/// each), plus the disarmer's own blows with the AP left (`attack_worth_of`). The planner
/// weighs the attack at its worth times the blows the AP pay for, so a Disarm wins where
/// what it takes from the enemy beats one blow of the disarmer's.
pub(super) fn disarms(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let rules = view.ctx.rules;
    let (Some(cost), Some(attack)) = (
        rules.cost(action_names::DISARM),
        rules.cost(ActionKind::Attack),
    ) else {
        return Vec::new();
    };
    if !me.able() || me.ap < cost {
        return Vec::new();
    }
    let attack = attack.max(1);
    let blows_after = f64::from((me.ap - cost) / attack);
    let enemy_blows = f64::from((rules.ap_per_turn / attack).max(1));
    let strike = || attack_worth_of(view, me, Player::Hard).map_or(0.0, |(v, _)| v);
    view.ctx
        .snap
        .enemies_of(me)
        .filter(|t| t.able() && t.pos.is_adjacent(me.pos))
        .filter_map(|t| {
            let (weapon, lost) = best_to_take(view, me, t)?;
            let cmd = Command::from(Seed000Command::Disarm {
                unit: me.name.to_string(),
                target: t.name.to_string(),
                weapon: Some(weapon),
            });
            let win = preview(view, &cmd).ok()?.contest?.win.value();
            let v = win * lost * enemy_blows * DISARM_TURNS + blows_after * strike();
            Some((v, cmd))
        })
        .collect()
}

/// The held weapon of `t` whose loss costs its blows the most, and that loss per blow
/// (`lost_per_blow`); `None` where no loss is worth anything.
fn best_to_take(view: &View, me: &UnitSnap, t: &UnitSnap) -> Option<(String, f64)> {
    t.stats
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.held)
        .map(|(i, w)| (w.name.clone(), lost_per_blow(view, me, t, i)))
        .filter(|(_, lost)| *lost > 0.0)
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
    let ctx = &view.ctx;
    let blow = |w: &Weapon, v: &UnitSnap| {
        let mode = if w.is_melee() {
            RollMode::Normal
        } else {
            RollMode::Disadvantage
        };
        hit_chance(w.hit, v.stats.evasion, mode).0.value() * hit_worth(ctx, w, v)
    };
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
    let best = |ws: &[Weapon], v: &UnitSnap| ws.iter().map(|w| blow(w, v)).fold(0.0, f64::max);
    ctx.snap
        .allies_of(me)
        .chain(std::iter::once(me))
        .filter(|v| !v.is_down() && v.pos.is_adjacent(t.pos))
        .map(|v| best(all, v) - best(&left, v))
        .fold(0.0, f64::max)
}
