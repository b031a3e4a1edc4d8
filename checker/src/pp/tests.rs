//! Longer than most files: tests only, for every directive, expansion rule, predefined macro and
//! limit of the preprocessor.

use super::*;
use crate::lex::tests::XorShift;

struct Run {
    sources: SourceMap,
    out: Preprocessed,
    diags: Vec<Diagnostic>,
}

impl Run {
    /// The output as text, one space between tokens (no `Eof`).
    fn text(&self) -> String {
        let toks = &self.out.tokens[..self.out.tokens.len() - 1];
        toks.iter()
            .map(|t| self.out.symbols.text(t.sym))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn codes(&self) -> Vec<Code> {
        self.diags.iter().map(|d| d.code).collect()
    }

    fn messages(&self) -> String {
        self.diags
            .iter()
            .map(|d| d.message.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn line(&self, span: Span) -> u32 {
        self.sources.line(span)
    }
}

fn pp_with(text: &str, opts: &Options, loader: &MemLoader) -> Run {
    let mut sources = SourceMap::new("k.cl", text);
    let mut diags = Vec::new();
    let out = preprocess(&mut sources, opts, loader, &mut diags);
    Run {
        sources,
        out,
        diags,
    }
}

fn pp(text: &str) -> Run {
    pp_with(text, &Options::new(Profile::CL3_0), &MemLoader::new())
}

/// Output text with no spaces, for comparing against the C99 examples' results.
fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn object_and_function_like_macros() {
    let r = pp("#define N 4\n#define SQ(x) ((x) * (x))\nint a[N] = { SQ(N + 1) };\n");
    assert_eq!(r.text(), "int a [ 4 ] = { ( ( 4 + 1 ) * ( 4 + 1 ) ) } ;");
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    // A function-like name without `(` is left alone, even across a newline to a directive.
    let r = pp("#define F(x) x\nint F;\nF\n#define G 1\nF\n(2)");
    assert_eq!(r.text(), "int F ; F 2");
    // `#undef` and redefinition.
    let r = pp("#define A 1\nA\n#undef A\nA\n#define A 2\n#define A 3\nA");
    assert_eq!(r.text(), "1 A 3");
}

#[test]
fn c99_example_3_rescanning() {
    let src = r#"#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
"#;
    let r = pp(src);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    let want = "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { \"hello\", \"\" };";
    assert_eq!(squash(&r.text()), squash(want));
}

#[test]
fn c99_example_4_stringizing_and_pasting() {
    let src = r#"#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
#include xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
"#;
    let loader = MemLoader::new().with("vers2.h", "included");
    let r = pp_with(src, &Options::new(Profile::CL3_0), &loader);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    let toks: Vec<&str> = r
        .out
        .tokens
        .iter()
        .map(|t| r.out.symbols.text(t.sym))
        .collect();
    assert!(
        toks.contains(&r#""strncmp(\"abc\\0d\", \"abc\", '\\4') == 0""#),
        "{toks:?}"
    );
    assert!(toks.contains(&r#"": @\n""#), "{toks:?}");
    let want = r#"printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
included
"hello";
"hello" ", world""#;
    assert_eq!(squash(&r.text()), squash(want));
}

#[test]
fn c99_example_5_placemarkers() {
    let r = pp("#define t(x,y,z) x ## y ## z\nint j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\nt(10,,), t(,11,), t(,,12), t(,,) };");
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(
        squash(&r.text()),
        squash("int j[] = { 123, 45, 67, 89, 10, 11, 12, };")
    );
}

#[test]
fn c99_example_7_variadic() {
    let src = r#"#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"#;
    let r = pp(src);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    let want = r#"fprintf(stderr, "Flag" );
fprintf(stderr, "X = %d\n", x );
puts( "The first, second, and third items." );
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));"#;
    assert_eq!(squash(&r.text()), squash(want));
    // GNU comma elision and a named variadic parameter.
    let r = pp(
        "#define E(fmt, ...) f(fmt, ## __VA_ARGS__)\n#define N(a...) g(a)\nE(1) E(1, 2, 3) N(4, 5)",
    );
    assert_eq!(r.text(), "f ( 1 ) f ( 1 , 2 , 3 ) g ( 4 , 5 )");
}

#[test]
fn paste_errors_and_edge_cases() {
    let r = pp("#define P(a, b) a ## b\nP(+, -) P(x, 1) P(<<, =) P(/, /)");
    assert_eq!(r.codes(), [Code::Preprocessor, Code::Preprocessor]);
    assert_eq!(r.text(), "+ - x1 <<= / /");
    // A pasted name is expanded on rescan; `#` inside an object-like macro is an ordinary token.
    let r = pp("#define AB done\n#define C(a, b) a ## b\n#define H # x\nC(A, B) H");
    assert_eq!(r.text(), "done # x");
    for bad in [
        "#define X ## a",
        "#define X a ##",
        "#define F(x) # y",
        "#define F(x, x) x",
        "#define F(x",
        "#define 1",
        "#define defined",
    ] {
        let r = pp(bad);
        assert_eq!(r.codes(), [Code::Preprocessor], "{bad}");
    }
    // Stringizing keeps one space where there was any space, and none at the ends.
    let r = pp("#define S(x) #x\nS(  a   +\n b  ) S(\"\\n\") S('\"')");
    assert_eq!(r.text(), r#""a + b" "\"\\n\"" "'\"'""#);
}

#[test]
fn paste_chains_keep_only_their_result() {
    let r = pp("#define J(a, b, c, d) a ## b ## c ## d\nJ(p, q, r, s) J(t, u, 1, ) J(v, w, #, x)");
    assert_eq!(r.text(), "pqrs tu1 vw # x");
    // `vw` and `#`, then `#` and `x`, paste to no token.
    assert_eq!(r.codes(), [Code::Preprocessor, Code::Preprocessor]);
    let made = |text: &str| r.out.symbols.get(text).is_some();
    // The texts made on the way were forgotten; the results and written tokens were not.
    assert!(!made("pq") && !made("pqr") && !made("tu"));
    assert!(made("pqrs") && made("tu1") && made("vw") && made("p"));
    // A text that is also written elsewhere stays.
    let r = pp("int pq;\n#define J(a, b, c) a ## b ## c\nJ(p, q, r)");
    assert_eq!(r.text(), "int pq ; pqr");
    assert_eq!(r.out.symbols.text(r.out.tokens[1].sym), "pq");
    assert!(r.out.symbols.get("pq").is_some());
}

#[test]
fn self_reference_is_painted() {
    let r = pp("#define A A B\n#define B A\nA B\n#define f(x) f(x) g\n#define g f\nf(1)(2)");
    assert!(r.diags.is_empty());
    // `g` is rescanned while `f` is still disabled (the 6.10.3.4p4 ambiguity, read as clang does).
    assert_eq!(r.text(), "A A A B f ( 1 ) f ( 2 )");
    // A painted name stays painted after it leaves its macro (6.10.3.4p2).
    let r = pp("#define foo foo\n#define id(x) x\nid(foo)");
    assert_eq!(r.text(), "foo");
}

#[test]
fn argument_count_and_unterminated_calls() {
    let r = pp("#define F(a, b) a b\nF(1) F(1, 2, 3) F((1, 2), 3) ok");
    assert_eq!(r.codes(), [Code::Preprocessor, Code::Preprocessor]);
    assert_eq!(r.text(), "( 1 , 2 ) 3 ok");
    let r = pp("#define F(a) a\nF(1, (2)\n");
    assert_eq!(r.codes(), [Code::Preprocessor]);
    assert!(r.messages().contains("unterminated call of macro `F`"));
    let r = pp("#define Z() z\nZ() Z( )");
    assert_eq!(r.text(), "z z");
}

#[test]
fn expansion_spans_point_at_the_use() {
    let src = "#define PTR global int *\n#define DECL(n) PTR n\n\nkernel void k(DECL(p)) {}\n";
    let r = pp(src);
    let toks = &r.out.tokens;
    let text = |t: &Token| r.out.symbols.text(t.sym);
    let global = toks.iter().find(|t| text(t) == "global").unwrap();
    assert_eq!(r.line(global.span), 4);
    // The body token spans the outermost use, `DECL(p)`.
    let use_start = src.find("DECL(p)").unwrap() as u32;
    assert_eq!(
        (global.span.start, global.span.end),
        (use_start, use_start + 7)
    );
    // The argument keeps its own written span.
    let p = toks.iter().find(|t| text(t) == "p").unwrap();
    assert_eq!(p.span.start, use_start + 5);
    // The chain: PTR inside DECL.
    let chain: Vec<&str> = r
        .out
        .chain(global)
        .iter()
        .map(|e| r.out.symbols.text(e.name))
        .collect();
    assert_eq!(chain, ["PTR", "DECL"]);
    let chain = r.out.chain(global);
    let decl = chain[1];
    assert_eq!(r.line(decl.def_span), 2);
    assert_eq!(r.line(decl.use_span), 4);
    // Predefined macros are defined in `<built-in>`.
    let r = pp("int v = __OPENCL_VERSION__;");
    let v = &r.out.tokens[3];
    assert_eq!(r.out.symbols.text(v.sym), "300");
    let e = &r.out.expansions[v.expansion().unwrap() as usize];
    assert_eq!(r.sources.file(e.def_span.file).name, BUILTIN_FILE);
    assert_eq!(r.line(v.span), 1);
}

#[test]
fn expansions_left_unrecorded_change_nothing_else() {
    let src =
        "#define PTR global int *\n#define DECL(n) PTR n\nkernel void k(DECL(p), DECL(q)) {}\n\
               #define B(x) x x\nB(B(B(B(1))))";
    let mut opts = Options::new(Profile::CL3_0);
    let recorded = pp_with(src, &opts, &MemLoader::new());
    opts.record_expansions = false;
    let unrecorded = pp_with(src, &opts, &MemLoader::new());
    assert_eq!(unrecorded.out.tokens, recorded.out.tokens);
    assert_eq!(unrecorded.out.expansion_count, 8);
    assert_eq!(recorded.out.expansions.len(), 8);
    assert!(unrecorded.out.expansions.is_empty());
    // The budget counts the expansions either way.
    opts.limits.expansions = 5;
    opts.limits.expansions_per_input_token = 0;
    let r = pp_with(src, &opts, &MemLoader::new());
    assert_limit(&r, "more than 5 macro expansions");
}

#[test]
fn conditionals() {
    let src = "#if 1 + 1 == 2\na\n#elif 1/0\nb\n#else\nc\n#endif\n\
               #ifdef __OPENCL_VERSION__\nd\n#endif\n#ifndef NOPE\ne\n#else\nf\n#endif\n\
               #if 0\n#if 1/0\n#error no\n#bogus\n#endif\ng\n#elif defined(__OPENCL_C_VERSION__) && __OPENCL_C_VERSION__ >= 300\nh\n#endif\n\
               #define Z 0\n#if Z\ni\n#elif !defined Z\nj\n#else\nk\n#endif\n#if 'a' == 97u && UNDEFINED == 0\nl\n#endif";
    let r = pp(src);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "a d e h k l");
    let r = pp("#if 1/0\nx\n#endif\n#if\n#endif\n#if 1.0\n#endif");
    assert_eq!(r.codes(), [Code::Preprocessor; 3]);
    assert!(r.messages().contains("division by zero"));
    assert_eq!(r.text(), "");
    for bad in [
        "#endif",
        "#else",
        "#elif 1",
        "#if 1\n#else\n#else\n#endif",
        "#if 1\n#else\n#elif 1\n#endif",
        "#if 1",
        "#ifdef\n#endif",
    ] {
        let r = pp(bad);
        assert_eq!(r.codes(), [Code::Preprocessor], "{bad}: {:?}", r.diags);
    }
}

#[test]
fn cxx_profile_knows_true() {
    let opts = Options::new(Profile::CXX2021);
    let r = pp_with(
        "#if true && __cplusplus\nyes\n#endif\n#if defined(__STDC_VERSION__)\nno\n#endif",
        &opts,
        &MemLoader::new(),
    );
    assert_eq!(r.text(), "yes");
}

#[test]
fn other_directives() {
    let r = pp("#\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma unroll\n#warning careful\nx\n#line 100 \"renamed.cl\"\n__LINE__ __FILE__\n_Pragma(\"OPENCL EXTENSION all : disable\") y");
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "x 100 \"renamed.cl\" y");
    let pragmas: Vec<&str> = r.out.pragmas.iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(
        pragmas,
        [
            "OPENCL EXTENSION cl_khr_fp64 : enable",
            "OPENCL EXTENSION all : disable"
        ]
    );
    assert_eq!(r.line(r.out.pragmas[0].0), 2);
    let r = pp("#error stop   here\n#frobnicate\n#line x\n_Pragma(1)");
    assert_eq!(r.codes(), [Code::Preprocessor; 4]);
    assert_eq!(r.diags[0].message, "#error stop here");
    assert!(r.diags[1].message.contains("#frobnicate"));
    assert_eq!(r.line(r.diags[1].span), 2);
    let r = pp("a\n__LINE__\n#define L __LINE__\n\nL __FILE__");
    assert_eq!(r.text(), "a 2 5 \"k.cl\"");
}

#[test]
fn command_line_defines() {
    let mut opts = Options::new(Profile::CL1_2);
    opts.define_arg("ONE");
    opts.define_arg("TWO=2");
    opts.define_arg("EMPTY=");
    opts.define_arg("F(x)=x+x");
    opts.define_arg("GONE=1");
    opts.undefines.push("GONE".into());
    opts.undefines.push("CL_VERSION_1_2".into());
    let r = pp_with(
        "ONE TWO [EMPTY] F(3) GONE CL_VERSION_1_2 __kernel_exec(8, float4)",
        &opts,
        &MemLoader::new(),
    );
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert!(
        r.text()
            .starts_with("1 2 [ ] 3 + 3 GONE CL_VERSION_1_2 __kernel __attribute__"),
        "{}",
        r.text()
    );
    assert!(r.text().contains("work_group_size_hint ( 8 , 1 , 1 )"));
    assert!(r.text().ends_with("vec_type_hint ( float4 ) ) )"));
    opts.define_arg("1bad=2");
    let r = pp_with("", &opts, &MemLoader::new());
    assert_eq!(r.codes(), [Code::Preprocessor]);
    assert_eq!(r.sources.file(r.diags[0].span.file).name, BUILTIN_FILE);
}

#[test]
fn includes_resolve_relative_then_include_dirs() {
    let loader = MemLoader::new()
        .with("src/a.h", "#pragma once\nint a;\n#include \"sub/b.h\"\n")
        .with(
            "src/sub/b.h",
            "int b;\n#include \"../c.h\"\n#include <d.h>\n",
        )
        .with("src/c.h", "int c;")
        .with("inc/d.h", "#ifndef D_H\n#define D_H\nint d;\n#endif\n");
    let mut opts = Options::new(Profile::CL3_0);
    opts.include_dirs.push("inc".into());
    let mut sources = SourceMap::new(
        "src/k.cl",
        "#include \"a.h\"\n#include \"a.h\"\n#include \"d.h\"\nint k;",
    );
    let mut diags = Vec::new();
    let out = preprocess(&mut sources, &opts, &loader, &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    let text: Vec<&str> = out.tokens.iter().map(|t| out.symbols.text(t.sym)).collect();
    assert_eq!(text.join(" "), "int a ; int b ; int c ; int d ; int k ; ");
    // Each file is in the map once, after `<built-in>`.
    let names: Vec<&str> = sources.files().iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "src/k.cl",
            BUILTIN_FILE,
            "src/a.h",
            "src/sub/b.h",
            "src/c.h",
            "inc/d.h"
        ]
    );
    // Tokens of included files point into them.
    let b = out
        .tokens
        .iter()
        .find(|t| out.symbols.text(t.sym) == "b")
        .unwrap();
    assert_eq!(sources.file(b.span.file).name, "src/sub/b.h");

    for (src, why) in [
        ("#include \"/etc/passwd\"", "not found"),
        ("#include <missing.h>", "not found"),
        ("#include", "expects"),
        ("#include nothing", "expects"),
    ] {
        let r = pp_with(src, &opts, &loader);
        assert_eq!(r.codes(), [Code::Preprocessor], "{src}");
        assert!(r.messages().contains(why), "{src}: {}", r.messages());
    }
}

#[test]
fn includes_read_what_their_path_names_as_drivers_do() {
    // `..` may leave the directory it starts from and come back into an include directory
    // (`-I Project` with `<../Project/src/common.cl>`), or name a file beside it: clang reads
    // both, and so does the checker.
    let loader = MemLoader::new()
        .with("Project/src/common.cl", "int common;\n")
        .with("shared/util.h", "int util;\n")
        .with(
            "kernels/local.h",
            "#include \"../shared/util.h\"\nint local;\n",
        );
    let mut opts = Options::new(Profile::CL3_0);
    opts.include_dirs.push("Project".into());
    let mut sources = SourceMap::new(
        "kernels/k.cl",
        "#include <../Project/src/common.cl>\n#include \"local.h\"\n#include \"../shared/util.h\"\nint k;",
    );
    let mut diags = Vec::new();
    let out = preprocess(&mut sources, &opts, &loader, &mut diags);
    assert!(diags.is_empty(), "{diags:?}");
    let text: Vec<&str> = out.tokens.iter().map(|t| out.symbols.text(t.sym)).collect();
    assert_eq!(
        text.join(" "),
        "int common ; int util ; int local ; int util ; int k ; "
    );
    // Each file is shown by its resolved path, and read once.
    let names: Vec<&str> = sources.files().iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "kernels/k.cl",
            BUILTIN_FILE,
            "Project/src/common.cl",
            "kernels/local.h",
            "shared/util.h"
        ]
    );
}

