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
//!
//! Every token's text is interned as it is read: punctuators get their fixed symbols, every
//! other token the symbol of its spelling.

use crate::source::{FileId, Span};
use crate::symbol::{low_bytes, sym, word_at, Interner, Symbol};
use crate::token::{Punct, Token, TokenKind};

/// Lexes one file, interning token texts in `symbols`. The last token is always
/// [`TokenKind::Eof`], spanning the end of the text; it has `line_start` set, as if the file
/// ended with a newline.
pub fn lex(file: FileId, text: &str, symbols: &mut Interner) -> Vec<Token> {
    if !has_splice(text) {
        return Lexer {
            src: text,
            file,
            splices: &[],
            physical_len: text.len(),
            symbols,
            from: 0,
            limit: usize::MAX,
            window: std::cell::Cell::new((0, 0, 0)),
        }
        .run()
        .0;
    }
    let (logical, splices) = splice(text);
    Lexer {
        src: &logical,
        file,
        splices: &splices,
        physical_len: text.len(),
        symbols,
        from: 0,
        limit: usize::MAX,
        window: std::cell::Cell::new((0, 0, 0)),
    }
    .run()
    .0
}

/// A file lexed a part at a time, each part ending at the end of a line (so a directive is
/// always whole in one part): the parts, one after the other, are the tokens [`lex`] gives.
pub struct Chunks {
    file: FileId,
    /// The text with its splices removed, and the splices, when it has any.
    logical: Option<(String, Vec<(u32, u32)>)>,
    /// Where the next part starts in the (logical) text; `None` once the `Eof` is out.
    next: Option<usize>,
}

impl Chunks {
    pub fn new(file: FileId, text: &str) -> Chunks {
        Chunks {
            file,
            logical: has_splice(text).then(|| splice(text)),
            next: Some(0),
        }
    }

    /// The next part of `text` (the text `new` was given): tokens up to the first line end
    /// after `tokens` of them, or to the end of the text (then the last is the `Eof`). Empty
    /// once the whole text has been handed out.
    pub fn next(&mut self, text: &str, symbols: &mut Interner, tokens: usize) -> Vec<Token> {
        let Some(from) = self.next else {
            return Vec::new();
        };
        let (src, splices) = match &self.logical {
            Some((logical, splices)) => (logical.as_str(), splices.as_slice()),
            None => (text, &[][..]),
        };
        let lexer = Lexer {
            src,
            file: self.file,
            splices,
            physical_len: text.len(),
            symbols,
            from,
            // At least one token a part, so that each part moves on.
            limit: tokens.max(1),
            window: std::cell::Cell::new((0, 0, 0)),
        };
        let (toks, next) = lexer.run();
        self.next = next;
        toks
    }

    /// Whether the whole text has been handed out.
    pub fn is_done(&self) -> bool {
        self.next.is_none()
    }
}

/// Whether `text` has a backslash-newline (found with `memchr`, as backslashes are rare).
fn has_splice(text: &str) -> bool {
    let b = text.as_bytes();
    memchr::memchr_iter(b'\\', b).any(|i| match b.get(i + 1) {
        Some(b'\n') => true,
        Some(b'\r') => b.get(i + 2) == Some(&b'\n'),
        _ => false,
    })
}

/// Removes backslash-newlines. Returns the logical text and, for each splice, the logical
/// offset where it was removed and how many physical bytes lie before that offset in total.
fn splice(text: &str) -> (String, Vec<(u32, u32)>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut splices = Vec::new();
    let mut copied = 0;
    // Backslashes are rare: `memchr` finds them.
    for i in memchr::memchr_iter(b'\\', bytes) {
        let newline = match bytes.get(i + 1) {
            Some(b'\n') => 2,
            Some(b'\r') if bytes.get(i + 2) == Some(&b'\n') => 3,
            _ => continue,
        };
        out.push_str(&text[copied..i]);
        copied = i + newline;
        splices.push((out.len() as u32, copied as u32));
    }
    out.push_str(&text[copied..]);
    (out, splices)
}

struct Lexer<'a> {
    src: &'a str,
    file: FileId,
    splices: &'a [(u32, u32)],
    physical_len: usize,
    symbols: &'a mut Interner,
    /// Where to start, and after how many tokens to stop at the next line end (see [`Chunks`]).
    from: usize,
    limit: usize,
    /// The logical offsets `from..to` between two splices where the last offset
    /// [`Lexer::physical`] mapped lay, and what turns one of them into a physical offset:
    /// offsets come in increasing order, so most fall in the same stretch as the last.
    window: std::cell::Cell<(u32, u32, u32)>,
}

