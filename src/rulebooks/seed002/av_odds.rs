//! Seed002's attack odds (the type its `Preview::odds` holds and its words print): each
//! kind of hit with its chance and damage, Death rolls, a maneuver's chance.

use crate::rules::combat::Chance;

/// The damage of one kind of hit.
#[derive(Clone, Debug, PartialEq)]
pub struct HitKind {
    /// The chance of this kind of hit.
    pub chance: Chance,
    pub range: (i32, i32),
    pub mean: f64,
}

/// The numbers of a Seed002 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct AvOdds {
    pub weapon: String,
    pub ranged: bool,
    /// Melee: the AV; ranged: the Miss Chance before the Ranged Evasion roll.
    pub against: i32,
    pub natural_miss: Chance,
    pub exposed: Chance,
    pub on_armor: HitKind,
    pub off_armor: HitKind,
    pub critical: HitKind,
    /// All hits together.
    pub hit: Chance,
    /// A Death roll follows (a non-lethal blow: Exhausted and Shaken instead).
    pub death_roll: Chance,
    /// It kills: a Death roll of 1, or a Coup at 0 Aura.
    pub dead: Chance,
    /// A maneuver: the chance it does its work (a hit the Fortitude roll does not resist).
    pub maneuver: Option<Chance>,
    /// The actor is left Unguarded after the maneuver.
    pub unguards_actor: bool,
}

impl AvOdds {
    /// The damage the attack deals on average, misses counted as 0.
    pub fn expected(&self) -> f64 {
        [&self.on_armor, &self.off_armor, &self.critical]
            .iter()
            .map(|k| k.chance.value() * k.mean)
            .sum()
    }
}
