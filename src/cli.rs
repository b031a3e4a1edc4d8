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

// Each subcommand's arguments are built only when it is the one invoked: building all of them
// runs most of clap's code for a `clasp check` that needs a tenth of it. Deferred, a doc comment
// on an `Args` struct would replace its variant's help line, so theirs are plain comments.
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum Command {
    /// List the rule catalogue: every rule with its ID, where it applies and the spec sentence.
    Rules(RulesArgs),
    /// Show what the corpus proves: accept, reject and run-time cases per rule and profile.
    Coverage(CoverageArgs),
    /// Check kernels with clasp's own front end and report address-space errors with rule IDs.
    Check(CheckArgs),
    /// List every OpenCL platform and device with what decides how clasp tests it.
    Devices(DevicesArgs),
    /// List every subject `clasp run` can run (checker, clang-16, clang-22, clspv, each device
    /// and its SPIR-V path) with its version and what it supports, and why any is missing.
    Subjects(SubjectsArgs),
    /// Run the corpus (or the generated suite: --suite) on every subject: OpenCL devices, the
    /// checker, clang-16.
    #[command(after_help = RUN_EXIT_CODES)]
    Run(Box<RunArgs>),
    /// Write the generated cases as suite case files.
    Generate(GenerateArgs),
    /// Differential fuzzing of one device with random programs and one-violation mutants:
    /// disagreements are reduced and written as suite cases under `reports/fuzz/`.
    Fuzz(FuzzArgs),
    /// Re-render every report of a saved run (results.json, junit.xml, summary.md, index.html,
    /// CTS-style JSON, reproducers), applying the known deviations as they are now; or write
    /// ready-to-file bug reports for its findings (--bug, --bugs).
    Report(ReportArgs),
    /// Compare two runs: fixed, broken, new crashes, timeouts and findings per subject and rule
    /// (Markdown).
    #[command(after_help = COMPARE_EXIT_CODES)]
    Compare(CompareArgs),
    /// Driver history: the corpus on every release in a vendors folder, one after another, and
    /// per known class the first and last release that shows it (history.md, history.svg).
    #[command(after_help = HISTORY_EXIT_CODES)]
    History(HistoryArgs),
    /// Microbenchmarks per address space: bandwidth, latency, generic vs named.
    Bench(Box<BenchArgs>),
    /// The mutation score: plant each known kind of driver bug in a real driver (mutant-layer)
    /// and report which cases find it, and why any is not found.
    #[command(after_help = MUTATE_EXIT_CODES)]
    Mutate(Box<MutateArgs>),
    /// Internal: the worker process `clasp run` starts (driver calls happen only here).
    #[command(hide = true)]
    Worker(WorkerArgs),
    /// Measure the harness: a saved `clasp run --subject <device> --no-cache -j 1` against the
    /// same jobs built in one process without it (docs/drivers.md, "Harness overhead").
    #[command(hide = true)]
    Overhead(OverheadArgs),
}

const RUN_EXIT_CODES: &str = "Exit codes:
  0  no finding (with --baseline: nothing new or broken against the baseline)
  1  findings: deviations, crashes, timeouts, known deviations that now pass
     (with --baseline: a finding the baseline does not have, or a result that passed
     there and fails now)
  2  usage, input or setup error";

const MUTATE_EXIT_CODES: &str = "Exit codes:
  0  every mutant killed or equivalent (or --list)
  1  a mutant survived: masked by a known entry or uncovered
  2  usage or setup error";

const HISTORY_EXIT_CODES: &str = "Exit codes:
  0  every finding of every release is a known class whose declared versions agree with the runs
  1  a finding no entry names as declared, or an entry whose versions / fixed_in disagree
  2  usage, input or setup error";

const COMPARE_EXIT_CODES: &str = "Exit codes:
  0  nothing got worse
  1  something broke, crashed or timed out that did not in OLD, or a result OLD does not
     have is a finding
  2  usage or input error";

