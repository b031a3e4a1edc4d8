//! Expected vs actual, as a unified diff (`similar`): the checker is compared on sorted
//! `line RULE` lines, drivers and clang on their outcome (their messages differ, so the build log
//! is shown beside the diff, not diffed).

use crate::results::{Actual, CaseResult, Expected};
use similar::TextDiff;

/// The expected side, one item a line.
fn want(e: &Expected) -> String {
    match e {
        Expected::Accept => "accept (the build succeeds)\n".into(),
        Expected::Reject => "reject (the build fails)\n".into(),
        Expected::Diagnostics { diagnostics } => diag_lines(diagnostics),
    }
}

fn diag_lines(d: &[crate::results::Diag]) -> String {
    let mut v: Vec<String> = d
        .iter()
        .map(|d| format!("{} {}\n", d.line, d.rule))
        .collect();
    v.sort();
    v.concat()
}

/// The actual side, in the same terms as [`want`].
fn got(a: &Actual) -> String {
    match a {
        Actual::Accepted { .. } => "accept (the build succeeds)\n".into(),
        Actual::Rejected { code, .. } => format!("reject (the build fails: {code})\n"),
        Actual::Diagnostics { diagnostics } => diag_lines(diagnostics),
        Actual::Ran { run } => super::run_lines(run)
            .iter()
            .map(|l| format!("{l}\n"))
            .collect(),
        other => format!("{}\n", super::describe_actual(other)),
    }
}

/// The diff of a result, `--- expected` / `+++ <subject>`; empty when both sides read the same.
pub fn of(r: &CaseResult) -> String {
    let w = match &r.actual {
        Actual::Ran { run } => match &run.expect_error {
            Some(step) => format!("{step} fails as the case expects\n"),
            None => "ran as expected\n".into(),
        },
        _ => want(&r.expected),
    };
    let g = match &r.actual {
        Actual::Ran { run } if run.status.passes() => w.clone(),
        a => got(a),
    };
    TextDiff::from_lines(&w, &g)
        .unified_diff()
        .context_radius(3)
        .header("expected", &r.subject)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{Diag, RunKind, Verdict};

    #[test]
    fn checker_diff_is_by_rule_and_line() {
        let d = |line, rule: &str| Diag {
            line,
            rule: rule.into(),
        };
        let r = CaseResult {
            case: "c".into(),
            subject: "checker".into(),
            profile: checker::Profile::CL1_2,
            kind: RunKind::Listed,
            options: vec![],
            expected: Expected::Diagnostics {
                diagnostics: vec![d(3, "AS-A"), d(7, "AS-B")],
            },
            actual: Actual::Diagnostics {
                diagnostics: vec![d(3, "AS-A"), d(8, "AS-B")],
            },
            verdict: Verdict::Deviation,
            duration_ms: 0.0,
            driver_ms: None,
            cached: false,
            identity: "x".into(),
        };
        let text = of(&r);
        assert!(text.starts_with("--- expected\n+++ checker\n"), "{text}");
        assert!(text.contains("-7 AS-B\n+8 AS-B\n"), "{text}");
        assert!(text.contains(" 3 AS-A\n"), "{text}");
    }
}
