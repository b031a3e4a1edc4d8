//! The deterministic subjects (clasp's checker, clang-16, clang-22, clspv) on the hand corpus
//! give what their committed compact reference gives (`reports/reference/hand-deterministic/`):
//! no finding (every deviation is a reviewed class in `reports/known/`), and against the
//! reference nothing new, broken or fixed. So a case added to the corpus that one of them fails
//! cannot land unreviewed, and a reviewed class that stops applying is seen. When the corpus or
//! a class changes on purpose, make the reference again:
//! `clasp run --subject checker,clang,clang-22,clspv --no-cache` then
//! `clasp report reports/runs/<run> --compact --out reports/reference/hand-deterministic`.
//! A subject that is not installed is named as skipped.

mod common;
use common::*;
use serde_json::Value;
use std::path::Path;

const SUBJECTS: [&str; 4] = ["checker", "clang-16", "clang-22", "clspv"];

#[test]
fn deterministic_subjects_match_their_reference_on_the_hand_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let out = clasp(&["subjects", "--format", "json"], &[], tmp.path());
    assert!(out.status.success(), "{}", text(&out));
    let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let mut run_on = Vec::new();
    for id in SUBJECTS {
        let row = rows.iter().find(|r| r["id"] == id);
        match row.and_then(|r| r["missing"].as_str()) {
            Some(why) => println!("skipped subject {id}: {why}"),
            None if row.is_none() => println!("skipped subject {id}: not listed"),
            None => run_on.push(id),
        }
    }
    let cases = root.join("suite/cases");
    let known = root.join("reports/known");
    let reference = root.join("reports/reference/hand-deterministic");
    let subjects = run_on.join(",");
    let out = clasp(
        &[
            "run",
            "--cases",
            cases.to_str().unwrap(),
            "--known",
            known.to_str().unwrap(),
            "--subject",
            &subjects,
            "--no-cache",
            "--plain",
            "--out",
            "runs",
        ],
        &[],
        tmp.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "the hand corpus on {subjects} has findings: review them (reports/known/, reports/findings.md)\n{}",
        text(&out)
    );
    let (run, records) = last_run(&tmp.path().join("runs"));
    assert!(!records.is_empty());
    let out = clasp(
        &[
            "compare",
            reference.to_str().unwrap(),
            run.to_str().unwrap(),
            "--known",
            known.to_str().unwrap(),
        ],
        &[],
        tmp.path(),
    );
    let md = text(&out);
    assert_eq!(out.status.code(), Some(0), "{md}");
    assert!(
        md.contains("No change"),
        "{subjects} differ from reports/reference/hand-deterministic: make the reference again after review\n{md}"
    );
    // Every result of this run is in the reference (a new case or subject needs the reference
    // made again); the reference may hold subjects that are not installed here.
    assert!(
        !md.contains("only in new") || md.contains(", 0 only in new"),
        "results the reference does not have: make it again after review\n{md}"
    );
}
