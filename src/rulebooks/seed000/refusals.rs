//! Seed000's own refusals (Switch Places and Hide): written in the log under their own names, said in
//! English by their `Display`.

use crate::battle::events::RulebookRefusal;
use crate::battle::refusal::Refusal;

use serde::{Deserialize, Serialize};
use std::fmt;

/// Why Seed000 refuses a command of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed000Refusal {
    /// Switch Places needs an ally other than oneself.
    NotAnAlly { unit: String },
    /// The ally that would have to pay a Reaction Point has none left.
    NoReactionPoints { unit: String },
    /// An enemy still sees the would-be hider.
    Seen { by: String },
}

impl RulebookRefusal for Seed000Refusal {
    const NAMES: &'static [&'static str] = &["NotAnAlly", "NoReactionPoints", "Seen"];
}

impl From<Seed000Refusal> for Refusal {
    fn from(refusal: Seed000Refusal) -> Refusal {
        Refusal::book(refusal)
    }
}

impl fmt::Display for Seed000Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Seed000Refusal as R;
        let text: String = match self {
            R::NotAnAlly { unit } => format!("{unit} is not an ally to switch places with"),
            R::NoReactionPoints { unit } => format!("{unit} has no Reaction Point left"),
            R::Seen { by } => format!("{by} can see it"),
        };
        f.write_str(&text)
    }
}
