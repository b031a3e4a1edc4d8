//! Integration tests of `clasp devices` and `clasp run`, through the built binary.
//!
//! - Worker isolation, against `fault-icd` (a fault-injecting OpenCL driver built from this
//!   workspace and registered alone through `OCL_ICD_VENDORS`): crashes, aborts, hangs and
//!   garbage are recorded on their cases and no other result is lost; the cache and `--resume`
//!   work on the same run.
//! - Real drivers: every installed CPU driver (PoCL, Oclgrind, rusticl, Intel) builds real corpus
//!   cases; a driver that is not installed is named as skipped.
//! - With no OpenCL driver at all, `clasp devices` and `clasp run` still work.

mod common;
use common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// `clasp run` of the corpus cases matching `globs` on one device, uncached, into `tmp/out_dir`;
/// returns what it printed and the run's records, after checking that it finished (exit 0 or 1).
fn run_device(
    tmp: &Path,
    env: &[(&str, &str)],
    id: &str,
    globs: &[&str],
    out_dir: &str,
) -> (String, Vec<Value>) {
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/cases");
    let cases_s = cases.to_string_lossy().into_owned();
    let mut args = vec!["run", "--cases", &cases_s, "--subject", id];
    for g in globs {
        args.extend(["--case", g]);
    }
    args.extend([
        "--out",
        out_dir,
        "--no-cache",
        "--timeout",
        "120",
        "--plain",
    ]);
    let out = clasp(&args, env, tmp);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{id}: {}",
        text(&out)
    );
    (text(&out), last_run(&tmp.join(out_dir)).1)
}

