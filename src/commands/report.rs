//! `clasp report RUN_DIR`: re-render the reports of a saved run (a run directory with
//! `results.jsonl`, or a report directory or file with `results.json` or `results.json.gz`),
//! applying the known deviations as they are now. A run directory gets its reports beside its
//! results; a saved report (the compact ones in `reports/reference/`) is rendered into
//! `reports/runs/<run-id>/` unless `--out` names a folder. `--compact` writes `summary.md` and
//! `results.json.gz` alone. Exit codes: 0 no finding, 1 findings (deviations, crashes,
//! timeouts, known deviations that now pass), 2 usage or input error.
//!
//! Several saved runs (the shards of one run, run on different machines or at different times)
//! are merged into one report: their results side by side, their cases joined by name.
//!
//! `--bug CASE[@PROFILE]` prints ready-to-file bug reports for that case's findings instead
//! (deviations, crashes and timeouts, known ones included; `--subject` narrows them), and
//! `--bugs DIR` writes one per group of like findings (subject × rules × profile × answer, the
//! group's smallest kernel, naming its other cases) as `DIR/<subject>/<case>@<profile>.md`; both exit 0 when
//! they wrote something, 2 when there is nothing to report or the case is not in the run.

use crate::cli::ReportArgs;
use crate::reports::{self, bug, known::Known, Form, SavedRun};
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let saved = SavedRun::load_all(&args.run)?;
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    if args.bug.is_some() || args.bugs.is_some() {
        return bugs(args, &saved, &known);
    }
    let out = match &args.out {
        Some(o) => o.clone(),
        None if args.run.len() == 1 => default_out(&args.run[0], &saved, &args.runs),
        None => {
            bail!("several saved runs are merged into a new report: name its folder with --out")
        }
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

/// `--bug` and `--bugs`.
fn bugs(args: &ReportArgs, saved: &SavedRun, known: &Known) -> anyhow::Result<ExitCode> {
    let summary = reports::summarise(saved, known);
    // --bug: every finding of the case; --bugs: one per group of like findings.
    let picked: Vec<_> = match &args.bug {
        Some(case) => bug::select(&summary, Some(case), args.subject.as_deref())
            .into_iter()
            .map(|r| (r, Vec::new()))
            .collect(),
        None => bug::per_group(&summary, args.subject.as_deref()),
    };
    if picked.is_empty() && args.bug.is_none() {
        // A pipeline writes bug reports whatever the run found: none to write is no error.
        println!(
            "no finding{} to report: no bug report written",
            args.subject
                .as_deref()
                .map(|s| format!(" on a subject matching `{s}`"))
                .unwrap_or_default()
        );
        return Ok(ExitCode::SUCCESS);
    }
    if let (true, Some(c)) = (picked.is_empty(), &args.bug) {
        let name = c.rsplit_once('@').map_or(c.as_str(), |(n, _)| n);
        if !saved.results.iter().any(|r| r.case == name) {
            let runs: Vec<String> = args.run.iter().map(|p| p.display().to_string()).collect();
            bail!("case `{name}` has no result in {}", runs.join(", "));
        }
        bail!(
            "case `{c}` has no finding{} to report (deviations, crashes, timeouts)",
            args.subject
                .as_deref()
                .map(|s| format!(" on a subject matching `{s}`"))
                .unwrap_or_default()
        );
    }
    match &args.bugs {
        None => {
            let texts: Vec<String> = picked
                .iter()
                .map(|(r, others)| bug::render(&summary, r, others))
                .collect();
            print!("{}", texts.join("\n---\n\n"));
        }
        Some(dir) => {
            for (r, others) in &picked {
                let path = dir.join(bug::file_name(r));
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent)
                        .with_context(|| format!("cannot create {}", parent.display()))?;
                }
                reports::atomic::write(&path, bug::render(&summary, r, others).as_bytes())
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            println!(
                "{} bug report(s) written into {}",
                picked.len(),
                dir.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
