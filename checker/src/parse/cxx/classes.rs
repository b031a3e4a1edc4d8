//! Classes: base clauses, class bodies and their members (fields, member functions,
//! constructors, destructors, access specifiers), C++ initialisers, function definitions and
//! constructor initialiser lists.

use crate::ast::*;
use crate::parse::builtins::Kw;
use crate::parse::{NameKind, Parser};
use crate::source::Span;
use crate::symbol::sym;
use crate::token::{Punct, TokenKind};
use smol_str::SmolStr;

impl<'a> Parser<'_, '_, 'a> {
    /// `: public B, C<int>` after a class name.
    pub(in crate::parse) fn base_clause(&mut self) -> ArenaVec<'a, Ident<'a>> {
        self.bump();
        let mut bases = ArenaVec::new_in(self.arena);
        loop {
            while matches!(self.peek().sym, sym::PUBLIC | sym::PROTECTED | sym::PRIVATE)
                || matches!(self.kw(), Some(Kw::Cxx) if self.peek().sym == sym::VIRTUAL)
            {
                self.bump();
            }
            match self.qualified_ident() {
                Some(b) => bases.push(b),
                None => {
                    self.error_here("expected a base class name");
                    break;
                }
            }
            if self.eat(Punct::Comma).is_none() {
                break;
            }
        }
        bases
    }

    /// A class body, at `{`: members into `fields`, member function definitions into `body`.
    pub(in crate::parse) fn class_body(
        &mut self,
        name: Option<&Ident<'a>>,
        methods: &mut ArenaVec<'a, FunctionDef<'a>>,
    ) -> ArenaVec<'a, FieldDecl<'a>> {
        self.bump();
        let class: SmolStr = name
            .map(|n| n.name.rsplit("::").next().unwrap_or_default().into())
            .unwrap_or_default();
        let named = !class.is_empty();
        if named {
            self.prefix.push(class.clone());
        }
        self.classes.push(class);
        let mut fields = ArenaVec::new_in(self.arena);
        self.until_rbrace("expected a member declaration", |p| {
            p.ops = 0;
            p.member(&mut fields, methods);
        });
        self.expect(Punct::RBrace, "to close the class body");
        self.classes.pop();
        if named {
            self.prefix.pop();
        }
        fields
    }

    /// One member declaration.
    fn member(
        &mut self,
        fields: &mut ArenaVec<'a, FieldDecl<'a>>,
        methods: &mut ArenaVec<'a, FunctionDef<'a>>,
    ) {
        let t = self.peek();
        if self.eat(Punct::Semi).is_some() {
            return;
        }
        if matches!(t.sym, sym::PUBLIC | sym::PROTECTED | sym::PRIVATE)
            && self.nth(1).is_punct(Punct::Colon)
        {
            self.bump();
            self.bump();
            return;
        }
        match self.kw() {
            Some(Kw::StaticAssert) => return self.static_assert(),
            Some(Kw::Template) => {
                if self.template_header().is_some() {
                    if self.enter() {
                        self.member(fields, methods);
                        self.leave();
                    }
                    self.close_template();
                }
                return;
            }
            Some(Kw::Using) => {
                let start = self.bump().span;
                let name = self.qualified_ident();
                match name {
                    Some(name) if self.at(Punct::Eq) => {
                        if let Some(d) = self.alias_rest(start, name) {
                            fields.push(FieldDecl {
                                specs: d.specs,
                                declarators: ArenaVec::from_iter_in(
                                    d.declarators.iter().map(|i| FieldDeclarator {
                                        span: i.span,
                                        declarator: i.declarator.clone(),
                                        bit_width: None,
                                        init: None,
                                    }),
                                    self.arena,
                                )
                                .into_bump_slice(),
                                span: d.span,
                            });
                        }
                    }
                    _ => self.skip_member(),
                }
                return;
            }
            Some(Kw::Cxx) if self.peek().sym == sym::FRIEND => {
                self.unsupported_here("friend declaration");
                return self.skip_member();
            }
            _ => {}
        }
        let start = self.peek().span;
        let specs = self.decl_specs();
        if specs.is_empty() && !self.starts_member_declarator() {
            self.error_here("expected a member declaration");
            return self.skip_member();
        }
        if self.at(Punct::Semi) {
            self.bump();
            fields.push(FieldDecl {
                specs,
                declarators: &[],
                span: self.span_from(start),
            });
            return;
        }
        let kind = if specs.is_typedef() {
            NameKind::Typedef
        } else {
            NameKind::Object
        };
        let mut declarators = ArenaVec::new_in(self.arena);
        loop {
            let dstart = self.peek().span;
            let declarator = self.member_declarator();
            // Constructors and destructors declare no name: `S` stays the class.
            let special = declarator.name.as_ref().is_some_and(|n| {
                n.name.starts_with('~') || self.classes.last().is_some_and(|c| *c == n.name)
            });
            if let Some(name) = declarator.name.as_ref().filter(|_| !special) {
                if self.at_file_level() {
                    self.declare(name.name, kind);
                }
            }
            if declarator.is_function() && (self.at(Punct::LBrace) || self.at(Punct::Colon)) {
                let def = self.function_def_rest(specs, declarator, start);
                methods.push(def);
                return;
            }
            let bit_width = if !declarator.is_function() && self.eat(Punct::Colon).is_some() {
                Some(self.conditional_expr())
            } else {
                None
            };
            let init = self.cxx_initializer(declarator.is_function());
            declarators.push(FieldDeclarator {
                declarator,
                bit_width,
                init,
                span: self.span_from(dstart),
            });
            if self.eat(Punct::Comma).is_none() {
                break;
            }
        }
        if self.eat(Punct::Semi).is_none() {
            self.error_here("expected `;` after member declaration");
            self.skip_member();
        }
        fields.push(FieldDecl {
            specs,
            declarators: declarators.into_bump_slice(),
            span: self.span_from(start),
        });
    }