#[test]
fn unterminated_group_in_an_included_file_is_reported_there() {
    let loader = MemLoader::new().with("h.h", "#if 1\nint h;\n");
    let r = pp_with(
        "#include \"h.h\"\n#endif\nint k;",
        &Options::new(Profile::CL3_0),
        &loader,
    );
    assert_eq!(r.codes(), [Code::Preprocessor, Code::Preprocessor]);
    assert_eq!(r.sources.file(r.diags[0].span.file).name, "h.h");
    assert_eq!(r.text(), "int h ; int k ;");
}

fn assert_limit(r: &Run, what: &str) {
    assert!(r.codes().contains(&Code::Limit), "{what}: {:?}", r.diags);
    assert_eq!(r.codes().iter().filter(|c| **c == Code::Limit).count(), 1);
    assert!(r.messages().contains(what), "{}", r.messages());
    assert_eq!(r.out.tokens.last().unwrap().kind, TokenKind::Eof);
}

#[test]
fn self_inclusion_hits_the_depth_limit() {
    let loader = MemLoader::new().with("self.h", "x\n#include \"self.h\"\n");
    let r = pp_with(
        "#include \"self.h\"",
        &Options::new(Profile::CL3_0),
        &loader,
    );
    assert_limit(&r, "#include nested deeper than 64");
    assert_eq!(r.out.tokens.len(), MAX_INCLUDE_DEPTH);
    // A shallow but wide tree, stopped by the count of includes.
    let loader = MemLoader::new()
        .with("l1.h", "#include \"l2.h\"\n".repeat(100))
        .with("l2.h", "#include \"l3.h\"\n".repeat(100))
        .with("l3.h", "");
    let r = pp_with("#include \"l1.h\"", &Options::new(Profile::CL3_0), &loader);
    assert_limit(&r, "more than 4096 #include directives");
    // Big files included many times, stopped by the token count.
    let mut opts = Options::new(Profile::CL3_0);
    opts.limits.included_tokens = 1000;
    let loader = MemLoader::new().with("big.h", "x ".repeat(300));
    let r = pp_with(&"#include \"big.h\"\n".repeat(5), &opts, &loader);
    assert_limit(&r, "more than 1000 tokens read from included files");
}

