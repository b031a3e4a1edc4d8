//! Conditional inclusion (C99 6.10.1): `#if`/`#ifdef`/`#ifndef` groups, `#elif` and `#else`,
//! the nesting limit, and the evaluation of a `#if` condition.

use super::expand::Tok;
use super::{expr, Cond, Pp};
use crate::source::Span;
use crate::symbol::{sym, Symbol};
use crate::token::{Punct, Token, TokenKind};

impl Pp<'_> {
    pub(super) fn open_group(&mut self, name: &str, rest: &[Token], span: Span, active: bool) {
        if self.conds.len() >= self.limits.if_depth {
            let depth = self.limits.if_depth;
            self.limit(span, format!("#if groups nested deeper than {depth}"));
            return;
        }
        let taken = if !active {
            false
        } else if name == "if" {
            self.eval_if(rest, span)
        } else {
            match rest.first() {
                Some(t) if t.kind == TokenKind::Ident => self.is_macro(t.sym) == (name == "ifdef"),
                _ => {
                    self.error(span, format!("#{name} expects a macro name"));
                    false
                }
            }
        };
        // An inactive group's branches are never taken: `taken` starts true.
        self.conds.push(Cond {
            span,
            parent_active: active,
            taken: taken || !active,
            active: taken && active,
            seen_else: false,
        });
    }

    pub(super) fn top_group(&mut self, span: Span, what: &str) -> Option<usize> {
        let base = self.files.last().map_or(0, |f| f.conds_base);
        if self.conds.len() <= base {
            self.error(span, format!("#{what} without #if"));
            return None;
        }
        let i = self.conds.len() - 1;
        if self.conds[i].seen_else {
            self.error(span, format!("#{what} after #else"));
            return None;
        }
        Some(i)
    }

    pub(super) fn elif(&mut self, rest: &[Token], span: Span) {
        let Some(i) = self.top_group(span, "elif") else {
            return;
        };
        if self.conds[i].taken {
            // A later branch is not evaluated once one was taken.
            self.conds[i].active = false;
            return;
        }
        let v = self.eval_if(rest, span);
        self.conds[i].active = v;
        self.conds[i].taken = v;
    }

    pub(super) fn else_(&mut self, span: Span) {
        let Some(i) = self.top_group(span, "else") else {
            return;
        };
        let c = &mut self.conds[i];
        c.active = c.parent_active && !c.taken;
        c.taken = true;
        c.seen_else = true;
    }

    /// Evaluates an `#if`/`#elif` expression; an error is reported and counts as false.
    pub(super) fn eval_if(&mut self, rest: &[Token], span: Span) -> bool {
        // `defined X` is resolved before expansion, so X itself is not expanded.
        let mut toks = self.spare_list();
        toks.reserve(rest.len());
        let mut i = 0;
        while i < rest.len() {
            let t = &rest[i];
            if t.is_ident(sym::DEFINED) {
                let paren = rest.get(i + 1).is_some_and(|t| t.is_punct(Punct::LParen));
                let at = if paren { i + 2 } else { i + 1 };
                let close_ok =
                    !paren || rest.get(at + 1).is_some_and(|t| t.is_punct(Punct::RParen));
                match rest.get(at) {
                    Some(n) if n.kind == TokenKind::Ident && close_ok => {
                        let mut one = *t;
                        one.kind = TokenKind::Int;
                        one.sym = if self.is_macro(n.sym) {
                            sym::ONE
                        } else {
                            sym::ZERO
                        };
                        toks.push(Tok::new(one));
                        i = if paren { at + 2 } else { at + 1 };
                        continue;
                    }
                    _ => {
                        self.error(t.span, "`defined` expects a macro name");
                        return false;
                    }
                }
            }
            toks.push(Tok::new(*t));
            i += 1;
        }
        let list = self.expand_list(toks);
        let expanded: Vec<Token> = list.iter().map(|t| t.t).collect();
        self.recycle(list);
        if self.stopped {
            return false;
        }
        let end = Span::new(span.file, span.end, span.end);
        let cxx = self.opts.profile.lang().is_cxx();
        let is_defined = |name: Symbol| self.is_macro(name);
        match expr::eval(&expanded, &self.out.symbols, end, cxx, &is_defined) {
            Ok(v) => v,
            Err(e) if e.limit => {
                self.limit(e.span, e.message);
                false
            }
            Err(e) => {
                // Expanded tokens carry the span of the macro use, which is on this line.
                self.error(e.span, e.message);
                false
            }
        }
    }
}
