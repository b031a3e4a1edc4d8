//! Declarations: an object's own address space (five spaces and none, both spellings) in every
//! declaration context, for scalar, vector, struct, array and pointer objects, with and
//! without an initialiser. One function, [`verdict`], says what each combination breaks.

use super::Out;
use crate::case::{c_profiles, Builder};
use crate::statics::{self, Storage};
use crate::ty::{Elem, Q};
use checker::spec::{AddrSpace, Feature, Profile, RuleId, Spelling};

/// Declaration contexts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclCtx {
    Program,
    ExternProgram,
    ExternBlock,
    StaticKernel,
    StaticNested,
    StaticHelper,
    Kernel,
    Nested,
    Helper,
    KernelParam,
    HelperParam,
    Return,
    Field,
}

impl DeclCtx {
    pub const ALL: [DeclCtx; 13] = [
        DeclCtx::Program,
        DeclCtx::ExternProgram,
        DeclCtx::ExternBlock,
        DeclCtx::StaticKernel,
        DeclCtx::StaticNested,
        DeclCtx::StaticHelper,
        DeclCtx::Kernel,
        DeclCtx::Nested,
        DeclCtx::Helper,
        DeclCtx::KernelParam,
        DeclCtx::HelperParam,
        DeclCtx::Return,
        DeclCtx::Field,
    ];

    fn tag(self) -> &'static str {
        match self {
            DeclCtx::Program => "program-scope",
            DeclCtx::ExternProgram => "extern-program",
            DeclCtx::ExternBlock => "extern-block",
            DeclCtx::StaticKernel => "static-kernel",
            DeclCtx::StaticNested => "static-nested",
            DeclCtx::StaticHelper => "static-helper",
            DeclCtx::Kernel => "kernel-outermost",
            DeclCtx::Nested => "nested-block",
            DeclCtx::Helper => "non-kernel-function",
            DeclCtx::KernelParam => "kernel-parameter",
            DeclCtx::HelperParam => "parameter",
            DeclCtx::Return => "return-type",
            DeclCtx::Field => "struct-field",
        }
    }

    fn is_static(self) -> bool {
        matches!(
            self,
            DeclCtx::StaticKernel | DeclCtx::StaticNested | DeclCtx::StaticHelper
        )
    }

    /// Where a variable declared here with static storage duration is defined (`extern`
    /// declares one defined elsewhere).
    fn statics(self) -> Option<statics::Scope> {
        match self {
            DeclCtx::Program => Some(statics::Scope::Program),
            DeclCtx::StaticKernel => Some(statics::Scope::StaticKernel),
            DeclCtx::StaticNested => Some(statics::Scope::StaticNested),
            DeclCtx::StaticHelper => Some(statics::Scope::StaticHelper),
            _ => None,
        }
    }

    fn is_extern(self) -> bool {
        matches!(self, DeclCtx::ExternProgram | DeclCtx::ExternBlock)
    }

    /// Whether a declaration here can carry an initialiser.
    fn can_init(self) -> bool {
        !matches!(
            self,
            DeclCtx::ExternProgram
                | DeclCtx::ExternBlock
                | DeclCtx::KernelParam
                | DeclCtx::HelperParam
                | DeclCtx::Return
                | DeclCtx::Field
        )
    }
}

/// The object's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjTy {
    Elem(Elem),
    Array,
    /// `global int *` (the object is the pointer).
    Pointer,
}

impl ObjTy {
    const ALL: [ObjTy; 5] = [
        ObjTy::Elem(Elem::Int),
        ObjTy::Elem(Elem::Float4),
        ObjTy::Elem(Elem::Struct),
        ObjTy::Array,
        ObjTy::Pointer,
    ];

    fn tag(self) -> &'static str {
        match self {
            ObjTy::Elem(e) => match e {
                Elem::Struct => "struct",
                Elem::Float4 => "vector",
                _ => "scalar",
            },
            ObjTy::Array => "array",
            ObjTy::Pointer => "pointer",
        }
    }

    /// `space int x`, `space int x[4]`, `global int *space x`.
    fn decl(self, q: Q, name: &str) -> String {
        match self {
            ObjTy::Elem(e) => format!("{}{} {name}", q.kw(), e.name()),
            ObjTy::Array => format!("{}int {name}[4]", q.kw()),
            ObjTy::Pointer => format!("global int *{}{name}", q.kw()),
        }
    }

    fn init(self) -> &'static str {
        match self {
            ObjTy::Elem(e) => e.init(),
            ObjTy::Array => "{1, 2, 3, 4}",
            ObjTy::Pointer => "0",
        }
    }
}

