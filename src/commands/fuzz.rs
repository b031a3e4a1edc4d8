//! `clasp fuzz --subject DEVICE [--time S] [--seed N] [--out DIR]`: differential fuzzing of one
//! OpenCL device. Seeded random programs and their one-violation mutants (`generators::random`)
//! are built on the device in an isolated worker (`drivers::pool::Worker`); a program the device
//! rejects or a mutant it accepts is a disagreement. Each is reduced with `generators::reduce`
//! (the predicate: the device and the checker still disagree the same way), written as a suite
//! case and recorded in `DIR/disagreements.jsonl` and `DIR/report.md`.

use super::devices::DISCOVERY_TIMEOUT;
use crate::cli::FuzzArgs;
use crate::drivers::discover::{discover, slug};
use crate::drivers::pool::{Worker, WorkerFailure};
use crate::drivers::protocol::{BuildStatus, Mode};
use anyhow::{bail, Context};
use checker::spec::Profile;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{ExitCode, Stdio};
use std::time::{Duration, Instant};

const BUILD_TIMEOUT: Duration = Duration::from_secs(60);

/// The device's answers, one worker at a time (restarted when it dies), cached by source.
struct Device<'a> {
    exe: &'a std::path::Path,
    dev: &'a crate::drivers::DeviceInfo,
    worker: Option<Worker>,
    cache: HashMap<(String, Profile), Result<bool, String>>,
    builds: usize,
}

impl Device<'_> {
    /// `Ok(true)` when the device accepts `src` in `profile`; `Err` for a crash or a timeout.
    fn accepts(&mut self, src: &str, profile: Profile) -> Result<bool, String> {
        let key = (src.to_string(), profile);
        if let Some(r) = self.cache.get(&key) {
            return r.clone();
        }
        if self.worker.is_none() {
            self.worker = Some(Worker::start(
                self.exe,
                self.dev.platform_index,
                self.dev.device_index,
                &self.dev.identity(),
                Stdio::null(),
                DISCOVERY_TIMEOUT,
            )?);
        }
        self.builds += 1;
        let w = self.worker.as_mut().expect("started");
        let r = match w.request(src, &profile.cl_std_option(), Mode::Build, BUILD_TIMEOUT) {
            Ok(resp) => match resp.status {
                BuildStatus::Accepted => Ok(true),
                BuildStatus::Rejected => Ok(false),
                BuildStatus::Invalid => Err(format!("invalid build status: {}", resp.log)),
            },
            Err(f) => {
                self.worker = None;
                Err(match f {
                    WorkerFailure::Crash(how) => format!("worker crashed: {how}"),
                    WorkerFailure::Timeout => "build timed out".to_string(),
                    WorkerFailure::Protocol(e) => e,
                })
            }
        };
        self.cache.insert(key, r.clone());
        r
    }
}

fn checker_accepts(src: &str, profile: Profile) -> bool {
    let (sources, diags) =
        checker::check_source("fuzz.cl", src, profile, &checker::Options::default());
    checker::in_main_file(&sources, &diags).is_empty()
}

