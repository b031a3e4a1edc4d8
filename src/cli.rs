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
    /// Check kernels with clasp's own front end and report address-space errors with rule IDs.
    Check(CheckArgs),
    /// List every OpenCL platform and device with what decides how clasp tests it.
    Devices(DevicesArgs),
    /// Run the corpus on every subject: OpenCL devices, the checker, clang-16.
    Run(Box<RunArgs>),
    /// Write the generated cases (issue 5) as suite case files.
    Generate(GenerateArgs),
    /// Internal: the worker process `clasp run` starts (driver calls happen only here).
    #[command(hide = true)]
    Worker(WorkerArgs),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Human,
    Json,
    Sarif,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Kernel files, or directories searched for `.cl` files.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The profile to check in: CL1.1, CL1.2, CL2.0, CL3.0, CL3.0+generic, CL3.0+globals,
    /// CL3.0+generic+globals.
    #[arg(long = "std", default_value = "CL3.0+generic+globals")]
    pub profile: checker::Profile,
    /// Define a macro (`-D NAME` or `-D NAME=VALUE`).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    pub defines: Vec<String>,
    /// Undefine a macro.
    #[arg(short = 'U', value_name = "NAME")]
    pub undefines: Vec<String>,
    /// Add an include directory.
    #[arg(short = 'I', value_name = "DIR")]
    pub include_dirs: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    pub format: CheckFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

#[derive(clap::Args, Debug)]
pub struct DevicesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

/// `clasp run`. Exit codes: 0 no deviation, 1 deviations (crashes and timeouts included),
/// 2 usage or setup error.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The corpus directory.
    #[arg(long, default_value = "suite/cases")]
    pub cases: PathBuf,
    /// Subjects to run: `checker`, `clang` (clang-16), `devices` (every OpenCL device), or part
    /// of a device id as `clasp devices` shows it. Repeat or separate with commas. Default: all.
    #[arg(long, value_delimiter = ',')]
    pub subject: Vec<String>,
    /// Only devices whose id, name or platform name contains this text (case-insensitive).
    #[arg(long)]
    pub device: Vec<String>,
    /// Only these profiles (`CL1.2`, `CL3.0+globals`, ...).
    #[arg(long, value_delimiter = ',')]
    pub profile: Vec<checker::Profile>,
    /// Only cases that exercise a rule whose ID contains this text (case-insensitive).
    #[arg(long)]
    pub rule: Vec<String>,
    /// Only cases whose name matches this glob (`*` any text, `?` one character).
    #[arg(long = "case", value_name = "GLOB")]
    pub case_glob: Vec<String>,
    /// Run shard I of N: keeps case i when xxh64(case name, seed 0) % N == I - 1.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Parallel workers per subject (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Per-build timeout in seconds; a worker past it is killed and the case is `timeout`.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Do not read or write the result cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Where the result cache lives.
    #[arg(long, default_value = "reports/cache")]
    pub cache_dir: PathBuf,
    /// Where run directories are created (`<out>/<run-id>/results.jsonl`).
    #[arg(long, default_value = "reports/runs")]
    pub out: PathBuf,
    /// Continue the run in this directory: results already in its results.jsonl are kept and
    /// not run again.
    #[arg(long, value_name = "RUN_DIR")]
    pub resume: Option<PathBuf>,
    /// The clang to compare against (default: `clang-16` on PATH).
    #[arg(long)]
    pub clang: Option<PathBuf>,
    /// Plain progress lines even on a terminal.
    #[arg(long)]
    pub plain: bool,
}

#[derive(clap::Args, Debug)]
pub struct WorkerArgs {
    #[command(subcommand)]
    pub what: WorkerCommand,
}

#[derive(Subcommand, Debug)]
pub enum WorkerCommand {
    /// Print every platform and device as JSON.
    Discover,
    /// Answer build requests (JSON lines on stdin) on one device.
    Build {
        #[arg(long)]
        platform: u32,
        #[arg(long)]
        device: u32,
    },
}

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Directory to write `<rule>/<dimensions>.cl` files into.
    #[arg(long)]
    pub out: PathBuf,
    /// Only cases built for this rule ID.
    #[arg(long)]
    pub rule: Option<String>,
    /// Only this profile (each case is restricted to it).
    #[arg(long)]
    pub profile: Option<String>,
    /// Seed for the random programs (the exhaustive suite does not depend on it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}
