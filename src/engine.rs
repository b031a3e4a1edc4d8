//! The run engine: planned jobs in, [`CaseResult`]s out, in completion order.
//!
//! Each subject gets its own queue and its own threads: a device gets `workers` worker processes
//! (each keeps its OpenCL context between builds), and so does a compiler loaded in workers
//! (clang-22, clspv: [`crate::subjects::compiler`]); clang-16 gets `workers` threads each running
//! one clang process at a time, the checker runs in process. Skips and cache hits are answered
//! before anything starts. A worker that crashes or times out costs the one job it was running:
//! the job is recorded as `crash`/`timeout` and the next job goes to the slot's spare worker,
//! started in the background while the lost one was working ([`Slot`]).
//!
//! clang reads a hand-written case from its corpus file, and a generated one (in memory only)
//! from a scratch copy each clang thread writes and removes.
//!
//! Run-time cases go to the same workers as builds ([`Mode::Run`]), with the same timeout and
//! the same crash and hang handling. An arg-qualifiers job ([`RunKind::ArgQualifiers`]) rides
//! on its compile job: it runs right after it, on the same worker, when that build succeeded,
//! and is skipped (naming the compile outcome) when it did not; with the compile result cached
//! it is queued on its own.

use crate::drivers::cache::{Cache, Key};
use crate::drivers::execute::compare_arg_qualifiers;
use crate::drivers::pool::{Slot, WorkerFailure};
use crate::drivers::protocol::{BuildStatus, Mode, Response};
use crate::results::{judge, Actual, CaseResult, Expected, RunKind, RunStatus};
use crate::subjects::{self, Job, Subject, SubjectKind};
use checker::case::Case;
use std::collections::HashMap;
use std::collections::VecDeque;
use std::fs::File;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

pub struct Config {
    /// The `clasp` binary, re-executed as `clasp worker`.
    pub exe: PathBuf,
    /// Parallel workers (processes or threads) per subject.
    pub workers: usize,
    /// Per-build deadline.
    pub timeout: Duration,
    /// Deadline for a worker to open its device.
    pub start_timeout: Duration,
    /// Where caches live; `None` is `--no-cache`.
    pub cache_dir: Option<PathBuf>,
    /// The corpus root (clang reads hand-written case files from it).
    pub corpus_root: PathBuf,
    /// Cases from this index on are generated, in memory only: clang gets a scratch copy.
    pub first_generated: usize,
    /// Where drivers' own output (worker stderr) goes.
    pub worker_log: Option<File>,
    /// Generated cases per packed program on a device; 0 or 1: none packed.
    pub pack: usize,
    /// How a device builds a case that must fail.
    pub reject_by: crate::cli::RejectBy,
}

/// Platforms where `clCompileProgram` without a link gives `clBuildProgram`'s verdict on every
/// case that must fail, so those cases are only compiled (`--reject-by auto`). Measured with
/// `clasp run --suite generated --reject-by build` against `--reject-by compile` on the same
/// jobs, `clasp compare` of the two showing nothing new, fixed or broken (docs/drivers.md).
const COMPILE_REJECTS: [&str; 0] = [];

/// The mode a device is sent for `job`: a build that must fail is only compiled where that
/// gives the same verdict ([`COMPILE_REJECTS`], `--reject-by`).
fn sent_mode(subject: &Subject, job: &Job, cfg: &Config) -> Mode {
    use crate::cli::RejectBy;
    let SubjectKind::Device(d) = &subject.kind else {
        return job.mode;
    };
    if job.mode != Mode::Build || job.expected != Expected::Reject {
        return job.mode;
    }
    let platform = d.platform_name.to_ascii_lowercase();
    let compile = match cfg.reject_by {
        RejectBy::Build => false,
        RejectBy::Compile => true,
        RejectBy::Auto => COMPILE_REJECTS.iter().any(|p| platform.contains(p)),
    };
    if compile {
        Mode::Compile
    } else {
        Mode::Build
    }
}

/// One job of one subject.
pub struct Task {
    pub subject: usize,
    pub job: Job,
}

struct Outcome {
    actual: Actual,
    duration_ms: f64,
    driver_ms: Option<f64>,
}