impl Command {
    /// Whether the command starts no worker process and talks to no driver.
    pub fn only_prints(&self) -> bool {
        matches!(
            self,
            Command::Rules(_)
                | Command::Coverage(_)
                | Command::Check(_)
                | Command::Generate(_)
                | Command::Report(_)
                | Command::Compare(_)
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Md,
}

// `clasp history`.
#[derive(clap::Args, Debug)]
pub struct HistoryArgs {
    /// Saved runs of one release each (report folders, as --out keeps them), rendered with the
    /// release folders under --out. Without them and without --vendors: those folders alone.
    #[arg(value_name = "RUN_DIR")]
    pub runs: Vec<PathBuf>,
    /// Run every ICD file of this vendors folder first (`.ci/install-history` makes one), one
    /// release after another, each loaded alone (`OCL_ICD_VENDORS=<file>`); each release's
    /// compact results go to `<out>/<file name without .icd>/`.
    #[arg(long, value_name = "DIR")]
    pub vendors: Option<PathBuf>,
    /// Only the ICD files whose name contains this text (repeat for several).
    #[arg(long)]
    pub only: Vec<String>,
    /// Where each release's compact results, history.md and history.svg are written.
    #[arg(long, default_value = "reports/history")]
    pub out: PathBuf,
    /// Where the full run directories of --vendors go.
    #[arg(long, default_value = "reports/runs/history")]
    pub runs_dir: PathBuf,
    /// What each release runs (`clasp run --suite`).
    #[arg(long, value_enum, default_value_t = Suite::Hand)]
    pub suite: Suite,
    /// Of the generated suite, N cases per rule × profile (`clasp run --sample`).
    #[arg(long, value_name = "N")]
    pub sample: Option<u32>,
    /// Parallel workers per release (`clasp run -j`).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Known deviations (`*.toml`).
    #[arg(long, default_value = "reports/known")]
    pub known: PathBuf,
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
    /// Also count the generated cases, and print the rule × profile × dimension matrix of
    /// generated and hand-written cases.
    #[arg(long)]
    pub generated: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Human,
    Json,
    Sarif,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Kernel files, or directories searched for `.cl` files (and `.clcpp` files with
    /// `--std CLC++2021`).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The profile to check in: CL1.1, CL1.2, CL2.0, CL3.0, CL3.0+generic, CL3.0+globals,
    /// CL3.0+generic+globals, CLC++2021.
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
pub struct SubjectsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(clap::Args, Debug)]
pub struct DevicesArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

// `clasp run`. Exit codes: 0 no deviation, 1 deviations (crashes and timeouts included),
// 2 usage or setup error.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Which cases run: `hand` (the hand-written corpus in --cases), `generated` (the
    /// generators' suite, built in memory: nothing is written first) or `all` (both).
    #[arg(long, value_enum, default_value_t = Suite::Hand)]
    pub suite: Suite,
    /// Of the generated suite, run a deterministic stratified sample: N cases per rule ×
    /// profile that must be accepted and N that must be rejected (fewer where the suite has
    /// fewer). Taken before --shard, so the shards of a sample partition it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub sample: Option<u32>,
    /// Which cases --sample picks: the same seed picks the same cases.
    #[arg(long, default_value_t = 0, requires = "sample")]
    pub seed: u64,
    /// The corpus directory (the hand-written cases).
    #[arg(long, default_value = "suite/cases")]
    pub cases: PathBuf,
    /// Subjects to run: `checker`, `clang` (clang-16), `clang-22`, `clspv`, `devices` (every
    /// OpenCL device), `spirv` (the SPIR-V path of every device that takes it), or part of a
    /// device id as `clasp devices` shows it. Repeat or separate with commas. Default: all
    /// (`clasp subjects` lists them).
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
    /// Leave out cases whose name matches this glob (a driver's known crashers, say).
    #[arg(long = "exclude", value_name = "GLOB")]
    pub exclude_glob: Vec<String>,
    /// Run shard I of N: keeps case i when xxh64(case name, seed 0) % N == I - 1.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Parallel workers per subject (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Per-build timeout in seconds; a worker past it is killed and the case is `timeout`.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// Generated cases built together per program on a device (0: each alone): run-time
    /// cases, and compile cases that must build. A run-time case that does not pass in its
    /// pack runs again alone, a compile pack that fails is split until each failing case is
    /// built alone, so results name one case.
    #[arg(long, default_value_t = 32)]
    pub pack: usize,
    /// How a device builds a case that must fail: `auto` (`clCompileProgram` without a link
    /// where measurement showed it gives the same verdict as `clBuildProgram`), `build`
    /// (`clBuildProgram` always) or `compile` (`clCompileProgram` always: for measuring).
    #[arg(long, value_enum, default_value_t = RejectBy::Auto)]
    pub reject_by: RejectBy,
    /// Print what the run would do per subject (results, answered from the cache, requests to
    /// its workers, builds of a pack counted once) and how long it would take at the rates
    /// the cache keeps from earlier runs; run nothing.
    #[arg(long, alias = "plan")]
    pub dry_run: bool,
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
    /// The libclang of the `clang-22` subject (default: the libclang-ng wheel's); its id names
    /// its version, so another one (Debian's libclang-16) gives `clang-16` through libclang.
    #[arg(long, value_name = "LIBRARY")]
    pub libclang: Option<PathBuf>,
    /// Plain progress lines even on a terminal.
    #[arg(long)]
    pub plain: bool,
    /// Known deviations (`*.toml`), applied when the run's reports are rendered.
    #[arg(long, default_value = "reports/known")]
    pub known: PathBuf,
    /// Gate on a baseline instead of on every finding: a run directory, a report directory
    /// (such as `reports/reference/...`) or a results.json. The run ends with what is new,
    /// broken and fixed against it (also in `baseline.md`), and exits 1 only when something is
    /// new or broken.
    #[arg(long, value_name = "DIR")]
    pub baseline: Option<PathBuf>,
}

/// What `clasp run --reject-by` asks of a device's build that must fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RejectBy {
    Auto,
    Build,
    Compile,
}

/// What `clasp run --suite` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    /// The hand-written corpus (`--cases`).
    Hand,
    /// The generated suite (generators crate), built in memory.
    Generated,
    /// Both.
    All,
}

