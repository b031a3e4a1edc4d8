//! `clasp fuzz --subject DEVICE [--time S] [--seed N] [--out DIR]`: differential fuzzing of one
//! OpenCL device. Seeded random programs and their one-violation mutants (`generators::random`)
//! are built on the device in an isolated worker (`drivers::pool::Worker`); a program the device
//! rejects or a mutant it accepts is a disagreement. Each is reduced with `generators::reduce`
//! while it stays the same disagreement: an accepted mutant stays accepted while the checker
//! still finds the planted rule; a rejected program stays free of checker diagnostics and is
//! rejected for a subset of the original error messages, so reduction never turns it into a
//! program that is invalid for another reason (an undeclared name, say). Each is written as a
//! suite case and recorded in `DIR/disagreements.jsonl` and `DIR/report.md`, which opens with
//! the disagreements grouped into classes.

use super::devices::DISCOVERY_TIMEOUT;
use crate::cli::FuzzArgs;
use crate::drivers::discover::{discover, slug, DeviceInfo};
use crate::drivers::pool::{Slot, WorkerFailure};
use crate::drivers::protocol::{BuildStatus, Mode};
use crate::reports::atomic;
use anyhow::{bail, Context};
use checker::spec::Profile;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{ExitCode, Stdio};
use std::time::{Duration, Instant};

const BUILD_TIMEOUT: Duration = Duration::from_secs(60);

/// The device's answers, from the harness's worker slot (its own ICD library only, replaced
/// when a worker dies), cached by source.
struct Device<'a> {
    slot: Slot<'a>,
    cache: HashMap<(String, Profile), Result<Verdict, String>>,
    builds: usize,
}

/// What the device said of one build: accepted, or rejected with these error messages.
#[derive(Debug, Clone, PartialEq)]
struct Verdict {
    accepted: bool,
    errors: BTreeSet<String>,
}

/// The error messages of a build log, without their `file:line:column:` prefix, so the same
/// error at another place after reduction compares equal.
pub(super) fn error_messages(log: &str) -> BTreeSet<String> {
    log.lines()
        .filter_map(|l| l.find("error:").map(|i| l[i..].trim().to_string()))
        .collect()
}

/// A message with its quoted parts (types, names) blanked: what a class of findings shares.
pub(super) fn message_shape(msg: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in msg.chars() {
        match (c, quoted) {
            ('\'', false) => {
                quoted = true;
                out.push_str("'…'");
            }
            ('\'', true) => quoted = false,
            (_, false) => out.push(c),
            (_, true) => {}
        }
    }
    out
}

