//! The storage classes and pools of C++ for OpenCL: the address of (or a reference to) an
//! object whose space was deduced or written, converted to a pointer or reference to each
//! space by each operation; and writes to `__constant` memory.
//!
//! > All C++ pointers and references point to an object in the unnamed/generic address space
//! > if the explicit address space pointer classes are not used. (004_37f2e2c708a9d5dd.txt)
//!
//! When several `CXX-` rules describe one conversion, [`verdict`] expects the first of the
//! catalogue's precedence list (its header, "In C++ for OpenCL, ..."): constant/generic, then
//! a `__constant` target, then a program-scope origin, then a `__local` target, then the
//! function-scope origins. A conversion between two written named spaces, or an explicit cast
//! between named spaces, breaks no `CXX-` rule (a compiler rejects it all the same): those are
//! not generated.

use super::{profiles, sp_tag, Cv, CxxTy};
use crate::case::{Builder, GenCase};
use crate::enumerate::Out;
use crate::statics::{self, Linkage, Storage};
use crate::ty::Q;
use checker::spec::{AddrSpace, RuleId, Spelling};

/// How an object's space was deduced (none was written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Program or namespace scope, `extern`, a static data member: global.
    Program,
    /// `static` in a function: global.
    FunctionStatic,
    /// An automatic variable or by-value parameter: private.
    Automatic,
}

/// The object (or pointer) the value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Src {
    Program,
    Namespace,
    Extern,
    StaticMember,
    /// `static` in the function where the operation is.
    Static,
    /// An automatic variable of that function.
    Auto,
    /// A by-value parameter of that function.
    Param,
    /// A variable declared with this space: `__global` and `__constant` at program scope,
    /// `__local` in the kernel's outermost scope, `__private` in the function.
    Var(Q),
    /// A pointer parameter to this space (`None`: generic); a reference takes `*ptr`.
    Ptr(Q),
}

impl Src {
    /// Every source, explicit spaces in `spelling`.
    pub fn all(spelling: Spelling) -> Vec<Src> {
        let mut v = vec![
            Src::Program,
            Src::Namespace,
            Src::Extern,
            Src::StaticMember,
            Src::Static,
            Src::Auto,
            Src::Param,
        ];
        for s in [
            AddrSpace::Global,
            AddrSpace::Local,
            AddrSpace::Constant,
            AddrSpace::Private,
        ] {
            v.push(Src::Var(Q::new(s, spelling)));
        }
        for q in Q::all(spelling) {
            v.push(Src::Ptr(q));
        }
        v
    }

    fn tag(self) -> String {
        match self {
            Src::Program => "program-var".into(),
            Src::Namespace => "namespace-var".into(),
            Src::Extern => "extern-var".into(),
            Src::StaticMember => "static-member".into(),
            Src::Static => "static-local".into(),
            Src::Auto => "automatic".into(),
            Src::Param => "by-value-param".into(),
            Src::Var(q) => format!("{}-var", q.tag()),
            Src::Ptr(q) => format!("{}-ptr-param", q.tag()),
        }
    }

    pub fn origin(self) -> Option<Origin> {
        match self {
            Src::Program | Src::Namespace | Src::Extern | Src::StaticMember => {
                Some(Origin::Program)
            }
            Src::Static => Some(Origin::FunctionStatic),
            Src::Auto | Src::Param => Some(Origin::Automatic),
            Src::Var(_) | Src::Ptr(_) => None,
        }
    }

    /// The space of the object the value designates.
    pub fn space(self) -> AddrSpace {
        match self.origin() {
            Some(Origin::Automatic) => AddrSpace::Private,
            Some(_) => AddrSpace::Global,
            None => match self {
                Src::Var(q) | Src::Ptr(q) => q.space.unwrap_or(AddrSpace::Generic),
                _ => unreachable!(),
            },
        }
    }

    fn name(self) -> &'static str {
        match self {
            Src::Namespace => "ns::x",
            Src::StaticMember => "M::x",
            _ => "x",
        }
    }

    /// Where the object lives when it has static storage duration, the operation being
    /// written in `ctx` (a function's own static is declared there).
    fn storage(self, ctx: Ctx) -> Option<Storage> {
        match self {
            Src::Program | Src::Namespace | Src::Extern | Src::StaticMember => {
                Some(Storage::Program)
            }
            Src::Static => Some(match ctx {
                Ctx::Kernel => Storage::StaticKernel,
                Ctx::Nested => Storage::StaticNested,
                Ctx::Helper => Storage::StaticHelper,
            }),
            // Declared at program scope when global or constant (see `one`).
            Src::Var(q) => Storage::of(statics::Scope::Program, q.space),
            Src::Auto | Src::Param | Src::Ptr(_) => None,
        }
    }

    /// The linkage of the object when it is declared at program scope ([`Linkage::of`]).
    fn linkage(self, cv: Cv) -> Option<Linkage> {
        let is_const = cv == Cv::Const;
        match self {
            Src::Program | Src::Namespace => Some(Linkage::of(false, false, is_const)),
            Src::Extern | Src::StaticMember => Some(Linkage::of(false, true, is_const)),
            Src::Var(q) if matches!(q.space, Some(AddrSpace::Global | AddrSpace::Constant)) => {
                Some(Linkage::of(false, false, is_const))
            }
            _ => None,
        }
    }

    fn written(self) -> Option<Q> {
        match self {
            Src::Var(q) | Src::Ptr(q) => Some(q),
            _ => None,
        }
    }
}

