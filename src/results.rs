//! What a run produced, as plain data: one [`CaseResult`] per (case, subject, profile, kind).
//!
//! Architecture invariant: nothing here calls a driver or renders anything. `clasp run` streams
//! these records as JSON lines to `reports/runs/<run-id>/results.jsonl`; report sinks (JUnit,
//! Markdown, HTML) and run comparison read them back. Field names and enum tags are a file
//! format: add fields, never rename them.

use checker::Profile;
use serde::{Deserialize, Serialize};

/// The file a run streams its results to, inside its run directory.
pub const RESULTS_FILE: &str = "results.jsonl";

/// One case run by one subject in one profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaseResult {
    /// The case's stable name (`local/init-reject`).
    pub case: String,
    /// Which subject ran it: `checker`, `clang-16`, or a device's id (see [`Subject`]).
    pub subject: String,
    pub profile: Profile,
    /// Whether the profile is one the case lists, or a derived expectation about the device.
    pub kind: RunKind,
    /// The build options the subject was given (for drivers: `-cl-std=...` then the case's).
    pub options: Vec<String>,
    pub expected: Expected,
    pub actual: Actual,
    pub verdict: Verdict,
    /// Wall time of this result as the harness saw it, in milliseconds (0 when cached).
    pub duration_ms: f64,
    /// Time inside `clBuildProgram` alone (drivers only), in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub driver_ms: Option<f64>,
    /// Whether the actual outcome came from the result cache.
    #[serde(default)]
    pub cached: bool,
    /// What exactly was run: platform, device and driver versions, or the compiler's version.
    pub identity: String,
}

impl CaseResult {
    /// The key `--resume` uses to know a result is already there.
    pub fn key(&self) -> ResultKey {
        (
            self.case.clone(),
            self.subject.clone(),
            self.profile,
            self.kind,
        )
    }
}

/// `(case, subject, profile, kind)`.
pub type ResultKey = (String, String, Profile, RunKind);

/// Why a (case, profile) pair is run on a subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunKind {
    /// The case lists the profile; the expectation comes from the case file.
    Listed,
    /// The device does not report the profile's OpenCL C version: building with that
    /// `-cl-std` must fail, whatever the case's own expectation.
    UnsupportedStd,
    /// A compile case that must build, built again with `-cl-kernel-arg-info`:
    /// `CL_KERNEL_ARG_ADDRESS_QUALIFIER` of every argument of every kernel, compared with the
    /// pointee spaces the checker reads from the kernel signatures (AS-ARG-ADDRESS-QUALIFIER).
    /// The result is an [`Actual::Ran`] whose `queries` hold one line per argument.
    ArgQualifiers,
}

/// What the case file (or the derived device expectation) says must happen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "expect", rename_all = "kebab-case")]
pub enum Expected {
    /// The build must succeed.
    Accept,
    /// The build must fail.
    Reject,
    /// The checker must report exactly these `(line, rule)` pairs (empty: accept).
    Diagnostics { diagnostics: Vec<Diag> },
}

/// A diagnostic as the suite compares it: line and rule ID.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Diag {
    pub line: u32,
    pub rule: String,
}

/// What the subject did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Actual {
    /// The build succeeded; `log` is the build log (often empty).
    Accepted { log: String },
    /// The build failed; `code` is the OpenCL error (`CL_BUILD_PROGRAM_FAILURE`) or the
    /// compiler's exit status.
    Rejected { code: String, log: String },
    /// The checker's diagnostics.
    Diagnostics { diagnostics: Vec<Diag> },
    /// The driver answered something that is neither a success nor a failure (a build status
    /// that does not exist, `CL_SUCCESS` with `CL_BUILD_ERROR`, an unexpected error code).
    Invalid { detail: String },
    /// The worker process died: `signal` is `SIGSEGV`, `SIGABRT`, ... or `exit(N)`.
    Crash { signal: String },
    /// The build did not finish within the per-case timeout; the worker was killed.
    Timeout { after_ms: u64 },
    /// Not run, and why.
    Skipped { why: String },
    /// A run-time case (`//@ kind: run`) was built and executed, or a compile case's argument
    /// qualifiers were queried ([`RunKind::ArgQualifiers`]); the expected side is the case's
    /// own run-time directives, and `run` says how that went. The `expected` of such a result
    /// is `accept` (a run-time case must build; an `expect-error` is in `run.expect_error`).
    Ran { run: RunOutcome },
}

