//! The preprocessor as a stream: its output handed out a part at a time ([`Stream`]), and each
//! file lexed a part at a time as it is read, so that neither the output nor a file's tokens
//! need exist as whole lists.

use super::{FileId, FileState, PathBuf, Pp, Preprocessed, Rc, Span, Token, TokenKind};
use crate::symbol::{sym, Interner};

/// How many tokens of a file are lexed at a time by default (up to the next line end): 12 KiB
/// of tokens. Each open file holds one part, and included files nest (headers that include
/// each other at their top keep a part open at every level). Smaller parts cost next to
/// nothing: 512 tokens rather than 2,048 added 0.3% to the instructions of a check.
pub const PART: usize = 512;

/// A preprocessor whose output is read a part at a time (see [`super::stream`]).
pub struct Stream<'a> {
    pub(super) pp: Pp<'a>,
    /// Whether the output has been handed out to its end.
    pub(super) ended: bool,
}

impl Stream<'_> {
    /// Appends the next output tokens to `out` until it holds at least `len` tokens or the
    /// output has ended (its last token the main file's `Eof`). Returns whether it has ended.
    /// The tokens and their order are those [`super::preprocess`] returns, however they are split.
    pub fn fill(&mut self, out: &mut Vec<Token>, len: usize) -> bool {
        if self.ended {
            return true;
        }
        // The output list is the caller's while this runs: nothing is copied twice.
        out.append(&mut self.pp.out.tokens);
        std::mem::swap(&mut self.pp.out.tokens, out);
        let ended = self.pp.drain(len);
        std::mem::swap(&mut self.pp.out.tokens, out);
        if ended {
            out.push(self.pp.main_eof());
            self.ended = true;
            self.pp.finish();
        }
        ended
    }

    /// The texts of the symbols handed out so far (the interner grows as the run goes on).
    pub fn symbols(&self) -> &Interner {
        &self.pp.out.symbols
    }

    /// The whole output: what has not been handed out yet, then the expansions, pragmas and
    /// symbols of the run.
    pub(super) fn run(mut self) -> Preprocessed {
        // Most tokens of the main file reach the output, and dense code has a token every
        // three bytes; reserving that avoids regrowing the list.
        let main_bytes = self.pp.sources.file(FileId(0)).text.len();
        let mut out = crate::mem::token_list(main_bytes / 3 + 2 + self.pp.out.tokens.len());
        self.fill(&mut out, usize::MAX);
        self.pp.out.tokens = out;
        std::mem::take(&mut self.pp.out)
    }
}

impl Pp<'_> {
    /// Opens the main file, lexed a part at a time as it is read.
    pub(super) fn enter_main(&mut self, dir: PathBuf) {
        self.enter_in_parts(FileId(0), dir);
    }

    /// Opens a file that is lexed a part at a time as it is read (see [`Pp::next_part`]), so
    /// that its whole token list never exists.
    pub(super) fn enter_in_parts(&mut self, id: FileId, dir: PathBuf) {
        let rest = crate::lex::Chunks::new(id, &self.sources.file(id).text);
        let f = FileState::new(id, Rc::default(), Some(rest), self.conds.len(), dir);
        self.files.push(f);
        let i = self.files.len() - 1;
        let first = self.lex_part(i, self.opts.part);
        self.files[i].toks = Rc::new(first);
    }

    /// The next part of the open file `files[i]`, `tokens` long up to a line end (all the rest
    /// for `usize::MAX`), counted into the input; empty once its last part has been lexed. A
    /// part that is not the last ends with a stand-in `Eof`, not counted: reading stops at an
    /// `Eof` anyway, so going on to the next part costs nothing per token.
    fn lex_part(&mut self, i: usize, tokens: usize) -> Vec<Token> {
        let f = &mut self.files[i];
        let Some(chunks) = &mut f.rest else {
            return Vec::new();
        };
        let text = &self.sources.file(f.id).text;
        let mut part = chunks.next(text, &mut self.out.symbols, tokens);
        let last = chunks.is_done();
        if last {
            f.rest = None;
        }
        let count = part.len() as u64;
        if f.id == FileId(0) {
            self.main_tokens += count;
            if last {
                self.main_eof = part.last().copied();
            }
        } else {
            self.included_tokens += count;
        }
        if !last {
            let end = part.last().map_or(Span::default(), |t| t.span);
            let mut stand_in = Token::new(TokenKind::Eof, sym::EMPTY, end);
            stand_in.line_start = true;
            part.push(stand_in);
        }
        part
    }

    /// Lexes the rest of the open file `files[i]` now, to count it, keeping it for reading.
    pub(super) fn lex_ahead(&mut self, i: usize) {
        if self.files[i].rest.is_some() {
            let rest = self.lex_part(i, usize::MAX);
            self.files[i].ahead = Some(rest);
        }
    }

    /// At the stand-in `Eof` that ends a part of the top file: goes on to the next part.
    #[cold]
    #[inline(never)]
    pub(super) fn next_part(&mut self) {
        let Some(i) = self.files.len().checked_sub(1) else {
            return;
        };
        let part = match self.files[i].ahead.take() {
            Some(part) => part,
            None => self.lex_part(i, self.opts.part),
        };
        // Never empty: only a part that is not the last ends with a stand-in.
        if part.is_empty() {
            return;
        }
        let f = &mut self.files[i];
        let done = std::mem::replace(&mut f.toks, Rc::new(part));
        f.pos = 0;
        if let Ok(done) = Rc::try_unwrap(done) {
            crate::mem::keep_token_list(done);
        }
    }

    /// The top file's `Eof`, when a limit stopped the run before its end (its rest is lexed
    /// first to find it).
    #[cold]
    pub(super) fn file_eof(&mut self) -> Token {
        let i = self.files.len() - 1;
        self.lex_ahead(i);
        let f = &self.files[i];
        let eof = f.ahead.as_ref().unwrap_or(&f.toks).last();
        eof.copied().expect("a file's tokens end with its Eof")
    }

    /// The main file's `Eof`, which ends the output (lexing the rest of the file first if a
    /// limit stopped the run before its end).
    pub(super) fn main_eof(&mut self) -> Token {
        if !self.files.is_empty() {
            self.lex_ahead(0);
        }
        self.main_eof.unwrap_or_else(|| {
            let end = self.sources.file(FileId(0)).text.len() as u32;
            let mut eof = Token::new(TokenKind::Eof, sym::EMPTY, Span::new(FileId(0), end, end));
            eof.line_start = true;
            eof
        })
    }

    /// The input tokens, every open file's counted whole: while files are partly lexed,
    /// [`Pp::input_tokens`] counts what is lexed so far, and a budget exceeded for that count
    /// asks for this one, which lexes the rest of each open file (kept for reading) to count
    /// it. Budgets grow with the count, so the verdict is the one the whole count gives.
    #[cold]
    #[inline(never)]
    pub(crate) fn counted_input_tokens(&mut self) -> u64 {
        for i in 0..self.files.len() {
            self.lex_ahead(i);
        }
        self.input_tokens()
    }
}
