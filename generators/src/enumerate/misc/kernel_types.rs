//! Kernel arguments and the opaque types: pointer arguments of kernels by pointee space,
//! image parameters and pointers to images, events and samplers in each space and scope.

use super::named;
use crate::case::{c_profiles, with, Builder};
use crate::enumerate::conversions::profiles_for;
use crate::enumerate::{Out, SPELLINGS};
use crate::ty::{Elem, PtrTy, Q};
use checker::spec::{AddrSpace, Feature, Profile, RuleId, Spelling};

use AddrSpace::*;

/// Kernel pointer arguments: the pointee space (and pointers to pointers before 2.0).
pub(super) fn kernel_args(out: &mut Out) {
    for spelling in Spelling::ALL {
        for q in Q::all(spelling) {
            if q.space.is_none() && spelling == Spelling::Bare {
                continue;
            }
            for elem in Elem::CONV {
                for form in ["pointer", "array"] {
                    let profiles = profiles_for(&[q]);
                    let dims = vec![
                        ("pointee", q.tag().to_string()),
                        ("type", elem.name().to_ascii_lowercase()),
                        ("form", form.to_string()),
                    ];
                    let mut b = Builder::new(RuleId::KernelArgPtrSpace, profiles, dims);
                    b.doc(format!(
                        "a kernel {form} argument to {} {}.",
                        q.tag(),
                        elem.name()
                    ));
                    b.prelude(elem.prelude());
                    let param = if form == "pointer" {
                        PtrTy::to(q, elem).decl(Q::NONE, "p")
                    } else {
                        format!("{}{} p[]", q.kw(), elem.name())
                    };
                    let space = q.space;
                    b.expect(
                        format!("kernel void k({param}) {{ }}"),
                        move |_p| match space {
                            Some(Global | Local | Constant) => None,
                            _ => Some(RuleId::KernelArgPtrSpace),
                        },
                    );
                    out.push(b.finish());
                }
            }
        }
    }
    // Pointers to pointers: the outer pointee is a kernel-argument space, the inner any.
    for &(s1, s2) in &SPELLINGS {
        for outer in named(s1) {
            if outer.space == Some(Private) {
                continue;
            }
            for inner in Q::all(s2) {
                let profiles = profiles_for(&[inner]);
                let dims = vec![
                    ("outer", outer.tag().to_string()),
                    ("inner", inner.tag().to_string()),
                ];
                let mut b = Builder::new(RuleId::KernelArgPtrToPtr, profiles, dims);
                b.doc(format!(
                    "a kernel argument pointing to {} pointers to {} int.",
                    outer.tag(),
                    inner.tag()
                ));
                let ty = PtrTy {
                    elem: Elem::Int,
                    quals: Default::default(),
                    levels: vec![inner, outer],
                    restrict: false,
                };
                b.bad(
                    format!("kernel void k({}) {{ }}", ty.decl(Q::NONE, "pp")),
                    RuleId::KernelArgPtrToPtr,
                );
                out.push(b.finish());
                // A non-kernel function may take pointers to pointers in every version.
                let dims = vec![
                    ("function", "helper".to_string()),
                    ("outer", outer.tag().to_string()),
                    ("inner", inner.tag().to_string()),
                ];
                let mut b = Builder::new(RuleId::KernelArgPtrToPtr, profiles_for(&[inner]), dims);
                b.doc(format!(
                    "a non-kernel parameter pointing to {} pointers to {} int.",
                    outer.tag(),
                    inner.tag()
                ));
                b.line(format!(
                    "void helper({}) {{ (void)pp; }}",
                    ty.decl(Q::NONE, "pp")
                ));
                out.push(b.finish());
            }
        }
    }
}

const IMAGES: [&str; 3] = ["image1d_t", "image2d_t", "image3d_t"];

/// Image parameters with a space, and pointers to images.
pub(super) fn images(out: &mut Out) {
    for spelling in Spelling::ALL {
        for q in Q::all(spelling) {
            if q.space.is_none() && spelling == Spelling::Bare || q.needs_generic() {
                continue;
            }
            for img in IMAGES {
                for func in ["kernel", "helper"] {
                    let dims = vec![
                        ("function", func.to_string()),
                        ("space", q.tag().to_string()),
                        ("type", img.to_string()),
                    ];
                    let mut b = Builder::new(RuleId::ImageArgSpace, c_profiles(), dims);
                    b.doc(format!(
                        "a {img} parameter of a {func} declared {}.",
                        q.tag()
                    ));
                    let head = if func == "kernel" {
                        "kernel void k"
                    } else {
                        "void helper"
                    };
                    let space = q.space;
                    b.expect(
                        format!("{head}(read_only {}{img} img) {{ }}", q.kw()),
                        move |_| space.map(|_| RuleId::ImageArgSpace),
                    );
                    out.push(b.finish());
                }
            }
        }
    }
    for img in IMAGES {
        for ctx in ["parameter", "variable", "by-value"] {
            let dims = vec![("context", ctx.to_string()), ("type", img.to_string())];
            let mut b = Builder::new(RuleId::ImagePointer, c_profiles(), dims);
            b.doc(format!("a pointer to {img} as a {ctx}."));
            match ctx {
                "parameter" => {
                    b.bad(
                        format!("void helper({img} *p) {{ (void)p; }}"),
                        RuleId::ImagePointer,
                    );
                }
                "variable" => {
                    b.open(format!("void helper(read_only {img} img)"));
                    b.bad(format!("{img} *p = 0;"), RuleId::ImagePointer);
                    b.close();
                }
                _ => {
                    b.line(format!("void helper(read_only {img} img) {{ (void)img; }}"));
                }
            }
            out.push(b.finish());
        }
    }
}

