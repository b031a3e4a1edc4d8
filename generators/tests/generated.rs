//! The exhaustive suite: round-trips through `Case::parse`, coverage of every compile-time
//! rule, determinism, de-duplication and counts, and the clang-16 sample.

use checker::case::{Case, Coverage};
use checker::spec::{rules, Check, RuleId};
use generators::{clang, exhaustive, GenCase};
use std::collections::{BTreeMap, HashSet};

fn parsed(cases: &[GenCase]) -> Vec<Case> {
    cases
        .iter()
        .map(|c| c.parse().unwrap_or_else(|e| panic!("{e}\n{}", c.render())))
        .collect()
}

#[test]
fn every_case_round_trips_and_matches_its_construction() {
    let cases = exhaustive();
    let mut per_rule: BTreeMap<RuleId, usize> = BTreeMap::new();
    for (g, c) in cases.iter().zip(parsed(&cases)) {
        assert_eq!(c.name, g.name);
        assert_eq!(c.profiles, g.profiles, "{}", g.name);
        assert_eq!(c.rules, g.rules, "{}", g.name);
        for &p in &g.profiles {
            // What the generator put on each line is exactly what the case file says.
            let mut want: Vec<(u32, RuleId)> = Vec::new();
            for (i, line) in g.lines.iter().enumerate() {
                for (rule, ps) in &line.expect {
                    if ps.contains(&p) {
                        want.push(((i + g.header_lines() + 1) as u32, *rule));
                    }
                }
            }
            want.sort();
            let got: Vec<(u32, RuleId)> = c.expected(p).iter().map(|e| (e.line, e.rule)).collect();
            assert_eq!(got, want, "{}@{p}", g.name);
            // One violation per case and profile.
            assert!(got.len() <= 1, "{}@{p} expects {got:?}", g.name);
        }
        *per_rule.entry(g.rule).or_default() += 1;
    }
    for (rule, n) in &per_rule {
        println!("{rule}: {n} cases checked");
    }
    println!("{} cases checked", cases.len());
}

#[test]
fn every_compile_time_rule_has_accept_and_reject_cases_in_every_profile() {
    let cases = parsed(&exhaustive());
    let coverage = Coverage::of(&cases);
    let mut gaps = Vec::new();
    for rule in rules().iter().filter(|r| r.check.is_compile_time()) {
        for p in rule.profiles() {
            let cell = coverage.cell(rule.id, p).unwrap_or_default();
            if cell.accept == 0 {
                gaps.push(format!("{} in {p}: no accept case", rule.id));
            }
            if rule.check == Check::Reject && cell.reject == 0 {
                gaps.push(format!("{} in {p}: no reject case", rule.id));
            }
        }
    }
    assert!(gaps.is_empty(), "coverage lost:\n{}", gaps.join("\n"));
}

#[test]
fn generation_is_deterministic_distinct_and_large() {
    let a = exhaustive();
    let b = exhaustive();
    assert_eq!(a, b);
    let names: HashSet<&str> = a.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), a.len(), "case names repeat");
    let sources: HashSet<String> = a.iter().map(|c| c.render()).collect();
    assert_eq!(sources.len(), a.len(), "case sources repeat");
    assert!(a.len() >= 10_000, "only {} cases", a.len());
    for c in &a {
        assert!(
            c.name
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || "-_/.".contains(ch)),
            "{}",
            c.name
        );
    }
}

#[test]
fn clang_16_agrees_on_a_sample() {
    let Some(cc) = clang::find_clang() else {
        println!("clang-16 sample skipped: clang-16 is not on PATH (.ci/install installs it)");
        return;
    };
    let cases = exhaustive();
    let sample = clang::sample(&cases, 14);
    assert!(sample.len() >= 500, "sample of {}", sample.len());
    let report = clang::run(cc, &sample, 2).expect("running clang-16");
    println!(
        "clang-16 sample: {} compiled, {} agreed, {} documented deviations",
        report.compiled,
        report.agreed,
        report.deviations.len()
    );
    for (name, p, why) in &report.deviations {
        println!("  deviation {name}@{p}: {why}");
    }
    assert!(
        report.unexplained.is_empty(),
        "{} undocumented disagreement(s):\n{}",
        report.unexplained.len(),
        report.unexplained.join("\n")
    );
}
