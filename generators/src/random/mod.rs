//! Random programs for fuzzing: well-typed kernels, built from
//! [`arbitrary::Unstructured`], in which pointers flow between address spaces through locals,
//! casts, generic pointers, helper functions, `to_global`/`to_local`/`to_private` and struct
//! fields; and [`mutate`], which inserts exactly one violation and knows its `(line, rule)`.
//!
//! A [`Program`] is valid in its profile by construction: every implicit conversion it writes is
//! one [`spec::conversion`] allows, every explicit cast one it allows as a cast, and every
//! declaration one [`decl_verdict`] accepts. It prints through the same pieces as the
//! exhaustive enumeration ([`Q`], [`Elem`]) and renders as a suite case ([`Program::to_case`]).
//!
//! Architecture invariant: expectations come from what the generator wrote, never from a
//! compiler.

mod mutate;

pub use mutate::{mutate, Mutant, MutationKind};

use crate::case::{Builder, GenCase};
use crate::enumerate::{decl_verdict, DeclCtx};
use crate::spec::{conversion, Op};
use crate::ty::{Elem, Q};
use arbitrary::{Result, Unstructured};
use checker::spec::{AddrSpace, Feature, Profile, RuleId, Spelling};
use std::fmt;

/// How big a program may get. [`Size::SMALL`] keeps programs readable; the reduction test uses
/// [`Size::LARGE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub max_structs: usize,
    pub max_helpers: usize,
    pub max_stmts: usize,
    pub max_depth: usize,
}

impl Size {
    pub const SMALL: Size = Size {
        max_structs: 2,
        max_helpers: 2,
        max_stmts: 5,
        max_depth: 2,
    };
    pub const LARGE: Size = Size {
        max_structs: 3,
        max_helpers: 5,
        max_stmts: 14,
        max_depth: 3,
    };
}

/// One source line and the diagnostic it must produce, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub expect: Option<RuleId>,
}

impl Line {
    fn ok(text: impl Into<String>) -> Line {
        Line {
            text: text.into(),
            expect: None,
        }
    }
}

/// A statement: one line, or a block with a head (`if (...)`, `for (...)`) and a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Line(Line),
    Block { head: String, body: Vec<Stmt> },
}

/// A function definition: its head (`kernel void k(global int *a0)`) and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Func {
    pub head: String,
    pub body: Vec<Stmt>,
}

/// A program-scope item: a declaration line (struct typedef, variable) or a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Line(Line),
    Func(Func),
}

/// The type of a variable as far as the generator tracks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VTy {
    Scalar(Elem),
    /// A pointer to `elem` whose pointee is qualified `q` (resolved by the profile).
    Ptr(Elem, Q),
    Array(Elem, u8),
    Struct(usize),
}

/// A variable in scope: name, type, and the space of the object itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Var {
    pub name: String,
    pub ty: VTy,
    pub space: AddrSpace,
}

/// A helper's signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sig {
    pub name: String,
    pub params: Vec<VTy>,
    pub ret: Option<(Elem, Q)>,
}

/// Where a statement sits, for the declaration rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Where {
    KernelTop,
    HelperTop,
    Nested,
}

/// A place a mutation may insert a statement, with what is in scope there.
#[derive(Clone, Debug)]
pub(crate) struct Point {
    /// Index of the function in [`Program::items`].
    pub item: usize,
    /// Indices of the enclosing blocks, from the function body inward.
    pub path: Vec<usize>,
    /// Insert before this statement of the innermost block.
    pub index: usize,
    pub vars: Vec<Var>,
    pub at: Where,
    pub ret: Option<(Elem, Q)>,
    /// How many helpers (the first ones) may be called here.
    pub callable: usize,
}

/// A random well-typed program: struct typedefs and program-scope variables, helpers, and one
/// kernel, valid in `profile` by construction. `Debug` prints the source.
#[derive(Clone, PartialEq, Eq)]
pub struct Program {
    pub profile: Profile,
    pub items: Vec<Item>,
    pub(crate) structs: Vec<Vec<(String, VTy)>>,
    pub(crate) helpers: Vec<Sig>,
    /// Insertion points recorded while generating; empty once a program is reduced.
    pub(crate) points: Vec<Point>,
}

impl PartialEq for Point {
    fn eq(&self, o: &Point) -> bool {
        (self.item, &self.path, self.index) == (o.item, &o.path, o.index)
    }
}
impl Eq for Point {}

