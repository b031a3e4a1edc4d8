//! Comparison of two runs (`clasp compare OLD NEW`, `clasp run --baseline OLD`): per subject and
//! rule, what got fixed, what broke, new crashes and new timeouts, and the findings of results
//! the old run does not have, as a Markdown table, then each item by name. Results
//! are matched on (case, subject, profile, kind); both runs are judged with the same known
//! deviations, so a known deviation counts as a deviation that is still there. An interpretation
//! (another reading of the spec) is named as such, with the readings of its rules.

use super::known::Known;
use super::{summarise, Outcome, SavedRun};
use crate::results::RunKind;
use checker::Profile;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

type Key = (String, String, Profile, RunKind);

/// What changed between two runs.
#[derive(Debug, Default)]
pub struct Comparison {
    /// Per (subject, rule): counts of fixed, broken, new crashes, new timeouts, new findings.
    pub table: BTreeMap<(String, String), [usize; 5]>,
    pub fixed: Vec<Change>,
    pub broken: Vec<Change>,
    pub new_crashes: Vec<Change>,
    pub new_timeouts: Vec<Change>,
    /// Findings (deviations, crashes, timeouts) of results the old run does not have: a new
    /// case, profile or subject that fails.
    pub new_findings: Vec<Change>,
    /// Results only one of the runs has.
    pub only_old: usize,
    pub only_new: usize,
    /// Subjects whose identity (driver version) differs: (id, old, new).
    pub identity_changes: Vec<(String, String, String)>,
    /// Per subject: interpretations (another reading of the spec) in the old and the new run.
    pub interpretations: BTreeMap<String, (usize, usize)>,
    /// Rules of changed results that either run judges an interpretation.
    pub reading_rules: BTreeSet<String>,
}

#[derive(Debug, Clone)]
pub struct Change {
    pub case: String,
    pub subject: String,
    pub profile: Profile,
    pub kind: RunKind,
    /// `None` for a result the old run does not have.
    pub old: Option<Outcome>,
    pub new: Outcome,
}

impl Comparison {
    /// Whether anything got worse (exit 1): something broke, crashed or timed out that did not
    /// before, or a result the old run does not have is a finding.
    pub fn regressed(&self) -> bool {
        !(self.broken.is_empty()
            && self.new_crashes.is_empty()
            && self.new_timeouts.is_empty()
            && self.new_findings.is_empty())
    }

    /// `3 new · 1 broken · 2 fixed` (new crashes and timeouts count as broken).
    pub fn brief(&self) -> String {
        format!(
            "{} new · {} broken · {} fixed",
            self.new_findings.len(),
            self.broken.len() + self.new_crashes.len() + self.new_timeouts.len(),
            self.fixed.len()
        )
    }
}

fn bad(o: Outcome) -> bool {
    matches!(
        o,
        Outcome::Deviation
            | Outcome::Interpretation
            | Outcome::Known
            | Outcome::Crash
            | Outcome::Timeout
    )
}

fn good(o: Outcome) -> bool {
    matches!(o, Outcome::Pass | Outcome::KnownButPassed)
}

/// What a change of outcome is, as the table's columns count it: fixed, broken, new crash,
/// new timeout (`None`: not a change the gate reports). Any result whose verdict got worse is
/// one: a crash or a timeout where there was none, an unreviewed deviation where there was a
/// pass, a skip, a known class or another reading (the driver now fails in a way no review
/// covers), and a reviewed class where there was a pass. A known class or another reading
/// where the case was skipped is not: the case now runs, and its failure is reviewed.
fn transition(o: Outcome, n: Outcome) -> Option<usize> {
    if bad(o) && good(n) {
        Some(0)
    } else if n == Outcome::Crash && o != Outcome::Crash {
        Some(2)
    } else if n == Outcome::Timeout && o != Outcome::Timeout {
        Some(3)
    } else if (n == Outcome::Deviation
        && !matches!(o, Outcome::Deviation | Outcome::Crash | Outcome::Timeout))
        || (good(o) && matches!(n, Outcome::Interpretation | Outcome::Known))
    {
        Some(1)
    } else {
        None
    }
}

pub fn compare(old: &SavedRun, new: &SavedRun, known: &Known) -> Comparison {
    let (so, sn) = (summarise(old, known), summarise(new, known));
    let key = |r: &crate::results::CaseResult| -> Key {
        (r.case.clone(), r.subject.clone(), r.profile, r.kind)
    };
    let old_map: BTreeMap<Key, usize> = so
        .reported
        .iter()
        .enumerate()
        .map(|(i, r)| (key(r.result), i))
        .collect();
    let mut c = Comparison::default();
    let mut seen = 0;
    for rep in &sn.reported {
        let r = rep.result;
        let change = |old| Change {
            case: r.case.clone(),
            subject: r.subject.clone(),
            profile: r.profile,
            kind: r.kind,
            old,
            new: rep.outcome,
        };
        let Some(&oi) = old_map.get(&key(r)) else {
            c.only_new += 1;
            if matches!(
                rep.outcome,
                Outcome::Deviation | Outcome::Crash | Outcome::Timeout
            ) {
                c.new_findings.push(change(None));
                for rule in &rep.rules {
                    c.table
                        .entry((r.subject.clone(), rule.clone()))
                        .or_default()[4] += 1;
                }
            }
            continue;
        };
        seen += 1;
        let (o, n) = (so.reported[oi].outcome, rep.outcome);
        let change = change(Some(o));
        let Some(column) = transition(o, n) else {
            continue;
        };
        [
            &mut c.fixed,
            &mut c.broken,
            &mut c.new_crashes,
            &mut c.new_timeouts,
        ][column]
            .push(change);
        if o == Outcome::Interpretation || n == Outcome::Interpretation {
            c.reading_rules.extend(rep.rules.iter().cloned());
        }
        for rule in &rep.rules {
            c.table
                .entry((r.subject.clone(), rule.clone()))
                .or_default()[column] += 1;
        }
    }
    c.only_old = so.reported.len() - seen;
    for (summary, new) in [(&so, false), (&sn, true)] {
        for (id, counts) in &summary.per_subject {
            let n = counts.get(Outcome::Interpretation);
            if n > 0 {
                let e = c.interpretations.entry(id.clone()).or_default();
                *(if new { &mut e.1 } else { &mut e.0 }) = n;
            }
        }
    }
    for (id, new_identity) in &sn.identities {
        if let Some(old_identity) = so.identities.get(id) {
            if old_identity != new_identity {
                c.identity_changes
                    .push((id.clone(), old_identity.clone(), new_identity.clone()));
            }
        }
    }
    c
}

