//! One violation, inserted: a mutation adds exactly one line to a valid [`Program`] and knows
//! the `(line, rule)` the checker must report for it, from [`conversion`] and [`decl_verdict`]
//! (whose order is the catalogue's "One violation, one diagnostic" list). The inserted line
//! declares only names nothing else uses, so no other line changes meaning.

use super::{insert_at, Gen, Item, Line, PExpr, Point, Program, Size, VTy, Where};
use crate::enumerate::{decl_verdict, DeclCtx};
use crate::spec::{conversion, Op};
use crate::ty::{Elem, Q};
use arbitrary::{Result, Unstructured};
use checker::spec::{AddrSpace, Feature, Profile, RuleId};

/// The kinds of violation [`mutate`] inserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MutationKind {
    Init,
    Assign,
    Arg,
    Return,
    Cast,
    Cond,
    Compare,
    Diff,
    /// A variable declared in a space its function-scope context forbids.
    LocalDecl,
    /// A program-scope variable in a space the profile forbids there.
    ProgramDecl,
    /// A struct field with an address space.
    Field,
    /// A write to constant memory.
    ConstantWrite,
    /// `to_global` and friends where they do not exist, or given a pointer to constant.
    ToNamed,
}

impl MutationKind {
    pub const ALL: [MutationKind; 13] = [
        MutationKind::Init,
        MutationKind::Assign,
        MutationKind::Arg,
        MutationKind::Return,
        MutationKind::Cast,
        MutationKind::Cond,
        MutationKind::Compare,
        MutationKind::Diff,
        MutationKind::LocalDecl,
        MutationKind::ProgramDecl,
        MutationKind::Field,
        MutationKind::ConstantWrite,
        MutationKind::ToNamed,
    ];

    pub fn tag(self) -> &'static str {
        match self {
            MutationKind::Init => "init",
            MutationKind::Assign => "assign",
            MutationKind::Arg => "arg",
            MutationKind::Return => "return",
            MutationKind::Cast => "cast",
            MutationKind::Cond => "cond",
            MutationKind::Compare => "compare",
            MutationKind::Diff => "diff",
            MutationKind::LocalDecl => "local-decl",
            MutationKind::ProgramDecl => "program-decl",
            MutationKind::Field => "field",
            MutationKind::ConstantWrite => "constant-write",
            MutationKind::ToNamed => "to-named",
        }
    }
}

/// A program with exactly one violation, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mutant {
    pub program: Program,
    pub kind: MutationKind,
    /// The 1-based line of the violation in `program.source()`.
    pub line: u32,
    pub rule: RuleId,
}

/// Inserts exactly one violation into `prog` (which must have been generated for `profile`,
/// with its insertion points). The kind is drawn from `u`; when it does not fit the program
/// (no helper to call, no pointer to constant), the next kind is tried, and a declaration
/// violation always fits.
pub fn mutate(prog: &Program, u: &mut Unstructured<'_>, profile: Profile) -> Result<Mutant> {
    assert_eq!(
        prog.profile, profile,
        "a program mutates in its own profile"
    );
    assert!(
        prog.has_points(),
        "mutate needs a generated program (reduction drops its insertion points)"
    );
    let start = u.choose_index(MutationKind::ALL.len())?;
    let mut g = Gen {
        u,
        profile,
        size: Size::SMALL,
        next: 0,
        prog: prog.clone(),
    };
    g.next = max_suffix(prog) + 1;
    for i in 0..MutationKind::ALL.len() {
        let kind = MutationKind::ALL[(start + i) % MutationKind::ALL.len()];
        if let Some((program, rule)) = g.one(kind)? {
            let line = program
                .expected()
                .first()
                .map(|(l, _)| *l)
                .expect("a mutant expects one diagnostic");
            debug_assert_eq!(program.expected().len(), 1);
            return Ok(Mutant {
                program,
                kind,
                line,
                rule,
            });
        }
    }
    unreachable!("a declaration violation fits every program")
}

/// The largest number any generated name ends in, so inserted names are fresh.
fn max_suffix(prog: &Program) -> usize {
    let src = prog.source();
    let mut best = 0;
    let mut digits = String::new();
    for c in src.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            if let Ok(n) = digits.parse::<usize>() {
                best = best.max(n.min(1 << 20));
            }
            digits.clear();
        }
    }
    best
}

impl Gen<'_, '_> {
    fn any_point(&mut self, keep: impl Fn(&Point) -> bool) -> Result<Option<Point>> {
        let ps: Vec<&Point> = self.prog.points.iter().filter(|p| keep(p)).collect();
        if ps.is_empty() {
            return Ok(None);
        }
        Ok(Some((*self.u.choose(&ps)?).clone()))
    }

