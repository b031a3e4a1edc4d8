//! Expressions, by C99 precedence (6.5), with OpenCL's vector literals, `vec_step` and vector
//! component access (which is member access to the parser).

use super::builtins::Kw;
use super::{describe, node, NameKind, Parser};
use crate::ast::*;
use crate::source::Span;
use crate::symbol::sym;
use crate::token::{Punct, Token, TokenKind};

/// Binary operators and their precedence (higher binds tighter).
fn binary_op(kind: TokenKind) -> Option<(BinaryOp, u8)> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        Punct::Star => (BinaryOp::Mul, 10),
        Punct::Slash => (BinaryOp::Div, 10),
        Punct::Percent => (BinaryOp::Rem, 10),
        Punct::Plus => (BinaryOp::Add, 9),
        Punct::Minus => (BinaryOp::Sub, 9),
        Punct::Shl => (BinaryOp::Shl, 8),
        Punct::Shr => (BinaryOp::Shr, 8),
        Punct::Lt => (BinaryOp::Lt, 7),
        Punct::Gt => (BinaryOp::Gt, 7),
        Punct::Le => (BinaryOp::Le, 7),
        Punct::Ge => (BinaryOp::Ge, 7),
        Punct::EqEq => (BinaryOp::Eq, 6),
        Punct::Ne => (BinaryOp::Ne, 6),
        Punct::Amp => (BinaryOp::BitAnd, 5),
        Punct::Caret => (BinaryOp::BitXor, 4),
        Punct::Pipe => (BinaryOp::BitOr, 3),
        Punct::AmpAmp => (BinaryOp::LogAnd, 2),
        Punct::PipePipe => (BinaryOp::LogOr, 1),
        _ => return None,
    })
}

/// Assignment operators: `None` inside for plain `=`.
fn assign_op(kind: TokenKind) -> Option<Option<BinaryOp>> {
    let TokenKind::Punct(p) = kind else {
        return None;
    };
    Some(match p {
        Punct::Eq => None,
        Punct::StarEq => Some(BinaryOp::Mul),
        Punct::SlashEq => Some(BinaryOp::Div),
        Punct::PercentEq => Some(BinaryOp::Rem),
        Punct::PlusEq => Some(BinaryOp::Add),
        Punct::MinusEq => Some(BinaryOp::Sub),
        Punct::ShlEq => Some(BinaryOp::Shl),
        Punct::ShrEq => Some(BinaryOp::Shr),
        Punct::AmpEq => Some(BinaryOp::BitAnd),
        Punct::CaretEq => Some(BinaryOp::BitXor),
        Punct::PipeEq => Some(BinaryOp::BitOr),
        _ => return None,
    })
}

