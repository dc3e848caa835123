//! Source positions for RON values: a small scanner that maps each value's path
//! (`units[2].pos`, `legend['#']`, `map[4]`) to its line and column, so that semantic
//! problems found after parsing can still say where they are.

use std::collections::HashMap;

/// Where a value starts. Lines and columns are 1-based; columns count characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub line: usize,
    pub col: usize,
    /// For strings: the column of the first character inside the quotes.
    pub content_col: usize,
    /// For strings: whether each character inside stands on the opening quote's line, one
    /// column per character (no escapes, no line breaks), so that `content_col + index`
    /// is where character `index` is.
    pub plain: bool,
}

/// Paths to positions for one RON document.
#[derive(Clone, Debug, Default)]
pub struct SpanIndex {
    spans: HashMap<String, Span>,
    /// Where each recorded value's text lies, in bytes (from its first character to just
    /// after its last): what an edit of the value rewrites (`level/edit.rs`).
    ranges: HashMap<String, std::ops::Range<usize>>,
}

impl SpanIndex {
    /// Scan `src`. Never fails: on text it does not understand it stops, keeping what it found.
    /// Items of a list past [`MAX_INDEXED_ITEMS`] are scanned but not recorded (a problem
    /// about one of them points at the list), so the index stays small for any input.
    pub fn build(src: &str) -> SpanIndex {
        let mut scanner = Scanner {
            src,
            i: 0,
            line: 1,
            col: 1,
            out: HashMap::new(),
            ranges: HashMap::new(),
            depth: 0,
        };
        scanner.skip_trivia();
        // `#![enable(...)]` attributes at the top.
        while scanner.peek() == Some('#') {
            while let Some(c) = scanner.bump() {
                if c == ']' {
                    break;
                }
            }
            scanner.skip_trivia();
        }
        let _ = scanner.value(String::new(), true);
        SpanIndex {
            spans: scanner.out,
            ranges: scanner.ranges,
        }
    }

    pub fn get(&self, path: &str) -> Option<Span> {
        self.spans.get(path).copied()
    }

    /// The bytes of the value at `path` (`units[2].pos`, `map[4]`; `""`: the document), if
    /// the scanner read it whole.
    pub fn range(&self, path: &str) -> Option<std::ops::Range<usize>> {
        self.ranges.get(path).cloned()
    }

    /// The span of `path`, or of its nearest enclosing value that has one.
    pub fn locate(&self, path: &str) -> Option<Span> {
        let mut p = path.to_string();
        loop {
            if let Some(s) = self.spans.get(&p) {
                return Some(*s);
            }
            let cut = p.rfind(['.', '['])?;
            p.truncate(cut);
        }
    }
}

struct Scanner<'s> {
    src: &'s str,
    /// Byte offset of the cursor in `src`.
    i: usize,
    line: usize,
    col: usize,
    out: HashMap<String, Span>,
    ranges: HashMap<String, std::ops::Range<usize>>,
    depth: usize,
}

/// Deeper nesting than this is not indexed (the parser's own limit is lower).
const MAX_DEPTH: usize = 256;

