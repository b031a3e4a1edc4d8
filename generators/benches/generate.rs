//! How long the whole exhaustive enumeration takes (the goal: under 2 s on one core).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn generate(c: &mut Criterion) {
    let n = generators::exhaustive().len() as u64;
    let mut group = c.benchmark_group("generate");
    group.throughput(Throughput::Elements(n));
    group.sample_size(10);
    group.bench_function("exhaustive", |b| b.iter(generators::exhaustive));
    group.bench_function("exhaustive+render", |b| {
        b.iter(|| {
            generators::exhaustive()
                .iter()
                .map(|c| c.render().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
