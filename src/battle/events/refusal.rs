//! Why a command is refused: one variant per reason, with the numbers that explain it, and
//! `Book` for a rulebook's own (`book_refusal.rs`), written under its own name. The checks
//! in `plan` and `assess` return these; `Rejected` events carry them; the HUD, the combat
//! log and the tests read them. The English for each is in `describe/refusals.rs` (a
//! rulebook's own: its `Display`).

use super::open::open_enum;
use super::{BookRefusal, RulebookRefusal};
use crate::rules::actions::{ActionKind, ReactionKind};
use crate::rules::combat::Size;
use crate::rules::grid::Pos;
use crate::rules::path::StepError;
use crate::rules::ruleset::ConditionKind;
use serde::Serialize;

open_enum! {
/// A refused command (or a reaction's attack that became impossible).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Refusal: "Refusal", CoreRefusal, CORE_REFUSALS, BookRefusal, "a refusal" {
    /// The rulebook in force refuses one of its own actions, for this reason (in Core's
    /// words, said in the rulebook's like every refusal).
    Own {
        reason: String,
    },
    // -- the battle and the schedule
    /// Somebody has won: no more commands.
    BattleOver,
    /// A reaction question waits for its side's answer.
    AwaitingAnswer {
        reactor: String,
        kind: ReactionKind,
        against: String,
    },
    /// An answer from a combatant that was not asked.
    NotAsked {
        asked: String,
    },
    /// An answer when no reaction is offered.
    NoOffer,
    /// A choice (a defence, a maneuver) waits for this combatant's side.
    AwaitingChoice {
        unit: String,
    },
    NoSuchUnit {
        name: String,
    },
    /// The entity is not a combatant of this battle.
    NotInBattle,
    /// Between turns, or before the battle.
    NoTurn,
    NotYourTurn {
        active: String,
    },
    /// The actor is Down.
    Down {
        unit: String,
    },

    // -- budgets
    NotEnoughAp {
        action: ActionKind,
        need: u32,
        have: u32,
    },
    /// Attacks this round, actions and reactions together (RULES §3).
    AttackLimit {
        made: u32,
        limit: u32,
    },

    // -- targets and weapons
    TargetDown {
        target: String,
    },
    Ally {
        target: String,
    },
    NotAdjacent {
        target: String,
    },
    /// More than one size larger than the actor (RULES §4).
    TooLarge {
        target: String,
        target_size: Size,
        actor_size: Size,
    },
    NoSuchWeapon {
        weapon: String,
        weapons: Vec<String>,
    },
    NoWeapons,
    /// The weapon an attack was declared with was taken (a held Disarm it set off).
    WeaponTaken,
    /// No weapon reaches the target (none was named).
    NoWeaponReaches {
        target: String,
        distance: u32,
    },
    OutOfReach {
        target: String,
        distance: u32,
        weapon: String,
        reach: u32,
    },
    OutOfRange {
        target: String,
        distance: u32,
        weapon: String,
        long_range: u32,
    },
    /// Something that blocks sight stands between attacker and target in melee.
    WallBetween {
        target: String,
    },
    NoLineOfSight {
        target: String,
        /// What blocks the view, and where: "the wall at (6, 3)".
        blocked_by: Option<String>,
    },
    FullCover {
        target: String,
    },

    // -- conditions
    /// The target already has the condition the action would give it.
    AlreadyHas {
        target: String,
        condition: ConditionKind,
    },
    /// The action needs the actor (or target) to have a condition it lacks.
    Lacks {
        unit: String,
        condition: ConditionKind,
    },
    AlreadyGrappling {
        held: String,
    },
    AlreadyDisengaged,
    NeedsHalfCover,
    StabilizeAllyOnly,

    // -- movement
    /// A Restrained combatant cannot move.
    Restrained,
    EmptyPath,
    /// A step of a given path cannot be taken (1-based step number).
    BadStep {
        step: usize,
        from: Pos,
        to: Pos,
        error: StepError,
    },
    EnemyBlocks {
        step: usize,
        at: Pos,
        enemy: String,
    },
    /// The path ends on a tile another creature holds.
    CannotStop {
        at: Pos,
        occupant: String,
    },
    AlreadyThere {
        at: Pos,
    },
    OffMap {
        at: Pos,
        width: u32,
        height: u32,
    },
    Impassable {
        at: Pos,
        terrain: String,
    },
    Occupied {
        at: Pos,
        occupant: String,
    },
    /// A given path costs more than the pool and the AP can buy.
    PathTooCostly {
        cost: u32,
        pool: u32,
        ap: u32,
        per_ap: u32,
    },
    NoPath {
        from: Pos,
        to: Pos,
    },

    // -- charge
    ProneCharge,
    NotInLine {
        target: String,
    },
    ChargeTooShort {
        run: u32,
        min: u32,
    },
    ChargeTooLong {
        run: u32,
        max: u32,
    },

    // -- delay and undo
    AlreadyDelayed,
    AlreadyActed,
    DelayAfterSelf,
    DelayAfterDown {
        unit: String,
    },
    /// The named combatant has had its turn this round.
    DelayAfterDone {
        unit: String,
    },
    /// The named combatant already waits for the actor.
    DelayCycle {
        unit: String,
    },
    NothingToUndo,

    // -- presets
    /// The rulebook in force has no such action.
    NotInRules {
        action: ActionKind,
    },
    /// Seed000: this enemy stopped the mover this turn; it may not try to pass again.
    Barred {
        enemy: String,
    },
    /// Seed000: a path may pass an enemy's tile but not end there.
    EndsOnEnemy {
        at: Pos,
        enemy: String,
    },
    /// Seed000: the target holds no weapon that can be taken.
    NothingToDisarm {
        target: String,
    },
    /// Seed000: the target is hidden from the actor's side.
    Hidden {
        target: String,
    },
    /// Seed000: the dead cannot be stabilized.
    Dead {
        unit: String,
    },
    /// Seed000: a lean tile must be next to the attacker, passable, empty and clear.
    BadLean {
        at: Pos,
    },
    /// Seed000: the attacker already sees the target; leaning is only out of full cover.
    NoNeedToLean,
    /// Seed000: this attack leans or is non-lethal, which the rules in force do not allow.
    NotAnOption {
        option: String,
    },
    /// Seed004: not enough Vigor for this.
    NotEnoughVigor {
        need: i32,
        have: i32,
    },
    /// Seed004: out of Vigor, the combatant can take no action until a Recovery.
    Winded {
        unit: String,
    },
    /// Seed002: not while the actor has this condition.
    NotWhile {
        condition: ConditionKind,
    },
    /// Seed002 (X1): only a Swift Attack may be answered with a Trip, Push or Restrain.
    NotASwiftAttack {
        kind: crate::rules::actions::ReactionKind,
    },
    /// Seed003: this needs a melee weapon (of reach 1 for a grapple).
    NeedsMelee {
        action: ActionKind,
    },
}
}

impl Refusal {
    /// Whether `name` is one of the core's refusals (a rulebook's may not take it).
    pub fn is_core_name(name: &str) -> bool {
        CORE_REFUSALS.contains(&name)
    }

    /// A rulebook's own refusal, as the core carries it.
    pub fn book<R: RulebookRefusal>(refusal: R) -> Refusal {
        Refusal::Book(BookRefusal::new(refusal))
    }

    /// A rulebook's own refusal of type `R`, if this is one.
    pub fn of_book<R: RulebookRefusal>(&self) -> Option<&R> {
        match self {
            Refusal::Book(b) => b.get(),
            _ => None,
        }
    }
}
