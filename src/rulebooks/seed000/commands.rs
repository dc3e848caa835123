//! Seed000's own commands (presets/Seed000.md: Disarm, Hide, Switch Places, held actions),
//! written in replays under their own names (`Hide(unit: "Ada")`), and how the window and the
//! computer player make them.

use crate::battle::events::{Aim, Command, HeldAction, RulebookCommand, Trigger};
use crate::rulebooks::seed000::action_names;
use crate::rules::actions::ActionKind;
use serde::{Deserialize, Serialize};

/// A command only Seed000 has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seed000Command {
    /// Take a held weapon from an enemy within 1 m (its first held weapon when none is
    /// named), after winning a contest.
    Disarm {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Hide from every enemy, out of their sight.
    Hide { unit: String },
    /// Swap tiles with an adjacent ally, which pays 1 RP.
    SwitchPlaces { unit: String, ally: String },
    /// Pay an action's AP now; it fires by itself against the enemy that sets off its
    /// trigger, before the holder's next turn.
    Hold {
        unit: String,
        action: HeldAction,
        trigger: Trigger,
    },
}

impl RulebookCommand for Seed000Command {
    const NAMES: &'static [&'static str] = &["Disarm", "Hide", "SwitchPlaces", "Hold"];

    fn actor(&self) -> &str {
        match self {
            Seed000Command::Disarm { unit, .. }
            | Seed000Command::Hide { unit }
            | Seed000Command::SwitchPlaces { unit, .. }
            | Seed000Command::Hold { unit, .. } => unit,
        }
    }

    fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Seed000Command::Disarm { .. } => action_names::DISARM,
            Seed000Command::Hide { .. } => action_names::HIDE,
            Seed000Command::SwitchPlaces { .. } => action_names::SWITCH_PLACES,
            Seed000Command::Hold { .. } => action_names::HOLD,
        })
    }

    fn target(&self) -> Option<&str> {
        match self {
            Seed000Command::Disarm { target, .. } => Some(target),
            Seed000Command::SwitchPlaces { ally, .. } => Some(ally),
            _ => None,
        }
    }
}

impl From<Seed000Command> for Command {
    fn from(command: Seed000Command) -> Command {
        Command::book(command)
    }
}

/// The command of one of its actions, at what `aim` gives. The window's Hold readies an
/// attack (the first weapon that reaches) for the next step of any enemy.
pub(super) fn command_of(kind: ActionKind, unit: &str, aim: &Aim) -> Option<Command> {
    let unit = unit.to_string();
    let target = || aim.target.clone();
    Some(Command::book(match kind {
        // The weapon aimed with is the actor's own; a Disarm names the target's, and
        // without one takes its first held weapon.
        action_names::DISARM => Seed000Command::Disarm {
            unit,
            target: target()?,
            weapon: None,
        },
        action_names::HIDE => Seed000Command::Hide { unit },
        action_names::SWITCH_PLACES => Seed000Command::SwitchPlaces {
            unit,
            ally: target()?,
        },
        action_names::HOLD => Seed000Command::Hold {
            unit,
            action: HeldAction::Attack(aim.weapon.clone()),
            trigger: Trigger::EnemyStep(None),
        },
        _ => return None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window aims a Disarm with the weapon picked for attacks, the actor's own: the
    /// command names none of the target's, so the first one it holds is taken.
    #[test]
    fn a_disarm_from_the_window_names_no_weapon_of_the_target() {
        let cmd = Command::targeted(action_names::DISARM, "Ada", "Nib", Some("sword".into()));
        assert_eq!(
            cmd,
            Some(Command::from(Seed000Command::Disarm {
                unit: "Ada".into(),
                target: "Nib".into(),
                weapon: None,
            }))
        );
    }
}