impl Suite {
    /// The name `--suite` takes, as `run.json` records it.
    pub fn name(self) -> &'static str {
        match self {
            Suite::Hand => "hand",
            Suite::Generated => "generated",
            Suite::All => "all",
        }
    }
}

// `clasp report`. Exit codes: 0 no finding, 1 findings, 2 usage or input error.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// A run directory (`results.jsonl`), a report directory (`results.json` or
    /// `results.json.gz`, as `reports/reference/*` keep) or such a file. Several (the shards of
    /// one run, say) are merged into one report.
    #[arg(value_name = "RUN_DIR", required = true, num_args = 1..)]
    pub run: Vec<PathBuf>,
    /// Where to write the reports (default: RUN_DIR itself when it is a run directory, else
    /// `<runs>/<run-id>/`, so a committed report is never overwritten unless asked).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Where reports of a saved report go when `--out` is not given.
    #[arg(long, default_value = "reports/runs")]
    pub runs: PathBuf,
    /// Write only `summary.md` and `results.json.gz` (the form `reports/reference/` keeps);
    /// needs `--out`.
    #[arg(long, requires = "out")]
    pub compact: bool,
    /// Known deviations (`*.toml`).
    #[arg(long, default_value = "reports/known")]
    pub known: PathBuf,
    /// Print a ready-to-file bug report (Markdown) for the findings of this case, in one
    /// profile with `CASE@PROFILE`, instead of writing the reports.
    #[arg(long, value_name = "CASE[@PROFILE]", conflicts_with_all = ["bugs", "compact"])]
    pub bug: Option<String>,
    /// Only this subject's findings for --bug and --bugs (part of its id, case-insensitive).
    #[arg(long)]
    pub subject: Option<String>,
    /// Write one bug report per group of like findings (same subject, rules, profile and
    /// answer; on its smallest kernel) into this folder (`<subject>/<case>@<profile>.md`)
    /// instead of writing the reports.
    #[arg(long, value_name = "DIR", conflicts_with = "compact")]
    pub bugs: Option<PathBuf>,
}

// `clasp compare`. Exit codes: 0 nothing got worse, 1 something broke or newly crashed or
// timed out, 2 usage or input error.
#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// The earlier run (run directory, report directory, or results.json, plain or gzip).
    pub old: PathBuf,
    /// The later run.
    pub new: PathBuf,
    /// Known deviations (`*.toml`), applied to both runs.
    #[arg(long, default_value = "reports/known")]
    pub known: PathBuf,
}

