//! Planning Seed003's actions (presets/Seed003.md, E2, H1, M4, M5, C1–C8, I4, I6, X5, F3):
//! attacks in their styles, Dash, Change Posture, Create an Opening, the checks (Shove,
//! Trip, Pin, Escape), Grapple and Drag, Seize Initiative, ignoring a flanker, readied
//! actions, and the answers of a side asked whether to act out of turn.

use super::Seed003Command;
use super::Seed003Plan;
use super::Seed003Refusal;
use super::rules::{GRAPPLE_SIZE_GAP, MAX_DASHES};
use super::work::ready_action_kind;
use super::work::{Attack3Work, Check3};
use crate::battle::assess::Ctx;
use crate::battle::command::*;
use crate::battle::engine::Offer;
use crate::battle::events::{AttackKind, AttackStyle, ReadyTrigger};
use crate::battle::events::{AttackOptions, Command, HeldAction};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Posture;
use bevy::prelude::Entity;

/// Seed003's own plans for the commands it reads its own way; `None` for the rest (Move,
/// Defend, Stabilize, Release, End Turn and Undo are Core's).
pub fn plan_seed003(view: &View, a: &UnitSnap, cmd: &Command) -> Option<Result<Plan, Refusal>> {
    let ctx = &view.ctx;
    let target = |name: &str| view.unit(name);
    if let Some(own) = cmd.of_book::<Seed003Command>() {
        return Some(plan_own_command(view, a, own));
    }
    Some(match cmd {
        Command::Attack {
            target: t,
            weapon,
            options,
            ..
        } => target(t).and_then(|t| plan_attack3(ctx, a, t, weapon.as_deref(), options)),
        Command::Shove {
            target: t,
            dir,
            distance,
            ..
        } => target(t).and_then(|t| {
            let dir = dir.unwrap_or_else(|| crate::battle::assess::push_direction(a.pos, t.pos));
            plan_check3(
                ctx,
                a,
                t,
                Check3::Shove {
                    dir,
                    distance: *distance,
                },
            )
        }),
        Command::Trip { target: t, .. } => {
            target(t).and_then(|t| plan_check3(ctx, a, t, Check3::Trip))
        }
        Command::Grab { target: t, .. } => target(t).and_then(|t| plan_grapple(ctx, a, t)),
        Command::Escape { .. } => {
            partner(ctx, a).and_then(|p| plan_check3(ctx, a, p, Check3::Escape))
        }
        Command::Release { .. } => match a.own.track().holding {
            Some(held) => Ok(Plan::Release {
                unit: a.entity,
                held,
            }),
            None => Err(lacks(a, ConditionKind::Grappling)),
        },
        Command::Ready {
            weapon,
            action,
            trigger,
            ..
        } => plan_ready3(ctx, a, weapon.as_deref(), action.clone(), *trigger),
        // C8: no Sprint, Take Cover, Disengage, Charge, Face or Delay; Change Posture stands
        // up.
        Command::Sprint { .. }
        | Command::TakeCover { .. }
        | Command::Disengage { .. }
        | Command::Charge { .. }
        | Command::Face { .. }
        | Command::Delay { .. }
        | Command::StandUp { .. } => Err(Refusal::NotInRules {
            action: cmd.action().unwrap_or(ActionKind::EndTurn),
        }),
        _ => return None,
    })
}

/// The grapple partner of `a`.
fn partner<'a>(ctx: &Ctx<'a>, a: &UnitSnap) -> Result<&'a UnitSnap, Refusal> {
    let p = a
        .conditions
        .link(ConditionKind::Grappling)
        .ok_or_else(|| lacks(a, ConditionKind::Grappling))?;
    ctx.unit(p)
}