/// Requests a device slot keeps with its worker: the next one is queued while the worker
/// builds, so it never waits between jobs (rusticl spends about a millisecond of CPU per job
/// when it does: measured with a plain client, 5.2 s for 1,299 jobs one at a time against 3.2 s
/// two at a time). A crash or a hang is still the oldest unanswered job's; the one queued
/// behind it goes to the next worker.
const PIPELINE: usize = 2;

/// What a job whose worker failed records.
fn failure(f: WorkerFailure, timeout: std::time::Duration) -> Actual {
    match f {
        WorkerFailure::Crash(signal) => Actual::Crash { signal },
        WorkerFailure::Timeout => Actual::Timeout {
            after_ms: timeout.as_millis() as u64,
        },
        WorkerFailure::Protocol(detail) => Actual::Invalid { detail },
    }
}

/// Platforms whose builds get slower, not faster, when cases share a program. rusticl: the
/// same 6,808 generated results took 127 s with packs of 32 and 15.6 s alone (its build of a
/// 32-case pack costs about 0.85 s, a case alone about 6 ms). Measured the other way round:
/// Oclgrind 11.2 s packed against 49.3 s alone, PoCL 3.1 133 s against 234 s (826 results
/// each). Intel's CPU runtime: 162 s against 154 s on those, and 41.2 s against 21.4 s on the
/// 118 CL2.0 results of `as-generic-deref/global-program-generic*` (a 32-case pack takes 3 to
/// 10 s to build, a case alone about 0.25 s).
const UNPACKED_PLATFORMS: [&str; 2] = ["rusticl", "intel(r) opencl"];

/// What a device slot sends its worker: one job, or a compile pack of jobs answered together
/// ([`crate::drivers::packing`]).
#[derive(Debug, Clone)]
enum Unit {
    One(usize),
    Pack(Vec<usize>),
}

/// How much longer than one build a compile pack may take: it is one program of up to
/// `--pack` cases, split in halves (at most twice as many builds in all) when it fails.
const PACK_DEADLINE: u32 = 4;

/// Platforms whose compile cases are built alone: there, a pack does not cost less than its
/// members' own builds (measured, see docs/drivers.md).
const COMPILE_UNPACKED_PLATFORMS: [&str; 0] = [];

/// Compile packs for each device's queue: generated compile jobs that must build, per
/// profile and options, up to `cfg.pack` in one [`Unit::Pack`]; everything else goes one by one.
fn plan_compile_packs(
    cases: &[Case],
    subjects: &[Subject],
    tasks: &[Task],
    cfg: &Config,
    queues: Vec<VecDeque<usize>>,
) -> Vec<VecDeque<Unit>> {
    let mut out = Vec::with_capacity(queues.len());
    for (si, queue) in queues.into_iter().enumerate() {
        let packs = match &subjects[si].kind {
            SubjectKind::Device(d) if cfg.pack >= 2 => {
                let platform = d.platform_name.to_ascii_lowercase();
                !COMPILE_UNPACKED_PLATFORMS
                    .iter()
                    .any(|p| platform.contains(p))
            }
            _ => false,
        };
        let mut groups: Vec<(&[String], Vec<usize>)> = Vec::new();
        let mut units = VecDeque::new();
        for ti in queue {
            let job = &tasks[ti].job;
            let joins = packs
                && job.mode == Mode::Build
                && job.kind == RunKind::Listed
                && job.expected == Expected::Accept
                && job.case >= cfg.first_generated
                && cases[job.case].run.is_none()
                && crate::drivers::packing::packable(&cases[job.case].source);
            if !joins {
                units.push_back(Unit::One(ti));
                continue;
            }
            match groups
                .iter_mut()
                .find(|(o, _)| *o == job.options.as_slice())
            {
                Some((_, members)) => members.push(ti),
                None => groups.push((&job.options, vec![ti])),
            }
        }
        let mut packed = VecDeque::new();
        for (_, members) in groups {
            for chunk in members.chunks(cfg.pack.max(2)) {
                match chunk {
                    [one] => packed.push_back(Unit::One(*one)),
                    _ => packed.push_back(Unit::Pack(chunk.to_vec())),
                }
            }
        }
        packed.extend(units);
        out.push(packed);
    }
    out
}