#[test]
fn a_guarded_file_is_not_read_again_while_its_guard_is_defined() {
    // 300 tokens inside the guard: five inclusions would read 1,500 of a budget of 1,000.
    let body = "x ".repeat(300);
    let guarded = [
        format!("#ifndef G\n#define G\n{body}\n#endif\n"),
        format!("/* a comment */\n#if !defined(G)\n#define G\n{body}\n#endif // G\n"),
        format!("#if !defined G\n#define G\n#if 1\n{body}\n#else\n#endif\n#endif"),
    ];
    let mut opts = Options::new(Profile::CL3_0);
    opts.limits.included_tokens = 1000;
    let main = "#include \"g.h\"\n".repeat(5);
    for text in &guarded {
        let loader = MemLoader::new().with("g.h", text.as_str());
        let r = pp_with(&main, &opts, &loader);
        assert_eq!(r.messages(), "", "{text:?}");
        assert_eq!(r.out.tokens.len(), 301, "{text:?}");
        // Undefined in between, the guard no longer stops the next reading.
        let r = pp_with(
            "#include \"g.h\"\n#undef G\n#include \"g.h\"\n",
            &Options::new(Profile::CL3_0),
            &loader,
        );
        assert_eq!(r.out.tokens.len(), 601, "{text:?}");
    }
    // Files with more than the guarded group are read each time: how many `x` two readings
    // give.
    let unguarded = [
        ("#ifndef G\n#define G\n#endif\nx\n", 2),
        ("x\n#ifndef G\n#define G\n#endif\n", 2),
        ("#ifndef G\n#define G\n#else\nx\n#endif\n", 1),
        ("#ifndef G\n#define G\n#elif 1\nx\n#endif\n", 1),
        ("#define G\n#ifndef G\n#endif\nx\n", 2),
        ("#ifndef G\n#define G\n#endif\n#ifdef G\nx\n#endif\n", 2),
        ("#if !defined G && 1\n#define G\n#endif\nx\n", 2),
        ("#ifndef G\n#define G\n#endif\n#include \"x.h\"\n", 2),
    ];
    for (text, xs) in unguarded {
        let loader = MemLoader::new().with("g.h", text).with("x.h", "x\n");
        let main = "#include \"g.h\"\n#include \"g.h\"\n";
        let r = pp_with(main, &Options::new(Profile::CL3_0), &loader);
        let found = r
            .out
            .tokens
            .iter()
            .filter(|t| r.out.symbols.text(t.sym) == "x");
        assert_eq!(found.count(), xs, "{text:?}: {}", r.messages());
    }
}

