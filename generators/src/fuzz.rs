//! The bodies of the fuzz targets in `fuzz/fuzz_targets/` (STYLE.md §18): each target is one
//! call to a function here, so `cargo test` compiles every body and smoke-runs it on seeded
//! inputs (`generators/tests/fuzz_smoke.rs`), and replays `fuzz/regressions/`.
//!
//! Every body panics on a finding and returns normally otherwise.

use crate::random::{any_profile, mutate, Program};
use arbitrary::Unstructured;
use checker::spec::{Profile, RuleId};
use checker::{Code, Options};

/// The targets, by the names of their `fuzz/fuzz_targets/*.rs` files.
pub const TARGETS: [&str; 5] = [
    "check_bytes",
    "preprocess",
    "roundtrip",
    "oracle",
    "suite_mutate",
];

/// Runs target `name` on `data` exactly as its fuzz target does (the input is all it reads).
pub fn run(name: &str, data: &[u8]) {
    match name {
        "check_bytes" => check_bytes(data),
        "preprocess" => preprocess(data),
        "roundtrip" => roundtrip(data),
        "oracle" => oracle(data),
        "suite_mutate" => suite_mutate(data),
        other => panic!("no fuzz target named {other}"),
    }
}

/// Arbitrary bytes through lexer, preprocessor, parser and sema in every profile.
pub fn check_bytes(data: &[u8]) {
    // Spans count bytes of the text the checker sees: invalid UTF-8 replaced.
    let len = String::from_utf8_lossy(data).len() as u32;
    for p in Profile::ALL {
        let diags = checker::check_bytes(data, p);
        for d in &diags {
            if d.span.file == checker::FileId(0) {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= len,
                    "span {:?} outside the input ({len} bytes): {d:?}",
                    d.span
                );
            }
        }
    }
}

/// A macro- and `#if`-heavy source built from `data`, with `-D` options.
pub fn preprocess(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok((src, defines, profile)) = pp_input(&mut u) else {
        return;
    };
    let opts = Options {
        defines,
        ..Options::default()
    };
    let (sources, diags) = checker::check_source("pp.cl", &src, profile, &opts);
    for d in &diags {
        let len = sources.file(d.span.file).text.len() as u32;
        assert!(
            d.span.start <= d.span.end && d.span.end <= len,
            "span {:?} outside its file ({len} bytes) for\n{src}",
            d.span
        );
    }
}

const PP_NAMES: [&str; 6] = ["A", "B", "F", "G", "SPACE", "PTR"];
const PP_BODY: [&str; 34] = [
    "A",
    "B",
    "F(",
    "G(",
    "x",
    "y",
    ")",
    ",",
    "(",
    "#x",
    "x ## y",
    "A ## B",
    "global",
    "__local",
    "constant",
    "private",
    "generic",
    "int",
    "*",
    "1",
    "0",
    "+",
    "-",
    "?",
    ":",
    "defined(A)",
    "__OPENCL_VERSION__",
    "__OPENCL_C_VERSION__",
    "__LINE__",
    "__FILE__",
    "SPACE",
    "PTR",
    "\\\n",
    "__VA_ARGS__",
];
const PP_COND: [&str; 22] = [
    "A",
    "B",
    "1",
    "0",
    "defined(A)",
    "defined B",
    "!",
    "&&",
    "||",
    "+",
    "/",
    "%",
    "<<",
    "(",
    ")",
    "?",
    ":",
    "==",
    "__OPENCL_C_VERSION__ >= 200",
    "defined(__opencl_c_generic_address_space)",
    "F(1, 2)",
    "-1",
];
const PP_CODE: [&str; 10] = [
    "kernel void k(global int *p) { SPACE int *q = p; }",
    "kernel void k(PTR p) { F(p, 1); }",
    "SPACE int g = A;",
    "void h(SPACE int *x) { G(x); }",
    "constant int c[2] = { A, B };",
    "kernel void k2(global int *p, local int *l) { p = (SPACE int *)l; }",
    "int f(void) { return __LINE__ + A; }",
    "typedef struct { SPACE int *f; } S;",
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable",
    "kernel void k3(void) { local int x[A + 1]; }",
];

