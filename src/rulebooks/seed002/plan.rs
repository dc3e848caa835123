//! Planning Seed002's actions (presets/Seed002.md, E2, M1–M6, C3–C7, D4, I4): Runs and
//! Sprints over paths where turns cost metres, Shifts paid in Energy or Agility, Kneel and
//! Stand, loading, Catch Your Breath, attacks priced by their weapon (with Agile steps), the
//! Coup on an Unconscious enemy, the maneuvers that roll against Fortitude, Sprint Push,
//! escaping a hold, and the action of a unit that won a Seize.

use super::Seed002Command;
use super::Seed002Plan;
use super::Seed002Refusal;
use super::assess::unarmed;
use super::footing::can_spend_stamina;
use super::footing::{AGILE_AGILITY, SHIFT_AGILITY, run_energy, speed_of, sprint_speed};
use super::rules::run_path::{run_cost, run_reachable};
use super::work::Gait002;
use super::work::{AvAttack, SeizeStep};
use crate::battle::assess::Ctx;
use crate::battle::command::*;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::stats::Seed002WeaponOf;

use crate::battle::events::{AttackOptions, Command};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Entity;

/// Seed002's own plans for the commands it reads its own way; `None` for the rest.
pub fn plan_seed002(view: &View, a: &UnitSnap, cmd: &Command) -> Option<Result<Plan, Refusal>> {
    let ctx = &view.ctx;
    if let Some(own) = cmd.of_book::<Seed002Command>() {
        return Some(plan_own_command(view, a, own));
    }
    Some(match cmd {
        Command::Move { to, .. } => plan_run(ctx, a, Dest::Tile(*to), false),
        Command::MovePath { path, .. } => plan_run(ctx, a, Dest::Path(path), false),
        Command::Sprint { to: Some(to), .. } => plan_run(ctx, a, Dest::Tile(*to), true),
        Command::Sprint { to: None, .. } => Err(Refusal::NotAnOption {
            option: "a Sprint without a destination (Seed002 sprints to a tile)".into(),
        }),
        Command::StandUp { .. } => need_ap(ctx, a, ActionKind::StandUp).and_then(|_| {
            if a.has(ConditionKind::Kneeling) {
                Ok(Seed002Plan::Stand { unit: a.entity }.into())
            } else {
                Err(lacks(a, ConditionKind::Kneeling))
            }
        }),
        Command::Attack {
            target,
            weapon,
            options,
            ..
        } => view
            .unit(target)
            .and_then(|t| plan_av_attack(ctx, a, t, weapon.as_deref(), options)),
        Command::Trip { target, .. } => view
            .unit(target)
            .and_then(|t| plan_av_maneuver(ctx, a, t, Maneuver002::Trip)),
        Command::Shove { target, .. } => view
            .unit(target)
            .and_then(|t| plan_av_maneuver(ctx, a, t, Maneuver002::Push { distance: 1 })),
        Command::Grab { target, .. } => view
            .unit(target)
            .and_then(|t| plan_av_maneuver(ctx, a, t, Maneuver002::Restrain)),
        Command::Charge { target, .. } => {
            view.unit(target).and_then(|t| plan_sprint_push(ctx, a, t))
        }
        Command::Escape { .. } => plan_escape_hold(ctx, a),
        _ => return None,
    })
}

/// Seed002's plan of one of its own commands.
fn plan_own_command(view: &View, a: &UnitSnap, cmd: &Seed002Command) -> Result<Plan, Refusal> {
    let ctx = &view.ctx;
    match cmd {
        Seed002Command::Shift { to, agility, .. } => plan_shift(ctx, a, *to, *agility),
        Seed002Command::Kneel { .. } => need_ap(ctx, a, action_names::KNEEL).and_then(|_| {
            if a.has(ConditionKind::Prone) {
                Ok(Seed002Plan::Kneel { unit: a.entity }.into())
            } else {
                Err(lacks(a, ConditionKind::Prone))
            }
        }),
        Seed002Command::Load { weapon, .. } => plan_load(ctx, a, weapon.as_deref()),
        Seed002Command::CatchBreath { .. } => {
            let cost =
                a.ap.min(ctx.rules.cost(action_names::CATCH_BREATH).unwrap_or(0));
            if cost == 0 {
                Err(Refusal::NotEnoughAp {
                    action: action_names::CATCH_BREATH,
                    need: 1,
                    have: 0,
                })
            } else {
                Ok(Seed002Plan::CatchBreath {
                    unit: a.entity,
                    cost,
                }
                .into())
            }
        }
        Seed002Command::Coup { target, weapon, .. } => view
            .unit(target)
            .and_then(|t| plan_coup(ctx, a, t, weapon.as_deref())),
    }
}

