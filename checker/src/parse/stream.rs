//! Parsing tokens as they are made: the parser reads a window of the preprocessor's output
//! that holds the current external declaration and some tokens after it, and the tokens of
//! earlier declarations are dropped, so no whole token list of the unit exists.
//!
//! The grammar looks ahead without bound (C++ qualified names, recovery that skips to a `;`),
//! so a window cannot be sized in advance. Instead each declaration is parsed over the window
//! as it stands, past whose end a stand-in `Eof` is read; a parse that read past the end (an
//! overrun) is undone and parsed again over a window twice as long. A parse that did not read
//! only tokens of the real output, so it is the parse a whole list gives. Undoing needs the
//! state that carries between declarations as it was: the small parts are copied when a
//! declaration starts ([`Mark`]), the per-symbol tables are journalled ([`Journal`]).
//!
//! A C function definition is handed out in pieces of about [`Window::piece`] tokens: its head
//! with the body's first statements, then more statements, the last piece with the body's end.
//! Each piece is parsed (and parsed again) like a declaration, so neither the tree nor the
//! tokens of one huge function live whole either. A statement of the body that holds a block
//! longer than a piece (a `switch` over thousands of lines, a loop around a whole algorithm)
//! is opened the same way, at any depth: its head, its block's statements, its end
//! ([`BodyPart`]). Parsed whole, such a statement would be parsed again over windows twice as
//! long until one held all of it. Statements are looked at for this only when a piece is
//! parsed again after an overrun: most pieces never overrun and pay nothing.

use super::builtins::Kw;
use super::{Carry, NameKind, Parser};
use crate::ast::{Arena, ArenaVec, BodyPart, ExternalDecl, ForInit, FunctionDef};
use crate::diag::Diagnostic;
use crate::source::{FileId, Span};
use crate::spec::Profile;
use crate::symbol::{sym, Interner, Symbol};
use crate::token::Punct;
use crate::token::{Token, TokenKind};
use smol_str::SmolStr;

/// Where the parser's tokens come from, a part at a time.
pub trait TokenSource {
    /// Appends tokens to `out` until it holds at least `len` or the source has ended (its last
    /// token then `Eof`); returns whether it has ended.
    fn fill(&mut self, out: &mut Vec<Token>, len: usize) -> bool;
    /// The texts of the symbols handed out so far.
    fn symbols(&self) -> &Interner;
}

/// How the window is kept: a declaration is first parsed with at least `ahead` tokens past its
/// start (twice as many after each overrun); when there are fewer, the tokens of finished
/// declarations are dropped if there are `drop_after` of them (dropping moves the rest to the
/// front), and the window is filled up to `fill` times `ahead` tokens past the start. A piece
/// of a long C function definition ends at the first statement that starts `piece` tokens or
/// more past its start.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub ahead: usize,
    pub drop_after: usize,
    pub fill: usize,
    pub piece: usize,
}

impl Window {
    /// 1,024 tokens ahead, filled 8 times as far (192 KiB): a declaration of up to 1,024
    /// tokens is never parsed twice and a longer one rarely is, the source is called once per
    /// 7,168 tokens or more, and dropping moves at most one token in 7. A longer window buys
    /// no measurable time and costs peak memory (32 times: 0.6 MiB more on a 1.6 MB kernel).
    /// Pieces of 512 tokens: a piece's tree is a few dozen KB, handing one out costs nothing
    /// measurable, and a piece fits within `ahead`, so it is rarely parsed twice.
    pub const DEFAULT: Window = Window {
        ahead: 1024,
        drop_after: 1024,
        fill: 8,
        piece: 512,
    };
}

