//! Records and enums: `struct`/`union` (and C++ `class`) specifiers with their fields, tag
//! names, and `enum` specifiers with their enumerators.

use super::Mode;
use crate::ast::*;
use crate::parse::builtins::Kw;
use crate::parse::{node, NameKind, Parser};
use crate::source::Span;
use crate::symbol::sym;
use crate::token::{Punct, TokenKind};

impl<'a> Parser<'_, '_, 'a> {
    /// A member's declarator; an unnamed bit-field (`int : 3;`) has none, so an empty one
    /// stands where it would be.
    pub(in crate::parse) fn member_declarator(&mut self) -> Declarator<'a> {
        if self.at(Punct::Colon) {
            let at = self.peek().span;
            Declarator {
                span: Span::new(at.file, at.start, at.start),
                ..Declarator::default()
            }
        } else {
            self.declarator(Mode::Named)
        }
    }

    /// `struct`/`union`, at the keyword.
    pub(super) fn record(&mut self) -> TypeSpec<'a> {
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
                let key = crate::parse::cxx::qualify(&self.prefix, name);
                self.insert_template(key);
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
                let declarator = self.member_declarator();
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
    pub(super) fn enum_spec(&mut self) -> TypeSpec<'a> {
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
}
