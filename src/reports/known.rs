//! Known deviations as data: `reports/known/<driver>.toml`. An entry is a fact about a driver
//! and a rule, so it names a class of results by what they are, in whichever suite they come
//! from (the hand-written corpus, the generated suite, a fuzzing reproducer):
//!
//! ```toml
//! # Why, in a comment above every entry.
//! [[known]]
//! device = { platform = "nvidia" }         # which subjects (case-insensitive substrings)
//! fixed_in = "590"                         # optional: from this driver version on it is a bug again
//! rules = ["AS-COMPOUND-LITERAL-SPACE"]    # the rules the results are about (any of them)
//! where = { space = ["*constant", "*global", "*local"] }  # case properties (globs, any of)
//! actual = ["accepted"]                    # optional: what the subject did
//! profiles = ["CL1.2", "CL3.0*"]           # optional: profile globs
//! why = "driver deviation: ... (findings.md, NVIDIA compound literal)"
//! ```
//!
//! A run-time class states the shape of the wrong answer, so that it cannot cover a result
//! that also holds another bug:
//!
//! ```toml
//! [[known]]
//! device = { platform = "intel(r) opencl" }
//! rules = ["AS-TO-NAMED-RESULT"]
//! actual = "mismatch"
//! observed = [{ buffer = "other_space", expected = "1", actual = "0" }]  # NULL expected, the pointer came back
//! why = "..."
//! ```
//!
//! - `device` fields are case-insensitive substrings: `subject` of the subject id, `platform` of
//!   the platform name and version, `device` of the device name, `driver` of the device and
//!   driver versions (for the checker and compilers, which have one identity string, each is
//!   matched against all of it). At least one is required, so an entry never silently applies
//!   to every subject.
//! - `versions` (a requirement such as `">=3.1, <5"`) and `fixed_in` (`"5.0"`: the entry applies
//!   below it) compare the first version number of the driver version field; an entry with
//!   either applies only to a driver whose version number can be read.
//! - `rules` match the rules a result is about (for a result that must be rejected, the rules
//!   expected in its profile; otherwise every rule its case lists; `API-CL-STD` for the derived
//!   "unsupported `-cl-std` must fail" results).
//! - `where` matches case properties: a generated case's dimensions, which hand-written cases
//!   declare with `//@ props:` (`suite/README.md`). A case without the property does not match.
//! - `cases` are globs over case names (`*` any text, `?` one character): the last resort, for
//!   one case that no property describes. Each may end in `@PROFILE`.
//! - `kind` restricts an entry to one kind of result (`unsupported-std`, `arg-qualifiers`).
//! - `device` may be a list (any of): a class clang's front end has is declared once, in
//!   `clang.toml`, for the clang subjects and each clang-based driver that shows it. Whether an
//!   entry is stale is judged per subject.
//! - `observed` (required when `actual` names `mismatch`): the shapes of the wrong answer, each
//!   a `buffer` (glob over the buffer's name) or a `query` (glob over the query's text) with
//!   globs over the `expected` and `actual` values as text. A mismatch is named only when every
//!   differing element of every buffer and every failed query fits one shape; an entry without
//!   `observed` never names a mismatch.
//!
//! An entry needs `rules`, `where` or `cases`. Matching happens when a report is rendered, so a saved
//! run can be re-rendered against a new known file; nothing edits a case.

use super::saved::{CaseInfo, CL_STD_RULE};
use crate::glob::Globs;
use crate::results::{Actual, CaseResult, Expected, QueryCheck, RunKind, RunStatus};
use anyhow::{bail, Context as _};
use checker::spec::{Profile, RuleId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeviceMatch {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver: Option<String>,
}

/// One device selector or a list of them (any of). Read through a TOML value, so that a
/// misspelt field is named as such rather than as "no variant matched".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged, try_from = "toml::Value")]
pub enum Devices {
    One(DeviceMatch),
    Many(Vec<DeviceMatch>),
}

impl TryFrom<toml::Value> for Devices {
    type Error = toml::de::Error;
    fn try_from(v: toml::Value) -> Result<Devices, toml::de::Error> {
        Ok(match v {
            toml::Value::Array(_) => Devices::Many(v.try_into()?),
            v => Devices::One(v.try_into()?),
        })
    }
}

impl Devices {
    pub fn all(&self) -> &[DeviceMatch] {
        match self {
            Devices::One(d) => std::slice::from_ref(d),
            Devices::Many(v) => v,
        }
    }
}

/// One shape of a wrong run-time answer: which buffer or query, and what was observed against
/// what was expected.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shape {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buffer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    pub expected: String,
    pub actual: String,
}

/// A shape's globs, compiled when loading.
#[derive(Debug, Clone)]
struct CompiledShape {
    buffer: Option<Globs>,
    query: Option<Globs>,
    expected: Globs,
    actual: Globs,
    /// `expected` and `actual` are both `*`: any wrong value in the buffer fits, so the values
    /// a run did not keep fit too.
    any_value: bool,
}

impl CompiledShape {
    /// Whether every wrong value of `buffer` fits, seen or not.
    fn fits_any_value_of(&self, buffer: &str) -> bool {
        self.any_value && self.buffer.as_ref().is_some_and(|g| g.matches(buffer))
    }

