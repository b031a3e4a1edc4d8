//! Streaming changes nothing: every suite case, and inputs written to need long lookahead,
//! recovery or parsing again, give the same diagnostics through parser windows of a few tokens
//! (each declaration parsed again at every overrun, finished ones dropped early, function
//! bodies handed out a statement or a few at a time) and with the
//! files lexed a line or a few at a time, as with the whole output read before parsing starts
//! and each file lexed whole; included files too, under limits that stop the run part of the
//! way.

use super::*;
use crate::spec::Profile;

/// Windows far smaller than any declaration (nearly every declaration overruns, several
/// times), function bodies in pieces of a statement or a few, each with a size of the files'
/// parts (a line, a few lines).
const SMALL: [(Window, usize); 3] = [
    (
        Window {
            ahead: 1,
            drop_after: 1,
            fill: 1,
            piece: 1,
        },
        1,
    ),
    (
        Window {
            ahead: 2,
            drop_after: 3,
            fill: 2,
            piece: 0,
        },
        usize::MAX,
    ),
    (
        Window {
            ahead: 7,
            drop_after: 16,
            fill: 3,
            piece: 9,
        },
        10,
    ),
];

/// The whole output at once: nothing can overrun, as when the parser read a complete list.
const WHOLE: Window = Window {
    ahead: usize::MAX,
    drop_after: usize::MAX,
    fill: 1,
    piece: usize::MAX,
};

fn run(name: &str, text: &str, profile: Profile, (w, part): (Window, usize)) -> Vec<Diagnostic> {
    let mut sources = SourceMap::new(name, text);
    let loader = MemLoader::default();
    check_windowed(
        &mut sources,
        profile,
        &Options::default(),
        &loader,
        None,
        w,
        part,
    )
}

/// The preprocessor's output as text (symbols are numbered in the order they are met, which
/// lexing in parts changes).
fn preprocessed(text: &str, profile: Profile, part: usize) -> Vec<String> {
    let mut opts = pp::Options::new(profile);
    opts.part = part;
    preprocessed_with(text, &opts, &MemLoader::default())
}

/// [`preprocessed`] with `opts` and the included files `loader` holds.
fn preprocessed_with(text: &str, opts: &pp::Options, loader: &MemLoader) -> Vec<String> {
    let mut sources = SourceMap::new("pp.cl", text);
    let mut diags = Vec::new();
    let out = pp::preprocess(&mut sources, opts, loader, &mut diags);
    let tokens = out.tokens.iter().map(|t| {
        let chain: Vec<_> = out
            .chain(t)
            .iter()
            .map(|e| out.symbols.text(e.name))
            .collect();
        let text = out.symbols.text(t.sym);
        format!(
            "{:?} {text} {:?} {} {} {chain:?}",
            t.kind, t.span, t.space_before, t.line_start
        )
    });
    let pragmas = out.pragmas.iter().map(|p| format!("{p:?}"));
    let diags = diags.iter().map(|d| format!("{d:?}"));
    tokens.chain(pragmas).chain(diags).collect()
}

/// The check without streaming: the whole output preprocessed before parsing starts, the unit
/// parsed whole (each function with its whole body), then analysed.
fn unstreamed(name: &str, text: &str, profile: Profile) -> Vec<Diagnostic> {
    let mut sources = SourceMap::new(name, text);
    let mut diags = Vec::new();
    let opts = pp::Options::new(profile);
    let pre = pp::preprocess(&mut sources, &opts, &MemLoader::default(), &mut diags);
    let arena = Arena::default();
    let mut parsed = Vec::new();
    let tu =
        crate::parse::translation_unit(&arena, &pre.tokens, &pre.symbols, profile, &mut parsed);
    let mut analysed = Vec::new();
    crate::sema::check(&tu, profile, &mut analysed);
    diags.append(&mut parsed);
    diags.append(&mut analysed);
    diags.sort_by_key(|d| (d.span.file, d.span.start));
    diags
}

/// Checks `text` through every window and without streaming; returns how many diagnostics
/// the whole output gave.
fn same_through_every_window(name: &str, text: &str, profile: Profile) -> usize {
    let whole = run(name, text, profile, (WHOLE, usize::MAX));
    assert_eq!(
        whole,
        unstreamed(name, text, profile),
        "{name} in {profile}, streamed and not"
    );
    for w in SMALL {
        assert_eq!(
            run(name, text, profile, w),
            whole,
            "{name} in {profile}, {w:?}"
        );
    }
    let pre = preprocessed(text, profile, usize::MAX);
    for part in [0, 1, 2, 10] {
        assert_eq!(
            preprocessed(text, profile, part),
            pre,
            "{name} in {profile}, parts of {part}"
        );
    }
    whole.len()
}

