//! The mutation score kept: a handful of planted driver bugs (one per class that the hand corpus
//! must catch at run time and at compile time) are run against the hand corpus on one CPU
//! driver, and each must still be killed. Skipped, by name, when no such driver is installed.

mod common;

use common::{clasp, text};
use serde_json::Value;
use std::path::Path;

/// On Intel's CPU runtime (OpenCL 3.0 and 2.0): one mutant per class whose cases are few, so the
/// test stays short.
const KEPT_INTEL: &[&str] = &[
    "barrier-dropped",
    "async-copy-short",
    "global-initialiser-dropped",
    "constant-initialiser-off-by-one",
    "kernel-local-mem-size-without-args",
    "arg-qualifier-constant-as-global",
    // A bug in a rule that already has a reviewed class on Intel (to_* returns the pointer
    // where NULL is due): NULL where the pointer is due must still be a finding.
    "to-private-null",
    // Only a run-time layout check sees an ignored aligned attribute.
    "aligned-attribute-ignored",
];

/// On Oclgrind (OpenCL 1.2), a driver that checks the dispatch pointer of every object it is
/// given: the layer must leave its objects alone.
const KEPT_OCLGRIND: &[&str] = &[
    "local-per-work-item",
    "accept-local-initialiser",
    "aligned-attribute-ignored",
];

fn installed(root: &Path, want: &str) -> Option<String> {
    let out = clasp(&["devices", "--format", "json"], &[], root);
    let d: Value = serde_json::from_slice(&out.stdout).ok()?;
    d["platforms"]
        .as_array()?
        .iter()
        .flat_map(|p| p["devices"].as_array().cloned().unwrap_or_default())
        .filter_map(|d| d["id"].as_str().map(str::to_string))
        .find(|id| id.contains(want))
}

#[test]
fn the_kept_mutants_are_still_killed_on_intel() {
    kept_mutants_are_killed(
        "the_kept_mutants_are_still_killed_on_intel",
        "intel-r-opencl",
        KEPT_INTEL,
    );
}

#[test]
fn the_kept_mutants_are_still_killed_on_oclgrind() {
    kept_mutants_are_killed(
        "the_kept_mutants_are_still_killed_on_oclgrind",
        "oclgrind",
        KEPT_OCLGRIND,
    );
}

/// Runs `clasp mutate` with `kept` against the hand corpus on the device whose id contains
/// `want`, and requires each mutant killed, having acted.
fn kept_mutants_are_killed(test: &str, want: &str, kept: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Some(device) = installed(root, want) else {
        eprintln!("skipped {test}: no {want} device is installed");
        return;
    };
    let layer = common::icd_library("mutant-layer");
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let cache = tmp.path().join("cache");
    let cases = root.join("suite/cases");
    let known = root.join("reports/known");
    let args = [
        "mutate",
        "--subject",
        &device,
        "--mutant",
        &kept.join(","),
        "--layer",
        layer.to_str().unwrap(),
        "--cases",
        cases.to_str().unwrap(),
        "--known",
        known.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--cache-dir",
        cache.to_str().unwrap(),
        "-j",
        "2",
    ];
    let o = clasp(&args, &[], tmp.path());
    let dir = std::fs::read_dir(&out)
        .ok()
        .and_then(|mut d| d.next())
        .and_then(Result::ok)
        .map(|e| e.path())
        .unwrap_or_else(|| panic!("no score directory\n{}", text(&o)));
    let score: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("score.json"))
            .unwrap_or_else(|e| panic!("score.json: {e}\n{}", text(&o))),
    )
    .unwrap();
    let scores = score.as_array().expect("a list of scores");
    assert_eq!(scores.len(), kept.len(), "{}", text(&o));
    for s in scores {
        assert_eq!(
            s["status"],
            "killed",
            "{} survived on {device}: {}\n{}",
            s["mutant"],
            s["reason"],
            text(&o)
        );
        assert!(s["acted"].as_u64().unwrap_or(0) > 0, "{s}");
    }
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}