/// A Standard, Quick, Strong or Nonlethal attack (H1, E2, D6).
fn plan_attack3(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
    options: &AttackOptions,
) -> Result<Plan, Refusal> {
    let nonlethal = options.non_lethal == Some(true);
    let action = match (options.style, nonlethal) {
        (AttackStyle::Quick, _) => action_names::QUICK_ATTACK,
        (AttackStyle::Strong, _) => action_names::STRONG_ATTACK,
        (AttackStyle::Standard, true) => action_names::NONLETHAL_ATTACK,
        (AttackStyle::Standard, false) => ActionKind::Attack,
    };
    need_ap(ctx, a, action)?;
    if a.has(ConditionKind::Pinned) {
        return Err(Refusal::NotWhile {
            condition: ConditionKind::Pinned,
        });
    }
    let wi = ctx.pick_weapon(a, t, weapon)?;
    if action != ActionKind::Attack && !a.stats.weapons[wi].is_melee() {
        return Err(Refusal::NeedsMelee { action });
    }
    ctx.attack3(a, t, wi, options.style, nonlethal)?;
    Ok(Seed003Plan::Attack3(Attack3Work {
        style: options.style,
        nonlethal,
        cap: options.cap.filter(|_| nonlethal),
        pay: Some(action),
        ..Attack3Work::new(a.entity, t.entity, wi, AttackKind::Action)
    })
    .into())
}

fn plan_dash(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, action_names::DASH)?;
    if a.own.track().dashes >= MAX_DASHES {
        return Err(Seed003Refusal::DashLimit.into());
    }
    ctx.can_move(a)?;
    Ok(Seed003Plan::Dash { unit: a.entity }.into())
}

/// M5: standing → crouching or prone; crouching → standing or prone; prone → crouching.
fn plan_posture(ctx: &Ctx, a: &UnitSnap, to: Posture) -> Result<Plan, Refusal> {
    need_ap(ctx, a, action_names::CHANGE_POSTURE)?;
    let from = a.posture();
    if from == to || (from == Posture::Prone && to == Posture::Standing) {
        return Err(Seed003Refusal::PostureChange { from, to }.into());
    }
    if a.has(ConditionKind::Pinned) {
        return Err(Refusal::NotWhile {
            condition: ConditionKind::Pinned,
        });
    }
    Ok(Seed003Plan::Posture { unit: a.entity, to }.into())
}

/// C7: a melee attack roll naming a visible enemy.
fn plan_opening(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, action_names::CREATE_OPENING)?;
    let wi = a
        .stats
        .weapons
        .iter()
        .position(|w| w.is_melee())
        .ok_or(Refusal::NeedsMelee {
            action: action_names::CREATE_OPENING,
        })?;
    let sight = ctx.grid.sight(a.pos, t.pos);
    if t.side == a.side || t.is_down() || !sight.clear {
        return Err(Refusal::NoLineOfSight {
            target: t.name.to_string(),
            blocked_by: ctx.grid.blocker_named(&sight),
        });
    }
    Ok(Seed003Plan::Opening {
        unit: a.entity,
        target: t.entity,
        weapon: wi,
    }
    .into())
}

/// Shove and Trip (a target within melee reach), Pin and Escape (the grapple partner).
fn plan_check3(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, kind: Check3) -> Result<Plan, Refusal> {
    need_ap(ctx, a, kind.action())?;
    let pinned = a.has(ConditionKind::Pinned);
    if pinned && kind != Check3::Escape {
        return Err(Refusal::NotWhile {
            condition: ConditionKind::Pinned,
        });
    }
    match kind {
        Check3::Shove { .. } | Check3::Trip => {
            if t.side == a.side || t.is_down() {
                return Err(Refusal::TargetDown {
                    target: t.name.to_string(),
                });
            }
            let reach = a.stats.melee_reach().max(1);
            if !ctx.melee_reaches(a.pos, t.pos, reach) {
                return Err(Refusal::NotAdjacent {
                    target: t.name.to_string(),
                });
            }
            if kind == Check3::Trip && t.has(ConditionKind::Prone) {
                return Err(Refusal::AlreadyHas {
                    target: t.name.to_string(),
                    condition: ConditionKind::Prone,
                });
            }
        }
        Check3::Pin => {
            if a.own.track().holding != Some(t.entity) {
                return Err(lacks(a, ConditionKind::Grappling));
            }
            if t.has(ConditionKind::Pinned) {
                return Err(Refusal::AlreadyHas {
                    target: t.name.to_string(),
                    condition: ConditionKind::Pinned,
                });
            }
        }
        Check3::Escape => {}
    }
    Ok(Seed003Plan::Check3 {
        unit: a.entity,
        target: t.entity,
        kind,
    }
    .into())
}

