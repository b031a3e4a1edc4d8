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

use super::{Carry, NameKind, Parser};
use crate::ast::{Arena, ExternalDecl};
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
/// front), and the window is filled up to `fill` times `ahead` tokens past the start.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub ahead: usize,
    pub drop_after: usize,
    pub fill: usize,
}

impl Window {
    /// 1,024 tokens ahead, filled 8 times as far (192 KiB): a declaration of up to 1,024
    /// tokens is never parsed twice and a longer one rarely is, the source is called once per
    /// 7,168 tokens or more, and dropping moves at most one token in 7. A longer window buys
    /// no measurable time and costs peak memory (32 times: 0.6 MiB more on a 1.6 MB kernel).
    pub const DEFAULT: Window = Window {
        ahead: 1024,
        drop_after: 1024,
        fill: 8,
    };
}

/// Parses like [`super::translation_unit`] but reads the tokens from `src` as they are made,
/// and hands each external declaration to `each` as soon as it is parsed: the checker
/// analyses each one while it is hot. `arena` is emptied before each declaration, so neither
/// the tree nor the token list of a long kernel ever lives whole.
pub fn each_item(
    arena: &mut Arena,
    src: &mut dyn TokenSource,
    profile: Profile,
    diags: &mut Vec<Diagnostic>,
    each: impl FnMut(ExternalDecl<'_>),
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
    mut each: impl FnMut(ExternalDecl<'_>),
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
        if p.at_eof() && ended {
            return;
        }
        let item = if p.at_eof() { None } else { p.item_deferred() };
        let overran = overrun.get();
        if !overran {
            if let Some(item) = item {
                each(item);
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
    cxx_names: Vec<(SmolStr, Option<NameKind>)>,
    templates: Vec<SmolStr>,
}

/// The state a declaration started from, apart from what the journal records (its lists are
/// kept from one declaration to the next, so marking allocates nothing).
#[derive(Default)]
struct Mark {
    pos: usize,
    last_error: Option<usize>,
    shadowed: Vec<(Symbol, Option<NameKind>)>,
    scopes: Vec<usize>,
    prefix: Vec<SmolStr>,
    usings: usize,
    classes: Vec<SmolStr>,
    template_depth: u32,
    diags: usize,
}

impl Mark {
    /// Marks where a declaration starts; `undoable` turns the journal on (and empties it).
    fn set(&mut self, c: &mut Carry, diags: usize, undoable: bool) {
        c.journal.bindings.clear();
        c.journal.cxx_names.clear();
        c.journal.templates.clear();
        c.journal.on = undoable;
        self.pos = c.pos;
        self.last_error = c.last_error;
        self.usings = c.usings.len();
        self.template_depth = c.template_depth;
        self.diags = diags;
        // Between two declarations these lists rarely change: compared, not copied.
        if undoable {
            if self.shadowed != c.shadowed {
                self.shadowed.clone_from(&c.shadowed);
            }
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
        c.pos = self.pos;
        c.last_error = self.last_error;
        c.shadowed.clone_from(&self.shadowed);
        c.scopes.clone_from(&self.scopes);
        c.prefix.clone_from(&self.prefix);
        c.usings.truncate(self.usings);
        c.classes.clone_from(&self.classes);
        c.template_depth = self.template_depth;
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

impl<'t> Parser<'t, '_, '_> {
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
