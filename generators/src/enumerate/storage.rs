//! Rules read from clang's address-space diagnostics: function-scope `static` before OpenCL C
//! 2.0, program-scope samplers, the parameters of blocks passed to `enqueue_kernel`, initialised
//! atomic objects outside __global, compound literals in a space inside a function, objects
//! declared in clang's numbered `address_space(N)`, and the C++ for OpenCL forms of the
//! return-type and multiple-space rules.

use super::{Out, SPELLINGS};
use crate::case::{c_profiles, Builder};
use crate::enumerate::cxx::profiles as cxx_profiles;
use crate::statics::{Linkage, Scope, Storage};
use crate::ty::Q;
use checker::spec::{AddrSpace, Lang, Profile, RuleId, Spelling};

use AddrSpace::*;

pub fn all(out: &mut Out) {
    static_function_scope(out);
    sampler_progscope(out);
    enqueue_blocks(out);
    numbered_objects(out);
    atomic_init(out);
    atomic_assign(out);
    compound_literals(out);
    cxx_return_space(out);
    cxx_multiple_spaces(out);
}

fn before_2_0() -> Vec<Profile> {
    c_profiles()
        .into_iter()
        .filter(|p| p.lang() < Lang::Cl2_0)
        .collect()
}

/// A static variable in a kernel, a helper or a nested block (rejected before 2.0), against the
/// same variable as an automatic (or, for constant, at program scope), which 1.x accepts.
fn static_function_scope(out: &mut Out) {
    let spaces = [None, Some(Constant), Some(Private), Some(Global)];
    for spelling in Spelling::ALL {
        for space in spaces {
            let q = space.map_or(Q::NONE, |s| Q::new(s, spelling));
            if space.is_none() && spelling == Spelling::Bare {
                continue;
            }
            for ctx in ["kernel", "helper", "block"] {
                for ty in ["int", "float4", "int arr[2]"] {
                    for form in ["static", "plain"] {
                        // A plain global automatic breaks AS-AUTO-PRIVATE: only the static form.
                        if form == "plain" && space == Some(Global) {
                            continue;
                        }
                        let dims = vec![
                            ("context", ctx.to_string()),
                            ("space", q.tag().to_string()),
                            ("type", ty.replace(" arr[2]", "-array")),
                            ("form", form.to_string()),
                        ];
                        let mut b = Builder::new(RuleId::StaticFunctionScope, before_2_0(), dims);
                        b.doc(format!("a {form} {}{ty} in a {ctx}.", q.kw()));
                        let init = if ty.contains('[') { "{1, 2}" } else { "(1)" };
                        let (name, index) = if ty.contains('[') {
                            (ty.replace("arr", "x"), "x[0]")
                        } else {
                            (format!("{ty} x"), "x")
                        };
                        let use_x = if ty == "float4" {
                            format!("(int){index}.x")
                        } else {
                            index.to_string()
                        };
                        let decl = format!("{}{name} = {init};", q.kw());
                        let program_constant = form == "plain" && space == Some(Constant);
                        let scope = match ctx {
                            "kernel" => Scope::StaticKernel,
                            "helper" => Scope::StaticHelper,
                            _ => Scope::StaticNested,
                        };
                        b.storage(if program_constant {
                            Some(Storage::ConstantProgram)
                        } else if form == "static" {
                            Storage::of(scope, space)
                        } else {
                            None
                        });
                        if program_constant {
                            // The 1.x way to keep a constant: at program scope.
                            b.line(&decl);
                        }
                        match ctx {
                            "kernel" => b.open("kernel void k(global int *out)"),
                            "helper" => b.open("int helper(void)"),
                            _ => {
                                b.open("kernel void k(global int *out)");
                                b.open("if (get_global_id(0) == 0)")
                            }
                        };
                        if form == "static" {
                            b.bad(format!("static {decl}"), RuleId::StaticFunctionScope);
                        } else if !program_constant {
                            b.line(&decl);
                        }
                        match ctx {
                            "helper" => {
                                b.line(format!("return {use_x};"));
                                b.close();
                                b.open("kernel void k(global int *out)");
                                b.line("out[0] = helper();");
                                b.close();
                            }
                            "kernel" => {
                                b.line(format!("out[0] = {use_x};"));
                                b.close();
                            }
                            _ => {
                                b.line(format!("out[0] = {use_x};"));
                                b.close();
                                b.close();
                            }
                        }
                        out.push(b.finish());
                    }
                }
            }
        }
    }
}