#[test]
fn exponential_macros_hit_the_token_limit() {
    let call = format!("{}1{}", "B(".repeat(40), ")".repeat(40));
    let src = format!("#define B(x) x x\n{call}\nafter");
    let r = pp(&src);
    // The budget is the base plus an allowance per input token (`Eof` included).
    let input = lex(FileId(0), &src, &mut Interner::default()).len() as u64;
    let budget = Limits::default().expanded_tokens_for(input);
    assert_eq!(
        budget,
        MAX_EXPANDED_TOKENS + input * EXPANDED_TOKENS_PER_INPUT_TOKEN
    );
    assert_limit(
        &r,
        &format!("macro expansion produced more than {budget} tokens (the expansion budget"),
    );
    assert!(r.out.tokens.len() as u64 <= budget + 1);
    // Object-like doubling: each level's name appears twice.
    let mut src = String::from("#define A0 x\n");
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("A39");
    let mut opts = Options::new(Profile::CL3_0);
    opts.limits.expanded_tokens = 10_000;
    opts.limits.expanded_tokens_per_input_token = 0;
    opts.limits.expansions_per_input_token = 0;
    let r = pp_with(&src, &opts, &MemLoader::new());
    assert_limit(&r, "more than 10000 tokens");
    opts.limits.expansions = 100;
    let r = pp_with(&src, &opts, &MemLoader::new());
    assert_limit(&r, "more than 100 macro expansions");
}

