//! Per-stage times of the checker on the large synthetic kernel (best of repeated runs):
//! `taskset -c 0 cargo run --release -p clasp-checker --example stages`.

use std::time::{Duration, Instant};

#[path = "../benches/synthetic.rs"]
mod synthetic;

/// Counts allocations when `STAGES_COUNT` is set (then the times mean nothing).
struct Counting;
static ALLOCS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: std::alloc::Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        unsafe { std::alloc::System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: std::alloc::Layout) {
        unsafe { std::alloc::System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: std::alloc::Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        unsafe { std::alloc::System.realloc(p, l, n) }
    }
}
#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocs() -> u64 {
    ALLOCS.load(std::sync::atomic::Ordering::Relaxed)
}

const PROFILE: checker::Profile = checker::Profile::CL2_0;

fn best(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[0]
}

fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    best(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(f());
                start.elapsed()
            })
            .collect(),
    )
}

fn main() {
    let large = synthetic::large_kernel(260);
    // `stages STAGE N`: runs one stage N times and stops (for a profiler).
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [stage, n] = &args[..] {
        let n: usize = n.parse().expect("a count");
        let mut sources = checker::SourceMap::new("input.cl", large.as_str());
        let mut diags = Vec::new();
        let opts = checker::pp::Options::new(PROFILE);
        let loader = checker::pp::MemLoader::default();
        let pre = checker::pp::preprocess(&mut sources, &opts, &loader, &mut diags);
        let arena = checker::ast::Arena::new();
        let tu = checker::parse::translation_unit(
            &arena,
            &pre.tokens,
            &pre.symbols,
            PROFILE,
            &mut diags,
        );
        for _ in 0..n {
            match stage.as_str() {
                "lex" => {
                    let mut symbols = checker::symbol::Interner::new();
                    drop(std::hint::black_box(checker::lex::lex(
                        checker::FileId(0),
                        &large,
                        &mut symbols,
                    )))
                }
                "pp" => {
                    let mut sources = checker::SourceMap::new("input.cl", large.as_str());
                    drop(std::hint::black_box(checker::pp::preprocess(
                        &mut sources,
                        &opts,
                        &loader,
                        &mut diags,
                    )));
                }
                "parse" => {
                    let arena = checker::ast::Arena::new();
                    std::hint::black_box(checker::parse::translation_unit(
                        &arena,
                        &pre.tokens,
                        &pre.symbols,
                        PROFILE,
                        &mut diags,
                    ));
                }
                "sema" => checker::sema::check(&tu, PROFILE, &mut diags),
                _ => panic!("stage: lex, pp, parse or sema"),
            }
        }
        return;
    }
    let runs = 31;
    let mb = |t: Duration| large.len() as f64 / t.as_secs_f64() / 1e6;
    let report = |what: &str, t: Duration| {
        println!(
            "{what:<10} {:>9.3} ms {:>9.1} MB/s",
            t.as_secs_f64() * 1e3,
            mb(t)
        )
    };
    let lex = time(runs, || {
        let mut symbols = checker::symbol::Interner::new();
        checker::lex::lex(checker::FileId(0), &large, &mut symbols)
    });
    report("lex", lex);
    let pp_only = || {
        let mut sources = checker::SourceMap::new("input.cl", large.as_str());
        let mut diags = Vec::new();
        checker::pp::preprocess(
            &mut sources,
            &checker::pp::Options::new(PROFILE),
            &checker::pp::MemLoader::default(),
            &mut diags,
        )
    };
    let pp = time(runs, pp_only);
    report("lex+pp", pp);
    let pre = pp_only();
    let parse = time(runs, || {
        let mut diags = Vec::new();
        let arena = checker::ast::Arena::new();
        let n = checker::parse::translation_unit(
            &arena,
            &pre.tokens,
            &pre.symbols,
            PROFILE,
            &mut diags,
        )
        .items
        .len();
        (n, diags)
    });
    report("parse", parse);
    let mut diags = Vec::new();
    let arena = checker::ast::Arena::new();
    let tu =
        checker::parse::translation_unit(&arena, &pre.tokens, &pre.symbols, PROFILE, &mut diags);
    let sema = time(runs, || {
        let mut diags = Vec::new();
        checker::sema::check(&tu, PROFILE, &mut diags);
        diags
    });
    report("sema", sema);
    let all = time(runs, || checker::check_bytes(large.as_bytes(), PROFILE));
    report("end2end", all);
    println!("tokens after pp: {}", pre.tokens.len());
    {
        use checker::ast::*;
        use std::mem::size_of;
        println!(
            "sizes: Token {} Expr {} Stmt {} DeclSpecs {} Declarator {} Declaration {} TypeSpec {} DeclChunk {}",
            size_of::<checker::token::Token>(),
            size_of::<Expr>(),
            size_of::<Stmt>(),
            size_of::<DeclSpecs>(),
            size_of::<Declarator>(),
            size_of::<Declaration>(),
            size_of::<TypeSpec>(),
            size_of::<DeclChunk>()
        );
    }
    let a = allocs();
    let mut sources = checker::SourceMap::new("input.cl", large.as_str());
    let mut d = Vec::new();
    let p = checker::pp::preprocess(
        &mut sources,
        &checker::pp::Options::new(PROFILE),
        &checker::pp::MemLoader::default(),
        &mut d,
    );
    let b = allocs();
    let arena = checker::ast::Arena::new();
    let t = checker::parse::translation_unit(&arena, &p.tokens, &p.symbols, PROFILE, &mut d);
    let c = allocs();
    checker::sema::check(&t, PROFILE, &mut d);
    let e = allocs();
    println!("allocations: pp {} parse {} sema {}", b - a, c - b, e - c);
    println!(
        "tree: {} bytes in the arena ({:.1} per source byte)",
        arena.allocated_bytes(),
        arena.allocated_bytes() as f64 / large.len() as f64
    );
}
