//! What the computer player knows of Seed002: a won Seize's action (every player; `Hard`
//! weighs its best attack against stepping out of the declared blow's reach), a Coup on an
//! Unconscious enemy that could wake, and (`Hard`) melee attacks that carry agile steps
//! before them, closing in and striking in one activation.

use super::energy::OUT_OF_STAMINA;
use super::odds::av_odds;
use super::work::{AvAttack, SeizedAction};
use super::{Seed002, Seed002Command, action_names, guard, rise, shift, sprint};
use crate::battle::ai::best_attack;
use crate::battle::assess::Ctx;
use crate::battle::command::{View, path_cost};
use crate::battle::engine::Question;
use crate::battle::events::{AttackOptions, Command};
use crate::battle::players::{Player, attack_worth_of, provoked_price};
use crate::battle::preview::Preview;
use crate::battle::snapshot::UnitSnap;
use crate::battle::work::Work;
use crate::rulebook::Computer;
use crate::rulebooks::seed002::av_odds::AvOdds;
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
    let blow = guard::blow_worth(me, &v);
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

impl Computer for Seed002 {
    fn computer_answer(&self, view: &View, question: &Question) -> Option<Command> {
        seized_answer(view, question)
    }

    fn hard_answer(&self, view: &View, question: &Question) -> Option<Command> {
        hard_seized(view, question)
    }

    fn hard_options(&self, view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
        guard::defend(view, me)
            .into_iter()
            .chain(rise::rise(view, me))
            .collect()
    }

    fn hard_instead_of_walk(
        &self,
        view: &View,
        me: &UnitSnap,
        walk: &Command,
        ap: u32,
    ) -> Option<Command> {
        sprint::sprint_instead(view, me, walk, ap)
            .or_else(|| shift::shift_instead(view, me, walk, ap))
    }

    fn hard_spare_ap(&self, view: &View, me: &UnitSnap) -> Option<Command> {
        guard::catch_breath(view, &side_of(view, me))
    }

    fn computer_own(&self, view: &View, actor: &UnitSnap) -> Option<Command> {
        coup(view, &side_of(view, actor))
    }

    fn expected_damage(&self, preview: &Preview) -> Option<f64> {
        preview.odds_of::<AvOdds>().map(AvOdds::expected)
    }

    fn attack_worth(
        &self,
        preview: &Preview,
        _target: &UnitSnap,
        share: &dyn Fn(f64) -> f64,
    ) -> Option<f64> {
        let v: &AvOdds = preview.odds_of()?;
        Some(v.dead.value() + v.death_roll.value() / 2.0 + share(v.expected()))
    }

    fn lands_and_stands(&self, preview: &Preview, _target: &UnitSnap) -> Option<f64> {
        let v: &AvOdds = preview.odds_of()?;
        Some(v.hit.value() - v.dead.value() - v.death_roll.value())
    }

    fn computer_attacks<'s>(
        &self,
        view: &'s View,
        me: &'s UnitSnap,
    ) -> Vec<(&'s UnitSnap, Command, f64)> {
        let mut attacks: Vec<_> = agile_attacks(view, me)
            .into_iter()
            .map(|(t, cmd)| (t, cmd, 1.0))
            .collect();
        attacks.extend(swift_attacks(view, me));
        attacks
    }
}

/// The units of the side acting now: `actor`, and those its activation may give an action
/// (I2).
fn side_of<'s>(view: &'s View, actor: &'s UnitSnap) -> Vec<&'s UnitSnap> {
    std::iter::once(actor)
        .chain(view.turn.union.iter().filter_map(|e| view.ctx.snap.get(*e)))
        .collect()
}

/// How many times a Swift Attack as an action (X1 c: 1 Energy) is worth its blow: a Melee
/// Attack's Energy over the Swift Attack's, the blows the same Energy would pay for.
fn swift_per_energy(view: &View) -> f64 {
    let rules = view.ctx.rules;
    let melee = rules.cost(ActionKind::Attack).unwrap_or(3).max(1);
    let swift = rules.cost(action_names::SWIFT_ATTACK).unwrap_or(1).max(1);
    f64::from(melee) / f64::from(swift)
}

/// Seed002 (`Hard`): the Swift Attack as its own action (X1 c) on each Unguarded enemy, with
/// each melee weapon (the plan refuses one out of reach or the front arc, or once the
/// round's Swift Attack is used), valued per Energy against a Melee Attack
/// (`swift_per_energy`): the same blow for a third of the Energy.
fn swift_attacks<'s>(view: &'s View, me: &'s UnitSnap) -> Vec<(&'s UnitSnap, Command, f64)> {
    if me.reactions.swift_used {
        return Vec::new();
    }
    let per_energy = swift_per_energy(view);
    view.ctx
        .snap
        .enemies_of(me)
        .filter(|t| t.able() && t.has(ConditionKind::Unguarded))
        .flat_map(|t| {
            me.stats
                .weapons
                .iter()
                .filter(|w| w.is_melee())
                .map(move |w| {
                    let cmd = Command::Attack {
                        unit: me.name.to_string(),
                        target: t.name.to_string(),
                        weapon: Some(w.name.clone()),
                        options: AttackOptions {
                            swift: true,
                            ..AttackOptions::default()
                        },
                    };
                    (t, cmd, per_energy)
                })
        })
        .filter(|(_, cmd, _)| crate::battle::command::plan(view, cmd).is_ok())
        .collect()
}