    fn fits_element(&self, buffer: &str, expected: i64, actual: i64) -> bool {
        self.buffer.as_ref().is_some_and(|g| g.matches(buffer))
            && self.expected.matches(&expected.to_string())
            && self.actual.matches(&actual.to_string())
    }

    fn fits_query(&self, q: &QueryCheck) -> bool {
        self.query.as_ref().is_some_and(|g| g.matches(&q.query))
            && self.expected.matches(&q.expected)
            && self.actual.matches(&q.actual)
    }
}

/// One value or a list of them, as TOML lets an entry write either.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    fn values(&self) -> &[String] {
        match self {
            OneOrMany::One(s) => std::slice::from_ref(s),
            OneOrMany::Many(v) => v,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnownEntry {
    pub device: Devices,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_in: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
    #[serde(default, rename = "where", skip_serializing_if = "BTreeMap::is_empty")]
    pub props: BTreeMap<String, OneOrMany>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actual: Option<OneOrMany>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub profiles: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cases: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<RunKind>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub observed: Vec<Shape>,
    pub why: String,
    /// Where the entry comes from (`pocl.toml #2`), filled in when loading.
    #[serde(skip)]
    pub origin: String,
    #[serde(skip)]
    compiled: Compiled,
}

/// The entry's patterns, compiled when loading.
#[derive(Debug, Clone, Default)]
struct Compiled {
    versions: Option<semver::VersionReq>,
    fixed_in: Option<semver::Version>,
    props: Vec<(String, Globs)>,
    actual: Option<Globs>,
    profiles: Option<Globs>,
    /// `cases`: a glob per profile (`None`: every profile).
    cases: Vec<(Option<String>, Globs)>,
    observed: Vec<CompiledShape>,
}

impl PartialEq for Compiled {
    // Derived from the entry's own fields, so it never tells two entries apart.
    fn eq(&self, _: &Compiled) -> bool {
        true
    }
}

/// What a result looks like to an entry: the result, its case (if the run saved it) and the
/// rules the result is about.
pub struct Subjected<'a> {
    pub result: &'a CaseResult,
    pub case: Option<&'a CaseInfo>,
    pub rules: &'a [String],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KnownFile {
    #[serde(default)]
    known: Vec<KnownEntry>,
}

/// Every entry of every `*.toml` in a directory.
#[derive(Debug, Clone, Default)]
pub struct Known {
    pub entries: Vec<KnownEntry>,
}

impl Known {
    /// Loads `dir/*.toml` in name order; a missing directory is no known deviation.
    pub fn load(dir: &Path) -> anyhow::Result<Known> {
        let mut files: Vec<_> = match std::fs::read_dir(dir) {
            Ok(rd) => rd
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "toml"))
                .collect(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", dir.display())),
        };
        files.sort();
        let mut entries = Vec::new();
        for f in files {
            let text = std::fs::read_to_string(&f)
                .with_context(|| format!("cannot read {}", f.display()))?;
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            entries.extend(Known::parse(&name, &text)?.entries);
        }
        Ok(Known { entries })
    }

    /// Parses one file's text; `name` is how entries say where they come from.
    pub fn parse(name: &str, text: &str) -> anyhow::Result<Known> {
        let file: KnownFile = toml::from_str(text).with_context(|| format!("in {name}"))?;
        let mut entries = file.known;
        for (i, e) in entries.iter_mut().enumerate() {
            e.origin = format!("{name} #{}", i + 1);
            e.compiled = e.compile().with_context(|| e.origin.clone())?;
        }
        Ok(Known { entries })
    }

    /// The first entry that names the result. A result that passed is named by an entry whose
    /// `actual` is one way this result could have failed (a must-reject case the driver
    /// accepted, a must-build case it rejected, a run that went wrong), so that an entry whose
    /// class passes throughout is found stale, and a case of the other direction is not.
    pub fn find(&self, r: &Subjected<'_>) -> Option<(usize, &KnownEntry)> {
        self.entries.iter().enumerate().find(|(_, e)| e.matches(r))
    }
}

/// The first version number in `text` (`driver 3.1+debian` → 3.1.0, `580.159.04` →
/// 580.159.4), as semver compares it.
pub fn version_in(text: &str) -> Option<semver::Version> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let numbers: Vec<u64> = text[start..]
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .next()?
        .split('.')
        .take(3)
        .map_while(|n| n.parse().ok())
        .collect();
    let n = |i: usize| numbers.get(i).copied().unwrap_or(0);
    Some(semver::Version::new(n(0), n(1), n(2)))
}

/// What the subject did, as `actual` names it: `accepted`, `rejected`, `crash`, `timeout`,
/// `invalid`, `skipped`, or a run-time case's status (`mismatch`, `error`, `no-error`, ...).
pub fn actual_name(a: &Actual) -> String {
    match a {
        Actual::Accepted { .. } => "accepted".into(),
        Actual::Rejected { .. } => "rejected".into(),
        Actual::Diagnostics { diagnostics } if diagnostics.is_empty() => "accepted".into(),
        Actual::Diagnostics { .. } => "rejected".into(),
        Actual::Invalid { .. } => "invalid".into(),
        Actual::Crash { .. } => "crash".into(),
        Actual::Timeout { .. } => "timeout".into(),
        Actual::Skipped { .. } => "skipped".into(),
        Actual::Ran { run } => serde_json::to_value(run.status)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
    }
}

