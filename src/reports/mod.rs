//! Reports: one event stream from a saved run, many sinks (STYLE §16).
//!
//! A report is rendered from a run directory alone (`run.json`, `results.jsonl`, `cases.json`)
//! or from a `results.json` a report wrote, never from a driver: [`SavedRun::load`] reads it,
//! [`render`] matches it against the known deviations ([`known`]), turns every [`CaseResult`]
//! into a [`Reported`] with its [`Outcome`], groups the deviations ([`Group`], each with its
//! smallest kernel as reproducer) and feeds [`Event`]s to every [`Sink`]:
//!
//! | sink | file |
//! | --- | --- |
//! | [`json`] | `results.json`: the whole run, plain data; `clasp report` reads it back |
//! | [`junit`] | `junit.xml`: a testsuite per subject |
//! | [`markdown`] | `summary.md`: rule × subject table, then every deviation |
//! | [`html`] | `index.html`: the same, one self-contained file, filters in the URL hash |
//! | [`cts`] | `cts/<subject>.json`: `{"cmd", "args", "results": {name: pass|fail|skip}}` |
//! | [`repro`] | `reproducers/<subject>/<case>@<profile>.{cl,options}` |
//!
//! Every file is written whole and atomically ([`atomic`]): a report that is killed while
//! writing leaves each file either old or new.

pub mod atomic;
pub mod compare;
pub mod cts;
pub mod diff;
pub mod html;
pub mod json;
pub mod junit;
pub mod known;
pub mod markdown;
pub mod repro;

use crate::results::{read_jsonl, Actual, CaseResult, Expected, RunKind, RESULTS_FILE};
use anyhow::{bail, Context as _};
use checker::case::Case;
use checker::{Profile, RuleId};
use known::{Known, KnownEntry};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

/// The file `clasp run` saves the cases of a run into (names, rules, sources).
pub const CASES_FILE: &str = "cases.json";
/// The file describing a run.
pub const RUN_FILE: &str = "run.json";
/// The results.json sink's file name.
pub const RESULTS_JSON: &str = "results.json";
/// The format tag of results.json.
pub const FORMAT: &str = "clasp-results/1";
/// The pseudo-rule under which derived "unsupported `-cl-std` must fail" results are counted.
pub const CL_STD_RULE: &str = "API-CL-STD";
/// The rule the derived argument-qualifier queries check.
const ARG_QUALIFIER_RULE: &str = "AS-ARG-ADDRESS-QUALIFIER";

/// A subject as `run.json` lists it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SubjectInfo {
    pub id: String,
    #[serde(default)]
    pub identity: String,
}

/// `run.json`: what was run, on what. Unknown fields are kept, so nothing is lost on a round trip.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    #[serde(default)]
    pub run_id: Option<String>,
    #[serde(default)]
    pub clasp_version: String,
    #[serde(default)]
    pub started_unix: u64,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub cases_dir: Option<PathBuf>,
    #[serde(default)]
    pub subjects: Vec<SubjectInfo>,
    #[serde(default)]
    pub notes: Vec<String>,
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

impl RunInfo {
    /// The command line that produced the run.
    pub fn command(&self) -> String {
        let mut s = String::from("clasp");
        for a in &self.args {
            s.push(' ');
            if a.is_empty()
                || a.contains(|c: char| c.is_whitespace() || "'\"*?$`\\|&;<>()".contains(c))
            {
                s.push('\'');
                s.push_str(&a.replace('\'', r"'\''"));
                s.push('\'');
            } else {
                s.push_str(a);
            }
        }
        s
    }

    /// The start time, `YYYY-MM-DD HH:MM UTC`.
    pub fn date(&self) -> String {
        utc(self.started_unix)
    }
}

/// `YYYY-MM-DD HH:MM UTC` from Unix seconds (Howard Hinnant's civil-from-days).
pub fn utc(secs: u64) -> String {
    let (days, rem) = (secs / 86400, secs % 86400);
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

/// An inline expectation of a case.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExpectationInfo {
    pub line: u32,
    pub rule: String,
    pub profiles: Vec<Profile>,
}

