//! A rulebook's own events, typed in its folder and carried by the core as
//! [`BattleEvent::Book`](super::BattleEvent::Book) without knowing them. The log writes each
//! under its own name (`GuardRolled((…))`), and the rulebook says it in words
//! (`Rulebook::describe`); reading one asks the registered rulebooks which of them knows that
//! name (`Rulebook::read_event`, through `open.rs`).

use crate::rules::book_value::{book_value, book_value_methods};
use serde::Serialize;
use std::fmt;

/// What a rulebook's own event type is: a value the log writes as a RON enum variant.
pub trait RulebookEvent:
    Clone + PartialEq + Eq + fmt::Debug + Serialize + Send + Sync + 'static
{
    /// Its variants' names, as the log writes them.
    const NAMES: &'static [&'static str];
}

/// The object-safe face of a [`RulebookEvent`].
trait DynEvent: erased_serde::Serialize + fmt::Debug + Send + Sync {
    book_value_methods!(DynEvent);
}

impl<E: RulebookEvent> DynEvent for E {
    book_value_methods!(DynEvent, E);
}

/// A rulebook's own event, of whatever type its rulebook gave it.
pub struct BookEvent(Box<dyn DynEvent>);

book_value!(BookEvent, DynEvent, RulebookEvent);

impl super::open::OpenBook for BookEvent {
    fn owner(name: &str) -> Option<&'static dyn crate::rulebook::Rulebook> {
        crate::rulebooks::eventing(name)
    }

    fn read(
        book: &dyn crate::rulebook::Rulebook,
        de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Self, erased_serde::Error> {
        book.read_event(de)
    }
}
