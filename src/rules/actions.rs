//! The actions of RULES §4 and what they cost in action points, and the reactions of
//! RULES §8.

use serde::{Deserialize, Serialize};

/// The name of a rulebook's own action (`Rally`), as its ruleset's cost table and a
/// replay's `Own` command name it; the rulebook that has it says what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OwnAction(pub &'static str);

impl OwnAction {
    /// The action of this name, kept for the life of the program (names are few, each
    /// kept once).
    pub fn named(name: &str) -> OwnAction {
        OwnAction(super::names::kept(name))
    }
}

impl Serialize for OwnAction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for OwnAction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Ok(OwnAction::named(&name))
    }
}

/// Every action a combatant can take on its turn: the core's, which every rulebook may
/// price, and a rulebook's own by name. A rulebook names its own in its folder
/// (`pub const COUP: ActionKind = ActionKind::Own(OwnAction("Coup"))`) and tells the core
/// its words (`Rulebook::action_words`). A replay or an event writes each as its bare name
/// (`Coup`), the core's and a rulebook's alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    Move,
    Sprint,
    Attack,
    Defend,
    TakeCover,
    Disengage,
    Shove,
    Trip,
    Grab,
    Escape,
    Release,
    StandUp,
    Charge,
    Stabilize,
    Face,
    Delay,
    EndTurn,
    /// Tend an adjacent ally: stabilize it, else restore what its rulebook restores (a
    /// shared knob: the `first_aid` statistic says how well).
    FirstAid,
    /// Ready an attack (or, where the rulebook allows, another action) for an enemy's step
    /// or action before the next turn.
    Ready,
    /// A rulebook's own action, by name: its ruleset's cost table prices it, and the
    /// rulebook checks and resolves it.
    Own(OwnAction),
}

/// The core's actions, by the name a replay writes.
const CORE_ACTIONS: [(ActionKind, &str, &str); 19] = [
    (ActionKind::Move, "Move", "Move"),
    (ActionKind::Sprint, "Sprint", "Sprint"),
    (ActionKind::Attack, "Attack", "Attack"),
    (ActionKind::Defend, "Defend", "Defend"),
    (ActionKind::TakeCover, "TakeCover", "Take Cover"),
    (ActionKind::Disengage, "Disengage", "Disengage"),
    (ActionKind::Shove, "Shove", "Shove"),
    (ActionKind::Trip, "Trip", "Trip"),
    (ActionKind::Grab, "Grab", "Grab"),
    (ActionKind::Escape, "Escape", "Escape"),
    (ActionKind::Release, "Release", "Release"),
    (ActionKind::StandUp, "StandUp", "Stand Up"),
    (ActionKind::Charge, "Charge", "Charge"),
    (ActionKind::Stabilize, "Stabilize", "Stabilize"),
    (ActionKind::Face, "Face", "Face"),
    (ActionKind::Delay, "Delay", "Delay"),
    (ActionKind::EndTurn, "EndTurn", "End Turn"),
    (ActionKind::FirstAid, "FirstAid", "First Aid"),
    (ActionKind::Ready, "Ready", "Ready"),
];

/// What a rulebook tells the core of one of its own actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionWords {
    /// The action they are of (`ActionKind::Own`).
    pub action: ActionKind,
    /// Its name on buttons and in the log (`"Catch Your Breath"`).
    pub label: &'static str,
    /// Whether it picks a target combatant.
    pub targets_unit: bool,
}

impl ActionKind {
    /// The name a replay writes (`TakeCover`, `Coup`).
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::Own(own) => own.0,
            core => CORE_ACTIONS
                .iter()
                .find(|(k, ..)| *k == core)
                .map_or("", |(_, name, _)| name),
        }
    }

    /// The action a replay names: the core's of that name, else a rulebook's own.
    pub fn named(name: &str) -> ActionKind {
        CORE_ACTIONS
            .iter()
            .find(|(_, n, _)| *n == name)
            .map_or(ActionKind::Own(OwnAction::named(name)), |(k, ..)| *k)
    }

    /// Its name on buttons and in the log, when it is one of the core's (a rulebook's own
    /// has the words its rulebook gives: `ActionKind::label`, asked through the registry).
    pub fn core_label(self) -> Option<&'static str> {
        CORE_ACTIONS
            .iter()
            .find(|(k, ..)| *k == self)
            .map(|(.., label)| *label)
    }

    /// Whether it is one of the core's actions that pick a target combatant.
    pub fn core_targets_unit(self) -> bool {
        matches!(
            self,
            ActionKind::Attack
                | ActionKind::Shove
                | ActionKind::Trip
                | ActionKind::Grab
                | ActionKind::Charge
                | ActionKind::Stabilize
                | ActionKind::FirstAid
        )
    }
}

/// Serde by name for a core enum that a rulebook extends (`Own`): each value is written as
/// a bare name (`Coup`), as the closed enum's unit variants were, and read back by name.
macro_rules! serde_by_name {
    ($ty:ident, $core:ident, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let index = $core
                    .iter()
                    .position(|(k, ..)| k == self)
                    .unwrap_or($core.len());
                s.serialize_unit_variant(stringify!($ty), index as u32, self.name())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                super::names::read_name(d, $expecting).map(|name| $ty::named(&name))
            }
        }

        /// Written as a replay writes it: its bare name.
        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