/// A case as a report needs it: enough to name its rules and show its kernel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseInfo {
    pub name: String,
    pub rules: Vec<String>,
    pub profiles: Vec<Profile>,
    #[serde(default)]
    pub options: Vec<String>,
    #[serde(default)]
    pub expectations: Vec<ExpectationInfo>,
    /// `compile` or `run`.
    #[serde(default)]
    pub kind: String,
    pub source: String,
}

impl CaseInfo {
    pub fn from_case(c: &Case) -> CaseInfo {
        CaseInfo {
            name: c.name.clone(),
            rules: c.rules.iter().map(|r| r.to_string()).collect(),
            profiles: c.profiles.clone(),
            options: c.options.clone(),
            expectations: c
                .expectations
                .iter()
                .map(|e| ExpectationInfo {
                    line: e.line,
                    rule: e.rule.to_string(),
                    profiles: e.profiles.clone(),
                })
                .collect(),
            kind: if c.run.is_some() { "run" } else { "compile" }.into(),
            source: c.source.clone(),
        }
    }

    /// The rules a result of this case is about: for a result that must be rejected, the rules
    /// expected in its profile; otherwise every rule the case lists.
    pub fn rules_for(&self, r: &CaseResult) -> Vec<String> {
        match r.kind {
            RunKind::UnsupportedStd => return vec![CL_STD_RULE.into()],
            RunKind::Listed => {}
            // Derived checks name their rule themselves (arg-qualifiers: AS-ARG-ADDRESS-QUALIFIER).
            _ => {
                if let Actual::Ran { .. } = &r.actual {
                    return vec![ARG_QUALIFIER_RULE.into()];
                }
            }
        }
        let mut set: BTreeSet<String> = BTreeSet::new();
        let rejecting = match &r.expected {
            Expected::Reject => true,
            Expected::Diagnostics { diagnostics } => !diagnostics.is_empty(),
            Expected::Accept => false,
        };
        if rejecting {
            for e in &self.expectations {
                if e.profiles.is_empty() || e.profiles.contains(&r.profile) {
                    set.insert(e.rule.clone());
                }
            }
        }
        if set.is_empty() {
            set.extend(self.rules.iter().cloned());
        }
        set.into_iter().collect()
    }
}

/// Writes the cases of a run (`clasp run` does this before running anything).
pub fn save_cases(run_dir: &Path, cases: &[Case]) -> io::Result<()> {
    let infos: Vec<CaseInfo> = cases.iter().map(CaseInfo::from_case).collect();
    let text = serde_json::to_string(&infos)? + "\n";
    atomic::write(&run_dir.join(CASES_FILE), text.as_bytes())
}

/// A run as saved on disk: everything a report reads.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SavedRun {
    pub run: RunInfo,
    pub cases: Vec<CaseInfo>,
    pub results: Vec<CaseResult>,
    /// Lines of results.jsonl that did not parse (a killed run's last line).
    #[serde(skip)]
    pub unreadable: usize,
}

impl SavedRun {
    /// Loads a run directory (`results.jsonl` with `run.json` and `cases.json`), a report
    /// directory (`results.json`), or a `results.json` file.
    pub fn load(path: &Path) -> anyhow::Result<SavedRun> {
        if path.is_file() {
            return SavedRun::load_json(path);
        }
        if !path.is_dir() {
            bail!(
                "{} is neither a run directory nor a results.json",
                path.display()
            );
        }
        let jsonl = path.join(RESULTS_FILE);
        if !jsonl.is_file() {
            let json = path.join(RESULTS_JSON);
            if json.is_file() {
                return SavedRun::load_json(&json);
            }
            bail!(
                "{} has neither {RESULTS_FILE} (a run directory) nor {RESULTS_JSON} (a report)",
                path.display()
            );
        }
        let text = std::fs::read_to_string(&jsonl)
            .with_context(|| format!("cannot read {}", jsonl.display()))?;
        let (results, unreadable) = read_jsonl(&text);
        let run: RunInfo = match std::fs::read_to_string(path.join(RUN_FILE)) {
            Ok(t) => serde_json::from_str(&t).with_context(|| {
                format!("{} is not a run description", path.join(RUN_FILE).display())
            })?,
            Err(_) => RunInfo::default(),
        };
        let cases = match std::fs::read_to_string(path.join(CASES_FILE)) {
            Ok(t) => serde_json::from_str(&t)
                .with_context(|| format!("cannot parse {}", path.join(CASES_FILE).display()))?,
            // Runs made before cases were saved: read the corpus the run names, if it is here.
            Err(_) => match &run.cases_dir {
                Some(dir) => {
                    let wanted: BTreeSet<&str> = results.iter().map(|r| r.case.as_str()).collect();
                    checker::case::corpus::load(dir)
                        .map(|cs| {
                            cs.iter()
                                .filter(|c| wanted.contains(c.name.as_str()))
                                .map(CaseInfo::from_case)
                                .collect()
                        })
                        .unwrap_or_default()
                }
                None => Vec::new(),
            },
        };
        Ok(SavedRun {
            run,
            cases,
            results,
            unreadable,
        })
    }

