//! Include guards, as clang's preprocessor finds them: a file whose every token lies inside one
//! `#ifndef NAME` (or `#if !defined NAME`) group is not read again while `NAME` is defined, since
//! reading it would keep nothing. Files are lexed a part at a time and not kept, so reading such
//! a file again would lex all of it only to skip it.

use super::Pp;
use crate::symbol::{sym, Symbol};
use crate::token::{Punct, Token, TokenKind};

/// What is known of an open file's include guard, as far as the file has been read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Guard {
    /// Nothing read yet.
    Start,
    /// Inside the guard's group, which was opened at `#if` depth `depth`.
    Open { name: Symbol, depth: usize },
    /// The group's `#endif` was read: only the end of the file may follow.
    Closed(Symbol),
    /// The file has no guard.
    No,
}

impl Guard {
    /// A token of the file that is not part of a directive was read. (`Pp::next_file_token`
    /// reads the first token after every directive and at the start of every file, so the runs
    /// of plain tokens that `Pp::copy_plain` copies never start a file's text.)
    #[inline]
    pub(super) fn token(&mut self) {
        if !matches!(self, Guard::Open { .. }) {
            *self = Guard::No;
        }
    }

    /// The directive `#name rest` was read, with `depth` `#if` groups open before it.
    pub(super) fn directive(&mut self, name: Symbol, rest: &[Token], depth: usize) {
        *self = match *self {
            Guard::Start => match guard_name(name, rest) {
                Some(name) => Guard::Open { name, depth },
                None => Guard::No,
            },
            Guard::Open { name: n, depth: d } if depth == d + 1 => match name {
                sym::ENDIF => Guard::Closed(n),
                sym::ELSE | sym::ELIF => Guard::No,
                _ => return,
            },
            Guard::Open { .. } | Guard::No => return,
            Guard::Closed(_) => Guard::No,
        };
    }
}

/// The macro that `#ifndef NAME`, `#if !defined NAME` or `#if !defined(NAME)` tests.
fn guard_name(directive: Symbol, rest: &[Token]) -> Option<Symbol> {
    let ident = |t: &Token| (t.kind == TokenKind::Ident).then_some(t.sym);
    match (directive, rest) {
        (sym::IFNDEF, [t, ..]) => ident(t),
        (sym::IF, [not, defined, t])
            if not.is_punct(Punct::Bang) && defined.is_ident(sym::DEFINED) =>
        {
            ident(t)
        }
        (sym::IF, [not, defined, open, t, close])
            if not.is_punct(Punct::Bang)
                && defined.is_ident(sym::DEFINED)
                && open.is_punct(Punct::LParen)
                && close.is_punct(Punct::RParen) =>
        {
            ident(t)
        }
        _ => None,
    }
}

impl Pp<'_> {
    /// Whether including file `id` now would read nothing: it has a guard that is defined.
    pub(super) fn guarded(&self, id: crate::source::FileId) -> bool {
        self.guards.get(&id).is_some_and(|g| self.is_macro(*g))
    }
}
