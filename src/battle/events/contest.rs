//! A contest's report: both sides' rolls, and how the contest was decided (a higher
//! total, ties to the actor, more successes, or a target that fails by size).

use super::Modifier;
use crate::rules::combat::RollMode;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which contest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ContestKind {
    Shove,
    Trip,
    Grab,
    Escape,
    Charge,
    /// Seed000: a mover passing through an enemy's tile.
    PassThrough,
    /// Seed000: taking an enemy's weapon.
    Disarm,
}

/// Both sides of a contest roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestReport {
    pub kind: ContestKind,
    pub actor: String,
    pub target: String,
    pub actor_mode: RollMode,
    pub actor_rolls: Vec<u32>,
    pub actor_bonus: i32,
    pub actor_total: i32,
    pub target_mode: RollMode,
    pub target_rolls: Vec<u32>,
    pub target_bonus: i32,
    pub target_total: i32,
    pub modifiers: Vec<Modifier>,
    /// True when the actor won.
    pub actor_wins: bool,
    /// How the contest was decided.
    #[serde(default, skip_serializing_if = "ContestWin::is_higher_total")]
    pub win: ContestWin,
}

/// How a contest is decided: a strictly higher total (ties go to the defender), a total at
/// least as high (Seed004, but for Escape), or more successes (Seed001), where a target two
/// sizes smaller fails automatically and rolls nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContestWin {
    #[default]
    HigherTotal,
    TiesToActor,
    Successes {
        actor: u32,
        target: u32,
    },
    TargetFailsBySize,
}

impl ContestWin {
    pub fn is_higher_total(&self) -> bool {
        *self == ContestWin::HigherTotal
    }
}

impl fmt::Display for ContestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ContestKind::Shove => "Shove",
            ContestKind::Trip => "Trip",
            ContestKind::Grab => "Grab",
            ContestKind::Escape => "Escape",
            ContestKind::Charge => "Charge",
            ContestKind::PassThrough => "pass-through",
            ContestKind::Disarm => "Disarm",
        })
    }
}