    fn load_json(path: &Path) -> anyhow::Result<SavedRun> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let doc: json::Document = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a clasp results.json", path.display()))?;
        if doc.format != FORMAT {
            bail!(
                "{} has format `{}`, this clasp reads `{FORMAT}`",
                path.display(),
                doc.format
            );
        }
        Ok(SavedRun {
            run: doc.run,
            cases: doc.cases,
            results: doc.results.into_iter().map(|r| r.result).collect(),
            unreadable: 0,
        })
    }

    /// The identity of each subject: from run.json, else from its results.
    pub fn identities(&self) -> BTreeMap<String, String> {
        let mut m: BTreeMap<String, String> = self
            .run
            .subjects
            .iter()
            .map(|s| (s.id.clone(), s.identity.clone()))
            .collect();
        for r in &self.results {
            m.entry(r.subject.clone())
                .or_insert_with(|| r.identity.clone());
        }
        m
    }
}

/// The judgement a report shows: the run's verdict, with known deviations applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Pass,
    Deviation,
    /// A deviation (or crash, or timeout) a known-deviation entry names.
    Known,
    /// A known-deviation entry names it, but it passed, and so did everything else the entry
    /// names: the entry should be removed.
    KnownButPassed,
    Crash,
    Timeout,
    Skipped,
}

impl Outcome {
    pub const ALL: [Outcome; 7] = [
        Outcome::Pass,
        Outcome::Deviation,
        Outcome::Known,
        Outcome::KnownButPassed,
        Outcome::Crash,
        Outcome::Timeout,
        Outcome::Skipped,
    ];

    /// Whether this outcome makes a run or a report exit 1. A known deviation that now passes
    /// is one: an unexpected pass fails, so the stale entry gets removed.
    pub fn is_finding(self) -> bool {
        matches!(
            self,
            Outcome::Deviation | Outcome::KnownButPassed | Outcome::Crash | Outcome::Timeout
        )
    }

    /// Deviations of any kind, known or not (what a reproducer is written for).
    pub fn is_deviation(self) -> bool {
        matches!(
            self,
            Outcome::Deviation | Outcome::Known | Outcome::Crash | Outcome::Timeout
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Deviation => "deviation",
            Outcome::Known => "known",
            Outcome::KnownButPassed => "known-but-passed",
            Outcome::Crash => "crash",
            Outcome::Timeout => "timeout",
            Outcome::Skipped => "skipped",
        }
    }

    fn of(r: &CaseResult, known: bool) -> Outcome {
        use crate::results::Verdict;
        match (r.verdict, known) {
            (Verdict::Skipped, _) => Outcome::Skipped,
            (Verdict::Pass, false) => Outcome::Pass,
            (Verdict::Pass, true) => Outcome::KnownButPassed,
            (_, true) => Outcome::Known,
            (Verdict::Deviation, false) => Outcome::Deviation,
            (Verdict::Crash, false) => Outcome::Crash,
            (Verdict::Timeout, false) => Outcome::Timeout,
        }
    }
}