/// The outcomes (as `actual` names them) a result that passed could have failed with.
fn failures_of(r: &CaseResult) -> &'static [&'static str] {
    let rejecting = match &r.expected {
        Expected::Reject => true,
        Expected::Diagnostics { diagnostics } => !diagnostics.is_empty(),
        Expected::Accept => false,
    };
    match (&r.actual, rejecting) {
        (Actual::Ran { .. }, _) => &[
            "rejected", "mismatch", "error", "no-error", "crash", "timeout", "invalid",
        ],
        (_, true) => &["accepted", "crash", "timeout", "invalid"],
        (_, false) => &["rejected", "crash", "timeout", "invalid"],
    }
}

const ACTUALS: &[&str] = &[
    "accepted",
    "rejected",
    "invalid",
    "crash",
    "timeout",
    "skipped",
    "ok",
    "failed-as-expected",
    "mismatch",
    "error",
    "no-error",
];

fn globs(origin: &str, what: &str, patterns: &[String]) -> anyhow::Result<Globs> {
    Globs::new(patterns).with_context(|| format!("{origin}: `{what}`"))
}

impl KnownEntry {
    fn compile(&self) -> anyhow::Result<Compiled> {
        if self.device.all().is_empty() {
            bail!("`device` is an empty list");
        }
        for d in self.device.all() {
            if [&d.subject, &d.platform, &d.device, &d.driver]
                .iter()
                .all(|f| f.as_deref().is_none_or(|s| s.trim().is_empty()))
            {
                bail!("`device` needs at least one of subject, platform, device, driver (an entry must not apply to every subject)");
            }
        }
        if self.rules.is_empty() && self.props.is_empty() && self.cases.is_empty() {
            bail!("an entry needs `rules` or `where` (the class of cases) or, as a last resort, `cases`");
        }
        if self.why.trim().is_empty() {
            bail!("`why` is empty: say why the deviation is known");
        }
        for rule in &self.rules {
            if rule != CL_STD_RULE {
                rule.parse::<RuleId>()?;
            }
        }
        for p in &self.profiles {
            let plain = p.trim_end_matches('*');
            if !Profile::ALL.iter().any(|q| q.name().starts_with(plain)) || plain.is_empty() {
                bail!(
                    "`profiles`: `{p}` names no profile (valid: {})",
                    profile_names()
                );
            }
        }
        let actual = match &self.actual {
            Some(a) => {
                for v in a.values() {
                    if !ACTUALS.contains(&v.as_str()) {
                        bail!("`actual`: `{v}` is none of {}", ACTUALS.join(", "));
                    }
                }
                Some(globs(&self.origin, "actual", a.values())?)
            }
            None => None,
        };
        let names_mismatch = actual.as_ref().is_some_and(|g| g.matches("mismatch"));
        if names_mismatch && self.observed.is_empty() {
            bail!("`actual` names `mismatch` but `observed` is missing: say the shape of the wrong answer (which buffer or query, what was expected and what was observed)");
        }
        if !self.observed.is_empty() && !names_mismatch {
            bail!("`observed` shapes a mismatch, but `actual` does not name `mismatch`");
        }
        let observed = self
            .observed
            .iter()
            .map(|sh| {
                if sh.buffer.is_some() == sh.query.is_some() {
                    bail!("each `observed` shape names a `buffer` or a `query` (one of them)");
                }
                let one = |what: &str, p: &Option<String>| {
                    p.as_ref()
                        .map(|p| globs(&self.origin, what, std::slice::from_ref(p)))
                        .transpose()
                };
                Ok(CompiledShape {
                    buffer: one("observed.buffer", &sh.buffer)?,
                    query: one("observed.query", &sh.query)?,
                    expected: globs(
                        &self.origin,
                        "observed.expected",
                        std::slice::from_ref(&sh.expected),
                    )?,
                    actual: globs(
                        &self.origin,
                        "observed.actual",
                        std::slice::from_ref(&sh.actual),
                    )?,
                    any_value: sh.expected.trim() == "*" && sh.actual.trim() == "*",
                })
            })
            .collect::<anyhow::Result<_>>()?;
        let versions =
            match &self.versions {
                Some(v) => Some(semver::VersionReq::parse(v).with_context(|| {
                    format!("`versions = \"{v}\"` is not a version requirement")
                })?),
                None => None,
            };
        let fixed_in = match &self.fixed_in {
            Some(v) => Some(
                version_in(v)
                    .with_context(|| format!("`fixed_in = \"{v}\"` holds no version number"))?,
            ),
            None => None,
        };
        let props = self
            .props
            .iter()
            .map(|(k, v)| Ok((k.clone(), globs(&self.origin, k, v.values())?)))
            .collect::<anyhow::Result<_>>()?;
        let cases = self
            .cases
            .iter()
            .map(|pat| {
                let (glob, profile) = match pat.rsplit_once('@') {
                    Some((glob, p)) => (glob, Some(p.to_string())),
                    None => (pat.as_str(), None),
                };
                Ok((profile, globs(&self.origin, "cases", &[glob.to_string()])?))
            })
            .collect::<anyhow::Result<_>>()?;
        Ok(Compiled {
            versions,
            fixed_in,
            props,
            actual,
            profiles: if self.profiles.is_empty() {
                None
            } else {
                Some(globs(&self.origin, "profiles", &self.profiles)?)
            },
            cases,
            observed,
        })
    }

