//! Declarators: pointers with the qualifiers of every level, names, parenthesised
//! declarators, array and function suffixes, parameters, and the type names of casts and
//! `sizeof`.

use super::{attr_spaces, Mode};
use crate::ast::*;
use crate::parse::builtins::Kw;
use crate::parse::{node, NameKind, Parser, MAX_NESTING};
use crate::source::Span;
use crate::symbol::sym;
use crate::token::{Punct, TokenKind};

impl<'a> Parser<'_, '_, 'a> {
    /// A declarator in the given mode. Pointers, then the name or a parenthesised declarator,
    /// then array and function suffixes; chunks are stored from the name outward.
    pub(in crate::parse) fn declarator(&mut self, mode: Mode) -> Declarator<'a> {
        let here = self.peek().span;
        if !self.enter() {
            return Declarator {
                span: here,
                ..Declarator::default()
            };
        }
        let d = self.declarator_inner(mode);
        self.leave();
        d
    }

    fn declarator_inner(&mut self, mode: Mode) -> Declarator<'a> {
        let start = self.peek().span;
        let begin = self.pos;
        let mut attrs = ArenaVec::new_in(self.arena);
        let mut pointers = ArenaVec::new_in(self.arena);
        loop {
            let t = self.peek();
            let block = self.blocks_allowed() && t.is_punct(Punct::Caret);
            let member = self.member_pointer_len(self.pos);
            if t.is_punct(Punct::Star) || block {
                self.bump();
            } else if let Some(len) = member {
                for _ in 0..len {
                    self.bump();
                }
            } else if self.is_cxx() && (t.is_punct(Punct::Amp) || t.is_punct(Punct::AmpAmp)) {
                self.bump();
                pointers.push(DeclChunk {
                    kind: ChunkKind::Reference {
                        rvalue: t.is_punct(Punct::AmpAmp),
                    },
                    span: t.span,
                });
                continue;
            } else {
                break;
            }
            let mut quals = ArenaVec::new_in(self.arena);
            loop {
                match self.kw() {
                    Some(Kw::Qual(q)) => quals.push(Qualifier {
                        kind: q,
                        span: self.bump().span,
                    }),
                    Some(Kw::Attribute) => {
                        let a = self.attributes();
                        quals.extend(attr_spaces(&a));
                        attrs.extend(a);
                    }
                    _ => break,
                }
            }
            pointers.push(DeclChunk {
                kind: if block {
                    ChunkKind::BlockPointer {
                        quals: Quals(quals.into_bump_slice()),
                    }
                } else if member.is_some() {
                    ChunkKind::MemberPointer {
                        quals: Quals(quals.into_bump_slice()),
                    }
                } else {
                    ChunkKind::Pointer {
                        quals: Quals(quals.into_bump_slice()),
                    }
                },
                span: self.span_from(t.span),
            });
        }

        let mut name = None;
        let mut inner = ArenaVec::new_in(self.arena);
        let t = self.peek();
        let cxx_name = self.is_cxx()
            && mode != Mode::Abstract
            && (t.is_punct(Punct::ColonColon)
                || t.is_punct(Punct::Tilde)
                || (t.kind == TokenKind::Ident && self.kw_of(t).is_none()));
        if self.is_cxx() && mode != Mode::Abstract && self.operator_prefix_len().is_some() {
            name = self.operator_name();
        } else if cxx_name && self.scan_qualified(self.pos).is_some() {
            name = self.qualified_ident();
        } else if t.kind == TokenKind::Ident && self.kw_of(t).is_none() && mode != Mode::Abstract {
            self.bump();
            name = Some(Ident {
                name: self.name(t),
                span: t.span,
            });
        } else if t.is_punct(Punct::LParen) && self.paren_is_grouping(mode) {
            self.bump();
            let d = self.declarator(mode);
            name = d.name;
            inner.extend(d.chunks.iter().cloned());
            attrs.extend(d.attrs.iter().cloned());
            self.expect_closing(Punct::RParen, "to close the declarator");
        } else if mode == Mode::Named {
            self.error_here("expected a name in the declarator");
        }

        let mut suffixes = ArenaVec::new_in(self.arena);
        loop {
            if self.at(Punct::LBracket) {
                suffixes.push(self.array_chunk());
            } else if self.at(Punct::LParen) {
                if self.is_cxx() && mode == Mode::Named && name.is_some() && !self.starts_params() {
                    // `T x(args)`: direct initialisation, read by the caller.
                    break;
                }
                suffixes.push(self.function_chunk());
            } else {
                break;
            }
        }
        if matches!(self.kw(), Some(Kw::Attribute)) {
            let a = self.attributes();
            attrs.extend(a);
        }

        let mut chunks = inner;
        chunks.extend(suffixes);
        chunks.extend(pointers.into_iter().rev());
        if chunks.len() > MAX_NESTING as usize {
            chunks.truncate(MAX_NESTING as usize);
            if !self.limit_reported {
                self.limit_reported = true;
                let message = format!("declarator with more than {MAX_NESTING} levels: the checker does not judge this code");
                self.diags.push(crate::Diagnostic::new(
                    crate::Code::Limit,
                    self.profile,
                    start,
                    message,
                ));
            }
        }
        let span = if self.pos > begin {
            self.span_from(start)
        } else {
            Span::new(start.file, start.start, start.start)
        };
        Declarator {
            name,
            chunks: chunks.into_bump_slice(),
            attrs: attrs.into_bump_slice(),
            span,
        }
    }

    /// At `(` in a declarator: a parenthesised declarator, or a parameter list? Where a name is
    /// required it is always grouping; elsewhere `()`, `(int` and `(T` (a type name) begin a
    /// parameter list, as in C99 6.7.5.3p11.
    fn paren_is_grouping(&self, mode: Mode) -> bool {
        if mode == Mode::Named || self.member_pointer_len(self.pos + 1).is_some() {
            return true;
        }
        let next = self.nth(1);
        !(next.is_punct(Punct::RParen) || next.is_punct(Punct::Ellipsis) || self.starts_decl(next))
    }

    /// C++, at `(` after a declared name: whether a parameter list follows (rather than the
    /// arguments of a direct initialisation).
    fn starts_params(&self) -> bool {
        let next = self.nth(1);
        next.is_punct(Punct::RParen)
            || next.is_punct(Punct::Ellipsis)
            || self.starts_decl(next)
            || next.is_punct(Punct::ColonColon) && self.is_type_name(next)
    }

    fn array_chunk(&mut self) -> DeclChunk<'a> {
        let open = self.bump().span;
        let mut quals = ArenaVec::new_in(self.arena);
        let mut is_static = false;
        loop {
            match self.kw() {
                Some(Kw::Qual(q)) => quals.push(Qualifier {
                    kind: q,
                    span: self.bump().span,
                }),
                Some(Kw::Storage(StorageClass::Static)) => {
                    self.bump();
                    is_static = true;
                }
                _ => break,
            }
        }
        let mut star = false;
        let mut size = None;
        if self.at(Punct::Star) && self.nth(1).is_punct(Punct::RBracket) {
            self.bump();
            star = true;
        } else if !self.at(Punct::RBracket) {
            self.ops = 0;
            size = Some(node(self.arena, self.assign_expr()));
        }
        self.expect_closing(Punct::RBracket, "to close the array size");
        DeclChunk {
            kind: ChunkKind::Array {
                size,
                quals: Quals(quals.into_bump_slice()),
                is_static,
                star,
            },
            span: self.span_from(open),
        }
    }

    pub(in crate::parse) fn function_chunk(&mut self) -> DeclChunk<'a> {
        let open = self.bump().span;
        let mut params = ArenaVec::new_in(self.arena);
        let mut variadic = false;
        let mut void_param = None;
        let file_level = self.at_file_level();
        // Parameters live in a prototype scope of their own (C99 6.2.1p4).
        self.push_scope();
        if self.at(Punct::RParen) {
        } else if matches!(
            self.kw(),
            Some(Kw::Type(crate::parse::builtins::BaseType::Void))
        ) && self.nth(1).is_punct(Punct::RParen)
        {
            void_param = Some(self.bump().span);
        } else if let Some(names) = self.identifier_list(file_level) {
            params = names;
        } else {
            loop {
                if self.eat(Punct::Ellipsis).is_some() {
                    variadic = true;
                    break;
                }
                if let Some(p) = self.param() {
                    params.push(p);
                }
                if self.eat(Punct::Comma).is_none() {
                    break;
                }
            }
        }
        self.pop_scope();
        self.expect_closing(Punct::RParen, "to close the parameter list");
        let this_quals = if self.is_cxx() {
            self.member_fn_quals()
        } else {
            Quals::default()
        };
        DeclChunk {
            kind: ChunkKind::Function {
                params: params.into_bump_slice(),
                variadic,
                void_param,
                this_quals,
            },
            span: self.span_from(open),
        }
    }

    /// C++: what may follow a parameter list: `const`, an address space (`void f() __local`),
    /// `&`/`&&`, `noexcept`, `override`, `final`. The qualifiers are kept.
    fn member_fn_quals(&mut self) -> Quals<'a> {
        let mut quals = ArenaVec::new_in(self.arena);
        loop {
            // The keyword as such: `void f() __local {` is no use of `__local` as a name.
            let raw = self.raw_kw(self.peek());
            match raw {
                Some(Kw::Qual(q)) => quals.push(Qualifier {
                    kind: q,
                    span: self.bump().span,
                }),
                Some(Kw::Noexcept) => {
                    self.bump();
                    if self.at(Punct::LParen) {
                        self.skip_balanced();
                    }
                }
                None if matches!(self.peek().sym, sym::OVERRIDE | sym::FINAL)
                    && self.peek().kind == TokenKind::Ident =>
                {
                    self.bump();
                }
                _ => break,
            }
        }
        Quals(quals.into_bump_slice())
    }

    fn param(&mut self) -> Option<ParamDecl<'a>> {
        let start = self.peek().span;
        let specs = self.decl_specs();
        if specs.is_empty() {
            // Also an identifier list where only declarations may stand (`knr.rs`).
            self.error_here("expected a parameter type");
            self.skip_until(&[Punct::Comma, Punct::RParen, Punct::Semi]);
            return None;
        }
        let declarator = self.declarator(Mode::Either);
        if let Some(name) = &declarator.name {
            self.declare(name.name, NameKind::Object);
        }
        let default = if self.is_cxx() && self.eat(Punct::Eq).is_some() {
            Some(node(self.arena, self.assign_expr()))
        } else {
            None
        };
        Some(ParamDecl {
            specs,
            declarator,
            default,
            span: self.span_from(start),
        })
    }

    /// A type name: specifiers and an abstract declarator.
    pub(in crate::parse) fn type_name(&mut self) -> TypeName<'a> {
        let start = self.peek().span;
        let specs = self.decl_specs();
        if specs.is_empty() {
            self.error_here("expected a type");
        }
        let declarator = self.declarator(Mode::Abstract);
        TypeName {
            specs,
            declarator,
            span: self.span_from(start),
        }
    }
}
