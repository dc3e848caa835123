//! ECS components of the battle: combatants with their side, statistics, position, facing,
//! budgets and conditions, and the terrain objects that give cover.

use crate::rules::book_value::{BookState, Carries};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::terrain;
use crate::rules::unit::Stats;
use bevy::prelude::*;
use std::sync::Arc;

/// A creature taking part in the battle.
#[derive(Component, Clone, Debug)]
pub struct Combatant {
    /// Unique in the battle; commands and events use it. Shared, so that snapshots copy
    /// no text.
    pub name: Arc<str>,
    /// Position in the level's unit list (the last tie-break of initiative).
    pub index: usize,
    pub template: String,
}

/// Which side a combatant fights for: the index in the level's side list.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Side(pub usize);

/// The combatant's statistics and weapons (shared, never changed during a battle).
#[derive(Component, Clone, Debug)]
pub struct UnitStats(pub Arc<Stats>);

/// Hit points; at 0 the combatant is Down.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vitality {
    pub current: i32,
    pub max: i32,
}

/// What rulebooks keep of a combatant's state of their own (Seed002's footing, Seed003's
/// track, Seed004's pools), each value of its rulebook's type, fresh at the battle's start
/// (`Rulebook::fresh_own`). Snapshots share it until it changes.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct OwnState(Arc<BookState>);

impl OwnState {
    pub fn new(state: BookState) -> OwnState {
        OwnState(Arc::new(state))
    }
}

impl Carries for OwnState {
    fn book(&self) -> &BookState {
        &self.0
    }
    fn book_mut(&mut self) -> &mut BookState {
        Arc::make_mut(&mut self.0)
    }
}

/// The tile a combatant or terrain object stands on.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GridPos(pub Pos);

/// The direction a combatant faces (RULES §7).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facing(pub Dir8);

/// The initiative roll of the battle.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Initiative {
    pub roll: u32,
    pub total: i32,
    /// Seed004: the bonus dice rolled with it (more wins a tie).
    pub dice: u32,
}

/// Action points left this turn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ActionPoints(pub u32);

/// Metres of movement left this turn.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MovementPool {
    pub metres: u32,
    /// Under the `Alternating` diagonal rule: an odd number of diagonal steps so far.
    pub odd_diagonals: bool,
}

/// Reaction points and the swift attack of this round.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Reactions {
    pub points: u32,
    pub swift_used: bool,
}

/// Attacks made this round, actions and reactions together.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct AttackCount(pub u32);

/// Per-turn bookkeeping.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TurnFlags {
    /// Spent AP or movement, or acted, this turn (then it may no longer delay).
    pub acted: bool,
    /// Took Disengage this turn.
    pub disengaged: bool,
    /// Delayed already this round.
    pub delayed: bool,
    /// How many of its turns have started, delayed turns included (for "until its next
    /// turn" durations, RULES §11).
    pub turns_started: u32,
    /// Where it stood when the current turn (anyone's) began: Seed004's blind spots are
    /// judged between such tiles.
    pub stood_at: Option<Pos>,
}

/// Seed000: from which sides a combatant is hidden (a bit per side; levels have at most 16)
/// and whether, on its own turn, it was seen or gave itself away, so that it is revealed
/// when the turn ends; and the tile it leans out to from full cover, until it moves or its
/// turn ends.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Concealment {
    pub hidden_from: u16,
    pub marked: bool,
    pub lean: Option<Pos>,
}

impl Concealment {
    /// Whether the combatant is hidden from `side`.
    pub fn from_side(&self, side: usize) -> bool {
        side < 16 && self.hidden_from & (1 << side) != 0
    }

    pub fn hidden(&self) -> bool {
        self.hidden_from != 0
    }

    /// Every side of `sides` but `own`.
    pub fn all_but(own: usize, sides: usize) -> u16 {
        (0..sides.min(16))
            .filter(|s| *s != own)
            .fold(0, |m, s| m | (1 << s))
    }
}

/// One condition on a combatant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionInstance {
    pub kind: ConditionKind,
    pub duration: Duration,
    /// Who or what caused it, for the log (shared: a snapshot copies no text).
    pub source: Arc<str>,
    /// The round it started in.
    pub round: u32,
    /// The holder's `turns_started` when it began.
    pub holder_turns: u32,
    /// The condition that implies this one (a daughter cannot be removed on its own).
    pub parent: Option<ConditionKind>,
    /// The other creature of a grapple (Restrained ↔ Grappling).
    pub link: Option<Entity>,
}

/// All conditions on a combatant, oldest first.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq)]
pub struct Conditions(pub Vec<ConditionInstance>);

impl Conditions {
    pub fn has(&self, kind: ConditionKind) -> bool {
        self.0.iter().any(|c| c.kind == kind)
    }

    /// The distinct kinds held, in a fixed order.
    pub fn kinds(&self) -> Vec<ConditionKind> {
        ConditionKind::ALL
            .into_iter()
            .filter(|k| self.has(*k))
            .collect()
    }

    /// The creature linked by a grapple condition.
    pub fn link(&self, kind: ConditionKind) -> Option<Entity> {
        self.0.iter().find(|c| c.kind == kind).and_then(|c| c.link)
    }

    pub fn is_down(&self) -> bool {
        self.has(ConditionKind::Down)
    }
}

/// A terrain object that gives cover: one entity per half- or full-cover tile.
#[derive(Component, Clone, Debug)]
pub struct Cover {
    pub cover: terrain::Cover,
    /// The terrain kind's name.
    pub name: String,
}
