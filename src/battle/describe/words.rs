//! Each rulebook's own words: what its preset file calls what Core's lines name otherwise
//! (yards, Grapple, Knocked Down, activations, Energy). One table a rulebook; every line
//! the log, a refusal, the action bar, the side panel or a preview shows passes through
//! [`Wording::say`] once, so no describe code asks which rulebook is in force.

use crate::rules::ruleset::{Preset, Ruleset};

/// One rulebook's vocabulary.
#[derive(Debug, PartialEq, Eq)]
pub struct Words {
    /// The name of the points actions cost.
    pub points: &'static str,
    /// The dice of an initiative roll: Core's d6, Seed003's 3d6.
    pub initiative_dice: &'static str,
    /// Movement is Runs bought with Energy, with no pool to count (Seed002).
    pub runs: bool,
    /// The unit a distance is counted in after a number: "m", or Seed003's "yards".
    pub distance: (&'static str, &'static str),
    /// Core's words and phrases, each with this rulebook's own, replaced where they stand
    /// as whole words. Longer phrases come first, so that they win over their parts.
    pub terms: &'static [(&'static str, &'static str)],
}

/// Core: the words every line is written in.
const CORE: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[],
};

/// Seed000: the Stabilize action's roll is a First Aid check.
const SEED000: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[("Stabilize", "First Aid")],
};

/// Seed001: a grab is a Grapple, and the AP that buys movement is a Dash.
const SEED001: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[
        ("Grabbing", "Grappling"),
        ("Grab", "Grapple"),
        ("grabs", "grapples"),
        ("grabbed", "grappled"),
        ("Move", "Dash"),
    ],
};

/// Seed002: activations, not turns; Energy, not AP; Aura, not vitality; Push, Restrain and
/// Pass for Core's Shove, Grab and End Turn; Unconscious or Dead for Down.
const SEED002: Words = Words {
    points: "Energy",
    initiative_dice: "d6",
    runs: true,
    distance: ("m", "m"),
    terms: &[
        ("End Turn", "Pass"),
        ("ends its turn", "passes"),
        // Without turns, a condition that lasts to a turn lasts to a round (conditions.rs).
        (
            "until the start of its next turn",
            "until the next round starts",
        ),
        (
            "until the end of its next turn",
            "until the end of the next round",
        ),
        ("its next turn", "its next activation"),
        ("its turn", "its activation"),
        ("'s turn", "'s activation"),
        ("Grabbing", "Restraining"),
        // C6: the actor is Restraining (Core's Grappling).
        ("Grappling", "Restraining"),
        ("Grab", "Restrain"),
        ("grabs", "restrains"),
        ("Shove", "Push"),
        ("Charge", "Sprint Push"),
        ("shoves", "pushes"),
        ("vitality", "Aura"),
        ("AP", "Energy"),
        ("Move", "Run"),
    ],
};

/// Seed003: yards, not metres; Grapple, not Grab; its Nonlethal Attack.
const SEED003: Words = Words {
    points: "AP",
    initiative_dice: "3d6",
    runs: false,
    distance: ("yard", "yards"),
    terms: &[
        ("Grabbing", "Grappling"),
        ("Grab", "Grapple"),
        ("grabs", "grapples"),
        ("Non-lethal", "Nonlethal"),
    ],
};

/// Seed004: Knocked Down, not Prone; Health, not vitality.
const SEED004: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[
        ("Prone", "Knocked Down"),
        ("target prone", "target knocked down"),
        ("vitality", "Health"),
    ],
};

/// The words of the rulebook in force: passed to every line the log and the window show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wording(&'static Words);

impl Default for Wording {
    fn default() -> Self {
        Wording::CORE
    }
}

impl Wording {
    /// Core's words, as every line is first written.
    pub const CORE: Wording = Wording(&CORE);

    /// The wording of a rulebook.
    pub fn of_preset(preset: Preset) -> Wording {
        Wording(match preset {
            Preset::Core => &CORE,
            Preset::Seed000 => &SEED000,
            Preset::Seed001 => &SEED001,
            Preset::Seed002 => &SEED002,
            Preset::Seed003 => &SEED003,
            Preset::Seed004 => &SEED004,
        })
    }

