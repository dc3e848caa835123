//! Checking a command: every `Command` is checked in full against a snapshot first, one
//! small planner per action. A refused command gets a [`Refusal`] (the battle sends it out
//! in a `Rejected` event and changes nothing); an allowed one becomes a [`Plan`], which
//! `execute.rs` carries out.

use super::assess::{CHARGE_MIN_DISTANCE, Ctx, SPRINT_MULTIPLIER};
use super::defence::defence_options;
use super::engine::DroppedItems;
use super::engine::{Offer, Phase, Question, Roster, Strike, TurnState, Work};
use super::events::{AttackOptions, Command, ContestKind, DelayUntil};
use super::maneuvers::{can_pick_up, maneuver_options};
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::combat_roll::{Defence, Maneuver};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::path::{Occupancy, reachable, step_cost};
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Entity;

/// A command that passed every check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    Walk {
        unit: Entity,
        path: Vec<Pos>,
    },
    Sprint {
        unit: Entity,
    },
    Attack {
        unit: Entity,
        target: Entity,
        weapon: usize,
        /// Seed001: the maneuver named in advance for a critical win.
        maneuver: Option<Maneuver>,
    },
    Defend {
        unit: Entity,
    },
    TakeCover {
        unit: Entity,
    },
    Disengage {
        unit: Entity,
    },
    Contest {
        unit: Entity,
        target: Entity,
        kind: ContestAction,
    },
    Release {
        unit: Entity,
        held: Entity,
    },
    StandUp {
        unit: Entity,
    },
    Charge {
        unit: Entity,
        target: Entity,
        path: Vec<Pos>,
        dir: Dir8,
    },
    Stabilize {
        unit: Entity,
        target: Entity,
    },
    Face {
        unit: Entity,
        dir: Dir8,
    },
    Delay {
        unit: Entity,
        after: Option<Entity>,
    },
    EndTurn {
        unit: Entity,
    },
    Undo {
        unit: Entity,
    },
    Answer {
        offer: Offer,
        accept: bool,
    },
    /// The pending Combat Roll is met with this defence.
    ChooseDefence {
        defence: Defence,
    },
    /// The pending critical win takes this maneuver, or none.
    ChooseManeuver {
        maneuver: Option<Maneuver>,
    },
    Manipulate {
        unit: Entity,
    },
}

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
    pub awaiting: Option<Question>,
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
            awaiting: resolution.awaiting,
            pending: resolution.stack.last(),
            roster,
            items,
        }
    }

    pub fn name(&self, e: Entity) -> String {
        self.roster.name(e).to_string()
    }

    /// The combatant a command names.
    fn unit(&self, name: &str) -> Result<&'a UnitSnap, Refusal> {
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
fn need_ap(ctx: &Ctx, u: &UnitSnap, action: ActionKind) -> Result<(), Refusal> {
    let need = ctx
        .rules
        .cost(action)
        .ok_or(Refusal::NotInRules { action })?;
    if u.ap < need {
        Err(Refusal::NotEnoughAp {
            action,
            need,
            have: u.ap,
        })
    } else {
        Ok(())
    }
}

/// Check a path step by step; returns its cost in metres.
pub fn path_cost(ctx: &Ctx, mover: &UnitSnap, path: &[Pos]) -> Result<u32, Refusal> {
    let occupancy = ctx.occupancy(mover);
    let profile = ctx.move_profile(mover);
    let mut cur = mover.pos;
    let mut odd = mover.pool.odd_diagonals;
    let mut total = 0u32;
    for (i, &p) in path.iter().enumerate() {
        let (cost, next_odd) =
            step_cost(ctx.grid, cur, p, &profile, odd).map_err(|error| Refusal::BadStep {
                step: i + 1,
                from: cur,
                to: p,
                error,
            })?;
        let occ = ctx
            .grid
            .index(p)
            .map(|ix| occupancy[ix])
            .unwrap_or_default();
        let who = || {
            ctx.snap
                .at(p)
                .map(|o| o.name.to_string())
                .unwrap_or_default()
        };
        if occ == Occupancy::Blocked {
            return Err(Refusal::EnemyBlocks {
                step: i + 1,
                at: p,
                enemy: who(),
            });
        }
        if i + 1 == path.len() && occ != Occupancy::Empty {
            return Err(Refusal::CannotStop {
                at: p,
                occupant: who(),
            });
        }
        total = total.saturating_add(cost);
        cur = p;
        odd = next_odd;
    }
    Ok(total)
}

