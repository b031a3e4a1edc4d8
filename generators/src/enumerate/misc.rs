//! The rule families with fewer dimensions: reserved names, multiple spaces, kernel arguments,
//! images, events and samplers, program-scope types and initialisers, constant memory, string
//! literals, const global, to_global/to_local/to_private, and the built-ins whose overloads are
//! per space.

use super::{Out, SPELLINGS};
use crate::case::{c_profiles, with, Builder};
use crate::enumerate::conversions::profiles_for;
use crate::spec::{conversion, Op};
use crate::ty::{Elem, PtrTy, Q};
use checker::spec::{AddrSpace, Feature, Profile, RuleId, Spelling};

use AddrSpace::*;

fn named(spelling: Spelling) -> [Q; 4] {
    AddrSpace::NAMED.map(|s| Q::new(s, spelling))
}

pub fn all(out: &mut Out) {
    reserved(out);
    multiple(out);
    kernel_args(out);
    images(out);
    opaque(out);
    progscope(out);
    constant(out);
    string_literals(out);
    to_named(out);
    builtins(out);
}

/// Reserved names as identifiers: variables, parameters, functions, fields, typedefs.
fn reserved(out: &mut Out) {
    let contexts = ["variable", "parameter", "function", "field", "typedef"];
    for spelling in Spelling::ALL {
        for space in AddrSpace::ALL {
            let word = space.keyword(spelling);
            for ctx in contexts {
                for reserved in [true, false] {
                    let name = if reserved {
                        word.to_string()
                    } else {
                        format!("{word}_name")
                    };
                    let (rule, profiles) = if space == Generic {
                        let ps = if spelling == Spelling::Prefixed || reserved {
                            with(&c_profiles(), Feature::GenericAddressSpace, true)
                        } else {
                            c_profiles()
                        };
                        (RuleId::ReservedGeneric, ps)
                    } else {
                        (RuleId::ReservedName, c_profiles())
                    };
                    let dims = vec![
                        ("context", ctx.to_string()),
                        ("name", word.to_string()),
                        (
                            "use",
                            if reserved { "reserved" } else { "suffixed" }.to_string(),
                        ),
                    ];
                    let mut b = Builder::new(rule, profiles, dims);
                    b.doc(format!("`{name}` used as a {ctx} name."));
                    let bad = move |_p: Profile| reserved.then_some(rule);
                    match ctx {
                        "variable" => {
                            b.open("kernel void k(global int *out)");
                            b.expect(format!("int {name} = 1;"), bad);
                            b.line(format!("out[0] = {name};"));
                            b.close();
                        }
                        "parameter" => {
                            b.expect(format!("int helper(int {name}) {{ return {name}; }}"), bad);
                        }
                        "function" => {
                            b.expect(format!("int {name}(int n) {{ return n; }}"), bad);
                        }
                        "field" => {
                            b.expect(format!("typedef struct {{ int {name}; }} T;"), bad);
                        }
                        _ => {
                            b.expect(format!("typedef int {name};"), bad);
                        }
                    }
                    out.push(b.finish());
                }
            }
        }
    }
}

/// Spelling pairs for two spaces on one type: the keyword pairs, and clang's attribute
/// spelling against each keyword spelling and itself.
const MULTIPLE_SPELLINGS: [(Spelling, Spelling); 6] = [
    SPELLINGS[0],
    SPELLINGS[1],
    SPELLINGS[2],
    (Spelling::Attribute, Spelling::Attribute),
    (Spelling::Attribute, Spelling::Bare),
    (Spelling::Prefixed, Spelling::Attribute),
];

/// Two different spaces on one type, in a parameter, a local pointer, a cast, a typedef, and
/// a typedef's space qualified again where the typedef is used.
fn multiple(out: &mut Out) {
    for &(s1, s2) in &MULTIPLE_SPELLINGS {
        for a in Q::all(s1) {
            for b_q in Q::all(s2) {
                let (Some(x), Some(y)) = (a.space, b_q.space) else {
                    continue;
                };
                for ctx in [
                    "parameter",
                    "local-pointer",
                    "cast",
                    "typedef",
                    "typedef-use",
                ] {
                    let profiles = profiles_for(&[a, b_q]);
                    let dims = vec![
                        ("context", ctx.to_string()),
                        ("first", a.tag().to_string()),
                        ("second", b_q.tag().to_string()),
                    ];
                    let mut b = Builder::new(RuleId::MultipleSpaces, profiles, dims);
                    b.doc(format!("`{}{}int` in a {ctx}.", a.kw(), b_q.kw()));
                    // The same qualifier twice is a duplicate qualifier, which is allowed:
                    // write it once so the accept case is plain.
                    let quals = if x == y {
                        a.kw()
                    } else {
                        format!("{}{}", a.kw(), b_q.kw())
                    };
                    let v = move |_p: Profile| (x != y).then_some(RuleId::MultipleSpaces);
                    match ctx {
                        "parameter" => {
                            b.expect(format!("void helper({quals}int *p) {{ (void)p; }}"), v);
                        }
                        "local-pointer" => {
                            b.open("void helper(void)");
                            b.expect(format!("{quals}int *p = 0;"), v);
                            b.close();
                        }
                        "cast" => {
                            b.open("void helper(void)");
                            b.expect(format!("(void)({quals}int *)0;"), v);
                            b.close();
                        }
                        "typedef" => {
                            b.expect(format!("typedef {quals}int T;"), v);
                        }
                        _ => {
                            b.line(format!("typedef {}int T;", a.kw()));
                            b.expect(format!("void helper({}T *p) {{ (void)p; }}", b_q.kw()), v);
                        }
                    }
                    out.push(b.finish());
                }
            }
        }
    }
}

