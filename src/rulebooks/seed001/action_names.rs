//! Seed001's own actions, as the core carries them: each by its name, and the words
//! the rulebook tells the core of it (`Rulebook::action_words`).

use crate::rules::actions::{ActionKind, ActionWords, OwnAction};

/// Pick up one's own dropped item.
pub const MANIPULATE: ActionKind = ActionKind::Own(OwnAction("Manipulate"));

/// What the core is told of them.
pub const WORDS: [ActionWords; 1] = [ActionWords {
    action: MANIPULATE,
    label: "Manipulate",
    targets_unit: false,
}];
