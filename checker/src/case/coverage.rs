//! What a corpus proves: for each rule and profile, how many cases accept, reject or run.
//!
//! A case counts for rule R in profile P when it lists R in `//@ rules:`, runs in P, and R
//! applies in P. It is a *reject* case when it expects R there, an *accept* case when it
//! expects nothing at all there (it must compile), and a *run* case when it is a run-time case.

use super::Case;
use crate::spec::{rules, Check, Profile, RuleId};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub accept: u32,
    pub reject: u32,
    pub run: u32,
}

#[derive(Debug, Clone, Default)]
pub struct Coverage {
    /// Only (rule, profile) pairs where the rule applies.
    pub cells: BTreeMap<(RuleId, Profile), Cell>,
}

/// A (rule, profile) pair that lacks the evidence its kind of check needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Gap {
    pub rule: RuleId,
    pub profile: Profile,
    pub missing: &'static str,
}

impl std::fmt::Display for Gap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} in {}: no {} case",
            self.rule, self.profile, self.missing
        )
    }
}

impl Coverage {
    pub fn of<'a>(cases: impl IntoIterator<Item = &'a Case>) -> Coverage {
        let mut cells = BTreeMap::new();
        for rule in rules() {
            for p in rule.profiles() {
                cells.insert((rule.id, p), Cell::default());
            }
        }
        for case in cases {
            for &p in &case.profiles {
                let expected = case.expected(p);
                for &rule in &case.rules {
                    let Some(cell) = cells.get_mut(&(rule, p)) else {
                        continue;
                    };
                    if case.run.is_some() {
                        cell.run += 1;
                    } else if expected.is_empty() {
                        cell.accept += 1;
                    } else if expected.iter().any(|e| e.rule == rule) {
                        cell.reject += 1;
                    }
                }
            }
        }
        Coverage { cells }
    }

    pub fn cell(&self, rule: RuleId, profile: Profile) -> Option<Cell> {
        self.cells.get(&(rule, profile)).copied()
    }

    /// What each rule still needs: compile-time reject rules an accept and a reject case in
    /// every profile they apply to, accept rules an accept case, and the run-time, API and
    /// implementation-defined rules a run-time case.
    pub fn gaps(&self) -> Vec<Gap> {
        let mut gaps = Vec::new();
        for (&(rule, profile), cell) in &self.cells {
            let needs: &[(&'static str, u32)] = match rule.rule().check {
                Check::Reject => &[("accept", cell.accept), ("reject", cell.reject)],
                Check::Accept => &[("accept", cell.accept)],
                Check::Runtime | Check::ApiQuery | Check::ImplementationDefined => {
                    &[("run-time", cell.run)]
                }
            };
            for &(missing, count) in needs {
                if count == 0 {
                    gaps.push(Gap {
                        rule,
                        profile,
                        missing,
                    });
                }
            }
        }
        gaps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(src: &str) -> Case {
        Case::parse("t.cl", "t", src).unwrap()
    }

    #[test]
    fn counts_accept_reject_and_finds_gaps() {
        let reject = case("//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2 CL2.0\nkernel void k() { local int x = 1; } //~ ERROR AS-LOCAL-INIT\n");
        let accept = case(
            "//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2\nkernel void k() { local int x; }\n",
        );
        let cov = Coverage::of([&reject, &accept]);
        assert_eq!(
            cov.cell(RuleId::LocalInit, Profile::CL1_2),
            Some(Cell {
                accept: 1,
                reject: 1,
                run: 0
            })
        );
        assert_eq!(
            cov.cell(RuleId::LocalInit, Profile::CL2_0),
            Some(Cell {
                accept: 0,
                reject: 1,
                run: 0
            })
        );
        let gaps: Vec<String> = cov
            .gaps()
            .iter()
            .filter(|g| g.rule == RuleId::LocalInit)
            .map(|g| g.to_string())
            .collect();
        assert!(
            gaps.contains(&"AS-LOCAL-INIT in CL2.0: no accept case".to_string()),
            "{gaps:?}"
        );
        assert!(!gaps.iter().any(|g| g.contains("CL1.2")), "{gaps:?}");
    }
}
