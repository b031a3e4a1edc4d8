//! Expressions and statements: the type of every expression as far as address spaces go, every
//! pointer conversion (assignment, initialisation, argument, return, cast, comparison,
//! difference, `?:`), writes to read-only memory, and the built-ins whose signatures involve
//! address spaces.

use super::conv::{self, Op};
use super::decls::Ctx;
use super::types::{QTy, Ty};
use super::{FnCtx, Sema, Symbol};
use crate::ast::{BinaryOp, Expr, ExprKind, ForInit, Stmt, StmtKind, UnaryOp};
use crate::source::Span;
use crate::spec::{AddrSpace, Feature, RuleId};

/// What analysis knows about an expression's value.
#[derive(Clone, Debug)]
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

    /// The value after array-to-pointer decay: an array designates its first element, in the
    /// space the array lives in.
    pub(super) fn decayed(&self) -> QTy {
        match &self.ty.ty {
            Ty::Array(elem) => {
                let mut e = (**elem).clone();
                if e.space.is_none() {
                    e.space = self.lvalue;
                }
                QTy::ptr_to(e)
            }
            _ => self.ty.clone(),
        }
    }
}

impl Sema<'_> {
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
                if let Some(ret) = self.func.as_ref().map(|f| f.ret.clone()) {
                    match &ret.ty {
                        Ty::Ptr(_) => self.convert(Op::Return, &v, &ret.ty, e.span),
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
    pub(super) fn convert(&mut self, op: Op, v: &Val, to: &Ty, at: Span) {
        if v.is_null {
            return;
        }
        let from = v.decayed();
        if !from.ty.is_pointer_like() || !to.is_pointer_like() {
            return;
        }
        let (a, b) = (from.ty.pointee_chain(), to.pointee_chain());
        if let Some(rule) = conv::pointer_conversion(op, &a, &b, v.is_string) {
            if self.cxx {
                let origin = super::cxx::pointee_origin(v);
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
            if !self.limit_reported {
                self.limit_reported = true;
                let message = format!(
                    "expression nested deeper than {}: the checker does not judge this code",
                    super::MAX_EXPR_DEPTH
                );
                self.diags.push(crate::Diagnostic::new(
                    crate::Code::Limit,
                    self.profile,
                    e.span,
                    message,
                ));
            }
            return Val::unknown();
        }
        self.expr_depth += 1;
        let v = self.expr_inner(e);
        self.expr_depth -= 1;
        v
    }

    fn expr_inner(&mut self, e: &Expr) -> Val {
        match &e.kind {
            ExprKind::Ident(name) => match self.lookup(name) {
                Some(Symbol::Var(var)) => {
                    let (ty, space, konst, is_static) = (
                        var.ty.clone(),
                        var.space,
                        var.ty.konst,
                        var.is_static_storage,
                    );
                    let is_array_or_func = matches!(ty.ty, Ty::Array(_) | Ty::Func(_));
                    Val {
                        ty,
                        lvalue: Some(space),
                        lvalue_const: konst,
                        is_const: is_static && is_array_or_func,
                        is_string: false,
                        is_null: false,
                        origin: var.origin,
                    }
                }
                Some(Symbol::EnumConst) => Val::constant(QTy::arith()),
                // Built-in constants (CLK_LOCAL_MEM_FENCE, M_PI_F, ...) and undeclared names.
                _ => Val {
                    is_const: true,
                    ..Val::unknown()
                },
            },
            ExprKind::Int(text) => {
                let zero = text
                    .trim_end_matches(|c: char| c.is_ascii_alphabetic())
                    .trim_start_matches("0x")
                    .chars()
                    .all(|c| c == '0');
                Val {
                    is_null: zero,
                    ..Val::constant(QTy::arith())
                }
            }
            ExprKind::Float(_) | ExprKind::Char(_) => Val::constant(QTy::arith()),
            ExprKind::Str(_) => {
                let ch = QTy {
                    ty: Ty::Arith,
                    space: Some(AddrSpace::Constant),
                    konst: false,
                };
                Val {
                    is_string: true,
                    lvalue: Some(AddrSpace::Constant),
                    ..Val::constant(QTy {
                        ty: Ty::Array(std::rc::Rc::new(ch)),
                        space: Some(AddrSpace::Constant),
                        konst: false,
                    })
                }
            }
            ExprKind::Paren(inner) => self.expr(inner),
            ExprKind::Bool(_) => Val::constant(QTy::arith()),
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
            ExprKind::Assign(op, lhs, rhs) => {
                let l = self.expr(lhs);
                let r = self.expr(rhs);
                self.write(&l, e.span);
                if op.is_none() && matches!(l.ty.ty, Ty::Ptr(_)) {
                    self.convert(Op::Assign, &r, &l.ty.ty, e.span);
                }
                Val::rvalue(l.ty)
            }
            ExprKind::Conditional(c, a, b) => {
                let c = self.expr(c);
                let (va, vb) = (self.expr(a), self.expr(b));
                let (ta, tb) = (va.decayed(), vb.decayed());
                let is_const = c.is_const && va.is_const && vb.is_const;
                if ta.ty.is_pointer_like() && tb.ty.is_pointer_like() && !va.is_null && !vb.is_null
                {
                    if let Some(rule) = conv::pointer_conversion(
                        Op::Cond,
                        &ta.ty.pointee_chain(),
                        &tb.ty.pointee_chain(),
                        false,
                    ) {
                        self.report(
                            rule,
                            e.span,
                            "the two pointer operands of ?: point to different address spaces",
                        );
                        return Val::unknown();
                    }
                    // The composite type points to generic when the operands differ.
                    if ta.ty.pointee_chain().first() != tb.ty.pointee_chain().first() {
                        if let Ty::Ptr(p) = &ta.ty {
                            let mut g = (**p).clone();
                            g.space = Some(AddrSpace::Generic);
                            return Val {
                                is_const,
                                ..Val::rvalue(QTy::ptr_to(g))
                            };
                        }
                    }
                }
                let ty = if vb.is_null { ta } else { tb };
                Val {
                    is_const,
                    ..Val::rvalue(ty)
                }
            }
            ExprKind::Comma(a, b) => {
                self.expr(a);
                let v = self.expr(b);
                Val::rvalue(v.ty)
            }
            ExprKind::Cast(tn, inner) => {
                let v = self.expr(inner);
                self.type_levels(&tn.specs, &tn.declarator);
                let base = self.base_type(&tn.specs);
                let to = self.declarator_type(base, &tn.declarator);
                if matches!(to.ty, Ty::Ptr(_)) {
                    self.convert(Op::Cast, &v, &to.ty, e.span);
                }
                let is_null = v.is_null && matches!(&to.ty, Ty::Ptr(p) if p.ty == Ty::Void);
                Val {
                    is_const: v.is_const,
                    is_null,
                    ..Val::rvalue(to)
                }
            }
            ExprKind::VectorLiteral(_, items) => {
                // Every element is analysed, even after one that is not constant.
                let mut all = true;
                for i in items.iter() {
                    all &= self.expr(i).is_const;
                }
                Val {
                    is_const: all,
                    ..Val::rvalue(QTy::arith())
                }
            }
            ExprKind::CompoundLiteral(tn, list) => {
                let base = self.base_type(&tn.specs);
                let ty = self.declarator_type(base, &tn.declarator);
                for item in list.items.iter() {
                    if let crate::ast::Initializer::Expr(x) = &item.init {
                        self.expr(x);
                    }
                }
                Val {
                    lvalue: Some(AddrSpace::Private),
                    ..Val::rvalue(ty)
                }
            }
            ExprKind::SizeofExpr(..) | ExprKind::SizeofType(..) => Val::constant(QTy::arith()),
            ExprKind::Index(base, index) => {
                let b = self.expr(base);
                let i = self.expr(index);
                let (ptr, _) = if b.decayed().ty.is_pointer_like() {
                    (b, i)
                } else {
                    (i, b)
                };
                self.deref(&ptr)
            }
            ExprKind::Call(callee, args) => self.call(callee, args, e.span),
            ExprKind::Member { base, name, arrow } => {
                let b = self.expr(base);
                let (record, space, konst, origin) = if *arrow {
                    match b.decayed().ty.pointee() {
                        Some(p) => (
                            p.ty.clone(),
                            p.space,
                            p.konst,
                            super::cxx::pointee_origin(&b),
                        ),
                        None => return Val::unknown(),
                    }
                } else {
                    (b.ty.ty.clone(), b.lvalue, b.lvalue_const, b.origin)
                };
                let field = match record {
                    Ty::Record(id) => self
                        .records
                        .get(id as usize)
                        .and_then(|r| r.fields.iter().find(|(n, _)| *n == name.name))
                        .map(|(_, t)| t.clone()),
                    Ty::Arith => Some(QTy::arith()),
                    _ => None,
                };
                match field {
                    Some(ty) => {
                        let konst = konst || ty.konst;
                        Val {
                            ty,
                            lvalue: space,
                            lvalue_const: konst,
                            origin,
                            ..Val::unknown()
                        }
                    }
                    None => Val::unknown(),
                }
            }
            ExprKind::BlockLiteral { params, body } => {
                self.block_literal(params, body);
                Val::unknown()
            }
            ExprKind::Error => Val::unknown(),
        }
    }

    /// Whether `e` designates (part of) an object with static storage, at a constant offset:
    /// its address is an address constant (C99 6.6p9).
    /// A block literal's body is checked like a function body that is not a kernel, with its
    /// parameters in scope and the enclosing names visible. Its return type is deduced, which
    /// the checker does not model, so returns are not judged.
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

    fn is_static_lvalue(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Ident(n) => {
                matches!(self.lookup(n), Some(Symbol::Var(var)) if var.is_static_storage)
            }
            ExprKind::Paren(inner) => self.is_static_lvalue(inner),
            ExprKind::Member {
                base, arrow: false, ..
            } => self.is_static_lvalue(base),
            ExprKind::Index(base, index) => {
                self.is_static_lvalue(base) && self.expr(index).is_const
            }
            _ => false,
        }
    }

    /// `*p` and `p[i]`: an lvalue in the pointee's space.
    pub(super) fn deref(&mut self, v: &Val) -> Val {
        match v.decayed().ty.pointee() {
            Some(p) => Val {
                ty: p.clone(),
                lvalue: p.space,
                lvalue_const: p.konst,
                origin: super::cxx::pointee_origin(v),
                ..Val::unknown()
            },
            None => Val::unknown(),
        }
    }

    fn unary(&mut self, op: UnaryOp, inner: &Expr, at: Span) -> Val {
        let v = self.expr(inner);
        match op {
            UnaryOp::AddrOf => match v.lvalue {
                Some(space) => {
                    let mut pointee = v.ty.clone();
                    pointee.space = Some(space);
                    pointee.konst |= v.lvalue_const;
                    // The address of (a part of) a program-scope variable is an address constant.
                    let is_const = self.is_static_lvalue(inner);
                    Val {
                        is_const,
                        origin: v.origin,
                        ..Val::rvalue(QTy::ptr_to(pointee))
                    }
                }
                None => Val::unknown(),
            },
            UnaryOp::Deref => self.deref(&v),
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                self.write(&v, at);
                Val::rvalue(v.decayed())
            }
            UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot | UnaryOp::Not => Val {
                is_const: v.is_const,
                ..Val::rvalue(QTy::arith())
            },
        }
    }

    /// A binary operator. Left-associative chains (`a + b + c + ...`, as long as the parser's
    /// operator limit allows) are walked down their left spine with a loop, so their length
    /// costs no stack.
    fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr, at: Span) -> Val {
        if !matches!(a.kind, ExprKind::Binary(..)) {
            // No chain: nothing to walk.
            let va = self.expr(a);
            let vb = self.expr(b);
            return self.binary_vals(op, va, vb, at);
        }
        let mut spine = vec![(op, b, at)];
        let mut left = a;
        while let ExprKind::Binary(op, l, r) = &left.kind {
            spine.push((*op, r, left.span));
            left = l;
        }
        let mut va = self.expr(left);
        for (op, b, at) in spine.into_iter().rev() {
            let vb = self.expr(b);
            va = self.binary_vals(op, va, vb, at);
        }
        va
    }

    fn binary_vals(&mut self, op: BinaryOp, va: Val, vb: Val, at: Span) -> Val {
        let (ta, tb) = (va.decayed(), vb.decayed());
        let is_const = va.is_const && vb.is_const;
        let both_ptr = ta.ty.is_pointer_like() && tb.ty.is_pointer_like();
        match op {
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne => {
                if both_ptr && !va.is_null && !vb.is_null {
                    if let Some(rule) = conv::pointer_conversion(
                        Op::Compare,
                        &ta.ty.pointee_chain(),
                        &tb.ty.pointee_chain(),
                        false,
                    ) {
                        self.report(rule, at, "comparing pointers to different address spaces");
                    }
                }
                Val {
                    is_const,
                    ..Val::rvalue(QTy::arith())
                }
            }
            BinaryOp::Sub if both_ptr => {
                if let Some(rule) = conv::pointer_conversion(
                    Op::Diff,
                    &ta.ty.pointee_chain(),
                    &tb.ty.pointee_chain(),
                    false,
                ) {
                    self.report(rule, at, "subtracting pointers to different address spaces");
                }
                Val::rvalue(QTy::arith())
            }
            BinaryOp::Add | BinaryOp::Sub if ta.ty.is_pointer_like() => Val {
                is_const,
                origin: super::cxx::pointee_origin(&va),
                ..Val::rvalue(ta)
            },
            BinaryOp::Add if tb.ty.is_pointer_like() => Val {
                is_const,
                origin: super::cxx::pointee_origin(&vb),
                ..Val::rvalue(tb)
            },
            _ => Val {
                is_const,
                ..Val::rvalue(QTy::arith())
            },
        }
    }

    fn call(&mut self, callee: &Expr, args: &[Expr], at: Span) -> Val {
        let vals: Vec<Val> = args.iter().map(|a| self.expr(a)).collect();
        let name = match &callee.kind {
            ExprKind::Ident(n) => *n,
            ExprKind::Member { .. } if self.cxx => {
                return match self.method_type(callee) {
                    Some(f) => self.call_with(&f, &vals, args),
                    None => Val::unknown(),
                };
            }
            _ => {
                self.expr(callee);
                return Val::unknown();
            }
        };
        if let Some(Symbol::Var(var)) = self.lookup(name) {
            if let Ty::Func(f) = &var.ty.ty {
                let f = f.clone();
                return self.call_with(&f, &vals, args);
            }
            return Val::unknown();
        }
        self.builtin(name, &vals, args, at)
    }

    /// A call of a known function: every pointer (and C++ reference) argument converts to
    /// its parameter.
    fn call_with(&mut self, f: &super::types::FuncTy, vals: &[Val], args: &[Expr]) -> Val {
        if let Some(params) = &f.params {
            for ((v, arg), p) in vals.iter().zip(args).zip(params) {
                match &p.ty {
                    Ty::Ptr(_) => self.convert(Op::Arg, v, &p.ty, arg.span),
                    Ty::Ref(referent) => self.bind_ref(Op::Arg, v, referent, arg.span),
                    _ => {}
                }
            }
        }
        match &f.ret.ty {
            Ty::Ref(referent) => Val {
                ty: (**referent).clone(),
                lvalue: referent.space,
                lvalue_const: referent.konst,
                ..Val::unknown()
            },
            _ => Val::rvalue(f.ret.clone()),
        }
    }

    /// The built-ins whose signatures involve address spaces.
    fn builtin(&mut self, name: &str, vals: &[Val], args: &[Expr], at: Span) -> Val {
        let pointee_space = |i: usize| {
            vals.get(i)
                .and_then(|v| v.decayed().ty.pointee().and_then(|p| p.space))
        };
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
                if !vals
                    .first()
                    .is_some_and(|v| v.decayed().ty.is_pointer_like() || v.ty.ty == Ty::Unknown)
                {
                    self.report(
                        RuleId::ToNamedBuiltin,
                        at,
                        format!("`{name}` takes a pointer to the generic address space"),
                    );
                    return Val::unknown();
                }
                if pointee_space(0) == Some(AddrSpace::Constant) {
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
                match vals
                    .first()
                    .map(|v| v.decayed())
                    .and_then(|t| t.ty.pointee().cloned())
                {
                    Some(mut p) => {
                        p.space = Some(space);
                        Val::rvalue(QTy::ptr_to(p))
                    }
                    None => Val::unknown(),
                }
            }
            "async_work_group_copy" | "async_work_group_strided_copy" => {
                let pair = (pointee_space(0), pointee_space(1));
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
                Val::rvalue(QTy::new(Ty::Opaque(super::types::Opaque::Event)))
            }
            "prefetch" => {
                if let Some(space) = pointee_space(0) {
                    if space != AddrSpace::Global {
                        self.report(
                            RuleId::PrefetchSpace,
                            at,
                            format!("prefetch takes a pointer to global memory, not {space}"),
                        );
                    }
                }
                Val::rvalue(QTy::new(Ty::Void))
            }
            _ if is_legacy_atomic(name) => {
                if let Some(space) = pointee_space(0) {
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
            _ if name.starts_with("vstore") => {
                if let Some(space) = vals.len().checked_sub(1).and_then(pointee_space) {
                    if space == AddrSpace::Constant {
                        self.report(
                            RuleId::VstoreSpace,
                            at,
                            format!("`{name}` cannot write to constant memory"),
                        );
                    }
                }
                Val::rvalue(QTy::new(Ty::Void))
            }
            _ => Val::unknown(),
        }
    }
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
