//! The judgement a report shows: every result matched against the known deviations and the
//! catalogue's readings ([`Outcome`]), counted per subject and rule, and deviations grouped
//! ([`Group`]) so a sink shows each kind once with its smallest kernel.

use super::describe::{answer_class, describe_expected, kind_name, slug};
use super::known::{Known, KnownEntry, Subjected};
use super::{CaseInfo, SavedRun};
use crate::results::{Actual, CaseResult, RunKind};
use checker::{Profile, RuleId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// The subject that implements clasp's own reading: a deviation there is never another reading.
const CHECKER: &str = "checker";

/// The judgement a report shows: the run's verdict, with known deviations applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Pass,
    Deviation,
    /// A deviation on a rule whose catalogue entry lists contradicting readings of the spec:
    /// the subject took another reading than clasp's `interpretation`. Shown apart, with the
    /// readings, and not a finding (the spec allows both).
    Interpretation,
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
    pub const ALL: [Outcome; 8] = [
        Outcome::Pass,
        Outcome::Deviation,
        Outcome::Interpretation,
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
            Outcome::Deviation
                | Outcome::Interpretation
                | Outcome::Known
                | Outcome::Crash
                | Outcome::Timeout
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Deviation => "deviation",
            Outcome::Interpretation => "interpretation",
            Outcome::Known => "known",
            Outcome::KnownButPassed => "known-but-passed",
            Outcome::Crash => "crash",
            Outcome::Timeout => "timeout",
            Outcome::Skipped => "skipped",
        }
    }

    /// The outcome of a result: `known` when a known-deviation entry names it,
    /// `another_reading` when its rules admit another reading ([`another_reading`]) and the
    /// subject gave a verdict (not an invalid answer).
    pub fn of(r: &CaseResult, known: bool, another_reading: bool) -> Outcome {
        use crate::results::Verdict;
        match (r.verdict, known) {
            (Verdict::Skipped, _) => Outcome::Skipped,
            (Verdict::Pass, false) => Outcome::Pass,
            (Verdict::Pass, true) => Outcome::KnownButPassed,
            (_, true) => Outcome::Known,
            // An invalid answer (clspv's invalid SPIR-V, a build status that does not exist)
            // is no reading of the spec, whatever the rule.
            (Verdict::Deviation, false)
                if another_reading
                    && !matches!(r.actual, crate::results::Actual::Invalid { .. }) =>
            {
                Outcome::Interpretation
            }
            (Verdict::Deviation, false) => Outcome::Deviation,
            (Verdict::Crash, false) => Outcome::Crash,
            (Verdict::Timeout, false) => Outcome::Timeout,
        }
    }
}

/// Whether a deviation of `subject` on `rules` is another reading of the spec: every rule it is
/// about lists contradicting readings in the catalogue, and the subject is not clasp's checker.
pub fn another_reading(subject: &str, rules: &[String]) -> bool {
    subject != CHECKER
        && !rules.is_empty()
        && rules.iter().all(|r| {
            r.parse::<RuleId>()
                .is_ok_and(|id| !id.rule().readings.is_empty())
        })
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
    /// Every rule of the group lists readings and the subject is not the checker: reports show
    /// the readings (an interpretation's group, or a known deviation on such a rule).
    pub another_reading: bool,
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
    /// Deviations that are another reading of the spec, grouped.
    pub interpretation_groups: Vec<Group>,
    /// Known deviations, grouped.
    pub known_groups: Vec<Group>,
    /// Indexes of results a known entry names that passed.
    pub known_but_passed: Vec<usize>,
    /// Skipped results by reason.
    pub skipped: BTreeMap<String, usize>,
}

impl Summary<'_> {
    pub fn findings(&self) -> usize {
        self.per_subject.values().map(Counts::findings).sum()
    }

    /// Every subject's counts together.
    pub fn totals(&self) -> Counts {
        let mut all = Counts::default();
        for c in self.per_subject.values() {
            for (o, n) in &c.0 {
                *all.0.entry(*o).or_default() += n;
            }
        }
        all
    }

    /// The run's figures in one line, word for word the same in the terminal, `summary.md`
    /// and `index.html`.
    pub fn totals_line(&self) -> String {
        let all = self.totals();
        format!(
            "{} result(s): {}; {} finding(s)",
            all.total(),
            all.brief(),
            all.findings()
        )
    }
}

/// Matches results against known deviations and groups the deviations.
pub fn summarise<'a>(run: &'a SavedRun, known: &'a Known) -> Summary<'a> {
    let cases: BTreeMap<&str, &CaseInfo> = run.cases.iter().map(|c| (c.name.as_str(), c)).collect();
    let mut reported: Vec<Reported<'a>> = Vec::with_capacity(run.results.len());
    let mut order: Vec<&CaseResult> = run.results.iter().collect();
    order.sort_by(|a, b| {
        (&a.subject, &a.case, a.profile, a.kind).cmp(&(&b.subject, &b.case, b.profile, b.kind))
    });
    // An entry is stale (its results "known but passed") only when nothing it names deviates
    // any more: a broad entry (`*@CL2.0`) also names results that pass for other reasons.
    let rules: Vec<Vec<String>> = order
        .iter()
        .map(|r| {
            cases
                .get(r.case.as_str())
                .map(|c| c.rules_for(r))
                .unwrap_or_else(|| vec!["(case not saved)".into()])
        })
        .collect();
    let hits: Vec<Option<(usize, &KnownEntry)>> = order
        .iter()
        .zip(&rules)
        .map(|(r, rules)| {
            known.find(&Subjected {
                result: r,
                case: cases.get(r.case.as_str()).copied(),
                rules,
            })
        })
        .collect();
    // Per subject: an entry may name several (a clang class shared by the drivers that show
    // it), and each must still show it.
    let mut deviates: BTreeSet<(usize, &str)> = BTreeSet::new();
    for (r, hit) in order.iter().zip(&hits) {
        if let Some((i, _)) = hit {
            if r.verdict.is_finding() {
                deviates.insert((*i, r.subject.as_str()));
            }
        }
    }
    for ((r, hit), rules) in order.into_iter().zip(hits).zip(rules) {
        let hit = hit.filter(|(i, _)| {
            !deviates.contains(&(*i, r.subject.as_str())) || r.verdict.is_finding()
        });
        let another = another_reading(&r.subject, &rules);
        reported.push(Reported {
            result: r,
            outcome: Outcome::of(r, hit.is_some(), another),
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
            let grouped_outcome = match rep.outcome {
                o @ (Outcome::Known | Outcome::Interpretation) => o,
                _ => Outcome::Deviation,
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
                    known_why: rep
                        .known
                        .map(|k| format!("{} ({}: {})", k.why, k.origin, k.describe())),
                    another_reading: another_reading(&subject, &rules),
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
    let (known_groups, rest): (Vec<Group>, Vec<Group>) = all_groups
        .into_iter()
        .partition(|g| g.outcome == Outcome::Known);
    let (interpretation_groups, groups): (Vec<Group>, Vec<Group>) = rest
        .into_iter()
        .partition(|g| g.outcome == Outcome::Interpretation);
    let identities = run.identities();
    Summary {
        run,
        cases,
        identities,
        reported,
        per_subject,
        per_rule,
        groups,
        interpretation_groups,
        known_groups,
        known_but_passed,
        skipped,
    }
}