impl fmt::Debug for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "// profile: {}", self.profile)?;
        f.write_str(&self.source())
    }
}

/// The OpenCL C profiles random programs run in.
pub fn profiles() -> Vec<Profile> {
    crate::case::c_profiles()
}

/// A profile drawn from `u`.
pub fn any_profile(u: &mut Unstructured<'_>) -> Result<Profile> {
    Ok(*u.choose(&profiles())?)
}

impl Program {
    /// A small random program valid in `profile`.
    pub fn arbitrary(u: &mut Unstructured<'_>, profile: Profile) -> Result<Program> {
        Program::arbitrary_sized(u, profile, Size::SMALL)
    }

    /// A random program valid in `profile`, no bigger than `size`.
    pub fn arbitrary_sized(
        u: &mut Unstructured<'_>,
        profile: Profile,
        size: Size,
    ) -> Result<Program> {
        let mut g = Gen {
            u,
            profile,
            size,
            next: 0,
            prog: Program {
                profile,
                items: Vec::new(),
                structs: Vec::new(),
                helpers: Vec::new(),
                points: Vec::new(),
            },
        };
        g.program()?;
        Ok(g.prog)
    }

    /// The source lines with their expectations, indented.
    pub fn lines(&self) -> Vec<Line> {
        fn stmts(out: &mut Vec<Line>, body: &[Stmt], depth: usize) {
            for s in body {
                let pad = "    ".repeat(depth);
                match s {
                    Stmt::Line(l) => out.push(Line {
                        text: format!("{pad}{}", l.text),
                        expect: l.expect,
                    }),
                    Stmt::Block { head, body } => {
                        out.push(Line::ok(format!("{pad}{head} {{")));
                        stmts(out, body, depth + 1);
                        out.push(Line::ok(format!("{pad}}}")));
                    }
                }
            }
        }
        let mut out = Vec::new();
        for item in &self.items {
            match item {
                Item::Line(l) => out.push(l.clone()),
                Item::Func(f) => {
                    out.push(Line::ok(format!("{} {{", f.head)));
                    stmts(&mut out, &f.body, 1);
                    out.push(Line::ok("}"));
                }
            }
        }
        out
    }

    /// The kernel source.
    pub fn source(&self) -> String {
        let mut s = String::new();
        for l in self.lines() {
            s.push_str(&l.text);
            s.push('\n');
        }
        s
    }

    /// The `(line, rule)` pairs the checker must report, 1-based lines of [`Program::source`].
    pub fn expected(&self) -> Vec<(u32, RuleId)> {
        self.lines()
            .iter()
            .enumerate()
            .filter_map(|(i, l)| l.expect.map(|r| (i as u32 + 1, r)))
            .collect()
    }

    /// The program as a suite case named `name`, in its one profile.
    pub fn to_case(&self, name: &str, doc: &str) -> GenCase {
        let expected: Vec<RuleId> = self.lines().iter().filter_map(|l| l.expect).collect();
        let target = expected.first().copied().unwrap_or(RuleId::InitCross);
        let mut b = Builder::new(target, vec![self.profile], Vec::new());
        b.doc(doc.to_string());
        for r in [
            RuleId::InitCross,
            RuleId::AssignCross,
            RuleId::ArgCross,
            RuleId::CastCross,
        ] {
            b.also(r);
        }
        if self.profile.has(Feature::GenericAddressSpace) {
            b.also(RuleId::GenericFromNamed);
        }
        for l in self.lines() {
            let rule = l.expect;
            b.expect(&l.text, |_| rule);
        }
        let mut case = b.finish();
        case.name = name.to_string();
        case
    }

    /// Removes the recorded insertion points (after an edit that invalidates them).
    pub fn forget_points(&mut self) {
        self.points.clear();
    }

    /// Whether [`mutate`] can still insert at recorded points (false after reduction).
    pub fn has_points(&self) -> bool {
        !self.points.is_empty()
    }
}

/// A pointer-valued expression: its text, resolved pointee space and element type.
#[derive(Clone, Debug)]
pub(crate) struct PExpr {
    pub text: String,
    pub space: AddrSpace,
    pub elem: Elem,
    /// A plain name (can be indexed without parentheses).
    pub simple: bool,
}

/// The generator's state.
pub(crate) struct Gen<'a, 'b> {
    pub u: &'a mut Unstructured<'b>,
    pub profile: Profile,
    pub size: Size,
    pub next: usize,
    pub prog: Program,
}

const ELEMS: [Elem; 2] = [Elem::Int, Elem::Float];