/// Program-scope samplers: const, `__constant` (both spellings), both, a const typedef, or
/// neither.
fn sampler_progscope(out: &mut Out) {
    const VALUE: [&str; 2] = [
        "CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST",
        "CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR",
    ];
    let forms: [(&str, &str, bool); 7] = [
        ("none", "sampler_t", false),
        ("const", "const sampler_t", true),
        ("const-after", "sampler_t const", true),
        ("prefixed-constant", "__constant sampler_t", true),
        ("bare-constant", "constant sampler_t", true),
        ("const-constant", "const constant sampler_t", true),
        ("const-typedef", "csampler_t", true),
    ];
    for (tag, ty, ok) in forms {
        for (vi, value) in VALUE.iter().enumerate() {
            for uses in ["kernel", "helper"] {
                let dims = vec![
                    ("qualifier", tag.to_string()),
                    ("value", vi.to_string()),
                    ("used-in", uses.to_string()),
                ];
                let mut b = Builder::new(RuleId::SamplerProgscopeConst, c_profiles(), dims);
                b.doc(format!("a program-scope `{ty}` used in a {uses}."));
                if tag == "const-typedef" {
                    b.line("typedef const sampler_t csampler_t;");
                }
                let rule = RuleId::SamplerProgscopeConst;
                b.expect(format!("{ty} smp = {value};"), move |_| {
                    (!ok).then_some(rule)
                });
                if uses == "helper" {
                    b.open("float4 fetch(read_only image2d_t img)");
                    b.line("return read_imagef(img, smp, (int2)(0, 0));");
                    b.close();
                    b.open("kernel void k(read_only image2d_t img, global float4 *out)");
                    b.line("out[0] = fetch(img);");
                } else {
                    b.open("kernel void k(read_only image2d_t img, global float4 *out)");
                    b.line("out[0] = read_imagef(img, smp, (int2)(0, 0));");
                }
                b.close();
                out.push(b.finish());
            }
        }
    }
}

/// Blocks passed to enqueue_kernel: their parameters against `local void *`, one size
/// argument per parameter.
fn enqueue_blocks(out: &mut Out) {
    let params: &[(&str, &[&str])] = &[
        ("none", &[]),
        ("local-void", &["local void *a"]),
        ("prefixed-local-void", &["__local void *a"]),
        ("void-local", &["void local *a"]),
        ("two-local-void", &["local void *a", "local void *b"]),
        (
            "three-local-void",
            &["local void *a", "__local void *b", "local void *c"],
        ),
        ("global-void", &["global void *a"]),
        ("constant-void", &["constant void *a"]),
        ("private-void", &["private void *a"]),
        ("generic-void", &["void *a"]),
        ("local-int", &["local int *a"]),
        ("local-float4", &["local float4 *a"]),
        ("int", &["int a"]),
        ("local-then-global", &["local void *a", "global void *b"]),
        ("global-then-local", &["global void *a", "local void *b"]),
    ];
    for (tag, list) in params {
        let ok = list
            .iter()
            .all(|p| p.contains("void") && p.contains("local") && p.contains('*'));
        for flags in ["CLK_ENQUEUE_FLAGS_WAIT_KERNEL", "CLK_ENQUEUE_FLAGS_NO_WAIT"] {
            for queue in ["variable", "call"] {
                let dims = vec![
                    ("params", tag.to_string()),
                    ("flags", flags.to_string()),
                    ("queue", queue.to_string()),
                ];
                let mut b = Builder::new(
                    RuleId::EnqueueBlockArgs,
                    c_profiles()
                        .into_iter()
                        .filter(|p| RuleId::EnqueueBlockArgs.applies_to(*p))
                        .collect(),
                    dims,
                );
                b.doc(format!("a block taking ({}) enqueued.", list.join(", ")));
                b.open("kernel void parent(global int *out)");
                let q = if queue == "variable" {
                    b.line("queue_t q = get_default_queue();");
                    "q"
                } else {
                    "get_default_queue()"
                };
                b.line(format!("enqueue_kernel({q}, {flags}, ndrange_1D(64),"));
                let block = if list.is_empty() {
                    "^{ out[get_global_id(0)] = 1; }".to_string()
                } else {
                    format!("^({}) {{ out[0] = a != 0; }}", list.join(", "))
                };
                let sizes: String = (0..list.len()).map(|i| format!(", {}u", 64 << i)).collect();
                let rule = RuleId::EnqueueBlockArgs;
                b.expect(format!("    {block}{sizes});"), move |_| {
                    (!ok).then_some(rule)
                });
                b.close();
                out.push(b.finish());
            }
        }
    }
}

