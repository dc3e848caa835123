//! Why a number changed: reason-tagged modifiers of attacks, contests and tests, shown in
//! the log and the preview.

use crate::rules::condition::ConditionKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a number changed: one entry per source, shown in the log and the preview.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reason {
    Flanked,
    TargetProne,
    RearArc,
    EnemyAdjacent,
    LongRange,
    TargetDefending,
    Dazed,
    Restrained,
    Grappling,
    HalfCover,
    CreatureCover,
    TakingCover,
    LowCover,
    HighCover,
    TargetExposed,
    LargerSize,
    Defending,
    AgainstForcedMovement,
    /// Seed001: the attacker feints this target.
    Feinting,
    /// Seed001: the defender braced after a critical win.
    Braced,
    /// Seed001: Dodge gains from low or high cover against a ranged attack.
    DodgeInCover,
    /// Seed000: the attacker is hidden from the target's side.
    Unseen,
    /// Seed000: the target is struck where it leans out of full cover (half cover).
    TargetLeaning,
    /// Seed004: the roller is Wounded (a Challenge on its rolls and damage).
    Wounded,
    /// Seed004: an off-hand blow (two Challenges on attack and damage).
    OffHand,
    /// Seed004: the weapon's own Charges.
    WeaponCharge,
    /// Seed004: the target is Unaware of the attacker and has it behind (Guard halved).
    UnawareBehind,
    /// Seed002: Blinded, Surprised, a maneuver's target on guard, close range.
    Blinded,
    Surprised,
    TargetGuarded,
    CloseRange,
    /// Seed004's cover against ranged attacks.
    LightCover,
    PartialCover,
    FullCover,
    /// Seed003: posture, graded cover, conditions and attack styles.
    TargetCrouching,
    QuarterCover,
    ThreeQuartersCover,
    NineTenthsCover,
    Harried,
    Exhausted,
    Nonlethal,
    Penetrating,
    /// Seed003: a Pin's check, an Interpose with a partner not Pinned.
    Pinning,
    PartnerNotPinned,
}

impl Reason {
    /// The condition a modifier comes from, if it comes from one.
    pub fn condition(self) -> Option<ConditionKind> {
        use ConditionKind as C;
        Some(match self {
            Reason::TargetProne => C::Prone,
            Reason::TargetDefending | Reason::Defending => C::Defending,
            Reason::Dazed => C::Dazed,
            Reason::Restrained => C::Restrained,
            Reason::Grappling => C::Grappling,
            Reason::TakingCover | Reason::AgainstForcedMovement => C::TakingCover,
            Reason::TargetExposed => C::Exposed,
            Reason::Feinting => C::Feinting,
            Reason::Braced => C::Braced,
            Reason::Unseen => C::Hidden,
            Reason::TargetLeaning => C::Leaning,
            Reason::Wounded => C::Wounded,
            Reason::Blinded => C::Blinded,
            Reason::Surprised => C::Surprised,
            Reason::TargetCrouching => C::Crouching,
            Reason::Harried => C::Harried,
            Reason::Exhausted => C::Exhausted,
            _ => return None,
        })
    }

