//! Seed004's own actions and reactions, as the core carries them: each by its name,
//! and the words the rulebook tells the core of it.

use crate::rules::actions::{OwnReaction, ReactionKind, ReactionWords};

/// The reaction: the attacked combatant pays Vigor to roll against the attack.
pub const DODGE_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Dodge"));

/// What the core is told of its reactions.
pub const REACTIONS: [ReactionWords; 1] = [ReactionWords::plain(
    DODGE_REACTION,
    "a Dodge",
    "Dodge (Y)",
    "Take the blow (N)",
)];