impl<'a> Parser<'_, '_, 'a> {
    pub(super) fn error_expr(&self) -> Expr<'a> {
        let s = self.peek().span;
        Expr {
            kind: ExprKind::Error,
            span: Span::new(s.file, s.start, s.start),
        }
    }

    /// A full expression, commas included.
    pub(super) fn expr(&mut self) -> Expr<'a> {
        let mut e = self.assign_expr();
        while self.at(Punct::Comma) {
            if !self.count_op() {
                break;
            }
            self.bump();
            let rhs = self.assign_expr();
            let span = e.span.to(rhs.span);
            e = Expr {
                kind: ExprKind::Comma(node(self.arena, e), node(self.arena, rhs)),
                span,
            };
        }
        e
    }

    /// An assignment expression (C99 6.5.16): what function arguments and initialisers hold.
    pub(super) fn assign_expr(&mut self) -> Expr<'a> {
        if let Some(e) = self.lone_operand() {
            return e;
        }
        if !self.enter() {
            return self.error_expr();
        }
        let lhs = self.conditional_expr();
        let e = match assign_op(self.peek().kind) {
            Some(op) if self.count_op() => {
                self.bump();
                let rhs = self.assign_expr();
                let span = lhs.span.to(rhs.span);
                Expr {
                    kind: ExprKind::Assign(op, node(self.arena, lhs), node(self.arena, rhs)),
                    span,
                }
            }
            _ => lhs,
        };
        self.leave();
        e
    }

    /// `a ? b : c`, also what constant expressions (case labels, bit widths) are.
    pub(super) fn conditional_expr(&mut self) -> Expr<'a> {
        if !self.enter() {
            return self.error_expr();
        }
        let cond = self.binary_expr(1);
        let e = if self.at(Punct::Question) && self.count_op() {
            self.bump();
            let cond_span = cond.span;
            let cond = node(self.arena, cond);
            // GNU `a ?: b` (clang accepts it in OpenCL C): the condition is also the value.
            let then = if self.at(Punct::Colon) {
                cond
            } else {
                node(self.arena, self.expr())
            };
            self.expect(Punct::Colon, "in the conditional expression");
            let els = self.conditional_expr();
            let span = cond_span.to(els.span);
            Expr {
                kind: ExprKind::Conditional(cond, then, node(self.arena, els)),
                span,
            }
        } else {
            cond
        };
        self.leave();
        e
    }

    /// Binary operators at precedence `min` and above, by precedence climbing: the recursion
    /// is bounded by the number of precedence levels, and chains are loops.
    fn binary_expr(&mut self, min: u8) -> Expr<'a> {
        let mut lhs = self.cast_expr();
        while let Some((op, prec)) = binary_op(self.peek().kind) {
            if prec < min || !self.count_op() {
                break;
            }
            self.bump();
            let rhs = self.binary_expr(prec + 1);
            let span = lhs.span.to(rhs.span);
            lhs = Expr {
                kind: ExprKind::Binary(op, node(self.arena, lhs), node(self.arena, rhs)),
                span,
            };
        }
        lhs
    }

    /// A cast, compound literal or vector literal when `(` starts a type name; otherwise a
    /// unary expression. `(T)*x` is a cast where `T` names a type and a product elsewhere.
    pub(super) fn cast_expr(&mut self) -> Expr<'a> {
        if !self.enter() {
            return self.error_expr();
        }
        let e = self.cast_inner();
        self.leave();
        e
    }

    fn cast_inner(&mut self) -> Expr<'a> {
        if !self.at(Punct::LParen) {
            return self.unary_expr();
        }
        // `(x)`, an operand of most operators in macro-heavy code: no cast, no unary operator.
        // Written out here, in `lone_operand` and in `primary`: one shared helper for the three
        // cost 0.6-1.3 % more instructions on the library kernels (it is inlined differently).
        if self.nth(2).is_punct(Punct::RParen) {
            let t = self.nth(1);
            if let Some(kind) = self.operand(t) {
                let open = self.bump().span;
                self.bump();
                let close = self.bump().span;
                let inner = Expr { kind, span: t.span };
                let paren = Expr {
                    kind: ExprKind::Paren(node(self.arena, inner)),
                    span: open.to(close),
                };
                return self.postfix(paren);
            }
        }
        if !self.starts_type_name(self.nth(1)) {
            return self.unary_expr();
        }
        let open = self.bump().span;
        let ty = node(self.arena, self.type_name());
        self.expect(Punct::RParen, "after the type name");
        if self.at(Punct::LBrace) {
            let list = self.init_list(false);
            let span = open.to(list.span);
            let lit = Expr {
                kind: ExprKind::CompoundLiteral(ty, node(self.arena, list)),
                span,
            };
            return self.postfix(lit);
        }
        let operand = self.cast_expr();
        let span = open.to(operand.span);
        let operand = match operand.kind {
            ExprKind::Paren(inner)
                if vector_capable(ty) && matches!(inner.kind, ExprKind::Comma(..)) =>
            {
                return Expr {
                    kind: ExprKind::VectorLiteral(
                        ty,
                        flatten_commas(self.arena, inner.clone()).into_bump_slice(),
                    ),
                    span,
                };
            }
            kind => Expr {
                kind,
                span: operand.span,
            },
        };
        Expr {
            kind: ExprKind::Cast(ty, node(self.arena, operand)),
            span,
        }
    }

    fn unary_expr(&mut self) -> Expr<'a> {
        let t = self.peek();
        let op = match t.kind {
            TokenKind::Punct(Punct::PlusPlus) => Some(UnaryOp::PreInc),
            TokenKind::Punct(Punct::MinusMinus) => Some(UnaryOp::PreDec),
            TokenKind::Punct(Punct::Amp) => Some(UnaryOp::AddrOf),
            TokenKind::Punct(Punct::Star) => Some(UnaryOp::Deref),
            TokenKind::Punct(Punct::Plus) => Some(UnaryOp::Plus),
            TokenKind::Punct(Punct::Minus) => Some(UnaryOp::Neg),
            TokenKind::Punct(Punct::Tilde) => Some(UnaryOp::BitNot),
            TokenKind::Punct(Punct::Bang) => Some(UnaryOp::Not),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            let operand = self.cast_expr();
            let span = t.span.to(operand.span);
            return Expr {
                kind: ExprKind::Unary(op, node(self.arena, operand)),
                span,
            };
        }
        let trait_ = match self.kw() {
            Some(Kw::Sizeof) => TypeTrait::Sizeof,
            Some(Kw::VecStep) => TypeTrait::VecStep,
            Some(Kw::Alignof) => TypeTrait::Alignof,
            Some(Kw::Extension) => {
                self.bump();
                return self.cast_expr();
            }
            _ => return self.postfix_primary(),
        };
        self.bump();
        if self.at(Punct::LParen) && self.starts_type_name(self.nth(1)) {
            self.bump();
            let ty = node(self.arena, self.type_name());
            self.expect(Punct::RParen, "after the type name");
            if self.at(Punct::LBrace) {
                // `sizeof (T){...}`: the operand is a compound literal.
                let list = self.init_list(false);
                let lit = Expr {
                    span: ty.span.to(list.span),
                    kind: ExprKind::CompoundLiteral(ty, node(self.arena, list)),
                };
                let operand = self.postfix(lit);
                let span = t.span.to(operand.span);
                return Expr {
                    kind: ExprKind::SizeofExpr(trait_, node(self.arena, operand)),
                    span,
                };
            }
            return Expr {
                kind: ExprKind::SizeofType(trait_, ty),
                span: self.span_from(t.span),
            };
        }
        let operand = self.cast_expr();
        let span = t.span.to(operand.span);
        Expr {
            kind: ExprKind::SizeofExpr(trait_, node(self.arena, operand)),
            span,
        }
    }

    fn postfix_primary(&mut self) -> Expr<'a> {
        let e = self.primary();
        if matches!(e.kind, ExprKind::Error) {
            return e;
        }
        self.postfix(e)
    }

    /// `[i]`, `(args)`, `.m`, `->m`, `++`, `--` after `e`.
    fn postfix(&mut self, mut e: Expr<'a>) -> Expr<'a> {
        loop {
            let t = self.peek();
            let TokenKind::Punct(p) = t.kind else { break };
            if !matches!(
                p,
                Punct::LBracket
                    | Punct::LParen
                    | Punct::Dot
                    | Punct::Arrow
                    | Punct::PlusPlus
                    | Punct::MinusMinus
            ) || !self.count_op()
            {
                break;
            }
            self.bump();
            e = match p {
                Punct::LBracket => {
                    let index = self.expr();
                    self.expect_closing(Punct::RBracket, "to close the subscript");
                    let span = self.span_from(e.span);
                    Expr {
                        kind: ExprKind::Index(node(self.arena, e), node(self.arena, index)),
                        span,
                    }
                }
                Punct::LParen => {
                    let args = self.call_args();
                    let span = self.span_from(e.span);
                    Expr {
                        kind: ExprKind::Call(node(self.arena, e), args.into_bump_slice()),
                        span,
                    }
                }
                // C++ `c.*p` and `q->*p`: a pointer-to-member access, opaque.
                Punct::Dot | Punct::Arrow if self.is_cxx() && self.at(Punct::Star) => {
                    self.bump();
                    let member = self.cast_expr();
                    let span = self.span_from(e.span);
                    let parts = self.arena.alloc_slice_fill_iter([e, member]);
                    Expr {
                        kind: ExprKind::Opaque(parts),
                        span,
                    }
                }
                Punct::Dot | Punct::Arrow => {
                    let n = self.peek();
                    if n.kind != TokenKind::Ident {
                        let message = format!("expected a member name after `{}`", self.text(t));
                        self.error_here(&message);
                        return e;
                    }
                    self.bump();
                    let name = Ident {
                        name: self.name(n),
                        span: n.span,
                    };
                    let span = e.span.to(n.span);
                    Expr {
                        kind: ExprKind::Member {
                            base: node(self.arena, e),
                            name: node(self.arena, name),
                            arrow: p == Punct::Arrow,
                        },
                        span,
                    }
                }
                _ => {
                    let op = if p == Punct::PlusPlus {
                        UnaryOp::PostInc
                    } else {
                        UnaryOp::PostDec
                    };
                    let span = e.span.to(t.span);
                    Expr {
                        kind: ExprKind::Unary(op, node(self.arena, e)),
                        span,
                    }
                }
            };
        }
        e
    }

    /// Arguments after `(`, up to and including `)`.
    pub(super) fn call_args(&mut self) -> ArenaVec<'a, Expr<'a>> {
        let mut args = ArenaVec::new_in(self.arena);
        if self.eat(Punct::RParen).is_some() {
            return args;
        }
        loop {
            args.push(self.assign_expr());
            if self.eat(Punct::Comma).is_none() {
                break;
            }
        }
        self.expect_closing(Punct::RParen, "to close the argument list");
        args
    }

    fn primary(&mut self) -> Expr<'a> {
        if self.is_cxx() {
            if let Some(e) = self.cxx_primary() {
                return e;
            }
        }
        let t = self.peek();
        let kind = match t.kind {
            TokenKind::Ident => {
                if let Some(kw) = self.kw_of(t) {
                    if matches!(kw, Kw::Cxx) {
                        self.cxx_construct();
                        self.bump();
                    } else {
                        self.error_here("expected an expression");
                    }
                    return self.error_expr();
                }
                if matches!(
                    self.lookup_token(t),
                    Some(NameKind::Typedef | NameKind::Builtin)
                ) {
                    self.error(
                        t.span,
                        format!(
                            "expected an expression, found the type name {}",
                            describe(t, self.syms)
                        ),
                    );
                    return self.error_expr();
                }
                if t.sym == sym::BUILTIN_ASTYPE && self.nth(1).is_punct(Punct::LParen) {
                    return self.astype();
                }
                ExprKind::Ident(self.name(t))
            }
            TokenKind::Int => ExprKind::Int(self.name(t)),
            TokenKind::Float => ExprKind::Float(self.name(t)),
            TokenKind::Char => ExprKind::Char(self.name(t)),
            TokenKind::Str => {
                let mut parts = ArenaVec::new_in(self.arena);
                while self.peek().kind == TokenKind::Str {
                    let t = self.bump();
                    parts.push(self.name(t));
                }
                return Expr {
                    kind: ExprKind::Str(parts.into_bump_slice()),
                    span: self.span_from(t.span),
                };
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                // `(x)`, as macro bodies wrap each parameter (two in five tokens of crypto
                // libraries are such parentheses): one operand needs no precedence levels.
                let operand = if self.nth(1).is_punct(Punct::RParen) {
                    self.operand(self.peek())
                } else {
                    None
                };
                let inner = match operand {
                    Some(kind) => {
                        let at = self.bump().span;
                        Expr { kind, span: at }
                    }
                    None => self.expr(),
                };
                self.expect_closing(Punct::RParen, "to close the parenthesis");
                return Expr {
                    kind: ExprKind::Paren(node(self.arena, inner)),
                    span: self.span_from(t.span),
                };
            }
            TokenKind::Punct(Punct::Caret) if self.blocks_allowed() => return self.block_literal(),
            _ => {
                self.error_here("expected an expression");
                return self.error_expr();
            }
        };
        self.bump();
        Expr { kind, span: t.span }
    }
}

