//! `clasp fuzz --runtime` on the drivers installed here: a few seconds on each runs random
//! run-time programs and their EMI variants and writes a report whose every case is a valid
//! run-time suite case; and a deliberately wrong expectation (`--wrong-expectation`, out[0] off
//! by one) is caught on every program and reduced. A driver that is not installed is named as
//! skipped.

mod common;
use common::*;
use serde_json::Value;
use std::path::Path;

/// The CPU drivers the test tries, by a substring of their subject id.
const DRIVERS: [&str; 4] = ["intel", "oclgrind", "portable", "rusticl"];

fn installed(tmp: &Path) -> Vec<&'static str> {
    let out = clasp(
        &["devices", "--format", "json"],
        &[("RUSTICL_ENABLE", "llvmpipe")],
        tmp,
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    let ids: Vec<String> = v["platforms"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["devices"].as_array().into_iter().flatten())
        .filter_map(|d| d["id"].as_str().map(str::to_string))
        .collect();
    DRIVERS
        .into_iter()
        .filter(|d| {
            let found = ids.iter().any(|id| id.contains(d));
            if !found {
                println!("skipped driver {d}: not installed");
            }
            found
        })
        .collect()
}

fn mismatches(dir: &Path) -> Vec<Value> {
    std::fs::read_to_string(dir.join("mismatches.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Every case the fuzzer wrote reads as a run-time suite case.
fn cases_parse(dir: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir.join("cases"))
        .expect("cases dir")
        .flatten()
    {
        let text = std::fs::read_to_string(e.path()).unwrap();
        let case = checker::case::Case::parse("case.cl", "case", &text)
            .unwrap_or_else(|err| panic!("{}: {err}\n{text}", e.path().display()));
        assert!(case.run.is_some(), "{}", e.path().display());
        n += 1;
    }
    n
}

#[test]
fn runtime_fuzzing_runs_on_each_installed_driver() {
    let tmp = tempfile::tempdir().unwrap();
    for d in installed(tmp.path()) {
        let dir = tmp.path().join(d);
        let out = clasp(
            &[
                "fuzz",
                "--runtime",
                "--subject",
                d,
                "--time",
                "4",
                "--seed",
                "3",
                "--out",
                dir.to_str().unwrap(),
            ],
            &[("RUSTICL_ENABLE", "llvmpipe")],
            tmp.path(),
        );
        // 0: no mismatch; 1: mismatches, each reduced into a case (reviewed in the findings).
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{d}: {}",
            text(&out)
        );
        let report = std::fs::read_to_string(dir.join("report.md")).expect("report.md");
        let line = report.lines().last().unwrap_or_default();
        let programs: usize = line
            .split_whitespace()
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(programs > 0, "{d}: {report}");
        let found = mismatches(&dir);
        assert_eq!(
            out.status.code() == Some(1),
            !found.is_empty(),
            "{d}: {}",
            text(&out)
        );
        let reduced = found.iter().filter(|m| m["reduced"] == true).count();
        assert_eq!(cases_parse(&dir), reduced, "{d}");
        println!("{d}: {line}");
    }
}

/// A campaign of `time` seconds on driver `d` whose every expectation is off by one (so every
/// program is a mismatch); it must exit 1. Its output and its folder.
fn wrong_campaign(
    tmp: &Path,
    d: &str,
    time: &str,
    more: &[&str],
) -> (std::process::Output, std::path::PathBuf) {
    let dir = tmp.join(format!("wrong-{time}{}", more.join("")));
    let mut args = vec!["fuzz", "--runtime", "--wrong-expectation", "--subject", d];
    args.extend(["--time", time, "--out", dir.to_str().unwrap()]);
    args.extend(more);
    let out = clasp(&args, &[("RUSTICL_ENABLE", "llvmpipe")], tmp);
    assert_eq!(out.status.code(), Some(1), "{d}: {}", text(&out));
    (out, dir)
}

#[test]
fn a_wrong_expectation_is_caught_and_reduced() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(d) = installed(tmp.path()).first().copied() else {
        println!("skipped: no driver installed");
        return;
    };
    let (out, dir) = wrong_campaign(tmp.path(), d, "0.5", &[]);
    let found = mismatches(&dir);
    assert!(!found.is_empty(), "{d}: {}", text(&out));
    for m in &found {
        assert_eq!(m["symptom"], "wrong", "{m}");
        assert_eq!(m["reduced"], true, "{m}");
        let (before, after) = (
            m["lines"].as_u64().unwrap(),
            m["reduced_lines"].as_u64().unwrap(),
        );
        assert!(
            after < before,
            "{d}: not reduced ({before} -> {after} lines): {m}"
        );
        // The reduced case still states the wrong value, and the device still disagrees.
        assert!(
            m["case"]
                .as_str()
                .unwrap()
                .contains("wrong contents of out"),
            "{m}"
        );
    }
    assert_eq!(cases_parse(&dir), found.len());
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(report.contains("## Classes"), "{report}");
}

#[test]
fn parallel_jobs_share_one_sequence_of_programs() {
    let tmp = tempfile::tempdir().unwrap();
    let Some(d) = installed(tmp.path()).first().copied() else {
        println!("skipped: no driver installed");
        return;
    };
    let (out, dir) = wrong_campaign(tmp.path(), d, "1", &["-j", "2"]);
    // Every program fails (its expectation is wrong), and each index was run by one job only.
    let found = mismatches(&dir);
    let mut seen = std::collections::BTreeSet::new();
    for m in &found {
        let key = (m["index"].as_u64().unwrap(), m["variant"].to_string());
        assert!(seen.insert(key), "program run twice: {m}");
    }
    let programs = seen.iter().filter(|(_, v)| v == "\"program\"").count();
    assert!(programs >= 2, "{d}: {}", text(&out));
    for k in 0..2 {
        assert!(
            found.iter().any(|m| m["job"] == k),
            "job {k} ran no program: {}",
            text(&out)
        );
    }
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(report.contains("2 job(s)"), "{report}");
}
