//! `Hard`'s Change Posture under Seed003 (M5, H3, F4): down to a crouch (or prone) where no melee enemy could reach the unit within two of its turns and the shots it spares its side beat the AP of going down and up again; up where a melee enemy could reach it before its next turn and the blows it spares beat the AP; a prone unit up to a crouch before a walk.

use super::Seed003Command;
use super::action_names;
use super::rules;
use super::stats::Seed003Of;
use super::track::Seed003Track;
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::players::{
    Player, attack_worth_of, attacks_left_of, attacks_paid, best_blow_on_any, walk_worth,
    with_condition,
};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Posture;

/// The enemies' turns a lowered posture looks ahead: a melee enemy that could walk into
/// reach within them bars it (a crouched unit is struck in melee at +2, a prone one at +3,
/// H3), and the shots it spares are counted over as many rounds.
const THREAT_TURNS: u32 = 2;

/// A change of posture must spare this much more than the AP it costs (the planner's
/// scale).
const POSTURE_GAIN: f64 = 0.02;

/// `Hard`'s changes of posture for `me`, each with its worth on the planner's scale: the
/// worth of the blows its AP pay for now (as its attack option is weighed) plus what the
/// posture spares less what its AP would have bought (`lower`, `rise`). None for a unit
/// that is not able, or Pinned (M5 refuses it).
pub fn posture_options(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    if !me.able() || me.has(ConditionKind::Pinned) {
        return Vec::new();
    }
    let blow = attack_worth_of(view, me, Player::Hard).map(|a| a.0);
    let base = blow.map_or(0.0, |b| f64::from(attacks_left_of(view, me, me.ap)) * b);
    let gains: Vec<(f64, Posture)> = match me.posture() {
        Posture::Standing => [Posture::Crouching, Posture::Prone]
            .into_iter()
            .filter_map(|to| Some((lower(view, me, to, blow?)?, to)))
            .collect(),
        Posture::Crouching => rise(view, me, blow)
            .map(|g| (g, Posture::Standing))
            .into_iter()
            .collect(),
        Posture::Prone => rise(view, me, blow)
            .map(|g| (g, Posture::Crouching))
            .into_iter()
            .collect(),
    };
    gains
        .into_iter()
        .filter(|(gain, _)| *gain > POSTURE_GAIN)
        .filter_map(|(gain, to)| {
            let cmd = change(me, to);
            plan(view, &cmd).is_ok().then_some((base + gain, cmd))
        })
        .collect()
}

/// A prone `me` about to walk crouches first (crawling costs double, M2; crouching costs
/// nothing) where `Hard`'s best walk in the battle as it would stand crouched (the 2 AP
/// paid) is worth `POSTURE_GAIN` more than its best walk now.
pub fn instead_of_walk(view: &View, me: &UnitSnap) -> Option<Command> {
    if me.posture() != Posture::Prone {
        return None;
    }
    let cmd = change(me, Posture::Crouching);
    plan(view, &cmd).ok()?;
    let cost = view.ctx.rules.cost(action_names::CHANGE_POSTURE)?;
    let (crawl, _) = walk_worth(view, view.ctx.snap, me, false)?;
    let mut snap = in_posture(view, view.ctx.snap, me, Posture::Crouching);
    snap.units.iter_mut().find(|u| u.entity == me.entity)?.ap -= cost;
    let (walk, _) = walk_worth(view, &snap, me, false)?;
    (walk > crawl + POSTURE_GAIN).then_some(cmd)
}

