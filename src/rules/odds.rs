//! Exact probabilities for previews: fractions, and finite distributions of whole numbers
//! built by counting every die face, never by sampling. A distribution keeps integer
//! weights over one denominator, so sums and products stay exact.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::{Add, Mul, Not, Sub};

/// An exact probability as a reduced fraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chance {
    pub num: u128,
    pub den: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Chance {
    /// `num / den`, reduced (a zero denominator reads as 0).
    pub fn new(num: u128, den: u128) -> Chance {
        if den == 0 || num == 0 {
            return Chance::never();
        }
        let g = gcd(num, den);
        Chance {
            num: num / g,
            den: den / g,
        }
    }
    pub const fn never() -> Chance {
        Chance { num: 0, den: 1 }
    }
    pub const fn certain() -> Chance {
        Chance { num: 1, den: 1 }
    }
    pub fn value(self) -> f64 {
        if self.den == 0 {
            0.0
        } else {
            self.num as f64 / self.den as f64
        }
    }
    pub fn percent(self) -> f64 {
        self.value() * 100.0
    }
    /// A probability computed in `f64` (Seed004's bursting dice), to the nearest 10⁻¹⁵: as
    /// exact as the number it comes from.
    pub fn from_f64(p: f64) -> Chance {
        const DEN: u128 = 1_000_000_000_000_000;
        Chance::new((p.clamp(0.0, 1.0) * DEN as f64).round() as u128, DEN)
    }

    pub fn sum(items: impl IntoIterator<Item = Chance>) -> Chance {
        items.into_iter().fold(Chance::never(), |a, b| a + b)
    }
}

impl Add for Chance {
    type Output = Chance;
    fn add(self, o: Chance) -> Chance {
        let den = self.den / gcd(self.den, o.den) * o.den;
        Chance::new(self.num * (den / self.den) + o.num * (den / o.den), den)
    }
}

impl Mul for Chance {
    type Output = Chance;
    fn mul(self, o: Chance) -> Chance {
        let (g1, g2) = (gcd(self.num, o.den).max(1), gcd(o.num, self.den).max(1));
        Chance::new(
            (self.num / g1) * (o.num / g2),
            (self.den / g2) * (o.den / g1),
        )
    }
}

/// self − o (0 when o is larger).
impl Sub for Chance {
    type Output = Chance;
    fn sub(self, o: Chance) -> Chance {
        let den = self.den / gcd(self.den, o.den) * o.den;
        let (a, b) = (self.num * (den / self.den), o.num * (den / o.den));
        Chance::new(a.saturating_sub(b), den)
    }
}

/// 1 − self.
impl Not for Chance {
    type Output = Chance;
    fn not(self) -> Chance {
        Chance::new(self.den.saturating_sub(self.num), self.den)
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}%", self.percent())
    }
}

/// A finite distribution of whole numbers: each value's weight over a common total. Two
/// distributions are equal when every value has the same probability, whatever the totals.
#[derive(Clone, Debug)]
pub struct Dist {
    weights: BTreeMap<i32, u128>,
    total: u128,
}

impl PartialEq for Dist {
    fn eq(&self, o: &Dist) -> bool {
        self.weights.len() == o.weights.len()
            && self.weights.iter().all(|(v, w)| {
                o.weights
                    .get(v)
                    .is_some_and(|ow| w * o.total == ow * self.total)
            })
    }
}

impl Eq for Dist {}

impl Dist {
    /// Always `v`.
    pub fn certain(v: i32) -> Dist {
        Dist {
            weights: BTreeMap::from([(v, 1)]),
            total: 1,
        }
    }

    /// One fair die: 1..=sides.
    pub fn die(sides: u32) -> Dist {
        let sides = sides.max(1);
        Dist {
            weights: (1..=sides as i32).map(|v| (v, 1)).collect(),
            total: sides as u128,
        }
    }

    /// Weights given directly (e.g. a d20 kept with advantage: face f weighs 2f − 1 of 400).
    pub fn from_weights(weights: impl IntoIterator<Item = (i32, u128)>) -> Dist {
        let mut map = BTreeMap::new();
        for (v, w) in weights {
            if w > 0 {
                *map.entry(v).or_insert(0) += w;
            }
        }
        let total = map.values().sum::<u128>().max(1);
        Dist {
            weights: map,
            total,
        }
    }

    /// The sum of two independent values.
    pub fn plus(&self, o: &Dist) -> Dist {
        let mut weights = BTreeMap::new();
        for (a, wa) in &self.weights {
            for (b, wb) in &o.weights {
                *weights.entry(a + b).or_insert(0) += wa * wb;
            }
        }
        Dist {
            weights,
            total: self.total * o.total,
        }
    }

