//! Source files and byte spans. Every token and diagnostic points into a file of a
//! [`SourceMap`]: the main kernel or a file it includes.

use serde::Serialize;

/// Index of a file in a [`SourceMap`]; the main file is `FileId(0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one file, as written (macro expansions map back to the
/// written text; see `pp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(file: FileId, start: u32, end: u32) -> Span {
        Span { file, start, end }
    }

    /// The smallest span covering both (the first one's file wins if they differ).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// One file's name and text, with its line starts for line/column look-ups.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
    /// Computed on the first look-up: a check that finds nothing never needs them.
    line_starts: std::sync::OnceLock<Vec<u32>>,
}

impl SourceFile {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
            line_starts: std::sync::OnceLock::new(),
        }
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| line_starts(&self.text))
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: u32) -> u32 {
        self.line_starts().partition_point(|s| *s <= offset) as u32
    }

    /// 1-based line and column (in bytes) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = self.line_of(offset);
        let start = self.line_starts()[line as usize - 1];
        (line, offset - start + 1)
    }
}

/// The offsets where lines start: 0 and after each `\n`. Eight bytes are tested at a time,
/// since lines are many times longer than that.
fn line_starts(text: &str) -> Vec<u32> {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len() / 32 + 1);
    out.push(0);
    let mut words = b.chunks_exact(8);
    let mut at = 0u32;
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().unwrap_or_default()) ^ NEWLINES;
        // The high bit of each byte of `x` that is zero (a newline in `w`), without carries
        // between bytes.
        let mut zeros = !(((x & LOW7) + LOW7) | x) & !LOW7;
        while zeros != 0 {
            out.push(at + zeros.trailing_zeros() / 8 + 1);
            zeros &= zeros - 1;
        }
        at += 8;
    }
    for (k, c) in words.remainder().iter().enumerate() {
        if *c == b'\n' {
            out.push(at + k as u32 + 1);
        }
    }
    out
}

/// The files of one check: the main file first, then includes in the order they were read.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// A map holding only the main file.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceMap {
        SourceMap {
            files: vec![SourceFile::new(name, text)],
        }
    }

    pub fn add(&mut self, file: SourceFile) -> FileId {
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// 1-based line where a span starts.
    pub fn line(&self, span: Span) -> u32 {
        self.file(span.file).line_of(span.start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_follow_every_newline() {
        let text = "a\n\x0b\n\n0123456789\nabcdefgh\nx\n\u{e9}\n";
        let want: Vec<u32> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
            .collect();
        assert_eq!(line_starts(text), want);
        for len in 0..20 {
            let text: String = (0..len)
                .map(|k| if k % 3 == 1 { '\n' } else { 'x' })
                .collect();
            let want: Vec<u32> = std::iter::once(0)
                .chain(text.match_indices('\n').map(|(i, _)| i as u32 + 1))
                .collect();
            assert_eq!(line_starts(&text), want, "{text:?}");
        }
    }

    #[test]
    fn lines_and_columns() {
        let f = SourceFile::new("k.cl", "ab\ncd\n\nx");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(2), (1, 3));
        assert_eq!(f.line_col(3), (2, 1));
        assert_eq!(f.line_col(6), (3, 1));
        assert_eq!(f.line_col(7), (4, 1));
    }
}
