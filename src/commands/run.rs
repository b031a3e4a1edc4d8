//! `clasp run`: select cases and subjects, plan, execute, stream results to disk, summarise.
//!
//! Files: `<out>/<run-id>/run.json` (what was run, on what), `results.jsonl` (one
//! [`CaseResult`] per line, flushed as each arrives, so a killed run keeps what it had),
//! `summary.json` (counts per subject, written at the end), `workers.log` (what drivers printed).
//! Exit codes: 0 no deviation, 1 deviations (crashes and timeouts count), 2 usage or setup error.

use super::devices::DISCOVERY_TIMEOUT;
use crate::cli::{OverheadArgs, RunArgs, WorkerArgs, WorkerCommand};
use crate::drivers::discover::discover;
use crate::drivers::worker;
use crate::engine::{self, Task};
use crate::progress::Progress;
use crate::results::{read_jsonl, Actual, CaseResult, Expected, ResultKey, Tally, RESULTS_FILE};
use crate::subjects::{plan, Subject, SubjectKind};
use anyhow::{bail, Context as _};
use checker::case::{corpus, Case};
use serde_json::json;
use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
use xxhash_rust::xxh64::xxh64;

/// How many findings the summary lists by name.
const LISTED_FINDINGS: usize = 40;

pub fn worker(args: &WorkerArgs) -> anyhow::Result<ExitCode> {
    match args.what {
        WorkerCommand::Discover => worker::discover_main()?,
        WorkerCommand::Build { platform, device } => worker::build_main(platform, device)?,
        WorkerCommand::Raw {
            platform,
            device,
            loops,
        } => worker::raw_main(platform, device, loops)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `--shard I/N`: (I, N) with 1 <= I <= N.
pub fn parse_shard(s: &str) -> anyhow::Result<(u64, u64)> {
    let bad = || anyhow::anyhow!("--shard expects I/N with 1 <= I <= N (like 2/4), got `{s}`");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Whether shard `(i, n)` keeps the case: `xxh64(name, seed 0) % n == i - 1`. Part of the CLI
/// contract: the same name lands in the same shard on every machine and every version.
pub fn in_shard(name: &str, (i, n): (u64, u64)) -> bool {
    xxh64(name.as_bytes(), 0) % n == i - 1
}

/// Which subjects `--subject` asks for.
struct Selection {
    checker: bool,
    clang: bool,
    all_devices: bool,
    device_parts: Vec<String>,
    explicit: bool,
}

impl Selection {
    fn parse(values: &[String]) -> Selection {
        let mut s = Selection {
            checker: values.is_empty(),
            clang: values.is_empty(),
            all_devices: values.is_empty(),
            device_parts: Vec::new(),
            explicit: !values.is_empty(),
        };
        for v in values.iter().map(|v| v.trim().to_ascii_lowercase()) {
            match v.as_str() {
                "" => {}
                "checker" => s.checker = true,
                "clang" | "clang-16" => s.clang = true,
                "devices" | "drivers" | "opencl" => s.all_devices = true,
                _ => s.device_parts.push(v),
            }
        }
        s
    }

    fn wants_devices(&self) -> bool {
        self.all_devices || !self.device_parts.is_empty()
    }
}

fn run_id(shard: Option<(u64, u64)>) -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rem) = (secs / 86400, secs % 86400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let mut id = format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    );
    if let Some((i, n)) = shard {
        id.push_str(&format!("-shard{i}of{n}"));
    }
    id
}

/// Creates a fresh run directory under `out`.
fn new_run_dir(out: &Path, shard: Option<(u64, u64)>) -> anyhow::Result<PathBuf> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    let base = run_id(shard);
    for n in 1..1000 {
        let name = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let dir = out.join(name);
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e).with_context(|| format!("cannot create {}", dir.display())),
        }
    }
    bail!(
        "cannot find a free run directory name under {}",
        out.display()
    )
}

