//! `addrspace_cast`'s own form (C++ for OpenCL 2021, 3.2.2): it converts a pointer into a
//! pointer to the same type in another address space, and nothing else. What it may not do
//! clang-16 reports as "addrspace_cast from ... to ... is not allowed"; the space change itself
//! is judged like any cast between spaces. Also `auto` with a space on the pointee, which
//! deduction must match, and `decltype` of a variable.

use super::conv::Op;
use super::exprs::Val;
use super::types::{QTy, Ty};
use super::Sema;
use crate::ast::{ChunkKind, DeclSpecs, Declarator};
use crate::diag::Code;
use crate::source::Span;

impl Sema<'_> {
    pub(super) fn addrspace_cast(&mut self, v: &Val, to: QTy, at: Span) {
        let known = |t: Ty| !matches!(t, Ty::Unknown);
        if v.is_null || !known(self.types.get(v.ty.ty)) || !known(self.types.get(to.ty)) {
            return;
        }
        let from = self.decayed_pointee(v);
        let target = match self.types.get(to.ty) {
            Ty::Ptr(p) => Some(p),
            _ => None,
        };
        let why = match (from, target) {
            (None, _) => Some("the operand is not a pointer"),
            (_, None) => Some("the target type is not a pointer"),
            (Some(f), Some(t)) if !known(self.types.get(f.ty)) || !known(self.types.get(t.ty)) => {
                None
            }
            (Some(f), Some(t)) if f.ty != t.ty => Some("the pointee types differ"),
            (Some(f), Some(t)) if f.konst && !t.konst => Some("it would drop `const`"),
            _ => None,
        };
        match why {
            Some(why) => {
                let message = format!("addrspace_cast only changes the address space of a pointer's pointee: {why} (not an address-space rule of the catalogue; a compiler must reject it)");
                self.emit(Code::Semantic, at, message);
            }
            None => self.convert(Op::Cast, v, to.ty, at),
        }
    }
}

impl Sema<'_> {
    /// `__global auto *p = init;`: the space written with `auto` must be the space the
    /// initialiser points to (clang-16: "incompatible initializer").
    pub(super) fn auto_pointee_space(
        &mut self,
        specs: &DeclSpecs,
        decl: &Declarator,
        deduced: &QTy,
        at: Span,
    ) {
        let (Some(written), [chunk]) = (specs.quals.space(), decl.chunks) else {
            return;
        };
        if !matches!(chunk.kind, ChunkKind::Pointer { .. }) {
            return;
        }
        let Some(found) = self.types.pointee(deduced.ty).and_then(|p| p.space) else {
            return;
        };
        if found != written {
            let message = format!("`{written} auto *` cannot be deduced from a pointer to {found} (not an address-space rule of the catalogue; a compiler must reject it)");
            self.emit(Code::Semantic, at, message);
        }
    }
}

impl Sema<'_> {
    /// The type `decltype(name)` names: the variable's declared type with its space (every
    /// object has one in OpenCL, so `__constant decltype(v)` can give a type two); unknown for
    /// anything else.
    pub(super) fn decltype(&self, name: Option<&crate::ast::Ident>) -> QTy {
        match name.and_then(|n| self.lookup(n.name)) {
            Some(super::Symbol::Var(v)) => QTy {
                space: Some(v.space),
                ..v.ty
            },
            _ => QTy::unknown(),
        }
    }
}
