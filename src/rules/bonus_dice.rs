//! Seed004's dice (presets/Seed004.md, "Dice"): a d20 Action Die plus bursting bonus dice
//! whose size moves along a ladder with Charges and Challenges; the quality tiers of weapons
//! and armor; and the exact distributions of such rolls for previews (finite, because a die
//! bursts at most three times).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The Action Die: never stepped, never bursts.
pub const ACTION_DIE: u32 = 20;
/// Most re-rolls of one bursting die: the fourth roll counts as rolled [004:55] (adapted).
pub const BURST_REROLLS: usize = 3;
/// A Knocked Down combatant's Move and Dodge dice are divided by this [004:39].
pub const KNOCKED_DOWN_DIVISOR: u32 = 4;
/// Most bonus dice of any one kind a combatant has.
pub const MAX_BONUS_DICE: u32 = 6;

/// How many bonus dice of which size a roll adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceSpec {
    pub count: u32,
    pub size: DieSize,
}

impl DiceSpec {
    /// The d20 with these dice, in words: `d20 + 1d10`, or `d20` alone.
    pub fn words(self) -> String {
        if self.count == 0 {
            "d20".into()
        } else {
            format!("d20 + {}{}", self.count, self.size)
        }
    }

    /// `count` dice with these Charges and Challenges.
    pub fn new(count: u32, charges: u32, challenges: u32) -> DiceSpec {
        DiceSpec {
            count,
            size: DieSize::for_roll(charges, challenges),
        }
    }
}

/// A bonus die's size on the ladder d4 < d6 < d8 < d10 < d12 < d20.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DieSize {
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
}

impl DieSize {
    pub const LADDER: [DieSize; 6] = [
        DieSize::D4,
        DieSize::D6,
        DieSize::D8,
        DieSize::D10,
        DieSize::D12,
        DieSize::D20,
    ];
    /// The size of a bonus die with no Charge or Challenge.
    pub const BASE: DieSize = DieSize::D10;

    pub fn sides(self) -> u32 {
        match self {
            DieSize::D4 => 4,
            DieSize::D6 => 6,
            DieSize::D8 => 8,
            DieSize::D10 => 10,
            DieSize::D12 => 12,
            DieSize::D20 => 20,
        }
    }

    /// `steps` up the ladder (down when negative), clamped to d4…d20.
    pub fn stepped(self, steps: i32) -> DieSize {
        let at = Self::LADDER.iter().position(|d| *d == self).unwrap_or(3) as i32;
        Self::LADDER[(at + steps).clamp(0, 5) as usize]
    }

    /// The size of a roll's bonus dice: the base, a step up per Charge and down per
    /// Challenge (they cancel one for one).
    pub fn for_roll(charges: u32, challenges: u32) -> DieSize {
        Self::BASE.stepped(charges as i32 - challenges as i32)
    }
}

impl fmt::Display for DieSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides())
    }
}

/// The quality tiers of weapons and armor [004:48,53,57,73]: a weapon's quality is its
/// damage die; the rank compares weapons with armor.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Quality {
    Feeble,
    Poor,
    #[default]
    Ordinary,
    Heroic,
    Epic,
    Legendary,
}

impl Quality {
    pub fn rank(self) -> i32 {
        self as i32
    }

    /// The damage die of a weapon of this quality.
    pub fn die(self) -> DieSize {
        DieSize::LADDER[self as usize]
    }

    /// The tier whose die has `sides` sides; a die off the ladder counts as the next lower
    /// tier (a d5 is Feeble, a d100 Legendary).
    pub fn of_die(sides: u32) -> Quality {
        const TIERS: [Quality; 6] = [
            Quality::Feeble,
            Quality::Poor,
            Quality::Ordinary,
            Quality::Heroic,
            Quality::Epic,
            Quality::Legendary,
        ];
        DieSize::LADDER
            .iter()
            .rposition(|d| d.sides() <= sides)
            .map_or(Quality::Feeble, |i| TIERS[i])
    }
}

/// One bursting die as rolled: its first roll and each re-roll after a maximum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BurstDie {
    pub size: DieSize,
    pub rolls: Vec<u32>,
}

impl BurstDie {
    pub fn total(&self) -> i32 {
        self.rolls.iter().sum::<u32>() as i32
    }

    /// Whether it burst at least once (on a damage die: a critical hit).
    pub fn burst(&self) -> bool {
        self.rolls.len() > 1
    }

    /// Roll one bursting die with `roll` (one call per physical die).
    pub fn roll(size: DieSize, mut roll: impl FnMut(u32) -> u32) -> BurstDie {
        let sides = size.sides();
        let mut rolls = vec![roll(sides)];
        while rolls.len() <= BURST_REROLLS && rolls.last() == Some(&sides) {
            rolls.push(roll(sides));
        }
        BurstDie { size, rolls }
    }
}

impl fmt::Display for BurstDie {
    /// `d10 10+4`, or `d8 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.rolls.iter().map(u32::to_string).collect();
        write!(f, "{} {}", self.size, parts.join("+"))
    }
}

/// A probability distribution over whole numbers 0, 1, 2, … (index = value), in `f64`:
/// bursting dice of every size and count would overflow exact fractions (presets/Seed004.md,
/// "Preview: … Finite; f64").
pub type Spread = Vec<f64>;

/// One bursting die: S·j + r with chance S^−(j+1) for j = 0…2, r = 1…S−1, and S^−4 for
/// j = 3, r = 1…S.
pub fn burst_spread(size: DieSize) -> Spread {
    let s = size.sides() as usize;
    let mut out = vec![0.0; s * (BURST_REROLLS + 1) + 1];
    for j in 0..=BURST_REROLLS {
        let p = (s as f64).powi(-(j as i32 + 1));
        let top = if j == BURST_REROLLS { s } else { s - 1 };
        for r in 1..=top {
            out[s * j + r] += p;
        }
    }
    out
}

