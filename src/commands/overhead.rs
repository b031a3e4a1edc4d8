//! `clasp overhead RUN_DIR`: what the harness cost in a saved run, against the same jobs timed
//! in one process.

use super::devices::DISCOVERY_TIMEOUT;
use super::run::load_average;
use crate::cli::OverheadArgs;
use crate::drivers::discover::discover;
use crate::results::Actual;
use anyhow::{bail, Context as _};
use serde_json::json;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// `clasp overhead RUN_DIR`: what the harness cost in a saved run of one device, against the
/// same jobs timed in one process without it (`clasp worker raw`).
///
/// The yardstick (`raw`) is the driver's own time for every job the run sent to the device
/// and got an answer to: `clBuildProgram` alone for a build (not `clCreateProgramWithSource`,
/// not the log), the whole job for a run-time case or an argument-qualifier query; the fastest
/// of `--loops` passes, so the figure errs against the harness. Jobs that crashed or timed out
/// cannot run in one process: they are left out of `raw` but their time stays in the harness's,
/// which therefore pays for every crash (the driver's time to crash included).
///
/// The harness's time is the run's engine phase, wall clock (`engine_s` in summary.json): from
/// the first job handed out to the last result written, worker starts and restarts, requests,
/// cache and results files included. Wall time, not the sum of per-case times, because work the
/// harness does beside a job (a spare worker starting) is in no case's time; with `-j 1` one
/// build runs at a time, as in the raw loop. The whole command (discovery, corpus, reports)
/// and CPU time are printed too.
pub fn run(args: &OverheadArgs) -> anyhow::Result<ExitCode> {
    use crate::drivers::pool::{raw_times, Target};
    use crate::drivers::protocol::{Mode, Request};
    use crate::results::RunKind;

    let saved = crate::reports::SavedRun::load(&args.run)?;
    let summary_path = args.run.join("summary.json");
    let summary: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(&summary_path)
            .with_context(|| format!("cannot read {}", summary_path.display()))?,
    )?;
    let (Some(engine_s), Some(wall_s)) = (summary["engine_s"].as_f64(), summary["wall_s"].as_f64())
    else {
        bail!(
            "{} has no engine_s: the run was made by an older clasp",
            summary_path.display()
        );
    };
    let engine_cpu_s = summary["engine_cpu_s"].as_f64().unwrap_or(f64::NAN);
    let workers = summary["workers"].as_u64().unwrap_or(0);
    let [subject] = saved.run.subjects.as_slice() else {
        bail!("measure a run of exactly one subject: clasp run --subject <device> --no-cache -j 1");
    };
    let exe = std::env::current_exe().context("cannot find the clasp binary to start workers")?;
    let d = discover(&exe, DISCOVERY_TIMEOUT);
    let Some(dev) = d
        .platforms
        .iter()
        .flat_map(|p| &p.devices)
        .find(|dev| dev.identity() == subject.identity)
    else {
        bail!(
            "the run's device is not installed here (or not enabled): {}",
            subject.identity
        );
    };
    let sources: BTreeMap<&str, (&str, bool)> = saved
        .cases
        .iter()
        .map(|c| (c.name.as_str(), (c.source.as_str(), c.kind == "run")))
        .collect();
    let (mut jobs, mut lost, mut cached, mut busy_ms) = (Vec::new(), Vec::new(), 0, 0.0);
    for r in saved.results.iter().filter(|r| r.subject == subject.id) {
        if r.cached {
            cached += 1;
            continue;
        }
        match &r.actual {
            Actual::Skipped { .. } => continue,
            Actual::Crash { .. } | Actual::Timeout { .. } => {
                busy_ms += r.duration_ms;
                lost.push(format!("{} [{}]", r.case, r.profile));
                continue;
            }
            _ => busy_ms += r.duration_ms,
        }
        let Some(&(source, runtime)) = sources.get(r.case.as_str()) else {
            bail!("{} is not in the run's cases.json", r.case);
        };
        // As `subjects::plan` decides it.
        let mode = match r.kind {
            RunKind::ArgQualifiers => Mode::ArgInfo,
            RunKind::Listed if runtime => Mode::Run,
            _ => Mode::Build,
        };
        jobs.push(Request {
            il: None,
            id: jobs.len() as u64 + 1,
            source: source.to_string(),
            options: r.options.join(" "),
            mode,
            pack: None,
            members: Vec::new(),
        });
    }
    if cached > 0 {
        bail!("{cached} result(s) of this run came from the cache: measure a run made with --no-cache");
    }
    if jobs.is_empty() {
        bail!("the run sent no job to {}", subject.id);
    }
    let target = Target::own_library(dev).unwrap_or_else(|| Target::full(dev));
    let load = load_average();
    let raw = raw_times(&exe, &target, &jobs, args.loops.max(1)).map_err(anyhow::Error::msg)?;
    if let Some(e) = raw.error {
        bail!("the raw worker cannot open the device: {e}");
    }
    let Some(best) = raw
        .loops
        .iter()
        .min_by(|a, b| a.driver_s.total_cmp(&b.driver_s))
        .cloned()
    else {
        bail!("the raw worker measured nothing");
    };
    let pct = |harness: f64, raw: f64| (harness / raw - 1.0) * 100.0;
    let mut out = String::new();
    use std::fmt::Write as _;
    let _ = writeln!(
        out,
        "{} ({} job(s) answered, {} crash(es) or timeout(s) left out of raw{})",
        subject.id,
        jobs.len(),
        lost.len(),
        if lost.is_empty() {
            String::new()
        } else {
            format!(": {}", lost.join(", "))
        }
    );
    let passes: Vec<String> = raw
        .loops
        .iter()
        .map(|l| format!("{:.3}", l.driver_s))
        .collect();
    let _ = writeln!(out, "raw driver time, one process: {:.3} s (fastest of {} passes: {} s; pass wall {:.3} s, CPU {:.3} s; load {load})",
        best.driver_s, raw.loops.len(), passes.join(", "), best.wall_s, best.cpu_s);
    let _ = writeln!(
        out,
        "harness, engine phase (wall):   {engine_s:.3} s  overhead {:+.1}%",
        pct(engine_s, best.driver_s)
    );
    let _ = writeln!(
        out,
        "harness, summed per-case times: {:.3} s  overhead {:+.1}%",
        busy_ms / 1e3,
        pct(busy_ms / 1e3, best.driver_s)
    );
    let _ = writeln!(out, "harness, engine phase (CPU, workers included): {engine_cpu_s:.3} s  against the raw pass's CPU {:.3} s: {:+.1}%",
        best.cpu_s, pct(engine_cpu_s, best.cpu_s));
    let _ = writeln!(out, "whole command (discovery, corpus, reports before the summary): {wall_s:.3} s  overhead {:+.1}%; run load {}",
        pct(wall_s, best.driver_s),
        summary["load"]["start"].as_str().unwrap_or("?"));
    // Steady state: a client of the driver opens it once before its first build, and the raw
    // loop does too (outside its timed passes). A run without crashes pays that start-up once
    // per worker; it is the driver's, so it comes off the harness side, and nothing else does.
    let steady = (lost.is_empty() && workers == 1).then_some(engine_s - raw.open_s);
    match steady {
        Some(s) => {
            let _ = writeln!(out, "harness, steady state (engine phase less the one driver start-up, {:.3} s, that the raw loop also makes): {s:.3} s  overhead {:+.1}%",
                raw.open_s, pct(s, best.driver_s));
        }
        None if !lost.is_empty() => {
            let _ = writeln!(out, "steady state: not measured here, as the run includes {} crash(es) or timeout(s), each of which costs a new worker and a driver start-up ({:.3} s); re-run without them (--exclude GLOB) to measure it", lost.len(), raw.open_s);
        }
        None => {}
    }
    if workers != 1 {
        let _ = writeln!(out, "note: the run used {workers} workers in parallel; wall times compare with the one-process loop only at -j 1");
    }
    print!("{out}");
    let report = json!({
        "subject": subject.id,
        "jobs": jobs.len(),
        "left_out": lost,
        "raw": { "driver_s": best.driver_s, "wall_s": best.wall_s, "cpu_s": best.cpu_s,
                 "open_s": raw.open_s, "passes": raw.loops, "load": load },
        "harness": { "engine_s": engine_s, "busy_s": busy_ms / 1e3, "engine_cpu_s": engine_cpu_s,
                     "wall_s": wall_s, "workers": workers },
        "overhead_pct": {
            "engine": pct(engine_s, best.driver_s),
            "per_case": pct(busy_ms / 1e3, best.driver_s),
            "cpu": pct(engine_cpu_s, best.cpu_s),
            "command": pct(wall_s, best.driver_s),
            "steady": steady.map(|s| pct(s, best.driver_s)),
        },
    });
    std::fs::write(
        args.run.join("overhead.json"),
        serde_json::to_string_pretty(&report)? + "\n",
    )?;
    Ok(ExitCode::SUCCESS)
}
