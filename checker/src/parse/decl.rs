//! Declarations: specifiers, declarators (with the qualifiers of every level), structs,
//! unions, enums, attributes, initialisers, and top-level function definitions.

use super::builtins::Kw;
use super::{node, NameKind, Parser, MAX_NESTING};
use crate::ast::*;
use crate::source::Span;
use crate::spec::{AddrSpace, Spelling};
use crate::symbol::sym;
use crate::token::{Punct, TokenKind};

/// Whether a declarator must, may or must not have a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    Named,
    /// Parameters: `int`, `int x`, `int (*)(void)`.
    Either,
    /// Type names in casts and `sizeof`.
    Abstract,
}

/// Where a declaration sits, which decides how to recover from an error in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ctx {
    File,
    Block,
}

impl<'a> Parser<'_, '_, 'a> {
    /// One top-level declaration or function definition; `None` for a stray `;` or something
    /// that could not be parsed (reported).
    pub(super) fn external_decl(&mut self) -> Option<ExternalDecl<'a>> {
        if self.eat(Punct::Semi).is_some() {
            // An empty declaration: C99 has none at file scope, compilers warn; nothing to judge.
            return None;
        }
        if self.is_cxx() {
            if let Some(item) = self.cxx_external() {
                return item;
            }
        } else if self.kw() == Some(Kw::StaticAssert) {
            self.static_assert();
            return None;
        }
        let start = self.peek().span;
        let specs = self.decl_specs();
        if specs.is_empty() && (specs.attrs.is_empty() || !self.at(Punct::Semi)) {
            self.error_here("expected a declaration");
            self.recover_top();
            return None;
        }
        if self.at(Punct::Semi) {
            self.bump();
            return Some(ExternalDecl::Decl(Declaration {
                specs,
                declarators: &[],
                span: self.span_from(start),
            }));
        }
        let declarator = self.declarator(Mode::Named);
        let declarator = self.knr_parameters(declarator);
        let ctor_init = self.is_cxx() && self.at(Punct::Colon);
        if declarator.is_function() && (self.at(Punct::LBrace) || ctor_init) {
            // `S::S() {}` and `S::~S() {}` declare no name: `S` stays the class.
            let special = self.is_cxx()
                && declarator
                    .name
                    .as_ref()
                    .is_some_and(|n| n.name.contains('~') || self.is_ctor_name(n.name));
            if let Some(name) = declarator.name.as_ref().filter(|_| !special) {
                self.declare(name.name, NameKind::Object);
            }
            if self.is_cxx() {
                let def = self.function_def_rest(specs, declarator, start);
                return Some(ExternalDecl::Function(def));
            }
            let body = self.function_body(&declarator);
            return Some(ExternalDecl::Function(FunctionDef {
                specs,
                declarator,
                ctor_inits: &[],
                body,
                span: self.span_from(start),
            }));
        }
        self.declaration_rest(specs, declarator, start, Ctx::File)
            .map(ExternalDecl::Decl)
    }

    /// In C++ for OpenCL, a keyword outside the checker's subset (`virtual`, `throw`,
    /// `decltype`, ...): reports it as unsupported. The caller skips it.
    pub(super) fn cxx_construct(&mut self) -> bool {
        if !self.is_cxx() || !matches!(self.kw(), Some(Kw::Cxx)) {
            return false;
        }
        let text = self.text(self.peek());
        self.unsupported_here(&format!("`{text}`"));
        true
    }

    /// A declaration in a block or a `for` header, up to and including its `;`.
    pub(super) fn block_declaration(&mut self) -> Declaration<'a> {
        let start = self.peek().span;
        let specs = self.decl_specs();
        if self.at(Punct::Semi) {
            self.bump();
            return Declaration {
                specs,
                declarators: &[],
                span: self.span_from(start),
            };
        }
        let declarator = self.declarator(Mode::Named);
        if declarator.is_function() && self.at(Punct::LBrace) {
            self.error_here("expected `;` (a function cannot be defined inside another function)");
            // Parse the body anyway so its braces and scopes stay balanced; it is dropped.
            let _ = self.function_body(&declarator);
            return Declaration {
                specs,
                declarators: std::slice::from_ref(node(
                    self.arena,
                    InitDeclarator {
                        span: declarator.span,
                        declarator,
                        init: None,
                    },
                )),
                span: self.span_from(start),
            };
        }
        let span = self.span_from(start);
        self.declaration_rest(specs, declarator, start, Ctx::Block)
            .unwrap_or(Declaration {
                specs: DeclSpecs::default(),
                declarators: &[],
                span,
            })
    }

    /// The init-declarator list after the first declarator, and the `;`.
    fn declaration_rest(
        &mut self,
        specs: DeclSpecs<'a>,
        first: Declarator<'a>,
        start: Span,
        ctx: Ctx,
    ) -> Option<Declaration<'a>> {
        let mut declarators = ArenaVec::new_in(self.arena);
        let mut declarator = first;
        let kind = if specs.is_typedef() {
            NameKind::Typedef
        } else {
            NameKind::Object
        };
        loop {
            // The name is in scope from the end of its declarator: `int x = sizeof(x);`.
            if let Some(name) = &declarator.name {
                self.declare(name.name, kind);
            }
            let init = if self.is_cxx() {
                self.cxx_initializer(declarator.is_function())
            } else if self.eat(Punct::Eq).is_some() {
                self.ops = 0;
                Some(self.initializer(true))
            } else {
                None
            };
            let span = match &init {
                Some(i) => declarator.span.to(i.span()),
                None => declarator.span,
            };
            declarators.push(InitDeclarator {
                declarator,
                init,
                span,
            });
            if self.eat(Punct::Comma).is_none() {
                break;
            }
            declarator = self.declarator(Mode::Named);
        }
        if self.eat(Punct::Semi).is_none() {
            self.missing_semi("expected `;` after declaration");
            match ctx {
                Ctx::File => self.recover_top(),
                Ctx::Block => self.recover_stmt(),
            }
        }
        Some(Declaration {
            specs,
            declarators: declarators.into_bump_slice(),
            span: self.span_from(start),
        })
    }

    /// Declaration specifiers, possibly none (the caller decides whether that is an error).
    /// A typedef name is a type specifier only before any other type specifier, so
    /// `unsigned T;` declares `T` even where `T` is a type.
    pub(super) fn decl_specs(&mut self) -> DeclSpecs<'a> {
        let start = self.peek().span;
        let begin = self.pos;
        let mut s = SpecsBuilder::new(self.arena);
        let mut saw_type = false;
        loop {
            let t = self.peek();
            if t.kind != TokenKind::Ident {
                if !saw_type && self.is_cxx() && t.is_punct(Punct::ColonColon) {
                    if let Some(spec) = self.cxx_type_name() {
                        s.types.push(spec);
                        saw_type = true;
                        continue;
                    }
                }
                break;
            }
            match self.kw_of(t) {
                Some(Kw::Storage(c)) => s.storage.push(Spanned {
                    node: c,
                    span: self.bump().span,
                }),
                Some(Kw::Func(f)) => s.functions.push(Spanned {
                    node: f,
                    span: self.bump().span,
                }),
                Some(Kw::Access(a)) => s.access.push(Spanned {
                    node: a,
                    span: self.bump().span,
                }),
                Some(Kw::Qual(q)) => s.quals.push(Qualifier {
                    kind: q,
                    span: self.bump().span,
                }),
                Some(Kw::Type(b)) => {
                    s.types.push(TypeSpec {
                        kind: b.kind(),
                        span: self.bump().span,
                    });
                    saw_type = true;
                }
                Some(Kw::Struct | Kw::Union | Kw::Class) => {
                    s.types.push(self.record());
                    saw_type = true;
                }
                Some(Kw::Typename) => {
                    if let Some(spec) = self.typename_spec() {
                        s.types.push(spec);
                    }
                    saw_type = true;
                }
                Some(Kw::Decltype) => {
                    s.types.push(self.decltype_spec());
                    saw_type = true;
                }
                Some(Kw::Cxx) => {
                    // `virtual`, `friend`, `decltype(...)`: reported, then read past.
                    self.cxx_construct();
                    self.bump();
                    if self.at(Punct::LParen) {
                        self.skip_balanced();
                    }
                }
                Some(Kw::Enum) => {
                    s.types.push(self.enum_spec());
                    saw_type = true;
                }
                Some(Kw::Attribute) => {
                    let attrs = self.attributes();
                    for q in attr_spaces(&attrs) {
                        s.quals.push(q);
                    }
                    s.attrs.extend(attrs);
                }
                Some(Kw::Pipe) => s.pipe = Some(self.bump().span),
                Some(Kw::Extension) => {
                    self.bump();
                }
                Some(_) => break,
                None => {
                    if saw_type {
                        break;
                    }
                    if self.is_cxx() {
                        match self.cxx_type_name() {
                            Some(spec) => {
                                s.types.push(spec);
                                saw_type = true;
                                continue;
                            }
                            None => break,
                        }
                    }
                    let kind = match self.lookup_token(t) {
                        Some(NameKind::Typedef) => TypeSpecKind::Named(Ident {
                            name: self.name(t),
                            span: t.span,
                        }),
                        Some(NameKind::Builtin) => TypeSpecKind::Builtin(self.name(t)),
                        _ => break,
                    };
                    self.bump();
                    s.types.push(TypeSpec { kind, span: t.span });
                    saw_type = true;
                }
            }
        }
        let span = if self.pos > begin {
            self.span_from(start)
        } else {
            Span::new(start.file, start.start, start.start)
        };
        s.finish(span)
    }

    /// `__attribute__((a, b(args)))`, possibly several in a row. An address-space attribute
    /// among them is also a qualifier of the level it is written on: see [`attr_spaces`].
    pub(super) fn attributes(&mut self) -> ArenaVec<'a, Attribute<'a>> {
        let mut attrs = ArenaVec::new_in(self.arena);
        while matches!(self.kw(), Some(Kw::Attribute)) {
            self.bump();
            if !self.at(Punct::LParen) || !self.nth(1).is_punct(Punct::LParen) {
                self.error_here("expected `((` after `__attribute__`");
                if self.at(Punct::LParen) {
                    self.skip_balanced();
                }
                continue;
            }
            let outer = self.pos;
            self.bump();
            self.bump();
            loop {
                let t = self.peek();
                if t.kind == TokenKind::Ident {
                    self.bump();
                    // `address_space(N)`: N is the one attribute argument the checker reads.
                    let number = if self.at(Punct::LParen)
                        && self.nth(1).kind == TokenKind::Int
                        && self.nth(2).is_punct(Punct::RParen)
                    {
                        parse_int(self.text(self.nth(1)))
                    } else {
                        None
                    };
                    let args = if self.at(Punct::LParen) {
                        let open = self.peek().span;
                        self.skip_balanced();
                        Some(self.span_from(open))
                    } else {
                        None
                    };
                    attrs.push(Attribute {
                        number,
                        name: self.name(t),
                        args,
                        span: self.span_from(t.span),
                    });
                }
                if self.eat(Punct::Comma).is_none() {
                    break;
                }
            }
            if self.eat(Punct::RParen).is_none() || self.eat(Punct::RParen).is_none() {
                self.error_here("expected `))` to close `__attribute__`");
                // Skip the whole attribute from its first parenthesis.
                self.pos = outer;
                self.skip_balanced();
            }
        }
        attrs
    }

    /// A declarator in the given mode. Pointers, then the name or a parenthesised declarator,
    /// then array and function suffixes; chunks are stored from the name outward.
    pub(super) fn declarator(&mut self, mode: Mode) -> Declarator<'a> {
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
            if t.is_punct(Punct::Star) || block {
                self.bump();
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
        if matches!(self.kw(), Some(Kw::Operator)) && self.is_cxx() {
            self.unsupported_here("operator overloading");
            self.bump();
            self.skip_until(&[Punct::LParen, Punct::Semi]);
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
        if mode == Mode::Named {
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

    pub(super) fn function_chunk(&mut self) -> DeclChunk<'a> {
        let open = self.bump().span;
        let mut params = ArenaVec::new_in(self.arena);
        let mut variadic = false;
        let mut void_param = None;
        let file_level = self.at_file_level();
        // Parameters live in a prototype scope of their own (C99 6.2.1p4).
        self.push_scope();
        if self.at(Punct::RParen) {
        } else if matches!(self.kw(), Some(Kw::Type(super::builtins::BaseType::Void)))
            && self.nth(1).is_punct(Punct::RParen)
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
    pub(super) fn type_name(&mut self) -> TypeName<'a> {
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

    /// `struct`/`union`, at the keyword.
    fn record(&mut self) -> TypeSpec<'a> {
        let kw = self.bump();
        let kind = if kw.sym == sym::UNION {
            RecordKind::Union
        } else {
            RecordKind::Struct
        };
        let mut spec = RecordSpec {
            kind,
            name: None,
            fields: None,
            cxx: None,
            attrs: &[],
            span: kw.span,
        };
        if !self.enter() {
            return TypeSpec {
                kind: TypeSpecKind::Record(node(self.arena, spec)),
                span: kw.span,
            };
        }
        spec.attrs = self.attributes().into_bump_slice();
        spec.name = self.tag_name();
        if self.is_cxx() {
            self.cxx_record(&mut spec, kw.sym == sym::CLASS);
            self.leave();
            spec.span = self.span_from(kw.span);
            return TypeSpec {
                span: spec.span,
                kind: TypeSpecKind::Record(node(self.arena, spec)),
            };
        }
        if self.at(Punct::LBrace) {
            self.bump();
            let mut fields = ArenaVec::new_in(self.arena);
            self.until_rbrace("expected a member declaration", |p| {
                fields.extend(p.field_decl());
            });
            self.expect(Punct::RBrace, "to close the member list");
            spec.fields = Some(fields.into_bump_slice());
            let more = self.attributes();
            spec.attrs = self.concat(spec.attrs, more);
        } else if spec.name.is_none() {
            let message = format!("expected a name or `{{` after `{}`", self.text(kw));
            self.error_here(&message);
        }
        self.leave();
        spec.span = self.span_from(kw.span);
        TypeSpec {
            span: spec.span,
            kind: TypeSpecKind::Record(node(self.arena, spec)),
        }
    }

    /// C++: the rest of a class after its name: the tag becomes a type name, then an
    /// optional base clause and body.
    fn cxx_record(&mut self, spec: &mut RecordSpec<'a>, is_class: bool) {
        if let Some(name) = &spec.name {
            let name = name.name;
            if self.template_depth > 0 && self.at_file_level() {
                let key = super::cxx::qualify(&self.prefix, name);
                self.templates.insert(key);
            }
            if self.at(Punct::Lt) {
                // An explicit or partial specialisation: `struct S<int> { ... }`.
                if let Some(end) = self.scan_qualified(self.pos - 1).map(|q| q.len) {
                    for _ in 1..end {
                        self.bump();
                    }
                }
            }
            if self.lookup(name) != Some(NameKind::Typedef) || self.at(Punct::LBrace) {
                self.declare(name, NameKind::Typedef);
            }
        }
        let mut body = ClassBody {
            is_class,
            ..ClassBody::default()
        };
        if self.at(Punct::Colon)
            && (self.nth(1).kind == TokenKind::Ident || self.nth(1).is_punct(Punct::ColonColon))
        {
            body.bases = self.base_clause().into_bump_slice();
        }
        if self.at(Punct::LBrace) {
            let mut methods = ArenaVec::new_in(self.arena);
            let fields = self.class_body(spec.name.as_ref(), &mut methods);
            body.methods = methods.into_bump_slice();
            spec.fields = Some(fields.into_bump_slice());
            let more = self.attributes();
            spec.attrs = self.concat(spec.attrs, more);
            spec.cxx = Some(node(self.arena, body));
        } else if spec.name.is_none() {
            self.error_here("expected a name or `{` after `class`");
        }
    }

    /// The tag after `struct`/`union`/`enum`, if one is written. Tags have a namespace of their
    /// own, so a typedef name is a valid tag.
    fn tag_name(&mut self) -> Option<Ident<'a>> {
        let t = self.peek();
        if t.kind == TokenKind::Ident && self.kw_of(t).is_none() {
            self.bump();
            return Some(Ident {
                name: self.name(t),
                span: t.span,
            });
        }
        None
    }

    fn field_decl(&mut self) -> Option<FieldDecl<'a>> {
        if self.eat(Punct::Semi).is_some() {
            return None;
        }
        let start = self.peek().span;
        let specs = self.decl_specs();
        if specs.is_empty() {
            self.error_here("expected a member declaration");
            self.recover_stmt();
            return None;
        }
        let mut declarators = ArenaVec::new_in(self.arena);
        if !self.at(Punct::Semi) {
            loop {
                let dstart = self.peek().span;
                let declarator = if self.at(Punct::Colon) {
                    Declarator {
                        span: Span::new(dstart.file, dstart.start, dstart.start),
                        ..Declarator::default()
                    }
                } else {
                    self.declarator(Mode::Named)
                };
                let bit_width = if self.eat(Punct::Colon).is_some() {
                    self.ops = 0;
                    Some(self.conditional_expr())
                } else {
                    None
                };
                declarators.push(FieldDeclarator {
                    declarator,
                    bit_width,
                    init: None,
                    span: self.span_from(dstart),
                });
                if self.eat(Punct::Comma).is_none() {
                    break;
                }
            }
        }
        if self.eat(Punct::Semi).is_none() {
            self.missing_semi("expected `;` after member declaration");
            self.recover_stmt();
        }
        Some(FieldDecl {
            specs,
            declarators: declarators.into_bump_slice(),
            span: self.span_from(start),
        })
    }

    /// `enum`, at the keyword.
    fn enum_spec(&mut self) -> TypeSpec<'a> {
        let kw = self.bump().span;
        if self.is_cxx() && matches!(self.kw(), Some(Kw::Class | Kw::Struct)) {
            self.bump(); // A scoped enum: its enumerators are read as unscoped ones.
        }
        let attrs = self.attributes();
        let mut spec = EnumSpec {
            name: self.tag_name(),
            enumerators: None,
            attrs: attrs.into_bump_slice(),
            span: kw,
        };
        if self.is_cxx() {
            if let Some(name) = &spec.name {
                self.declare(name.name, NameKind::Typedef);
            }
            if self.at(Punct::Colon) {
                self.bump();
                let _underlying = self.decl_specs();
            }
        }
        if self.eat(Punct::LBrace).is_some() {
            let mut list = ArenaVec::new_in(self.arena);
            loop {
                if self.at(Punct::RBrace) {
                    break;
                }
                let t = self.peek();
                if t.kind != TokenKind::Ident || self.kw_of(t).is_some() {
                    self.error_here("expected an enumerator name");
                    self.skip_until(&[Punct::Comma, Punct::RBrace, Punct::Semi]);
                    if self.eat(Punct::Comma).is_some() {
                        continue;
                    }
                    break;
                }
                self.bump();
                let name = Ident {
                    name: self.name(t),
                    span: t.span,
                };
                let value = if self.eat(Punct::Eq).is_some() {
                    self.ops = 0;
                    Some(self.conditional_expr())
                } else {
                    None
                };
                self.declare(name.name, NameKind::Object);
                list.push(Enumerator {
                    name,
                    value,
                    span: self.span_from(t.span),
                });
                if self.eat(Punct::Comma).is_none() {
                    break;
                }
            }
            self.expect_closing(Punct::RBrace, "to close the enumerator list");
            spec.enumerators = Some(list.into_bump_slice());
        } else if spec.name.is_none() {
            self.error_here("expected a name or `{` after `enum`");
        }
        spec.span = self.span_from(kw);
        TypeSpec {
            span: spec.span,
            kind: TypeSpecKind::Enum(node(self.arena, spec)),
        }
    }

    /// An initialiser. `top` for a declaration's own initialiser (not a compound literal's),
    /// whose items each start a fresh operator count.
    pub(super) fn initializer(&mut self, top: bool) -> Initializer<'a> {
        if self.at(Punct::LBrace) {
            Initializer::List(self.init_list(top))
        } else {
            Initializer::Expr(self.assign_expr())
        }
    }

    /// `{ items }`, at the `{`.
    pub(super) fn init_list(&mut self, top: bool) -> InitList<'a> {
        let start = self.peek().span;
        if !self.enter() {
            return InitList {
                items: &[],
                span: self.span_from(start),
            };
        }
        self.bump();
        let mut items = ArenaVec::new_in(self.arena);
        loop {
            if self.at(Punct::RBrace) || self.at_eof() {
                break;
            }
            if top {
                self.ops = 0;
            }
            let istart = self.peek().span;
            let mut designators = ArenaVec::new_in(self.arena);
            loop {
                if self.eat(Punct::Dot).is_some() {
                    let t = self.peek();
                    if t.kind == TokenKind::Ident {
                        self.bump();
                        designators.push(Designator::Field(Ident {
                            name: self.name(t),
                            span: t.span,
                        }));
                    } else {
                        self.error_here("expected a member name after `.`");
                        break;
                    }
                } else if self.eat(Punct::LBracket).is_some() {
                    designators.push(Designator::Index(self.conditional_expr()));
                    self.expect_closing(Punct::RBracket, "to close the designator");
                } else {
                    break;
                }
            }
            if !designators.is_empty() {
                self.expect(Punct::Eq, "after the designator");
            }
            let before = self.pos;
            let init = self.initializer(top);
            items.push(InitItem {
                designators: designators.into_bump_slice(),
                init,
                span: self.span_from(istart),
            });
            if self.eat(Punct::Comma).is_none() {
                if !self.at(Punct::RBrace) && self.pos == before {
                    self.skip_until(&[Punct::Comma, Punct::RBrace, Punct::Semi]);
                    if self.eat(Punct::Comma).is_some() {
                        continue;
                    }
                }
                break;
            }
        }
        self.expect_closing(Punct::RBrace, "to close the initialiser list");
        self.leave();
        InitList {
            items: items.into_bump_slice(),
            span: self.span_from(start),
        }
    }
}

