//! Robustness of the whole checker (`check_bytes`: lexer, preprocessor, parser and semantic
//! analysis together): no panic, no stack overflow, bounded time and output, on arbitrary
//! bytes, on token-level mutations of every suite case, on deep nesting, on runaway macros
//! and includes, and on input that is not UTF-8.
//!
//! The random inputs come from a seeded xorshift generator, so a failure names its seed and
//! input and replays exactly.

use checker::pp::MemLoader;
use checker::{check, check_bytes, Code, Diagnostic, Options, Profile, SourceMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Every profile, C++ for OpenCL included (its subset is fuzzed like the C front end).
const PROFILES: [Profile; 8] = Profile::ALL;

/// No single check may take longer than this, even in a debug build on a loaded machine.
const BUDGET: Duration = Duration::from_secs(5);

/// The suite stops a run at its limits with few diagnostics; more than this many for one input
/// would mean error recovery has run away.
const MAX_DIAGS: usize = 10_000;

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Runs `check_bytes` and checks what must hold of any run.
fn checked(bytes: &[u8], profile: Profile, what: &dyn Fn() -> String) -> Vec<Diagnostic> {
    let start = Instant::now();
    let diags = check_bytes(bytes, profile);
    let took = start.elapsed();
    assert!(took < BUDGET, "{} took {took:?} in {profile}", what());
    assert!(
        diags.len() < MAX_DIAGS,
        "{}: {} diagnostics in {profile}",
        what(),
        diags.len()
    );
    diags
}

fn on_small_stack<F: FnOnce() + Send + 'static>(f: F) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn a thread with a 2 MiB stack")
        .join()
        .expect("the check panicked or overflowed its 2 MiB stack");
}

fn suite_cases() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../suite/cases");
    checker::case::corpus::load(&root)
        .expect("the suite corpus loads")
        .into_iter()
        .map(|case| {
            (
                root.join(format!("{}.cl", case.name)),
                case.source.into_bytes(),
            )
        })
        .collect()
}

/// Splits source into tokens crudely but losslessly: runs of identifier characters, runs of
/// whitespace, and single other bytes. Enough to delete, duplicate and swap C tokens.
fn tokens(src: &[u8]) -> Vec<&[u8]> {
    let class = |b: u8| {
        if b.is_ascii_alphanumeric() || b == b'_' {
            0
        } else if b.is_ascii_whitespace() {
            1
        } else {
            2
        }
    };
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..=src.len() {
        if i == src.len() || class(src[i]) != class(src[start]) || class(src[start]) == 2 {
            out.push(&src[start..i]);
            start = i;
        }
    }
    out
}

/// What a mutation may insert: qualifiers, keywords, brackets, directives, odd bytes.
const INSERTS: &[&str] = &[
    "__global ",
    "__local ",
    "__constant ",
    "__private ",
    "__generic ",
    "global ",
    "local ",
    "constant ",
    "private ",
    "generic ",
    "kernel ",
    "__kernel ",
    "static ",
    "extern ",
    "const ",
    "volatile ",
    "restrict ",
    "typedef ",
    "struct ",
    "union ",
    "enum ",
    "int ",
    "float4 ",
    "void ",
    "image2d_t ",
    "sampler_t ",
    "pipe ",
    "read_only ",
    "__attribute__((",
    "))",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "*",
    "&",
    "^",
    ";",
    ",",
    "=",
    "?",
    ":",
    "->",
    ".",
    "\"",
    "'",
    "/*",
    "//",
    "\\\n",
    "\n#define X X\n",
    "\n#define F(a) a##a F(a)\n",
    "\n#if 1\n",
    "\n#else\n",
    "\n#endif\n",
    "\n#include \"x.h\"\n",
    "\n#undef kernel\n",
    "\n#pragma OPENCL EXTENSION all : enable\n",
    "\u{FEFF}",
    "\u{0}",
];

fn mutate(rng: &mut XorShift, toks: &[&[u8]]) -> Vec<u8> {
    let mut toks: Vec<Vec<u8>> = toks.iter().map(|t| t.to_vec()).collect();
    for _ in 0..1 + rng.below(4) {
        if toks.is_empty() {
            toks.push(Vec::new());
        }
        let i = rng.below(toks.len());
        match rng.below(4) {
            0 => {
                toks.remove(i);
            }
            1 => {
                let t = toks[i].clone();
                toks.insert(i, t);
            }
            2 => {
                let j = rng.below(toks.len());
                toks.swap(i, j);
            }
            _ => toks.insert(i, rng.pick(INSERTS).as_bytes().to_vec()),
        }
    }
    toks.concat()
}

