//! Seed002's exploding dice (presets/Seed002.md, H2): a die showing its maximum is rolled
//! again and added, without limit; advantage and disadvantage apply to every single roll
//! (two dice, keep one; it explodes when the kept die shows the maximum). With the closed
//! form of P(X ≤ k) that makes every preview exact.

use super::combat::RollMode;
use super::odds::Chance;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The battle stops a chain of explosions here, a guard against a scripted die that shows
/// its maximum for ever (a fair die reaches it with chance 10⁻⁵⁰ on a d10).
pub const MAX_EXPLOSIONS: usize = 50;

/// One exploding roll: the dice of each single roll (two with advantage or disadvantage)
/// and the one kept, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplodingRoll {
    pub sides: u32,
    pub mode: RollMode,
    /// Each single roll: the dice rolled and the one kept.
    pub rolls: Vec<(Vec<u32>, u32)>,
}

impl ExplodingRoll {
    /// Roll, one call of `die` per physical die.
    pub fn roll(sides: u32, mode: RollMode, mut die: impl FnMut(u32) -> u32) -> ExplodingRoll {
        let mut rolls = Vec::new();
        loop {
            let dice: Vec<u32> = (0..mode.dice()).map(|_| die(sides)).collect();
            let kept = mode.keep(&dice);
            rolls.push((dice, kept));
            if kept != sides || rolls.len() > MAX_EXPLOSIONS {
                break;
            }
        }
        ExplodingRoll { sides, mode, rolls }
    }

    /// The sum of the kept dice.
    pub fn total(&self) -> i32 {
        self.rolls.iter().map(|(_, k)| *k as i32).sum()
    }

    /// Whether it exploded at least once.
    pub fn exploded(&self) -> bool {
        self.rolls.len() > 1
    }
}

impl fmt::Display for ExplodingRoll {
    /// `d10 10 + 3`, with advantage `d10 [3, 8] -> 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .rolls
            .iter()
            .map(|(dice, kept)| match dice.as_slice() {
                [one] => one.to_string(),
                _ => format!("{dice:?} -> {kept}"),
            })
            .collect();
        write!(f, "d{} {}", self.sides, parts.join(" + "))
    }
}

/// P(one single roll ≤ v), v = 0…sides: plain v/N; advantage (v/N)²; disadvantage
/// 1 − ((N − v)/N)².
pub fn single_at_most(sides: u32, mode: RollMode, v: u32) -> Chance {
    let n = sides as u128;
    let v = (v as u128).min(n);
    match mode {
        RollMode::Normal => Chance::new(v, n),
        RollMode::Advantage => Chance::new(v * v, n * n),
        RollMode::Disadvantage => !Chance::new((n - v) * (n - v), n * n),
    }
}

/// P(X ≤ k) for an exploding roll X (presets/Seed002.md, "Exploding die, closed form"): 0
/// for k ≤ 0, else 1 − p^j·(1 − F(r)) with p the chance of the maximum, j = ⌊k/N⌋, r = k
/// mod N.
pub fn at_most(sides: u32, mode: RollMode, k: i32) -> Chance {
    if k <= 0 {
        return Chance::never();
    }
    let p = !single_at_most(sides, mode, sides - 1);
    let (j, r) = (k as u32 / sides, k as u32 % sides);
    let pj = (0..j).fold(Chance::certain(), |acc, _| acc * p);
    !(pj * !single_at_most(sides, mode, r))
}

/// P(X > k).
pub fn above(sides: u32, mode: RollMode, k: i32) -> Chance {
    !at_most(sides, mode, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P(X ≤ k) by walking every chain of faces up to a depth where the rest cannot
    /// matter.
    fn brute_at_most(sides: u32, mode: RollMode, k: i32) -> Chance {
        fn walk(sides: u32, mode: RollMode, k: i32, sum: i32, w: Chance) -> Chance {
            let mut out = Chance::never();
            for kept in 1..=sides {
                let pk = single_at_most(sides, mode, kept) - single_at_most(sides, mode, kept - 1);
                let s = sum + kept as i32;
                if s > k {
                    continue;
                }
                if kept == sides {
                    out = out + walk(sides, mode, k, s, w * pk);
                } else {
                    out = out + w * pk;
                }
            }
            out
        }
        walk(sides, mode, k, 0, Chance::certain())
    }

    #[test]
    fn the_closed_form_matches_every_chain_of_faces() {
        for mode in [
            RollMode::Normal,
            RollMode::Advantage,
            RollMode::Disadvantage,
        ] {
            for sides in [4, 10] {
                for k in -1..=25 {
                    assert_eq!(
                        at_most(sides, mode, k),
                        brute_at_most(sides, mode, k),
                        "d{sides} {mode:?} <= {k}"
                    );
                }
            }
        }
        // Seed002's scenario 2: P(d10 ≤ 7) = 0.7.
        assert_eq!(at_most(10, RollMode::Normal, 7), Chance::new(7, 10));
    }

    #[test]
    fn a_roll_explodes_on_the_kept_maximum() {
        let mut faces = [10, 3].into_iter();
        let r = ExplodingRoll::roll(10, RollMode::Normal, |_| faces.next().unwrap());
        assert_eq!((r.total(), r.exploded()), (13, true));
        let mut faces = [3, 8].into_iter();
        let r = ExplodingRoll::roll(10, RollMode::Advantage, |_| faces.next().unwrap());
        assert_eq!(
            (r.total(), r.to_string()),
            (8, "d10 [3, 8] -> 8".to_string())
        );
        let mut faces = [10, 4].into_iter();
        let r = ExplodingRoll::roll(10, RollMode::Disadvantage, |_| faces.next().unwrap());
        assert_eq!(r.total(), 4, "the kept 4 does not explode");
    }
}
