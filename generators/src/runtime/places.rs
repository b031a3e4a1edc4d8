//! Where a value lives × how the kernel reaches it × element type × launch shape.
//!
//! Objects the host or an initialiser fills (a `__global` or `__constant` buffer, a
//! program-scope `__constant` table) are read at the work-item's own slot. Objects the kernel
//! fills (program-scope and static `__global`, `__local`, private) are written through the
//! access and read back through it at another slot: a `__local` tile at the slot of the
//! work-item mirrored in its group, after a barrier (so a group that saw another's tile, or no
//! tile shared, shows); a program-scope or static global in a second kernel, at the mirrored
//! slot of the whole range (persistence across kernels); private at the same slot.

use super::types::{Scalar, Ty};
use super::{expect_list, expected, make_value, out_arg, start, v, write_out, Shape, IDS, SHAPES};
use crate::case::{c_profiles, with, Builder};
use crate::enumerate::Out;
use crate::statics::Storage;
use checker::spec::{Feature, Profile, RuleId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    GlobalBuffer,
    ConstantArg,
    ConstantProgram,
    GlobalProgram,
    StaticHelper,
    LocalVar,
    LocalArg,
    Private,
}

use Place::*;

impl Place {
    const ALL: [Place; 8] = [
        GlobalBuffer,
        ConstantArg,
        ConstantProgram,
        GlobalProgram,
        StaticHelper,
        LocalVar,
        LocalArg,
        Private,
    ];

    fn slug(self) -> &'static str {
        match self {
            GlobalBuffer => "global-buffer",
            ConstantArg => "constant-arg",
            ConstantProgram => "constant-program",
            GlobalProgram => "global-program",
            StaticHelper => "static-helper",
            LocalVar => "local-var",
            LocalArg => "local-arg",
            Private => "private",
        }
    }

    fn space(self) -> &'static str {
        match self {
            GlobalBuffer | GlobalProgram | StaticHelper => "global",
            ConstantArg | ConstantProgram => "constant",
            LocalVar | LocalArg => "local",
            Private => "private",
        }
    }

    fn profiles(self) -> Vec<Profile> {
        match self {
            GlobalProgram | StaticHelper => with(&c_profiles(), Feature::ProgramScopeGlobals, true),
            _ => c_profiles(),
        }
    }

    /// The rule a plain access to the place is evidence for.
    fn rule(self) -> RuleId {
        match self {
            GlobalBuffer => RuleId::GlobalAccess,
            ConstantArg | ConstantProgram => RuleId::ConstantReadable,
            GlobalProgram | StaticHelper => RuleId::GlobalPersist,
            LocalVar | LocalArg => RuleId::LocalPerGroup,
            Private => RuleId::PrivateIsolation,
        }
    }

    fn read_only(self) -> bool {
        matches!(self, GlobalBuffer | ConstantArg | ConstantProgram)
    }

    fn is_local(self) -> bool {
        matches!(self, LocalVar | LocalArg)
    }

    /// Where the object lives when it has static storage duration (the `storage` property).
    fn storage(self) -> Option<Storage> {
        match self {
            GlobalProgram => Some(Storage::Program),
            StaticHelper => Some(Storage::StaticHelper),
            ConstantProgram => Some(Storage::ConstantProgram),
            GlobalBuffer | ConstantArg | LocalVar | LocalArg | Private => None,
        }
    }

    fn is_program(self) -> bool {
        matches!(self, GlobalProgram | StaticHelper)
    }
}

/// How the kernel reaches an element of the object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Direct,
    Named,
    Generic,
    Helper,
    GenericHelper,
    Member,
    Arith,
    Vload,
}

impl Access {
    const ALL: [Access; 8] = [
        Access::Direct,
        Access::Named,
        Access::Generic,
        Access::Helper,
        Access::GenericHelper,
        Access::Member,
        Access::Arith,
        Access::Vload,
    ];

