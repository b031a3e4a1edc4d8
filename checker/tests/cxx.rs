//! The checker's C++ for OpenCL subset end to end (`CLC++2021`): what the suite's case format
//! cannot express (semantic and unsupported diagnostics, which carry no rule ID) and deep C++
//! nesting. The rules themselves are proved by `suite/cases/cxx/`.

use checker::spec::RuleId;
use checker::{check_bytes, check_source, Code, Options, Profile};

/// `(line, code)` of every diagnostic.
fn codes(src: &str) -> Vec<(u32, Code)> {
    let (sources, diags) = check_source("t.cl", src, Profile::CXX2021, &Options::default());
    checker::in_main_file(&sources, &diags)
}

#[test]
fn named_casts_change_spaces_only_as_implicit_conversions_do() {
    // clang-16: "static_cast from '__generic int *' to '__global int *' is not allowed";
    // addrspace_cast (and a C cast) may go from generic to a named space.
    let src = "kernel void k(global int *g, local int *l) {\n\
               int *p = static_cast<int *>(g);\n\
               global int *a = addrspace_cast<global int *>(p);\n\
               global int *b = (global int *)p;\n\
               global int *c = static_cast<global int *>(p);\n\
               local int *d = reinterpret_cast<local int *>(g);\n\
               local int *e = addrspace_cast<local int *>(g);\n\
               }";
    assert_eq!(
        codes(src),
        [
            (5, Code::Semantic),
            (6, Code::Semantic),
            (7, Code::Semantic)
        ]
    );
}

#[test]
fn default_new_and_delete_are_errors_placement_new_is_not() {
    let src = "struct S { int x; S(int v) : x(v) {} };\n\
               kernel void k(global int *out) {\n\
               S local_s(1);\n\
               S *p = new (&local_s) S(2);\n\
               int *q = new int(3);\n\
               delete q;\n\
               out[0] = p->x;\n\
               }";
    assert_eq!(codes(src), [(5, Code::Semantic), (6, Code::Semantic)]);
}

#[test]
fn explicit_spaces_that_differ_are_semantic_errors_not_cxx_rules() {
    // Both spaces written: no CXX- rule covers the conversion, but a compiler rejects it.
    let src = "kernel void k(global int *g) {\n__private int *p = g;\n}";
    assert_eq!(codes(src), [(2, Code::Semantic)]);
}

#[test]
fn constructs_outside_the_subset_are_unsupported_and_judge_nothing() {
    let src = "struct Base { virtual int f() { return 1; } };\n\
               struct C { int v; friend struct Base; };\n\
               kernel void k(global int *out) {\n\
               __private int *p = out;\n\
               auto twice = [](int x) { return 2 * x; };\n\
               out[0] = 1;\n\
               }";
    let got = codes(src);
    assert!(
        got.iter().any(|(l, c)| *l == 1 && *c == Code::Unsupported),
        "{got:?}"
    );
    assert!(
        got.iter().any(|(l, c)| *l == 2 && *c == Code::Unsupported),
        "{got:?}"
    );
    // A lambda is read and skipped: no diagnostic.
    assert!(!got.iter().any(|(l, _)| *l == 5), "{got:?}");
    assert!(
        got.iter()
            .all(|(_, c)| matches!(c, Code::Unsupported | Code::Semantic)),
        "{got:?}"
    );
}

#[test]
fn references_bind_like_pointers() {
    let src = "__constant int scale = 2;\n\
               int twice(const int &v) { return 2 * v; }\n\
               kernel void k(global int *out, local int *tile) {\n\
               int &a = out[0];\n\
               __local int &b = tile[0];\n\
               __global int &c = tile[1];\n\
               const int &d = scale;\n\
               out[1] = twice(scale) + a + b + c + d;\n\
               }";
    let rule = |id: &str| Code::Rule(id.parse().unwrap());
    assert_eq!(
        codes(src),
        [
            (6, Code::Semantic),
            (7, rule("CXX-GENERIC-POINTERS")),
            (8, rule("CXX-GENERIC-POINTERS")),
        ]
    );
}

#[test]
fn deep_cxx_nesting_is_a_limit_not_a_crash() {
    let n = 20_000;
    let inputs = [
        format!("{}int x;{}", "namespace a { ".repeat(n), "}".repeat(n)),
        format!("{}int f(T x);", "template <class T> ".repeat(n)),
        format!("{}int x;{}", "struct A { ".repeat(n), "};".repeat(n)),
        format!("int x = {}y;", "a::".repeat(n)),
        format!(
            "template <class T> struct B {{}}; B<{}int{}> b;",
            "B<".repeat(n),
            ">".repeat(n)
        ),
        format!(
            "kernel void k() {{ int v = {}0{}; }}",
            "static_cast<int>(".repeat(n),
            ")".repeat(n)
        ),
    ];
    for src in &inputs {
        let diags = check_bytes(src.as_bytes(), Profile::CXX2021);
        assert!(diags.len() < 10_000);
    }
}

#[test]
fn c_profiles_do_not_see_cxx_keywords() {
    // `class`, `this`, `new` and `true` are identifiers in OpenCL C.
    let src = "kernel void k(global int *out) { int class = 1, this = 2, new = 3, true = 4; out[0] = class + this + new + true; }";
    for profile in [Profile::CL1_2, Profile::CL2_0, Profile::CL3_0] {
        let (_, diags) = check_source("t.cl", src, profile, &Options::default());
        assert!(diags.is_empty(), "{profile}: {diags:#?}");
    }
}

#[test]
fn addrspace_cast_only_changes_the_space_of_a_pointee() {
    // Not a pointer on either side, other pointee types, `const` dropped, a reference: each
    // is rejected; a change of space alone is judged like any cast between spaces.
    let src = "struct S { int v; };\n\
               void f(global int *gl, const global int *gc, global int &gr, global struct S *gs) {\n\
               int i = addrspace_cast<int>(gl);\n\
               int *a = addrspace_cast<int *>(*gl);\n\
               int *b = addrspace_cast<int *>(gc);\n\
               int &c = addrspace_cast<int &>(gr);\n\
               int *d = addrspace_cast<int *>(gs);\n\
               int *ok = addrspace_cast<int *>(gl);\n\
               const int *ok2 = addrspace_cast<const int *>(gc);\n\
               local int *e = addrspace_cast<local int *>(gl);\n\
               }";
    let got = codes(src);
    let lines: Vec<u32> = got.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [3, 4, 5, 6, 7, 10], "{got:?}");
    assert!(got.iter().all(|(_, c)| *c == Code::Semantic), "{got:?}");
}

#[test]
fn auto_with_a_space_must_match_the_deduced_pointee_and_decltype_is_read() {
    let src = "kernel void k(global int *g) {\n\
               local int *pl;\n\
               global auto *gp = pl;\n\
               global auto *ok = g;\n\
               auto *any = pl;\n\
               using T = decltype(g);\n\
               int i = (*(decltype(g) *)nullptr)[0];\n\
               constant decltype(i) *c = nullptr;\n\
               }";
    // decltype(i) is `__private int`: with `constant`, a type with two spaces.
    assert_eq!(
        codes(src),
        [
            (3, Code::Semantic),
            (8, Code::Rule(RuleId::CxxMultipleSpaces))
        ]
    );
}
