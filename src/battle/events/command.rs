//! What a player (or a replay, test or the computer player) asks a combatant to do.

use super::HeldAction;
use super::book_command::{BookCommand, RulebookCommand};
use super::open::open_enum;
use crate::rules::actions::{ActionKind, ReactionManeuver};
use crate::rules::combat_roll::Maneuver;
use crate::rules::grid::{Dir8, Pos};
use bevy::prelude::Message;
use serde::{Deserialize, Serialize};

/// Whom a delaying combatant waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DelayUntil {
    /// Act right after this combatant's turn.
    After(String),
    /// Act at the end of the round (several such act in initiative order).
    EndOfRound,
}

open_enum! {
    /// Every intent a player (or a replay, test or AI) can express. Each names the acting
    /// combatant; the battle refuses it with a reason if it is not that combatant's turn or
    /// the rules forbid it, and then nothing changes.
    #[derive(Message, Clone, Debug, PartialEq, Eq, Serialize)]
    pub enum Command: "Command", CoreCommand, CORE_COMMANDS, BookCommand, "a command" {
    /// Walk to a tile by the cheapest path, spending the free pool first and then 1 AP per
    /// `movement` metres as needed.
    Move {
        unit: String,
        to: Pos,
    },
    /// Walk along exactly these tiles (each a neighbour of the one before).
    MovePath {
        unit: String,
        path: Vec<Pos>,
    },
    /// 3 AP: add 4 × movement metres to the pool. Seed002: a Sprint to this tile.
    Sprint {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Pos>,
    },
    /// 2 AP: one weapon attack. The first weapon that can reach is used when none is named.
    Attack {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
        /// What some presets let an attack say in advance.
        #[serde(default, skip_serializing_if = "AttackOptions::is_plain")]
        options: AttackOptions,
    },
    Defend {
        unit: String,
    },
    TakeCover {
        unit: String,
    },
    Disengage {
        unit: String,
    },
    Shove {
        unit: String,
        target: String,
        /// Seed003: where to (default: straight away from the shover).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        dir: Option<Dir8>,
        /// Seed003: how far, up to what the check allows (default: all of it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        distance: Option<u32>,
    },
    Trip {
        unit: String,
        target: String,
    },
    Grab {
        unit: String,
        target: String,
    },
    Escape {
        unit: String,
    },
    /// Free: let go of the creature you are grappling.
    Release {
        unit: String,
    },
    StandUp {
        unit: String,
    },
    Charge {
        unit: String,
        target: String,
    },
    Stabilize {
        unit: String,
        target: String,
    },
    Face {
        unit: String,
        facing: Dir8,
    },
    Delay {
        unit: String,
        until: DelayUntil,
    },
    EndTurn {
        unit: String,
    },
    /// Take back the moves made since the last roll or reaction this turn.
    UndoMove {
        unit: String,
    },
    /// Answer a `ReactionOffered` event.
    AnswerReaction {
        reactor: String,
        accept: bool,
        /// A reaction taken as one of its rulebook's maneuvers (Seed002's Swift Attack as a
        /// Trip, X1); `None`, as in old replays: a blow.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        maneuver: Option<ReactionManeuver>,
    },
    /// Seed004: ready an attack with the named weapon (the first one when none is named)
    /// for the first enemy that steps into its reach or range before the next turn.
    Ready {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
        /// Seed003: the readied action (default: an attack with the weapon) and what sets
        /// it off (default: an enemy entering reach).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        action: Option<HeldAction>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trigger: Option<ReadyTrigger>,
    },
        /// The rulebook in force's own action (`Rulebook::plan_own`), in the form every
        /// rulebook may use: `Own((unit: "Ada", action: "Rally"))`.
        Own(crate::battle::own::OwnCommand),
    }
}

impl Command {
    /// Whether `name` is one of the core's commands (a rulebook's may not take it).
    pub fn is_core_name(name: &str) -> bool {
        CORE_COMMANDS.contains(&name)
    }

    /// A rulebook's own command, as the core carries it.
    pub fn book<C: RulebookCommand>(command: C) -> Command {
        Command::Book(BookCommand::new(command))
    }

    /// The combatant it is aimed at, if any.
    pub fn target(&self) -> Option<&str> {
        match self {
            Command::Attack { target, .. }
            | Command::Shove { target, .. }
            | Command::Trip { target, .. }
            | Command::Grab { target, .. }
            | Command::Charge { target, .. }
            | Command::Stabilize { target, .. } => Some(target),
            Command::Own(own) => own.target.as_deref(),
            Command::Book(book) => book.target(),
            _ => None,
        }
    }

