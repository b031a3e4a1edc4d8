//! The history of a driver: saved runs of several releases of one driver, side by side, and for
//! each reviewed class (a known entry) the releases that show it, the first and the last, what
//! a newer release fixed and what it broke again; and whether the entry's declared `versions`
//! and `fixed_in` say exactly that.
//!
//! A release shows a class when one of its results is a finding the entry names, its
//! `versions` and `fixed_in` left aside ([`KnownEntry::matches_class`]); it does not show it
//! when results of the class ran and none deviates; it is not tested when none of its results
//! is of the class.

use super::known::{Known, KnownEntry, Subjected};
use super::summary::summarise;
use super::{CaseInfo, SavedRun};
use crate::results::{CaseResult, Verdict};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One release: a saved run of one device subject.
pub struct Release {
    /// What the release is called (the saved run's folder: `intel-cpu-2021.4.0`).
    pub label: String,
    pub run: SavedRun,
}

impl Release {
    fn identity(&self) -> &str {
        self.run
            .results
            .first()
            .map(|r| r.identity.as_str())
            .unwrap_or("")
    }

    /// The platform name: what groups releases into one driver.
    pub fn driver(&self) -> String {
        self.identity()
            .split(" | ")
            .next()
            .unwrap_or("")
            .to_string()
    }

    /// The driver version field as the device reports it (`2021.12.9.0.24_005321`).
    pub fn driver_version(&self) -> String {
        let last = self.identity().rsplit(" | ").next().unwrap_or("");
        last.strip_prefix("driver ").unwrap_or(last).to_string()
    }

    fn version(&self) -> Option<semver::Version> {
        super::known::version_in(&self.driver_version())
    }
}

/// Whether one release shows one class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// This many of its results are findings of the class.
    Shows(usize),
    /// Results of the class ran, and none deviates.
    Passes,
    /// No result of the class.
    Untested,
}

/// One class across the releases of one driver.
pub struct ClassHistory<'a> {
    pub entry: &'a KnownEntry,
    /// Per release, in release order.
    pub presence: Vec<Presence>,
    /// Per release: whether the entry's declared range covers it.
    pub declared: Vec<bool>,
}

impl ClassHistory<'_> {
    fn shows(&self) -> Vec<usize> {
        (0..self.presence.len())
            .filter(|&i| matches!(self.presence[i], Presence::Shows(_)))
            .collect()
    }

    /// Releases where the declared range and the runs disagree.
    pub fn disagreements(&self) -> Vec<usize> {
        (0..self.presence.len())
            .filter(|&i| match self.presence[i] {
                Presence::Shows(_) => !self.declared[i],
                Presence::Passes => self.declared[i],
                Presence::Untested => false,
            })
            .collect()
    }
}

/// The history of one driver: its releases, oldest first, and every class an entry names for it.
pub struct DriverHistory<'a> {
    pub driver: String,
    pub releases: Vec<&'a Release>,
    pub classes: Vec<ClassHistory<'a>>,
    /// Per release: its findings with the known entries as declared (0 once every deviation is
    /// reviewed and every range is right).
    pub findings: Vec<usize>,
    /// Per release: findings that no entry names in any release, as `case@profile: answer`.
    pub unreviewed: Vec<Vec<String>>,
}

/// Groups the releases by driver, oldest first (by driver version, then label), and works out
/// each class's history.
pub fn histories<'a>(releases: &'a [Release], known: &'a Known) -> Vec<DriverHistory<'a>> {
    let mut by_driver: BTreeMap<String, Vec<&Release>> = BTreeMap::new();
    for r in releases {
        by_driver.entry(r.driver()).or_default().push(r);
    }
    by_driver
        .into_iter()
        .map(|(driver, mut rs)| {
            rs.sort_by(|a, b| (a.version(), &a.label).cmp(&(b.version(), &b.label)));
            history(driver, rs, known)
        })
        .collect()
}