/// What `clasp devices --format json` reports.
fn devices(tmp: &Path, env: &[(&str, &str)]) -> Value {
    let out = clasp(&["devices", "--format", "json"], env, tmp);
    assert!(out.status.success(), "{}", text(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Results by (case, profile), arg-qualifiers results left out (see [`arg_qualifiers`]).
fn by_case(records: &[Value]) -> BTreeMap<(String, String), Value> {
    records
        .iter()
        .filter(|r| r["kind"] != "arg-qualifiers")
        .map(|r| {
            (
                (
                    r["case"].as_str().unwrap_or_default().to_string(),
                    r["profile"].as_str().unwrap_or_default().to_string(),
                ),
                r.clone(),
            )
        })
        .collect()
}

/// The arg-qualifiers results by case name.
fn arg_qualifiers(records: &[Value]) -> BTreeMap<String, Value> {
    records
        .iter()
        .filter(|r| r["kind"] == "arg-qualifiers")
        .map(|r| {
            (
                r["case"].as_str().unwrap_or_default().to_string(),
                r.clone(),
            )
        })
        .collect()
}

const OK_CASE: &str = "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2 CL2.0\nconstant int c = 1;\nkernel void k(global int *p) { *p = c; }\n";

fn fault_case(marker: &str) -> String {
    format!("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2\n// {marker}\nconstant int c = 1;\nkernel void k(global int *p) {{ *p = c; }}\n")
}

#[test]
fn faults_are_recorded_on_their_cases_and_nothing_else_is_lost() {
    let tmp = tempfile::tempdir().unwrap();
    let vendors = fault_vendors(tmp.path());
    let cases = tmp.path().join("cases");
    std::fs::create_dir_all(cases.join("ok")).unwrap();
    // Faults interleaved with good cases, so a lost worker would lose neighbours.
    for i in 0..6 {
        std::fs::write(cases.join(format!("ok/case-{i}.cl")), OK_CASE).unwrap();
    }
    for (name, marker) in [
        ("crash", "CLASP_FAULT_CRASH"),
        ("abort", "CLASP_FAULT_ABORT"),
        ("hang", "CLASP_FAULT_HANG"),
        ("garbage", "CLASP_FAULT_GARBAGE"),
    ] {
        std::fs::write(cases.join(format!("{name}.cl")), fault_case(marker)).unwrap();
    }
    std::fs::write(
        cases.join("reject.cl"),
        "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2\n// CLASP_FAULT_REJECT\nglobal int g; //~ ERROR AS-PROGSCOPE-SPACE\n",
    )
    .unwrap();
    let vendors_s = vendors.to_string_lossy().into_owned();
    let env = [("OCL_ICD_VENDORS", vendors_s.as_str())];
    let devices = clasp(&["devices", "--format", "json"], &env, tmp.path());
    assert!(devices.status.success(), "{}", text(&devices));
    let d: Value = serde_json::from_slice(&devices.stdout).unwrap();
    assert_eq!(d["platforms"][0]["devices"][0]["name"], "fault device");
    // Discovery names the vendor library, which build workers then load alone.
    let library = d["platforms"][0]["devices"][0]["icd"]["library"]
        .as_str()
        .unwrap_or_default();
    assert!(library.ends_with("libfault_icd.so"), "{d}");

    let args = [
        "run",
        "--cases",
        "cases",
        "--subject",
        "devices",
        "--timeout",
        "2",
        "-j",
        "2",
        "--out",
        "runs",
        "--cache-dir",
        "cache",
        "--plain",
    ];
    let out = clasp(&args, &env, tmp.path());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let (run_dir, records) = last_run(&tmp.path().join("runs"));
    let map = by_case(&records);
    // 6 good cases in 2 profiles, 4 faults and 1 reject in 1: every result is there, once;
    // plus one arg-qualifiers result for each case that must build in a profile it lists.
    assert_eq!(records.len(), 27, "{}", text(&out));
    assert_eq!(map.len(), 17);
    let quals = arg_qualifiers(&records);
    assert_eq!(quals.len(), 10, "{quals:?}");
    for i in 0..6 {
        let r = &quals[&format!("ok/case-{i}")];
        assert_eq!(r["verdict"], "pass", "{r}");
        assert_eq!(r["actual"]["run"]["queries"][0]["actual"], "global", "{r}");
    }
    // A case whose own build crashed or hung has nothing to query: skipped, saying why.
    for name in ["crash", "abort", "hang", "garbage"] {
        let r = &quals[name];
        assert_eq!(r["verdict"], "skipped", "{r}");
        assert!(
            r["actual"]["why"].as_str().unwrap().contains("own build"),
            "{r}"
        );
    }
    let get = |case: &str, profile: &str| &map[&(case.to_string(), profile.to_string())];
    assert_eq!(get("crash", "CL1.2")["verdict"], "crash");
    assert_eq!(get("crash", "CL1.2")["actual"]["signal"], "SIGSEGV");
    assert_eq!(get("abort", "CL1.2")["actual"]["signal"], "SIGABRT");
    assert_eq!(get("hang", "CL1.2")["verdict"], "timeout");
    assert_eq!(get("garbage", "CL1.2")["verdict"], "deviation");
    assert_eq!(get("garbage", "CL1.2")["actual"]["outcome"], "invalid");
    assert_eq!(get("reject", "CL1.2")["verdict"], "pass");
    for i in 0..6 {
        let name = format!("ok/case-{i}");
        assert_eq!(get(&name, "CL1.2")["verdict"], "pass", "{name}");
        // The device reports OpenCL C 1.2 only: building with -cl-std=CL2.0 must fail.
        let r = get(&name, "CL2.0");
        assert_eq!(r["kind"], "unsupported-std");
        assert_eq!(r["verdict"], "pass", "{r}");
    }

    // An unchanged re-run takes every outcome but the timeout from the cache.
    let again = clasp(&args, &env, tmp.path());
    assert_eq!(again.status.code(), Some(1), "{}", text(&again));
    let (_, records) = last_run(&tmp.path().join("runs"));
    let cached = records.iter().filter(|r| r["cached"] == true).count();
    // 12 good builds, the clean reject, the garbage answer and the two crashes; 6 queries.
    assert_eq!(cached, 22, "{}", text(&again));
    let verdicts = |m: &BTreeMap<(String, String), Value>| -> Vec<((String, String), Value)> {
        m.iter()
            .map(|(k, v)| (k.clone(), v["verdict"].clone()))
            .collect()
    };
    assert_eq!(verdicts(&by_case(&records)), verdicts(&map));

    // A killed run: keep 5 results and half a line, then resume. Nothing twice, nothing lost.
    let path = run_dir.join("results.jsonl");
    let full = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    let cut = format!(
        "{}\n{}",
        lines[..5].join("\n"),
        &lines[5][..lines[5].len() / 2]
    );
    std::fs::write(&path, cut).unwrap();
    let run_dir_s = run_dir.to_string_lossy().into_owned();
    let mut resume: Vec<&str> = args.to_vec();
    resume.extend(["--resume", &run_dir_s, "--no-cache"]);
    let resumed = clasp(&resume, &env, tmp.path());
    assert_eq!(resumed.status.code(), Some(1), "{}", text(&resumed));
    let text_after = std::fs::read_to_string(&path).unwrap();
    let records: Vec<Value> = text_after
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(records.len(), 27, "{text_after}");
    assert_eq!(by_case(&records).len(), 17);
    assert_eq!(arg_qualifiers(&records).len(), 10);
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("5 already in the resumed run"));
}

#[test]
fn shards_split_the_corpus_and_filters_narrow_it() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = tmp.path().join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    for i in 0..12 {
        std::fs::write(cases.join(format!("c{i}.cl")), OK_CASE).unwrap();
    }
    let mut seen = Vec::new();
    for shard in ["1/3", "2/3", "3/3"] {
        let out_dir = format!("runs-{}", shard.replace('/', "of"));
        let out = clasp(
            &[
                "run",
                "--cases",
                "cases",
                "--subject",
                "checker",
                "--shard",
                shard,
                "--out",
                &out_dir,
                "--no-cache",
                "--profile",
                "CL1.2",
            ],
            &[],
            tmp.path(),
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        let (_, records) = last_run(&tmp.path().join(&out_dir));
        for r in records {
            assert_eq!(r["profile"], "CL1.2");
            seen.push(r["case"].as_str().unwrap().to_string());
        }
    }
    seen.sort();
    let mut want: Vec<String> = (0..12).map(|i| format!("c{i}")).collect();
    want.sort();
    assert_eq!(seen, want, "every case in exactly one shard");

    let out = clasp(
        &[
            "run",
            "--cases",
            "cases",
            "--subject",
            "checker",
            "--shard",
            "4/3",
        ],
        &[],
        tmp.path(),
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let out = clasp(
        &[
            "run",
            "--cases",
            "cases",
            "--subject",
            "checker",
            "--case",
            "c1*",
            "--out",
            "g",
            "--no-cache",
        ],
        &[],
        tmp.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let (_, records) = last_run(&tmp.path().join("g"));
    // c1, c10, c11 in two profiles each.
    assert_eq!(records.len(), 6);
}

#[test]
fn no_opencl_driver_is_not_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("no-vendors");
    std::fs::create_dir_all(&empty).unwrap();
    let empty_s = empty.to_string_lossy().into_owned();
    let env = [("OCL_ICD_VENDORS", empty_s.as_str())];
    let out = clasp(&["devices"], &env, tmp.path());
    assert!(out.status.success(), "{}", text(&out));
    let cases = tmp.path().join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::write(cases.join("a.cl"), OK_CASE).unwrap();
    let out = clasp(
        &[
            "run",
            "--cases",
            "cases",
            "--subject",
            "checker,devices",
            "--out",
            "runs",
            "--no-cache",
        ],
        &env,
        tmp.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let (_, records) = last_run(&tmp.path().join("runs"));
    assert_eq!(records.len(), 2);
    assert!(records
        .iter()
        .all(|r| r["subject"] == "checker" && r["verdict"] == "pass"));
}

/// The CPU drivers CI installs: label, the platform name they report, and whether the driver
/// runs OpenCL C 2.0 (generic space, program-scope globals), whose run-time cases must then
/// execute and check out in `CL2.0` too.
const DRIVERS: [(&str, &str, bool); 4] = [
    ("PoCL", "Portable Computing Language", false),
    ("Oclgrind", "Oclgrind", false),
    ("rusticl", "rusticl", false),
    ("Intel", "Intel(R) OpenCL", true),
];

#[test]
fn real_cases_run_on_every_installed_driver() {
    let tmp = tempfile::tempdir().unwrap();
    let env = [("RUSTICL_ENABLE", "llvmpipe")];
    let d = devices(tmp.path(), &env);
    let mut skipped = Vec::new();
    for (label, platform, two_zero) in DRIVERS {
        let device = d["platforms"]
            .as_array()
            .into_iter()
            .flatten()
            .find_map(|p| {
                (p["name"] == platform)
                    .then(|| p["devices"].get(0).cloned())
                    .flatten()
            });
        let Some(device) = device else {
            skipped.push(label);
            continue;
        };
        let id = device["id"].as_str().unwrap().to_string();
        let out_dir = format!("runs-{label}");
        // Real cases: the local-memory family, in every profile the cases list, and run-time
        // cases that every driver here executes correctly (local memory per work-group,
        // program-scope globals that persist, constant memory read by every work-item, and,
        // where 2.0 runs, generic pointers dereferenced in each space), and the alignment
        // cases, which rusticl fails by a reviewed known deviation (they must run, not crash).
        let globs = [
            "local/*",
            "runtime/local-per-group-*",
            "runtime/global-persist-*",
            "runtime/constant-readable-*",
            "runtime/generic-deref-*",
            "runtime/align-*",
        ];
        let (printed, records) = run_device(tmp.path(), &env, &id, &globs, &out_dir);
        assert!(!records.is_empty(), "{label}: no result");
        assert!(
            records.iter().all(|r| r["subject"] == id.as_str()),
            "{label}: results of another subject"
        );
        let pass = records.iter().filter(|r| r["verdict"] == "pass").count();
        let broken: Vec<&Value> = records
            .iter()
            .filter(|r| r["verdict"] == "crash" || r["verdict"] == "timeout")
            .collect();
        assert!(pass > 0, "{label}: nothing passed\n{printed}");
        assert!(broken.is_empty(), "{label}: {broken:?}");
        // The run-time cases really ran on the device and their buffers checked out.
        let executed = |profile: Option<&str>| {
            records
                .iter()
                .filter(|r| r["actual"]["outcome"] == "ran" && r["verdict"] == "pass")
                .filter(|r| profile.is_none_or(|p| r["profile"] == p))
                .count()
        };
        let ran = executed(None);
        assert!(ran > 0, "{label}: no run-time case executed\n{printed}");
        if two_zero {
            assert!(
                executed(Some("CL2.0")) > 0,
                "{label}: no CL2.0 run-time case executed\n{printed}"
            );
        }
        println!(
            "{label} ({id}): {} results, {pass} pass, {ran} run-time cases executed and checked \
             ({} in CL2.0)",
            records.len(),
            executed(Some("CL2.0"))
        );
    }
    for label in &skipped {
        println!("skipped driver {label}: not installed (no platform reports it)");
    }
}

#[test]
fn the_checker_and_clang_run_the_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let cases = root.join("suite/cases");
    let cases_s = cases.to_string_lossy().into_owned();
    let has_clang = Command::new("clang-16").arg("--version").output().is_ok();
    let subjects = if has_clang {
        "checker,clang"
    } else {
        "checker"
    };
    if !has_clang {
        println!("skipped subject clang-16: not installed");
    }
    let out = clasp(
        &[
            "run",
            "--cases",
            &cases_s,
            "--subject",
            subjects,
            "--case",
            "local/*",
            "--out",
            "runs",
            "--no-cache",
            "--plain",
        ],
        &[],
        tmp.path(),
    );
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", text(&out));
    let (_, records) = last_run(&tmp.path().join("runs"));
    let checker = records.iter().filter(|r| r["subject"] == "checker").count();
    assert!(checker > 0);
    if has_clang {
        assert!(records.iter().any(|r| r["subject"] == "clang-16"));
    }
    assert!(records
        .iter()
        .all(|r| r["verdict"] != "crash" && r["verdict"] != "timeout"));
}

/// The C++ for OpenCL run-time cases (zero pre-initialisation, constructors of local and global
/// objects) run on every installed device that reports `cl_ext_cxx_for_opencl` and must pass
/// there; on any other device each is skipped, by name, saying why.
#[test]
fn cxx_run_time_cases_run_where_cxx_for_opencl_is_supported_and_are_skipped_by_name_elsewhere() {
    let tmp = tempfile::tempdir().unwrap();
    let env = [("RUSTICL_ENABLE", "llvmpipe")];
    let d = devices(tmp.path(), &env);
    let devices: Vec<&Value> = d["platforms"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|p| p["devices"].as_array().into_iter().flatten())
        .collect();
    if devices.is_empty() {
        println!("skipped C++ run-time cases: no OpenCL device installed");
        return;
    }
    for (n, device) in devices.into_iter().enumerate() {
        let id = device["id"].as_str().unwrap().to_string();
        let cxx = device["extensions"]
            .as_array()
            .is_some_and(|e| e.iter().any(|x| x == "cl_ext_cxx_for_opencl"));
        let out_dir = format!("cxx-runs-{n}");
        let (_, records) = run_device(tmp.path(), &env, &id, &["cxx/*-runtime"], &out_dir);
        assert!(
            records.len() >= 4,
            "{id}: {} C++ run-time results",
            records.len()
        );
        for r in &records {
            let case = r["case"].as_str().unwrap();
            if cxx {
                assert_eq!(r["verdict"], "pass", "{id}: {case}: {r}");
                println!("{id}: C++ run-time case {case} ran and checked out");
            } else {
                assert_eq!(r["verdict"], "skipped", "{id}: {case}: {r}");
                let why = r["actual"]["why"].as_str().unwrap_or_default();
                assert!(why.contains("cl_ext_cxx_for_opencl"), "{id}: {case}: {why}");
                println!("skipped C++ run-time case {case} on {id}: {why}");
            }
        }
    }
}
