//! How results read in reports: one-line descriptions of expectations and answers, the spec
//! sentence and readings of a rule, file-name slugs, log excerpts.

use super::CL_STD_RULE;
use crate::results::{Actual, CaseResult, Expected, RunKind};
use checker::RuleId;
use std::collections::BTreeSet;

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

/// The contradicting readings a rule's catalogue entry lists (`source: “says”`), then the one
/// clasp takes (`clasp reads: ...`); empty for a rule without readings.
pub fn readings(rule: &str) -> Vec<String> {
    let Ok(id) = rule.parse::<RuleId>() else {
        return Vec::new();
    };
    let r = id.rule();
    if r.readings.is_empty() {
        return Vec::new();
    }
    let mut v: Vec<String> = r
        .readings
        .iter()
        .map(|x| format!("{}: “{}”", x.source, x.says))
        .collect();
    if let Some(i) = r.interpretation {
        v.push(format!("clasp reads: {i}"));
    }
    v
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
