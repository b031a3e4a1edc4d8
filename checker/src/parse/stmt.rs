//! Statements (C99 6.8) and function bodies.

use super::builtins::Kw;
use super::{node, NameKind, Parser};
use crate::ast::*;
use crate::source::Span;
use crate::token::{Punct, TokenKind};

impl<'a> Parser<'_, '_, 'a> {
    /// A function body, at its `{`: the parameters are in scope in it.
    pub(super) fn function_body(&mut self, declarator: &Declarator<'a>) -> Block<'a> {
        self.push_scope();
        self.declare_params(declarator);
        let body = self.block();
        self.pop_scope();
        body
    }

    /// Declares a function's parameters in the scope just opened.
    pub(super) fn declare_params(&mut self, declarator: &Declarator<'a>) {
        if let Some(ChunkKind::Function { params, .. }) = declarator.chunks.first().map(|c| &c.kind)
        {
            for p in params.iter() {
                if let Some(name) = &p.declarator.name {
                    self.declare(name.name, NameKind::Object);
                }
            }
        }
    }

    /// `{ items }`, at the `{`.
    fn block(&mut self) -> Block<'a> {
        let open = self.bump().span;
        self.push_scope();
        let mut items = ArenaVec::new_in(self.arena);
        self.until_rbrace("expected a statement", |p| items.push(p.stmt(true)));
        self.pop_scope();
        self.expect(Punct::RBrace, "to close the block");
        Block {
            items: items.into_bump_slice(),
            span: self.span_from(open),
        }
    }