/// Declaration specifiers while they are read: lists that grow in the arena.
struct SpecsBuilder<'a> {
    storage: ArenaVec<'a, Spanned<StorageClass>>,
    functions: ArenaVec<'a, Spanned<FuncSpec>>,
    access: ArenaVec<'a, Spanned<AccessQual>>,
    quals: ArenaVec<'a, Qualifier>,
    types: ArenaVec<'a, TypeSpec<'a>>,
    pipe: Option<Span>,
    attrs: ArenaVec<'a, Attribute<'a>>,
}

impl<'a> SpecsBuilder<'a> {
    fn new(arena: &'a Arena) -> Self {
        SpecsBuilder {
            storage: ArenaVec::new_in(arena),
            functions: ArenaVec::new_in(arena),
            access: ArenaVec::new_in(arena),
            quals: ArenaVec::new_in(arena),
            types: ArenaVec::new_in(arena),
            pipe: None,
            attrs: ArenaVec::new_in(arena),
        }
    }

    fn finish(self, span: Span) -> DeclSpecs<'a> {
        DeclSpecs {
            storage: self.storage.into_bump_slice(),
            functions: self.functions.into_bump_slice(),
            access: self.access.into_bump_slice(),
            quals: Quals(self.quals.into_bump_slice()),
            types: self.types.into_bump_slice(),
            pipe: self.pipe,
            attrs: self.attrs.into_bump_slice(),
            span,
        }
    }
}

/// clang's address-space attributes (`__attribute__((opencl_global))`, ...) among `attrs`, as the
/// qualifiers they are: on the specifiers they qualify the base type, after a `*` the pointer,
/// exactly where the keyword would.
/// A numbered `address_space(N)` becomes a [`QualKind::Numbered`] qualifier the same way.
fn attr_spaces<'b>(attrs: &'b [Attribute<'_>]) -> impl Iterator<Item = Qualifier> + 'b {
    attrs.iter().filter_map(|a| {
        let kind = match AddrSpace::attribute(a.name) {
            Some(space) => QualKind::Space(space, Spelling::Attribute),
            None if matches!(a.name, "address_space" | "__address_space__") => {
                QualKind::Numbered(a.number?)
            }
            None => return None,
        };
        Some(Qualifier { kind, span: a.span })
    })
}

/// An integer literal's value (decimal, hex or octal, suffix ignored), when it fits.
fn parse_int(text: &str) -> Option<u32> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        u32::from_str_radix(hex, 16).ok()
    } else if digits.len() > 1 && digits.starts_with('0') {
        u32::from_str_radix(&digits[1..], 8).ok()
    } else {
        digits.parse().ok()
    }
}