/// The operations that turn the value into a pointer or reference of another type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Init,
    Assign,
    Arg,
    Return,
    /// `T &r = x;` (from a pointer parameter: `T &r = *ptr;`, a pointer to a reference).
    RefBind,
    /// A reference parameter bound by a call argument.
    RefArg,
    /// A function returning a reference.
    RefReturn,
    /// A C-style cast.
    Cast,
    /// A write to the object (no target space).
    Write,
}

impl Op {
    pub const ALL: [Op; 9] = [
        Op::Init,
        Op::Assign,
        Op::Arg,
        Op::Return,
        Op::RefBind,
        Op::RefArg,
        Op::RefReturn,
        Op::Cast,
        Op::Write,
    ];

    pub const fn tag(self) -> &'static str {
        match self {
            Op::Init => "init",
            Op::Assign => "assign",
            Op::Arg => "arg",
            Op::Return => "return",
            Op::RefBind => "ref-bind",
            Op::RefArg => "ref-arg",
            Op::RefReturn => "ref-return",
            Op::Cast => "cast",
            Op::Write => "write",
        }
    }

    const fn is_ref(self) -> bool {
        matches!(self, Op::RefBind | Op::RefArg | Op::RefReturn)
    }

    /// The places the operation is written in.
    pub const fn ctxs(self) -> &'static [Ctx] {
        match self {
            Op::Return | Op::RefReturn => &[Ctx::Helper],
            Op::Arg | Op::RefArg | Op::Cast | Op::Write => &[Ctx::Kernel, Ctx::Helper],
            _ => &[Ctx::Kernel, Ctx::Nested, Ctx::Helper],
        }
    }
}

/// Where the operation is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ctx {
    Kernel,
    Nested,
    Helper,
}

impl Ctx {
    const fn tag(self) -> &'static str {
        match self {
            Ctx::Kernel => "kernel",
            Ctx::Nested => "nested",
            Ctx::Helper => "helper",
        }
    }
}

/// The rule `op` breaks turning a value designating `from` memory (deduced as `origin`) into a
/// pointer or reference to `to`: `Some(None)` when allowed, `None` when no `CXX-` rule covers
/// it (both spaces written and named, or a cast between named spaces).
pub fn verdict(
    op: Op,
    from: AddrSpace,
    to: AddrSpace,
    origin: Option<Origin>,
) -> Option<Option<RuleId>> {
    use AddrSpace::*;
    if op == Op::Write {
        return Some((from == Constant).then_some(RuleId::CxxConstantExplicit));
    }
    if from == to {
        return Some(None);
    }
    // Constant is outside the generic space; generic reaches a named space only by a cast.
    if (from == Constant && to == Generic) || (from == Generic && to == Constant) {
        return Some(Some(RuleId::CxxGenericPointers));
    }
    if to == Generic {
        return Some(None);
    }
    if from == Generic {
        return Some((op != Op::Cast).then_some(RuleId::CxxGenericPointers));
    }
    if op == Op::Cast {
        return None;
    }
    let rule = if to == Constant {
        RuleId::CxxConstantExplicit
    } else if origin == Some(Origin::Program) {
        RuleId::CxxImplicitGlobal
    } else if to == Local {
        RuleId::CxxLocalExplicit
    } else {
        match origin? {
            Origin::Program | Origin::FunctionStatic => RuleId::CxxImplicitGlobal,
            Origin::Automatic => RuleId::CxxImplicitPrivate,
        }
    };
    Some(Some(rule))
}

/// The rule an accepted conversion is evidence for: the one its source would break.
fn owner(src: Src, to: AddrSpace) -> RuleId {
    match src.origin() {
        Some(Origin::Automatic) => RuleId::CxxImplicitPrivate,
        Some(_) => RuleId::CxxImplicitGlobal,
        None => {
            let from = src.space();
            if from == AddrSpace::Local || to == AddrSpace::Local {
                RuleId::CxxLocalExplicit
            } else if to == AddrSpace::Constant {
                RuleId::CxxConstantExplicit
            } else {
                RuleId::CxxGenericPointers
            }
        }
    }
}

