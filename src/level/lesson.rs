//! A level's lesson (`tutorial:`): the steps a tutorial level walks a newcomer through, each
//! a prompt to show and what the player must do before the next one. The learner is the
//! level's first side. `battle/lesson.rs` checks the steps against the battle; the window
//! shows them (`game/tutorial.rs`).

use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{FLANKING_BONUS, HALF_COVER_EVASION, RulebookId, Ruleset};
use serde::{Deserialize, Serialize};

/// Most steps one lesson may have.
pub const MAX_LESSON_STEPS: usize = 64;
/// Longest prompt of one step, in characters.
pub const MAX_PROMPT_CHARS: usize = 600;

/// The number a prompt names in braces (`ap`, `flank`: see [`PROMPT_NUMBERS`]) under the
/// rules `rules`; none where those rules have no such single number (half cover's Evasion
/// and the flanking bonus are Core's: other rulebooks count cover and flanking their own way).
pub fn prompt_number(name: &str, rules: &Ruleset) -> Option<String> {
    let core = rules.rulebook == RulebookId::CORE;
    Some(match name {
        "ap" => rules.ap_per_turn.to_string(),
        "attack_ap" => rules.cost(ActionKind::Attack)?.to_string(),
        "cover" if core => HALF_COVER_EVASION.to_string(),
        "flank" if core => FLANKING_BONUS.to_string(),
        _ => return None,
    })
}

/// The numbers a prompt may name in braces (`Attack costs {attack_ap} of your {ap} AP`),
/// filled in from the rules in force when it shows, so that what it says agrees with them:
/// each name with what it stands for.
pub const PROMPT_NUMBERS: [(&str, &str); 4] = [
    ("ap", "the AP a combatant gets each turn"),
    ("attack_ap", "the AP an Attack costs"),
    ("cover", "Core's Evasion from half cover against a shot"),
    ("flank", "Core's bonus to hit a flanked target in melee"),
];

/// The names a prompt writes in braces, each with the index (in characters) of its `{`.
pub fn braced_names(say: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    for (i, (at, c)) in say.char_indices().enumerate() {
        match c {
            '{' => open = Some((i, at + 1)),
            '}' => {
                if let Some((index, from)) = open.take() {
                    out.push((index, &say[from..at]));
                }
            }
            _ => {}
        }
    }
    out
}

/// One step of a lesson: `(say: "Click the marked tile to move there.", until: MoveTo((3, 4)))`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonStep {
    /// The prompt shown while the step waits.
    pub say: String,
    /// What the learner must do to finish the step.
    pub until: Until,
    /// A tile to mark on the map while the step waits (a `MoveTo` marks its own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Pos>,
}

impl LessonStep {
    /// The tile the window marks while the step waits, if any.
    pub fn marked_tile(&self) -> Option<Pos> {
        self.mark.or(self.until.tile())
    }
}

/// What a lesson's step waits for. "A learner's unit" is a unit of the level's first side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Until {
    /// A learner's unit stands on this tile (the window marks it).
    MoveTo(Pos),
    /// A learner's unit turns (a Face, or an attack's turn) so that it faces the named unit.
    Face(String),
    /// A learner's unit ends a move where half cover lies between it and a standing enemy.
    Cover,
    /// A learner's unit makes an Attack action.
    Attack,
    /// A learner's unit hits with an attack.
    Hit,
    /// A learner's unit attacks a flanked target (the attack's report says `flanked`).
    Flank,
    /// A learner's unit ends its turn.
    EndTurn,
    /// The learner's side wins the battle.
    Win,
}

impl Until {
    /// The tile the step names, for the window to mark.
    pub fn tile(&self) -> Option<Pos> {
        match self {
            Until::MoveTo(p) => Some(*p),
            _ => None,
        }
    }

    /// The unit the step names, if any.
    pub fn unit(&self) -> Option<&str> {
        match self {
            Until::Face(name) => Some(name),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braced_names_are_found_with_their_character_index() {
        assert_eq!(
            braced_names("Attack costs {attack_ap} of your {ap} AP; é{x}"),
            vec![(13, "attack_ap"), (33, "ap"), (43, "x")]
        );
        assert!(braced_names("no braces, or an open { only").is_empty());
    }
}
