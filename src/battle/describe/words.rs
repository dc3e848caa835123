//! Each rulebook's own words: what its preset file calls what Core's lines name otherwise
//! (yards, Grapple, Knocked Down, activations, Energy). One table a rulebook; every line
//! the log, a refusal, the action bar, the side panel or a preview shows passes through
//! [`Wording::say`] once, so no describe code asks which rulebook is in force.

use crate::rules::ruleset::Ruleset;

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
pub const CORE_WORDS: Words = Words {
    points: "AP",
    initiative_dice: "d6",
    runs: false,
    distance: ("m", "m"),
    terms: &[],
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
    pub const CORE: Wording = Wording(&CORE_WORDS);

    /// The wording of a rulebook's table of words.
    pub const fn new(words: &'static Words) -> Wording {
        Wording(words)
    }

    /// The wording of a ruleset: its rulebook's, found in the registry.
    pub fn of(rules: &Ruleset) -> Wording {
        Wording(rules.rulebook.book().words())
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

    /// The rulebook's unit of distance, short, for a mark on a tile: "m", "yd".
    pub fn unit_mark(self) -> &'static str {
        match self.0.distance.0 {
            "yard" => "yd",
            one => one,
        }
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

    /// A table such as a rulebook's: yards, and a phrase before its part.
    const TEST_WORDS: Words = Words {
        points: "Energy",
        initiative_dice: "d6",
        runs: false,
        distance: ("yard", "yards"),
        terms: &[
            ("End Turn", "Pass"),
            ("its turn", "its activation"),
            ("Grab", "Grapple"),
            ("AP", "Energy"),
        ],
    };

    #[test]
    fn a_rulebooks_words_replace_whole_words_and_metres() {
        let w = Wording::new(&TEST_WORDS);
        assert_eq!(
            w.say("A moves (1, 1) -> (2, 1) (1 m, 3 m left); B Grabs? no: Grab"),
            "A moves (1, 1) -> (2, 1) (1 yard, 3 yards left); B Grabs? no: Grapple"
        );
        // A word that merely contains "m" or a term is left alone.
        assert_eq!(w.say("4 mages, Grabber"), "4 mages, Grabber");
        assert_eq!(
            w.say("End Turn (0 AP): its turn"),
            "Pass (0 Energy): its activation"
        );
    }

    #[test]
    fn saying_a_line_twice_changes_nothing_more() {
        let line = "A: Attack (3 AP, 1 left); Move 3 m; B Grabs; Prone; End Turn; it is A's turn";
        for book in crate::rulebooks::all() {
            let w = Wording::new(book.words());
            let once = w.say(line);
            assert_eq!(w.say(&once), once, "{}", book.name());
        }
    }

    #[test]
    fn core_is_unchanged() {
        let line = "A: Grab (2 AP, 1 left); 3 m; Prone";
        assert_eq!(Wording::CORE.say(line), line);
    }
}