/// Packs of generated run-time cases for each device's queue: per profile, options and
/// extensions, up to `cfg.pack` cases whose files are joined into one program source (their
/// file-scope names are their own: the generator tags them). Packed jobs move to the front of
/// their queue, each pack's together, so a worker builds a pack once for all of its cases.
/// Returns each task's pack and the packs' sources.
fn plan_packs(
    cases: &[Case],
    subjects: &[Subject],
    tasks: &[Task],
    cfg: &Config,
    queues: &mut [VecDeque<usize>],
) -> (Vec<Option<usize>>, Vec<String>) {
    let mut pack_of = vec![None; tasks.len()];
    let mut packs: Vec<String> = Vec::new();
    if cfg.pack < 2 {
        return (pack_of, packs);
    }
    for (si, s) in subjects.iter().enumerate() {
        let SubjectKind::Device(d) = &s.kind else {
            continue;
        };
        let platform = d.platform_name.to_ascii_lowercase();
        if UNPACKED_PLATFORMS.iter().any(|p| platform.contains(p)) {
            continue;
        }
        let mut groups: Vec<(String, Vec<usize>)> = Vec::new();
        let mut rest = VecDeque::new();
        for &ti in &queues[si] {
            let job = &tasks[ti].job;
            let case = &cases[job.case];
            let spec = case
                .run
                .as_ref()
                .filter(|r| crate::drivers::execute::packable(r));
            let Some(spec) = spec.filter(|_| {
                job.mode == Mode::Run
                    && job.kind == RunKind::Listed
                    && job.case >= cfg.first_generated
            }) else {
                rest.push_back(ti);
                continue;
            };
            let key = format!("{}|{}", job.options.join(" "), spec.extensions.join(" "));
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, members)) => members.push(ti),
                None => groups.push((key, vec![ti])),
            }
        }
        let mut queue = VecDeque::new();
        for (_, members) in groups {
            for chunk in members.chunks(cfg.pack) {
                if chunk.len() < 2 {
                    queue.extend(chunk);
                    continue;
                }
                let mut source = String::new();
                for &ti in chunk {
                    source.push_str(&cases[tasks[ti].job.case].source);
                    source.push('\n');
                    pack_of[ti] = Some(packs.len());
                }
                packs.push(source);
                queue.extend(chunk);
            }
        }
        queue.extend(rest);
        queues[si] = queue;
    }
    (pack_of, packs)
}

/// What a run of `tasks` will do on one subject, before it runs (`clasp run --dry-run`).
#[derive(Debug, Default, Clone, Copy)]
pub struct Planned {
    /// Results it produces.
    pub results: usize,
    /// Of those, answered from the cache or skipped without a worker.
    pub answered: usize,
    /// Requests its workers get: a compile pack is one, whatever its size.
    pub requests: usize,
}

/// Counts what `execute` would do, per subject, without starting anything.
pub fn plan(
    cases: &[Case],
    subjects: &[Subject],
    tasks: &[Task],
    cfg: &Config,
) -> anyhow::Result<Vec<Planned>> {
    let mut out = vec![Planned::default(); subjects.len()];
    let mut queues: Vec<VecDeque<usize>> = vec![VecDeque::new(); subjects.len()];
    let mut companions = vec![0usize; subjects.len()];
    for (si, s) in subjects.iter().enumerate() {
        let cache = match &cfg.cache_dir {
            Some(dir) if s.cacheable() => Cache::open(dir, &s.identity)?,
            _ => Cache::disabled(),
        };
        for (ti, t) in tasks.iter().enumerate().filter(|(_, t)| t.subject == si) {
            out[si].results += 1;
            let key = Key::new(
                &cases[t.job.case].source,
                &t.job.options.join(" "),
                t.job.profile,
            )
            .with_mode(sent_mode(s, &t.job, cfg));
            if t.job.skip.is_some() || cache.get(&key).is_some() {
                out[si].answered += 1;
            } else if t.job.kind == RunKind::ArgQualifiers {
                companions[si] += 1;
            } else {
                queues[si].push_back(ti);
            }
        }
    }
    let units = plan_compile_packs(cases, subjects, tasks, cfg, queues);
    for (si, units) in units.iter().enumerate() {
        let packs = units.iter().filter(|u| matches!(u, Unit::Pack(_))).count();
        // Companions of packed builds go as packs too.
        let packed: usize = units
            .iter()
            .map(|u| match u {
                Unit::Pack(ts) => ts.len(),
                Unit::One(_) => 0,
            })
            .sum();
        let riding = companions[si].min(packed);
        out[si].requests = units.len() + companions[si] - riding + packs.min(riding);
    }
    Ok(out)
}

