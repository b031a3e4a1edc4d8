//! Random programs for fuzzing: well-typed kernels, built from
//! [`arbitrary::Unstructured`], in which pointers flow between address spaces through locals,
//! casts, generic pointers, helper functions, `to_global`/`to_local`/`to_private` and struct
//! fields; and [`mutate`], which inserts exactly one violation and knows its `(line, rule)`.
//!
//! A [`Program`] is valid in its profile by construction: every implicit conversion it writes is
//! one [`spec::conversion`](crate::spec::conversion) allows, every explicit cast one it allows
//! as a cast, and every declaration one [`decl_verdict`](crate::enumerate::decl_verdict)
//! accepts. It prints through the same pieces as the exhaustive enumeration ([`Q`], [`Elem`])
//! and renders as a suite case ([`Program::to_case`]).
//!
//! Architecture invariant: expectations come from what the generator wrote, never from a
//! compiler.
//!
//! This file owns the program model ([`Program`], [`Line`], [`Item`]), the generator's state and
//! its small choices, and the entry points ([`seeded`], [`cases`]); `exprs` writes expressions,
//! `items` writes declarations, functions and statements, `mutate` inserts violations.

mod exprs;
mod items;
mod mutate;

pub use mutate::{mutate, Mutant, MutationKind};

use crate::case::{Builder, GenCase};
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
