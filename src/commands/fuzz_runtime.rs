//! `clasp fuzz --runtime --subject DEVICE [--time S] [--seed N] [-j N] [--out DIR]`: differential
//! run-time fuzzing of one OpenCL device. Seeded random programs whose pointers cross address
//! spaces (`generators::random_run`), each with an EMI variant (code under guards that are
//! false at run time), are written as run-time suite cases and executed in the harness's
//! isolated worker ([`Mode::Run`]); the expected contents of `out` come from the generator's
//! evaluator, never from a driver. Wrong contents, a failing step, a build failure, a crash or
//! a timeout is a mismatch: it is reduced (`random_run::reduce`, every candidate with its own
//! recomputed expectation) while the device shows the same symptom, written as a `//@ kind:
//! run` case under `DIR/cases/`, recorded in `DIR/mismatches.jsonl` (what the drivers print goes to `DIR/workers.log`), and grouped into classes
//! in `DIR/report.md`; `DIR/campaign.json` says how many programs of the seed were run.

use super::devices::DISCOVERY_TIMEOUT;
use super::fuzz::{error_messages, message_shape, subject_device};
use crate::cli::FuzzArgs;
use crate::drivers::discover::slug;
use crate::drivers::pool::{Slot, WorkerFailure};
use crate::drivers::protocol::{BuildStatus, Mode};
use crate::reports::atomic;
use crate::results::{Actual, RunStatus};
use checker::spec::Profile;
use generators::random_run::{self, RunProgram};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{ExitCode, Stdio};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A run-time case's build and run together.
const RUN_TIMEOUT: Duration = Duration::from_secs(60);
/// Device runs one reduction may spend: a driver that times out costs [`RUN_TIMEOUT`] each.
const REDUCTION_RUNS: usize = 300;
/// Findings reduced per symptom, profile and use of `to_global`/`to_local`/`to_private`;
/// later ones are counted and kept unreduced.
const REDUCED_PER_CLASS: usize = 6;

/// What a device did with a case that it should have run to the expected contents.
#[derive(Debug, Clone, PartialEq)]
enum Symptom {
    /// It ran, and `out` differs.
    Wrong,
    /// The build failed, with these error messages.
    BuildFails(BTreeSet<String>),
    /// A step returned an OpenCL error; what the driver printed about it.
    Error {
        step: String,
        code: String,
        said: Option<String>,
    },
    /// The worker died (signal or exit status), and what the driver printed.
    Crash(String, Option<String>),
    Timeout,
    /// The driver answered something that is neither success nor failure.
    Invalid(String),
}

impl Symptom {
    /// Whether `self` (a candidate's) is the same mismatch as `original`: a build failure for
    /// a subset of the original messages (so reduction does not drift to another error).
    fn same_as(&self, original: &Symptom) -> bool {
        match (self, original) {
            (Symptom::BuildFails(now), Symptom::BuildFails(was)) => {
                was.is_empty() || (!now.is_empty() && now.is_subset(was))
            }
            (a, b) => a == b,
        }
    }

    /// What findings of one class share.
    fn class(&self) -> String {
        match self {
            Symptom::Wrong => "wrong contents of out".into(),
            Symptom::BuildFails(errs) => match errs.iter().next() {
                Some(e) => format!("build fails: {}", message_shape(e)),
                None => "build fails (no error in the log)".into(),
            },
            Symptom::Error { step, code, said } => match said {
                Some(said) => format!("{step} fails with {code}: {said}"),
                None => format!("{step} fails with {code}"),
            },
            Symptom::Crash(how, said) => match said {
                Some(said) => format!("the worker dies ({how}): {said}"),
                None => format!("the worker dies ({how})"),
            },
            Symptom::Timeout => format!("no answer within {} s", RUN_TIMEOUT.as_secs()),
            Symptom::Invalid(_) => "invalid answer".into(),
        }
    }