    /// One statement; `decl_ok` where a declaration may stand (a block item).
    pub(super) fn stmt(&mut self, decl_ok: bool) -> Stmt<'a> {
        let start = self.peek().span;
        if !self.enter() {
            return Stmt {
                kind: StmtKind::Error,
                span: start,
            };
        }
        self.ops = 0;
        let kind = self.stmt_kind(decl_ok);
        self.leave();
        Stmt {
            kind,
            span: self.span_from(start),
        }
    }

    fn stmt_kind(&mut self, decl_ok: bool) -> StmtKind<'a> {
        let t = self.peek();
        match t.kind {
            TokenKind::Punct(Punct::LBrace) => return StmtKind::Compound(self.block()),
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                return StmtKind::Empty;
            }
            TokenKind::Ident => {}
            TokenKind::Punct(Punct::ColonColon) if self.starts_decl(t) => {
                return StmtKind::Decl(node(self.arena, self.block_declaration()))
            }
            _ => return self.expr_stmt(),
        }
        match self.kw_of(t) {
            Some(Kw::If) => {
                self.bump();
                let cond = self.paren_cond("if");
                let then = node(self.arena, self.stmt(false));
                let els = if matches!(self.kw(), Some(Kw::Else)) {
                    self.bump();
                    Some(node(self.arena, self.stmt(false)))
                } else {
                    None
                };
                StmtKind::If { cond, then, els }
            }
            Some(Kw::While) => {
                self.bump();
                let cond = self.paren_cond("while");
                StmtKind::While {
                    cond,
                    body: node(self.arena, self.stmt(false)),
                }
            }
            Some(Kw::Do) => {
                self.bump();
                let body = node(self.arena, self.stmt(false));
                if !matches!(self.kw(), Some(Kw::While)) {
                    self.error_here("expected `while` after the body of `do`");
                    self.recover_stmt();
                    return StmtKind::Error;
                }
                self.bump();
                let cond = self.paren_cond("while");
                self.expect_semi();
                StmtKind::DoWhile { body, cond }
            }
            Some(Kw::For) => self.for_stmt(),
            Some(Kw::Switch) => {
                self.bump();
                let cond = self.paren_cond("switch");
                StmtKind::Switch {
                    cond,
                    body: node(self.arena, self.stmt(false)),
                }
            }
            Some(Kw::Case) => {
                self.bump();
                let value = self.conditional_expr();
                self.expect(Punct::Colon, "after the case value");
                StmtKind::Case {
                    value,
                    body: node(self.arena, self.stmt(false)),
                }
            }
            Some(Kw::Default) => {
                self.bump();
                self.expect(Punct::Colon, "after `default`");
                StmtKind::Default {
                    body: node(self.arena, self.stmt(false)),
                }
            }
            Some(Kw::Break) => {
                self.bump();
                self.expect_semi();
                StmtKind::Break
            }
            Some(Kw::Continue) => {
                self.bump();
                self.expect_semi();
                StmtKind::Continue
            }
            Some(Kw::Return) => {
                self.bump();
                let value = if self.at(Punct::Semi) {
                    None
                } else {
                    Some(self.expr())
                };
                self.expect_semi();
                StmtKind::Return(value)
            }
            Some(Kw::Goto) => {
                self.bump();
                let n = self.peek();
                if n.kind != TokenKind::Ident || self.kw_of(n).is_some() {
                    self.error_here("expected a label after `goto`");
                    self.recover_stmt();
                    return StmtKind::Error;
                }
                self.bump();
                self.expect_semi();
                StmtKind::Goto(Ident {
                    name: self.name(n),
                    span: n.span,
                })
            }
            Some(Kw::Else) => {
                self.error_here("expected a statement (`else` without `if`)");
                self.bump();
                StmtKind::Error
            }
            Some(Kw::Cxx) => {
                self.cxx_construct();
                self.recover_stmt();
                StmtKind::Error
            }
            Some(Kw::Using) => self.block_using(),
            Some(Kw::StaticAssert) => {
                self.bump();
                if self.at(Punct::LParen) {
                    self.skip_balanced();
                }
                self.expect_semi();
                StmtKind::Empty
            }
            // Labels have a namespace of their own: `T:` is a label even where `T` is a type.
            None if self.nth(1).is_punct(Punct::Colon) => {
                self.bump();
                self.bump();
                let attrs = self.attributes();
                let label = Ident {
                    name: self.name(t),
                    span: t.span,
                };
                StmtKind::Labeled {
                    label,
                    attrs: attrs.into_bump_slice(),
                    body: node(self.arena, self.stmt(false)),
                }
            }
            // `__attribute__((opencl_unroll_hint(4))) for (...)`: attributes before a statement
            // that is not a declaration. The attributes are read and dropped.
            Some(Kw::Attribute) if self.attributed_stmt() => {
                self.attributes();
                self.stmt_kind(decl_ok)
            }
            _ if self.starts_decl(t) => {
                if !decl_ok {
                    self.error(
                        t.span,
                        "expected a statement, found a declaration".to_string(),
                    );
                }
                StmtKind::Decl(node(self.arena, self.block_declaration()))
            }
            _ => self.expr_stmt(),
        }
    }

    /// At `__attribute__`: whether a statement, not a declaration, follows the attributes.
    /// Looks ahead without reporting anything.
    fn attributed_stmt(&mut self) -> bool {
        let (pos, diags) = (self.pos, self.diags.len());
        self.attributes();
        let next = self.peek();
        let stmt = next.kind == TokenKind::Punct(Punct::LBrace)
            || next.kind == TokenKind::Punct(Punct::Semi)
            || matches!(
                self.kw_of(next),
                Some(
                    Kw::If
                        | Kw::While
                        | Kw::Do
                        | Kw::For
                        | Kw::Switch
                        | Kw::Return
                        | Kw::Break
                        | Kw::Continue
                        | Kw::Goto
                )
            );
        self.pos = pos;
        self.diags.truncate(diags);
        stmt
    }

    fn expr_stmt(&mut self) -> StmtKind<'a> {
        let e = self.expr();
        if matches!(e.kind, ExprKind::Error) {
            self.recover_stmt();
            return StmtKind::Error;
        }
        self.expect_semi();
        StmtKind::Expr(e)
    }

    pub(super) fn expect_semi(&mut self) {
        if self.eat(Punct::Semi).is_none() {
            self.missing_semi("expected `;`");
            self.recover_stmt();
        }
    }

    /// `( expr )` after `if`, `while`, `switch`.
    pub(super) fn paren_cond(&mut self, keyword: &str) -> Expr<'a> {
        if !self.expect(Punct::LParen, &format!("after `{keyword}`")) {
            let s = self.peek().span;
            return Expr {
                kind: ExprKind::Error,
                span: Span::new(s.file, s.start, s.start),
            };
        }
        let cond = self.expr();
        self.expect_closing(
            Punct::RParen,
            &format!("to close the `{keyword}` condition"),
        );
        cond
    }

    fn for_stmt(&mut self) -> StmtKind<'a> {
        self.bump();
        if !self.expect(Punct::LParen, "after `for`") {
            self.recover_stmt();
            return StmtKind::Error;
        }
        // A declaration in the header is scoped to the loop (C99 6.8.5p3).
        self.push_scope();
        let init = if self.eat(Punct::Semi).is_some() {
            ForInit::None
        } else if self.starts_decl(self.peek()) {
            ForInit::Decl(node(self.arena, self.block_declaration()))
        } else {
            let e = self.expr();
            self.expect(Punct::Semi, "after the `for` initialiser");
            ForInit::Expr(node(self.arena, e))
        };
        let cond = if self.at(Punct::Semi) {
            None
        } else {
            Some(node(self.arena, self.expr()))
        };
        self.expect(Punct::Semi, "after the `for` condition");
        let step = if self.at(Punct::RParen) {
            None
        } else {
            Some(node(self.arena, self.expr()))
        };
        self.expect_closing(Punct::RParen, "to close the `for` header");
        let body = node(self.arena, self.stmt(false));
        self.pop_scope();
        StmtKind::For {
            init,
            cond,
            step,
            body,
        }
    }
}
