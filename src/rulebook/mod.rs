//! The rulebook API: what the core asks the rulebook in force, and never which one it is.
//! Each rulebook (Core, the five seeds, or one written outside the crate) implements
//! [`Rulebook`] in its own folder and is listed by name in the registry
//! (`src/rulebooks/mod.rs`); a level names it in `rules: (preset: …)`.
//!
//! A rulebook implements four traits, from the plainest up:
//! - [`Rulebook`] (here): its name, summary and [`Ruleset`], the switches that mean nothing
//!   under it, its own statistics and weapon readings (`own_stats`, `own_weapon`, with
//!   their bounds, and `stat_value`: a statistic's value as resolved), its words, its
//!   conditions' text and the log lines of its own events; and its own actions
//!   (`own_actions`, `plan_own`, `resolve_own`, `describe_own`, `preview_own`): commands
//!   checked and refused with reasons, resolved, told, previewed and offered on the action
//!   bar;
//! - [`Play`] (`play.rs`): its play of the core's commands (checked, carried out, attacks
//!   rolled, previewed) and of the battle's flow where it is not Core's — the schedule and
//!   its prices, movement, reactions, contests, collisions and harm;
//! - [`Hud`] (`hud.rs`): its lines in the window in place of Core's, its odds in words, and
//!   its window actions (behind the `window` feature);
//! - [`Computer`] (`computer.rs`): what the computer player knows of it.
//!
//! Every method but the name, the summary and the ruleset has Core's behaviour as its
//! default, so a rulebook that is Core with one action more writes empty `impl Play` and
//! `impl Hud` blocks.

mod computer;
mod hud;
mod play;
pub mod primer;

/// How a rulebook reads its own commands (`Rulebook::read_command`).
pub use erased_serde;

pub use computer::Computer;
#[cfg(feature = "window")]
pub use hud::TileCommand;
pub use hud::{ChoiceAsk, ChoiceRow, Hud, Mark};
pub use play::Play;

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::components::OwnState;
use crate::battle::contests::ContestAssessment;
use crate::battle::describe::{CORE_WORDS, Words};
use crate::battle::engine::{
    Battle, Gait, Offer, PendingAttack, Question, Resolution, Roster, TurnState, Walk, Work,
};
use crate::battle::events::{
    Aim, AttackStyle, BattleEvent, BookCommand, BookEvent, BookRefusal, Command, ContestKind,
    ContestWin,
};
use crate::battle::own::{OwnActionSpec, OwnCommand, OwnEvent, OwnPlan, OwnPreview};
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::level::own_fields::FieldValue;
use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rules::actions::{ActionKind, ReactionKind, ReactionManeuver};
use crate::rules::book_value::BookValue;
use crate::rules::combat::Chance;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::damage::Blow;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::reach::Reach;
use crate::rules::ruleset::{RulebookId, Ruleset};
use crate::rules::unit::{Stats, Weapon};
#[cfg(feature = "window")]
use crate::rules::wound_level::WoundLevel;
use bevy::prelude::Entity;

/// One way to take an offered reaction, with its odds in words, for the prompt (Seed002's
/// Swift Attack: the blow, or one of its maneuvers).
#[derive(Clone, Debug, PartialEq)]
pub struct ReactionChoice {
    /// `None`: the melee blow.
    pub maneuver: Option<ReactionManeuver>,
    pub line: String,
}

/// What a rulebook's reader of its level fields gives: the value (`None`: written as
/// `None`), or why it could not read it.
pub type FieldRead = Result<Option<FieldValue>, erased_serde::Error>;

/// The bounds a rulebook's table gives a field, for [`Rulebook::stat_bounds`].
pub fn bounds_in(table: &[(&str, i64, i64)], field: &str) -> Option<(i64, i64)> {
    table
        .iter()
        .find(|(f, _, _)| *f == field)
        .map(|(_, lo, hi)| (*lo, *hi))
}

/// How a rulebook checks a number that a level writes for it: out of `bounds`, a problem
/// located at the field, which names it; whether it lies in them.
pub trait FieldCheck {
    fn range(&mut self, field: &str, value: i64, bounds: (i64, i64)) -> bool;
}

/// One rulebook. Every method but the name, the summary and the ruleset has a default: the
/// core's own behaviour, as RULES.md gives it.
pub trait Rulebook: Play + Hud + Computer + std::any::Any + Send + Sync {
    /// The name a level gives in `rules: (preset: …)`, a replay and the log carry.
    fn name(&self) -> &'static str;

