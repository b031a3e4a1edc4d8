//! The storage rules C++ for OpenCL inherits from OpenCL C 2.0 (2021, 2.2 Address spaces):
//! where a variable of a given space may be declared. The catalogue applies them to CLC++2021
//! too (`Applies::Since`); clang-16 enforces them with the same Sema checks in both languages.
//! They are checked after the memory-initialisation table, whose `CXX-` rules come first.

use super::decls::Ctx;
use super::types::{Opaque, QTy};
use super::{FnCtx, Sema};
use crate::source::Span;
use crate::spec::{AddrSpace, RuleId};

/// Where a C++ variable is declared, as the storage rules see it.
pub(super) struct Storage {
    pub ctx: Ctx,
    pub is_static: bool,
    pub is_extern: bool,
    /// The space written on the variable (or brought by its typedef), if any.
    pub written: Option<AddrSpace>,
}

impl Sema<'_> {
    /// One diagnostic at most: the first storage rule `st` breaks.
    pub(super) fn cxx_storage(&mut self, st: &Storage, ty: &QTy, at: Span) {
        let static_storage = st.ctx == Ctx::Program || st.is_static || st.is_extern;
        let opaque = self.types.opaque(ty.ty);
        if static_storage {
            if matches!(opaque, Some(Opaque::Image | Opaque::Event | Opaque::Other)) {
                let message = "program-scope and static variables cannot have an image, event or other opaque type";
                return self.report(RuleId::ProgscopeType, at, message);
            }
            let Some(space @ (AddrSpace::Local | AddrSpace::Private | AddrSpace::Generic)) =
                st.written
            else {
                return;
            };
            let (rule, what) = if st.is_extern {
                (RuleId::ExternSpace, "an extern variable")
            } else if st.is_static && st.ctx == Ctx::Block {
                (RuleId::StaticSpace, "a static variable inside a function")
            } else {
                (RuleId::ProgscopeSpace, "a program-scope variable")
            };
            let message =
                format!("{what} must be in the global or constant address space, not `{space}`");
            return self.report(rule, at, message);
        }
        let kernel_outermost = matches!(
            &self.func,
            Some(FnCtx {
                is_kernel: true,
                depth: 0,
                ..
            })
        );
        match st.written {
            Some(AddrSpace::Global) => {
                self.report(RuleId::AutoPrivate, at, "a function-scope variable is private: it cannot be declared in the global address space");
            }
            Some(AddrSpace::Local) if !kernel_outermost => {
                self.report(RuleId::LocalScope, at, "a local variable can only be declared in the outermost scope of a kernel function");
            }
            Some(AddrSpace::Constant) if !kernel_outermost => {
                self.report(RuleId::ConstantScope, at, "a constant variable can only be declared in the outermost scope of a kernel function");
            }
            _ => {}
        }
    }
}
