//! `clasp history`: the corpus on every release of a driver, and what each release shows.
//!
//! With `--vendors DIR`, each ICD file of the folder is one release: `clasp run --subject
//! devices` runs with that file alone as the loader's vendors (`OCL_ICD_VENDORS=<file>`), one
//! release after another (two releases of one driver share library names and must never meet
//! in one process), and its compact results are written to `<out>/<release>/`. Then every
//! release folder under `--out` (and any RUN_DIR named) is read back and the history rendered
//! (`reports::history`): `history.md` and `history.svg` in `--out`.

use crate::cli::HistoryArgs;
use crate::reports::history::{self, Release};
use crate::reports::{self, known::Known, Form, SavedRun};
use anyhow::{bail, Context as _};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

pub fn run(args: &HistoryArgs) -> anyhow::Result<ExitCode> {
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    if let Some(vendors) = &args.vendors {
        run_releases(args, vendors, &known)?;
    }
    let mut dirs: Vec<PathBuf> = args.runs.clone();
    dirs.extend(release_dirs(&args.out)?);
    if dirs.is_empty() {
        bail!(
            "no release to show: {} holds no saved run (run some with --vendors DIR)",
            args.out.display()
        );
    }
    let mut releases = Vec::new();
    for d in &dirs {
        let run = SavedRun::load(d).with_context(|| format!("in {}", d.display()))?;
        let label = d
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| d.display().to_string());
        if run.results.is_empty() {
            println!("{label}: no result (not a driver this machine runs); left out");
            continue;
        }
        releases.push(Release { label, run });
    }
    let hs = history::histories(&releases, &known);
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create {}", args.out.display()))?;
    let md = history::markdown(&hs, Some("history.svg"));
    for (name, text) in [("history.md", md), ("history.svg", history::svg(&hs))] {
        let path = args.out.join(name);
        reports::atomic::write(&path, text.as_bytes())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let mut problems = 0;
    for h in &hs {
        let shown = h.classes.iter().filter(|c| {
            c.presence
                .iter()
                .any(|p| matches!(p, history::Presence::Shows(_)))
        });
        println!(
            "{}: {} release(s), {} class(es) shown, {} finding(s) as declared, {} range disagreement(s)",
            h.driver,
            h.releases.len(),
            shown.count(),
            h.findings.iter().sum::<usize>(),
            h.classes
                .iter()
                .map(|c| c.disagreements().len())
                .sum::<usize>()
        );
        problems += h.problems();
    }
    println!(
        "history of {} release(s) written into {}",
        releases.len(),
        args.out.display()
    );
    Ok(if problems == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The folders under `out` that hold a saved run, in name order.
fn release_dirs(out: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let rd = match std::fs::read_dir(out) {
        Ok(rd) => rd,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", out.display())),
    };
    let mut dirs: Vec<PathBuf> = rd
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            [reports::RESULTS_GZ, reports::RESULTS_JSON]
                .iter()
                .any(|f| p.join(f).is_file())
        })
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// Runs the corpus on each release of the vendors folder, one after another, and writes each
/// one's compact results.
fn run_releases(args: &HistoryArgs, vendors: &Path, known: &Known) -> anyhow::Result<()> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vendors)
        .with_context(|| format!("cannot read the vendors folder {}", vendors.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "icd"))
        .filter(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            args.only.is_empty() || args.only.iter().any(|o| name.contains(o.as_str()))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{} holds no ICD file (*.icd) to run", vendors.display());
    }
    let exe = std::env::current_exe().context("cannot find clasp's own executable")?;
    for file in &files {
        let release = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let runs = args.runs_dir.join(&release);
        println!("== {release}: clasp run with {} alone", file.display());
        let mut cmd = Command::new(&exe);
        // No cache: two builds of one release can report the same identity (the registry's
        // Oclgrind wheel and Debian's both say 21.10), and a history measures each release.
        cmd.args([
            "run",
            "--subject",
            "devices",
            "--plain",
            "--no-cache",
            "--suite",
        ])
        .arg(args.suite.name())
        .arg("--known")
        .arg(&args.known)
        .arg("--out")
        .arg(&runs)
        .env("OCL_ICD_VENDORS", file);
        if let Some(n) = args.sample {
            cmd.arg("--sample").arg(n.to_string());
        }
        if let Some(j) = args.jobs {
            cmd.arg("-j").arg(j.to_string());
        }
        let before = newest(&runs);
        let status = cmd
            .status()
            .with_context(|| format!("cannot start clasp run for {release}"))?;
        if status.code() == Some(2) || status.code().is_none() {
            bail!("clasp run for {release} failed ({status})");
        }
        let Some(dir) = newest(&runs).filter(|d| Some(d) != before.as_ref()) else {
            bail!(
                "clasp run for {release} left no run directory in {}",
                runs.display()
            );
        };
        let mut saved = SavedRun::load(&dir)?;
        // Build logs name where a release is installed and the folder it ran in; the committed
        // results must not name this machine's paths.
        if let Some(installs) = vendors
            .canonicalize()
            .ok()
            .and_then(|v| v.parent().map(Path::to_path_buf))
        {
            scrub(
                &mut saved,
                &installs.to_string_lossy(),
                "$CLASP_HISTORY_DIR",
            )?;
        }
        if let Ok(cwd) = std::env::current_dir() {
            scrub(&mut saved, &format!("{}/", cwd.to_string_lossy()), "")?;
        }
        // Drivers' kernel caches live in the home folder (PoCL: ~/.cache/pocl/kcache).
        if let Some(home) = std::env::var_os("HOME").filter(|h| h.len() > 1) {
            scrub(&mut saved, &format!("{}/", home.to_string_lossy()), "~/")?;
        }
        let out = args.out.join(&release);
        reports::render(&saved, known, &out, Form::Compact)?;
        println!("== {release}: compact results in {}", out.display());
    }
    Ok(())
}

/// Replaces `from` by `to` in every text of the run's results (build logs, messages).
fn scrub(saved: &mut SavedRun, from: &str, to: &str) -> anyhow::Result<()> {
    fn walk(v: &mut serde_json::Value, from: &str, to: &str) {
        match v {
            serde_json::Value::String(s) if s.contains(from) => *s = s.replace(from, to),
            serde_json::Value::Array(a) => a.iter_mut().for_each(|v| walk(v, from, to)),
            serde_json::Value::Object(o) => o.values_mut().for_each(|v| walk(v, from, to)),
            _ => {}
        }
    }
    if from.len() < 2 {
        return Ok(());
    }
    let mut v = serde_json::to_value(&saved.results)?;
    walk(&mut v, from, to);
    saved.results = serde_json::from_value(v)?;
    Ok(())
}

/// The newest run directory under `runs` (run ids sort by time).
fn newest(runs: &Path) -> Option<PathBuf> {
    std::fs::read_dir(runs)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| SavedRun::is_run_dir(p))
        .max()
}