    /// The name a player reads in the window and `skirmish levels` ("Aura and Energy");
    /// its `name` unless it gives one.
    fn title(&self) -> &'static str {
        self.name()
    }

    /// A line on what the rulebook is like, for the level list and `skirmish levels`.
    fn summary(&self) -> &'static str;

    /// What a newcomer must know to play by it, topic by topic, in its own words (the How
    /// to play page).
    fn primer(&self) -> &'static [primer::PrimerTopic] {
        primer::CORE_PRIMER
    }

    /// What the numbers of a target's label on the map mean, for the status line while
    /// a target is picked ("54% 0-13": the chance to hit, the damage).
    fn label_legend(&self) -> &'static str {
        "chance to hit, then damage (Down or dead %: the chance it falls)"
    }

    /// The rules in force before a level's switches: the values of every axis on which
    /// rulebooks differ. `rulebook` must be [`Rulebook::id`].
    fn ruleset(&self) -> Ruleset;

    /// The id the ruleset carries.
    fn id(&self) -> RulebookId {
        RulebookId(self.name())
    }

    /// Why a RULES §11 switch of a level's `rules:` block means nothing under this
    /// rulebook, if it does not.
    fn meaningless(&self, _switch: &str) -> Option<&'static str> {
        None
    }

    /// Its own bounds for a statistic of a stat block that it reads: one the core reads
    /// too, on its own scale while it is in force (`guard`, `stamina`); one only
    /// rulebooks read, under any (the first rulebook listed that reads it gives them
    /// where the one in force does not). `None` keeps the core's.
    fn stat_bounds(&self, _field: &str) -> Option<(i64, i64)> {
        None
    }

    /// The fields it adds to a level's stat blocks (templates and units' overrides), by
    /// name. A field that several rulebooks read (`guard`, `stamina`) is read by the first
    /// listed, so each must read it as the same type. Made with `level_fields!`, as are
    /// the three readers below.
    fn stat_fields(&self) -> &'static [&'static str] {
        &[]
    }

    /// Read the value of one of its stat fields (`None`: written as `None`).
    fn read_stat(&self, name: &str, _: &mut dyn erased_serde::Deserializer<'_>) -> FieldRead {
        Err(crate::level::own_fields::no_field(name))
    }

    /// The fields it adds to a level's weapons, by name.
    fn weapon_fields(&self) -> &'static [&'static str] {
        &[]
    }

    /// Read the value of one of its weapon fields.
    fn read_weapon_field(
        &self,
        name: &str,
        _: &mut dyn erased_serde::Deserializer<'_>,
    ) -> FieldRead {
        Err(crate::level::own_fields::no_field(name))
    }

    /// The fields it adds to a level's units, by name.
    fn unit_fields(&self) -> &'static [&'static str] {
        &[]
    }

    /// Read the value of one of its unit fields.
    fn read_unit_field(&self, name: &str, _: &mut dyn erased_serde::Deserializer<'_>) -> FieldRead {
        Err(crate::level::own_fields::no_field(name))
    }

    /// Its own statistics of a combatant, put into `stats.own` ([`BookState::put`]): what
    /// the unit's merged stat block (and the unit's own fields) set for it, and its
    /// conversion of the core statistics already in `stats` for the rest. Every rulebook
    /// is asked, whichever is in force, so that every template plays under each. It may
    /// also set a core statistic that one of its knobs reads (`dr_values`).
    fn own_stats(&self, _block: &StatBlock, _unit: &UnitFile, _stats: &mut Stats) {}

    /// The value a combatant of `stats` has under it of one of its whole-number stat
    /// fields (`stat_fields`): what the level sets, else its conversion of the core
    /// statistics — the number its battle uses (the editor's unit panel shows it).
    /// `None` for a field it does not read as a whole number, or one the combatant lacks
    /// (Seed001's `parry` without a melee weapon).
    fn stat_value(&self, _field: &str, _stats: &Stats) -> Option<i64> {
        None
    }

    /// Its own state of a combatant at the battle's start, kept in the combatant's
    /// `OwnState`: every rulebook is asked, whichever is in force.
    fn fresh_own(&self, _stats: &Stats) -> Option<BookValue> {
        None
    }

    /// Its own reading of a weapon, put into `weapon.own`: what the weapon's fields set
    /// for it, each number checked through `check`, and its conversion of the Core weapon
    /// for the rest. Every rulebook is asked, whichever is in force.
    fn own_weapon(&self, _file: &WeaponFile, _weapon: &mut Weapon, _check: &mut dyn FieldCheck) {}

    /// Its own words for what Core's lines name.
    fn words(&self) -> &'static Words {
        &CORE_WORDS
    }

    /// The log line of one of its own events (one only it emits), in Core's words.
    fn describe(&self, _ev: &BattleEvent) -> Option<String> {
        None
    }

    /// A step of movement in its own words, where its movement is no pool of metres
    /// (`Words::runs`).
    fn describe_step(&self, _ev: &BattleEvent) -> Option<String> {
        None
    }

    /// What a condition does under it, where it changes Core's (RULES §9).
    fn condition_effect(&self, _kind: ConditionKind) -> Option<&'static str> {
        None
    }

    /// The names of its own commands' variants (`Kneel`, `Coup`), as a replay writes them;
    /// no two rulebooks share one, nor share one with the core's `Command`.
    fn commands(&self) -> &'static [&'static str] {
        &[]
    }

    /// Read one of its own commands, whose name is one of [`Rulebook::commands`]: in its
    /// folder, `BookCommand::read::<ItsCommand>(de)`.
    fn read_command(
        &self,
        _de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<BookCommand, erased_serde::Error> {
        Err(serde::de::Error::custom(format!(
            "{} has no commands of its own",
            self.name()
        )))
    }

    /// The names of its own refusals' variants (`NoStamina`), as the log writes them; no
    /// two rulebooks share one, nor share one with the core's `Refusal`.
    fn refusals(&self) -> &'static [&'static str] {
        &[]
    }

    /// Read one of its own refusals, whose name is one of [`Rulebook::refusals`]: in its
    /// folder, `BookRefusal::read::<ItsRefusal>(de)`.
    fn read_refusal(
        &self,
        _de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<BookRefusal, erased_serde::Error> {
        Err(serde::de::Error::custom(format!(
            "{} has no refusals of its own",
            self.name()
        )))
    }

    /// The names of its own events' variants (`GuardRolled`), as the log writes them; no
    /// two rulebooks share one, nor share one with the core's `BattleEvent`.
    fn events(&self) -> &'static [&'static str] {
        &[]
    }

    /// Read one of its own events, whose name is one of [`Rulebook::events`]: in its
    /// folder, `BookEvent::read::<ItsEvent>(de)`.
    fn read_event(
        &self,
        _de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<BookEvent, erased_serde::Error> {
        Err(serde::de::Error::custom(format!(
            "{} has no events of its own",
            self.name()
        )))
    }

    /// The command of one of its own actions, taken by `unit` at what `aim` gives (the
    /// window's action bar and the computer player make commands this way); `None` for an
    /// action that is not its own or needs what `aim` lacks.
    fn command_of(&self, _kind: ActionKind, _unit: &str, _aim: &Aim) -> Option<Command> {
        None
    }

    /// What it tells the core of its own reactions (`ReactionKind::Own`): their words in
    /// the log and on the prompt.
    fn reaction_words(&self) -> &'static [crate::rules::actions::ReactionWords] {
        &[]
    }

    /// The action of its own that an attack with these options takes (a Quick Attack), if
    /// they make it one; asked of every rulebook when the options are not plain.
    fn attack_action(&self, _options: &crate::battle::events::AttackOptions) -> Option<ActionKind> {
        None
    }

    /// The command that loads the weapon `aim` names, where its rulebook loads weapons
    /// (for the computer player, which loads a weapon when it has no attack).
    fn reload_command(&self, _unit: &str, _aim: &Aim) -> Option<Command> {
        None
    }

    /// The maneuvers an offered reaction may be taken as under it, in the order the prompt
    /// numbers them (Seed002's Swift Attack: Trip, Push, Restrain).
    fn reaction_maneuvers(&self) -> &'static [ReactionManeuver] {
        &[]
    }

    /// What it tells the core of its own actions (`ActionKind::Own`): their words on
    /// buttons and in the log, and which pick a target.
    fn action_words(&self) -> &'static [crate::rules::actions::ActionWords] {
        &[]
    }

    /// Its own actions, as the window's action bar offers them.
    fn own_actions(&self) -> &'static [OwnActionSpec] {
        &[]
    }

    /// Check one of its own actions, commanded by `actor` on its turn with the AP for it:
    /// a plan, or a refusal with the reason (`Refusal::Own`).
    fn plan_own(
        &self,
        _view: &View,
        _actor: &UnitSnap,
        cmd: &OwnCommand,
    ) -> Result<OwnPlan, Refusal> {
        Err(Refusal::NotInRules {
            action: ActionKind::Own(cmd.action),
        })
    }

    /// Resolve one of its own actions, paid: roll (`Battle::roll`), change the battle, and
    /// log what happened as `BattleEvent::Own`.
    fn resolve_own(&self, _battle: &mut Battle, _plan: OwnPlan) {}

    /// One of its own events in a log line, in Core's words (the line is then said in its
    /// own, as every line is).
    fn describe_own(&self, event: &OwnEvent) -> String {
        format!("{}: {} ({})", event.unit, event.action.0, event.what)
    }

    /// What one of its own actions would do, with its exact chance when it rolls; or why
    /// it cannot be taken.
    fn preview_own(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &OwnCommand,
    ) -> Result<OwnPreview, Refusal> {
        self.plan_own(view, actor, cmd).map(|_| OwnPreview {
            text: cmd.action.0.to_string(),
            chance: None,
        })
    }
}

