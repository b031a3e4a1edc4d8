//! The lexer: OpenCL C (C99 plus `::` for C++ for OpenCL) text to preprocessing tokens.
//!
//! [`lex`] is total: every byte sequence lexes, and anything that is no token (a stray `@`, a
//! non-ASCII character, an unterminated literal or comment) becomes a [`TokenKind::Unknown`]
//! token for the parser to report. Comments are dropped and only show as `space_before` on
//! the next token. Numbers are C preprocessing numbers (C99 6.4.8): one token covers the digits
//! and every suffix (`1.0f`, `2h`, `7UL`, `0x1p3`), and the kind only says integer or floating.
//!
//! Backslash-newline splices (C99 5.1.1.2 phase 2) are removed before tokenizing, on a copy of
//! the text made only when the file has one; spans are mapped back to the physical text, so a
//! token's span covers the splice when one falls inside it while its text does not.

use crate::source::{FileId, Span};
use crate::token::{Punct, Token, TokenKind};
use smol_str::SmolStr;

/// Lexes one file. The last token is always [`TokenKind::Eof`], spanning the end of the text;
/// it has `line_start` set, as if the file ended with a newline.
pub fn lex(file: FileId, text: &str) -> Vec<Token> {
    if !text.contains("\\\n") && !text.contains("\\\r\n") {
        return Lexer {
            src: text,
            file,
            splices: &[],
            physical_len: text.len(),
        }
        .run();
    }
    let (logical, splices) = splice(text);
    Lexer {
        src: &logical,
        file,
        splices: &splices,
        physical_len: text.len(),
    }
    .run()
}

/// Removes backslash-newlines. Returns the logical text and, for each splice, the logical
/// offset where it was removed and how many physical bytes lie before that offset in total.
fn splice(text: &str) -> (String, Vec<(u32, u32)>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut splices = Vec::new();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            let newline = match bytes.get(i + 1) {
                Some(b'\n') => 2,
                Some(b'\r') if bytes.get(i + 2) == Some(&b'\n') => 3,
                _ => 0,
            };
            if newline > 0 {
                out.push_str(&text[copied..i]);
                copied = i + newline;
                splices.push((out.len() as u32, copied as u32));
                i += newline;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&text[copied..]);
    (out, splices)
}

struct Lexer<'a> {
    src: &'a str,
    file: FileId,
    splices: &'a [(u32, u32)],
    physical_len: usize,
}

