//! Program-scope and static variables at run time: initial values (none, a literal, a
//! constant expression, a partly initialised array) of every type; values that persist
//! across launches and across the kernels of one program; pointer-valued globals initialised
//! with another global's address; distinct storage for two variables and for same-named
//! statics.

use super::types::{Scalar, Ty};
use super::{expect_list, make_value, out_arg, start, v, write_out};
use crate::case::{c_profiles, with};
use crate::enumerate::Out;
use crate::statics::{self, Storage};
use checker::spec::{Feature, Profile, RuleId};

fn globals() -> Vec<Profile> {
    with(&c_profiles(), Feature::ProgramScopeGlobals, true)
}

const STORAGES: [Storage; 4] = [
    Storage::Program,
    Storage::StaticKernel,
    Storage::StaticHelper,
    Storage::ConstantProgram,
];
const INITS: [&str; 4] = ["zero", "literal", "expression", "array-partial"];

pub fn all(out: &mut Out) {
    for ty in Ty::all() {
        for storage in STORAGES {
            for init in INITS {
                init_value(out, ty, storage, init);
            }
        }
        distinct(out, ty, false);
        distinct(out, ty, true);
    }
    for s in Scalar::all() {
        for storage in [
            Storage::Program,
            Storage::StaticKernel,
            Storage::StaticHelper,
        ] {
            for kernels in [1, 2] {
                for launches in [2, 3, 5] {
                    persist(out, s, storage, kernels, launches);
                }
            }
        }
    }
    for s in [Scalar::Int, Scalar::Float, Scalar::Long, Scalar::UChar] {
        for pointee in [
            "variable",
            "array-element",
            "constant-variable",
            "pointer-chain",
        ] {
            pointer_global(out, s, pointee);
        }
    }
}

/// Lane `c` of an initialised element `e`: distinct from lane to lane and element to element.
fn lane_value(e: usize, c: usize) -> i64 {
    v(100 + e * 16 + c)
}