    /// Qualifiers that can be written in this profile without a second violation.
    fn writable_qs(&mut self) -> Result<Vec<Q>> {
        let sp = self.spelling()?;
        let mut qs: Vec<Q> = AddrSpace::NAMED.iter().map(|&s| Q::new(s, sp)).collect();
        qs.push(Q::NONE);
        if self.profile.has(Feature::GenericAddressSpace) {
            qs.push(Q::new(AddrSpace::Generic, sp));
        }
        Ok(qs)
    }

    /// An atom at `pt` and a qualifier such that converting it by `op` breaks a rule.
    fn bad_pair(&mut self, pt: &Point, op: Op) -> Result<Option<(PExpr, Q, RuleId)>> {
        let qs = self.writable_qs()?;
        let mut pairs = Vec::new();
        for a in self.atoms(&pt.vars) {
            for &q in &qs {
                if let Some(r) = conversion(op, a.space, self.resolve(q)) {
                    pairs.push((a.clone(), q, r));
                }
            }
        }
        if pairs.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.u.choose(&pairs)?.clone()))
    }

    fn one(&mut self, kind: MutationKind) -> Result<Option<(Program, RuleId)>> {
        let bad = |text: String, rule: RuleId| Line {
            text,
            expect: Some(rule),
        };
        let Some(pt) = self.any_point(|_| true)? else {
            return Ok(None);
        };
        let done = |g: &Gen, pt: &Point, text: String, rule: RuleId| {
            Some((insert_at(&g.prog, pt, bad(text, rule)), rule))
        };
        Ok(match kind {
            MutationKind::Init | MutationKind::Cast => {
                let op = if kind == MutationKind::Init {
                    Op::Init
                } else {
                    Op::Cast
                };
                let Some((a, q, rule)) = self.bad_pair(&pt, op)? else {
                    return Ok(None);
                };
                let name = self.fresh("m");
                let ty = format!("{}{} *", q.kw(), a.elem.name());
                let text = if op == Op::Init {
                    format!("{ty}{name} = {};", a.text)
                } else {
                    format!("{ty}{name} = ({}){};", ty.trim_end(), a.text)
                };
                done(self, &pt, text, rule)
            }
            MutationKind::Assign => {
                let mut cands = Vec::new();
                for v in &pt.vars {
                    if let VTy::Ptr(elem, q) = v.ty {
                        let to = self.resolve(q);
                        for a in self.atoms(&pt.vars) {
                            if a.elem == elem {
                                if let Some(r) = conversion(Op::Assign, a.space, to) {
                                    cands.push((v.name.clone(), a.text.clone(), r));
                                }
                            }
                        }
                    }
                }
                if cands.is_empty() {
                    return Ok(None);
                }
                let (lhs, rhs, rule) = self.u.choose(&cands)?.clone();
                done(self, &pt, format!("{lhs} = {rhs};"), rule)
            }
            MutationKind::Arg => {
                let Some(pt) = self.any_point(|p| p.callable > 0)? else {
                    return Ok(None);
                };
                let mut cands = Vec::new();
                for h in 0..pt.callable {
                    let sig = &self.prog.helpers[h];
                    for (i, p) in sig.params.iter().enumerate() {
                        if let VTy::Ptr(_, q) = *p {
                            let to = self.resolve(q);
                            for a in self.atoms(&pt.vars) {
                                if let Some(r) = conversion(Op::Arg, a.space, to) {
                                    cands.push((h, i, a.text.clone(), r));
                                }
                            }
                        }
                    }
                }
                if cands.is_empty() {
                    return Ok(None);
                }
                let (h, i, text, rule) = self.u.choose(&cands)?.clone();
                let sig = self.prog.helpers[h].clone();
                let mut args = Vec::new();
                for (j, p) in sig.params.iter().enumerate() {
                    args.push(if j == i {
                        text.clone()
                    } else if matches!(p, VTy::Ptr(..)) {
                        // The null pointer converts to any pointer: no second violation.
                        "0".to_string()
                    } else {
                        "1".to_string()
                    });
                }
                done(
                    self,
                    &pt,
                    format!("{}({});", sig.name, args.join(", ")),
                    rule,
                )
            }
            MutationKind::Return => {
                let Some(pt) = self.any_point(|p| p.ret.is_some())? else {
                    return Ok(None);
                };
                let (_, q) = pt.ret.expect("filtered");
                let to = self.resolve(q);
                let cands: Vec<(String, RuleId)> = self
                    .atoms(&pt.vars)
                    .into_iter()
                    .filter_map(|a| conversion(Op::Return, a.space, to).map(|r| (a.text, r)))
                    .collect();
                if cands.is_empty() {
                    return Ok(None);
                }
                let (text, rule) = self.u.choose(&cands)?.clone();
                done(self, &pt, format!("return {text};"), rule)
            }
            MutationKind::Cond | MutationKind::Compare | MutationKind::Diff => {
                let op = match kind {
                    MutationKind::Cond => Op::Cond,
                    MutationKind::Compare => Op::Compare,
                    _ => Op::Diff,
                };
                let atoms = self.atoms(&pt.vars);
                let mut cands = Vec::new();
                for a in &atoms {
                    for b in &atoms {
                        if a.elem == b.elem {
                            if let Some(r) = conversion(op, a.space, b.space) {
                                cands.push((a.text.clone(), b.text.clone(), r));
                            }
                        }
                    }
                }
                if cands.is_empty() {
                    return Ok(None);
                }
                let (a, b, rule) = self.u.choose(&cands)?.clone();
                let name = self.fresh("m");
                let text = match op {
                    Op::Cond => format!("(void)(get_local_id(0) ? {a} : {b});"),
                    Op::Compare => format!("int {name} = {a} == {b};"),
                    _ => format!("long {name} = {a} - {b};"),
                };
                done(self, &pt, text, rule)
            }
            MutationKind::LocalDecl => {
                let ctx = match pt.at {
                    Where::KernelTop => DeclCtx::Kernel,
                    Where::HelperTop => DeclCtx::Helper,
                    Where::Nested => DeclCtx::Nested,
                };
                let Some((q, init, rule)) = self.bad_decl(ctx)? else {
                    return Ok(None);
                };
                let name = self.fresh("m");
                let init = if init { " = 1" } else { "" };
                done(self, &pt, format!("{}int {name}{init};", q.kw()), rule)
            }
            MutationKind::ProgramDecl | MutationKind::Field => {
                let (ctx, init_ok) = if kind == MutationKind::Field {
                    (DeclCtx::Field, false)
                } else {
                    (DeclCtx::Program, true)
                };
                let Some((q, init, rule)) = self.bad_decl(ctx)? else {
                    return Ok(None);
                };
                let name = self.fresh("m");
                let text = if kind == MutationKind::Field {
                    format!("typedef struct {{ {}int f; }} M{name};", q.kw())
                } else {
                    let init = if init && init_ok { " = 1" } else { "" };
                    format!("{}int {name}{init};", q.kw())
                };
                let at = self
                    .prog
                    .items
                    .iter()
                    .position(|i| matches!(i, Item::Func(_)))
                    .unwrap_or(self.prog.items.len());
                let mut out = self.prog.clone();
                out.items.insert(at, Item::Line(bad(text, rule)));
                out.points.clear();
                Some((out, rule))
            }
            MutationKind::ConstantWrite => {
                let cands: Vec<PExpr> = self
                    .atoms(&pt.vars)
                    .into_iter()
                    .filter(|a| a.space == AddrSpace::Constant)
                    .collect();
                if cands.is_empty() {
                    return Ok(None);
                }
                let a = self.u.choose(&cands)?.clone();
                let text = if a.simple {
                    format!("{}[0] = 1;", a.text)
                } else {
                    format!("*{} = 1;", a.text)
                };
                done(self, &pt, text, RuleId::ConstantWrite)
            }
            MutationKind::ToNamed => {
                let generic = self.profile.has(Feature::GenericAddressSpace);
                let atoms: Vec<PExpr> = self
                    .atoms(&pt.vars)
                    .into_iter()
                    .filter(|a| !generic || a.space == AddrSpace::Constant)
                    .collect();
                if atoms.is_empty() {
                    return Ok(None);
                }
                let a = self.u.choose(&atoms)?.clone();
                let f = *self.u.choose(&["to_global", "to_local", "to_private"])?;
                let rule = if generic {
                    RuleId::GenericConstant
                } else {
                    RuleId::ToNamedBuiltin
                };
                let name = self.fresh("m");
                let elem: Elem = a.elem;
                done(
                    self,
                    &pt,
                    format!("{} *{name} = {f}({});", elem.name(), a.text),
                    rule,
                )
            }
        })
    }

    /// A qualifier (and whether to initialise) that `ctx` rejects, with the rule; the
    /// combinations that break two rules at once are left out (as in the enumeration).
    fn bad_decl(&mut self, ctx: DeclCtx) -> Result<Option<(Q, bool, RuleId)>> {
        let sp = self.spelling()?;
        let mut cands = Vec::new();
        for q in Q::all(sp) {
            for init in [false, true] {
                let both = match (ctx, q.space) {
                    (DeclCtx::Nested | DeclCtx::Helper, Some(AddrSpace::Constant)) => !init,
                    (DeclCtx::Nested | DeclCtx::Helper, Some(AddrSpace::Local)) => init,
                    (DeclCtx::Field, _) => init || q.needs_generic(),
                    _ => false,
                };
                if both {
                    continue;
                }
                if let Some(r) = decl_verdict(ctx, q.space, init, self.profile) {
                    cands.push((q, init, r));
                }
            }
        }
        if cands.is_empty() {
            return Ok(None);
        }
        Ok(Some(*self.u.choose(&cands)?))
    }
}