/// What [`each_item`] hands out: the external declarations, a C function definition in
/// pieces.
#[derive(Debug)]
pub enum Piece<'a> {
    /// An external declaration, whole (a C function definition comes as [`Piece::Open`]).
    Item(ExternalDecl<'a>),
    /// A C function definition (`body` left empty) and the first parts of its body;
    /// `closes` when the body ends after them, else [`Piece::Rest`] brings the others.
    Open {
        def: FunctionDef<'a>,
        parts: &'a [BodyPart<'a>],
        closes: bool,
    },
    /// The next parts of the body opened last; `closes` when the body ends after them.
    Rest {
        parts: &'a [BodyPart<'a>],
        closes: bool,
    },
}

/// A long statement opened in a body handed out in pieces: what the parser does when what it
/// holds ends, as `stmt`, `block` and `for_stmt` would.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Frame {
    /// A block: its statements go on to its `}`.
    Block,
    /// `if (cond)` around its first statement: an `else` may follow it.
    If,
    /// The `else` statement of an `if`, `while (cond)` or `switch (cond)`: ends with it.
    Nested,
    /// `do` around its statement: `while (cond);` follows it.
    Do,
    /// A `for` header, whose scope ends with its statement.
    For,
}

/// What carries from one statement of a body handed out in pieces to the next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OpenBody {
    /// The parser's recursion depth at the body's statements.
    pub(super) depth: u32,
    /// Whether a limit was reported in the definition so far.
    pub(super) limit_reported: bool,
}

