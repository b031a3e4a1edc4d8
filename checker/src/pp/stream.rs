//! The preprocessor as a stream: its output handed out a part at a time ([`Stream`]), and the
//! main file lexed a part at a time as it is read, so that neither the output nor the main
//! file's tokens ever exist as whole lists.

use super::{FileId, FileState, PathBuf, Pp, Preprocessed, Rc, Span, Token, TokenKind};
use crate::symbol::{sym, Interner};

/// How many tokens the main file is lexed at a time by default (up to the next line end):
/// 192 KiB.
pub const MAIN_PART: usize = 8192;

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
    /// Opens the main file, which is lexed a part at a time as it is read (see
    /// [`Pp::next_part`]), so that its whole token list never exists.
    pub(super) fn enter_main(&mut self, root: PathBuf) {
        let text = &self.sources.file(FileId(0)).text;
        self.main_rest = Some(crate::lex::Chunks::new(FileId(0), text));
        let first = self.lex_main_part(self.opts.main_part);
        let more = self.main_rest.is_some();
        self.files.push(FileState {
            id: FileId(0),
            toks: Rc::new(first),
            pos: 0,
            conds_base: self.conds.len(),
            root,
            dir: PathBuf::new(),
            line_delta: 0,
            presumed_name: None,
            parted: true,
            more,
        });
    }

    /// The next part of the main file, `tokens` long up to a line end (all the rest for
    /// `usize::MAX`), counted into `main_tokens`; empty once the main file is all out. A part
    /// that is not the last ends with a stand-in `Eof`, not counted: reading stops at an
    /// `Eof` anyway, so going on to the next part costs nothing per token.
    pub(super) fn lex_main_part(&mut self, tokens: usize) -> Vec<Token> {
        let Some(chunks) = &mut self.main_rest else {
            return Vec::new();
        };
        let text = &self.sources.file(FileId(0)).text;
        let mut part = chunks.next(text, &mut self.out.symbols, tokens);
        let last = chunks.is_done();
        self.main_tokens += part.len() as u64;
        if last {
            self.main_rest = None;
            self.main_eof = part.last().copied();
        } else {
            let end = part.last().map_or(Span::default(), |t| t.span);
            let mut stand_in = Token::new(TokenKind::Eof, sym::EMPTY, end);
            stand_in.line_start = true;
            part.push(stand_in);
        }
        part
    }

    /// At the stand-in `Eof` that ends a part of the main file: goes on to the next part.
    #[cold]
    #[inline(never)]
    pub(super) fn next_part(&mut self) {
        let part = match self.main_ahead.take() {
            Some(part) => part,
            None => self.lex_main_part(self.opts.main_part),
        };
        let more = self.main_rest.is_some();
        let Some(f) = self.files.last_mut() else {
            return;
        };
        if part.is_empty() {
            // Never reached: only a part that is not the last ends with a stand-in.
            f.more = false;
            return;
        }
        let done = std::mem::replace(&mut f.toks, Rc::new(part));
        f.pos = 0;
        f.more = more;
        if let Ok(done) = Rc::try_unwrap(done) {
            crate::mem::keep_token_list(done);
        }
    }

    /// The main file's `Eof`, which ends the output (lexing the rest of the file first if a
    /// limit stopped the run before its end).
    pub(super) fn main_eof(&mut self) -> Token {
        if self.main_rest.is_some() {
            let rest = self.lex_main_part(usize::MAX);
            self.main_ahead = Some(rest);
        }
        self.main_eof.unwrap_or_else(|| {
            let end = self.sources.file(FileId(0)).text.len() as u32;
            let mut eof = Token::new(TokenKind::Eof, sym::EMPTY, Span::new(FileId(0), end, end));
            eof.line_start = true;
            eof
        })
    }

    /// The input tokens, all of the main file's counted: while the main file is partly lexed,
    /// [`Pp::input_tokens`] counts what is lexed so far, and a budget exceeded for that count
    /// asks for this one, which lexes the rest (kept for reading) to count it. Budgets grow
    /// with the count, so the verdict is the one the whole count gives.
    #[cold]
    #[inline(never)]
    pub(crate) fn counted_input_tokens(&mut self) -> u64 {
        if self.main_rest.is_some() {
            let rest = self.lex_main_part(usize::MAX);
            self.main_ahead = Some(rest);
        }
        self.input_tokens()
    }
}