/// The suite's OpenCL C cases, sorted, with their texts.
fn suite_cases() -> Vec<(std::path::PathBuf, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../suite/cases");
    let mut files = Vec::new();
    cl_files(&root, &mut files);
    files.sort();
    assert!(
        files.len() > 400,
        "the suite's cases were not found under {root:?}"
    );
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a suite case is text");
            (path, text)
        })
        .collect()
}

fn cl_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let path = e.path();
        if path.is_dir() {
            cl_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "cl") {
            out.push(path);
        }
    }
}

/// Runs `each` on every suite case in three profiles (1.2, 3.0 with both features, C++ for
/// OpenCL); `each` gives back how many diagnostics it saw, and this their sum.
fn over_suite_cases(mut each: impl FnMut(&str, &str, Profile) -> usize) -> usize {
    let mut diags = 0;
    for (path, text) in &suite_cases() {
        let name = path.display().to_string();
        for profile in [
            Profile::CL1_2,
            Profile::CL3_0_GENERIC_GLOBALS,
            Profile::CXX2021,
        ] {
            diags += each(&name, text, profile);
        }
    }
    diags
}

#[test]
fn suite_cases_through_small_windows() {
    let diags = over_suite_cases(same_through_every_window);
    // The cases exercise diagnostics too, not only clean parses.
    assert!(diags > 1000, "only {diags} diagnostics");
}

/// Included files, each lexed in parts: nested, guarded, included twice, `#pragma once`,
/// groups left open, `#line`, macros defined in one file and used (or invoked across a line
/// end) in another, and no final newline.
const HEADERS: &[(&str, &str)] = &[
    ("a.h", "#ifndef A_H\n#define A_H\n#include \"b.h\"\n#define TWICE(x) (x) + \\\n (x)\nint a = B_ONE\n + __LINE__;\n#endif\n"),
    ("b.h", "#pragma once\n#define B_ONE 1\n/* a\n comment */ typedef int b_t;\nb_t b = TWICE_LATER(\n2);\n"),
    ("c.h", "#if 1\nint c;\n#line 70 \"c.cl\"\nint c_line = __LINE__;"),
    ("d.h", "#include \"a.h\"\n#include \"b.h\"\n#include \"c.h\"\n#endif\nint d = TWICE(B_ONE);\n"),
    ("e.h", "#include \"e.h\"\nE E E\n"),
];

/// Files for the tight limits of [`included_files_give_the_same_output_in_parts_of_any_size`],
/// built to be read in parts under them (each has fewer than 400 bytes).
fn tight_headers() -> Vec<(&'static str, String)> {
    let lines = |line: &str, n: usize| format!("{line}\n").repeat(n);
    vec![
        // 244 tokens, and 301 more in the file it includes first: past 400 only when its own
        // rest is counted too.
        (
            "outer.h",
            format!("#include \"inner.h\"\n{}", lines(&"y;".repeat(15), 8)),
        ),
        ("inner.h", lines(&"x;".repeat(15), 10)),
        // 100 expanded tokens at the top, within the budget only for the whole file's count.
        (
            "late.h",
            format!(
                "#define M a a a a a a a a a a\nM M M M M M M M M M\n{}",
                lines(&";".repeat(30), 10)
            ),
        ),
    ]
}

/// Main files for [`HEADERS`].
const INCLUDERS: &[&str] = &[
    "#define TWICE_LATER(x) x\n#include \"d.h\"\n#include \"a.h\"\nint m = TWICE(a);\n#include \"d.h\"\n",
    "#include \"c.h\"\nint after_c;\n#endif\n#include \"b.h\"",
    "#define E e e e e\n#include \"e.h\"\nint tail;",
    "#include \"outer.h\"\nint tail;",
    "int head;\n#include \"late.h\"\n",
];

#[test]
fn included_files_give_the_same_output_in_parts_of_any_size() {
    let mut loader = MemLoader::default();
    for (name, text) in HEADERS {
        loader = loader.with(*name, *text);
    }
    for (name, text) in tight_headers() {
        loader = loader.with(name, text);
    }
    // With the default limits, then with limits that stop the runs part of the way: the
    // count of included tokens (counted whole before a file that might pass it is read) and
    // the expansion budgets (judged on every open file's whole count).
    let mut tight = pp::Options::new(Profile::CL3_0);
    tight.limits.included_tokens = 400;
    tight.limits.include_depth = 12;
    tight.limits.expanded_tokens = 60;
    tight.limits.expanded_tokens_per_input_token = 1;
    tight.limits.expansions = 20;
    tight.limits.expansions_per_input_token = 0;
    for base in [pp::Options::new(Profile::CL3_0), tight] {
        for text in INCLUDERS {
            let mut opts = base.clone();
            opts.part = usize::MAX;
            let whole = preprocessed_with(text, &opts, &loader);
            for part in [0, 1, 2, 3, 10] {
                opts.part = part;
                let parted = preprocessed_with(text, &opts, &loader);
                assert_eq!(parted, whole, "{text:?} in parts of {part}");
            }
        }
    }
}