serde_by_name!(
    ActionKind,
    CORE_ACTIONS,
    "an action's name (`Attack`, `TakeCover`, a rulebook's own)"
);

/// The name of a rulebook's own reaction (`Seize`); the rulebook that has it says what it
/// does, and tells the core its words (`Rulebook::reaction_words`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OwnReaction(pub &'static str);

/// Which reaction (RULES §8): the core's, and a rulebook's own by name.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReactionKind {
    Opportunity,
    Swift,
    /// Take Opening (a shared knob, `OpportunityRule::TakeOpening`): an enemy leaves the
    /// reactor's reach or stands up.
    Opening,
    /// A readied action (`ActionKind::Ready`), set off by an enemy stepping into reach or
    /// range.
    Readied,
    /// A rulebook's own reaction, by name.
    Own(OwnReaction),
}

/// The core's reactions, by the name a replay writes, and in words.
const CORE_REACTIONS: [(ReactionKind, &str, &str); 4] = [
    (
        ReactionKind::Opportunity,
        "Opportunity",
        "an opportunity attack",
    ),
    (ReactionKind::Swift, "Swift", "a swift attack"),
    (ReactionKind::Opening, "Opening", "Take Opening"),
    (ReactionKind::Readied, "Readied", "a readied action"),
];

impl ReactionKind {
    /// The name a replay writes (`Opportunity`, `Seize`).
    pub fn name(self) -> &'static str {
        match self {
            ReactionKind::Own(own) => own.0,
            core => CORE_REACTIONS
                .iter()
                .find(|(k, ..)| *k == core)
                .map_or("", |(_, name, _)| name),
        }
    }

    /// The reaction a replay names: the core's of that name, else a rulebook's own.
    pub fn named(name: &str) -> ReactionKind {
        CORE_REACTIONS.iter().find(|(_, n, _)| *n == name).map_or(
            ReactionKind::Own(OwnReaction(super::names::kept(name))),
            |(k, ..)| *k,
        )
    }

    /// The core's reaction in words ("an opportunity attack"); a rulebook's own has the
    /// words its rulebook gives (`ReactionKind::words`, asked through the registry).
    pub fn core_words(self) -> Option<&'static str> {
        CORE_REACTIONS
            .iter()
            .find(|(k, ..)| *k == self)
            .map(|(.., words)| *words)
    }
}

serde_by_name!(
    ReactionKind,
    CORE_REACTIONS,
    "a reaction's name (`Opportunity`, a rulebook's own)"
);

/// What a rulebook tells the core of one of its own reactions: its words in the log and on
/// the prompt. In a template, `{reactor}`, `{against}` and `{cost}` are filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReactionWords {
    /// The reaction they are of (`ReactionKind::Own`).
    pub reaction: ReactionKind,
    /// It in words, after "may make" ("a Dodge", "to Seize the initiative").
    pub name: &'static str,
    /// The prompt's buttons: take it, or not.
    pub accept: &'static str,
    pub decline: &'static str,
    /// The log's line when it is offered (else "{reactor} may make {name} against
    /// {against}").
    pub offered: Option<&'static str>,
    /// The log's line when it is declined (else "{reactor} lets {against} go ({name}
    /// declined)").
    pub declined: Option<&'static str>,
    /// The prompt's line (else "{reactor} may make {name} against {against} ({cost}).").
    pub prompt: Option<&'static str>,
    /// Whether its attack strikes a mover, as an opportunity attack does (else the log
    /// reports its attack as an opening's).
    pub strikes_mover: bool,
}

impl ReactionWords {
    /// Words with the core's lines, and these buttons.
    pub const fn plain(
        reaction: ReactionKind,
        name: &'static str,
        accept: &'static str,
        decline: &'static str,
    ) -> ReactionWords {
        ReactionWords {
            reaction,
            name,
            accept,
            decline,
            offered: None,
            declined: None,
            prompt: None,
            strikes_mover: false,
        }
    }

    /// These words, for a reaction whose attack strikes a mover.
    pub const fn striking_mover(self) -> ReactionWords {
        ReactionWords {
            strikes_mover: true,
            ..self
        }
    }
}

/// A template's line: `{reactor}`, `{against}` and `{cost}` filled in.
pub fn fill(template: &str, reactor: &str, against: &str, cost: &str) -> String {
    template
        .replace("{reactor}", reactor)
        .replace("{against}", against)
        .replace("{cost}", cost)
}

/// A way an offered reaction may be taken instead of its blow, by the name its rulebook
/// gives it (a Swift Attack taken as a `Trip`); written as that bare name. The rulebook
/// lists its own (`Rulebook::reaction_maneuvers`) and gives each its meaning.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ReactionManeuver(pub &'static str);

impl ReactionManeuver {
    /// Its name, as an answer writes it and the prompt's button shows it.
    pub fn name(self) -> &'static str {
        self.0
    }

    /// The maneuver of this name, kept for the life of the program.
    pub fn named(name: &str) -> ReactionManeuver {
        ReactionManeuver(super::names::kept(name))
    }
}

/// Only its name: every name is a maneuver's until its rulebook checks it.
const NO_CORE_MANEUVERS: [(ReactionManeuver, &str); 0] = [];

serde_by_name!(
    ReactionManeuver,
    NO_CORE_MANEUVERS,
    "a maneuver's name (`Trip`)"
);