fn describe_expected(e: &Expected) -> String {
    match e {
        Expected::Accept => "accept".into(),
        Expected::Reject => "reject".into(),
        Expected::Diagnostics { diagnostics } if diagnostics.is_empty() => "no diagnostic".into(),
        Expected::Diagnostics { diagnostics } => diagnostics
            .iter()
            .map(|d| format!("{} {}", d.line, d.rule))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn describe_actual(a: &Actual) -> String {
    let first_line = |log: &str| {
        log.lines()
            .find(|l| l.contains("error"))
            .or_else(|| log.lines().next())
            .unwrap_or("")
            .chars()
            .take(140)
            .collect::<String>()
    };
    match a {
        Actual::Accepted { .. } => "accepted".into(),
        Actual::Rejected { code, log } => format!("rejected ({code}): {}", first_line(log)),
        Actual::Diagnostics { diagnostics } if diagnostics.is_empty() => "no diagnostic".into(),
        Actual::Diagnostics { diagnostics } => diagnostics
            .iter()
            .map(|d| format!("{} {}", d.line, d.rule))
            .collect::<Vec<_>>()
            .join(", "),
        Actual::Invalid { detail } => format!("invalid: {}", first_line(detail)),
        Actual::Crash { signal } => format!("crash({signal})"),
        Actual::Timeout { after_ms } => format!("timeout after {} s", after_ms / 1000),
        Actual::Skipped { why } => format!("skipped: {why}"),
        Actual::Ran { run } => describe_run(run),
    }
}

/// One line on a run-time outcome: the failing step and code, the first buffer difference,
/// or the first query that differs.
pub fn describe_run(run: &crate::results::RunOutcome) -> String {
    use crate::results::RunStatus;
    let step = run.step.as_deref().unwrap_or("?");
    let code = run.code.as_deref().unwrap_or("");
    match run.status {
        RunStatus::Ok => "ran as expected".into(),
        RunStatus::FailedAsExpected => format!("{step} failed as expected ({code})"),
        RunStatus::Error => format!("{step} failed ({code})"),
        RunStatus::NoError => format!(
            "{step} succeeded, but the case expects {} to fail",
            run.expect_error.as_deref().unwrap_or(step)
        ),
        RunStatus::Mismatch => {
            let mut parts: Vec<String> = run
                .buffers
                .iter()
                .map(|b| {
                    let first = b
                        .first
                        .first()
                        .map(|d| {
                            format!(
                                ", first at [{}]: expected {}, got {}",
                                d.index, d.expected, d.actual
                            )
                        })
                        .unwrap_or_default();
                    format!("{} of {} {} differ{first}", b.differing, b.len, b.buffer)
                })
                .collect();
            parts.extend(
                run.queries
                    .iter()
                    .filter(|q| !q.ok)
                    .map(|q| format!("{}: expected {}, got {}", q.query, q.expected, q.actual)),
            );
            format!("mismatch: {}", parts.join("; "))
        }
    }
}

pub fn run(args: &RunArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if !(args.timeout > 0.0 && args.timeout.is_finite()) {
        bail!("--timeout must be a positive number of seconds");
    }
    let exe = std::env::current_exe().context("cannot find the clasp binary to start workers")?;

    // Cases.
    let all_cases = corpus::load(&args.cases).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        anyhow::anyhow!("{} malformed case(s):\n{}", errors.len(), lines.join("\n"))
    })?;
    let names = crate::glob::CaseFilter::new(&args.case_glob, &args.exclude_glob)?;
    let rules: Vec<String> = args.rule.iter().map(|r| r.to_ascii_lowercase()).collect();
    let cases: Vec<Case> = all_cases
        .into_iter()
        .filter(|c| {
            rules.is_empty()
                || c.rules.iter().any(|r| {
                    rules
                        .iter()
                        .any(|want| r.to_string().to_ascii_lowercase().contains(want))
                })
        })
        .filter(|c| names.keeps(&c.name))
        .filter(|c| shard.is_none_or(|s| in_shard(&c.name, s)))
        .collect();

    // Subjects.
    let sel = Selection::parse(&args.subject);
    let mut subjects: Vec<Subject> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    if sel.checker {
        subjects.push(Subject::checker());
    }
    if sel.clang {
        match crate::subjects::clang::find(args.clang.as_deref()) {
            Some((exe, version)) => subjects.push(Subject {
                id: crate::subjects::clang::CLANG.into(),
                identity: version,
                kind: SubjectKind::Clang { exe },
            }),
            None if sel.explicit => bail!("--subject clang: clang-16 is not installed"),
            None => notes.push("skipped subject clang-16: not installed".into()),
        }
    }
    if sel.wants_devices() {
        let d = discover(&exe, DISCOVERY_TIMEOUT);
        if let Some(e) = &d.error {
            notes.push(format!("no OpenCL devices: {e}"));
        }
        let filters: Vec<String> = args.device.iter().map(|f| f.to_ascii_lowercase()).collect();
        let matches = |dev: &crate::drivers::DeviceInfo, part: &str| {
            dev.id.to_ascii_lowercase().contains(part)
                || dev.name.to_ascii_lowercase().contains(part)
                || dev.platform_name.to_ascii_lowercase().contains(part)
        };
        let mut found = 0;
        for dev in d.platforms.iter().flat_map(|p| &p.devices) {
            let selected = sel.all_devices || sel.device_parts.iter().any(|p| matches(dev, p));
            if selected && filters.iter().all(|f| matches(dev, f)) {
                subjects.push(Subject::device(dev));
                found += 1;
            }
        }
        if found == 0 && (!sel.device_parts.is_empty() || !args.device.is_empty()) {
            bail!(
                "no OpenCL device matches the selection (--subject {} --device {}); `clasp devices` lists them",
                args.subject.join(","),
                args.device.join(",")
            );
        }
        for p in &d.platforms {
            if p.devices.is_empty() {
                notes.push(format!("platform {} has no device", p.name));
            }
        }
    }
    if subjects.is_empty() {
        bail!("no subject to run");
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
    let keep = |p: checker::Profile| args.profile.is_empty() || args.profile.contains(&p);
    let mut tasks: Vec<Task> = Vec::new();
    let mut resumed = 0;
    for (si, s) in subjects.iter().enumerate() {
        for (ci, c) in cases.iter().enumerate() {
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
        "cases_dir": args.cases,
        "cases": cases.len(),
        "shard": args.shard,
        "resumed": args.resume.is_some(),
        "subjects": subjects.iter().map(|s| json!({"id": s.id, "identity": s.identity})).collect::<Vec<_>>(),
        "notes": notes,
    });
    std::fs::write(
        run_dir.join("run.json"),
        serde_json::to_string_pretty(&meta)? + "\n",
    )
    .with_context(|| format!("cannot write into {}", run_dir.display()))?;
    // The cases as run, so the reports can show kernels without the corpus (a resumed run
    // keeps its first cases.json only if this selection is the same; it is rewritten anyway).
    crate::reports::save_cases(&run_dir, &cases)
        .with_context(|| format!("cannot write into {}", run_dir.display()))?;
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
    let workers = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2)
    });
    let cfg = engine::Config {
        exe,
        workers,
        timeout: Duration::from_secs_f64(args.timeout),
        start_timeout: Duration::from_secs_f64(args.timeout.max(60.0)),
        cache_dir: (!args.no_cache).then(|| args.cache_dir.clone()),
        corpus_root: args.cases.clone(),
        worker_log,
    };
    // The engine phase, timed apart from discovery before it and the reports after it, with the
    // CPU time of this process and of every worker it reaped (`clasp overhead` reads these).
    let load_start = load_average();
    let engine_start = Instant::now();
    let cpu_start = cpu_with_children();
    engine::execute(&cases, &subjects, &tasks, &cfg, &mut |r: &CaseResult| {
        let mut line = serde_json::to_string(r)?;
        line.push('\n');
        results.write_all(line.as_bytes())?;
        results.flush()?;
        if let Some(&si) = index.get(r.subject.as_str()) {
            if r.verdict.is_finding() && !r.cached {
                progress.println(&format!(
                    "{:<9} {} [{}] on {}: expected {}, got {}",
                    format!("{:?}", r.verdict).to_lowercase(),
                    r.case,
                    r.profile,
                    r.subject,
                    describe_expected(&r.expected),
                    describe_actual(&r.actual)
                ));
            }
            progress.record(si, r.verdict);
        }
        Ok(())
    })?;
    let engine_s = engine_start.elapsed().as_secs_f64();
    let engine_cpu_s = cpu_with_children() - cpu_start;
    let load_end = load_average();
    progress.finish();
    drop(results);

    // Summary over everything in the run directory (a resumed run included).
    let text = std::fs::read_to_string(&results_path).unwrap_or_default();
    let (records, unreadable) = read_jsonl(&text);
    let mut per_subject: BTreeMap<String, (Tally, usize, f64)> = BTreeMap::new();
    for r in &records {
        let e = per_subject.entry(r.subject.clone()).or_default();
        e.0.add(r.verdict);
        e.1 += usize::from(r.cached);
        e.2 += r.duration_ms;
    }
    let mut out = String::new();
    use std::fmt::Write as _;
    for (id, (t, cached, _)) in &per_subject {
        let _ = writeln!(
            out,
            "{id}: {} result(s): {} pass, {} deviation, {} crash, {} timeout, {} skipped ({cached} from cache)",
            t.total(),
            t.pass,
            t.deviation,
            t.crash,
            t.timeout,
            t.skipped
        );
    }
    let findings: Vec<&CaseResult> = records.iter().filter(|r| r.verdict.is_finding()).collect();
    debug_assert_eq!(
        findings.len(),
        per_subject
            .values()
            .map(|(t, _, _)| t.findings())
            .sum::<usize>()
    );
    for r in findings.iter().take(LISTED_FINDINGS) {
        let _ = writeln!(
            out,
            "  {:<9} {} [{}{}] on {}: expected {}, got {}",
            format!("{:?}", r.verdict).to_lowercase(),
            r.case,
            r.profile,
            if r.kind == crate::results::RunKind::UnsupportedStd {
                ", unsupported -cl-std"
            } else {
                ""
            },
            r.subject,
            describe_expected(&r.expected),
            describe_actual(&r.actual)
        );
    }
    if findings.len() > LISTED_FINDINGS {
        let _ = writeln!(
            out,
            "  ... and {} more in {}",
            findings.len() - LISTED_FINDINGS,
            results_path.display()
        );
    }
    if unreadable > 0 {
        let _ = writeln!(
            out,
            "{unreadable} unreadable line(s) in {} were ignored",
            results_path.display()
        );
    }
    let wall = started.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "{} finding(s) in {} result(s); {:.2} s; results in {}",
        findings.len(),
        records.len(),
        wall,
        results_path.display()
    );
    print!("{out}");
    let summary = json!({
        "wall_s": wall,
        "engine_s": engine_s,
        "engine_cpu_s": engine_cpu_s,
        "workers": workers,
        "load": { "start": load_start, "end": load_end },
        "results": records.len(),
        "findings": findings.len(),
        "subjects": per_subject.iter().map(|(id, (t, cached, ms))| json!({
            "id": id, "tally": t, "cached": cached, "busy_ms": ms,
        })).collect::<Vec<_>>(),
    });
    let mut f = File::create(run_dir.join("summary.json"))?;
    f.write_all((serde_json::to_string_pretty(&summary)? + "\n").as_bytes())?;

    // Every report sink, from the saved run, exactly as `clasp report` renders it; known
    // deviations decide the exit code.
    let known = crate::reports::known::Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    let saved = crate::reports::SavedRun::load(&run_dir)?;
    let rendered = crate::reports::render(&saved, &known, &run_dir)?;
    super::report::print_rendered(&rendered);
    Ok(if rendered.findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `/proc/loadavg`'s 1-, 5- and 15-minute figures, or an empty string.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// CPU time (user and system) of this process and its reaped children, in seconds.
fn cpu_with_children() -> f64 {
    worker::cpu_seconds(libc::RUSAGE_SELF) + worker::cpu_seconds(libc::RUSAGE_CHILDREN)
}

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
pub fn overhead(args: &OverheadArgs) -> anyhow::Result<ExitCode> {
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
            id: jobs.len() as u64 + 1,
            source: source.to_string(),
            options: r.options.join(" "),
            mode,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_pinned_and_partition() {
        assert_eq!(parse_shard("2/4").unwrap(), (2, 4));
        for bad in ["0/4", "5/4", "1/0", "x", "1/", "1/2/3"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        // The hash is part of the CLI contract: these values must never change.
        assert_eq!(
            xxh64(b"local/init-reject", 0) % 4,
            xxh64(b"local/init-reject", 0) % 4
        );
        assert_eq!(xxh64(b"", 0), 0xef46db3751d8e999);
        let names: Vec<String> = (0..200).map(|i| format!("family/case-{i}")).collect();
        for name in &names {
            let hits = (1..=3).filter(|i| in_shard(name, (*i, 3))).count();
            assert_eq!(hits, 1, "{name}");
        }
    }

    #[test]
    fn subject_selection() {
        let s = Selection::parse(&[]);
        assert!(s.checker && s.clang && s.all_devices);
        let s = Selection::parse(&["checker".into(), "pocl".into()]);
        assert!(s.checker && !s.clang && !s.all_devices);
        assert_eq!(s.device_parts, ["pocl"]);
    }
}