fn history<'a>(driver: String, releases: Vec<&'a Release>, known: &'a Known) -> DriverHistory<'a> {
    let subjected = |rel: &'a Release| -> Vec<(&'a CaseResult, Option<&'a CaseInfo>, Vec<String>)> {
        let cases: BTreeMap<&str, &CaseInfo> =
            rel.run.cases.iter().map(|c| (c.name.as_str(), c)).collect();
        rel.run
            .results
            .iter()
            .map(|r| {
                let case = cases.get(r.case.as_str()).copied();
                let rules = case.map(|c| c.rules_for(r)).unwrap_or_default();
                (r, case, rules)
            })
            .collect()
    };
    let per_release: Vec<_> = releases.iter().map(|r| subjected(r)).collect();
    let mut classes = Vec::new();
    for entry in &known.entries {
        let named = per_release
            .iter()
            .flatten()
            .any(|(r, _, _)| entry.names_subject(r));
        if !named {
            continue;
        }
        let presence: Vec<Presence> = per_release
            .iter()
            .map(|results| {
                let mut shows = 0;
                let mut ran = false;
                // A skipped result ran nothing, so it shows nothing either way.
                for (r, case, rules) in results
                    .iter()
                    .filter(|(r, _, _)| r.verdict != Verdict::Skipped)
                {
                    let s = Subjected {
                        result: r,
                        case: *case,
                        rules,
                    };
                    if entry.matches_class(&s) {
                        ran = true;
                        if r.verdict.is_finding() {
                            shows += 1;
                        }
                    }
                }
                match (shows, ran) {
                    (0, true) => Presence::Passes,
                    (0, false) => Presence::Untested,
                    (n, _) => Presence::Shows(n),
                }
            })
            .collect();
        if presence.iter().all(|p| *p == Presence::Untested) {
            continue;
        }
        let declared = per_release
            .iter()
            .map(|results| {
                results
                    .first()
                    .is_some_and(|(r, _, _)| entry.covers_version(r))
            })
            .collect();
        classes.push(ClassHistory {
            entry,
            presence,
            declared,
        });
    }
    let findings = releases
        .iter()
        .map(|r| summarise(&r.run, known).findings())
        .collect();
    let unreviewed = per_release
        .iter()
        .map(|results| {
            let mut out: Vec<String> = results
                .iter()
                .filter(|(r, case, rules)| {
                    let another = super::another_reading(&r.subject, rules);
                    super::Outcome::of(r, false, another).is_finding()
                        && !known.entries.iter().any(|e| {
                            e.matches_class(&Subjected {
                                result: r,
                                case: *case,
                                rules,
                            })
                        })
                })
                .map(|(r, _, _)| {
                    format!(
                        "{}@{}: {}",
                        r.case,
                        r.profile.name(),
                        super::known::actual_name(&r.actual)
                    )
                })
                .collect();
            out.sort();
            out
        })
        .collect();
    DriverHistory {
        driver,
        releases,
        classes,
        findings,
        unreviewed,
    }
}

impl DriverHistory<'_> {
    /// What the runs say about a class in words: in every release tested, since a release (a
    /// regression, named with the release before it), fixed in a release, or both.
    pub fn verdict(&self, c: &ClassHistory<'_>) -> String {
        let shows = c.shows();
        let (Some(&first), Some(&last)) = (shows.first(), shows.last()) else {
            return "in no release tested".into();
        };
        let name = |i: usize| self.releases[i].label.clone();
        let tested_before = (0..first)
            .rev()
            .find(|&i| c.presence[i] == Presence::Passes);
        let tested_after =
            (last + 1..c.presence.len()).find(|&i| c.presence[i] == Presence::Passes);
        let mut parts = Vec::new();
        if let Some(b) = tested_before {
            parts.push(format!(
                "regression in {} (passes in {})",
                name(first),
                name(b)
            ));
        }
        let gaps: Vec<usize> = (first..=last)
            .filter(|&i| c.presence[i] == Presence::Passes)
            .collect();
        if !gaps.is_empty() {
            let g: Vec<String> = gaps.iter().map(|&i| name(i)).collect();
            parts.push(format!("passes in between: {}", g.join(", ")));
        }
        if let Some(a) = tested_after {
            parts.push(format!("fixed in {} (last in {})", name(a), name(last)));
        }
        if parts.is_empty() {
            "in every release tested".into()
        } else {
            parts.join("; ")
        }
    }

    /// The entry's declared range checked against the runs, in words.
    pub fn range_check(&self, c: &ClassHistory<'_>) -> String {
        let bad = c.disagreements();
        if bad.is_empty() {
            return "agrees".into();
        }
        let say: Vec<String> = bad
            .iter()
            .map(|&i| {
                let r = &self.releases[i];
                match c.presence[i] {
                    Presence::Shows(_) => format!("{} shows it, outside the range", r.label),
                    _ => format!("{} passes, inside the range", r.label),
                }
            })
            .collect();
        format!("DISAGREES: {}", say.join("; "))
    }

    /// Disagreements and unreviewed findings: what makes `clasp history` exit 1.
    pub fn problems(&self) -> usize {
        self.classes
            .iter()
            .map(|c| c.disagreements().len())
            .sum::<usize>()
            + self.findings.iter().sum::<usize>()
    }
}