/// While a Seize's winner acts: a command of that unit, or its answer "no" to act later.
pub(super) fn plan_seized(view: &View, unit: Entity, cmd: &Command) -> Result<Plan, Refusal> {
    let name = view.name(unit);
    if cmd.actor() != name {
        return Err(Refusal::AwaitingChoice { unit: name });
    }
    match cmd {
        Command::AnswerReaction { accept: false, .. } | Command::EndTurn { .. } => {
            Ok(Seed002Plan::SkipSeized.into())
        }
        Command::AnswerReaction { .. } => Err(Refusal::NotAsked { asked: name }),
        _ => plan_action(view, view.ctx.unit(unit)?, cmd),
    }
}

/// Where a move goes: a tile (the cheapest way), or a path given step by step.
enum Dest<'a> {
    Tile(Pos),
    Path(&'a [Pos]),
}

/// Whether `a` may move on its feet now (not Kneeling; Prone it may only Shift).
fn can_run(ctx: &Ctx, a: &UnitSnap) -> Result<(), Refusal> {
    ctx.can_move(a)?;
    for c in [ConditionKind::Kneeling, ConditionKind::Prone] {
        if a.has(c) {
            return Err(Refusal::NotWhile { condition: c });
        }
    }
    Ok(())
}

/// A Run (M1) or Sprint (M2): within the Speed (a Sprint: half as far again), turns
/// included; the Energy it needs (a Sprint's 3 and a Stamina).
fn plan_run(ctx: &Ctx, a: &UnitSnap, dest: Dest, sprint: bool) -> Result<Plan, Refusal> {
    can_run(ctx, a)?;
    let speed = speed_of(a);
    let budget = if sprint { sprint_speed(speed) } else { speed };
    let profile = ctx.move_profile(a);
    let heading = a.own.footing().heading;
    let path = match dest {
        Dest::Path(path) => path.to_vec(),
        Dest::Tile(to) => {
            let reach = run_reachable(
                ctx.grid,
                &ctx.occupancy(a),
                a.pos,
                heading,
                budget,
                &profile,
            );
            match reach.path(to) {
                Some(p) => p,
                None => {
                    return Err(plan_move_to(ctx, a, to)
                        .err()
                        .unwrap_or(Refusal::NoPath { from: a.pos, to }));
                }
            }
        }
    };
    if path.is_empty() {
        return Err(Refusal::EmptyPath);
    }
    path_cost(ctx, a, &path)?;
    let metres =
        run_cost(ctx.grid, a.pos, heading, &path, &profile).map_err(|i| Refusal::BadStep {
            step: i + 1,
            from: if i == 0 { a.pos } else { path[i - 1] },
            to: path[i],
            error: crate::rules::path::StepError::NotAdjacent,
        })?;
    if metres > budget {
        return Err(Refusal::PathTooCostly {
            cost: metres,
            pool: 0,
            ap: a.ap,
            per_ap: speed,
        });
    }
    if sprint {
        need_ap(ctx, a, ActionKind::Sprint)?;
        if !can_spend_stamina(a, 1) {
            return Err(Seed002Refusal::NoStamina.into());
        }
    } else {
        need_energy(ctx, a, ActionKind::Move, run_energy(metres, speed))?;
    }
    Ok(Seed002Plan::Footwork {
        unit: a.entity,
        path,
        gait: Gait002::Run { sprint },
    }
    .into())
}