/// An object declared in a numbered `address_space(N)`, in each context, against the same
/// declaration without it: no object lives in a numbered space, whatever N.
fn numbered_objects(out: &mut Out) {
    // (context, the rule it breaks, where the declaration is, profiles it exists in)
    let contexts: [(&str, RuleId); 7] = [
        ("automatic", RuleId::AutoPrivate),
        ("program", RuleId::ProgscopeSpace),
        ("static", RuleId::StaticSpace),
        ("extern", RuleId::ExternSpace),
        ("parameter", RuleId::ParamSpace),
        ("return", RuleId::ReturnSpace),
        ("field", RuleId::StructField),
    ];
    for (ctx, rule) in contexts {
        for n in [0u32, 1, 2, 5] {
            for numbered in [true, false] {
                let dims = vec![
                    ("context", ctx.to_string()),
                    ("number", n.to_string()),
                    (
                        "written",
                        if numbered { "numbered" } else { "plain" }.to_string(),
                    ),
                ];
                let profiles = c_profiles()
                    .into_iter()
                    .filter(|p| rule.applies_to(*p))
                    .collect();
                let mut b = Builder::new(rule, profiles, dims);
                if ctx == "program" && !numbered {
                    b.storage(Some(Storage::ConstantProgram));
                }
                let attr = if numbered {
                    format!("__attribute__((address_space({n}))) ")
                } else {
                    String::new()
                };
                b.doc(format!("a {ctx} declared `{attr}int`."));
                let bad = move |_| numbered.then_some(rule);
                // The plain forms are valid where they are written: a constant program-scope or
                // static variable, a private automatic, parameter, field and return value.
                let space = if numbered { "" } else { "constant " };
                match ctx {
                    "automatic" => {
                        b.open("kernel void k(global int *out)");
                        b.expect(format!("{attr}int x = 1;"), bad);
                        b.line("out[0] = x;");
                        b.close();
                    }
                    "program" => {
                        b.expect(format!("{attr}{space}int x = 1;"), bad);
                        b.open("kernel void k(global int *out)");
                        b.line("out[0] = x;");
                        b.close();
                    }
                    "static" => {
                        b.open("kernel void k(global int *out)");
                        b.expect(format!("static {attr}{space}int x = 1;"), bad);
                        b.line("out[0] = x;");
                        b.close();
                    }
                    "extern" => {
                        b.expect(format!("extern {attr}{space}int x;"), bad);
                        b.open("kernel void k(global int *out)");
                        b.line("out[0] = 1;");
                        b.close();
                    }
                    "parameter" => {
                        b.expect(format!("int twice({attr}int x) {{ return 2 * x; }}"), bad);
                        b.open("kernel void k(global int *out)");
                        b.line("out[0] = twice(1);");
                        b.close();
                    }
                    "return" => {
                        b.expect(format!("{attr}int one(void) {{ return 1; }}"), bad);
                        b.open("kernel void k(global int *out)");
                        b.line("out[0] = one();");
                        b.close();
                    }
                    _ => {
                        b.line("typedef struct {");
                        b.expect(format!("    {attr}int count;"), bad);
                        b.line("} counter_t;");
                        b.open("kernel void k(global int *out)");
                        b.line("counter_t c;");
                        b.line("c.count = 1;");
                        b.line("out[0] = c.count;");
                        b.close();
                    }
                }
                out.push(b.finish());
            }
        }
    }
}

