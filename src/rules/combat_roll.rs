//! The opposed Combat Roll of preset Seed001 (presets/Seed001.md, "Tests and the Combat
//! Roll"): every test is d20 + bonus against 10, counted in successes of 5-point bands; the
//! attacker's and the defender's successes decide between a critical win for either, a hit,
//! a blocked hit and a miss. Exact odds by summing over the success pairs. The battle side is
//! Seed001's folder (`rulebooks/seed001/strike.rs`; maneuvers after a critical win in its
//! `maneuvers.rs`).

use super::combat::RollMode;
use super::odds::Chance;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A test passes at this total or more.
pub const TEST_TARGET: i32 = 10;
/// Each further band of this many points above the target is one more success.
pub const SUCCESS_BAND: i32 = 5;

/// Successes of a test total: 0 on a fail, else 1 + ⌊(total − 10) / 5⌋.
pub fn successes(total: i32) -> u32 {
    if total < TEST_TARGET {
        0
    } else {
        1 + ((total - TEST_TARGET) / SUCCESS_BAND) as u32
    }
}

/// How a defender meets a Combat Roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Defence {
    /// With a shield (`block_rating` > 0): a hit is always only a blocked hit.
    Block,
    /// Against melee attacks, with a melee weapon in hand.
    Parry,
    Dodge,
    /// The only defence against Psychic (mind) attacks.
    Withstand,
    /// No defence: the defender's test fails without a die.
    None,
}

impl Defence {
    /// The order in which equal choices are preferred (presets/Seed001.md: Block, Parry,
    /// Dodge).
    pub const PREFERENCE: [Defence; 5] = [
        Defence::Block,
        Defence::Parry,
        Defence::Dodge,
        Defence::Withstand,
        Defence::None,
    ];
}

impl fmt::Display for Defence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// What the winner of a critical win may do to the loser (presets/Seed001.md,
/// "Maneuvers").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Maneuver {
    /// With a shield or a heavy weapon: an Athletics test or Dazed.
    Bash,
    /// The winner's next defence test has a boon.
    Brace,
    /// An Athletics or Acrobatics test, or the item drops.
    Disarm(DisarmItem),
    /// A Deception test now; on a pass the winner's next attack on the loser has a boon.
    Feint,
    /// The attacker's damage dice count their maximum.
    Precision,
    /// An Athletics test, or pushed 1 m.
    Push,
    /// An Acrobatics test, or Prone.
    Trip,
}

impl Maneuver {
    /// Whether the loser's size can make it pass or fail without a die (marked * in the
    /// rulebook).
    pub fn sized(&self) -> bool {
        matches!(
            self,
            Maneuver::Bash | Maneuver::Disarm(_) | Maneuver::Push | Maneuver::Trip
        )
    }

    pub fn name(&self) -> String {
        match self {
            Maneuver::Disarm(DisarmItem::Shield) => "Disarm (shield)".into(),
            Maneuver::Disarm(DisarmItem::Weapon(w)) => format!("Disarm ({w})"),
            other => format!("{other:?}"),
        }
    }
}

/// What a Disarm takes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DisarmItem {
    Shield,
    Weapon(String),
}

/// What a Combat Roll came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatOutcome {
    /// Both failed: nothing happens.
    BothFail,
    /// The attacker passed and the defender failed: full damage and a maneuver.
    AttackerCriticalWin,
    /// The defender passed and the attacker failed: negated; the defender may maneuver.
    DefenderCriticalWin,
    /// Both passed and the attacker had more successes (Dodge, Parry, Withstand).
    Hit,
    /// Both passed against a Block: damage less the block rating.
    BlockedHit,
    /// Both passed and the attacker did not have more successes.
    Miss,
}

impl CombatOutcome {
    /// Whether the attack deals damage.
    pub fn hits(self) -> bool {
        matches!(
            self,
            CombatOutcome::AttackerCriticalWin | CombatOutcome::Hit | CombatOutcome::BlockedHit
        )
    }
}

