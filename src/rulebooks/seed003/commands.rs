//! Seed003's own commands (presets/Seed003.md, C2–C8, F3, I4), written in replays under their
//! own names (`Dash(unit: "Ada")`), and how the window and the computer player make them.

use crate::battle::events::{Aim, Command, RulebookCommand};
use crate::rulebooks::seed003::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::unit::Posture;
use serde::{Deserialize, Serialize};

/// A command only Seed003 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed003Command {
    /// Double the move rate for the round (a second Dash: a check adds to it).
    Dash { unit: String },
    /// Stand, crouch or lie down.
    ChangePosture { unit: String, to: Posture },
    /// A melee attack roll that sets the actor's Defense against the target's Rebuffs for
    /// the rest of the turn.
    CreateOpening { unit: String, target: String },
    /// Hold the grapple partner down.
    Pin { unit: String },
    /// Pay `ap` AP (1–4) of movement and walk `path`, dragging the grapple partner.
    Drag {
        unit: String,
        ap: u32,
        path: Vec<Pos>,
    },
    /// Initiative + 1d6.
    SeizeInitiative { unit: String },
    /// Ignore a hostile creature for flanking (or stop ignoring it).
    Ignore {
        unit: String,
        target: String,
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        ignore: bool,
    },
    /// In a window before an enemy's declared action, a faster combatant of the side asked
    /// acts out of turn (the command is its own, as on its turn).
    Interrupt { unit: String, command: Box<Command> },
    /// The side asked lets the declared action go ahead (or ends its window).
    Pass { side: String },
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

impl RulebookCommand for Seed003Command {
    const NAMES: &'static [&'static str] = &[
        "Dash",
        "ChangePosture",
        "CreateOpening",
        "Pin",
        "Drag",
        "SeizeInitiative",
        "Ignore",
        "Interrupt",
        "Pass",
    ];

    fn actor(&self) -> &str {
        match self {
            Seed003Command::Dash { unit }
            | Seed003Command::ChangePosture { unit, .. }
            | Seed003Command::CreateOpening { unit, .. }
            | Seed003Command::Pin { unit }
            | Seed003Command::Drag { unit, .. }
            | Seed003Command::SeizeInitiative { unit }
            | Seed003Command::Ignore { unit, .. }
            | Seed003Command::Interrupt { unit, .. } => unit,
            Seed003Command::Pass { side } => side,
        }
    }

    fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Seed003Command::Dash { .. } => action_names::DASH,
            Seed003Command::ChangePosture { .. } => action_names::CHANGE_POSTURE,
            Seed003Command::CreateOpening { .. } => action_names::CREATE_OPENING,
            Seed003Command::Pin { .. } => action_names::PIN,
            Seed003Command::Drag { .. } => action_names::DRAG,
            Seed003Command::SeizeInitiative { .. } => action_names::SEIZE_INITIATIVE,
            Seed003Command::Ignore { .. } => action_names::IGNORE,
            Seed003Command::Interrupt { command, .. } => return command.action(),
            Seed003Command::Pass { .. } => return None,
        })
    }

    fn answers(&self) -> bool {
        matches!(
            self,
            Seed003Command::Interrupt { .. } | Seed003Command::Pass { .. }
        )
    }

    fn by_side(&self) -> bool {
        matches!(self, Seed003Command::Pass { .. })
    }
}

impl From<Seed003Command> for Command {
    fn from(command: Seed003Command) -> Command {
        Command::book(command)
    }
}

/// The command of one of its actions, at what `aim` gives.
pub(super) fn command_of(kind: ActionKind, unit: &str, aim: &Aim) -> Option<Command> {
    let unit = unit.to_string();
    let target = || aim.target.clone();
    Some(Command::book(match kind {
        action_names::DASH => Seed003Command::Dash { unit },
        action_names::PIN => Seed003Command::Pin { unit },
        action_names::SEIZE_INITIATIVE => Seed003Command::SeizeInitiative { unit },
        action_names::CREATE_OPENING => Seed003Command::CreateOpening {
            unit,
            target: target()?,
        },
        // Aimed at no tile: the Drag of an empty path, 1 AP, which the battle refuses for
        // its path alone when nothing else stops it (how the window asks whether a Drag
        // could be taken at all).
        action_names::DRAG if aim.tile.is_none() => Seed003Command::Drag {
            unit,
            ap: 1,
            path: Vec::new(),
        },
        action_names::IGNORE => Seed003Command::Ignore {
            unit,
            target: target()?,
            ignore: true,
        },
        _ => return None,
    }))
}
