//! Dice: expressions such as `2d6+1`, the seeded dice service, and the scripted mode used by
//! tests and replays. Every roll is recorded with its purpose.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Most dice one expression may roll, and most sides a die may have.
pub const MAX_DICE_COUNT: u32 = 100;
pub const MAX_DIE_SIDES: u32 = 1000;
/// Largest flat bonus an expression may carry.
pub const MAX_DICE_BONUS: i32 = 10_000;

/// `NdS+B`: N dice with S sides plus a flat bonus (which may be negative or zero).
/// `N` may be 0 for a flat number such as `3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiceExpr {
    pub count: u32,
    pub sides: u32,
    pub bonus: i32,
}

impl DiceExpr {
    pub const fn new(count: u32, sides: u32, bonus: i32) -> Self {
        DiceExpr {
            count,
            sides,
            bonus,
        }
    }

    pub fn min(&self) -> i32 {
        self.count as i32 + self.bonus
    }

    pub fn max(&self) -> i32 {
        (self.count * self.sides) as i32 + self.bonus
    }

    /// The exact distribution of the sum: `(value, ways)` over `sides^count` outcomes,
    /// as a list of probabilities indexed from `min()`.
    pub fn distribution(&self) -> Vec<f64> {
        let mut dist = vec![1.0f64];
        for _ in 0..self.count {
            let mut next = vec![0.0; dist.len() + self.sides as usize - 1];
            for (i, p) in dist.iter().enumerate() {
                if *p == 0.0 {
                    continue;
                }
                for face in 0..self.sides as usize {
                    next[i + face] += p / self.sides as f64;
                }
            }
            dist = next;
        }
        dist
    }

    /// Parse `2d6+1`, `d8`, `1d4-1` or a flat `3`.
    pub fn parse(text: &str) -> Result<DiceExpr, String> {
        let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if s.is_empty() {
            return Err("empty dice expression".into());
        }
        let lower = s.to_ascii_lowercase();
        let (dice_part, bonus) = match lower.rfind(['+', '-']) {
            Some(i) if i > 0 && lower[..i].contains('d') => {
                let b: i32 = lower[i..]
                    .parse()
                    .map_err(|_| format!("bad bonus `{}` in `{text}`", &lower[i..]))?;
                (&lower[..i], b)
            }
            _ => (lower.as_str(), 0),
        };
        let expr = match dice_part.split_once('d') {
            None => {
                let flat: i32 = dice_part
                    .parse()
                    .map_err(|_| format!("`{text}` is not a dice expression like 2d6+1"))?;
                DiceExpr::new(0, 1, flat)
            }
            Some((n, sides)) => {
                let count: u32 = if n.is_empty() {
                    1
                } else {
                    n.parse()
                        .map_err(|_| format!("bad dice count `{n}` in `{text}`"))?
                };
                let sides: u32 = sides
                    .parse()
                    .map_err(|_| format!("bad die size `{sides}` in `{text}`"))?;
                DiceExpr::new(count, sides, bonus)
            }
        };
        if expr.sides == 0 {
            return Err(format!("`{text}`: a die needs at least one side"));
        }
        if expr.count > MAX_DICE_COUNT {
            return Err(format!(
                "`{text}`: at most {MAX_DICE_COUNT} dice may be rolled at once"
            ));
        }
        if expr.sides > MAX_DIE_SIDES {
            return Err(format!("`{text}`: a die has at most {MAX_DIE_SIDES} sides"));
        }
        if expr.bonus.unsigned_abs() > MAX_DICE_BONUS.unsigned_abs() {
            return Err(format!(
                "`{text}`: the bonus is limited to +/-{MAX_DICE_BONUS}"
            ));
        }
        Ok(expr)
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.count == 0 {
            return write!(f, "{}", self.bonus);
        }
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

impl Serialize for DiceExpr {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for DiceExpr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        DiceExpr::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Where the dice come from: a seed, or a script of results (tests and replays).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiceSource {
    /// A ChaCha8 stream from this seed: identical on every machine and every run.
    Seed(u64),
    /// These results in order, one per die. Each must fit the die it is used for.
    Scripted(Vec<u32>),
}

impl Default for DiceSource {
    /// A seed of 0.
    fn default() -> Self {
        DiceSource::Seed(0)
    }
}

/// One die rolled, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRecord {
    pub purpose: String,
    pub sides: u32,
    pub result: u32,
}

/// A problem with a scripted roll. The roll still happens (the game never stops), but the
/// problem is reported as an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScriptProblem {
    /// The script ran out at this roll; the rest come from seed 0.
    Exhausted { roll: usize },
    /// The scripted value does not fit the die; it was clamped.
    OutOfRange { roll: usize, value: u32, sides: u32 },
}

/// The dice service.
#[derive(Clone, Debug)]
pub struct Dice {
    source: DiceSource,
    rng: ChaCha8Rng,
    /// Dice rolled so far: in scripted mode also the index of the next scripted value.
    rolled: usize,
    records: Vec<RollRecord>,
    problems: Vec<ScriptProblem>,
}

impl Dice {
    pub fn new(source: DiceSource) -> Dice {
        let seed = match source {
            DiceSource::Seed(s) => s,
            DiceSource::Scripted(_) => 0,
        };
        Dice {
            source,
            rng: ChaCha8Rng::seed_from_u64(seed),
            rolled: 0,
            records: Vec::new(),
            problems: Vec::new(),
        }
    }

