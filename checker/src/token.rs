//! Tokens: what the lexer produces and the preprocessor hands to the parser.
//!
//! Keywords are not a token kind: `global` is a keyword in OpenCL C but an ordinary identifier
//! in some contexts and versions (`generic` in 1.2), so the parser decides from the symbol.

use crate::source::Span;
use crate::symbol::Symbol;
use std::num::NonZeroU32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// Identifiers and keywords.
    Ident,
    /// Integer literal, with any suffix (`42`, `0x1Fu`, `7UL`).
    Int,
    /// Floating literal, with any suffix (`1.0f`, `2.5h`, `1e-3`, `0x1p3`).
    Float,
    /// Character literal, quotes included.
    Char,
    /// String literal, quotes included.
    Str,
    Punct(Punct),
    /// `#` or `##` as the preprocessor sees them; never reaches the parser.
    Hash,
    HashHash,
    /// A byte sequence that is no token (a stray `@`, `$`, a non-ASCII character, an
    /// unterminated literal). The parser reports it as a syntax error.
    Unknown,
    /// End of input; always the last token.
    Eof,
}

/// Punctuators of C99 (6.4.6) minus `#`/`##`, which have kinds of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    LBracket,
    RBracket,
    LParen,
    RParen,
    LBrace,
    RBrace,
    Dot,
    Arrow,
    PlusPlus,
    MinusMinus,
    Amp,
    Star,
    Plus,
    Minus,
    Tilde,
    Bang,
    Slash,
    Percent,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    EqEq,
    Ne,
    Caret,
    Pipe,
    AmpAmp,
    PipePipe,
    Question,
    Colon,
    /// `::`, for C++ for OpenCL.
    ColonColon,
    Semi,
    Ellipsis,
    Eq,
    StarEq,
    SlashEq,
    PercentEq,
    PlusEq,
    MinusEq,
    ShlEq,
    ShrEq,
    AmpEq,
    CaretEq,
    PipeEq,
    Comma,
}

impl Punct {
    /// Every punctuator, in declaration order (the order of their symbols).
    pub const ALL: [Punct; 47] = {
        use Punct::*;
        [
            LBracket, RBracket, LParen, RParen, LBrace, RBrace, Dot, Arrow, PlusPlus, MinusMinus,
            Amp, Star, Plus, Minus, Tilde, Bang, Slash, Percent, Shl, Shr, Lt, Gt, Le, Ge, EqEq,
            Ne, Caret, Pipe, AmpAmp, PipePipe, Question, Colon, ColonColon, Semi, Ellipsis, Eq,
            StarEq, SlashEq, PercentEq, PlusEq, MinusEq, ShlEq, ShrEq, AmpEq, CaretEq, PipeEq,
            Comma,
        ]
    };

    /// How the punctuator is written (the one table of spellings: the lexer's canonical
    /// text and the parser's messages both read it).
    pub const fn text(self) -> &'static str {
        use Punct::*;
        match self {
            LBracket => "[",
            RBracket => "]",
            LParen => "(",
            RParen => ")",
            LBrace => "{",
            RBrace => "}",
            Dot => ".",
            Arrow => "->",
            PlusPlus => "++",
            MinusMinus => "--",
            Amp => "&",
            Star => "*",
            Plus => "+",
            Minus => "-",
            Tilde => "~",
            Bang => "!",
            Slash => "/",
            Percent => "%",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            Caret => "^",
            Pipe => "|",
            AmpAmp => "&&",
            PipePipe => "||",
            Question => "?",
            Colon => ":",
            ColonColon => "::",
            Semi => ";",
            Ellipsis => "...",
            Eq => "=",
            StarEq => "*=",
            SlashEq => "/=",
            PercentEq => "%=",
            PlusEq => "+=",
            MinusEq => "-=",
            ShlEq => "<<=",
            ShrEq => ">>=",
            AmpEq => "&=",
            CaretEq => "^=",
            PipeEq => "|=",
            Comma => ",",
        }
    }
}

/// One token, 24 bytes and `Copy`. `span` points at written text: for a token produced by a
/// macro expansion it is the span of the macro use (the outermost invocation), and
/// `expansion` says which expansion produced it so a renderer can show the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub span: Span,
    /// The token's spelling in the check's [`Interner`](crate::symbol::Interner); `Eof` has
    /// the empty text.
    pub sym: Symbol,
    /// Index into the preprocessor's expansion table plus one, when the token came from a
    /// macro.
    expansion: Option<NonZeroU32>,
    pub kind: TokenKind,
    /// Whether whitespace (or a comment) came before it, for stringizing and pasting.
    pub space_before: bool,
    /// Whether it is the first token on its line, for recognising directives.
    pub line_start: bool,
}

const _: () = assert!(std::mem::size_of::<Token>() == 24);

impl Token {
    /// A token written in a file: no expansion, no space before, not at a line start.
    pub const fn new(kind: TokenKind, sym: Symbol, span: Span) -> Token {
        Token {
            span,
            sym,
            expansion: None,
            kind,
            space_before: false,
            line_start: false,
        }
    }

    pub fn is_ident(&self, sym: Symbol) -> bool {
        self.kind == TokenKind::Ident && self.sym == sym
    }

    pub fn is_punct(&self, p: Punct) -> bool {
        self.kind == TokenKind::Punct(p)
    }

    /// Index into the preprocessor's expansion table, when the token came from a macro.
    pub fn expansion(&self) -> Option<u32> {
        self.expansion.map(|e| e.get() - 1)
    }

    pub fn set_expansion(&mut self, index: Option<u32>) {
        self.expansion = index.and_then(|i| NonZeroU32::new(i.wrapping_add(1)));
    }

    /// This token as produced by expansion `index`: at `span`, never at a line start. Built
    /// whole, field by field: the preprocessor makes one per token of every macro body, and a
    /// copy changed in place went through memory in pieces that the next read had to wait for.
    #[inline]
    pub(crate) fn relabeled(&self, span: Span, index: u32) -> Token {
        Token::expanded(self.kind, self.sym, self.space_before, span, index)
    }

    /// A token made by expansion `index`, spanning `span`.
    #[inline]
    pub(crate) fn expanded(
        kind: TokenKind,
        sym: Symbol,
        space_before: bool,
        span: Span,
        index: u32,
    ) -> Token {
        Token {
            span,
            sym,
            expansion: NonZeroU32::new(index.wrapping_add(1)),
            kind,
            space_before,
            line_start: false,
        }
    }
}

/// A fast, non-cryptographic hasher (the Fx hash of rustc) for the checker's name tables:
/// keys are short identifiers from the input, and SipHash's resistance to chosen collisions
/// buys nothing a time limit does not already bound.
#[derive(Clone, Copy, Default)]
pub(crate) struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl std::hash::Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub(crate) type FxBuild = std::hash::BuildHasherDefault<FxHasher>;
pub(crate) type FxHashMap<K, V> = std::collections::HashMap<K, V, FxBuild>;
pub(crate) type FxHashSet<K> = std::collections::HashSet<K, FxBuild>;