/// Events and samplers in each space and scope; opaque types at program scope and static.
pub(super) fn opaque(out: &mut Out) {
    const SAMPLER: &str = "CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST";
    for spelling in Spelling::ALL {
        for q in Q::all(spelling) {
            if q.space.is_none() && spelling == Spelling::Bare || q.needs_generic() {
                continue;
            }
            let space = q.space;
            // event_t at kernel scope: private only. Constant would also need an initialiser.
            if space != Some(Constant) {
                let dims = vec![
                    ("type", "event_t".to_string()),
                    ("space", q.tag().to_string()),
                ];
                let mut b = Builder::new(RuleId::EventSpace, c_profiles(), dims);
                b.doc(format!(
                    "an event_t variable declared {} in a kernel.",
                    q.tag()
                ));
                b.open("kernel void k(global int *out, local int *tile)");
                b.expect(
                    format!(
                        "{}event_t ev = async_work_group_copy(tile, out, 4, 0);",
                        q.kw()
                    ),
                    move |_| matches!(space, Some(Global | Local)).then_some(RuleId::EventSpace),
                );
                b.close();
                let mut case = b.finish();
                if matches!(space, Some(Global | Local)) {
                    // An initialised global or local event would break two rules: declare it
                    // bare, assign after.
                    case.lines[1].text = format!("    {}event_t ev;", q.kw());
                    case.lines.insert(
                        2,
                        crate::case::Line {
                            text: "    ev = async_work_group_copy(tile, out, 4, 0);".into(),
                            expect: Default::default(),
                        },
                    );
                }
                out.push(case);
            }
            // sampler_t: private in a kernel, constant at program scope.
            for scope in ["kernel", "program"] {
                let dims = vec![
                    ("type", "sampler_t".to_string()),
                    ("scope", scope.to_string()),
                    ("space", q.tag().to_string()),
                ];
                let ok = match scope {
                    "kernel" => matches!(space, None | Some(Private | Constant)),
                    _ => matches!(space, Some(Constant)),
                };
                if scope == "program" && matches!(space, None | Some(Private)) {
                    continue;
                }
                if scope == "kernel" && space == Some(Constant) {
                    continue;
                }
                let mut b = Builder::new(RuleId::SamplerSpace, c_profiles(), dims);
                b.doc(format!(
                    "a sampler_t declared {} at {scope} scope.",
                    q.tag()
                ));
                let decl = if space == Some(Local) {
                    format!("{}sampler_t s;", q.kw())
                } else {
                    format!("{}sampler_t s = {SAMPLER};", q.kw())
                };
                let v = move |_p: Profile| (!ok).then_some(RuleId::SamplerSpace);
                if scope == "program" {
                    b.expect(&decl, v);
                    b.line("kernel void k(read_only image2d_t img, global float4 *out) { out[0] = read_imagef(img, s, (int2)(0)); }");
                } else {
                    b.open("kernel void k(read_only image2d_t img, global float4 *out)");
                    b.expect(&decl, v);
                    b.line("out[0] = read_imagef(img, s, (int2)(0));");
                    b.close();
                }
                out.push(b.finish());
            }
            // Opaque types at program scope and as statics.
            for ty in ["image2d_t", "event_t"] {
                for scope in ["program", "static"] {
                    if space.is_some_and(|s| s != Global && s != Constant) {
                        continue;
                    }
                    let profiles = if space == Some(Constant) {
                        // OpenCL C 1.1 has no static storage class.
                        let mut ps = c_profiles();
                        if scope == "static" {
                            ps.retain(|p| RuleId::StaticSpace.applies_to(*p));
                        }
                        ps
                    } else {
                        with(&c_profiles(), Feature::ProgramScopeGlobals, true)
                    };
                    let dims = vec![
                        ("type", ty.to_string()),
                        ("scope", scope.to_string()),
                        ("space", q.tag().to_string()),
                    ];
                    let mut b = Builder::new(RuleId::ProgscopeType, profiles, dims);
                    b.doc(format!("a {scope} {ty} declared {}.", q.tag()));
                    let decl = format!("{}{ty} x;", q.kw());
                    if scope == "program" {
                        b.bad(&decl, RuleId::ProgscopeType);
                    } else {
                        b.open("kernel void k(global int *out)");
                        b.bad(format!("static {decl}"), RuleId::ProgscopeType);
                        b.close();
                    }
                    out.push(b.finish());
                }
            }
        }
    }
}
