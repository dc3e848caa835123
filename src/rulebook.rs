//! The rulebook API: what the core asks the rulebook in force, and never which one it is.
//! Each rulebook (Core, the five seeds, or one written outside the crate) implements
//! [`Rulebook`] in its own folder and is listed by name in the registry
//! (`src/rulebooks/mod.rs`); a level names it in `rules: (preset: …)`.
//!
//! A rulebook gives, in layers from the plainest up:
//! - its data: its values of the core's [`Ruleset`], the switches that mean nothing under
//!   it, its own bounds for shared statistics, its words and its conditions' text;
//! - its own actions (`book_actions`): commands checked and refused with reasons, their
//!   resolution and log lines, their exact previews, their action-bar buttons and what the
//!   computer player makes of them.

use crate::battle::describe::{CORE_WORDS, Words};
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::{RulebookId, Ruleset};

/// One rulebook. Every method but the name, the summary and the ruleset has a default: the
/// core's own behaviour, as RULES.md gives it.
pub trait Rulebook: std::any::Any + Send + Sync {
    /// The name a level gives in `rules: (preset: …)`, and the log and window show.
    fn name(&self) -> &'static str;

    /// A line on what the rulebook is like, for the level list and the README.
    fn summary(&self) -> &'static str;

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

    /// Its own bounds for a statistic the rulebooks share but read on different scales
    /// (`guard`, `stamina`, `speed`, `ranged_evasion`): `None` keeps the core's.
    fn stat_bounds(&self, _field: &str) -> Option<(i64, i64)> {
        None
    }

    /// Its own words for what Core's lines name.
    fn words(&self) -> &'static Words {
        &CORE_WORDS
    }

    /// What a condition does under it, where it changes Core's (RULES §9).
    fn condition_effect(&self, _kind: ConditionKind) -> Option<&'static str> {
        None
    }
}

/// What `kind` does under `book`: its own line, or Core's.
pub fn condition_effect(book: &dyn Rulebook, kind: ConditionKind) -> &'static str {
    book.condition_effect(kind)
        .unwrap_or_else(|| crate::rules::condition_text::core_condition_effect(kind))
}