    /// The wording of a ruleset: its rulebook's.
    pub fn of(rules: &Ruleset) -> Wording {
        Wording::of_preset(rules.preset)
    }

    /// The name of the points actions cost.
    pub fn points(self) -> &'static str {
        self.0.points
    }

    /// The rulebook's words, each on its own.
    pub fn words(self) -> &'static Words {
        self.0
    }

    /// A distance of `n`, in the rulebook's unit: "3 m", "1 yard", "3 yards".
    pub fn distance(self, n: u32) -> String {
        let (one, many) = self.0.distance;
        format!("{n} {}", if n == 1 { one } else { many })
    }

    /// A line written in Core's words, in this rulebook's.
    pub fn say(self, line: &str) -> String {
        replace_terms(&metres_to(line, self.0.distance), self.0.terms)
    }
}

/// Whether `c` continues a word.
fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `term` stands whole at byte `i` of `line`: no letter runs on into it at either
/// end (a term that starts or ends with punctuation is whole on that side).
fn whole_at(line: &str, i: usize, term: &str) -> bool {
    let before = line[..i].chars().next_back();
    let after = line[i + term.len()..].chars().next();
    let starts_word = term.chars().next().is_some_and(word_char);
    let ends_word = term.chars().next_back().is_some_and(word_char);
    !((starts_word && before.is_some_and(word_char)) || (ends_word && after.is_some_and(word_char)))
}

/// `line` with each term that stands as a whole word or phrase replaced, in one pass from
/// the left: at each place the first term of the table that fits wins, so a longer phrase
/// listed before its parts keeps them (a term mapped to itself protects a phrase).
fn replace_terms(line: &str, terms: &[(&str, &str)]) -> String {
    if terms.is_empty() {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 16);
    let mut i = 0;
    'scan: while i < line.len() {
        for (core, own) in terms {
            if line[i..].starts_with(core) && whole_at(line, i, core) {
                out.push_str(own);
                i += core.len();
                continue 'scan;
            }
        }
        let c = line[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// `line` with each distance "N m" in the unit `(one, many)`.
fn metres_to(line: &str, (one, many): (&str, &str)) -> String {
    if many == "m" {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 16);
    let mut rest = line;
    while let Some(i) = rest.find(" m") {
        let head = &rest[..i];
        let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let after = rest[i + 2..].chars().next();
        out.push_str(head);
        if digits > 0 && !after.is_some_and(word_char) {
            let n = &head[head.len() - digits..];
            out.push(' ');
            out.push_str(if n == "1" { one } else { many });
        } else {
            out.push_str(" m");
        }
        rest = &rest[i + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed003_counts_yards_and_grapples() {
        let w = Wording::of_preset(Preset::Seed003);
        assert_eq!(
            w.say("A moves (1, 1) -> (2, 1) (1 m, 3 m left); B Grabs? no: Grab"),
            "A moves (1, 1) -> (2, 1) (1 yard, 3 yards left); B Grabs? no: Grapple"
        );
        // A word that merely contains "m" or a term is left alone.
        assert_eq!(w.say("4 mages, Grabber"), "4 mages, Grabber");
    }

    #[test]
    fn seed002_speaks_of_activations_and_energy() {
        let w = Wording::of_preset(Preset::Seed002);
        assert_eq!(w.say("it is B's turn"), "it is B's activation");
        assert_eq!(w.say("End Turn (0 AP)"), "Pass (0 Energy)");
        assert_eq!(w.say("Ranged Attack"), "Ranged Attack");
    }

    #[test]
    fn saying_a_line_twice_changes_nothing_more() {
        let line = "A: Attack (3 AP, 1 left); Move 3 m; B Grabs; Prone; End Turn; it is A's turn";
        for preset in Preset::ALL {
            let w = Wording::of_preset(preset);
            let once = w.say(line);
            assert_eq!(w.say(&once), once, "{preset:?}");
        }
    }

    #[test]
    fn core_is_unchanged() {
        let line = "A: Grab (2 AP, 1 left); 3 m; Prone";
        assert_eq!(Wording::CORE.say(line), line);
    }
}