impl Lexer<'_> {
    /// The tokens and, when it stopped early, where the rest starts.
    fn run(self) -> (Vec<Token>, Option<usize>) {
        if self.splices.is_empty() {
            self.scan::<false>()
        } else {
            self.scan::<true>()
        }
    }

    /// The physical offset of a logical one.
    #[inline(always)]
    fn physical(&self, logical: usize) -> u32 {
        let logical = logical as u32;
        let (from, to, add) = self.window.get();
        if from <= logical && logical < to {
            return logical + add;
        }
        self.physical_elsewhere(logical)
    }

    /// [`Lexer::physical`] outside the last stretch: finds the splices around `logical`.
    #[inline(never)]
    fn physical_elsewhere(&self, logical: u32) -> u32 {
        let s = self.splices;
        let k = s.partition_point(|(at, _)| *at <= logical);
        let (from, add) = match k {
            0 => (0, 0),
            _ => (s[k - 1].0, s[k - 1].1 - s[k - 1].0),
        };
        let to = s.get(k).map_or(u32::MAX, |(at, _)| *at);
        self.window.set((from, to, add));
        logical + add
    }

    #[inline(always)]
    fn span<const SPLICED: bool>(&self, start: usize, end: usize) -> Span {
        if !SPLICED {
            return Span::new(self.file, start as u32, end as u32);
        }
        // The end is mapped through its last byte so that a splice right after the token is
        // not counted into it.
        let pstart = self.physical(start);
        let pend = if end > start {
            self.physical(end - 1) + 1
        } else {
            pstart
        };
        Span::new(self.file, pstart, pend)
    }

    /// The tokens; `SPLICED` when spans must be mapped back through removed splices.
    fn scan<const SPLICED: bool>(mut self) -> (Vec<Token>, Option<usize>) {
        let src = self.src;
        let b = src.as_bytes();
        let n = b.len();
        // Dense code has a token every three bytes; reserving that avoids regrowing the vector.
        let mut out = crate::mem::token_list(
            ((n - self.from.min(n)) / 3 + 2).min(self.limit.saturating_add(64)),
        );
        let mut space = false;
        let mut line_start = true;
        let mut i = self.from;
        while i < n {
            let mut c = b[i];
            // Most tokens have one space or none before them.
            if c == b' ' {
                space = true;
                i += 1;
                match b.get(i) {
                    Some(&next) => c = next,
                    None => break,
                }
            }
            let start = i;
            let (kind, sym) = match c {
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    i += 1;
                    while i < n && matches!(b[i], b' ' | b'\t' | b'\r') {
                        i += 1;
                    }
                    space = true;
                    continue;
                }
                b'\n' => {
                    // A part ends at a line end; the next starts as a fresh line would.
                    if out.len() >= self.limit {
                        return (out, Some(i));
                    }
                    i += 1;
                    line_start = true;
                    space = false;
                    continue;
                }
                b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.word(&mut i),
                b'(' | b')' | b'[' | b']' | b'{' | b'}' | b';' | b',' | b'?' | b'~' => {
                    // Punctuators that never start a longer one.
                    i += 1;
                    let p = SINGLE[c as usize];
                    (TokenKind::Punct(p), Symbol::punct(p))
                }
                b'0'..=b'9' => {
                    i = pp_number_end(b, i);
                    let kind = number_kind(&b[start..i]);
                    (kind, self.symbols.intern_in(src, start, i))
                }
                b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                    i = pp_number_end(b, i);
                    (TokenKind::Float, self.symbols.intern_in(src, start, i))
                }
                b'"' | b'\'' => {
                    let (end, kind) = quoted(b, i, c);
                    i = end;
                    (kind, self.symbols.intern_in(src, start, i))
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    i = memchr::memchr(b'\n', &b[i..]).map_or(n, |k| i + k);
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
                        (TokenKind::Unknown, self.symbols.intern_in(src, start, i))
                    }
                },
                0x80.. => {
                    // One Unknown token per character, so slicing stays on char boundaries.
                    i = (i + utf8_len(c)).min(n);
                    (TokenKind::Unknown, self.symbols.intern_in(src, start, i))
                }
                _ => {
                    let (kind, len) = punct(&b[i..]);
                    i += len;
                    // Punctuators have fixed symbols, unless spelled as a digraph.
                    let sym = match kind {
                        TokenKind::Punct(p) if len == p.text().len() => Symbol::punct(p),
                        TokenKind::Hash if len == 1 => sym::HASH,
                        TokenKind::HashHash if len == 2 => sym::HASH_HASH,
                        _ => self.symbols.intern_in(src, start, i),
                    };
                    (kind, sym)
                }
            };
            let mut t = Token::new(kind, sym, self.span::<SPLICED>(start, i));
            t.space_before = space;
            t.line_start = line_start;
            out.push(t);
            space = false;
            line_start = false;
        }
        let end = self.physical_len as u32;
        let mut eof = Token::new(TokenKind::Eof, sym::EMPTY, Span::new(self.file, end, end));
        eof.space_before = space;
        eof.line_start = true;
        out.push(eof);
        (out, None)
    }

    /// An identifier starting at `*i` (or a literal with an encoding prefix), interned; moves
    /// `*i` past it. The usual short name is measured and interned from one word.
    #[inline(always)]
    fn word(&mut self, i: &mut usize) -> (TokenKind, Symbol) {
        let src = self.src;
        let b = src.as_bytes();
        let start = *i;
        if start + 8 <= b.len() {
            let w = word_at(b, start);
            let stop = !ident_bytes(w) & HIGH_BITS;
            if stop != 0 {
                let len = (stop.trailing_zeros() / 8) as usize;
                *i = start + len;
                if len > 2 || !matches!(b[*i], b'"' | b'\'') {
                    let sym = self.symbols.intern_word(w & low_bytes(len), src, start, *i);
                    return (TokenKind::Ident, sym);
                }
            } else {
                *i = ident_end(b, start + 8);
            }
        } else {
            *i = ident_end(b, start + 1);
        }
        // An encoding prefix directly before a quote makes a literal.
        let kind = match b.get(*i) {
            Some(&q @ (b'"' | b'\'')) if matches!(&b[start..*i], b"L" | b"u" | b"U" | b"u8") => {
                let (end, kind) = quoted(b, *i, q);
                *i = end;
                kind
            }
            _ => TokenKind::Ident,
        };
        (kind, self.symbols.intern_in(src, start, *i))
    }
}