/// The comparison as Markdown.
pub fn markdown(c: &Comparison, old_name: &str, new_name: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# clasp compare\n\n- old: `{old_name}`\n- new: `{new_name}`"
    );
    for (id, o, n) in &c.identity_changes {
        let _ = writeln!(out, "- `{id}` changed: {o} → {n}");
    }
    if c.only_old + c.only_new > 0 {
        let _ = writeln!(
            out,
            "- {} result(s) only in old, {} only in new (not compared)",
            c.only_old, c.only_new
        );
    }
    let _ = writeln!(out);
    if !c.interpretations.is_empty() {
        let _ = writeln!(
            out,
            "Interpretations (deviations on rules the spec reads two ways; not findings):\n\n| subject | old | new |\n| --- | ---: | ---: |"
        );
        for (id, (o, n)) in &c.interpretations {
            let _ = writeln!(out, "| `{id}` | {o} | {n} |");
        }
        let _ = writeln!(out);
    }
    if c.table.is_empty() {
        let _ = writeln!(
            out,
            "No change: nothing fixed, nothing broken, no new crash, timeout or finding."
        );
        return out;
    }
    let _ = writeln!(
        out,
        "| subject | rule | fixed | broken | new crashes | new timeouts | new findings |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |"
    );
    for ((subject, rule), n) in &c.table {
        let _ = writeln!(
            out,
            "| `{subject}` | `{rule}` | {} | {} | {} | {} | {} |",
            n[0], n[1], n[2], n[3], n[4]
        );
    }
    for (title, list) in [
        ("Fixed", &c.fixed),
        ("Broken", &c.broken),
        ("New crashes", &c.new_crashes),
        ("New timeouts", &c.new_timeouts),
        (
            "New findings (results the old run does not have)",
            &c.new_findings,
        ),
    ] {
        if list.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n## {title} ({})\n", list.len());
        for ch in list {
            let _ = writeln!(
                out,
                "- `{}` [{}{}] on `{}`: {} → {}",
                ch.case,
                ch.profile,
                if ch.kind == RunKind::Listed {
                    String::new()
                } else {
                    format!(", {}", super::kind_name(ch.kind))
                },
                ch.subject,
                ch.old.map_or("(not in the old run)", |o| o.name()),
                ch.new.name()
            );
        }
    }
    if !c.reading_rules.is_empty() {
        let _ = writeln!(out, "\n## Readings of the rules judged interpretations\n");
        for rule in &c.reading_rules {
            for line in super::readings(rule) {
                let _ = writeln!(out, "- `{rule}`: {line}");
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    /// Every pair of outcomes, old → new, and what the gate makes of it.
    #[test]
    fn every_transition_that_got_worse_is_reported() {
        const FIXED: Option<usize> = Some(0);
        const BROKEN: Option<usize> = Some(1);
        const CRASH: Option<usize> = Some(2);
        const TIMEOUT: Option<usize> = Some(3);
        // Rows: old outcome; columns: new outcome in the order of `Outcome::ALL`.
        let table: [(Outcome, [Option<usize>; 8]); 8] = [
            (
                Pass,
                [None, BROKEN, BROKEN, BROKEN, None, CRASH, TIMEOUT, None],
            ),
            (
                Deviation,
                [FIXED, None, None, None, FIXED, CRASH, TIMEOUT, None],
            ),
            (
                Interpretation,
                [FIXED, BROKEN, None, None, FIXED, CRASH, TIMEOUT, None],
            ),
            (
                Known,
                [FIXED, BROKEN, None, None, FIXED, CRASH, TIMEOUT, None],
            ),
            (
                KnownButPassed,
                [None, BROKEN, BROKEN, BROKEN, None, CRASH, TIMEOUT, None],
            ),
            (Crash, [FIXED, None, None, None, FIXED, None, TIMEOUT, None]),
            (Timeout, [FIXED, None, None, None, FIXED, CRASH, None, None]),
            (
                Skipped,
                [None, BROKEN, None, None, None, CRASH, TIMEOUT, None],
            ),
        ];
        assert_eq!(Outcome::ALL.len(), table.len());
        for (o, row) in table {
            for (n, want) in Outcome::ALL.into_iter().zip(row) {
                assert_eq!(transition(o, n), want, "{} -> {}", o.name(), n.name());
            }
        }
    }
}
