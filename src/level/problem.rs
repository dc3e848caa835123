//! A problem found in a level, template or replay file, with where it is.

use super::spans::SpanIndex;
use std::fmt;

/// One thing wrong with a file. Displays as `file:line:column: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: Option<usize>,
    pub col: Option<usize>,
    pub message: String,
}

impl Problem {
    pub fn new(file: &str, message: impl Into<String>) -> Problem {
        Problem {
            file: file.to_string(),
            line: None,
            col: None,
            message: message.into(),
        }
    }

    pub fn at(file: &str, line: usize, col: usize, message: impl Into<String>) -> Problem {
        Problem {
            file: file.to_string(),
            line: Some(line),
            col: Some(col),
            message: message.into(),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.col) {
            (Some(l), Some(c)) => write!(f, "{}:{}:{}: {}", self.file, l, c, self.message),
            (Some(l), None) => write!(f, "{}:{}: {}", self.file, l, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

/// A RON document's name and source positions, for making located problems.
#[derive(Clone, Copy)]
pub struct Loc<'a> {
    pub file: &'a str,
    pub spans: &'a SpanIndex,
}

impl<'a> Loc<'a> {
    pub fn new(file: &'a str, spans: &'a SpanIndex) -> Self {
        Loc { file, spans }
    }

    /// A problem at the value `path` (or the nearest enclosing value).
    pub fn at(&self, path: &str, message: impl Into<String>) -> Problem {
        match self.spans.locate(path) {
            Some(s) => Problem::at(self.file, s.line, s.col, message),
            None => Problem::new(self.file, message),
        }
    }

    /// A problem at character `index` inside the string value at `path` (at the string
    /// itself when escapes or line breaks inside it make columns and characters differ).
    pub fn in_string(&self, path: &str, index: usize, message: impl Into<String>) -> Problem {
        match self.spans.get(path) {
            Some(s) if s.plain => Problem::at(self.file, s.line, s.content_col + index, message),
            Some(s) => Problem::at(self.file, s.line, s.col, message),
            None => Problem::new(self.file, message),
        }
    }
}

/// Turn a RON parse error in `src` into a problem with its position. RON reports where it
/// stopped reading, which may be the end of the last token it accepted; the position is
/// moved forward over whitespace and comments, so that it names the first character the
/// parser could not accept.
pub fn ron_problem(file: &str, src: &str, err: &ron::error::SpannedError) -> Problem {
    let (line, col) = match err.code {
        // The comment that never closes is the problem: point at its `/*`.
        ron::Error::UnclosedBlockComment => unclosed_comment_start(src),
        _ => None,
    }
    .unwrap_or_else(|| first_token_at_or_after(src, err.span.start.line, err.span.start.col));
    // A misspelt field or variant: the name it was likely meant to be.
    let hint = match &err.code {
        ron::Error::NoSuchStructField {
            expected, found, ..
        }
        | ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => crate::level::suggest::did_you_mean(found, expected.iter().copied()),
        _ => String::new(),
    };
    Problem::at(file, line, col, format!("RON syntax: {}{hint}", err.code))
}

/// The (line, column) of the outermost block comment that is still open at the end of
/// `src`, skipping strings, characters and line comments.
fn unclosed_comment_start(src: &str) -> Option<(usize, usize)> {
    let bytes = src.as_bytes();
    let (mut i, mut open): (usize, Vec<usize>) = (0, Vec::new());
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1).copied(), open.is_empty()) {
            (b'/', Some(b'*'), _) => {
                open.push(i);
                i += 2;
            }
            (b'*', Some(b'/'), false) => {
                open.pop();
                i += 2;
            }
            (b'/', Some(b'/'), true) => i = src[i..].find('\n').map_or(bytes.len(), |n| i + n),
            (quote @ (b'"' | b'\''), _, true) => {
                i += 1;
                while i < bytes.len() && bytes[i] != quote {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    let at = *open.first()?;
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    Some((
        line,
        before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
    ))
}

/// The 1-based (line, column) of the first character at or after (`line`, `col`) that is
/// neither whitespace nor inside a comment (`// …` or a nested `/* … */`). Columns count
/// characters, as RON's do. An unclosed block comment is not skipped: it is the problem.
pub fn first_token_at_or_after(src: &str, line: usize, col: usize) -> (usize, usize) {
    let line_start = src
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>();
    let Some(rest) = src.get(line_start..) else {
        return (line, col);
    };
    let start = line_start
        + rest
            .char_indices()
            .nth(col.saturating_sub(1))
            .map_or(rest.len(), |(i, _)| i);
    let bytes = src.as_bytes();
    let mut at = start;
    loop {
        match bytes.get(at..) {
            Some([c, ..]) if c.is_ascii_whitespace() => at += 1,
            Some([b'/', b'/', ..]) => {
                at = src[at..].find('\n').map_or(src.len(), |n| at + n);
            }
            Some([b'/', b'*', ..]) => match block_comment_end(&src[at..]) {
                Some(len) => at += len,
                None => break,
            },
            _ => break,
        }
    }
    if at == start {
        return (line, col);
    }
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The length in bytes of the (nested) block comment that `text` starts with, if it closes.
fn block_comment_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i + 1 < bytes.len() {
        match (bytes[i], bytes[i + 1]) {
            (b'/', b'*') => {
                depth += 1;
                i += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => i += 1,
        }
    }
    None
}

/// Decode file bytes as UTF-8, or say where the first invalid byte is. A leading UTF-8 byte
/// order mark (as some editors write) is skipped; UTF-16 is recognised by its mark and
/// named as such.
pub fn decode_utf8<'b>(file: &str, bytes: &'b [u8]) -> Result<&'b str, Problem> {
    if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        return Err(Problem::at(
            file,
            1,
            1,
            "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8",
        ));
    }
    const BOM: &[u8] = b"\xef\xbb\xbf";
    let skipped = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    let bytes = &bytes[skipped..];
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        // The prefix is valid UTF-8 by construction.
        let prefix = std::str::from_utf8(valid).unwrap_or("");
        let line = prefix.matches('\n').count() + 1;
        let col = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        Problem::at(
            file,
            line,
            col,
            format!(
                "the file is not valid UTF-8 (byte {} is not part of a UTF-8 character)",
                skipped + e.valid_up_to()
            ),
        )
    })
}
