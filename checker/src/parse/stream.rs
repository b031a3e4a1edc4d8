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
//! A C function definition longer than [`Window::piece`] tokens is handed out in pieces: its head with
//! the body's first statements, then more statements, the last piece with the body's end. Each
//! piece is parsed (and parsed again) like a declaration, so neither the tree nor the tokens of
//! one huge function live whole either.

use super::{Carry, NameKind, Parser};
use crate::ast::{Arena, ExternalDecl, FunctionDef, Stmt};
use crate::diag::Diagnostic;
use crate::source::{FileId, Span};
use crate::spec::Profile;
use crate::symbol::{sym, Interner, Symbol};
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

/// What [`each_item`] hands out: the external declarations, a long C function definition in
/// pieces.
#[derive(Debug)]
pub enum Piece<'a> {
    /// An external declaration, whole.
    Item(ExternalDecl<'a>),
    /// A function definition whose body goes on: `body.items` holds its first statements,
    /// [`Piece::Rest`] the others.
    Open(FunctionDef<'a>),
    /// The next statements of the body opened last; `closes` when the body ends after them.
    Rest { stmts: &'a [Stmt<'a>], closes: bool },
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
        let piece = if p.body.is_some() {
            let start = p.pos;
            let (stmts, closes) = p.body_stmts(start, w.piece);
            Some(Piece::Rest { stmts, closes })
        } else if p.at_eof() {
            if ended {
                return;
            }
            None
        } else {
            p.item_deferred().map(|item| match item {
                ExternalDecl::Function(f) if p.body.is_some() => Piece::Open(f),
                item => Piece::Item(item),
            })
        };
        let overran = overrun.get();
        if !overran {
            if let Some(piece) = piece {
                each(piece);
            }
        }
        carry = p.suspend();
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
    /// definition's first token; see [`Window`]). A body that goes on is left open in
    /// `self.body`.
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
        let (items, closes) = self.body_stmts(begin, piece);
        let span = if closes {
            self.span_from(open)
        } else {
            self.body = Some(OpenBody {
                depth: self.depth,
                limit_reported: self.limit_reported,
            });
            open
        };
        FunctionDef {
            specs,
            declarator,
            ctor_inits: &[],
            body: crate::ast::Block { items, span },
            span: self.span_from(start),
        }
    }

    /// The statements of an open body from here until `piece` tokens from `begin` have been
    /// read, and whether the body ended (what [`Parser::block`] and [`Parser::function_body`]
    /// do at each statement and after the last).
    fn body_stmts(&mut self, begin: usize, piece: usize) -> (&'a [Stmt<'a>], bool) {
        let mut items = crate::ast::ArenaVec::new_in(self.arena);
        loop {
            if self.at(crate::token::Punct::RBrace) || self.at_eof() {
                self.pop_scope();
                self.expect(crate::token::Punct::RBrace, "to close the block");
                self.pop_scope();
                self.body = None;
                return (items.into_bump_slice(), true);
            }
            // A piece reads at least one token, so the body always ends.
            if self.pos > begin && self.pos - begin >= piece {
                return (items.into_bump_slice(), false);
            }
            let before = self.pos;
            items.push(self.stmt(true));
            if self.pos == before {
                self.error_here("expected a statement");
                self.bump();
            }
        }
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