    fn kind(&self) -> &'static str {
        match self {
            Symptom::Wrong => "wrong",
            Symptom::BuildFails(_) => "build",
            Symptom::Error { .. } => "error",
            Symptom::Crash(..) => "crash",
            Symptom::Timeout => "timeout",
            Symptom::Invalid(_) => "invalid",
        }
    }
}

/// What one run said: passed, skipped (the device cannot run the launch), or a symptom, with
/// the first differing elements or the log for the report.
#[derive(Debug, Clone)]
enum Verdict {
    Pass,
    Skipped(String),
    Fails(Symptom, String),
}

/// The line of what the driver printed during a run that names why it failed (Oclgrind's
/// missing intrinsic, a panic's place, an assertion), so that reduction keeps that reason.
fn driver_said(printed: &str) -> Option<String> {
    const MARKS: [&str; 5] = [
        "Undefined external function",
        "panicked at",
        "Assertion",
        "LLVM ERROR",
        "Unhandled",
    ];
    printed
        .lines()
        .find(|l| MARKS.iter().any(|m| l.contains(m)))
        .map(|l| l.trim().chars().take(200).collect())
}

/// The device, behind the harness's worker slot, with answers cached by case text.
struct Device<'a> {
    slot: Slot<'a>,
    cache: HashMap<String, Verdict>,
    /// The campaign's count of device runs.
    runs: &'a AtomicUsize,
    /// Where the workers' output goes: what a run appends is what the driver printed.
    log: Option<std::path::PathBuf>,
}

