//! C++ expressions: the primary expressions C lacks (`this`, `true`/`false`, `nullptr`,
//! qualified names), lambdas, functional-style construction, named casts, `new` and `delete`.

use crate::ast::*;
use crate::parse::builtins::Kw;
use crate::parse::{node, NameKind, Parser};
use crate::token::{Punct, TokenKind};

impl<'a> Parser<'_, '_, 'a> {
    /// A C++ primary expression, or `None` when the current token starts none (literals and
    /// parentheses are the C parser's).
    pub(in crate::parse) fn cxx_primary(&mut self) -> Option<Expr<'a>> {
        let t = self.peek();
        let kind = match self.kw() {
            Some(Kw::This) => ExprKind::This,
            Some(Kw::True) => ExprKind::Bool(true),
            Some(Kw::False) => ExprKind::Bool(false),
            Some(Kw::Nullptr) => ExprKind::Nullptr,
            Some(Kw::NamedCast(cast)) => return Some(self.named_cast(cast)),
            Some(Kw::New) => return Some(self.new_expr()),
            Some(Kw::Delete) => {
                self.bump();
                let array = self.at(Punct::LBracket) && self.nth(1).is_punct(Punct::RBracket);
                if array {
                    self.bump();
                    self.bump();
                }
                let operand = self.cast_expr();
                return Some(Expr {
                    span: t.span.to(operand.span),
                    kind: ExprKind::Delete {
                        array,
                        operand: node(self.arena, operand),
                    },
                });
            }
            Some(Kw::Type(b)) if self.nth(1).is_punct(Punct::LParen) => {
                self.bump();
                let spec = TypeSpec {
                    kind: b.kind(),
                    span: t.span,
                };
                return Some(self.construct(spec));
            }
            // `operator+(a, b)`: a call of the operator function by its name.
            Some(Kw::Operator) => {
                let ident = self.operator_name()?;
                return Some(Expr {
                    kind: ExprKind::Ident(ident.name),
                    span: ident.span,
                });
            }
            Some(Kw::Typename) => {
                self.unsupported_here("`typename` in an expression");
                self.bump();
                return Some(self.error_expr());
            }
            Some(_) => return None,
            None if t.is_punct(Punct::LBracket) => return Some(self.lambda()),
            None if t.is_punct(Punct::LBrace) => return Some(self.braced_list()),
            None if t.kind == TokenKind::Ident || t.is_punct(Punct::ColonColon) => {
                let q = self.scan_qualified(self.pos)?;
                let after = self.tok(self.pos + q.len);
                let opens =
                    after.is_some_and(|a| a.is_punct(Punct::LParen) || a.is_punct(Punct::LBrace));
                match self.lookup(&q.text) {
                    Some(NameKind::Typedef | NameKind::Builtin) if opens && !q.dtor => {
                        let spec = self.cxx_type_name()?;
                        return Some(self.construct(spec));
                    }
                    Some(NameKind::Typedef | NameKind::Builtin) => return None,
                    _ => {}
                }
                if q.len == 1 {
                    return None;
                }
                let ident = self.qualified_ident()?;
                return Some(Expr {
                    kind: ExprKind::Ident(ident.name),
                    span: ident.span,
                });
            }
            None => return None,
        };
        self.bump();
        Some(Expr { kind, span: t.span })
    }

    /// A lambda expression, read for its syntax and skipped: semantic analysis has no closure
    /// types, so the expression is opaque (no type, so nothing downstream is judged on it) and
    /// its body is not checked. Valid lambdas get no diagnostic; a lambda with specifiers
    /// but no `()`, or no body, is a syntax error as in C++.
    fn lambda(&mut self) -> Expr<'a> {
        let start = self.peek().span;
        self.skip_balanced();
        let params = self.at(Punct::LParen);
        if params {
            self.skip_balanced();
        }
        // After `()`, in C++'s order: `mutable`/`constexpr`, then `noexcept(...)`, then
        // attributes and the space of the closure object (`[]() __private {}`).
        let mut phase = 0;
        loop {
            let t = self.peek();
            let this = match self.raw_kw(t) {
                Some(Kw::Storage(StorageClass::Mutable) | Kw::Func(FuncSpec::Constexpr)) => 0,
                Some(Kw::Noexcept) => 1,
                Some(Kw::Qual(QualKind::Space(..)) | Kw::Attribute) => 2,
                _ => break,
            };
            if !params {
                self.error(t.span, "a lambda needs `()` before its specifiers".into());
            } else if this < phase {
                self.error_here("expected the body of the lambda expression");
            }
            phase = this;
            self.bump();
            if this > 0 && self.at(Punct::LParen) {
                self.skip_balanced();
            }
        }
        if self.eat(Punct::Arrow).is_some() {
            // The trailing return type: its tokens up to the body.
            while !self.at(Punct::LBrace) && !self.at(Punct::Semi) && !self.at_eof() {
                if self.at(Punct::LParen) || self.at(Punct::LBracket) {
                    self.skip_balanced();
                } else {
                    self.bump();
                }
            }
        }
        if self.at(Punct::LBrace) {
            self.skip_balanced();
        } else {
            self.error_here("expected the body of the lambda expression");
        }
        Expr {
            kind: ExprKind::Error,
            span: self.span_from(start),
        }
    }

    /// A braced list where an expression goes (`c.bar({1, 2})`, `return {a, b};`): it
    /// initialises an object whose type the context gives, which the checker does not
    /// follow, so the list is opaque; its elements are analysed.
    fn braced_list(&mut self) -> Expr<'a> {
        let start = self.bump().span;
        let mut items = ArenaVec::new_in(self.arena);
        while !self.at(Punct::RBrace) && !self.at_eof() {
            let before = self.pos;
            items.push(self.assign_expr());
            if self.eat(Punct::Comma).is_none() || self.pos == before {
                break;
            }
        }
        self.expect_closing(Punct::RBrace, "to close the braced list");
        Expr {
            kind: ExprKind::Opaque(items.into_bump_slice()),
            span: self.span_from(start),
        }
    }

    /// `T(args)` or `T{args}` after the type.
    fn construct(&mut self, spec: TypeSpec<'a>) -> Expr<'a> {
        let start = spec.span;
        let braced = self.at(Punct::LBrace);
        let args = self
            .ctor_args()
            .unwrap_or_else(|| ArenaVec::new_in(self.arena));
        let ty = TypeName {
            specs: DeclSpecs {
                span: spec.span,
                types: std::slice::from_ref(node(self.arena, spec)),
                ..DeclSpecs::default()
            },
            declarator: Declarator::default(),
            span: start,
        };
        Expr {
            kind: ExprKind::Construct {
                ty: node(self.arena, ty),
                args: args.into_bump_slice(),
                braced,
            },
            span: self.span_from(start),
        }
    }

    /// `static_cast<T>(e)` and kin, at the keyword.
    fn named_cast(&mut self, cast: CxxCast) -> Expr<'a> {
        let start = self.bump().span;
        if !self.expect(Punct::Lt, "after the cast keyword") {
            return self.error_expr();
        }
        let ty = self.type_name();
        if !self.expect(Punct::Gt, "to close the cast's type") || !self.at(Punct::LParen) {
            if self.last_error != Some(self.pos) {
                self.error_here("expected `(` after the cast's type");
            }
            return self.error_expr();
        }
        self.bump();
        let operand = self.expr();
        self.expect_closing(Punct::RParen, "to close the cast");
        Expr {
            kind: ExprKind::CxxCast(cast, node(self.arena, ty), node(self.arena, operand)),
            span: self.span_from(start),
        }
    }

    /// `new (placement) T(args)`, at `new`.
    fn new_expr(&mut self) -> Expr<'a> {
        let start = self.bump().span;
        let placement = if self.at(Punct::LParen) && !self.starts_type_name(self.nth(1)) {
            self.bump();
            Some(self.call_args())
        } else {
            None
        };
        let ty = if self.eat(Punct::LParen).is_some() {
            let ty = self.type_name();
            self.expect_closing(Punct::RParen, "to close the type");
            ty
        } else {
            self.new_type()
        };
        let args = self
            .ctor_args()
            .unwrap_or_else(|| ArenaVec::new_in(self.arena));
        Expr {
            kind: ExprKind::New(node(
                self.arena,
                NewExpr {
                    placement: placement.map(|p| p.into_bump_slice()),
                    ty: node(self.arena, ty),
                    args: args.into_bump_slice(),
                },
            )),
            span: self.span_from(start),
        }
    }
}

