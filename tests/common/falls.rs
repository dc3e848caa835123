//! Brute force through the real battle: every way the dice of an action can fall. The
//! action is played once per prefix of scripted dice; the first die rolled past the prefix
//! (its size read from the log) branches on each of its faces. Branches less likely than a
//! floor are cut, and their total chance returned, so that a check can bound what the cut
//! leaves out (an exploding die has no last face).

use super::Fight;
use skirmish::battle::events::BattleEvent;

/// Which dice to branch on.
pub struct Search {
    /// Dice fixed before the branching ones (what sets the scene up).
    pub head: Vec<u32>,
    /// How many dice after the head branch (later ones roll at random, and the visit must
    /// not depend on them).
    pub dice: usize,
    /// Only dice rolled for a purpose containing one of these branch (none: every die);
    /// the others fall on `otherwise`.
    pub only: &'static [&'static str],
    pub otherwise: u32,
    /// Branches less likely than this are cut.
    pub floor: f64,
}

impl Default for Search {
    fn default() -> Self {
        Search {
            head: Vec::new(),
            dice: usize::MAX,
            only: &[],
            otherwise: 1,
            floor: 1e-5,
        }
    }
}

/// Play `act` on a fresh battle `start(dice)` for every fall of its dice; `visit` sees each
/// whole fall's battle, its events and its chance. Returns the chance of the cut branches.
pub fn every_fall(
    search: &Search,
    start: impl Fn(&[u32]) -> Fight,
    act: impl Fn(&mut Fight) -> Vec<BattleEvent>,
    mut visit: impl FnMut(&mut Fight, &[BattleEvent], f64),
) -> f64 {
    let mut cut = 0.0;
    let mut open = vec![(search.head.clone(), 1.0)];
    while let Some((prefix, chance)) = open.pop() {
        let mut f = start(&prefix);
        let events = act(&mut f);
        let rolled: Vec<(u32, String)> = f
            .log()
            .iter()
            .filter_map(|e| match e {
                BattleEvent::Rolled { die, purpose, .. } => Some((*die, purpose.clone())),
                _ => None,
            })
            .collect();
        let branched = prefix.len() - search.head.len();
        let next = rolled.get(prefix.len()).filter(|_| branched < search.dice);
        let Some((sides, purpose)) = next else {
            visit(&mut f, &events, chance);
            continue;
        };
        let sides = *sides;
        if !search.only.is_empty() && !search.only.iter().any(|o| purpose.contains(o)) {
            let mut longer = prefix.clone();
            longer.push(search.otherwise.min(sides));
            open.push((longer, chance));
            continue;
        }
        let each = chance / f64::from(sides);
        if each < search.floor {
            cut += chance;
            continue;
        }
        for face in 1..=sides {
            let mut longer = prefix.clone();
            longer.push(face);
            open.push((longer, each));
        }
    }
    cut
}