/// The preprocessor input: directives and code lines, `-D` options and a profile (public so
/// that a kept input can be shown as the source it stands for).
pub fn pp_input(u: &mut Unstructured<'_>) -> arbitrary::Result<(String, Vec<String>, Profile)> {
    let profile = *u.choose(&Profile::ALL)?;
    let mut defines = Vec::new();
    for _ in 0..u.int_in_range(0..=2)? {
        let name = *u.choose(&PP_NAMES)?;
        defines.push(if u.arbitrary()? {
            format!("{name}={}", u.choose(&PP_BODY)?)
        } else {
            name.to_string()
        });
    }
    let mut src = String::new();
    let mut open = 0u32;
    let words = |u: &mut Unstructured<'_>, set: &[&str], max: u32| -> arbitrary::Result<String> {
        let n = u.int_in_range(0..=max)?;
        let mut s = Vec::new();
        for _ in 0..n {
            s.push(*u.choose(set)?);
        }
        Ok(s.join(" "))
    };
    for _ in 0..u.int_in_range(1..=24)? {
        let line = match u.int_in_range(0..=11)? {
            0 | 1 => format!(
                "#define {} {}",
                u.choose(&PP_NAMES)?,
                words(u, &PP_BODY, 6)?
            ),
            2 => {
                let params = *u.choose(&["(x)", "(x, y)", "(...)", "(x, ...)", "()"])?;
                format!(
                    "#define {}{params} {}",
                    u.choose(&PP_NAMES)?,
                    words(u, &PP_BODY, 8)?
                )
            }
            3 => format!("#undef {}", u.choose(&PP_NAMES)?),
            4 => {
                open += 1;
                format!("#if {}", words(u, &PP_COND, 7)?)
            }
            5 => {
                open += 1;
                format!(
                    "#{} {}",
                    u.choose(&["ifdef", "ifndef"])?,
                    u.choose(&PP_NAMES)?
                )
            }
            6 => format!("#elif {}", words(u, &PP_COND, 5)?),
            7 => "#else".to_string(),
            8 if open > 0 || u.arbitrary()? => {
                open = open.saturating_sub(1);
                "#endif".to_string()
            }
            9 => words(u, &PP_BODY, 10)?,
            _ => u.choose(&PP_CODE)?.to_string(),
        };
        src.push_str(&line);
        src.push('\n');
    }
    for _ in 0..open {
        if u.arbitrary()? {
            src.push_str("#endif\n");
        }
    }
    Ok((src, defines, profile))
}

/// A random program printed, re-laid-out token by token (other whitespace, line breaks and
/// comments) and parsed again: both parse with no syntax error to the same tree, spans aside.
pub fn roundtrip(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(profile) = any_profile(&mut u) else {
        return;
    };
    let Ok(prog) = Program::arbitrary(&mut u, profile) else {
        return;
    };
    let src = prog.source();
    let arena = checker::ast::Arena::new();
    let (tree, diags) = checker::parse_source(&arena, &src, profile);
    let bad: Vec<_> = diags
        .iter()
        .filter(|d| matches!(d.code, Code::Syntax | Code::Preprocessor | Code::Limit))
        .collect();
    assert!(bad.is_empty(), "{prog:?}\nparses with {bad:?}");
    assert_eq!(
        tree.items.len(),
        prog.items.len(),
        "{prog:?}\none external declaration per item"
    );
    let relaid = relayout(&src, &mut u);
    let (again, _) = checker::parse_source(&arena, &relaid, profile);
    assert!(
        checker::ast::same_tree(&tree, &again),
        "{prog:?}\nre-laid-out as\n{relaid}\nparses to another tree"
    );
}

/// The tokens of `src` joined by whitespace, line breaks and comments drawn from `u`.
fn relayout(src: &str, u: &mut Unstructured<'_>) -> String {
    let mut symbols = checker::symbol::Interner::new();
    let tokens = checker::lex::lex(checker::FileId(0), src, &mut symbols);
    let mut out = String::with_capacity(src.len() * 2);
    for t in &tokens {
        let sep = u
            .choose(&[" ", "\n", "  \t", " /* c */ ", "\n\n  ", " // c\n", " "])
            .copied()
            .unwrap_or(" ");
        out.push_str(sep);
        out.push_str(symbols.text(t.sym));
    }
    out.push('\n');
    out
}

/// Checks `src` in `profile` and compares with the expected `(line, rule)` pairs exactly.
pub fn agreement(src: &str, profile: Profile, expected: &[(u32, RuleId)]) -> Result<(), String> {
    let (sources, diags) = checker::check_source("random.cl", src, profile, &Options::default());
    let got: Vec<String> = checker::in_main_file(&sources, &diags)
        .iter()
        .map(|(l, c)| format!("{l} {c}"))
        .collect();
    let mut want: Vec<String> = expected.iter().map(|(l, r)| format!("{l} {r}")).collect();
    want.sort();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "in {profile}: expected {want:?}, checker {got:?}\n{}",
            numbered(src)
        ))
    }
}

/// The source with line numbers, for messages.
pub fn numbered(src: &str) -> String {
    src.lines()
        .enumerate()
        .map(|(i, l)| format!("{:3} | {l}\n", i + 1))
        .collect()
}

