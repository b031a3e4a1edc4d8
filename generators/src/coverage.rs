//! The rule × profile × dimension matrix: for each rule, profile and dimension value, how many
//! generated (and hand-written) cases accept, reject or run. `clasp coverage --generated`
//! prints it.

use crate::case::GenCase;
use checker::case::Case;
use checker::spec::{Profile, RuleId};
use std::collections::BTreeMap;

/// Accept and reject counts of one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    pub accept: u32,
    pub reject: u32,
    /// Run-time cases (executed on devices; built by the checker and clang).
    pub run: u32,
}

/// (rule, profile, dimension, value) → counts. The dimensions are each case's `//@ props:`
/// (a generated case's are the dimensions that built it; a hand-written case declares its own),
/// plus `source` = `generated` or `hand-written`.
pub type Matrix = BTreeMap<(RuleId, Profile, String, String), Counts>;

fn count(m: &mut Matrix, case: &Case, source: &str) {
    let source = ("source".to_string(), source.to_string());
    let dims = case.props.iter().chain(std::iter::once(&source));
    for &p in &case.profiles {
        let expected = case.expected(p);
        for &rule in &case.rules {
            if !rule.applies_to(p) {
                continue;
            }
            let (accept, reject, run) = if case.run.is_some() {
                (0, 0, 1)
            } else if expected.is_empty() {
                (1, 0, 0)
            } else if expected.iter().any(|e| e.rule == rule) {
                (0, 1, 0)
            } else {
                continue;
            };
            for (dim, value) in dims.clone() {
                let c = m.entry((rule, p, dim.clone(), value.clone())).or_default();
                c.accept += accept;
                c.reject += reject;
                c.run += run;
            }
        }
    }
}

/// The matrix of generated cases plus hand-written ones (hand-written compile-time cases only).
pub fn matrix(generated: &[GenCase], hand_written: &[Case]) -> Matrix {
    let mut m = Matrix::new();
    for g in generated {
        let Ok(case) = g.parse() else { continue };
        count(&mut m, &case, "generated");
    }
    for case in hand_written.iter().filter(|c| c.run.is_none()) {
        count(&mut m, case, "hand-written");
    }
    m
}

/// The matrix as Markdown: one row per (rule, dimension, value), one column per profile,
/// cells `accept/reject`, or `N run` for run-time cases.
pub fn table(m: &Matrix) -> String {
    use std::fmt::Write;
    let mut rows: BTreeMap<(RuleId, &str, &str), BTreeMap<Profile, Counts>> = BTreeMap::new();
    for ((r, p, d, v), c) in m {
        rows.entry((*r, d, v)).or_default().insert(*p, *c);
    }
    let mut out = String::from("| rule | dimension | value |");
    for p in Profile::ALL {
        let _ = write!(out, " {p} |");
    }
    out.push_str("\n|---|---|---|");
    out.push_str(&"---|".repeat(Profile::ALL.len()));
    out.push('\n');
    for ((r, d, v), cells) in rows {
        let _ = write!(out, "| {r} | {d} | {v} |");
        for p in Profile::ALL {
            match cells.get(&p) {
                Some(c) if c.accept + c.reject == 0 => {
                    let _ = write!(out, " {} run |", c.run);
                }
                Some(c) if c.run > 0 => {
                    let _ = write!(out, " {}/{} + {} run |", c.accept, c.reject, c.run);
                }
                Some(c) => {
                    let _ = write!(out, " {}/{} |", c.accept, c.reject);
                }
                None => out.push_str(" - |"),
            }
        }
        out.push('\n');
    }
    out
}