/// C3: a melee attack roll with a reach-1 weapon against an adjacent creature of a size
/// less than 5 apart; one grapple at a time.
fn plan_grapple(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Grab)?;
    not_grappling(ctx, a)?;
    if t.has(ConditionKind::Grappling) {
        return Err(Refusal::AlreadyHas {
            target: t.name.to_string(),
            condition: ConditionKind::Grappling,
        });
    }
    let gap = (a.stats.size.value() - t.stats.size.value()).abs();
    if gap >= GRAPPLE_SIZE_GAP {
        return Err(Seed003Refusal::SizeGap { gap }.into());
    }
    let wi = a
        .stats
        .weapons
        .iter()
        .position(|w| w.is_melee() && w.reach == 1)
        .ok_or(Refusal::NeedsMelee {
            action: ActionKind::Grab,
        })?;
    if !a.pos.is_adjacent(t.pos) {
        return Err(Refusal::NotAdjacent {
            target: t.name.to_string(),
        });
    }
    ctx.attack3(a, t, wi, AttackStyle::Standard, false)?;
    Ok(Seed003Plan::Grapple {
        unit: a.entity,
        target: t.entity,
        weapon: wi,
    }
    .into())
}

/// C5: 1–4 AP of movement along a path, the partner following.
fn plan_drag(ctx: &Ctx, a: &UnitSnap, ap: u32, path: &[Pos]) -> Result<Plan, Refusal> {
    if !(1..=4).contains(&ap) {
        return Err(Seed003Refusal::DragAp { ap }.into());
    }
    let cost = ctx.rules.cost(action_names::DRAG).unwrap_or(0);
    need_energy(ctx, a, action_names::DRAG, cost + ap)?;
    let partner = a
        .own
        .track()
        .holding
        .ok_or_else(|| lacks(a, ConditionKind::Grappling))?;
    ctx.can_move(a)?;
    if path.is_empty() {
        return Err(Refusal::EmptyPath);
    }
    // The partner's tile is where the dragger's first step may go only if it swaps: the
    // path must leave the partner behind.
    let metres = path_cost(ctx, a, path)?;
    let buys = super::rules::yards_bought(a.own.track().rate, a.own.track().move_ap, ap);
    if metres > a.pool.metres + buys {
        return Err(Refusal::PathTooCostly {
            cost: metres,
            pool: a.pool.metres,
            ap,
            per_ap: ctx.metres_per_ap(a),
        });
    }
    Ok(Seed003Plan::Drag {
        unit: a.entity,
        partner,
        ap,
        path: path.to_vec(),
    }
    .into())
}

fn plan_ignore(a: &UnitSnap, t: &UnitSnap, ignore: bool) -> Result<Plan, Refusal> {
    if t.side == a.side {
        return Err(Refusal::Ally {
            target: t.name.to_string(),
        });
    }
    if a.own.track().ignoring.contains(&t.entity) == ignore {
        return Err(Seed003Refusal::Ignoring {
            target: t.name.to_string(),
            already: ignore,
        }
        .into());
    }
    Ok(Seed003Plan::Ignore {
        unit: a.entity,
        target: t.entity,
        ignore,
    }
    .into())
}

/// X5: 1 AP now; the action (an attack with the weapon, a Shove or a Trip) is paid when it
/// is taken.
fn plan_ready3(
    ctx: &Ctx,
    a: &UnitSnap,
    weapon: Option<&str>,
    action: Option<HeldAction>,
    trigger: Option<ReadyTrigger>,
) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Ready)?;
    let action = action.unwrap_or(HeldAction::Attack(weapon.map(str::to_string)));
    let kind = ready_action_kind(&action).ok_or(Refusal::NotAnOption {
        option: format!("readied {}", action.name()),
    })?;
    if let HeldAction::Attack(Some(w)) = &action
        && !a.stats.weapons.iter().any(|x| &x.name == w)
    {
        return Err(Refusal::NoSuchWeapon {
            weapon: w.clone(),
            weapons: a.stats.weapons.iter().map(|w| w.name.clone()).collect(),
        });
    }
    if !ctx.rules.has(kind) {
        return Err(Refusal::NotInRules { action: kind });
    }
    Ok(Seed003Plan::Ready3 {
        unit: a.entity,
        action,
        trigger: trigger.unwrap_or_default(),
    }
    .into())
}

