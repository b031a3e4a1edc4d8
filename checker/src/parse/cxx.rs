//! The C++ for OpenCL subset: namespaces, `using`, templates (parsed once, as written, never
//! instantiated), classes with constructors, destructors and member functions, qualified names,
//! references, direct initialisation, C++ casts, `new`/`delete`, `this`, `true`/`false`,
//! `nullptr`.
//!
//! Qualified names stay strings (`S::x`): file-scope names are declared under their enclosing
//! namespaces and classes ([`qualify`]) and found through [`lookup_keys`], which semantic
//! analysis shares, so both stages resolve a name the same way. Anything outside the subset is
//! `Code::Unsupported` ("unsupported C++ construct: ..."), never a guess.
//!
//! This file owns qualified names, C++ type names, file-scope forms (namespaces, `using`,
//! `static_assert`) and templates; `classes` owns class bodies, members, C++ initialisers and
//! function definitions; `exprs` owns the C++ expressions (lambdas, construction, named casts,
//! `new`).

mod classes;
mod exprs;

use super::builtins::Kw;
use super::decl::Mode;
use super::{node, NameKind, Parser};
use crate::ast::*;
use crate::source::Span;
use crate::token::{Punct, TokenKind};
use smol_str::SmolStr;

/// `name` as declared inside `prefix` (`n::S` + `x` is `n::S::x`); a leading `::` names the
/// global scope.
pub(crate) fn qualify(prefix: &[SmolStr], name: &str) -> SmolStr {
    if let Some(rest) = name.strip_prefix("::") {
        return rest.into();
    }
    if prefix.is_empty() {
        return name.into();
    }
    let mut s = prefix.join("::");
    s.push_str("::");
    s.push_str(name);
    s.into()
}

/// The file-scope keys `name` may be stored under, most specific first: inside `n::S`, `x` is
/// looked up as `n::S::x`, `n::x`, `x`, then in every namespace a `using namespace` named.
pub(crate) fn lookup_keys(prefix: &[SmolStr], usings: &[SmolStr], name: &str) -> Vec<SmolStr> {
    if let Some(rest) = name.strip_prefix("::") {
        return vec![rest.into()];
    }
    let mut keys = Vec::with_capacity(prefix.len() + 1 + usings.len());
    for i in (0..=prefix.len()).rev() {
        keys.push(qualify(&prefix[..i], name));
    }
    for u in usings {
        keys.push(qualify(std::slice::from_ref(u), name));
    }
    keys
}

/// A (possibly qualified) name found by looking ahead: its text without template arguments,
/// and how many tokens it spans.
pub(super) struct QName {
    pub text: SmolStr,
    pub len: usize,
    /// `~S` or `S::~S`.
    pub dtor: bool,
}

impl<'a> Parser<'_, '_, 'a> {
    /// Reads a qualified name starting at token `from` without consuming anything: `::`?
    /// `name` (`<args>` after a template) (`::` `name`)*, with `~name` last for a destructor.
    pub(super) fn scan_qualified(&self, from: usize) -> Option<QName> {
        let at = |i: usize| self.tok(i);
        let mut i = from;
        let mut text = String::new();
        if at(i)?.is_punct(Punct::ColonColon) {
            text.push_str("::");
            i += 1;
        }
        let mut dtor = false;
        loop {
            let mut t = at(i)?;
            if t.is_punct(Punct::Tilde) {
                dtor = true;
                text.push('~');
                i += 1;
                t = at(i)?;
            }
            if t.kind != TokenKind::Ident || self.kw_of(t).is_some() {
                return None;
            }
            text.push_str(self.text(t));
            i += 1;
            if dtor {
                break;
            }
            if at(i).is_some_and(|t| t.is_punct(Punct::Lt)) && self.is_template(&text) {
                i = self.skip_angles(i)?;
            }
            let more = at(i).is_some_and(|t| t.is_punct(Punct::ColonColon))
                && at(i + 1)
                    .is_some_and(|t| t.kind == TokenKind::Ident || t.is_punct(Punct::Tilde));
            if !more {
                break;
            }
            text.push_str("::");
            i += 1;
        }
        Some(QName {
            text: text.into(),
            len: i - from,
            dtor,
        })
    }

