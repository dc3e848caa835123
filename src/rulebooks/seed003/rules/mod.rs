//! Seed003's arithmetic (presets/Seed003.md): the 3d6 check and its criticals, the AP that
//! Speed gives, the movement AP buy, the wound levels and the slots of each track with
//! their overflow, stamina and fatigue. Plain functions and tables; the battle is in the
//! rest of the folder. (The wound levels are the core's `rules::wound_level`: events carry
//! them; the 120° flank test is the core's `Flanking::Surround120`, `battle/surround.rs`.)

use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::stats::Seed003Stats;
use crate::rules::actions::ActionKind;
use crate::rules::odds::Chance;
use crate::rules::unit::WoundTrack;
pub use crate::rules::wound_level::WoundLevel;

/// Every check is three of these added.
pub const CHECK_DIE: u32 = 6;
pub const CHECK_DICE: usize = 3;
/// The 216 ways 3d6 fall.
pub const CHECK_FALLS: u32 = 216;
/// Natural 17–18 is a critical success; 3–4 a critical failure (I3).
pub const CRITICAL_SUCCESS: u32 = 17;
pub const CRITICAL_FAILURE: u32 = 4;
/// What a critical moves: +2 to the actor and −2 to the creature it was against, or −2 to
/// the actor on a failure (I3); an action out of turn costs 2 (I4).
pub const CRITICAL_SHIFT: i32 = 2;
pub const OUT_OF_TURN_COST: i32 = 2;
/// Initiative = 3d6 + `initiative` + 5 (I1).
pub const INITIATIVE_BASE: i32 = 5;
/// A surprised combatant loses max(0, 5 − `initiative`) initiative.
pub const SURPRISE_BASE: i32 = 5;
/// Defenses: Power 10 + might + size, Agility 10 + agility − size, Fortitude 10 + vit,
/// Willpower 10 + persona; Immobile 5 − size (H2).
pub const DEFENSE_BASE: i32 = 10;
pub const IMMOBILE_BASE: i32 = 5;
/// Defend: each Defense is at least its own + 2 (H4).
pub const DEFEND_BONUS: i32 = 2;
/// Exhausted, Dazed, Harried: −2 each (H3, R2).
pub const CONDITION_PENALTY: i32 = 2;
/// Flanked +2, a rear attack (the attacker is ignored) +4 (H3).
pub const FLANK_BONUS: i32 = 2;
pub const REAR_BONUS: i32 = 4;
/// A Nonlethal Attack: −2 (H3).
pub const NONLETHAL_PENALTY: i32 = 2;
/// Beyond normal range: −2 (H3).
pub const LONG_RANGE_PENALTY: i32 = 2;
/// Pin: −2 to the Power check (C4); Interpose −2 unless the partner is Pinned (X4).
pub const PIN_PENALTY: i32 = 2;
/// A grapple needs sizes less than 5 apart (C3).
pub const GRAPPLE_SIZE_GAP: i32 = 5;
/// Shove: 1 + ⌊margin / 3⌋ tiles (C1).
pub const SHOVE_MARGIN_STEP: i32 = 3;
/// A full move is 4 AP (M1): the yards a rate buys are counted in quarters.
pub const FULL_MOVE_AP: u32 = 4;
/// At most two Dashes a round; a second one adds ⌊check / 3⌋ to the rate (M4).
pub const MAX_DASHES: u8 = 2;
pub const DASH_CHECK_DIVISOR: i32 = 3;
/// Cling: 10 points a yard of the mover's pool, 5 a following step (X3).
pub const CLING_YARD_COST: i32 = 10;
pub const CLING_FOLLOW_COST: i32 = 5;
/// Light slots: 5 + persona (D4).
pub const LIGHT_SLOTS_BASE: i32 = 5;

/// The Speed table (E1), for speed −10 … 10: AP at a round start, AP at the end of one's
/// own turn, and the most AP it may hold.
const ROUND_START_AP: [u32; 21] = [
    2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 11, 12, 14, 16, 18, 21, 24,
];
const TURN_END_AP: [u32; 21] = [
    1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 21, 24,
];
const MAX_AP: [u32; 21] = [
    5, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 21, 24, 27, 31, 36, 41, 48, 55, 63, 72,
];

fn speed_index(speed: i32) -> usize {
    (speed.clamp(-10, 10) + 10) as usize
}

/// AP gained when a round starts.
pub fn round_start_ap(speed: i32) -> u32 {
    ROUND_START_AP[speed_index(speed)]
}

/// AP gained when the combatant's own turn ends.
pub fn turn_end_ap(speed: i32) -> u32 {
    TURN_END_AP[speed_index(speed)]
}

/// The most AP a combatant may hold; more is lost.
pub fn max_ap(speed: i32) -> u32 {
    MAX_AP[speed_index(speed)]
}

/// The yards the next AP spent on movement buys (M1): with rate R and A AP already spent
/// at this rate, ⌊R·(A+1)/4⌋ − ⌊R·A/4⌋.
pub fn yards_for_next_ap(rate: u32, spent: u32) -> u32 {
    rate * (spent + 1) / FULL_MOVE_AP - rate * spent / FULL_MOVE_AP
}