/// A Run's or Sprint's metres (turns included, M3) and the Energy it costs (M1; a Sprint's
/// own price, M2), for its preview; `None` for a Shift or an Agile Move.
pub(super) fn run_price(
    ctx: &Ctx,
    a: &UnitSnap,
    path: &[Pos],
    gait: Gait002,
) -> Option<(u32, u32)> {
    let Gait002::Run { sprint } = gait else {
        return None;
    };
    let profile = ctx.move_profile(a);
    let metres = run_cost(ctx.grid, a.pos, a.own.footing().heading, path, &profile).ok()?;
    let energy = if sprint {
        ctx.rules.cost(ActionKind::Sprint).unwrap_or(0)
    } else {
        run_energy(metres, speed_of(a))
    };
    Some((metres, energy))
}

/// A Shift (M4): one metre to a neighbouring tile, its terrain cost in Energy or twice that
/// in Agility (double while Prone); Agility unless told, when there is enough of it.
fn plan_shift(ctx: &Ctx, a: &UnitSnap, to: Pos, agility: Option<bool>) -> Result<Plan, Refusal> {
    ctx.can_move(a)?;
    if a.has(ConditionKind::Kneeling) {
        return Err(Refusal::NotWhile {
            condition: ConditionKind::Kneeling,
        });
    }
    if !a.pos.is_adjacent(to) {
        return Err(Seed002Refusal::NotAdjacentTile { at: to }.into());
    }
    let metres = path_cost(ctx, a, &[to])?;
    let prone = if a.has(ConditionKind::Prone) { 2 } else { 1 };
    let metres = metres * prone / ctx.move_profile(a).cost_factor.max(1);
    let slowed = a.has(ConditionKind::Slowed);
    let agility_cost = metres as i32 * SHIFT_AGILITY;
    let use_agility = agility.unwrap_or(!slowed && a.own.footing().agility >= agility_cost);
    if use_agility {
        if slowed {
            return Err(Refusal::NotWhile {
                condition: ConditionKind::Slowed,
            });
        }
        if a.own.footing().agility < agility_cost {
            return Err(Seed002Refusal::NotEnoughAgility {
                need: agility_cost,
                have: a.own.footing().agility,
            }
            .into());
        }
    } else {
        need_energy(ctx, a, action_names::SHIFT, metres)?;
    }
    Ok(Seed002Plan::Footwork {
        unit: a.entity,
        path: vec![to],
        gait: Gait002::Shift {
            agility: use_agility,
        },
    }
    .into())
}

fn plan_load(ctx: &Ctx, a: &UnitSnap, weapon: Option<&str>) -> Result<Plan, Refusal> {
    let ranged = |(_, w): &(usize, &crate::rules::unit::Weapon)| !w.is_melee();
    let found = a
        .stats
        .weapons
        .iter()
        .enumerate()
        .filter(ranged)
        .find(|(i, w)| weapon.map_or(!a.own.footing().loaded(*i), |n| w.name == n));
    let Some((i, w)) = found else {
        return Err(Seed002Refusal::NothingToLoad.into());
    };
    if a.own.footing().loaded(i) {
        return Err(Seed002Refusal::NothingToLoad.into());
    }
    let cost = w.seed002().load;
    need_energy(ctx, a, action_names::LOAD, cost)?;
    Ok(Seed002Plan::Load {
        unit: a.entity,
        weapon: i,
        cost,
    }
    .into())
}

/// The Agile steps of an action spending `energy` (M5): at most that many metres, paid in
/// Agility, never while Prone, Kneeling, Restrained or Slowed; each step a neighbour.
fn agile_checks(
    ctx: &Ctx,
    a: &UnitSnap,
    before: &[Pos],
    after: &[Pos],
    energy: u32,
) -> Result<UnitSnap, Refusal> {
    let mut moved = a.clone();
    if before.is_empty() && after.is_empty() {
        return Ok(moved);
    }
    for c in [
        ConditionKind::Prone,
        ConditionKind::Kneeling,
        ConditionKind::Restrained,
        ConditionKind::Slowed,
    ] {
        if a.has(c) {
            return Err(Refusal::NotWhile { condition: c });
        }
    }
    let steps = (before.len() + after.len()) as u32;
    if steps > energy {
        return Err(Seed002Refusal::TooManyAgileSteps {
            steps,
            most: energy,
        }
        .into());
    }
    let metres = path_cost(ctx, a, before)?;
    moved.pos = *before.last().unwrap_or(&a.pos);
    let metres_after = if after.is_empty() {
        0
    } else {
        path_cost(ctx, &moved, after)?
    };
    let need = (metres + metres_after) as i32 * AGILE_AGILITY;
    if a.own.footing().agility < need {
        return Err(Seed002Refusal::NotEnoughAgility {
            need,
            have: a.own.footing().agility,
        }
        .into());
    }
    Ok(moved)
}