    /// At a `<` (token `from`): the index after its matching `>`. Brackets inside are skipped
    /// whole; `>>` closes two levels. `None` when a `;`, `{`, `}` or the end comes first.
    fn skip_angles(&self, from: usize) -> Option<usize> {
        let mut depth = 0i32;
        let mut brackets = 0u32;
        let mut i = from;
        loop {
            let t = self.tok(i)?;
            match t.kind {
                TokenKind::Eof => return None,
                TokenKind::Punct(Punct::Semi | Punct::LBrace | Punct::RBrace) => return None,
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => brackets += 1,
                TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                    brackets = brackets.checked_sub(1)?;
                }
                TokenKind::Punct(Punct::Lt) if brackets == 0 => depth += 1,
                TokenKind::Punct(Punct::Gt) if brackets == 0 => depth -= 1,
                TokenKind::Punct(Punct::Shr) if brackets == 0 => depth -= 2,
                _ => {}
            }
            i += 1;
            if depth <= 0 {
                return Some(i);
            }
        }
    }

    fn is_template(&self, name: &str) -> bool {
        lookup_keys(&self.prefix, &self.usings, name)
            .iter()
            .any(|k| self.templates.contains(k))
    }

    /// Consumes a qualified name (see [`Parser::scan_qualified`]).
    pub(super) fn qualified_ident(&mut self) -> Option<Ident<'a>> {
        let q = self.scan_qualified(self.pos)?;
        let start = self.peek().span;
        for _ in 0..q.len {
            self.bump();
        }
        Some(Ident {
            name: self.arena.alloc_str(&q.text),
            span: self.span_from(start),
        })
    }

    /// C++, at token `from`: the length of `C::*` (`n::C<T>::*`), the start of a pointer to
    /// member, or `None`.
    pub(super) fn member_pointer_len(&self, from: usize) -> Option<usize> {
        if !self.is_cxx() {
            return None;
        }
        let q = self.scan_qualified(from)?;
        let colons = self.tok(from + q.len)?.is_punct(Punct::ColonColon);
        let star = self.tok(from + q.len + 1)?.is_punct(Punct::Star);
        (colons && star && !q.dtor).then_some(q.len + 2)
    }

    /// At an operator function's name, `operator+` or `S::operator==` (`n::S<T>::operator()`):
    /// the number of tokens before `operator`, or `None` when no such name starts here.
    pub(super) fn operator_prefix_len(&self) -> Option<usize> {
        let mut i = self.pos;
        if self.tok(i)?.is_punct(Punct::ColonColon) {
            i += 1;
        }
        loop {
            let t = self.tok(i)?;
            if matches!(self.raw_kw(t), Some(Kw::Operator)) {
                return Some(i - self.pos);
            }
            if t.kind != TokenKind::Ident || self.kw_of(t).is_some() {
                return None;
            }
            i += 1;
            if self.tok(i)?.is_punct(Punct::Lt) {
                i = self.skip_angles(i)?;
            }
            if !self.tok(i)?.is_punct(Punct::ColonColon) {
                return None;
            }
            i += 1;
        }
    }

    /// An operator function's name (see [`Parser::operator_prefix_len`]), consumed: the
    /// qualifier, then `operator` and the operator (`+`, `==`, `()`, `[]`, `new[]`) or, for a
    /// conversion function, the type's tokens up to the parameter list.
    pub(super) fn operator_name(&mut self) -> Option<Ident<'a>> {
        let prefix = self.operator_prefix_len()?;
        let start = self.peek().span;
        let mut text = String::new();
        // The qualifier's names, without template arguments (as in `scan_qualified`).
        let mut depth = 0i32;
        for _ in 0..prefix {
            let t = self.bump();
            match t.kind {
                TokenKind::Punct(Punct::Lt) => depth += 1,
                TokenKind::Punct(Punct::Gt) => depth -= 1,
                TokenKind::Punct(Punct::Shr) => depth -= 2,
                _ if depth <= 0 => text.push_str(self.text(t)),
                _ => {}
            }
        }
        self.bump();
        text.push_str("operator");
        let t = self.peek();
        let pair = (t.is_punct(Punct::LParen) && self.nth(1).is_punct(Punct::RParen))
            || (t.is_punct(Punct::LBracket) && self.nth(1).is_punct(Punct::RBracket));
        if pair {
            text.push_str(self.text(t));
            self.bump();
            text.push_str(self.text(self.peek()));
            self.bump();
        } else if matches!(t.kind, TokenKind::Punct(_)) {
            text.push_str(self.text(t));
            self.bump();
        } else if matches!(self.kw(), Some(Kw::New | Kw::Delete)) {
            text.push(' ');
            text.push_str(self.text(t));
            self.bump();
            if self.at(Punct::LBracket) && self.nth(1).is_punct(Punct::RBracket) {
                text.push_str("[]");
                self.bump();
                self.bump();
            }
        } else {
            // A conversion function: `operator int()`, `operator const T &()`.
            while !self.at(Punct::LParen) && !self.at(Punct::Semi) && !self.at_eof() {
                text.push(' ');
                text.push_str(self.text(self.peek()));
                self.bump();
            }
        }
        Some(Ident {
            name: self.arena.alloc_str(&text),
            span: self.span_from(start),
        })
    }

    /// At file scope, where no specifiers came: whether a constructor, destructor or
    /// conversion function of a class is defined out of it (`S::S()`, `x3<T>::~x3()`,
    /// `S::operator int()`).
    pub(super) fn starts_special_member(&self) -> bool {
        if self.operator_prefix_len().is_some_and(|n| n > 0) {
            return true;
        }
        self.scan_qualified(self.pos).is_some_and(|q| {
            self.tok(self.pos + q.len)
                .is_some_and(|t| t.is_punct(Punct::LParen))
                && (q.dtor || (q.len > 1 && self.is_ctor_name(&q.text)))
        })
    }

    /// Whether `name`, followed by `(`, declares a constructor: the enclosing class's own name,
    /// or `X::X` outside it.
    pub(super) fn is_ctor_name(&self, name: &str) -> bool {
        let mut parts = name.rsplit("::");
        let last = parts.next().unwrap_or_default();
        let before = parts.next();
        self.classes.last().is_some_and(|c| c == last) || before == Some(last)
    }

    /// A type named by a (qualified) identifier in declaration specifiers, consumed; `None`
    /// (nothing consumed) when the name is no type, or names a constructor.
    pub(super) fn cxx_type_name(&mut self) -> Option<TypeSpec<'a>> {
        let q = self.scan_qualified(self.pos)?;
        if q.dtor {
            return None;
        }
        let after = self.tok(self.pos + q.len);
        if after.is_some_and(|t| t.is_punct(Punct::LParen)) && self.is_ctor_name(&q.text) {
            return None;
        }
        let kind = match self.lookup(&q.text) {
            Some(NameKind::Typedef) => None,
            Some(NameKind::Builtin) if q.len == 1 => {
                Some(TypeSpecKind::Builtin(self.arena.alloc_str(&q.text)))
            }
            _ => return None,
        };
        let ident = self.qualified_ident()?;
        Some(TypeSpec {
            span: ident.span,
            kind: kind.unwrap_or(TypeSpecKind::Named(ident)),
        })
    }

    /// `typename qualified::name`, at `typename`: a dependent type, left unresolved.
    pub(super) fn typename_spec(&mut self) -> Option<TypeSpec<'a>> {
        let kw = self.bump().span;
        match self.qualified_ident() {
            Some(ident) => Some(TypeSpec {
                span: kw.to(ident.span),
                kind: TypeSpecKind::Named(ident),
            }),
            None => {
                self.error_here("expected a name after `typename`");
                None
            }
        }
    }

    /// `decltype(expr)`: read, its operand not analysed. The type it names is unknown to
    /// semantic analysis (a name no declaration binds, like a dependent name in a template),
    /// so nothing is judged on it.
    pub(super) fn decltype_spec(&mut self) -> TypeSpec<'a> {
        let kw = self.bump().span;
        let mut name = None;
        if self.at(Punct::LParen) {
            // `decltype(x)`: the declared type of x; any other operand is only read.
            let one = self.nth(1).kind == TokenKind::Ident && self.nth(2).is_punct(Punct::RParen);
            if one {
                self.bump();
                name = self.qualified_ident();
                self.eat(Punct::RParen);
            } else {
                self.skip_balanced();
            }
        } else {
            self.error_here("expected `(` after `decltype`");
        }
        TypeSpec {
            span: self.span_from(kw),
            kind: TypeSpecKind::Decltype(name),
        }
    }

    /// Reports a construct outside the subset at the current token.
    pub(super) fn unsupported_here(&mut self, what: &str) {
        let span = self.peek().span;
        self.unsupported(span, format!("unsupported C++ construct: {what}"));
    }

    // ---- File scope ---------------------------------------------------------------------

    /// C++-only external declarations; `None` when the current token starts none of them.
    pub(super) fn cxx_external(&mut self) -> Option<Option<ExternalDecl<'a>>> {
        Some(match self.kw()? {
            Kw::Namespace => self.namespace(),
            Kw::Template => self.template_decl(),
            Kw::Using => self.using_decl(),
            Kw::StaticAssert => {
                self.static_assert();
                None
            }
            Kw::Operator => {
                self.unsupported_here("operator overloading");
                self.recover_top();
                None
            }
            Kw::Cxx => {
                let text = self.text(self.peek());
                self.unsupported_here(&format!("`{text}`"));
                self.recover_top();
                None
            }
            _ => return None,
        })
    }

    /// `static_assert(...);` (or C11's `_Static_assert`), skipped: it asserts nothing about
    /// address spaces.
    pub(super) fn static_assert(&mut self) {
        self.bump();
        if self.at(Punct::LParen) {
            self.skip_balanced();
        }
        self.expect(Punct::Semi, "after `static_assert`");
    }

    /// `namespace name { items }`, at `namespace`.
    fn namespace(&mut self) -> Option<ExternalDecl<'a>> {
        let start = self.bump().span;
        let name = if self.peek().kind == TokenKind::Ident {
            self.qualified_ident()
        } else {
            None
        };
        if self.at(Punct::Eq) {
            self.unsupported_here("namespace alias");
            self.recover_top();
            return None;
        }
        if !self.at(Punct::LBrace) {
            self.error_here("expected `{` after the namespace name");
            self.recover_top();
            return None;
        }
        if !self.enter() {
            return None;
        }
        self.bump();
        if let Some(n) = &name {
            self.prefix.push(n.name.trim_start_matches("::").into());
        }
        let mut items = ArenaVec::new_in(self.arena);
        self.until_rbrace("expected a declaration", |p| {
            p.ops = 0;
            items.extend(p.external_decl());
        });
        self.expect(Punct::RBrace, "to close the namespace");
        if name.is_some() {
            self.prefix.pop();
        }
        self.leave();
        Some(ExternalDecl::Namespace(node(
            self.arena,
            Namespace {
                name,
                items: items.into_bump_slice(),
                span: self.span_from(start),
            },
        )))
    }

    /// `using namespace n;`, `using n::x;` or `using T = type;`, at `using`.
    fn using_decl(&mut self) -> Option<ExternalDecl<'a>> {
        let start = self.bump().span;
        if matches!(self.kw(), Some(Kw::Namespace)) {
            self.bump();
            let Some(name) = self.qualified_ident() else {
                self.error_here("expected a namespace name");
                self.recover_top();
                return None;
            };
            self.expect(Punct::Semi, "after the using-directive");
            let inner = qualify(&self.prefix, name.name);
            self.usings.push(inner);
            if !self.prefix.is_empty() {
                self.usings.push(name.name.trim_start_matches("::").into());
            }
            return Some(ExternalDecl::UsingNamespace(name));
        }
        let Some(name) = self.qualified_ident() else {
            self.error_here("expected a name after `using`");
            self.recover_top();
            return None;
        };
        if self.at(Punct::Eq) {
            let alias = self.alias_rest(start, name);
            return alias.map(ExternalDecl::Decl);
        }
        self.expect(Punct::Semi, "after the using-declaration");
        let last: SmolStr = name.name.rsplit("::").next().unwrap_or_default().into();
        let kind = self.lookup(name.name).unwrap_or(NameKind::Object);
        self.declare(&last, kind);
        Some(ExternalDecl::UsingDecl(name))
    }

    /// `= type;` after `using name`: a typedef.
    fn alias_rest(&mut self, start: Span, name: Ident<'a>) -> Option<Declaration<'a>> {
        self.bump();
        let ty = self.type_name();
        self.expect(Punct::Semi, "after the alias declaration");
        self.declare(name.name, NameKind::Typedef);
        let mut specs = ty.specs;
        let mut typedef = ArenaVec::new_in(self.arena);
        typedef.push(Spanned {
            node: StorageClass::Typedef,
            span: start,
        });
        specs.storage = self.concat(specs.storage, typedef);
        let declarator = Declarator {
            name: Some(name),
            ..ty.declarator
        };
        Some(Declaration {
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
        })
    }

    /// A `using` inside a block: an alias, or unsupported.
    pub(super) fn block_using(&mut self) -> StmtKind<'a> {
        let start = self.bump().span;
        let name = match self.kw() {
            Some(Kw::Namespace) => None,
            _ => self.qualified_ident(),
        };
        match name {
            Some(name) if self.at(Punct::Eq) => match self.alias_rest(start, name) {
                Some(d) => StmtKind::Decl(node(self.arena, d)),
                None => StmtKind::Error,
            },
            _ => {
                self.unsupported(
                    start,
                    "unsupported C++ construct: `using` in a block".into(),
                );
                self.recover_stmt();
                StmtKind::Error
            }
        }
    }

    /// `template <params>` and the declaration it introduces, at `template`.
    fn template_decl(&mut self) -> Option<ExternalDecl<'a>> {
        let start = self.peek().span;
        let params = self.template_header()?;
        if !self.enter() {
            self.close_template();
            return None;
        }
        let item = if matches!(self.kw(), Some(Kw::Template)) {
            self.template_decl()
        } else {
            self.external_decl()
        };
        self.leave();
        self.close_template();
        let item = item?;
        if let Some(name) = templated_name(&item) {
            let key = qualify(&self.prefix, &name);
            self.insert_template(key);
        }
        Some(ExternalDecl::Template(node(
            self.arena,
            Template {
                params: params.into_bump_slice(),
                item,
                span: self.span_from(start),
            },
        )))
    }

    /// `template <params>`, at `template`: opens a scope holding the parameters (closed by
    /// [`Parser::close_template`]). `None` (nothing open) when the header is broken.
    fn template_header(&mut self) -> Option<ArenaVec<'a, TemplateParam<'a>>> {
        self.bump();
        if !self.at(Punct::Lt) {
            self.unsupported_here("explicit instantiation");
            self.recover_top();
            return None;
        }
        self.bump();
        let mut params = ArenaVec::new_in(self.arena);
        while !self.at(Punct::Gt) && !self.at_eof() {
            let start = self.peek().span;
            let before = self.pos;
            let is_type = matches!(self.kw(), Some(Kw::Typename | Kw::Class));
            let mut name = None;
            if is_type {
                self.bump();
                if self.at(Punct::Ellipsis) {
                    self.unsupported_here("variadic template");
                    self.bump();
                }
                let t = self.peek();
                if t.kind == TokenKind::Ident && self.kw_of(t).is_none() {
                    self.bump();
                    name = Some(Ident {
                        name: self.name(t),
                        span: t.span,
                    });
                }
            } else if matches!(self.kw(), Some(Kw::Template)) {
                self.unsupported_here("template template parameter");
            } else {
                let specs = self.decl_specs();
                if specs.is_empty() {
                    self.error_here("expected a template parameter");
                } else {
                    name = self.declarator(Mode::Either).name;
                }
            }
            if self.eat(Punct::Eq).is_some() || self.pos == before {
                self.skip_template_arg();
            }
            params.push(TemplateParam {
                name,
                is_type,
                span: self.span_from(start),
            });
            if self.eat(Punct::Comma).is_none() {
                break;
            }
        }
        if !self.expect(Punct::Gt, "to close the template parameter list") {
            self.recover_top();
            return None;
        }
        self.push_scope();
        self.template_depth += 1;
        for p in &params {
            if let Some(name) = &p.name {
                let kind = if p.is_type {
                    NameKind::Typedef
                } else {
                    NameKind::Object
                };
                self.declare_in_scope(name.name, kind);
            }
        }
        Some(params)
    }

    fn close_template(&mut self) {
        self.template_depth = self.template_depth.saturating_sub(1);
        self.pop_scope();
    }

    /// Skips a template parameter's default up to the `,` or `>` that ends it.
    fn skip_template_arg(&mut self) {
        let mut depth = 0u32;
        loop {
            match self.peek().kind {
                TokenKind::Eof | TokenKind::Punct(Punct::Semi | Punct::LBrace | Punct::RBrace) => {
                    return
                }
                TokenKind::Punct(Punct::Comma | Punct::Gt) if depth == 0 => return,
                TokenKind::Punct(Punct::Lt) => depth += 1,
                TokenKind::Punct(Punct::Gt) => depth -= 1,
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => {
                    self.skip_balanced();
                    continue;
                }
                _ => {}
            }
            self.bump();
        }
    }
}

