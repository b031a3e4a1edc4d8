//! A run as saved on disk, everything a report reads: `run.json`, `cases.json` and
//! `results.jsonl` of a run directory, or the `results.json` a report wrote, plain or
//! gzip-compressed (`results.json.gz`, the compact form `reports/reference/` keeps).

use super::{atomic, json};
use crate::results::{read_jsonl, Actual, CaseResult, Expected, RunKind, RESULTS_FILE};
use anyhow::{bail, Context as _};
use checker::case::Case;
use checker::Profile;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Read as _};
use std::path::{Path, PathBuf};

/// The file `clasp run` saves the cases of a run into (names, rules, sources).
pub const CASES_FILE: &str = "cases.json";
/// The file describing a run.
pub const RUN_FILE: &str = "run.json";
/// The results.json sink's file name.
pub const RESULTS_JSON: &str = "results.json";
/// The same document, gzip-compressed: what a compact report keeps.
pub const RESULTS_GZ: &str = "results.json.gz";
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
    /// A device's identity field by field (platform, device, driver and OpenCL C versions), for
    /// bug reports; empty for other subjects and runs made before it was recorded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub device: Vec<(String, String)>,
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

/// `YYYY-MM-DD HH:MM UTC` from Unix seconds.
pub fn utc(secs: u64) -> String {
    format!("{} UTC", crate::clock::minutes(secs))
}

