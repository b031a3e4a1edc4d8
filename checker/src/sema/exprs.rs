//! Expressions and statements: the type of every expression as far as address spaces go, every
//! pointer conversion (assignment, initialisation, argument, return, cast, comparison,
//! difference, `?:`), writes to read-only memory, and the built-ins whose signatures involve
//! address spaces.
//!
//! Every node passes through [`Sema::expr_inner`]'s dispatch, so it is kept small: identifiers
//! and literals are handled there, and each other form has its own function kept out of line
//! (`#[inline(never)]`), whose stack frame and saved registers only its own nodes pay for.

use super::conv::{self, Op};
use super::decls::Ctx;
use super::types::{Chain, FuncTy, QTy, Ty, TyId};
use super::{FnCtx, Sema, Symbol};
use crate::ast::{
    BinaryOp, Expr, ExprKind, ForInit, Ident, InitList, Initializer, Stmt, StmtKind, TypeName,
    UnaryOp,
};
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

    pub(super) fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Compound(block) => {
                self.push_scope();
                if let Some(f) = &mut self.func {
                    f.depth += 1;
                }
                for item in block.items.iter() {
                    self.stmt(item);
                }
                if let Some(f) = &mut self.func {
                    f.depth -= 1;
                }
                self.pop_scope();
            }
            StmtKind::Decl(d) => self.declaration(d, Ctx::Block),
            StmtKind::Expr(e) => {
                self.expr(e);
            }
            StmtKind::If { cond, then, els } => {
                self.expr(cond);
                self.nested(then);
                if let Some(e) = els {
                    self.nested(e);
                }
            }
            StmtKind::While { cond, body }
            | StmtKind::DoWhile { body, cond }
            | StmtKind::Switch { cond, body } => {
                self.expr(cond);
                self.nested(body);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.push_scope();
                if let Some(f) = &mut self.func {
                    f.depth += 1;
                }
                match init {
                    ForInit::Decl(d) => self.declaration(d, Ctx::Block),
                    ForInit::Expr(e) => {
                        self.expr(e);
                    }
                    ForInit::None => {}
                }
                for e in cond.iter().chain(step.iter()) {
                    self.expr(e);
                }
                self.stmt(body);
                if let Some(f) = &mut self.func {
                    f.depth -= 1;
                }
                self.pop_scope();
            }
            StmtKind::Case { value, body } => {
                self.expr(value);
                self.stmt(body);
            }
            StmtKind::Default { body } | StmtKind::Labeled { body, .. } => self.stmt(body),
            StmtKind::Return(Some(e)) => {
                let v = self.expr(e);
                if let Some(ret) = self.func.map(|f| f.ret) {
                    match self.types.get(ret.ty) {
                        Ty::Ptr(_) => self.convert(Op::Return, &v, ret.ty, e.span),
                        Ty::Ref(referent) => self.bind_ref(Op::Return, &v, referent, e.span),
                        _ => {}
                    }
                }
            }
            StmtKind::Return(None)
            | StmtKind::Empty
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Goto(_)
            | StmtKind::Error => {}
        }
    }

    /// A statement in a nested position (the body of `if`, a loop): a declaration there is in
    /// an inner scope even without braces.
    fn nested(&mut self, s: &Stmt) {
        if let Some(f) = &mut self.func {
            f.depth += 1;
        }
        self.stmt(s);
        if let Some(f) = &mut self.func {
            f.depth -= 1;
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
            | ExprKind::New { .. }
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

    /// A block literal's body is checked like a function body that is not a kernel, with its
    /// parameters in scope and the enclosing names visible. Its return type is deduced, which
    /// the checker does not model, so returns are not judged.
    #[inline(never)]
    fn block_literal(&mut self, params: &[crate::ast::ParamDecl], body: &crate::ast::Block) {
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
    fn enqueued_block(&mut self, arg: &Expr) {
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
    pub(super) fn note_block(
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

    #[inline(never)]
    fn unary(&mut self, op: UnaryOp, inner: &Expr, at: Span) -> Val {
        let v = self.expr(inner);
        match op {
            UnaryOp::AddrOf => match v.lvalue {
                Some(space) => {
                    let mut pointee = v.ty;
                    pointee.space = Some(space);
                    pointee.konst |= v.lvalue_const;
                    // The address of (a part of) a program-scope variable is an address constant.
                    let is_const = self.is_static_lvalue(inner);
                    Val {
                        is_const,
                        origin: v.origin,
                        ..Val::rvalue(self.types.ptr_to(pointee))
                    }
                }
                None => Val::unknown(),
            },
            UnaryOp::Deref => self.deref(&v),
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                self.write(&v, at);
                Val::rvalue(self.decayed(&v))
            }
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot | UnaryOp::Not => Val {
                is_const: v.is_const,
                ..Val::rvalue(QTy::arith())
            },
        }
    }

    /// A binary operator. Left-associative chains (`a + b + c + ...`, as long as the parser's
    /// operator limit allows) are walked down their left spine: by recursion for the first
    /// [`SHORT_CHAIN`] operators, and beyond with a loop, so their length costs no more stack.
    #[inline(never)]
    fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr, at: Span) -> Val {
        self.binary_chain(op, a, b, at, 0)
    }

    /// `a op b` where `a` is `depth` operators down a chain.
    fn binary_chain(&mut self, op: BinaryOp, a: &Expr, b: &Expr, at: Span, depth: u32) -> Val {
        let va = match &a.kind {
            ExprKind::Binary(op_a, l, r) if depth < SHORT_CHAIN => {
                self.binary_chain(*op_a, l, r, a.span, depth + 1)
            }
            ExprKind::Binary(..) => self.long_chain(a),
            _ => self.expr(a),
        };
        let vb = self.expr(b);
        self.binary_vals(op, va, vb, at)
    }

    /// The rest of a long chain, from its operator `e`: the operators above the leftmost
    /// operand are noted on the way down and applied on the way back up.
    #[inline(never)]
    fn long_chain(&mut self, e: &Expr) -> Val {
        let mut spine = Vec::new();
        let mut left = e;
        while let ExprKind::Binary(op, l, r) = &left.kind {
            spine.push((*op, &**r, left.span));
            left = l;
        }
        let mut va = self.expr(left);
        for &(op, b, at) in spine.iter().rev() {
            let vb = self.expr(b);
            va = self.binary_vals(op, va, vb, at);
        }
        va
    }

    fn binary_vals(&mut self, op: BinaryOp, va: Val, vb: Val, at: Span) -> Val {
        if !self.is_pointer_like(&va) && !self.is_pointer_like(&vb) {
            // Arithmetic (the usual case): nothing to check, whatever the operator.
            return Val {
                is_const: va.is_const && vb.is_const,
                ..Val::rvalue(QTy::arith())
            };
        }
        self.pointer_operands(op, va, vb, at)
    }

    /// A binary operator with a pointer on at least one side.
    #[inline(never)]
    fn pointer_operands(&mut self, op: BinaryOp, va: Val, vb: Val, at: Span) -> Val {
        let is_const = va.is_const && vb.is_const;
        let (a_ptr, b_ptr) = (self.is_pointer_like(&va), self.is_pointer_like(&vb));
        match op {
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne => {
                if a_ptr && b_ptr && !va.is_null && !vb.is_null {
                    let (ca, cb) = (self.val_chain(&va), self.val_chain(&vb));
                    if let Some(rule) = conv::pointer_conversion(Op::Compare, &ca, &cb, false) {
                        self.report(rule, at, "comparing pointers to different address spaces");
                    }
                }
                Val {
                    is_const,
                    ..Val::rvalue(QTy::arith())
                }
            }
            BinaryOp::Sub if a_ptr && b_ptr => {
                let (ca, cb) = (self.val_chain(&va), self.val_chain(&vb));
                if let Some(rule) = conv::pointer_conversion(Op::Diff, &ca, &cb, false) {
                    self.report(rule, at, "subtracting pointers to different address spaces");
                }
                Val::rvalue(QTy::arith())
            }
            BinaryOp::Add | BinaryOp::Sub if a_ptr => Val {
                is_const,
                origin: self.pointee_origin(&va),
                ..Val::rvalue(self.decayed(&va))
            },
            BinaryOp::Add if b_ptr => Val {
                is_const,
                origin: self.pointee_origin(&vb),
                ..Val::rvalue(self.decayed(&vb))
            },
            _ => Val {
                is_const,
                ..Val::rvalue(QTy::arith())
            },
        }
    }

    /// A call. The argument values wait on [`Sema::arg_vals`] (from `first` on) until the
    /// callee is known.
    #[inline(never)]
    fn call(&mut self, callee: &Expr, args: &[Expr], at: Span) -> Val {
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
            // OpenCL C 2.0 6.13.11.1: a macro that expands to its argument (clang's header
            // defines it as `(x)`), so a constant argument makes a constant initialiser.
            "ATOMIC_VAR_INIT" => self.arg(first, 0).unwrap_or_else(Val::unknown),
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
            _ => Val::unknown(),
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

/// Whether a variable lives for the whole program: one with static storage, or a function-scope
/// `__constant` variable, which is allocated in the constant pool like a program-scope one (so
/// its address is an address constant, as clang takes it).
fn has_static_storage(var: &super::Var) -> bool {
    var.is_static_storage || var.space == AddrSpace::Constant
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

/// How many operators down a chain of binary operators are walked by recursion.
const SHORT_CHAIN: u32 = 16;