/// Check a command against the battle as it stands; `Ok` means it would be carried out.
pub fn plan(view: &View, cmd: &Command) -> Result<Plan, Refusal> {
    if view.turn.phase == Phase::Finished {
        return Err(Refusal::BattleOver);
    }
    if let Some(question) = view.awaiting {
        return plan_answer(view, question, cmd);
    }
    if let Command::AnswerReaction { .. }
    | Command::ChooseDefence { .. }
    | Command::ChooseManeuver { .. } = cmd
    {
        return Err(Refusal::NoOffer);
    }
    let a = active_actor(view, cmd.actor())?;
    let ctx = &view.ctx;
    if let Some(action) = cmd.action().filter(|k| !ctx.rules.has(*k)) {
        return Err(Refusal::NotInRules { action });
    }
    match cmd {
        Command::Move { to, .. } => plan_move_to(ctx, a, *to),
        Command::MovePath { path, .. } => plan_move_path(ctx, a, path),
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
        Command::Manipulate { .. } => plan_manipulate(view, a),
        Command::AnswerReaction { .. }
        | Command::ChooseDefence { .. }
        | Command::ChooseManeuver { .. } => Err(Refusal::NoOffer),
    }
}

/// While a question waits, only its answer is taken.
fn plan_answer(view: &View, question: Question, cmd: &Command) -> Result<Plan, Refusal> {
    let asked = view.name(question.asked());
    match (question, cmd) {
        (Question::Reaction(offer), Command::AnswerReaction { reactor, accept })
            if *reactor == asked =>
        {
            Ok(Plan::Answer {
                offer,
                accept: *accept,
            })
        }
        (Question::Defence { defender, .. }, Command::ChooseDefence { unit, defence })
            if *unit == asked =>
        {
            let options = pending_defences(view, defender);
            if options.contains(defence) {
                Ok(Plan::ChooseDefence { defence: *defence })
            } else {
                Err(Refusal::NoSuchDefence {
                    defence: *defence,
                    options,
                })
            }
        }
        (Question::Maneuver { .. }, Command::ChooseManeuver { unit, maneuver })
            if *unit == asked =>
        {
            let options = pending_maneuvers(view, question);
            match maneuver {
                Some(m) if !options.contains(m) => Err(Refusal::NoSuchManeuver {
                    maneuver: m.clone(),
                    options,
                }),
                _ => Ok(Plan::ChooseManeuver {
                    maneuver: maneuver.clone(),
                }),
            }
        }
        (
            _,
            Command::AnswerReaction { .. }
            | Command::ChooseDefence { .. }
            | Command::ChooseManeuver { .. },
        ) => Err(Refusal::NotAsked { asked }),
        (Question::Reaction(offer), _) => Err(Refusal::AwaitingAnswer {
            reactor: asked,
            kind: offer.kind,
            against: view.name(offer.target),
        }),
        (_, _) => Err(Refusal::AwaitingChoice { unit: asked }),
    }
}

/// The Combat Roll waiting on the stack, if the next step is one.
fn pending_strike<'a>(view: &View<'a>) -> Option<&'a Strike> {
    match view.pending {
        Some(Work::Strike(s)) => Some(s),
        _ => None,
    }
}

/// The defences `defender` may choose against the pending strike.
pub fn pending_defences(view: &View, defender: Entity) -> Vec<Defence> {
    let ctx = &view.ctx;
    pending_strike(view)
        .and_then(|s| {
            let a = ctx.snap.get(s.attacker)?;
            Some(defence_options(
                ctx,
                ctx.snap.get(defender)?,
                &a.stats.weapons[s.weapon],
            ))
        })
        .unwrap_or_default()
}

/// The maneuvers the winner of the pending critical win may take.
pub fn pending_maneuvers(view: &View, question: Question) -> Vec<Maneuver> {
    let Question::Maneuver { winner, loser } = question else {
        return Vec::new();
    };
    let ctx = &view.ctx;
    pending_strike(view)
        .and_then(|s| {
            let a = ctx.snap.get(s.attacker)?;
            Some(maneuver_options(
                ctx.snap.get(winner)?,
                ctx.snap.get(loser)?,
                &a.stats.weapons[s.weapon],
                winner == s.attacker,
            ))
        })
        .unwrap_or_default()
}