// `clasp mutate`. Exit codes: 0 every mutant killed or equivalent, 1 a survivor, 2 usage or
// setup error.
#[derive(clap::Args, Debug)]
pub struct MutateArgs {
    /// List the mutants (name, class, the bug each models, how it is planted) and exit.
    #[arg(long)]
    pub list: bool,
    /// The device to mutate (part of its id, as `clasp devices` shows it; one device).
    #[arg(long, required_unless_present = "list")]
    pub subject: Option<String>,
    /// Only these mutants (repeat or separate with commas).
    #[arg(long, value_delimiter = ',')]
    pub mutant: Vec<String>,
    /// Which cases: as `clasp run --suite`.
    #[arg(long, value_enum, default_value_t = Suite::Hand)]
    pub suite: Suite,
    /// Of the generated suite, a stratified sample (as `clasp run --sample`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub sample: Option<u32>,
    #[arg(long, default_value_t = 0, requires = "sample")]
    pub seed: u64,
    /// The corpus directory.
    #[arg(long, default_value = "suite/cases")]
    pub cases: PathBuf,
    /// Only these profiles (as `clasp run --profile`).
    #[arg(long, value_delimiter = ',')]
    pub profile: Vec<checker::Profile>,
    /// Parallel workers of each run (default: the number of cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Per-build timeout in seconds.
    #[arg(long, default_value_t = 60.0)]
    pub timeout: f64,
    /// After the suite, fuzz each mutant that survived it for this long (`clasp fuzz --runtime`,
    /// seconds or `10m`), beside the real driver fuzzed as long with the same seed: a mismatch
    /// in a program the real driver ran cleanly kills the mutant.
    #[arg(long, value_name = "TIME", value_parser = parse_duration)]
    pub fuzz: Option<std::time::Duration>,
    /// The mutant layer (default: `libmutant_layer.so` beside the clasp binary, where
    /// `cargo build --release -p mutant-layer` puts it).
    #[arg(long, value_name = "LIBRARY")]
    pub layer: Option<PathBuf>,
    /// Where score directories are created.
    #[arg(long, default_value = "reports/runs/mutate")]
    pub out: PathBuf,
    /// The result cache (a mutated driver has its own identity, so its own cache file).
    #[arg(long, default_value = "reports/cache")]
    pub cache_dir: PathBuf,
    /// Known deviations (`*.toml`), applied to the real and the mutated runs alike.
    #[arg(long, default_value = "reports/known")]
    pub known: PathBuf,
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
    /// Time the jobs on stdin (request lines) in this one process, with no harness, `--loops`
    /// times, and print the totals as JSON (`clasp overhead`'s yardstick).
    Raw {
        #[arg(long)]
        platform: u32,
        #[arg(long)]
        device: u32,
        #[arg(long, default_value_t = 3)]
        loops: u32,
    },
    /// Answer build requests with clang's front end through libclang (clang-22).
    Libclang {
        /// `libclang.so`.
        #[arg(long)]
        library: PathBuf,
        /// The resource headers (`opencl-c-base.h`).
        #[arg(long)]
        include: PathBuf,
        /// The wheel's name and version, for the identity.
        #[arg(long)]
        wheel: String,
    },
    /// Answer build requests with clspv, checking its SPIR-V with spirv-val.
    Clspv {
        /// The library that holds clspv (the pyclspv wheel's module).
        #[arg(long)]
        library: PathBuf,
        /// The Python library whose symbols that module references.
        #[arg(long)]
        python: String,
        #[arg(long, default_value = "spirv-val")]
        spirv_val: PathBuf,
        /// The wheel's name and version, for the identity.
        #[arg(long)]
        wheel: String,
    },
}

// `clasp overhead`. Exit codes: 0 measured, 2 usage, input or setup error.
#[derive(clap::Args, Debug)]
pub struct OverheadArgs {
    /// The run directory of a `clasp run --subject <one device> --no-cache -j 1`.
    #[arg(value_name = "RUN_DIR")]
    pub run: PathBuf,
    /// How many times the raw loop runs the jobs (the fastest pass is the yardstick).
    #[arg(long, default_value_t = 3)]
    pub loops: u32,
}

#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// Directory to write `<rule>/<dimensions>.cl` files into (with --case: write that case's
    /// file there instead of printing it).
    #[arg(long, required_unless_present = "case")]
    pub out: Option<PathBuf>,
    /// Only the generated case with this name, as reports name it (`clasp run --suite
    /// generated`): printed on stdout, or written under --out. Random cases
    /// (`random/seed-S/K-...`) are rebuilt from their seed.
    #[arg(long = "case", value_name = "NAME", conflicts_with_all = ["rule", "profile", "random"])]
    pub case: Option<String>,
    /// Only cases built for this rule ID.
    #[arg(long)]
    pub rule: Option<String>,
    /// Only this profile (each case is restricted to it).
    #[arg(long)]
    pub profile: Option<String>,
    /// Seed for the random programs (the exhaustive suite does not depend on it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Also write this many seeded random programs and their one-violation mutants under
    /// `OUT/random/` (`--random 100 --seed 7`).
    #[arg(long, default_value_t = 0)]
    pub random: usize,
}