#[test]
fn nesting_limits() {
    let r = pp(&format!(
        "#define F(x) x\n{}1{}",
        "F(".repeat(1000),
        ")".repeat(1000)
    ));
    assert_limit(&r, "nested deeper than 128");
    let r = pp(&format!("{}x", "#if 1\n".repeat(300)));
    assert_limit(&r, "#if groups nested deeper than 256");
    let r = pp(&format!(
        "#if {}1{}\n#endif",
        "(".repeat(1000),
        ")".repeat(1000)
    ));
    assert_limit(&r, "#if expression nested deeper than 256");
    // A chain of macros each ending in the next one's name keeps every expansion live.
    let mut src = String::new();
    for i in 0..5000 {
        src.push_str(&format!("#define M{i} M{}\n", i + 1));
    }
    src.push_str("M0");
    let r = pp(&src);
    assert_limit(&r, "more than 4096 macro expansions nested");
    // Under the limits, deep but finite nesting works.
    let r = pp(&format!(
        "#define F(x) x\n{}1{}",
        "F(".repeat(100),
        ")".repeat(100)
    ));
    assert!(r.diags.is_empty());
    assert_eq!(r.text(), "1");
}

/// Lexes and preprocesses random byte strings and token soups: nothing panics, output stays
/// bounded, every span is inside its file.
#[test]
fn random_input_never_panics() {
    let words = [
        "#define ",
        "#undef ",
        "#if ",
        "#ifdef ",
        "#elif ",
        "#else",
        "#endif",
        "#include \"a.h\"",
        "#include <b.h>",
        "#pragma OPENCL ",
        "#line ",
        "#error ",
        "# ",
        "A",
        "B",
        "F",
        "G",
        "x",
        "(",
        ")",
        ",",
        "...",
        "__VA_ARGS__",
        "#",
        "##",
        "defined",
        "1",
        "0",
        "/",
        "'a'",
        "\"s\"",
        "\n",
        " ",
        "\\\n",
        "/*",
        "*/",
        "//",
        "?",
        ":",
        "_Pragma",
        "__LINE__",
        "__FILE__",
        "@",
        "A(x) x x",
        "F(x) F(x)",
        "G G G",
    ];
    let loader = MemLoader::new()
        .with("a.h", "#include \"a.h\"\nA B\n")
        .with("b.h", "#define B(x) A(x) x\n");
    let mut opts = Options::new(Profile::CL3_0);
    opts.limits.expanded_tokens = 5_000;
    opts.limits.expansions = 2_000;
    opts.limits.expanded_tokens_per_input_token = 0;
    opts.limits.expansions_per_input_token = 0;
    opts.limits.included_tokens = 20_000;
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for case in 0..3000 {
        let text = if case % 4 == 0 {
            let bytes: Vec<u8> = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            (0..rng.below(120))
                .map(|_| words[rng.below(words.len())])
                .collect()
        };
        let r = pp_with(&text, &opts, &loader);
        let toks = &r.out.tokens;
        assert_eq!(
            toks.last().map(|t| t.kind),
            Some(TokenKind::Eof),
            "{text:?}"
        );
        assert!(
            toks.len() as u64 <= 5_000 + 4 * text.len() as u64 + 20_000,
            "{text:?}"
        );
        for t in toks {
            let len = r.sources.file(t.span.file).text.len() as u32;
            assert!(
                t.span.start <= t.span.end && t.span.end <= len,
                "{text:?}: {t:?}"
            );
            if let Some(e) = t.expansion() {
                assert!((e as usize) < r.out.expansions.len());
            }
        }
        for d in &r.diags {
            let len = r.sources.file(d.span.file).text.len() as u32;
            assert!(d.span.end <= len, "{text:?}: {d:?}");
        }
    }
}