/// The three [`Rulebook`] methods of a rulebook whose own commands are of the type `$ty` (a
/// `RulebookCommand`), and whose actions `$of(kind, unit, aim)` makes commands of: write
/// `skirmish::rulebook_commands!(MyCommand, my_command_of);` in its `impl Rulebook`.
#[macro_export]
macro_rules! rulebook_commands {
    ($ty:ty, $of:path) => {
        fn commands(&self) -> &'static [&'static str] {
            <$ty as $crate::battle::events::RulebookCommand>::NAMES
        }

        fn read_command(
            &self,
            de: &mut dyn $crate::rulebook::erased_serde::Deserializer<'_>,
        ) -> Result<$crate::battle::events::BookCommand, $crate::rulebook::erased_serde::Error> {
            $crate::battle::events::BookCommand::read::<$ty>(de)
        }

        fn command_of(
            &self,
            kind: $crate::rules::actions::ActionKind,
            unit: &str,
            aim: &$crate::battle::events::Aim,
        ) -> Option<$crate::battle::events::Command> {
            $of(kind, unit, aim)
        }
    };
}

/// The two [`Rulebook`] methods of a rulebook whose own events are of the type `$ty` (a
/// `RulebookEvent`): write `skirmish::rulebook_events!(MyEvent);` in its `impl Rulebook`.
#[macro_export]
macro_rules! rulebook_events {
    ($ty:ty) => {
        fn events(&self) -> &'static [&'static str] {
            <$ty as $crate::battle::events::RulebookEvent>::NAMES
        }

        fn read_event(
            &self,
            de: &mut dyn $crate::rulebook::erased_serde::Deserializer<'_>,
        ) -> Result<$crate::battle::events::BookEvent, $crate::rulebook::erased_serde::Error> {
            $crate::battle::events::BookEvent::read::<$ty>(de)
        }
    };
}

