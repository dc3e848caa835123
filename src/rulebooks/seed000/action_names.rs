//! Seed000's own actions, as the core carries them: each by its name, and the words
//! the rulebook tells the core of it (`Rulebook::action_words`).

use crate::rules::actions::{ActionKind, ActionWords, OwnAction};

/// Take a weapon from an adjacent enemy.
pub const DISARM: ActionKind = ActionKind::Own(OwnAction("Disarm"));

/// Hide from every enemy side.
pub const HIDE: ActionKind = ActionKind::Own(OwnAction("Hide"));

/// Swap tiles with an adjacent ally.
pub const SWITCH_PLACES: ActionKind = ActionKind::Own(OwnAction("SwitchPlaces"));

/// Pay for an action now and let it fire on a trigger.
pub const HOLD: ActionKind = ActionKind::Own(OwnAction("Hold"));

/// What the core is told of them.
pub const WORDS: [ActionWords; 4] = [
    ActionWords {
        action: DISARM,
        label: "Disarm",
        targets_unit: true,
    },
    ActionWords {
        action: HIDE,
        label: "Hide",
        targets_unit: false,
    },
    ActionWords {
        action: SWITCH_PLACES,
        label: "Switch Places",
        targets_unit: true,
    },
    ActionWords {
        action: HOLD,
        label: "Hold",
        targets_unit: false,
    },
];
