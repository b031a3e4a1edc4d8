//! The memory-initialisation table of 004 (3.2.5) as the catalogue reads it for CLC++2021:
//! a declaration's storage (written space, or the one deduced from its scope), its scope and
//! its initialisation kind select one table cell, a `CXX-INIT-*` rule, and that rule's
//! `Check` is the verdict: a `Reject` cell is expected on the declaration's line, an `Accept`
//! cell compiles.
//!
//! > If a variable is declared in program scope, with static or extern specifier [...] the
//! > variable is allocated in the global memory of a device. (004_37f2e2c708a9d5dd.txt)

use super::{profiles, Cv, CxxTy};
use crate::case::{Builder, GenCase};
use crate::enumerate::Out;
use crate::statics::{self, Linkage, Storage};
use crate::ty::Q;
use checker::spec::{rules, AddrSpace, Check, RuleId, Spelling};

/// Where the variable is declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Program,
    Namespace,
    /// `extern T x;` then the definition at program scope.
    Extern,
    /// `static inline T x;` inside the class.
    MemberInline,
    /// `static T x;` inside the class, `T M::x;` after it.
    MemberOutOfClass,
    /// The kernel's outermost scope.
    Kernel,
    /// A block nested in the kernel.
    Nested,
    /// A function that is not a kernel.
    Helper,
    StaticKernel,
    StaticHelper,
}

impl Scope {
    pub const ALL: [Scope; 10] = [
        Scope::Program,
        Scope::Namespace,
        Scope::Extern,
        Scope::MemberInline,
        Scope::MemberOutOfClass,
        Scope::Kernel,
        Scope::Nested,
        Scope::Helper,
        Scope::StaticKernel,
        Scope::StaticHelper,
    ];

    pub const fn tag(self) -> &'static str {
        match self {
            Scope::Program => "program-scope",
            Scope::Namespace => "namespace-scope",
            Scope::Extern => "extern",
            Scope::MemberInline => "static-member-inline",
            Scope::MemberOutOfClass => "static-member",
            Scope::Kernel => "kernel-scope",
            Scope::Nested => "nested-block",
            Scope::Helper => "non-kernel-function",
            Scope::StaticKernel => "static-kernel",
            Scope::StaticHelper => "static-helper",
        }
    }

    /// Where a variable declared here with static storage duration is defined (every
    /// namespace-scope and member form is program scope in OpenCL's terms).
    pub const fn statics(self) -> Option<statics::Scope> {
        match self {
            Scope::Program
            | Scope::Namespace
            | Scope::Extern
            | Scope::MemberInline
            | Scope::MemberOutOfClass => Some(statics::Scope::Program),
            Scope::StaticKernel => Some(statics::Scope::StaticKernel),
            Scope::StaticHelper => Some(statics::Scope::StaticHelper),
            Scope::Kernel | Scope::Nested | Scope::Helper => None,
        }
    }

    /// The linkage of a variable declared here at program scope ([`Linkage::of`]).
    pub const fn linkage(self, cv: Cv) -> Option<Linkage> {
        let is_const = matches!(cv, Cv::Const);
        match self {
            Scope::Program | Scope::Namespace => Some(Linkage::of(false, false, is_const)),
            Scope::Extern | Scope::MemberOutOfClass => Some(Linkage::of(false, true, is_const)),
            Scope::MemberInline => Some(Linkage::of(true, false, is_const)),
            _ => None,
        }
    }

    /// Static storage duration: an unqualified variable here is global, else private.
    pub const fn static_storage(self) -> bool {
        !matches!(self, Scope::Kernel | Scope::Nested | Scope::Helper)
    }
}

/// How the declaration initialises the variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Init {
    None,
    /// `= v`
    Copy,
    /// `{v}`
    Brace,
    /// `(v)`
    Paren,
}

impl Init {
    pub const ALL: [Init; 4] = [Init::None, Init::Copy, Init::Brace, Init::Paren];

    pub const fn tag(self) -> &'static str {
        match self {
            Init::None => "no-init",
            Init::Copy => "copy-init",
            Init::Brace => "brace-init",
            Init::Paren => "paren-init",
        }
    }

    /// The initialiser text after the name, `None` where the form does not exist for the type
    /// (parenthesised aggregates are C++20).
    fn text(self, ty: CxxTy) -> Option<String> {
        let inner = match ty {
            CxxTy::Int | CxxTy::Ctor | CxxTy::Dtor | CxxTy::Constexpr => "1",
            CxxTy::Float4 => "(float4)(1.0f)",
            CxxTy::Pod => "1, 2.0f",
            CxxTy::Array => "1, 2, 3, 4",
            CxxTy::MemberDtor => "{1}",
        };
        match self {
            Init::None => Some(String::new()),
            Init::Copy => Some(format!(" = {}", ty.value())),
            Init::Brace => Some(format!("{{{inner}}}")),
            Init::Paren => matches!(
                ty,
                CxxTy::Int | CxxTy::Float4 | CxxTy::Ctor | CxxTy::Constexpr
            )
            .then(|| format!("({inner})")),
        }
    }
}