/// One result as a report shows it.
#[derive(Debug, Clone)]
pub struct Reported<'a> {
    pub result: &'a CaseResult,
    pub outcome: Outcome,
    /// The known-deviation entry that matched, if any.
    pub known: Option<&'a KnownEntry>,
    pub rules: Vec<String>,
}

/// Counts per outcome.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts(pub BTreeMap<Outcome, usize>);

impl Counts {
    pub fn add(&mut self, o: Outcome) {
        *self.0.entry(o).or_default() += 1;
    }
    pub fn get(&self, o: Outcome) -> usize {
        self.0.get(&o).copied().unwrap_or(0)
    }
    pub fn total(&self) -> usize {
        self.0.values().sum()
    }
    pub fn findings(&self) -> usize {
        self.0
            .iter()
            .filter(|(o, _)| o.is_finding())
            .map(|(_, n)| n)
            .sum()
    }
    /// `12 pass · 2 deviation · 1 known` (zero counts left out).
    pub fn brief(&self) -> String {
        let parts: Vec<String> = Outcome::ALL
            .iter()
            .filter(|o| self.get(**o) > 0)
            .map(|o| format!("{} {}", self.get(*o), o.name()))
            .collect();
        if parts.is_empty() {
            "–".into()
        } else {
            parts.join(" · ")
        }
    }
}

/// Deviations that look alike: same subject, rules, profile, kind, expectation and kind of
/// answer. Its reproducer is the smallest kernel among them.
#[derive(Debug, Clone)]
pub struct Group {
    pub subject: String,
    pub rules: Vec<String>,
    pub profile: Profile,
    pub kind: RunKind,
    pub outcome: Outcome,
    pub expected: String,
    pub actual: String,
    /// Indexes into [`Summary::reported`], by case name.
    pub members: Vec<usize>,
    /// The member whose kernel is smallest.
    pub reproducer: usize,
    /// The reproducer's path relative to the report directory, without extension.
    pub repro_path: String,
    pub known_why: Option<String>,
}

/// Everything a sink may need at the end.
#[derive(Debug)]
pub struct Summary<'a> {
    pub run: &'a SavedRun,
    pub cases: BTreeMap<&'a str, &'a CaseInfo>,
    pub identities: BTreeMap<String, String>,
    pub reported: Vec<Reported<'a>>,
    pub per_subject: BTreeMap<String, Counts>,
    pub per_rule: BTreeMap<String, BTreeMap<String, Counts>>,
    /// Unknown deviations, crashes and timeouts, grouped.
    pub groups: Vec<Group>,
    /// Known deviations, grouped.
    pub known_groups: Vec<Group>,
    /// Indexes of results a known entry names that passed.
    pub known_but_passed: Vec<usize>,
    /// Known entries that matched no result of the run, for the subjects it has.
    pub unused_known: Vec<&'a KnownEntry>,
    /// Skipped results by reason.
    pub skipped: BTreeMap<String, usize>,
}

impl Summary<'_> {
    pub fn findings(&self) -> usize {
        self.per_subject.values().map(Counts::findings).sum()
    }
}

/// One event of the stream every sink reads.
pub enum Event<'a, 'b> {
    Started(&'b Summary<'a>),
    Result(&'b Reported<'a>),
    Finished(&'b Summary<'a>),
}

/// A report writer. Sinks collect what they need from events and write their files, whole and
/// atomically, in `finish`, returning the paths written.
pub trait Sink {
    fn on(&mut self, event: &Event<'_, '_>) -> io::Result<()>;
    fn finish(self: Box<Self>) -> io::Result<Vec<PathBuf>>;
}

