//! What a player (or a replay, test or the computer player) asks a combatant to do.

use super::HeldAction;
use crate::rules::actions::{ActionKind, SwiftManeuver};
use crate::rules::combat_roll::{Defence, Maneuver};
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

/// Every intent a player (or a replay, test or AI) can express. Each names the acting
/// combatant; the battle refuses it with a reason if it is not that combatant's turn or the
/// rules forbid it, and then nothing changes.
#[derive(Message, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
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
        /// Seed002 (X1): a Swift Attack made as a maneuver (`None`, as in old replays: a blow).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        maneuver: Option<SwiftManeuver>,
    },
    /// Answer a `DefenceOffered` event: how the attacked combatant meets a Combat Roll
    /// (Seed001). `None` pays nothing and rolls no die.
    ChooseDefence {
        unit: String,
        defence: Defence,
    },
    /// Answer a `ManeuverOffered` event: the winner of a critical win picks a maneuver, or
    /// none (Seed001).
    ChooseManeuver {
        unit: String,
        maneuver: Option<Maneuver>,
    },
    /// Seed001: pick up one's own dropped item from this tile or a neighbouring one.
    Manipulate {
        unit: String,
    },
    /// Seed000: take a held weapon from an enemy within 1 m (its first held weapon when
    /// none is named), after winning a contest.
    Disarm {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Seed000: hide from every enemy, out of their sight.
    Hide {
        unit: String,
    },
    /// Seed000: swap tiles with an adjacent ally, which pays 1 RP.
    SwitchPlaces {
        unit: String,
        ally: String,
    },
    /// Seed000: pay an action's AP now; it fires by itself against the enemy that sets off
    /// its trigger, before the holder's next turn.
    Hold {
        unit: String,
        action: HeldAction,
        trigger: Trigger,
    },
    /// Seed004: tend an adjacent ally (stabilize it in Shock, else restore Durability).
    FirstAid {
        unit: String,
        target: String,
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
    /// Seed002: one metre of footwork to a neighbouring tile, paid in Agility (`true`; the
    /// default when it has 2 per metre) or Energy (`false`).
    Shift {
        unit: String,
        to: Pos,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        agility: Option<bool>,
    },
    /// Seed002: from Prone to Kneeling.
    Kneel {
        unit: String,
    },
    /// Seed002: load a ranged weapon (the first unloaded one when none is named).
    Load {
        unit: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Seed002: regain a Stamina for 3 Energy (or all that is left).
    CatchBreath {
        unit: String,
    },
    /// Seed002: a 1-Energy blow on an Unconscious enemy in reach (D4), with a melee weapon.
    Coup {
        unit: String,
        target: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        weapon: Option<String>,
    },
    /// Seed003: double the move rate for the round (a second Dash: a check adds to it).
    Dash {
        unit: String,
    },
    /// Seed003: stand, crouch or lie down.
    ChangePosture {
        unit: String,
        to: crate::rules::unit::Posture,
    },
    /// Seed003: a melee attack roll that sets the actor's Defense against the target's
    /// Rebuffs for the rest of the turn.
    CreateOpening {
        unit: String,
        target: String,
    },
    /// Seed003: hold the grapple partner down.
    Pin {
        unit: String,
    },
    /// Seed003: pay `ap` AP (1–4) of movement and walk `path`, dragging the grapple partner.
    Drag {
        unit: String,
        ap: u32,
        path: Vec<Pos>,
    },
    /// Seed003: initiative + 1d6.
    SeizeInitiative {
        unit: String,
    },
    /// Seed003: ignore a hostile creature for flanking (or stop ignoring it).
    Ignore {
        unit: String,
        target: String,
        #[serde(default = "yes", skip_serializing_if = "is_true")]
        ignore: bool,
    },
    /// Seed003: in a window before an enemy's declared action, a faster combatant of the
    /// side asked acts out of turn (the command is its own, as on its turn).
    Interrupt {
        unit: String,
        command: Box<Command>,
    },
    /// Seed003: the side asked lets the declared action go ahead (or ends its window).
    Pass {
        side: String,
    },
    /// The rulebook in force's own action (`Rulebook::plan_own`).
    Own(crate::battle::own::OwnCommand),
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
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
}

impl Command {
    /// The command of an action aimed at another combatant (`None` for other actions).
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
            ActionKind::Disarm => Command::Disarm {
                unit,
                target,
                weapon: None,
            },
            ActionKind::SwitchPlaces => Command::SwitchPlaces { unit, ally: target },
            ActionKind::FirstAid => Command::FirstAid { unit, target },
            ActionKind::CreateOpening => Command::CreateOpening { unit, target },
            ActionKind::Ignore => Command::Ignore {
                unit,
                target,
                ignore: true,
            },
            ActionKind::Coup => Command::Coup {
                unit,
                target,
                weapon,
            },
            _ => return None,
        })
    }

    /// The command of an action that needs neither a target nor a tile (`None` for others).
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
            ActionKind::Hide => Command::Hide { unit },
            ActionKind::Ready => Command::Ready {
                unit,
                weapon: None,
                action: None,
                trigger: None,
            },
            ActionKind::Dash => Command::Dash { unit },
            ActionKind::Pin => Command::Pin { unit },
            ActionKind::SeizeInitiative => Command::SeizeInitiative { unit },
            ActionKind::Kneel => Command::Kneel { unit },
            ActionKind::Load => Command::Load { unit, weapon: None },
            ActionKind::CatchBreath => Command::CatchBreath { unit },
            _ => return None,
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
            | Command::ChooseDefence { unit, .. }
            | Command::ChooseManeuver { unit, .. }
            | Command::Manipulate { unit }
            | Command::Disarm { unit, .. }
            | Command::Hide { unit }
            | Command::SwitchPlaces { unit, .. }
            | Command::Hold { unit, .. }
            | Command::FirstAid { unit, .. }
            | Command::Ready { unit, .. }
            | Command::Shift { unit, .. }
            | Command::Kneel { unit }
            | Command::Load { unit, .. }
            | Command::CatchBreath { unit }
            | Command::Coup { unit, .. }
            | Command::Dash { unit }
            | Command::ChangePosture { unit, .. }
            | Command::CreateOpening { unit, .. }
            | Command::Pin { unit }
            | Command::Drag { unit, .. }
            | Command::SeizeInitiative { unit }
            | Command::Ignore { unit, .. }
            | Command::Interrupt { unit, .. } => unit,
            Command::AnswerReaction { reactor, .. } => reactor,
            Command::Pass { side } => side,
            Command::Own(own) => &own.unit,
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
            Command::Attack { options, .. } => match options.style {
                AttackStyle::Quick => ActionKind::QuickAttack,
                AttackStyle::Strong => ActionKind::StrongAttack,
                AttackStyle::Standard
                    if options.non_lethal == Some(true) && options.cap.is_some() =>
                {
                    ActionKind::NonlethalAttack
                }
                AttackStyle::Standard => ActionKind::Attack,
            },
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
            Command::Manipulate { .. } => ActionKind::Manipulate,
            Command::Disarm { .. } => ActionKind::Disarm,
            Command::Hide { .. } => ActionKind::Hide,
            Command::SwitchPlaces { .. } => ActionKind::SwitchPlaces,
            Command::Hold { .. } => ActionKind::Hold,
            Command::FirstAid { .. } => ActionKind::FirstAid,
            Command::Ready { .. } => ActionKind::Ready,
            Command::Shift { .. } => ActionKind::Shift,
            Command::Kneel { .. } => ActionKind::Kneel,
            Command::Load { .. } => ActionKind::Load,
            Command::CatchBreath { .. } => ActionKind::CatchBreath,
            Command::Coup { .. } => ActionKind::Coup,
            Command::Dash { .. } => ActionKind::Dash,
            Command::ChangePosture { .. } => ActionKind::ChangePosture,
            Command::CreateOpening { .. } => ActionKind::CreateOpening,
            Command::Pin { .. } => ActionKind::Pin,
            Command::Drag { .. } => ActionKind::Drag,
            Command::SeizeInitiative { .. } => ActionKind::SeizeInitiative,
            Command::Ignore { .. } => ActionKind::Ignore,
            Command::Interrupt { command, .. } => return command.action(),
            Command::Pass { .. }
            | Command::UndoMove { .. }
            | Command::AnswerReaction { .. }
            | Command::ChooseDefence { .. }
            | Command::ChooseManeuver { .. } => return None,
        })
    }
}
