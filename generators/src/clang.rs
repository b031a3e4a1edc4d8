//! The clang-16 cross-check: a deterministic sample of generated cases across rules and
//! profiles, compiled with `clang-16 -fsyntax-only`, and the documented deviations
//! (`generators/clang-16-deviations.toml`, mirrored in `reports/clang-16.md`) that explain
//! each disagreement. Expectations are never adjusted to match clang.

use crate::case::GenCase;
use checker::spec::{Profile, RuleId};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// The deviations file, embedded so every build agrees on it.
pub const DEVIATIONS: &str = include_str!("../clang-16-deviations.toml");

/// One documented clang-16 deviation.
#[derive(Debug, Clone, Deserialize)]
pub struct Deviation {
    pub rule: String,
    pub profiles: Vec<String>,
    /// Case-name patterns (`*` matches anything).
    pub cases: Vec<String>,
    /// What clang does: `accepts` (the case expects a rejection) or `rejects`.
    pub clang: String,
    /// The spec sentence the expectation rests on.
    pub spec: String,
    /// A minimal kernel showing it.
    pub kernel: String,
    pub why: String,
}

#[derive(Deserialize)]
struct File {
    deviation: Vec<Deviation>,
}

pub fn deviations() -> Vec<Deviation> {
    toml::from_str::<File>(DEVIATIONS)
        .expect("clang-16-deviations.toml is malformed")
        .deviation
}

fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let mut rest = text;
    for (i, part) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(part) else {
                return false;
            };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(part);
        } else {
            let Some(at) = rest.find(part) else {
                return false;
            };
            rest = &rest[at + part.len()..];
        }
    }
    rest.is_empty()
}

impl Deviation {
    /// Whether this deviation explains clang `accepted` case `name` in `profile`.
    pub fn explains(&self, case: &GenCase, profile: Profile, accepted: bool) -> bool {
        let rule_ok = case.rules.iter().any(|r| r.code() == self.rule);
        rule_ok
            && self.profiles.iter().any(|p| *p == profile.name())
            && self.cases.iter().any(|c| glob(c, &case.name))
            && (self.clang == "accepts") == accepted
    }
}

/// The sample: per target rule, up to `per_rule` cases spread evenly over the rule's cases,
/// each with one profile taken in turn from its list, so every rule and profile is drawn
/// (cases sized by a device query are left out: only a device expands them).
pub fn sample(cases: &[GenCase], per_rule: usize) -> Vec<(&GenCase, Profile)> {
    let mut by_rule: BTreeMap<RuleId, Vec<&GenCase>> = BTreeMap::new();
    for c in cases.iter().filter(|c| !c.sized_by_device()) {
        by_rule.entry(c.rule).or_default().push(c);
    }
    let mut out = Vec::new();
    let mut turn = 0usize;
    for group in by_rule.values() {
        let n = group.len().min(per_rule);
        for i in 0..n {
            let case = group[i * group.len() / n];
            let p = case.profiles[turn % case.profiles.len()];
            turn += 1;
            out.push((case, p));
        }
    }
    out
}

/// `clang-16` when it is on PATH.
pub fn find_clang() -> Option<&'static str> {
    Command::new("clang-16")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| "clang-16")
}

/// Compiles `case` for `profile`; `Ok(true)` when clang accepts it.
pub fn compiles(
    clang: &str,
    dir: &Path,
    case: &GenCase,
    profile: Profile,
) -> std::io::Result<(bool, String)> {
    let file = dir.join(format!(
        "{}@{}.cl",
        case.name.replace('/', "__"),
        profile.name().replace('+', "_")
    ));
    std::fs::write(&file, case.render())?;
    let out = Command::new(clang)
        .args([
            "-x",
            if profile.lang().is_cxx() {
                "clcpp"
            } else {
                "cl"
            },
        ])
        .args(profile.clang_options())
        .args(["-Xclang", "-finclude-default-header", "-fsyntax-only"])
        .arg(&file)
        .output()?;
    let _ = std::fs::remove_file(&file);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr
        .lines()
        .find(|l| l.contains("error"))
        .unwrap_or("")
        .to_string();
    Ok((out.status.success(), first))
}

/// The outcome of the sample.
#[derive(Debug, Default)]
pub struct Report {
    pub compiled: usize,
    pub agreed: usize,
    /// (case, profile, clang's first error) explained by a deviation, with its rule.
    pub deviations: Vec<(String, Profile, String)>,
    /// Disagreements no deviation explains.
    pub unexplained: Vec<String>,
}

/// Runs the sample on `jobs` threads.
pub fn run(clang: &str, sample: &[(&GenCase, Profile)], jobs: usize) -> std::io::Result<Report> {
    let devs = deviations();
    let dir = std::env::temp_dir().join(format!("clasp-gen-clang-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let chunks: Vec<&[(&GenCase, Profile)]> = sample
        .chunks(sample.len().div_ceil(jobs.max(1)).max(1))
        .collect();
    let results: Vec<std::io::Result<Vec<(usize, bool, String)>>> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .enumerate()
            .map(|(ci, chunk)| {
                let dir = &dir;
                let base = ci * chunks[0].len();
                s.spawn(move || {
                    chunk
                        .iter()
                        .enumerate()
                        .map(|(i, (c, p))| {
                            compiles(clang, dir, c, *p).map(|(ok, e)| (base + i, ok, e))
                        })
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("clang worker panicked"))
            .collect()
    });
    let _ = std::fs::remove_dir_all(&dir);
    let mut report = Report::default();
    for r in results {
        for (i, accepted, err) in r? {
            let (case, p) = sample[i];
            report.compiled += 1;
            let expect_accept = !case.rejects_in(p);
            if accepted == expect_accept {
                report.agreed += 1;
            } else if let Some(d) = devs.iter().find(|d| d.explains(case, p, accepted)) {
                report
                    .deviations
                    .push((case.name.clone(), p, format!("{}: {err}", d.rule)));
            } else {
                report.unexplained.push(format!(
                    "{}@{p}: expected {}, clang-16 {} {err}\n{}",
                    case.name,
                    if expect_accept { "accept" } else { "reject" },
                    if accepted { "accepts" } else { "rejects:" },
                    case.render()
                ));
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_and_deviations_parse() {
        assert!(glob(
            "as-diff-cross/*generic*",
            "as-diff-cross/diff-kernel-generic-x"
        ));
        assert!(!glob("as-diff-cross/*generic*", "as-init-cross/generic"));
        assert!(glob("a*", "a"));
        for d in deviations() {
            assert!(d.rule.parse::<RuleId>().is_ok(), "{}", d.rule);
            for p in &d.profiles {
                assert!(p.parse::<Profile>().is_ok(), "{p}");
            }
            assert!(d.clang == "accepts" || d.clang == "rejects");
            assert!(!d.spec.is_empty() && !d.kernel.is_empty());
        }
    }
}
