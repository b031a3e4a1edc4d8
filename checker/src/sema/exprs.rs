//! Expressions and statements: the type of every expression as far as address spaces go, every
//! pointer conversion (assignment, initialisation, argument, return, cast, comparison,
//! difference, `?:`), writes to read-only memory, and the built-ins whose signatures involve
//! address spaces.
//!
//! This file owns [`Val`], the conversion and write checks, the expression dispatch and the
//! forms without a file of their own (identifiers, literals, casts, `?:`, members, indexing).
//! The rest lives in submodules:
//! - `stmts`: statements and their scopes;
//! - `operators`: unary and binary operators, pointer arithmetic and comparison;
//! - `calls`: calls and the built-ins whose signatures involve address spaces;
//! - `blocks`: block literals, enqueued blocks, block variables.
//!
//! Every node passes through [`Sema::expr_inner`]'s dispatch, so it is kept small: identifiers
//! and literals are handled there, and each other form has its own function kept out of line
//! (`#[inline(never)]`), whose stack frame and saved registers only its own nodes pay for.

mod blocks;
mod calls;
mod operators;
mod stmts;

use super::conv::{self, Op};
use super::types::{Chain, QTy, Ty, TyId};
use super::{Sema, Symbol};
use crate::ast::{Expr, ExprKind, Ident, InitList, Initializer, TypeName};
use crate::source::Span;
use crate::spec::{AddrSpace, Feature, RuleId};

/// What analysis knows about an expression's value.
#[derive(Clone, Copy, Debug)]
pub(super) struct Val {
    pub ty: QTy,
    /// The space of the object it designates, when it is an lvalue.
    pub lvalue: Option<AddrSpace>,
    /// Whether it designates a const object (through a `const` pointer or a const variable).
    pub lvalue_const: bool,
    /// An integer constant expression or an address constant (C99 6.6).
    pub is_const: bool,
    pub is_string: bool,
    /// A null pointer constant (`0`, `(void *)0`), which converts to any pointer.
    pub is_null: bool,
    /// C++: how the space of the object it designates (or points into) was deduced.
    pub origin: Option<super::cxx::Origin>,
}

impl Val {
    pub(super) fn rvalue(ty: QTy) -> Val {
        Val {
            ty,
            lvalue: None,
            lvalue_const: false,
            is_const: false,
            is_string: false,
            is_null: false,
            origin: None,
        }
    }

    pub(super) fn unknown() -> Val {
        Val::rvalue(QTy::unknown())
    }

    pub(super) fn constant(ty: QTy) -> Val {
        Val {
            is_const: true,
            ..Val::rvalue(ty)
        }
    }
}

