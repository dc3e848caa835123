//! The registry: every rulebook by the name a level gives in `rules: (preset: …)`. The
//! built-in ones are listed here, each in its own folder; one written outside the crate
//! joins with [`register`]. The core finds the rulebook in force here ([`of`]) and asks it
//! through the [`Rulebook`] API, never naming one.

pub mod core;
pub mod seed000;
pub mod seed001;
pub mod seed002;
pub mod seed003;
pub mod seed004;

use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rulebook::Rulebook;
use crate::rules::ruleset::RulebookId;
use std::sync::RwLock;

/// The rulebooks the game ships, in the order of PRESETS.md.
static BUILT_IN: [&dyn Rulebook; 6] = [
    &self::core::Core,
    &seed000::Seed000,
    &seed001::Seed001,
    &seed002::Seed002,
    &seed003::Seed003,
    &seed004::Seed004,
];

/// Rulebooks registered from outside the crate, in the order they came.
static REGISTERED: RwLock<Vec<&'static dyn Rulebook>> = RwLock::new(Vec::new());

/// Add a rulebook, so that levels may name it. Refused (with why) when its name is taken,
/// is no name a level could write (a RON identifier), or is not the name its ruleset
/// carries; registering the same rulebook (its type) again is allowed and changes nothing.
pub fn register(book: &'static dyn Rulebook) -> Result<(), String> {
    let name = book.name();
    let identifier = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return Err(format!(
            "a rulebook's name is what a level writes after `preset:`, letters, digits and _ \
             starting with a letter; `{name}` is not"
        ));
    }
    if book.ruleset().rulebook != book.id() {
        return Err(format!(
            "the ruleset of `{name}` carries the rulebook `{}`: it must carry its own name",
            book.ruleset().rulebook
        ));
    }
    let mut added = REGISTERED.write().unwrap_or_else(|e| e.into_inner());
    let others = || {
        BUILT_IN
            .iter()
            .chain(added.iter())
            .filter(|b| !same(**b, book))
    };
    // Its own commands', refusals' and events' names: none the core's or another's.
    type Names = fn(&dyn Rulebook) -> &'static [&'static str];
    type IsCore = fn(&str) -> bool;
    let kinds: [(&str, &str, Names, IsCore); 3] = [
        (
            "a",
            "command",
            |b| b.commands(),
            crate::battle::events::Command::is_core_name,
        ),
        (
            "a",
            "refusal",
            |b| b.refusals(),
            crate::battle::refusal::Refusal::is_core_name,
        ),
        (
            "an",
            "event",
            |b| b.events(),
            crate::battle::events::BattleEvent::is_core_name,
        ),
    ];
    for (article, kind, names, is_core) in kinds {
        if let Some(name) = names(book)
            .iter()
            .find(|n| is_core(n) || others().any(|b| names(*b).contains(n)))
        {
            return Err(format!(
                "the {kind} `{name}` of `{}` is already {article} {kind} of the game or of \
                 another rulebook",
                book.name()
            ));
        }
    }
    own_names_free(book, &others().copied().collect::<Vec<_>>())?;
    level_fields_free(book)?;
    match find_in(&added, book.name()) {
        Some(old) if same(old, book) => Ok(()),
        Some(_) => Err(format!(
            "a rulebook named `{}` is already registered",
            book.name()
        )),
        None => {
            added.push(book);
            Ok(())
        }
    }
}

/// The names of a rulebook's own actions (with words, or in the simple form) and reactions.
fn own_names(book: &dyn Rulebook) -> [Vec<&'static str>; 2] {
    let words = book.action_words().iter().map(|w| w.action.name());
    let simple = book.own_actions().iter().map(|s| s.action.0);
    let reactions = book.reaction_words().iter().map(|w| w.reaction.name());
    [words.chain(simple).collect(), reactions.collect()]
}