/// The part of one die's spread where it does not burst (1…S−1, each 1/S).
pub fn unburst_spread(size: DieSize) -> Spread {
    let s = size.sides() as usize;
    let mut out = vec![0.0; s];
    for v in out.iter_mut().skip(1) {
        *v = 1.0 / s as f64;
    }
    out
}

/// A plain die, 1…sides.
pub fn plain_spread(sides: u32) -> Spread {
    let mut out = vec![0.0; sides as usize + 1];
    for v in out.iter_mut().skip(1) {
        *v = 1.0 / sides as f64;
    }
    out
}

/// The sum of two independent values.
pub fn convolve(a: &[f64], b: &[f64]) -> Spread {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0.0; a.len() + b.len() - 1];
    for (i, pa) in a.iter().enumerate().filter(|(_, p)| **p != 0.0) {
        for (j, pb) in b.iter().enumerate() {
            out[i + j] += pa * pb;
        }
    }
    out
}

/// `n` independent copies of `one`, summed (`n` = 0: always 0).
pub fn repeat(one: &[f64], n: u32) -> Spread {
    (0..n).fold(vec![1.0], |acc, _| convolve(&acc, one))
}

/// `count` bursting bonus dice of `size`, summed.
pub fn bonus_spread(count: u32, size: DieSize) -> Spread {
    repeat(&burst_spread(size), count)
}

/// A whole roll: d20 plus `count` bursting dice of `size`.
pub fn roll_spread(count: u32, size: DieSize) -> Spread {
    convolve(&plain_spread(ACTION_DIE), &bonus_spread(count, size))
}

/// The chance that a value drawn from `spread` is strictly above `than`.
pub fn chance_above(spread: &[f64], than: i32) -> f64 {
    spread
        .iter()
        .enumerate()
        .filter(|(v, _)| *v as i64 > i64::from(than))
        .map(|(_, p)| p)
        .sum()
}

/// The chance that one roll beats another: P(X > Y) for independent X and Y.
pub fn chance_beats(x: &[f64], y: &[f64]) -> f64 {
    let mut below = 0.0; // P(Y < v)
    let mut total = 0.0;
    for (v, px) in x.iter().enumerate() {
        total += px * below;
        below += y.get(v).copied().unwrap_or(0.0);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_clamps_and_charges_cancel_challenges() {
        assert_eq!(DieSize::for_roll(0, 0), DieSize::D10);
        assert_eq!(DieSize::for_roll(0, 1), DieSize::D8);
        assert_eq!(DieSize::for_roll(0, 2), DieSize::D6);
        assert_eq!(DieSize::for_roll(1, 1), DieSize::D10);
        assert_eq!(DieSize::for_roll(2, 0), DieSize::D20);
        assert_eq!(DieSize::for_roll(5, 0), DieSize::D20);
        assert_eq!(DieSize::for_roll(0, 9), DieSize::D4);
    }

    #[test]
    fn quality_of_a_die_and_off_ladder_dice() {
        assert_eq!(Quality::of_die(8), Quality::Ordinary);
        assert_eq!(Quality::of_die(6), Quality::Poor);
        assert_eq!(Quality::of_die(5), Quality::Feeble);
        assert_eq!(Quality::of_die(3), Quality::Feeble);
        assert_eq!(Quality::of_die(100), Quality::Legendary);
        assert_eq!(Quality::Heroic.die(), DieSize::D10);
        assert_eq!(Quality::Heroic.rank() - Quality::Feeble.rank(), 3);
    }

    #[test]
    fn a_die_bursts_at_most_three_times() {
        let script = [10, 10, 10, 10, 10];
        let mut i = 0;
        let d = BurstDie::roll(DieSize::D10, |_| {
            i += 1;
            script[i - 1]
        });
        assert_eq!(d.rolls, vec![10, 10, 10, 10]);
        assert_eq!(d.total(), 40);
        let mut once = [8, 7].into_iter();
        let d = BurstDie::roll(DieSize::D8, |_| once.next().unwrap());
        assert_eq!((d.total(), d.burst()), (15, true));
    }

    #[test]
    fn spreads_sum_to_one_and_match_a_count_of_every_face() {
        for size in DieSize::LADDER {
            let s: f64 = burst_spread(size).iter().sum();
            assert!((s - 1.0).abs() < 1e-12, "{size}");
        }
        // A d4 by brute force: 4^4 sequences, each stopped where the rules stop it.
        let mut count = [0.0; 17];
        for seq in 0..256u32 {
            let faces = [seq % 4 + 1, seq / 4 % 4 + 1, seq / 16 % 4 + 1, seq / 64 + 1];
            let mut i = 0;
            let d = BurstDie::roll(DieSize::D4, |_| {
                i += 1;
                faces[i - 1]
            });
            count[d.total() as usize] += 1.0 / 256.0;
        }
        let spread = burst_spread(DieSize::D4);
        for (v, p) in count.iter().enumerate() {
            assert!((spread[v] - p).abs() < 1e-12, "value {v}");
        }
    }

    #[test]
    fn beating_counts_ties_as_losses() {
        let d2 = plain_spread(2);
        // 1v1, 1v2, 2v1, 2v2: only 2v1 beats.
        assert!((chance_beats(&d2, &d2) - 0.25).abs() < 1e-12);
        assert!((chance_above(&roll_spread(0, DieSize::D10), 15) - 0.25).abs() < 1e-12);
    }
}
