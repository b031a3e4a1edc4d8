//! Tokens: what the lexer produces and the preprocessor hands to the parser.
//!
//! Keywords are not a token kind: `global` is a keyword in OpenCL C but an ordinary identifier
//! in some contexts and versions (`generic` in 1.2), so the parser decides from the text.

use crate::source::Span;
use smol_str::SmolStr;

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

/// One token. `span` points at written text: for a token produced by a macro expansion it is
/// the span of the macro use (the outermost invocation), and `expansion` says which expansion
/// produced it so a renderer can show the chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub text: SmolStr,
    pub span: Span,
    /// Index into the preprocessor's expansion table, when the token came from a macro.
    pub expansion: Option<u32>,
    /// Whether whitespace (or a comment) came before it, for stringizing and pasting.
    pub space_before: bool,
    /// Whether it is the first token on its line, for recognising directives.
    pub line_start: bool,
}

impl Token {
    pub fn is_ident(&self, text: &str) -> bool {
        self.kind == TokenKind::Ident && self.text == text
    }

    pub fn is_punct(&self, p: Punct) -> bool {
        self.kind == TokenKind::Punct(p)
    }
}
