//! Command handling: every `Command` is checked in full against a snapshot first (a refused
//! command gets a `Rejected` event with the reason and changes nothing), then carried out.

use super::assess::{CHARGE_MIN_DISTANCE, Ctx, SPRINT_MULTIPLIER};
use super::engine::{Battle, Offer, Phase, Roster, TurnState, UndoEntry, Walk, Work};
use super::events::{AttackKind, BattleEvent, Command, ContestKind, DelayUntil, ReactionKind};
use super::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::path::{Occupancy, reachable, step_cost};
use crate::rules::ruleset::{ConditionKind, Duration};
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
        kind: ContestKind,
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
}

fn need_ap(u: &UnitSnap, action: ActionKind) -> Result<(), String> {
    let cost = action.ap_cost();
    if u.ap < cost {
        Err(format!(
            "{} costs {cost} AP; {} has {} AP left",
            action.label(),
            u.name,
            u.ap
        ))
    } else {
        Ok(())
    }
}

/// Check a path step by step; returns its cost in metres.
pub fn path_cost(ctx: &Ctx, mover: &UnitSnap, path: &[Pos]) -> Result<u32, String> {
    let occupancy = ctx.occupancy(mover);
    let profile = ctx.move_profile(mover);
    let mut cur = mover.pos;
    let mut odd = mover.pool.odd_diagonals;
    let mut total = 0u32;
    for (i, &p) in path.iter().enumerate() {
        let (cost, next_odd) = step_cost(ctx.grid, cur, p, &profile, odd)
            .map_err(|e| format!("step {} from {cur} to {p}: {e}", i + 1))?;
        let occ = ctx
            .grid
            .index(p)
            .map(|ix| occupancy[ix])
            .unwrap_or_default();
        if occ == Occupancy::Blocked {
            let who = ctx.snap.at(p).map(|o| o.name.clone()).unwrap_or_default();
            return Err(format!(
                "step {} to {p}: the enemy {who} blocks the way",
                i + 1
            ));
        }
        if i + 1 == path.len() && occ != Occupancy::Empty {
            let who = ctx.snap.at(p).map(|o| o.name.clone()).unwrap_or_default();
            return Err(format!("cannot stop on {p}: {who} is there"));
        }
        total = total.saturating_add(cost);
        cur = p;
        odd = next_odd;
    }
    Ok(total)
}

/// What checking a command needs to see: the snapshot context, the schedule, a pending
/// reaction question and the names.
pub struct View<'a> {
    pub ctx: Ctx<'a>,
    pub turn: &'a TurnState,
    pub awaiting: Option<Offer>,
    pub roster: &'a Roster,
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
            roster,
        }
    }

    pub fn name(&self, e: Entity) -> String {
        self.roster.name(e)
    }
}

