//! Random expressions: the pointer expressions a program may write from the names in scope
//! (pointers, decayed arrays, addresses, fields, casts, `to_global`/..., helper calls), each
//! with its resolved pointee space, and scalar expressions, conditions and call arguments.

use super::{Gen, PExpr, Sig, VTy, Var};
use crate::spec::{conversion, Op};
use crate::ty::{Elem, Q};
use arbitrary::Result;
use checker::spec::AddrSpace;

impl Gen<'_, '_> {
    /// Every pointer expression made of one name in `vars`: pointers, decayed arrays and the
    /// address of an element, addresses of scalars, pointer fields of structs.
    pub fn atoms(&self, vars: &[Var]) -> Vec<PExpr> {
        let mut out = Vec::new();
        for v in vars {
            match v.ty {
                VTy::Ptr(elem, q) => out.push(PExpr {
                    text: v.name.clone(),
                    space: self.resolve(q),
                    elem,
                    simple: true,
                }),
                VTy::Array(elem, _) => {
                    out.push(PExpr {
                        text: v.name.clone(),
                        space: v.space,
                        elem,
                        simple: true,
                    });
                    out.push(PExpr {
                        text: format!("&{}[1]", v.name),
                        space: v.space,
                        elem,
                        simple: false,
                    });
                }
                VTy::Scalar(elem) => out.push(PExpr {
                    text: format!("&{}", v.name),
                    space: v.space,
                    elem,
                    simple: false,
                }),
                VTy::Struct(i) => {
                    for (f, t) in &self.prog.structs[i] {
                        if let VTy::Ptr(elem, q) = *t {
                            out.push(PExpr {
                                text: format!("{}.{f}", v.name),
                                space: self.resolve(q),
                                elem,
                                simple: false,
                            });
                        }
                    }
                }
            }
        }
        out
    }

    /// A random pointer expression built from `vars`, or `None` when nothing is in scope.
    pub fn ptr_expr(&mut self, vars: &[Var], calls: usize, depth: usize) -> Result<Option<PExpr>> {
        let atoms = self.atoms(vars);
        let callable: Vec<usize> = (0..calls)
            .filter(|&i| self.prog.helpers[i].ret.is_some())
            .collect();
        if atoms.is_empty() && callable.is_empty() {
            return Ok(None);
        }
        let mut e = if !callable.is_empty() && (atoms.is_empty() || self.u.ratio(1, 6)?) {
            let i = *self.u.choose(&callable)?;
            let sig = self.prog.helpers[i].clone();
            let (elem, q) = sig.ret.expect("filtered");
            let args = self.args(vars, &sig, 0)?;
            PExpr {
                text: format!("{}({args})", sig.name),
                space: self.resolve(q),
                elem,
                simple: false,
            }
        } else {
            self.u.choose(&atoms)?.clone()
        };
        if depth >= 2 {
            return Ok(Some(e));
        }
        match self.u.int_in_range(0..=9)? {
            0 | 1 => {
                e = PExpr {
                    text: format!("({} + 1)", e.text),
                    simple: false,
                    ..e
                }
            }
            2 | 3 => {
                // An explicit cast the spec allows, possibly to another element type.
                let q = self.pointee_q()?;
                let to = self.resolve(q);
                if conversion(Op::Cast, e.space, to).is_none() {
                    let elem = self.elem()?;
                    e = PExpr {
                        text: format!("(({}{} *){})", q.kw(), elem.name(), e.text),
                        space: to,
                        elem,
                        simple: false,
                    };
                }
            }
            4 if e.space == AddrSpace::Generic && self.generic() => {
                let (f, space) = *self.u.choose(&[
                    ("to_global", AddrSpace::Global),
                    ("to_local", AddrSpace::Local),
                    ("to_private", AddrSpace::Private),
                ])?;
                e = PExpr {
                    text: format!("{f}({})", e.text),
                    space,
                    elem: e.elem,
                    simple: false,
                };
            }
            5 => {
                let same: Vec<PExpr> = self
                    .atoms(vars)
                    .into_iter()
                    .filter(|a| a.space == e.space && a.elem == e.elem)
                    .collect();
                if !same.is_empty() {
                    let other = self.u.choose(&same)?.clone();
                    let cond = self.cond(vars)?;
                    e = PExpr {
                        text: format!("({cond} ? {} : {})", e.text, other.text),
                        simple: false,
                        ..e
                    };
                }
            }
            _ => {}
        }
        Ok(Some(e))
    }

    /// An expression that converts implicitly to a pointer to `elem` in `q`: a matching
    /// expression, one cast to the type where the cast is allowed, or the null pointer.
    pub fn ptr_expr_to(
        &mut self,
        vars: &[Var],
        elem: Elem,
        q: Q,
        calls: usize,
        depth: usize,
    ) -> Result<String> {
        let to = self.resolve(q);
        for _ in 0..3 {
            let Some(e) = self.ptr_expr(vars, calls, depth)? else {
                break;
            };
            if e.elem == elem && conversion(Op::Init, e.space, to).is_none() {
                return Ok(e.text);
            }
            if conversion(Op::Cast, e.space, to).is_none() {
                return Ok(format!("({}{} *){}", q.kw(), elem.name(), e.text));
            }
        }
        Ok("0".to_string())
    }

    /// A scalar expression.
    pub fn scalar(&mut self, vars: &[Var]) -> Result<String> {
        let mut options: Vec<String> = vec!["1".into(), "2".into()];
        for v in vars {
            match v.ty {
                VTy::Scalar(_) => options.push(v.name.clone()),
                VTy::Array(_, n) => options.push(format!("{}[{}]", v.name, n - 1)),
                VTy::Ptr(..) => options.push(format!("{}[0]", v.name)),
                VTy::Struct(i) => {
                    for (f, t) in &self.prog.structs[i] {
                        if let VTy::Scalar(_) = t {
                            options.push(format!("{}.{f}", v.name));
                        }
                    }
                }
            }
        }
        let a = self.u.choose(&options)?.clone();
        Ok(if self.u.ratio(1, 4)? {
            let b = self.u.choose(&options)?.clone();
            format!("{a} + {b}")
        } else {
            a
        })
    }

    pub(super) fn cond(&mut self, vars: &[Var]) -> Result<String> {
        let ints: Vec<&Var> = vars
            .iter()
            .filter(|v| v.ty == VTy::Scalar(Elem::Int))
            .collect();
        Ok(if !ints.is_empty() && self.u.arbitrary()? {
            format!("{} > 0", self.u.choose(&ints)?.name)
        } else {
            "get_local_id(0) == 0".to_string()
        })
    }

    /// Valid arguments for a call to `sig`.
    pub fn args(&mut self, vars: &[Var], sig: &Sig, calls: usize) -> Result<String> {
        let mut args = Vec::new();
        for p in &sig.params {
            args.push(match *p {
                VTy::Ptr(elem, q) => self.ptr_expr_to(vars, elem, q, calls, 1)?,
                _ => self.scalar(vars)?,
            });
        }
        Ok(args.join(", "))
    }
}