/// An attack priced by what it is (E2, X1 c): a Swift Attack on one Unguarded (1, the
/// round's Swift Attack), a shot (1, plus loading), bare hands (2), a melee weapon (3). On
/// an Unconscious enemy too (no defence roll, H1 and H4); the 1-Energy blow on one is the
/// Coup, its own command (`plan_coup`).
fn plan_av_attack(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
    options: &AttackOptions,
) -> Result<Plan, Refusal> {
    let before = &options.agile_before;
    let mut moved = a.clone();
    moved.pos = *before.last().unwrap_or(&a.pos);
    let wi = if options.unarmed {
        None
    } else {
        Some(attack_checks(ctx, &moved, t, weapon)?)
    };
    let w = wi.map_or_else(|| unarmed(a), |i| a.stats.weapons[i].clone());
    let (action, cost) = if options.swift {
        // An Unconscious enemy is Unguarded, but the blow on it is the Coup (D4).
        if t.is_down() {
            return Err(Refusal::TargetDown {
                target: t.name.to_string(),
            });
        }
        if !t.has(ConditionKind::Unguarded) {
            return Err(Refusal::Lacks {
                unit: t.name.to_string(),
                condition: ConditionKind::Unguarded,
            });
        }
        if !w.is_melee() || a.reactions.swift_used || !ctx.in_front(&moved, t.pos) {
            return Err(Seed002Refusal::NoSwiftAttack.into());
        }
        (action_names::SWIFT_ATTACK, 1)
    } else if !w.is_melee() {
        let load = wi
            .filter(|i| !a.own.footing().loaded(*i))
            .map_or(0, |_| w.seed002().load);
        (action_names::RANGED_ATTACK, 1 + load)
    } else if options.unarmed {
        (
            action_names::UNARMED_ATTACK,
            ctx.rules.cost(action_names::UNARMED_ATTACK).unwrap_or(2),
        )
    } else {
        (
            ActionKind::Attack,
            ctx.rules.cost(ActionKind::Attack).unwrap_or(3),
        )
    };
    need_energy(ctx, a, action, cost)?;
    let moved = agile_checks(ctx, a, before, &options.agile_after, cost)?;
    ctx.av_assessment(&moved, t, wi, None, options.swift, false)?;
    let mut attack = AvAttack::declared(a.entity, t.entity, wi, action, cost);
    if options.swift {
        attack.seize = SeizeStep::Closed;
    }
    Ok(Seed002Plan::AvAttack {
        attack,
        agile_before: before.clone(),
        agile_after: options.agile_after.clone(),
    }
    .into())
}

/// A Coup (D4): 1 Energy, on an Unconscious enemy within reach of a melee weapon (the
/// named one, or the first that reaches), never as a Swift Attack; no Evasion roll.
fn plan_coup(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, weapon: Option<&str>) -> Result<Plan, Refusal> {
    if !t.has(ConditionKind::Unconscious) && !t.has(ConditionKind::Dead) {
        return Err(Seed002Refusal::NotUnconscious {
            target: t.name.to_string(),
        }
        .into());
    }
    let d = a.pos.distance(t.pos);
    let weapons = &a.stats.weapons;
    let wi = match weapon {
        Some(n) => {
            let i = ctx.pick_weapon(a, t, Some(n))?;
            if !weapons[i].is_melee() {
                return Err(Refusal::NeedsMelee {
                    action: action_names::COUP,
                });
            }
            i
        }
        None => weapons
            .iter()
            .position(|w| w.is_melee() && d <= w.reach)
            .ok_or(Refusal::NoWeaponReaches {
                target: t.name.to_string(),
                distance: d,
            })?,
    };
    let cost = ctx.rules.cost(action_names::COUP).unwrap_or(1);
    need_energy(ctx, a, action_names::COUP, cost)?;
    ctx.av_assessment(a, t, Some(wi), None, false, true)?;
    Ok(Seed002Plan::AvAttack {
        attack: AvAttack::declared(a.entity, t.entity, Some(wi), action_names::COUP, cost),
        agile_before: Vec::new(),
        agile_after: Vec::new(),
    }
    .into())
}

