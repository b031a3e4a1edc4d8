//! The generic space at run time: `to_global`, `to_local`, `to_private` and `get_fence` on
//! generic pointers into every space, the pointer reaching them directly, through a helper's
//! parameter or result, a struct member, `?:` or a round trip through the named space; and
//! comparisons and differences of generic pointers within one object.
//!
//! Each check writes 1 when it holds, so a mismatch names the check by its index.

use super::types::{Scalar, Ty};
use super::{expect_list, out_arg, start, IDS, SHAPES};
use crate::case::{c_profiles, with, Builder};
use crate::enumerate::Out;
use crate::statics::Storage;
use checker::spec::{Feature, Profile, RuleId};

/// Where the pointee lives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Space {
    GlobalBuffer,
    GlobalProgram,
    LocalVar,
    LocalArg,
    Private,
}

use Space::*;

impl Space {
    const ALL: [Space; 5] = [GlobalBuffer, GlobalProgram, LocalVar, LocalArg, Private];

    fn slug(self) -> &'static str {
        match self {
            GlobalBuffer => "global-buffer",
            GlobalProgram => "global-program",
            LocalVar => "local-var",
            LocalArg => "local-arg",
            Private => "private",
        }
    }

    fn named(self) -> &'static str {
        match self {
            GlobalBuffer | GlobalProgram => "global",
            LocalVar | LocalArg => "local",
            Private => "private",
        }
    }

    fn profiles(self) -> Vec<Profile> {
        let ps = with(&c_profiles(), Feature::GenericAddressSpace, true);
        match self {
            GlobalProgram => with(&ps, Feature::ProgramScopeGlobals, true),
            _ => ps,
        }
    }

    /// Where the object lives when it has static storage duration (the `storage` property).
    fn storage(self) -> Option<Storage> {
        (self == GlobalProgram).then_some(Storage::Program)
    }

    /// The object, its slot for this work-item, and the lines or parameter declaring it.
    fn object(self) -> (&'static str, &'static str) {
        match self {
            GlobalBuffer | GlobalProgram => ("obj", "gi"),
            LocalVar | LocalArg => ("tile", "lid"),
            Private => ("priv", "1"),
        }
    }
}

/// How the generic pointer is made.
const ROUTES: [&str; 6] = [
    "direct",
    "helper-parameter",
    "helper-returned",
    "struct-member",
    "conditional",
    "round-trip",
];

const TYPES: [Ty; 3] = [
    Ty::Scalar(Scalar::Int),
    Ty::Vector(Scalar::Float, 4),
    Ty::Padded,
];

pub fn all(out: &mut Out) {
    for space in Space::ALL {
        for ty in TYPES {
            for route in ROUTES {
                for fence in [false, true] {
                    classify(out, space, ty, route, fence);
                }
            }
            compare(out, space, ty);
        }
    }
}

/// Declares the kernel with the object of `space`; returns the builder positioned inside it.
fn kernel(b: &mut Builder, space: Space, t: &str, tag: &str, outs: &[&str], extra_local: bool) {
    let param = match space {
        GlobalBuffer => format!(", global {t} *obj"),
        LocalArg => format!(", local {t} *tile"),
        _ => String::new(),
    };
    let outs: Vec<String> = outs.iter().map(|o| format!("global int *{o}")).collect();
    b.open(format!("kernel void run_{tag}({}{param})", outs.join(", ")));
    match space {
        LocalVar => {
            b.line(format!("local {t} tile[10];"));
        }
        Private => {
            b.line(format!("{t} priv[4];"));
        }
        _ => {}
    }
    if extra_local {
        // The other operand of `?:`: in __local, or in private for a __local pointee.
        if space.named() == "local" {
            b.line(format!("{t} alt[1];"));
        } else {
            b.line(format!("local {t} alt[1];"));
        }
    }
    for l in IDS {
        b.line(l);
    }
    if space == GlobalProgram {
        b.line(format!("global {t} *obj = gtab_{tag};"));
    }
}

