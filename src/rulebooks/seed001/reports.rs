//! Seed001's reports, which its events carry.

use crate::battle::events::*;
use crate::rules::combat::RollMode;
use crate::rules::combat_roll::{CombatOutcome, Defence};
use serde::{Deserialize, Serialize};

/// One side's test in a Combat Roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestReport {
    pub mode: RollMode,
    pub rolls: Vec<u32>,
    pub bonus: i32,
    pub total: i32,
    pub successes: u32,
}

/// Everything about one Combat Roll (Seed001).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub defence: Defence,
    pub attack: TestReport,
    /// `None`: the defence rolled no die (no defence, no AP, Surprised) and failed.
    pub defend: Option<TestReport>,
    pub modifiers: Vec<Modifier>,
    pub outcome: CombatOutcome,
}
