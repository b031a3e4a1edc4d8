//! Every fuzz target's body (`generators::fuzz`) on a few thousand seeded inputs, so a
//! regression shows under `cargo test` without a fuzzer; and every input kept under
//! `fuzz/regressions/<target>/` replayed through its target.

use generators::fuzz::{self, seeded, TARGETS};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &Path, ext: Option<&str>, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, ext, out);
        } else if ext.is_none_or(|x| p.extension().is_some_and(|e| e == x)) {
            out.push(p);
        }
    }
}

fn suite() -> Vec<String> {
    let mut paths = Vec::new();
    files(&root().join("suite/cases"), Some("cl"), &mut paths);
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

fn smoke(target: &str, n: usize, max_len: usize) {
    let suite = if target == "suite_mutate" {
        suite()
    } else {
        Vec::new()
    };
    let mut runs = 0usize;
    seeded(0x5eed ^ target.len() as u64, n, max_len, |data| {
        fuzz::run(target, data, &suite);
        runs += 1;
    });
    println!("{target}: {runs} seeded inputs, no finding");
    assert_eq!(runs, n);
}

#[test]
fn smoke_check_bytes() {
    smoke("check_bytes", 2000, 512);
}

#[test]
fn smoke_preprocess() {
    smoke("preprocess", 3000, 512);
}

#[test]
fn smoke_roundtrip() {
    smoke("roundtrip", 2000, 2048);
}

#[test]
fn smoke_oracle() {
    smoke("oracle", 2000, 2048);
}

#[test]
fn smoke_suite_mutate() {
    smoke("suite_mutate", 3000, 64);
}

/// `check_bytes` also runs over the real corpus: every suite file as bytes.
#[test]
fn smoke_check_bytes_on_the_suite() {
    let suite = suite();
    assert!(suite.len() > 100, "the suite is under suite/cases");
    for text in &suite {
        fuzz::check_bytes(text.as_bytes());
    }
}

/// Inputs the fuzzers found (minimised), one directory per target: each must pass now.
#[test]
fn regressions_replay() {
    let dir = root().join("fuzz/regressions");
    assert!(dir.is_dir(), "{} must exist", dir.display());
    let suite = suite();
    let mut replayed = Vec::new();
    for target in TARGETS {
        let mut inputs = Vec::new();
        files(&dir.join(target), None, &mut inputs);
        for path in inputs {
            let name = path.file_name().unwrap().to_string_lossy();
            if name == "README.md" || name.starts_with('.') {
                continue;
            }
            let data = std::fs::read(&path).unwrap();
            fuzz::run(target, &data, &suite);
            replayed.push(format!(
                "{target}/{}",
                path.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    println!(
        "replayed {} regression input(s): {replayed:?}",
        replayed.len()
    );
}
