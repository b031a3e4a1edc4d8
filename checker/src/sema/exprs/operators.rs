//! Unary and binary operators: address-of, dereference, increments, pointer arithmetic,
//! comparison and difference of pointers in different spaces, and long operator chains walked
//! without deep recursion.

use super::Val;
use crate::ast::{BinaryOp, Expr, ExprKind, UnaryOp};
use crate::sema::conv::{self, Op};
use crate::sema::types::QTy;
use crate::sema::Sema;
use crate::source::Span;

impl Sema<'_> {
    #[inline(never)]
    pub(super) fn unary(&mut self, op: UnaryOp, inner: &Expr, at: Span) -> Val {
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
    pub(super) fn binary(&mut self, op: BinaryOp, a: &Expr, b: &Expr, at: Span) -> Val {
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
}

/// How many operators down a chain of binary operators are walked by recursion.
const SHORT_CHAIN: u32 = 16;