/// Runs `tasks` and hands each result to `on_result` as it completes.
pub fn execute(
    cases: &[Case],
    subjects: &[Subject],
    tasks: &[Task],
    cfg: &Config,
    on_result: &mut dyn FnMut(&CaseResult) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let mut caches: Vec<Cache> = Vec::with_capacity(subjects.len());
    for s in subjects {
        caches.push(match &cfg.cache_dir {
            Some(dir) if s.cacheable() => Cache::open(dir, &s.identity)?,
            _ => Cache::disabled(),
        });
    }
    let key = |t: &Task| {
        Key::new(
            &cases[t.job.case].source,
            &t.job.options.join(" "),
            t.job.profile,
        )
        .with_mode(sent_mode(&subjects[t.subject], &t.job, cfg))
    };
    // Arg-qualifiers tasks and the compile task each rides on.
    let mut parent_of: HashMap<(usize, usize, checker::Profile), usize> = HashMap::new();
    for (ti, t) in tasks.iter().enumerate() {
        if t.job.kind == RunKind::Listed && t.job.mode == Mode::Build {
            parent_of.insert((t.subject, t.job.case, t.job.profile), ti);
        }
    }
    let mut companion: Vec<Option<usize>> = vec![None; tasks.len()];
    let mut riding = vec![false; tasks.len()];
    for (ti, t) in tasks.iter().enumerate() {
        if t.job.kind == RunKind::ArgQualifiers {
            if let Some(&p) = parent_of.get(&(t.subject, t.job.case, t.job.profile)) {
                companion[p] = Some(ti);
                riding[ti] = true;
            }
        }
    }
    let mut queues: Vec<VecDeque<usize>> = vec![VecDeque::new(); subjects.len()];
    // Companions that run right after their queued compile task.
    let mut attached: Vec<Option<usize>> = vec![None; tasks.len()];
    let mut finish = |ti: usize, out: Outcome, cached: bool, caches: &mut Vec<Cache>| {
        let t = &tasks[ti];
        let s = &subjects[t.subject];
        // A skip is cached only when a worker decided it from the device (a run-time case's
        // `requires` query: `driver_ms` is set exactly for worker answers); skips decided here
        // (no worker, a companion of a failed build) are not.
        let worker_skip = matches!(out.actual, Actual::Skipped { .. }) && out.driver_ms.is_some();
        if !cached
            && s.cacheable()
            && (worker_skip || !matches!(out.actual, Actual::Skipped { .. }))
        {
            caches[t.subject].put(key(t), &out.actual, out.driver_ms)?;
        }
        let mut actual = out.actual;
        if let Actual::Ran { run } = &mut actual {
            if t.job.kind == RunKind::ArgQualifiers {
                compare_arg_qualifiers(run, &t.job.arg_qualifiers);
            }
        }
        let verdict = judge(&t.job.expected, &actual);
        on_result(&CaseResult {
            case: cases[t.job.case].name.clone(),
            subject: s.id.clone(),
            profile: t.job.profile,
            kind: t.job.kind,
            options: t.job.options.clone(),
            expected: t.job.expected.clone(),
            actual,
            verdict,
            duration_ms: out.duration_ms,
            driver_ms: out.driver_ms,
            cached,
            identity: s.identity.clone(),
        })
    };
    let skipped_companion = |parent: &Actual| Outcome {
        actual: Actual::Skipped {
            why: format!(
                "the case's own build did not succeed here ({}), so there is no kernel to query",
                short(parent)
            ),
        },
        duration_ms: 0.0,
        driver_ms: None,
    };
    for (ti, t) in tasks.iter().enumerate() {
        if riding[ti] {
            // Decided with its compile task, just below or in the worker.
            continue;
        }
        let ride = companion[ti];
        // The companion's fate once this task's outcome is known from the cache.
        let mut settle_companion =
            |parent: Option<&Actual>, caches: &mut Vec<Cache>| -> anyhow::Result<bool> {
                let Some(ci) = ride else { return Ok(false) };
                if let Some((actual, driver_ms)) =
                    caches[tasks[ci].subject].get(&key(&tasks[ci])).cloned()
                {
                    let out = Outcome {
                        actual,
                        duration_ms: 0.0,
                        driver_ms,
                    };
                    finish(ci, out, true, caches)?;
                    return Ok(true);
                }
                match parent {
                    Some(Actual::Accepted { .. }) => Ok(false),
                    Some(a) => {
                        finish(ci, skipped_companion(a), false, caches)?;
                        Ok(true)
                    }
                    None => Ok(false),
                }
            };
        if let Some(why) = &t.job.skip {
            let out = Outcome {
                actual: Actual::Skipped { why: why.clone() },
                duration_ms: 0.0,
                driver_ms: None,
            };
            finish(ti, out, false, &mut caches)?;
        } else if let Some((actual, driver_ms)) = caches[t.subject].get(&key(t)).cloned() {
            let settled = settle_companion(Some(&actual), &mut caches)?;
            let out = Outcome {
                actual,
                duration_ms: 0.0,
                driver_ms,
            };
            finish(ti, out, true, &mut caches)?;
            if let (Some(ci), false) = (ride, settled) {
                // The build is known to succeed: the companion runs on its own.
                queues[t.subject].push_back(ci);
            }
        } else {
            queues[t.subject].push_back(ti);
            if let (Some(ci), false) = (ride, settle_companion(None, &mut caches)?) {
                attached[ti] = Some(ci);
            }
        }
    }

    // Generated cases have no file for clang to read: each clang thread writes the one it
    // compiles into its own folder here (two threads may compile one case in two profiles).
    let scratch = if cases.len() > cfg.first_generated
        && subjects
            .iter()
            .any(|s| matches!(s.kind, SubjectKind::Clang { .. }))
    {
        Some(
            tempfile::Builder::new()
                .prefix("clasp-generated-")
                .tempdir()?,
        )
    } else {
        None
    };
    let (pack_of, packs) = plan_packs(cases, subjects, tasks, cfg, &mut queues);
    // A pack whose build or run killed a worker: its cases go alone from then on.
    let poisoned: Vec<AtomicBool> = packs.iter().map(|_| AtomicBool::new(false)).collect();
    let (pack_of, packs, poisoned) = (&pack_of, &packs, &poisoned);
    let scratch = &scratch;
    let attached = &attached;
    let skipped_companion = &skipped_companion;
    let queues = plan_compile_packs(cases, subjects, tasks, cfg, queues);
    let queues: Vec<Mutex<VecDeque<Unit>>> = queues.into_iter().map(Mutex::new).collect();
    thread::scope(|scope| -> anyhow::Result<()> {
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        for (si, subject) in subjects.iter().enumerate() {
            let pending = queues[si].lock().map(|q| q.len()).unwrap_or(0);
            for w in 0..cfg.workers.max(1).min(pending) {
                let tx = tx.clone();
                let queue = &queues[si];
                let next = move || queue.lock().ok().and_then(|mut q| q.pop_front());
                // Subjects other than devices get no packs: one job at a time.
                let next_one = move || match next()? {
                    Unit::One(ti) => Some(ti),
                    Unit::Pack(ts) => {
                        if let Ok(mut q) = queue.lock() {
                            for t in ts[1..].iter().rev() {
                                q.push_front(Unit::One(*t));
                            }
                        }
                        Some(ts[0])
                    }
                };
                match &subject.kind {
                    SubjectKind::Device(_)
                    | SubjectKind::DeviceSpirv(_)
                    | SubjectKind::Compiler(_) => {
                        let stderr = move || {
                            cfg.worker_log
                                .as_ref()
                                .and_then(|f| f.try_clone().ok())
                                .map(Stdio::from)
                                .unwrap_or_else(Stdio::null)
                        };
                        let identity = match &subject.kind {
                            // Its workers are the device's: they say the device's identity.
                            SubjectKind::DeviceSpirv(d) => d.identity(),
                            _ => subject.identity.clone(),
                        };
                        scope.spawn(move || {
                            let identity = &identity;
                            let stderr = &stderr;
                            let mut slot = match &subject.kind {
                                SubjectKind::Compiler(c) => Slot::compiler(
                                    &cfg.exe,
                                    c.worker_args(),
                                    identity,
                                    stderr,
                                    cfg.start_timeout,
                                ),
                                SubjectKind::Device(d) | SubjectKind::DeviceSpirv(d) => {
                                    Slot::new(&cfg.exe, d, identity, stderr, cfg.start_timeout)
                                }
                                // Not reached: this arm serves devices and compilers alone.
                                SubjectKind::Checker | SubjectKind::Clang { .. } => return,
                            };
                            // Sent first: companions of accepted builds, and jobs a lost
                            // worker left unanswered.
                            let mut pending: VecDeque<Unit> = VecDeque::new();
                            // Sent to the current worker, not yet answered, oldest first.
                            let mut inflight: VecDeque<(Unit, u64, bool)> = VecDeque::new();
                            // When the oldest in-flight job started: its request went out, or
                            // the answer before it came in.
                            let mut head_start = Instant::now();
                            // Hands one outcome on; false when the receiver is gone. The
                            // companion of an accepted build is returned, to be sent next.
                            let settle =
                                |ti: usize,
                                 actual: Actual,
                                 driver_ms: Option<f64>,
                                 duration_ms: f64,
                                 companions: &mut Vec<usize>| {
                                    let mut companion_skip = None;
                                    if let Some(ci) = attached[ti] {
                                        if matches!(actual, Actual::Accepted { .. }) {
                                            companions.push(ci);
                                        } else {
                                            companion_skip = Some((ci, skipped_companion(&actual)));
                                        }
                                    }
                                    let out = Outcome {
                                        actual,
                                        duration_ms,
                                        driver_ms,
                                    };
                                    tx.send((ti, out)).is_ok()
                                        && companion_skip.is_none_or(|skip| tx.send(skip).is_ok())
                                };
                            // Companions of one answer go next: together when several.
                            let queue_companions =
                                |companions: Vec<usize>, pending: &mut VecDeque<Unit>| {
                                    match companions.as_slice() {
                                        [] => {}
                                        [one] => pending.push_back(Unit::One(*one)),
                                        _ if cfg.pack >= 2 => {
                                            pending.push_back(Unit::Pack(companions))
                                        }
                                        _ => pending.extend(companions.into_iter().map(Unit::One)),
                                    }
                                };
                            let ms = |since: Instant| since.elapsed().as_secs_f64() * 1e3;
                            'jobs: loop {
                                // Keep PIPELINE requests with the worker, so it never waits.
                                while inflight.len() < PIPELINE {
                                    let Some(unit) = pending.pop_front().or_else(&next) else {
                                        break;
                                    };
                                    let start = Instant::now();
                                    let lead = match &unit {
                                        Unit::One(ti) => *ti,
                                        Unit::Pack(ts) => ts[0],
                                    };
                                    let job = &tasks[lead].job;
                                    match slot.worker() {
                                        Ok(w) => {
                                            let options = job.options.join(" ");
                                            let (sent, packed) = match &unit {
                                                Unit::One(ti) => {
                                                    let source = &cases[job.case].source;
                                                    let pack = pack_of[*ti]
                                                        .filter(|p| {
                                                            !poisoned[*p].load(Ordering::Relaxed)
                                                        })
                                                        .map(|p| packs[p].as_str());
                                                    let mode = sent_mode(subject, job, cfg);
                                                    let sent =
                                                        w.send_packed(source, &options, mode, pack);
                                                    (sent, pack.is_some())
                                                }
                                                Unit::Pack(ts) => {
                                                    let members: Vec<&str> = ts
                                                        .iter()
                                                        .map(|t| {
                                                            cases[tasks[*t].job.case]
                                                                .source
                                                                .as_str()
                                                        })
                                                        .collect();
                                                    (
                                                        w.send_pack(&members, &options, job.mode),
                                                        true,
                                                    )
                                                }
                                            };
                                            match sent {
                                                Ok(id) => {
                                                    if inflight.is_empty() {
                                                        head_start = start;
                                                    }
                                                    inflight.push_back((unit, id, packed));
                                                }
                                                // Dead before this request: an unanswered
                                                // one before it is the cause, and says how
                                                // below; this one goes to the next worker.
                                                Err(_) if !inflight.is_empty() => {
                                                    pending.push_front(unit);
                                                    break;
                                                }
                                                Err(f) => {
                                                    slot.lost();
                                                    if let Unit::Pack(ts) = unit {
                                                        // Its members go alone.
                                                        for t in ts.into_iter().rev() {
                                                            pending.push_front(Unit::One(t));
                                                        }
                                                        continue;
                                                    }
                                                    let a = failure(f, cfg.timeout);
                                                    let mut c = Vec::new();
                                                    if !settle(lead, a, None, ms(start), &mut c) {
                                                        break 'jobs;
                                                    }
                                                    queue_companions(c, &mut pending);
                                                }
                                            }
                                        }
                                        Err(why) => {
                                            let a = Actual::Skipped {
                                                why: format!("no worker for this device: {why}"),
                                            };
                                            let ts = match unit {
                                                Unit::One(ti) => vec![ti],
                                                Unit::Pack(ts) => ts,
                                            };
                                            let mut c = Vec::new();
                                            for ti in ts {
                                                if !settle(ti, a.clone(), None, ms(start), &mut c) {
                                                    break 'jobs;
                                                }
                                            }
                                            queue_companions(c, &mut pending);
                                        }
                                    }
                                }
                                let Some((unit, id, packed)) = inflight.pop_front() else {
                                    break;
                                };
                                let deadline = match unit {
                                    Unit::One(_) => cfg.timeout,
                                    Unit::Pack(_) => cfg.timeout * PACK_DEADLINE,
                                };
                                let left = deadline.saturating_sub(head_start.elapsed());
                                let answer = match slot.worker() {
                                    Ok(w) => w.receive(id, left),
                                    Err(why) => Err(WorkerFailure::Protocol(why)),
                                };
                                let started = head_start;
                                head_start = Instant::now();
                                let answer = match answer {
                                    Ok(r) => r,
                                    Err(f) => {
                                        // The worker died on (or hung in) this job, the
                                        // oldest it had; the ones behind it go again.
                                        slot.lost();
                                        for (later, _, _) in inflight.drain(..).rev() {
                                            pending.push_front(later);
                                        }
                                        match unit {
                                            // Sent in a pack, the cause may be another
                                            // case's code: the job goes again alone, and so
                                            // does the rest of its pack.
                                            Unit::One(ti) if packed => {
                                                if let Some(p) = pack_of[ti] {
                                                    poisoned[p].store(true, Ordering::Relaxed);
                                                }
                                                pending.push_front(Unit::One(ti));
                                                continue;
                                            }
                                            Unit::Pack(ts) => {
                                                for t in ts.into_iter().rev() {
                                                    pending.push_front(Unit::One(t));
                                                }
                                                continue;
                                            }
                                            Unit::One(ti) => {
                                                let a = failure(f, cfg.timeout);
                                                let mut c = Vec::new();
                                                if !settle(ti, a, None, ms(started), &mut c) {
                                                    break;
                                                }
                                                queue_companions(c, &mut pending);
                                                continue;
                                            }
                                        }
                                    }
                                };
                                let mut companions = Vec::new();
                                match unit {
                                    Unit::One(ti) => {
                                        let driver_ms = Some(answer.build_ms);
                                        let a = device_actual(answer);
                                        if !settle(ti, a, driver_ms, ms(started), &mut companions) {
                                            break;
                                        }
                                    }
                                    Unit::Pack(ts) => {
                                        if answer.members.len() != ts.len() {
                                            // Not a pack's answer: its members go alone.
                                            for t in ts.into_iter().rev() {
                                                pending.push_front(Unit::One(t));
                                            }
                                            continue;
                                        }
                                        let share = ms(started) / ts.len() as f64;
                                        for (ti, m) in ts.into_iter().zip(answer.members) {
                                            let driver_ms = Some(m.build_ms);
                                            let a = device_actual(m);
                                            // An argument query that does not pass in its
                                            // pack is asked again of the case alone.
                                            let job = &tasks[ti].job;
                                            if job.kind == RunKind::ArgQualifiers {
                                                if let Actual::Ran { run } = &a {
                                                    let mut run = run.clone();
                                                    compare_arg_qualifiers(
                                                        &mut run,
                                                        &job.arg_qualifiers,
                                                    );
                                                    if run.status != RunStatus::Ok {
                                                        pending.push_back(Unit::One(ti));
                                                        continue;
                                                    }
                                                }
                                            }
                                            if !settle(ti, a, driver_ms, share, &mut companions) {
                                                break 'jobs;
                                            }
                                        }
                                    }
                                }
                                queue_companions(companions, &mut pending);
                            }
                        });
                    }
                    SubjectKind::Clang { exe } => {
                        let scratch = scratch.as_ref().map(|d| d.path().join(w.to_string()));
                        scope.spawn(move || {
                            while let Some(ti) = next_one() {
                                let job = &tasks[ti].job;
                                let start = Instant::now();
                                let actual =
                                    match clang_file(cfg, scratch.as_deref(), cases, job.case) {
                                        Ok(file) => {
                                            let a = subjects::clang::run(
                                                exe,
                                                &job.options,
                                                &file,
                                                cfg.timeout,
                                            );
                                            if scratch.is_some() && job.case >= cfg.first_generated
                                            {
                                                let _ = std::fs::remove_file(&file);
                                            }
                                            a
                                        }
                                        Err(e) => Actual::Skipped {
                                            why: format!(
                                                "cannot write the generated case for clang: {e}"
                                            ),
                                        },
                                    };
                                let out = Outcome {
                                    actual,
                                    duration_ms: start.elapsed().as_secs_f64() * 1e3,
                                    driver_ms: None,
                                };
                                if tx.send((ti, out)).is_err() {
                                    break;
                                }
                            }
                        });
                    }
                    SubjectKind::Checker => {
                        scope.spawn(move || {
                            while let Some(ti) = next_one() {
                                let job = &tasks[ti].job;
                                let start = Instant::now();
                                let actual = subjects::checker::run(&cases[job.case], job.profile);
                                let out = Outcome {
                                    actual,
                                    duration_ms: start.elapsed().as_secs_f64() * 1e3,
                                    driver_ms: None,
                                };
                                if tx.send((ti, out)).is_err() {
                                    break;
                                }
                            }
                        });
                    }
                }
            }
        }
        drop(tx);
        for (ti, out) in rx {
            finish(ti, out, false, &mut caches)?;
        }
        Ok(())
    })
}

