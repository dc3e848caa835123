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
}

/// Paths to positions for one RON document.
#[derive(Clone, Debug, Default)]
pub struct SpanIndex {
    spans: HashMap<String, Span>,
}

impl SpanIndex {
    /// Scan `src`. Never fails: on text it does not understand it stops, keeping what it found.
    pub fn build(src: &str) -> SpanIndex {
        let mut scanner = Scanner {
            chars: src.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
            out: HashMap::new(),
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
        let _ = scanner.value(String::new());
        SpanIndex { spans: scanner.out }
    }

    pub fn get(&self, path: &str) -> Option<Span> {
        self.spans.get(path).copied()
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

struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    out: HashMap<String, Span>,
    depth: usize,
}

/// Deeper nesting than this is not indexed (the parser's own limit is lower).
const MAX_DEPTH: usize = 256;

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
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

    /// Scan one value at the cursor and record it under `path`.
    fn value(&mut self, path: String) -> Option<()> {
        self.skip_trivia();
        let mut span = self.here();
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let result = match self.peek()? {
            '"' => {
                span.content_col = span.col + 1;
                self.out.insert(path, span);
                self.string()
            }
            'r' if matches!(self.peek_at(1), Some('"') | Some('#')) => {
                let hashes = (1..).take_while(|k| self.peek_at(*k) == Some('#')).count();
                span.content_col = span.col + 2 + hashes;
                self.out.insert(path, span);
                self.raw_string(hashes)
            }
            '\'' => {
                span.content_col = span.col + 1;
                self.out.insert(path, span);
                self.char_literal()
            }
            '[' => {
                self.out.insert(path.clone(), span);
                self.bump();
                self.seq(&path, ']')
            }
            '{' => {
                self.out.insert(path.clone(), span);
                self.bump();
                self.map(&path)
            }
            '(' => {
                self.out.insert(path.clone(), span);
                self.bump();
                self.parens(&path, false)
            }
            c if c.is_alphabetic() || c == '_' => {
                let name = self.ident();
                self.out.insert(path.clone(), span);
                self.skip_trivia();
                if self.peek() == Some('(') {
                    self.bump();
                    self.parens(&path, name == "Some")
                } else {
                    Some(())
                }
            }
            _ => {
                // Number or other atom.
                self.out.insert(path, span);
                while let Some(c) = self.peek() {
                    if c.is_alphanumeric() || matches!(c, '.' | '+' | '-' | '_') {
                        self.bump();
                    } else {
                        break;
                    }
                }
                Some(())
            }
        };
        self.depth -= 1;
        result
    }

    fn string(&mut self) -> Option<()> {
        self.bump();
        loop {
            match self.bump()? {
                '\\' => {
                    self.bump();
                }
                '"' => return Some(()),
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

    fn seq(&mut self, path: &str, close: char) -> Option<()> {
        let mut index = 0;
        loop {
            self.skip_trivia();
            if self.peek()? == close {
                self.bump();
                return Some(());
            }
            self.value(format!("{path}[{index}]"))?;
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

    fn map(&mut self, path: &str) -> Option<()> {
        loop {
            self.skip_trivia();
            if self.peek()? == '}' {
                self.bump();
                return Some(());
            }
            let key_span = self.here();
            let key = self.key()?;
            let key_path = format!("{path}[{key}]");
            self.out.insert(format!("{key_path}#key"), key_span);
            self.skip_trivia();
            if self.peek()? != ':' {
                return None;
            }
            self.bump();
            self.value(key_path)?;
            self.skip_trivia();
            if self.peek()? == ',' {
                self.bump();
            }
        }
    }

    /// Inside `( … )`: named fields (`a: 1, b: 2`) or tuple items. `transparent` is for
    /// `Some(x)`, whose content keeps the parent's path.
    fn parens(&mut self, path: &str, transparent: bool) -> Option<()> {
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
                    let field_path = if path.is_empty() {
                        n
                    } else {
                        format!("{path}.{n}")
                    };
                    self.out.insert(format!("{field_path}#key"), field_span);
                    self.value(field_path)?;
                }
                None => {
                    (self.i, self.line, self.col) = save;
                    let item_path = if transparent {
                        path.to_string()
                    } else {
                        format!("{path}.{index}")
                    };
                    self.value(item_path)?;
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
}