    /// Whether a result that passed could have shown one of the entry's shapes: its case
    /// declares a buffer a buffer shape names, or asks a query (so an entry is not found stale
    /// by cases that cannot show its class, such as `global_fence` checks for a `local_fence`
    /// class).
    fn could_show(&self, case: Option<&CaseInfo>, r: &CaseResult) -> bool {
        let shapes = &self.compiled.observed;
        let Some(c) = case.filter(|_| !shapes.is_empty()) else {
            return true;
        };
        let directives = || {
            c.source
                .lines()
                .filter_map(|l| l.trim().strip_prefix("//@ "))
        };
        let buffers: Vec<&str> = directives()
            .filter_map(|d| d.strip_prefix("arg: buffer "))
            .filter_map(|rest| rest.split_whitespace().nth(1))
            .collect();
        let queries =
            r.kind == RunKind::ArgQualifiers || directives().any(|d| d.starts_with("query:"));
        shapes.iter().any(|s| match &s.buffer {
            Some(g) => buffers.iter().any(|b| g.matches(b)),
            None => queries,
        })
    }

    /// Whether a mismatch fits the entry's shapes: every differing element of every buffer and
    /// every failed query fits one of them, and none of the buffers differs in more ways than
    /// the run kept.
    fn shapes_fit(&self, r: &CaseResult) -> bool {
        let Actual::Ran { run } = &r.actual else {
            return true;
        };
        if run.status != RunStatus::Mismatch {
            return true;
        }
        let shapes = &self.compiled.observed;
        if shapes.is_empty() {
            return false;
        }
        let buffers_fit = run.buffers.iter().all(|b| {
            if shapes.iter().any(|s| s.fits_any_value_of(&b.buffer)) {
                return true;
            }
            let (pairs, complete) = b.value_pairs();
            complete
                && pairs
                    .iter()
                    .all(|&(e, a)| shapes.iter().any(|s| s.fits_element(&b.buffer, e, a)))
        });
        buffers_fit
            && run
                .queries
                .iter()
                .filter(|q| !q.ok)
                .all(|q| shapes.iter().any(|s| s.fits_query(q)))
    }

    /// Whether the entry names this result: its subject and driver version, and the class of
    /// cases, profiles and outcomes it describes (for a result that passed: the outcomes it
    /// could have failed with).
    pub fn matches(&self, s: &Subjected<'_>) -> bool {
        self.matches_subject(s.result) && self.matches_class(s)
    }

    /// [`matches`](Self::matches) for every release of the entry's driver: `versions` and
    /// `fixed_in` left aside, so that a history of releases can show where the class really
    /// is, and check the range the entry declares.
    pub fn matches_class(&self, s: &Subjected<'_>) -> bool {
        let r = s.result;
        let actual_ok = || {
            let Some(g) = &self.compiled.actual else {
                return true;
            };
            if r.verdict.is_finding() {
                g.matches(&actual_name(&r.actual))
            } else {
                failures_of(r).iter().any(|a| g.matches(a))
            }
        };
        self.kind.is_none_or(|k| k == r.kind)
            && self.names_subject(r)
            && self.selects(s.case, &r.case, r.profile, s.rules)
            && actual_ok()
            && if r.verdict.is_finding() {
                self.shapes_fit(r)
            } else {
                self.could_show(s.case, r)
            }
    }

    /// Whether the entry describes a result of `case` (named `name`) in `profile` about
    /// `rules`, whatever the subject and what it did: the class of results the entry is about.
    pub fn selects(
        &self,
        case: Option<&CaseInfo>,
        name: &str,
        profile: Profile,
        rules: &[String],
    ) -> bool {
        let c = &self.compiled;
        let profile = profile.name();
        let rules_ok = self.rules.is_empty() || rules.iter().any(|r| self.rules.contains(r));
        let props_ok = c.props.iter().all(|(key, glob)| {
            case.and_then(|c| c.props.get(key))
                .is_some_and(|v| glob.matches(v))
        });
        let cases_ok = c.cases.is_empty()
            || c.cases.iter().any(|(p, glob)| {
                p.as_ref().is_none_or(|p| p.eq_ignore_ascii_case(&profile)) && glob.matches(name)
            });
        rules_ok && props_ok && cases_ok && c.profiles.as_ref().is_none_or(|g| g.matches(&profile))
    }

    /// Whether the entry names the result's subject and driver version, whatever its case,
    /// profile and kind.
    pub fn matches_subject(&self, r: &CaseResult) -> bool {
        self.names_subject(r) && self.covers_version(r)
    }

