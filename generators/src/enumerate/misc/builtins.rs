//! Built-ins judged by address space: `to_global`/`to_local`/`to_private`, and the built-ins
//! whose overloads are per space (async copies, prefetch, atomics, `vstore`).

use crate::case::{c_profiles, with, Builder};
use crate::enumerate::conversions::profiles_for;
use crate::enumerate::Out;
use crate::spec::{conversion, Op};
use crate::ty::{Elem, PtrTy, Q};
use checker::spec::{AddrSpace, Feature, RuleId, Spelling};

use AddrSpace::*;

/// to_global, to_local and to_private: undeclared without the generic space; a pointer to a
/// named space comes back.
pub(super) fn to_named(out: &mut Out) {
    for f in ["to_global", "to_local", "to_private"] {
        let ret = match f {
            "to_global" => Global,
            "to_local" => Local,
            _ => Private,
        };
        for target in AddrSpace::NAMED {
            for arg in ["pointer", "int"] {
                let dims = vec![
                    ("builtin", f.to_string()),
                    ("argument", arg.to_string()),
                    ("result", Q::p(target).tag().to_string()),
                ];
                let mut b = Builder::new(RuleId::ToNamedBuiltin, c_profiles(), dims);
                b.doc(format!(
                    "`{f}` of a {arg} stored in a pointer to {}.",
                    target.name()
                ));
                b.open("void helper(global int *g, int n)");
                let a = if arg == "pointer" { "g" } else { "n" };
                b.expect(
                    format!("{}int *r = {f}({a});", Q::p(target).kw()),
                    move |p| {
                        if !p.has(Feature::GenericAddressSpace) || arg == "int" {
                            Some(RuleId::ToNamedBuiltin)
                        } else {
                            conversion(Op::Init, ret, target)
                        }
                    },
                );
                b.close();
                out.push(b.finish());
            }
        }
        // Without the generic space the name is free: a program may define its own.
        let plain = with(&c_profiles(), Feature::GenericAddressSpace, false);
        let mut b = Builder::new(
            RuleId::ToNamedBuiltin,
            plain,
            vec![("builtin", f.into()), ("argument", "user-defined".into())],
        );
        b.doc(format!(
            "a user-defined function named `{f}` where the built-in does not exist."
        ));
        b.line(format!("global int *{f}(global int *p) {{ return p; }}"));
        out.push(b.finish());
        // A pointer to constant has no conversion to generic.
        let mut b = Builder::new(
            RuleId::ToNamedBuiltin,
            c_profiles(),
            vec![("builtin", f.into()), ("argument", "constant".into())],
        );
        b.doc(format!("`{f}` of a pointer to constant."));
        b.open("void helper(constant int *c)");
        b.expect(format!("{}int *r = {f}(c);", Q::p(ret).kw()), |p| {
            Some(if p.has(Feature::GenericAddressSpace) {
                RuleId::GenericConstant
            } else {
                RuleId::ToNamedBuiltin
            })
        });
        b.close();
        out.push(b.finish());
    }
}

