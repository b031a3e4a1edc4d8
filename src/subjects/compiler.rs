//! Compilers loaded in worker processes: clang-22 through libclang ([`super::libclang`]) and
//! clspv ([`super::clspv`]). They run in `clasp worker <compiler> ...` processes that speak the
//! drivers' protocol ([`crate::drivers::protocol`]), in the same slots as device workers
//! ([`crate::drivers::pool::Slot`]): a compiler that crashes or hangs costs the one job it was
//! running, and the next job goes to a fresh worker.

use super::clspv::Clspv;
use super::libclang::Libclang;
use crate::drivers::pool::{output_with_timeout, Finished};
use crate::drivers::protocol::Hello;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// A compiler subject.
#[derive(Debug, Clone)]
pub enum Compiler {
    Libclang(Libclang),
    Clspv(Clspv),
}

impl Compiler {
    /// The arguments after `clasp worker` that start one of its workers.
    pub fn worker_args(&self) -> Vec<String> {
        match self {
            Compiler::Libclang(c) => c.worker_args(),
            Compiler::Clspv(c) => c.worker_args(),
        }
    }

    /// What the listing says it supports.
    pub fn supports(&self) -> String {
        match self {
            Compiler::Libclang(_) => super::libclang::SUPPORTS.to_string(),
            Compiler::Clspv(_) => super::clspv::supports(),
        }
    }
}

/// Starts one worker with no request and reads its hello: the identity it loaded (the
/// subject's identity, which every later worker must say again), or why it cannot start.
pub fn probe(exe: &Path, compiler: &Compiler, timeout: Duration) -> Result<String, String> {
    let mut cmd = Command::new(exe);
    cmd.arg("worker").args(compiler.worker_args());
    match output_with_timeout(cmd, timeout) {
        Ok(Finished::Exited { stdout, stderr, .. }) => {
            let text = String::from_utf8_lossy(&stdout);
            let line = text.lines().next().unwrap_or("");
            match serde_json::from_str::<Hello>(line) {
                Ok(Hello {
                    identity: Some(id), ..
                }) => Ok(id),
                Ok(Hello { error: Some(e), .. }) => Err(e),
                _ => Err(format!(
                    "its worker did not say what it loaded: {}{}",
                    line,
                    String::from_utf8_lossy(&stderr)
                        .lines()
                        .last()
                        .unwrap_or("")
                )),
            }
        }
        Ok(Finished::TimedOut) => Err(format!(
            "its worker did not start within {} s",
            timeout.as_secs()
        )),
        Err(e) => Err(format!("cannot start its worker: {e}")),
    }
}