impl<'a> Parser<'_, '_, 'a> {
    /// The next token as a whole expression when it is a number or a plain variable name
    /// (none that [`Parser::primary`] treats otherwise: keywords, type names, C++ names).
    fn operand(&self, t: &Token) -> Option<ExprKind<'a>> {
        match t.kind {
            TokenKind::Int => Some(ExprKind::Int(self.name(t))),
            TokenKind::Float => Some(ExprKind::Float(self.name(t))),
            TokenKind::Ident
                if !self.is_cxx()
                    && t.sym != sym::BUILTIN_ASTYPE
                    && self.kw_of(t).is_none()
                    && !matches!(
                        self.lookup_token(t),
                        Some(NameKind::Typedef | NameKind::Builtin)
                    ) =>
            {
                Some(ExprKind::Ident(self.name(t)))
            }
            _ => None,
        }
    }

    /// `x` or `(x)` (see [`Parser::operand`]) before a `,`, `)`, `;`, `]` or `}`, which no
    /// operator continues: most arguments, right-hand sides and initialisers, parsed without
    /// going down every precedence level.
    #[inline]
    fn lone_operand(&mut self) -> Option<Expr<'a>> {
        let paren = self.at(Punct::LParen);
        let (at, after) = if paren { (1, 3) } else { (0, 1) };
        let ends = matches!(
            self.nth(after).kind,
            TokenKind::Punct(
                Punct::Comma | Punct::RParen | Punct::Semi | Punct::RBracket | Punct::RBrace
            )
        );
        if !ends || (paren && !self.nth(2).is_punct(Punct::RParen)) {
            return None;
        }
        let t = self.nth(at);
        let e = Expr {
            kind: self.operand(t)?,
            span: t.span,
        };
        if !paren {
            self.bump();
            return Some(e);
        }
        let open = self.bump().span;
        self.bump();
        let close = self.bump().span;
        Some(Expr {
            kind: ExprKind::Paren(node(self.arena, e)),
            span: open.to(close),
        })
    }

    /// `__builtin_astype(expr, TYPE)`, at the name: clang's builtin behind `as_typen`, whose
    /// second argument is a type (`CLK_NULL_EVENT` expands to one).
    fn astype(&mut self) -> Expr<'a> {
        let start = self.bump().span;
        self.bump();
        let operand = self.assign_expr();
        self.expect(
            Punct::Comma,
            "between the operand and the type of `__builtin_astype`",
        );
        let ty = self.type_name();
        self.expect_closing(Punct::RParen, "to close `__builtin_astype`");
        Expr {
            kind: ExprKind::AsType(node(self.arena, operand), node(self.arena, ty)),
            span: self.span_from(start),
        }
    }

    /// `^{ ... }` or `^(params) { ... }`, at the `^` (OpenCL C 2.0 6.12). A return type after
    /// the `^` is not accepted: kernels' blocks leave it to be deduced.
    fn block_literal(&mut self) -> Expr<'a> {
        let start = self.bump().span;
        let params = if self.at(Punct::LParen) {
            match self.function_chunk().kind {
                crate::ast::ChunkKind::Function { params, .. } => params,
                _ => &[],
            }
        } else {
            &[]
        };
        if !self.at(Punct::LBrace) {
            self.error_here("expected `{` to begin the body of a block");
            return self.error_expr();
        }
        let declarator = crate::ast::Declarator {
            chunks: std::slice::from_ref(node(
                self.arena,
                crate::ast::DeclChunk {
                    kind: crate::ast::ChunkKind::Function {
                        params,
                        variadic: false,
                        void_param: None,
                        this_quals: crate::ast::Quals::default(),
                    },
                    span: start,
                },
            )),
            ..crate::ast::Declarator::default()
        };
        // The body's statements count their own operators; the enclosing expression's count
        // goes on after it.
        let ops = self.ops;
        let body = self.function_body(&declarator);
        self.ops = ops;
        Expr {
            kind: ExprKind::BlockLiteral {
                params,
                body: node(self.arena, body),
            },
            span: self.span_from(start),
        }
    }
}

/// Whether `(ty)(a, b, ...)` is a vector literal: the type has no declarator and is a
/// predeclared vector type or a typedef name (semantic analysis checks that it names a
/// vector; for anything else the list is a comma expression being cast).
fn vector_capable(ty: &TypeName<'_>) -> bool {
    if !ty.declarator.chunks.is_empty() || ty.specs.types.len() != 1 {
        return false;
    }
    match &ty.specs.types[0].kind {
        TypeSpecKind::Builtin(name) => name.ends_with(|c: char| c.is_ascii_digit()),
        TypeSpecKind::Named(_) => true,
        _ => false,
    }
}

/// `a, b, c` (left-nested) as `[a, b, c]`, without recursing.
fn flatten_commas<'a>(arena: &'a Arena, e: Expr<'a>) -> ArenaVec<'a, Expr<'a>> {
    let mut rev = ArenaVec::new_in(arena);
    let mut cur = e;
    loop {
        match cur.kind {
            ExprKind::Comma(lhs, rhs) => {
                rev.push(rhs.clone());
                cur = lhs.clone();
            }
            kind => {
                rev.push(Expr {
                    kind,
                    span: cur.span,
                });
                break;
            }
        }
    }
    rev.reverse();
    rev
}
