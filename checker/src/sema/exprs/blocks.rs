//! Blocks (OpenCL C 2.0): block literals, the blocks passed to `enqueue_kernel` and the kernel
//! queries, whose parameters must all be `local void *`, and block variables and typedefs.

use crate::ast::{Expr, ExprKind};
use crate::sema::types::QTy;
use crate::sema::{FnCtx, Sema};
use crate::source::Span;
use crate::spec::{AddrSpace, RuleId};

impl Sema<'_> {
    /// A block literal's body is checked like a function body that is not a kernel, with its
    /// parameters in scope and the enclosing names visible. Its return type is deduced, which
    /// the checker does not model, so returns are not judged.
    #[inline(never)]
    pub(super) fn block_literal(
        &mut self,
        params: &[crate::ast::ParamDecl],
        body: &crate::ast::Block,
    ) {
        self.push_scope();
        self.bind_params(params);
        let outer = self.func.replace(FnCtx {
            is_kernel: false,
            ret: QTy::unknown(),
            depth: 0,
        });
        for stmt in body.items.iter() {
            self.stmt(stmt);
        }
        self.func = outer;
        self.pop_scope();
    }

    /// A block passed to enqueue_kernel or a kernel query (`get_kernel_work_group_size`, ...):
    /// each of its parameters is `local void *`, the local memory the call's size arguments
    /// allocate (OpenCL C 2.0 6.13.17). A literal is judged by its parameters, a block variable
    /// by its declared type (see [`Sema::note_block`]).
    pub(super) fn enqueued_block(&mut self, arg: &Expr) {
        let e = strip_parens_and_casts(arg);
        let (ok, at) = match &e.kind {
            ExprKind::BlockLiteral { params, .. } => match bad_block_param(params) {
                Some(at) => (false, at),
                None => (true, e.span),
            },
            ExprKind::Ident(name) => match self.blocks.get(name).copied().flatten() {
                Some(ok) => (ok, e.span),
                None => return,
            },
            _ => return,
        };
        if !ok {
            self.report(
                RuleId::EnqueueBlockArgs,
                at,
                "a block passed to enqueue_kernel takes `local void *` parameters only",
            );
        }
    }

    /// After the declarator of a variable or typedef `name`: records whether it is a block
    /// whose parameters are all `local void *`, from a block declarator (`void (^b)(local void
    /// *)`), a block typedef name, or (the type being a block type) a block literal initialiser.
    pub(in crate::sema) fn note_block(
        &mut self,
        name: &str,
        specs: &crate::ast::DeclSpecs,
        decl: &crate::ast::Declarator,
        init: Option<&crate::ast::Initializer>,
    ) {
        use crate::ast::{ChunkKind, Initializer, TypeSpecKind};
        let verdict = match decl.chunks {
            [c, f, ..] if matches!(c.kind, ChunkKind::BlockPointer { .. }) => match &f.kind {
                ChunkKind::Function { params, .. } => Some(bad_block_param(params).is_none()),
                _ => None,
            },
            [] => match specs.types {
                [t] => match &t.kind {
                    TypeSpecKind::Named(n) => self.blocks.get(n.name).copied().flatten(),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let verdict = verdict.or_else(|| match init {
            Some(Initializer::Expr(x)) if decl.chunks.is_empty() => {
                match &strip_parens_and_casts(x).kind {
                    ExprKind::BlockLiteral { params, .. } => {
                        Some(bad_block_param(params).is_none())
                    }
                    _ => None,
                }
            }
            _ => None,
        });
        if verdict.is_some() || self.blocks.get(name).is_some() {
            self.blocks.bind(name, verdict);
        }
    }
}

/// The expression inside any parentheses and casts (`(bl_t) ^(local void *p) {}`).
fn strip_parens_and_casts<'e, 'a>(mut e: &'e Expr<'a>) -> &'e Expr<'a> {
    loop {
        match &e.kind {
            ExprKind::Paren(inner) | ExprKind::Cast(_, inner) => e = inner,
            _ => return e,
        }
    }
}

/// The first parameter of a block that is not `local void *`, if any (`^(void)` has none).
fn bad_block_param(params: &[crate::ast::ParamDecl]) -> Option<Span> {
    use crate::ast::{ChunkKind, TypeSpec, TypeSpecKind};
    for p in params.iter() {
        let void_base = matches!(
            p.specs.types,
            [TypeSpec {
                kind: TypeSpecKind::Void,
                ..
            }]
        );
        let chunks = &p.declarator.chunks;
        if void_base && chunks.is_empty() && p.declarator.name.is_none() && params.len() == 1 {
            return None;
        }
        let local_void_ptr = void_base
            && p.specs.quals.space() == Some(AddrSpace::Local)
            && matches!(chunks, [c] if matches!(c.kind, ChunkKind::Pointer { .. }));
        if !local_void_ptr {
            return Some(p.span);
        }
    }
    None
}