/// async copies, prefetch, atomics and vstore: overloads exist per space.
pub(super) fn builtins(out: &mut Out) {
    for spelling in Spelling::ALL {
        let qs = Q::all(spelling);
        for dst in qs {
            for src in qs {
                if (dst.space.is_none() || src.space.is_none()) && spelling == Spelling::Bare {
                    continue;
                }
                for elem in [Elem::Int, Elem::Float4] {
                    for f in ["async_work_group_copy", "async_work_group_strided_copy"] {
                        let profiles = profiles_for(&[dst, src]);
                        let dims = vec![
                            ("builtin", f.to_string()),
                            ("dst", dst.tag().to_string()),
                            ("src", src.tag().to_string()),
                            ("type", elem.name().to_string()),
                        ];
                        let mut b = Builder::new(RuleId::AsyncCopySpaces, profiles, dims);
                        b.doc(format!("{f} from {} to {}.", src.tag(), dst.tag()));
                        let (d, s) = (dst.space, src.space);
                        let ok = matches!(
                            (d, s),
                            (Some(Local), Some(Global)) | (Some(Global), Some(Local))
                        );
                        let src_ty = PtrTy::to(src, elem).quals(crate::ty::Quals::CONST);
                        b.open(format!(
                            "void helper({}, {})",
                            PtrTy::to(dst, elem).decl(Q::NONE, "d"),
                            src_ty.decl(Q::NONE, "s")
                        ));
                        let stride = if f.contains("strided") { ", 1" } else { "" };
                        b.expect(format!("event_t e = {f}(d, s, 4{stride}, 0);"), move |_| {
                            (!ok).then_some(RuleId::AsyncCopySpaces)
                        });
                        b.line("wait_group_events(1, &e);");
                        b.close();
                        out.push(b.finish());
                    }
                }
            }
        }
        for q in qs {
            if q.space.is_none() && spelling == Spelling::Bare {
                continue;
            }
            let profiles = profiles_for(&[q]);
            let space = q.space;
            for elem in [Elem::Int, Elem::Float4, Elem::Char] {
                let mut b = Builder::new(
                    RuleId::PrefetchSpace,
                    profiles.clone(),
                    vec![("pointee", q.tag().into()), ("type", elem.name().into())],
                );
                b.doc(format!(
                    "prefetch from a pointer to {} {}.",
                    q.tag(),
                    elem.name()
                ));
                b.open(format!(
                    "void helper({})",
                    PtrTy::to(q, elem)
                        .quals(crate::ty::Quals::CONST)
                        .decl(Q::NONE, "p")
                ));
                b.expect("prefetch(p, 4);", move |_| {
                    (space != Some(Global)).then_some(RuleId::PrefetchSpace)
                });
                b.close();
                out.push(b.finish());
            }
            for f in [
                "atomic_add",
                "atomic_inc",
                "atomic_xchg",
                "atomic_min",
                "atomic_cmpxchg",
            ] {
                for elem in [Elem::Int, Elem::Uint] {
                    let mut b = Builder::new(
                        RuleId::AtomicSpace,
                        profiles.clone(),
                        vec![
                            ("builtin", f.into()),
                            ("pointee", q.tag().into()),
                            ("type", elem.name().into()),
                        ],
                    );
                    b.doc(format!(
                        "{f} on a pointer to volatile {} {}.",
                        q.tag(),
                        elem.name()
                    ));
                    b.open(format!(
                        "void helper({})",
                        PtrTy::to(q, elem)
                            .quals(crate::ty::Quals::VOLATILE)
                            .decl(Q::NONE, "p")
                    ));
                    let args = match f {
                        "atomic_inc" => "p".to_string(),
                        "atomic_cmpxchg" => "p, 1, 2".to_string(),
                        _ => "p, 1".to_string(),
                    };
                    b.expect(format!("{} old = {f}({args});", elem.name()), move |_| {
                        (!matches!(space, Some(Global | Local))).then_some(RuleId::AtomicSpace)
                    });
                    b.close();
                    out.push(b.finish());
                }
            }
            for n in [2, 4, 8, 16] {
                for f in ["vstore", "vload"] {
                    let mut b = Builder::new(
                        RuleId::VstoreSpace,
                        profiles.clone(),
                        vec![("builtin", format!("{f}{n}")), ("pointee", q.tag().into())],
                    );
                    b.doc(format!("{f}{n} on a pointer to {} float.", q.tag()));
                    b.open(format!(
                        "void helper({}, float{n} v)",
                        PtrTy::to(q, Elem::Float).decl(Q::NONE, "p")
                    ));
                    if f == "vstore" {
                        b.expect(format!("vstore{n}(v, 0, p);"), move |_| {
                            (space == Some(Constant)).then_some(RuleId::VstoreSpace)
                        });
                    } else {
                        b.line(format!("float{n} r = vload{n}(0, p) + v;"));
                    }
                    b.close();
                    out.push(b.finish());
                }
            }
        }
    }
}
