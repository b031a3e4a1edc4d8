//! Parsing tokens as they are made: the parser reads a window of the preprocessor's output
//! that holds the current external declaration and some tokens after it, and the tokens of
//! earlier declarations are dropped, so no whole token list of the unit exists.
//!
//! The grammar looks ahead without bound (C++ qualified names, recovery that skips to a `;`),
//! so a window cannot be sized in advance. Instead each declaration is parsed over the window
//! as it stands, ended by a stand-in `Eof`; a parse that read the stand-in (an overrun) is
//! undone and parsed again over a window twice as long. A parse that did not read it read
//! only tokens of the real output, so it is the parse a whole list gives. Undoing needs the
//! state that carries between declarations as it was: the small parts are copied when a
//! declaration starts ([`Mark`]), the per-symbol tables are journalled ([`Journal`]).

use super::{Carry, NameKind, Parser};
use crate::ast::{Arena, ExternalDecl};
use crate::diag::Diagnostic;
use crate::source::Span;
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

/// How the window is kept: how many tokens past its start a declaration is first parsed with
/// (doubled at each overrun), and after how many tokens of finished declarations those are
/// dropped (dropping moves the rest, so not after every declaration).
#[derive(Clone, Copy, Debug)]
pub struct Window {
    pub ahead: usize,
    pub drop_after: usize,
}

impl Window {
    /// 4,096 tokens (96 KiB) ahead: a kernel's declarations are rarely longer.
    pub const DEFAULT: Window = Window {
        ahead: 4096,
        drop_after: 8192,
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
    let base = w.ahead.max(1);
    let mut ahead = base;
    loop {
        if carry.pos >= w.drop_after {
            window.drain(..carry.pos);
            carry.shift(carry.pos);
        }
        let want = carry.pos.saturating_add(ahead);
        if !ended && window.len() < want {
            // Twice what is needed, so that short declarations do not each call the source.
            ended = src.fill(&mut window, want.saturating_add(ahead));
        }
        if !ended {
            window.push(stand_in(&window));
        }
        let syms = src.symbols();
        // Symbols interned since the last declaration get their (empty) bindings.
        carry.bindings.resize(syms.len(), None);
        let mark = Mark::new(&mut carry, diags.len(), !ended);
        arena.reset();
        let mut p = Parser::resumed(arena, &window, syms, profile, diags, carry);
        // Texts come from the interner, which outlives every declaration's arena.
        p.texts = Some(syms);
        p.complete = ended;
        if p.at_eof() && ended {
            return;
        }
        let item = if p.at_eof() { None } else { p.item_deferred() };
        let overrun = p.overrun.get();
        if !overrun {
            if let Some(item) = item {
                each(item);
            }
        }
        carry = p.suspend();
        if !ended {
            window.pop();
        }
        if overrun {
            mark.undo(&mut carry, diags);
            ahead = ahead.saturating_mul(2);
        } else {
            ahead = base;
        }
    }
}

/// The `Eof` that ends a window whose source goes on: a parse that reads it is undone.
fn stand_in(window: &[Token]) -> Token {
    let span = window
        .last()
        .map(|t| Span::new(t.span.file, t.span.end, t.span.end))
        .unwrap_or_default();
    Token::new(TokenKind::Eof, sym::EMPTY, span)
}

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

/// The state a declaration started from, apart from what the journal records.
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
    fn new(c: &mut Carry, diags: usize, undoable: bool) -> Mark {
        c.journal.bindings.clear();
        c.journal.cxx_names.clear();
        c.journal.templates.clear();
        c.journal.on = undoable;
        Mark {
            pos: c.pos,
            last_error: c.last_error,
            shadowed: if undoable {
                c.shadowed.clone()
            } else {
                Vec::new()
            },
            scopes: if undoable {
                c.scopes.clone()
            } else {
                Vec::new()
            },
            prefix: if undoable {
                c.prefix.clone()
            } else {
                Vec::new()
            },
            usings: c.usings.len(),
            classes: if undoable {
                c.classes.clone()
            } else {
                Vec::new()
            },
            template_depth: c.template_depth,
            diags,
        }
    }

    /// Puts `c` and `diags` back as they were at the mark.
    fn undo(self, c: &mut Carry, diags: &mut Vec<Diagnostic>) {
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
        c.shadowed = self.shadowed;
        c.scopes = self.scopes;
        c.prefix = self.prefix;
        c.usings.truncate(self.usings);
        c.classes = self.classes;
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
        let Some(b) = self.bindings.get_mut(s.index()) else {
            return None;
        };
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

    /// Token `i` of the window; reading the stand-in `Eof` of an incomplete window marks the
    /// parse as overrun (see the module's comment).
    #[inline]
    pub(super) fn tok(&self, i: usize) -> Option<&'t Token> {
        if !self.complete && i + 1 >= self.toks.len() {
            self.overrun.set(true);
        }
        self.toks.get(i)
    }

    /// Token `i` of the window, which must be one; see [`Parser::tok`].
    #[inline]
    pub(super) fn at_index(&self, i: usize) -> &'t Token {
        if !self.complete && i + 1 >= self.toks.len() {
            self.overrun.set(true);
        }
        &self.toks[i]
    }
}