impl<'a> Parser<'_, '_, 'a> {
    /// The type after `new`: specifiers, then `*`s and `[size]`s only, so that `new S(2)`
    /// leaves `(2)` to the initialiser.
    fn new_type(&mut self) -> TypeName<'a> {
        let start = self.peek().span;
        let specs = self.decl_specs();
        if specs.is_empty() {
            self.error_here("expected a type after `new`");
        }
        let mut chunks = ArenaVec::new_in(self.arena);
        while self.at(Punct::Star) {
            let star = self.bump().span;
            let mut quals = ArenaVec::new_in(self.arena);
            while let Some(Kw::Qual(q)) = self.kw() {
                quals.push(Qualifier {
                    kind: q,
                    span: self.bump().span,
                });
            }
            chunks.insert(
                0,
                DeclChunk {
                    kind: ChunkKind::Pointer {
                        quals: Quals(quals.into_bump_slice()),
                    },
                    span: self.span_from(star),
                },
            );
        }
        let mut arrays = ArenaVec::new_in(self.arena);
        while self.at(Punct::LBracket) && arrays.len() < crate::parse::MAX_NESTING as usize {
            let open = self.bump().span;
            let size = (!self.at(Punct::RBracket)).then(|| node(self.arena, self.expr()));
            self.expect_closing(Punct::RBracket, "to close the array size");
            arrays.push(DeclChunk {
                kind: ChunkKind::Array {
                    size,
                    quals: Quals::default(),
                    is_static: false,
                    star: false,
                },
                span: self.span_from(open),
            });
        }
        // An array of pointers: the arrays are the levels nearest the (absent) name.
        arrays.extend(chunks);
        TypeName {
            specs,
            declarator: Declarator {
                chunks: arrays.into_bump_slice(),
                span: self.span_from(start),
                ..Declarator::default()
            },
            span: self.span_from(start),
        }
    }
}