impl<'a> Parser<'_, '_, 'a> {
    /// Constructor arguments, `(a, b)` or `{a, b}`, when the next token opens either.
    fn ctor_args(&mut self) -> Option<ArenaVec<'a, Expr<'a>>> {
        if self.eat(Punct::LParen).is_some() {
            Some(self.call_args())
        } else if self.at(Punct::LBrace) {
            let list = self.init_list(false);
            Some(list_exprs(self.arena, list))
        } else {
            None
        }
    }
}

/// The expressions of an initialiser list (nested lists are dropped: nothing in them converts
/// a pointer the analysis could check against a known type).
fn list_exprs<'a>(arena: &'a Arena, list: InitList<'a>) -> ArenaVec<'a, Expr<'a>> {
    let exprs = list.items.iter().filter_map(|i| match &i.init {
        Initializer::Expr(e) => Some(e.clone()),
        _ => None,
    });
    ArenaVec::from_iter_in(exprs, arena)
}

/// The name of the function or variable a template declares, if it declares one.
fn templated_name(item: &ExternalDecl<'_>) -> Option<SmolStr> {
    match item {
        ExternalDecl::Function(f) => f.declarator.name.as_ref().map(|n| n.name.into()),
        // A function template's declaration, or a variable template (`T zero = T(0);`).
        ExternalDecl::Decl(d) => d
            .declarators
            .first()
            .and_then(|i| i.declarator.name.as_ref().map(|n| n.name.into())),
        _ => None,
    }
}
