//! Seed003's own steps of resolution: an attack waiting on the stack and a combat check,
//! which the core carries as `Work::Book` and this rulebook performs; and the question a
//! declared action asks of faster sides (`Question::Book`).

use crate::battle::engine::Resolution;
use crate::battle::events::{AttackKind, AttackStyle, Command, HeldAction, ReadyTrigger};
use crate::rulebooks::seed003::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::wound_level::WoundLevel;
use bevy::prelude::Entity;

/// A Drag (C5), as its walk's own gait (`Gait::Own`): the yards its AP bought (the rest is
/// lost), the partner following into each tile left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drag3 {
    pub partner: Entity,
    pub yards: u32,
}

/// A Seed003 attack waiting on the stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack3Work {
    pub attacker: Entity,
    pub target: Entity,
    pub weapon: usize,
    pub kind: AttackKind,
    pub style: AttackStyle,
    /// A Nonlethal Attack, with the heaviest wound it may deal.
    pub nonlethal: bool,
    pub cap: Option<WoundLevel>,
    /// What it is paid as, when it is paid on resolving (an action); reactions pay when
    /// taken.
    pub pay: Option<ActionKind>,
    /// A Rebuff: the wound is a step heavier (X1).
    pub rebuff: bool,
    /// Interposed (X4): the new target is struck as if it stood on this tile.
    pub stand_in: Option<Pos>,
}

impl Attack3Work {
    pub fn new(attacker: Entity, target: Entity, weapon: usize, kind: AttackKind) -> Self {
        Attack3Work {
            attacker,
            target,
            weapon,
            kind,
            style: AttackStyle::Standard,
            nonlethal: false,
            cap: None,
            pay: None,
            rebuff: false,
            stand_in: None,
        }
    }
}

/// Seed003's combat checks started by an action (C1, C2, C4, C6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check3 {
    /// Forced up to 1 + ⌊margin / 3⌋ tiles in `dir` (all of it unless `distance` says).
    Shove {
        dir: Dir8,
        distance: Option<u32>,
    },
    Trip,
    Pin,
    Escape,
}

impl Check3 {
    /// The action that rolls it.
    pub fn action(self) -> ActionKind {
        match self {
            Check3::Shove { .. } => ActionKind::Shove,
            Check3::Trip => ActionKind::Trip,
            Check3::Pin => action_names::PIN,
            Check3::Escape => ActionKind::Escape,
        }
    }
}

/// A Seed003 check on the stack (a readied Shove or Trip), paid as `pay` when it is an
/// action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check3Work {
    pub unit: Entity,
    pub target: Entity,
    pub kind: Check3,
    pub pay: Option<ActionKind>,
}

/// The question a declared action asks of each faster side (I4; `Question::Book`, answered
/// on the map by the side asked, with its fastest eligible unit unless another is picked):
/// does it act before the declared action? It carries the command declared.
#[derive(Clone, Debug, PartialEq)]
pub struct ActFirst {
    pub declared: Command,
}

/// F3: what was last seen of one combatant's flank, to tell when it first
/// becomes Flanked, and by whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlankSeen {
    pub unit: Entity,
    /// The hostile creatures that counted towards flanking it (F2).
    pub flankers: Vec<Entity>,
    pub flanked: bool,
}

/// The action a readied action is paid as: attacks, Shoves and Trips can be readied.
pub fn ready_action_kind(action: &HeldAction) -> Option<ActionKind> {
    match action {
        HeldAction::Attack(_) => Some(ActionKind::Attack),
        HeldAction::Shove => Some(ActionKind::Shove),
        HeldAction::Trip => Some(ActionKind::Trip),
        HeldAction::Grab | HeldAction::Disarm(_) => None,
    }
}

/// A readied action waiting for its trigger (X5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadyEntry {
    pub unit: Entity,
    pub action: HeldAction,
    pub trigger: ReadyTrigger,
}

/// Its state of the schedule (`TurnState::book`): readied actions waiting for their
/// triggers, in the order they were readied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Readied3(pub Vec<ReadyEntry>);

/// Its state of resolution (`Resolution::book`): who took the last action, for readied
/// actions set off by it; and (F3) each combatant's flankers when last looked, and whether
/// it was Flanked (`None` until the battle's first look).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen3 {
    pub last_actor: Option<Entity>,
    pub flanks: Option<Vec<FlankSeen>>,
}

/// A declared action held back while the sides with faster combatants are asked whether
/// to act first (I4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfTurnWindow {
    /// The active combatant that declared it, and its command.
    pub actor: Entity,
    pub declared: Command,
    /// The sides still to ask, in listed order; the first is asked now.
    pub sides: Vec<usize>,
    /// Somebody acted in the window: the declaration is cancelled when it closes.
    pub acted: bool,
}

/// The out-of-turn window open now, if any: Seed003's own state of resolution
/// (`Resolution::book`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpenWindow(pub Option<OutOfTurnWindow>);

/// The window open now.
pub fn window(resolution: &Resolution) -> Option<&OutOfTurnWindow> {
    resolution.book.get::<OpenWindow>()?.0.as_ref()
}

/// The window open now, to open, change or close it.
pub fn window_mut(resolution: &mut Resolution) -> &mut Option<OutOfTurnWindow> {
    &mut resolution.book.get_mut::<OpenWindow>().0
}
