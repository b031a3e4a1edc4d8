//! `__local` semantics and the limits and queries of the API: isolation between work-groups,
//! dynamic `__local` arguments of every type, size and alignment, distinct `__local`
//! allocations, `CL_KERNEL_LOCAL_MEM_SIZE` against the declared sizes, local and constant
//! limits (within: the kernel runs; over: a step fails cleanly), the program's global-variable
//! total and `CL_KERNEL_ARG_ADDRESS_QUALIFIER`.

use super::types::{Scalar, Ty};
use super::{expect_list, make_value, out_arg, start, write_out, IDS};
use crate::case::{c_profiles, with};
use crate::enumerate::Out;
use crate::statics::Storage;
use checker::spec::{Feature, RuleId};

pub fn all(out: &mut Out) {
    for groups in [2, 4, 8] {
        for local in [1, 4, 16, 64] {
            for dims in [1, 2] {
                isolation(out, groups, local, dims);
            }
        }
    }
    for ty in Ty::all() {
        for count in [1, 3, 16] {
            for pad in [0, 1, 6] {
                local_arg(out, ty, count, pad);
            }
        }
    }
    for var in [0, 16, 1024, 8192] {
        for arg in [0, 32, 4096] {
            if var + arg > 0 {
                local_mem_size(out, var, arg);
            }
        }
    }
    for ty in [
        Ty::Scalar(Scalar::Int),
        Ty::Vector(Scalar::Float, 4),
        Ty::Scalar(Scalar::Char),
        Ty::Padded,
    ] {
        for args in [2, 3] {
            for var in [false, true] {
                no_alias(out, ty, args, var);
            }
        }
    }
    for bytes in [1024, 16384, 32768, 65600, 262144, 1 << 20, 1 << 24] {
        for form in ["variable", "argument"] {
            local_limit(out, bytes, form);
        }
    }
    for n in [1, 2, 4, 8, 9, 16, 65] {
        constant_args(out, n);
    }
    for bytes in [4096, 65536, 65540, 1 << 20, 4 << 20] {
        constant_size(out, bytes);
    }
    for size in [4, 256, 65536] {
        for vars in [1, 3] {
            global_total(out, size, vars);
        }
    }
    for within in [true, false] {
        reported_constant_args(out, within);
        if within {
            reported_constant_args_alone(out);
        }
        reported_constant_size(out, within);
        for form in ["variable", "argument"] {
            reported_local_size(out, form, within);
        }
        reported_global_size(out, within);
    }
    for ty in [
        Ty::Scalar(Scalar::Int),
        Ty::Vector(Scalar::Float, 4),
        Ty::Padded,
    ] {
        for place in ["only", "first", "last"] {
            local_arg_non_null(out, ty, place);
        }
    }
    let kinds = ["global", "local", "constant", "private"];
    for ty in [
        Ty::Scalar(Scalar::Int),
        Ty::Vector(Scalar::Float, 4),
        Ty::Padded,
    ] {
        for a in kinds {
            for b in kinds {
                if a != b {
                    arg_qualifiers(out, ty, [a, b]);
                }
            }
        }
    }
}

