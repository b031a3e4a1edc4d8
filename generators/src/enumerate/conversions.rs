//! Conversions between pointers: every operation × source and target pointee space (five
//! spaces and none) × spelling × element type × qualifiers × context, and pointers to pointers
//! whose inner pointees differ.

use super::{sp_tag, Out, SPELLINGS};
use crate::case::{c_profiles, with, Builder, GenCase};
use crate::spec::{conversion, nested, Op};
use crate::ty::{Elem, PtrTy, Quals, Q};
use checker::spec::{AddrSpace, Feature, Profile, RuleId};

/// Where the operation happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ctx {
    Kernel,
    Nested,
    Helper,
}

impl Ctx {
    fn tag(self) -> &'static str {
        match self {
            Ctx::Kernel => "kernel",
            Ctx::Nested => "nested",
            Ctx::Helper => "helper",
        }
    }
}

/// The qualifier dimension: pointee qualifiers, or `restrict` on the pointers.
const QUALS: [(Quals, bool); 4] = [
    (Quals::NONE, false),
    (Quals::CONST, false),
    (Quals::VOLATILE, false),
    (Quals::NONE, true),
];

fn qual_tag(q: (Quals, bool)) -> &'static str {
    if q.1 {
        "restrict"
    } else {
        q.0.tag()
    }
}

pub fn all(out: &mut Out) {
    for op in Op::ALL {
        let ctxs: &[Ctx] = match op {
            Op::Return => &[Ctx::Helper],
            Op::Arg => &[Ctx::Kernel, Ctx::Helper],
            _ => &[Ctx::Kernel, Ctx::Nested, Ctx::Helper],
        };
        for &(sf, st) in &SPELLINGS {
            for from in Q::all(sf) {
                for to in Q::all(st) {
                    for elem in Elem::CONV {
                        for quals in QUALS {
                            for &ctx in ctxs {
                                out.push(one(op, from, to, elem, quals, ctx, sp_tag(sf, st)));
                            }
                        }
                    }
                }
            }
        }
    }
    for &(sf, st) in &SPELLINGS {
        for from in Q::all(sf) {
            for to in Q::all(st) {
                for op in [Op::Init, Op::Assign, Op::Arg, Op::Return] {
                    out.push(nested_case(op, from, to, sp_tag(sf, st)));
                }
            }
        }
    }
}

/// The OpenCL C profiles a case writing these qualifiers can run in.
pub fn profiles_for(qs: &[Q]) -> Vec<Profile> {
    let all = c_profiles();
    if qs.iter().any(|q| q.needs_generic()) {
        with(&all, Feature::GenericAddressSpace, true)
    } else {
        all
    }
}

/// Declares a pointer `name` to `q elem` in a kernel: a kernel parameter for global, local and
/// constant, the address of a private variable otherwise.
fn obtain(ty: &PtrTy, name: &str, params: &mut Vec<String>, body: &mut Vec<String>) {
    match ty.levels[0].space {
        Some(AddrSpace::Global | AddrSpace::Local | AddrSpace::Constant) => {
            params.push(ty.decl(Q::NONE, name))
        }
        _ => {
            body.push(format!("{} x_{name};", ty.elem.name()));
            body.push(format!("{} = &x_{name};", ty.decl(Q::NONE, name)));
        }
    }
}