/// The yards `ap` more AP buy after `spent` at rate `rate`: ⌊R·(A+a)/4⌋ − ⌊R·A/4⌋.
pub fn yards_bought(rate: u32, spent: u32, ap: u32) -> u32 {
    rate * (spent + ap) / FULL_MOVE_AP - rate * spent / FULL_MOVE_AP
}

/// The stamina an action costs besides its AP (E2).
pub fn stamina_cost(action: ActionKind) -> i32 {
    match action {
        action_names::DASH => 2,
        action_names::STRONG_ATTACK
        | action_names::PIN
        | action_names::DRAG
        | action_names::CLING => 1,
        _ => 0,
    }
}

/// The Moderate/Severe/Critical slots of a `Full` track, by vit −5 … 5 (D4).
const FULL_TRACK: [[u8; 3]; 11] = [
    [1, 1, 0],
    [1, 1, 1],
    [2, 1, 1],
    [2, 2, 1],
    [3, 2, 1],
    [3, 2, 2],
    [3, 3, 2],
    [4, 3, 2],
    [4, 3, 3],
    [4, 4, 3],
    [5, 4, 3],
];

/// How many slots each level has (Light, Moderate, Severe, Critical, Fatal).
pub fn slots(s: &Seed003Stats) -> [u8; 5] {
    let light = (LIGHT_SLOTS_BASE + s.persona).max(0) as u8;
    let [m, sv, c] = match s.wound_track {
        WoundTrack::Full => FULL_TRACK[(s.vit.clamp(-5, 5) + 5) as usize],
        WoundTrack::Minion => [1, 1, 1],
        WoundTrack::Standard => [2, 2, 2],
        WoundTrack::Elite => [3, 3, 3],
    };
    [light, m, sv, c, 1]
}

/// Where a wound of `level` lands on a track with `filled` slots out of `slots` (D4): its
/// own level if a slot is free, else the next level up with one. Fatal always has room
/// until it is filled; `None` once the Fatal slot is taken too.
pub fn landing(level: WoundLevel, filled: &[u8; 5], slots: &[u8; 5]) -> Option<WoundLevel> {
    WoundLevel::ALL[level.index()..]
        .iter()
        .copied()
        .find(|l| filled[l.index()] < slots[l.index()])
}

/// What a final damage does to a track (D2–D6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WoundOutcome {
    /// The final damage after affinities.
    pub final_damage: i32,
    /// Its level after the steps and the cap (`None`: no wound).
    pub level: Option<WoundLevel>,
    /// The slot it fills after overflow (`None`: none).
    pub landed: Option<WoundLevel>,
    /// A Nonlethal wound that would have filled the Fatal slot knocks out instead.
    pub knocked_out: bool,
    /// What changed the level, for the log.
    pub notes: Vec<&'static str>,
}

/// How a wound of summed damage `sum` lands (D2–D6): immune, resistant (halved) and
/// vulnerable (half again) apply to a positive sum; Quick (−1) and Rebuff (+1) steps;
/// a Nonlethal cap; overflow; and a Nonlethal wound that would fill the Fatal slot knocks
/// out instead.
pub fn wound_outcome(
    sum: i32,
    affinity: crate::rules::combat::Affinity,
    step: i32,
    nonlethal_cap: Option<Option<WoundLevel>>,
    filled: &[u8; 5],
    slots: &[u8; 5],
) -> WoundOutcome {
    let mut notes = Vec::new();
    let final_damage = if sum <= 0 {
        sum
    } else if affinity.immune {
        notes.push("immune");
        -1
    } else if affinity.resistant && !affinity.vulnerable {
        notes.push("resistant: halved");
        sum / 2
    } else if affinity.vulnerable && !affinity.resistant {
        notes.push("vulnerable: half again");
        sum * 3 / 2
    } else {
        sum
    };
    let mut level = WoundLevel::of(final_damage);
    if step < 0 {
        level = level.and_then(WoundLevel::lighter);
        notes.push("Quick Attack: a step lighter");
    } else if step > 0 {
        level = level.map(WoundLevel::heavier);
        notes.push("Rebuff: a step heavier");
    }
    let nonlethal = nonlethal_cap.is_some();
    if let (Some(l), Some(Some(cap))) = (level, nonlethal_cap)
        && l > cap
    {
        level = Some(cap);
        notes.push("Nonlethal: capped");
    }
    let mut landed = level.and_then(|l| landing(l, filled, slots));
    let knocked_out = nonlethal
        && landed == Some(WoundLevel::Fatal)
        && level.is_some_and(|l| l < WoundLevel::Fatal);
    if knocked_out {
        landed = None;
        notes.push("Nonlethal: knocked out instead of the Fatal slot");
    }
    WoundOutcome {
        final_damage,
        level,
        landed,
        knocked_out,
        notes,
    }
}