// `clasp bench`. Exit codes: 0 every benchmark checked out (or was skipped, saying why), 1 a
// wrong result, a driver error or a lost worker, 2 usage or setup error.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Only devices whose id, name or platform name contains this text (case-insensitive).
    /// Oclgrind (a simulator) is skipped unless named here.
    #[arg(long)]
    pub device: Vec<String>,
    /// Small sizes and few repetitions: a CPU device in well under a minute.
    #[arg(long)]
    pub quick: bool,
    /// Output format on stdout (the files under --out are written either way).
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    /// A bandwidth measured elsewhere, `NAME=GBPS` (repeatable), e.g.
    /// `--reference clpeak-global-float16=3010`; every figure is also stated as a ratio to it.
    #[arg(long = "reference", value_name = "NAME=GBPS")]
    pub references: Vec<String>,
    /// Datasheet peak memory bandwidth in GB/s (default: the built-in table by device name).
    #[arg(long)]
    pub peak_gbps: Option<f64>,
    /// Only benchmarks whose id contains this text (`global/read`, `latency`, ...).
    #[arg(long)]
    pub only: Vec<String>,
    /// Timed repetitions per benchmark (default 20 on a GPU, 7 on a CPU, 3 with --quick).
    #[arg(long)]
    pub repetitions: Option<usize>,
    /// Largest global buffer, in MiB (default: 4 GiB on a GPU, 64 MiB on a CPU, less with
    /// --quick, always within the device's allocation limits).
    #[arg(long)]
    pub max_mib: Option<u64>,
    /// Where `<device>/{README.md,results.json,*.svg}` are written.
    #[arg(long, default_value = "reports/bench")]
    pub out: PathBuf,
    /// Write nothing under --out.
    #[arg(long)]
    pub no_write: bool,
    /// Seconds one device may take before its worker is killed.
    #[arg(long, default_value_t = 1800.0)]
    pub timeout: f64,
    /// Plain progress lines even on a terminal.
    #[arg(long)]
    pub plain: bool,
    /// Test only: add a deliberately wrong kernel, which must be reported as wrong.
    #[arg(long, hide = true)]
    pub include_broken: bool,
    /// Internal: run as the bench worker on PLATFORM:DEVICE.
    #[arg(long, hide = true, value_name = "P:D")]
    pub worker: Option<String>,
    /// Internal: the worker's configuration (JSON).
    #[arg(long, hide = true)]
    pub worker_config: Option<String>,
}

// `clasp fuzz`. Exit codes: 0 no disagreement and no build error, 1 otherwise, 2 usage or setup
// error.
#[derive(clap::Args, Debug)]
pub struct FuzzArgs {
    /// The device: a substring of its id, name or platform name (`clasp devices` lists them).
    #[arg(long)]
    pub subject: String,
    /// How long to fuzz: seconds (`600`) or a duration (`10m`, `1h30m`, `90s`). With
    /// `--runtime`, a mismatch found in that time is reduced for up to a tenth of it more (at
    /// least 30 s).
    #[arg(long, default_value = "60", value_parser = parse_duration)]
    pub time: std::time::Duration,
    /// Seed of the random programs: the same seed builds the same programs.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Where cases and the report go (default `reports/fuzz/<device>`, or
    /// `reports/fuzz/<device>/runtime` with `--runtime`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Run-time fuzzing: random programs whose pointers cross address spaces, and their EMI
    /// variants, are executed and their output buffer compared with what the generator
    /// computed; mismatches, crashes and build failures are reduced into run-time suite cases.
    #[arg(long)]
    pub runtime: bool,
    /// Run-time fuzzing: parallel workers, each running the next program of the seed's one
    /// sequence (so the programs tried are those of one longer campaign) on a device worker of
    /// its own.
    #[arg(short = 'j', long, default_value_t = 1, requires = "runtime", value_parser = clap::value_parser!(u32).range(1..=256))]
    pub jobs: u32,
    /// Testing the fuzzer: every run-time expectation gets out[0] off by one.
    #[arg(long, hide = true, requires = "runtime")]
    pub wrong_expectation: bool,
}

/// A duration on the command line: plain seconds (`600`, `2.5`) or humantime's form (`10m`).
fn parse_duration(s: &str) -> Result<std::time::Duration, String> {
    match s.trim().parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs >= 0.0 => Ok(std::time::Duration::from_secs_f64(secs)),
        Ok(_) => Err(format!(
            "`{s}`: a duration must be a finite number of seconds, at least 0"
        )),
        Err(_) => humantime::parse_duration(s.trim()).map_err(|e| format!("`{s}`: {e}")),
    }
}

#[cfg(test)]
mod duration_tests {
    use super::parse_duration;
    use std::time::Duration;

    #[test]
    fn durations_read_as_seconds_or_with_units() {
        assert_eq!(parse_duration("600").unwrap(), Duration::from_secs(600));
        assert_eq!(parse_duration("2.5").unwrap(), Duration::from_millis(2500));
        assert_eq!(parse_duration("10m").unwrap(), Duration::from_secs(600));
        assert_eq!(parse_duration("1h30m").unwrap(), Duration::from_secs(5400));
        for bad in ["", "-1", "ten", "inf", "5 parsecs"] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
    }
}