/// A random well-typed program and its one-violation mutant: the checker reports nothing for
/// the first and exactly the annotated diagnostic for the second.
pub fn oracle(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(profile) = any_profile(&mut u) else {
        return;
    };
    let Ok(prog) = Program::arbitrary(&mut u, profile) else {
        return;
    };
    if let Err(e) = agreement(&prog.source(), profile, &[]) {
        panic!("valid program: {e}");
    }
    let Ok(m) = mutate(&prog, &mut u, profile) else {
        return;
    };
    if let Err(e) = agreement(&m.program.source(), profile, &[(m.line, m.rule)]) {
        panic!("mutant ({}): {e}", m.kind.tag());
    }
}

/// Tokens `suite_mutate` inserts or replaces with.
pub const DICTIONARY: [&str; 48] = [
    "global",
    "__global",
    "local",
    "__local",
    "constant",
    "__constant",
    "private",
    "__private",
    "generic",
    "__generic",
    "kernel",
    "__kernel",
    "int",
    "float4",
    "void",
    "struct",
    "typedef",
    "static",
    "extern",
    "const",
    "volatile",
    "restrict",
    "*",
    "&",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ",",
    "=",
    "==",
    "-",
    "?",
    ":",
    "->",
    ".",
    "0",
    "1",
    "\"s\"",
    "to_global",
    "sampler_t",
    "image2d_t",
    "\n#define X ",
    "\n#if 1\n",
    "\n#endif\n",
];

/// A file mutated at token level (delete, duplicate, swap, replace, insert), checked in one
/// profile: no panic. `data` is an 8-byte mutation seed, then the file: the seed corpus puts a
/// suite file there (`fuzz/make_corpus.sh`, `suite_mutate_input`), so a kept input replays alone.
pub fn suite_mutate(data: &[u8]) {
    let Some((seed, file)) = data.split_first_chunk::<8>() else {
        return;
    };
    let mut rng = Rng(u64::from_le_bytes(*seed) | 1);
    let mutated = mutate_tokens(&String::from_utf8_lossy(file), &mut rng);
    let profile = Profile::ALL[rng.below(Profile::ALL.len())];
    let _ = checker::check_source("mutated.cl", &mutated, profile, &Options::default());
}

/// The `suite_mutate` input that mutates `file` with `seed`.
pub fn suite_mutate_input(seed: u64, file: &[u8]) -> Vec<u8> {
    let mut data = seed.to_le_bytes().to_vec();
    data.extend_from_slice(file);
    data
}

/// Token-level mutations of `text`, keeping the text between tokens.
pub fn mutate_tokens(text: &str, rng: &mut Rng) -> String {
    let tokens = checker::lex::lex(
        checker::FileId(0),
        text,
        &mut checker::symbol::Interner::new(),
    );
    let mut pieces: Vec<(String, String)> = Vec::with_capacity(tokens.len());
    let mut at = 0usize;
    for t in &tokens {
        let (s, e) = (t.span.start as usize, t.span.end as usize);
        if s < at || e > text.len() || !text.is_char_boundary(s) || !text.is_char_boundary(e) {
            continue;
        }
        pieces.push((text[at..s].to_string(), text[s..e].to_string()));
        at = e;
    }
    let tail = text.get(at..).unwrap_or_default().to_string();
    for _ in 0..1 + rng.below(8) {
        if pieces.is_empty() {
            pieces.push((" ".into(), DICTIONARY[rng.below(DICTIONARY.len())].into()));
            continue;
        }
        let i = rng.below(pieces.len());
        match rng.below(5) {
            0 => {
                pieces.remove(i);
            }
            1 => {
                let p = pieces[i].clone();
                pieces.insert(i, p);
            }
            2 => {
                let j = rng.below(pieces.len());
                let (a, b) = (pieces[i].1.clone(), pieces[j].1.clone());
                pieces[i].1 = b;
                pieces[j].1 = a;
            }
            3 => pieces[i].1 = DICTIONARY[rng.below(DICTIONARY.len())].to_string(),
            _ => pieces.insert(
                i,
                (
                    " ".into(),
                    DICTIONARY[rng.below(DICTIONARY.len())].to_string(),
                ),
            ),
        }
    }
    let mut out = String::with_capacity(text.len() + 64);
    for (ws, tok) in &pieces {
        out.push_str(ws);
        out.push_str(tok);
    }
    out.push_str(&tail);
    out
}

/// A small deterministic generator (xorshift64*) for seeded runs and token mutations.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `len` random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }
}

/// SplitMix64's finaliser: distinct inputs give unrelated outputs (seeds `2k` and `2k + 1`
/// must not draw the same program).
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Runs `f` on `n` seeded random inputs of up to `max_len` bytes.
pub fn seeded(seed: u64, n: usize, max_len: usize, mut f: impl FnMut(&[u8])) {
    let mut rng = Rng(mix(seed) | 1);
    for _ in 0..n {
        let len = rng.below(max_len + 1);
        let data = rng.bytes(len);
        f(&data);
    }
}