/// Atomic objects declared with and without an initialiser, in each place: only __global ones
/// (program scope, static) may be initialised. Where program-scope globals do not exist the
/// global forms break the program-scope rules instead.
fn atomic_init(out: &mut Out) {
    let places = [
        "automatic",
        "kernel-constant",
        "program-constant",
        "program",
        "program-global",
        "static",
    ];
    for ty in ["atomic_int", "atomic_uint", "atomic_float"] {
        let value = match ty {
            "atomic_uint" => "1u",
            "atomic_float" => "1.0f",
            _ => "1",
        };
        for place in places {
            for init in ["macro", "plain", "none"] {
                // Constants must be initialised (AS-CONSTANT-INIT-REQUIRED): no bare form.
                if init == "none" && place.ends_with("constant") {
                    continue;
                }
                let dims = vec![
                    ("type", ty.to_string()),
                    ("place", place.to_string()),
                    ("initialiser", init.to_string()),
                ];
                let profiles = c_profiles()
                    .into_iter()
                    .filter(|p| RuleId::AtomicInitGlobal.applies_to(*p))
                    .collect();
                let mut b = Builder::new(RuleId::AtomicInitGlobal, profiles, dims);
                b.storage(match place {
                    "program" | "program-global" => Some(Storage::Program),
                    "program-constant" => Some(Storage::ConstantProgram),
                    "static" => Some(Storage::StaticKernel),
                    _ => None,
                });
                b.doc(format!("a {place} {ty} with initialiser: {init}."));
                let rhs = match init {
                    "macro" => format!(" = ATOMIC_VAR_INIT({value})"),
                    "plain" => format!(" = {value}"),
                    _ => String::new(),
                };
                let initialised = init != "none";
                let space = match place {
                    "kernel-constant" | "program-constant" => "constant ",
                    "program-global" => "global ",
                    _ => "",
                };
                let decl = format!("{space}{ty} x{rhs};");
                let verdict = move |p: Profile| {
                    let globals = p.has(checker::spec::Feature::ProgramScopeGlobals);
                    match place {
                        "program" | "program-global" if !globals => Some(RuleId::ProgscopeSpace),
                        "static" if !globals => Some(RuleId::StaticSpace),
                        "program" | "program-global" | "static" => None,
                        _ => initialised.then_some(RuleId::AtomicInitGlobal),
                    }
                };
                if place.starts_with("program") {
                    b.expect(&decl, verdict);
                }
                b.open("kernel void k(global int *out)");
                match place {
                    "static" => {
                        b.expect(format!("static {decl}"), verdict);
                    }
                    "automatic" | "kernel-constant" => {
                        b.expect(&decl, verdict);
                    }
                    _ => {}
                }
                b.line("out[0] = 1;");
                b.close();
                out.push(b.finish());
            }
        }
    }
}