/// What executing a run-time case produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunOutcome {
    pub status: RunStatus,
    /// The step that failed (`status` error or failed-as-expected) or that should have failed
    /// (no-error): `build`, `create-kernel`, `set-arg N`, `enqueue`, `finish`, `read`, `query`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<String>,
    /// The OpenCL error name the failing step returned (`CL_OUT_OF_RESOURCES`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The case's `expect-error` (`build-or-enqueue`, `set-arg 1`), if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect_error: Option<String>,
    /// The build log (cut like compile logs).
    #[serde(default)]
    pub log: String,
    /// Buffers whose contents differ from their `expect` line, with the first differences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buffers: Vec<BufferMismatch>,
    /// Every `query:` line (and, for arg-qualifiers results, every argument), with both sides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queries: Vec<QueryCheck>,
    /// Implementation-defined values, reported without a verdict: small buffers the case
    /// declares without an `expect` line (pointer sizes, for instance).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reported: Vec<Reported>,
    /// For a case whose sizes come from the device (`//@ bind:`): what each bound name was
    /// (`N = CL_DEVICE_MAX_CONSTANT_ARGS + 1 = 1025`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bound: Vec<String>,
    /// For a C++ for OpenCL program given as SPIR-V: the initialisation kernels the host
    /// enqueued once, before the case's launches (`_GLOBAL__sub_I_...`, see docs/cxx-spirv.md).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_kernels: Vec<String>,
}

impl RunOutcome {
    /// A run that has not failed yet, with its build log.
    pub fn started(log: String, expect_error: Option<String>) -> RunOutcome {
        RunOutcome {
            status: RunStatus::Ok,
            step: None,
            code: None,
            expect_error,
            log,
            buffers: Vec::new(),
            queries: Vec::new(),
            reported: Vec::new(),
            bound: Vec::new(),
            init_kernels: Vec::new(),
        }
    }
}

/// How a run-time case ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RunStatus {
    /// Every launch ran and every buffer and query matched.
    Ok,
    /// The step named by `expect-error` failed with an OpenCL error, as the case requires.
    FailedAsExpected,
    /// Everything ran, but a buffer or a query differs from the case's expectation.
    Mismatch,
    /// A step the case did not expect to fail returned an OpenCL error (`step`, `code`).
    Error,
    /// The case expects `step` to fail, and it succeeded.
    NoError,
}

impl RunStatus {
    pub fn passes(self) -> bool {
        matches!(self, RunStatus::Ok | RunStatus::FailedAsExpected)
    }
}

/// One buffer that differs from its expectation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BufferMismatch {
    /// The buffer's name in the case (`out`).
    pub buffer: String,
    /// Element type (`int`) and length.
    pub elem: String,
    pub len: usize,
    /// How many elements differ in all.
    pub differing: usize,
    /// The first few differing elements, in index order.
    pub first: Vec<ElemDiff>,
    /// Every distinct (expected, actual) pair among all the differing elements, in order of
    /// first appearance, up to [`MAX_PAIRS`]; `more_pairs` when there were more. A known class
    /// that names the shape of a wrong answer is checked against all of them, not only `first`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<ValuePair>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub more_pairs: bool,
}

/// How many distinct (expected, actual) pairs a [`BufferMismatch`] keeps.
pub const MAX_PAIRS: usize = 16;

/// One (expected, actual) pair of a buffer's differing elements, and how many elements have it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValuePair {
    pub expected: i64,
    pub actual: i64,
    pub count: usize,
}

impl BufferMismatch {
    /// The (expected, actual) pairs of every differing element: `pairs` when the run kept them,
    /// else (results written before they were kept) those of `first`, complete only when every
    /// differing element is in `first`. The flag says whether the list is complete.
    pub fn value_pairs(&self) -> (Vec<(i64, i64)>, bool) {
        if !self.pairs.is_empty() {
            let v = self.pairs.iter().map(|p| (p.expected, p.actual)).collect();
            return (v, !self.more_pairs);
        }
        let v = self.first.iter().map(|d| (d.expected, d.actual)).collect();
        (v, self.first.len() == self.differing)
    }

    /// Records one differing element (the executor's single way of filling a mismatch).
    pub fn record(&mut self, index: usize, expected: i64, actual: i64, keep_first: usize) {
        self.differing += 1;
        if self.first.len() < keep_first {
            self.first.push(ElemDiff {
                index,
                expected,
                actual,
            });
        }
        let full = self.pairs.len() >= MAX_PAIRS;
        match self
            .pairs
            .iter_mut()
            .find(|p| p.expected == expected && p.actual == actual)
        {
            Some(p) => p.count += 1,
            None if full => self.more_pairs = true,
            None => self.pairs.push(ValuePair {
                expected,
                actual,
                count: 1,
            }),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ElemDiff {
    pub index: usize,
    pub expected: i64,
    pub actual: i64,
}

/// One query, both sides as text (`global`, `>= 384`, `512`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueryCheck {
    /// What was asked: `kernel-local-mem-size both`, `arg-address-qualifier mixed 2`.
    pub query: String,
    pub expected: String,
    /// The answer, or the OpenCL error the query returned.
    pub actual: String,
    pub ok: bool,
}

/// A value reported without a verdict.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reported {
    pub name: String,
    pub values: Vec<i64>,
}

/// The judgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Pass,
    Deviation,
    Skipped,
    Crash,
    Timeout,
}

