//! Checking a command: every `Command` is checked in full against a snapshot first, one
//! small planner per action. A refused command gets a [`Refusal`] (the battle sends it out
//! in a `Rejected` event and changes nothing); an allowed one becomes a [`Plan`], which
//! `execute.rs` carries out. Movement is planned in `moves.rs`, the schedule's commands in
//! `turns.rs`, the answer to a reaction offered in `answers.rs`.

mod answers;
mod moves;
mod plans;
mod turns;

use answers::plan_answer;
use moves::*;
pub use moves::{charge_line, path_cost, plan_move_to};
pub use plans::Plan;
use turns::*;

use super::assess::{CHARGE_MIN_DISTANCE, Ctx, SPRINT_MULTIPLIER};
use super::engine::DroppedItems;
use super::engine::{Offer, Phase, Question, Roster, TurnState, Work};
use super::events::{AttackOptions, Command, ContestKind, DelayUntil};
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::combat_roll::Maneuver;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::path::{Occupancy, reachable, step_cost};
use crate::rules::ruleset::{ConditionKind, StabilizeRule};
use bevy::prelude::Entity;

/// The contests a command starts on its own (a Charge's shove is part of the Charge). Not
/// to be confused with Seed001's maneuvers after a critical win (`rules::combat_roll`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ContestAction {
    Shove,
    Trip,
    Grab,
    Escape,
}

impl ContestAction {
    /// The contest it rolls.
    pub fn contest(self) -> ContestKind {
        match self {
            ContestAction::Shove => ContestKind::Shove,
            ContestAction::Trip => ContestKind::Trip,
            ContestAction::Grab => ContestKind::Grab,
            ContestAction::Escape => ContestKind::Escape,
        }
    }

    /// The action that starts it.
    pub fn action(self) -> ActionKind {
        match self {
            ContestAction::Shove => ActionKind::Shove,
            ContestAction::Trip => ActionKind::Trip,
            ContestAction::Grab => ActionKind::Grab,
            ContestAction::Escape => ActionKind::Escape,
        }
    }
}

/// What checking a command needs to see: the snapshot context, the schedule, a pending
/// reaction question and the names.
pub struct View<'a> {
    pub ctx: Ctx<'a>,
    pub turn: &'a TurnState,
    pub awaiting: Option<&'a Question>,
    /// The next step of resolution (a Combat Roll waiting for its defence, say).
    pub pending: Option<&'a Work>,
    pub roster: &'a Roster,
    pub items: &'a DroppedItems,
}

impl<'a> View<'a> {
    /// The view of a snapshot together with the battle's resources.
    pub fn new(
        snap: &'a super::snapshot::Snapshot,
        map: &'a super::engine::BattleMap,
        rules: &'a super::engine::Rules,
        turn: &'a TurnState,
        resolution: &'a super::engine::Resolution,
        roster: &'a Roster,
        items: &'a DroppedItems,
    ) -> Self {
        View {
            ctx: Ctx {
                snap,
                grid: &map.grid,
                rules: &rules.0,
                order: &turn.order,
            },
            turn,
            awaiting: resolution.awaiting.as_ref(),
            pending: resolution.stack.last(),
            roster,
            items,
        }
    }

    pub fn name(&self, e: Entity) -> String {
        self.roster.name(e).to_string()
    }

    /// The combatant a command names.
    pub fn unit(&self, name: &str) -> Result<&'a UnitSnap, Refusal> {
        let e = self
            .roster
            .entity(name)
            .ok_or_else(|| Refusal::NoSuchUnit {
                name: name.to_string(),
            })?;
        self.ctx.unit(e)
    }
}

/// The AP an action costs under the rules in force, if the unit has them.
pub fn need_ap(ctx: &Ctx, u: &UnitSnap, action: ActionKind) -> Result<(), Refusal> {
    let need = ctx
        .rules
        .cost(action)
        .ok_or(Refusal::NotInRules { action })?;
    need_energy(ctx, u, action, need)
}