/// `=` on an atomic object, reached each way (a variable in each space, through a pointer into
/// each space, an array element, a struct field, a typedef), against the near miss that writes
/// it with `atomic_store_explicit`: the assignment is rejected in every space, the call is not.
/// A private atomic has no store overload where the generic space is missing, so it is assigned
/// only. In OpenCL C 2.0 and later and in C++ for OpenCL.
fn atomic_assign(out: &mut Out) {
    let targets = [
        "automatic",
        "local-variable",
        "program-global",
        "global-pointer",
        "local-pointer",
        "array-element",
        "struct-field",
        "typedef",
    ];
    let langs = [("c", c_profiles()), ("cxx", cxx_profiles())];
    for (lang, all) in langs {
        for ty in ["atomic_int", "atomic_uint", "atomic_float"] {
            let value = match ty {
                "atomic_uint" => "1u",
                "atomic_float" => "1.0f",
                _ => "1",
            };
            for target in targets {
                for write in ["assign", "store"] {
                    if write == "store" && target == "automatic" {
                        continue;
                    }
                    let profiles: Vec<Profile> = all
                        .iter()
                        .copied()
                        .filter(|p| RuleId::AtomicAssign.applies_to(*p))
                        .filter(|p| {
                            target != "program-global"
                                || p.lang().is_cxx()
                                || p.has(checker::spec::Feature::ProgramScopeGlobals)
                        })
                        .collect();
                    let dims = vec![
                        ("language", lang.to_string()),
                        ("type", ty.to_string()),
                        ("target", target.to_string()),
                        ("write", write.to_string()),
                    ];
                    let mut b = Builder::new(RuleId::AtomicAssign, profiles, dims);
                    b.doc(format!("a {ty} reached as {target}, written by {write}."));
                    let (params, object) = match target {
                        "global-pointer" => (format!("global {ty} *p"), "*p"),
                        "local-pointer" => (format!("local {ty} *p"), "*p"),
                        "array-element" => (format!("global {ty} *p"), "p[1]"),
                        "struct-field" => ("global struct holder *h".to_string(), "h->a"),
                        "typedef" => ("global counter_t *p".to_string(), "*p"),
                        _ => (String::new(), "x"),
                    };
                    match target {
                        "struct-field" => {
                            b.line(format!("struct holder {{ {ty} a; int n; }};"));
                        }
                        "typedef" => {
                            b.line(format!("typedef {ty} counter_t;"));
                        }
                        "program-global" => {
                            b.storage(Some(Storage::Program));
                            // Not const: external linkage in C++ for OpenCL.
                            b.linkage((lang == "cxx").then_some(Linkage::of(false, false, false)));
                            b.line(format!("global {ty} x;"));
                        }
                        _ => {}
                    }
                    let sep = if params.is_empty() { "" } else { ", " };
                    b.open(format!("kernel void k({params}{sep}global int *out)"));
                    match target {
                        "automatic" => {
                            b.line(format!("{ty} x;"));
                        }
                        "local-variable" => {
                            b.line(format!("local {ty} x;"));
                        }
                        _ => {}
                    }
                    if write == "assign" {
                        b.bad(format!("{object} = {value};"), RuleId::AtomicAssign);
                    } else {
                        b.line(format!("atomic_store_explicit(&{object}, {value}, memory_order_relaxed, memory_scope_work_group);"));
                    }
                    b.line("out[0] = 1;");
                    b.close();
                    out.push(b.finish());
                }
            }
        }
    }
}

/// Compound literals inside functions, in each space: private (or unqualified) only.
fn compound_literals(out: &mut Out) {
    let types: [(&str, &str, &str); 3] = [
        ("int", "{1}", ""),
        ("float4", "{1.0f, 2.0f, 3.0f, 4.0f}", ".x"),
        ("pair_t", "{1, 2}", ".x"),
    ];
    for spelling in Spelling::ALL {
        for q in Q::all(spelling) {
            if q.space.is_none() && spelling == Spelling::Bare {
                continue;
            }
            for ctx in ["kernel", "helper", "block"] {
                for (ty, init, pick) in types {
                    let dims = vec![
                        ("space", q.tag().to_string()),
                        ("context", ctx.to_string()),
                        ("type", ty.to_string()),
                    ];
                    let profiles = crate::enumerate::conversions::profiles_for(&[q]);
                    let mut b = Builder::new(RuleId::CompoundLiteralSpace, profiles, dims);
                    b.doc(format!("`({}{ty}){init}` in a {ctx}.", q.kw()));
                    if ty == "pair_t" {
                        b.line("typedef struct { int x, y; } pair_t;");
                    }
                    let bad = !matches!(q.space, None | Some(Private));
                    let rule = RuleId::CompoundLiteralSpace;
                    let v = move |_| bad.then_some(rule);
                    let expr = format!("({}{ty}){init}{pick}", q.kw());
                    let value = if ty == "float4" {
                        format!("(int){expr}")
                    } else {
                        expr
                    };
                    match ctx {
                        "helper" => {
                            b.open("int helper(void)");
                            b.expect(format!("return {value};"), v);
                            b.close();
                            b.open("kernel void k(global int *out)");
                            b.line("out[0] = helper();");
                            b.close();
                        }
                        "kernel" => {
                            b.open("kernel void k(global int *out)");
                            b.expect(format!("out[0] = {value};"), v);
                            b.close();
                        }
                        _ => {
                            b.open("kernel void k(global int *out)");
                            b.open("for (int i = 0; i < 2; i++)");
                            b.expect(format!("out[i] = {value};"), v);
                            b.close();
                            b.close();
                        }
                    }
                    out.push(b.finish());
                }
            }
        }
    }
}