fn plan_manipulate(view: &View, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(&view.ctx, a, ActionKind::Manipulate)?;
    if !can_pick_up(view.items, a) {
        return Err(Refusal::NothingToPickUp);
    }
    Ok(Plan::Manipulate { unit: a.entity })
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
    if actor != active {
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
    Ok(a)
}

fn plan_move_path(ctx: &Ctx, a: &UnitSnap, path: &[Pos]) -> Result<Plan, Refusal> {
    ctx.can_move(a)?;
    if path.is_empty() {
        return Err(Refusal::EmptyPath);
    }
    let cost = path_cost(ctx, a, path)?;
    if cost > ctx.move_budget(a) {
        return Err(Refusal::PathTooCostly {
            cost,
            pool: a.pool.metres,
            ap: a.ap,
            per_ap: ctx.metres_per_ap(a),
        });
    }
    Ok(Plan::Walk {
        unit: a.entity,
        path: path.to_vec(),
    })
}

fn plan_move_to(ctx: &Ctx, a: &UnitSnap, to: Pos) -> Result<Plan, Refusal> {
    ctx.can_move(a)?;
    if to == a.pos {
        return Err(Refusal::AlreadyThere { at: to });
    }
    let Some(kind) = ctx.grid.kind(to) else {
        return Err(Refusal::OffMap {
            at: to,
            width: ctx.grid.width,
            height: ctx.grid.height,
        });
    };
    if !kind.passable {
        return Err(Refusal::Impassable {
            at: to,
            terrain: kind.name.clone(),
        });
    }
    if let Some(o) = ctx.snap.at(to) {
        return Err(Refusal::Occupied {
            at: to,
            occupant: o.name.to_string(),
        });
    }
    if let Some(path) = ctx.reachable(a).path(to) {
        return Ok(Plan::Walk {
            unit: a.entity,
            path,
        });
    }
    let unlimited = reachable(
        ctx.grid,
        &ctx.occupancy(a),
        a.pos,
        u32::MAX / 4,
        &ctx.move_profile(a),
    );
    match unlimited.cost(to) {
        Some(cost) => Err(Refusal::PathTooCostly {
            cost,
            pool: a.pool.metres,
            ap: a.ap,
            per_ap: ctx.metres_per_ap(a),
        }),
        None => Err(Refusal::NoPath { from: a.pos, to }),
    }
}

fn plan_sprint(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Sprint)?;
    ctx.can_move(a)?;
    Ok(Plan::Sprint { unit: a.entity })
}

fn plan_attack(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
    options: &AttackOptions,
) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Attack)?;
    let limit = ctx.rules.attacks_per_round;
    if a.attacks >= limit {
        return Err(Refusal::AttackLimit {
            made: a.attacks,
            limit,
        });
    }
    let wi = ctx.pick_weapon(a, t, weapon)?;
    ctx.attack_allowed(a, t, wi)?;
    Ok(Plan::Attack {
        unit: a.entity,
        target: t.entity,
        weapon: wi,
        maneuver: options.maneuver.clone(),
    })
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
    view.ctx.assess_contest(kind.contest(), a, t)?;
    let already = |condition| Refusal::AlreadyHas {
        target: t.name.to_string(),
        condition,
    };
    if kind == ContestAction::Trip && t.has(ConditionKind::Prone) {
        return Err(already(ConditionKind::Prone));
    }
    if kind == ContestAction::Grab {
        if let Some(held) = a.conditions.link(ConditionKind::Grappling) {
            return Err(Refusal::AlreadyGrappling {
                held: view.name(held),
            });
        }
        if t.has(ConditionKind::Restrained) {
            return Err(already(ConditionKind::Restrained));
        }
    }
    Ok(Plan::Contest {
        unit: a.entity,
        target: t.entity,
        kind,
    })
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

fn lacks(u: &UnitSnap, condition: ConditionKind) -> Refusal {
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

fn plan_stand_up(ctx: &Ctx, a: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::StandUp)?;
    if !a.has(ConditionKind::Prone) {
        return Err(lacks(a, ConditionKind::Prone));
    }
    Ok(Plan::StandUp { unit: a.entity })
}