impl Lexer<'_> {
    /// The physical offset of a logical one.
    fn physical(&self, logical: usize) -> u32 {
        let logical = logical as u32;
        let k = self.splices.partition_point(|(at, _)| *at <= logical);
        if k == 0 {
            return logical;
        }
        let (at, physical_at) = self.splices[k - 1];
        physical_at + (logical - at)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        if self.splices.is_empty() {
            return Span::new(self.file, start as u32, end as u32);
        }
        // The end is mapped through its last byte so that a splice right after the token is
        // not counted into it.
        let pend = if end > start {
            self.physical(end - 1) + 1
        } else {
            self.physical(start)
        };
        Span::new(self.file, self.physical(start), pend)
    }

    fn run(&self) -> Vec<Token> {
        let b = self.src.as_bytes();
        let n = b.len();
        // Dense code has a token every three bytes; reserving that avoids regrowing the vector.
        let mut out = Vec::with_capacity(n / 3 + 2);
        let mut space = false;
        let mut line_start = true;
        let mut i = 0;
        while i < n {
            let c = b[i];
            let start = i;
            let kind = match c {
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    i += 1;
                    while i < n && matches!(b[i], b' ' | b'\t' | b'\r') {
                        i += 1;
                    }
                    space = true;
                    continue;
                }
                b'\n' => {
                    i += 1;
                    line_start = true;
                    space = false;
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    while i < n && b[i] != b'\n' {
                        i += 1;
                    }
                    space = true;
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => match find_comment_end(&b[i + 2..]) {
                    Some(len) => {
                        i += 2 + len;
                        space = true;
                        continue;
                    }
                    None => {
                        i = n;
                        TokenKind::Unknown
                    }
                },
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                    i += 1;
                    while i < n && is_ident_byte(b[i]) {
                        i += 1;
                    }
                    // An encoding prefix directly before a quote makes a literal.
                    let word = &b[start..i];
                    match b.get(i) {
                        Some(&q @ (b'"' | b'\'')) if matches!(word, b"L" | b"u" | b"U" | b"u8") => {
                            let (end, kind) = quoted(b, i, q);
                            i = end;
                            kind
                        }
                        _ => TokenKind::Ident,
                    }
                }
                b'0'..=b'9' => {
                    i = pp_number_end(b, i);
                    number_kind(&b[start..i])
                }
                b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                    i = pp_number_end(b, i);
                    TokenKind::Float
                }
                b'"' | b'\'' => {
                    let (end, kind) = quoted(b, i, c);
                    i = end;
                    kind
                }
                0x80.. => {
                    // One Unknown token per character, so slicing stays on char boundaries.
                    i += utf8_len(c);
                    TokenKind::Unknown
                }
                _ => {
                    let (kind, len) = punct(&b[i..]);
                    i += len;
                    kind
                }
            };
            let i_end = i.min(n);
            i = i_end;
            // Punctuators share static text (no copy), unless spelled as a digraph.
            let text = match canonical(kind) {
                Some(s) if s.len() == i_end - start => SmolStr::new_static(s),
                _ if i_end - start <= INLINE_CAP => SmolStr::new_inline(&self.src[start..i_end]),
                _ => SmolStr::new(&self.src[start..i_end]),
            };
            out.push(Token {
                kind,
                text,
                span: self.span(start, i_end),
                expansion: None,
                space_before: space,
                line_start,
            });
            space = false;
            line_start = false;
        }
        let end = self.physical_len as u32;
        out.push(Token {
            kind: TokenKind::Eof,
            text: SmolStr::default(),
            span: Span::new(self.file, end, end),
            expansion: None,
            space_before: space,
            line_start: true,
        });
        out
    }
}

/// The longest text `SmolStr` keeps inline, without an allocation.
const INLINE_CAP: usize = 23;

/// Which bytes continue an identifier (or a number), one table look-up per byte.
static IDENT_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

#[inline]
fn is_ident_byte(c: u8) -> bool {
    IDENT_BYTE[c as usize]
}

fn utf8_len(lead: u8) -> usize {
    match lead {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

/// Length of a block comment's body up to and including `*/`, if it is closed.
fn find_comment_end(b: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'*' && b[i + 1] == b'/' {
            return Some(i + 2);
        }
        i += 1;
    }
    None
}

/// End of a C preprocessing number starting at `i` (C99 6.4.8): digits, identifier characters,
/// `.`, and a sign right after `e`, `E`, `p` or `P`.
fn pp_number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        let c = b[i];
        if matches!(c, b'e' | b'E' | b'p' | b'P') && matches!(b.get(i + 1), Some(b'+' | b'-')) {
            i += 2;
        } else if is_ident_byte(c) || c == b'.' {
            i += 1;
        } else {
            break;
        }
    }
    i
}

fn number_kind(num: &[u8]) -> TokenKind {
    let hex = num.len() > 1 && num[0] == b'0' && matches!(num[1], b'x' | b'X');
    let float = num.iter().any(|c| match c {
        b'.' => true,
        b'e' | b'E' => !hex,
        b'p' | b'P' => hex,
        _ => false,
    });
    if float {
        TokenKind::Float
    } else {
        TokenKind::Int
    }
}

/// End of a quoted literal whose opening quote is at `open`, and its kind: after the closing
/// quote, or at the newline or end of text that leaves it unterminated (then `Unknown`).
fn quoted(b: &[u8], open: usize, quote: u8) -> (usize, TokenKind) {
    let mut i = open + 1;
    while i < b.len() {
        match b[i] {
            c if c == quote => {
                let kind = if quote == b'"' {
                    TokenKind::Str
                } else {
                    TokenKind::Char
                };
                return (i + 1, kind);
            }
            b'\n' => break,
            // Only an ASCII escaped character is skipped with its backslash, so the end of an
            // unterminated literal stays on a character boundary.
            b'\\' if b.get(i + 1).is_some_and(|c| *c != b'\n' && c.is_ascii()) => i += 2,
            _ => i += 1,
        }
    }
    (i.min(b.len()), TokenKind::Unknown)
}

