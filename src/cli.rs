//! The command line: every subcommand and its options, and nothing else.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "clasp",
    version,
    about = "Conformance suite and fuzzer for the OpenCL address-space rules"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the rule catalogue: every rule with its ID, where it applies and the spec sentence.
    Rules(RulesArgs),
    /// Show what the corpus proves: accept, reject and run-time cases per rule and profile.
    Coverage(CoverageArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Md,
}

#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Only rules whose ID contains this text (case-insensitive).
    #[arg(long)]
    pub rule: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct CoverageArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The corpus directory.
    #[arg(long, default_value = "suite/cases")]
    pub cases: PathBuf,
}
