//! Seed001's own refusals (its answers to a Combat Roll and Manipulate): written in the log under their own names, said in
//! English by their `Display`.

use crate::battle::events::RulebookRefusal;
use crate::battle::refusal::Refusal;
use crate::rules::combat_roll::{Defence, Maneuver};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why Seed001 refuses a command of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed001Refusal {
    /// The defence is not one the combatant may take now.
    NoSuchDefence {
        defence: Defence,
        options: Vec<Defence>,
    },
    /// The maneuver is not one the winner may take now.
    NoSuchManeuver {
        maneuver: Maneuver,
        options: Vec<Maneuver>,
    },
    /// Nothing of its own lies on or next to its tile.
    NothingToPickUp,
}

impl RulebookRefusal for Seed001Refusal {
    const NAMES: &'static [&'static str] = &["NoSuchDefence", "NoSuchManeuver", "NothingToPickUp"];
}

impl From<Seed001Refusal> for Refusal {
    fn from(refusal: Seed001Refusal) -> Refusal {
        Refusal::book(refusal)
    }
}

impl fmt::Display for Seed001Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Seed001Refusal as R;
        let text: String = match self {
            R::NoSuchDefence { defence, options } => format!(
                "{defence} is not possible now (possible: {})",
                list(options.iter().map(|d| d.to_string()))
            ),
            R::NoSuchManeuver { maneuver, options } => format!(
                "{} is not possible now (possible: {})",
                maneuver.name(),
                list(options.iter().map(|m| m.name()))
            ),
            R::NothingToPickUp => "nothing of its own lies on or next to its tile".into(),
        };
        f.write_str(&text)
    }
}

fn list(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}