/// Check a command against the battle as it stands; `Ok` means it would be carried out.
pub fn plan(view: &View, cmd: &Command) -> Result<Plan, String> {
    if view.turn.phase == Phase::Finished {
        return Err("the battle is over".into());
    }
    if let Some(offer) = view.awaiting {
        let asked = view.name(offer.reactor);
        return match cmd {
            Command::AnswerReaction { reactor, accept } if *reactor == asked => Ok(Plan::Answer {
                offer,
                accept: *accept,
            }),
            Command::AnswerReaction { reactor, .. } => Err(format!(
                "{asked} is being asked about a reaction, not {reactor}"
            )),
            _ => Err(format!(
                "waiting for {asked} to answer: {} attack against {}?",
                match offer.kind {
                    ReactionKind::Opportunity => "opportunity",
                    ReactionKind::Swift => "swift",
                },
                view.name(offer.target)
            )),
        };
    }
    if let Command::AnswerReaction { .. } = cmd {
        return Err("no reaction is being offered".into());
    }
    let actor = view
        .roster
        .entity(cmd.actor())
        .ok_or_else(|| format!("there is no combatant named `{}`", cmd.actor()))?;
    let active = view
        .turn
        .active()
        .ok_or_else(|| "no turn is in progress".to_string())?;
    if actor != active {
        return Err(format!(
            "it is {}'s turn, not {}'s",
            view.name(active),
            cmd.actor()
        ));
    }
    let ctx = view.ctx;
    let a = ctx.unit(actor)?;
    if a.is_down() {
        return Err(format!("{} is Down", a.name));
    }
    let target_of = |name: &str| -> Result<&UnitSnap, String> {
        let e = view
            .roster
            .entity(name)
            .ok_or_else(|| format!("there is no combatant named `{name}`"))?;
        ctx.unit(e)
    };
    let unit = actor;
    match cmd {
        Command::Move { to, .. } => plan_move_to(&ctx, a, *to),
        Command::MovePath { path, .. } => {
            if let Some(why) = ctx.cannot_move(a) {
                return Err(why);
            }
            if path.is_empty() {
                return Err("the path is empty".into());
            }
            let cost = path_cost(&ctx, a, path)?;
            let budget = ctx.move_budget(a);
            if cost > budget {
                return Err(format!(
                    "the path costs {cost} m; {} has {} m in the pool and {} AP",
                    a.name, a.pool.metres, a.ap
                ));
            }
            Ok(Plan::Walk {
                unit,
                path: path.clone(),
            })
        }
        Command::Sprint { .. } => {
            need_ap(a, ActionKind::Sprint)?;
            if let Some(why) = ctx.cannot_move(a) {
                return Err(why);
            }
            Ok(Plan::Sprint { unit })
        }
        Command::Attack { target, weapon, .. } => {
            need_ap(a, ActionKind::Attack)?;
            if a.attacks >= view.ctx.rules.attacks_per_round {
                return Err(format!(
                    "{} already made {} attack(s) this round; the limit is {}",
                    a.name, a.attacks, view.ctx.rules.attacks_per_round
                ));
            }
            let t = target_of(target)?;
            let wi = ctx.pick_weapon(a, t, weapon.as_deref())?;
            ctx.attack_allowed(a, t, wi)?;
            Ok(Plan::Attack {
                unit,
                target: t.entity,
                weapon: wi,
            })
        }
        Command::Defend { .. } => {
            need_ap(a, ActionKind::Defend)?;
            Ok(Plan::Defend { unit })
        }
        Command::TakeCover { .. } => {
            need_ap(a, ActionKind::TakeCover)?;
            if !ctx.grid.next_to_half_cover(a.pos) {
                return Err(format!(
                    "Take Cover needs a half-cover tile next to {}",
                    a.name
                ));
            }
            if a.has(ConditionKind::TakingCover) {
                return Err(format!("{} is already taking cover", a.name));
            }
            Ok(Plan::TakeCover { unit })
        }
        Command::Disengage { .. } => {
            need_ap(a, ActionKind::Disengage)?;
            if a.flags.disengaged {
                return Err(format!("{} has already disengaged this turn", a.name));
            }
            Ok(Plan::Disengage { unit })
        }
        Command::Shove { target, .. } | Command::Trip { target, .. } | Command::Grab { target, .. } => {
            let kind = match cmd {
                Command::Shove { .. } => ContestKind::Shove,
                Command::Trip { .. } => ContestKind::Trip,
                _ => ContestKind::Grab,
            };
            need_ap(a, kind.action())?;
            let t = target_of(target)?;
            ctx.assess_contest(kind, a, t)?;
            if kind == ContestKind::Trip && t.has(ConditionKind::Prone) {
                return Err(format!("{} is already Prone", t.name));
            }
            if kind == ContestKind::Grab {
                if let Some(held) = a.conditions.link(ConditionKind::Grappling) {
                    return Err(format!(
                        "{} is already grappling {}; release first",
                        a.name,
                        view.name(held)
                    ));
                }
                if t.has(ConditionKind::Restrained) {
                    return Err(format!("{} is already Restrained", t.name));
                }
            }
            Ok(Plan::Contest {
                unit,
                target: t.entity,
                kind,
            })
        }
        Command::Escape { .. } => {
            need_ap(a, ActionKind::Escape)?;
            let grappler = a
                .conditions
                .link(ConditionKind::Restrained)
                .ok_or_else(|| format!("{} is not Restrained", a.name))?;
            let g = ctx.unit(grappler)?;
            ctx.assess_contest(ContestKind::Escape, a, g)?;
            Ok(Plan::Contest {
                unit,
                target: grappler,
                kind: ContestKind::Escape,
            })
        }
        Command::Release { .. } => {
            let held = a
                .conditions
                .link(ConditionKind::Grappling)
                .ok_or_else(|| format!("{} is not grappling anyone", a.name))?;
            Ok(Plan::Release { unit, held })
        }
        Command::StandUp { .. } => {
            need_ap(a, ActionKind::StandUp)?;
            if !a.has(ConditionKind::Prone) {
                return Err(format!("{} is not Prone", a.name));
            }
            Ok(Plan::StandUp { unit })
        }
        Command::Charge { target, .. } => {
            need_ap(a, ActionKind::Charge)?;
            let t = target_of(target)?;
            if a.has(ConditionKind::Prone) {
                return Err(format!("{} is Prone: stand up before charging", a.name));
            }
            if let Some(why) = ctx.cannot_move(a) {
                return Err(why);
            }
            let dir = Dir8::of_line(a.pos, t.pos).ok_or_else(|| {
                format!(
                    "{} is not in a straight line (one of the 8 directions) from {}",
                    t.name, a.name
                )
            })?;
            let end = t.pos.step(dir.opposite());
            let run = a.pos.distance(end);
            if run < CHARGE_MIN_DISTANCE {
                return Err(format!(
                    "a charge needs at least {CHARGE_MIN_DISTANCE} m of run-up; {} would run {run} m",
                    a.name
                ));
            }
            let max = SPRINT_MULTIPLIER * ctx.metres_per_ap(a);
            let path: Vec<Pos> = (1..=run as i32)
                .map(|k| {
                    let (dx, dy) = dir.delta();
                    Pos::new(a.pos.x + dx * k, a.pos.y + dy * k)
                })
                .collect();
            // The run must be passable; its cap counts metres of the straight line, not
            // terrain cost (RULES §4).
            path_cost(&ctx, a, &path)?;
            if run > max {
                return Err(format!(
                    "the charge would run {run} m; {} can charge at most {max} m",
                    a.name
                ));
            }
            ctx.assess_contest(ContestKind::Charge, a, t)?;
            Ok(Plan::Charge {
                unit,
                target: t.entity,
                path,
                dir,
            })
        }
        Command::Stabilize { target, .. } => {
            need_ap(a, ActionKind::Stabilize)?;
            let t = target_of(target)?;
            if t.entity == a.entity || t.side != a.side {
                return Err(format!("{} can only stabilize an ally", a.name));
            }
            if !a.pos.is_adjacent(t.pos) {
                return Err(format!("{} must be next to {}", a.name, t.name));
            }
            if !t.has(ConditionKind::Bleeding) {
                return Err(format!("{} is not Bleeding", t.name));
            }
            Ok(Plan::Stabilize {
                unit,
                target: t.entity,
            })
        }
        Command::Face { facing, .. } => Ok(Plan::Face { unit, dir: *facing }),
        Command::Delay { until, .. } => {
            if a.flags.delayed {
                return Err(format!("{} has already delayed this round", a.name));
            }
            if a.flags.acted {
                return Err(format!(
                    "{} has already acted or moved this turn; delay only at the start of a turn",
                    a.name
                ));
            }
            let after = match until {
                DelayUntil::EndOfRound => None,
                DelayUntil::After(name) => {
                    let x = target_of(name)?;
                    if x.entity == a.entity {
                        return Err(format!("{} cannot delay until after itself", a.name));
                    }
                    if x.is_down() {
                        return Err(format!("{} is Down and will not act", x.name));
                    }
                    if !turn_pending(view.turn, x.entity) {
                        return Err(format!(
                            "{} has already had its turn this round; delay to the end of the round instead",
                            x.name
                        ));
                    }
                    if waits_for(view.turn, x.entity, a.entity) {
                        return Err(format!("{} is already waiting for {}", x.name, a.name));
                    }
                    Some(x.entity)
                }
            };
            Ok(Plan::Delay { unit, after })
        }
        Command::EndTurn { .. } => Ok(Plan::EndTurn { unit }),
        Command::UndoMove { .. } => match view.turn.undo.last() {
            Some(e) if e.unit == unit => Ok(Plan::Undo { unit }),
            _ => Err(
                "nothing to undo: moves can be taken back only until a die is rolled or something else happens"
                    .into(),
            ),
        },
        Command::AnswerReaction { .. } => Err("no reaction is being offered".into()),
    }
}