/// The usual spelling of a punctuator kind.
fn canonical(kind: TokenKind) -> Option<&'static str> {
    match kind {
        TokenKind::Punct(p) => Some(p.text()),
        TokenKind::Hash => Some("#"),
        TokenKind::HashHash => Some("##"),
        _ => None,
    }
}

/// The punctuator (or stray byte) at the start of `b`, with its length. Longest match first
/// (C99 6.4p4); digraphs spell the same punctuators.
fn punct(b: &[u8]) -> (TokenKind, usize) {
    use Punct::*;
    let at = |k: usize| b.get(k).copied().unwrap_or(0);
    let p = |p: Punct, len: usize| (TokenKind::Punct(p), len);
    match (b[0], at(1), at(2)) {
        (b'.', b'.', b'.') => p(Ellipsis, 3),
        (b'<', b'<', b'=') => p(ShlEq, 3),
        (b'>', b'>', b'=') => p(ShrEq, 3),
        (b'%', b':', _) if at(2) == b'%' && at(3) == b':' => (TokenKind::HashHash, 4),
        (b'#', b'#', _) => (TokenKind::HashHash, 2),
        (b'%', b':', _) => (TokenKind::Hash, 2),
        (b'#', _, _) => (TokenKind::Hash, 1),
        (b'-', b'>', _) => p(Arrow, 2),
        (b'+', b'+', _) => p(PlusPlus, 2),
        (b'-', b'-', _) => p(MinusMinus, 2),
        (b'<', b'<', _) => p(Shl, 2),
        (b'>', b'>', _) => p(Shr, 2),
        (b'<', b'=', _) => p(Le, 2),
        (b'>', b'=', _) => p(Ge, 2),
        (b'=', b'=', _) => p(EqEq, 2),
        (b'!', b'=', _) => p(Ne, 2),
        (b'&', b'&', _) => p(AmpAmp, 2),
        (b'|', b'|', _) => p(PipePipe, 2),
        (b'*', b'=', _) => p(StarEq, 2),
        (b'/', b'=', _) => p(SlashEq, 2),
        (b'%', b'=', _) => p(PercentEq, 2),
        (b'+', b'=', _) => p(PlusEq, 2),
        (b'-', b'=', _) => p(MinusEq, 2),
        (b'&', b'=', _) => p(AmpEq, 2),
        (b'^', b'=', _) => p(CaretEq, 2),
        (b'|', b'=', _) => p(PipeEq, 2),
        (b':', b':', _) => p(ColonColon, 2),
        (b'<', b':', _) => p(LBracket, 2),
        (b':', b'>', _) => p(RBracket, 2),
        (b'<', b'%', _) => p(LBrace, 2),
        (b'%', b'>', _) => p(RBrace, 2),
        (b'[', _, _) => p(LBracket, 1),
        (b']', _, _) => p(RBracket, 1),
        (b'(', _, _) => p(LParen, 1),
        (b')', _, _) => p(RParen, 1),
        (b'{', _, _) => p(LBrace, 1),
        (b'}', _, _) => p(RBrace, 1),
        (b'.', _, _) => p(Dot, 1),
        (b'&', _, _) => p(Amp, 1),
        (b'*', _, _) => p(Star, 1),
        (b'+', _, _) => p(Plus, 1),
        (b'-', _, _) => p(Minus, 1),
        (b'~', _, _) => p(Tilde, 1),
        (b'!', _, _) => p(Bang, 1),
        (b'/', _, _) => p(Slash, 1),
        (b'%', _, _) => p(Percent, 1),
        (b'<', _, _) => p(Lt, 1),
        (b'>', _, _) => p(Gt, 1),
        (b'^', _, _) => p(Caret, 1),
        (b'|', _, _) => p(Pipe, 1),
        (b'?', _, _) => p(Question, 1),
        (b':', _, _) => p(Colon, 1),
        (b';', _, _) => p(Semi, 1),
        (b'=', _, _) => p(Eq, 1),
        (b',', _, _) => p(Comma, 1),
        _ => (TokenKind::Unknown, 1),
    }
}

#[cfg(test)]
pub(crate) mod tests;