/// Refused when one of a rulebook's own actions or reactions has a name the core's or
/// another rulebook's has: a replay reads a name back as the core's first, and the words
/// of a name come from the first rulebook that has it.
fn own_names_free(book: &dyn Rulebook, others: &[&'static dyn Rulebook]) -> Result<(), String> {
    use crate::rules::actions::{ActionKind, ReactionKind};
    let is_core: [fn(&str) -> bool; 2] = [
        |n| ActionKind::named(n).core_label().is_some(),
        |n| ReactionKind::named(n).core_words().is_some(),
    ];
    for (kind, names) in own_names(book).iter().enumerate() {
        let (what, article) = [("action", "an"), ("reaction", "a")][kind];
        let taken =
            |n: &str| is_core[kind](n) || others.iter().any(|o| own_names(*o)[kind].contains(&n));
        if let Some(name) = names.iter().find(|n| taken(n)) {
            return Err(format!(
                "the {what} `{name}` of `{}` is already {article} {what} of the game or of \
                 another rulebook",
                book.name()
            ));
        }
    }
    Ok(())
}

/// Refused when a rulebook names a level field the core's own of that block.
fn level_fields_free(book: &dyn Rulebook) -> Result<(), String> {
    type Names = fn(&dyn Rulebook) -> &'static [&'static str];
    // Its level fields: none the core's own of that block.
    let blocks: [(&str, Names, &[&str]); 3] = [
        ("stat block", |b| b.stat_fields(), StatBlock::core_names()),
        ("weapon", |b| b.weapon_fields(), WeaponFile::core_names()),
        ("unit", |b| b.unit_fields(), UnitFile::core_names()),
    ];
    for (block, names, core) in blocks {
        if let Some(name) = names(book).iter().find(|n| core.contains(n)) {
            return Err(format!(
                "the {block} field `{name}` of `{}` is already the core's",
                book.name()
            ));
        }
    }
    Ok(())
}

/// Whether two rulebooks are the same one: the same type.
fn same(a: &'static dyn Rulebook, b: &'static dyn Rulebook) -> bool {
    let (a, b): (&dyn std::any::Any, &dyn std::any::Any) = (a, b);
    a.type_id() == b.type_id()
}

fn find_in(added: &[&'static dyn Rulebook], name: &str) -> Option<&'static dyn Rulebook> {
    BUILT_IN
        .iter()
        .chain(added.iter())
        .find(|b| b.name() == name)
        .copied()
}

/// The rulebook of this name, if one is registered.
pub fn find(name: &str) -> Option<&'static dyn Rulebook> {
    if let Some(b) = BUILT_IN.iter().find(|b| b.name() == name) {
        return Some(*b);
    }
    let added = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    find_in(&added, name)
}

/// The rulebook a ruleset comes from; Core when it is not registered (a ruleset is only
/// made from a registered rulebook, so this does not happen in a game).
pub fn of(id: RulebookId) -> &'static dyn Rulebook {
    find(id.0).unwrap_or(BUILT_IN[0])
}

/// How the core asks for the rulebook in force without naming the registry: through the
/// name its ruleset carries.
impl RulebookId {
    /// The rulebook of this name; Core when none is registered under it.
    pub fn book(self) -> &'static dyn Rulebook {
        of(self)
    }

    /// The rulebook of this name, if one is registered.
    pub fn find(self) -> Option<&'static dyn Rulebook> {
        find(self.0)
    }

    /// The names of every rulebook, for a message that lists them.
    pub fn known() -> Vec<&'static str> {
        all().iter().map(|b| b.name()).collect()
    }
}

/// The rulebooks asked about a value that may be a rulebook's own: every one (those
/// registered from outside too) when it is (`own`), else the built-in ones, so that a
/// rulebook from outside cannot change a line or a label of the core's.
fn asked(own: bool) -> Vec<&'static dyn Rulebook> {
    if own { all() } else { BUILT_IN.to_vec() }
}

/// How the log and the map ask the rulebooks for the lines, lunges and labels of the
/// events only each of them emits (`BattleEvent::Book`, and a few of the core's that a
/// built-in rulebook tells its own way). A rulebook reads only its own type
/// (`BattleEvent::of_book`), so it cannot change a line of another rulebook's battle.
impl crate::battle::events::BattleEvent {
    fn asked(&self) -> Vec<&'static dyn Rulebook> {
        asked(matches!(self, crate::battle::events::BattleEvent::Book(_)))
    }

    /// The line of a rulebook's own event.
    pub fn rulebook_text(&self) -> Option<String> {
        self.asked().into_iter().find_map(|b| b.describe(self))
    }

    /// The attack a rulebook's own event reports: (attacker, target, weapon).
    pub fn rulebook_strike(&self) -> Option<(&str, &str, &str)> {
        self.asked().into_iter().find_map(|b| b.strike_of(self))
    }

    /// What the map marks for a rulebook's own event.
    pub fn rulebook_mark(&self) -> Option<crate::rulebook::Mark<'_>> {
        self.asked().into_iter().find_map(|b| b.mark_of(self))
    }

    /// A step of movement told the way a rulebook without a pool of metres tells it.
    pub fn rulebook_step_text(&self) -> Option<String> {
        self.asked().into_iter().find_map(|b| b.describe_step(self))
    }
}

