//! A typing dialog's text as it is edited: the old text comes selected (a key typed
//! replaces it, Backspace or Delete clears it), and a caret moves with the arrows, Home and
//! End; a character typed goes in at the caret, Backspace takes the one before it and
//! Delete the one after. A click on a character puts the caret before it.

/// What a key pressed in a typing dialog does.
#[derive(Debug, PartialEq, Eq)]
pub enum Typed {
    Text(String),
    Back,
    Delete,
    Enter,
    Caret(CaretMove),
    Nothing,
}

/// A move of the caret.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaretMove {
    Left,
    Right,
    Home,
    End,
    /// A click in the text: before its `n`th character (past the end: at the end).
    To(usize),
}

/// Where a text box's caret stands, and whether the whole text is selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Caret {
    pub selected: bool,
    /// The characters before the caret; `None` at the text's end.
    pub at: Option<usize>,
}

impl Caret {
    /// A dialog as it opens: its old text selected, the caret at its end.
    pub const OPENED: Caret = Caret {
        selected: true,
        at: None,
    };

    /// The characters before the caret in `text`.
    pub fn chars_before(&self, text: &str) -> usize {
        let len = text.chars().count();
        self.at.map_or(len, |a| a.min(len))
    }

    /// `text` split at the caret: what is before it and what after.
    pub fn split<'t>(&self, text: &'t str) -> (&'t str, &'t str) {
        let byte = byte_of(text, self.chars_before(text));
        text.split_at(byte)
    }

    /// Put the caret `n` characters into `text` (at its end: `None`).
    fn put(&mut self, text: &str, n: usize) {
        self.at = (n < text.chars().count()).then_some(n);
    }

    /// Do what `key` does to `text`; whether the text or the caret changed.
    pub fn apply(&mut self, text: &mut String, key: &Typed) -> bool {
        let wipe = std::mem::take(&mut self.selected);
        match key {
            Typed::Text(_) | Typed::Back | Typed::Delete if wipe => {
                text.clear();
                self.at = None;
                if let Typed::Text(s) = key {
                    text.extend(s.chars().filter(|c| !c.is_control()));
                }
            }
            Typed::Text(s) => {
                let n = self.chars_before(text);
                let clean: String = s.chars().filter(|c| !c.is_control()).collect();
                text.insert_str(byte_of(text, n), &clean);
                self.put(text, n + clean.chars().count());
            }
            Typed::Back => {
                let n = self.chars_before(text);
                if n > 0 {
                    text.remove(byte_of(text, n - 1));
                    self.put(text, n - 1);
                }
            }
            Typed::Delete => {
                let n = self.chars_before(text);
                if n < text.chars().count() {
                    text.remove(byte_of(text, n));
                    self.put(text, n);
                }
            }
            Typed::Caret(m) => {
                let n = self.chars_before(text);
                // From a selection, Left and Home go to its start, Right and End to its end.
                let to = match (m, wipe) {
                    (CaretMove::Home, _) | (CaretMove::Left, true) => 0,
                    (CaretMove::End, _) | (CaretMove::Right, true) => usize::MAX,
                    (CaretMove::Left, false) => n.saturating_sub(1),
                    (CaretMove::Right, false) => n + 1,
                    (CaretMove::To(c), _) => *c,
                };
                self.put(text, to);
            }
            Typed::Enter | Typed::Nothing => {
                self.selected = wipe;
                return false;
            }
        }
        true
    }
}

/// The byte where the `n`th character of `text` starts (its length past the end).
fn byte_of(text: &str, n: usize) -> usize {
    text.char_indices().nth(n).map_or(text.len(), |(b, _)| b)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` after `keys`, from a caret at `caret`; and the text split at the caret.
    fn after(text: &str, mut caret: Caret, keys: &[Typed]) -> (String, String) {
        let mut t = text.to_string();
        for k in keys {
            caret.apply(&mut t, k);
        }
        let (a, b) = caret.split(&t);
        (t.clone(), format!("{a}|{b}"))
    }

    fn chars(s: &str) -> Typed {
        Typed::Text(s.into())
    }

    #[test]
    fn the_caret_moves_and_the_text_goes_in_where_it_stands() {
        use CaretMove::*;
        let end = Caret::default();
        let keys = [
            Typed::Caret(Home),
            chars("Old "),
            Typed::Caret(End),
            Typed::Caret(Left),
            Typed::Caret(Left),
            Typed::Back,
            Typed::Delete,
            chars("é"),
        ];
        assert_eq!(
            after("River", end, &keys).1,
            "Old Rié|r",
            "Home, typed, End, two left, Backspace took v, Delete took e"
        );
        // Left at the start and Right at the end stay there; Delete at the end does nothing.
        let keys = [Typed::Caret(Home), Typed::Caret(Left), Typed::Back];
        assert_eq!(after("ab", end, &keys).1, "|ab");
        let keys = [Typed::Caret(Right), Typed::Delete, chars("c")];
        assert_eq!(after("ab", end, &keys).1, "abc|");
    }

    #[test]
    fn the_old_text_selected_is_replaced_or_kept() {
        use CaretMove::*;
        let opened = Caret::OPENED;
        assert_eq!(after("River", opened, &[chars("F")]).1, "F|");
        assert_eq!(after("River", opened, &[Typed::Delete]).1, "|");
        assert_eq!(after("River", opened, &[Typed::Back, chars("F")]).1, "F|");
        let keys = [Typed::Caret(Left), chars("F")];
        assert_eq!(
            after("River", opened, &keys).1,
            "F|River",
            "Left: its start"
        );
        let keys = [Typed::Caret(Right), chars("F")];
        assert_eq!(after("River", opened, &keys).1, "RiverF|", "Right: its end");
        // A click in the text lets go of the selection and puts the caret there.
        let keys = [Typed::Caret(To(2)), chars("F")];
        assert_eq!(after("River", opened, &keys).1, "RiF|ver", "a click");
        let keys = [Typed::Caret(To(99)), Typed::Back];
        assert_eq!(
            after("River", opened, &keys).1,
            "Rive|",
            "a click past its end"
        );
        let keys = [Typed::Enter, chars("F")];
        assert_eq!(
            after("River", opened, &keys).1,
            "F|",
            "Enter keeps it selected"
        );
    }
}
