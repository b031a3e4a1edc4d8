//! The generated run-time cases: each parses as a run-time case with expectations for what it
//! launches, every run-time and API-query rule of the catalogue has cases in every profile it
//! applies to, names are unique and each case's file-scope names carry its tag.

use checker::case::{Case, Coverage};
use checker::spec::{rules, Check, RuleId};
use std::collections::BTreeMap;

#[test]
fn run_time_cases_parse_and_cover_every_run_time_rule() {
    let cases: Vec<_> = generators::exhaustive()
        .into_iter()
        .filter(|c| c.is_run())
        .collect();
    let mut per_rule: BTreeMap<RuleId, usize> = BTreeMap::new();
    let mut parsed: Vec<Case> = Vec::new();
    for g in &cases {
        let c = g.parse().unwrap_or_else(|e| panic!("{e}\n{}", g.render()));
        let run = c.run.as_ref().expect("a run-time case");
        // A case at a limit the device reports, with no room for an output, checks that the
        // kernel builds and runs (as every case does, before its other checks).
        let at_limit = c
            .props
            .iter()
            .any(|(k, v)| k == "size" && v == "device-reported")
            && c.props.iter().any(|(k, v)| k == "limit" && v == "within");
        assert!(
            !run.expects.is_empty()
                || !run.queries.is_empty()
                || run.expect_error.is_some()
                || at_limit,
            "{} checks nothing",
            g.name
        );
        let tag = generators::runtime::tag(&g.name);
        for l in &run.launches {
            assert!(l.kernel.ends_with(&tag), "{}: kernel {}", g.name, l.kernel);
        }
        *per_rule.entry(g.rule).or_default() += 1;
        parsed.push(c);
    }
    for (r, n) in &per_rule {
        println!("{r}: {n} generated run-time cases");
    }
    println!("{} generated run-time cases", cases.len());
    assert!(cases.len() >= 2_000, "only {}", cases.len());
    let coverage = Coverage::of(&parsed);
    let mut gaps = Vec::new();
    for rule in rules()
        .iter()
        .filter(|r| matches!(r.check, Check::Runtime | Check::ApiQuery))
    {
        for p in rule.profiles() {
            if coverage.cell(rule.id, p).unwrap_or_default().run == 0 {
                gaps.push(format!("{} in {p}", rule.id));
            }
        }
    }
    assert!(
        gaps.is_empty(),
        "no generated run-time case for:\n{}",
        gaps.join("\n")
    );
}

#[test]
fn every_run_time_case_is_found_again_by_name() {
    let cases: Vec<_> = generators::exhaustive()
        .into_iter()
        .filter(|c| c.is_run())
        .collect();
    for c in [&cases[0], &cases[cases.len() / 3], &cases[cases.len() - 1]] {
        assert_eq!(generators::suite::find(&c.name).as_ref(), Some(c));
    }
}
