//! Seed002's own refusals (its footwork, Load, Swift Attacks, Stamina, Coup and seized actions): written in the log under their own names, said in
//! English by their `Display`.

use crate::battle::events::RulebookRefusal;
use crate::battle::refusal::Refusal;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why Seed002 refuses a command of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed002Refusal {
    /// A Shift goes to a neighbouring tile.
    NotAdjacentTile {
        at: Pos,
    },
    NotEnoughAgility {
        need: i32,
        have: i32,
    },
    /// No ranged weapon to load, or it is loaded.
    NothingToLoad,
    /// An action carries at most as many Agile steps as the Energy it spends.
    TooManyAgileSteps {
        steps: u32,
        most: u32,
    },
    /// A Swift Attack needs a melee weapon, the round's Swift Attack unused and the
    /// enemy in front.
    NoSwiftAttack,
    /// No Stamina to spend (it may not be spent down to 0, nor while Exhausted or
    /// Shaken).
    NoStamina,
    /// A Coup strikes only an Unconscious enemy (D4).
    NotUnconscious {
        target: String,
    },
    /// A seized action checked again (I4 (3)) finds its actor in this condition
    /// (Prone: tripped by the Seize's winner).
    ActorHas {
        unit: String,
        condition: ConditionKind,
    },
}

impl RulebookRefusal for Seed002Refusal {
    const NAMES: &'static [&'static str] = &[
        "NotAdjacentTile",
        "NotEnoughAgility",
        "NothingToLoad",
        "TooManyAgileSteps",
        "NoSwiftAttack",
        "NoStamina",
        "NotUnconscious",
        "ActorHas",
    ];
}

impl From<Seed002Refusal> for Refusal {
    fn from(refusal: Seed002Refusal) -> Refusal {
        Refusal::book(refusal)
    }
}

impl fmt::Display for Seed002Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Seed002Refusal as R;
        let text: String = match self {
            R::NotAdjacentTile { at } => format!("{at} is not a neighbouring tile"),
            R::NotEnoughAgility { need, have } => format!("needs {need} Agility, has {have}"),
            R::NothingToLoad => "no unloaded ranged weapon to load".into(),
            R::TooManyAgileSteps { steps, most } => {
                format!("{steps} Agile steps; the action's Energy allows {most}")
            }
            R::NoSwiftAttack => {
                "no Swift Attack: it needs a melee weapon, the round's Swift Attack unused and the enemy in front".into()
            }
            R::NoStamina => {
                "no Stamina to spend (never down to 0, nor while Exhausted or Shaken)".into()
            }
            R::NotUnconscious { target } => format!(
                "{target} is not Unconscious: a Coup strikes only an Unconscious enemy (attack it instead)"
            ),
            R::ActorHas { unit, condition } => format!("{unit} is {condition}"),
        };
        f.write_str(&text)
    }
}
