//! The rule families with fewer dimensions: reserved names, multiple spaces, kernel arguments,
//! images, events and samplers, program-scope types and initialisers, constant memory, string
//! literals, const global, to_global/to_local/to_private, and the built-ins whose overloads are
//! per space.
//!
//! This file owns reserved names, multiple spaces, program-scope types and initialisers,
//! constant memory and string literals; `kernel_types` owns kernel arguments, images, events
//! and samplers; `builtins` owns the built-ins.

mod builtins;
mod kernel_types;

use super::{Out, SPELLINGS};
use crate::case::{c_profiles, with, Builder};
use crate::enumerate::conversions::profiles_for;
use crate::spec::{conversion, Op};
use crate::statics::{Scope, Storage};
use crate::ty::{Elem, PtrTy, Q};
use checker::spec::{AddrSpace, Feature, Profile, RuleId, Spelling};

use AddrSpace::*;

fn named(spelling: Spelling) -> [Q; 4] {
    AddrSpace::NAMED.map(|s| Q::new(s, spelling))
}

pub fn all(out: &mut Out) {
    reserved(out);
    multiple(out);
    kernel_types::kernel_args(out);
    kernel_types::images(out);
    kernel_types::opaque(out);
    progscope(out);
    constant(out);
    string_literals(out);
    builtins::to_named(out);
    builtins::builtins(out);
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
                // `a` is a program-scope global in every case (x may be a static).
                b.storage(Some(Storage::Program));
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
                    for q in [var, holder] {
                        b.storage(Storage::of(Scope::Program, q.space));
                    }
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
                if scope == "program" {
                    b.storage(Some(Storage::ConstantProgram));
                }
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
                    b.storage(Some(Storage::ConstantProgram));
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