/// The outcome of attacker successes `sa` against defender successes `sd`.
pub fn combat_outcome(sa: u32, sd: u32, defence: Defence) -> CombatOutcome {
    match (sa, sd) {
        (0, 0) => CombatOutcome::BothFail,
        (_, 0) => CombatOutcome::AttackerCriticalWin,
        (0, _) => CombatOutcome::DefenderCriticalWin,
        _ if defence == Defence::Block => CombatOutcome::BlockedHit,
        _ if sa > sd => CombatOutcome::Hit,
        _ => CombatOutcome::Miss,
    }
}

/// The distribution of a test's successes with `bonus` and a boon or bane: (successes,
/// weight out of 400), summed over the kept die's faces.
pub fn success_weights(bonus: i32, mode: RollMode) -> Vec<(u32, u128)> {
    let mut out: Vec<(u32, u128)> = Vec::new();
    for face in 1..=20u32 {
        let s = successes(face as i32 + bonus);
        let w = mode.face_weight(face) as u128;
        match out.iter_mut().find(|(x, _)| *x == s) {
            Some((_, total)) => *total += w,
            None => out.push((s, w)),
        }
    }
    out
}

/// The chance that a test with `bonus` and `mode` passes (reaches 10).
pub fn pass_chance(bonus: i32, mode: RollMode) -> Chance {
    let num = success_weights(bonus, mode)
        .into_iter()
        .filter(|(s, _)| *s > 0)
        .map(|(_, w)| w)
        .sum();
    Chance::new(num, 400)
}

/// The chance that an actor wins a contest counted in successes (presets/Seed001.md,
/// "Contests"): strictly more successes than the target, whose test fails without a die
/// when `target_fails`.
pub fn successes_contest_chance(
    actor: (i32, RollMode),
    target: (i32, RollMode),
    target_fails: bool,
) -> Chance {
    let t = if target_fails {
        vec![(0, 400)]
    } else {
        success_weights(target.0, target.1)
    };
    let mut num = 0u128;
    for (sa, wa) in success_weights(actor.0, actor.1) {
        for (st, wt) in &t {
            if sa > *st {
                num += wa * wt;
            }
        }
    }
    Chance::new(num, 400 * 400)
}

/// The exact odds of every outcome of a Combat Roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatOdds {
    pub both_fail: Chance,
    pub attacker_critical: Chance,
    pub defender_critical: Chance,
    pub hit: Chance,
    pub blocked: Chance,
    pub miss: Chance,
}

impl CombatOdds {
    pub fn of(&self, outcome: CombatOutcome) -> Chance {
        match outcome {
            CombatOutcome::BothFail => self.both_fail,
            CombatOutcome::AttackerCriticalWin => self.attacker_critical,
            CombatOutcome::DefenderCriticalWin => self.defender_critical,
            CombatOutcome::Hit => self.hit,
            CombatOutcome::BlockedHit => self.blocked,
            CombatOutcome::Miss => self.miss,
        }
    }
}

/// The odds of a Combat Roll: the attacker's test, and the defender's test (`None`: it
/// fails without a die), against the chosen defence. The two sides are independent, so each
/// outcome sums products over the success pairs.
pub fn combat_odds(
    attacker: (i32, RollMode),
    defender: Option<(i32, RollMode)>,
    defence: Defence,
) -> CombatOdds {
    let a = success_weights(attacker.0, attacker.1);
    let d = match defender {
        Some((bonus, mode)) => success_weights(bonus, mode),
        None => vec![(0, 400)],
    };
    let mut counts = [0u128; 6];
    for (sa, wa) in &a {
        for (sd, wd) in &d {
            let i = match combat_outcome(*sa, *sd, defence) {
                CombatOutcome::BothFail => 0,
                CombatOutcome::AttackerCriticalWin => 1,
                CombatOutcome::DefenderCriticalWin => 2,
                CombatOutcome::Hit => 3,
                CombatOutcome::BlockedHit => 4,
                CombatOutcome::Miss => 5,
            };
            counts[i] += wa * wd;
        }
    }
    let c = |i: usize| Chance::new(counts[i], 400 * 400);
    CombatOdds {
        both_fail: c(0),
        attacker_critical: c(1),
        defender_critical: c(2),
        hit: c(3),
        blocked: c(4),
        miss: c(5),
    }
}