/// How a result's expectation reads in a report.
pub fn describe_expected(e: &Expected) -> String {
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

/// The kind of answer, for grouping: `accepted`, `rejected`, `crash(SIGSEGV)`, ...
pub fn answer_class(r: &CaseResult) -> String {
    match &r.actual {
        Actual::Accepted { .. } => "accepted".into(),
        Actual::Rejected { .. } => "rejected".into(),
        Actual::Diagnostics { diagnostics } => {
            let want: BTreeSet<String> = match &r.expected {
                Expected::Diagnostics { diagnostics } => {
                    diagnostics.iter().map(|d| d.rule.clone()).collect()
                }
                _ => BTreeSet::new(),
            };
            let got: BTreeSet<String> = diagnostics.iter().map(|d| d.rule.clone()).collect();
            let missing: Vec<_> = want.difference(&got).cloned().collect();
            let extra: Vec<_> = got.difference(&want).cloned().collect();
            match (missing.is_empty(), extra.is_empty()) {
                (true, true) => "diagnostics on other lines".into(),
                (false, true) => format!("missing {}", missing.join(", ")),
                (true, false) => format!("unexpected {}", extra.join(", ")),
                (false, false) => format!(
                    "missing {}, unexpected {}",
                    missing.join(", "),
                    extra.join(", ")
                ),
            }
        }
        Actual::Invalid { .. } => "an invalid answer".into(),
        Actual::Crash { signal } => format!("crash({signal})"),
        Actual::Timeout { .. } => "timeout".into(),
        Actual::Skipped { .. } => "skipped".into(),
        Actual::Ran { run } => {
            let v = run_lines(run);
            match v.len() {
                1 => v[0].clone(),
                _ => format!("ran, {} buffer(s) or query(ies) differ", v.len() - 1),
            }
        }
    }
}

/// One line saying what the subject did.
pub fn describe_actual(a: &Actual) -> String {
    match a {
        Actual::Accepted { .. } => "accepted".into(),
        Actual::Rejected { code, .. } => format!("rejected ({code})"),
        Actual::Diagnostics { diagnostics } if diagnostics.is_empty() => "no diagnostic".into(),
        Actual::Diagnostics { diagnostics } => diagnostics
            .iter()
            .map(|d| format!("{} {}", d.line, d.rule))
            .collect::<Vec<_>>()
            .join(", "),
        Actual::Invalid { detail } => format!(
            "invalid: {}",
            detail
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(160)
                .collect::<String>()
        ),
        Actual::Crash { signal } => format!("crash({signal})"),
        Actual::Timeout { after_ms } => format!("timeout after {:.1} s", *after_ms as f64 / 1e3),
        Actual::Skipped { why } => format!("skipped: {why}"),
        Actual::Ran { run } => run_lines(run).join("; "),
    }
}

/// What a run-time execution did, one item a line: the status, then every buffer and query
/// that differs.
pub fn run_lines(run: &crate::results::RunOutcome) -> Vec<String> {
    use crate::results::RunStatus;
    let step = run.step.as_deref().unwrap_or("?");
    let code = run.code.as_deref().unwrap_or("");
    let mut v = vec![match run.status {
        RunStatus::Ok => "ran as expected".to_string(),
        RunStatus::FailedAsExpected => format!("{step} failed as expected ({code})"),
        RunStatus::Error => format!("{step} failed ({code})"),
        RunStatus::NoError => format!(
            "{step} succeeded, but the case expects {} to fail",
            run.expect_error.as_deref().unwrap_or(step)
        ),
        RunStatus::Mismatch => "ran, with different results".to_string(),
    }];
    for b in &run.buffers {
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
        v.push(format!(
            "buffer {}: {} of {} differ{first}",
            b.buffer, b.differing, b.len
        ));
    }
    for q in run.queries.iter().filter(|q| !q.ok) {
        v.push(format!(
            "query {}: expected {}, got {}",
            q.query, q.expected, q.actual
        ));
    }
    v
}

/// The name of a result kind as files and reports spell it (`listed`, `unsupported-std`, ...).
pub fn kind_name(k: RunKind) -> String {
    serde_json::to_value(k)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The spec sentence a rule rests on, as `source §section: “quote”`.
pub fn spec_sentence(rule: &str) -> String {
    if rule == CL_STD_RULE {
        return "OpenCL API §5.8.6 (build options, -cl-std): “Calling clBuildProgram with the \
                -cl-std=CL1.1 option will fail to compile the program for any devices with \
                CL_DEVICE_OPENCL_C_VERSION = OpenCL C 1.0” (and likewise for each later version \
                on devices that do not report it)"
            .into();
    }
    match rule.parse::<RuleId>() {
        Ok(id) => {
            let c = id.rule().cite;
            format!("{} §{}: “{}”", c.source, c.section, c.quote)
        }
        Err(_) => format!("({rule} is not in this clasp's catalogue)"),
    }
}

/// A file-name-safe form of a subject id or case name.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '+' {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// Matches results against known deviations and groups the deviations.
pub fn summarise<'a>(run: &'a SavedRun, known: &'a Known) -> Summary<'a> {
    let cases: BTreeMap<&str, &CaseInfo> = run.cases.iter().map(|c| (c.name.as_str(), c)).collect();
    let mut used = vec![false; known.entries.len()];
    let mut reported: Vec<Reported<'a>> = Vec::with_capacity(run.results.len());
    let mut order: Vec<&CaseResult> = run.results.iter().collect();
    order.sort_by(|a, b| {
        (&a.subject, &a.case, a.profile, a.kind).cmp(&(&b.subject, &b.case, b.profile, b.kind))
    });
    // An entry is stale (its results "known but passed") only when nothing it names deviates
    // any more: a broad entry (`*@CL2.0`) also names results that pass for other reasons.
    let hits: Vec<Option<(usize, &KnownEntry)>> = order.iter().map(|r| known.find(r)).collect();
    let mut deviates = vec![false; known.entries.len()];
    for (r, hit) in order.iter().zip(&hits) {
        if let Some((i, _)) = hit {
            used[*i] = true;
            deviates[*i] |= r.verdict.is_finding();
        }
    }
    for (r, hit) in order.into_iter().zip(hits) {
        let hit = hit.filter(|(i, _)| !deviates[*i] || r.verdict.is_finding());
        let rules = cases
            .get(r.case.as_str())
            .map(|c| c.rules_for(r))
            .unwrap_or_else(|| vec!["(case not saved)".into()]);
        reported.push(Reported {
            result: r,
            outcome: Outcome::of(r, hit.is_some()),
            known: hit.map(|(_, e)| e),
            rules,
        });
    }
    let mut per_subject: BTreeMap<String, Counts> = BTreeMap::new();
    let mut per_rule: BTreeMap<String, BTreeMap<String, Counts>> = BTreeMap::new();
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    let mut known_but_passed = Vec::new();
    type Key = (
        String,
        Vec<String>,
        Profile,
        RunKind,
        Outcome,
        String,
        String,
    );
    let mut groups: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for (i, rep) in reported.iter().enumerate() {
        let r = rep.result;
        per_subject
            .entry(r.subject.clone())
            .or_default()
            .add(rep.outcome);
        for rule in &rep.rules {
            per_rule
                .entry(rule.clone())
                .or_default()
                .entry(r.subject.clone())
                .or_default()
                .add(rep.outcome);
        }
        if let Actual::Skipped { why } = &r.actual {
            *skipped.entry(why.clone()).or_default() += 1;
        }
        if rep.outcome == Outcome::KnownButPassed {
            known_but_passed.push(i);
        }
        if rep.outcome.is_deviation() {
            let grouped_outcome = if rep.outcome == Outcome::Known {
                Outcome::Known
            } else {
                Outcome::Deviation
            };
            groups
                .entry((
                    r.subject.clone(),
                    rep.rules.clone(),
                    r.profile,
                    r.kind,
                    grouped_outcome,
                    describe_expected(&r.expected),
                    answer_class(r),
                ))
                .or_default()
                .push(i);
        }
    }
    let size = |i: usize| {
        cases
            .get(reported[i].result.case.as_str())
            .map(|c| c.source.len())
            .unwrap_or(usize::MAX)
    };
    let mut all_groups: Vec<Group> = groups
        .into_iter()
        .map(
            |((subject, rules, profile, kind, _, expected, actual), members)| {
                let reproducer = *members
                    .iter()
                    .min_by_key(|&&i| (size(i), &reported[i].result.case))
                    .expect("a group has members");
                let rep = &reported[reproducer];
                let mut repro_path = format!(
                    "reproducers/{}/{}@{}",
                    slug(&subject),
                    slug(&rep.result.case),
                    slug(&profile.name())
                );
                if kind != RunKind::Listed {
                    repro_path.push('-');
                    repro_path.push_str(&kind_name(kind));
                }
                Group {
                    outcome: rep.outcome,
                    known_why: rep.known.map(|k| format!("{} ({})", k.why, k.origin)),
                    subject,
                    rules,
                    profile,
                    kind,
                    expected,
                    actual,
                    members,
                    reproducer,
                    repro_path,
                }
            },
        )
        .collect();
    // Crashes and timeouts first, then by subject and rule.
    all_groups.sort_by_key(|g| {
        (
            !matches!(g.outcome, Outcome::Crash | Outcome::Timeout),
            g.subject.clone(),
            g.rules.clone(),
            g.profile,
        )
    });
    let (known_groups, groups): (Vec<Group>, Vec<Group>) = all_groups
        .into_iter()
        .partition(|g| g.outcome == Outcome::Known);
    let identities = run.identities();
    // An entry is reported unused only when it could have applied: it names a subject of
    // this run.
    let unused_known = known
        .entries
        .iter()
        .zip(&used)
        .filter(|(e, used)| {
            !**used && run.results.iter().any(|r| e.matches_subject(r))
        })
        .map(|(e, _)| e)
        .collect();
    Summary {
        run,
        cases,
        identities,
        reported,
        per_subject,
        per_rule,
        groups,
        known_groups,
        known_but_passed,
        unused_known,
        skipped,
    }
}

/// What [`render`] wrote.
#[derive(Debug)]
pub struct Rendered {
    pub files: Vec<PathBuf>,
    pub summary_md: PathBuf,
    pub index_html: PathBuf,
    pub findings: usize,
    pub per_subject: BTreeMap<String, Counts>,
    pub known: usize,
    pub results: usize,
}

/// Renders every sink of a saved run into `out`.
pub fn render(run: &SavedRun, known: &Known, out: &Path) -> anyhow::Result<Rendered> {
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    atomic::clean_stale(out);
    let summary = summarise(run, known);
    let mut sinks: Vec<Box<dyn Sink>> = vec![
        Box::new(json::JsonSink::new(out)),
        Box::new(junit::JunitSink::new(out)),
        Box::new(cts::CtsSink::new(out)),
        Box::new(repro::ReproSink::new(out)),
        Box::new(markdown::MarkdownSink::new(out)),
        Box::new(html::HtmlSink::new(out)),
    ];
    let write = |e: io::Error| anyhow::anyhow!("cannot write a report into {}: {e}", out.display());
    for s in sinks.iter_mut() {
        s.on(&Event::Started(&summary)).map_err(write)?;
    }
    for rep in &summary.reported {
        for s in sinks.iter_mut() {
            s.on(&Event::Result(rep)).map_err(write)?;
        }
    }
    for s in sinks.iter_mut() {
        s.on(&Event::Finished(&summary)).map_err(write)?;
    }
    let mut files = Vec::new();
    for s in sinks {
        files.extend(s.finish().map_err(write)?);
    }
    let known_n = summary
        .per_subject
        .values()
        .map(|c| c.get(Outcome::Known))
        .sum();
    Ok(Rendered {
        files,
        summary_md: out.join(markdown::FILE),
        index_html: out.join(html::FILE),
        findings: summary.findings(),
        per_subject: summary.per_subject.clone(),
        known: known_n,
        results: summary.reported.len(),
    })
}

/// The first lines of a build log, for excerpts.
pub fn log_excerpt(a: &Actual, max_lines: usize) -> Option<String> {
    let log = match a {
        Actual::Accepted { log } | Actual::Rejected { log, .. } => log,
        Actual::Invalid { detail } => detail,
        Actual::Ran { run } => &run.log,
        _ => return None,
    };
    let log = log.trim_end();
    if log.trim().is_empty() {
        return None;
    }
    let lines: Vec<&str> = log.lines().collect();
    let mut s: String = lines
        .iter()
        .take(max_lines)
        .map(|l| {
            let mut l: String = l.chars().take(300).collect();
            l.push('\n');
            l
        })
        .collect();
    if lines.len() > max_lines {
        s.push_str(&format!("[... {} more line(s)]\n", lines.len() - max_lines));
    }
    Some(s)
}