    pub fn source(&self) -> &DiceSource {
        &self.source
    }

    /// How many dice have been rolled so far.
    pub fn rolled(&self) -> usize {
        self.rolled
    }

    /// Roll one die with `sides` sides for `purpose`.
    pub fn roll(&mut self, sides: u32, purpose: impl Into<String>) -> u32 {
        let sides = sides.max(1);
        let result = match &self.source {
            DiceSource::Seed(_) => self.rng.random_range(1..=sides),
            DiceSource::Scripted(values) => match values.get(self.rolled) {
                Some(&v) => {
                    if v == 0 || v > sides {
                        self.problems.push(ScriptProblem::OutOfRange {
                            roll: self.rolled,
                            value: v,
                            sides,
                        });
                    }
                    v.clamp(1, sides)
                }
                None => {
                    // Reported once: at the first roll past the script's end.
                    if self.rolled == values.len() {
                        self.problems
                            .push(ScriptProblem::Exhausted { roll: self.rolled });
                    }
                    self.rng.random_range(1..=sides)
                }
            },
        };
        self.rolled += 1;
        self.records.push(RollRecord {
            purpose: purpose.into(),
            sides,
            result,
        });
        result
    }

    /// Take the rolls (and script problems) recorded since the last call.
    pub fn drain(&mut self) -> (Vec<RollRecord>, Vec<ScriptProblem>) {
        (
            std::mem::take(&mut self.records),
            std::mem::take(&mut self.problems),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_common_forms() {
        assert_eq!(DiceExpr::parse("2d6+1").unwrap(), DiceExpr::new(2, 6, 1));
        assert_eq!(DiceExpr::parse("d8").unwrap(), DiceExpr::new(1, 8, 0));
        assert_eq!(DiceExpr::parse("1d4-1").unwrap(), DiceExpr::new(1, 4, -1));
        assert_eq!(DiceExpr::parse("3").unwrap(), DiceExpr::new(0, 1, 3));
        assert!(DiceExpr::parse("2x6").is_err());
        assert!(DiceExpr::parse("1d0").is_err());
        assert!(DiceExpr::parse("1000d6").is_err());
        assert_eq!(DiceExpr::new(2, 6, -1).to_string(), "2d6-1");
    }

    #[test]
    fn seeded_dice_repeat() {
        let mut a = Dice::new(DiceSource::Seed(7));
        let mut b = Dice::new(DiceSource::Seed(7));
        let ra: Vec<u32> = (0..50).map(|_| a.roll(20, "t")).collect();
        let rb: Vec<u32> = (0..50).map(|_| b.roll(20, "t")).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|&r| (1..=20).contains(&r)));
    }

    #[test]
    fn scripted_dice_report_problems() {
        let mut d = Dice::new(DiceSource::Scripted(vec![5, 9]));
        assert_eq!(d.roll(6, "a"), 5);
        assert_eq!(d.roll(6, "b"), 6);
        let _ = d.roll(6, "c");
        let (records, problems) = d.drain();
        assert_eq!(records.len(), 3);
        assert_eq!(
            problems,
            vec![
                ScriptProblem::OutOfRange {
                    roll: 1,
                    value: 9,
                    sides: 6
                },
                ScriptProblem::Exhausted { roll: 2 }
            ]
        );
    }

    #[test]
    fn distribution_of_2d6_peaks_at_7() {
        let d = DiceExpr::new(2, 6, 0).distribution();
        assert_eq!(d.len(), 11);
        assert!((d[5] - 6.0 / 36.0).abs() < 1e-12);
    }
}