/// The two [`Rulebook`] methods of a rulebook whose own refusals are of the type `$ty` (a
/// `RulebookRefusal`): write `skirmish::rulebook_refusals!(MyRefusal);` in its
/// `impl Rulebook`.
#[macro_export]
macro_rules! rulebook_refusals {
    ($ty:ty) => {
        fn refusals(&self) -> &'static [&'static str] {
            <$ty as $crate::battle::events::RulebookRefusal>::NAMES
        }

        fn read_refusal(
            &self,
            de: &mut dyn $crate::rulebook::erased_serde::Deserializer<'_>,
        ) -> Result<$crate::battle::events::BookRefusal, $crate::rulebook::erased_serde::Error> {
            $crate::battle::events::BookRefusal::read::<$ty>(de)
        }
    };
}

/// The forms a preview's odds are put in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddsForm {
    /// The short text over a target.
    Label,
    /// One line for a prompt: the chance to land and the damage.
    Summary,
    /// Every number, for the side panel.
    Body,
}

/// What `kind` does under `book`: its own line, or Core's.
pub fn condition_effect(book: &dyn Rulebook, kind: ConditionKind) -> &'static str {
    book.condition_effect(kind)
        .unwrap_or_else(|| crate::rules::condition_text::core_condition_effect(kind))
}