/// What going down to posture `to` from Standing gains `me`, whose best blow now is worth
/// `blow`: the shots it spares its side over `THREAT_TURNS` rounds (`shots_on_side`: each
/// ranged enemy's best shot on any of the side, a round's attacks of it each round, less
/// the same with `me` down), less what the AP would have bought (`blow` per attack's AP):
/// the 2 AP now, and those of getting up again (to a crouch from prone; to standing where
/// an able enemy has a melee weapon: it will come). `None` where a melee enemy could walk
/// into reach of it within `THREAT_TURNS` turns.
fn lower(view: &View, me: &UnitSnap, to: Posture, blow: f64) -> Option<f64> {
    let snap = view.ctx.snap;
    let enemies: Vec<&UnitSnap> = snap.enemies_of(me).filter(|e| e.able()).collect();
    if enemies
        .iter()
        .any(|e| reach_tile(view, e, me.pos, THREAT_TURNS).is_some())
    {
        return None;
    }
    let cost = view.ctx.rules.cost(action_names::CHANGE_POSTURE)?;
    let melee_left = enemies
        .iter()
        .any(|e| e.stats.weapons.iter().any(|w| w.is_melee()));
    let up = match to {
        Posture::Prone => cost + if melee_left { cost } else { 0 },
        _ => {
            if melee_left {
                cost
            } else {
                0
            }
        }
    };
    let spared = shots_on_side(view, snap, me, &enemies)
        - shots_on_side(view, &in_posture(view, snap, me, to), me, &enemies);
    Some(f64::from(THREAT_TURNS) * spared - f64::from(cost + up) * ap_worth(view, blow))
}

/// What getting up gains `me` (Crouching to Standing, or Prone to Crouching on the way to
/// Standing) where melee enemies could walk into its reach before its next turn
/// (`reach_tile`): the blows of each spared by standing (its best melee blow on `me` from
/// that tile, on `me` as it is less on `me` standing; a turn's attacks, one fewer where it
/// walks), less the shots standing lets through to the side for a round, less what the AP
/// to stand would have bought (`blow`, or where `me` has no attack now, its best blow on the
/// enemy come into reach). `None` where no melee enemy comes.
fn rise(view: &View, me: &UnitSnap, blow: Option<f64>) -> Option<f64> {
    let snap = view.ctx.snap;
    let rules = view.ctx.rules;
    let cost = rules.cost(action_names::CHANGE_POSTURE)?;
    let attack = rules.cost(ActionKind::Attack)?;
    let enemies: Vec<&UnitSnap> = snap.enemies_of(me).filter(|e| e.able()).collect();
    let standing = in_posture(view, snap, me, Posture::Standing);
    let mut spared = 0.0;
    let mut own = blow.unwrap_or(0.0);
    let mut comes = false;
    for e in &enemies {
        let Some(at) = reach_tile(view, e, me.pos, 1) else {
            continue;
        };
        comes = true;
        let ap = turn_ap(view, e);
        let n = if at == e.pos {
            attacks_paid(view, ap)
        } else {
            attacks_paid(view, ap.saturating_sub(attack)).max(1)
        };
        let now = moved(snap, e, at);
        let up = moved(&standing, e, at);
        let struck = |s: &Snapshot| best_blow_on_any(view, s, e, &[me], ap, true);
        spared += f64::from(n) * (struck(&now) - struck(&up)).max(0.0);
        if blow.is_none() {
            let mine = me.ap.max(attack);
            own = own.max(best_blow_on_any(view, &now, me, &[*e], mine, false));
        }
    }
    if !comes {
        return None;
    }
    let exposed =
        shots_on_side(view, &standing, me, &enemies) - shots_on_side(view, snap, me, &enemies);
    let steps = if me.posture() == Posture::Prone { 2 } else { 1 };
    Some(spared - exposed.max(0.0) - f64::from(steps * cost) * ap_worth(view, own))
}

/// The shots `enemies` make on `me`'s side in battle `snap` in a round: each ranged
/// enemy's best shot from where it stands on any able unit of the side
/// (`best_blow_on_any`: a shot spared one goes to the next best), times the attacks a
/// round's AP pay for.
fn shots_on_side(view: &View, snap: &Snapshot, me: &UnitSnap, enemies: &[&UnitSnap]) -> f64 {
    let side: Vec<&UnitSnap> = snap
        .units
        .iter()
        .filter(|u| u.side == me.side && u.able())
        .collect();
    enemies
        .iter()
        .filter(|e| e.stats.weapons.iter().any(|w| !w.is_melee()))
        .filter_map(|e| {
            let e = snap.get(e.entity)?;
            let ap = round_ap(e);
            Some(
                f64::from(attacks_paid(view, ap))
                    * best_blow_on_any(view, snap, e, &side, ap, false),
            )
        })
        .sum()
}

