//! The plans a command becomes once it passed every check: what the battle then carries
//! out (`execute.rs`) and previews (`preview.rs`).

use super::*;

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
        /// Seed000: a non-lethal attack.
        non_lethal: bool,
        /// Seed000: the tile the attacker leans out to from full cover.
        lean: Option<Pos>,
        /// Seed004: an off-hand blow follows.
        off_hand: bool,
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
        /// Seed002 (X1): a Swift Attack taken as this maneuver.
        maneuver: Option<crate::battle::events::Maneuver002>,
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
    /// Seed000: take the target's weapon (its index) on a won contest.
    Disarm {
        unit: Entity,
        target: Entity,
        weapon: usize,
    },
    Hide {
        unit: Entity,
    },
    SwitchPlaces {
        unit: Entity,
        ally: Entity,
    },
    /// Seed000: pay `cost` AP now for an action that fires on its trigger.
    Hold {
        unit: Entity,
        action: HeldAction,
        trigger: Trigger,
        cost: u32,
    },
    /// Seed004: tend an adjacent ally.
    FirstAid {
        unit: Entity,
        target: Entity,
    },
    /// Seed004: ready the weapon (its index).
    Ready {
        unit: Entity,
        weapon: usize,
    },
    /// Seed002: a Run, Sprint, Shift (the path) with how it is paid.
    Footwork {
        unit: Entity,
        path: Vec<Pos>,
        gait: crate::battle::engine::Gait,
    },
    /// Seed002: an attack or maneuver, with Agile steps before and after it.
    AvAttack {
        attack: crate::battle::engine::AvAttack,
        agile_before: Vec<Pos>,
        agile_after: Vec<Pos>,
    },
    /// Seed002: a Sprint to `path`'s end, then a Push of the target.
    SprintPush {
        unit: Entity,
        path: Vec<Pos>,
        push: crate::battle::engine::AvAttack,
    },
    Kneel {
        unit: Entity,
    },
    /// Seed002's Stand: Kneeling ends.
    Stand {
        unit: Entity,
    },
    Load {
        unit: Entity,
        weapon: usize,
        cost: u32,
    },
    CatchBreath {
        unit: Entity,
        cost: u32,
    },
    /// Seed002: an escape by Fortitude rolls from this restrainer.
    EscapeHold {
        unit: Entity,
        holder: Entity,
    },
    /// Seed002: the winner of a Seize lets its action go.
    SkipSeized,
    /// Seed003: a 3d6 attack, paid once the reactions to its declaration are done.
    Attack3(crate::battle::engine::Attack3Work),
    Dash {
        unit: Entity,
    },
    Posture {
        unit: Entity,
        to: crate::rules::unit::Posture,
    },
    Opening {
        unit: Entity,
        target: Entity,
        weapon: usize,
    },
    Check3 {
        unit: Entity,
        target: Entity,
        kind: crate::battle::engine::Check3,
    },
    Grapple {
        unit: Entity,
        target: Entity,
        weapon: usize,
    },
    Drag {
        unit: Entity,
        partner: Entity,
        ap: u32,
        path: Vec<Pos>,
    },
    SeizeInitiative {
        unit: Entity,
    },
    Ignore {
        unit: Entity,
        target: Entity,
        ignore: bool,
    },
    Ready3 {
        unit: Entity,
        action: HeldAction,
        trigger: crate::battle::events::ReadyTrigger,
    },
    /// Seed003: the side asked lets the declared action go ahead (or is done acting).
    PassWindow,
    /// Seed003: a faster combatant's action out of turn.
    OutOfTurn {
        unit: Entity,
        plan: Box<Plan>,
    },
    /// The rulebook's own action, checked by it.
    Own(crate::battle::own::OwnPlan),
}

impl Plan {
    /// Whether taking it spends a side's activation (Seed002): every action but facing,
    /// answers and passing (which ends the activation its own way).
    pub fn spends_activation(&self) -> bool {
        !matches!(
            self,
            Plan::Face { .. }
                | Plan::Answer { .. }
                | Plan::ChooseDefence { .. }
                | Plan::ChooseManeuver { .. }
                | Plan::Undo { .. }
                | Plan::EndTurn { .. }
                | Plan::SkipSeized
                | Plan::PassWindow
        )
    }
}