fn object_args(b: &mut Builder, space: Space, ty: Ty, items: usize, group: usize) {
    match space {
        GlobalBuffer => {
            b.run(ty.buffer_arg("obj", items + 2, |t, c| super::v(t * 8 + c)));
        }
        LocalArg => {
            b.run(format!("arg: local {}", (group + 2) * ty.size()));
        }
        _ => {}
    }
}

/// to_global/to_local/to_private or get_fence on a generic pointer into `space`, made by
/// `route`. Each behaviour has a buffer of its own, so a reviewed class of one cannot cover
/// the other: `same_space` holds the conversion into the pointer's own space (1: the pointer,
/// 0: NULL, 2: another pointer), `other_space` the two conversions into other spaces (1: NULL,
/// 0: the pointer itself, 2: another pointer); `global_fence`, `local_fence` or `private_fence`
/// holds get_fence's check.
fn classify(out: &mut Out, space: Space, ty: Ty, route: &str, fence: bool) {
    let rule = if fence {
        RuleId::GetFence
    } else {
        RuleId::ToNamedResult
    };
    let dims = vec![
        ("space", space.slug().to_string()),
        ("route", route.to_string()),
        ("type", ty.slug()),
    ];
    let (mut b, tag) = start(rule, space.profiles(), dims, &[ty]);
    b.storage(space.storage());
    b.also(RuleId::GenericDeref);
    let sp = space.named();
    b.doc(if fence {
        format!("get_fence on a generic pointer into {sp} memory ({route}) includes the fence for {sp}; each work-item writes 1.")
    } else {
        format!("to_global, to_local and to_private of a generic pointer into {sp} memory ({route}): the pointer for {sp} (same_space), NULL for the others (other_space); each check writes 1.")
    });
    let t = ty.c_name(&tag);
    let (obj, slot) = space.object();
    if space == GlobalProgram {
        b.line(format!("global {t} gtab_{tag}[18];"));
    }
    // Per output buffer, the checks as expressions of the generic pointer `p` and the named
    // pointer `same`.
    let outs: Vec<(String, Vec<String>)> = if fence {
        vec![(
            format!("{sp}_fence"),
            vec![match sp {
                "global" => "(get_fence(p) & CLK_GLOBAL_MEM_FENCE) != 0".to_string(),
                "local" => "(get_fence(p) & CLK_LOCAL_MEM_FENCE) != 0".to_string(),
                // Private: any valid fence value.
                _ => "(get_fence(p) & ~(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE)) == 0"
                    .to_string(),
            }],
        )]
    } else {
        let others = ["global", "local", "private"]
            .into_iter()
            .filter(|f| *f != sp)
            .map(|f| format!("to_{f}(p) == NULL ? 1 : to_{f}(p) == p ? 0 : 2"))
            .collect();
        vec![
            (
                "same_space".to_string(),
                vec![format!(
                    "to_{sp}(p) == same ? 1 : to_{sp}(p) == NULL ? 0 : 2"
                )],
            ),
            ("other_space".to_string(), others),
        ]
    };
    let names: Vec<&str> = outs.iter().map(|(o, _)| o.as_str()).collect();
    let emit = |b: &mut Builder, at: &dyn Fn(&str) -> String| {
        for (o, checks) in &outs {
            for (i, c) in checks.iter().enumerate() {
                b.line(format!("{}[{i}] = {c};", at(o)));
            }
        }
    };
    let params: Vec<String> = names.iter().map(|o| format!("global int *{o}")).collect();
    match route {
        "helper-parameter" => {
            b.open(format!(
                "void check_{tag}({t} *p, {sp} {t} *same, {})",
                params.join(", ")
            ));
            if fence {
                b.line("(void)same;");
            }
            emit(&mut b, &|o| o.to_string());
            b.close();
        }
        "helper-returned" => {
            b.line(format!("{t} *pass_{tag}({t} *q) {{ return q; }}"));
        }
        "struct-member" => {
            b.line(format!("struct gref_{tag} {{ int pad; {t} *ptr; }};"));
        }
        _ => {}
    }
    kernel(&mut b, space, &t, &tag, &names, route == "conditional");
    b.line(format!("{sp} {t} *same = &{obj}[{slot}];"));
    match route {
        "direct" | "helper-parameter" => {
            b.line(format!("{t} *p = &{obj}[{slot}];"));
        }
        "helper-returned" => {
            b.line(format!("{t} *p = pass_{tag}(&{obj}[{slot}]);"));
        }
        "struct-member" => {
            b.line(format!("struct gref_{tag} r;"));
            b.line("r.pad = 0;");
            b.line(format!("r.ptr = &{obj}[{slot}];"));
            b.line(format!("{t} *p = r.ptr;"));
        }
        "conditional" => {
            b.line(format!(
                "{t} *p = gi < 100000 ? ({t} *)&{obj}[{slot}] : ({t} *)&alt[0];"
            ));
        }
        _ => {
            b.line(format!("{t} *g = &{obj}[{slot}];"));
            b.line(format!("{sp} {t} *n = ({sp} {t} *)g;"));
            b.line(format!("{t} *p = n;"));
        }
    }
    if fence {
        b.line("(void)same;");
    }
    let per = |o: &str| {
        outs.iter()
            .find(|(n, _)| n == o)
            .map_or(0, |(_, c)| c.len())
    };
    if route == "helper-parameter" {
        let args: Vec<String> = names
            .iter()
            .map(|o| format!("{o} + gi * {}", per(o)))
            .collect();
        b.line(format!("check_{tag}(p, same, {});", args.join(", ")));
    } else {
        emit(&mut b, &|o| format!("({o} + gi * {})", per(o)));
    }
    b.close();
    let shape = SHAPES[0];
    b.run(format!("launch: run_{tag} {}", shape.range));
    for (o, checks) in &outs {
        b.run(format!(
            "arg: buffer int[{}] {o}",
            shape.items * checks.len()
        ));
    }
    object_args(&mut b, space, ty, shape.items, shape.group);
    for (o, checks) in &outs {
        b.run(expect_list(o, &vec![1; shape.items * checks.len()]));
    }
    out.push(b.finish());
}