/// How the window asks the rulebooks for the words of a preview's part that only one of
/// them fills (its own odds, `Preview::odds`), as it asks for their events' lines.
impl crate::battle::preview::Preview {
    /// The words of a rulebook's own part of this preview, in `form`.
    pub fn rulebook_text(&self, form: crate::rulebook::OddsForm) -> Option<String> {
        asked(self.odds.is_some())
            .into_iter()
            .find_map(|b| b.odds_text(self, form))
    }

    /// The card's lines for what a rulebook added to the preview.
    pub fn rulebook_notes(&self) -> Option<String> {
        // Only a rulebook adds notes: none asked when there are none (every card drawn).
        self.notes.as_ref()?;
        all().into_iter().find_map(|b| b.notes_text(self))
    }
}

/// The rulebook whose own command has this name, if one has: how a replay's command that is
/// not the core's is read.
pub fn commanding(name: &str) -> Option<&'static dyn Rulebook> {
    all().into_iter().find(|b| b.commands().contains(&name))
}

/// The rulebook whose own event has this name, if one has: how a log's event that is not the
/// core's is read.
pub fn eventing(name: &str) -> Option<&'static dyn Rulebook> {
    all().into_iter().find(|b| b.events().contains(&name))
}

/// The rulebook whose own refusal has this name, if one has: how a log's refusal that is
/// not the core's is read.
pub fn refusing(name: &str) -> Option<&'static dyn Rulebook> {
    all().into_iter().find(|b| b.refusals().contains(&name))
}

/// How the core asks for an action's words: its own, else those of the rulebook whose
/// action it is (`Rulebook::action_words`).
impl crate::rules::actions::ActionKind {
    /// The words the rulebook whose own action it is gives it.
    fn words(self) -> Option<crate::rules::actions::ActionWords> {
        all()
            .into_iter()
            .find_map(|b| b.action_words().iter().find(|w| w.action == self).copied())
    }

    /// Its name on buttons and in the log (`"Take Cover"`, `"Catch Your Breath"`).
    pub fn label(self) -> &'static str {
        self.core_label()
            .or_else(|| self.words().map(|w| w.label))
            .unwrap_or(self.name())
    }

    /// Whether it picks a target combatant.
    pub fn targets_unit(self) -> bool {
        self.core_targets_unit() || self.words().is_some_and(|w| w.targets_unit)
    }
}

/// How the core asks for a reaction's words: those of the rulebook whose reaction it is
/// (`Rulebook::reaction_words`); the core's own have none there.
impl crate::rules::actions::ReactionKind {
    /// The words the rulebook whose own reaction it is gives it (`None` for the core's).
    pub fn words(self) -> Option<crate::rules::actions::ReactionWords> {
        all().into_iter().find_map(|b| {
            b.reaction_words()
                .iter()
                .find(|w| w.reaction == self)
                .copied()
        })
    }
}

/// The action an attack with these options takes: a rulebook's own attack action
/// (`Rulebook::attack_action`), else the core's Attack.
pub fn attack_action(
    options: &crate::battle::events::AttackOptions,
) -> crate::rules::actions::ActionKind {
    all()
        .into_iter()
        .find_map(|b| b.attack_action(options))
        .unwrap_or(crate::rules::actions::ActionKind::Attack)
}

/// The command of a rulebook's own action (`Rulebook::command_of`), whichever rulebook's
/// action it is.
pub fn command_of(
    kind: crate::rules::actions::ActionKind,
    unit: &str,
    aim: &crate::battle::events::Aim,
) -> Option<crate::battle::events::Command> {
    all()
        .into_iter()
        .find_map(|b| b.command_of(kind, unit, aim))
}

/// Every rulebook: the built-in ones, then those registered.
pub fn all() -> Vec<&'static dyn Rulebook> {
    let added = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    BUILT_IN
        .iter()
        .copied()
        .chain(added.iter().copied())
        .collect()
}

#[cfg(test)]
mod tests;
