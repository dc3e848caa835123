//! `Hard`'s Manipulate (presets/Seed001.md): its own dropped weapon picked up where re-arming beats a blow.

use super::Seed001Command;
use super::action_names;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::{
    Player, attack_worth_of, best_blow, turns_of_blows, weapon_turns_worth,
};
use crate::battle::snapshot::UnitSnap;
use crate::battle::work::Item;
use crate::rules::actions::ActionKind;
use crate::rules::unit::Weapon;

/// How many of its own turns `Hard` counts a weapon taken back for, as Seed000's Disarm
/// counts a weapon taken: it is kept for the rest of the battle, but a battle's later turns
/// are uncertain.
const REARMED_TURNS: f64 = 2.0;

/// `Hard`'s Manipulate: where `me` has a weapon of its own dropped within reach (on its tile
/// or a neighbouring one: a critical win's Disarm), worth what each of its blows gains with
/// the weapon back (the most, over the able enemies, of its best blow with its weapons and
/// the dropped ones less its best blow now: `players::best_blow`, Seed000's Disarm's
/// measure) times the blows a turn pays for, for `REARMED_TURNS` turns, plus its blows with
/// the AP left at what its best attack is worth now. Beside an attack's option (its worth
/// times the blows all the AP pay for), it wins where re-arming is worth more than the
/// blow its AP forgo (under Seed001's two attacks a round, with 3 AP, none: the third AP
/// is the one `Hard` would keep for a defence). Nothing where the weapon adds nothing to
/// its blows (it holds one as good); a dropped shield alone is not weighed.
pub(super) fn pick_ups(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let rules = view.ctx.rules;
    let (Some(cost), Some(_)) = (
        rules.cost(action_names::MANIPULATE),
        rules.cost(ActionKind::Attack),
    ) else {
        return Vec::new();
    };
    let dropped: Vec<Weapon> = view
        .items
        .0
        .iter()
        .filter(|d| d.owner == me.entity && d.at.distance(me.pos) <= 1)
        .filter_map(|d| match &d.item {
            Item::Weapon(w) => Some(w.clone()),
            Item::Shield(_) => None,
        })
        .collect();
    if !me.able() || me.ap < cost || dropped.is_empty() {
        return Vec::new();
    }
    let now = &me.stats.weapons;
    let with: Vec<Weapon> = now
        .iter()
        .filter(|w| **w != Weapon::fists())
        .chain(dropped.iter())
        .cloned()
        .collect();
    let per_blow = gain_per_blow(view, me, &with, now);
    if per_blow <= 0.0 {
        return Vec::new();
    }
    let strike = attack_worth_of(view, me, Player::Hard).map_or(0.0, |(v, _)| v);
    let v = weapon_turns_worth(view, me, per_blow, REARMED_TURNS, me.ap - cost, strike);
    let cmd: Command = Seed001Command::Manipulate {
        unit: me.name.to_string(),
    }
    .into();
    vec![(v, cmd)]
}

/// What unit `u`'s weapons `with` are worth over `without` for `REARMED_TURNS` of its turns:
/// what each blow gains (`gain_per_blow`) times the blows of those turns
/// (`players::turns_of_blows`). Hard's Disarm maneuver weighs an enemy's weapon taken by it,
/// as its Manipulate weighs its own weapon back.
pub(super) fn rearmed_worth(view: &View, u: &UnitSnap, with: &[Weapon], without: &[Weapon]) -> f64 {
    turns_of_blows(view, gain_per_blow(view, u, with, without), REARMED_TURNS)
}

/// The most, over `u`'s able enemies, of its best blow with `with` less its best blow with
/// `without` (`players::best_blow`).
fn gain_per_blow(view: &View, u: &UnitSnap, with: &[Weapon], without: &[Weapon]) -> f64 {
    view.ctx
        .snap
        .enemies_of(u)
        .filter(|t| t.able())
        .map(|t| best_blow(view, with, t) - best_blow(view, without, t))
        .fold(0.0, f64::max)
}