/// Seed003's plan of one of its own commands (its window's answers are planned while the
/// window is open, in `plan_window`).
fn plan_own_command(view: &View, a: &UnitSnap, cmd: &Seed003Command) -> Result<Plan, Refusal> {
    let ctx = &view.ctx;
    match cmd {
        Seed003Command::Dash { .. } => plan_dash(ctx, a),
        Seed003Command::ChangePosture { to, .. } => plan_posture(ctx, a, *to),
        Seed003Command::CreateOpening { target, .. } => {
            view.unit(target).and_then(|t| plan_opening(ctx, a, t))
        }
        Seed003Command::Pin { .. } => {
            partner(ctx, a).and_then(|p| plan_check3(ctx, a, p, Check3::Pin))
        }
        Seed003Command::Drag { ap, path, .. } => plan_drag(ctx, a, *ap, path),
        Seed003Command::SeizeInitiative { .. } => need_ap(ctx, a, action_names::SEIZE_INITIATIVE)
            .map(|_| Seed003Plan::SeizeInitiative { unit: a.entity }.into()),
        Seed003Command::Ignore { target, ignore, .. } => {
            view.unit(target).and_then(|t| plan_ignore(a, t, *ignore))
        }
        Seed003Command::Interrupt { .. } | Seed003Command::Pass { .. } => Err(Refusal::NoOffer),
    }
}

/// An answer to an offer to ignore a new flanker (F3): ignoring the flanker offered is
/// taking the offer, also when a script sends it out of turn. `None` for other answers.
pub(super) fn plan_ignore_answer(view: &View, offer: Offer, cmd: &Command) -> Option<Plan> {
    match cmd.of_book::<Seed003Command>()? {
        Seed003Command::Interrupt { unit, command } if command.actor() == unit => {
            plan_ignore_answer(view, offer, command)
        }
        Seed003Command::Ignore {
            unit,
            target,
            ignore: true,
        } if offer.kind == action_names::IGNORE_REACTION
            && *unit == view.name(offer.reactor)
            && *target == view.name(offer.target) =>
        {
            Some(Plan::Answer {
                offer,
                accept: true,
                maneuver: None,
            })
        }
        _ => None,
    }
}

/// A command while a side is asked whether to act before a declared action (I4): a pass,
/// or an action of one of its faster combatants, out of turn.
pub(super) fn plan_window(view: &View, asked: Entity, cmd: &Command) -> Result<Plan, Refusal> {
    let ctx = &view.ctx;
    let side = ctx.unit(asked)?.side;
    let side_name = view.roster.sides[side].name.clone();
    let of_side = |name: &str| view.unit(name).is_ok_and(|u| u.side == side);
    match (cmd, cmd.of_book::<Seed003Command>()) {
        (_, Some(Seed003Command::Pass { side: s })) if *s == side_name => {
            return Ok(Seed003Plan::PassWindow.into());
        }
        (_, Some(Seed003Command::Interrupt { unit, command })) if command.actor() == unit => {
            return plan_window(view, asked, command);
        }
        (
            Command::EndTurn { unit }
            | Command::AnswerReaction {
                reactor: unit,
                accept: false,
                ..
            },
            _,
        ) if of_side(unit) => {
            return Ok(Seed003Plan::PassWindow.into());
        }
        _ => {}
    }
    let refused = || {
        Seed003Refusal::WindowOpen {
            side: side_name.clone(),
        }
        .into()
    };
    let a = view.unit(cmd.actor()).map_err(|_| refused())?;
    let active = view.turn.active().and_then(|e| ctx.snap.get(e));
    let eligible = a.side == side && active.is_some_and(|act| ctx.may_act_out_of_turn(a, act));
    if !eligible {
        return Err(if a.side == side {
            Seed003Refusal::NotOutOfTurn {
                unit: a.name.to_string(),
            }
            .into()
        } else {
            refused()
        });
    }
    let own = cmd.of_book::<Seed003Command>();
    if matches!(cmd, Command::UndoMove { .. })
        || matches!(
            own,
            Some(Seed003Command::Ignore { .. } | Seed003Command::Interrupt { .. })
        )
    {
        return Err(refused());
    }
    let plan = plan_action(view, a, cmd)?;
    Ok(Seed003Plan::OutOfTurn {
        unit: a.entity,
        plan: Box::new(plan),
    }
    .into())
}
