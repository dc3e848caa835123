//! The battle's resources and the `Battle` system parameter through which every rule system
//! reads and changes the world: emitting events, rolling dice, and running the resolution
//! stack that lets reactions interrupt movement and actions (and pause for an answer).

use super::assess::Ctx;
use super::components::*;
use super::events::{BattleEvent, ReactionKind};
use super::snapshot::{Snapshot, UnitQuery, UnitSnap};
use crate::level::schema::ReactionPolicy;
use crate::level::{Objective, SideDef};
use crate::rules::book_value::BookState;
use crate::rules::combat::RollMode;
use crate::rules::dice::Dice;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, OpportunityRule, Ruleset};
use crate::rules::terrain::TerrainGrid;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// The terrain of the battle (cover objects are also spawned as [`Cover`] entities).
#[derive(Resource, Clone, Debug)]
pub struct BattleMap {
    pub grid: TerrainGrid,
}

/// The ruleset switches in force.
#[derive(Resource, Clone, Debug, Default)]
pub struct Rules(pub Ruleset);

/// The dice service.
#[derive(Resource, Clone, Debug)]
pub struct DiceBox(pub Dice);

/// The sides, their reaction policies, the objectives, and name lookup.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roster {
    pub level_name: String,
    pub sides: Vec<SideDef>,
    /// The policy each side uses (the level's, or a headless override).
    pub policies: Vec<ReactionPolicy>,
    /// Shared: the systems that check objectives every frame copy only a pointer.
    pub objectives: Arc<[Objective]>,
    /// Seed000: the level's unions, as entities.
    pub unions: Vec<Vec<Entity>>,
    /// Each combatant's name, shared with its `Combatant` component (no copies).
    names: HashMap<Entity, Arc<str>>,
    by_name: HashMap<Arc<str>, Entity>,
}

impl Roster {
    pub fn new(
        level_name: String,
        sides: Vec<SideDef>,
        policies: Vec<ReactionPolicy>,
        objectives: Arc<[Objective]>,
        combatants: impl IntoIterator<Item = (Arc<str>, Entity)>,
    ) -> Roster {
        let (mut names, mut by_name) = (HashMap::new(), HashMap::new());
        let mut in_order = Vec::new();
        for (name, e) in combatants {
            names.insert(e, name.clone());
            by_name.insert(name, e);
            in_order.push(e);
        }
        let unions = sides
            .iter()
            .flat_map(|s| s.unions.iter())
            .map(|u| u.iter().filter_map(|i| in_order.get(*i).copied()).collect())
            .collect();
        Roster {
            level_name,
            sides,
            policies,
            objectives,
            unions,
            names,
            by_name,
        }
    }

    pub fn entity(&self, name: &str) -> Option<Entity> {
        self.by_name.get(name).copied()
    }

    /// A side's name ("" for no side).
    pub fn side_name(&self, side: usize) -> &str {
        self.sides.get(side).map_or("", |s| s.name.as_str())
    }

    /// A combatant's name (a shared pointer: no allocation).
    pub fn name(&self, e: Entity) -> Arc<str> {
        self.names
            .get(&e)
            .cloned()
            .unwrap_or_else(|| format!("{e:?}").into())
    }
}

/// Where the round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Phase {
    /// No battle yet, or the battle was just spawned and round 1 has not started.
    #[default]
    Setup,
    /// This combatant is taking its turn.
    Active(Entity),
    /// The last turn is over; the schedule picks the next.
    TurnOver,
    /// Somebody won.
    Finished,
}

/// A turn waiting in this round's queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub unit: Entity,
    /// A delayed turn taken later: start-of-turn effects already happened.
    pub resumed: bool,
}

/// State of a move that can still be taken back.
#[derive(Clone, Debug, PartialEq)]
pub struct UndoEntry {
    pub unit: Entity,
    pub pos: Pos,
    pub facing: Dir8,
    pub ap: u32,
    pub pool: MovementPool,
    /// Rulebooks' own state of the mover before the move (`Play::move_undone`).
    pub own: OwnState,
    pub acted: bool,
}