/// Items of one list recorded in the index; later ones are located at the list itself.
/// Lists longer than this (map rows, units, sides) are refused by validation anyway.
pub const MAX_INDEXED_ITEMS: usize = 4096;

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.src[self.i..].chars().next()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.src[self.i..].chars().nth(k)
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_trivia(&mut self) {
        loop {
            match (self.peek(), self.peek_at(1)) {
                (Some(c), _) if c.is_whitespace() => {
                    self.bump();
                }
                (Some('/'), Some('/')) => {
                    while let Some(c) = self.bump() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                (Some('/'), Some('*')) => {
                    self.bump();
                    self.bump();
                    let mut nesting = 1;
                    while nesting > 0 {
                        match (self.bump(), self.peek()) {
                            (None, _) => return,
                            (Some('*'), Some('/')) => {
                                self.bump();
                                nesting -= 1;
                            }
                            (Some('/'), Some('*')) => {
                                self.bump();
                                nesting += 1;
                            }
                            _ => {}
                        }
                    }
                }
                _ => return,
            }
        }
    }

    fn here(&self) -> Span {
        Span {
            line: self.line,
            col: self.col,
            content_col: self.col,
            plain: true,
        }
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' || c == '#' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    /// Scan one value at the cursor and, if `record`, record it under `path` (with its parts).
    fn value(&mut self, path: String, record: bool) -> Option<()> {
        self.skip_trivia();
        let (start, key) = (self.i, record.then(|| path.clone()));
        let mut span = self.here();
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let result = match self.peek()? {
            '"' => {
                span.content_col = span.col + 1;
                let plain = self.string();
                span.plain = plain == Some(true);
                self.record(record, path, span);
                plain.map(|_| ())
            }
            // A raw string `r"…"` or `r#"…"#` (but not a raw identifier such as `r#Ask`).
            'r' if self.raw_string_hashes().is_some() => {
                let hashes = self.raw_string_hashes().unwrap_or(0);
                span.content_col = span.col + 2 + hashes;
                let start_line = self.line;
                let end = self.raw_string(hashes);
                span.plain = end.is_some() && self.line == start_line;
                self.record(record, path, span);
                end
            }
            '\'' => {
                span.content_col = span.col + 1;
                self.record(record, path, span);
                self.char_literal()
            }
            '[' => {
                self.record(record, path.clone(), span);
                self.bump();
                self.seq(&path, ']', record)
            }
            '{' => {
                self.record(record, path.clone(), span);
                self.bump();
                self.map(&path, record)
            }
            '(' => {
                self.record(record, path.clone(), span);
                self.bump();
                self.parens(&path, false, record)
            }
            c if c.is_alphabetic() || c == '_' => {
                let name = self.ident();
                self.record(record, path.clone(), span);
                self.skip_trivia();
                if self.peek() == Some('(') {
                    self.bump();
                    self.parens(&path, name == "Some", record)
                } else {
                    Some(())
                }
            }
            _ => {
                // Number or other atom.
                self.record(record, path, span);
                let start = self.i;
                while let Some(c) = self.peek() {
                    if c.is_alphanumeric() || matches!(c, '.' | '+' | '-' | '_') {
                        self.bump();
                    } else {
                        break;
                    }
                }
                // Text it does not understand: stop rather than loop on it.
                (self.i > start).then_some(())
            }
        };
        self.depth -= 1;
        if let (Some(()), Some(key)) = (result, key) {
            self.ranges.insert(key, start..self.i);
        }
        result
    }

    fn record(&mut self, record: bool, path: String, span: Span) {
        if record {
            self.out.insert(path, span);
        }
    }

    /// At an `r`: the number of `#` of the raw string starting here, if one does.
    fn raw_string_hashes(&self) -> Option<usize> {
        let hashes = (1..).take_while(|k| self.peek_at(*k) == Some('#')).count();
        (self.peek_at(1 + hashes) == Some('"')).then_some(hashes)
    }

    /// Scan a quoted string; whether it is plain (no escapes, no line breaks).
    fn string(&mut self) -> Option<bool> {
        self.bump();
        let mut plain = true;
        loop {
            match self.bump()? {
                '\\' => {
                    plain = false;
                    self.bump();
                }
                '\n' => plain = false,
                '"' => return Some(plain),
                _ => {}
            }
        }
    }

    fn raw_string(&mut self, hashes: usize) -> Option<()> {
        self.bump(); // r
        for _ in 0..hashes {
            self.bump();
        }
        self.bump(); // "
        loop {
            if self.bump()? == '"' && (0..hashes).all(|k| self.peek_at(k) == Some('#')) {
                for _ in 0..hashes {
                    self.bump();
                }
                return Some(());
            }
        }
    }

    fn char_literal(&mut self) -> Option<()> {
        self.bump();
        loop {
            match self.bump()? {
                '\\' => {
                    self.bump()?;
                }
                '\'' => return Some(()),
                _ => {}
            }
        }
    }

    fn seq(&mut self, path: &str, close: char, record: bool) -> Option<()> {
        let mut index = 0;
        loop {
            self.skip_trivia();
            if self.peek()? == close {
                self.bump();
                return Some(());
            }
            let keep = record && index < MAX_INDEXED_ITEMS;
            let item = if keep {
                format!("{path}[{index}]")
            } else {
                String::new()
            };
            self.value(item, keep)?;
            index += 1;
            self.skip_trivia();
            if self.peek()? == ',' {
                self.bump();
            }
        }
    }

    /// A key of a map: its text without quotes.
    fn key(&mut self) -> Option<String> {
        self.skip_trivia();
        match self.peek()? {
            '"' => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump()? {
                        '\\' => s.push(self.bump()?),
                        '"' => return Some(s),
                        c => s.push(c),
                    }
                }
            }
            '\'' => {
                self.bump();
                let mut s = String::new();
                loop {
                    match self.bump()? {
                        '\\' => s.push(self.bump()?),
                        '\'' => return Some(s),
                        c => s.push(c),
                    }
                }
            }
            _ => {
                let mut s = String::new();
                while let Some(c) = self.peek() {
                    if c == ':' || c.is_whitespace() {
                        break;
                    }
                    s.push(c);
                    self.bump();
                }
                Some(s)
            }
        }
    }

    fn map(&mut self, path: &str, record: bool) -> Option<()> {
        let mut index = 0;
        loop {
            self.skip_trivia();
            if self.peek()? == '}' {
                self.bump();
                return Some(());
            }
            let key_span = self.here();
            let key = self.key()?;
            let keep = record && index < MAX_INDEXED_ITEMS;
            index += 1;
            let key_path = if keep {
                format!("{path}[{key}]")
            } else {
                String::new()
            };
            if keep {
                self.out.insert(format!("{key_path}#key"), key_span);
            }
            self.skip_trivia();
            if self.peek()? != ':' {
                return None;
            }
            self.bump();
            self.value(key_path, keep)?;
            self.skip_trivia();
            if self.peek()? == ',' {
                self.bump();
            }
        }
    }

    /// Inside `( … )`: named fields (`a: 1, b: 2`) or tuple items. `transparent` is for
    /// `Some(x)`, whose content keeps the parent's path.
    fn parens(&mut self, path: &str, transparent: bool, record: bool) -> Option<()> {
        let mut index = 0;
        loop {
            self.skip_trivia();
            if self.peek()? == ')' {
                self.bump();
                return Some(());
            }
            // Named field?  ident ':' (but not '::')
            let save = (self.i, self.line, self.col);
            let field_span = self.here();
            let name = if self.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
                let n = self.ident();
                self.skip_trivia();
                if self.peek() == Some(':') {
                    self.bump();
                    Some(n)
                } else {
                    None
                }
            } else {
                None
            };
            match name {
                Some(n) => {
                    let field_path = if !record {
                        String::new()
                    } else if path.is_empty() {
                        n
                    } else {
                        format!("{path}.{n}")
                    };
                    if record {
                        self.out.insert(format!("{field_path}#key"), field_span);
                    }
                    self.value(field_path, record)?;
                }
                None => {
                    (self.i, self.line, self.col) = save;
                    let item_path = if !record {
                        String::new()
                    } else if transparent {
                        path.to_string()
                    } else {
                        format!("{path}.{index}")
                    };
                    self.value(item_path, record)?;
                    index += 1;
                }
            }
            self.skip_trivia();
            if self.peek()? == ',' {
                self.bump();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_paths() {
        let src = "// level\n(\n  name: \"x\",\n  legend: { '#': \"wall\" },\n  map: [\n    \"..#\",\n  ],\n  units: [ (pos: (1, 2)), (pos: (3, 4)) ],\n)";
        let idx = SpanIndex::build(src);
        assert_eq!(idx.get("name").unwrap().line, 3);
        let m = idx.get("map[0]").unwrap();
        assert_eq!((m.line, m.col, m.content_col), (6, 5, 6));
        assert_eq!(idx.get("units[1].pos").unwrap().line, 8);
        assert_eq!(idx.get("legend[#]").unwrap().col, 18);
        assert_eq!(idx.locate("units[1].pos.0").unwrap().line, 8);
    }

    #[test]
    fn raw_identifiers_are_not_raw_strings() {
        let src = "(\n  sides: [(reactions: r#Ask), (colour: \"#d83b3b\")],\n  raw: r#\"a\"b\"#,\n  next: 1,\n)";
        let idx = SpanIndex::build(src);
        assert_eq!(
            idx.get("sides[1].colour").map(|s| (s.line, s.col)),
            Some((2, 40))
        );
        let raw = idx.get("raw").unwrap();
        assert_eq!((raw.line, raw.col, raw.content_col), (3, 8, 11));
        assert_eq!(idx.get("next").unwrap().line, 4);
    }

    #[test]
    fn text_it_does_not_understand_stops_the_scan() {
        // Found by fuzzing: a character no value starts with, inside a list, once made the
        // scanner loop forever (recording ever more paths).
        let idx = SpanIndex::build("(a: [1, \u{0}, 2], b: 3)");
        assert!(idx.get("a[0]").is_some());
        assert!(idx.get("b").is_none());
    }

    #[test]
    fn long_lists_are_indexed_up_to_the_cap() {
        let items = vec!["(a: 1)"; MAX_INDEXED_ITEMS + 10].join(",\n");
        let src = format!("(\n  map: [\n{items}\n  ],\n  after: \"é\",\n)");
        let idx = SpanIndex::build(&src);
        let last = MAX_INDEXED_ITEMS - 1;
        assert_eq!(idx.get(&format!("map[{last}].a")).unwrap().line, last + 3);
        assert!(idx.get(&format!("map[{MAX_INDEXED_ITEMS}]")).is_none());
        assert_eq!(
            idx.locate(&format!("map[{}].a", MAX_INDEXED_ITEMS + 5))
                .unwrap()
                .line,
            2
        );
        let after = idx.get("after").unwrap();
        assert_eq!((after.line, after.col), (MAX_INDEXED_ITEMS + 14, 10));
    }
}
