//! Seed003's own actions and reactions, as the core carries them: each by its name, and the words
//! the rulebook tells the core of it (`Rulebook::action_words`).

use crate::rules::actions::{
    ActionKind, ActionWords, OwnAction, OwnReaction, ReactionKind, ReactionWords,
};

/// Double the move rate for the round.
pub const DASH: ActionKind = ActionKind::Own(OwnAction("Dash"));

/// Stand, crouch or lie down.
pub const CHANGE_POSTURE: ActionKind = ActionKind::Own(OwnAction("ChangePosture"));

/// A melee attack for less AP whose wound is a step lighter.
pub const QUICK_ATTACK: ActionKind = ActionKind::Own(OwnAction("QuickAttack"));

/// A melee attack for more AP and a Stamina that adds a d6 to the damage.
pub const STRONG_ATTACK: ActionKind = ActionKind::Own(OwnAction("StrongAttack"));

/// A melee attack at −2 whose wound may be capped, and knocks out instead of killing.
pub const NONLETHAL_ATTACK: ActionKind = ActionKind::Own(OwnAction("NonlethalAttack"));

/// A melee attack roll that becomes the actor's Defense against the target's Rebuffs for the rest of the turn.
pub const CREATE_OPENING: ActionKind = ActionKind::Own(OwnAction("CreateOpening"));

/// Hold the grapple partner down.
pub const PIN: ActionKind = ActionKind::Own(OwnAction("Pin"));

/// Move and take the grapple partner along.
pub const DRAG: ActionKind = ActionKind::Own(OwnAction("Drag"));

/// Raise one's initiative by a d6.
pub const SEIZE_INITIATIVE: ActionKind = ActionKind::Own(OwnAction("SeizeInitiative"));

/// Ignore a flanker (or stop ignoring it).
pub const IGNORE: ActionKind = ActionKind::Own(OwnAction("Ignore"));

/// A reach weapon strikes an enemy stepping inside its reach (a reaction paid in AP).
pub const REBUFF: ActionKind = ActionKind::Own(OwnAction("Rebuff"));

/// An enemy in reach declaring a ranged attack is Harried (a reaction paid in AP).
pub const HARRY: ActionKind = ActionKind::Own(OwnAction("Harry"));

/// A grappler pulls its partner into an attack meant for it (a reaction paid in AP).
pub const INTERPOSE: ActionKind = ActionKind::Own(OwnAction("Interpose"));

/// A grappler follows its partner (a reaction paid in AP).
pub const CLING: ActionKind = ActionKind::Own(OwnAction("Cling"));

/// What the core is told of them.
pub const WORDS: [ActionWords; 14] = [
    ActionWords {
        action: DASH,
        label: "Dash",
        targets_unit: false,
    },
    ActionWords {
        action: CHANGE_POSTURE,
        label: "Change Posture",
        targets_unit: false,
    },
    ActionWords {
        action: QUICK_ATTACK,
        label: "Quick Attack",
        targets_unit: false,
    },
    ActionWords {
        action: STRONG_ATTACK,
        label: "Strong Attack",
        targets_unit: false,
    },
    ActionWords {
        action: NONLETHAL_ATTACK,
        label: "Nonlethal Attack",
        targets_unit: false,
    },
    ActionWords {
        action: CREATE_OPENING,
        label: "Create an Opening",
        targets_unit: true,
    },
    ActionWords {
        action: PIN,
        label: "Pin",
        targets_unit: false,
    },
    ActionWords {
        action: DRAG,
        label: "Drag",
        targets_unit: false,
    },
    ActionWords {
        action: SEIZE_INITIATIVE,
        label: "Seize Initiative",
        targets_unit: false,
    },
    ActionWords {
        action: IGNORE,
        label: "Ignore",
        targets_unit: true,
    },
    ActionWords {
        action: REBUFF,
        label: "Rebuff",
        targets_unit: false,
    },
    ActionWords {
        action: HARRY,
        label: "Harry",
        targets_unit: false,
    },
    ActionWords {
        action: INTERPOSE,
        label: "Interpose",
        targets_unit: false,
    },
    ActionWords {
        action: CLING,
        label: "Cling",
        targets_unit: false,
    },
];

/// The attack action that attack options make (E2, D3): a Quick, Strong or Nonlethal
/// Attack; `None` for a Standard one.
pub fn attack_action(options: &crate::battle::events::AttackOptions) -> Option<ActionKind> {
    use crate::battle::events::AttackStyle;
    match options.style {
        AttackStyle::Quick => Some(QUICK_ATTACK),
        AttackStyle::Strong => Some(STRONG_ATTACK),
        AttackStyle::Standard if options.non_lethal == Some(true) && options.cap.is_some() => {
            Some(NONLETHAL_ATTACK)
        }
        AttackStyle::Standard => None,
    }
}

/// The reaction: a reach weapon strikes an enemy stepping inside its reach.
pub const REBUFF_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Rebuff"));

/// The reaction: an enemy in reach declaring a ranged attack is Harried.
pub const HARRY_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Harry"));

/// The reaction: a grappler pulls its partner into an attack meant for it.
pub const INTERPOSE_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Interpose"));

/// The reaction: a grappler follows its partner.
pub const CLING_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Cling"));

/// The reaction: F3: a combatant of an `Ask` side that first becomes Flanked outside its turn may ignore the new flanker, free.
pub const IGNORE_REACTION: ReactionKind = ReactionKind::Own(OwnReaction("Ignore"));

/// What the core is told of its reactions.
pub const REACTIONS: [ReactionWords; 5] = [
    ReactionWords::plain(REBUFF_REACTION, "a Rebuff", "Rebuff (Y)", "Let it come (N)")
        .striking_mover(),
    ReactionWords::plain(HARRY_REACTION, "a Harry", "Harry (Y)", "Let it shoot (N)"),
    ReactionWords::plain(
        INTERPOSE_REACTION,
        "an Interpose",
        "Interpose (Y)",
        "Take it yourself (N)",
    ),
    ReactionWords::plain(CLING_REACTION, "a Cling", "Cling (Y)", "Let go (N)"),
    ReactionWords {
        reaction: IGNORE_REACTION,
        name: "an Ignore",
        accept: "Ignore (Y)",
        decline: "Keep the flank in view (N)",
        offered: Some(
            "{reactor} is Flanked: it may ignore {against}, free (no flank from it, but its attacks then come from the rear)",
        ),
        declined: Some("{reactor} does not ignore {against}: the flank stands"),
        strikes_mover: false,
        prompt: Some("{reactor} is Flanked: it may ignore {against} ({cost})."),
    },
];