fn plan_move_to(ctx: &Ctx, a: &UnitSnap, to: Pos) -> Result<Plan, String> {
    if let Some(why) = ctx.cannot_move(a) {
        return Err(why);
    }
    if to == a.pos {
        return Err(format!("{} is already at {to}", a.name));
    }
    let Some(kind) = ctx.grid.kind(to) else {
        return Err(format!(
            "{to} is off the map ({}x{})",
            ctx.grid.width, ctx.grid.height
        ));
    };
    if !kind.passable {
        return Err(format!("{to} is impassable ({})", kind.name));
    }
    if let Some(o) = ctx.snap.at(to) {
        return Err(format!("{to} is occupied by {}", o.name));
    }
    let r = ctx.reachable(a);
    if let Some(path) = r.path(to) {
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
        Some(c) => Err(format!(
            "{to} costs {c} m; {} has {} m in the pool and {} AP ({} m each)",
            a.name,
            a.pool.metres,
            a.ap,
            ctx.metres_per_ap(a)
        )),
        None => Err(format!("there is no path from {} to {to}", a.pos)),
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

impl Battle<'_, '_> {
    /// Check a command and, if it is allowed, carry it out and resolve what follows.
    pub fn handle_command(&mut self, cmd: Command) {
        match self.plan(&cmd) {
            Err(reason) => self.emit(BattleEvent::Rejected {
                command: cmd,
                reason,
            }),
            Ok(plan) => {
                self.execute(plan);
                self.run_stack();
                self.after_resolution();
            }
        }
    }

    /// When nothing is left to resolve and the active combatant went Down, its turn ends.
    fn after_resolution(&mut self) {
        if self.resolution.awaiting.is_some() || !self.resolution.stack.is_empty() {
            return;
        }
        if let Some(active) = self.turn.active()
            && self.units.get(active).is_ok_and(|u| u.conditions.is_down())
        {
            self.end_turn(active);
        }
    }

    fn plan(&self, cmd: &Command) -> Result<Plan, String> {
        let snap = self.snapshot();
        plan(
            &View::new(
                &snap,
                &self.map,
                &self.rules,
                &self.turn,
                &self.resolution,
                &self.roster,
            ),
            cmd,
        )
    }

    fn spend_ap(&mut self, e: Entity, action: ActionKind) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        u.ap.0 = u.ap.0.saturating_sub(action.ap_cost());
        u.flags.acted = true;
        let (unit, ap_left) = (u.combatant.name.clone(), u.ap.0);
        self.emit(BattleEvent::ActionTaken {
            unit: unit.to_string(),
            action: action.label().into(),
            ap_cost: action.ap_cost(),
            ap_left,
        });
    }

    fn execute(&mut self, plan: Plan) {
        match plan {
            Plan::Walk { unit, path } => {
                let Ok(u) = self.units.get(unit) else { return };
                let entry = UndoEntry {
                    unit,
                    pos: u.pos.0,
                    facing: u.facing.0,
                    ap: u.ap.0,
                    pool: *u.pool,
                    acted: u.flags.acted,
                };
                self.turn.undo.push(entry);
                let walk = Walk::new(unit, entry.pos, path, false);
                self.resolution.stack.push(Work::Walk(walk));
            }
            Plan::Sprint { unit } => {
                self.spend_ap(unit, ActionKind::Sprint);
                let snap = self.snapshot();
                let per = snap
                    .get(unit)
                    .map(|u| self.ctx(&snap).metres_per_ap(u))
                    .unwrap_or(0);
                if let Ok(mut u) = self.units.get_mut(unit) {
                    u.pool.metres += SPRINT_MULTIPLIER * per;
                    let (name, pool) = (u.combatant.name.clone(), u.pool.metres);
                    self.emit(BattleEvent::MovementAdded {
                        unit: name.to_string(),
                        metres: SPRINT_MULTIPLIER * per,
                        pool,
                    });
                }
            }
            Plan::Attack {
                unit,
                target,
                weapon,
            } => {
                self.spend_ap(unit, ActionKind::Attack);
                self.resolution.stack.push(Work::Attack {
                    attacker: unit,
                    target,
                    weapon,
                    kind: AttackKind::Action,
                });
            }
            Plan::Defend { unit } => {
                self.spend_ap(unit, ActionKind::Defend);
                self.add_condition(
                    unit,
                    ConditionKind::Defending,
                    Duration::StartOfNextTurn,
                    "Defend",
                    None,
                );
                self.remove_condition(unit, ConditionKind::Exposed, "Defend");
                self.remove_condition(unit, ConditionKind::Unguarded, "Defend");
            }
            Plan::TakeCover { unit } => {
                self.spend_ap(unit, ActionKind::TakeCover);
                self.add_condition(
                    unit,
                    ConditionKind::TakingCover,
                    Duration::StartOfNextTurn,
                    "Take Cover",
                    None,
                );
            }
            Plan::Disengage { unit } => {
                self.spend_ap(unit, ActionKind::Disengage);
                if let Ok(mut u) = self.units.get_mut(unit) {
                    u.flags.disengaged = true;
                }
            }
            Plan::Contest { unit, target, kind } => {
                self.spend_ap(unit, kind.action());
                if self.contest(kind, unit, target) != Some(true) {
                    return;
                }
                let actor_name = self.name(unit);
                match kind {
                    ContestKind::Shove | ContestKind::Charge => self.shove_won(unit, target),
                    ContestKind::Trip => {
                        self.add_condition(
                            target,
                            ConditionKind::Prone,
                            Duration::UntilRemoved,
                            &format!("tripped by {actor_name}"),
                            None,
                        );
                    }
                    ContestKind::Grab => {
                        self.add_condition(
                            target,
                            ConditionKind::Restrained,
                            Duration::UntilRemoved,
                            &format!("grabbed by {actor_name}"),
                            Some(unit),
                        );
                        let held = self.name(target);
                        self.add_condition(
                            unit,
                            ConditionKind::Grappling,
                            Duration::UntilRemoved,
                            &format!("holding {held}"),
                            Some(target),
                        );
                    }
                    ContestKind::Escape => self.release_grapple(target, unit, "escaped"),
                }
            }
            Plan::Release { unit, held } => self.release_grapple(unit, held, "released"),
            Plan::StandUp { unit } => {
                self.spend_ap(unit, ActionKind::StandUp);
                let snap = self.snapshot();
                let reactors = snap
                    .get(unit)
                    .map(|u| {
                        self.ctx(&snap)
                            .opportunity_reactors(u, u.pos, &self.turn.opportunity_used)
                    })
                    .unwrap_or_default();
                self.resolution.stack.push(Work::StandUp { unit });
                self.push_offers(reactors, ReactionKind::Opportunity, unit);
            }
            Plan::Charge {
                unit,
                target,
                path,
                dir,
            } => {
                self.spend_ap(unit, ActionKind::Charge);
                self.resolution.stack.push(Work::ChargeShove {
                    actor: unit,
                    target,
                    dir,
                });
                if let Ok(u) = self.units.get(unit) {
                    let walk = Walk::new(unit, u.pos.0, path, true);
                    self.resolution.stack.push(Work::Walk(walk));
                }
            }
            Plan::Stabilize { unit, target } => {
                self.spend_ap(unit, ActionKind::Stabilize);
                let by = self.name(unit);
                self.remove_condition(
                    target,
                    ConditionKind::Bleeding,
                    &format!("stabilized by {by}"),
                );
            }
            Plan::Face { unit, dir } => {
                if let Ok(mut u) = self.units.get_mut(unit) {
                    u.facing.0 = dir;
                    let name = u.combatant.name.clone();
                    self.emit(BattleEvent::Faced {
                        unit: name.to_string(),
                        facing: dir,
                    });
                }
            }
            Plan::Delay { unit, after } => self.delay(unit, after),
            Plan::EndTurn { unit } => self.end_turn(unit),
            Plan::Undo { unit } => {
                let Some(entry) = self.turn.undo.pop() else {
                    return;
                };
                if let Ok(mut u) = self.units.get_mut(unit) {
                    u.pos.0 = entry.pos;
                    u.facing.0 = entry.facing;
                    u.ap.0 = entry.ap;
                    *u.pool = entry.pool;
                    u.flags.acted = entry.acted;
                    let name = u.combatant.name.clone();
                    self.emit(BattleEvent::MoveUndone {
                        unit: name.to_string(),
                        to: entry.pos,
                        ap: entry.ap,
                        pool: entry.pool.metres,
                    });
                }
            }
            Plan::Answer { offer, accept } => {
                self.resolution.awaiting = None;
                if accept {
                    self.accept(offer);
                } else {
                    let (reactor, against) = (self.name(offer.reactor), self.name(offer.target));
                    self.emit(BattleEvent::ReactionDeclined {
                        reactor,
                        kind: offer.kind,
                        against,
                    });
                }
            }
        }
    }
}
