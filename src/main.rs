//! `clasp`: conformance suite and fuzzer for the OpenCL address-space rules.
//!
//! Exit codes are a contract (see the README): 0 nothing found, 1 deviations or errors found in
//! what was checked, 2 usage, input or setup error.

mod bench;
mod cli;
mod clock;
mod commands;
mod drivers;
mod engine;
mod glob;
mod progress;
mod reports;
mod results;
mod subjects;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    // A command that only prints ends quietly when its output is piped into `head`, as a Unix
    // tool does, instead of panicking on the closed pipe (Rust ignores SIGPIPE). Commands that
    // talk to worker processes keep ignoring it: a dead worker's pipe is an error to handle.
    if cli.command.only_prints() {
        // SAFETY: restoring the default action of one signal before any thread starts.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("clasp: error: {err:#}");
            ExitCode::from(2)
        }
    }
}
