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
    match commands::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("clasp: error: {err:#}");
            ExitCode::from(2)
        }
    }
}
