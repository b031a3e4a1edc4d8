//! Checker throughput (STYLE §19): the whole suite corpus, every OpenCL C case in one fixed
//! profile (CL2.0), and a synthetic kernel of more than 10 000 lines. Throughput is in bytes;
//! kernels per second is the corpus's file count divided by the time per iteration.
//!
//! `taskset -c 0 cargo bench -p clasp-checker --bench check` (one core). The comparison with
//! clang-16 is `examples/vs_clang.rs`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::Path;

#[path = "synthetic.rs"]
mod synthetic;

/// The profile every corpus file is checked in: CL2.0 has the largest C feature set, so no
/// construct of a case is outside it.
const PROFILE: checker::Profile = checker::Profile::CL2_0;

/// Every OpenCL C case of `suite/cases` (C++ for OpenCL cases are left out, so the figures
/// compare with `clang-16 -x cl` and with earlier runs).
pub fn corpus() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../suite/cases");
    checker::case::corpus::load(&root)
        .expect("the suite corpus loads")
        .into_iter()
        .filter(|case| !case.is_cxx())
        .map(|case| case.source.into_bytes())
        .collect()
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let total: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function(format!("{} files/CL2.0", files.len()), |b| {
        b.iter(|| {
            for f in &files {
                std::hint::black_box(checker::check_bytes(f, PROFILE));
            }
        })
    });
    group.finish();

    let large = synthetic::large_kernel(260);
    assert!(large.lines().count() > 10_000);
    let mut group = c.benchmark_group("large-kernel");
    group.throughput(Throughput::Bytes(large.len() as u64));
    group.bench_function(format!("{} lines/CL2.0", large.lines().count()), |b| {
        b.iter(|| std::hint::black_box(checker::check_bytes(large.as_bytes(), PROFILE)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
