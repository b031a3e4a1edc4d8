//! Calls: arguments converted to their parameters, and the built-ins whose signatures involve
//! address spaces (atomics, async copies, `vload`/`vstore`, `enqueue_kernel`, ...).

use super::Val;
use crate::ast::{Expr, ExprKind};
use crate::sema::conv::Op;
use crate::sema::types::{FuncTy, QTy, Ty, TyId};
use crate::sema::{Sema, Symbol};
use crate::source::Span;
use crate::spec::{AddrSpace, Feature, RuleId};

impl Sema<'_> {
    /// A call. The argument values wait on [`Sema::arg_vals`] (from `first` on) until the
    /// callee is known.
    #[inline(never)]
    pub(super) fn call(&mut self, callee: &Expr, args: &[Expr], at: Span) -> Val {
        let first = self.arg_vals.len();
        for a in args {
            let v = self.expr(a);
            self.arg_vals.push(v);
        }
        let v = self.call_of(callee, args, first, at);
        self.arg_vals.truncate(first);
        v
    }

    fn call_of(&mut self, callee: &Expr, args: &[Expr], first: usize, at: Span) -> Val {
        let name = match &callee.kind {
            ExprKind::Ident(n) => n,
            ExprKind::Member { .. } if self.cxx => {
                return match self.method_type(callee) {
                    Some(f) => self.call_with(&f, first, args),
                    None => Val::unknown(),
                };
            }
            _ => {
                self.expr(callee);
                return Val::unknown();
            }
        };
        if let Some(Symbol::Var(var)) = self.lookup(name) {
            return match self.types.as_func(var.ty.ty) {
                Some(f) => self.call_with(&f, first, args),
                None => Val::unknown(),
            };
        }
        self.builtin(name, first, args, at)
    }

    /// A call of a known function: every pointer (and C++ reference) argument converts to
    /// its parameter.
    fn call_with(&mut self, f: &FuncTy, first: usize, args: &[Expr]) -> Val {
        for (i, arg) in args.iter().enumerate() {
            let (Some(v), Some(p)) = (self.arg(first, i), self.types.param(f, i)) else {
                break;
            };
            match self.types.get(p.ty) {
                Ty::Ptr(_) => self.convert(Op::Arg, &v, p.ty, arg.span),
                Ty::Ref(referent) => self.bind_ref(Op::Arg, &v, referent, arg.span),
                _ => {}
            }
        }
        match self.types.get(f.ret.ty) {
            Ty::Ref(referent) => Val {
                ty: referent,
                lvalue: referent.space,
                lvalue_const: referent.konst,
                ..Val::unknown()
            },
            _ => Val::rvalue(f.ret),
        }
    }

    /// Argument `i` of the call whose arguments start at `first`.
    fn arg(&self, first: usize, i: usize) -> Option<Val> {
        self.arg_vals.get(first + i).copied()
    }

    /// The space argument `i` points to (see [`Sema::arg`]).
    fn arg_pointee_space(&self, first: usize, i: usize) -> Option<AddrSpace> {
        let v = self.arg(first, i)?;
        self.decayed_pointee(&v)?.space
    }

    /// The built-ins whose signatures involve address spaces.
    fn builtin(&mut self, name: &str, first: usize, args: &[Expr], at: Span) -> Val {
        match name {
            "to_global" | "to_local" | "to_private" => {
                if !self.profile.has(Feature::GenericAddressSpace) {
                    self.report(
                        RuleId::ToNamedBuiltin,
                        at,
                        format!(
                            "`{name}` exists only with the generic address space, which {} lacks",
                            self.profile
                        ),
                    );
                    return Val::unknown();
                }
                let arg = self.arg(first, 0);
                if !arg.is_some_and(|v| self.is_pointer_like(&v) || v.ty.ty == TyId::UNKNOWN) {
                    self.report(
                        RuleId::ToNamedBuiltin,
                        at,
                        format!("`{name}` takes a pointer to the generic address space"),
                    );
                    return Val::unknown();
                }
                if self.arg_pointee_space(first, 0) == Some(AddrSpace::Constant) {
                    self.report(
                        RuleId::GenericConstant,
                        args[0].span,
                        format!(
                            "`{name}` takes a generic pointer: a pointer to constant is not one"
                        ),
                    );
                    return Val::unknown();
                }
                let space = match name {
                    "to_global" => AddrSpace::Global,
                    "to_local" => AddrSpace::Local,
                    _ => AddrSpace::Private,
                };
                match arg.and_then(|v| self.decayed_pointee(&v)) {
                    Some(mut p) => {
                        p.space = Some(space);
                        Val::rvalue(self.types.ptr_to(p))
                    }
                    None => Val::unknown(),
                }
            }
            "enqueue_kernel"
            | "get_kernel_work_group_size"
            | "get_kernel_preferred_work_group_size_multiple"
            | "get_kernel_sub_group_count_for_ndrange"
            | "get_kernel_max_sub_group_size_for_ndrange" => {
                for arg in args {
                    self.enqueued_block(arg);
                }
                Val::unknown()
            }
            "async_work_group_copy" | "async_work_group_strided_copy" => {
                let pair = (
                    self.arg_pointee_space(first, 0),
                    self.arg_pointee_space(first, 1),
                );
                let ok = matches!(
                    pair,
                    (Some(AddrSpace::Local), Some(AddrSpace::Global))
                        | (Some(AddrSpace::Global), Some(AddrSpace::Local))
                );
                if !ok && pair.0.is_some() && pair.1.is_some() {
                    self.report(
                        RuleId::AsyncCopySpaces,
                        at,
                        "async copies go between global and local memory only",
                    );
                }
                Val::rvalue(QTy::new(TyId::EVENT))
            }
            "prefetch" => {
                if let Some(space) = self.arg_pointee_space(first, 0) {
                    if space != AddrSpace::Global {
                        self.report(
                            RuleId::PrefetchSpace,
                            at,
                            format!("prefetch takes a pointer to global memory, not {space}"),
                        );
                    }
                }
                Val::rvalue(QTy::new(TyId::VOID))
            }
            _ if is_legacy_atomic(name) => {
                if let Some(space) = self.arg_pointee_space(first, 0) {
                    if !matches!(space, AddrSpace::Global | AddrSpace::Local) {
                        self.report(
                            RuleId::AtomicSpace,
                            at,
                            format!("`{name}` operates on global or local memory, not {space}"),
                        );
                    }
                }
                Val::rvalue(QTy::arith())
            }
            // The OpenCL C 2.0 atomics take generic (3.0 also private, local, global) pointers:
            // private memory is fine, a pointer to constant has no overload.
            _ if is_c11_atomic(name) && self.profile.lang().c_version() >= 200 => {
                if self.arg_pointee_space(first, 0) == Some(AddrSpace::Constant) {
                    self.report(
                        RuleId::AtomicSpace,
                        at,
                        format!("`{name}` cannot operate on constant memory"),
                    );
                }
                Val::unknown()
            }
            _ if name.starts_with("vstore") => {
                let last = args.len().checked_sub(1);
                if let Some(space) = last.and_then(|i| self.arg_pointee_space(first, i)) {
                    if space == AddrSpace::Constant {
                        self.report(
                            RuleId::VstoreSpace,
                            at,
                            format!("`{name}` cannot write to constant memory"),
                        );
                    }
                }
                Val::rvalue(QTy::new(TyId::VOID))
            }
            // `INFINITY` is `(__builtin_inff())` in clang's header: a constant expression, as
            // every call of a folding built-in on constants is.
            _ if is_folding_builtin(name) => {
                let all = (0..args.len()).all(|i| self.arg(first, i).is_some_and(|v| v.is_const));
                if all {
                    Val::constant(QTy::arith())
                } else {
                    Val::rvalue(QTy::arith())
                }
            }
            _ => Val::unknown(),
        }
    }
}