/// Parses like [`super::translation_unit`] but reads the tokens from `src` as they are made,
/// and hands each piece to `each` as soon as it is parsed: the checker analyses each one
/// while it is hot. `arena` is emptied before each piece, so neither the tree nor the token
/// list of a long kernel ever lives whole.
pub fn each_item(
    arena: &mut Arena,
    src: &mut dyn TokenSource,
    profile: Profile,
    diags: &mut Vec<Diagnostic>,
    each: impl FnMut(Piece<'_>),
) {
    each_item_in(arena, src, Window::DEFAULT, profile, diags, each)
}

/// [`each_item`] with the window kept as `w` says; the result is the same for every `w`.
pub fn each_item_in(
    arena: &mut Arena,
    src: &mut dyn TokenSource,
    w: Window,
    profile: Profile,
    diags: &mut Vec<Diagnostic>,
    mut each: impl FnMut(Piece<'_>),
) {
    let mut window: Vec<Token> = Vec::new();
    let mut ended = false;
    let mut carry = Carry::fresh(src.symbols());
    let mut mark = Mark::default();
    let overrun = std::cell::Cell::new(false);
    let base = w.ahead.max(1);
    let mut ahead = base;
    // Whether the last parse overran: the retry opens long statements.
    let mut retry = false;
    loop {
        if !ended && window.len() - carry.pos < ahead {
            if carry.pos >= w.drop_after {
                window.drain(..carry.pos);
                carry.shift(carry.pos);
            }
            let to = carry
                .pos
                .saturating_add(ahead.saturating_mul(w.fill.max(1)));
            ended = src.fill(&mut window, to);
        }
        let syms = src.symbols();
        // Symbols interned since the last declaration get their (empty) bindings.
        carry.bindings.resize(syms.len(), None);
        mark.set(&mut carry, diags.len(), !ended);
        arena.reset();
        let mut p = Parser::resumed(arena, &window, syms, profile, diags, carry);
        // Texts come from the interner, which outlives every declaration's arena.
        p.texts = Some(syms);
        overrun.set(false);
        p.overrun = (!ended).then_some(&overrun);
        p.stream_bodies = Some(w.piece);
        p.open_long = retry;
        let piece = if p.body.is_some() {
            let start = p.pos;
            let (parts, closes) = p.body_parts(start, w.piece);
            Some(Piece::Rest { parts, closes })
        } else if p.at_eof() {
            if ended {
                return;
            }
            None
        } else {
            p.item_deferred().map(|item| match (item, p.head.take()) {
                (ExternalDecl::Function(def), Some((parts, closes))) => {
                    Piece::Open { def, parts, closes }
                }
                (item, _) => Piece::Item(item),
            })
        };
        let overran = overrun.get();
        if !overran {
            if let Some(piece) = piece {
                each(piece);
            }
        }
        carry = p.suspend();
        retry = overran;
        if overran {
            mark.undo(&mut carry, diags);
            ahead = ahead.saturating_mul(2);
        } else {
            ahead = base;
        }
    }
}

/// What the parser reads past the end of a window whose source goes on: a parse that reads it
/// is undone, so its span does not matter.
static STAND_IN: Token = Token::new(TokenKind::Eof, sym::EMPTY, Span::new(FileId(0), 0, 0));

/// Changes to the per-symbol tables since a declaration started, oldest first, with what
/// each entry held before.
#[derive(Default)]
pub(super) struct Journal {
    /// Whether changes are recorded (only when the declaration may be parsed again).
    pub(super) on: bool,
    bindings: Vec<(Symbol, Option<NameKind>)>,
    /// Entries popped off the parser's `shadowed` below `floor`, each with the index it had.
    popped: Vec<(usize, (Symbol, Option<NameKind>))>,
    /// How many entries `shadowed` held at the mark: those above go when undoing anyway.
    floor: usize,
    cxx_names: Vec<(SmolStr, Option<NameKind>)>,
    templates: Vec<SmolStr>,
}

/// The state a declaration started from, apart from what the journal records (its lists are
/// kept from one declaration to the next, so marking allocates nothing).
#[derive(Default)]
struct Mark {
    pos: usize,
    last_error: Option<usize>,
    /// How many entries `shadowed` held (inside a long function body it is long: its changes
    /// are journalled rather than the list copied).
    shadowed: usize,
    scopes: Vec<usize>,
    prefix: Vec<SmolStr>,
    usings: usize,
    classes: Vec<SmolStr>,
    template_depth: u32,
    body: Option<OpenBody>,
    frames: Vec<Frame>,
    diags: usize,
}

impl Mark {
    /// Marks where a declaration starts; `undoable` turns the journal on (and empties it).
    fn set(&mut self, c: &mut Carry, diags: usize, undoable: bool) {
        c.journal.bindings.clear();
        c.journal.popped.clear();
        c.journal.floor = c.shadowed.len();
        c.journal.cxx_names.clear();
        c.journal.templates.clear();
        c.journal.on = undoable;
        self.pos = c.pos;
        self.last_error = c.last_error;
        self.usings = c.usings.len();
        self.template_depth = c.template_depth;
        self.body = c.body;
        self.shadowed = c.shadowed.len();
        self.diags = diags;
        // Between two declarations these lists rarely change: compared, not copied.
        if undoable {
            if self.scopes != c.scopes {
                self.scopes.clone_from(&c.scopes);
            }
            if self.prefix != c.prefix {
                self.prefix.clone_from(&c.prefix);
            }
            if self.classes != c.classes {
                self.classes.clone_from(&c.classes);
            }
            self.frames.clone_from(&c.frames);
        }
    }

    /// Puts `c` and `diags` back as they were at the mark.
    fn undo(&self, c: &mut Carry, diags: &mut Vec<Diagnostic>) {
        let j = &mut c.journal;
        for (s, before) in j.bindings.drain(..).rev() {
            if let Some(b) = c.bindings.get_mut(s.index()) {
                *b = before;
            }
        }
        for (key, before) in j.cxx_names.drain(..).rev() {
            match before {
                Some(kind) => c.cxx_names.insert(key, kind),
                None => c.cxx_names.remove(&key),
            };
        }
        for key in j.templates.drain(..) {
            c.templates.remove(&key);
        }
        // Entries pushed since the mark go; entries below it that were popped come back. An
        // index below every earlier pop's held what it held at the mark.
        let mut low = self.shadowed;
        let mut back = Vec::new();
        for (i, entry) in j.popped.drain(..) {
            if i < low {
                back.push(entry);
                low = i;
            }
        }
        c.shadowed.truncate(low);
        c.shadowed.extend(back.into_iter().rev());
        c.pos = self.pos;
        c.last_error = self.last_error;
        c.scopes.clone_from(&self.scopes);
        c.prefix.clone_from(&self.prefix);
        c.usings.truncate(self.usings);
        c.classes.clone_from(&self.classes);
        c.template_depth = self.template_depth;
        c.body = self.body;
        c.frames.clone_from(&self.frames);
        diags.truncate(self.diags);
    }
}

impl Carry {
    /// The window lost its first `n` tokens: positions move down by `n`.
    fn shift(&mut self, n: usize) {
        self.pos -= n;
        // An error at a dropped token can never be the current one again.
        self.last_error = self.last_error.and_then(|e| e.checked_sub(n));
    }
}

impl<'t, 'a> Parser<'t, '_, 'a> {
    /// Resumes inside the body `body` (see [`OpenBody`]), if any.
    pub(super) fn in_body(mut self, body: Option<OpenBody>) -> Self {
        if let Some(b) = body {
            self.depth = b.depth;
            self.limit_reported = b.limit_reported;
        }
        self.body = body;
        self
    }

    /// Records that `shadowed` lost its top entry, journalled.
    #[inline]
    pub(super) fn note_pop(&mut self, s: Symbol, before: Option<NameKind>) {
        let at = self.shadowed.len();
        if self.journal.on && at < self.journal.floor {
            self.journal.popped.push((at, (s, before)));
        }
    }

    /// A C function definition's body, at its `{`, when bodies may be handed out in pieces:
    /// what [`Parser::function_body`] does, up to `piece` tokens from `begin` (the
    /// definition's first token; see [`Window`]). The definition comes back with an empty
    /// body, its first parts in `self.head`; a body that goes on is left open in `self.body`.
    pub(super) fn body_in_pieces(
        &mut self,
        specs: crate::ast::DeclSpecs<'a>,
        declarator: crate::ast::Declarator<'a>,
        start: Span,
        begin: usize,
        piece: usize,
    ) -> FunctionDef<'a> {
        self.push_scope();
        self.declare_params(&declarator);
        let open = self.bump().span;
        self.push_scope();
        self.frames.clear();
        self.body = Some(OpenBody {
            depth: self.depth,
            limit_reported: self.limit_reported,
        });
        let (parts, closes) = self.body_parts(begin, piece);
        self.head = Some((parts, closes));
        FunctionDef {
            specs,
            declarator,
            ctor_inits: &[],
            body: crate::ast::Block {
                items: &[],
                span: open,
            },
            span: self.span_from(start),
        }
    }

    /// The parts of an open body from here until `piece` tokens from `begin` have been read,
    /// and whether the body ended: what [`Parser::block`] and [`Parser::function_body`] do at
    /// each statement and after the last, with long statements opened (see [`Frame`]).
    pub(super) fn body_parts(&mut self, begin: usize, piece: usize) -> (&'a [BodyPart<'a>], bool) {
        let mut parts = ArenaVec::new_in(self.arena);
        loop {
            if self.at(Punct::RBrace) || self.at_eof() {
                self.pop_scope();
                self.expect(Punct::RBrace, "to close the block");
                if self.frames.pop().is_none() {
                    self.pop_scope();
                    self.body = None;
                    return (parts.into_bump_slice(), true);
                }
                // An opened block ends as `stmt` ends it.
                self.leave();
                parts.push(BodyPart::Close);
                self.statement_ended(&mut parts, piece);
                continue;
            }
            // A piece reads at least one token, so the body always ends.
            if self.pos > begin && self.pos - begin >= piece {
                return (parts.into_bump_slice(), false);
            }
            let before = self.pos;
            self.part(&mut parts, true, piece);
            if self.pos == before {
                self.error_here("expected a statement");
                self.bump();
            }
        }
    }

    /// One statement where `stmt(decl_ok)` would parse it: whole, or opened when it holds a
    /// block longer than `piece` tokens.
    fn part(&mut self, parts: &mut ArenaVec<'a, BodyPart<'a>>, decl_ok: bool, piece: usize) {
        if !self.open_stmt(parts, piece) {
            parts.push(BodyPart::Stmt(self.stmt(decl_ok)));
            self.statement_ended(parts, piece);
        }
    }

    /// After a statement inside the opened ones: ends each opened statement that it ends (an
    /// `if` without `else`, a loop, a `for`), going on with an `else`.
    fn statement_ended(&mut self, parts: &mut ArenaVec<'a, BodyPart<'a>>, piece: usize) {
        loop {
            match self.frames.last() {
                None | Some(Frame::Block) => return,
                Some(Frame::If) => {
                    parts.push(BodyPart::Close);
                    self.frames.pop();
                    if matches!(self.kw(), Some(Kw::Else)) {
                        self.bump();
                        parts.push(BodyPart::Open { scope: false });
                        self.frames.push(Frame::Nested);
                        self.part(parts, false, piece);
                        return;
                    }
                    self.leave();
                }
                Some(Frame::Nested) => {
                    parts.push(BodyPart::Close);
                    self.frames.pop();
                    self.leave();
                }
                Some(Frame::For) => {
                    parts.push(BodyPart::Close);
                    self.frames.pop();
                    self.pop_scope();
                    self.leave();
                }
                Some(Frame::Do) => {
                    parts.push(BodyPart::Close);
                    self.frames.pop();
                    if matches!(self.kw(), Some(Kw::While)) {
                        self.bump();
                        let cond = self.paren_cond("while");
                        self.expect_semi();
                        parts.push(BodyPart::Expr(super::node(self.arena, cond)));
                    } else {
                        // Parsed whole, the statement would be an error and its body not
                        // analysed; opened, the body has been.
                        self.error_here("expected `while` after the body of `do`");
                        self.recover_stmt();
                    }
                    self.leave();
                }
            }
        }
    }

    /// At a statement: when it is a block, `if`, `while`, `do`, `switch` or `for` holding a block
    /// longer than `piece` tokens, opens it (its head parsed, a [`Frame`] pushed) and returns
    /// `true`; otherwise reads nothing.
    fn open_stmt(&mut self, parts: &mut ArenaVec<'a, BodyPart<'a>>, piece: usize) -> bool {
        let t = self.peek();
        let kw = match t.kind {
            TokenKind::Punct(Punct::LBrace) => None,
            TokenKind::Ident => match self.kw_of(t) {
                Some(k @ (Kw::If | Kw::While | Kw::Switch | Kw::Do)) => Some(k),
                Some(Kw::For) if self.nth(1).is_punct(Punct::LParen) => Some(Kw::For),
                _ => return false,
            },
            _ => return false,
        };
        // Only a retry after an overrun looks for long statements; at the nesting limit `stmt`
        // reports it; a short statement is parsed whole.
        if !self.open_long || self.depth >= super::MAX_NESTING || !self.holds_long_block(piece) {
            return false;
        }
        self.enter();
        self.ops = 0;
        match kw {
            None => {
                self.bump();
                self.push_scope();
                parts.push(BodyPart::Open { scope: true });
                self.frames.push(Frame::Block);
                return true;
            }
            Some(Kw::For) => {
                self.bump();
                self.bump();
                self.push_scope();
                let init = if self.eat(Punct::Semi).is_some() {
                    ForInit::None
                } else if self.starts_decl(self.peek()) {
                    ForInit::Decl(super::node(self.arena, self.block_declaration()))
                } else {
                    let e = self.expr();
                    self.expect(Punct::Semi, "after the `for` initialiser");
                    ForInit::Expr(super::node(self.arena, e))
                };
                let cond = if self.at(Punct::Semi) {
                    None
                } else {
                    Some(super::node(self.arena, self.expr()))
                };
                self.expect(Punct::Semi, "after the `for` condition");
                let step = if self.at(Punct::RParen) {
                    None
                } else {
                    Some(super::node(self.arena, self.expr()))
                };
                self.expect_closing(Punct::RParen, "to close the `for` header");
                parts.push(BodyPart::Open { scope: true });
                parts.push(BodyPart::ForInit(init));
                parts.extend(cond.into_iter().chain(step).map(BodyPart::Expr));
                self.frames.push(Frame::For);
            }
            Some(Kw::Do) => {
                self.bump();
                parts.push(BodyPart::Open { scope: false });
                self.frames.push(Frame::Do);
            }
            Some(k) => {
                self.bump();
                let (keyword, frame) = match k {
                    Kw::If => ("if", Frame::If),
                    Kw::While => ("while", Frame::Nested),
                    _ => ("switch", Frame::Nested),
                };
                let cond = self.paren_cond(keyword);
                parts.push(BodyPart::Expr(super::node(self.arena, cond)));
                parts.push(BodyPart::Open { scope: false });
                self.frames.push(frame);
            }
        }
        self.part(parts, false, piece);
        true
    }

    /// Whether the statement here opens a block that is still open `piece` tokens on (or is an
    /// `if` whose `else` is): its tokens are counted, not parsed, and the count stops where the
    /// statement visibly ends.
    fn holds_long_block(&self, piece: usize) -> bool {
        let (mut braces, mut parens) = (0usize, 0usize);
        for i in self.pos..self.pos.saturating_add(piece) {
            let Some(t) = self.tok(i) else { return false };
            match t.kind {
                TokenKind::Punct(Punct::LBrace) => braces += 1,
                TokenKind::Punct(Punct::RBrace) => {
                    braces = braces.saturating_sub(1);
                    // An `if`'s block may be followed by a long `else`.
                    let next = self.toks.get(i + 1);
                    if braces == 0 && !next.is_some_and(|n| self.kw_of(n) == Some(Kw::Else)) {
                        return false;
                    }
                }
                TokenKind::Punct(Punct::LParen) => parens += 1,
                TokenKind::Punct(Punct::RParen) => parens = parens.saturating_sub(1),
                TokenKind::Punct(Punct::Semi) if braces == 0 && parens == 0 => return false,
                TokenKind::Eof => return false,
                _ => {}
            }
        }
        braces > 0
    }

    /// Sets the binding of `s`, journalled.
    pub(super) fn set_binding(&mut self, s: Symbol, kind: Option<NameKind>) -> Option<NameKind> {
        let b = self.bindings.get_mut(s.index())?;
        let before = std::mem::replace(b, kind);
        if self.journal.on {
            self.journal.bindings.push((s, before));
        }
        before
    }

    /// Declares a C++ file-scope name, journalled.
    pub(super) fn insert_cxx_name(&mut self, key: SmolStr, kind: NameKind) {
        let before = self.cxx_names.insert(key.clone(), kind);
        if self.journal.on {
            self.journal.cxx_names.push((key, before));
        }
    }

    /// Records a template's qualified name, journalled.
    pub(super) fn insert_template(&mut self, key: SmolStr) {
        if self.templates.insert(key.clone()) && self.journal.on {
            self.journal.templates.push(key);
        }
    }

    /// Token `i`; past the end of an incomplete window, none, and the parse is overrun (see
    /// the module's comment).
    #[inline]
    pub(super) fn tok(&self, i: usize) -> Option<&'t Token> {
        let t = self.toks.get(i);
        if let (None, Some(overrun)) = (t, self.overrun) {
            overrun.set(true);
        }
        t
    }

    /// Token `i`, the final `Eof` past the end; past the end of an incomplete window, a
    /// stand-in `Eof`, and the parse is overrun.
    #[inline]
    pub(super) fn at_index(&self, i: usize) -> &'t Token {
        match self.toks.get(i) {
            Some(t) => t,
            None => self.past_end(),
        }
    }

    #[cold]
    #[inline(never)]
    fn past_end(&self) -> &'t Token {
        match self.overrun {
            Some(overrun) => {
                overrun.set(true);
                &STAND_IN
            }
            // A whole list is never empty and ends with `Eof`.
            None => self.toks.last().unwrap_or(&STAND_IN),
        }
    }
}