impl Verdict {
    /// Whether this verdict is a finding (makes `clasp run` exit 1).
    pub fn is_finding(self) -> bool {
        matches!(self, Verdict::Deviation | Verdict::Crash | Verdict::Timeout)
    }
}

/// Judges an outcome against an expectation.
pub fn judge(expected: &Expected, actual: &Actual) -> Verdict {
    match (expected, actual) {
        (_, Actual::Skipped { .. }) => Verdict::Skipped,
        (_, Actual::Crash { .. }) => Verdict::Crash,
        (_, Actual::Timeout { .. }) => Verdict::Timeout,
        (_, Actual::Invalid { .. }) => Verdict::Deviation,
        (Expected::Accept, Actual::Ran { run }) if run.status.passes() => Verdict::Pass,
        (Expected::Accept, Actual::Accepted { .. })
        | (Expected::Reject, Actual::Rejected { .. }) => Verdict::Pass,
        (Expected::Diagnostics { diagnostics: want }, Actual::Diagnostics { diagnostics: got }) => {
            if want == got {
                Verdict::Pass
            } else {
                Verdict::Deviation
            }
        }
        _ => Verdict::Deviation,
    }
}

/// Reads a results file, skipping lines that do not parse (the last line of a killed run may be
/// cut short). Returns the records and how many lines were unreadable.
pub fn read_jsonl(text: &str) -> (Vec<CaseResult>, usize) {
    let mut out = Vec::new();
    let mut bad = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match serde_json::from_str(line) {
            Ok(r) => out.push(r),
            Err(_) => bad += 1,
        }
    }
    (out, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        let acc = Actual::Accepted { log: String::new() };
        let rej = Actual::Rejected {
            code: "CL_BUILD_PROGRAM_FAILURE".into(),
            log: "x".into(),
        };
        assert_eq!(judge(&Expected::Accept, &acc), Verdict::Pass);
        assert_eq!(judge(&Expected::Accept, &rej), Verdict::Deviation);
        assert_eq!(judge(&Expected::Reject, &rej), Verdict::Pass);
        assert_eq!(judge(&Expected::Reject, &acc), Verdict::Deviation);
        assert_eq!(
            judge(
                &Expected::Accept,
                &Actual::Crash {
                    signal: "SIGSEGV".into()
                }
            ),
            Verdict::Crash
        );
        assert_eq!(
            judge(
                &Expected::Reject,
                &Actual::Invalid {
                    detail: "status 7".into()
                }
            ),
            Verdict::Deviation
        );
    }

    #[test]
    fn run_time_outcomes_pass_only_when_the_case_is_satisfied() {
        let ran = |status| Actual::Ran {
            run: RunOutcome {
                status,
                step: None,
                code: None,
                expect_error: None,
                log: String::new(),
                buffers: Vec::new(),
                queries: Vec::new(),
                reported: Vec::new(),
                bound: Vec::new(),
                init_kernels: Vec::new(),
            },
        };
        assert_eq!(judge(&Expected::Accept, &ran(RunStatus::Ok)), Verdict::Pass);
        assert_eq!(
            judge(&Expected::Accept, &ran(RunStatus::FailedAsExpected)),
            Verdict::Pass
        );
        for bad in [RunStatus::Mismatch, RunStatus::Error, RunStatus::NoError] {
            assert_eq!(judge(&Expected::Accept, &ran(bad)), Verdict::Deviation);
        }
        let line = serde_json::to_string(&ran(RunStatus::FailedAsExpected)).unwrap();
        assert!(line.contains("\"outcome\":\"ran\""), "{line}");
        assert!(line.contains("\"status\":\"failed-as-expected\""), "{line}");
        assert_eq!(
            serde_json::from_str::<Actual>(&line).unwrap(),
            ran(RunStatus::FailedAsExpected)
        );
    }

    #[test]
    fn records_round_trip_and_a_cut_line_is_skipped() {
        let r = CaseResult {
            case: "a/b".into(),
            subject: "checker".into(),
            profile: Profile::CL3_0_GLOBALS,
            kind: RunKind::Listed,
            options: vec!["-cl-std=CL3.0".into()],
            expected: Expected::Diagnostics {
                diagnostics: vec![Diag {
                    line: 3,
                    rule: "AS-PROGSCOPE-SPACE".into(),
                }],
            },
            actual: Actual::Timeout { after_ms: 5 },
            verdict: Verdict::Timeout,
            duration_ms: 1.5,
            driver_ms: None,
            cached: false,
            identity: "x".into(),
        };
        let line = serde_json::to_string(&r).unwrap();
        assert!(line.contains("\"profile\":\"CL3.0+globals\""), "{line}");
        let text = format!("{line}\n{}", &line[..line.len() / 2]);
        let (back, bad) = read_jsonl(&text);
        assert_eq!(back, [r]);
        assert_eq!(bad, 1);
    }
}