impl Gen<'_, '_> {
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next - 1)
    }

    fn generic(&self) -> bool {
        self.profile.has(Feature::GenericAddressSpace)
    }

    pub fn spelling(&mut self) -> Result<Spelling> {
        Ok(if self.u.arbitrary()? {
            Spelling::Bare
        } else {
            Spelling::Prefixed
        })
    }

    pub fn elem(&mut self) -> Result<Elem> {
        Ok(*self.u.choose(&ELEMS)?)
    }

    /// A pointee qualifier that can be written in this profile: the four named spaces and none,
    /// plus `generic` where the generic space exists.
    pub fn pointee_q(&mut self) -> Result<Q> {
        let sp = self.spelling()?;
        let mut qs = vec![
            Q::new(AddrSpace::Global, sp),
            Q::new(AddrSpace::Local, sp),
            Q::new(AddrSpace::Constant, sp),
            Q::new(AddrSpace::Private, sp),
            Q::NONE,
        ];
        if self.generic() {
            qs.push(Q::new(AddrSpace::Generic, sp));
        }
        Ok(*self.u.choose(&qs)?)
    }

    pub fn resolve(&self, q: Q) -> AddrSpace {
        q.pointee(self.profile)
    }

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

    /// Declaring a variable here would be accepted (the rules of [`decl_verdict`]).
    fn may_declare(&self, at: Where, space: Option<AddrSpace>, init: bool) -> bool {
        let ctx = match at {
            Where::KernelTop => DeclCtx::Kernel,
            Where::HelperTop => DeclCtx::Helper,
            Where::Nested => DeclCtx::Nested,
        };
        decl_verdict(ctx, space, init, self.profile).is_none()
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

    fn cond(&mut self, vars: &[Var]) -> Result<String> {
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

    fn program(&mut self) -> Result<()> {
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

/// The insertion of one line at a point of `prog` (a function statement), returned edited.
pub(crate) fn insert_at(prog: &Program, point: &Point, line: Line) -> Program {
    let mut out = prog.clone();
    let Item::Func(f) = &mut out.items[point.item] else {
        unreachable!("points are in functions")
    };
    let mut body = &mut f.body;
    for &i in &point.path {
        body = match &mut body[i] {
            Stmt::Block { body, .. } => body,
            Stmt::Line(_) => unreachable!("a path goes through blocks"),
        };
    }
    body.insert(point.index, Stmt::Line(line));
    out.points.clear();
    out
}

/// The `i`-th seeded program of `seed` and its mutant, in a profile drawn from `profiles`
/// (all OpenCL C profiles when empty); `None` when the drawn bytes run short.
pub fn seeded(seed: u64, i: u64, profiles: &[Profile]) -> Option<(Program, Mutant)> {
    let mut rng = crate::fuzz::Rng(crate::fuzz::mix(crate::fuzz::mix(seed) ^ i) | 1);
    let len = 256 + rng.below(2048);
    let data = rng.bytes(len);
    let mut u = Unstructured::new(&data);
    let profile = if profiles.is_empty() {
        any_profile(&mut u).ok()?
    } else {
        *u.choose(profiles).ok()?
    };
    let prog = Program::arbitrary(&mut u, profile).ok()?;
    let m = mutate(&prog, &mut u, profile).ok()?;
    Some((prog, m))
}

/// `n` seeded random programs and their mutants as suite cases, named
/// `random/seed-<seed>/<i>-valid` and `random/seed-<seed>/<i>-<mutation>`: what
/// `clasp generate --random N --seed S` writes. The same seed gives the same cases.
pub fn cases(seed: u64, n: usize) -> Vec<(String, GenCase)> {
    let mut out = Vec::new();
    let mut i = 0u64;
    while out.len() < 2 * n {
        i += 1;
        let Some((prog, m)) = seeded(seed, i, &[]) else {
            continue;
        };
        let profile = prog.profile;
        let k = out.len() / 2;
        let name = format!("random/seed-{seed}/{k:04}-valid");
        let doc = format!("random program {k} of seed {seed}, valid in {profile}.");
        out.push((name.clone(), prog.to_case(&name, &doc)));
        let name = format!("random/seed-{seed}/{k:04}-{}", m.kind.tag());
        let doc = format!(
            "random program {k} of seed {seed} with one {} violation ({}).",
            m.kind.tag(),
            m.rule
        );
        out.push((name.clone(), m.program.to_case(&name, &doc)));
    }
    out
}
