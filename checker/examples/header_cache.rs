//! What sharing included files' tokens across a run's checks saves: every `.cl` file of a
//! directory checked one after another on one thread, with one shared `TokenCache` and without,
//! alternating, medians of the rounds.
//!
//! `python3 bench/gen_kernels.py /tmp/kb && cargo build --release -p clasp-checker --example
//! header_cache && taskset -c 0 target/release/examples/header_cache /tmp/kb/proj/kernels
//! /tmp/kb/proj/include 21`

use checker::pp::{FsLoader, TokenCache};
use checker::{Options, Profile, SourceMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir, include, rounds] = &args[..] else {
        eprintln!("usage: header_cache KERNEL_DIR INCLUDE_DIR ROUNDS");
        std::process::exit(2);
    };
    let rounds: usize = rounds.parse().expect("a number of rounds");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("a directory")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cl"))
        .collect();
    files.sort();
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("a readable kernel");
            (p.display().to_string(), text)
        })
        .collect();
    let opts = Options {
        include_dirs: vec![include.into()],
        ..Options::default()
    };
    let pass = |cached: bool| -> Duration {
        let start = Instant::now();
        let cache = cached.then(|| Arc::new(TokenCache::new()));
        for (name, text) in &texts {
            let mut sources = SourceMap::new(name.as_str(), text.as_str());
            let diags = checker::check_in_run(
                &mut sources,
                Profile::CL1_2,
                &opts,
                &FsLoader,
                cache.as_ref(),
            );
            assert!(diags.is_empty(), "{name}: {diags:?}");
        }
        start.elapsed()
    };
    pass(false);
    pass(true);
    let (mut without, mut with) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        without.push(pass(false));
        with.push(pass(true));
    }
    without.sort();
    with.sort();
    let (a, b) = (without[rounds / 2], with[rounds / 2]);
    println!(
        "{} files, {rounds} rounds alternating, medians: without the cache {:.2} ms, with it {:.2} ms ({:+.1} %)",
        texts.len(),
        a.as_secs_f64() * 1e3,
        b.as_secs_f64() * 1e3,
        (b.as_secs_f64() / a.as_secs_f64() - 1.0) * 100.0
    );
}
