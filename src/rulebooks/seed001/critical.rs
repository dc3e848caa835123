//! `Hard`'s maneuver after its own critical win (presets/Seed001.md, Maneuvers): Precision's added damage weighed against disarming the loser's better weapon.

use super::Seed001Command;
use super::answers::{pending_maneuvers, pending_strike};
use super::computer::TURN_AP_WORTH;
use super::maneuvers::maneuver_chance;
use super::rearm::rearmed_worth;
use super::strike_odds::dealt;
use super::work::Seed001Question;
use crate::battle::command::View;
use crate::battle::engine::Question;
use crate::battle::events::Command;
use crate::battle::fate::dice_of;
use crate::battle::players::share_of;
use crate::battle::snapshot::UnitSnap;
use crate::rules::combat_roll::{CombatOutcome, DisarmItem, Maneuver};
use crate::rules::odds::Dist;
use crate::rules::unit::Weapon;

/// `Hard`'s answer to its own critical win as the attacker: of Precision and a Disarm of
/// each weapon the loser holds, the one worth the most on the planner's scale.
///
/// - Precision: what every die at its maximum adds to the blow (the chance to put the
///   loser Down and the damage's share, `strike_worth`'s measure) over the dice rolled.
/// - Disarm of weapon `w`: the chance the loser fails its test, times the chance it still
///   stands after the rolled damage (nothing is done to a loser taken Down), times what it
///   loses: its blows on its enemies without `w` for the turns it is lost (Manipulate's
///   measure, `rearm::rearmed_worth`), at most the AP its own re-arming costs it
///   (`TURN_AP_WORTH`: Manipulate takes 1 AP, the one a defence would have had).
///
/// Where Precision is not allowed (a spell) the policy answers as before.
pub(super) fn attackers_maneuver(view: &View, question: &Question) -> Option<Command> {
    let asked: &Seed001Question = question.of_book()?;
    let Seed001Question::Maneuver { winner, loser } = *asked else {
        return None;
    };
    let strike = pending_strike(view)?;
    if winner != strike.attacker || strike.outcome != Some(CombatOutcome::AttackerCriticalWin) {
        return None;
    }
    let options = pending_maneuvers(view, asked);
    if !options.contains(&Maneuver::Precision) {
        return None;
    }
    let snap = view.ctx.snap;
    let (a, t) = (snap.get(winner)?, snap.get(loser)?);
    let w = a.stats.weapons.get(strike.weapon)?;
    let rolled = dealt(&view.ctx, t, w, &dice_of(w), false);
    let precise = dealt(&view.ctx, t, w, &Dist::certain(w.damage.max()), false);
    let precision = blow_worth(&precise, t) - blow_worth(&rolled, t);
    let stands = rolled.chance_of(|d| d < t.vitality).value();
    let chosen = options
        .iter()
        .filter_map(|m| match m {
            Maneuver::Disarm(DisarmItem::Weapon(name)) => {
                let loss = weapon_loss(view, t, name).min(TURN_AP_WORTH);
                Some((maneuver_chance(a, t, m).value() * stands * loss, m))
            }
            _ => None,
        })
        .filter(|(v, _)| *v > precision)
        .max_by(|x, y| x.0.total_cmp(&y.0))
        .map_or(Maneuver::Precision, |(_, m)| m.clone());
    Some(
        Seed001Command::ChooseManeuver {
            unit: a.name.to_string(),
            maneuver: Some(chosen),
        }
        .into(),
    )
}

/// What a blow dealing `d` takes out of `t`: its chance to put `t` Down and the share of
/// the damage, no more than `t` has left (`computer::strike_worth`'s measure).
fn blow_worth(d: &Dist, t: &UnitSnap) -> f64 {
    let left = t.vitality.max(1);
    d.chance_of(|v| v >= left).value() + share_of(t, d.map(|v| v.min(left)).mean())
}

/// What `t` loses without its weapon `name`: its blows with the weapons it would keep
/// (its fists where none) against its blows now, for the turns `Hard` counts a weapon for.
fn weapon_loss(view: &View, t: &UnitSnap, name: &str) -> f64 {
    let mut kept: Vec<Weapon> = t
        .stats
        .weapons
        .iter()
        .filter(|w| w.name != name)
        .cloned()
        .collect();
    if kept.is_empty() {
        kept.push(Weapon::fists());
    }
    rearmed_worth(view, t, &t.stats.weapons, &kept)
}
