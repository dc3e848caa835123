//! A rulebook's own commands, typed in its folder and carried by the core as
//! [`Command::Book`](super::Command::Book) without knowing them. A replay writes each under its
//! own name (`Kneel(unit: "Ada")`); reading one asks the registered rulebooks which of them
//! knows that name (`Rulebook::read_command`, through `open.rs`).

use crate::rules::actions::ActionKind;
use crate::rules::book_value::{book_value, book_value_methods};
use serde::Serialize;
use std::fmt;

/// What a rulebook's own command type gives the core: who issues it and the action it takes.
/// Its `Serialize` writes it as the replay does, as a RON enum variant.
pub trait RulebookCommand:
    Clone + PartialEq + Eq + fmt::Debug + Serialize + Send + Sync + 'static
{
    /// Its variants' names, as a replay writes them.
    const NAMES: &'static [&'static str];

    /// The combatant who issues it.
    fn actor(&self) -> &str;
    /// The action it takes (`None` for answers).
    fn action(&self) -> Option<ActionKind>;

    /// The combatant it is aimed at, if any.
    fn target(&self) -> Option<&str> {
        None
    }

    /// Whether it answers a question the battle asks (refused when none is asked), as its
    /// answers without an action do.
    fn answers(&self) -> bool {
        self.action().is_none()
    }

    /// Whether a side issues it, not a combatant: its actor is a side's name.
    fn by_side(&self) -> bool {
        false
    }
}

/// The object-safe face of a [`RulebookCommand`].
trait DynCommand: erased_serde::Serialize + fmt::Debug + Send + Sync {
    fn actor(&self) -> &str;
    fn action(&self) -> Option<ActionKind>;
    fn target(&self) -> Option<&str>;
    fn answers(&self) -> bool;
    fn by_side(&self) -> bool;
    book_value_methods!(DynCommand);
}

impl<C: RulebookCommand> DynCommand for C {
    fn actor(&self) -> &str {
        RulebookCommand::actor(self)
    }
    fn action(&self) -> Option<ActionKind> {
        RulebookCommand::action(self)
    }
    fn target(&self) -> Option<&str> {
        RulebookCommand::target(self)
    }
    fn answers(&self) -> bool {
        RulebookCommand::answers(self)
    }
    fn by_side(&self) -> bool {
        RulebookCommand::by_side(self)
    }
    book_value_methods!(DynCommand, C);
}

/// A rulebook's own command, of whatever type its rulebook gave it.
pub struct BookCommand(Box<dyn DynCommand>);

book_value!(BookCommand, DynCommand, RulebookCommand);

impl BookCommand {
    pub fn actor(&self) -> &str {
        self.0.actor()
    }

    pub fn action(&self) -> Option<ActionKind> {
        self.0.action()
    }

    pub fn target(&self) -> Option<&str> {
        self.0.target()
    }

    pub fn answers(&self) -> bool {
        self.0.answers()
    }

    pub fn by_side(&self) -> bool {
        self.0.by_side()
    }
}

impl super::open::OpenBook for BookCommand {
    fn owner(name: &str) -> Option<&'static dyn crate::rulebook::Rulebook> {
        crate::rulebooks::commanding(name)
    }

    fn read(
        book: &dyn crate::rulebook::Rulebook,
        de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Self, erased_serde::Error> {
        book.read_command(de)
    }
}
