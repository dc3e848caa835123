//! The odds of a 3d6 roll against a target (presets/Seed003.md, "Preview"), as a preview
//! carries them to the window and the computer player; the rulebook counts them (its
//! folder's `odds.rs`).

use crate::battle::events::Modifier;
use crate::rules::odds::Chance;

/// The numbers of a Seed003 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds3 {
    pub weapon: String,
    /// 3d6 plus this against the Defense.
    pub bonus: i32,
    pub defense: i32,
    pub defense_name: &'static str,
    pub toughness: i32,
    pub modifiers: Vec<Modifier>,
    pub hit: Chance,
    pub critical_success: Chance,
    pub critical_failure: Chance,
    /// The chance a slot of each level (Light … Fatal) is filled, after overflow.
    pub landed: [Chance; 5],
    /// A hit that leaves no wound.
    pub no_wound: Chance,
    pub dying: Chance,
    pub dead: Chance,
    pub unconscious: Chance,
    /// The lowest and highest final damage of a hit.
    pub final_range: (i32, i32),
}

impl Odds3 {
    /// The chance the target goes Down.
    pub fn down(&self) -> Chance {
        self.dying + self.dead + self.unconscious
    }
}

/// The odds of a check: its success, and for a Shove each distance with its chance.
#[derive(Clone, Debug, PartialEq)]
pub struct Check3Odds {
    pub bonus: i32,
    pub against: i32,
    pub success: Chance,
    pub distances: Vec<(u32, Chance)>,
}