    pub fn describe(self) -> &'static str {
        match self {
            Reason::Flanked => "flanked",
            Reason::TargetProne => "target prone",
            Reason::RearArc => "rear arc",
            Reason::EnemyAdjacent => "ranged with an enemy adjacent",
            Reason::LongRange => "beyond normal range",
            Reason::TargetDefending => "target defending",
            Reason::Dazed => "dazed",
            Reason::Restrained => "restrained",
            Reason::Grappling => "grappling",
            Reason::HalfCover => "half cover",
            Reason::CreatureCover => "creature in the way",
            Reason::TakingCover => "taking cover",
            Reason::LowCover => "low cover",
            Reason::HighCover => "high cover",
            Reason::TargetExposed => "target exposed",
            Reason::LargerSize => "larger size",
            Reason::Defending => "defending",
            Reason::AgainstForcedMovement => "taking cover against forced movement",
            Reason::Feinting => "feinting",
            Reason::Braced => "braced",
            Reason::DodgeInCover => "dodging behind cover",
            Reason::Unseen => "unseen attacker",
            Reason::TargetLeaning => "target leaning out of cover",
            Reason::Wounded => "wounded",
            Reason::OffHand => "off-hand",
            Reason::WeaponCharge => "weapon",
            Reason::UnawareBehind => "unaware, attacked from behind",
            Reason::Blinded => "blinded",
            Reason::Surprised => "surprised",
            Reason::TargetGuarded => "a maneuver on a guarded foe",
            Reason::CloseRange => "close range",
            Reason::LightCover => "light cover",
            Reason::PartialCover => "partial cover",
            Reason::FullCover => "full cover",
            Reason::TargetCrouching => "target crouching",
            Reason::QuarterCover => "quarter cover",
            Reason::ThreeQuartersCover => "three-quarters cover",
            Reason::NineTenthsCover => "nine-tenths cover",
            Reason::Harried => "harried",
            Reason::Exhausted => "exhausted",
            Reason::Nonlethal => "nonlethal",
            Reason::Penetrating => "penetrating: might and wound damage",
            Reason::Pinning => "pinning",
            Reason::PartnerNotPinned => "partner not pinned",
        }
    }
}

/// What a modifier does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    /// Added to the roll.
    Roll(i32),
    /// Added to the target's Evasion.
    Evasion(i32),
    Advantage,
    Disadvantage,
    /// Seed004: bonus dice one step larger per Charge.
    Charge(u32),
    /// Seed004: bonus dice one step smaller per Challenge.
    Challenge(u32),
    /// Seed004: added to the target's Guard.
    Guard(i32),
    /// Seed004: the target's Guard is halved, rounded up (before cover).
    GuardHalved,
    /// Seed004: armor added against a ranged attack's physical damage (cover).
    Armor(i32),
}

/// Whose roll a contest modifier applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Party {
    Actor,
    Target,
}

/// One reason-tagged modifier.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    pub reason: Reason,
    pub effect: Effect,
    pub party: Party,
}

impl Modifier {
    /// A modifier of the actor's (or attacker's) roll.
    pub fn actor(reason: Reason, effect: Effect) -> Modifier {
        Modifier {
            reason,
            effect,
            party: Party::Actor,
        }
    }
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = match self.party {
            Party::Actor => "",
            Party::Target => "defender ",
        };
        match self.effect {
            Effect::Roll(n) => write!(f, "{}: {who}{n:+} to the roll", self.reason.describe()),
            Effect::Evasion(n) => write!(f, "{}: {n:+} Evasion", self.reason.describe()),
            Effect::Advantage => write!(f, "{}: {who}advantage", self.reason.describe()),
            Effect::Disadvantage => write!(f, "{}: {who}disadvantage", self.reason.describe()),
            Effect::Charge(n) => write!(f, "{}: {who}{n} Charge(s)", self.reason.describe()),
            Effect::Challenge(n) => {
                write!(f, "{}: {who}{n} Challenge(s)", self.reason.describe())
            }
            Effect::Guard(n) => write!(f, "{}: {n:+} Guard", self.reason.describe()),
            Effect::GuardHalved => write!(f, "{}: Guard halved", self.reason.describe()),
            Effect::Armor(n) => write!(f, "{}: {n:+} armor", self.reason.describe()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A modifier from a condition names it (the odds panel explains it); one from the
    /// ground or the range does not.
    #[test]
    fn modifiers_from_conditions_name_them() {
        assert_eq!(
            Reason::TargetExposed.condition(),
            Some(ConditionKind::Exposed)
        );
        assert_eq!(Reason::TargetProne.condition(), Some(ConditionKind::Prone));
        assert_eq!(
            Reason::AgainstForcedMovement.condition(),
            Some(ConditionKind::TakingCover)
        );
        assert_eq!(Reason::LongRange.condition(), None);
        assert_eq!(Reason::HalfCover.condition(), None);
    }
}
