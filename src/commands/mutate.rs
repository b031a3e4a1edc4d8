//! `clasp mutate`: the mutation score. Each mutant of `clasp-mutants` is planted in the real
//! driver by `mutant-layer` (an OpenCL loader layer), the cases it can reach are run against it with
//! `clasp run`, and its results are compared with the same cases on the real driver, judged
//! with the same known deviations:
//!
//! - **killed**: a result is a finding (deviation, crash, timeout) it is not without the mutant;
//! - **masked**: results differ, but a known entry (or another reading of the spec) covers each;
//! - **equivalent**: the mutant acted and changed nothing, on cases the real driver already
//!   fails: the driver already behaves so;
//! - **uncovered**: nothing the suite runs tells the mutant apart.
//!
//! Files: `<out>/<stamp>/score.md`, `score.json`, `index.html`, and per mutant its run
//! directory (`runs/<mutant>/`), what the mutant did (`acted/<mutant>.log`) and what
//! `clasp run` printed (`logs/<mutant>.txt`).

use super::devices::DISCOVERY_TIMEOUT;
use crate::cli::{Cli, Command, MutateArgs};
use crate::drivers::discover::discover;
use crate::reports::html::esc;
use crate::reports::known::Known;
use crate::reports::{atomic, summarise, Outcome, SavedRun};
use crate::results::{Actual, ResultKey, RunKind, RunStatus};
use anyhow::{bail, Context as _};
use clap::Parser as _;
use clasp_mutants::{Api, How, Mutant, Reach, MUTANTS};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// How one mutant fared.
#[derive(Debug, Clone, Serialize)]
pub struct Score {
    pub mutant: String,
    pub class: String,
    /// `killed`, `masked`, `equivalent`, `uncovered`.
    pub status: &'static str,
    /// Cases it could reach and was run on, of the selection.
    pub cases: usize,
    /// How many times the driver under the mutant did what the mutant changes.
    pub acted: usize,
    /// Results that became findings: `case [profile]`.
    pub killed_by: Vec<String>,
    /// Why it survived (empty when killed).
    pub reason: String,
}