/// The output of `text` in `profile`, with default options.
fn pp_in(profile: Profile, text: &str) -> Run {
    pp_with(text, &Options::new(profile), &MemLoader::new())
}

#[test]
fn every_version_macro_is_defined_in_every_version() {
    // OpenCL C 3.0 s6.13 lists CL_VERSION_1_0 ... CL_VERSION_3_0 for every version, so a
    // version test compares numbers: 2.0-only code is left out in 1.2.
    let src = "#if __OPENCL_C_VERSION__ >= CL_VERSION_2_0\ntwo\n#else\none\n#endif\n\
               CL_VERSION_1_0 CL_VERSION_1_1 CL_VERSION_1_2 CL_VERSION_2_0 CL_VERSION_3_0";
    for (p, first) in [
        (Profile::CL1_1, "one"),
        (Profile::CL1_2, "one"),
        (Profile::CL2_0, "two"),
        (Profile::CL3_0, "two"),
    ] {
        let r = pp_in(p, src);
        assert!(r.diags.is_empty(), "{p}: {:?}", r.diags);
        assert_eq!(r.text(), format!("{first} 100 110 120 200 300"), "{p}");
    }
}

#[test]
fn target_and_header_macros_are_predefined() {
    let r = pp_in(
        Profile::CL1_2,
        "__SIZE_TYPE__ | __PTRDIFF_TYPE__ | __INTPTR_TYPE__ | __UINTPTR_TYPE__ | __SPIR64__ \
         __SIZEOF_POINTER__ | CLK_LOCAL_MEM_FENCE INT_MAX M_PI_F NULL | cl_khr_fp64",
    );
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(
        r.text(),
        "long unsigned int | long int | long int | long unsigned int | 1 8 | 0x01 2147483647 \
         3.14159265358979323846264338327950288f ( ( void * ) 0 ) | 1"
    );
    // The 2.0 atomics' initialiser macros exist from 2.0 on, as in clang's header.
    let src = "ATOMIC_VAR_INIT(5) ATOMIC_FLAG_INIT";
    assert_eq!(pp_in(Profile::CL2_0, src).text(), "( 5 ) 0");
    assert_eq!(pp_in(Profile::CL3_0, src).text(), "( 5 ) 0");
    assert_eq!(
        pp_in(Profile::CL1_2, src).text(),
        "ATOMIC_VAR_INIT ( 5 ) ATOMIC_FLAG_INIT"
    );
    // Feature macros follow the profile's features.
    let src = "__opencl_c_generic_address_space __opencl_c_pipes __opencl_c_device_enqueue";
    assert_eq!(pp_in(Profile::CL3_0_GENERIC_GLOBALS, src).text(), "1 1 1");
    assert_eq!(
        pp_in(Profile::CL3_0_GENERIC, src).text(),
        "1 1 __opencl_c_device_enqueue"
    );
    assert_eq!(pp_in(Profile::CL3_0, src).text(), src.replace("  ", " "));
    assert_eq!(pp_in(Profile::CXX2021, "NULL").text(), "nullptr");
}

