//! A simple, deterministic computer player: give First Aid to an adjacent ally bleeding out
//! (Seed000) or in Shock (Seed004), else attack the enemy it expects to hurt most, else walk towards the nearest
//! enemy, else end the turn; take every reaction offered. It
//! issues the same `Command`s a player does. Used to play demo battles, to drive long
//! benchmarks and to write window-test scripts.

use super::command::View;
use super::engine::Question;
use super::events::AttackOptions;
use super::events::Command;
use super::preview::preview;
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, DamageModel};

/// The next command for whoever must act now, or `None` when nobody can.
pub fn next_command(view: &View) -> Option<Command> {
    if let Some(question) = view.awaiting {
        return Some(answer(view, question));
    }
    let me = view.ctx.snap.get(view.turn.active()?)?;
    let unit = me.name.to_string();
    // Under activations (Seed002) any unit of the side may act: the first that can attack.
    let side: Vec<&UnitSnap> = std::iter::once(me)
        .chain(view.turn.union.iter().filter_map(|e| view.ctx.snap.get(*e)))
        .collect();
    if let Some(aid) = side.iter().find_map(|u| first_aid(view, u)) {
        return Some(aid);
    }
    if let Some(attack) = side.iter().find_map(|u| best_attack(view, u)) {
        return Some(attack);
    }
    let walk = side
        .iter()
        .filter(|u| view.ctx.can_move(u).is_ok())
        .find_map(|u| approach(view, u).map(|to| (u.name.to_string(), to)));
    Some(match walk {
        Some((unit, to)) => Command::Move { unit, to },
        None => Command::EndTurn { unit },
    })
}

/// The answer to a question: the rulebook's own answer where it has one; else take every
/// reaction, and end the turn of a unit asked a question only a rulebook asks.
fn answer(view: &View, question: &Question) -> Command {
    if let Some(own) = view
        .ctx
        .rules
        .rulebook
        .book()
        .computer_answer(view, question)
    {
        return own;
    }
    let unit = view.name(question.asked());
    match question {
        Question::Reaction(_) => Command::AnswerReaction {
            reactor: unit,
            accept: true,
            maneuver: None,
        },
        Question::Book(_) => Command::EndTurn { unit },
    }
}

/// The rulebook's own First Aid for an ally that needs it (Seed004: in Shock), else
/// Stabilize for an adjacent ally bleeding out, when the rules allow it now.
pub(super) fn first_aid(view: &View, me: &UnitSnap) -> Option<Command> {
    let book = view.ctx.rules.rulebook.book();
    let mut allies = view.ctx.snap.allies_of(me).peekable();
    if allies
        .peek()
        .is_some_and(|u| book.needs_first_aid(u).is_some())
    {
        return allies
            .filter(|u| book.needs_first_aid(u) == Some(true))
            .filter_map(|u| Command::targeted(ActionKind::FirstAid, &me.name, &u.name, None))
            .find(|cmd| preview(view, cmd).is_ok());
    }
    if view.ctx.rules.damage != DamageModel::BleedOut {
        return None;
    }
    view.ctx
        .snap
        .allies_of(me)
        .filter(|u| u.has(ConditionKind::Bleeding) && !u.has(ConditionKind::Dead) && u.is_down())
        .map(|u| Command::Stabilize {
            unit: me.name.to_string(),
            target: u.name.to_string(),
        })
        .find(|cmd| preview(view, cmd).is_ok())
}

/// Every plain attack `me` could try: each able enemy with each of its weapons.
pub(super) fn attack_commands<'a>(
    snap: &'a super::snapshot::Snapshot,
    me: &'a UnitSnap,
) -> impl Iterator<Item = (&'a UnitSnap, Command)> + 'a {
    snap.enemies_of(me).filter(|t| t.able()).flat_map(move |t| {
        me.stats.weapons.iter().map(move |w| {
            let cmd = Command::Attack {
                unit: me.name.to_string(),
                target: t.name.to_string(),
                weapon: Some(w.name.clone()),
                options: AttackOptions::default(),
            };
            (t, cmd)
        })
    })
}

/// The attack the unit expects to deal the most damage with, if any is possible.
pub fn best_attack(view: &View, me: &UnitSnap) -> Option<Command> {
    let mut best: Option<(f64, Command)> = None;
    for (_, cmd) in attack_commands(view.ctx.snap, me) {
        let Ok(p) = preview(view, &cmd) else { continue };
        let own = view.ctx.rules.rulebook.book().expected_damage(&p);
        let e = match (&p.attack, own) {
            (Some(a), _) => a.damage.expected,
            (None, Some(e)) => e,
            (None, None) => 0.0,
        };
        if best.as_ref().is_none_or(|(b, _)| e > *b) {
            best = Some((e, cmd));
        }
    }
    best.map(|(_, cmd)| cmd)
}

/// Where to walk: a tile from which an attack is possible with its AP left over; else a
/// tile nearer the nearest enemy.
pub(super) fn approach(view: &View, me: &UnitSnap) -> Option<Pos> {
    let ctx = &view.ctx;
    let enemies: Vec<Pos> = ctx
        .snap
        .enemies_of(me)
        .filter(|t| t.able())
        .map(|t| t.pos)
        .collect();
    let nearest = |p: Pos| {
        enemies
            .iter()
            .map(|e| e.distance(p))
            .min()
            .unwrap_or(u32::MAX)
    };
    let can_strike_from = |p: Pos| {
        enemies.iter().any(|&e| {
            me.stats.weapons.iter().any(|w| {
                let d = p.distance(e);
                if w.is_melee() {
                    d <= w.reach && ctx.grid.sight(p, e).clear
                } else {
                    d <= w.range.0 && ctx.grid.sight(p, e).targetable()
                }
            })
        })
    };
    let reach = ctx.reachable(me);
    let spend = |cost: u32| ctx.ap_for_cost(me, cost);
    let attack = ctx.rules.cost(ActionKind::Attack).unwrap_or(0);
    let strike = reach
        .tiles()
        .filter(|(p, c)| me.ap >= spend(*c) + attack && can_strike_from(*p))
        .min_by_key(|(p, c)| (*c, nearest(*p), p.y, p.x));
    if let Some((to, _)) = strike {
        return Some(to);
    }
    let here = nearest(me.pos);
    reach
        .tiles()
        .filter(|(p, _)| nearest(*p) < here)
        .min_by_key(|(p, c)| (nearest(*p), spend(*c), *c, p.y, p.x))
        .map(|(to, _)| to)
}