fn cell(p: Presence) -> String {
    match p {
        Presence::Shows(n) => format!("● {n}"),
        Presence::Passes => "○".into(),
        Presence::Untested => "–".into(),
    }
}

fn range_text(e: &KnownEntry) -> String {
    match (&e.versions, &e.fixed_in) {
        (None, None) => "all".into(),
        (Some(v), None) => format!("`{v}`"),
        (None, Some(f)) => format!("fixed_in `{f}`"),
        (Some(v), Some(f)) => format!("`{v}`, fixed_in `{f}`"),
    }
}

/// The Markdown report: per driver, its releases, then a table of classes (● shows it, with the
/// number of results; ○ passes; – not tested), first and last release, the verdict and the
/// declared range's check; then each release's findings.
pub fn markdown(hs: &[DriverHistory<'_>], svg_name: Option<&str>) -> String {
    let mut out = String::from("# Driver history\n\n");
    out.push_str(
        "Per reviewed class (an entry of `reports/known/`): ● the release shows it (results), \
         ○ its cases ran and pass, – no result of the class (none ran, or each ended in another class). `range` is the entry's declared `versions` / \
         `fixed_in` (driver versions as the device reports them), checked against the runs.\n\n",
    );
    if let Some(svg) = svg_name {
        let _ = writeln!(out, "![timeline of every class]({svg})\n");
    }
    for h in hs {
        let _ = writeln!(out, "## {}\n", h.driver);
        out.push_str("| release | driver version | results | findings (known as declared) |\n| --- | --- | ---: | ---: |\n");
        for (i, r) in h.releases.iter().enumerate() {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} |",
                r.label,
                r.driver_version(),
                r.run.results.len(),
                h.findings[i]
            );
        }
        out.push('\n');
        if h.classes.is_empty() {
            out.push_str("No known class names this driver's results.\n\n");
        } else {
            out.push_str("| class | ");
            for r in &h.releases {
                let _ = write!(out, "{} | ", r.label);
            }
            out.push_str("first | last | verdict | range | range check |\n|");
            for _ in 0..h.releases.len() + 6 {
                out.push_str(" --- |");
            }
            out.push('\n');
            for c in &h.classes {
                let shows = c.shows();
                let name = |i: Option<&usize>| {
                    i.map(|&i| h.releases[i].label.clone())
                        .unwrap_or_else(|| "–".into())
                };
                let _ = write!(
                    out,
                    "| {}: {} | ",
                    c.entry.origin,
                    c.entry.describe().replace('|', "\\|")
                );
                for p in &c.presence {
                    let _ = write!(out, "{} | ", cell(*p));
                }
                let _ = writeln!(
                    out,
                    "{} | {} | {} | {} | {} |",
                    name(shows.first()),
                    name(shows.last()),
                    h.verdict(c),
                    range_text(c.entry),
                    h.range_check(c)
                );
            }
            out.push('\n');
        }
        for (i, r) in h.releases.iter().enumerate() {
            if h.unreviewed[i].is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "Findings of {} that no entry names in any release ({}):\n",
                r.label,
                h.unreviewed[i].len()
            );
            for f in &h.unreviewed[i] {
                let _ = writeln!(out, "- `{f}`");
            }
            out.push('\n');
        }
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The timeline as SVG: per driver a row per class, a column per release; a filled mark where
/// the release shows the class, a hollow one where it passes, a bar from the first release
/// that shows it to the last.
pub fn svg(hs: &[DriverHistory<'_>]) -> String {
    const LABEL: f64 = 430.0;
    const COL: f64 = 110.0;
    const ROW: f64 = 20.0;
    const HEAD: f64 = 46.0;
    let cols = hs
        .iter()
        .map(|h| h.releases.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let width = LABEL + COL * cols as f64 + 20.0;
    let height: f64 = hs
        .iter()
        .map(|h| HEAD + ROW * h.classes.len().max(1) as f64 + 16.0)
        .sum::<f64>()
        + 10.0;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"11\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    let mut y = 10.0;
    for h in hs {
        let _ = writeln!(
            s,
            "<text x=\"4\" y=\"{}\" font-weight=\"bold\" font-size=\"13\">{}</text>",
            y + 14.0,
            esc(&h.driver)
        );
        for (i, r) in h.releases.iter().enumerate() {
            let x = LABEL + COL * i as f64 + COL / 2.0;
            let _ = writeln!(
                s,
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{}</text>\
                 <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"#666\" font-size=\"9\">{}</text>",
                y + 26.0,
                esc(&r.label),
                y + 38.0,
                esc(&r.driver_version())
            );
        }
        y += HEAD;
        if h.classes.is_empty() {
            let _ = writeln!(
                s,
                "<text x=\"4\" y=\"{}\" fill=\"#666\">no known class names this driver</text>",
                y + 14.0
            );
        }
        for (row, c) in h.classes.iter().enumerate() {
            let cy = y + ROW * row as f64 + ROW / 2.0;
            if row % 2 == 0 {
                let _ = writeln!(
                    s,
                    "<rect x=\"0\" y=\"{}\" width=\"{width}\" height=\"{ROW}\" fill=\"#f4f4f4\"/>",
                    cy - ROW / 2.0
                );
            }
            let mut label = format!("{}: {}", c.entry.origin, c.entry.describe());
            if label.chars().count() > 72 {
                label = label.chars().take(71).collect::<String>() + "…";
            }
            let _ = writeln!(
                s,
                "<text x=\"4\" y=\"{}\"><title>{}</title>{}</text>",
                cy + 4.0,
                esc(&format!("{} — {}", c.entry.describe(), c.entry.why)),
                esc(&label)
            );
            let shows = c.shows();
            if let (Some(&a), Some(&b)) = (shows.first(), shows.last()) {
                let x0 = LABEL + COL * a as f64 + COL / 2.0;
                let x1 = LABEL + COL * b as f64 + COL / 2.0;
                let _ = writeln!(
                    s,
                    "<line x1=\"{x0}\" y1=\"{cy}\" x2=\"{x1}\" y2=\"{cy}\" stroke=\"#c0392b\" stroke-width=\"4\"/>"
                );
            }
            for (i, p) in c.presence.iter().enumerate() {
                let x = LABEL + COL * i as f64 + COL / 2.0;
                let bad = c.disagreements().contains(&i);
                let stroke = if bad { "#e67e22" } else { "#c0392b" };
                match p {
                    Presence::Shows(n) => {
                        let _ = writeln!(
                            s,
                            "<circle cx=\"{x}\" cy=\"{cy}\" r=\"6\" fill=\"#c0392b\" stroke=\"{stroke}\" stroke-width=\"{}\"><title>{n} result(s)</title></circle>",
                            if bad { 3 } else { 1 }
                        );
                    }
                    Presence::Passes => {
                        let _ = writeln!(
                            s,
                            "<circle cx=\"{x}\" cy=\"{cy}\" r=\"5\" fill=\"white\" stroke=\"{}\" stroke-width=\"{}\"><title>passes</title></circle>",
                            if bad { "#e67e22" } else { "#27ae60" },
                            if bad { 3 } else { 2 }
                        );
                    }
                    Presence::Untested => {
                        let _ = writeln!(
                            s,
                            "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"#aaa\">–</text>",
                            cy + 4.0
                        );
                    }
                }
            }
        }
        y += ROW * h.classes.len().max(1) as f64 + 16.0;
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{Actual, Expected, RunKind};
    use checker::Profile;

    /// A release whose one case `c` was accepted (a deviation: it must be rejected) or not.
    fn release(label: &str, driver: &str, accepted: bool) -> Release {
        let result = CaseResult {
            case: "c".into(),
            subject: "p/cpu".into(),
            profile: Profile::CL1_2,
            kind: RunKind::Listed,
            options: vec![],
            expected: Expected::Reject,
            actual: if accepted {
                Actual::Accepted { log: String::new() }
            } else {
                Actual::Rejected {
                    code: "CL_BUILD_PROGRAM_FAILURE".into(),
                    log: String::new(),
                }
            },
            verdict: if accepted {
                Verdict::Deviation
            } else {
                Verdict::Pass
            },
            duration_ms: 0.0,
            driver_ms: None,
            cached: false,
            identity: format!("Drv | OpenCL 3.0 | cpu | OpenCL 3.0 | driver {driver}"),
        };
        Release {
            label: label.into(),
            run: SavedRun {
                results: vec![result],
                ..SavedRun::default()
            },
        }
    }

    fn known(range: &str) -> Known {
        let text = format!(
            "[[known]]\ndevice = {{ platform = \"drv\" }}\n{range}\ncases = [\"c\"]\nactual = \"accepted\"\nwhy = \"reviewed\"\n"
        );
        Known::parse("drv.toml", &text).unwrap()
    }

    #[test]
    fn a_class_that_appears_and_is_fixed_is_named_with_its_releases() {
        // Given newest first: the history orders releases by driver version.
        let rs = [
            release("r4", "2026.1", false),
            release("r3", "2024.1", true),
            release("r2", "2022.5", true),
            release("r1", "2021.2", false),
        ];
        let k = known("");
        let hs = histories(&rs, &k);
        assert_eq!(hs.len(), 1);
        let h = &hs[0];
        let labels: Vec<&str> = h.releases.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["r1", "r2", "r3", "r4"]);
        let c = &h.classes[0];
        assert_eq!(
            c.presence,
            [
                Presence::Passes,
                Presence::Shows(1),
                Presence::Shows(1),
                Presence::Passes
            ]
        );
        assert_eq!(
            h.verdict(c),
            "regression in r2 (passes in r1); fixed in r4 (last in r3)"
        );
        // Unscoped, the entry claims r1 and r4, where the class passes.
        assert_eq!(c.disagreements(), [0, 3]);
        assert!(h.range_check(c).starts_with("DISAGREES"));
        assert!(h.problems() > 0);
        // Scoped by the runs, it agrees and every release is clean.
        let k = known("versions = \">=2022\"\nfixed_in = \"2026\"");
        let hs = histories(&rs, &k);
        assert_eq!(hs[0].range_check(&hs[0].classes[0]), "agrees");
        assert_eq!(hs[0].findings, [0, 0, 0, 0]);
        assert_eq!(hs[0].problems(), 0);
        let md = markdown(&hs, Some("history.svg"));
        assert!(md.contains("| r1 | r2 | r3 | r4 |"), "{md}");
        assert!(md.contains("| ○ | ● 1 | ● 1 | ○ | r2 | r3 |"), "{md}");
        let svg = svg(&hs);
        assert_eq!(svg.matches("<circle").count(), 4);
    }

    #[test]
    fn a_finding_no_entry_names_is_listed_with_its_release() {
        let rs = [release("r1", "1.0", true), release("r2", "2.0", false)];
        let k = Known::default();
        let hs = histories(&rs, &k);
        assert!(hs[0].classes.is_empty());
        assert_eq!(hs[0].unreviewed[0], ["c@CL1.2: accepted"]);
        assert!(hs[0].unreviewed[1].is_empty());
        assert_eq!(hs[0].findings, [1, 0]);
    }
}
