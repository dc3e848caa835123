//! What the computer player knows of Seed002: a won Seize's action (every player; `Hard`
//! weighs its best attack against stepping out of the declared blow's reach), a Coup on an
//! Unconscious enemy that could wake, and (`Hard`) melee attacks that carry agile steps
//! before them, closing in and striking in one activation.

use super::Seed002Command;
use super::energy::OUT_OF_STAMINA;
use super::odds::av_odds;
use super::work::{AvAttack, SeizedAction};
use crate::battle::ai::best_attack;
use crate::battle::assess::Ctx;
use crate::battle::command::{View, path_cost};
use crate::battle::engine::Question;
use crate::battle::events::{AttackOptions, Command};
use crate::battle::players::{Player, attack_worth_of, provoked_price, share_of};
use crate::battle::snapshot::UnitSnap;
use crate::battle::work::Work;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ConditionKind;

/// A won Seize: the unit's best attack now, or it lets the chance go. `None` for the
/// core's questions.
pub fn seized_answer(view: &View, question: &Question) -> Option<Command> {
    question.of_book::<SeizedAction>()?;
    let e = question.asked();
    Some(
        view.ctx
            .snap
            .get(e)
            .and_then(|me| best_attack(view, me))
            .unwrap_or(Command::AnswerReaction {
                reactor: view.name(e),
                accept: false,
                maneuver: None,
            }),
    )
}

/// `Hard`'s seized action (I4): the best of its best attack (`attack_worth_of`, the
/// planner's measure) and a Shift out of the declared melee blow's reach, which cancels the
/// blow (the attacker pays 1 Energy for it). The Shift is worth what the blow would take out
/// of the unit (its chance of a Death roll or death and the damage's share, as
/// `attack_worth` counts a Seed002 attack), less what the Swift Attacks the step provokes
/// would (`provoked_price`). `None`: no such choice (the greedy answer decides).
pub fn hard_seized(view: &View, question: &Question) -> Option<Command> {
    question.of_book::<SeizedAction>()?;
    let me = view.ctx.snap.get(question.asked())?;
    let strike = attack_worth_of(view, me, Player::Hard);
    let dodge = view
        .pending
        .and_then(Work::of_book::<AvAttack>)
        .and_then(|d| step_out_of_reach(view, me, d));
    match (strike, dodge) {
        (Some(s), Some(d)) if d.0 > s.0 => Some(d.1),
        (Some(s), _) => Some(s.1),
        (None, Some(d)) => Some(d.1),
        (None, None) => None,
    }
}

/// The Shift of `me` (one tile, Agility where it has 2) out of the reach of the declared
/// melee attack `d` worth the most, with its worth (`hard_seized`); `None` where the blow is
/// no melee attack on `me`, or no Shift takes `me` out of its reach for a gain.
fn step_out_of_reach(view: &View, me: &UnitSnap, d: &AvAttack) -> Option<(f64, Command)> {
    let ctx = &view.ctx;
    let a = ctx.snap.get(d.attacker)?;
    if d.target != me.entity {
        return None;
    }
    let reach = match d.weapon {
        Some(i) => a.stats.weapons.get(i).filter(|w| w.is_melee())?.reach,
        None => 1,
    };
    let v = av_odds(ctx, a, me, d.weapon, d.maneuver, false, false).ok()?;
    let blow = v.dead.value() + v.death_roll.value() / 2.0 + share_of(me, v.expected());
    let agility = me.own.footing().agility >= 2;
    Dir8::ALL
        .into_iter()
        .map(|dir| me.pos.step(dir))
        .filter(|q| q.distance(a.pos) > reach)
        .map(|to| {
            Command::from(Seed002Command::Shift {
                unit: me.name.to_string(),
                to,
                agility: Some(agility),
            })
        })
        .filter(|cmd| crate::battle::command::plan(view, cmd).is_ok())
        .map(|cmd| (blow - provoked_price(view, me, &cmd), cmd))
        .filter(|(w, _)| *w > 0.0)
        .fold(None, |best: Option<(f64, Command)>, c| match best {
            Some(b) if b.0 >= c.0 => Some(b),
            _ => Some(c),
        })
}

