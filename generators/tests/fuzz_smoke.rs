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
    let mut runs = 0usize;
    seeded(0x5eed ^ target.len() as u64, n, max_len, |data| {
        fuzz::run(target, data);
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

/// `suite_mutate` over its seed corpus's shape: every suite file behind a few mutation seeds.
#[test]
fn smoke_suite_mutate_on_the_suite() {
    let suite = suite();
    assert!(suite.len() > 100, "the suite is under suite/cases");
    for (i, text) in suite.iter().enumerate() {
        for k in 0..4u64 {
            let seed = fuzz::mix((i as u64) << 2 | k);
            fuzz::suite_mutate(&fuzz::suite_mutate_input(seed, text.as_bytes()));
        }
    }
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

/// The targets under `fuzz/fuzz_targets/`, by file name.
fn target_files() -> Vec<String> {
    let mut paths = Vec::new();
    files(&root().join("fuzz/fuzz_targets"), Some("rs"), &mut paths);
    let mut names: Vec<String> = paths
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// `key = value` lines of `fuzz/options/<target>.options` (OSS-Fuzz's format: a `[libfuzzer]`
/// section of libFuzzer flags without their dash).
fn options(target: &str) -> Vec<(String, String)> {
    let path = root().join(format!("fuzz/options/{target}.options"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (every target ships its options)", path.display()));
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    assert_eq!(lines.next(), Some("[libfuzzer]"), "{}", path.display());
    lines
        .map(|l| {
            let (k, v) = l
                .split_once('=')
                .unwrap_or_else(|| panic!("{}: `{l}` is not `key = value`", path.display()));
            (k.trim().to_string(), v.trim().to_string())
        })
        .collect()
}

/// Every target file is listed in `TARGETS` (which the replay below walks) and ships with its
/// options, a dictionary its options name as `<target>.dict` (the name `build.sh` gives it in
/// `$OUT`), and a regressions folder.
#[test]
fn every_target_is_listed_and_ships_its_options() {
    let mut listed: Vec<String> = TARGETS.iter().map(|t| t.to_string()).collect();
    listed.sort();
    assert_eq!(
        target_files(),
        listed,
        "fuzz/fuzz_targets/*.rs against TARGETS"
    );
    for target in TARGETS {
        let opts = options(target);
        for (k, v) in &opts {
            match k.as_str() {
                "dict" => assert_eq!(v, &format!("{target}.dict"), "{target}.options"),
                "max_len" | "timeout" | "rss_limit_mb" => {
                    assert!(v.parse::<u64>().is_ok_and(|n| n > 0), "{target}: {k} = {v}")
                }
                other => panic!("{target}.options: unexpected key {other}"),
            }
        }
        assert!(
            opts.iter().any(|(k, _)| k == "timeout"),
            "{target}: timeout"
        );
        assert!(root().join("fuzz/regressions").join(target).is_dir());
    }
}

/// The inputs kept under `fuzz/regressions/<target>/`: every file but dot-files.
fn regressions(target: &str) -> Vec<PathBuf> {
    let mut inputs = Vec::new();
    files(
        &root().join("fuzz/regressions").join(target),
        None,
        &mut inputs,
    );
    inputs.retain(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'));
    inputs
}

/// Inputs the fuzzers found (crashes, timeouts, minimised interesting inputs), one folder per
/// target: each runs through its target's body as the fuzz binary runs it (the same function,
/// the input alone, on a thread with the main thread's 8 MiB stack) and must neither panic nor
/// outlast the target's `timeout`. Every target keeps at least one.
#[test]
fn regressions_replay() {
    // Every file under fuzz/regressions/ but dot-files and the README, whatever folder it is
    // in: one in a folder no target reads would not be replayed, and fails the count below.
    let mut present = Vec::new();
    files(&root().join("fuzz/regressions"), None, &mut present);
    present.retain(|p| {
        let name = p.file_name().unwrap().to_string_lossy();
        !name.starts_with('.') && p.parent() != Some(&root().join("fuzz/regressions"))
    });
    let mut failed = Vec::new();
    let mut replayed = 0usize;
    for target in TARGETS {
        let inputs = regressions(target);
        assert!(
            !inputs.is_empty(),
            "fuzz/regressions/{target}/ holds no input"
        );
        let timeout = options(target)
            .iter()
            .find(|(k, _)| k == "timeout")
            .map(|(_, v)| v.parse::<u64>().unwrap())
            .unwrap();
        for path in inputs {
            let data = std::fs::read(&path).unwrap();
            let start = std::time::Instant::now();
            let run = std::thread::Builder::new()
                .stack_size(8 << 20)
                .spawn(move || fuzz::run(target, &data))
                .unwrap()
                .join();
            let took = start.elapsed();
            let name = format!("{target}/{}", path.file_name().unwrap().to_string_lossy());
            replayed += 1;
            if run.is_err() {
                failed.push(format!("{name}: panicked"));
            } else if took.as_secs() >= timeout {
                failed.push(format!("{name}: {took:?}, over the {timeout} s timeout"));
            }
            println!("{name}: {took:?}");
        }
    }
    println!("replayed {replayed} regression input(s)");
    assert_eq!(replayed, present.len(), "inputs outside a target's folder");
    assert!(failed.is_empty(), "{failed:#?}");
}
