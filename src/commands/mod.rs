//! One module per subcommand; each returns the process exit code.

mod bench;
mod check;
mod compare;
mod coverage;
mod devices;
mod fuzz;
mod fuzz_runtime;
mod generate;
mod history;
mod mutate;
mod overhead;
mod report;
mod rules;
mod run;
mod select;
mod subjects;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Rules(args) => rules::run(&args),
        Command::Coverage(args) => coverage::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Devices(args) => devices::run(&args),
        Command::Subjects(args) => subjects::run(&args),
        Command::Run(args) => run::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Fuzz(args) => fuzz::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::History(args) => history::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Mutate(args) => mutate::run(&args),
        Command::Worker(args) => run::worker(&args),
        Command::Overhead(args) => overhead::run(&args),
    }
}