impl Device<'_> {
    fn run(&mut self, case: &str, profile: Profile) -> Verdict {
        if let Some(v) = self.cache.get(case) {
            return v.clone();
        }
        self.runs.fetch_add(1, Ordering::Relaxed);
        let size = |p: &std::path::PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
        let before = self.log.as_ref().map_or(0, size);
        let mut v = self.run_uncached(case, profile);
        if let (
            Some(path),
            Verdict::Fails(Symptom::Error { said, .. } | Symptom::Crash(_, said), _),
        ) = (&self.log, &mut v)
        {
            let printed = std::fs::read(path).unwrap_or_default();
            let start = (before as usize).min(printed.len());
            *said = driver_said(&String::from_utf8_lossy(&printed[start..]));
        }
        self.cache.insert(case.to_string(), v.clone());
        v
    }

    fn run_uncached(&mut self, case: &str, profile: Profile) -> Verdict {
        let w = match self.slot.worker() {
            Ok(w) => w,
            Err(e) => return Verdict::Fails(Symptom::Invalid(e.clone()), e),
        };
        let resp = match w.request(case, &profile.cl_std_option(), Mode::Run, RUN_TIMEOUT) {
            Ok(r) => r,
            Err(f) => {
                self.slot.lost();
                return match f {
                    WorkerFailure::Crash(how) => {
                        Verdict::Fails(Symptom::Crash(how, None), String::new())
                    }
                    WorkerFailure::Timeout => Verdict::Fails(Symptom::Timeout, String::new()),
                    WorkerFailure::Protocol(e) => Verdict::Fails(Symptom::Invalid(e.clone()), e),
                };
            }
        };
        match resp.actual {
            Some(Actual::Ran { run }) => match run.status {
                RunStatus::Ok | RunStatus::FailedAsExpected => Verdict::Pass,
                RunStatus::Mismatch => {
                    let detail = run
                        .buffers
                        .iter()
                        .map(|b| {
                            let first: Vec<String> = b
                                .first
                                .iter()
                                .map(|d| format!("[{}] {} not {}", d.index, d.actual, d.expected))
                                .collect();
                            format!(
                                "{} of {} elements of {} differ: {}",
                                b.differing,
                                b.len,
                                b.buffer,
                                first.join(", ")
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("; ");
                    Verdict::Fails(Symptom::Wrong, detail)
                }
                RunStatus::Error if run.step.as_deref() == Some("build") => Verdict::Fails(
                    Symptom::BuildFails(error_messages(&run.log)),
                    run.log.clone(),
                ),
                RunStatus::Error | RunStatus::NoError => Verdict::Fails(
                    Symptom::Error {
                        step: run.step.clone().unwrap_or_default(),
                        code: run.code.clone().unwrap_or_default(),
                        said: None,
                    },
                    run.log.clone(),
                ),
            },
            Some(Actual::Skipped { why }) => Verdict::Skipped(why),
            Some(Actual::Crash { signal }) => {
                Verdict::Fails(Symptom::Crash(signal, None), String::new())
            }
            Some(Actual::Timeout { .. }) => Verdict::Fails(Symptom::Timeout, String::new()),
            Some(other) => {
                let d = format!("{other:?}");
                Verdict::Fails(Symptom::Invalid(d.clone()), d)
            }
            None if resp.status == BuildStatus::Invalid => {
                Verdict::Fails(Symptom::Invalid(resp.log.clone()), resp.log)
            }
            None => Verdict::Fails(
                Symptom::Invalid("the worker answered no outcome".into()),
                String::new(),
            ),
        }
    }
}

/// One reduced mismatch, for the report.
struct Finding {
    name: String,
    profile: Profile,
    class: String,
    lines: usize,
    case: String,
    detail: String,
}

/// The expected contents as the case states them: the evaluator's, or (testing the fuzzer with
/// `--wrong-expectation`) with out[0] off by one.
fn stated(expected: &[u32], wrong: bool) -> Vec<u32> {
    let mut v = expected.to_vec();
    if wrong {
        v[0] = v[0].wrapping_add(1);
    }
    v
}

pub fn run(args: &FuzzArgs) -> anyhow::Result<ExitCode> {
    let (exe, dev, profiles) = subject_device(&args.subject)?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| format!("reports/fuzz/{}/runtime", slug(&dev.id)).into());
    std::fs::create_dir_all(out.join("cases"))?;
    let identity = dev.identity();
    let jsonl = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out.join("mismatches.jsonl"))?;
    let started = Instant::now();
    let c = Campaign {
        args,
        identity: &identity,
        profiles: &profiles,
        out: &out,
        started,
        deadline: started + args.time,
        next: AtomicU64::new(0),
        runs: AtomicUsize::new(0),
        shared: Mutex::new(Shared {
            t: Tally::default(),
            per_class: HashMap::new(),
            findings: Vec::new(),
            jsonl,
        }),
    };
    let jobs = args.jobs.max(1) as usize;
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..jobs)
            .map(|k| {
                let (c, exe, dev, identity) = (&c, &exe, &dev, &identity);
                scope.spawn(move || -> anyhow::Result<()> {
                    // What drivers print (Oclgrind's fatal errors name the construct it cannot
                    // run); one file per job, so a failure's tail is that job's own.
                    let path = match jobs {
                        1 => c.out.join("workers.log"),
                        _ => c.out.join(format!("workers-{k}.log")),
                    };
                    let worker_log = std::fs::OpenOptions::new()
                        .create(true)
                        .append(true)
                        .open(&path)
                        .ok();
                    let log = || {
                        worker_log
                            .as_ref()
                            .and_then(|f| f.try_clone().ok())
                            .map(Stdio::from)
                            .unwrap_or_else(Stdio::null)
                    };
                    let mut device = Device {
                        slot: Slot::new(exe, dev, identity, &log, DISCOVERY_TIMEOUT),
                        cache: HashMap::new(),
                        runs: &c.runs,
                        log: Some(path.clone()),
                    };
                    while Instant::now() < c.deadline {
                        let i = c.next.fetch_add(1, Ordering::Relaxed) + 1;
                        // A panic in the generator, evaluator or reducer is clasp's bug in
                        // one program: counted and reported, and the campaign goes on.
                        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            c.program(i, k, &mut device)
                        }));
                        match run {
                            Ok(r) => r?,
                            Err(_) => {
                                c.shared().t.generator_bugs += 1;
                                eprintln!("generator bug in program {i}: a panic (above)");
                            }
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        for w in workers {
            w.join()
                .map_err(|_| anyhow::anyhow!("a fuzzing job panicked"))??;
        }
        Ok(())
    })?;
    // Every program up to the last index handed out was run whole (the deadline is read
    // between programs): what a comparison with another campaign of the seed may rely on.
    let programs = c.next.load(Ordering::Relaxed);
    atomic::write(
        &out.join("campaign.json"),
        serde_json::json!({ "seed": args.seed, "programs": programs })
            .to_string()
            .as_bytes(),
    )?;
    let mut sh = c.shared.into_inner().unwrap_or_else(|e| e.into_inner());
    (sh.t.runs, sh.t.secs) = (c.runs.into_inner(), started.elapsed().as_secs_f64());
    let summary = sh.t.line(sh.findings.len());
    atomic::write(
        &out.join("report.md"),
        report(&identity, args, &profiles, &sh.findings, &sh.t, true).as_bytes(),
    )?;
    eprintln!(
        "{summary} on {}; report in {}",
        dev.id,
        out.join("report.md").display()
    );
    Ok(if sh.t.found == 0 && sh.t.generator_bugs == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One campaign: what its jobs share.
struct Campaign<'a> {
    args: &'a FuzzArgs,
    identity: &'a str,
    profiles: &'a [Profile],
    out: &'a std::path::Path,
    started: Instant,
    deadline: Instant,
    /// The last program index handed to a job.
    next: AtomicU64,
    /// Device runs of every job.
    runs: AtomicUsize,
    shared: Mutex<Shared>,
}

/// What the jobs add to as they go.
struct Shared {
    t: Tally,
    per_class: HashMap<(&'static str, Profile, bool), usize>,
    findings: Vec<Finding>,
    jsonl: std::fs::File,
}

impl Campaign<'_> {
    fn shared(&self) -> std::sync::MutexGuard<'_, Shared> {
        self.shared.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Program `i` of the seed and its EMI variant on job `job`'s device; a mismatch is
    /// reduced there.
    fn program(&self, i: u64, job: usize, device: &mut Device) -> anyhow::Result<()> {
        let (args, wrong) = (self.args, self.args.wrong_expectation);
        let (prog, expected) = random_run::seeded(args.seed, i, self.profiles);
        self.shared().t.programs += 1;
        let profile = prog.profile;
        let variant = random_run::emi(&prog, args.seed ^ i);
        for (what, p) in [("program", prog), ("emi", variant)] {
            // The generator promises clean, well-defined programs; one that is not is its bug,
            // and must never reach a device as a finding.
            let own = p.checker_clean().and_then(|()| match random_run::eval(&p) {
                Ok(out) if out == expected => Ok(()),
                Ok(_) => Err("the EMI variant computes another output".into()),
                Err(e) => Err(e),
            });
            if let Err(e) = own {
                self.shared().t.generator_bugs += 1;
                eprintln!("generator bug in program {i} ({what}), not run: {e}");
                continue;
            }
            self.shared().t.variants += usize::from(what == "emi");
            let header = format!(
                "Random run-time program {i} of seed {} ({what}); out is what the generator computed.",
                args.seed
            );
            let text = p.case_text(&header, &stated(&expected, wrong));
            let (symptom, detail) = match device.run(&text, profile) {
                Verdict::Pass => continue,
                Verdict::Skipped(why) => {
                    self.shared().t.skipped += 1;
                    eprintln!("program {i} ({what}) skipped: {why}");
                    continue;
                }
                Verdict::Fails(s, d) => (s, d),
            };
            let name = format!("seed-{}-{i}-{what}", args.seed);
            let reduce = {
                let mut sh = self.shared();
                sh.t.found += 1;
                let count = sh
                    .per_class
                    .entry((symptom.kind(), profile, p.uses_to_named()))
                    .or_default();
                *count += 1;
                *count <= REDUCED_PER_CLASS
            };
            let reduced = if reduce {
                let mut budget = REDUCTION_RUNS;
                // A reduction may outlast the campaign's time by a tenth of it (at least 30 s),
                // then keeps what it has reduced so far.
                let grace = (self.args.time / 10).max(Duration::from_secs(30));
                random_run::reduce(&p, |c, exp| {
                    if budget == 0 || Instant::now() >= self.deadline + grace {
                        return false;
                    }
                    budget -= 1;
                    let t = c.case_text(&header, &stated(exp, wrong));
                    matches!(device.run(&t, profile), Verdict::Fails(s, _) if s.same_as(&symptom))
                })
            } else {
                p.clone()
            };
            let r_expected = random_run::eval(&reduced).unwrap_or_default();
            let r_detail = match device.run(
                &reduced.case_text(&header, &stated(&r_expected, wrong)),
                profile,
            ) {
                Verdict::Fails(_, d) => d,
                _ => detail.clone(),
            };
            let case = finding_case(
                &reduced,
                &r_expected,
                wrong,
                &header,
                self.identity,
                &symptom,
                &r_detail,
            );
            let class = match &symptom {
                Symptom::Wrong => format!("{}: {}", symptom.class(), reduced.constructs()),
                s => s.class(),
            };
            if reduce {
                atomic::write(
                    &self.out.join("cases").join(format!("{name}.cl")),
                    case.as_bytes(),
                )?;
            }
            let entry = serde_json::json!({
                "name": name, "seed": args.seed, "index": i, "variant": what, "job": job,
                "profile": profile.name(), "device": self.identity, "symptom": symptom.kind(),
                "class": class, "detail": detail, "reduced": reduce,
                "lines": p.source().lines().count(),
                "reduced_lines": reduced.source().lines().count(),
                "case": case, "original": text,
            });
            let mut sh = self.shared();
            writeln!(sh.jsonl, "{entry}")?;
            eprintln!(
                "mismatch {name} ({class}): {} lines{}",
                p.source().lines().count(),
                if reduce {
                    format!(", reduced to {}", reduced.source().lines().count())
                } else {
                    ", not reduced (class already has enough)".into()
                }
            );
            if reduce {
                sh.findings.push(Finding {
                    name,
                    profile,
                    class,
                    lines: p.source().lines().count(),
                    case,
                    detail: r_detail,
                });
            }
            // Kept current, so a campaign that is stopped still leaves its report.
            let runs = self.runs.load(Ordering::Relaxed);
            (sh.t.runs, sh.t.secs) = (runs, self.started.elapsed().as_secs_f64());
            let md = report(
                self.identity,
                args,
                self.profiles,
                &sh.findings,
                &sh.t,
                false,
            );
            atomic::write(&self.out.join("report.md"), md.as_bytes())?;
        }
        Ok(())
    }
}

/// What a campaign did, for the report's last line.
#[derive(Default)]
struct Tally {
    programs: usize,
    variants: usize,
    runs: usize,
    secs: f64,
    found: usize,
    skipped: usize,
    generator_bugs: usize,
}

impl Tally {
    fn line(&self, reduced: usize) -> String {
        format!(
            "{} programs and {} EMI variants, {} device runs in {:.0} s ({:.2} runs/s), {} mismatch(es), {reduced} reduced, {} skipped, {} generator bug(s)",
            self.programs,
            self.variants,
            self.runs,
            self.secs,
            self.runs as f64 / self.secs.max(1e-9),
            self.found,
            self.skipped,
            self.generator_bugs
        )
    }
}

/// `report.md`: the header, the classes and findings, and the tally (marked while running).
fn report(
    identity: &str,
    args: &FuzzArgs,
    profiles: &[Profile],
    findings: &[Finding],
    tally: &Tally,
    done: bool,
) -> String {
    let mut md = format!(
        "# clasp fuzz --runtime: {identity}\n\nseed {}, {} s, {} job(s), profiles {}\n\n",
        args.seed,
        args.time.as_secs_f64(),
        args.jobs,
        profiles
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(" ")
    );
    write_findings(&mut md, findings);
    if !done {
        md.push_str("(still running) ");
    }
    md.push_str(&tally.line(findings.len()));
    md.push('\n');
    md
}

/// The reduced program as a run-time suite case, saying what the device did.
fn finding_case(
    p: &RunProgram,
    expected: &[u32],
    wrong: bool,
    header: &str,
    device: &str,
    symptom: &Symptom,
    detail: &str,
) -> String {
    let mut h = format!(
        "{header}\nFound by clasp fuzz --runtime: {device}: {} in {}.",
        symptom.class(),
        p.profile
    );
    if !detail.is_empty() {
        let first = detail.lines().next().unwrap_or_default();
        let _ = write!(
            h,
            "\nThe device: {}",
            first.chars().take(300).collect::<String>()
        );
    }
    p.case_text(&h, &stated(expected, wrong))
}

/// Classes (profile × what the findings share), then each finding's reduced case, smallest
/// first within its class.
fn write_findings(md: &mut String, findings: &[Finding]) {
    let mut classes: BTreeMap<(String, String), Vec<&Finding>> = BTreeMap::new();
    for f in findings {
        classes
            .entry((f.profile.name(), f.class.clone()))
            .or_default()
            .push(f);
    }
    if classes.is_empty() {
        return;
    }
    for fs in classes.values_mut() {
        fs.sort_by_key(|f| (f.case.len(), f.name.clone()));
    }
    super::fuzz::write_class_table(
        md,
        classes.iter().map(|((profile, class), fs)| {
            (
                profile.as_str(),
                class.as_str(),
                fs.len(),
                fs[0].name.as_str(),
            )
        }),
    );
    for ((profile, class), fs) in &classes {
        let _ = writeln!(md, "## {profile}: {class}\n");
        for f in fs {
            let _ = write!(
                md,
                "### {}\n\n{} lines reduced to {}. {}\n\n```c\n{}```\n\n",
                f.name,
                f.lines,
                f.case.lines().filter(|l| !l.starts_with("//")).count(),
                f.detail.lines().next().unwrap_or_default(),
                f.case
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_failure_stays_the_same_only_for_a_subset_of_its_errors() {
        let errs = |v: &[&str]| Symptom::BuildFails(v.iter().map(|s| s.to_string()).collect());
        let was = errs(&["error: a", "error: b"]);
        assert!(errs(&["error: a"]).same_as(&was));
        assert!(!errs(&["error: c"]).same_as(&was));
        assert!(!errs(&[]).same_as(&was));
        assert!(Symptom::Wrong.same_as(&Symptom::Wrong));
        assert!(!Symptom::Timeout.same_as(&Symptom::Wrong));
        let crash =
            |how: &str, said: Option<&str>| Symptom::Crash(how.into(), said.map(Into::into));
        assert!(!crash("SIGSEGV", None).same_as(&crash("SIGABRT", None)));
        assert!(!crash("SIGABRT", Some("panicked at a.rs:1"))
            .same_as(&crash("SIGABRT", Some("panicked at b.rs:2"))));
    }

    #[test]
    fn the_driver_says_why_in_one_line() {
        let log = "\nOCLGRIND FATAL ERROR (./src/core/WorkItem.cpp:1681)\nUndefined external function: llvm.assume\nWhen creating kernel 'k'\n";
        assert_eq!(
            driver_said(log).as_deref(),
            Some("Undefined external function: llvm.assume")
        );
        assert_eq!(driver_said("build log\n"), None);
    }
}