/// How a maneuver's loser meets it by size (presets/Seed001.md, "Size"): `rank_gap` is
/// the loser's size rank minus the winner's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeEdge {
    /// More than one size larger: it passes without a die (the maneuver is not offered).
    Passes,
    /// More than one size smaller: it fails without a die.
    Fails,
    /// Rolls with this boon (advantage), bane (disadvantage) or neither.
    Rolls(RollMode),
}

pub fn size_edge(rank_gap: i32) -> SizeEdge {
    match rank_gap {
        g if g > 1 => SizeEdge::Passes,
        g if g < -1 => SizeEdge::Fails,
        1 => SizeEdge::Rolls(RollMode::Advantage),
        -1 => SizeEdge::Rolls(RollMode::Disadvantage),
        _ => SizeEdge::Rolls(RollMode::Normal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn successes_come_in_five_point_bands() {
        let s: Vec<u32> = [9, 10, 14, 15, 19, 20, 24, 25].map(successes).to_vec();
        assert_eq!(s, vec![0, 1, 1, 2, 2, 3, 3, 4]);
    }

    #[test]
    fn outcomes_follow_the_table() {
        use CombatOutcome as O;
        assert_eq!(combat_outcome(0, 0, Defence::Dodge), O::BothFail);
        assert_eq!(combat_outcome(1, 0, Defence::Block), O::AttackerCriticalWin);
        assert_eq!(combat_outcome(0, 2, Defence::Parry), O::DefenderCriticalWin);
        assert_eq!(combat_outcome(1, 3, Defence::Block), O::BlockedHit);
        assert_eq!(combat_outcome(2, 2, Defence::Parry), O::Miss);
        assert_eq!(combat_outcome(3, 2, Defence::Dodge), O::Hit);
    }

    #[test]
    fn combat_odds_equal_a_count_over_every_pair_of_dice() {
        for (ab, am) in [(4, RollMode::Normal), (-2, RollMode::Advantage)] {
            for (db, dm) in [(3, RollMode::Normal), (6, RollMode::Disadvantage)] {
                for defence in [Defence::Block, Defence::Dodge] {
                    let odds = combat_odds((ab, am), Some((db, dm)), defence);
                    let mut counts = std::collections::HashMap::new();
                    for a1 in 1..=20i32 {
                        for a2 in 1..=20i32 {
                            for d1 in 1..=20i32 {
                                for d2 in 1..=20i32 {
                                    let keep = |m, x: i32, y: i32| match m {
                                        RollMode::Normal => x,
                                        RollMode::Advantage => x.max(y),
                                        RollMode::Disadvantage => x.min(y),
                                    };
                                    let sa = successes(keep(am, a1, a2) + ab);
                                    let sd = successes(keep(dm, d1, d2) + db);
                                    *counts
                                        .entry(combat_outcome(sa, sd, defence))
                                        .or_insert(0u128) += 1;
                                }
                            }
                        }
                    }
                    for (outcome, n) in counts {
                        assert_eq!(odds.of(outcome), Chance::new(n, 160_000), "{outcome:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_defender_without_a_die_always_fails() {
        let odds = combat_odds((4, RollMode::Normal), None, Defence::None);
        assert_eq!(odds.attacker_critical, Chance::new(15, 20));
        assert_eq!(odds.both_fail, Chance::new(5, 20));
    }
}
