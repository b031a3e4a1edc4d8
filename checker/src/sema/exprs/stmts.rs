//! Statements: scopes of compound and nested statements, and the expressions and declarations
//! each statement holds.

use crate::ast::{ForInit, Stmt, StmtKind};
use crate::sema::conv::Op;
use crate::sema::decls::Ctx;
use crate::sema::types::Ty;
use crate::sema::Sema;

impl Sema<'_> {
    pub(in crate::sema) fn stmt(&mut self, s: &Stmt) {
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
            StmtKind::While { cond, body } | StmtKind::Switch { cond, body } => {
                self.expr(cond);
                self.nested(body);
            }
            // In the order written, as when a long body is analysed before its condition is
            // read (`parse::stream`).
            StmtKind::DoWhile { body, cond } => {
                self.nested(body);
                self.expr(cond);
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
                self.for_init(init);
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

    /// The first clause of a `for`, in the loop's scope.
    pub(in crate::sema) fn for_init(&mut self, init: &ForInit) {
        match init {
            ForInit::Decl(d) => self.declaration(d, Ctx::Block),
            ForInit::Expr(e) => {
                self.expr(e);
            }
            ForInit::None => {}
        }
    }

    /// What [`Sema::stmt`] does where a statement opens: a nested position (the body of `if`,
    /// a loop) one level deeper, a block or `for` with a scope of its own too.
    pub(in crate::sema) fn open_nested(&mut self, scope: bool) {
        if scope {
            self.push_scope();
        }
        if let Some(f) = &mut self.func {
            f.depth += 1;
        }
    }

    /// Where the statement opened by [`Sema::open_nested`] ends.
    pub(in crate::sema) fn close_nested(&mut self, scope: bool) {
        if let Some(f) = &mut self.func {
            f.depth -= 1;
        }
        if scope {
            self.pop_scope();
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
}
