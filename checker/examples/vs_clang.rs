//! The checker against clang-16 on the same inputs, in one run, on one core:
//! `taskset -c 0 cargo run --release -p clasp-checker --example vs_clang`.
//!
//! - corpus: every OpenCL C case of `suite/cases`, checked in CL2.0; clang-16 is run once per
//!   file, sequentially, as a test runner uses it
//!   (`clang-16 -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fsyntax-only FILE`);
//! - large kernel: the synthetic 10 000+ line kernel of `benches/synthetic.rs`, once each.
//!
//! The checker's times are medians of repeated runs; clang's are medians of 3 (corpus) and
//! 5 (large kernel) runs. Prints MB/s, kernels/s and the ratios.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "../benches/synthetic.rs"]
mod synthetic;

const PROFILE: checker::Profile = checker::Profile::CL2_0;

fn corpus() -> Vec<(PathBuf, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../suite/cases");
    checker::case::corpus::load(&root)
        .expect("the suite corpus loads")
        .into_iter()
        .filter(|case| !case.is_cxx())
        .map(|case| {
            (
                root.join(format!("{}.cl", case.name)),
                case.source.into_bytes(),
            )
        })
        .collect()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Median time of `runs` runs of `f`.
fn time(runs: usize, mut f: impl FnMut()) -> Duration {
    median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                f();
                start.elapsed()
            })
            .collect(),
    )
}

fn clang(path: &Path) {
    // The exit status is not the point (a few corpus cases are meant to be rejected), only
    // the time a test runner spends on the file.
    let status = Command::new("clang-16")
        .args([
            "-x",
            "cl",
            "-cl-std=CL2.0",
            "-Xclang",
            "-finclude-default-header",
        ])
        .arg("-fsyntax-only")
        .arg(path)
        .stderr(std::process::Stdio::null())
        .status()
        .expect("run clang-16");
    std::hint::black_box(status);
}

fn mbs(bytes: usize, t: Duration) -> f64 {
    bytes as f64 / t.as_secs_f64() / 1e6
}

fn main() {
    let files = corpus();
    let total: usize = files.iter().map(|(_, b)| b.len()).sum();
    let large = synthetic::large_kernel(260);
    // `--dump FILE` writes the large kernel and stops; `--profile N` checks it N times and
    // stops (for a profiler).
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["--dump", path] => {
            std::fs::write(path, &large).expect("write the large kernel");
            return;
        }
        ["--profile", n] => {
            for _ in 0..n.parse::<usize>().expect("a count") {
                std::hint::black_box(checker::check_bytes(large.as_bytes(), PROFILE));
            }
            return;
        }
        _ => {}
    }
    let large_path = std::env::temp_dir().join(format!("clasp-large-{}.cl", std::process::id()));
    std::fs::write(&large_path, &large).expect("write the large kernel");

    // Warm up, then measure.
    for (_, f) in &files {
        checker::check_bytes(f, PROFILE);
    }
    let checker_corpus = time(21, || {
        for (_, f) in &files {
            std::hint::black_box(checker::check_bytes(f, PROFILE));
        }
    });
    let checker_large = time(21, || {
        std::hint::black_box(checker::check_bytes(large.as_bytes(), PROFILE));
    });
    let large_diags = checker::check_bytes(large.as_bytes(), PROFILE);
    assert!(
        large_diags.is_empty(),
        "the large kernel must be valid: {large_diags:?}"
    );

    let clang_corpus = time(3, || {
        for (path, _) in &files {
            clang(path);
        }
    });
    let clang_large = time(5, || clang(&large_path));
    let _ = std::fs::remove_file(&large_path);

    let n = files.len() as f64;
    println!(
        "corpus: {} files, {} bytes, profile CL2.0",
        files.len(),
        total
    );
    println!(
        "  checker   {:>10.3} ms  {:>8.1} MB/s  {:>10.0} kernels/s",
        checker_corpus.as_secs_f64() * 1e3,
        mbs(total, checker_corpus),
        n / checker_corpus.as_secs_f64()
    );
    println!(
        "  clang-16  {:>10.3} ms  {:>8.3} MB/s  {:>10.1} kernels/s  (one process per file)",
        clang_corpus.as_secs_f64() * 1e3,
        mbs(total, clang_corpus),
        n / clang_corpus.as_secs_f64()
    );
    println!(
        "  ratio     {:.0}x",
        clang_corpus.as_secs_f64() / checker_corpus.as_secs_f64()
    );
    println!(
        "large kernel: {} lines, {} bytes",
        large.lines().count(),
        large.len()
    );
    println!(
        "  checker   {:>10.3} ms  {:>8.1} MB/s",
        checker_large.as_secs_f64() * 1e3,
        mbs(large.len(), checker_large)
    );
    println!(
        "  clang-16  {:>10.3} ms  {:>8.3} MB/s",
        clang_large.as_secs_f64() * 1e3,
        mbs(large.len(), clang_large)
    );
    println!(
        "  ratio     {:.1}x",
        clang_large.as_secs_f64() / checker_large.as_secs_f64()
    );
}