    /// Whether it answers a question the battle asks: refused when none is asked.
    pub fn answers(&self) -> bool {
        match self {
            Command::AnswerReaction { .. } => true,
            Command::Book(book) => book.answers(),
            _ => false,
        }
    }

    /// Whether a side issues it, not a combatant (`actor` is then the side's name).
    pub fn by_side(&self) -> bool {
        matches!(self, Command::Book(book) if book.by_side())
    }

    /// A rulebook's own command of type `C`, if this is one.
    pub fn of_book<C: RulebookCommand>(&self) -> Option<&C> {
        match self {
            Command::Book(b) => b.get(),
            _ => None,
        }
    }
}

/// What a rulebook's own action is aimed at, for `Rulebook::command_of`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Aim {
    /// The combatant it is aimed at.
    pub target: Option<String>,
    /// The tile it is aimed at.
    pub tile: Option<Pos>,
    /// The weapon it uses.
    pub weapon: Option<String>,
}

/// Seed003: what sets off a readied action (X5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ReadyTrigger {
    /// An enemy ends a willing step where the action can target it.
    #[default]
    EnemyEntersReach,
    /// An enemy's declared action has resolved, in line of sight.
    EnemyActs,
}

/// Seed003's attack styles (E2, D3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum AttackStyle {
    #[default]
    Standard,
    /// Melee, 3 AP: the wound is a step lighter.
    Quick,
    /// Melee, 5 AP and 1 Stamina: a d6 more damage on a hit.
    Strong,
}

/// Seed000: what sets off a held action (presets/Seed000.md, "Triggers").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// An enemy (the named one, if given) ends a willing step where the action is legal
    /// against it.
    EnemyStep(Option<String>),
    /// An enemy (the named one, if given) declares an attack, and the action is legal
    /// against it; it fires before the attack's roll.
    EnemyAttack(Option<String>),
}

impl Trigger {
    /// The one enemy it waits for, if it names one.
    pub fn named(&self) -> Option<&str> {
        match self {
            Trigger::EnemyStep(n) | Trigger::EnemyAttack(n) => n.as_deref(),
        }
    }

    /// Whether it waits for this happening (a step, else an attack) by the enemy `name`.
    pub fn fires_on(&self, step: bool, name: &str) -> bool {
        matches!(self, Trigger::EnemyStep(_)) == step && self.named().is_none_or(|n| n == name)
    }
}

/// What some presets let an attack say in advance.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackOptions {
    /// Seed001: the maneuver to take on a critical win (instead of being asked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maneuver: Option<Maneuver>,
    /// Seed000: a non-lethal attack (Holy damage is non-lethal unless this says `false`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub non_lethal: Option<bool>,
    /// Seed000: a ranged attack leaning out of full cover from this adjacent tile.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lean: Option<Pos>,
    /// Seed002: with bare hands (an Unarmed Attack).
    #[serde(default, skip_serializing_if = "is_false")]
    pub unarmed: bool,
    /// Seed002: a Swift Attack as the unit's own action, on an Unguarded enemy.
    #[serde(default, skip_serializing_if = "is_false")]
    pub swift: bool,
    /// Seed002: Agile steps before the attack, and after it (1 Agility a metre).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agile_before: Vec<Pos>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agile_after: Vec<Pos>,
    /// Seed004: after this melee attack, pay 8 Vigor for an off-hand blow on the target.
    #[serde(default, skip_serializing_if = "is_false")]
    pub off_hand: bool,
    /// Seed003: a Quick or Strong Attack (a Nonlethal one is `non_lethal`).
    #[serde(default, skip_serializing_if = "is_standard")]
    pub style: AttackStyle,
    /// Seed003: the heaviest wound a Nonlethal Attack may deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<crate::rules::wound_level::WoundLevel>,
}