#[test]
fn clang_identity_is_on_by_default_and_can_be_turned_off() {
    let src = "#ifdef __clang__\nclang __clang_major__\n#else\nother\n#endif";
    assert_eq!(pp(src).text(), "clang 16");
    let mut opts = Options::new(Profile::CL3_0);
    opts.clang_identity = false;
    assert_eq!(pp_with(src, &opts, &MemLoader::new()).text(), "other");
    let mut opts = Options::new(Profile::CL3_0);
    opts.undefines.push("__clang__".into());
    assert_eq!(pp_with(src, &opts, &MemLoader::new()).text(), "other");
}

#[test]
fn feature_tests_answer_from_tables() {
    let src = "#if defined(__has_builtin) && __has_builtin(__builtin_expect)\na\n#endif\n\
               #if __has_builtin(no_such_builtin)\nb\n#endif\n\
               #ifdef __has_attribute\n#if __has_attribute(__always_inline__) && !__has_attribute(bogus)\nc\n#endif\n#endif\n\
               #if __has_extension(c_thread_local) && !__has_feature(c_thread_local)\nd\n#endif\n\
               #if __has_include(\"here.h\") && !__has_include(<nowhere.h>)\ne\n#endif\n\
               #define HB(x) __has_builtin(x)\n#if HB(to_global)\nf\n#endif\n\
               #if defined(__has_cpp_attribute)\ng\n#endif";
    let loader = MemLoader::new().with("here.h", "");
    let r = pp_with(src, &Options::new(Profile::CL1_2), &loader);
    assert!(r.diags.is_empty(), "{:?}", r.diags);
    assert_eq!(r.text(), "a c d e");
    let r = pp_with(src, &Options::new(Profile::CL2_0), &loader);
    assert_eq!(r.text(), "a c d e f");
    let r = pp_with(src, &Options::new(Profile::CXX2021), &loader);
    assert_eq!(r.text(), "a c d e f g");
    // A malformed operand is a diagnostic, not a crash.
    let r = pp(
        "#if __has_include(nope)\n#endif\n#if __has_builtin()\n#endif\n#if __has_feature\n#endif",
    );
    assert!(!r.diags.is_empty());
}