fn plan_charge(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Charge)?;
    if a.has(ConditionKind::Prone) {
        return Err(Refusal::ProneCharge);
    }
    ctx.can_move(a)?;
    let dir = Dir8::of_line(a.pos, t.pos).ok_or_else(|| Refusal::NotInLine {
        target: t.name.to_string(),
    })?;
    let end = t.pos.step(dir.opposite());
    let run = a.pos.distance(end);
    if run < CHARGE_MIN_DISTANCE {
        return Err(Refusal::ChargeTooShort {
            run,
            min: CHARGE_MIN_DISTANCE,
        });
    }
    let path: Vec<Pos> = (1..=run as i32)
        .map(|k| {
            let (dx, dy) = dir.delta();
            Pos::new(a.pos.x + dx * k, a.pos.y + dy * k)
        })
        .collect();
    // The run must be passable; its cap counts metres of the straight line, not terrain
    // cost (RULES §4).
    path_cost(ctx, a, &path)?;
    let max = SPRINT_MULTIPLIER * ctx.metres_per_ap(a);
    if run > max {
        return Err(Refusal::ChargeTooLong { run, max });
    }
    ctx.assess_contest(ContestKind::Charge, a, t)?;
    Ok(Plan::Charge {
        unit: a.entity,
        target: t.entity,
        path,
        dir,
    })
}

fn plan_stabilize(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> Result<Plan, Refusal> {
    need_ap(ctx, a, ActionKind::Stabilize)?;
    if t.entity == a.entity || t.side != a.side {
        return Err(Refusal::StabilizeAllyOnly);
    }
    if !a.pos.is_adjacent(t.pos) {
        return Err(Refusal::NotAdjacent {
            target: t.name.to_string(),
        });
    }
    if !t.has(ConditionKind::Bleeding) {
        return Err(lacks(t, ConditionKind::Bleeding));
    }
    Ok(Plan::Stabilize {
        unit: a.entity,
        target: t.entity,
    })
}

fn plan_delay(view: &View, a: &UnitSnap, until: &DelayUntil) -> Result<Plan, Refusal> {
    if a.flags.delayed {
        return Err(Refusal::AlreadyDelayed);
    }
    if a.flags.acted {
        return Err(Refusal::AlreadyActed);
    }
    let after = match until {
        DelayUntil::EndOfRound => None,
        DelayUntil::After(name) => Some(delay_leader(view, a, view.unit(name)?)?),
    };
    Ok(Plan::Delay {
        unit: a.entity,
        after,
    })
}

/// The combatant `a` may delay until after.
fn delay_leader(view: &View, a: &UnitSnap, x: &UnitSnap) -> Result<Entity, Refusal> {
    let unit = x.name.to_string();
    if x.entity == a.entity {
        Err(Refusal::DelayAfterSelf)
    } else if x.is_down() {
        Err(Refusal::DelayAfterDown { unit })
    } else if !turn_pending(view.turn, x.entity) {
        Err(Refusal::DelayAfterDone { unit })
    } else if waits_for(view.turn, x.entity, a.entity) {
        Err(Refusal::DelayCycle { unit })
    } else {
        Ok(x.entity)
    }
}

fn plan_undo(view: &View, a: &UnitSnap) -> Result<Plan, Refusal> {
    match view.turn.undo.last() {
        Some(e) if e.unit == a.entity => Ok(Plan::Undo { unit: a.entity }),
        _ => Err(Refusal::NothingToUndo),
    }
}

/// Whether `e` still has a turn coming this round.
fn turn_pending(turn: &TurnState, e: Entity) -> bool {
    turn.queue.iter().any(|s| s.unit == e)
        || turn.end_of_round.contains(&e)
        || turn.followers.iter().any(|(_, f)| *f == e)
}

/// Whether `e` waits (directly or through others) for `leader`'s turn.
fn waits_for(turn: &TurnState, e: Entity, leader: Entity) -> bool {
    let mut cur = e;
    for _ in 0..turn.followers.len() {
        match turn.followers.iter().find(|(_, f)| *f == cur) {
            Some((l, _)) if *l == leader => return true,
            Some((l, _)) => cur = *l,
            None => return false,
        }
    }
    false
}