impl Device<'_> {
    /// The device's verdict on `src` in `profile`; `Err` for a crash or a timeout.
    fn build(&mut self, src: &str, profile: Profile) -> Result<Verdict, String> {
        let key = (src.to_string(), profile);
        if let Some(r) = self.cache.get(&key) {
            return r.clone();
        }
        self.builds += 1;
        let w = self.slot.worker()?;
        let r = match w.request(src, &profile.cl_std_option(), Mode::Build, BUILD_TIMEOUT) {
            Ok(resp) => match resp.status {
                BuildStatus::Accepted => Ok(Verdict {
                    accepted: true,
                    errors: BTreeSet::new(),
                }),
                BuildStatus::Rejected => Ok(Verdict {
                    accepted: false,
                    errors: error_messages(&resp.log),
                }),
                BuildStatus::Invalid => Err(format!("invalid build status: {}", resp.log)),
            },
            Err(f) => {
                self.slot.lost();
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

/// The rule IDs (and other codes) the checker reports in the main file.
fn checker_codes(src: &str, profile: Profile) -> Vec<String> {
    let (sources, diags) =
        checker::check_source("fuzz.cl", src, profile, &checker::Options::default());
    checker::in_main_file(&sources, &diags)
        .iter()
        .map(|(_, code)| code.to_string())
        .collect()
}

/// Whether `candidate` shows the same disagreement as the original finding. `rule` is the
/// planted rule of a mutant (None for a valid program).
fn same_disagreement(
    device: &mut Device,
    candidate: &str,
    profile: Profile,
    original: &Verdict,
    rule: Option<&str>,
) -> bool {
    let Ok(v) = device.build(candidate, profile) else {
        return false;
    };
    if v.accepted != original.accepted {
        return false;
    }
    let codes = checker_codes(candidate, profile);
    match rule {
        // An invalid mutant the device accepts: the checker must still find the planted rule.
        Some(rule) => v.accepted && codes.iter().any(|c| c == rule),
        // A valid program the device rejects: still clean to the checker, and rejected for
        // the original reasons only (without error lines, only the verdict can be compared).
        None => {
            !v.accepted
                && codes.is_empty()
                && (original.errors.is_empty()
                    || (!v.errors.is_empty() && v.errors.is_subset(&original.errors)))
        }
    }
}

/// One reduced disagreement, for the report.
struct Finding {
    name: String,
    profile: Profile,
    accepted: bool,
    lines: usize,
    reduced: String,
    /// What findings of one class share: the planted rule, or the device's first error.
    class: String,
}

/// The device `--subject` names and the OpenCL C profiles it runs, with the clasp binary that
/// starts its workers.
pub(super) fn subject_device(
    subject: &str,
) -> anyhow::Result<(std::path::PathBuf, DeviceInfo, Vec<Profile>)> {
    let exe = std::env::current_exe().context("cannot find the clasp binary to start workers")?;
    let d = discover(&exe, DISCOVERY_TIMEOUT);
    let want = subject.to_ascii_lowercase();
    let Some(dev) = d.platforms.iter().flat_map(|p| &p.devices).find(|dev| {
        [&dev.id, &dev.name, &dev.platform_name]
            .iter()
            .any(|s| s.to_ascii_lowercase().contains(&want))
    }) else {
        bail!(
            "no OpenCL device matches --subject {subject} ({}); `clasp devices` lists them",
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
    Ok((exe, dev.clone(), profiles))
}

pub fn run(args: &FuzzArgs) -> anyhow::Result<ExitCode> {
    if args.runtime {
        return super::fuzz_runtime::run(args);
    }
    let (exe, dev, profiles) = subject_device(&args.subject)?;
    let dev = &dev;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| format!("reports/fuzz/{}", slug(&dev.id)).into());
    std::fs::create_dir_all(out.join("cases"))?;
    let identity = dev.identity();
    let mut jsonl = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out.join("disagreements.jsonl"))?;
    let mut md = format!(
        "# clasp fuzz: {}\n\nseed {}, {} s, profiles {}\n\n",
        identity,
        args.seed,
        args.time.as_secs_f64(),
        profiles
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let no_log = || Stdio::null();
    let mut device = Device {
        slot: Slot::new(&exe, dev, &identity, &no_log, DISCOVERY_TIMEOUT),
        cache: HashMap::new(),
        builds: 0,
    };
    let started = Instant::now();
    let deadline = started + args.time;
    let (mut programs, mut found, mut errors) = (0usize, 0usize, 0usize);
    let mut findings: Vec<Finding> = Vec::new();
    let mut i = 0u64;
    while Instant::now() < deadline {
        i += 1;
        let Some((prog, m)) = generators::random::seeded(args.seed, i, &profiles) else {
            continue;
        };
        let profile = prog.profile;
        programs += 1;
        let mutant_what = format!("{}-{}", m.kind.tag(), m.rule);
        let rule = m.rule.to_string();
        for (p, must_compile, what, planted) in [
            (&prog, true, "valid".to_string(), None),
            (&m.program, false, mutant_what, Some(rule.as_str())),
        ] {
            let src = p.source();
            let verdict = match device.build(&src, profile) {
                Ok(v) => v,
                Err(e) => {
                    errors += 1;
                    eprintln!("program {i} ({what}) in {profile}: {e}");
                    continue;
                }
            };
            let accepted = verdict.accepted;
            if accepted == must_compile {
                continue;
            }
            found += 1;
            let reduced = generators::reduce(p, |s| {
                same_disagreement(&mut device, s, profile, &verdict, planted)
            });
            let class = match planted {
                Some(rule) => format!("accepts a violation of {rule}"),
                None => {
                    let errs = device
                        .build(&reduced, profile)
                        .map(|v| v.errors)
                        .unwrap_or_default();
                    match errs.iter().next() {
                        Some(e) => format!("rejects valid code: {}", message_shape(e)),
                        None => "rejects valid code (no error in the log)".to_string(),
                    }
                }
            };
            let name = format!("seed-{}-{i}-{what}", args.seed).to_ascii_lowercase();
            let case = case_text(&reduced, profile, &name, accepted, &identity);
            atomic::write(
                &out.join("cases").join(format!("{name}.cl")),
                case.as_bytes(),
            )?;
            let entry = serde_json::json!({
                "name": name, "seed": args.seed, "index": i, "profile": profile.name(),
                "device": identity, "device_accepts": accepted, "expected_accept": must_compile,
                "lines": src.lines().count(), "reduced_lines": reduced.lines().count(),
                "source": src, "reduced": reduced, "class": class,
                "errors": verdict.errors,
            });
            writeln!(jsonl, "{entry}")?;
            eprintln!(
                "disagreement {name}: reduced to {} lines",
                reduced.lines().count()
            );
            findings.push(Finding {
                name,
                profile,
                accepted,
                lines: src.lines().count(),
                reduced,
                class,
            });
        }
    }
    let secs = started.elapsed().as_secs_f64();
    write_findings(&mut md, &findings);
    let _ = writeln!(
        md,
        "{programs} programs and mutants, {} builds in {secs:.0} s ({:.1} builds/s), {found} disagreement(s), {errors} build error(s)",
        device.builds,
        device.builds as f64 / secs.max(1e-9)
    );
    atomic::write(&out.join("report.md"), md.as_bytes())?;
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

/// The table a fuzzing report opens with, one row per class of findings: (profile, what the
/// findings share, how many, the name of the smallest, which its section is linked by). Nothing
/// when there is no class.
pub(super) fn write_class_table<'a>(
    md: &mut String,
    rows: impl IntoIterator<Item = (&'a str, &'a str, usize, &'a str)>,
) {
    let mut rows = rows.into_iter().peekable();
    if rows.peek().is_none() {
        return;
    }
    let _ = writeln!(
        md,
        "## Classes\n\n| profile | the device | findings | smallest |\n| --- | --- | ---: | --- |"
    );
    for (profile, class, n, smallest) in rows {
        let _ = writeln!(
            md,
            "| {profile} | {} | {n} | [{smallest}](#{smallest}) |",
            class.replace('|', "\\|")
        );
    }
    let _ = writeln!(md);
}

/// The report's body: a table of classes (profile and what the findings share), then each
/// finding with its reduced kernel, smallest first within its class.
fn write_findings(md: &mut String, findings: &[Finding]) {
    let mut classes: BTreeMap<(String, String), Vec<&Finding>> = BTreeMap::new();
    for f in findings {
        classes
            .entry((f.class.clone(), f.profile.name()))
            .or_default()
            .push(f);
    }
    for fs in classes.values_mut() {
        fs.sort_by_key(|f| (f.reduced.len(), f.name.clone()));
    }
    write_class_table(
        md,
        classes.iter().map(|((class, profile), fs)| {
            (
                profile.as_str(),
                class.as_str(),
                fs.len(),
                fs[0].name.as_str(),
            )
        }),
    );
    for ((class, profile), fs) in &classes {
        let _ = writeln!(md, "## {profile}: {class}\n");
        for f in fs {
            let _ = write!(
                md,
                "### {}\n\n{profile}: the device {} it; {} lines reduced to {}.\n\n```c\n{}```\n\n",
                f.name,
                if f.accepted { "accepts" } else { "rejects" },
                f.lines,
                f.reduced.lines().count(),
                f.reduced
            );
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_messages_drop_positions_so_a_moved_error_compares_equal() {
        let log =
            "<kernel>:3:5: error: use of undeclared identifier 'c0'\n    (void)(c0[3]);\n    ^\n\
                   <kernel>:9:1: warning: unused\n\
                   <kernel>:12:7: error: use of undeclared identifier 'c0'\n";
        let errs = error_messages(log);
        assert_eq!(
            errs.into_iter().collect::<Vec<_>>(),
            ["error: use of undeclared identifier 'c0'"]
        );
    }

    #[test]
    fn a_class_blanks_quoted_types() {
        assert_eq!(
            message_shape("error: initializing '__private float *' with an expression of type 'float *' changes address space"),
            "error: initializing '…' with an expression of type '…' changes address space"
        );
    }
}