    /// `n` independent copies summed.
    pub fn times(&self, n: u32) -> Dist {
        (0..n).fold(Dist::certain(0), |acc, _| acc.plus(self))
    }

    /// Every value passed through `f` (weights of values that meet are added).
    pub fn map(&self, f: impl Fn(i32) -> i32) -> Dist {
        let mut weights = BTreeMap::new();
        for (v, w) in &self.weights {
            *weights.entry(f(*v)).or_insert(0) += w;
        }
        Dist {
            weights,
            total: self.total,
        }
    }

    /// A mixture of branches, each with its chance (the chances summing to 1).
    pub fn branches(parts: &[(Chance, &Dist)]) -> Dist {
        let den = |(p, d): &(Chance, &Dist)| p.den * d.total;
        let common = parts
            .iter()
            .fold(1u128, |l, part| l / gcd(l, den(part)) * den(part));
        let mut weights = BTreeMap::new();
        for part in parts.iter().filter(|(p, _)| p.num > 0) {
            let scale = part.0.num * (common / den(part));
            for (v, w) in &part.1.weights {
                *weights.entry(*v).or_insert(0) += w * scale;
            }
        }
        Dist {
            weights,
            total: common,
        }
        .reduced()
    }

    /// A mixture: this distribution with chance `p`, `other` otherwise.
    pub fn mix(&self, p: Chance, other: &Dist) -> Dist {
        let mut weights = BTreeMap::new();
        let q = !p;
        let total = self.total * other.total * p.den;
        for (v, w) in &self.weights {
            *weights.entry(*v).or_insert(0) += w * other.total * p.num;
        }
        for (v, w) in &other.weights {
            *weights.entry(*v).or_insert(0) += w * self.total * q.num * (p.den / q.den);
        }
        Dist { weights, total }.reduced()
    }

    fn reduced(mut self) -> Dist {
        let g = self.weights.values().fold(self.total, |g, w| gcd(g, *w));
        if g > 1 {
            self.total /= g;
            for w in self.weights.values_mut() {
                *w /= g;
            }
        }
        self
    }

    pub fn chance_of(&self, pred: impl Fn(i32) -> bool) -> Chance {
        let num = self
            .weights
            .iter()
            .filter(|(v, _)| pred(**v))
            .map(|(_, w)| *w)
            .sum();
        Chance::new(num, self.total)
    }

    pub fn min(&self) -> i32 {
        self.weights.keys().next().copied().unwrap_or(0)
    }

    pub fn max(&self) -> i32 {
        self.weights.keys().next_back().copied().unwrap_or(0)
    }

    /// The expected value.
    pub fn mean(&self) -> f64 {
        let s: f64 = self
            .weights
            .iter()
            .map(|(v, w)| *v as f64 * *w as f64)
            .sum();
        s / self.total as f64
    }

    /// The expected value as an exact ratio, for distributions of values of 0 or more
    /// (damage): a [`Chance`] that may exceed 1.
    pub fn expected(&self) -> Chance {
        let num = self
            .weights
            .iter()
            .map(|(v, w)| (*v).max(0) as u128 * w)
            .sum();
        Chance::new(num, self.total)
    }

    /// (value, probability) for every value that can happen.
    pub fn outcomes(&self) -> impl Iterator<Item = (i32, Chance)> + '_ {
        self.weights
            .iter()
            .map(|(v, w)| (*v, Chance::new(*w, self.total)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_reduce_and_add() {
        let a = Chance::new(10, 400);
        assert_eq!(a, Chance { num: 1, den: 40 });
        assert_eq!(a + Chance::new(1, 8), Chance::new(6, 40));
        assert_eq!(a * Chance::new(20, 1), Chance::new(1, 2));
        assert_eq!(!Chance::new(3, 4), Chance::new(1, 4));
        assert_eq!(Chance::sum([a, a, a, a]), Chance::new(1, 10));
    }

    #[test]
    fn two_d6_counts_every_face() {
        let d = Dist::die(6).times(2);
        assert_eq!((d.min(), d.max()), (2, 12));
        assert_eq!(d.chance_of(|v| v == 7), Chance::new(6, 36));
        assert!((d.mean() - 7.0).abs() < 1e-12);
        let floor = d.map(|v| (v - 10).max(0));
        assert_eq!(floor.chance_of(|v| v == 0), Chance::new(33, 36));
    }

    #[test]
    fn a_mixture_weights_both_sides() {
        let hit = Dist::die(4);
        let miss = Dist::certain(0);
        let m = hit.mix(Chance::new(1, 4), &miss);
        assert_eq!(m.chance_of(|v| v == 0), Chance::new(3, 4));
        assert_eq!(m.chance_of(|v| v == 4), Chance::new(1, 16));
    }
}