    fn slug(self) -> &'static str {
        match self {
            Access::Direct => "direct",
            Access::Named => "named-pointer",
            Access::Generic => "generic-pointer",
            Access::Helper => "helper-returned",
            Access::GenericHelper => "generic-helper-returned",
            Access::Member => "struct-member",
            Access::Arith => "pointer-arithmetic",
            Access::Vload => "vload-vstore",
        }
    }

    fn generic(self) -> bool {
        matches!(self, Access::Generic | Access::GenericHelper)
    }

    fn doc(self) -> &'static str {
        match self {
            Access::Direct => "indexing the object itself",
            Access::Named => "a pointer to its named space",
            Access::Generic => "a generic pointer",
            Access::Helper => "a pointer passed to a helper and returned from it",
            Access::GenericHelper => "a generic pointer passed to a helper and returned from it",
            Access::Member => "a struct member that points to it",
            Access::Arith => "pointer arithmetic",
            Access::Vload => "vload and vstore",
        }
    }
}

pub fn all(out: &mut Out) {
    for place in Place::ALL {
        for access in Access::ALL {
            if access.generic() && place.space() == "constant" {
                continue; // __constant is outside the generic space.
            }
            for ty in Ty::all() {
                if access == Access::Vload && !matches!(ty, Ty::Vector(..)) {
                    continue;
                }
                for shape in SHAPES {
                    let wide = matches!(
                        ty,
                        Ty::Scalar(Scalar::Int) | Ty::Vector(Scalar::Float, 4) | Ty::Padded
                    );
                    if shape.slug == "1d" || wide {
                        reach(out, place, access, ty, shape);
                    }
                }
            }
        }
        for ty in Ty::all() {
            if ty.is_struct()
                || matches!(ty, Ty::Scalar(Scalar::Half) | Ty::Vector(Scalar::Half, _))
            {
                continue; // async copies are for scalar and vector gentypes; half needs more
            }
            for strided in [false, true] {
                async_copy(out, place, ty, strided);
            }
        }
        for op in ["add", "max", "or"] {
            for s in [Scalar::Int, Scalar::UInt] {
                for shape in SHAPES {
                    atomic(out, place, op, s, shape);
                }
            }
        }
    }
}

/// The profiles of a case, or none when the combination has none.
fn profiles(place: Place, generic: bool) -> Vec<Profile> {
    let ps = place.profiles();
    if generic {
        with(&ps, Feature::GenericAddressSpace, true)
    } else {
        ps
    }
}

/// File-scope declarations an access needs, and the lvalue of `obj[slot]` through it.
struct Path {
    setup: Vec<String>,
    lvalue: String,
}

fn helper(access: Access, sp: &str, t: &str, tag: &str) -> Option<String> {
    match access {
        Access::Helper => Some(format!(
            "{sp} {t} *at_{tag}({sp} {t} *base, int n) {{ return base + n; }}"
        )),
        Access::GenericHelper => Some(format!(
            "{t} *at_{tag}({t} *base, int n) {{ return base + n; }}"
        )),
        Access::Member => Some(format!("struct ref_{tag} {{ {sp} {t} *ptr; int slot; }};")),
        _ => None,
    }
}

fn path(access: Access, sp: &str, t: &str, tag: &str, obj: &str, slot: &str, w: &str) -> Path {
    let (setup, lvalue) = match access {
        Access::Direct | Access::Vload => (vec![], format!("{obj}[{slot}]")),
        Access::Named => (
            vec![format!("{sp} {t} *p{w} = &{obj}[{slot}];")],
            format!("*p{w}"),
        ),
        Access::Generic => (
            vec![format!("{t} *p{w} = &{obj}[{slot}];")],
            format!("*p{w}"),
        ),
        Access::Helper | Access::GenericHelper => (vec![], format!("*at_{tag}({obj}, {slot})")),
        Access::Member => (
            vec![
                format!("struct ref_{tag} r{w};"),
                format!("r{w}.ptr = {obj};"),
                format!("r{w}.slot = {slot};"),
            ],
            format!("r{w}.ptr[r{w}.slot]"),
        ),
        Access::Arith => (
            vec![
                format!("{sp} {t} *p{w} = {obj};"),
                format!("p{w} += {slot} + 3;"),
            ],
            format!("*(p{w} - 3)"),
        ),
    };
    Path { setup, lvalue }
}