/// The fatigue a stamina cost leaves (R1): what the current stamina cannot pay.
pub fn fatigue_from(cost: i32, current: i32) -> i32 {
    (cost - current.max(0)).max(0)
}

/// Exhausted while fatigue × 2 ≥ stamina; Staggered while fatigue ≥ stamina (R2).
pub fn exhausted(fatigue: i32, stamina: i32) -> bool {
    fatigue > 0 && fatigue * 2 >= stamina
}

pub fn staggered(fatigue: i32, stamina: i32) -> bool {
    fatigue > 0 && fatigue >= stamina
}

/// How many of the 216 falls of 3d6 sum to each total 3 … 18 (index 0 is 3).
pub fn falls_of_3d6() -> [u32; 16] {
    let mut out = [0u32; 16];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                out[(a + b + c - 3) as usize] += 1;
            }
        }
    }
    out
}

/// P(3d6 + bonus ≥ target), exactly.
pub fn check_at_least(bonus: i32, target: i32) -> Chance {
    let falls = falls_of_3d6();
    let n: u32 = (3..=18)
        .filter(|s| s + bonus >= target)
        .map(|s| falls[(s - 3) as usize])
        .sum();
    Chance::new(n as u128, CHECK_FALLS as u128)
}

/// P(the natural 3d6 is a critical success), P(a critical failure): 4/216 each.
pub fn critical_chances() -> (Chance, Chance) {
    let falls = falls_of_3d6();
    let success: u32 = (CRITICAL_SUCCESS..=18)
        .map(|s| falls[(s - 3) as usize])
        .sum();
    let failure: u32 = (3..=CRITICAL_FAILURE)
        .map(|s| falls[(s - 3) as usize])
        .sum();
    (
        Chance::new(success as u128, CHECK_FALLS as u128),
        Chance::new(failure as u128, CHECK_FALLS as u128),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_formula_matches_the_seeds_table() {
        // Rate 8 (a human): 2 yards an AP; rate 9: 2, 2, 2, 3 over a full move.
        assert_eq!((0..4).map(|a| yards_for_next_ap(8, a)).sum::<u32>(), 8);
        let nine: Vec<u32> = (0..4).map(|a| yards_for_next_ap(9, a)).collect();
        assert_eq!(nine, vec![2, 2, 2, 3]);
        assert_eq!(yards_for_next_ap(9, 2), 27 / 4 - 18 / 4);
    }

    #[test]
    fn wound_levels_step_and_overflow() {
        assert_eq!(WoundLevel::of(-1), None);
        assert_eq!(WoundLevel::of(0), Some(WoundLevel::Light));
        assert_eq!(WoundLevel::of(7), Some(WoundLevel::Critical));
        assert_eq!(WoundLevel::of(30), Some(WoundLevel::Fatal));
        assert_eq!(WoundLevel::Light.lighter(), None);
        assert_eq!(WoundLevel::Fatal.heavier(), WoundLevel::Fatal);
        let slots = [5, 1, 1, 1, 1];
        let filled = [0, 0, 1, 1, 0];
        assert_eq!(
            landing(WoundLevel::Severe, &filled, &slots),
            Some(WoundLevel::Fatal)
        );
        assert_eq!(
            landing(WoundLevel::Light, &filled, &slots),
            Some(WoundLevel::Light)
        );
        assert_eq!(landing(WoundLevel::Fatal, &[0, 0, 0, 0, 1], &slots), None);
    }

    #[test]
    fn the_full_track_follows_vit() {
        let s = |vit, persona| Seed003Stats {
            vit,
            persona,
            ..Seed003Stats::default()
        };
        assert_eq!(slots(&s(0, 0)), [5, 3, 2, 2, 1]);
        assert_eq!(slots(&s(2, -1)), [4, 4, 3, 2, 1]);
        assert_eq!(slots(&s(-5, -9)), [0, 1, 1, 0, 1]);
    }

    #[test]
    fn three_dice_counts() {
        assert_eq!(falls_of_3d6().iter().sum::<u32>(), 216);
        assert_eq!(check_at_least(0, 3), Chance::new(1, 1));
        assert_eq!(check_at_least(0, 18), Chance::new(1, 216));
        let (s, f) = critical_chances();
        assert_eq!((s, f), (Chance::new(4, 216), Chance::new(4, 216)));
    }

    #[test]
    fn the_speed_table() {
        assert_eq!((round_start_ap(0), turn_end_ap(0), max_ap(0)), (6, 6, 18));
        assert_eq!((round_start_ap(2), turn_end_ap(2), max_ap(2)), (8, 8, 24));
        assert_eq!((round_start_ap(4), turn_end_ap(4), max_ap(4)), (11, 10, 31));
        assert_eq!(round_start_ap(6), 14);
    }

    #[test]
    fn fatigue_and_its_states() {
        assert_eq!(fatigue_from(1, 0), 1);
        assert_eq!(fatigue_from(2, 1), 1);
        assert_eq!(fatigue_from(1, 3), 0);
        assert!(exhausted(1, 2) && !staggered(1, 2));
        assert!(staggered(3, 2));
    }
}