fn is_standard(s: &AttackStyle) -> bool {
    *s == AttackStyle::Standard
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl AttackOptions {
    pub fn is_plain(&self) -> bool {
        *self == AttackOptions::default()
    }

    /// Whether they leave the attack the core's Attack: a Standard style and no cap on
    /// its wound (else a rulebook's own attack action, `Rulebook::attack_action`).
    pub fn is_plain_style(&self) -> bool {
        self.style == AttackStyle::Standard && self.cap.is_none()
    }
}

impl Command {
    /// The command of an action aimed at another combatant: the core's, else the one a
    /// rulebook makes of its own action (`Rulebook::command_of`); `None` when none does.
    pub fn targeted(
        kind: ActionKind,
        unit: &str,
        target: &str,
        weapon: Option<String>,
    ) -> Option<Command> {
        let (unit, target) = (unit.to_string(), target.to_string());
        Some(match kind {
            ActionKind::Attack => Command::Attack {
                unit,
                target,
                weapon,
                options: AttackOptions::default(),
            },
            ActionKind::Shove => Command::Shove {
                unit,
                target,
                dir: None,
                distance: None,
            },
            ActionKind::Trip => Command::Trip { unit, target },
            ActionKind::Grab => Command::Grab { unit, target },
            ActionKind::Charge => Command::Charge { unit, target },
            ActionKind::Stabilize => Command::Stabilize { unit, target },
            _ => {
                let aim = Aim {
                    target: Some(target),
                    weapon,
                    tile: None,
                };
                return crate::rulebooks::command_of(kind, &unit, &aim);
            }
        })
    }

    /// The command of an action taken at once, with no target or tile: the core's, else a
    /// rulebook's (`Rulebook::command_of`); `None` when none makes one.
    pub fn untargeted(kind: ActionKind, unit: &str) -> Option<Command> {
        let unit = unit.to_string();
        Some(match kind {
            ActionKind::Defend => Command::Defend { unit },
            ActionKind::TakeCover => Command::TakeCover { unit },
            ActionKind::Disengage => Command::Disengage { unit },
            ActionKind::Sprint => Command::Sprint { unit, to: None },
            ActionKind::StandUp => Command::StandUp { unit },
            ActionKind::Escape => Command::Escape { unit },
            ActionKind::Release => Command::Release { unit },
            ActionKind::EndTurn => Command::EndTurn { unit },
            ActionKind::Ready => Command::Ready {
                unit,
                weapon: None,
                action: None,
                trigger: None,
            },
            _ => return crate::rulebooks::command_of(kind, &unit, &Aim::default()),
        })
    }

    /// The combatant who issues the command.
    pub fn actor(&self) -> &str {
        match self {
            Command::Move { unit, .. }
            | Command::MovePath { unit, .. }
            | Command::Sprint { unit, .. }
            | Command::Attack { unit, .. }
            | Command::Defend { unit }
            | Command::TakeCover { unit }
            | Command::Disengage { unit }
            | Command::Shove { unit, .. }
            | Command::Trip { unit, .. }
            | Command::Grab { unit, .. }
            | Command::Escape { unit }
            | Command::Release { unit }
            | Command::StandUp { unit }
            | Command::Charge { unit, .. }
            | Command::Stabilize { unit, .. }
            | Command::Face { unit, .. }
            | Command::Delay { unit, .. }
            | Command::EndTurn { unit }
            | Command::UndoMove { unit }
            | Command::Ready { unit, .. } => unit,
            Command::AnswerReaction { reactor, .. } => reactor,
            Command::Own(own) => &own.unit,
            Command::Book(book) => book.actor(),
        }
    }

    /// A short name for the action, as shown in logs and the action bar.
    pub fn action_name(&self) -> &'static str {
        match self.action() {
            Some(kind) => kind.label(),
            None if matches!(self, Command::UndoMove { .. }) => "Undo",
            None => "Answer",
        }
    }

    /// The action the command takes (`None` for taking moves back and answering a
    /// reaction offer).
    pub fn action(&self) -> Option<ActionKind> {
        Some(match self {
            Command::Move { .. } | Command::MovePath { .. } => ActionKind::Move,
            Command::Sprint { .. } => ActionKind::Sprint,
            Command::Own(own) => ActionKind::Own(own.action),
            Command::Attack { options, .. } if options.is_plain_style() => ActionKind::Attack,
            Command::Attack { options, .. } => crate::rulebooks::attack_action(options),
            Command::Defend { .. } => ActionKind::Defend,
            Command::TakeCover { .. } => ActionKind::TakeCover,
            Command::Disengage { .. } => ActionKind::Disengage,
            Command::Shove { .. } => ActionKind::Shove,
            Command::Trip { .. } => ActionKind::Trip,
            Command::Grab { .. } => ActionKind::Grab,
            Command::Escape { .. } => ActionKind::Escape,
            Command::Release { .. } => ActionKind::Release,
            Command::StandUp { .. } => ActionKind::StandUp,
            Command::Charge { .. } => ActionKind::Charge,
            Command::Stabilize { .. } => ActionKind::Stabilize,
            Command::Face { .. } => ActionKind::Face,
            Command::Delay { .. } => ActionKind::Delay,
            Command::EndTurn { .. } => ActionKind::EndTurn,
            Command::Ready { .. } => ActionKind::Ready,
            Command::Book(book) => return book.action(),
            Command::UndoMove { .. } | Command::AnswerReaction { .. } => return None,
        })
    }
}