#[test]
fn suite_cases_included_give_the_same_output_in_parts() {
    for (path, text) in suite_cases() {
        let loader = MemLoader::default().with("case.cl", text);
        let main = "int before;\n#include \"case.cl\"\nint after;\n";
        let mut opts = pp::Options::new(Profile::CL3_0_GENERIC_GLOBALS);
        opts.part = usize::MAX;
        let whole = preprocessed_with(main, &opts, &loader);
        for part in [1, 7] {
            opts.part = part;
            let parted = preprocessed_with(main, &opts, &loader);
            assert_eq!(parted, whole, "{} in parts of {part}", path.display());
        }
    }
}

/// Inputs whose parse reads far ahead, recovers across declarations or ends early.
const AWKWARD: &[&str] = &[
    // An unclosed body: the rest of the file is one declaration.
    "kernel void k(global int *p) { p[0] = 1;\nint x;\nkernel void j() {}\n",
    // Recovery that skips to a later line, and a declaration broken at the end of input.
    "int a = ;\nint b = (1 + ;\nkernel void k(global int *p) { *p = 1 }\nstruct S { int x",
    "typedef int T;\nT x;\nvoid f(T t) { T y = t; { typedef float T; T z; } T w; }\nint T2 = sizeof(T);",
    "generic int *p;\nint generic;\nkernel void k(local int *local) { int global = 0; }",
    "#define F(x) x + x\n#define G F(\nint a = G 1);\nint b = F(\n2\n);\n_Pragma(\"OPENCL EXTENSION cl_khr_fp64 : enable\")\ndouble d;",
    ")))}}};;;{{{(((",
    // A typedef that replaces a variable, with more declarators after it: an attempt undone
    // there must not leave `T` a type name for the next one (`T m;` is an error only while it
    // is not).
    "int T;\ntypedef struct { T m; } T, A, B, C, D, E, F, G, H;\nT n;",
    "int T;\nvoid g() { T x; { typedef int T; T a; T b; T c; } T y; }\nvoid h() { T z; }",
    "",
    // Directives, splices, comments and macro arguments across line ends, and no final newline.
    "#define A(x, y) x ## y\n#if A(1,\n 0) > 5\nint a\\\n b;\n#else\n/* a\n comment */ int c = A(\n2,\n3);\n#endif\n#\n# 40 \"f.cl\"\nint d = __LINE__; int e",
    "#if 1\nint x;\n#elif\n#endif\n#error stop here\nint y = 0\\",
    // Function bodies, handed out a statement at a time: names that statements declare,
    // shadow and give back (undone when a statement is parsed again), labels used before
    // they are defined, a statement that is no statement, a body left open at the end.
    "typedef int T;\nvoid f(int U) { typedef int V; V a; { int V; T U2 = U; } V c; int T; T * q; }\nT t;\nvoid g(global int *p) { goto out; { typedef float T; T z; } out: *p = 1; ] ; }\n}\nint after;\nkernel void h(global int *p) { if (*p) { *p = 1;\nint x;",
    "kernel void k(local int *l, global float *g) { local int *q = l; g = l; { global int *r = q; } private int v; __constant int c = 1; return 1; }\nvoid e() {}",
    // A function-like macro's name at a line end, its `(` on the next line (or after a
    // directive, where it is no invocation).
    "#define F(x) [x]\nint a[] = { F\n(1), F\n#define G 2\n(G), F\n\n  (3) };",
];

/// C++ inputs: qualified names, templates and `using namespace`, which the undo must restore.
const AWKWARD_CXX: &[&str] = &[
    // Names declared by an attempt that is undone must not be declared for the next one.
    "namespace n { T * z; typedef int T; T y; T w; T v; }\nT * u;\nnamespace p { T * s; }",
    "namespace q { int v = B < 1 > (2); template <class T> struct B { T t; T u; }; int w = B < 1 > (2); }",
    "namespace r { int v = f < 1 > (2); template <class T> T f(T t) { return t; } int w = f < 1 > (2); }",
    "namespace n { template <typename T> struct S { T x; }; typedef int I; }\nusing namespace n;\nS<int> s; I i;\nnamespace m { using namespace n; S<float> t; }\n",
    "template <class T> T twice(T x) { return x + x; }\nkernel void k(global int *p) { *p = twice<int>(*p); }\nstruct A { A(int); int f() const; };\nA::A(int) {}\nint A::f() const { return 0; }",
    "namespace n { struct S { static int v; }; }\nint n::S::v = 1;\nkernel void k() { n::S s; int y = n::S::v; ::n::S t; }\nnamespace {",
    "template <typename T, int N> struct V { T a[N]; };\nV<int, (3 > 2)> v;\nV<V<int, 2>, 2> w;\ntemplate <typename T> class C",
];

