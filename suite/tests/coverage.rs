//! The corpus must prove every rule: accept and reject cases for compile-time reject rules,
//! accept cases for accept rules, run-time cases for the rest, in every profile each applies to.

use checker::case::{Case, Coverage};
use checker::spec::{Check, RuleId};

fn corpus() -> Vec<Case> {
    clasp_suite::load().unwrap_or_else(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        panic!("malformed cases:\n{}", lines.join("\n"))
    })
}

#[test]
fn every_rule_is_covered_in_every_profile() {
    let gaps = Coverage::of(&corpus()).gaps();
    let lines: Vec<String> = gaps.iter().map(|g| g.to_string()).collect();
    assert!(
        gaps.is_empty(),
        "{} coverage gaps:\n{}",
        gaps.len(),
        lines.join("\n")
    );
}

/// Dropping the cases that reject (or accept) a rule in one profile must open a gap, so the
/// test above cannot pass by accident.
#[test]
fn losing_a_case_opens_a_gap() {
    let cases = corpus();
    let full = Coverage::of(&cases);
    let mut checked = 0;
    for (&(rule, profile), cell) in &full.cells {
        if rule.rule().check != Check::Reject || cell.reject == 0 || cell.accept == 0 {
            continue;
        }
        let without_rejects = cases.iter().filter(|c| {
            !c.expected(profile).iter().any(|e| e.rule == rule) || !c.profiles.contains(&profile)
        });
        let gaps = Coverage::of(without_rejects).gaps();
        assert!(
            gaps.iter()
                .any(|g| g.rule == rule && g.profile == profile && g.missing == "reject"),
            "{rule} {profile}"
        );
        let without_accepts = cases.iter().filter(|c| {
            !(c.rules.contains(&rule)
                && c.run.is_none()
                && c.profiles.contains(&profile)
                && c.must_compile(profile))
        });
        let gaps = Coverage::of(without_accepts).gaps();
        assert!(
            gaps.iter()
                .any(|g| g.rule == rule && g.profile == profile && g.missing == "accept"),
            "{rule} {profile}"
        );
        checked += 1;
    }
    assert!(checked > 0, "no reject rule had both kinds of case to drop");
}

#[test]
fn corpus_names_are_unique_and_stable() {
    let cases = corpus();
    let mut names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    names.dedup();
    assert_eq!(names.len(), cases.len());
    assert!(names
        .iter()
        .all(|n| !n.contains('\\') && !n.ends_with(".cl")));
    assert!(RuleId::ALL.len() >= 60);
}