/// The size a maneuver allows (C3, C4, C6): a Trip one size up, Push and Restrain none.
pub(super) fn size_checks(a: &UnitSnap, t: &UnitSnap, m: Maneuver002) -> Result<(), Refusal> {
    let most = if m == Maneuver002::Trip { 1 } else { 0 };
    if t.stats.size.rank() - a.stats.size.rank() > most {
        return Err(Refusal::TooLarge {
            target: t.name.to_string(),
            target_size: t.stats.size,
            actor_size: a.stats.size,
        });
    }
    Ok(())
}

/// A Trip (a melee weapon), a Push or a Restrain (bare hands), at AV − 5.
fn plan_av_maneuver(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    m: Maneuver002,
) -> Result<Plan, Refusal> {
    let action = match m {
        Maneuver002::Trip => ActionKind::Trip,
        Maneuver002::Push { .. } => ActionKind::Shove,
        Maneuver002::Restrain => ActionKind::Grab,
    };
    need_ap(ctx, a, action)?;
    size_checks(a, t, m)?;
    let wi = match m {
        Maneuver002::Trip => Some(
            a.stats
                .weapons
                .iter()
                .position(|w| w.is_melee() && w.in_range(a.pos.distance(t.pos), true))
                .ok_or(Refusal::NoWeaponReaches {
                    target: t.name.to_string(),
                    distance: a.pos.distance(t.pos),
                })?,
        ),
        _ => None,
    };
    if m == Maneuver002::Restrain {
        contest_checks(ctx, a, t, ContestAction::Grab)?;
    }
    ctx.av_assessment(a, t, wi, Some(m), false, false)?;
    let cost = ctx.rules.cost(action).unwrap_or(0);
    let mut attack = AvAttack::declared(a.entity, t.entity, wi, action, cost);
    attack.maneuver = Some(m);
    Ok(Seed002Plan::AvAttack {
        attack,
        agile_before: Vec::new(),
        agile_after: Vec::new(),
    }
    .into())
}

/// Sprint Push (C5): a Sprint of 3 m or more in a straight line ending next to the target,
/// then a Push that drives it 3 m; 5 Energy and a Stamina.
fn plan_sprint_push(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Charge)?;
    can_run(ctx, a)?;
    if !can_spend_stamina(a, 1) {
        return Err(Seed002Refusal::NoStamina.into());
    }
    size_checks(a, t, Maneuver002::Push { distance: 3 })?;
    let (dir, path) = charge_line(a, t)?;
    let end = t.pos.step(dir.opposite());
    let metres = path_cost(ctx, a, &path)?;
    let most = sprint_speed(speed_of(a));
    if metres > most {
        return Err(Refusal::ChargeTooLong {
            run: metres,
            max: most,
        });
    }
    let mut moved = a.clone();
    moved.pos = end;
    let m = Maneuver002::Push {
        distance: crate::battle::assess::CHARGE_PUSH,
    };
    ctx.av_assessment(&moved, t, None, Some(m), false, false)?;
    let mut push = AvAttack::declared(a.entity, t.entity, None, ActionKind::Charge, 0);
    push.maneuver = Some(m);
    Ok(Seed002Plan::SprintPush {
        unit: a.entity,
        path,
        push,
    }
    .into())
}

/// Escape (C7): against the restrainer, by Fortitude rolls.
fn plan_escape_hold(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Escape)?;
    let holder = a
        .conditions
        .link(ConditionKind::Restrained)
        .ok_or_else(|| lacks(a, ConditionKind::Restrained))?;
    Ok(Seed002Plan::EscapeHold {
        unit: a.entity,
        holder,
    }
    .into())
}