/// `u` must have `need` AP (Seed002: Energy, with Stamina for the last point once a round).
pub fn need_energy(ctx: &Ctx, u: &UnitSnap, action: ActionKind, need: u32) -> Result<(), Refusal> {
    if !ctx.rules.rulebook.book().can_pay(ctx.rules, u, need) {
        Err(Refusal::NotEnoughAp {
            action,
            need,
            have: u.ap,
        })
    } else {
        Ok(())
    }
}

/// Check a command against the battle as it stands; `Ok` means it would be carried out.
pub fn plan(view: &View, cmd: &Command) -> Result<Plan, Refusal> {
    if view.turn.phase == Phase::Finished {
        return Err(Refusal::BattleOver);
    }
    // A question only a rulebook asks (a Seize's winner naming its action, a window to act
    // out of turn, a defence against a Combat Roll) is its to answer.
    if let Some(q) = view.awaiting
        && let Some(answer) = view.ctx.rules.rulebook.book().plan_asked(view, q, cmd)
    {
        return answer;
    }
    if let Some(question) = view.awaiting {
        return plan_answer(view, question, cmd);
    }
    if cmd.answers() {
        return Err(Refusal::NoOffer);
    }
    let a = active_actor(view, cmd.actor())?;
    plan_action(view, a, cmd)
}

/// Check the action of a combatant whose turn (or Seize) it is.
pub fn plan_action(view: &View, a: &UnitSnap, cmd: &Command) -> Result<Plan, Refusal> {
    let ctx = &view.ctx;
    if let Some(action) = cmd.action().filter(|k| !ctx.rules.has(*k)) {
        return Err(Refusal::NotInRules { action });
    }
    if let Some(plan) = ctx.rules.rulebook.book().plan_action(view, a, cmd) {
        return plan;
    }
    match cmd {
        Command::Move { to, .. } => plan_move_to(ctx, a, *to),
        Command::MovePath { path, .. } => plan_move_path(view, a, path),
        Command::Sprint { .. } => plan_sprint(ctx, a),
        Command::Attack {
            target,
            weapon,
            options,
            ..
        } => plan_attack(ctx, a, view.unit(target)?, weapon.as_deref(), options),
        Command::Defend { .. } => {
            need_ap(ctx, a, ActionKind::Defend).map(|_| Plan::Defend { unit: a.entity })
        }
        Command::TakeCover { .. } => plan_take_cover(ctx, a),
        Command::Disengage { .. } => plan_disengage(ctx, a),
        Command::Shove { target, .. } => {
            plan_contest(view, a, view.unit(target)?, ContestAction::Shove)
        }
        Command::Trip { target, .. } => {
            plan_contest(view, a, view.unit(target)?, ContestAction::Trip)
        }
        Command::Grab { target, .. } => {
            plan_contest(view, a, view.unit(target)?, ContestAction::Grab)
        }
        Command::Escape { .. } => plan_escape(ctx, a),
        Command::Release { .. } => plan_release(a),
        Command::StandUp { .. } => plan_stand_up(ctx, a),
        Command::Charge { target, .. } => plan_charge(ctx, a, view.unit(target)?),
        Command::Stabilize { target, .. } => plan_stabilize(ctx, a, view.unit(target)?),
        Command::Face { facing, .. } => Ok(Plan::Face {
            unit: a.entity,
            dir: *facing,
        }),
        Command::Delay { until, .. } => plan_delay(view, a, until),
        Command::EndTurn { .. } => Ok(Plan::EndTurn { unit: a.entity }),
        Command::UndoMove { .. } => plan_undo(view, a),
        // A rulebook's answer its rulebook did not take: no question asks for it.
        Command::Book(book) if book.answers() => Err(Refusal::NoOffer),
        Command::Ready { .. } | Command::Book(_) => Err(Refusal::NotInRules {
            action: cmd.action().unwrap_or(ActionKind::EndTurn),
        }),
        Command::AnswerReaction { .. } => Err(Refusal::NoOffer),
        Command::Own(own) => {
            need_ap(ctx, a, ActionKind::Own(own.action))?;
            ctx.rules
                .rulebook
                .book()
                .plan_own(view, a, own)
                .map(Plan::Own)
        }
    }
}

