//! Seed002's own commands (presets/Seed002.md, M5, M6, C3, C7, D4), written in replays under
//! their own names (`Kneel(unit: "Ada")`), and how the window and the computer player make
//! them from an action.

use crate::battle::events::{Aim, Command, RulebookCommand};
use crate::rulebooks::seed002::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use serde::{Deserialize, Serialize};

/// A command only Seed002 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed002Command {
    /// One metre of footwork to a neighbouring tile, paid in Agility (`true`; the default
    /// when it has 2 per metre) or Energy (`false`).
    Shift {
        unit: String,
        to: Pos,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        agility: Option<bool>,
    },
    /// From Prone to Kneeling.
    Kneel { unit: String },
    /// Load a ranged weapon (the first unloaded one when none is named).
    Load {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Regain a Stamina for 3 Energy (or all that is left).
    CatchBreath { unit: String },
    /// A 1-Energy blow on an Unconscious enemy in reach (D4), with a melee weapon.
    Coup {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
}

impl RulebookCommand for Seed002Command {
    const NAMES: &'static [&'static str] = &["Shift", "Kneel", "Load", "CatchBreath", "Coup"];

    fn actor(&self) -> &str {
        match self {
            Seed002Command::Shift { unit, .. }
            | Seed002Command::Kneel { unit }
            | Seed002Command::Load { unit, .. }
            | Seed002Command::CatchBreath { unit }
            | Seed002Command::Coup { unit, .. } => unit,
        }
    }

    fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Seed002Command::Shift { .. } => action_names::SHIFT,
            Seed002Command::Kneel { .. } => action_names::KNEEL,
            Seed002Command::Load { .. } => action_names::LOAD,
            Seed002Command::CatchBreath { .. } => action_names::CATCH_BREATH,
            Seed002Command::Coup { .. } => action_names::COUP,
        })
    }
}

impl From<Seed002Command> for Command {
    fn from(command: Seed002Command) -> Command {
        Command::book(command)
    }
}

/// The command of one of its actions, at what `aim` gives.
pub(super) fn command_of(kind: ActionKind, unit: &str, aim: &Aim) -> Option<Command> {
    let unit = unit.to_string();
    let weapon = aim.weapon.clone();
    Some(Command::book(match kind {
        action_names::SHIFT => Seed002Command::Shift {
            unit,
            to: aim.tile?,
            agility: None,
        },
        action_names::KNEEL => Seed002Command::Kneel { unit },
        action_names::LOAD => Seed002Command::Load { unit, weapon },
        action_names::CATCH_BREATH => Seed002Command::CatchBreath { unit },
        action_names::COUP => Seed002Command::Coup {
            unit,
            target: aim.target.clone()?,
            weapon,
        },
        _ => return None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<Command>, ron::error::SpannedError> {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
    }

    #[test]
    fn its_commands_read_and_write_under_their_own_names() {
        let text = r#"[Kneel(unit:"Ada"),Coup(unit:"Ada",target:"Nib",weapon:"axe"),Move(unit:"Ada",to:(1,2)),Interrupt(unit:"Bo",command:Shift(unit:"Bo",to:(2,2),agility:false))]"#;
        let commands = read(text).unwrap();
        assert_eq!(
            commands[0].of_book::<Seed002Command>(),
            Some(&Seed002Command::Kneel { unit: "Ada".into() })
        );
        assert_eq!(
            commands[1],
            Seed002Command::Coup {
                unit: "Ada".into(),
                target: "Nib".into(),
                weapon: Some("axe".into()),
            }
            .into()
        );
        assert_eq!(commands[1].actor(), "Ada");
        assert_eq!(commands[1].action(), Some(action_names::COUP));
        assert!(matches!(commands[2], Command::Move { .. }));
        let Some(crate::rulebooks::seed003::Seed003Command::Interrupt { command, .. }) =
            commands[3].of_book()
        else {
            panic!("an Interrupt: {:?}", commands[3]);
        };
        assert_eq!(command.action(), Some(action_names::SHIFT));
        let written = ron::to_string(&commands).unwrap();
        assert_eq!(
            written
                .replace("Some(\"axe\")", "\"axe\"")
                .replace("Some(false)", "false"),
            text
        );
        assert_eq!(read(&written).unwrap(), commands);
    }

    #[test]
    fn a_misspelt_command_says_what_and_where() {
        let err =
            read("[Kneel(unit: \"Ada\"),\n Coup(unit: \"Ada\", targt: \"Nib\")]").unwrap_err();
        assert_eq!(err.span.start.line, 2, "{err}");
        assert!(
            err.to_string()
                .contains("missing field named `target` in `Coup`"),
            "{err}"
        );
        let err = read("[Knell(unit: \"Ada\")]").unwrap_err();
        assert!(err.to_string().contains("Knell"), "{err}");
    }

    #[test]
    fn the_window_and_the_computer_make_its_commands_from_an_action() {
        let aim = Aim {
            tile: Some(Pos::new(2, 3)),
            ..Aim::default()
        };
        let shift = crate::rulebooks::command_of(action_names::SHIFT, "Ada", &aim).unwrap();
        assert_eq!(shift.actor(), "Ada");
        assert_eq!(shift.action(), Some(action_names::SHIFT));
        assert!(
            crate::rulebooks::command_of(action_names::COUP, "Ada", &aim).is_none(),
            "a Coup needs a target"
        );
        assert_eq!(
            Command::targeted(action_names::COUP, "Ada", "Nib", None),
            Some(
                Seed002Command::Coup {
                    unit: "Ada".into(),
                    target: "Nib".into(),
                    weapon: None
                }
                .into()
            )
        );
    }
}