/// C++ for OpenCL: a space on a function's return type (rejected) against one on the
/// returned pointer's pointee or reference's referent (accepted).
fn cxx_return_space(out: &mut Out) {
    for spelling in SPELLINGS.iter().map(|s| s.0) {
        for space in AddrSpace::ALL {
            let q = Q::new(space, spelling);
            for form in ["value", "pointer", "reference"] {
                let dims = vec![
                    ("space", q.tag().to_string()),
                    ("returns", form.to_string()),
                ];
                let mut b = Builder::new(RuleId::CxxReturnSpace, cxx_profiles(), dims);
                b.doc(format!("a function returning {}int by {form}.", q.kw()));
                let kw = q.kw();
                let sig = match form {
                    "value" => format!("{kw}int get(int x)"),
                    "pointer" => format!("{kw}int *get({kw}int *x)"),
                    _ => format!("{kw}int &get({kw}int &x)"),
                };
                let bad = move |_| (form == "value").then_some(RuleId::CxxReturnSpace);
                let by_address = form != "value";
                if by_address && space == Constant {
                    b.line("__constant int v = 1;");
                }
                b.expect(format!("{sig} {{ return x; }}"), bad);
                b.open("__kernel void k(__global int *out)");
                match space {
                    _ if !by_address => {}
                    Constant => {}
                    Local => {
                        b.line("__local int v;");
                    }
                    Global => {
                        b.line("__global int &v = *out;");
                    }
                    _ => {
                        b.line("int v = 1;");
                    }
                }
                let call = match form {
                    "value" => "get(1)",
                    "pointer" => "*get(&v)",
                    _ => "get(v)",
                };
                b.line(format!("out[0] = {call};"));
                b.close();
                out.push(b.finish());
            }
        }
    }
}

/// C++ for OpenCL: two spaces on one type, by keywords, an alias and a keyword, or clang's
/// attribute spelling; the same space twice is one space.
fn cxx_multiple_spaces(out: &mut Out) {
    for &(s1, s2) in &SPELLINGS {
        for x in AddrSpace::ALL {
            for y in AddrSpace::ALL {
                for how in ["keywords", "alias", "attribute"] {
                    let a = Q::new(x, s1);
                    let b_q = Q::new(
                        y,
                        if how == "attribute" {
                            Spelling::Attribute
                        } else {
                            s2
                        },
                    );
                    let dims = vec![
                        ("first", a.tag().to_string()),
                        ("second", b_q.tag().to_string()),
                        ("how", how.to_string()),
                    ];
                    let mut b = Builder::new(RuleId::CxxMultipleSpaces, cxx_profiles(), dims);
                    b.doc(format!(
                        "`{}` and `{}` on one type ({how}).",
                        a.tag(),
                        b_q.tag()
                    ));
                    let v = move |_| (x != y).then_some(RuleId::CxxMultipleSpaces);
                    if how == "alias" {
                        b.line(format!("using T = {}int;", a.kw()));
                        b.expect(format!("void helper({}T *p) {{ (void)p; }}", b_q.kw()), v);
                    } else {
                        b.expect(
                            format!("void helper({}{}int *p) {{ (void)p; }}", a.kw(), b_q.kw()),
                            v,
                        );
                    }
                    b.open("__kernel void k(__global int *out)");
                    b.line("out[0] = 1;");
                    b.close();
                    out.push(b.finish());
                }
            }
        }
    }
}
