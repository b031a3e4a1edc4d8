//! `clasp run`: select cases and subjects, plan, execute, stream results to disk, summarise.
//!
//! Files: `<out>/<run-id>/run.json` (what was run, on what), `results.jsonl` (one
//! [`CaseResult`] per line, flushed as each arrives, so a killed run keeps what it had),
//! `summary.json` (counts per subject, written at the end), `workers.log` (what drivers printed),
//! and every report ([`crate::reports`]). While it runs, stderr shows progress per subject;
//! at the end, stdout shows one summary, the one `summary.md` and `index.html` hold.
//! Exit codes: 0 no finding, 1 findings (deviations, crashes, timeouts, known deviations that
//! now pass), 2 usage or setup error.

use super::select::{self, new_run_dir, parse_shard};
use crate::cli::{RunArgs, Suite, WorkerArgs, WorkerCommand};
use crate::drivers::worker;
use crate::engine::{self, Task};
use crate::progress::Progress;
use crate::reports::known::{Known, Subjected};
use crate::reports::{another_reading, atomic, compare, CaseInfo, Form, Outcome, SavedRun};
use crate::results::{read_jsonl, CaseResult, ResultKey, RESULTS_FILE};
use crate::subjects::plan;
use anyhow::{bail, Context as _};
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

pub fn worker(args: &WorkerArgs) -> anyhow::Result<ExitCode> {
    match args.what {
        WorkerCommand::Discover => worker::discover_main()?,
        WorkerCommand::Build { platform, device } => worker::build_main(platform, device)?,
        WorkerCommand::Raw {
            platform,
            device,
            loops,
        } => worker::raw_main(platform, device, loops)?,
        WorkerCommand::Libclang {
            ref library,
            ref include,
            ref wheel,
        } => crate::drivers::libclang::main(library, include, wheel)?,
        WorkerCommand::Clspv {
            ref library,
            ref python,
            ref spirv_val,
            ref wheel,
        } => crate::drivers::clspv::main(library, python, spirv_val, wheel)?,
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run(args: &RunArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        bail!("--timeout must be a positive number of seconds");
    }
    let exe = std::env::current_exe().context("cannot find the clasp binary to start workers")?;

    // Cases.
    let select::Cases {
        cases,
        first_generated,
        sampled,
    } = select::cases(args, shard)?;

    let (subjects, notes) = select::subjects(args, &exe)?;
    if subjects.is_empty() {
        bail!("no subject to run");
    }

    if args.dry_run {
        return dry_run(args, &exe, &cases, first_generated, &sampled, &subjects);
    }

    // Run directory, and what a resumed run already has.
    let (run_dir, done): (PathBuf, HashSet<ResultKey>) = match &args.resume {
        Some(dir) => {
            let text = std::fs::read_to_string(dir.join(RESULTS_FILE)).unwrap_or_default();
            let (records, _) = read_jsonl(&text);
            (dir.clone(), records.iter().map(CaseResult::key).collect())
        }
        None => (new_run_dir(&args.out, shard)?, HashSet::new()),
    };
    let results_path = run_dir.join(RESULTS_FILE);

    // Plan.
    let mut tasks: Vec<Task> = Vec::new();
    let mut resumed = 0;
    for (si, s) in subjects.iter().enumerate() {
        for (ci, c) in cases.iter().enumerate() {
            let keep = |p: checker::Profile| {
                (args.profile.is_empty() || args.profile.contains(&p))
                    && sampled[ci].as_ref().is_none_or(|ps| ps.contains(&p))
            };
            for job in plan(s, c, ci, &keep) {
                let key = (c.name.clone(), s.id.clone(), job.profile, job.kind);
                if done.contains(&key) {
                    resumed += 1;
                    continue;
                }
                tasks.push(Task { subject: si, job });
            }
        }
    }

    let meta = json!({
        "run_id": run_dir.file_name().map(|n| n.to_string_lossy().into_owned()),
        "clasp_version": env!("CARGO_PKG_VERSION"),
        "started_unix": SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0),
        "args": std::env::args().skip(1).collect::<Vec<_>>(),
        "cases_dir": (args.suite != Suite::Generated).then_some(&args.cases),
        "suite": args.suite.name(),
        "sample": args.sample,
        "seed": args.sample.map(|_| args.seed),
        "cases": cases.len(),
        "generated_cases": cases.len() - first_generated,
        "shard": args.shard,
        "resumed": args.resume.is_some(),
        "subjects": subjects.iter().map(|s| json!({"id": s.id, "identity": s.identity, "device": device_rows(s)})).collect::<Vec<_>>(),
        "notes": notes,
    });
    std::fs::write(
        run_dir.join("run.json"),
        serde_json::to_string_pretty(&meta)? + "\n",
    )
    .with_context(|| format!("cannot write into {}", run_dir.display()))?;
    // The cases as run, so the reports can show kernels without the corpus (a resumed run
    // keeps its first cases.json only if this selection is the same; it is rewritten anyway).
    let infos = crate::reports::save_cases(&run_dir, &cases, first_generated)
        .with_context(|| format!("cannot write into {}", run_dir.display()))?;
    // Known deviations are read before anything runs: a bad file stops the run at once, and the
    // progress bars count known deviations and interpretations as the final summary does.
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    // So is the baseline: a gate that cannot read its baseline must not run for an hour first.
    let baseline = match &args.baseline {
        Some(p) => Some((
            p.clone(),
            SavedRun::load(p).with_context(|| format!("the baseline {}", p.display()))?,
        )),
        None => None,
    };
    let planned = engine::plan(
        &cases,
        &subjects,
        &tasks,
        &cfg_for_plan(args, &exe, first_generated),
    )?;
    // The progress bars need each case's rules, not its source (the engine has that).
    let case_rules: Vec<CaseInfo> = infos
        .into_iter()
        .map(|c| CaseInfo {
            source: String::new(),
            ..c
        })
        .collect();
    let infos: BTreeMap<&str, &CaseInfo> =
        case_rules.iter().map(|c| (c.name.as_str(), c)).collect();
    let worker_log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(run_dir.join("workers.log"))
        .ok();
    let mut results_file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&results_path)
        .with_context(|| format!("cannot open {}", results_path.display()))?;
    // A killed run may have left half a line.
    if results_file.metadata().map(|m| m.len()).unwrap_or(0) > 0 {
        results_file.write_all(b"\n")?;
    }
    let mut results = BufWriter::new(results_file);

    for n in &notes {
        eprintln!("clasp: {n}");
    }
    eprintln!(
        "clasp: {} case(s), {} subject(s), {} result(s) to produce{} -> {}",
        cases.len(),
        subjects.len(),
        tasks.len(),
        if resumed > 0 {
            format!(" ({resumed} already in the resumed run)")
        } else {
            String::new()
        },
        results_path.display()
    );

    let mut totals: Vec<(String, usize)> = subjects.iter().map(|s| (s.id.clone(), 0)).collect();
    for t in &tasks {
        totals[t.subject].1 += 1;
    }
    let mut progress = Progress::new(&totals, args.plain);
    let index: BTreeMap<&str, usize> = subjects
        .iter()
        .enumerate()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    let workers = workers(args);
    let cfg = engine::Config {
        exe,
        workers,
        timeout: Duration::from_secs_f64(args.timeout),
        start_timeout: Duration::from_secs_f64(args.timeout.max(60.0)),
        cache_dir: (!args.no_cache).then(|| args.cache_dir.clone()),
        corpus_root: args.cases.clone(),
        first_generated,
        worker_log,
        pack: args.pack,
        reject_by: args.reject_by,
    };
    // The engine phase, timed apart from discovery before it and the reports after it, with the
    // CPU time of this process and of every worker it reaped (`clasp overhead` reads these).
    // Everything before the engine: selecting, generating and planning the cases, discovery.
    let plan_s = started.elapsed().as_secs_f64();
    let load_start = load_average();
    let engine_start = Instant::now();
    let cpu_start = cpu_with_children();
    engine::execute(&cases, &subjects, &tasks, &cfg, &mut |r: &CaseResult| {
        let mut line = serde_json::to_string(r)?;
        line.push('\n');
        results.write_all(line.as_bytes())?;
        results.flush()?;
        if let Some(&si) = index.get(r.subject.as_str()) {
            progress.record(si, live_outcome(r, &known, &infos));
        }
        Ok(())
    })?;
    let engine_s = engine_start.elapsed().as_secs_f64();
    if let Some(dir) = &cfg.cache_dir {
        let mut busy: Vec<f64> = vec![0.0; subjects.len()];
        for r in read_jsonl(&std::fs::read_to_string(&results_path).unwrap_or_default()).0 {
            if let (false, Some(&si)) = (r.cached, index.get(r.subject.as_str())) {
                busy[si] += r.duration_ms;
            }
        }
        let _ = rates::record(dir, &subjects, &planned, &busy);
    }
    let engine_cpu_s = cpu_with_children() - cpu_start;
    let load_end = load_average();
    progress.finish();
    drop(results);
    // The reports read the run back from disk: what was planned is no longer needed, and a
    // whole generated suite is large.
    drop((tasks, infos, sampled));
    drop((case_rules, cases));

    let wall = started.elapsed().as_secs_f64();

    // Every report sink, from the saved run (a resumed run included) exactly as `clasp report`
    // renders it; its summary is the only one printed, and decides the exit code.
    let saved = SavedRun::load(&run_dir)?;
    let rendered = crate::reports::render(&saved, &known, &run_dir, Form::Full)?;
    let (mut cached, mut busy_ms): (BTreeMap<&str, usize>, BTreeMap<&str, f64>) =
        Default::default();
    for r in &saved.results {
        *cached.entry(r.subject.as_str()).or_default() += usize::from(r.cached);
        *busy_ms.entry(r.subject.as_str()).or_default() += r.duration_ms;
    }
    let summary = json!({
        "wall_s": wall,
        "plan_s": plan_s,
        "engine_s": engine_s,
        "engine_cpu_s": engine_cpu_s,
        "workers": workers,
        "load": { "start": load_start, "end": load_end },
        "results": saved.results.len(),
        "findings": rendered.findings,
        "subjects": rendered.per_subject.iter().map(|(id, counts)| json!({
            "id": id,
            "counts": counts,
            "cached": cached.get(id.as_str()).copied().unwrap_or(0),
            "busy_ms": busy_ms.get(id.as_str()).copied().unwrap_or(0.0),
        })).collect::<Vec<_>>(),
    });
    let mut f = File::create(run_dir.join("summary.json"))?;
    f.write_all((serde_json::to_string_pretty(&summary)? + "\n").as_bytes())?;

    let from_cache: usize = cached.values().sum();
    println!(
        "clasp run {}: {} result(s){} in {wall:.1} s",
        saved.run.run_id.as_deref().unwrap_or("?"),
        saved.results.len(),
        if from_cache > 0 {
            format!(" ({from_cache} from the cache)")
        } else {
            String::new()
        }
    );
    if saved.unreadable > 0 {
        println!(
            "{} unreadable line(s) in {} were ignored",
            saved.unreadable,
            results_path.display()
        );
    }
    print!("{}", rendered.text);
    if let Some((path, base)) = &baseline {
        // Both runs judged with the same known deviations.
        let c = compare::compare(base, &saved, &known);
        let md = compare::markdown(
            &c,
            &path.display().to_string(),
            &run_dir.display().to_string(),
        );
        atomic::write(&run_dir.join(BASELINE_FILE), md.as_bytes())?;
        println!(
            "Against the baseline {}: {} ({})",
            path.display(),
            c.brief(),
            run_dir.join(BASELINE_FILE).display()
        );
        return Ok(if c.regressed() {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    Ok(if rendered.findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What `clasp run --baseline` writes into the run directory: the comparison, as `clasp
/// compare` prints it.
const BASELINE_FILE: &str = "baseline.md";

/// A result's outcome as the progress bars count it: the report's judgement, except that a
/// known entry's stale results show as passes until the run is over (whether an entry is stale
/// depends on all its results).
fn live_outcome(r: &CaseResult, known: &Known, cases: &BTreeMap<&str, &CaseInfo>) -> Outcome {
    let rules = cases
        .get(r.case.as_str())
        .map(|c| c.rules_for(r))
        .unwrap_or_default();
    let hit = r.verdict.is_finding()
        && known
            .find(&Subjected {
                result: r,
                case: cases.get(r.case.as_str()).copied(),
                rules: &rules,
            })
            .is_some();
    Outcome::of(r, hit, another_reading(&r.subject, &rules))
}

/// A device's identity field by field, as run.json records it for bug reports.
fn device_rows(s: &crate::subjects::Subject) -> Vec<(&'static str, String)> {
    use crate::subjects::SubjectKind;
    let (SubjectKind::Device(d) | SubjectKind::DeviceSpirv(d)) = &s.kind else {
        return Vec::new();
    };
    let mut rows = vec![
        ("platform", d.platform_name.clone()),
        ("platform version", d.platform_version.clone()),
        ("device", d.name.clone()),
        ("device version", d.version.clone()),
        ("driver version", d.driver_version.clone()),
        ("OpenCL C version", d.opencl_c_version.clone()),
    ];
    if let Some(f) = &d.opencl_c_features {
        rows.push(("OpenCL C features", f.join(" ")));
    }
    rows
}

/// `/proc/loadavg`'s 1-, 5- and 15-minute figures, or an empty string.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// CPU time (user and system) of this process and its reaped children, in seconds.
fn cpu_with_children() -> f64 {
    worker::cpu_seconds(libc::RUSAGE_SELF) + worker::cpu_seconds(libc::RUSAGE_CHILDREN)
}

/// The engine's configuration as far as planning needs it (no log, no workers started).
fn cfg_for_plan(args: &RunArgs, exe: &std::path::Path, first_generated: usize) -> engine::Config {
    engine::Config {
        exe: exe.to_path_buf(),
        workers: workers(args),
        timeout: Duration::from_secs_f64(args.timeout),
        start_timeout: Duration::from_secs_f64(args.timeout.max(60.0)),
        cache_dir: (!args.no_cache).then(|| args.cache_dir.clone()),
        corpus_root: args.cases.clone(),
        first_generated,
        worker_log: None,
        pack: args.pack,
        reject_by: args.reject_by,
    }
}

/// Parallel workers per subject: `-j`, else the number of cores.
fn workers(args: &RunArgs) -> usize {
    args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2)
    })
}

/// `clasp run --dry-run`: per subject, what the run would do and how long it would take.
fn dry_run(
    args: &RunArgs,
    exe: &std::path::Path,
    cases: &[checker::case::Case],
    first_generated: usize,
    sampled: &[Option<Vec<checker::Profile>>],
    subjects: &[crate::subjects::Subject],
) -> anyhow::Result<ExitCode> {
    let mut tasks: Vec<Task> = Vec::new();
    for (si, s) in subjects.iter().enumerate() {
        for (ci, c) in cases.iter().enumerate() {
            let keep = |p: checker::Profile| {
                (args.profile.is_empty() || args.profile.contains(&p))
                    && sampled[ci].as_ref().is_none_or(|ps| ps.contains(&p))
            };
            for job in plan(s, c, ci, &keep) {
                tasks.push(Task { subject: si, job });
            }
        }
    }
    let cfg = cfg_for_plan(args, exe, first_generated);
    let planned = engine::plan(cases, subjects, &tasks, &cfg)?;
    let known = cfg
        .cache_dir
        .as_deref()
        .map(rates::load)
        .unwrap_or_default();
    println!("| subject | results | from the cache or skipped | requests to workers | estimate |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (s, p) in subjects.iter().zip(&planned) {
        let estimate = match known.get(&s.identity) {
            Some(ms) if p.requests > 0 => {
                format!(
                    "{:.0} s",
                    p.requests as f64 * ms / 1e3 / cfg.workers.max(1) as f64
                )
            }
            _ if p.requests == 0 => "0 s".into(),
            _ => "no measured rate yet".into(),
        };
        println!(
            "| `{}` | {} | {} | {} | {estimate} |",
            s.id, p.results, p.answered, p.requests
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Measured rates kept in the cache folder (`rates.json`): per subject identity, the worker
/// time one request took in the last run that sent any (a compile pack is one request).
mod rates {
    use std::collections::BTreeMap;
    use std::path::Path;

    const FILE: &str = "rates.json";

    pub fn load(dir: &Path) -> BTreeMap<String, f64> {
        std::fs::read_to_string(dir.join(FILE))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    pub fn record(
        dir: &Path,
        subjects: &[crate::subjects::Subject],
        planned: &[crate::engine::Planned],
        busy_ms: &[f64],
    ) -> std::io::Result<()> {
        let mut rates = load(dir);
        for ((s, p), busy) in subjects.iter().zip(planned).zip(busy_ms) {
            if p.requests > 0 && *busy > 0.0 {
                rates.insert(s.identity.clone(), busy / p.requests as f64);
            }
        }
        std::fs::create_dir_all(dir)?;
        let text = serde_json::to_string_pretty(&rates).unwrap_or_default() + "\n";
        crate::reports::atomic::write(&dir.join(FILE), text.as_bytes())
    }
}