impl Sema<'_> {
    /// The type of `v` after array-to-pointer decay: an array designates its first element,
    /// in the space the array lives in.
    pub(super) fn decayed(&mut self, v: &Val) -> QTy {
        match self.types.get(v.ty.ty) {
            Ty::Array(elem) => self.types.ptr_to(element_of(elem, v)),
            _ => v.ty,
        }
    }

    /// What `v` points to once decayed (the element of an array), without building the
    /// pointer type.
    pub(super) fn decayed_pointee(&self, v: &Val) -> Option<QTy> {
        match self.types.get(v.ty.ty) {
            Ty::Ptr(p) => Some(p),
            Ty::Array(elem) => Some(element_of(elem, v)),
            _ => None,
        }
    }

    /// Whether `v` is a pointer once decayed (an array decays to one).
    pub(super) fn is_pointer_like(&self, v: &Val) -> bool {
        self.types.is_pointer_like(v.ty.ty)
    }

    /// The pointee chain (see `conv`) of `v` once decayed.
    pub(super) fn val_chain(&self, v: &Val) -> Chain {
        match self.decayed_pointee(v) {
            Some(first) => self.types.chain_from(first),
            None => Chain::default(),
        }
    }

    /// Checks a conversion of `v` to a pointer type `to`.
    pub(super) fn convert(&mut self, op: Op, v: &Val, to: TyId, at: Span) {
        if v.is_null {
            return;
        }
        if !self.is_pointer_like(v) || !self.types.is_pointer_like(to) {
            return;
        }
        if self.decayed_pointee(v) == self.types.pointee(to) {
            // The same pointee type: the same spaces on every level.
            return;
        }
        let (a, b) = (self.val_chain(v), self.types.pointee_chain(to));
        if let Some(rule) = conv::pointer_conversion(op, &a, &b, v.is_string) {
            if self.cxx {
                let origin = self.pointee_origin(v);
                return self.cxx_conversion(op, rule, &a, &b, origin, at);
            }
            let (f, t) = (a.first().copied(), b.first().copied());
            let msg = match (f, t) {
                (Some(f), Some(t)) if f != t => {
                    format!("a pointer to {f} cannot become a pointer to {t} here")
                }
                _ => "the pointee types differ in address space below the first level".to_string(),
            };
            self.report(rule, at, msg);
        }
    }

    /// Reports a write to `v` when it designates read-only memory.
    pub(super) fn write(&mut self, v: &Val, at: Span) {
        match v.lvalue {
            Some(AddrSpace::Constant) => {
                self.report(RuleId::ConstantWrite, at, "constant memory is read-only")
            }
            Some(AddrSpace::Global) if v.lvalue_const => self.report(
                RuleId::ConstGlobal,
                at,
                "writing through a `const global` pointer: the buffer is read-only",
            ),
            _ => {}
        }
    }

    pub(super) fn expr(&mut self, e: &Expr) -> Val {
        if self.expr_depth >= super::MAX_EXPR_DEPTH {
            self.too_deep(e.span);
            return Val::unknown();
        }
        self.expr_depth += 1;
        let v = self.expr_inner(e);
        self.expr_depth -= 1;
        v
    }

    /// An expression past [`super::MAX_EXPR_DEPTH`]: reported once, not judged.
    #[cold]
    fn too_deep(&mut self, at: Span) {
        if self.limit_reported {
            return;
        }
        self.limit_reported = true;
        let message = format!(
            "expression nested deeper than {}: the checker does not judge this code",
            super::MAX_EXPR_DEPTH
        );
        self.diags.push(crate::Diagnostic::new(
            crate::Code::Limit,
            self.profile,
            at,
            message,
        ));
    }

    fn expr_inner(&mut self, e: &Expr) -> Val {
        match &e.kind {
            ExprKind::Ident(name) => self.ident(name),
            ExprKind::Int(text) => Val {
                is_null: is_zero(text),
                ..Val::constant(QTy::arith())
            },
            ExprKind::Float(_) | ExprKind::Char(_) | ExprKind::Bool(_) => {
                Val::constant(QTy::arith())
            }
            ExprKind::Str(_) => self.string(),
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Nullptr => Val {
                is_null: true,
                ..Val::constant(QTy::unknown())
            },
            ExprKind::This
            | ExprKind::Construct { .. }
            | ExprKind::CxxCast(..)
            | ExprKind::New(..)
            | ExprKind::Delete { .. } => self.cxx_expr(e),
            ExprKind::Unary(op, inner) => self.unary(*op, inner, e.span),
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, e.span),
            ExprKind::Assign(op, lhs, rhs) => self.assign(op.is_none(), lhs, rhs, e.span),
            ExprKind::Conditional(c, a, b) => self.conditional(c, a, b, e.span),
            ExprKind::Comma(a, b) => self.comma(a, b),
            ExprKind::Cast(tn, inner) => self.cast(tn, inner, e.span),
            ExprKind::AsType(inner, tn) => {
                self.expr(inner);
                self.type_levels(&tn.specs, &tn.declarator);
                let base = self.base_type(&tn.specs);
                Val::rvalue(self.declarator_type(base, &tn.declarator))
            }
            ExprKind::VectorLiteral(_, items) => self.vector_literal(items),
            ExprKind::CompoundLiteral(tn, list) => self.compound_literal(tn, list),
            ExprKind::SizeofExpr(..) | ExprKind::SizeofType(..) => Val::constant(QTy::arith()),
            ExprKind::Index(base, index) => self.index(base, index),
            ExprKind::Call(callee, args) => self.call(callee, args, e.span),
            ExprKind::Member { base, name, arrow } => self.member(base, name, *arrow),
            ExprKind::BlockLiteral { params, body } => {
                self.block_literal(params, body);
                Val::unknown()
            }
            ExprKind::Opaque(parts) => {
                for p in parts.iter() {
                    self.expr(p);
                }
                Val::unknown()
            }
            ExprKind::Error => Val::unknown(),
        }
    }

    fn ident(&mut self, name: &str) -> Val {
        match self.lookup(name) {
            Some(Symbol::Var(var)) => {
                // An array or a function with static storage designates an address constant.
                let is_const = has_static_storage(&var)
                    && matches!(self.types.get(var.ty.ty), Ty::Array(_) | Ty::Func(_));
                Val {
                    ty: var.ty,
                    lvalue: Some(var.space),
                    lvalue_const: var.ty.konst,
                    is_const,
                    is_string: false,
                    is_null: false,
                    origin: var.origin,
                }
            }
            Some(Symbol::EnumConst) => Val::constant(QTy::arith()),
            // C99 6.4.2.2: a function's name as a char array; its storage, like a string
            // literal's, is in the constant space (clang: `const __constant char[]`).
            None if name == "__func__" && self.func.is_some() => self.string(),
            // Built-in constants (CLK_LOCAL_MEM_FENCE, M_PI_F, ...) and undeclared names.
            _ => Val {
                is_const: true,
                ..Val::unknown()
            },
        }
    }

    #[inline(never)]
    fn comma(&mut self, a: &Expr, b: &Expr) -> Val {
        self.expr(a);
        let v = self.expr(b);
        Val::rvalue(v.ty)
    }

    /// `(float4)(a, b, c, d)`: constant when every element is.
    #[inline(never)]
    fn vector_literal(&mut self, items: &[Expr]) -> Val {
        // Every element is analysed, even after one that is not constant.
        let mut all = true;
        for i in items {
            all &= self.expr(i).is_const;
        }
        Val {
            is_const: all,
            ..Val::rvalue(QTy::arith())
        }
    }

    /// `base[index]` (or `index[base]`).
    #[inline(never)]
    fn index(&mut self, base: &Expr, index: &Expr) -> Val {
        let b = self.expr(base);
        let i = self.expr(index);
        let ptr = if self.is_pointer_like(&b) { b } else { i };
        self.deref(&ptr)
    }

    /// A string literal: an array of characters in the constant space.
    #[inline(never)]
    fn string(&mut self) -> Val {
        let ch = QTy {
            space: Some(AddrSpace::Constant),
            ..QTy::arith()
        };
        Val {
            is_string: true,
            lvalue: Some(AddrSpace::Constant),
            ..Val::constant(QTy {
                ty: self.types.intern(Ty::Array(ch)),
                ..ch
            })
        }
    }

    /// `lhs = rhs` (`plain`) or a compound assignment.
    #[inline(never)]
    fn assign(&mut self, plain: bool, lhs: &Expr, rhs: &Expr, at: Span) -> Val {
        let l = self.expr(lhs);
        let r = self.expr(rhs);
        self.write(&l, at);
        if plain && l.lvalue.is_some() && l.ty.ty == TyId::ATOMIC {
            self.report(
                RuleId::AtomicAssign,
                at,
                "an atomic object cannot be assigned with `=`: use atomic_store (or atomic_init)",
            );
        }
        if plain && self.types.is_ptr(l.ty.ty) {
            self.convert(Op::Assign, &r, l.ty.ty, at);
        }
        Val::rvalue(l.ty)
    }

    #[inline(never)]
    fn conditional(&mut self, c: &Expr, a: &Expr, b: &Expr, at: Span) -> Val {
        let c = self.expr(c);
        let (va, vb) = (self.expr(a), self.expr(b));
        let is_const = c.is_const && va.is_const && vb.is_const;
        if self.is_pointer_like(&va) && self.is_pointer_like(&vb) && !va.is_null && !vb.is_null {
            let (ca, cb) = (self.val_chain(&va), self.val_chain(&vb));
            if let Some(rule) = conv::pointer_conversion(Op::Cond, &ca, &cb, false) {
                self.report(
                    rule,
                    at,
                    "the two pointer operands of ?: point to different address spaces",
                );
                return Val::unknown();
            }
            // The composite type points to generic when the operands differ.
            if ca.first() != cb.first() {
                if let Some(mut g) = self.decayed_pointee(&va) {
                    g.space = Some(AddrSpace::Generic);
                    return Val {
                        is_const,
                        ..Val::rvalue(self.types.ptr_to(g))
                    };
                }
            }
        }
        let ty = self.decayed(if vb.is_null { &va } else { &vb });
        Val {
            is_const,
            ..Val::rvalue(ty)
        }
    }

    #[inline(never)]
    fn cast(&mut self, tn: &TypeName, inner: &Expr, at: Span) -> Val {
        let v = self.expr(inner);
        self.type_levels(&tn.specs, &tn.declarator);
        let base = self.base_type(&tn.specs);
        let to = self.declarator_type(base, &tn.declarator);
        let pointee = match self.types.get(to.ty) {
            Ty::Ptr(p) => Some(p),
            _ => None,
        };
        if pointee.is_some() {
            self.convert(Op::Cast, &v, to.ty, at);
        }
        // A null pointer constant is an integer zero cast to an unqualified `void *`: a
        // pointee in the default space counts as unqualified, one in another named space makes
        // a pointer into that space (clang: `(global void *)0` is no null pointer constant).
        let is_null = v.is_null
            && !self.is_pointer_like(&v)
            && pointee.is_some_and(|p| {
                p.ty == TyId::VOID
                    && !p.konst
                    && p.space
                        .is_none_or(|s| s == conv::default_pointee(self.profile))
            });
        Val {
            is_const: v.is_const,
            is_null,
            ..Val::rvalue(to)
        }
    }

    #[inline(never)]
    fn compound_literal(&mut self, tn: &TypeName, list: &InitList) -> Val {
        self.type_levels(&tn.specs, &tn.declarator);
        let base = self.base_type(&tn.specs);
        let ty = self.declarator_type(base, &tn.declarator);
        let written = tn
            .declarator
            .object_quals(&tn.specs)
            .and_then(|q| q.spaces().next());
        // Inside a function a compound literal is an unnamed automatic object (C99 6.5.2.5p6):
        // private, like every automatic variable.
        if let (Some(_), Some((space, _, span))) = (&self.func, written) {
            // Where the generic space does not exist AS-GENERIC-QUALIFIER already spoke.
            let unknown = space == AddrSpace::Generic && !self.has(Feature::GenericAddressSpace);
            if space != AddrSpace::Private && !unknown {
                self.report(
                    RuleId::CompoundLiteralSpace,
                    span,
                    format!("a compound literal inside a function is an automatic object: it is private, not {space}"),
                );
            }
        }
        for item in list.items.iter() {
            if let Initializer::Expr(x) = &item.init {
                self.expr(x);
            }
        }
        let outside = if self.profile.has(Feature::ProgramScopeGlobals) {
            AddrSpace::Global
        } else {
            AddrSpace::Constant
        };
        let space = match (written, &self.func) {
            (Some((s, _, _)), _) => s,
            (None, Some(_)) => AddrSpace::Private,
            (None, None) => outside,
        };
        Val {
            lvalue: Some(space),
            ..Val::rvalue(ty)
        }
    }

    /// `base.name` or `base->name`: a field of a record, or a vector component.
    #[inline(never)]
    fn member(&mut self, base: &Expr, name: &Ident, arrow: bool) -> Val {
        let b = self.expr(base);
        let (record, space, konst, origin) = if arrow {
            match self.decayed_pointee(&b) {
                Some(p) => (p.ty, p.space, p.konst, self.pointee_origin(&b)),
                None => return Val::unknown(),
            }
        } else {
            (b.ty.ty, b.lvalue, b.lvalue_const, b.origin)
        };
        let field = match self.types.get(record) {
            Ty::Record(id) => self
                .records
                .get(id as usize)
                .and_then(|r| r.fields.iter().find(|(n, _)| *n == name.name))
                .map(|&(_, t)| t),
            Ty::Arith => Some(QTy::arith()),
            _ => None,
        };
        match field {
            Some(ty) => Val {
                ty,
                lvalue: space,
                lvalue_const: konst || ty.konst,
                origin,
                ..Val::unknown()
            },
            None => Val::unknown(),
        }
    }

    /// Whether `e` designates (part of) an object with static storage, at a constant offset:
    /// its address is an address constant (C99 6.6p9).
    fn is_static_lvalue(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(n) => {
                matches!(self.lookup(n), Some(Symbol::Var(var)) if has_static_storage(&var))
            }
            ExprKind::Paren(inner) => self.is_static_lvalue(inner),
            ExprKind::Member {
                base, arrow: false, ..
            } => self.is_static_lvalue(base),
            ExprKind::Index(base, index) => {
                self.is_static_lvalue(base) && self.expr(index).is_const
            }
            // Outside a function a compound literal has static storage (C99 6.5.2.5p6).
            ExprKind::CompoundLiteral(..) => self.func.is_none(),
            _ => false,
        }
    }

    /// `*p` and `p[i]`: an lvalue in the pointee's space.
    pub(super) fn deref(&mut self, v: &Val) -> Val {
        match self.decayed_pointee(v) {
            Some(p) => Val {
                ty: p,
                lvalue: p.space,
                lvalue_const: p.konst,
                origin: self.pointee_origin(v),
                ..Val::unknown()
            },
            None => Val::unknown(),
        }
    }
}

/// Whether a variable lives for the whole program: one with static storage, or a function-scope
/// `__constant` variable, which is allocated in the constant pool like a program-scope one (so
/// its address is an address constant, as clang takes it).
fn has_static_storage(var: &super::Var) -> bool {
    var.is_static_storage || var.space == AddrSpace::Constant
}

/// Whether an integer literal is zero (a null pointer constant): `0`, `0x0`, `0u`, `00`.
fn is_zero(text: &str) -> bool {
    if text.len() == 1 {
        return text == "0";
    }
    let mut digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    while let Some(rest) = digits.strip_prefix("0x") {
        digits = rest;
    }
    digits.bytes().all(|c| c == b'0')
}

/// The element `elem` of the array `v` is, in the space the array lives in unless its type
/// names one.
fn element_of(mut elem: QTy, v: &Val) -> QTy {
    if elem.space.is_none() {
        elem.space = v.lvalue;
    }
    elem
}