/// Two generic pointers into one object: ordering, difference, equality after arithmetic,
/// inequality, and a round trip through the named space comparing equal.
fn compare(out: &mut Out, space: Space, ty: Ty) {
    let dims = vec![
        ("space", space.slug().to_string()),
        ("route", "compare-difference".to_string()),
        ("type", ty.slug()),
    ];
    let (mut b, tag) = start(RuleId::GenericDeref, space.profiles(), dims, &[ty]);
    b.storage(space.storage());
    let sp = space.named();
    b.doc(format!(
        "Generic pointers two elements apart in one {sp} object compare, subtract and round-trip as pointers to that object; each check writes 1."
    ));
    let t = ty.c_name(&tag);
    let (obj, slot) = space.object();
    if space == GlobalProgram {
        b.line(format!("global {t} gtab_{tag}[18];"));
    }
    kernel(&mut b, space, &t, &tag, &["out"], false);
    b.line(format!("{t} *a = &{obj}[{slot}];"));
    b.line(format!("{t} *c = &{obj}[{slot} + 2];"));
    b.line(format!("{sp} {t} *n = ({sp} {t} *)c;"));
    b.line(format!("{t} *back = n;"));
    let checks = [
        "a < c",
        "c - a == 2",
        "a + 2 == c",
        "a != c",
        "back == c",
        "(c - 2) == a",
    ];
    for (i, c) in checks.iter().enumerate() {
        b.line(format!("out[gi * {} + {i}] = {c};", checks.len()));
    }
    b.close();
    let shape = SHAPES[0];
    b.run(format!("launch: run_{tag} {}", shape.range));
    b.run(out_arg(Scalar::Int, shape.items * checks.len()));
    object_args(&mut b, space, ty, shape.items, shape.group);
    b.run(expect_list("out", &vec![1; shape.items * checks.len()]));
    out.push(b.finish());
}
