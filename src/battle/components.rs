//! ECS components of the battle: combatants with their side, statistics, position, facing,
//! budgets and conditions, and the terrain objects that give cover.

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

/// Seed004's pools (presets/Seed004.md): Vigor, Durability and Health, what is left of
/// the armor's durability, and the rounds left in Shock. Under other rules it stays as
/// spawned.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Reserves {
    pub vigor: i32,
    pub durability: i32,
    pub health: i32,
    /// Armor durability left: the armor is Broken at 0 (if it had any).
    pub armor: i32,
    /// Rounds left before a combatant in Shock dies.
    pub shock_rounds: i32,
}

/// Seed002's footing (presets/Seed002.md): Stamina and Agility, what the round's movement
/// has been, whether it rolled initiative to Seize, the once-a-round Stamina substitution,
/// the heading of a move that the next move continues, and which weapons are unloaded.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Footing {
    pub stamina: i32,
    pub agility: i32,
    /// Metres moved this round, willingly or by force.
    pub moved: u32,
    pub sprinted: bool,
    /// It rolled initiative this round (a Seize, won or lost).
    pub seized: bool,
    /// Stamina paid a missing Energy this round.
    pub substituted: bool,
    /// The direction of its last step, while its last action this round was a move.
    pub heading: Option<Dir8>,
    /// A bit per weapon index: the ranged weapons not loaded.
    pub unloaded: u32,
}

impl Footing {
    pub fn loaded(&self, weapon: usize) -> bool {
        weapon >= 32 || self.unloaded & (1 << weapon) == 0
    }
}

/// Seed003's track (presets/Seed003.md): the wound slots filled, Stamina and fatigue, the
/// round's movement purchases and Dashes, the flankers it ignores, and its Opening.
#[derive(Component, Clone, Debug, PartialEq, Eq, Default)]
pub struct Track {
    /// Slots filled at each wound level: Light, Moderate, Severe, Critical, Fatal.
    pub filled: [u8; 5],
    /// Stamina left; its most is `stamina` − fatigue.
    pub stamina: i32,
    pub fatigue: i32,
    /// AP spent on movement this round at the current rate (M1).
    pub move_ap: u32,
    /// Yards a full move buys now: `move_rate`, raised by Dashes for the round.
    pub rate: u32,
    pub dashes: u8,
    /// The hostile creatures it ignores: they do not flank it, and their attacks on it come
    /// from the rear (F3).
    pub ignoring: Vec<Entity>,
    /// Create an Opening: against this enemy's Rebuffs its Defense is at least the total,
    /// for the rest of the current turn (C7).
    pub opening: Option<(Entity, i32)>,
    /// The reactors that Harried it this round (one Harry per reactor and target).
    pub harried_by: Vec<Entity>,
    /// The creature it grapples, when it started the grapple (only the initiator may
    /// Release, Pin and Drag).
    pub holding: Option<Entity>,
    /// Cling: the mover's next steps out of adjacency that the clinger follows (X3).
    pub followed: u8,
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