/// A run as a merged report names it: its id and command.
fn describe(run: &RunInfo) -> String {
    format!(
        "{} (`{}`)",
        run.run_id.as_deref().unwrap_or("unnamed run"),
        run.command()
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
    /// Built by the generators, not read from a file: `clasp generate --case NAME` prints it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub generated: bool,
    /// What the case exercises (`//@ props:`; a generated case's dimensions), which known
    /// deviations match on.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub props: BTreeMap<String, String>,
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
            generated: false,
            props: c.props.iter().cloned().collect(),
        }
    }

    /// The rules a result of this case is about: for a result that must be rejected, the rules
    /// expected in its profile; otherwise every rule the case lists.
    pub fn rules_for(&self, r: &CaseResult) -> Vec<String> {
        let rejecting = match &r.expected {
            Expected::Reject => true,
            Expected::Diagnostics { diagnostics } => !diagnostics.is_empty(),
            Expected::Accept => false,
        };
        let ran = matches!(r.actual, Actual::Ran { .. });
        self.rules_when(r.kind, ran, rejecting, r.profile)
    }

    /// [`CaseInfo::rules_for`] from what decides it: the result's kind, whether the subject ran
    /// it, whether it must be rejected, and its profile.
    pub fn rules_when(
        &self,
        kind: RunKind,
        ran: bool,
        rejecting: bool,
        profile: Profile,
    ) -> Vec<String> {
        match kind {
            RunKind::UnsupportedStd => return vec![CL_STD_RULE.into()],
            RunKind::Listed => {}
            // Derived checks name their rule themselves (arg-qualifiers: AS-ARG-ADDRESS-QUALIFIER).
            _ if ran => return vec![ARG_QUALIFIER_RULE.into()],
            _ => {}
        }
        let mut set: BTreeSet<String> = BTreeSet::new();
        if rejecting {
            for e in &self.expectations {
                if e.profiles.is_empty() || e.profiles.contains(&profile) {
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

/// Writes the cases of a run (`clasp run` does this before running anything) and returns them;
/// those from index `first_generated` on are generated.
pub fn save_cases(
    run_dir: &Path,
    cases: &[Case],
    first_generated: usize,
) -> io::Result<Vec<CaseInfo>> {
    let infos: Vec<CaseInfo> = cases
        .iter()
        .enumerate()
        .map(|(i, c)| CaseInfo {
            generated: i >= first_generated,
            ..CaseInfo::from_case(c)
        })
        .collect();
    let text = serde_json::to_string(&infos)? + "\n";
    atomic::write(&run_dir.join(CASES_FILE), text.as_bytes())?;
    Ok(infos)
}

/// The generated cases named in `names`, rebuilt by the generators (which make the same case
/// under the same name); names of no generated case are left out.
fn regenerated(names: &BTreeSet<&str>) -> Vec<CaseInfo> {
    if names.is_empty() {
        return Vec::new();
    }
    generators::suite::find_all(names)
        .into_iter()
        .filter_map(|g| g.parse().ok())
        .map(|c| CaseInfo {
            generated: true,
            ..CaseInfo::from_case(&c)
        })
        .collect()
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
    /// directory (`results.json` or `results.json.gz`), or such a file.
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
            for name in [RESULTS_JSON, RESULTS_GZ] {
                if path.join(name).is_file() {
                    return SavedRun::load_json(&path.join(name));
                }
            }
            bail!(
                "{} has neither {RESULTS_FILE} (a run directory) nor {RESULTS_JSON} or {RESULTS_GZ} (a report)",
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
            // A run directory without its cases (made before cases were saved, or copied
            // without them): the corpus the run names, if it is here, and the generated cases
            // rebuilt from their names.
            Err(_) => {
                let wanted: BTreeSet<&str> = results.iter().map(|r| r.case.as_str()).collect();
                let mut cases: Vec<CaseInfo> = match &run.cases_dir {
                    Some(dir) => checker::case::corpus::load(dir)
                        .map(|cs| {
                            cs.iter()
                                .filter(|c| wanted.contains(c.name.as_str()))
                                .map(CaseInfo::from_case)
                                .collect()
                        })
                        .unwrap_or_default(),
                    None => Vec::new(),
                };
                let found: BTreeSet<String> = cases.iter().map(|c| c.name.clone()).collect();
                let rest: BTreeSet<&str> =
                    wanted.into_iter().filter(|n| !found.contains(*n)).collect();
                cases.extend(regenerated(&rest));
                cases
            }
        };
        Ok(SavedRun {
            run,
            cases,
            results,
            unreadable,
        })
    }

    /// Reads a results.json, plain or gzip-compressed (told apart by the gzip magic bytes, not
    /// by the name).
    fn load_json(path: &Path) -> anyhow::Result<SavedRun> {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let text = if bytes.starts_with(&[0x1f, 0x8b]) {
            let mut text = String::new();
            flate2::read::MultiGzDecoder::new(bytes.as_slice())
                .read_to_string(&mut text)
                .with_context(|| format!("{} is not a readable gzip file", path.display()))?;
            text
        } else {
            String::from_utf8(bytes)
                .with_context(|| format!("{} is not UTF-8 text", path.display()))?
        };
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

    /// Loads each saved run and merges them into one: the first one's description, a note
    /// naming every run merged with its command, the cases joined by name and every result.
    pub fn load_all(paths: &[PathBuf]) -> anyhow::Result<SavedRun> {
        let mut runs = paths
            .iter()
            .map(|p| SavedRun::load(p).with_context(|| format!("in {}", p.display())));
        let Some(first) = runs.next() else {
            bail!("no saved run named");
        };
        let mut merged = first?;
        if paths.len() == 1 {
            return Ok(merged);
        }
        let mut names: BTreeSet<String> = merged.cases.iter().map(|c| c.name.clone()).collect();
        let mut notes = vec![describe(&merged.run)];
        for run in runs {
            let run = run?;
            notes.push(describe(&run.run));
            for c in run.cases {
                if names.insert(c.name.clone()) {
                    merged.cases.push(c);
                }
            }
            merged.results.extend(run.results);
            merged.unreadable += run.unreadable;
            merged.run.subjects.extend(
                run.run
                    .subjects
                    .into_iter()
                    .filter(|s| !merged.run.subjects.iter().any(|m| m.id == s.id))
                    .collect::<Vec<_>>(),
            );
        }
        merged.run.notes.push(format!(
            "{} saved runs merged: {}",
            notes.len(),
            notes.join("; ")
        ));
        Ok(merged)
    }

    /// Whether `path` is a run directory (its reports may be written into it).
    pub fn is_run_dir(path: &Path) -> bool {
        path.join(RESULTS_FILE).is_file()
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