#[test]
fn arbitrary_bytes_never_panic() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    // Half plain random bytes, half drawn from bytes that matter to C, so inputs reach past
    // the lexer.
    let interesting = b"(){}[]*&^;,=#<>\"'/\\\n \tabcxyz_019.+-!~?:%|";
    for n in 0..1_200 {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                if n % 2 == 0 {
                    rng.next() as u8
                } else {
                    *rng.pick(interesting)
                }
            })
            .collect();
        let profile = PROFILES[n % PROFILES.len()];
        checked(&bytes, profile, &|| format!("random input #{n} {bytes:?}"));
    }
}

#[test]
fn mutated_suite_cases_never_panic() {
    let cases = suite_cases();
    assert!(cases.len() > 300, "the suite was not found");
    let mut rng = XorShift(0xD1B5_4A32_D192_ED03);
    let mut runs = 0;
    for (path, bytes) in &cases {
        let toks = tokens(bytes);
        assert_eq!(toks.concat(), *bytes, "tokens() must be lossless");
        // Three mutants of every case: the first in every profile, the others in one each.
        for m in 0..3 {
            let mutant = mutate(&mut rng, &toks);
            let profiles = if m == 0 {
                &PROFILES[..]
            } else {
                std::slice::from_ref(rng.pick(&PROFILES))
            };
            for &profile in profiles {
                let what = || {
                    format!(
                        "mutant {m} of {}:\n{}",
                        path.display(),
                        String::from_utf8_lossy(&mutant)
                    )
                };
                checked(&mutant, profile, &what);
                runs += 1;
            }
        }
    }
    assert!(runs >= 3_500, "only {runs} mutants were checked");
}

/// Every shape of deep nesting, 100 000 levels deep, on a 2 MiB stack: one `Code::Limit`
/// diagnostic (or a syntax error for unbalanced input), never an overflow.
#[test]
fn deep_nesting_gives_a_limit_not_a_stack_overflow() {
    on_small_stack(|| {
        let n = 100_000;
        let kernel = |body: String| format!("kernel void k(global int *p, int a) {{ {body} }}");
        let inputs = [
            kernel(format!("a = {}1{};", "(".repeat(n), ")".repeat(n))),
            kernel(format!("{}{}", "{".repeat(n), "}".repeat(n))),
            kernel(format!("int {}q;", "*".repeat(n))),
            kernel(format!("*{}p = 1;", "*".repeat(n))),
            kernel(format!("int {}q{};", "(".repeat(n), ")".repeat(n))),
            kernel(format!("int q{};", "[1]".repeat(n))),
            kernel(format!("int q = {}1{};", "{".repeat(n), "}".repeat(n))),
            kernel(format!("{} a++;", "if (a) ".repeat(n))),
            kernel(format!("{} a++;", "while (a) ".repeat(n))),
            kernel(format!("a = {}a;", "a + ".repeat(n))),
            kernel(format!("a = {}a;", "a = ".repeat(n))),
            kernel(format!("a = {}a;", "a ? a : ".repeat(n))),
            kernel(format!("a = {}1;", "-".repeat(n))),
            kernel(format!("a = {}1;", "!".repeat(n))),
            kernel(format!("a = {}1;", "(int)".repeat(n))),
            kernel(format!("a = p{}0{};", "[p".repeat(n), "]".repeat(n))),
            kernel(format!("a = f{};", "(a)".repeat(n))),
            // Statement nesting just under the limit, with a deep expression inside it.
            kernel(format!(
                "{}a = f{};{}",
                "{".repeat(250),
                "(a)".repeat(n),
                "}".repeat(250)
            )),
            format!("{} int x;", "struct { ".repeat(n)),
            format!("int (*{}f{})(void);", "(*".repeat(n), ")".repeat(n)),
            format!("{}x", "#if 1\n".repeat(n)),
        ];
        // Each shape in one profile, rotating, keeps the debug-build test quick; the code paths
        // that nest do not depend on the profile.
        let profiles = [Profile::CL1_2, Profile::CL2_0, Profile::CL3_0_GENERIC];
        for (i, src) in inputs.iter().enumerate() {
            let what = || src[..60.min(src.len())].to_string();
            {
                let profile = profiles[i % profiles.len()];
                let diags = checked(src.as_bytes(), profile, &what);
                assert!(
                    diags.iter().any(|d| d.code == Code::Limit),
                    "{}: no limit diagnostic in {profile}: {:?}",
                    what(),
                    diags.first()
                );
                assert!(diags.len() < 300, "{}: {} diagnostics", what(), diags.len());
                assert!(
                    diags.iter().all(|d| d.rule().is_none()),
                    "{}: a rule diagnostic from code that was not judged: {diags:?}",
                    what()
                );
            }
        }
        // Block literals nest through statements, so the same limit holds for them.
        let blocks = format!(
            "kernel void k(void) {{ {}{} }}",
            "^{ ".repeat(n),
            "};".repeat(n)
        );
        let diags = checked(blocks.as_bytes(), Profile::CL2_0, &|| "blocks".into());
        assert!(diags.iter().any(|d| d.code == Code::Limit), "{diags:?}");
        // Unbalanced openers are syntax errors, few of them, and never an overflow.
        for src in [
            format!("kernel void k(void) {{ int a = {};", "(".repeat(n)),
            format!("kernel void k(void) {}", "{".repeat(n)),
            format!("int x{};", "[".repeat(n)),
        ] {
            let diags = checked(src.as_bytes(), Profile::CL2_0, &|| src[..30].to_string());
            assert!(!diags.is_empty() && diags.len() < 20, "{diags:?}");
        }
    });
}

