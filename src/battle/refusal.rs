//! Why a command is refused: one variant per reason, with the numbers that explain it. The
//! checks in `plan` and `assess` return these; `Rejected` events carry them; the HUD, the
//! combat log and the tests read them. The English for each is in `describe.rs`.

use crate::rules::actions::{ActionKind, ReactionKind};
use crate::rules::combat::Size;
use crate::rules::combat_roll::{Defence, Maneuver};
use crate::rules::grid::Pos;
use crate::rules::path::StepError;
use crate::rules::ruleset::ConditionKind;
use serde::{Deserialize, Serialize};

/// A refused command (or a reaction's attack that became impossible).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
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
    /// The defence is not one the combatant may take now.
    NoSuchDefence {
        defence: Defence,
        options: Vec<Defence>,
    },
    /// The maneuver is not one the winner may take now.
    NoSuchManeuver {
        maneuver: Maneuver,
        options: Vec<Maneuver>,
    },
    /// Nothing of its own lies on or next to its tile.
    NothingToPickUp,
    /// Seed000: this enemy stopped the mover this turn; it may not try to pass again.
    Barred {
        enemy: String,
    },
    /// Seed000: a path may pass an enemy's tile but not end there.
    EndsOnEnemy {
        at: Pos,
        enemy: String,
    },
    /// Seed000: Switch Places needs an ally other than oneself.
    NotAnAlly {
        unit: String,
    },
    /// Seed000: the ally that would have to pay a Reaction Point has none left.
    NoReactionPoints {
        unit: String,
    },
    /// Seed000: an enemy still sees the would-be hider.
    Seen {
        by: String,
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
    /// Seed002: a Shift goes to a neighbouring tile.
    NotAdjacentTile {
        at: Pos,
    },
    NotEnoughAgility {
        need: i32,
        have: i32,
    },
    /// Seed002: no ranged weapon to load, or it is loaded.
    NothingToLoad,
    /// Seed002: an action carries at most as many Agile steps as the Energy it spends.
    TooManyAgileSteps {
        steps: u32,
        most: u32,
    },
    /// Seed002: a Swift Attack needs a melee weapon, the round's Swift Attack unused and the
    /// enemy in front.
    NoSwiftAttack,
    /// Seed002 (X1): only a Swift Attack may be answered with a Trip, Push or Restrain.
    NotASwiftAttack {
        kind: crate::rules::actions::ReactionKind,
    },
    /// Seed002: no Stamina to spend (it may not be spent down to 0, nor while Exhausted or
    /// Shaken).
    NoStamina,
    /// Seed002: a Coup strikes only an Unconscious enemy (D4).
    NotUnconscious {
        target: String,
    },
    /// Seed002: a seized action checked again (I4 (3)) finds its actor in this condition
    /// (Prone: tripped by the Seize's winner).
    ActorHas {
        unit: String,
        condition: ConditionKind,
    },
    /// Seed003: at most two Dashes a round.
    DashLimit,
    /// Seed003: Change Posture allows standing ↔ crouching ↔ prone, never prone to standing
    /// at once, and a change to another posture.
    PostureChange {
        from: crate::rules::unit::Posture,
        to: crate::rules::unit::Posture,
    },
    /// Seed003: a grapple needs sizes less than 5 apart (size values).
    SizeGap {
        gap: i32,
    },
    /// Seed003: this needs a melee weapon (of reach 1 for a grapple).
    NeedsMelee {
        action: ActionKind,
    },
    /// Seed003: only a combatant whose initiative is above the active one's may act out
    /// of turn, and only while its side is asked.
    NotOutOfTurn {
        unit: String,
    },
    /// Seed003: a side is asked whether to act before a declared action.
    WindowOpen {
        side: String,
    },
    /// Seed003: ignoring a creature already ignored, or one not ignored.
    Ignoring {
        target: String,
        already: bool,
    },
    /// Seed003: a Drag buys 1 to 4 AP of movement.
    DragAp {
        ap: u32,
    },
}