/// What declaring an object in `space` (None: unqualified) in `ctx` breaks in `p`.
pub fn verdict(ctx: DeclCtx, space: Option<AddrSpace>, init: bool, p: Profile) -> Option<RuleId> {
    use AddrSpace::*;
    let globals = p.has(Feature::ProgramScopeGlobals);
    if space == Some(Generic) {
        return Some(if p.has(Feature::GenericAddressSpace) {
            RuleId::GenericObject
        } else {
            RuleId::GenericQualifier
        });
    }
    let progscope_like = |rule: RuleId| match space {
        Some(Constant) => (!init && !ctx.is_extern()).then_some(RuleId::ConstantInitRequired),
        Some(Global) | None => (!globals).then_some(rule),
        _ => Some(rule),
    };
    match ctx {
        DeclCtx::Program => progscope_like(RuleId::ProgscopeSpace),
        DeclCtx::ExternProgram | DeclCtx::ExternBlock => progscope_like(RuleId::ExternSpace),
        DeclCtx::StaticKernel | DeclCtx::StaticNested | DeclCtx::StaticHelper => {
            progscope_like(RuleId::StaticSpace)
        }
        DeclCtx::Kernel => match space {
            Some(Global) => Some(RuleId::AutoPrivate),
            Some(Local) => init.then_some(RuleId::LocalInit),
            Some(Constant) => (!init).then_some(RuleId::ConstantInitRequired),
            _ => None,
        },
        DeclCtx::Nested | DeclCtx::Helper => match space {
            Some(Global) => Some(RuleId::AutoPrivate),
            Some(Local) => Some(RuleId::LocalScope),
            Some(Constant) => Some(RuleId::ConstantScope),
            _ => None,
        },
        DeclCtx::KernelParam | DeclCtx::HelperParam => match space {
            Some(Global | Local | Constant) => Some(RuleId::ParamSpace),
            _ => None,
        },
        DeclCtx::Return => space.map(|_| RuleId::ReturnSpace),
        DeclCtx::Field => space.map(|_| RuleId::StructField),
    }
}

pub fn all(out: &mut Out) {
    for ctx in DeclCtx::ALL {
        for spelling in Spelling::ALL {
            for q in Q::all(spelling) {
                if q.space.is_none() && spelling == Spelling::Bare {
                    continue;
                }
                for ty in ObjTy::ALL {
                    for init in [false, true] {
                        if let Some(case) = one(ctx, q, ty, init) {
                            out.push(case);
                        }
                    }
                }
            }
        }
    }
}