/// A variable (or array) with an initialiser or none, read by one work-item.
fn init_value(out: &mut Out, ty: Ty, storage: Storage, init: &str) {
    if storage == Storage::ConstantProgram && init == "zero" {
        return; // a __constant variable must be initialised
    }
    let (rule, profiles) = if storage == Storage::ConstantProgram {
        (RuleId::ConstantReadable, c_profiles())
    } else {
        (RuleId::GlobalInitValue, globals())
    };
    let dims = vec![
        (statics::KEY, storage.tag().to_string()),
        ("init", init.to_string()),
        ("type", ty.slug()),
    ];
    let (mut b, tag) = start(rule, profiles, dims, &[ty]);
    b.doc(format!(
        "A {} {} variable initialised by `{init}` holds that value (zero where nothing initialises it) before any write.",
        storage.tag(),
        ty.slug()
    ));
    let t = ty.c_name(&tag);
    let lanes = ty.lanes().len();
    let count = if init == "array-partial" { 3 } else { 1 };
    let lit = |e: usize| match init {
        "expression" => ty.literal(&tag, |c| {
            let x = lane_value(e, c);
            format!("({} * 3 - {x} * 2)", x)
        }),
        _ => ty.literal(&tag, |c| lane_value(e, c).to_string()),
    };
    let decl = match init {
        "zero" => format!("{t} var_{tag}"),
        "array-partial" => format!("{t} var_{tag}[3] = {{{}}}", lit(0)),
        _ => format!("{t} var_{tag} = {}", lit(0)),
    };
    let space = if storage == Storage::ConstantProgram {
        "constant"
    } else {
        "global"
    };
    let read = |i: usize| {
        if init == "array-partial" {
            format!("var_{tag}[{i}]")
        } else {
            format!("var_{tag}")
        }
    };
    match storage {
        Storage::Program | Storage::ConstantProgram => {
            b.line(format!("{space} {decl};"));
        }
        Storage::StaticHelper => {
            b.open(format!("{t} read_{tag}(int i)"));
            b.line(format!("static global {decl};"));
            b.line("(void)i;");
            b.line(if init == "array-partial" {
                format!("return var_{tag}[i];")
            } else {
                format!("return var_{tag};")
            });
            b.close();
        }
        _ => {}
    }
    b.open(format!(
        "kernel void run_{tag}(global {} *out)",
        ty.out_scalar().name()
    ));
    if storage == Storage::StaticKernel {
        b.line(format!("static global {decl};"));
    }
    for i in 0..count {
        let src = if storage == Storage::StaticHelper {
            format!("read_{tag}({i})")
        } else {
            read(i)
        };
        b.line(format!("{t} x{i} = {src};"));
        for l in write_out(ty, &format!("x{i}"), &i.to_string()) {
            b.line(l);
        }
    }
    b.close();
    b.run(format!("launch: run_{tag} 1"));
    b.run(out_arg(ty.out_scalar(), count * lanes));
    let want: Vec<i64> = (0..count * lanes)
        .map(|j| {
            let (e, c) = (j / lanes, j % lanes);
            if init == "zero" || e > 0 {
                0
            } else {
                lane_value(e, c)
            }
        })
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// A counter bumped once per launch (by one work-item), by one kernel or by two in turn.
fn persist(out: &mut Out, s: Scalar, storage: Storage, kernels: usize, launches: usize) {
    if storage == Storage::StaticKernel && kernels == 2 {
        return; // a static belongs to one function
    }
    let ty = Ty::Scalar(s);
    let dims = vec![
        (statics::KEY, storage.tag().to_string()),
        ("kernels", format!("{kernels}-kernels")),
        ("launches", format!("{launches}-launches")),
        ("type", ty.slug()),
    ];
    let (mut b, tag) = start(RuleId::GlobalPersist, globals(), dims, &[ty]);
    b.doc(format!(
        "A {} {} counter keeps its value across {launches} launches of {kernels} kernel(s) of one program.",
        storage.tag(),
        s.name()
    ));
    let t = s.name();
    match storage {
        Storage::Program => {
            b.line(format!("global {t} count_{tag};"));
        }
        Storage::StaticHelper => {
            b.open(format!("global {t} *counter_{tag}(void)"));
            b.line(format!("static global {t} c;"));
            b.line("return &c;");
            b.close();
        }
        _ => {}
    }
    let names: Vec<String> = (0..kernels).map(|k| format!("bump{k}_{tag}")).collect();
    for name in &names {
        b.open(format!("kernel void {name}(global {t} *out)"));
        let c = match storage {
            Storage::Program => format!("count_{tag}"),
            Storage::StaticHelper => {
                b.line(format!("global {t} *c = counter_{tag}();"));
                "*c".into()
            }
            _ => {
                b.line(format!("static global {t} c;"));
                "c".into()
            }
        };
        b.line(format!("{t} now = {c} + ({t})1;"));
        b.line(format!("{c} = now;"));
        b.line("out[(int)now - 1] = now;");
        b.close();
    }
    for l in 0..launches {
        b.run(format!("launch: {} 1", names[l % kernels]));
    }
    b.run(out_arg(s, 8));
    let want: Vec<i64> = (0..8)
        .map(|k| if k < launches { k as i64 + 1 } else { 0 })
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// A program-scope pointer initialised with the address of another program-scope object; the
/// kernel reads through it, writes through it, and reads the object directly.
fn pointer_global(out: &mut Out, s: Scalar, pointee: &str) {
    let ty = Ty::Scalar(s);
    let dims = vec![("pointee", pointee.to_string()), ("type", ty.slug())];
    let (mut b, tag) = start(RuleId::GlobalInitValue, globals(), dims, &[ty]);
    b.storage(Some(Storage::Program));
    b.doc(format!(
        "A program-scope pointer initialised with the address of a program-scope {pointee} of {} points to it.",
        s.name()
    ));
    let t = s.name();
    let (a, x) = (v(7), v(8));
    let writes = pointee != "constant-variable";
    match pointee {
        "variable" => {
            b.line(format!("global {t} target_{tag} = {a};"));
            b.line(format!("global {t} *global ptr_{tag} = &target_{tag};"));
        }
        "array-element" => {
            b.line(format!("global {t} target_{tag}[4] = {{1, 2, {a}, 4}};"));
            b.line(format!("global {t} *global ptr_{tag} = &target_{tag}[2];"));
        }
        "constant-variable" => {
            b.line(format!("constant {t} target_{tag} = {a};"));
            b.line(format!("constant {t} *global ptr_{tag} = &target_{tag};"));
        }
        _ => {
            b.line(format!("global {t} target_{tag} = {a};"));
            b.line(format!("global {t} *global inner_{tag} = &target_{tag};"));
            b.line(format!(
                "global {t} *global *global ptr_{tag} = &inner_{tag};"
            ));
        }
    }
    let deref = if pointee == "pointer-chain" {
        format!("**ptr_{tag}")
    } else {
        format!("*ptr_{tag}")
    };
    let direct = if pointee == "array-element" {
        format!("target_{tag}[2]")
    } else {
        format!("target_{tag}")
    };
    b.open(format!("kernel void run_{tag}(global {t} *out)"));
    b.line(format!("out[0] = {deref};"));
    if writes {
        b.line(format!("{deref} = ({t}){x};"));
        b.line(format!("out[1] = {direct};"));
    }
    b.close();
    b.run(format!("launch: run_{tag} 1"));
    b.run(out_arg(s, 2));
    b.run(expect_list("out", &[a, if writes { x } else { 0 }]));
    out.push(b.finish());
}

/// Two program-scope variables (or same-named statics in two helpers) written with different
/// values and read back: neither write shows through the other.
fn distinct(out: &mut Out, ty: Ty, statics: bool) {
    let dims = vec![
        (
            "variables",
            if statics {
                "same-name-statics"
            } else {
                "two-variables"
            }
            .to_string(),
        ),
        ("type", ty.slug()),
    ];
    let (mut b, tag) = start(RuleId::GlobalDistinct, globals(), dims, &[ty]);
    b.storage(Some(if statics {
        Storage::StaticHelper
    } else {
        Storage::Program
    }));
    b.doc(format!(
        "Two {} global objects written with different values keep their own.",
        ty.slug()
    ));
    let t = ty.c_name(&tag);
    let lanes = ty.lanes().len();
    if statics {
        for k in 0..2 {
            b.open(format!("global {t} *slot{k}_{tag}(void)"));
            b.line(format!("static global {t} cell;"));
            b.line("return &cell;");
            b.close();
        }
    } else {
        b.line(format!("global {t} first_{tag};"));
        b.line(format!("global {t} second_{tag};"));
    }
    b.open(format!(
        "kernel void run_{tag}(global {} *out)",
        ty.out_scalar().name()
    ));
    let (p0, p1) = if statics {
        (format!("slot0_{tag}()"), format!("slot1_{tag}()"))
    } else {
        (format!("&first_{tag}"), format!("&second_{tag}"))
    };
    b.line(format!("global {t} *a = {p0};"));
    b.line(format!("global {t} *c = {p1};"));
    for l in make_value(ty, &tag, "va", "0") {
        b.line(l);
    }
    for l in make_value(ty, &tag, "vc", "1") {
        b.line(l);
    }
    b.line("*a = va;");
    b.line("*c = vc;");
    b.line(format!("{t} ra = *a;"));
    b.line(format!("{t} rc = *c;"));
    for l in write_out(ty, "ra", "0") {
        b.line(l);
    }
    for l in write_out(ty, "rc", "1") {
        b.line(l);
    }
    b.close();
    b.run(format!("launch: run_{tag} 1"));
    b.run(out_arg(ty.out_scalar(), 2 * lanes));
    let want: Vec<i64> = (0..2 * lanes).map(v).collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}
