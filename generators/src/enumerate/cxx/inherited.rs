//! The OpenCL C storage rules C++ for OpenCL inherits (the catalogue applies them to CLC++2021
//! through `Applies::Since`): a variable of each named space (and none) in each place a
//! variable can be declared, one declaration per case.
//!
//! Combinations that a `CXX-` rule judges first (a `__local` variable outside a kernel's
//! outermost scope with an initialiser, or in a non-kernel function, or at program scope:
//! the memory-initialisation table) are left to [`super::init_table`]; the generic space to
//! the conversion cases.

use super::profiles;
use crate::case::Builder;
use crate::enumerate::Out;
use crate::statics::{self, Linkage, Storage};
use crate::ty::Q;
use checker::spec::{AddrSpace, RuleId, Spelling};
use AddrSpace::*;

/// Where the declaration is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Program,
    ExternProgram,
    StaticKernel,
    Kernel,
    Nested,
    Helper,
}

impl Place {
    const ALL: [Place; 6] = [
        Place::Program,
        Place::ExternProgram,
        Place::StaticKernel,
        Place::Kernel,
        Place::Nested,
        Place::Helper,
    ];

    fn tag(self) -> &'static str {
        match self {
            Place::Program => "program",
            Place::ExternProgram => "extern-program",
            Place::StaticKernel => "static-kernel",
            Place::Kernel => "kernel",
            Place::Nested => "nested",
            Place::Helper => "helper",
        }
    }

    /// Where a variable declared here with static storage duration is defined (`extern`
    /// declares one defined elsewhere).
    fn statics(self) -> Option<statics::Scope> {
        match self {
            Place::Program => Some(statics::Scope::Program),
            Place::StaticKernel => Some(statics::Scope::StaticKernel),
            _ => None,
        }
    }

    /// The rule a variable in `space` (None: unqualified) breaks here, as the catalogue says.
    fn verdict(self, space: Option<AddrSpace>) -> Option<RuleId> {
        match (self, space) {
            (Place::Program, Some(Private | Local)) => Some(RuleId::ProgscopeSpace),
            (Place::ExternProgram, Some(Private | Local)) => Some(RuleId::ExternSpace),
            (Place::StaticKernel, Some(Private | Local)) => Some(RuleId::StaticSpace),
            (Place::Kernel | Place::Nested | Place::Helper, Some(Global)) => {
                Some(RuleId::AutoPrivate)
            }
            (Place::Nested, Some(Local)) => Some(RuleId::LocalScope),
            (Place::Nested | Place::Helper, Some(Constant)) => Some(RuleId::ConstantScope),
            _ => None,
        }
    }

    /// The rule whose evidence a case here is: the one it breaks, or the one that allows it
    /// (a kernel's outermost scope is where `__local` and `__constant` variables may be).
    fn rule(self, space: Option<AddrSpace>) -> RuleId {
        self.verdict(space).unwrap_or(match (self, space) {
            (Place::Kernel, Some(Local)) => RuleId::LocalScope,
            (Place::Kernel, Some(Constant)) => RuleId::ConstantScope,
            _ => self.home(),
        })
    }

    /// The rule a declaration here is judged by.
    fn home(self) -> RuleId {
        match self {
            Place::Program => RuleId::ProgscopeSpace,
            Place::ExternProgram => RuleId::ExternSpace,
            Place::StaticKernel => RuleId::StaticSpace,
            Place::Kernel | Place::Helper => RuleId::AutoPrivate,
            Place::Nested => RuleId::LocalScope,
        }
    }
}

pub fn all(out: &mut Out) {
    for place in Place::ALL {
        for spelling in [Spelling::Prefixed, Spelling::Bare] {
            for space in [
                Some(Global),
                Some(Local),
                Some(Constant),
                Some(Private),
                None,
            ] {
                if let Some(case) = one(place, spelling, space) {
                    out.push(case);
                }
            }
        }
    }
    opaque(out);
}

fn one(place: Place, spelling: Spelling, space: Option<AddrSpace>) -> Option<crate::case::GenCase> {
    if space.is_none() && spelling == Spelling::Bare {
        return None;
    }
    // `__local` with an initialiser, in a non-kernel function or at program scope: the
    // memory-initialisation table's `CXX-` rules judge it first.
    if space == Some(Local) && matches!(place, Place::Program | Place::StaticKernel | Place::Helper)
    {
        return None;
    }
    let q = space.map_or(Q::NONE, |s| Q::new(s, spelling));
    let dims = vec![
        ("place", place.tag().to_string()),
        ("space", q.tag().to_string()),
    ];
    let mut b = Builder::new(place.rule(space), profiles(), dims);
    b.storage(place.statics().and_then(|s| Storage::of(s, space)));
    if place == Place::Program {
        b.linkage(Some(Linkage::of(false, false, false)));
    }
    b.doc(format!(
        "an int declared {} in {} context.",
        q.tag(),
        place.tag()
    ));
    // `__local` variables cannot be initialised; every other one is, so that `__constant`
    // ones are complete.
    let init = if space == Some(Local) { "" } else { " = 1" };
    let decl = format!("{}int x{init};", q.kw());
    let v = move |_| place.verdict(space);
    match place {
        Place::Program => {
            b.expect(&decl, v);
        }
        Place::ExternProgram => {
            b.expect(format!("extern {}int x;", q.kw()), v);
        }
        _ => {}
    }
    if place == Place::Helper {
        b.open("int helper(int n)");
        b.expect(&decl, v);
        b.line("return n;");
        b.close();
    }
    b.open("__kernel void k(__global int *out)");
    match place {
        Place::StaticKernel => {
            b.expect(format!("static {decl}"), v);
        }
        Place::Kernel => {
            b.expect(decl, v);
        }
        Place::Nested => {
            b.open("if (out[0] > 0)");
            b.expect(decl, v);
            b.line("out[1] = 1;");
            b.close();
        }
        Place::Helper => {
            b.line("out[0] = helper(1);");
        }
        Place::Program | Place::ExternProgram => {
            b.line("out[0] = 1;");
        }
    }
    b.close();
    Some(b.finish())
}

/// An opaque type at program scope (rejected) against one in a kernel (accepted).
fn opaque(out: &mut Out) {
    for program in [true, false] {
        let dims = vec![(
            "place",
            if program { "program" } else { "kernel" }.to_string(),
        )];
        let mut b = Builder::new(RuleId::ProgscopeType, profiles(), dims);
        b.doc("an event_t variable at program scope or in a kernel.");
        let bad = move |_| program.then_some(RuleId::ProgscopeType);
        if program {
            b.expect("event_t e;", bad);
        }
        b.open("__kernel void k(__global int *out)");
        if !program {
            b.expect("event_t e;", bad);
        }
        b.line("out[0] = 1;");
        b.close();
        out.push(b.finish());
    }
}