/// A Coup (D4, 1 Energy) by `me` or an ally acting in its activation on an Unconscious enemy
/// in reach that could wake (knocked out by Stamina 0, which rolls to wake each round: a
/// Coup at 0 Aura kills it), when that unit has no able enemy to strike from where it stands;
/// an enemy out Cold from a Death roll stays out for the battle, and is left.
pub fn coup(view: &View, side: &[&UnitSnap]) -> Option<Command> {
    let ctx = &view.ctx;
    side.iter().find_map(|me| {
        if ai_strikes(view, me) {
            return None;
        }
        ctx.snap
            .enemies_of(me)
            .filter(|t| may_wake(t))
            .flat_map(|t| {
                me.stats
                    .weapons
                    .iter()
                    .filter(|w| w.is_melee())
                    .map(move |w| Seed002Command::Coup {
                        unit: me.name.to_string(),
                        target: t.name.to_string(),
                        weapon: Some(w.name.clone()),
                    })
            })
            .map(Command::from)
            .find(|cmd| crate::battle::command::plan(view, cmd).is_ok())
    })
}

/// Whether `me` has an able enemy to strike now.
fn ai_strikes(view: &View, me: &UnitSnap) -> bool {
    best_attack(view, me).is_some()
}

/// Whether `t` is Unconscious from Stamina 0, and so rolls to wake each round (I1).
fn may_wake(t: &UnitSnap) -> bool {
    !t.has(ConditionKind::Dead)
        && t.conditions.0.iter().any(|c| {
            c.kind == ConditionKind::Unconscious
                && c.parent.is_none()
                && *c.source == *OUT_OF_STAMINA
        })
}

/// Seed002 (`Hard`): melee attacks that carry agile steps before them (M5: 1 Agility a
/// metre, at most as many steps as the attack costs Energy, and they provoke no Swift
/// Attack), from where the unit stands into reach of an enemy out of its reach now: one
/// activation closes in and strikes where a Run would spend it. Each is valued by its
/// preview from the tile the steps end on, as any other attack. The steps are the
/// shortest to each tile (`path_cost` checks each).
pub fn agile_attacks<'s>(view: &'s View, me: &'s UnitSnap) -> Vec<(&'s UnitSnap, Command)> {
    let ctx = &view.ctx;
    let most = (me.own.footing().agility.max(0) as u32)
        .min(ctx.rules.cost(ActionKind::Attack).unwrap_or(3));
    let paths = shortest_step_paths(ctx, me, most);
    let mut out = Vec::new();
    for t in ctx.snap.enemies_of(me).filter(|t| t.able()) {
        for w in me.stats.weapons.iter().filter(|w| w.is_melee()) {
            if me.pos.distance(t.pos) <= w.reach {
                continue;
            }
            for path in &paths[1..] {
                if path.last().is_none_or(|q| q.distance(t.pos) > w.reach) {
                    continue;
                }
                out.push((
                    t,
                    Command::Attack {
                        unit: me.name.to_string(),
                        target: t.name.to_string(),
                        weapon: Some(w.name.clone()),
                        options: AttackOptions {
                            agile_before: path.clone(),
                            ..AttackOptions::default()
                        },
                    },
                ));
            }
        }
    }
    out
}

/// The shortest step path to each tile within `most` steps of `me` (`path_cost` checks
/// each), the empty path first, then by length.
fn shortest_step_paths(ctx: &Ctx, me: &UnitSnap, most: u32) -> Vec<Vec<Pos>> {
    // Breadth first: the paths one step longer than those in `frontier` (a range of
    // `paths`; the empty path first) are added after them.
    let mut paths: Vec<Vec<Pos>> = vec![Vec::new()];
    let mut seen = vec![me.pos];
    let mut frontier = 0..1;
    for _ in 0..most {
        let longest = paths.len();
        for k in frontier {
            let at = *paths[k].last().unwrap_or(&me.pos);
            for d in Dir8::ALL {
                let q = at.step(d);
                if seen.contains(&q) || ctx.snap.at(q).is_some() {
                    continue;
                }
                let mut longer: Vec<Pos> = paths[k].clone();
                longer.push(q);
                if path_cost(ctx, me, &longer).is_err() {
                    continue;
                }
                seen.push(q);
                paths.push(longer);
            }
        }
        frontier = longest..paths.len();
    }
    paths
}
