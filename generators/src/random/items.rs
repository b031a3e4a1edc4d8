//! Random items: struct typedefs and program-scope variables, helper functions, the kernel,
//! and the statements of their bodies, each declaration one the rules accept; the points where
//! a mutation may insert a line are recorded on the way.

use super::{Func, Gen, Item, Line, PExpr, Point, Sig, Stmt, VTy, Var, Where};
use crate::enumerate::{decl_verdict, DeclCtx};
use crate::spec::{conversion, Op};
use crate::ty::{Elem, Q};
use arbitrary::Result;
use checker::spec::{AddrSpace, Feature};

impl Gen<'_, '_> {
    /// Declaring a variable here would be accepted (the rules of [`decl_verdict`]).
    fn may_declare(&self, at: Where, space: Option<AddrSpace>, init: bool) -> bool {
        let ctx = match at {
            Where::KernelTop => DeclCtx::Kernel,
            Where::HelperTop => DeclCtx::Helper,
            Where::Nested => DeclCtx::Nested,
        };
        decl_verdict(ctx, space, init, self.profile).is_none()
    }

    pub(super) fn program(&mut self) -> Result<()> {
        let globals = self.program_scope()?;
        let n_helpers = self.u.int_in_range(0..=self.size.max_helpers)?;
        for _ in 0..n_helpers {
            self.helper(&globals)?;
        }
        self.kernel(&globals)
    }

    /// Struct typedefs and program-scope variables.
    fn program_scope(&mut self) -> Result<Vec<Var>> {
        let n_structs = self.u.int_in_range(0..=self.size.max_structs)?;
        for _ in 0..n_structs {
            let name = format!("S{}", self.prog.structs.len());
            let mut fields = vec![("n".to_string(), VTy::Scalar(Elem::Int))];
            for i in 0..self.u.int_in_range(1..=3)? {
                let (elem, q) = (self.elem()?, self.pointee_q()?);
                fields.push((format!("f{i}"), VTy::Ptr(elem, q)));
            }
            let mut text = String::from("typedef struct {");
            for (f, t) in &fields {
                match t {
                    VTy::Ptr(elem, q) => {
                        text.push_str(&format!(" {}{} *{f};", q.kw(), elem.name()))
                    }
                    _ => text.push_str(&format!(" int {f};")),
                }
            }
            text.push_str(&format!(" }} {name};"));
            self.prog.items.push(Item::Line(Line::ok(text)));
            self.prog.structs.push(fields);
        }
        let mut globals = Vec::new();
        if self.u.arbitrary()? {
            let name = self.fresh("c");
            let sp = self.spelling()?;
            let elem = self.elem()?;
            let init = if elem == Elem::Int {
                "{1, 2, 3, 4}"
            } else {
                "{1.0f, 2.0f, 3.0f, 4.0f}"
            };
            self.prog.items.push(Item::Line(Line::ok(format!(
                "{}{} {name}[4] = {init};",
                Q::new(AddrSpace::Constant, sp).kw(),
                elem.name()
            ))));
            globals.push(Var {
                name,
                ty: VTy::Array(elem, 4),
                space: AddrSpace::Constant,
            });
        }
        if self.profile.has(Feature::ProgramScopeGlobals) {
            for _ in 0..self.u.int_in_range(0..=2)? {
                let name = self.fresh("g");
                let elem = self.elem()?;
                let (text, ty) = match self.u.int_in_range(0..=2)? {
                    0 => (format!("{} {name};", elem.name()), VTy::Scalar(elem)),
                    1 => {
                        let sp = self.spelling()?;
                        (
                            format!(
                                "{}{} {name};",
                                Q::new(AddrSpace::Global, sp).kw(),
                                elem.name()
                            ),
                            VTy::Scalar(elem),
                        )
                    }
                    _ => {
                        let sp = self.spelling()?;
                        (
                            format!(
                                "{}{} {name}[4];",
                                Q::new(AddrSpace::Global, sp).kw(),
                                elem.name()
                            ),
                            VTy::Array(elem, 4),
                        )
                    }
                };
                self.prog.items.push(Item::Line(Line::ok(text)));
                globals.push(Var {
                    name,
                    ty,
                    space: AddrSpace::Global,
                });
            }
        }
        Ok(globals)
    }

    fn param_decl(ty: VTy, name: &str) -> String {
        match ty {
            VTy::Ptr(elem, q) => format!("{}{} *{name}", q.kw(), elem.name()),
            VTy::Scalar(elem) => format!("{} {name}", elem.name()),
            _ => unreachable!("parameters are pointers or scalars"),
        }
    }