/// The case for one place, access, type and shape.
fn reach(out: &mut Out, place: Place, access: Access, ty: Ty, shape: Shape) {
    let ps = profiles(place, access.generic());
    let rule = if access.generic() {
        RuleId::GenericDeref
    } else {
        place.rule()
    };
    let dims = vec![
        ("place", place.slug().to_string()),
        ("access", access.slug().to_string()),
        ("type", ty.slug()),
        ("shape", shape.slug.to_string()),
    ];
    let (mut b, tag) = start(rule, ps, dims, &[ty]);
    b.storage(place.storage());
    b.also(place.rule());
    b.doc(format!(
        "A {} object in {} reached through {}, in a {} launch: every lane read back holds the value stored there.",
        ty.slug(),
        place.slug(),
        access.doc(),
        shape.slug
    ));
    let n = ty.lanes().len();
    // vload/vstore work on the vector's elements: the object is an array of them.
    let (obj_ty, per) = match (access, ty) {
        (Access::Vload, Ty::Vector(s, n)) => (Ty::Scalar(s), n),
        _ => (ty, 1),
    };
    let t = obj_ty.c_name(&tag);
    let sp = place.space();
    let items = shape.items;
    let vn = per; // vloadN / vstoreN width
    let read = |p: &Path, slot: &str| match access {
        Access::Vload => format!(
            "vload{vn}({slot}, {})",
            p.lvalue.split('[').next().unwrap_or("")
        ),
        _ => p.lvalue.clone(),
    };
    let write = |p: &Path, slot: &str, val: &str| match access {
        Access::Vload => format!(
            "vstore{vn}({val}, {slot}, {});",
            p.lvalue.split('[').next().unwrap_or("")
        ),
        _ => format!("{} = {val};", p.lvalue),
    };
    let tyname = ty.c_name(&tag);
    // Host- or initialiser-filled values: element t, lane c of the object (in its own type).
    let init = |t_: usize, c: usize| v(t_ * obj_ty.lanes().len() + c);
    let count = items * per;
    match place {
        ConstantProgram => {
            let lits: Vec<String> = (0..count)
                .map(|i| obj_ty.literal(&tag, |c| init(i, c).to_string()))
                .collect();
            b.line(format!(
                "constant {t} ctab_{tag}[{count}] = {{{}}};",
                lits.join(", ")
            ));
        }
        _ => global_storage(&mut b, place, &t, &format!("gtab_{tag}"), &tag, count),
    }
    if let Some(h) = helper(access, sp, &t, &tag) {
        b.line(h);
    }
    let obj = match place {
        ConstantProgram => format!("ctab_{tag}"),
        GlobalProgram => format!("gtab_{tag}"),
        LocalVar | LocalArg => "tile".into(),
        Private => "priv".into(),
        _ => "obj".into(),
    };
    let out_s = ty.out_scalar();
    let param = match place {
        GlobalBuffer => format!(", global {t} *obj"),
        ConstantArg => format!(", constant {t} *obj"),
        LocalArg => format!(", local {t} *tile"),
        _ => String::new(),
    };
    let kernel = |b: &mut Builder, name: &str| {
        b.open(format!(
            "kernel void {name}_{tag}(global {} *out{param})",
            out_s.name()
        ));
    };
    let want: Vec<i64>;
    if place.read_only() {
        kernel(&mut b, "run");
        ids(&mut b);
        let p = path(access, sp, &t, &tag, &obj, "gi", "r");
        for l in &p.setup {
            b.line(l);
        }
        b.line(format!("{tyname} x = {};", read(&p, "gi")));
        for l in write_out(ty, "x", "gi") {
            b.line(l);
        }
        b.close();
        b.run(format!("launch: run_{tag} {}", shape.range));
        want = expected(ty, items, |i| i);
    } else if place.is_program() {
        for (k, name) in ["put", "get"].into_iter().enumerate() {
            kernel(&mut b, name);
            ids(&mut b);
            if place == StaticHelper {
                b.line(format!("global {t} *obj = store_{tag}();"));
            }
            if k == 0 {
                for l in make_value(ty, &tag, "val", "gi") {
                    b.line(l);
                }
                let p = path(access, sp, &t, &tag, &obj, "gi", "w");
                for l in &p.setup {
                    b.line(l);
                }
                b.line(write(&p, "gi", "val"));
            } else {
                b.line("int src = (int)(get_global_size(0) * get_global_size(1) * get_global_size(2)) - 1 - gi;");
                let p = path(access, sp, &t, &tag, &obj, "src", "r");
                for l in &p.setup {
                    b.line(l);
                }
                b.line(format!("{tyname} x = {};", read(&p, "src")));
                for l in write_out(ty, "x", "gi") {
                    b.line(l);
                }
            }
            b.close();
            b.run(format!("launch: {name}_{tag} {}", shape.range));
        }
        want = expected(ty, items, |i| items - 1 - i);
    } else {
        kernel(&mut b, "run");
        match place {
            LocalVar => b.line(format!("local {t} tile[{}];", 8 * per)),
            Private => b.line(format!("{t} priv[{}];", 3 * per)),
            _ => &mut b,
        };
        ids(&mut b);
        for l in make_value(ty, &tag, "val", "gi") {
            b.line(l);
        }
        let (ws, rs) = if place.is_local() {
            ("lid", "L - 1 - lid")
        } else {
            ("1", "1")
        };
        let p = path(access, sp, &t, &tag, &obj, ws, "w");
        for l in &p.setup {
            b.line(l);
        }
        b.line(write(&p, ws, "val"));
        if place.is_local() {
            b.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
        let p = path(access, sp, &t, &tag, &obj, rs, "r");
        for l in &p.setup {
            b.line(l);
        }
        b.line(format!("{tyname} x = {};", read(&p, rs)));
        for l in write_out(ty, "x", "gi") {
            b.line(l);
        }
        b.close();
        b.run(format!("launch: run_{tag} {}", shape.range));
        want = if place.is_local() {
            let l = shape.group;
            expected(ty, items, |i| (i / l) * l + (l - 1 - i % l))
        } else {
            expected(ty, items, |i| i)
        };
    }
    b.run(out_arg(out_s, items * n));
    match place {
        GlobalBuffer | ConstantArg => {
            b.run(obj_ty.buffer_arg("obj", count, init));
        }
        LocalArg => {
            b.run(format!("arg: local {}", shape.group * per * obj_ty.size()));
        }
        _ => {}
    }
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// The `__global` storage of `count` `t` that a place of static storage needs: a program-scope
/// array `name`, or a helper `store_TAG()` returning its `static` array; nothing elsewhere.
fn global_storage(
    b: &mut Builder,
    place: Place,
    t: &str,
    name: &str,
    tag: &str,
    count: impl std::fmt::Display,
) {
    match place {
        Place::GlobalProgram => {
            b.line(format!("global {t} {name}[{count}];"));
        }
        Place::StaticHelper => {
            b.open(format!("global {t} *store_{tag}(void)"));
            b.line(format!("static global {t} s[{count}];"));
            b.line("return s;");
            b.close();
        }
        _ => {}
    }
}

fn ids(b: &mut Builder) {
    for l in IDS {
        b.line(l);
    }
}

/// `async_work_group_copy` (or its strided form, stride 2 on the global side) between a
/// `__global` object and a `__local` tile; each work-item then reads the mirrored element.
fn async_copy(out: &mut Out, place: Place, ty: Ty, strided: bool) {
    let (global_to_local, rule_place) = match place {
        GlobalBuffer | GlobalProgram | StaticHelper => (true, place),
        LocalVar | LocalArg => (false, place),
        _ => return,
    };
    let shape = SHAPES[0];
    let stride = if strided { 2 } else { 1 };
    let dims = vec![
        ("place", place.slug().to_string()),
        (
            "access",
            if strided {
                "async-strided-copy"
            } else {
                "async-copy"
            }
            .to_string(),
        ),
        ("type", ty.slug()),
        ("shape", shape.slug.to_string()),
    ];
    let (mut b, tag) = start(RuleId::AsyncCopy, place.profiles(), dims, &[ty]);
    b.storage(place.storage());
    b.also(rule_place.rule());
    b.doc(format!(
        "async_work_group_{}copy of {} elements {} a {} object; every work-item then reads the mirrored element.",
        if strided { "strided_" } else { "" },
        ty.slug(),
        if global_to_local { "from" } else { "into" },
        place.slug()
    ));
    let t = ty.c_name(&tag);
    let items = shape.items;
    let count = items * stride;
    let n = ty.lanes().len();
    let out_s = ty.out_scalar();
    let copy = |dst: &str, src: &str| {
        if strided {
            format!("event_t e = async_work_group_strided_copy({dst}, {src}, (size_t)L, 2, 0);")
        } else {
            format!("event_t e = async_work_group_copy({dst}, {src}, (size_t)L, 0);")
        }
    };
    let g = if strided { "grp * L * 2" } else { "grp * L" };
    global_storage(&mut b, place, &t, &format!("gtab_{tag}"), &tag, count);
    let obj = match place {
        GlobalProgram => format!("gtab_{tag}"),
        _ => "obj".into(),
    };
    let param = match place {
        GlobalBuffer => format!(", global {t} *obj"),
        LocalVar => format!(", global {t} *dst"),
        LocalArg => format!(", global {t} *dst, local {t} *tile"),
        _ => String::new(),
    };
    let head = |b: &mut Builder, name: &str| {
        b.open(format!(
            "kernel void {name}_{tag}(global {} *out{param})",
            out_s.name()
        ));
    };
    if place.is_program() {
        head(&mut b, "put");
        ids(&mut b);
        if place == StaticHelper {
            b.line(format!("global {t} *obj = store_{tag}();"));
        }
        for k in 0..stride {
            let var = format!("val{k}");
            for l in make_value(ty, &tag, &var, &format!("gi * {stride} + {k}")) {
                b.line(l);
            }
            b.line(format!("{obj}[gi * {stride} + {k}] = {var};"));
        }
        b.close();
        b.run(format!("launch: put_{tag} {}", shape.range));
    }
    head(&mut b, "run");
    if place != LocalArg {
        b.line(format!("local {t} tile[8];"));
    }
    ids(&mut b);
    if place == StaticHelper {
        b.line(format!("global {t} *obj = store_{tag}();"));
    }
    if global_to_local {
        b.line(copy("tile", &format!("{obj} + {g}")));
        b.line("wait_group_events(1, &e);");
        b.line(format!("{t} x = tile[L - 1 - lid];"));
    } else {
        for l in make_value(ty, &tag, "val", "gi") {
            b.line(l);
        }
        b.line("tile[lid] = val;");
        b.line("barrier(CLK_LOCAL_MEM_FENCE);");
        b.line(copy(&format!("dst + {g}"), "tile"));
        b.line("wait_group_events(1, &e);");
        b.line("barrier(CLK_GLOBAL_MEM_FENCE);");
        b.line(format!("{t} x = dst[(grp * L + L - 1 - lid) * {stride}];"));
    }
    for l in write_out(ty, "x", "gi") {
        b.line(l);
    }
    b.close();
    b.run(format!("launch: run_{tag} {}", shape.range));
    b.run(out_arg(out_s, items * n));
    let l = shape.group;
    let mirror = |i: usize| (i / l) * l + (l - 1 - i % l);
    // Values were made for element index `gi * stride` (global side) or `gi` (local side).
    let want: Vec<i64> = if global_to_local {
        expected(ty, items, |i| mirror(i) * stride)
    } else {
        expected(ty, items, mirror)
    };
    match place {
        GlobalBuffer => {
            b.run(ty.buffer_arg("obj", count, |t_, c| v(t_ * n + c)));
        }
        LocalVar => {
            b.run(format!(
                "arg: buffer {}[{}] dst",
                out_s.name(),
                count * ty.size() / out_s.size()
            ));
        }
        LocalArg => {
            b.run(format!(
                "arg: buffer {}[{}] dst",
                out_s.name(),
                count * ty.size() / out_s.size()
            ));
            b.run(format!("arg: local {}", l * ty.size()));
        }
        _ => {}
    }
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// Every work-item applies `atomic_<op>` to one of four slots; the slots start at known values.
fn atomic(out: &mut Out, place: Place, op: &str, s: Scalar, shape: Shape) {
    if !matches!(
        place,
        GlobalBuffer | GlobalProgram | StaticHelper | LocalVar | LocalArg
    ) {
        return;
    }
    let ty = Ty::Scalar(s);
    let dims = vec![
        ("place", place.slug().to_string()),
        ("access", format!("atomic-{op}")),
        ("type", ty.slug()),
        ("shape", shape.slug.to_string()),
    ];
    let (mut b, tag) = start(place.rule(), place.profiles(), dims, &[ty]);
    b.storage(place.storage());
    b.doc(format!(
        "atomic_{op} on {} slots of a {} object from every work-item of a {} launch.",
        s.name(),
        place.slug(),
        shape.slug
    ));
    let t = s.name();
    let start_value = |j: usize| v(50 + j);
    let fold = |acc: i64, x: i64| match op {
        "add" => acc + x,
        "max" => acc.max(x),
        _ => acc | x,
    };
    let update = format!("atomic_{op}(&obj[gi % 4], ({t}){});", super::v_expr("gi"));
    let local_update = format!("atomic_{op}(&tile[gi % 4], ({t}){});", super::v_expr("gi"));
    let items = shape.items;
    let want: Vec<i64>;
    match place {
        GlobalBuffer => {
            b.open(format!("kernel void run_{tag}(global {t} *obj)"));
            ids(&mut b);
            b.line(update);
            b.close();
            b.run(format!("launch: run_{tag} {}", shape.range));
            let init: Vec<String> = (0..4).map(|j| start_value(j).to_string()).collect();
            b.run(format!("arg: buffer {t}[4] obj = {{{}}}", init.join(", ")));
            want = (0..4)
                .map(|j| {
                    (0..items)
                        .filter(|g| g % 4 == j)
                        .fold(start_value(j), |a, g| fold(a, v(g)))
                })
                .collect();
            b.run(expect_list("obj", &want));
        }
        GlobalProgram | StaticHelper => {
            global_storage(&mut b, place, t, &format!("slots_{tag}"), &tag, 4);
            let obj = if place == GlobalProgram {
                format!("global {t} *obj = slots_{tag};")
            } else {
                format!("global {t} *obj = store_{tag}();")
            };
            for (name, body) in [
                (
                    "put",
                    format!("if (gi < 4) obj[gi] = ({t}){};", super::v_expr("gi + 50")),
                ),
                ("update", update.clone()),
                ("get", "if (gi < 4) out[gi] = obj[gi];".to_string()),
            ] {
                b.open(format!("kernel void {name}_{tag}(global {t} *out)"));
                ids(&mut b);
                b.line(&obj);
                b.line(body);
                b.close();
                b.run(format!("launch: {name}_{tag} {}", shape.range));
            }
            b.run(out_arg(s, 4));
            want = (0..4)
                .map(|j| {
                    (0..items)
                        .filter(|g| g % 4 == j)
                        .fold(start_value(j), |a, g| fold(a, v(g)))
                })
                .collect();
            b.run(expect_list("out", &want));
        }
        _ => {
            let param = if place == LocalArg {
                format!(", local {t} *tile")
            } else {
                String::new()
            };
            b.open(format!("kernel void run_{tag}(global {t} *out{param})"));
            if place == LocalVar {
                b.line(format!("local {t} tile[4];"));
            }
            ids(&mut b);
            b.line(format!(
                "if (lid < 4) tile[lid] = ({t})(((lid + 50) * 5 + 3) % 61 + 1);"
            ));
            b.line("barrier(CLK_LOCAL_MEM_FENCE);");
            b.line(local_update);
            b.line("barrier(CLK_LOCAL_MEM_FENCE);");
            b.line("if (lid < 4) out[grp * 4 + lid] = tile[lid];");
            b.close();
            b.run(format!("launch: run_{tag} {}", shape.range));
            let groups = items / shape.group;
            b.run(out_arg(s, groups * 4));
            if place == LocalArg {
                b.run(format!("arg: local {}", 4 * s.size()));
            }
            want = (0..groups * 4)
                .map(|k| {
                    let (g, j) = (k / 4, k % 4);
                    (g * shape.group..(g + 1) * shape.group)
                        .filter(|gi| gi % 4 == j)
                        .fold(start_value(j), |a, gi| fold(a, v(gi)))
                })
                .collect();
            b.run(expect_list("out", &want));
        }
    }
    out.push(b.finish());
}
