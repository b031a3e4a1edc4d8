//! Saved runs written by hand, in the file format `clasp run` writes (a file contract), for the
//! report tests.

use serde_json::{json, Value};
use std::path::Path;
use std::process::{Command, Output};

pub const POCL: &str = "portable-computing-language/cpu";
pub const POCL_ID: &str =
    "Portable Computing Language | OpenCL 3.0 PoCL 6.0 | cpu-x86 | OpenCL 3.0 | driver 6.0";
pub const EVIL: &str = "//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2 CL2.0\nkernel void k(void) {\n    local int x = 1; //~ ERROR AS-LOCAL-INIT\n    // </script><img src=x onerror=\"alert(1)\"> & ``` fence\n}\n";
pub const SMALL: &str = "//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2 CL2.0\nkernel void k(void) { local int x = 1; } //~ ERROR AS-LOCAL-INIT\n";
pub const OK: &str = "//@ rules: AS-GENERIC-FROM-NAMED\n//@ profiles: CL2.0\nkernel void k(global int *p) { int *q = p; *q = 1; }\n";

/// `clasp ARGS` in the current directory.
pub fn run_clasp(args: &[&str]) -> Output {
    Command::new(super::CLASP)
        .args(args)
        .output()
        .expect("clasp runs")
}

pub fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

pub fn case(name: &str, source: &str, rules: &[&str], profiles: &[&str]) -> Value {
    json!({"name": name, "rules": rules, "profiles": profiles, "options": [],
           "expectations": [], "kind": "compile", "source": source})
}

/// One result line, in the file format `clasp run` writes.
pub fn result(case: &str, subject: &str, profile: &str, expected: &str, actual: Value) -> Value {
    let identity = if subject == "checker" {
        "clasp checker 0.1.0"
    } else {
        POCL_ID
    };
    let outcome = actual["outcome"].as_str().unwrap_or("").to_string();
    let verdict = match (expected, outcome.as_str()) {
        (_, "skipped") => "skipped",
        (_, "crash") => "crash",
        (_, "timeout") => "timeout",
        ("accept", "accepted") | ("reject", "rejected") => "pass",
        _ => "deviation",
    };
    json!({"case": case, "subject": subject, "profile": profile, "kind": "listed",
           "options": [format!("-cl-std={}", profile.split('+').next().unwrap_or(profile))],
           "expected": {"expect": expected}, "actual": actual, "verdict": verdict,
           "duration_ms": 1.5, "driver_ms": 1.0, "cached": false, "identity": identity})
}

pub fn accepted(log: &str) -> Value {
    json!({"outcome": "accepted", "log": log})
}

pub fn rejected() -> Value {
    json!({"outcome": "rejected", "code": "CL_BUILD_PROGRAM_FAILURE", "log": "error: nope"})
}

/// Writes a run directory: run.json, cases.json, results.jsonl.
pub fn write_run(dir: &Path, id: &str, cases: &[Value], results: &[Value]) {
    std::fs::create_dir_all(dir).unwrap();
    let run = json!({"run_id": id, "clasp_version": "0.1.0", "started_unix": 1_760_000_000u64,
        "args": ["run", "--subject", "pocl", "--case", "local/*"], "cases_dir": null,
        "cases": cases.len(), "shard": null, "resumed": false,
        "subjects": [{"id": POCL, "identity": POCL_ID}, {"id": "checker", "identity": "clasp checker 0.1.0"}],
        "notes": []});
    std::fs::write(
        dir.join("run.json"),
        serde_json::to_string_pretty(&run).unwrap(),
    )
    .unwrap();
    std::fs::write(
        dir.join("cases.json"),
        Value::from(cases.to_vec()).to_string(),
    )
    .unwrap();
    let lines: String = results.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(dir.join("results.jsonl"), lines).unwrap();
}

pub fn small_run(dir: &Path) {
    let cases = [
        case("local/evil", EVIL, &["AS-LOCAL-INIT"], &["CL1.2", "CL2.0"]),
        case(
            "local/small",
            SMALL,
            &["AS-LOCAL-INIT"],
            &["CL1.2", "CL2.0"],
        ),
        case("generic/ok", OK, &["AS-GENERIC-FROM-NAMED"], &["CL2.0"]),
    ];
    let checker_actual =
        json!({"outcome": "diagnostics", "diagnostics": [{"line": 5, "rule": "AS-LOCAL-INIT"}]});
    let mut checker = result("local/evil", "checker", "CL1.2", "accept", checker_actual);
    checker["expected"] =
        json!({"expect": "diagnostics", "diagnostics": [{"line": 4, "rule": "AS-LOCAL-INIT"}]});
    checker["verdict"] = json!("deviation");
    let results = [
        // Two kernels show the same deviation: the smaller one is the reproducer.
        result(
            "local/evil",
            POCL,
            "CL1.2",
            "reject",
            accepted("warning: <b>unused</b> & </script>"),
        ),
        result("local/small", POCL, "CL1.2", "reject", accepted("")),
        result("local/evil", POCL, "CL2.0", "reject", rejected()),
        result(
            "local/small",
            POCL,
            "CL2.0",
            "reject",
            json!({"outcome": "crash", "signal": "SIGSEGV"}),
        ),
        result("generic/ok", POCL, "CL2.0", "accept", accepted("")),
        checker,
        result(
            "generic/ok",
            "checker",
            "CL2.0",
            "accept",
            json!({"outcome": "skipped", "why": "not today"}),
        ),
    ];
    write_run(dir, "20251009T000000Z", &cases, &results);
}

pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}