pub fn run(args: &FuzzArgs) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe().context("cannot find the clasp binary to start workers")?;
    let d = discover(&exe, DISCOVERY_TIMEOUT);
    let want = args.subject.to_ascii_lowercase();
    let Some(dev) = d.platforms.iter().flat_map(|p| &p.devices).find(|dev| {
        [&dev.id, &dev.name, &dev.platform_name]
            .iter()
            .any(|s| s.to_ascii_lowercase().contains(&want))
    }) else {
        bail!(
            "no OpenCL device matches --subject {} ({}); `clasp devices` lists them",
            args.subject,
            d.error.as_deref().unwrap_or("none found")
        );
    };
    let profiles: Vec<Profile> = dev
        .profiles()
        .into_iter()
        .filter(|p| !p.lang().is_cxx())
        .collect();
    if profiles.is_empty() {
        bail!("{} supports no OpenCL C profile clasp knows", dev.id);
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| format!("reports/fuzz/{}", slug(&dev.id)).into());
    std::fs::create_dir_all(out.join("cases"))?;
    let mut jsonl = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out.join("disagreements.jsonl"))?;
    let mut md = format!(
        "# clasp fuzz: {}\n\nseed {}, {} s, profiles {}\n\n",
        dev.identity(),
        args.seed,
        args.time,
        profiles
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let mut device = Device {
        exe: &exe,
        dev,
        worker: None,
        cache: HashMap::new(),
        builds: 0,
    };
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(args.time.max(0.0));
    let (mut programs, mut found, mut errors) = (0usize, 0usize, 0usize);
    let mut i = 0u64;
    while Instant::now() < deadline {
        i += 1;
        let Some((prog, m)) = generators::random::seeded(args.seed, i, &profiles) else {
            continue;
        };
        let profile = prog.profile;
        programs += 1;
        let mutant_what = format!("{}-{}", m.kind.tag(), m.rule);
        for (p, must_compile, what) in [
            (&prog, true, "valid".to_string()),
            (&m.program, false, mutant_what),
        ] {
            let src = p.source();
            let accepted = match device.accepts(&src, profile) {
                Ok(a) => a,
                Err(e) => {
                    errors += 1;
                    eprintln!("program {i} ({what}) in {profile}: {e}");
                    continue;
                }
            };
            if accepted == must_compile {
                continue;
            }
            found += 1;
            let reduced = generators::reduce(p, |s| {
                device.accepts(s, profile) == Ok(accepted)
                    && checker_accepts(s, profile) != accepted
            });
            let name = format!("seed-{}-{i}-{what}", args.seed).to_ascii_lowercase();
            let case = case_text(&reduced, profile, &name, accepted, &dev.identity());
            std::fs::write(out.join("cases").join(format!("{name}.cl")), &case)?;
            let entry = serde_json::json!({
                "name": name, "seed": args.seed, "index": i, "profile": profile.name(),
                "device": dev.identity(), "device_accepts": accepted, "expected_accept": must_compile,
                "lines": src.lines().count(), "reduced_lines": reduced.lines().count(),
                "source": src, "reduced": reduced,
            });
            writeln!(jsonl, "{entry}")?;
            let _ = write!(
                md,
                "## {name}\n\n{profile}: the device {} it; {} lines reduced to {}.\n\n```c\n{reduced}```\n\n",
                if accepted { "accepts" } else { "rejects" },
                src.lines().count(),
                reduced.lines().count()
            );
            eprintln!(
                "disagreement {name}: reduced to {} lines",
                reduced.lines().count()
            );
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let _ = writeln!(
        md,
        "{programs} programs and mutants, {} builds in {secs:.0} s ({:.1} builds/s), {found} disagreement(s), {errors} build error(s)",
        device.builds,
        device.builds as f64 / secs.max(1e-9)
    );
    std::fs::write(out.join("report.md"), &md)?;
    eprintln!(
        "{programs} programs and mutants on {}: {} builds ({:.1}/s), {found} disagreement(s), {errors} error(s); report in {}",
        dev.id,
        device.builds,
        device.builds as f64 / secs.max(1e-9),
        out.join("report.md").display()
    );
    Ok(if found == 0 && errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The reduced source as a suite case: the checker's diagnostics as its expectations (they are
/// what the construction expected before reduction), with the device's verdict in a comment.
fn case_text(src: &str, profile: Profile, name: &str, accepted: bool, device: &str) -> String {
    let (sources, diags) =
        checker::check_source("fuzz.cl", src, profile, &checker::Options::default());
    let found = checker::in_main_file(&sources, &diags);
    let rules: Vec<String> = {
        let mut r: Vec<String> = found.iter().map(|(_, c)| c.to_string()).collect();
        r.dedup();
        if r.is_empty() {
            r.push("AS-INIT-CROSS".into());
        }
        r
    };
    let mut out = format!(
        "// Found by clasp fuzz ({name}): {device} {} this in {profile}.\n//@ rules: {}\n//@ profiles: {profile}\n\n",
        if accepted { "accepts" } else { "rejects" },
        rules.join(" ")
    );
    for (i, line) in src.lines().enumerate() {
        out.push_str(line);
        for (l, code) in &found {
            if *l as usize == i + 1 {
                let _ = write!(out, " //~ ERROR {code}");
            }
        }
        out.push('\n');
    }
    out
}