/// The tile from which the melee enemy `e` strikes the unit at `at`: where it stands, or
/// the nearest it could walk to within `turns` of its turns (`yards_within`; walls and
/// creatures in the way counted; the rules' `melee_reaches`). `None` for an enemy without
/// a melee weapon or that cannot move.
fn reach_tile(view: &View, e: &UnitSnap, at: Pos, turns: u32) -> Option<Pos> {
    let ctx = &view.ctx;
    let reach = e.stats.melee_reach();
    if !e.able() || reach == 0 {
        return None;
    }
    if ctx.melee_reaches(e.pos, at, reach) {
        return Some(e.pos);
    }
    if ctx.can_move(e).is_err() {
        return None;
    }
    ctx.reachable_within(e, yards_within(view, e, turns))
        .tiles()
        .filter(|(q, _)| ctx.melee_reaches(*q, at, reach))
        .min_by_key(|(_, c)| *c)
        .map(|(q, _)| q)
}

/// The most tiles `e` could walk in its next `turns` turns: the yards it holds and those its
/// AP buy (E1, M1: its next turn's AP, `turn_ap`, then a whole round's gain for each turn
/// after), at its rate now.
fn yards_within(view: &View, e: &UnitSnap, turns: u32) -> u32 {
    let track = e.own.track();
    let first = e.pool.metres + rules::yards_bought(track.rate, track.move_ap, turn_ap(view, e));
    let later = rules::yards_bought(track.rate, 0, round_ap(e));
    first + turns.saturating_sub(1) * later
}

/// The AP `e` holds on its next turn: those it holds now where that turn comes this round
/// (it is still in the round's queue: the round's start is paid), else with the next
/// round's start (E1); no more than its Max AP.
fn turn_ap(view: &View, e: &UnitSnap) -> u32 {
    if view.turn.queue.iter().any(|s| s.unit == e.entity) {
        return e.ap;
    }
    let speed = e.stats.seed003().speed;
    (e.ap + rules::round_start_ap(speed)).min(rules::max_ap(speed))
}

/// The AP a round brings `e` (E1: the round's start and its turn's end), no more than its
/// Max AP.
fn round_ap(e: &UnitSnap) -> u32 {
    let speed = e.stats.seed003().speed;
    (rules::round_start_ap(speed) + rules::turn_end_ap(speed)).min(rules::max_ap(speed))
}

/// What an AP is worth to a unit whose best blow is worth `blow`: unspent AP carry over
/// (E1), so each buys its share of an attack's.
fn ap_worth(view: &View, blow: f64) -> f64 {
    let attack = view.ctx.rules.cost(ActionKind::Attack).unwrap_or(1).max(1);
    blow / f64::from(attack)
}

/// `me`'s Change Posture to `to`.
fn change(me: &UnitSnap, to: Posture) -> Command {
    Command::from(Seed003Command::ChangePosture {
        unit: me.name.to_string(),
        to,
    })
}

/// Battle `snap` with `e` standing at `at`.
fn moved(snap: &Snapshot, e: &UnitSnap, at: Pos) -> Snapshot {
    let mut s = snap.clone();
    if let Some(u) = s.units.iter_mut().find(|u| u.entity == e.entity) {
        u.pos = at;
    }
    s
}

/// Battle `snap` with `me` in posture `to` (Standing: neither Crouching nor Prone).
fn in_posture(view: &View, snap: &Snapshot, me: &UnitSnap, to: Posture) -> Snapshot {
    let mut s = snap.clone();
    if let Some(u) = s.units.iter_mut().find(|u| u.entity == me.entity) {
        u.conditions
            .0
            .retain(|c| !matches!(c.kind, ConditionKind::Crouching | ConditionKind::Prone));
    }
    let kind = match to {
        Posture::Standing => return s,
        Posture::Crouching => ConditionKind::Crouching,
        Posture::Prone => ConditionKind::Prone,
    };
    with_condition(&s, me.entity, kind, None, view.turn.round)
}