/// Every work-group fills a `__local` tile with its group number and sums it after a barrier.
fn isolation(out: &mut Out, groups: usize, local: usize, dims: usize) {
    let side = (local as f64).sqrt() as usize;
    if dims == 2 && side * side != local {
        return;
    }
    let range = if dims == 1 {
        format!("{}/{local}", groups * local)
    } else {
        format!("{}x{}/{side}x{side}", groups * side, side)
    };
    let d = vec![
        ("groups", format!("{groups}-groups")),
        ("local", format!("{local}-items")),
        ("dims", format!("{dims}d")),
    ];
    let (mut b, tag) = start(RuleId::LocalPerGroup, c_profiles(), d, &[]);
    b.doc(format!(
        "{groups} work-groups of {local} each fill their own __local tile and sum it after a barrier: no group sees another's values."
    ));
    b.open(format!("kernel void run_{tag}(global int *out)"));
    b.line("local int tile[64];");
    for l in IDS {
        b.line(l);
    }
    b.line("tile[lid] = grp + 1;");
    b.line("barrier(CLK_LOCAL_MEM_FENCE);");
    b.line("int sum = 0;");
    b.line("for (int k = 0; k < L; k++)");
    b.line("    sum += tile[k];");
    b.line("out[gi] = sum;");
    b.close();
    b.run(format!("launch: run_{tag} {range}"));
    let items = groups * local;
    b.run(out_arg(Scalar::Int, items));
    let want: Vec<i64> = (0..items)
        .map(|gi| ((gi / local + 1) * local) as i64)
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// A dynamic `__local` argument of `count` elements, after a `__local char` argument of `pad`
/// bytes (none: no such argument): it is aligned for its type, holds what is stored in it, and
/// does not overlap the padding argument.
fn local_arg(out: &mut Out, ty: Ty, count: usize, pad: usize) {
    let d = vec![
        ("type", ty.slug()),
        ("count", format!("{count}-elements")),
        ("pad", format!("after-{pad}-bytes")),
    ];
    let (mut b, tag) = start(RuleId::LocalArgSize, c_profiles(), d, &[ty]);
    b.doc(format!(
        "A __local {} argument of {count} element(s) set with clSetKernelArg(size, NULL) after {pad} byte(s) of another __local argument: aligned for its type, and it holds its values.",
        ty.slug()
    ));
    let t = ty.c_name(&tag);
    let lanes = ty.lanes().len();
    let pad_param = if pad > 0 { ", local char *pad" } else { "" };
    b.open(format!(
        "kernel void run_{tag}(global {} *out, global int *ok{pad_param}, local {t} *a)",
        ty.out_scalar().name()
    ));
    for l in IDS {
        b.line(l);
    }
    if pad > 0 {
        b.line(format!(
            "if (lid == 0) for (int k = 0; k < {pad}; k++) pad[k] = (char)(k + 7);"
        ));
    }
    b.open("if (lid == 0)");
    b.open(format!("for (int k = 0; k < {count}; k++)"));
    for l in make_value(ty, &tag, "val", "k") {
        b.line(l);
    }
    b.line("a[k] = val;");
    b.close();
    b.close();
    b.line("barrier(CLK_LOCAL_MEM_FENCE);");
    b.line(format!("{t} x = a[{count} - 1 - lid % {count}];"));
    for l in write_out(ty, "x", "gi") {
        b.line(l);
    }
    let mut ok = format!("((size_t)a % {}) == 0", ty.align());
    if pad > 0 {
        ok.push_str(&format!(" && pad[{}] == (char){}", pad - 1, pad - 1 + 7));
    }
    b.line(format!("ok[gi] = {ok};"));
    b.close();
    let (items, group) = (8, 4);
    b.run(format!("launch: run_{tag} {items}/{group}"));
    b.run(out_arg(ty.out_scalar(), items * lanes));
    b.run(out_arg(Scalar::Int, items).replace(" out", " ok"));
    if pad > 0 {
        b.run(format!("arg: local {pad}"));
    }
    b.run(format!("arg: local {}", count * ty.size()));
    let want: Vec<i64> = (0..items * lanes)
        .map(|j| {
            let (gi, c) = (j / lanes, j % lanes);
            let k = count - 1 - (gi % group) % count;
            super::v(k * lanes + c)
        })
        .collect();
    b.run(expect_list("out", &want));
    b.run(expect_list("ok", &[1; 8]));
    out.push(b.finish());
}

/// `CL_KERNEL_LOCAL_MEM_SIZE` is at least the bytes of the kernel's `__local` array plus the
/// size set for its `__local` argument.
fn local_mem_size(out: &mut Out, var: usize, arg: usize) {
    let d = vec![
        ("variable", format!("{var}-bytes")),
        ("argument", format!("{arg}-bytes")),
    ];
    let (mut b, tag) = start(RuleId::KernelLocalMemSize, c_profiles(), d, &[]);
    b.also(RuleId::LocalPerGroup);
    b.doc(format!(
        "CL_KERNEL_LOCAL_MEM_SIZE counts a {var}-byte __local array and a {arg}-byte __local argument."
    ));
    let arg_param = if arg > 0 { ", local int *scratch" } else { "" };
    b.open(format!("kernel void run_{tag}(global int *out{arg_param})"));
    if var > 0 {
        b.line(format!("local int tile[{}];", var / 4));
    }
    for l in IDS {
        b.line(l);
    }
    let mut sum = Vec::new();
    if var > 0 {
        b.line(format!("tile[lid * {}] = gi + 1;", var / 4 / 4));
        sum.push(format!("tile[(L - 1 - lid) * {}]", var / 4 / 4));
    }
    if arg > 0 {
        b.line(format!("scratch[lid * {}] = gi + 2;", arg / 4 / 4));
        sum.push(format!("scratch[(L - 1 - lid) * {}]", arg / 4 / 4));
    }
    b.line("barrier(CLK_LOCAL_MEM_FENCE);");
    b.line(format!("out[gi] = {};", sum.join(" + ")));
    b.close();
    b.run(format!(
        "requires: CL_DEVICE_LOCAL_MEM_SIZE >= {}",
        var + arg
    ));
    b.run(format!("launch: run_{tag} 8/4"));
    b.run(out_arg(Scalar::Int, 8));
    if arg > 0 {
        b.run(format!("arg: local {arg}"));
    }
    b.run(format!(
        "query: kernel-local-mem-size run_{tag} >= {}",
        var + arg
    ));
    let want: Vec<i64> = (0..8)
        .map(|gi| {
            let m = (gi / 4) * 4 + 3 - gi % 4;
            (if var > 0 { m + 1 } else { 0 } + if arg > 0 { m + 2 } else { 0 }) as i64
        })
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// Several `__local` arguments (and a `__local` array) written with different values: none
/// shows through another.
fn no_alias(out: &mut Out, ty: Ty, args: usize, var: bool) {
    let d = vec![
        ("type", ty.slug()),
        ("args", format!("{args}-arguments")),
        (
            "variable",
            if var { "with-array" } else { "no-array" }.to_string(),
        ),
    ];
    let (mut b, tag) = start(RuleId::LocalNoAlias, c_profiles(), d, &[ty]);
    b.doc(format!(
        "{args} __local {} arguments{} written with different values keep their own.",
        ty.slug(),
        if var { " and a __local array" } else { "" }
    ));
    let t = ty.c_name(&tag);
    let lanes = ty.lanes().len();
    let params: Vec<String> = (0..args).map(|k| format!("local {t} *a{k}")).collect();
    b.open(format!(
        "kernel void run_{tag}(global {} *out, {})",
        ty.out_scalar().name(),
        params.join(", ")
    ));
    let mut names: Vec<String> = (0..args).map(|k| format!("a{k}")).collect();
    if var {
        b.line(format!("local {t} arr[4];"));
        names.push("arr".into());
    }
    for l in IDS {
        b.line(l);
    }
    let m = names.len();
    for (k, n) in names.iter().enumerate() {
        for l in make_value(ty, &tag, &format!("v{k}"), &format!("gi * {m} + {k}")) {
            b.line(l);
        }
        b.line(format!("{n}[lid] = v{k};"));
    }
    b.line("barrier(CLK_LOCAL_MEM_FENCE);");
    for (k, n) in names.iter().enumerate() {
        b.line(format!("{t} r{k} = {n}[lid];"));
        for l in write_out(ty, &format!("r{k}"), &format!("gi * {m} + {k}")) {
            b.line(l);
        }
    }
    b.close();
    b.run(format!("launch: run_{tag} 8/4"));
    b.run(out_arg(ty.out_scalar(), 8 * m * lanes));
    for _ in 0..args {
        b.run(format!("arg: local {}", 4 * ty.size()));
    }
    let want: Vec<i64> = (0..8 * m * lanes).map(super::v).collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// A `__local` array or argument of `bytes`: within `CL_DEVICE_LOCAL_MEM_SIZE` it works; over
/// it, the build or the enqueue fails cleanly.
fn local_limit(out: &mut Out, bytes: usize, form: &str) {
    for within in [true, false] {
        if form == "variable" && !within && bytes > (1 << 20) {
            continue; // a 16 MiB array only tests the compiler's patience
        }
        let d = vec![
            ("form", form.to_string()),
            ("bytes", format!("{bytes}-bytes")),
            ("limit", if within { "within" } else { "over" }.to_string()),
        ];
        let (mut b, tag) = start(RuleId::LocalMemLimit, c_profiles(), d, &[]);
        b.doc(format!(
            "A {bytes}-byte __local {form} {} CL_DEVICE_LOCAL_MEM_SIZE: {}.",
            if within { "within" } else { "over" },
            if within {
                "the kernel runs"
            } else {
                "the build or the enqueue fails cleanly"
            }
        ));
        let words = bytes / 4;
        let param = if form == "argument" {
            ", local int *big"
        } else {
            ""
        };
        b.open(format!("kernel void run_{tag}(global int *out{param})"));
        if form == "variable" {
            b.line(format!("local int big[{words}];"));
        }
        b.line("int lid = (int)get_local_id(0);");
        b.line(format!("big[{words} - 1 - lid] = lid + 1;"));
        b.line("big[lid] = lid + 100;");
        b.line("barrier(CLK_LOCAL_MEM_FENCE);");
        b.line(format!("out[lid] = big[{words} - 4 + lid] + big[3 - lid];"));
        b.close();
        b.run(format!(
            "requires: CL_DEVICE_LOCAL_MEM_SIZE {} {bytes}",
            if within { ">=" } else { "<" }
        ));
        b.run(format!("launch: run_{tag} 4/4"));
        b.run(out_arg(Scalar::Int, 4));
        if form == "argument" {
            b.run(format!("arg: local {bytes}"));
        }
        if within {
            // big[words-4+lid] was written by work-item 3-lid (value 4-lid), big[3-lid] by 3-lid.
            let want: Vec<i64> = (0..4).map(|l| (4 - l) + (3 - l) + 100).collect();
            b.run(expect_list("out", &want));
        } else {
            b.run("expect-error: build-or-enqueue");
        }
        out.push(b.finish());
    }
}

/// `n` `__constant` arguments: within `CL_DEVICE_MAX_CONSTANT_ARGS` each is readable; over it
/// the build or the enqueue fails cleanly.
fn constant_args(out: &mut Out, n: usize) {
    let within = n <= 8;
    let d = vec![
        ("args", format!("{n}-arguments")),
        ("limit", if within { "within" } else { "over" }.to_string()),
    ];
    let rule = if within {
        RuleId::ConstantReadable
    } else {
        RuleId::ConstantArgsLimit
    };
    let (mut b, tag) = start(rule, c_profiles(), d, &[]);
    b.also(RuleId::ConstantArgsLimit);
    b.doc(format!(
        "{n} __constant pointer arguments, each read by every work-item."
    ));
    let params: Vec<String> = (0..n).map(|k| format!("constant int *c{k}")).collect();
    b.open(format!(
        "kernel void run_{tag}(global int *out, {})",
        params.join(", ")
    ));
    b.line("int i = (int)get_global_id(0);");
    let sum: Vec<String> = (0..n).map(|k| format!("c{k}[i]")).collect();
    b.line(format!("out[i] = {};", sum.join(" + ")));
    b.close();
    b.run(format!(
        "requires: CL_DEVICE_MAX_CONSTANT_ARGS {} {n}",
        if within { ">=" } else { "<" }
    ));
    b.run(format!("launch: run_{tag} 4/4"));
    b.run(out_arg(Scalar::Int, 4));
    for k in 0..n {
        b.run(format!("arg: buffer int[4] c{k} = i + {}", k + 1));
    }
    if within {
        let want: Vec<i64> = (0..4)
            .map(|i| (0..n).map(|k| (i + k + 1) as i64).sum())
            .collect();
        b.run(expect_list("out", &want));
    } else {
        b.run("expect-error: build-or-enqueue");
    }
    out.push(b.finish());
}

/// A `__constant` buffer argument of `bytes`: within `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE` it is
/// read at both ends; over it the enqueue fails cleanly.
fn constant_size(out: &mut Out, bytes: usize) {
    for within in [true, false] {
        let d = vec![
            ("bytes", format!("{bytes}-bytes")),
            ("limit", if within { "within" } else { "over" }.to_string()),
        ];
        let rule = if within {
            RuleId::ConstantReadable
        } else {
            RuleId::ConstantBufferSize
        };
        let (mut b, tag) = start(rule, c_profiles(), d, &[]);
        b.also(RuleId::ConstantBufferSize);
        b.doc(format!(
            "A {bytes}-byte __constant buffer argument, read at both ends."
        ));
        let words = bytes / 4;
        b.open(format!(
            "kernel void run_{tag}(global int *out, constant int *big)"
        ));
        b.line("int i = (int)get_global_id(0);");
        b.line(format!("out[i] = big[i] + big[{words} - 1 - i];"));
        b.close();
        b.run(format!(
            "requires: CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE {} {bytes}",
            if within { ">=" } else { "<" }
        ));
        b.run(format!("launch: run_{tag} 4/4"));
        b.run(out_arg(Scalar::Int, 4));
        b.run(format!("arg: buffer int[{words}] big = i % 1000"));
        if within {
            let want: Vec<i64> = (0..4)
                .map(|i| (i % 1000 + (words - 1 - i) % 1000) as i64)
                .collect();
            b.run(expect_list("out", &want));
        } else {
            b.run("expect-error: enqueue");
        }
        out.push(b.finish());
    }
}

/// `CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE` is at least the bytes of the program's
/// `__global` variables.
fn global_total(out: &mut Out, size: usize, vars: usize) {
    let d = vec![
        ("size", format!("{size}-bytes")),
        ("variables", format!("{vars}-variables")),
    ];
    let profiles = with(&c_profiles(), Feature::ProgramScopeGlobals, true);
    let (mut b, tag) = start(RuleId::GlobalVarSize, profiles, d, &[]);
    b.storage(Some(Storage::Program));
    b.doc(format!(
        "{vars} program-scope __global array(s) of {size} bytes: the program's global-variable total counts them."
    ));
    for k in 0..vars {
        b.line(format!("global uchar buf{k}_{tag}[{size}];"));
    }
    b.open(format!("kernel void run_{tag}(global int *out)"));
    b.line("int i = (int)get_global_id(0);");
    let mut sum = Vec::new();
    for k in 0..vars {
        b.line(format!(
            "buf{k}_{tag}[({size} - 1) * i] = (uchar)(i + {k} + 1);"
        ));
        sum.push(format!("buf{k}_{tag}[({size} - 1) * i]"));
    }
    b.line(format!("out[i] = {};", sum.join(" + ")));
    b.close();
    b.run(format!(
        "requires: CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE >= {size}"
    ));
    b.run(format!("launch: run_{tag} 2"));
    b.run(out_arg(Scalar::Int, 2));
    b.run(format!(
        "query: program-global-variable-total-size >= {}",
        size * vars
    ));
    let want: Vec<i64> = (0..2)
        .map(|i| (0..vars).map(|k| (i + k + 1) as i64).sum())
        .collect();
    b.run(expect_list("out", &want));
    out.push(b.finish());
}

/// The `bind:` line of a limit case at the value the device reports (`within`) or one unit
/// past it, and the dimensions naming it.
fn at_limit(query: &str, within: bool) -> (String, Vec<(&'static str, String)>) {
    let offset = if within { "" } else { " + 1" };
    let d = vec![
        ("size", "device-reported".to_string()),
        ("limit", if within { "within" } else { "over" }.to_string()),
    ];
    (format!("bind: N = {query}{offset}"), d)
}

/// Exactly `CL_DEVICE_MAX_CONSTANT_ARGS` `__constant` arguments (`N`, bound per device), each
/// read at both ends into its own slots of `out`; or one more, which must fail cleanly. The
/// kernel also takes `out`, so the device's parameter space must hold N + 1 pointers (8 bytes
/// each, the widest), or the case cannot be told apart from that other limit and is skipped.
fn reported_constant_args(out: &mut Out, within: bool) {
    let (bind, mut d) = at_limit("CL_DEVICE_MAX_CONSTANT_ARGS", within);
    d.insert(0, ("args", "constant".to_string()));
    let (mut b, tag) = start(RuleId::ConstantArgsLimit, c_profiles(), d, &[]);
    b.also(RuleId::ConstantReadable);
    b.doc(if within {
        "Exactly CL_DEVICE_MAX_CONSTANT_ARGS __constant pointer arguments: the kernel runs and reads every one at both ends."
    } else {
        "One __constant pointer argument more than CL_DEVICE_MAX_CONSTANT_ARGS: the build or the enqueue fails cleanly."
    });
    b.run(bind);
    b.run("requires: CL_DEVICE_MAX_PARAMETER_SIZE >= ${8 * (N + 1)}");
    b.run(format!("launch: run_{tag} 2"));
    // Argument k holds 2k + 1, 2k + 2: out[2k + i] = c_k[i] gives out[j] = j + 1.
    b.run("${each k < N} arg: buffer int[2] c${k} = i + ${2 * k + 1}");
    b.run("arg: buffer int[${2 * N}] out");
    if within {
        b.run("expect: out[i] == i + 1");
    } else {
        b.run("expect-error: build-or-enqueue");
    }
    b.line(format!("kernel void run_{tag}("));
    b.line("    ${each k < N}constant int *c${k},");
    b.line("    global int *out)");
    b.line("{");
    b.line("    int i = (int)get_global_id(0);");
    b.line("    ${each k < N}out[${2 * k} + i] = c${k}[i];");
    b.line("}");
    out.push(b.finish());
}

/// Exactly `CL_DEVICE_MAX_CONSTANT_ARGS` `__constant` arguments and no other: the kernel
/// builds and runs. Nothing is read back (there is no argument to write to), but a device
/// whose parameter space holds its constant arguments and not one pointer more (Intel's CPU
/// runtime: 480 arguments, 3,840 bytes) is tested at its reported count only this way.
fn reported_constant_args_alone(out: &mut Out) {
    let (bind, mut d) = at_limit("CL_DEVICE_MAX_CONSTANT_ARGS", true);
    d.insert(0, ("args", "constant-only".to_string()));
    let (mut b, tag) = start(RuleId::ConstantArgsLimit, c_profiles(), d, &[]);
    b.doc("Exactly CL_DEVICE_MAX_CONSTANT_ARGS __constant pointer arguments and no other: the kernel builds and runs.");
    b.run(bind);
    b.run("requires: CL_DEVICE_MAX_PARAMETER_SIZE >= ${8 * N}");
    b.run(format!("launch: run_{tag} 2"));
    b.run("${each k < N} arg: buffer int[2] c${k} = i + ${2 * k + 1}");
    b.line(format!("kernel void run_{tag}("));
    b.line("    ${each k < N - 1}constant int *c${k},");
    b.line("    constant int *c${N - 1})");
    b.line("{");
    b.line("}");
    out.push(b.finish());
}

/// A `__constant` buffer of exactly `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE` bytes, read at its
/// first and last byte; or one byte more (the limit is in bytes), whose enqueue fails cleanly.
fn reported_constant_size(out: &mut Out, within: bool) {
    let (bind, mut d) = at_limit("CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", within);
    d.insert(0, ("buffer", "constant".to_string()));
    let (mut b, tag) = start(RuleId::ConstantBufferSize, c_profiles(), d, &[]);
    b.also(RuleId::ConstantReadable);
    b.doc(if within {
        "A __constant buffer of exactly CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE bytes: read at its first and last byte."
    } else {
        "A __constant buffer one byte over CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: the enqueue fails cleanly."
    });
    b.run(bind);
    b.run(format!("launch: run_{tag} 2"));
    b.run("arg: buffer int[2] out");
    b.run("arg: buffer uchar[${N}] big = i % 251 + 1");
    if within {
        b.run("expect: out == {1, ${(N - 1) % 251 + 1}}");
    } else {
        b.run("expect-error: enqueue");
    }
    b.open(format!(
        "kernel void run_{tag}(global int *out, constant uchar *big)"
    ));
    b.line("int i = (int)get_global_id(0);");
    b.line("out[i] = big[i * (${N} - 1)];");
    b.close();
    out.push(b.finish());
}

/// A `__local` array or argument of exactly `CL_DEVICE_LOCAL_MEM_SIZE` bytes, whose first and
/// last byte two work-items of one group write and then read each other's; or one byte more,
/// which must fail cleanly at the build or the enqueue.
fn reported_local_size(out: &mut Out, form: &str, within: bool) {
    let (bind, mut d) = at_limit("CL_DEVICE_LOCAL_MEM_SIZE", within);
    d.insert(0, ("form", form.to_string()));
    let (mut b, tag) = start(RuleId::LocalMemLimit, c_profiles(), d, &[]);
    b.doc(format!(
        "A __local {form} of {} CL_DEVICE_LOCAL_MEM_SIZE bytes: {}.",
        if within { "exactly" } else { "one more than" },
        if within {
            "two work-items write its first and last byte and read each other's"
        } else {
            "the build or the enqueue fails cleanly"
        }
    ));
    b.run(bind);
    b.run(format!("launch: run_{tag} 2/2"));
    b.run("arg: buffer int[2] out");
    let param = if form == "argument" {
        b.run("arg: local ${N}");
        ", local uchar *big"
    } else {
        ""
    };
    if within {
        b.run("expect: out == {2, 1}");
    } else {
        b.run("expect-error: build-or-enqueue");
    }
    b.open(format!("kernel void run_{tag}(global int *out{param})"));
    if form == "variable" {
        b.line("local uchar big[${N}];");
    }
    b.line("int l = (int)get_local_id(0);");
    b.line("big[l * (${N} - 1)] = (uchar)(l + 1);");
    b.line("barrier(CLK_LOCAL_MEM_FENCE);");
    b.line("out[l] = big[(1 - l) * (${N} - 1)];");
    b.close();
    out.push(b.finish());
}

/// A program-scope `__global` array of exactly `CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE` bytes
/// (the spec's own example, `global uchar bigbuf[CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE]`), written
/// at both ends by one kernel and read by another; or one byte more, which must fail cleanly.
fn reported_global_size(out: &mut Out, within: bool) {
    let (bind, mut d) = at_limit("CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE", within);
    d.insert(0, ("variable", "program-scope".to_string()));
    let profiles = with(&c_profiles(), Feature::ProgramScopeGlobals, true);
    let (mut b, tag) = start(RuleId::GlobalVarSize, profiles, d, &[]);
    b.also(RuleId::GlobalPersist);
    b.storage(Some(Storage::Program));
    b.doc(if within {
        "A program-scope __global array of exactly CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE bytes: both ends keep what one kernel writes for the next."
    } else {
        "A program-scope __global array one byte over CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: the build or the enqueue fails cleanly."
    });
    b.run(bind);
    b.run(format!("launch: put_{tag} 2"));
    b.run(format!("launch: get_{tag} 2"));
    b.run("arg: buffer int[2] out");
    if within {
        b.run("expect: out == {2, 1}");
    } else {
        b.run("expect-error: build-or-enqueue");
    }
    b.line(format!("global uchar big_{tag}[${{N}}];"));
    b.open(format!("kernel void put_{tag}(global int *out)"));
    b.line("int i = (int)get_global_id(0);");
    b.line(format!("big_{tag}[i * (${{N}} - 1)] = (uchar)(i + 1);"));
    b.close();
    b.open(format!("kernel void get_{tag}(global int *out)"));
    b.line("int i = (int)get_global_id(0);");
    b.line(format!("out[i] = big_{tag}[(1 - i) * (${{N}} - 1)];"));
    b.close();
    out.push(b.finish());
}

/// `clSetKernelArg` with a non-NULL value for a `__local` argument of `ty` (the only
/// argument, or before or after a buffer): the call itself must fail (the OpenCL API:
/// `CL_INVALID_ARG_VALUE`), whatever the launch would do.
fn local_arg_non_null(out: &mut Out, ty: Ty, place: &str) {
    let d = vec![
        ("type", ty.slug()),
        ("value", "non-null".to_string()),
        ("place", place.to_string()),
    ];
    let (mut b, tag) = start(RuleId::LocalArgSize, c_profiles(), d, &[ty]);
    b.doc(format!(
        "clSetKernelArg(size, non-NULL) for a __local {} argument ({place} argument): the call fails.",
        ty.slug()
    ));
    let t = ty.c_name(&tag);
    let (params, index) = match place {
        "only" => (format!("local {t} *a"), 0),
        "first" => (format!("local {t} *a, global int *out"), 0),
        _ => (format!("global int *out, local {t} *a"), 1),
    };
    b.run(format!("launch: run_{tag} 4/4"));
    let local = format!("arg: local {} non-null", 4 * ty.size());
    match place {
        "only" => b.run(local),
        "first" => b.run(local).run(out_arg(Scalar::Int, 4)),
        _ => b.run(out_arg(Scalar::Int, 4)).run(local),
    };
    b.run(format!(
        "expect-error: set-arg {index} CL_INVALID_ARG_VALUE"
    ));
    b.open(format!("kernel void run_{tag}({params})"));
    b.line("int l = (int)get_local_id(0);");
    for line in make_value(ty, &tag, "val", "l") {
        b.line(line);
    }
    b.line("a[l] = val;");
    if place != "only" {
        b.line("out[l] = l;");
    }
    b.close();
    out.push(b.finish());
}

/// `CL_KERNEL_ARG_ADDRESS_QUALIFIER` of two arguments, in either order, each a pointer to
/// `ty` in a named space or (private) a by-value `int`.
fn arg_qualifiers(out: &mut Out, ty: Ty, kinds: [&str; 2]) {
    let d = vec![
        ("type", ty.slug()),
        ("first", kinds[0].to_string()),
        ("second", kinds[1].to_string()),
    ];
    let (mut b, tag) = start(RuleId::ArgAddressQualifier, c_profiles(), d, &[ty]);
    b.doc(format!(
        "CL_KERNEL_ARG_ADDRESS_QUALIFIER of a {} and a {} argument ({}).",
        kinds[0],
        kinds[1],
        ty.slug()
    ));
    b.run("options: -cl-kernel-arg-info");
    let t = ty.c_name(&tag);
    let params: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(k, s)| match *s {
            "private" => format!("int s{k}"),
            sp => format!("{sp} {t} *p{k}"),
        })
        .collect();
    b.open(format!(
        "kernel void run_{tag}(global int *out, {})",
        params.join(", ")
    ));
    let uses: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(k, s)| match *s {
            "private" => format!("s{k}"),
            _ => format!("(p{k} != 0)"),
        })
        .collect();
    b.line(format!("out[0] = {};", uses.join(" + ")));
    b.close();
    b.run("query: arg-address-qualifier run_".to_string() + &tag + " 0 == global");
    for (k, s) in kinds.iter().enumerate() {
        b.run(format!(
            "query: arg-address-qualifier run_{tag} {} == {s}",
            k + 1
        ));
    }
    out.push(b.finish());
}