/// The combatant a command comes from, if it is its turn and it can act.
fn active_actor<'a>(view: &View<'a>, name: &str) -> Result<&'a UnitSnap, Refusal> {
    let actor = view
        .roster
        .entity(name)
        .ok_or_else(|| Refusal::NoSuchUnit {
            name: name.to_string(),
        })?;
    let active = view.turn.active().ok_or(Refusal::NoTurn)?;
    if !view.turn.is_turn_of(actor) {
        return Err(Refusal::NotYourTurn {
            active: view.name(active),
        });
    }
    let a = view.ctx.unit(actor)?;
    if a.is_down() {
        return Err(Refusal::Down {
            unit: a.name.to_string(),
        });
    }
    if a.has(ConditionKind::Winded) {
        return Err(Refusal::Winded {
            unit: a.name.to_string(),
        });
    }
    Ok(a)
}

fn plan_attack(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
    options: &AttackOptions,
) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Attack)?;
    if options.non_lethal.is_some() && !ctx.rules.non_lethal {
        return Err(Refusal::NotAnOption {
            option: "non-lethal".into(),
        });
    }
    let leaning = match options.lean {
        Some(at) => Some(lean_out(ctx, a, t, at)?),
        None => None,
    };
    let wi = attack_checks(ctx, leaning.as_ref().unwrap_or(a), t, weapon)?;
    if leaning.is_some() && a.stats.weapons[wi].is_melee() {
        return Err(Refusal::NotAnOption {
            option: "leaning with a melee weapon".into(),
        });
    }
    if options.off_hand {
        let book = ctx.rules.rulebook.book();
        book.check_off_hand(ctx, a, &a.stats.weapons[wi])?;
    }
    // Holy damage is non-lethal unless the attack says otherwise (presets/Seed000.md).
    let holy = a.stats.weapons[wi].damage_type == crate::rules::combat::DamageType::Holy;
    Ok(Plan::Attack {
        unit: a.entity,
        target: t.entity,
        weapon: wi,
        maneuver: options.maneuver.clone(),
        non_lethal: ctx.rules.non_lethal && options.non_lethal.unwrap_or(holy),
        lean: options.lean,
        off_hand: options.off_hand,
    })
}

/// Seed000: `a` leaning out to `at` to shoot `t`: the tile must be next to it, passable,
/// empty and clear, and its own tile must not already see `t` (presets/Seed000.md). The
/// attacker as it would stand leaning.
fn lean_out(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, at: Pos) -> Result<UnitSnap, Refusal> {
    if !ctx.rules.leaning {
        return Err(Refusal::NotAnOption {
            option: "leaning".into(),
        });
    }
    let open = ctx
        .grid
        .kind(at)
        .is_some_and(|k| k.passable && !k.blocks_sight);
    if !a.pos.is_adjacent(at) || !open || ctx.snap.at(at).is_some() {
        return Err(Refusal::BadLean { at });
    }
    let own = ctx.grid.sight(a.pos, t.pos);
    if own.clear && !own.full_cover {
        return Err(Refusal::NoNeedToLean);
    }
    let mut leaning = a.clone();
    leaning.concealment.lean = Some(at);
    Ok(leaning)
}

/// Whether `a` may attack `t` at all, turn and AP aside (also for held actions): the attack
/// limit, the weapon, range, sight and cover. Returns the weapon's index.
pub fn attack_checks(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
) -> Result<usize, Refusal> {
    let limit = ctx.rules.attacks_per_round;
    if a.attacks >= limit {
        return Err(Refusal::AttackLimit {
            made: a.attacks,
            limit,
        });
    }
    let wi = ctx.pick_weapon(a, t, weapon)?;
    ctx.line_of_attack(a, t, wi)?;
    Ok(wi)
}