/// The table's initialisation column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Trivial,
    Constexpr,
    Custom,
}

/// The column: no initialiser and nothing custom runs, a constant expression, or a
/// non-`constexpr` user constructor or a user destructor (of the class or of a member).
/// A `K` with no initialiser is left out (whether a `constexpr` default construction is
/// "uninitialised" is not the table's question).
fn kind(ty: CxxTy, init: Init) -> Option<Kind> {
    match ty {
        CxxTy::Ctor | CxxTy::Dtor | CxxTy::MemberDtor => Some(Kind::Custom),
        CxxTy::Constexpr if init == Init::None => None,
        _ if init == Init::None => Some(Kind::Trivial),
        _ => Some(Kind::Constexpr),
    }
}

fn pick(k: Kind, r: [RuleId; 3]) -> RuleId {
    match k {
        Kind::Trivial => r[0],
        Kind::Constexpr => r[1],
        Kind::Custom => r[2],
    }
}

/// The table cell a declaration falls in, or `None` where the declaration is invalid C++ for
/// OpenCL for a reason outside the table (a `__private` or generic variable with static
/// storage, a `__global` automatic, a `__local` outside a kernel's outermost scope and outside
/// the table's rows, a `__constant` in a nested block or helper) or the catalogue leaves it out
/// of the verdict (a `__local` kernel variable of a custom class with no initialiser).
pub fn cell(space: Option<AddrSpace>, scope: Scope, ty: CxxTy, init: Init) -> Option<RuleId> {
    use RuleId::*;
    use Scope::*;
    let k = kind(ty, init)?;
    let resolved = space.unwrap_or(if scope.static_storage() {
        AddrSpace::Global
    } else {
        AddrSpace::Private
    });
    match resolved {
        AddrSpace::Generic => None,
        AddrSpace::Local => match scope {
            Program | Namespace => Some(pick(
                k,
                [
                    CxxInitLocalProgramTrivial,
                    CxxInitLocalProgramConstexpr,
                    CxxInitLocalProgramCustom,
                ],
            )),
            MemberInline | MemberOutOfClass => Some(pick(
                k,
                [
                    CxxInitLocalMemberTrivial,
                    CxxInitLocalMemberConstexpr,
                    CxxInitLocalMemberCustom,
                ],
            )),
            Kernel if k == Kind::Custom && init == Init::None => None,
            Kernel => Some(pick(
                k,
                [
                    CxxInitLocalKernelTrivial,
                    CxxInitLocalKernelConstexpr,
                    CxxInitLocalKernelCustom,
                ],
            )),
            Helper => Some(pick(
                k,
                [
                    CxxInitLocalFunctionTrivial,
                    CxxInitLocalFunctionConstexpr,
                    CxxInitLocalFunctionCustom,
                ],
            )),
            Extern | Nested | StaticKernel | StaticHelper => None,
        },
        AddrSpace::Global => match scope {
            Program | Namespace | Extern => Some(pick(
                k,
                [
                    CxxInitGlobalProgramTrivial,
                    CxxInitGlobalProgramConstexpr,
                    CxxInitGlobalProgramCustom,
                ],
            )),
            StaticKernel | StaticHelper => Some(pick(
                k,
                [
                    CxxInitGlobalStaticTrivial,
                    CxxInitGlobalStaticConstexpr,
                    CxxInitGlobalStaticCustom,
                ],
            )),
            MemberInline | MemberOutOfClass => Some(pick(
                k,
                [
                    CxxInitGlobalMemberTrivial,
                    CxxInitGlobalMemberConstexpr,
                    CxxInitGlobalMemberCustom,
                ],
            )),
            Kernel | Nested | Helper => None,
        },
        AddrSpace::Constant => {
            // 004 3.2.4.4: "they cannot have any user defined constructors, destructors", so a
            // class with a constexpr constructor is the custom column here.
            if matches!(scope, Nested | Helper | MemberOutOfClass) {
                return None;
            }
            let k = if ty.has_user_special() {
                Kind::Custom
            } else {
                k
            };
            Some(pick(
                k,
                [
                    CxxInitConstantTrivial,
                    CxxInitConstantConstexpr,
                    CxxInitConstantCustom,
                ],
            ))
        }
        AddrSpace::Private => match scope {
            Kernel | Nested | Helper => Some(pick(
                k,
                [
                    CxxInitPrivateTrivial,
                    CxxInitPrivateConstexpr,
                    CxxInitPrivateCustom,
                ],
            )),
            _ => None,
        },
    }
}

/// Whether the catalogue rejects what breaks `rule` (its `Check`).
fn rejects(rule: RuleId) -> bool {
    rules()[rule as usize].check == Check::Reject
}

/// Every cell a declaration at `scope` can fall in: an accepted declaration there is the
/// near-miss (accept) evidence of each.
fn column(scope: Scope) -> Vec<RuleId> {
    let mut out = Vec::new();
    let spaces = [
        None,
        Some(AddrSpace::Global),
        Some(AddrSpace::Local),
        Some(AddrSpace::Constant),
        Some(AddrSpace::Private),
    ];
    for space in spaces {
        for ty in CxxTy::ALL {
            for init in Init::ALL {
                if let Some(r) = cell(space, scope, ty, init) {
                    if !out.contains(&r) {
                        out.push(r);
                    }
                }
            }
        }
    }
    out.sort();
    out
}

