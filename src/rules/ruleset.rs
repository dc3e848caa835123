//! The ruleset switches of RULES §11, with the Core defaults, and the condition kinds and
//! durations that levels and weapons name.

use super::path::DiagonalCost;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which positions flank a target (RULES §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Flanking {
    /// The segment between attacker and ally passes through the target's tile (Core).
    #[default]
    Line,
    /// The angle attacker–target–ally is at least 120°; ranged attacks within normal range
    /// flank too.
    Arc120,
    Off,
}

/// How half cover protects against ranged attacks (RULES §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum CoverRule {
    /// +2 Evasion (Core).
    #[default]
    Evasion,
    /// −2 to hit behind low (half) cover, −5 behind high cover (half cover while Taking Cover).
    Penalty,
}

/// Core: AP each turn.
pub const CORE_AP_PER_TURN: u32 = 3;
/// Core: Reaction Points each round.
pub const CORE_REACTIONS_PER_ROUND: u32 = 2;
/// Core: attacks (actions and reactions together) each round.
pub const CORE_ATTACKS_PER_ROUND: u32 = 2;
/// Largest value a level may give the counting switches.
pub const MAX_RULESET_COUNT: u32 = 20;

/// The switches a level's `rules:` block may change. Missing fields keep the Core value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ruleset {
    pub flanking: Flanking,
    pub diagonal_cost: DiagonalCost,
    pub ap_per_turn: u32,
    pub free_movement: bool,
    pub reactions_per_round: u32,
    pub attacks_per_round: u32,
    pub facing: bool,
    pub collision_ignores_armor: bool,
    pub cover: CoverRule,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            flanking: Flanking::Line,
            diagonal_cost: DiagonalCost::Uniform,
            ap_per_turn: CORE_AP_PER_TURN,
            free_movement: true,
            reactions_per_round: CORE_REACTIONS_PER_ROUND,
            attacks_per_round: CORE_ATTACKS_PER_ROUND,
            facing: true,
            collision_ignores_armor: true,
            cover: CoverRule::Evasion,
        }
    }
}

/// The conditions of RULES §9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ConditionKind {
    Prone,
    Exposed,
    Unguarded,
    Dazed,
    Restrained,
    Grappling,
    Bleeding,
    Defending,
    TakingCover,
    Surprised,
    Down,
}

impl ConditionKind {
    pub const ALL: [ConditionKind; 11] = [
        ConditionKind::Prone,
        ConditionKind::Exposed,
        ConditionKind::Unguarded,
        ConditionKind::Dazed,
        ConditionKind::Restrained,
        ConditionKind::Grappling,
        ConditionKind::Bleeding,
        ConditionKind::Defending,
        ConditionKind::TakingCover,
        ConditionKind::Surprised,
        ConditionKind::Down,
    ];

    /// The daughter conditions a condition implies (RULES §9 parent and daughter).
    pub fn implies(self) -> &'static [ConditionKind] {
        match self {
            ConditionKind::Prone
            | ConditionKind::Dazed
            | ConditionKind::Unguarded
            | ConditionKind::Restrained => &[ConditionKind::Exposed],
            ConditionKind::Surprised => &[ConditionKind::Unguarded],
            ConditionKind::Down => &[ConditionKind::Prone],
            _ => &[],
        }
    }

    /// How long the condition lasts when a weapon inflicts it without naming a duration
    /// (RULES §2): Exposed and Unguarded until the end of the round, Dazed until the end of
    /// the target's next turn, Prone until it stands up and Bleeding until stabilized.
    pub fn default_weapon_duration(self) -> Duration {
        match self {
            ConditionKind::Exposed | ConditionKind::Unguarded => Duration::EndOfRound,
            ConditionKind::Dazed => Duration::EndOfNextTurn,
            _ => Duration::UntilRemoved,
        }
    }

    /// How long the condition lasts for `duration`, in words: "until removed" is said as
    /// what removes it (Prone: standing up; Bleeding: Stabilize).
    pub fn lasting(self, duration: Duration) -> String {
        match (self, duration) {
            (ConditionKind::Prone, Duration::UntilRemoved) => "until it stands up".into(),
            (ConditionKind::Bleeding, Duration::UntilRemoved) => "until stabilized".into(),
            _ => duration.to_string(),
        }
    }

    /// Whether a weapon may inflict this condition through `on_hit` or `on_crit`.
    pub fn inflictable(self) -> bool {
        matches!(
            self,
            ConditionKind::Prone
                | ConditionKind::Exposed
                | ConditionKind::Unguarded
                | ConditionKind::Dazed
                | ConditionKind::Bleeding
        )
    }
}

impl fmt::Display for ConditionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            ConditionKind::TakingCover => "Taking Cover",
            other => return fmt::Debug::fmt(other, f),
        };
        f.write_str(s)
    }
}

/// How long a condition lasts (RULES §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    /// Until the end of the current round.
    EndOfRound,
    /// Until the start of the holder's next turn.
    StartOfNextTurn,
    /// Until the end of the holder's next turn.
    EndOfNextTurn,
    /// N rounds: the round it starts in is round 1; it ends at the end of round N.
    Rounds(u32),
    /// Until something removes it.
    UntilRemoved,
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duration::EndOfRound => f.write_str("until the end of the round"),
            Duration::StartOfNextTurn => f.write_str("until the start of its next turn"),
            Duration::EndOfNextTurn => f.write_str("until the end of its next turn"),
            Duration::Rounds(n) => write!(f, "for {n} round(s)"),
            Duration::UntilRemoved => f.write_str("until removed"),
        }
    }
}