fn has_limit(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.code == Code::Limit)
}

#[test]
fn runaway_macros_are_bounded() {
    on_small_stack(|| {
        // Self-referential macros expand once (C99 6.10.3.4p2) and are not errors.
        let src = "#define X X + 1\n#define A B\n#define B A\n#define F(x) F(x) x\n\
                   kernel void k(global int *p) { int X = 0; int A = 1; p[0] = F(2) + 1; }";
        let diags = checked(src.as_bytes(), Profile::CL2_0, &|| src.into());
        assert!(!has_limit(&diags), "{diags:?}");
        // Exponential function-like macros: each level doubles its argument.
        let call = format!("{}1{}", "D(".repeat(60), ")".repeat(60));
        let src = format!("#define D(x) x x\nkernel void k(global int *p) {{ p[0] = {call}; }}");
        let diags = checked(src.as_bytes(), Profile::CL2_0, &|| "D(D(...))".into());
        assert!(has_limit(&diags), "{diags:?}");
        // Exponential object-like macros: A60 is 2^60 tokens.
        let mut src = String::from("#define A0 1 +\n");
        for i in 1..=60 {
            src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
        }
        src.push_str("kernel void k(global int *p) { p[0] = A60 1; }");
        let diags = checked(src.as_bytes(), Profile::CL2_0, &|| "A60".into());
        assert!(has_limit(&diags), "{diags:?}");
        // Token pasting that builds ever longer names stays bounded too.
        let mut src = String::from("#define C(a, b) a##b\n#define P0 x\n");
        for i in 1..=40 {
            src.push_str(&format!("#define P{i} C(P{}, P{})\n", i - 1, i - 1));
        }
        src.push_str("int P40;");
        checked(src.as_bytes(), Profile::CL1_2, &|| "P40".into());
    });
}

#[test]
fn include_depth_is_bounded() {
    on_small_stack(|| {
        let loader = MemLoader::new()
            .with("self.h", "#include \"self.h\"\nint x;\n")
            .with("a.h", "#include \"b.h\"\n")
            .with("b.h", "#include \"a.h\"\n")
            .with(
                "wide.h",
                "#include \"leaf.h\"\n#include \"leaf.h\"\n#include \"leaf.h\"\n#include \"leaf.h\"\n",
            )
            .with("leaf.h", "#include \"wide.h\"\nconstant int c = 1;\n");
        for main in [
            "#include \"self.h\"\n",
            "#include \"a.h\"\n",
            "#include \"wide.h\"\n",
        ] {
            let mut sources = SourceMap::new("main.cl", main);
            let start = Instant::now();
            let diags = check(&mut sources, Profile::CL2_0, &Options::default(), &loader);
            assert!(
                start.elapsed() < BUDGET,
                "{main} took {:?}",
                start.elapsed()
            );
            assert!(has_limit(&diags), "{main}: {diags:?}");
        }
    });
}

