//! The summary `clasp run` and `clasp report` print at the end: counts per subject, deviations
//! and interpretations grouped by subject and rule and capped, then the totals line that
//! `summary.md` and `index.html` print word for word, and where the full list is.

use super::{describe_actual, readings, Group, Outcome, Summary};
use crate::results::Actual;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// How many (subject, rule) lines a section lists before pointing at `summary.md`.
const LISTED: usize = 12;
/// How many case names a line shows.
const NAMES: usize = 3;
/// How many different answers a line shows.
const ANSWERS: usize = 3;
/// Longest answer shown, in characters.
const ANSWER_CHARS: usize = 200;
/// Longest reading quoted in the terminal, in characters.
const READING_CHARS: usize = 160;

/// Groups of one section merged by subject and rules, across profiles and answers.
#[derive(Default)]
struct Line {
    profiles: BTreeSet<String>,
    answers: BTreeSet<String>,
    cases: Vec<String>,
    results: usize,
    crash_or_timeout: bool,
}

fn merge<'g>(s: &Summary<'_>, groups: &'g [Group]) -> Vec<((&'g str, &'g [String]), Line)> {
    let mut lines: BTreeMap<(&str, &[String]), Line> = BTreeMap::new();
    for g in groups {
        let l = lines.entry((&g.subject, &g.rules)).or_default();
        l.profiles.insert(g.profile.to_string());
        // A run-time answer says what differed (its reproducer's first difference).
        let got = match &s.reported[g.reproducer].result.actual {
            a @ Actual::Ran { .. } => describe_actual(a),
            _ => g.actual.clone(),
        };
        l.answers.insert(cut(
            &format!("expected {}, got {got}", g.expected),
            ANSWER_CHARS,
        ));
        l.results += g.members.len();
        l.crash_or_timeout |= matches!(g.outcome, Outcome::Crash | Outcome::Timeout);
        for &i in &g.members {
            let case = &s.reported[i].result.case;
            if !l.cases.contains(case) {
                l.cases.push(case.clone());
            }
        }
    }
    let mut v: Vec<_> = lines.into_iter().collect();
    // Crashes and timeouts first, then the largest.
    v.sort_by_key(|(k, l)| (!l.crash_or_timeout, std::cmp::Reverse(l.results), *k));
    v
}

fn section(out: &mut String, s: &Summary<'_>, title: &str, groups: &[Group], with_readings: bool) {
    if groups.is_empty() {
        return;
    }
    let results: usize = groups.iter().map(|g| g.members.len()).sum();
    let lines = merge(s, groups);
    let _ = writeln!(
        out,
        "{title}: {results} result(s), {} subject × rule line(s)",
        lines.len()
    );
    let mut shown_readings = BTreeSet::new();
    for ((subject, rules), l) in lines.iter().take(LISTED) {
        let mut answers: Vec<&str> = l.answers.iter().map(String::as_str).collect();
        let more_answers = answers.len().saturating_sub(ANSWERS);
        answers.truncate(ANSWERS);
        let mut names: Vec<&str> = l.cases.iter().take(NAMES).map(String::as_str).collect();
        if l.cases.len() > NAMES {
            names.push("...");
        }
        let _ = writeln!(
            out,
            "  {subject} · {} · {}: {} result(s), {}{} ({})",
            rules.join(", "),
            l.profiles.iter().cloned().collect::<Vec<_>>().join(" "),
            l.results,
            answers.join("; "),
            if more_answers > 0 {
                format!(" and {more_answers} other answer(s)")
            } else {
                String::new()
            },
            names.join(", ")
        );
        if with_readings {
            for rule in rules.iter().filter(|r| shown_readings.insert(r.as_str())) {
                for r in readings(rule) {
                    let _ = writeln!(out, "      {rule} {}", cut(&r, READING_CHARS));
                }
            }
        }
    }
    if lines.len() > LISTED {
        let _ = writeln!(
            out,
            "  ... {} more line(s) in summary.md",
            lines.len() - LISTED
        );
    }
}

/// `text` cut to `max` characters, with an ellipsis when cut.
fn cut(text: &str, max: usize) -> String {
    let mut t: String = text.chars().take(max).collect();
    if text.chars().count() > max {
        t.push('…');
    }
    t
}

/// The summary as printed; `summary_md` and `index_html` are where the full lists are.
pub fn render(s: &Summary<'_>, summary_md: &Path, index_html: Option<&Path>) -> String {
    let mut out = String::new();
    let width = s.per_subject.keys().map(|k| k.len()).max().unwrap_or(0);
    for (id, c) in &s.per_subject {
        let _ = writeln!(out, "{id:<width$}  {} result(s): {}", c.total(), c.brief());
    }
    out.push('\n');
    section(
        &mut out,
        s,
        "Deviations, crashes and timeouts",
        &s.groups,
        false,
    );
    section(
        &mut out,
        s,
        "Interpretations (the subject took another reading of the spec; not findings)",
        &s.interpretation_groups,
        true,
    );
    let known: usize = s.known_groups.iter().map(|g| g.members.len()).sum();
    if known > 0 {
        let subjects: BTreeSet<&str> = s.known_groups.iter().map(|g| g.subject.as_str()).collect();
        let readings: usize = s
            .known_groups
            .iter()
            .filter(|g| g.another_reading)
            .map(|g| g.members.len())
            .sum();
        let _ = writeln!(
            out,
            "Known deviations: {known} result(s) in {} group(s) on {} subject(s), each named in reports/known/{} (listed in summary.md)",
            s.known_groups.len(),
            subjects.len(),
            if readings > 0 {
                format!("; {readings} of them on rules the spec reads two ways, with the readings")
            } else {
                String::new()
            }
        );
    }
    if !s.known_but_passed.is_empty() {
        let _ = writeln!(
            out,
            "Known deviations that now pass: {} result(s); remove their entries from reports/known/ or give them `fixed_in` (listed in summary.md)",
            s.known_but_passed.len()
        );
    }
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
    let _ = writeln!(out, "Total: {}", s.totals_line());
    let _ = writeln!(out, "Summary: {}", summary_md.display());
    if let Some(html) = index_html {
        let _ = writeln!(out, "Report:  {}", html.display());
    }
    out
}
