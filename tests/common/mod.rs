//! Helpers the integration tests share: running the `clasp` binary, showing what it printed,
//! and building the fault-injecting ICD.
#![allow(dead_code)] // each test binary uses its own part

pub mod saved;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const CLASP: &str = env!("CARGO_BIN_EXE_clasp");

/// `clasp ARGS` in `dir`, with `env` added to the environment.
pub fn clasp(args: &[&str], env: &[(&str, &str)], dir: &Path) -> Output {
    let mut cmd = Command::new(CLASP);
    cmd.args(args).current_dir(dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("clasp runs")
}

/// Exit status, stdout and stderr, for an assertion message.
pub fn text(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Builds `fault-icd` and returns the library's path.
pub fn fault_icd() -> PathBuf {
    icd_library("fault-icd")
}

/// Builds the workspace's ICD library `package` into its own target directory (the outer
/// `cargo test` holds the lock on the main one) and returns the library's path.
pub fn icd_library(package: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // <target>/debug/clasp → <target>/<package>
    let target = Path::new(CLASP)
        .parent()
        .and_then(Path::parent)
        .map(|t| t.join(package))
        .unwrap_or_else(|| root.join("target").join(package));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "-p", package, "--offline"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building {package} failed");
    let lib = target.join(format!("debug/lib{}.so", package.replace('-', "_")));
    assert!(lib.exists(), "{} was not built", lib.display());
    lib
}

/// A folder of ICD files under `tmp` naming the fault-injecting driver alone (for
/// `OCL_ICD_VENDORS`).
pub fn fault_vendors(tmp: &Path) -> PathBuf {
    let vendors = tmp.join("vendors");
    std::fs::create_dir_all(&vendors).unwrap();
    std::fs::write(
        vendors.join("fault.icd"),
        format!("{}\n", fault_icd().display()),
    )
    .unwrap();
    vendors
}

/// The newest run directory under `runs` and its results, one JSON value per line of its
/// `results.jsonl`.
pub fn last_run(runs: &Path) -> (PathBuf, Vec<Value>) {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(runs)
        .expect("runs dir")
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.sort();
    let dir = dirs.pop().expect("a run directory");
    let text = std::fs::read_to_string(dir.join("results.jsonl")).expect("results.jsonl");
    let records = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    (dir, records)
}