/// The turn and round schedule.
#[derive(Resource, Clone, Debug, Default)]
pub struct TurnState {
    pub round: u32,
    pub phase: Phase,
    /// This round's initiative order.
    pub order: Vec<Entity>,
    /// Turns still to come this round.
    pub queue: VecDeque<Slot>,
    /// Combatants who delayed to the end of the round.
    pub end_of_round: Vec<Entity>,
    /// (leader, follower): the follower acts right after the leader's turn.
    pub followers: Vec<(Entity, Entity)>,
    /// Combatants whose turn this round is over (taken, skipped or lost).
    pub done: Vec<Entity>,
    /// (reactor, mover): opportunity attacks made this turn.
    pub opportunity_used: Vec<(Entity, Entity)>,
    /// Moves that can still be undone.
    pub undo: Vec<UndoEntry>,
    pub outcome: Option<super::events::Outcome>,
    /// (mover, enemy): where the ruleset's `pass_enemies` is on, the enemy stopped the
    /// mover passing this turn.
    pub barred: Vec<(Entity, Entity)>,
    /// The other combatants whose slot this is too, still to end their turns: a union's
    /// members (a level's `unions`), or the other units of a side in a rulebook's
    /// activation.
    pub union: Vec<Entity>,
    /// The level's unions that take one slot this round (those with at least two standing
    /// members at its start), each in listed order.
    pub round_unions: Vec<Vec<Entity>>,
    /// Counts the slots (turns, union slots, activations) begun this battle, so that the
    /// window's choice of who acts lasts one slot.
    pub slots: u32,
    /// The rulebook's own state of the schedule, each of its own type (held and readied
    /// actions; whose activation it is, who opened the round and how many passed).
    pub book: BookState,
}

impl TurnState {
    pub fn active(&self) -> Option<Entity> {
        match self.phase {
            Phase::Active(e) => Some(e),
            _ => None,
        }
    }

    /// Whether it is `e`'s turn: it is the active combatant, or one of the others whose slot
    /// this is too (`union`).
    pub fn is_turn_of(&self, e: Entity) -> bool {
        self.active() == Some(e) || (self.active().is_some() && self.union.contains(&e))
    }
}

/// Progress towards the level's objectives.
#[derive(Resource, Clone, Debug, Default)]
pub struct ObjectiveState {
    /// Consecutive held rounds per objective.
    pub streak: Vec<u32>,
    /// Combatants that reached the area, per objective.
    pub reached: Vec<Vec<Entity>>,
}

pub use super::work::*;

/// Every event of the battle so far.
#[derive(Resource, Clone, Debug, Default)]
pub struct BattleLog {
    pub events: Vec<BattleEvent>,
    /// Counts the battles spawned in this app (a restart or a reload makes a new one).
    pub battle: u32,
}

/// Everything a rule system needs, mutable.
#[derive(SystemParam)]
pub struct Battle<'w, 's> {
    pub units: Query<'w, 's, UnitQuery>,
    pub map: Res<'w, BattleMap>,
    pub rules: Res<'w, Rules>,
    pub dice: ResMut<'w, DiceBox>,
    pub roster: Res<'w, Roster>,
    pub turn: ResMut<'w, TurnState>,
    pub resolution: ResMut<'w, Resolution>,
    pub objectives: ResMut<'w, ObjectiveState>,
    pub log: ResMut<'w, BattleLog>,
    pub items: ResMut<'w, DroppedItems>,
    pub events: MessageWriter<'w, BattleEvent>,
}

impl Battle<'_, '_> {
    pub fn snapshot(&self) -> Snapshot {
        Snapshot::build(self.units.iter())
    }

    pub fn ctx<'a>(&'a self, snap: &'a Snapshot) -> Ctx<'a> {
        Ctx {
            snap,
            grid: &self.map.grid,
            rules: &self.rules.0,
            order: &self.turn.order,
        }
    }

    pub fn name(&self, e: Entity) -> Arc<str> {
        self.roster.name(e)
    }

