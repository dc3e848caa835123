//! The primer of a rulebook: what a newcomer must know to play by it, topic by topic, for
//! the How to play page (F1). Core's is every rulebook's default.

/// One topic of a primer: its name and what it says.
pub type PrimerTopic = (&'static str, &'static str);

/// Core's primer (RULES.md §3–§8).
pub const CORE_PRIMER: &[PrimerTopic] = &[
    (
        "Turns",
        "When the battle starts every unit rolls d6 + initiative once; the highest acts first, in that order every round. On its turn a unit gets 3 AP and a free move of its movement; what it does not spend is lost.",
    ),
    (
        "Attacks",
        "d20 + the weapon's hit against the target's Evasion: reach it and you hit. A natural 20 always hits for +6 damage, a 1 always misses. Armor comes off the damage. At most 2 attacks a round, reactions included.",
    ),
    (
        "Facing",
        "A unit faces one of 8 directions (the marker on its disc; the half disc under it is its front). Attacks from behind it have advantage, and it reacts only to enemies in front of it. Moving turns it towards its last step, attacking towards the target; F or R turns it. A red wedge behind one of your units: an enemy could strike its back next turn.",
    ),
    (
        "Flanking",
        "An enemy between you and an ally who could strike it is flanked: melee attacks on it get +2.",
    ),
    (
        "Cover",
        "Half cover (H on the map) gives +2 Evasion against shots that cross it; Take Cover beside it adds +2 against any attack. Full cover (F) blocks shots.",
    ),
    (
        "Reactions",
        "2 RP a round. An enemy in front of you stepping within or out of your reach, or standing up, invites an opportunity attack; one that turns Unguarded (pushed, surprised) invites a swift attack. Disengage moves without provoking.",
    ),
    (
        "Pushes",
        "Shove, Charge and some weapons push a target straight away. Into a wall it takes damage equal to the whole push; into a creature, both may.",
    ),
    (
        "Down",
        "At 0 vitality a unit is Down: Prone and out of the fight. A side wins when the other has no one standing.",
    ),
];