#[test]
fn clang_header_macros_make_valid_kernels_pass_the_whole_check() {
    // Program-scope atomics initialised with the header's macro, guarded by a version test and
    // a feature test, as conformance suites write them: no diagnostic in any profile.
    let src = "#if __OPENCL_C_VERSION__ >= CL_VERSION_2_0 && defined(__opencl_c_program_scope_global_variables)\n\
               global atomic_int counter = ATOMIC_VAR_INIT(0);\n\
               global atomic_flag flag = ATOMIC_FLAG_INIT;\n\
               #endif\n\
               #if defined(__has_builtin) && __has_builtin(__builtin_expect)\n\
               #define LIKELY(x) __builtin_expect(!!(x), 1)\n\
               #else\n\
               #define LIKELY(x) (x)\n\
               #endif\n\
               typedef __SIZE_TYPE__ my_size_t;\n\
               kernel void k(global float *p) { my_size_t i = get_global_id(0); if (LIKELY(i < 4)) p[i] = M_PI_F * FLT_EPSILON; }";
    for profile in Profile::ALL.into_iter().filter(|p| !p.lang().is_cxx()) {
        let diags = crate::check_source("k.cl", src, profile, &Default::default()).1;
        assert!(diags.is_empty(), "{profile}: {diags:?}");
    }
}