/// The `__builtin_` functions clang evaluates at compile time when their arguments are
/// constants (`__builtin_inff()`, `__builtin_nanf("")`, `__builtin_bswap32(1u)`), so a call
/// of one initialises a program-scope variable. Each family is a stem, followed by nothing,
/// a width (`bswap32`) or a type suffix (`inff`, `popcountll`). Not `__builtin_sqrtf` nor
/// `__builtin_abs`, which clang does not fold there.
fn is_folding_builtin(name: &str) -> bool {
    const FAMILIES: [&str; 28] = [
        "inf",
        "huge_val",
        "nan",
        "nans",
        "fabs",
        "copysign",
        "fmax",
        "fmin",
        "bswap",
        "popcount",
        "clz",
        "ctz",
        "clrsb",
        "ffs",
        "parity",
        "bitreverse",
        "rotateleft",
        "rotateright",
        "isnan",
        "isinf",
        "isinf_sign",
        "isfinite",
        "isnormal",
        "fpclassify",
        "strlen",
        "constant_p",
        "classify_type",
        "expect",
    ];
    let Some(rest) = name.strip_prefix("__builtin_") else {
        return false;
    };
    FAMILIES.iter().any(|stem| {
        rest.strip_prefix(stem).is_some_and(|suffix| {
            suffix.bytes().all(|b| b.is_ascii_digit())
                || matches!(suffix, "f" | "l" | "s" | "ll" | "sf" | "sl")
        })
    })
}

/// The OpenCL 1.x atomic functions (6.12.11) and the `atom_` extension functions.
fn is_legacy_atomic(name: &str) -> bool {
    const OPS: [&str; 11] = [
        "add", "sub", "xchg", "inc", "dec", "cmpxchg", "min", "max", "and", "or", "xor",
    ];
    let op = name
        .strip_prefix("atomic_")
        .or_else(|| name.strip_prefix("atom_"));
    op.is_some_and(|op| OPS.contains(&op))
}

/// The OpenCL C 2.0 atomic functions (6.13.11: `atomic_load`, `atomic_fetch_add_explicit`,
/// `atomic_flag_clear`, ...) and the `__opencl_atomic_*` builtins they are built on.
fn is_c11_atomic(name: &str) -> bool {
    const OPS: [&str; 15] = [
        "init",
        "load",
        "store",
        "exchange",
        "compare_exchange_strong",
        "compare_exchange_weak",
        "fetch_add",
        "fetch_sub",
        "fetch_or",
        "fetch_xor",
        "fetch_and",
        "fetch_min",
        "fetch_max",
        "flag_test_and_set",
        "flag_clear",
    ];
    if name.starts_with("__opencl_atomic_") {
        return true;
    }
    let op = name.strip_prefix("atomic_");
    let op = op.map(|op| op.strip_suffix("_explicit").unwrap_or(op));
    op.is_some_and(|op| OPS.contains(&op))
}