    /// Whether the entry's `device` names the result's subject, whatever its version.
    pub fn names_subject(&self, r: &CaseResult) -> bool {
        let parts: Vec<&str> = r.identity.split(" | ").collect();
        let (platform, device, driver) = if parts.len() >= 5 {
            (
                parts[..2].join(" "),
                parts[2].to_string(),
                parts[3..].join(" "),
            )
        } else {
            (r.identity.clone(), r.identity.clone(), r.identity.clone())
        };
        let has = |want: &Option<String>, text: &str| {
            want.as_deref()
                .is_none_or(|w| text.to_lowercase().contains(&w.trim().to_lowercase()))
        };
        self.device.all().iter().any(|d| {
            has(&d.subject, &r.subject)
                && has(&d.platform, &platform)
                && has(&d.device, &device)
                && has(&d.driver, &driver)
        })
    }

    /// Whether the driver version of the result's subject is in the entry's `versions` and
    /// below its `fixed_in` (always, for an entry with neither).
    pub fn covers_version(&self, r: &CaseResult) -> bool {
        let parts: Vec<&str> = r.identity.split(" | ").collect();
        let c = &self.compiled;
        if c.versions.is_none() && c.fixed_in.is_none() {
            return true;
        }
        // A device's identity has a driver version field (`driver 3.1+debian`; the SPIR-V path
        // adds its compilers after it); a compiler's identity is its version string.
        let field = parts
            .iter()
            .rev()
            .find(|p| p.starts_with("driver "))
            .or(parts.last())
            .copied()
            .unwrap_or_default();
        let Some(v) = version_in(field) else {
            return false;
        };
        c.versions.as_ref().is_none_or(|req| req.matches(&v))
            && c.fixed_in.as_ref().is_none_or(|fixed| v < *fixed)
    }

    /// The entry's selector in one line, for reports: `AS-X where space=*constant [CL1.2]`.
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if !self.rules.is_empty() {
            parts.push(self.rules.join(", "));
        }
        for (k, v) in &self.props {
            parts.push(format!("{k}={}", v.values().join("|")));
        }
        if let Some(a) = &self.actual {
            parts.push(format!("actual={}", a.values().join("|")));
        }
        for sh in &self.observed {
            let what = sh.buffer.as_deref().or(sh.query.as_deref()).unwrap_or("");
            parts.push(format!(
                "observed {what}: {} where {} was expected",
                sh.actual, sh.expected
            ));
        }
        if !self.profiles.is_empty() {
            parts.push(format!("[{}]", self.profiles.join(",")));
        }
        if !self.cases.is_empty() {
            parts.push(format!("cases {}", self.cases.join(", ")));
        }
        if let Some(f) = &self.fixed_in {
            parts.push(format!("fixed in {f}"));
        }
        parts.join(" ")
    }
}

