//! The run engine: planned jobs in, [`CaseResult`]s out, in completion order.
//!
//! Each subject gets its own queue and its own threads: a device gets `workers` worker processes
//! (each keeps its OpenCL context between builds), clang gets `workers` threads each running
//! one clang process at a time, the checker runs in process. Skips and cache hits are answered
//! before anything starts. A worker that crashes or times out costs the one job it was running:
//! the job is recorded as `crash`/`timeout` and a fresh worker takes the next job.

use crate::drivers::cache::{Cache, Key};
use crate::drivers::pool::{Worker, WorkerFailure};
use crate::drivers::protocol::BuildStatus;
use crate::results::{judge, Actual, CaseResult};
use crate::subjects::{self, Job, Subject, SubjectKind};
use checker::case::Case;
use std::collections::VecDeque;
use std::fs::File;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::mpsc;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// A worker that fails to start this many times in a row gives up on its device.
const START_ATTEMPTS: u32 = 3;

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
    /// The corpus root (clang reads case files from it).
    pub corpus_root: PathBuf,
    /// Where drivers' own output (worker stderr) goes.
    pub worker_log: Option<File>,
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
    };
    let mut queues: Vec<VecDeque<usize>> = vec![VecDeque::new(); subjects.len()];
    let mut finish = |ti: usize, out: Outcome, cached: bool, caches: &mut Vec<Cache>| {
        let t = &tasks[ti];
        let s = &subjects[t.subject];
        if !cached && s.cacheable() {
            caches[t.subject].put(key(t), &out.actual, out.driver_ms)?;
        }
        let mut actual = out.actual;
        if t.job.runtime && s.is_device() && matches!(actual, Actual::Accepted { .. }) {
            actual = Actual::Skipped {
                why: "built (accepted); run-time execution not implemented".into(),
            };
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
    for (ti, t) in tasks.iter().enumerate() {
        if let Some(why) = &t.job.skip {
            let out = Outcome {
                actual: Actual::Skipped { why: why.clone() },
                duration_ms: 0.0,
                driver_ms: None,
            };
            finish(ti, out, false, &mut caches)?;
        } else if let Some((actual, driver_ms)) = caches[t.subject].get(&key(t)).cloned() {
            let out = Outcome {
                actual,
                duration_ms: 0.0,
                driver_ms,
            };
            finish(ti, out, true, &mut caches)?;
        } else {
            queues[t.subject].push_back(ti);
        }
    }

    let queues: Vec<Mutex<VecDeque<usize>>> = queues.into_iter().map(Mutex::new).collect();
    thread::scope(|scope| -> anyhow::Result<()> {
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        for (si, subject) in subjects.iter().enumerate() {
            let pending = queues[si].lock().map(|q| q.len()).unwrap_or(0);
            for _ in 0..cfg.workers.max(1).min(pending) {
                let tx = tx.clone();
                let queue = &queues[si];
                let next = move || queue.lock().ok().and_then(|mut q| q.pop_front());
                match &subject.kind {
                    SubjectKind::Device(d) => {
                        let stderr = || {
                            cfg.worker_log
                                .as_ref()
                                .and_then(|f| f.try_clone().ok())
                                .map(Stdio::from)
                                .unwrap_or_else(Stdio::null)
                        };
                        let (platform, device) = (d.platform_index, d.device_index);
                        let identity = subject.identity.clone();
                        scope.spawn(move || {
                            let mut worker: Option<Worker> = None;
                            let mut gave_up: Option<String> = None;
                            while let Some(ti) = next() {
                                let job = &tasks[ti].job;
                                let start = Instant::now();
                                if worker.is_none() && gave_up.is_none() {
                                    let mut last = String::new();
                                    for _ in 0..START_ATTEMPTS {
                                        match Worker::start(
                                            &cfg.exe,
                                            platform,
                                            device,
                                            &identity,
                                            stderr(),
                                            cfg.start_timeout,
                                        ) {
                                            Ok(w) => {
                                                worker = Some(w);
                                                break;
                                            }
                                            Err(e) => last = e,
                                        }
                                    }
                                    if worker.is_none() {
                                        gave_up = Some(last);
                                    }
                                }
                                let actual_and_ms = match (&mut worker, &gave_up) {
                                    (Some(w), _) => {
                                        let source = &cases[job.case].source;
                                        match w.build(source, &job.options.join(" "), cfg.timeout) {
                                            Ok(r) => (
                                                match r.status {
                                                    BuildStatus::Accepted => {
                                                        Actual::Accepted { log: r.log }
                                                    }
                                                    BuildStatus::Rejected => Actual::Rejected {
                                                        code: r.code,
                                                        log: r.log,
                                                    },
                                                    BuildStatus::Invalid => {
                                                        Actual::Invalid { detail: r.log }
                                                    }
                                                },
                                                Some(r.build_ms),
                                            ),
                                            Err(f) => {
                                                worker = None;
                                                (
                                                    match f {
                                                        WorkerFailure::Crash(signal) => {
                                                            Actual::Crash { signal }
                                                        }
                                                        WorkerFailure::Timeout => Actual::Timeout {
                                                            after_ms: cfg.timeout.as_millis()
                                                                as u64,
                                                        },
                                                        WorkerFailure::Protocol(detail) => {
                                                            Actual::Invalid { detail }
                                                        }
                                                    },
                                                    None,
                                                )
                                            }
                                        }
                                    }
                                    (None, why) => (
                                        Actual::Skipped {
                                            why: format!(
                                                "no worker for this device: {}",
                                                why.as_deref().unwrap_or("unknown")
                                            ),
                                        },
                                        None,
                                    ),
                                };
                                let out = Outcome {
                                    actual: actual_and_ms.0,
                                    duration_ms: start.elapsed().as_secs_f64() * 1e3,
                                    driver_ms: actual_and_ms.1,
                                };
                                if tx.send((ti, out)).is_err() {
                                    break;
                                }
                            }
                        });
                    }
                    SubjectKind::Clang { exe } => {
                        scope.spawn(move || {
                            while let Some(ti) = next() {
                                let job = &tasks[ti].job;
                                let file =
                                    cfg.corpus_root.join(format!("{}.cl", cases[job.case].name));
                                let start = Instant::now();
                                let actual =
                                    subjects::clang::run(exe, &job.options, &file, cfg.timeout);
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
                            while let Some(ti) = next() {
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