fn one(ctx: DeclCtx, q: Q, ty: ObjTy, init: bool) -> Option<crate::case::GenCase> {
    if init && !ctx.can_init() {
        return None;
    }
    // Skip combinations that break two rules at once: a constant variable that is both out of
    // scope and uninitialised, a local one out of scope and initialised; arrays and structs are
    // not parameter or return types here (they would not be by value).
    let space = q.space;
    match (ctx, space) {
        (DeclCtx::Nested | DeclCtx::Helper, Some(AddrSpace::Constant)) if !init => return None,
        (DeclCtx::Nested | DeclCtx::Helper, Some(AddrSpace::Local)) if init => return None,
        (c, Some(AddrSpace::Constant)) if c.is_static() && !init => return None,
        _ => {}
    }
    if ty == ObjTy::Array
        && matches!(
            ctx,
            DeclCtx::KernelParam | DeclCtx::HelperParam | DeclCtx::Return
        )
    {
        return None;
    }
    // Generic objects are judged where they are variables (not members or return types).
    if q.needs_generic() && matches!(ctx, DeclCtx::Return | DeclCtx::Field) {
        return None;
    }
    let mut profiles = c_profiles();
    // OpenCL C 1.1 has no static or extern storage class, and 1.x no function-scope static:
    // the catalogue starts AS-EXTERN-SPACE at 1.2 and AS-STATIC-SPACE at 2.0.
    if ctx.is_static() {
        profiles.retain(|p| RuleId::StaticSpace.applies_to(*p));
    }
    if ctx.is_extern() {
        profiles.retain(|p| RuleId::ExternSpace.applies_to(*p));
    }
    let dims = vec![
        ("context", ctx.tag().to_string()),
        ("space", q.tag().to_string()),
        ("type", ty.tag().to_string()),
        ("init", if init { "init" } else { "no-init" }.to_string()),
    ];
    let target = (|| {
        for p in &profiles {
            if let Some(r) = verdict(ctx, space, init, *p) {
                return r;
            }
        }
        match ctx {
            DeclCtx::Program => RuleId::ProgscopeSpace,
            DeclCtx::ExternProgram | DeclCtx::ExternBlock => RuleId::ExternSpace,
            c if c.is_static() => RuleId::StaticSpace,
            DeclCtx::Kernel => RuleId::AutoPrivate,
            DeclCtx::Nested | DeclCtx::Helper => RuleId::AutoPrivate,
            DeclCtx::KernelParam | DeclCtx::HelperParam => RuleId::ParamSpace,
            DeclCtx::Return => RuleId::ReturnSpace,
            _ => RuleId::StructField,
        }
    })();
    let mut b = Builder::new(target, profiles, dims);
    b.storage(ctx.statics().and_then(|s| Storage::of(s, space)));
    b.doc(format!(
        "a {} declared {} in {} context{}.",
        ty.tag(),
        q.tag(),
        ctx.tag(),
        if init { ", initialised" } else { "" }
    ));
    if let ObjTy::Elem(e) = ty {
        b.prelude(e.prelude());
    }
    // Every rule a declaration in this context can break is evidence here: an accepted
    // declaration is the accept case of each.
    for other in AddrSpace::ALL.map(Some).into_iter().chain([None]) {
        for i in [false, true] {
            for p in c_profiles() {
                if let Some(r) = verdict(ctx, other, i, p) {
                    if b.profiles().iter().any(|q| r.applies_to(*q)) {
                        b.also(r);
                    }
                }
            }
        }
    }
    if matches!(ctx, DeclCtx::Program) || ctx.is_static() {
        b.also(RuleId::ProgscopeType);
    }
    if ctx == DeclCtx::Program && space.is_none() {
        b.also(RuleId::ProgscopeDefault);
    }
    let decl = ty.decl(q, "x");
    let full = if init {
        format!("{decl} = {};", ty.init())
    } else {
        format!("{decl};")
    };
    let v = move |p: Profile| verdict(ctx, space, init, p);
    match ctx {
        DeclCtx::Program => {
            b.expect(&full, v);
        }
        DeclCtx::ExternProgram => {
            b.expect(format!("extern {full}"), v);
        }
        DeclCtx::Field => {
            b.open("typedef struct");
            b.expect(&full, v);
            b.line("int other;");
            b.close();
            b.line("T;");
        }
        DeclCtx::Return => {
            let ret = ty.decl(q, "f(void)");
            b.open(ret);
            let value = match ty {
                ObjTy::Elem(Elem::Struct) => "r",
                _ => "0",
            };
            if value == "r" {
                b.line("S r = {1, 2.0f};");
            }
            b.line(format!("return {value};"));
            b.close();
            let mut case = b.finish();
            let sig = case
                .lines
                .iter()
                .position(|l| l.text.contains("f(void)"))
                .unwrap_or(0);
            set_expect(&mut case, sig, |p| verdict(ctx, space, init, p));
            return Some(case);
        }
        DeclCtx::KernelParam => {
            b.open(format!("kernel void k(global int *out, {decl})"));
            b.line("out[0] = 0;");
            b.close();
            let mut case = b.finish();
            let sig = case
                .lines
                .iter()
                .position(|l| l.text.starts_with("kernel"))
                .unwrap_or(0);
            set_expect(&mut case, sig, |p| verdict(ctx, space, init, p));
            return Some(case);
        }
        DeclCtx::HelperParam => {
            b.open(format!("int helper(int n, {decl})"));
            b.line("return n;");
            b.close();
            let mut case = b.finish();
            let sig = case
                .lines
                .iter()
                .position(|l| l.text.starts_with("int helper"))
                .unwrap_or(0);
            set_expect(&mut case, sig, |p| verdict(ctx, space, init, p));
            return Some(case);
        }
        _ => {
            let (head, nested) = match ctx {
                DeclCtx::StaticHelper | DeclCtx::Helper => ("void helper(void)", false),
                DeclCtx::StaticNested | DeclCtx::Nested => ("kernel void k(global int *out)", true),
                _ => ("kernel void k(global int *out)", false),
            };
            b.open(head);
            if nested {
                b.open("if (get_local_id(0) == 0)");
            }
            let text = if ctx.is_static() {
                format!("static {full}")
            } else if ctx == DeclCtx::ExternBlock {
                format!("extern {full}")
            } else {
                full
            };
            b.expect(text, v);
            if nested {
                b.close();
            }
            b.close();
        }
    }
    Some(b.finish())
}

/// Puts the expectations of `f` on line `at` (a signature line written with `open`).
pub fn set_expect(
    case: &mut crate::case::GenCase,
    at: usize,
    f: impl Fn(Profile) -> Option<RuleId>,
) {
    let mut expect = std::collections::BTreeMap::new();
    for p in &case.profiles {
        if let Some(r) = f(*p) {
            expect.entry(r).or_insert_with(Vec::new).push(*p);
        }
    }
    for r in expect.keys() {
        if !case.rules.contains(r) {
            case.rules.push(*r);
        }
    }
    case.lines[at].expect = expect;
}