pub fn all(out: &mut Out) {
    let columns: Vec<(Scope, Vec<RuleId>)> = Scope::ALL.iter().map(|&s| (s, column(s))).collect();
    for (scope, col) in &columns {
        for spelling in Spelling::ALL {
            for q in Q::all(spelling) {
                if q.space.is_none() && spelling == Spelling::Bare {
                    continue;
                }
                for ty in CxxTy::ALL {
                    for init in Init::ALL {
                        for cv in Cv::ALL {
                            if let Some(c) = one(*scope, q, ty, init, cv, col) {
                                out.push(c);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One declaration case, or `None` for a combination left out (see [`cell`]).
pub fn one(
    scope: Scope,
    q: Q,
    ty: CxxTy,
    init: Init,
    cv: Cv,
    column: &[RuleId],
) -> Option<GenCase> {
    let rule = cell(q.space, scope, ty, init)?;
    let init_text = init.text(ty)?;
    // A default member initialiser is a brace-or-equal-initializer: no parentheses in a class.
    if scope == Scope::MemberInline && init == Init::Paren {
        return None;
    }
    let resolved = q.space.unwrap_or(if scope.static_storage() {
        AddrSpace::Global
    } else {
        AddrSpace::Private
    });
    // A const object needs an initialiser (C has a user default constructor); a volatile
    // __constant object is not a thing any row describes.
    match cv {
        Cv::Const if init == Init::None && ty != CxxTy::Ctor => return None,
        Cv::Volatile if resolved == AddrSpace::Constant => return None,
        _ => {}
    }
    let dims = vec![
        ("scope", scope.tag().to_string()),
        ("space", q.tag().to_string()),
        ("init", init.tag().to_string()),
        ("type", ty.tag().to_string()),
        ("qualifiers", cv.tag().to_string()),
    ];
    let mut b = Builder::new(rule, profiles(), dims);
    b.storage(scope.statics().and_then(|s| Storage::of(s, q.space)));
    b.linkage(scope.linkage(cv));
    b.doc(format!(
        "a {} {} declared {} at {} ({}): table cell {rule}.",
        cv.tag(),
        ty.tag(),
        q.tag(),
        scope.tag(),
        init.tag()
    ));
    for r in column {
        b.also(*r);
    }
    for p in ty.preludes() {
        b.prelude(Some(*p));
    }
    let prefix = format!("{}{}", cv.kw(), q.kw());
    let expect = move |_| rejects(rule).then_some(rule);
    let decl = |name: &str| format!("{}{init_text};", ty.decl(&prefix, name));
    match scope {
        Scope::Program => {
            b.expect(decl("x"), expect);
        }
        Scope::Namespace => {
            b.open("namespace ns");
            b.expect(decl("x"), expect);
            b.close();
        }
        Scope::Extern => {
            b.line(format!("extern {};", ty.decl(&prefix, "x")));
            b.expect(decl("x"), expect);
        }
        Scope::MemberInline => {
            b.open("struct M");
            b.expect(format!("static inline {}", decl("x")), expect);
            b.close_with("};");
        }
        Scope::MemberOutOfClass => {
            b.open("struct M");
            b.line(format!("static {};", ty.decl(&prefix, "x")));
            b.close_with("};");
            b.expect(decl("M::x"), expect);
        }
        Scope::Kernel | Scope::Nested | Scope::StaticKernel => {
            b.open("kernel void k(global int *out)");
            if scope == Scope::Nested {
                b.open("if (get_local_id(0) == 0)");
            }
            let stat = if scope == Scope::StaticKernel {
                "static "
            } else {
                ""
            };
            b.expect(format!("{stat}{}", decl("x")), expect);
            if scope == Scope::Nested {
                b.close();
            }
            b.line("out[0] = 0;");
            b.close();
            return Some(b.finish());
        }
        Scope::Helper | Scope::StaticHelper => {
            b.open("void helper()");
            let stat = if scope == Scope::StaticHelper {
                "static "
            } else {
                ""
            };
            b.expect(format!("{stat}{}", decl("x")), expect);
            b.close();
            b.open("kernel void k(global int *out)");
            b.line("helper();");
            b.line("out[0] = 0;");
            b.close();
            return Some(b.finish());
        }
    }
    b.open("kernel void k(global int *out)");
    b.line("out[0] = 0;");
    b.close();
    Some(b.finish())
}

/// One table case with its dimensions drawn from `u`.
pub fn arbitrary_case(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Option<GenCase>> {
    let scope = *u.choose(&Scope::ALL)?;
    let spelling = *u.choose(&Spelling::ALL)?;
    let q = *u.choose(&Q::all(spelling))?;
    let ty = *u.choose(&CxxTy::ALL)?;
    let init = *u.choose(&Init::ALL)?;
    let cv = *u.choose(&Cv::ALL)?;
    Ok(one(scope, q, ty, init, cv, &column(scope)))
}