fn one(
    op: Op,
    from: Q,
    to: Q,
    elem: Elem,
    quals: (Quals, bool),
    ctx: Ctx,
    spelling: &str,
) -> GenCase {
    let profiles = profiles_for(&[from, to]);
    let src = PtrTy::to(from, elem).quals(quals.0);
    let dst = PtrTy::to(to, elem).quals(quals.0).restrict(quals.1);
    let dims = vec![
        ("op", op.tag().to_string()),
        ("context", ctx.tag().to_string()),
        ("pointee", elem.name().to_ascii_lowercase()),
        ("qualifiers", qual_tag(quals).to_string()),
        ("from", from.tag().to_string()),
        ("to", to.tag().to_string()),
        ("spelling", spelling.to_string()),
    ];
    let mut b = Builder::new(op.cross_rule(), profiles, dims);
    b.doc(format!(
        "{} from a pointer to {} {} into one to {} {} ({} context, {} qualifiers).",
        op.tag(),
        from.tag(),
        elem.name(),
        to.tag(),
        elem.name(),
        ctx.tag(),
        qual_tag(quals)
    ));
    b.prelude(elem.prelude());
    if spelling == "mixed" {
        b.also(RuleId::SpellingAlias);
    }
    let verdict = move |p: Profile| conversion(op, from.pointee(p), to.pointee(p));
    let generic_profiles: Vec<Profile> = with(b.profiles(), Feature::GenericAddressSpace, true);
    if !generic_profiles.is_empty() {
        if matches!(op, Op::Init | Op::Assign | Op::Arg | Op::Return)
            && generic_profiles.iter().any(|&p| {
                to.pointee(p) == AddrSpace::Generic
                    && from.pointee(p) != AddrSpace::Generic
                    && from.pointee(p).is_in_generic()
            })
        {
            b.also(RuleId::GenericFromNamed);
        }
        if from.space.is_none() || to.space.is_none() {
            b.also(RuleId::GenericDefault);
        }
        if generic_profiles
            .iter()
            .any(|&p| from.pointee(p) == AddrSpace::Generic || to.pointee(p) == AddrSpace::Generic)
        {
            b.also(RuleId::GenericToNamed);
            b.also(RuleId::GenericConstant);
        }
    }
    // The operation's line, with `src` (and `dst` where it is an operand) in scope.
    let op_line = match op {
        Op::Init => format!("{} = src;", dst.decl(Q::NONE, "dst")),
        Op::Assign => "dst = src;".to_string(),
        Op::Cast => format!("{} = {}src;", dst.decl(Q::NONE, "dst"), dst.cast()),
        Op::Cond => "(void)(get_local_id(0) ? src : dst);".to_string(),
        Op::Compare => "int same = src == dst;".to_string(),
        Op::Diff => "long d = src - dst;".to_string(),
        Op::Arg => "callee(src);".to_string(),
        Op::Return => "return src;".to_string(),
    };
    let needs_dst = matches!(op, Op::Assign | Op::Cond | Op::Compare | Op::Diff);
    match (op, ctx) {
        (Op::Return, _) => {
            b.open(format!(
                "{}({})",
                dst.decl(Q::NONE, "pick"),
                src.decl(Q::NONE, "src")
            ));
            b.expect(&op_line, verdict);
            b.close();
        }
        (Op::Arg, _) => {
            b.open(format!("void callee({})", dst.decl(Q::NONE, "p")));
            b.line("(void)p;");
            b.close();
            if ctx == Ctx::Helper {
                b.open(format!("void helper({})", src.decl(Q::NONE, "src")));
                b.expect(&op_line, verdict);
                b.close();
            } else {
                let (mut params, mut body) = (Vec::new(), Vec::new());
                obtain(&src, "src", &mut params, &mut body);
                kernel(&mut b, &params, &body, &op_line, verdict, false);
            }
        }
        (_, Ctx::Helper) => {
            let mut params = vec![src.decl(Q::NONE, "src")];
            if needs_dst {
                params.push(dst.decl(Q::NONE, "dst"));
            }
            b.open(format!("void helper({})", params.join(", ")));
            b.expect(&op_line, verdict);
            b.close();
        }
        (_, _) => {
            let (mut params, mut body) = (Vec::new(), Vec::new());
            obtain(&src, "src", &mut params, &mut body);
            if needs_dst {
                obtain(&dst, "dst", &mut params, &mut body);
            }
            kernel(
                &mut b,
                &params,
                &body,
                &op_line,
                verdict,
                ctx == Ctx::Nested,
            );
        }
    }
    b.finish()
}

fn kernel(
    b: &mut Builder,
    params: &[String],
    body: &[String],
    op_line: &str,
    verdict: impl Fn(Profile) -> Option<RuleId>,
    nested: bool,
) {
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    b.open(format!("kernel void k({params})"));
    for l in body {
        b.line(l);
    }
    if nested {
        b.open("if (get_local_id(0) == 0)");
    }
    b.expect(op_line, verdict);
    if nested {
        b.close();
    }
    b.close();
}

/// `from int *private *src` becomes `to int *private *dst`: only the inner pointees differ.
fn nested_case(op: Op, from: Q, to: Q, spelling: &str) -> GenCase {
    let profiles = profiles_for(&[from, to]);
    let private = Q::p(AddrSpace::Private);
    let ptr = |q| PtrTy {
        elem: Elem::Int,
        quals: Quals::NONE,
        levels: vec![q, private],
        restrict: false,
    };
    let (src, dst) = (ptr(from), ptr(to));
    let dims = vec![
        ("op", op.tag().to_string()),
        ("pointee", "pointer".to_string()),
        ("from", from.tag().to_string()),
        ("to", to.tag().to_string()),
        ("spelling", spelling.to_string()),
    ];
    let mut b = Builder::new(RuleId::NestedPointee, profiles, dims);
    b.doc(format!(
        "{} between pointers to private pointers whose pointees are {} and {}.",
        op.tag(),
        from.tag(),
        to.tag()
    ));
    let verdict = move |p: Profile| nested(from.pointee(p), to.pointee(p));
    match op {
        Op::Return => {
            b.open(format!(
                "{}({})",
                dst.decl(Q::NONE, "pick"),
                src.decl(Q::NONE, "src")
            ));
            b.expect("return src;", verdict);
        }
        Op::Arg => {
            b.open(format!("void callee({})", dst.decl(Q::NONE, "p")));
            b.line("(void)p;");
            b.close();
            b.open(format!("void helper({})", src.decl(Q::NONE, "src")));
            b.expect("callee(src);", verdict);
        }
        Op::Assign => {
            b.open(format!(
                "void helper({}, {})",
                src.decl(Q::NONE, "src"),
                dst.decl(Q::NONE, "dst")
            ));
            b.expect("dst = src;", verdict);
        }
        _ => {
            b.open(format!("void helper({})", src.decl(Q::NONE, "src")));
            b.expect(format!("{} = src;", dst.decl(Q::NONE, "dst")), verdict);
        }
    }
    b.close();
    b.finish()
}