    /// An attack that can no longer be made when its turn to resolve comes (its target
    /// moved out of reach, say): logged with why, under every ruleset.
    pub fn cancel_attack(&mut self, attacker: &str, target: &str, refusal: super::Refusal) {
        self.emit(BattleEvent::AttackCancelled {
            attacker: attacker.to_string(),
            target: target.to_string(),
            refusal,
        });
    }

    /// Record an event. Anything but plain movement (or a refusal, which changes nothing)
    /// ends the chance to undo moves.
    pub fn emit(&mut self, ev: impl Into<BattleEvent>) {
        let ev = ev.into();
        let keeps_undo = matches!(
            ev,
            BattleEvent::Moved { .. }
                | BattleEvent::Faced { .. }
                | BattleEvent::MovementAdded { .. }
                | BattleEvent::MoveUndone { .. }
                | BattleEvent::Rejected { .. }
        ) || matches!(
            ev,
            BattleEvent::ActionTaken {
                action: crate::rules::actions::ActionKind::Move,
                ..
            }
        );
        if !keeps_undo {
            self.turn.undo.clear();
        }
        self.log.events.push(ev.clone());
        self.events.write(ev);
    }

    /// Roll one die and log it with its purpose.
    pub fn roll(&mut self, sides: u32, purpose: &str) -> u32 {
        let r = self.dice.0.roll(sides, purpose);
        let (records, problems) = self.dice.0.drain();
        for rec in records {
            self.emit(BattleEvent::Rolled {
                purpose: rec.purpose,
                die: rec.sides,
                result: rec.result,
            });
        }
        for p in problems {
            self.emit(BattleEvent::DiceScriptProblem(p));
        }
        r
    }

    /// Roll d20 + `bonus` against `target` and report it; true when it reaches it.
    pub fn test_against(
        &mut self,
        u: &UnitSnap,
        purpose: String,
        bonus: i32,
        mode: RollMode,
        target: i32,
    ) -> bool {
        let (rolls, kept) = self.roll_d20(mode, &purpose);
        let total = kept as i32 + bonus;
        let passed = total >= target;
        self.emit(BattleEvent::TestRolled {
            unit: u.name.to_string(),
            purpose,
            mode,
            rolls,
            bonus,
            total,
            target,
            passed,
            automatic: false,
        });
        passed
    }

    /// Roll one or two d20 as the mode asks; returns the dice and the kept one.
    pub fn roll_d20(&mut self, mode: RollMode, purpose: &str) -> (Vec<u32>, u32) {
        let rolls: Vec<u32> = (0..mode.dice())
            .map(|i| {
                let p = if mode.dice() > 1 {
                    format!("{purpose} (die {} of 2, {mode:?})", i + 1)
                } else {
                    purpose.to_string()
                };
                self.roll(20, &p)
            })
            .collect();
        let kept = mode.keep(&rolls);
        (rolls, kept)
    }

