//! One module per subcommand; each returns the process exit code.

mod coverage;
mod rules;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Rules(args) => rules::run(&args),
        Command::Coverage(args) => coverage::run(&args),
    }
}
