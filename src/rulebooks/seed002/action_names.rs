//! Seed002's own actions and reactions, as the core carries them: each by its name, and the words
//! the rulebook tells the core of it (`Rulebook::action_words`).

use crate::rules::actions::{
    ActionKind, ActionWords, OwnAction, OwnReaction, ReactionKind, ReactionWords,
};

/// An attack with bare hands (non-lethal).
pub const UNARMED_ATTACK: ActionKind = ActionKind::Own(OwnAction("UnarmedAttack"));

/// A shot (loading first if the weapon is unloaded).
pub const RANGED_ATTACK: ActionKind = ActionKind::Own(OwnAction("RangedAttack"));

/// A Swift Attack taken as one's own action against an Unguarded enemy.
pub const SWIFT_ATTACK: ActionKind = ActionKind::Own(OwnAction("SwiftAttack"));

/// A blow on an Unconscious enemy.
pub const COUP: ActionKind = ActionKind::Own(OwnAction("Coup"));

/// One metre of footwork, paid in Energy or Agility.
pub const SHIFT: ActionKind = ActionKind::Own(OwnAction("Shift"));

/// From Prone to Kneeling.
pub const KNEEL: ActionKind = ActionKind::Own(OwnAction("Kneel"));

/// Load a ranged weapon.
pub const LOAD: ActionKind = ActionKind::Own(OwnAction("Load"));

/// Spend Energy to regain a Stamina.
pub const CATCH_BREATH: ActionKind = ActionKind::Own(OwnAction("CatchBreath"));

/// What the core is told of them.
pub const WORDS: [ActionWords; 8] = [
    ActionWords {
        action: UNARMED_ATTACK,
        label: "Unarmed Attack",
        targets_unit: false,
    },
    ActionWords {
        action: RANGED_ATTACK,
        label: "Ranged Attack",
        targets_unit: false,
    },
    ActionWords {
        action: SWIFT_ATTACK,
        label: "Swift Attack",
        targets_unit: false,
    },
    ActionWords {
        action: COUP,
        label: "Coup",
        targets_unit: true,
    },
    ActionWords {
        action: SHIFT,
        label: "Shift",
        targets_unit: false,
    },
    ActionWords {
        action: KNEEL,
        label: "Kneel",
        targets_unit: false,
    },
    ActionWords {
        action: LOAD,
        label: "Load",
        targets_unit: false,
    },
    ActionWords {
        action: CATCH_BREATH,
        label: "Catch Your Breath",
        targets_unit: false,
    },
];

/// The reaction: the side of a unit attacked may Seize the initiative and act first.
pub const SEIZE_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Seize"));

/// What the core is told of its reactions.
pub const REACTIONS: [ReactionWords; 1] = [ReactionWords {
    reaction: SEIZE_REACTION,
    name: "to Seize the initiative",
    accept: "Seize (Y)",
    decline: "Let it be (N)",
    offered: Some("{reactor} may Seize the initiative from {against}, who declared an attack"),
    declined: Some("{reactor} lets {against} act first (no Seize)"),
    strikes_mover: false,
    prompt: Some(
        "{reactor} may Seize the initiative from {against}, who declared an attack ({cost}).",
    ),
}];