    /// Turn a combatant to face a tile, logging it when the facing changes.
    pub fn face_towards(&mut self, e: Entity, target: Pos) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let Some(dir) = Dir8::towards(u.pos.0, target) else {
            return;
        };
        if u.facing.0 != dir {
            u.facing.0 = dir;
            let unit = u.combatant.name.clone();
            self.emit(BattleEvent::Faced {
                unit: unit.to_string(),
                facing: dir,
            });
        }
    }

    /// Run the resolution stack until it is empty or a reaction waits for an answer.
    pub fn run_stack(&mut self) {
        loop {
            self.queue_swift_offers();
            // A rulebook's questions come first (Seed003, F3: whoever became Flanked).
            self.rules.0.rulebook.book().before_work(self);
            if self.resolution.awaiting.is_some() {
                return;
            }
            let Some(work) = self.resolution.stack.pop() else {
                return;
            };
            self.perform(work);
        }
    }

    fn perform(&mut self, work: Work) {
        // The rulebook in force performs the steps that are its own first.
        let Some(work) = self.rules.0.rulebook.book().perform(self, work) else {
            return;
        };
        match work {
            Work::Walk(walk) => self.walk(walk),
            Work::Offer(offer) => self.offer(offer),
            // Each rulebook rolls an attack its own way (Core: d20 against Evasion).
            Work::Attack(pending) => self.rules.0.rulebook.book().attack(self, pending),
            Work::Push {
                pusher,
                target,
                dir,
                distance,
                unguards,
            } => self.push(pusher, target, dir, distance, unguards),
            Work::Teleport {
                user,
                target,
                teleport,
            } => self.teleport(user, target, teleport),
            Work::StandUp { unit } => self.finish_stand_up(unit),
            Work::ChargeShove { actor, target, dir } => self.charge_shove(actor, target, dir),
            Work::Own(own) => self.rules.0.rulebook.book().resolve_own(self, own),
            // A rulebook's own step that its rulebook did not take: it is not in force.
            Work::Book(_) => {}
        }
    }

    /// The reaction that leaving reach or standing up provokes under the rules in force.
    pub fn opening_kind(&self) -> ReactionKind {
        super::assess_moves::opportunity_kind(&self.rules.0)
    }

    /// The reaction policy of a combatant's side.
    pub fn policy_of(&self, e: Entity) -> ReactionPolicy {
        self.units
            .get(e)
            .ok()
            .and_then(|u| self.roster.policies.get(u.side.0).copied())
            .unwrap_or_default()
    }

    /// Offer swift attacks against everyone who became Unguarded.
    fn queue_swift_offers(&mut self) {
        let fresh = std::mem::take(&mut self.resolution.newly_unguarded);
        if fresh.is_empty() {
            return;
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let mut offers = Vec::new();
        for t in fresh {
            let Some(target) = snap.get(t) else { continue };
            if !target.able() {
                continue;
            }
            for r in ctx.swift_reactors(target) {
                offers.push(Offer::new(r, ReactionKind::Swift, t));
            }
        }
        for o in offers.into_iter().rev() {
            self.resolution.stack.push(Work::Offer(o));
        }
    }

    /// Put reaction offers on the stack so that the first in `reactors` is asked first.
    pub fn push_offers(&mut self, reactors: Vec<Entity>, kind: ReactionKind, target: Entity) {
        for r in reactors.into_iter().rev() {
            (self.resolution.stack).push(Work::Offer(Offer::new(r, kind, target)));
        }
    }

    /// A reaction comes up: check it is still possible, then take it, skip it, or ask.
    fn offer(&mut self, offer: Offer) {
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let (Some(r), Some(t)) = (snap.get(offer.reactor), snap.get(offer.target)) else {
            return;
        };
        // A rulebook's own reactions stand or fall by its rules.
        let own = match offer.kind {
            ReactionKind::Opportunity | ReactionKind::Opening | ReactionKind::Swift => None,
            kind => self
                .rules
                .0
                .rulebook
                .book()
                .offer_stands(self, &ctx, r, t, kind),
        };
        let still = t.able()
            && match offer.kind {
                ReactionKind::Opportunity | ReactionKind::Opening => ctx
                    .opportunity_reactors(t, t.pos, &self.turn.opportunity_used)
                    .contains(&r.entity),
                // Seed002's steps set off Swift Attacks on the guarded too.
                ReactionKind::Swift => {
                    (t.has(ConditionKind::Unguarded)
                        || self.rules.0.opportunity == OpportunityRule::SwiftSteps)
                        && ctx.swift_reactors(t).contains(&r.entity)
                }
                // A rulebook's own reactions stand as it says; a Dodge is settled by the
                // attack it answers, a Seize by the attack it interrupts.
                _ => own == Some(true),
            };
        if !still {
            return;
        }
        match self
            .roster
            .policies
            .get(r.side)
            .copied()
            .unwrap_or_default()
        {
            ReactionPolicy::Never => {}
            ReactionPolicy::Always => self.accept(offer),
            ReactionPolicy::Ask => {
                self.resolution.awaiting = Some(Question::Reaction(offer));
                let ev = BattleEvent::ReactionOffered {
                    reactor: r.name.to_string(),
                    kind: offer.kind,
                    against: t.name.to_string(),
                };
                self.emit(ev);
            }
        }
    }
}