fn plan_take_cover(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::TakeCover)?;
    if !ctx.grid.next_to_half_cover(a.pos) {
        return Err(Refusal::NeedsHalfCover);
    }
    if a.has(ConditionKind::TakingCover) {
        return Err(Refusal::AlreadyHas {
            target: a.name.to_string(),
            condition: ConditionKind::TakingCover,
        });
    }
    Ok(Plan::TakeCover { unit: a.entity })
}

fn plan_disengage(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Disengage)?;
    if a.flags.disengaged {
        return Err(Refusal::AlreadyDisengaged);
    }
    Ok(Plan::Disengage { unit: a.entity })
}

/// Shove, Trip and Grab.
fn plan_contest(
    view: &View,
    a: &UnitSnap,
    t: &UnitSnap,
    kind: ContestAction,
) -> Result<Plan, Refusal> {
    need_ap(&view.ctx, a, kind.action())?;
    contest_checks(&view.ctx, a, t, kind)?;
    Ok(Plan::Contest {
        unit: a.entity,
        target: t.entity,
        kind,
    })
}

/// Whether `a` may start this contest against `t`, turn and AP aside (also for held
/// actions).
pub fn contest_checks(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    kind: ContestAction,
) -> Result<(), Refusal> {
    ctx.assess_contest(kind.contest(), a, t)?;
    let already = |condition| Refusal::AlreadyHas {
        target: t.name.to_string(),
        condition,
    };
    if kind == ContestAction::Trip && t.has(ConditionKind::Prone) {
        return Err(already(ConditionKind::Prone));
    }
    if kind == ContestAction::Grab {
        not_grappling(ctx, a)?;
        if t.has(ConditionKind::Restrained) {
            return Err(already(ConditionKind::Restrained));
        }
    }
    Ok(())
}

fn plan_escape(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Escape)?;
    let grappler = a
        .conditions
        .link(ConditionKind::Restrained)
        .ok_or_else(|| lacks(a, ConditionKind::Restrained))?;
    ctx.assess_contest(ContestKind::Escape, a, ctx.unit(grappler)?)?;
    Ok(Plan::Contest {
        unit: a.entity,
        target: grappler,
        kind: ContestAction::Escape,
    })
}

pub fn lacks(u: &UnitSnap, condition: ConditionKind) -> Refusal {
    Refusal::Lacks {
        unit: u.name.to_string(),
        condition,
    }
}

fn plan_release(a: &UnitSnap) -> Result<Plan, Refusal> {
    let held = a
        .conditions
        .link(ConditionKind::Grappling)
        .ok_or_else(|| lacks(a, ConditionKind::Grappling))?;
    Ok(Plan::Release {
        unit: a.entity,
        held,
    })
}

fn plan_stabilize(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Stabilize)?;
    match ctx.rules.stabilize {
        StabilizeRule::AdjacentAlly if t.entity == a.entity || t.side != a.side => {
            return Err(Refusal::StabilizeAllyOnly);
        }
        // First Aid (Seed000): anyone within 1 m, oneself included, but not the dead.
        StabilizeRule::FirstAid { .. } if t.has(ConditionKind::Dead) => {
            return Err(Refusal::Dead {
                unit: t.name.to_string(),
            });
        }
        _ => {}
    }
    if t.entity != a.entity && !a.pos.is_adjacent(t.pos) {
        return Err(Refusal::NotAdjacent {
            target: t.name.to_string(),
        });
    }
    // Seed002 stabilizes one Bleeding out as well.
    if !t.has(ConditionKind::Bleeding) && !t.has(ConditionKind::BleedingOut) {
        return Err(lacks(t, ConditionKind::Bleeding));
    }
    Ok(Plan::Stabilize {
        unit: a.entity,
        target: t.entity,
    })
}

/// One grapple at a time: refused while `a` already holds someone.
pub(crate) fn not_grappling(ctx: &Ctx, a: &UnitSnap) -> Result<(), Refusal> {
    match a.conditions.link(ConditionKind::Grappling) {
        Some(held) => Err(Refusal::AlreadyGrappling {
            held: ctx
                .snap
                .get(held)
                .map(|u| u.name.to_string())
                .unwrap_or_default(),
        }),
        None => Ok(()),
    }
}