/// The punctuators that are one byte and never the start of a longer one, by byte (the other
/// entries are not used).
static SINGLE: [Punct; 256] = {
    let mut t = [Punct::Tilde; 256];
    t[b'~' as usize] = Punct::Tilde;
    t[b'(' as usize] = Punct::LParen;
    t[b')' as usize] = Punct::RParen;
    t[b'[' as usize] = Punct::LBracket;
    t[b']' as usize] = Punct::RBracket;
    t[b'{' as usize] = Punct::LBrace;
    t[b'}' as usize] = Punct::RBrace;
    t[b';' as usize] = Punct::Semi;
    t[b',' as usize] = Punct::Comma;
    t[b'?' as usize] = Punct::Question;
    t
};

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = LOW_BITS * 0x80;

/// The bytes of `w` that continue an identifier (`[0-9A-Za-z_]`), as their high bits: each
/// range test adds a constant to the bytes' low seven bits so that the high bit says which side
/// of a bound the byte is on, without carries between bytes.
#[inline(always)]
fn ident_bytes(w: u64) -> u64 {
    let x = w & !HIGH_BITS;
    let at_least = |v: u64, lo: u8| v + LOW_BITS * (0x80 - u64::from(lo));
    let above = |v: u64, hi: u8| v + LOW_BITS * (0x7f - u64::from(hi));
    let digit = at_least(x, b'0') & !above(x, b'9');
    let underscore = at_least(x, b'_') & !above(x, b'_');
    let folded = x | (LOW_BITS * 0x20);
    let letter = at_least(folded, b'a') & !above(folded, b'z');
    (digit | underscore | letter) & !w & HIGH_BITS
}

/// The end of the identifier (or number) bytes from `i` on.
#[inline]
fn ident_end(b: &[u8], i: usize) -> usize {
    match b[i..].iter().position(|c| !is_ident_byte(*c)) {
        Some(k) => i + k,
        None => b.len(),
    }
}

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
    memchr::memmem::find(b, b"*/").map(|i| i + 2)
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