#[test]
fn awkward_inputs_through_small_windows() {
    for text in AWKWARD {
        for profile in [Profile::CL1_2, Profile::CL2_0, Profile::CL3_0_GENERIC] {
            same_through_every_window("awkward.cl", text, profile);
        }
    }
    for text in AWKWARD_CXX {
        same_through_every_window("awkward.clcpp", text, Profile::CXX2021);
    }
}

/// A macro whose expansion is over the budget for the main file's first lines but within the
/// budget for the whole file: lexing in parts must count the whole file before judging it.
#[test]
fn budgets_scale_with_the_whole_main_file() {
    let mut text = String::from("#define A0 x x\n");
    for k in 1..=19 {
        text.push_str(&format!("#define A{k} A{} A{}\n", k - 1, k - 1));
    }
    text.push_str("int v[] = { A19 };\n");
    for k in 0..1250 {
        text.push_str(&format!("int w{k};\n"));
    }
    let diags = same_through_every_window("budget.cl", &text, Profile::CL1_2);
    assert!(diags > 0);
}

/// Leaving the tables to the process's exit changes no diagnostic (the suite cases, each
/// checked both ways).
#[test]
fn disable_free_changes_nothing() {
    let leave = Options {
        disable_free: true,
        ..Options::default()
    };
    let diags = over_suite_cases(|name, text, profile| {
        let freed = check_source(name, text, profile, &Options::default()).1;
        let left = check_source(name, text, profile, &leave).1;
        assert_eq!(freed, left, "{name} in {profile}");
        freed.len()
    });
    assert!(diags > 1000, "only {diags} diagnostics");
}

/// A source that records the longest window the parser asked it for.
struct Watched<'a> {
    inner: pp::Stream<'a>,
    most: usize,
}

impl crate::parse::TokenSource for Watched<'_> {
    fn fill(&mut self, out: &mut Vec<crate::token::Token>, len: usize) -> bool {
        self.most = self.most.max(len);
        self.inner.fill(out, len)
    }

    fn symbols(&self) -> &crate::symbol::Interner {
        self.inner.symbols()
    }
}

/// One function whose body is one long statement: a `switch` of `cases` cases, each with an
/// address-space error, in a `for`, in a `do`, in the `if` of an `if`/`else` whose `else`
/// block is long too, as libraries' generated byte-shuffling functions are.
fn long_statement(cases: usize) -> String {
    let mut text = String::from("kernel void k(global int *g, int n)\n{\n  int *p = 0;\n  if (n > 0) {\n    do {\n      for (int i = 0; i < n; i++) {\n        switch (i) {\n");
    for c in 0..cases {
        text.push_str(&format!(
            "          case {c}: g[{c}] = n + {c}; p = g; break;\n"
        ));
    }
    text.push_str("        }\n      }\n    } while (n-- > 0);\n  } else {\n");
    for c in 0..cases {
        text.push_str(&format!("    {{ local int *q{c} = g; g[{c}] = {c}; }}\n"));
    }
    text.push_str("  }\n}\n");
    text
}

/// A statement longer than a piece is opened and read a piece at a time, at any depth: the
/// parser's window stays a few thousand tokens for a statement of tens of thousands, and the
/// diagnostics are those of the statement parsed whole.
#[test]
fn long_statements_are_read_in_pieces() {
    let text = long_statement(2_000);
    let diags = same_through_every_window("long.cl", &text, Profile::CL1_2);
    assert_eq!(diags, 4_000, "an error per case and per block");
    let mut sources = SourceMap::new("long.cl", &text);
    let (loader, mut pp_diags, mut diags) = (MemLoader::default(), Vec::new(), Vec::new());
    let opts = pp::Options::new(Profile::CL1_2);
    let inner = pp::stream(&mut sources, &opts, &loader, &mut pp_diags);
    let mut src = Watched { inner, most: 0 };
    let mut arena = Arena::default();
    crate::parse::each_item_in(
        &mut arena,
        &mut src,
        Window::DEFAULT,
        Profile::CL1_2,
        &mut diags,
        |_| {},
    );
    assert!(diags.is_empty());
    assert!(src.most <= 16_384, "a window of {} tokens", src.most);
}
