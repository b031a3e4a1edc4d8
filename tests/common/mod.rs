//! Helpers the integration tests share: running the `clasp` binary, showing what it printed,
//! and building the fault-injecting ICD.
#![allow(dead_code)] // each test binary uses its own part

pub mod saved;

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

/// Builds `fault-icd` into its own target directory (the outer `cargo test` holds the lock on
/// the main one) and returns the library's path.
pub fn fault_icd() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // <target>/debug/clasp → <target>/fault-icd
    let target = Path::new(CLASP)
        .parent()
        .and_then(Path::parent)
        .map(|t| t.join("fault-icd"))
        .unwrap_or_else(|| root.join("target/fault-icd"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "-p", "fault-icd", "--offline"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root)
        .status()
        .expect("cargo runs");
    assert!(status.success(), "building fault-icd failed");
    let lib = target.join("debug/libfault_icd.so");
    assert!(lib.exists(), "{} was not built", lib.display());
    lib
}
