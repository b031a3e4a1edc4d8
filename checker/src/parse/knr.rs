//! K&R (identifier-list) function definitions: `int f(x, y) short x; int y; { ... }`. C99
//! keeps them (6.9.1p6) and OpenCL C, built on C99, has them too; clang accepts them in every
//! OpenCL C version. The definition is read into the same tree as a prototype definition: each
//! listed name becomes a parameter with the type its declaration gives; a name that none gives
//! one is an error (C99 has no implicit int), read as `int`.

use super::Parser;
use crate::ast::*;
use crate::token::{Punct, TokenKind};

/// Whether a parameter list is an identifier list: parameters read by
/// [`Parser::identifier_list`] have no specifiers, which no parameter declaration lacks.
fn is_identifier_list(params: &[ParamDecl<'_>]) -> bool {
    !params.is_empty() && params.iter().all(|p| p.specs.is_empty())
}

impl<'a> Parser<'_, '_, 'a> {
    /// Just inside the `(` of a declarator (`file_level`: one of a file-scope declaration), in
    /// OpenCL C: the names of an identifier list, up to (not including) the `)`, as parameters
    /// without specifiers; `None` (nothing consumed) when what follows is a parameter
    /// declaration.
    pub(super) fn identifier_list(
        &mut self,
        file_level: bool,
    ) -> Option<ArenaVec<'a, ParamDecl<'a>>> {
        if self.is_cxx() || !file_level || !self.is_plain_name(self.peek()) {
            return None;
        }
        let after = self.nth(1);
        if !(after.is_punct(Punct::Comma) || after.is_punct(Punct::RParen)) {
            return None;
        }
        let mut names = ArenaVec::new_in(self.arena);
        loop {
            let t = self.peek();
            if !self.is_plain_name(t) {
                self.error_here("expected a parameter name");
                break;
            }
            self.bump();
            names.push(ParamDecl {
                specs: DeclSpecs::default(),
                declarator: Declarator {
                    name: Some(Ident {
                        name: self.name(t),
                        span: t.span,
                    }),
                    span: t.span,
                    ..Declarator::default()
                },
                default: None,
                span: t.span,
            });
            if self.eat(Punct::Comma).is_none() {
                break;
            }
        }
        Some(names)
    }

    /// An identifier that is neither a keyword nor a type name here.
    fn is_plain_name(&self, t: &crate::token::Token) -> bool {
        t.kind == TokenKind::Ident && self.kw_of(t).is_none() && !self.is_type_name(t)
    }

    /// After the declarator of a file-level declaration: when its parameters are an
    /// identifier list, reads the parameter declarations before the body and returns the
    /// declarator with each name given its declared type. A list that no body follows is an
    /// error (C99 6.7.5.3p3: only a definition may have one).
    pub(super) fn knr_parameters(&mut self, declarator: Declarator<'a>) -> Declarator<'a> {
        let Some((first, rest)) = declarator.chunks.split_first() else {
            return declarator;
        };
        let ChunkKind::Function {
            params,
            variadic,
            void_param,
            this_quals,
        } = &first.kind
        else {
            return declarator;
        };
        if self.is_cxx() || !is_identifier_list(params) {
            return declarator;
        }
        // The declarations are in a scope of their own: their names are the parameters',
        // which the body declares again, and must not shadow file-scope names after it.
        self.push_scope();
        let mut decls = ArenaVec::new_in(self.arena);
        while !self.at(Punct::LBrace) && self.starts_decl(self.peek()) {
            let before = self.pos;
            decls.push(self.block_declaration());
            if self.pos == before {
                break;
            }
        }
        self.pop_scope();
        if !self.at(Punct::LBrace) {
            self.error(
                params[0].span,
                "a parameter list without types is only allowed in a function definition"
                    .to_string(),
            );
            return declarator;
        }
        let mut typed = ArenaVec::new_in(self.arena);
        for p in params.iter() {
            let name = p.declarator.name.as_ref().map(|n| n.name);
            let declared = decls.iter().find_map(|d: &Declaration<'a>| {
                d.declarators
                    .iter()
                    .find(|i| i.declarator.name.as_ref().map(|n| n.name) == name)
                    .map(|i| (d, i))
            });
            typed.push(match declared {
                Some((d, i)) => ParamDecl {
                    specs: d.specs.clone(),
                    declarator: i.declarator.clone(),
                    default: None,
                    span: i.span,
                },
                // C99 has no implicit int (clang: an error by default); it reads as `int`.
                None => {
                    let message = match name {
                        Some(n) => {
                            format!("parameter `{n}` is not declared: C99 has no implicit int")
                        }
                        None => "a parameter is not declared".to_string(),
                    };
                    self.diags.push(crate::diag::Diagnostic::new(
                        crate::diag::Code::Syntax,
                        self.profile,
                        p.span,
                        message,
                    ));
                    p.clone()
                }
            });
        }
        for d in decls.iter() {
            for i in d.declarators.iter() {
                let Some(n) = &i.declarator.name else {
                    continue;
                };
                if !params
                    .iter()
                    .any(|p| p.declarator.name.as_ref().map(|m| m.name) == Some(n.name))
                {
                    self.diags.push(crate::diag::Diagnostic::new(
                        crate::diag::Code::Syntax,
                        self.profile,
                        n.span,
                        format!("`{}` is declared but not in the parameter list", n.name),
                    ));
                }
            }
        }
        let mut chunks = ArenaVec::new_in(self.arena);
        chunks.push(DeclChunk {
            kind: ChunkKind::Function {
                params: typed.into_bump_slice(),
                variadic: *variadic,
                void_param: *void_param,
                this_quals: this_quals.clone(),
            },
            span: first.span,
        });
        chunks.extend(rest.iter().cloned());
        Declarator {
            chunks: chunks.into_bump_slice(),
            ..declarator
        }
    }
}
