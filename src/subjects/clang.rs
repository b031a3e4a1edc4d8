//! The clang-16 subject: `clang-16 -fsyntax-only` with the profile's exact feature set, one
//! process per build (clang is its own isolation), judged on accept/reject.

use crate::drivers::pool::{describe_exit, output_with_timeout, Finished};
use crate::results::Actual;
use checker::case::Case;
use checker::Profile;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The compiler clasp compares against.
pub const CLANG: &str = "clang-16";

/// `clang-16` on `PATH`, with its version line, or `None` when it is not installed.
pub fn find(exe: Option<&Path>) -> Option<(PathBuf, String)> {
    let exe = exe
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(CLANG));
    let mut cmd = Command::new(&exe);
    cmd.arg("--version");
    match output_with_timeout(cmd, Duration::from_secs(30)) {
        Ok(Finished::Exited { status, stdout, .. }) if status.success() => {
            let version = String::from_utf8_lossy(&stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_string();
            Some((exe, version))
        }
        _ => None,
    }
}

/// The arguments before the file: language, default header, syntax only, the profile's options
/// (`-cl-std` and the feature set through `-Xclang -cl-ext=`), then the case's options.
pub fn arguments(case: &Case, profile: Profile) -> Vec<String> {
    let mut v: Vec<String> = if case.is_cxx() {
        vec!["-x".into(), "clcpp".into()]
    } else {
        vec!["-x".into(), "cl".into()]
    };
    v.extend(
        ["-Xclang", "-finclude-default-header", "-fsyntax-only"]
            .iter()
            .map(|s| s.to_string()),
    );
    v.extend(profile.clang_options());
    v.extend(case.options.iter().cloned());
    v
}

/// Runs clang on `file` with `args`.
pub fn run(exe: &Path, args: &[String], file: &Path, timeout: Duration) -> Actual {
    let mut cmd = Command::new(exe);
    cmd.args(args).arg(file);
    match output_with_timeout(cmd, timeout) {
        Ok(Finished::Exited { status, stderr, .. }) => {
            let log = String::from_utf8_lossy(&stderr).into_owned();
            if status.success() {
                Actual::Accepted { log }
            } else if status.code().is_some() {
                Actual::Rejected {
                    code: describe_exit(status),
                    log,
                }
            } else {
                Actual::Crash {
                    signal: describe_exit(status),
                }
            }
        }
        Ok(Finished::TimedOut) => Actual::Timeout {
            after_ms: timeout.as_millis() as u64,
        },
        Err(e) => Actual::Skipped {
            why: format!("cannot start {}: {e}", exe.display()),
        },
    }
}
