//! A rulebook's own refusals, typed in its folder and carried by the core as
//! [`Refusal::Book`](crate::battle::refusal::Refusal::Book) without knowing them. The log
//! writes each under its own name (`NoStamina`), the type says it in English (its `Display`,
//! said in the rulebook's words like every refusal), and reading one asks the registered
//! rulebooks which of them knows that name (`Rulebook::read_refusal`, through `open.rs`).

use crate::rules::book_value::{book_value, book_value_methods};
use serde::Serialize;
use std::fmt;

/// What a rulebook's own refusal type is: a value the log writes as a RON enum variant,
/// with its English.
pub trait RulebookRefusal:
    Clone + PartialEq + Eq + fmt::Debug + fmt::Display + Serialize + Send + Sync + 'static
{
    /// Its variants' names, as the log writes them.
    const NAMES: &'static [&'static str];
}

/// The object-safe face of a [`RulebookRefusal`].
trait DynRefusal: erased_serde::Serialize + fmt::Debug + fmt::Display + Send + Sync {
    book_value_methods!(DynRefusal);
}

impl<R: RulebookRefusal> DynRefusal for R {
    book_value_methods!(DynRefusal, R);
}

/// A rulebook's own refusal, of whatever type its rulebook gave it.
pub struct BookRefusal(Box<dyn DynRefusal>);

book_value!(BookRefusal, DynRefusal, RulebookRefusal);

impl fmt::Display for BookRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl super::open::OpenBook for BookRefusal {
    fn owner(name: &str) -> Option<&'static dyn crate::rulebook::Rulebook> {
        crate::rulebooks::refusing(name)
    }

    fn read(
        book: &dyn crate::rulebook::Rulebook,
        de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Self, erased_serde::Error> {
        book.read_refusal(de)
    }
}
