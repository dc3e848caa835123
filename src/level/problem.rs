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

/// Turn a RON parse error into a problem with its position.
pub fn ron_problem(file: &str, err: &ron::error::SpannedError) -> Problem {
    Problem::at(
        file,
        err.span.start.line,
        err.span.start.col,
        format!("RON syntax: {}", err.code),
    )
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