#[test]
fn non_utf8_input_is_handled() {
    let valid = b"kernel void k(global int *p) { p[0] = 1; }\n";
    let mut inputs: Vec<Vec<u8>> = vec![
        // In a comment and a string literal, where a compiler would take the bytes as they are.
        [b"/* \xff\xfe\xc3\x28 */ ".as_slice(), valid].concat(),
        [valid.as_slice(), b"constant char s[] = \"\xe2\x28\xa1\";\n"].concat(),
        // In identifiers and between tokens.
        b"kernel void k\xff(global int *p\xc0\xaf) { p[0] = \x80; }".to_vec(),
        // A lone surrogate and an overlong NUL, a UTF-16 BOM and NUL bytes.
        b"\xed\xa0\x80 \xc0\x80 kernel".to_vec(),
        [b"\xff\xfe".as_slice(), valid].concat(),
        b"kernel\0void\0k(void)\0{}".to_vec(),
        // Truncated multi-byte sequences at the very end.
        [valid.as_slice(), b"\xe2\x82"].concat(),
        (0..=255u8).collect(),
    ];
    inputs.push([b"#define S \"\xf0\x9f\x92\"\n".as_slice(), valid].concat());
    for bytes in &inputs {
        for profile in PROFILES {
            checked(bytes, profile, &|| format!("{bytes:?}"));
        }
    }
    // Invalid bytes inside a comment do not make valid code wrong.
    let diags = check_bytes(&inputs[0], Profile::CL2_0);
    assert!(diags.is_empty(), "{diags:?}");
}

/// A long kernel written with many macros, as physics and crypto kernels are: `lines` lines of
/// `acc = M16(acc + p[i]);`, each of which expands to 16 nested `fma` calls.
fn macro_heavy_kernel(lines: usize) -> String {
    let mut src = String::from(
        "#define M(x) fma((x), 1.0001f, 0.5f)\n\
         #define M4(x) M(M(M(M(x))))\n\
         #define M16(x) M4(M4(M4(M4(x))))\n\
         kernel void k(global float *p)\n{\n    float acc = 0.0f;\n",
    );
    for i in 0..lines {
        src.push_str(&format!("    acc = M16(acc + p[{}]);\n", i % 64));
    }
    src.push_str("    p[0] = acc;\n}\n");
    src
}

#[test]
fn the_expansion_budget_scales_with_a_long_valid_kernel() {
    let src = macro_heavy_kernel(3500);
    assert!(src.lines().count() > 3500);
    // With the old fixed budget (no allowance per input token) this valid kernel is cut off...
    let mut opts = checker::pp::Options::new(Profile::CL1_2);
    opts.limits.expanded_tokens_per_input_token = 0;
    opts.limits.expansions_per_input_token = 0;
    let mut sources = SourceMap::new("long.cl", src.as_str());
    let mut diags = Vec::new();
    checker::pp::preprocess(&mut sources, &opts, &MemLoader::new(), &mut diags);
    assert!(has_limit(&diags), "the fixed budget should not suffice");
    assert!(diags[0].message.contains("more than 1048576"), "{diags:?}");
    // ...while the budget that scales with the input accepts it, with no diagnostic at all.
    let diags = checked(src.as_bytes(), Profile::CL1_2, &|| "long kernel".into());
    assert!(diags.is_empty(), "{diags:?}");
}

/// A megabyte of exponential macros: every line doubles `1` sixty times over.
fn exponential_megabyte() -> String {
    let call = format!("{}1{}", "D(".repeat(60), ")".repeat(60));
    let mut src = String::from("#define D(x) x x\nkernel void k(global int *p)\n{\n");
    while src.len() < 1 << 20 {
        src.push_str(&format!("    p[0] = {call};\n"));
    }
    src.push_str("}\n");
    src
}

#[test]
fn a_megabyte_of_exponential_macros_stops_at_the_named_limit() {
    // The budget grows with the input, but a megabyte of input already reaches its ceiling:
    // the check stops there, with one preprocessor limit that names the budget, so time and
    // output stay bounded (the parser may add its own limit on the truncated statement).
    let src = exponential_megabyte();
    assert!(src.len() >= 1 << 20);
    let diags = check_bytes(src.as_bytes(), Profile::CL1_2);
    let first = diags
        .iter()
        .find(|d| d.code == Code::Limit)
        .expect("a limit");
    let ceiling = checker::pp::MAX_EXPANDED_TOKENS_CEILING;
    let want = format!("macro expansion produced more than {ceiling} tokens (the expansion budget");
    assert!(first.message.contains(&want), "{}", first.message);
    // The same file's first line alone stops at the base budget plus its own small allowance.
    let line = src.lines().take(4).collect::<Vec<_>>().join("\n") + "\n}";
    let diags = check_bytes(line.as_bytes(), Profile::CL1_2);
    let first = diags
        .iter()
        .find(|d| d.code == Code::Limit)
        .expect("a limit");
    assert!(
        !first.message.contains(&format!("more than {ceiling}")),
        "{}",
        first.message
    );
}