    fn helper(&mut self, globals: &[Var]) -> Result<()> {
        let name = self.fresh("h");
        let ret = if self.u.arbitrary()? {
            Some((self.elem()?, self.pointee_q()?))
        } else {
            None
        };
        let mut vars = globals.to_vec();
        let mut params = Vec::new();
        let mut decls = Vec::new();
        for _ in 0..self.u.int_in_range(1..=3)? {
            let ty = if self.u.ratio(3, 4)? {
                VTy::Ptr(self.elem()?, self.pointee_q()?)
            } else {
                VTy::Scalar(Elem::Int)
            };
            let pname = self.fresh("a");
            decls.push(Self::param_decl(ty, &pname));
            params.push(ty);
            vars.push(Var {
                name: pname,
                ty,
                space: AddrSpace::Private,
            });
        }
        let head = match ret {
            Some((elem, q)) => format!("{}{} *{name}({})", q.kw(), elem.name(), decls.join(", ")),
            None => format!("void {name}({})", decls.join(", ")),
        };
        let item = self.prog.items.len();
        self.prog.items.push(Item::Func(Func {
            head,
            body: Vec::new(),
        }));
        let calls = self.prog.helpers.len();
        let mut body = self.block(item, &[], &mut vars, Where::HelperTop, ret, calls, 0)?;
        if let Some((elem, q)) = ret {
            self.point(item, &[], body.len(), &vars, Where::HelperTop, ret, calls);
            let e = self.ptr_expr_to(&vars, elem, q, calls, 0)?;
            body.push(Stmt::Line(Line::ok(format!("return {e};"))));
        }
        if let Item::Func(f) = &mut self.prog.items[item] {
            f.body = body;
        }
        self.prog.helpers.push(Sig { name, params, ret });
        Ok(())
    }