/// Kernel pointer arguments: the pointee space (and pointers to pointers before 2.0).
fn kernel_args(out: &mut Out) {
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
fn images(out: &mut Out) {
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
fn opaque(out: &mut Out) {
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

/// Program-scope initialisers: constant expressions, and pointers to other variables.
fn progscope(out: &mut Out) {
    let globals = with(&c_profiles(), Feature::ProgramScopeGlobals, true);
    for spelling in Spelling::ALL {
        for scope in ["program", "static"] {
            for (init, constant) in [
                ("4", true),
                ("2 * 3", true),
                ("&a", true),
                ("a", false),
                ("get_work_dim()", false),
            ] {
                let is_ptr = init == "&a";
                let dims = vec![
                    ("scope", scope.to_string()),
                    ("space", Q::new(Global, spelling).tag().to_string()),
                    (
                        "init",
                        init.replace(['&', '*', '(', ')', ' '], "").to_string()
                            + if is_ptr { "addr" } else { "" },
                    ),
                ];
                let mut b = Builder::new(RuleId::ProgscopeInit, globals.clone(), dims);
                b.doc(format!(
                    "a {scope} global variable initialised with `{init}`."
                ));
                let g = Global.keyword(spelling);
                b.line(format!("{g} int a = 1;"));
                let decl = if is_ptr {
                    format!("{g} int *{g} x = {init};")
                } else {
                    format!("{g} int x = {init};")
                };
                let text = if scope == "static" {
                    format!("static {decl}")
                } else {
                    decl
                };
                if scope == "static" {
                    b.open("kernel void k(global int *out)");
                }
                b.expect(text, move |_| (!constant).then_some(RuleId::ProgscopeInit));
                if scope == "static" {
                    b.close();
                }
                out.push(b.finish());
            }
        }
    }
    // Program-scope pointers initialised with the address of a program-scope variable.
    for &(s1, s2) in &SPELLINGS {
        for var in [Q::new(Global, s1), Q::new(Constant, s1)] {
            for pointee in Q::all(s2) {
                for holder in [Q::new(Constant, s2), Q::new(Global, s2)] {
                    let mut profiles = profiles_for(&[pointee]);
                    if var.space == Some(Global) || holder.space == Some(Global) {
                        profiles = with(&profiles, Feature::ProgramScopeGlobals, true);
                    }
                    if profiles.is_empty() {
                        continue;
                    }
                    let dims = vec![
                        ("variable", var.tag().to_string()),
                        ("holder", holder.tag().to_string()),
                        ("pointee", pointee.tag().to_string()),
                    ];
                    let mut b = Builder::new(RuleId::ProgscopePtrInit, profiles, dims);
                    b.doc(format!(
                        "a {} pointer to {} int initialised with the address of a {} variable.",
                        holder.tag(),
                        pointee.tag(),
                        var.tag()
                    ));
                    b.line(format!("{}int v = 1;", var.kw()));
                    let from = var.space.unwrap_or(Global);
                    b.expect(
                        format!("{}int *{}p = &v;", pointee.kw(), holder.kw()),
                        move |p| {
                            // Constant and generic never convert: that rule wins even
                            // at program scope (the catalogue's precedence list).
                            conversion(Op::Init, from, pointee.pointee(p)).map(|r| {
                                if r == RuleId::GenericConstant {
                                    r
                                } else {
                                    RuleId::ProgscopePtrInit
                                }
                            })
                        },
                    );
                    out.push(b.finish());
                }
            }
        }
    }
}

/// Constant variables' initialisers, writes to constant memory and through const global
/// pointers, and where constant variables may be declared (scope: see `decls`).
fn constant(out: &mut Out) {
    for spelling in Spelling::ALL {
        let c = Constant.keyword(spelling);
        for scope in ["program", "kernel"] {
            for (init, ok) in [
                ("3", true),
                ("1 + 2", true),
                ("sizeof(int)", true),
                ("n", false),
                ("(int)get_work_dim()", false),
            ] {
                if scope == "program" && init == "n" {
                    continue;
                }
                let dims = vec![
                    ("scope", scope.to_string()),
                    ("space", c.to_string()),
                    (
                        "init",
                        init.replace(|ch: char| !ch.is_ascii_alphanumeric(), ""),
                    ),
                ];
                let mut b = Builder::new(RuleId::ConstantInitConst, c_profiles(), dims);
                b.doc(format!(
                    "a {scope}-scope constant initialised with `{init}`."
                ));
                let v = move |_p: Profile| (!ok).then_some(RuleId::ConstantInitConst);
                if scope == "program" {
                    b.expect(format!("{c} int x = {init};"), v);
                    b.line("kernel void k(global int *out) { out[0] = x; }");
                } else {
                    b.open("kernel void k(global int *out, int n)");
                    b.expect(format!("{c} int x = {init};"), v);
                    b.line("out[0] = x;");
                    b.close();
                }
                out.push(b.finish());
            }
        }
        // Writes.
        let writes: [(&str, &str, Elem); 8] = [
            ("assign", "p[0] = v;", Elem::Int),
            ("deref", "*p = v;", Elem::Int),
            ("compound", "p[1] += v;", Elem::Int),
            ("increment", "(*p)++;", Elem::Int),
            ("member", "p->a = v;", Elem::Struct),
            ("component", "p[0].x = 1.0f;", Elem::Float4),
            ("read", "out[0] = p[0];", Elem::Int),
            ("read-member", "out[0] = p->a;", Elem::Struct),
        ];
        for (kind, stmt, elem) in writes {
            for how in ["constant-arg", "constant-var", "const-global", "global"] {
                if how == "constant-var" && elem != Elem::Int {
                    continue;
                }
                let rule = if how == "const-global" {
                    RuleId::ConstGlobal
                } else {
                    RuleId::ConstantWrite
                };
                let dims = vec![
                    ("through", how.to_string()),
                    ("access", kind.to_string()),
                    ("type", elem.name().to_ascii_lowercase()),
                    (
                        "spelling",
                        if spelling == Spelling::Prefixed {
                            "prefixed"
                        } else {
                            "bare"
                        }
                        .to_string(),
                    ),
                ];
                let mut b = Builder::new(rule, c_profiles(), dims);
                b.doc(format!("`{stmt}` through a {how} pointer."));
                b.prelude(elem.prelude());
                let g = Global.keyword(spelling);
                let (param, pre) = match how {
                    "constant-arg" => (format!("{c} {} *p", elem.name()), None),
                    "constant-var" => (
                        String::new(),
                        Some(format!("{c} int p[4] = {{1, 2, 3, 4}};")),
                    ),
                    "const-global" => (format!("const {g} {} *p", elem.name()), None),
                    _ => (format!("{g} {} *p", elem.name()), None),
                };
                if let Some(pre) = &pre {
                    b.line(pre);
                }
                let params = if param.is_empty() {
                    "global int *out, int v".to_string()
                } else {
                    format!("global int *out, int v, {param}")
                };
                b.open(format!("kernel void k({params})"));
                let writes = !kind.starts_with("read") && how != "global";
                b.expect(stmt, move |_| writes.then_some(rule));
                b.close();
                out.push(b.finish());
            }
        }
    }
}

/// String literals become pointers to constant only.
fn string_literals(out: &mut Out) {
    for spelling in Spelling::ALL {
        for q in Q::all(spelling) {
            if q.space.is_none() && spelling == Spelling::Bare {
                continue;
            }
            for op in [Op::Init, Op::Assign, Op::Arg, Op::Return] {
                let profiles = profiles_for(&[q]);
                let dims = vec![("op", op.tag().to_string()), ("to", q.tag().to_string())];
                let mut b = Builder::new(RuleId::StringLiteral, profiles, dims);
                b.doc(format!(
                    "a string literal {} into a pointer to {} char.",
                    op.tag(),
                    q.tag()
                ));
                let ptr = PtrTy::to(q, Elem::Char);
                let v =
                    move |p: Profile| (q.pointee(p) != Constant).then_some(RuleId::StringLiteral);
                match op {
                    Op::Init => {
                        b.open("void helper(void)");
                        b.expect(format!("{} = \"abc\";", ptr.decl(Q::NONE, "s")), v);
                    }
                    Op::Assign => {
                        b.open(format!("void helper({})", ptr.decl(Q::NONE, "s")));
                        b.expect("s = \"abc\";", v);
                    }
                    Op::Arg => {
                        b.line(format!(
                            "void callee({}) {{ (void)s; }}",
                            ptr.decl(Q::NONE, "s")
                        ));
                        b.open("void helper(void)");
                        b.expect("callee(\"abc\");", v);
                    }
                    _ => {
                        b.open(format!("{}(void)", ptr.decl(Q::NONE, "name")));
                        b.expect("return \"abc\";", v);
                    }
                }
                b.close();
                out.push(b.finish());
            }
        }
    }
    let mut b = Builder::new(
        RuleId::StringLiteral,
        c_profiles(),
        vec![("op", "array-copy".into())],
    );
    b.doc("a string literal copied into a private char array.");
    b.open("kernel void k(global char *out)");
    b.line("char s[] = \"abc\";");
    b.line("out[0] = s[1];");
    b.close();
    out.push(b.finish());
}

/// to_global, to_local and to_private: undeclared without the generic space; a pointer to a
/// named space comes back.
fn to_named(out: &mut Out) {
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
fn builtins(out: &mut Out) {
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