const STORAGE_RULES: [RuleId; 5] = [
    RuleId::CxxImplicitGlobal,
    RuleId::CxxImplicitPrivate,
    RuleId::CxxLocalExplicit,
    RuleId::CxxConstantExplicit,
    RuleId::CxxGenericPointers,
];

/// The element types and qualifiers enumerated: every type plain, the scalar also const and
/// volatile.
const TYPES: [(CxxTy, Cv); 6] = [
    (CxxTy::Int, Cv::Plain),
    (CxxTy::Int, Cv::Const),
    (CxxTy::Int, Cv::Volatile),
    (CxxTy::Float4, Cv::Plain),
    (CxxTy::Pod, Cv::Plain),
    (CxxTy::Array, Cv::Plain),
];

pub fn all(out: &mut Out) {
    for spelling in Spelling::ALL {
        for src in Src::all(spelling) {
            for op in Op::ALL {
                let targets: Vec<Q> = if op == Op::Write {
                    vec![Q::NONE]
                } else {
                    Q::all(spelling).to_vec()
                };
                for to in targets {
                    for &ctx in op.ctxs() {
                        for (ty, cv) in TYPES {
                            if let Some(c) = one(src, op, to, ctx, ty, cv, spelling) {
                                out.push(c);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One conversion (or write) case, or `None` for a combination that is not valid C++ for
/// OpenCL apart from its conversion, or that no `CXX-` rule judges.
pub fn one(
    src: Src,
    op: Op,
    to: Q,
    ctx: Ctx,
    ty: CxxTy,
    cv: Cv,
    spelling: Spelling,
) -> Option<GenCase> {
    let from = src.space();
    let target = to.space.unwrap_or(AddrSpace::Generic);
    let expected = verdict(op, from, target, src.origin())?;
    let kernel_side = ctx != Ctx::Helper;
    // Validity apart from the one conversion.
    let array = ty == CxxTy::Array;
    if array && (op.is_ref() || matches!(src, Src::Param | Src::Ptr(_))) {
        return None;
    }
    match src {
        // A __local variable lives in a kernel's outermost scope; kernel pointer parameters
        // point to global, local or constant memory.
        Src::Var(q) if q.space == Some(AddrSpace::Local) && (!kernel_side || cv == Cv::Const) => {
            return None
        }
        Src::Var(q) if q.space == Some(AddrSpace::Generic) => return None,
        Src::Ptr(q)
            if kernel_side
                && !matches!(
                    q.space,
                    Some(AddrSpace::Global | AddrSpace::Local | AddrSpace::Constant)
                ) =>
        {
            return None
        }
        Src::Param if kernel_side => return None,
        _ => {}
    }
    if from == AddrSpace::Constant && cv == Cv::Volatile {
        return None;
    }
    if op == Op::Write && cv != Cv::Plain {
        return None;
    }
    let rule = expected.unwrap_or(if op == Op::Write {
        RuleId::CxxConstantExplicit
    } else {
        owner(src, target)
    });
    let mut dims = vec![
        ("op", op.tag().to_string()),
        ("context", ctx.tag().to_string()),
        ("source", src.tag()),
    ];
    if op != Op::Write {
        dims.push(("to", to.tag().to_string()));
    }
    dims.push(("type", ty.tag().to_string()));
    dims.push(("qualifiers", cv.tag().to_string()));
    if src.written().is_some() || to.space.is_some() {
        dims.push(("spelling", sp_tag(spelling).to_string()));
    }
    let mut b = Builder::new(rule, profiles(), dims);
    b.storage(src.storage(ctx));
    b.linkage(src.linkage(cv));
    b.doc(format!(
        "{} of a {} {} ({}) {}in a {}.",
        op.tag(),
        cv.tag(),
        ty.tag(),
        src.tag(),
        if op == Op::Write {
            String::new()
        } else {
            format!("to a pointer or reference to {} ", to.tag())
        },
        ctx.tag()
    ));
    if op == Op::Write {
        b.also(RuleId::CxxConstantExplicit);
    } else {
        for r in STORAGE_RULES {
            b.also(r);
        }
    }
    for p in ty.preludes() {
        b.prelude(Some(*p));
    }
    let elem = ty.name();
    let cvk = cv.kw();
    let init = if cv == Cv::Const || from == AddrSpace::Constant && src.written().is_some() {
        format!(" = {}", ty.value())
    } else {
        String::new()
    };
    // The object's declaration, with its own space written where the source has one.
    let obj =
        |space: &str, name: &str| format!("{}{init};", ty.decl(&format!("{cvk}{space}"), name));
    let x = src.name();
    let (ptr_expr, ref_expr) = match src {
        Src::Ptr(_) => ("ptr".to_string(), "*ptr".to_string()),
        _ if array => (x.to_string(), x.to_string()),
        _ => (format!("&{x}"), x.to_string()),
    };
    let dst_ptr = |name: &str| format!("{}{cvk}{elem} *{name}", to.kw());
    let dst_ref = |name: &str| format!("{}{cvk}{elem} &{name}", to.kw());
    // Program-scope source declarations.
    match src {
        Src::Program => {
            b.line(obj("", "x"));
        }
        Src::Namespace => {
            b.line(format!("namespace ns {{ {} }}", obj("", "x")));
        }
        Src::Extern => {
            b.line(format!("extern {};", ty.decl(cvk, "x")));
            b.line(obj("", "x"));
        }
        Src::StaticMember => {
            b.line(format!("struct M {{ static {}; }};", ty.decl(cvk, "x")));
            b.line(obj("", "M::x"));
        }
        Src::Var(q) if matches!(q.space, Some(AddrSpace::Global | AddrSpace::Constant)) => {
            b.line(obj(&q.kw(), "x"));
        }
        _ => {}
    }
    let v = move |_| expected;
    // Helpers taking the target.
    match op {
        Op::Arg => {
            b.line(format!("void take({}) {{}}", dst_ptr("p")));
        }
        Op::RefArg => {
            b.line(format!("void take({}) {{}}", dst_ref("r")));
        }
        _ => {}
    }
    // The function the operation is in: its parameters and its own declarations.
    let mut params: Vec<String> = Vec::new();
    if kernel_side {
        params.push("global int *out".into());
    }
    match src {
        Src::Param => params.push(ty.decl(cvk, "x")),
        Src::Ptr(q) => params.push(format!("{}{cvk}{elem} *ptr", q.kw())),
        _ => {}
    }
    let head = match (ctx, op) {
        (Ctx::Helper, Op::Return) => format!("{}({})", dst_ptr("get"), params.join(", ")),
        (Ctx::Helper, Op::RefReturn) => format!("{}({})", dst_ref("get"), params.join(", ")),
        (Ctx::Helper, _) => format!("void helper({})", params.join(", ")),
        _ => format!("kernel void k({})", params.join(", ")),
    };
    b.open(head);
    if matches!(src, Src::Var(q) if q.space == Some(AddrSpace::Local)) {
        b.line(obj(&src.written().map(|q| q.kw()).unwrap_or_default(), "x"));
    }
    if ctx == Ctx::Nested {
        b.open("if (get_local_id(0) == 0)");
    }
    match src {
        Src::Static => {
            b.line(format!("static {}", obj("", "x")));
        }
        Src::Auto => {
            b.line(obj("", "x"));
        }
        Src::Var(q) if q.space == Some(AddrSpace::Private) => {
            b.line(obj(&q.kw(), "x"));
        }
        _ => {}
    }
    match op {
        Op::Init => {
            b.expect(format!("{} = {ptr_expr};", dst_ptr("p")), v);
        }
        Op::Assign => {
            b.line(format!("{};", dst_ptr("p")));
            b.expect(format!("p = {ptr_expr};"), v);
        }
        Op::Arg => {
            b.expect(format!("take({ptr_expr});"), v);
        }
        Op::RefArg => {
            b.expect(format!("take({ref_expr});"), v);
        }
        Op::RefBind => {
            b.expect(format!("{} = {ref_expr};", dst_ref("r")), v);
        }
        Op::Return => {
            b.expect(format!("return {ptr_expr};"), v);
        }
        Op::RefReturn => {
            b.expect(format!("return {ref_expr};"), v);
        }
        Op::Cast => {
            let t = dst_ptr("");
            b.expect(
                format!("{} = ({}){ptr_expr};", dst_ptr("p"), t.trim_end()),
                v,
            );
        }
        Op::Write => {
            let target = match src {
                Src::Ptr(_) => "ptr[0]",
                _ => x,
            };
            b.expect(ty.write(target), v);
        }
    }
    if ctx == Ctx::Nested {
        b.close();
    }
    if kernel_side {
        b.line("out[0] = 0;");
    }
    b.close();
    if ctx == Ctx::Helper {
        b.open("kernel void k(global int *out)");
        b.line("out[0] = 0;");
        b.close();
    }
    Some(b.finish())
}

/// One storage case with its dimensions drawn from `u`.
pub fn arbitrary_case(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Option<GenCase>> {
    let spelling = *u.choose(&Spelling::ALL)?;
    let src = *u.choose(&Src::all(spelling))?;
    let op = *u.choose(&Op::ALL)?;
    let to = *u.choose(&Q::all(spelling))?;
    let ctx = *u.choose(op.ctxs())?;
    let (ty, cv) = *u.choose(&TYPES)?;
    Ok(one(src, op, to, ctx, ty, cv, spelling))
}