pub fn run(args: &MutateArgs) -> anyhow::Result<ExitCode> {
    if args.list {
        print!("{}", list());
        return Ok(ExitCode::SUCCESS);
    }
    let Some(subject) = &args.subject else {
        bail!("name the device to mutate with --subject (clasp devices lists them)");
    };
    let chosen: Vec<&'static Mutant> = if args.mutant.is_empty() {
        MUTANTS.iter().collect()
    } else {
        let mut v = Vec::new();
        for name in &args.mutant {
            v.push(
                clasp_mutants::find(name)
                    .with_context(|| format!("no mutant named {name:?} (clasp mutate --list)"))?,
            );
        }
        v
    };
    let exe = std::env::current_exe().context("cannot find the clasp binary")?;
    let layer = match &args.layer {
        Some(p) => p.clone(),
        None => exe.with_file_name("libmutant_layer.so"),
    };
    if !layer.exists() {
        bail!(
            "{} not found: build the mutant layer with `cargo build --release -p mutant-layer`, or give --layer",
            layer.display()
        );
    }
    let layer = std::fs::canonicalize(&layer)?;

    // The device and its vendor library, as the real driver shows them.
    let found = discover(&exe, DISCOVERY_TIMEOUT);
    let needle = subject.to_lowercase();
    let devices: Vec<_> = found
        .platforms
        .iter()
        .flat_map(|p| &p.devices)
        .filter(|d| d.id.to_lowercase().contains(&needle))
        .collect();
    let device = match devices.as_slice() {
        [d] => *d,
        [] => bail!("no device matches {subject:?} (clasp devices lists them)"),
        _ => bail!(
            "{subject:?} matches {} devices: {}",
            devices.len(),
            devices
                .iter()
                .map(|d| d.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let Some(library) = device.icd.as_ref().map(|i| i.library.clone()) else {
        bail!("cannot tell which vendor library {} lives in", device.id);
    };

    // The cases, selected as `clasp run` would, and which of them each mutant reaches.
    let run_args = run_args(args, &device.id, &[])?;
    let cases = super::select::cases(&run_args, None)?.cases;
    let reach: Vec<Vec<&str>> = chosen
        .iter()
        .map(|m| {
            cases
                .iter()
                .filter(|c| m.reaches(&c.source))
                .map(|c| c.name.as_str())
                .collect()
        })
        .collect();
    let all: BTreeSet<&str> = reach.iter().flatten().copied().collect();

    let stamp = super::select::new_run_dir(&args.out, None)?;
    let vendors = stamp.join("vendors");
    for d in ["vendors", "runs", "acted", "logs"] {
        std::fs::create_dir_all(stamp.join(d))?;
    }
    // The loader sees the device's own driver alone, with the layer in front of it.
    std::fs::write(vendors.join("target.icd"), format!("{library}\n"))?;
    eprintln!(
        "clasp mutate: {} mutant(s) on {} ({library}); {} of {} case(s) reached -> {}",
        chosen.len(),
        device.id,
        all.len(),
        cases.len(),
        stamp.display()
    );

    // The unmutated run of every reached case, then one run per mutant.
    let names: Vec<&str> = all.iter().copied().collect();
    let base_dir = run_one(args, &exe, &device.id, &names, &stamp, "unmutated", None)?;
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    let base = SavedRun::load(&base_dir)?;
    // A mutant that acts only on failed builds reaches only the cases whose build failed on the
    // real driver; one that changes device queries, none when the device already answers so.
    let failed: BTreeSet<&str> = base
        .results
        .iter()
        .filter(|r| build_failed(&r.actual))
        .map(|r| r.case.as_str())
        .collect();
    let mut scores = Vec::new();
    for (m, reached) in chosen.iter().zip(&reach) {
        let reached: Vec<&str> = match m.reach() {
            Reach::Rejecting | Reach::FailedBuild => reached
                .iter()
                .copied()
                .filter(|c| failed.contains(c))
                .collect(),
            _ => reached.clone(),
        };
        let env = MutantEnv {
            vendors: &vendors,
            layer: &layer,
            name: m.name,
        };
        let quiet = matches!(m.how, How::Device(_)) && !acts_in_discovery(&exe, &env, &stamp)?;
        let score = if quiet {
            Score {
                mutant: m.name.into(),
                class: m.class.name().into(),
                status: "equivalent",
                cases: 0,
                acted: 0,
                killed_by: Vec::new(),
                reason: "the device already answers so (the mutant changed no query answer)".into(),
            }
        } else if reached.is_empty() {
            Score {
                mutant: m.name.into(),
                class: m.class.name().into(),
                status: "uncovered",
                cases: 0,
                acted: 0,
                killed_by: Vec::new(),
                reason: "no case of the selection reaches what it changes".into(),
            }
        } else {
            let dir = run_one(args, &exe, &device.id, &reached, &stamp, m.name, Some(env))?;
            let acted =
                std::fs::read_to_string(stamp.join("acted").join(format!("{}.log", m.name)))
                    .map(|t| t.lines().count())
                    .unwrap_or(0);
            let mutated = SavedRun::load(&dir)?;
            judge(m, reached.len(), acted, &base, &mutated, &known)
        };
        eprintln!(
            "clasp mutate: {:<36} {:<10} {}",
            score.mutant, score.status, score.reason
        );
        scores.push(score);
    }

    if let Some(time) = args.fuzz {
        fuzz_survivors(
            args,
            &exe,
            &device.id,
            &vendors,
            &layer,
            &stamp,
            time,
            &mut scores,
        )?;
    }

    let md = markdown(
        &scores,
        device,
        &std::env::args().skip(1).collect::<Vec<_>>(),
    );
    atomic::write(&stamp.join("score.md"), md.as_bytes())?;
    atomic::write(
        &stamp.join("score.json"),
        (serde_json::to_string_pretty(&scores)? + "\n").as_bytes(),
    )?;
    atomic::write(
        &stamp.join("index.html"),
        html(&scores, &device.id).as_bytes(),
    )?;
    print!("{md}");
    println!("Score: {}", stamp.join("score.md").display());
    let open = scores
        .iter()
        .any(|s| matches!(s.status, "masked" | "uncovered"));
    Ok(if open {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

struct MutantEnv<'a> {
    /// A vendors folder naming the device's driver alone.
    vendors: &'a Path,
    layer: &'a Path,
    name: &'a str,
}

impl MutantEnv<'_> {
    fn apply(&self, cmd: &mut std::process::Command, stamp: &Path) {
        cmd.env("OCL_ICD_VENDORS", self.vendors)
            .env_remove("OCL_ICD_FILENAMES")
            .env("OPENCL_LAYERS", self.layer)
            .env("CLASP_MUTANT", self.name)
            .env(
                "CLASP_MUTANT_LOG",
                stamp.join("acted").join(format!("{}.log", self.name)),
            );
    }
}

/// `clasp fuzz --runtime` for `time` on the real driver, then on each mutant the suite left
/// alive (masked or uncovered), all with one seed: a mutant whose campaign has a mismatch in a
/// program (index, variant, profile) that the real driver's campaign ran cleanly is killed by
/// that program.
#[allow(clippy::too_many_arguments)]
fn fuzz_survivors(
    args: &MutateArgs,
    exe: &Path,
    device: &str,
    vendors: &Path,
    layer: &Path,
    stamp: &Path,
    time: std::time::Duration,
    scores: &mut [Score],
) -> anyhow::Result<()> {
    let alive: Vec<usize> = (0..scores.len())
        .filter(|&i| matches!(scores[i].status, "masked" | "uncovered"))
        .collect();
    if alive.is_empty() {
        return Ok(());
    }
    let campaign = |label: &str, env: Option<MutantEnv<'_>>| -> anyhow::Result<Campaign> {
        let out = stamp.join("fuzz").join(label);
        let mut cmd = std::process::Command::new(exe);
        cmd.args(["fuzz", "--runtime", "--subject", device])
            .arg("--time")
            .arg(format!("{}", time.as_secs_f64()))
            .arg("--seed")
            .arg(args.seed.to_string())
            .arg("-j")
            .arg(args.jobs.unwrap_or(1).to_string())
            .arg("--out")
            .arg(&out);
        if let Some(e) = env {
            e.apply(&mut cmd, stamp);
        }
        let log = std::fs::File::create(stamp.join("logs").join(format!("fuzz-{label}.txt")))?;
        cmd.stdout(log.try_clone()?).stderr(log);
        let status = cmd.status().context("cannot start clasp fuzz")?;
        if !matches!(status.code(), Some(0 | 1)) {
            bail!("clasp fuzz for {label} failed ({status})");
        }
        Campaign::load(&out)
    };
    eprintln!(
        "clasp mutate: fuzzing {} survivor(s) for {:?} each, and the real driver",
        alive.len(),
        time
    );
    let real = campaign("unmutated", None)?;
    for i in alive {
        let s = &mut scores[i];
        let env = MutantEnv {
            vendors,
            layer,
            name: clasp_mutants::find(&s.mutant).map_or("", |m| m.name),
        };
        let ran = campaign(&s.mutant.clone(), Some(env))?;
        let new = ran.new_against(&real);
        if new.is_empty() {
            s.reason = format!(
                "{}; fuzzing: {} program(s), no mismatch the real driver lacks",
                s.reason, ran.programs
            );
        } else {
            s.status = "killed";
            s.reason = String::new();
            s.killed_by = new;
        }
        eprintln!("clasp mutate: {:<36} {:<10} (fuzzing)", s.mutant, s.status);
    }
    Ok(())
}

/// A `clasp fuzz --runtime` campaign's programs and its mismatches (index, variant, profile).
struct Campaign {
    programs: u64,
    mismatches: BTreeSet<(u64, String, String)>,
}

impl Campaign {
    /// This campaign's mismatches in programs that `real` ran cleanly.
    fn new_against(&self, real: &Campaign) -> Vec<String> {
        self.mismatches
            .iter()
            .filter(|(index, ..)| *index <= real.programs)
            .filter(|m| !real.mismatches.contains(m))
            .map(|(index, variant, profile)| format!("fuzz program {index} {variant} [{profile}]"))
            .collect()
    }

    fn load(dir: &Path) -> anyhow::Result<Campaign> {
        let c: serde_json::Value = serde_json::from_slice(
            &std::fs::read(dir.join("campaign.json"))
                .with_context(|| format!("no campaign.json in {}", dir.display()))?,
        )?;
        let mut mismatches = BTreeSet::new();
        if let Ok(text) = std::fs::read_to_string(dir.join("mismatches.jsonl")) {
            for line in text.lines() {
                let v: serde_json::Value = serde_json::from_str(line)?;
                let text = |k: &str| v[k].as_str().unwrap_or_default().to_string();
                mismatches.insert((
                    v["index"].as_u64().unwrap_or(0),
                    text("variant"),
                    text("profile"),
                ));
            }
        }
        Ok(Campaign {
            programs: c["programs"].as_u64().unwrap_or(0),
            mismatches,
        })
    }
}

/// Whether the build (or a run-time case's build step) failed.
fn build_failed(a: &Actual) -> bool {
    match a {
        Actual::Rejected { .. } | Actual::Invalid { .. } => true,
        Actual::Ran { run } => run.step.as_deref() == Some("build"),
        _ => false,
    }
}

/// Whether the mutant changes a device query answer that discovery reads (the driver version
/// aside, which every mutant marks).
fn acts_in_discovery(exe: &Path, env: &MutantEnv<'_>, stamp: &Path) -> anyhow::Result<bool> {
    let probe = stamp.join("acted").join(format!("{}.probe", env.name));
    let mut cmd = std::process::Command::new(exe);
    cmd.args(["devices", "--format", "json"]);
    env.apply(&mut cmd, stamp);
    cmd.env("CLASP_MUTANT_LOG", &probe);
    cmd.output().context("cannot run clasp devices")?;
    Ok(std::fs::read_to_string(&probe).is_ok_and(|t| !t.trim().is_empty()))
}

/// `clasp run`'s arguments for these cases on this device (parsed as the command line would be,
/// so every default is `clasp run`'s own).
fn run_args(
    args: &MutateArgs,
    device: &str,
    names: &[&str],
) -> anyhow::Result<crate::cli::RunArgs> {
    let mut v: Vec<String> = vec![
        "clasp".into(),
        "run".into(),
        "--subject".into(),
        device.into(),
    ];
    v.extend(["--suite".into(), args.suite.name().into()]);
    v.extend(["--cases".into(), args.cases.display().to_string()]);
    if let Some(n) = args.sample {
        v.extend([
            "--sample".into(),
            n.to_string(),
            "--seed".into(),
            args.seed.to_string(),
        ]);
    }
    for n in names {
        v.extend(["--case".into(), glob_escape(n)]);
    }
    v.extend([
        "--timeout".into(),
        args.timeout.to_string(),
        "--known".into(),
        args.known.display().to_string(),
    ]);
    if let Some(j) = args.jobs {
        v.extend(["-j".into(), j.to_string()]);
    }
    match Cli::try_parse_from(&v)?.command {
        Command::Run(r) => Ok(*r),
        _ => bail!("internal: not a run"),
    }
}

/// A case name as a glob that matches only it.
fn glob_escape(name: &str) -> String {
    name.chars()
        .map(|c| {
            if matches!(c, '*' | '?' | '[' | ']') {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// Runs `clasp run` on `names` (under the mutant when `env` is given); its run directory.
fn run_one(
    args: &MutateArgs,
    exe: &Path,
    device: &str,
    names: &[&str],
    stamp: &Path,
    label: &str,
    env: Option<MutantEnv<'_>>,
) -> anyhow::Result<PathBuf> {
    let out = stamp.join("runs").join(label);
    let mut cmd = std::process::Command::new(exe);
    cmd.args([
        "run",
        "--subject",
        device,
        "--suite",
        args.suite.name(),
        "--plain",
    ]);
    cmd.arg("--cases").arg(&args.cases);
    if let Some(n) = args.sample {
        cmd.args(["--sample", &n.to_string(), "--seed", &args.seed.to_string()]);
    }
    for n in names {
        cmd.args(["--case", &glob_escape(n)]);
    }
    if !args.profile.is_empty() {
        let p: Vec<String> = args.profile.iter().map(|p| p.to_string()).collect();
        cmd.args(["--profile", &p.join(",")]);
    }
    cmd.arg("--timeout").arg(args.timeout.to_string());
    cmd.arg("--known").arg(&args.known);
    cmd.arg("--out").arg(&out);
    cmd.arg("--cache-dir").arg(&args.cache_dir);
    if let Some(j) = args.jobs {
        cmd.args(["-j", &j.to_string()]);
    }
    if let Some(e) = env {
        e.apply(&mut cmd, stamp);
    }
    let log = std::fs::File::create(stamp.join("logs").join(format!("{label}.txt")))?;
    cmd.stdout(log.try_clone()?).stderr(log);
    let status = cmd.status().context("cannot start clasp run")?;
    // 0 and 1 are a run that finished (1: findings); 2 is an error.
    if !matches!(status.code(), Some(0 | 1)) {
        bail!(
            "clasp run for {label} failed ({status}): see {}",
            stamp.join("logs").join(format!("{label}.txt")).display()
        );
    }
    let dir = std::fs::read_dir(&out)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .max()
        .with_context(|| format!("no run directory under {}", out.display()))?;
    Ok(dir)
}

/// What a user compares: the outcome and what ran, not logs or times.
fn essence(a: &Actual) -> serde_json::Value {
    let mut v = serde_json::to_value(a).unwrap_or_default();
    if let Some(o) = v.as_object_mut() {
        o.remove("log");
        if let Some(r) = o.get_mut("run").and_then(|r| r.as_object_mut()) {
            r.remove("log");
        }
    }
    v
}

fn finding(o: Outcome) -> bool {
    matches!(o, Outcome::Deviation | Outcome::Crash | Outcome::Timeout)
}

fn judge(
    m: &Mutant,
    cases: usize,
    acted: usize,
    base: &SavedRun,
    mutated: &SavedRun,
    known: &Known,
) -> Score {
    let (sb, sm) = (summarise(base, known), summarise(mutated, known));
    let key = |r: &crate::results::CaseResult| -> ResultKey { r.key() };
    let before: BTreeMap<ResultKey, (Outcome, serde_json::Value)> = sb
        .reported
        .iter()
        .map(|r| (key(r.result), (r.outcome, essence(&r.result.actual))))
        .collect();
    let (mut killed_by, mut masked, mut readings) = (Vec::new(), BTreeSet::new(), 0usize);
    let mut already_failing = 0usize;
    let mut differing = 0usize;
    for r in &sm.reported {
        let now = essence(&r.result.actual);
        let at = format!("{} [{}]", r.result.case, r.result.profile);
        match before.get(&key(r.result)) {
            None => {
                if finding(r.outcome) {
                    killed_by.push(format!("{at} (a result the real driver does not have)"));
                }
            }
            Some((o, then)) => {
                if !matches!(o, Outcome::Pass | Outcome::Skipped) {
                    already_failing += 1;
                }
                if *then == now {
                    continue;
                }
                differing += 1;
                if finding(r.outcome) {
                    killed_by.push(at);
                } else if r.outcome == Outcome::Known {
                    masked.insert(r.known.map_or("?".to_string(), |e| e.origin.clone()));
                } else if r.outcome == Outcome::Interpretation {
                    readings += 1;
                }
            }
        }
    }
    let (status, reason) = if !killed_by.is_empty() {
        ("killed", String::new())
    } else if !masked.is_empty() || readings > 0 {
        let mut why = Vec::new();
        if !masked.is_empty() {
            why.push(format!(
                "by known entries {}",
                masked.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
        if readings > 0 {
            why.push(format!(
                "{readings} result(s) judged another reading of the spec"
            ));
        }
        ("masked", why.join("; "))
    } else if let Some(symptom) = already(m, base, known).filter(|_| differing == 0) {
        (
            "equivalent",
            format!("the real driver already does it: {symptom}"),
        )
    } else if matches!(m.how, How::Source(_)) && acted > 0 && differing == 0 && already_failing > 0
    {
        // A rewritten built-in or declaration that changes nothing where the real driver
        // already fails the cases using it: the driver already behaves so. A changed query
        // answer proves no such thing (the limit cases may simply be missing).
        (
            "equivalent",
            format!("acted {acted} time(s) and changed no result; {already_failing} reached result(s) already fail on the real driver"),
        )
    } else if acted == 0 {
        (
            "uncovered",
            format!("never acted on the {cases} reached case(s)"),
        )
    } else {
        (
            "uncovered",
            format!("acted {acted} time(s); {differing} result(s) changed, none to a finding"),
        )
    };
    Score {
        mutant: m.name.into(),
        class: m.class.name().into(),
        status,
        cases,
        acted,
        killed_by,
        reason,
    }
}

/// For a mutant that hides an error: where the real driver already does not raise it (a
/// result of the real run that shows the same symptom), which is why the mutant has nothing to
/// hide.
fn already(m: &Mutant, base: &SavedRun, known: &Known) -> Option<String> {
    let symptom = |r: &crate::results::CaseResult| match (m.how, &r.actual) {
        (How::Api(Api::LocalArgValueAccepted), Actual::Ran { run }) => {
            run.status == RunStatus::NoError
                && run
                    .step
                    .as_deref()
                    .is_some_and(|s| s.starts_with("set-arg"))
        }
        (How::Api(Api::EnqueueErrorsSwallowed), Actual::Ran { run }) => {
            run.status == RunStatus::NoError
                && matches!(
                    run.step.as_deref(),
                    Some("build-or-enqueue" | "enqueue" | "finish")
                )
        }
        (How::StdFallback, Actual::Accepted { .. }) => r.kind == RunKind::UnsupportedStd,
        _ => false,
    };
    if matches!(m.how, How::StdFallback)
        && !base
            .results
            .iter()
            .any(|r| r.kind == RunKind::UnsupportedStd)
    {
        return Some("the device reports every OpenCL C version the cases build for".into());
    }
    let s = summarise(base, known);
    let hit = s
        .reported
        .iter()
        .find(|r| !matches!(r.outcome, Outcome::Pass | Outcome::Skipped) && symptom(r.result))?;
    Some(format!(
        "{} [{}] ({})",
        hit.result.case,
        hit.result.profile,
        hit.known.map_or_else(
            || hit.outcome.name().to_string(),
            |e| format!("known: {}", e.origin)
        )
    ))
}

/// `clasp mutate --list`.
fn list() -> String {
    let mut out = String::new();
    for m in MUTANTS {
        let _ = writeln!(
            out,
            "{:<36} {:<20} {}\n{:<36} {:<20} how: {}",
            m.name,
            m.class.name(),
            m.models,
            "",
            "",
            m.how_text()
        );
    }
    let _ = writeln!(out, "{} mutant(s)", MUTANTS.len());
    out
}

fn counts(scores: &[Score]) -> String {
    let n = |s: &str| scores.iter().filter(|x| x.status == s).count();
    let killable = scores.len() - n("equivalent");
    format!(
        "{} of {} non-equivalent mutant(s) killed ({} masked, {} uncovered, {} equivalent)",
        n("killed"),
        killable,
        n("masked"),
        n("uncovered"),
        n("equivalent")
    )
}

fn markdown(scores: &[Score], device: &crate::drivers::DeviceInfo, argv: &[String]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# clasp mutate: {}\n", device.id);
    let _ = writeln!(out, "- device: {}", device.identity());
    let _ = writeln!(out, "- command: `clasp {}`", argv.join(" "));
    let _ = writeln!(out, "- {}\n", counts(scores));
    let _ = writeln!(out, "| mutant | class | status | cases run | acted | killed by / why it survived |\n| --- | --- | --- | ---: | ---: | --- |");
    for s in scores {
        let detail = if s.killed_by.is_empty() {
            s.reason.clone()
        } else {
            let mut k: Vec<String> = s
                .killed_by
                .iter()
                .take(3)
                .map(|c| format!("`{c}`"))
                .collect();
            if s.killed_by.len() > 3 {
                k.push(format!("and {} more", s.killed_by.len() - 3));
            }
            k.join(", ")
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} |",
            s.mutant, s.class, s.status, s.cases, s.acted, detail
        );
    }
    out
}

fn html(scores: &[Score], device: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>clasp mutate: {d}</title><style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em;vertical-align:top}}.killed{{background:#e6f4e6}}.masked,.uncovered{{background:#fbe9e7}}.equivalent{{background:#eee}}</style></head><body><h1>clasp mutate: {d}</h1><p>{c}</p><table><tr><th>mutant</th><th>class</th><th>status</th><th>cases run</th><th>acted</th><th>killed by / why it survived</th></tr>",
        d = esc(device),
        c = esc(&counts(scores))
    );
    for s in scores {
        let detail = if s.killed_by.is_empty() {
            esc(&s.reason)
        } else {
            s.killed_by
                .iter()
                .map(|k| esc(k))
                .collect::<Vec<_>>()
                .join("<br>")
        };
        let _ = write!(
            out,
            "<tr class=\"{st}\"><td><code>{m}</code></td><td>{c}</td><td>{st}</td><td>{n}</td><td>{a}</td><td>{detail}</td></tr>",
            st = s.status,
            m = esc(&s.mutant),
            c = esc(&s.class),
            n = s.cases,
            a = s.acted
        );
    }
    out.push_str("</table></body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::Campaign;

    fn campaign(programs: u64, mismatches: &[(u64, &str)]) -> Campaign {
        Campaign {
            programs,
            mismatches: mismatches
                .iter()
                .map(|(i, v)| (*i, v.to_string(), "CL1.2".to_string()))
                .collect(),
        }
    }

    #[test]
    fn a_fuzz_kill_is_a_mismatch_in_a_program_the_real_driver_ran_cleanly() {
        let real = campaign(10, &[(3, "program")]);
        // 3/program fails on the real driver too; 12 is past what the real driver ran.
        let mutant = campaign(
            20,
            &[(3, "program"), (3, "emi"), (7, "program"), (12, "program")],
        );
        assert_eq!(
            mutant.new_against(&real),
            [
                "fuzz program 3 emi [CL1.2]",
                "fuzz program 7 program [CL1.2]"
            ]
        );
        assert!(campaign(5, &[(3, "program")]).new_against(&real).is_empty());
    }
}