    /// Whether a declarator with no specifiers can follow: a constructor or destructor.
    fn starts_member_declarator(&self) -> bool {
        let t = self.peek();
        t.is_punct(Punct::Tilde)
            || self.operator_prefix_len().is_some()
            || ((t.kind == TokenKind::Ident || t.is_punct(Punct::ColonColon))
                && self.nth(1).is_punct(Punct::LParen))
            || self
                .scan_qualified(self.pos)
                .is_some_and(|q| q.dtor || self.is_ctor_name(&q.text))
    }

    /// After a broken or unsupported member: past the next `;` or `{ ... }`.
    fn skip_member(&mut self) {
        loop {
            match self.peek().kind {
                TokenKind::Eof | TokenKind::Punct(Punct::RBrace) => return,
                TokenKind::Punct(Punct::Semi) => {
                    self.bump();
                    return;
                }
                TokenKind::Punct(Punct::LBrace) => {
                    self.skip_balanced();
                    self.eat(Punct::Semi);
                    return;
                }
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => self.skip_balanced(),
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// A declarator's C++ initialiser, if one follows: `= init`, `= default`, `= delete`,
    /// `= 0`, `(args)` or `{list}`.
    pub(in crate::parse) fn cxx_initializer(
        &mut self,
        is_function: bool,
    ) -> Option<Initializer<'a>> {
        if self.at(Punct::LParen) {
            let start = self.bump().span;
            self.ops = 0;
            let args = self.call_args();
            return Some(Initializer::Paren {
                args: args.into_bump_slice(),
                span: self.span_from(start),
            });
        }
        if self.at(Punct::LBrace) {
            self.ops = 0;
            return Some(Initializer::List(self.init_list(true)));
        }
        self.eat(Punct::Eq)?;
        let t = self.peek();
        let special = match self.kw() {
            _ if !is_function => None,
            Some(Kw::Default) => Some(SpecialDef::Default),
            Some(Kw::Delete) => Some(SpecialDef::Delete),
            _ if t.kind == TokenKind::Int && t.sym == sym::ZERO => Some(SpecialDef::Pure),
            _ => None,
        };
        if let Some(special) = special {
            self.bump();
            return Some(Initializer::Special(special, t.span));
        }
        self.ops = 0;
        Some(self.initializer(true))
    }

    /// The rest of a function definition after its declarator: constructor initialisers and
    /// the body. A qualified name (`S::f`) puts the class's members in scope in the body.
    pub(in crate::parse) fn function_def_rest(
        &mut self,
        specs: DeclSpecs<'a>,
        declarator: Declarator<'a>,
        start: Span,
    ) -> FunctionDef<'a> {
        let qualifier = declarator
            .name
            .as_ref()
            .and_then(|n| n.name.rsplit_once("::"))
            .map(|(q, _)| SmolStr::from(q.trim_start_matches("::")))
            .filter(|q| !q.is_empty());
        if let Some(q) = &qualifier {
            self.prefix.push(q.clone());
        }
        let ctor_inits = if self.at(Punct::Colon) {
            self.ctor_inits()
        } else {
            ArenaVec::new_in(self.arena)
        };
        let body = if self.at(Punct::LBrace) {
            self.function_body(&declarator)
        } else {
            self.error_here("expected `{` to begin the function body");
            Block {
                items: &[],
                span: self.peek().span,
            }
        };
        if qualifier.is_some() {
            self.prefix.pop();
        }
        FunctionDef {
            specs,
            declarator,
            ctor_inits: ctor_inits.into_bump_slice(),
            body,
            span: self.span_from(start),
        }
    }

    /// `: name(args), name{args}`, at the `:`.
    fn ctor_inits(&mut self) -> ArenaVec<'a, MemInit<'a>> {
        self.bump();
        let mut inits = ArenaVec::new_in(self.arena);
        loop {
            let start = self.peek().span;
            let Some(name) = self.qualified_ident() else {
                self.error_here("expected a member or base name");
                self.skip_until(&[Punct::LBrace]);
                break;
            };
            self.ops = 0;
            let Some(args) = self.ctor_args() else {
                self.error_here("expected `(` or `{` after the member name");
                self.skip_until(&[Punct::LBrace]);
                break;
            };
            inits.push(MemInit {
                name,
                args: args.into_bump_slice(),
                span: self.span_from(start),
            });
            if self.eat(Punct::Comma).is_none() {
                break;
            }
        }
        inits
    }
}
