//! Seed003's own refusals (Dash, Change Posture, grapples, acting out of turn, ignoring a flanker and Drag): written in the log under their own names, said in
//! English by their `Display`.

use crate::battle::events::RulebookRefusal;
use crate::battle::refusal::Refusal;
use crate::rules::unit::Posture;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why Seed003 refuses a command of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed003Refusal {
    /// At most two Dashes a round.
    DashLimit,
    /// Change Posture allows standing ↔ crouching ↔ prone, never prone to standing
    /// at once, and a change to another posture.
    PostureChange { from: Posture, to: Posture },
    /// A grapple needs sizes less than 5 apart (size values).
    SizeGap { gap: i32 },
    /// Only a combatant whose initiative is above the active one's may act out
    /// of turn, and only while its side is asked.
    NotOutOfTurn { unit: String },
    /// A side is asked whether to act before a declared action.
    WindowOpen { side: String },
    /// Ignoring a creature already ignored, or one not ignored.
    Ignoring { target: String, already: bool },
    /// A Drag buys 1 to 4 AP of movement.
    DragAp { ap: u32 },
}

impl RulebookRefusal for Seed003Refusal {
    const NAMES: &'static [&'static str] = &[
        "DashLimit",
        "PostureChange",
        "SizeGap",
        "NotOutOfTurn",
        "WindowOpen",
        "Ignoring",
        "DragAp",
    ];
}

impl From<Seed003Refusal> for Refusal {
    fn from(refusal: Seed003Refusal) -> Refusal {
        Refusal::book(refusal)
    }
}

impl fmt::Display for Seed003Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Seed003Refusal as R;
        let text: String = match self {
            R::DashLimit => "already Dashed twice this round".into(),
            R::PostureChange { from, to } => format!("cannot go from {from:?} to {to:?}"),
            R::SizeGap { gap } => format!("the sizes are {gap} apart: a grapple needs less than 5"),
            R::NotOutOfTurn { unit } => format!(
                "{unit} may not act out of turn now: its initiative must be above 0 and above the active combatant's, and its side asked"
            ),
            R::WindowOpen { side } => {
                format!("waiting for {side} to act before the declared action, or to pass")
            }
            R::Ignoring { target, already } => {
                if *already {
                    format!("already ignoring {target}")
                } else {
                    format!("not ignoring {target}")
                }
            }
            R::DragAp { ap } => format!("a Drag buys 1 to 4 AP of movement (got {ap})"),
        };
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::events::{BattleEvent, Command};

    #[test]
    fn its_refusal_is_written_under_its_own_name_read_back_and_said_in_english() {
        let refused = Refusal::from(Seed003Refusal::DragAp { ap: 5 });
        let written = ron::to_string(&refused).unwrap();
        assert_eq!(written, "DragAp(ap:5)");
        assert_eq!(ron::from_str::<Refusal>(&written).unwrap(), refused);
        assert_eq!(
            refused.to_string(),
            "a Drag buys 1 to 4 AP of movement (got 5)"
        );
        assert_eq!(refused.of_book(), Some(&Seed003Refusal::DragAp { ap: 5 }));
        // A core refusal beside it still reads as the core's.
        let core = ron::from_str::<Refusal>("NoTurn").unwrap();
        assert_eq!(core, Refusal::NoTurn);
        assert!(ron::from_str::<Refusal>("NoSuchRefusal").is_err());
        // In the log, inside the event that carries it.
        let event = BattleEvent::Rejected {
            command: Command::EndTurn { unit: "A".into() },
            refusal: refused,
        };
        let line = ron::to_string(&event).unwrap();
        assert!(line.contains("refusal:DragAp(ap:5)"), "{line}");
        assert_eq!(ron::from_str::<BattleEvent>(&line).unwrap(), event);
    }
}
