//! `clasp report RUN_DIR`: re-render the reports of a saved run (a run directory with
//! `results.jsonl`, or a report directory or file with `results.json` or `results.json.gz`),
//! applying the known deviations as they are now. A run directory gets its reports beside its
//! results; a saved report (the compact ones in `reports/reference/`) is rendered into
//! `reports/runs/<run-id>/` unless `--out` names a folder. `--compact` writes `summary.md` and
//! `results.json.gz` alone. Exit codes: 0 no finding, 1 findings (deviations, crashes,
//! timeouts, known deviations that now pass), 2 usage or input error.

use crate::cli::ReportArgs;
use crate::reports::{self, known::Known, Form, SavedRun};
use anyhow::Context as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let saved = SavedRun::load(&args.run)?;
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    let out = match &args.out {
        Some(o) => o.clone(),
        None => default_out(&args.run, &saved, &args.runs),
    };
    let form = if args.compact {
        Form::Compact
    } else {
        Form::Full
    };
    let rendered = reports::render(&saved, &known, &out, form)?;
    println!(
        "{} report file(s) written into {}",
        rendered.files.len(),
        out.display()
    );
    print!("{}", rendered.text);
    Ok(if rendered.findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A run directory renders into itself; a saved report into `runs/<run-id>` (the folder its
/// run had), or `runs/<folder name>` for a report that names no run.
fn default_out(input: &Path, saved: &SavedRun, runs: &Path) -> PathBuf {
    if SavedRun::is_run_dir(input) {
        return input.to_path_buf();
    }
    let dir = if input.is_file() {
        input.parent().unwrap_or(Path::new("."))
    } else {
        input
    };
    let name = saved.run.run_id.clone().unwrap_or_else(|| {
        std::fs::canonicalize(dir)
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
            .unwrap_or_else(|| "report".into())
    });
    runs.join(reports::slug(&name))
}
