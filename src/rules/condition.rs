//! The conditions of RULES §9 and of the presets, with how long they last: which imply
//! which (parent and daughter), their default durations on a weapon, and their words.

use serde::{Deserialize, Serialize};
use std::fmt;

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
    /// Seed001: the next rolled defence test has a boon.
    Braced,
    /// Seed001: the next attack on the linked enemy has a boon.
    Feinting,
    /// Seed000: enemies of the sides it hides from cannot see or target it.
    Hidden,
    /// Seed000: it leans out of full cover to shoot, from the tile it names.
    Leaning,
    /// Seed000: it holds an action that fires by itself when its trigger happens.
    Holding,
    /// Seed000: bled out past −maximum vitality; Down for good. Seed004: killed in Shock.
    Dead,
    /// Seed004: Durability is 0: every bonus die a step smaller.
    Wounded,
    /// Seed004: Vigor ran out: no actions or reactions until a Recovery leaves 5.
    Winded,
    /// Seed004: Health is 0: Down, dying within `stamina` rounds.
    Shock,
    /// Seed004: first aid stopped Shock's countdown.
    Stabilized,
    /// Seed004: caught by an ambush: Unaware of everyone and no reactions until its first
    /// turn, which has one action.
    Ambushed,
    /// Seed004: an attack is readied for the first enemy that steps into reach or range.
    Readied,
    /// Seed002: half up from Prone; cannot move.
    Kneeling,
    /// Seed002: disadvantage on its attacks and Evasion; implies Unguarded.
    Blinded,
    /// Seed002: half Speed, no Agility.
    Slowed,
    /// Seed002: 2 Energy less each round, no Stamina spending.
    Exhausted,
    /// Seed002: no Stamina spending.
    Shaken,
    /// Seed002: a Death Save at each round start until stabilized.
    BleedingOut,
    /// Seed002: out of the fight (Down), though not dead.
    Unconscious,
    /// Seed003: low behind cover, an easier melee target and a harder ranged one.
    Crouching,
    /// Seed003: an enemy in reach spoils its shots: −2 on ranged attacks and checks.
    Harried,
    /// Seed003: held down by its grapple partner: no moves, no actions but Escape, no
    /// reactions, Immobile Defense.
    Pinned,
    /// Seed003: the Fatal slot of a full track is filled: Down and dying.
    Dying,
    /// Seed003: fatigue reached its Stamina: Exhausted, and no AP at the end of its turns.
    Staggered,
}

impl ConditionKind {
    pub const ALL: [ConditionKind; 35] = [
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
        ConditionKind::Braced,
        ConditionKind::Feinting,
        ConditionKind::Hidden,
        ConditionKind::Leaning,
        ConditionKind::Holding,
        ConditionKind::Dead,
        ConditionKind::Wounded,
        ConditionKind::Winded,
        ConditionKind::Shock,
        ConditionKind::Stabilized,
        ConditionKind::Ambushed,
        ConditionKind::Readied,
        ConditionKind::Kneeling,
        ConditionKind::Blinded,
        ConditionKind::Slowed,
        ConditionKind::Exhausted,
        ConditionKind::Shaken,
        ConditionKind::BleedingOut,
        ConditionKind::Unconscious,
        ConditionKind::Crouching,
        ConditionKind::Harried,
        ConditionKind::Pinned,
        ConditionKind::Dying,
        ConditionKind::Staggered,
    ];

    /// The daughter conditions a condition implies (RULES §9 parent and daughter).
    pub fn implies(self) -> &'static [ConditionKind] {
        match self {
            ConditionKind::Prone
            | ConditionKind::Dazed
            | ConditionKind::Unguarded
            | ConditionKind::Restrained => &[ConditionKind::Exposed],
            ConditionKind::Surprised | ConditionKind::Blinded => &[ConditionKind::Unguarded],
            ConditionKind::Unconscious => &[ConditionKind::Down, ConditionKind::Unguarded],
            ConditionKind::Down => &[ConditionKind::Prone],
            ConditionKind::Dead | ConditionKind::Shock | ConditionKind::Dying => {
                &[ConditionKind::Down]
            }
            ConditionKind::Staggered => &[ConditionKind::Exhausted],
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
            (ConditionKind::Wounded, Duration::UntilRemoved) => {
                "until First Aid restores Durability".into()
            }
            (ConditionKind::Winded, Duration::UntilRemoved) => {
                "until a Recovery leaves 5 Vigor".into()
            }
            (ConditionKind::Shock, Duration::UntilRemoved) => {
                "until it dies, unless stabilized".into()
            }
            (ConditionKind::Readied, Duration::UntilRemoved) => "until it acts".into(),
            (ConditionKind::Exhausted | ConditionKind::Shaken, Duration::UntilRemoved) => {
                "for the rest of the battle".into()
            }
            (ConditionKind::BleedingOut, Duration::UntilRemoved) => {
                "until stabilized, or dead".into()
            }
            // Nothing in a battle lifts them: no duration to tell.
            (ConditionKind::Down | ConditionKind::Dead, Duration::UntilRemoved) => String::new(),
            (ConditionKind::Stabilized, Duration::UntilRemoved) => {
                "for the rest of the battle".into()
            }
            _ => duration.to_string(),
        }
    }

    /// Exposed and Unguarded: they exist only under rules with `exposure`.
    pub fn is_exposure(self) -> bool {
        matches!(self, ConditionKind::Exposed | ConditionKind::Unguarded)
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
                | ConditionKind::Blinded
                | ConditionKind::Slowed
        )
    }
}

impl fmt::Display for ConditionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            ConditionKind::TakingCover => "Taking Cover",
            ConditionKind::Shock => "in Shock",
            ConditionKind::BleedingOut => "Bleeding out",
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
            // The last of n rounds ends it: this one, the next, or n − 1 on.
            Duration::Rounds(0 | 1) => f.write_str("until the end of the round"),
            Duration::Rounds(2) => f.write_str("until the end of the next round"),
            Duration::Rounds(n) => write!(f, "until the end of the round {} rounds on", n - 1),
            Duration::UntilRemoved => f.write_str("until removed"),
        }
    }
}
