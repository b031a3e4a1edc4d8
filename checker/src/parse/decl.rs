//! Declarations: specifiers, declarators (with the qualifiers of every level), structs,
//! unions, enums, attributes, initialisers, and top-level function definitions.
//!
//! This file owns external and block declarations, specifiers, attributes and initialisers;
//! `declarator` owns declarators, parameters and type names; `records` owns struct, union,
//! class and enum specifiers.

mod declarator;
mod records;

use super::builtins::Kw;
use super::{node, NameKind, Parser};
use crate::ast::*;
use crate::source::Span;
use crate::spec::{AddrSpace, Spelling};
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
        let begin = self.pos;
        let start = self.peek().span;
        let specs = self.decl_specs();
        let special = specs.is_empty() && self.is_cxx() && self.starts_special_member();
        if specs.is_empty() && !special && (specs.attrs.is_empty() || !self.at(Punct::Semi)) {
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
            if let Some(piece) = self.stream_bodies {
                let def = self.body_in_pieces(specs, declarator, start, begin, piece);
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
