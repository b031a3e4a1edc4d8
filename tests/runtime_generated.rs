//! A deterministic sample of the generated run-time cases (one per run-time rule × profile,
//! `--sample 1 --seed 11`) on every CPU driver installed: each must execute some of them, and
//! every result must pass or be a reviewed known deviation (`reports/known/`). A driver that
//! is not installed is named as skipped.

mod common;
use common::*;
use serde_json::Value;

/// The run-time and API-query rules of the catalogue (the rules the generated run-time cases
/// are built for).
fn run_time_rules() -> Vec<String> {
    checker::spec::rules()
        .iter()
        .filter(|r| {
            matches!(
                r.check,
                checker::spec::Check::Runtime | checker::spec::Check::ApiQuery
            ) && !r.id.code().starts_with("CXX-")
        })
        .map(|r| r.id.code().to_string())
        .collect()
}

const DRIVERS: [(&str, &str); 4] = [
    ("PoCL", "Portable Computing Language"),
    ("Oclgrind", "Oclgrind"),
    ("rusticl", "rusticl"),
    ("Intel", "Intel(R) OpenCL"),
];

#[test]
fn a_sample_of_the_generated_run_time_cases_passes_on_every_installed_driver() {
    let tmp = tempfile::tempdir().unwrap();
    let env = [("RUSTICL_ENABLE", "llvmpipe")];
    let out = clasp(&["devices", "--format", "json"], &env, tmp.path());
    assert!(out.status.success(), "{}", text(&out));
    let d: Value = serde_json::from_slice(&out.stdout).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let known = root.join("reports/known");
    let known_s = known.to_string_lossy().into_owned();
    let rules = run_time_rules();
    let mut skipped = Vec::new();
    for (label, platform) in DRIVERS {
        let id = d["platforms"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|p| p["name"] == platform)
            .and_then(|p| p["devices"].get(0))
            .and_then(|dev| dev["id"].as_str())
            .map(str::to_string);
        let Some(id) = id else {
            skipped.push(label);
            continue;
        };
        let out_dir = format!("runs-{label}");
        let mut args = vec![
            "run",
            "--suite",
            "generated",
            "--sample",
            "1",
            "--seed",
            "11",
            "--subject",
            &id,
            "--known",
            &known_s,
            "--out",
            &out_dir,
            "--no-cache",
            "--timeout",
            "120",
            "--plain",
        ];
        for r in &rules {
            args.extend(["--rule", r.as_str()]);
        }
        let out = clasp(&args, &env, tmp.path());
        let printed = text(&out);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{label}: {printed}"
        );
        let (dir, records) = last_run(&tmp.path().join(&out_dir));
        let ran = records
            .iter()
            .filter(|r| r["actual"]["outcome"] == "ran" && r["verdict"] == "pass")
            .count();
        assert!(
            ran > 0,
            "{label}: no generated run-time case executed\n{printed}"
        );
        let summary: Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap())
                .unwrap();
        assert_eq!(
            summary["findings"], 0,
            "{label}: deviations no known entry explains\n{printed}"
        );
        println!(
            "{label} ({id}): {} results of the sample, {ran} run-time cases executed and passed",
            records.len()
        );
    }
    for label in &skipped {
        println!("skipped driver {label}: not installed (no platform reports it)");
    }
}