fn profile_names() -> String {
    Profile::ALL
        .iter()
        .map(|p| p.name())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::Verdict;

    fn result(case: &str, profile: Profile, identity: &str, actual: Actual) -> CaseResult {
        CaseResult {
            case: case.into(),
            subject: "pocl/cpu".into(),
            profile,
            kind: RunKind::Listed,
            options: vec![],
            expected: Expected::Reject,
            actual,
            verdict: Verdict::Deviation,
            duration_ms: 0.0,
            driver_ms: None,
            cached: false,
            identity: identity.into(),
        }
    }

    fn accepted() -> Actual {
        Actual::Accepted { log: String::new() }
    }

    fn case(name: &str, props: &[(&str, &str)]) -> CaseInfo {
        CaseInfo {
            name: name.into(),
            rules: vec![],
            profiles: vec![],
            options: vec![],
            expectations: vec![],
            kind: "compile".into(),
            source: String::new(),
            generated: false,
            props: props
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        }
    }

    const POCL3: &str =
        "Portable Computing Language | OpenCL 3.0 PoCL 3.1 | cpu | OpenCL 3.0 | driver 3.1+debian";

    fn hit(k: &Known, r: &CaseResult, c: &CaseInfo, rules: &[&str]) -> bool {
        let rules: Vec<String> = rules.iter().map(|s| s.to_string()).collect();
        k.find(&Subjected {
            result: r,
            case: Some(c),
            rules: &rules,
        })
        .is_some()
    }

    #[test]
    fn a_class_is_named_by_rule_and_properties_in_either_suite() {
        let k = Known::parse(
            "pocl.toml",
            r#"
            # a comment saying why
            [[known]]
            device = { platform = "Portable Computing" }
            rules = ["AS-COMPOUND-LITERAL-SPACE"]
            where = { space = ["*constant", "*global"] }
            actual = "accepted"
            profiles = ["CL1.2", "CL3.0*"]
            why = "reviewed"
            "#,
        )
        .unwrap();
        let rule = ["AS-COMPOUND-LITERAL-SPACE"];
        let generated = case(
            "as-compound-literal-space/_constant-kernel-int",
            &[("space", "__constant")],
        );
        let hand = case("functions/compound-literal-global", &[("space", "global")]);
        let r = |c: &CaseInfo, p| result(&c.name, p, POCL3, accepted());
        assert!(hit(&k, &r(&generated, Profile::CL1_2), &generated, &rule));
        assert!(hit(&k, &r(&hand, Profile::CL3_0_GENERIC), &hand, &rule));
        // Another profile, another rule, another property value, a case without the property,
        // another outcome, another platform: not this class.
        assert!(!hit(&k, &r(&hand, Profile::CL2_0), &hand, &rule));
        assert!(!hit(
            &k,
            &r(&hand, Profile::CL1_2),
            &hand,
            &["AS-LOCAL-INIT"]
        ));
        let local = case("x", &[("space", "local")]);
        assert!(!hit(&k, &r(&local, Profile::CL1_2), &local, &rule));
        let bare = case("y", &[]);
        assert!(!hit(&k, &r(&bare, Profile::CL1_2), &bare, &rule));
        let crashed = result(
            &hand.name,
            Profile::CL1_2,
            POCL3,
            Actual::Crash {
                signal: "SIGSEGV".into(),
            },
        );
        assert!(!hit(&k, &crashed, &hand, &rule));
        let other = result(
            &hand.name,
            Profile::CL1_2,
            &POCL3.replace("Portable Computing Language", "Oclgrind"),
            accepted(),
        );
        assert!(!hit(&k, &other, &hand, &rule));
        assert_eq!(k.entries[0].origin, "pocl.toml #1");
    }

    #[test]
    fn a_pass_is_named_only_by_an_entry_it_could_have_failed_like() {
        let k = Known::parse(
            "pocl.toml",
            "[[known]]\ndevice = { platform = \"portable\" }\nrules = [\"AS-LOCAL-INIT\"]\nactual = \"accepted\"\nwhy = \"accepts it\"",
        )
        .unwrap();
        let c = case("local/x", &[]);
        let passed = |expected| CaseResult {
            expected,
            verdict: Verdict::Pass,
            ..result(&c.name, Profile::CL1_2, POCL3, accepted())
        };
        // A must-reject case that was rejected: the class passes, the entry is stale.
        assert!(hit(&k, &passed(Expected::Reject), &c, &["AS-LOCAL-INIT"]));
        // A must-build case that built could not have been accepted wrongly.
        assert!(!hit(&k, &passed(Expected::Accept), &c, &["AS-LOCAL-INIT"]));
    }

    #[test]
    fn case_globs_remain_a_last_resort() {
        let k = Known::parse(
            "pocl.toml",
            "[[known]]\ndevice = { platform = \"portable\" }\ncases = [\"program-scope/global-*@CL1.2\", \"local/init-*\"]\nwhy = \"reviewed\"",
        )
        .unwrap();
        let c = case("program-scope/global-x", &[]);
        assert!(hit(
            &k,
            &result(&c.name, Profile::CL1_2, POCL3, accepted()),
            &c,
            &[]
        ));
        assert!(!hit(
            &k,
            &result(&c.name, Profile::CL2_0, POCL3, accepted()),
            &c,
            &[]
        ));
    }

    #[test]
    fn fixed_in_and_versions_bound_the_driver_versions() {
        let k = Known::parse(
            "pocl.toml",
            "[[known]]\ndevice = { platform = \"portable\" }\nrules = [\"AS-LOCAL-INIT\"]\nfixed_in = \"5.0\"\nwhy = \"fixed upstream\"\n\
             [[known]]\ndevice = { platform = \"portable\" }\nrules = [\"AS-LOCAL-SCOPE\"]\nversions = \">=4\"\nwhy = \"new in 4\"",
        )
        .unwrap();
        let c = case("local/init-reject", &[]);
        let pocl5 = POCL3.replace("driver 3.1+debian", "driver 5.0+debian");
        let on = |id: &str, rule: &str| {
            hit(
                &k,
                &result(&c.name, Profile::CL1_2, id, accepted()),
                &c,
                &[rule],
            )
        };
        assert!(on(POCL3, "AS-LOCAL-INIT"));
        assert!(!on(&pocl5, "AS-LOCAL-INIT"));
        assert!(!on(POCL3, "AS-LOCAL-SCOPE"));
        assert!(on(&pocl5, "AS-LOCAL-SCOPE"));
        assert_eq!(
            version_in("driver 580.159.04"),
            Some(semver::Version::new(580, 159, 4))
        );
        assert_eq!(
            version_in("driver Oclgrind 21.10"),
            Some(semver::Version::new(21, 10, 0))
        );
        assert_eq!(version_in("no number"), None);
    }

    #[test]
    fn an_entry_needs_a_device_a_selector_and_a_reason_and_says_what_is_wrong() {
        for (bad, what) in [
            ("device = {}\nrules = [\"AS-LOCAL-INIT\"]\nwhy = \"x\"", "at least one of"),
            ("device = { platform = \"p\" }\nwhy = \"x\"", "needs `rules` or `where`"),
            ("device = { platform = \"p\" }\nrules = [\"AS-LOCAL-INIT\"]\nwhy = \" \"", "`why` is empty"),
            ("device = { platfrom = \"p\" }\nrules = [\"AS-LOCAL-INIT\"]\nwhy = \"x\"", "unknown field"),
            ("device = { platform = \"p\" }\ncases = [\"a/[x\"]\nwhy = \"x\"", "bad glob"),
            ("device = { platform = \"p\" }\nrules = [\"AS-LOCAL-INTI\"]\nwhy = \"x\"", "AS-LOCAL-INIT"),
            ("device = { platform = \"p\" }\nrules = [\"AS-LOCAL-INIT\"]\nprofiles = [\"CL2.1\"]\nwhy = \"x\"", "names no profile"),
            ("device = { platform = \"p\" }\nrules = [\"AS-LOCAL-INIT\"]\nactual = \"acepted\"\nwhy = \"x\"", "is none of"),
            ("device = { platform = \"p\" }\nrules = [\"AS-LOCAL-INIT\"]\nversions = \"not a version\"\nwhy = \"x\"", "not a version requirement"),
        ] {
            let err = Known::parse("t.toml", &format!("[[known]]\n{bad}")).unwrap_err();
            let text = format!("{err:#}");
            assert!(text.contains(what), "{bad}: {text}");
        }
    }

    fn mismatch(buffers: &[(&str, &[(i64, i64)])], queries: &[(&str, &str, &str)]) -> Actual {
        use crate::results::{BufferMismatch, RunOutcome};
        let mut run = RunOutcome::started(String::new(), None);
        run.status = RunStatus::Mismatch;
        for (name, diffs) in buffers {
            let mut m = BufferMismatch {
                buffer: name.to_string(),
                elem: "int".into(),
                len: 64,
                differing: 0,
                first: vec![],
                pairs: vec![],
                more_pairs: false,
            };
            for (i, &(e, a)) in diffs.iter().enumerate() {
                m.record(i, e, a, 2);
            }
            run.buffers.push(m);
        }
        for (q, e, a) in queries {
            run.queries.push(QueryCheck {
                query: q.to_string(),
                expected: e.to_string(),
                actual: a.to_string(),
                ok: false,
            });
        }
        Actual::Ran { run }
    }

    #[test]
    fn a_mismatch_is_named_only_when_every_wrong_answer_has_the_class_shape() {
        let k = Known::parse(
            "intel.toml",
            r#"
            [[known]]
            device = { platform = "portable" }
            rules = ["AS-TO-NAMED-RESULT"]
            actual = "mismatch"
            observed = [
              { buffer = "other_space", expected = "1", actual = "0" },
              { query = "kernel-local-mem-size *", expected = ">= *", actual = "0" },
            ]
            why = "the pointer comes back where NULL is due"
            "#,
        )
        .unwrap();
        let c = case("runtime/to-named", &[]);
        let rule = ["AS-TO-NAMED-RESULT"];
        let on = |a: Actual| {
            let r = CaseResult {
                expected: Expected::Accept,
                ..result(&c.name, Profile::CL2_0, POCL3, a)
            };
            hit(&k, &r, &c, &rule)
        };
        assert!(on(mismatch(
            &[("other_space", &[(1, 0), (1, 0), (1, 0)])],
            &[]
        )));
        assert!(on(mismatch(
            &[],
            &[("kernel-local-mem-size k", ">= 64", "0")]
        )));
        // Another buffer of the same case, another wrong value, another query answer: findings.
        assert!(!on(mismatch(
            &[("other_space", &[(1, 0)]), ("same_space", &[(1, 0)])],
            &[]
        )));
        assert!(!on(mismatch(&[("other_space", &[(1, 0), (1, 2)])], &[])));
        assert!(!on(mismatch(
            &[],
            &[("kernel-local-mem-size k", ">= 64", "32")]
        )));
        // A wrong value past the first two kept elements still counts.
        assert!(!on(mismatch(
            &[("other_space", &[(1, 0), (1, 0), (1, 0), (1, 7)])],
            &[]
        )));
        // Results saved before value pairs were kept: `first` alone, when it is complete.
        let mut old = mismatch(&[("other_space", &[(1, 0)])], &[]);
        if let Actual::Ran { run } = &mut old {
            run.buffers[0].pairs.clear();
        }
        assert!(on(old.clone()));
        if let Actual::Ran { run } = &mut old {
            run.buffers[0].differing = 5;
        }
        assert!(!on(old));
    }

    #[test]
    fn a_shape_of_any_value_covers_values_the_run_did_not_keep() {
        let k = Known::parse(
            "nvidia.toml",
            r#"
            [[known]]
            device = { platform = "portable" }
            rules = ["AS-CONSTANT-READABLE"]
            actual = "mismatch"
            observed = [{ buffer = "out", expected = "*", actual = "*" }]
            why = "elements read from the wrong offsets"
            "#,
        )
        .unwrap();
        let c = case("runtime/c", &[]);
        let rule = ["AS-CONSTANT-READABLE"];
        let on = |a: Actual| {
            let r = CaseResult {
                expected: Expected::Accept,
                ..result(&c.name, Profile::CL2_0, POCL3, a)
            };
            hit(&k, &r, &c, &rule)
        };
        // More distinct wrong values than a run keeps: every one fits `*`, kept or not.
        let many: Vec<(i64, i64)> = (0..40).map(|i| (i, i + 5)).collect();
        assert!(on(mismatch(&[("out", &many)], &[])));
        // Another buffer still does not fit.
        assert!(!on(mismatch(&[("out", &many), ("other", &[(1, 0)])], &[])));
    }

    #[test]
    fn an_entry_that_names_a_mismatch_must_say_its_shape() {
        for (bad, what) in [
            ("actual = \"mismatch\"", "`observed` is missing"),
            ("actual = [\"crash\", \"mismatch\"]", "`observed` is missing"),
            ("actual = \"accepted\"\nobserved = [{ buffer = \"o\", expected = \"1\", actual = \"0\" }]", "does not name `mismatch`"),
            ("actual = \"mismatch\"\nobserved = [{ expected = \"1\", actual = \"0\" }]", "a `buffer` or a `query`"),
            ("actual = \"mismatch\"\nobserved = [{ buffer = \"o\", query = \"q\", expected = \"1\", actual = \"0\" }]", "a `buffer` or a `query`"),
            ("actual = \"mismatch\"\nobserved = [{ buffer = \"o\", expected = \"1\" }]", "missing field `actual`"),
        ] {
            let text = format!("[[known]]\ndevice = {{ platform = \"p\" }}\nrules = [\"AS-GET-FENCE\"]\n{bad}\nwhy = \"x\"");
            let err = Known::parse("t.toml", &text).unwrap_err();
            let msg = format!("{err:#}");
            assert!(msg.contains(what), "{bad}: {msg}");
        }
        // Without `actual`, an entry never names a mismatch.
        let k = Known::parse(
            "t.toml",
            "[[known]]\ndevice = { platform = \"portable\" }\nrules = [\"AS-GET-FENCE\"]\nwhy = \"x\"",
        )
        .unwrap();
        let c = case("runtime/f", &[]);
        let r = CaseResult {
            expected: Expected::Accept,
            ..result(
                &c.name,
                Profile::CL2_0,
                POCL3,
                mismatch(&[("local_fence", &[(1, 0)])], &[]),
            )
        };
        assert!(!hit(&k, &r, &c, &["AS-GET-FENCE"]));
    }

    #[test]
    fn a_shared_class_names_each_of_its_subjects() {
        let k = Known::parse(
            "clang.toml",
            "[[known]]\ndevice = [{ subject = \"clang-16\" }, { platform = \"portable\" }]\nrules = [\"AS-LOCAL-INIT\"]\nactual = \"accepted\"\nwhy = \"clang's\"",
        )
        .unwrap();
        let c = case("local/init", &[]);
        let on = |subject: &str, identity: &str| {
            let r = CaseResult {
                subject: subject.into(),
                ..result(&c.name, Profile::CL1_2, identity, accepted())
            };
            hit(&k, &r, &c, &["AS-LOCAL-INIT"])
        };
        assert!(on("clang-16", "Debian clang version 16.0.6"));
        assert!(on("pocl/cpu", POCL3));
        assert!(!on("clang-22", "clang version 22.1.4"));
        let err = Known::parse(
            "t.toml",
            "[[known]]\ndevice = []\nrules = [\"AS-LOCAL-INIT\"]\nwhy = \"x\"",
        )
        .unwrap_err();
        assert!(format!("{err:#}").contains("empty list"));
    }

    /// Every reviewed class in `reports/known/` names results that the hand-written corpus or
    /// the generated suite can produce: an entry that selects no case, profile and kind of
    /// either is a typo or a class whose cases are gone.
    #[test]
    fn every_known_entry_names_cases_of_the_corpus_or_the_generated_suite() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let known = Known::load(&root.join("reports/known")).unwrap();
        assert!(!known.entries.is_empty());
        let corpus = checker::case::corpus::load(&root.join("suite/cases"))
            .unwrap_or_else(|e| panic!("{} malformed case(s)", e.len()));
        let generated: Vec<checker::case::Case> = generators::exhaustive()
            .iter()
            .map(|g| g.parse().unwrap())
            .collect();
        let infos: Vec<CaseInfo> = corpus
            .iter()
            .chain(&generated)
            .map(CaseInfo::from_case)
            .collect();
        let c_profiles: Vec<Profile> = Profile::ALL
            .into_iter()
            .filter(|p| !p.lang().is_cxx())
            .collect();
        let mut unmatched = Vec::new();
        for e in &known.entries {
            let found = infos.iter().any(|c| {
                let rejects = |p: Profile| {
                    c.expectations
                        .iter()
                        .any(|x| x.profiles.is_empty() || x.profiles.contains(&p))
                };
                match e.kind {
                    Some(RunKind::UnsupportedStd) => c_profiles.iter().any(|&p| {
                        e.selects(
                            Some(c),
                            &c.name,
                            p,
                            &c.rules_when(RunKind::UnsupportedStd, false, false, p),
                        )
                    }),
                    Some(kind @ RunKind::ArgQualifiers) => c.profiles.iter().any(|&p| {
                        !rejects(p)
                            && [true, false].into_iter().any(|ran| {
                                e.selects(Some(c), &c.name, p, &c.rules_when(kind, ran, false, p))
                            })
                    }),
                    _ => c.profiles.iter().any(|&p| {
                        e.selects(
                            Some(c),
                            &c.name,
                            p,
                            &c.rules_when(RunKind::Listed, false, rejects(p), p),
                        )
                    }),
                }
            });
            if !found {
                unmatched.push(format!("{}: {}", e.origin, e.describe()));
            }
        }
        assert!(
            unmatched.is_empty(),
            "known entries that name no case of the corpus or the generated suite:\n{}",
            unmatched.join("\n")
        );
    }
}