    fn kernel(&mut self, globals: &[Var]) -> Result<()> {
        let mut vars = globals.to_vec();
        let mut decls = Vec::new();
        for _ in 0..self.u.int_in_range(1..=4)? {
            let pname = self.fresh("a");
            let ty = if self.u.ratio(4, 5)? {
                let sp = self.spelling()?;
                let space = *self.u.choose(&[
                    AddrSpace::Global,
                    AddrSpace::Global,
                    AddrSpace::Local,
                    AddrSpace::Constant,
                ])?;
                VTy::Ptr(self.elem()?, Q::new(space, sp))
            } else {
                VTy::Scalar(Elem::Int)
            };
            decls.push(Self::param_decl(ty, &pname));
            vars.push(Var {
                name: pname,
                ty,
                space: AddrSpace::Private,
            });
        }
        let head = format!("kernel void k({})", decls.join(", "));
        let item = self.prog.items.len();
        self.prog.items.push(Item::Func(Func {
            head,
            body: Vec::new(),
        }));
        let calls = self.prog.helpers.len();
        let body = self.block(item, &[], &mut vars, Where::KernelTop, None, calls, 0)?;
        if let Item::Func(f) = &mut self.prog.items[item] {
            f.body = body;
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn point(
        &mut self,
        item: usize,
        path: &[usize],
        index: usize,
        vars: &[Var],
        at: Where,
        ret: Option<(Elem, Q)>,
        callable: usize,
    ) {
        self.prog.points.push(Point {
            item,
            path: path.to_vec(),
            index,
            vars: vars.to_vec(),
            at,
            ret,
            callable,
        });
    }

    /// A block of statements; `vars` grows with what it declares.
    #[allow(clippy::too_many_arguments)]
    fn block(
        &mut self,
        item: usize,
        path: &[usize],
        vars: &mut Vec<Var>,
        at: Where,
        ret: Option<(Elem, Q)>,
        calls: usize,
        depth: usize,
    ) -> Result<Vec<Stmt>> {
        let n = self.u.int_in_range(1..=self.size.max_stmts)?;
        let mut body = Vec::new();
        for _ in 0..n {
            if self.u.is_empty() {
                break;
            }
            self.point(item, path, body.len(), vars, at, ret, calls);
            let mut sub = path.to_vec();
            sub.push(body.len());
            if let Some(s) = self.stmt(item, &sub, vars, at, ret, calls, depth)? {
                body.push(s);
            }
        }
        self.point(item, path, body.len(), vars, at, ret, calls);
        Ok(body)
    }

    #[allow(clippy::too_many_arguments)]
    fn stmt(
        &mut self,
        item: usize,
        path: &[usize],
        vars: &mut Vec<Var>,
        at: Where,
        ret: Option<(Elem, Q)>,
        calls: usize,
        depth: usize,
    ) -> Result<Option<Stmt>> {
        let line = |t: String| Ok(Some(Stmt::Line(Line::ok(t))));
        match self.u.int_in_range(0..=12)? {
            0..=2 => {
                let (elem, q) = (self.elem()?, self.pointee_q()?);
                let init = self.ptr_expr_to(vars, elem, q, calls, 0)?;
                let name = self.fresh("p");
                vars.push(Var {
                    name: name.clone(),
                    ty: VTy::Ptr(elem, q),
                    space: AddrSpace::Private,
                });
                line(format!("{}{} *{name} = {init};", q.kw(), elem.name()))
            }
            3 => {
                let elem = self.elem()?;
                let init = self.scalar(vars)?;
                let name = self.fresh("x");
                vars.push(Var {
                    name: name.clone(),
                    ty: VTy::Scalar(elem),
                    space: AddrSpace::Private,
                });
                line(format!("{} {name} = {init};", elem.name()))
            }
            4 => {
                let elem = self.elem()?;
                let sp = self.spelling()?;
                let local = at == Where::KernelTop && self.u.arbitrary()?;
                let (q, space, len) = if local {
                    (Q::new(AddrSpace::Local, sp), AddrSpace::Local, 8)
                } else if self.u.arbitrary()? {
                    (Q::new(AddrSpace::Private, sp), AddrSpace::Private, 4)
                } else {
                    (Q::NONE, AddrSpace::Private, 4)
                };
                debug_assert!(self.may_declare(at, q.space, false));
                let name = self.fresh(if local { "l" } else { "v" });
                vars.push(Var {
                    name: name.clone(),
                    ty: VTy::Array(elem, len),
                    space,
                });
                line(format!("{}{} {name}[{len}];", q.kw(), elem.name()))
            }
            5 if !self.prog.structs.is_empty() => {
                let i = self.u.choose_index(self.prog.structs.len())?;
                let name = self.fresh("s");
                vars.push(Var {
                    name: name.clone(),
                    ty: VTy::Struct(i),
                    space: AddrSpace::Private,
                });
                line(format!("S{i} {name};"))
            }
            6 => {
                // Assign to a pointer variable or a pointer field.
                let mut targets: Vec<(String, Elem, Q)> = Vec::new();
                for v in vars.iter() {
                    match v.ty {
                        VTy::Ptr(e, q) => targets.push((v.name.clone(), e, q)),
                        VTy::Struct(i) => {
                            for (f, t) in &self.prog.structs[i] {
                                if let VTy::Ptr(e, q) = *t {
                                    targets.push((format!("{}.{f}", v.name), e, q));
                                }
                            }
                        }
                        _ => {}
                    }
                }
                if targets.is_empty() {
                    return Ok(None);
                }
                let (lhs, elem, q) = self.u.choose(&targets)?.clone();
                let rhs = self.ptr_expr_to(vars, elem, q, calls, 0)?;
                line(format!("{lhs} = {rhs};"))
            }
            7 => {
                // A store through a pointer that is not to constant.
                let atoms: Vec<PExpr> = self
                    .atoms(vars)
                    .into_iter()
                    .filter(|a| a.space != AddrSpace::Constant)
                    .collect();
                if atoms.is_empty() {
                    return Ok(None);
                }
                let a = self.u.choose(&atoms)?.clone();
                let v = self.scalar(vars)?;
                if a.simple {
                    line(format!("{}[0] = {v};", a.text))
                } else {
                    line(format!("*{} = {v};", a.text))
                }
            }
            8 => {
                // A comparison or a difference the spec allows.
                let atoms = self.atoms(vars);
                if atoms.is_empty() {
                    return Ok(None);
                }
                let a = self.u.choose(&atoms)?.clone();
                let diff = self.u.arbitrary()?;
                let op = if diff { Op::Diff } else { Op::Compare };
                let ok: Vec<PExpr> = atoms
                    .into_iter()
                    .filter(|b| b.elem == a.elem && conversion(op, a.space, b.space).is_none())
                    .collect();
                let b = self.u.choose(&ok)?.clone();
                let name = self.fresh(if diff { "d" } else { "e" });
                vars.push(Var {
                    name: name.clone(),
                    ty: VTy::Scalar(Elem::Int),
                    space: AddrSpace::Private,
                });
                if diff {
                    line(format!("int {name} = {} - {};", a.text, b.text))
                } else {
                    line(format!("int {name} = {} == {};", a.text, b.text))
                }
            }
            9 if calls > 0 => {
                let i = self.u.choose_index(calls)?;
                let sig = self.prog.helpers[i].clone();
                let args = self.args(vars, &sig, 0)?;
                line(format!("{}({args});", sig.name))
            }
            10 | 11 if depth < self.size.max_depth => {
                let mut inner = vars.clone();
                let head = if self.u.arbitrary()? {
                    let i = self.fresh("i");
                    inner.push(Var {
                        name: i.clone(),
                        ty: VTy::Scalar(Elem::Int),
                        space: AddrSpace::Private,
                    });
                    format!("for (int {i} = 0; {i} < 4; {i}++)")
                } else {
                    format!("if ({})", self.cond(vars)?)
                };
                let body =
                    self.block(item, path, &mut inner, Where::Nested, ret, calls, depth + 1)?;
                Ok(Some(Stmt::Block { head, body }))
            }
            12 if ret.is_some() && at != Where::KernelTop => {
                let (elem, q) = ret.expect("checked");
                let e = self.ptr_expr_to(vars, elem, q, calls, 0)?;
                line(format!("if ({}) return {e};", self.cond(vars)?))
            }
            _ => {
                let s = self.scalar(vars)?;
                line(format!("(void)({s});"))
            }
        }
    }
}