/// The file clang compiles for case `index`: the corpus file of a hand-written case, or a copy
/// of a generated case's source written under `scratch`.
fn clang_file(
    cfg: &Config,
    scratch: Option<&std::path::Path>,
    cases: &[Case],
    index: usize,
) -> std::io::Result<PathBuf> {
    let name = format!("{}.cl", cases[index].name);
    match scratch {
        Some(dir) if index >= cfg.first_generated => {
            let file = dir.join(name);
            if let Some(parent) = file.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&file, &cases[index].source)?;
            Ok(file)
        }
        _ => Ok(cfg.corpus_root.join(name)),
    }
}

/// A worker's answer as an outcome: the run-time outcome when the request had one, else the
/// build's.
fn device_actual(r: Response) -> Actual {
    if let Some(actual) = r.actual {
        return actual;
    }
    match r.status {
        BuildStatus::Accepted => Actual::Accepted { log: r.log },
        BuildStatus::Rejected => Actual::Rejected {
            code: r.code,
            log: r.log,
        },
        BuildStatus::Invalid => Actual::Invalid { detail: r.log },
    }
}

/// A few words on an outcome, for the reason a companion job is skipped.
fn short(a: &Actual) -> String {
    match a {
        Actual::Accepted { .. } => "accepted".into(),
        Actual::Rejected { code, .. } => format!("rejected, {code}"),
        Actual::Diagnostics { .. } => "diagnostics".into(),
        Actual::Invalid { .. } => "an invalid answer".into(),
        Actual::Crash { signal } => format!("crash, {signal}"),
        Actual::Timeout { .. } => "timeout".into(),
        Actual::Skipped { why } => format!("skipped: {why}"),
        Actual::Ran { run } => format!("ran: {:?}", run.status),
    }
}
