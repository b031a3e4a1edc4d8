//! `clasp bench`: per-address-space microbenchmarks.
//!
//! The parent discovers devices, runs one bench worker per device (`clasp bench --worker P:D`,
//! the only process that calls OpenCL), shows progress from the worker's JSON lines, then writes
//! the table, `results.json` and the plots. Exit codes: 0 every benchmark checked out (or was
//! skipped, saying why), 1 a wrong result, a driver error or a lost worker, 2 usage or setup.

use crate::bench::model::{BenchRun, DeviceBench, Reference, SkippedDevice, Status, WorkerLine};
use crate::bench::runner::{self, Config};
use crate::bench::{plot, report};
use crate::cli::{BenchArgs, ListFormat};
use crate::commands::devices::DISCOVERY_TIMEOUT;
use crate::drivers::discover::{discover, slug};
use anyhow::{bail, Context as _};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    if let Some(pd) = &args.worker {
        return worker(pd, args.worker_config.as_deref().unwrap_or("{}"));
    }
    let references = args
        .references
        .iter()
        .map(|r| r.parse::<Reference>().map_err(anyhow::Error::msg))
        .collect::<anyhow::Result<Vec<_>>>()
        .context("--reference")?;
    let exe = std::env::current_exe()?;
    let found = discover(&exe, DISCOVERY_TIMEOUT);
    let mut skipped = Vec::new();
    let mut chosen = Vec::new();
    if let Some(e) = &found.error {
        skipped.push(SkippedDevice {
            id: "(all)".into(),
            why: e.clone(),
        });
    }
    let mut slugs: Vec<String> = Vec::new();
    for p in &found.platforms {
        if p.devices.is_empty() {
            let why = if p.name.eq_ignore_ascii_case("rusticl") {
                "rusticl exposes no device unless asked: RUSTICL_ENABLE=llvmpipe".to_string()
            } else {
                p.error.clone().unwrap_or_else(|| "no device".into())
            };
            skipped.push(SkippedDevice {
                id: format!("{} (platform)", slug(&p.name)),
                why,
            });
        }
        for d in &p.devices {
            // PoCL's platform calls itself "Portable Computing Language": `--device pocl` works.
            let alias = if d.platform_name == "Portable Computing Language" {
                " pocl"
            } else {
                ""
            };
            let hay = format!("{} {} {}{alias}", d.id, d.name, d.platform_name).to_lowercase();
            let named = args
                .device
                .iter()
                .any(|want| hay.contains(&want.to_lowercase()));
            if !args.device.is_empty() && !named {
                continue;
            }
            if args.device.is_empty() && hay.contains("oclgrind") {
                skipped.push(SkippedDevice {
                    id: d.id.clone(),
                    why: "a simulator, far too slow to benchmark (name it with --device to run it anyway)"
                        .into(),
                });
                continue;
            }
            let mut s = slug(&d.name);
            if slugs.contains(&s) {
                s = format!("{}-{}", slug(&d.platform_name), s);
            }
            slugs.push(s.clone());
            chosen.push((d.clone(), s));
        }
    }
    for s in &skipped {
        eprintln!("clasp bench: skipped {}: {}", s.id, s.why);
    }
    if chosen.is_empty() {
        bail!(
            "no OpenCL device to benchmark{}",
            if args.device.is_empty() {
                String::new()
            } else {
                format!(" matches --device {}", args.device.join(", "))
            }
        );
    }
    let mut run = BenchRun {
        tool: format!("clasp {}", env!("CARGO_PKG_VERSION")),
        command: command_line(),
        date: report::now_utc(),
        quick: args.quick,
        references,
        devices: Vec::new(),
        skipped,
    };
    let mut broken = false;
    for (d, s) in chosen {
        let cfg = Config {
            quick: args.quick,
            only: args.only.clone(),
            include_broken: args.include_broken,
            peak_gbps: args.peak_gbps,
            repetitions: args.repetitions,
            max_bytes: args.max_mib.map(|m| m << 20),
            slug: s,
            id: d.id.clone(),
        };
        match run_worker(
            &exe,
            d.icd.as_ref(),
            d.platform_index,
            d.device_index,
            &cfg,
            &d.id,
            args.timeout,
            args.plain,
        ) {
            Ok(dev) => {
                broken |= dev.error.is_some()
                    || dev
                        .results
                        .iter()
                        .any(|r| matches!(r.status, Status::Failed { .. } | Status::Error { .. }));
                run.devices.push(dev);
            }
            Err(why) => {
                eprintln!("clasp bench: {}: {why}", d.id);
                broken = true;
                run.skipped.push(SkippedDevice { id: d.id, why });
            }
        }
    }
    if !args.no_write {
        for d in &run.devices {
            let dir = args.out.join(&d.device.slug);
            write_device(&run, d, &dir).with_context(|| format!("writing {}", dir.display()))?;
            eprintln!("clasp bench: wrote {}", dir.display());
        }
    }
    match args.format {
        ListFormat::Json => println!("{}", serde_json::to_string_pretty(&run)?),
        ListFormat::Text => print!("{}", report::text(&run)),
    }
    Ok(if broken {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `results.json` (this device only), `README.md` and the two plots.
fn write_device(run: &BenchRun, d: &DeviceBench, dir: &std::path::Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut one = run.clone();
    one.devices = vec![d.clone()];
    one.skipped.clear();
    std::fs::write(
        dir.join("results.json"),
        serde_json::to_string_pretty(&one)? + "\n",
    )?;
    std::fs::write(dir.join("README.md"), report::markdown(&one, d))?;
    plot::bandwidth(d, &dir.join("bandwidth.svg"))
        .map_err(|e| anyhow::anyhow!("bandwidth.svg: {e}"))?;
    plot::latency(d, &dir.join("latency.svg")).map_err(|e| anyhow::anyhow!("latency.svg: {e}"))?;
    Ok(())
}

/// The command as typed, with the environment variable that decides rusticl's devices.
fn command_line() -> String {
    let quote = |a: String| {
        if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "\"'$;&|<>".contains(c)) {
            format!("'{}'", a.replace('\'', "'\\''"))
        } else {
            a
        }
    };
    let mut parts: Vec<String> = Vec::new();
    if let Ok(v) = std::env::var("RUSTICL_ENABLE") {
        parts.push(format!("RUSTICL_ENABLE={}", quote(v)));
    }
    parts.push("clasp".into());
    parts.extend(std::env::args().skip(1).map(quote));
    parts.join(" ")
}

/// Runs the bench worker for one device, with a progress bar and a time limit.
#[allow(clippy::too_many_arguments)]
fn run_worker(
    exe: &std::path::Path,
    icd: Option<&crate::drivers::discover::Icd>,
    platform: u32,
    device: u32,
    cfg: &Config,
    label: &str,
    timeout_s: f64,
    plain: bool,
) -> Result<DeviceBench, String> {
    // As the run's workers do: the device's own driver alone, and its platform among that
    // driver's (discovery numbers platforms across every ICD file, one worker per file, which
    // need not be the order of a loader that loads them all).
    let mut cmd = Command::new(exe);
    let platform = match icd {
        Some(i) => {
            cmd.env("OCL_ICD_VENDORS", &i.library);
            i.platform_index
        }
        None => platform,
    };
    let mut child = cmd
        .args([
            "bench",
            "--worker",
            &format!("{platform}:{device}"),
            "--worker-config",
            &serde_json::to_string(cfg).map_err(|e| e.to_string())?,
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the bench worker: {e}"))?;
    let stdout = child.stdout.take().ok_or("no worker stdout")?;
    let stderr = child.stderr.take().ok_or("no worker stderr")?;
    let err_tail = std::thread::spawn(move || {
        let mut tail: Vec<String> = Vec::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            tail.push(line);
            if tail.len() > 20 {
                tail.remove(0);
            }
        }
        tail
    });
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            // Drivers may print to stdout too: only clasp's JSON lines count.
            if let Ok(l) = serde_json::from_str::<WorkerLine>(&line) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        }
    });
    let fancy = !plain && std::io::stderr().is_terminal();
    let bar = if fancy {
        let b = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::stderr());
        b.set_style(
            ProgressStyle::with_template("{prefix} [{bar:28}] {pos}/{len} {msg} {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        b.set_prefix(label.to_string());
        Some(b)
    } else {
        None
    };
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(timeout_s.max(1.0));
    let mut result = None;
    let mut timed_out = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            timed_out = true;
            break;
        }
        match rx.recv_timeout(left.min(Duration::from_secs(1))) {
            Ok(WorkerLine::Progress { done, total, name }) => {
                if let Some(b) = &bar {
                    b.set_length(total as u64);
                    b.set_position(done as u64);
                    b.set_message(name);
                } else {
                    eprintln!(
                        "clasp bench: {label}: [{}/{total}] {name} ({:.0} s)",
                        done + 1,
                        started.elapsed().as_secs_f64()
                    );
                }
            }
            Ok(WorkerLine::Done(d)) => {
                result = Some(*d);
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    if timed_out {
        let _ = child.kill();
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let tail = err_tail.join().unwrap_or_default();
    if timed_out {
        return Err(format!(
            "did not finish within {timeout_s:.0} s (--timeout); killed"
        ));
    }
    match result {
        Some(d) => Ok(d),
        None => Err(format!(
            "bench worker died ({status}) without results: {}",
            tail.join(" / ")
        )),
    }
}

/// Worker side: runs the benchmarks on one device and prints JSON lines.
fn worker(pd: &str, config: &str) -> anyhow::Result<ExitCode> {
    let (p, d) = pd
        .split_once(':')
        .and_then(|(p, d)| Some((p.parse::<u32>().ok()?, d.parse::<u32>().ok()?)))
        .context("--worker takes PLATFORM:DEVICE indices")?;
    let cfg: Config = serde_json::from_str(config).context("--worker-config")?;
    let out = std::io::stdout();
    let mut emit = |line: WorkerLine| {
        if let Ok(s) = serde_json::to_string(&line) {
            let mut o = out.lock();
            let _ = writeln!(o, "{s}");
            let _ = o.flush();
        }
    };
    match runner::run(p, d, &cfg, &mut emit) {
        Ok(dev) => {
            emit(WorkerLine::Done(Box::new(dev)));
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("clasp bench worker: {e}");
            Ok(ExitCode::from(2))
        }
    }
}
