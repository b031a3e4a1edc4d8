//! Run-time cases through `clasp run`, against `fault-icd` (a fault-injecting driver built from
//! this workspace): a case that runs, a buffer mismatch with its first differences, a set-arg
//! error the case expects, a crash in `clEnqueueNDRangeKernel` and a hang in `clFinish` are each
//! recorded on their own case, and every other result is there.

mod common;
use common::*;
use serde_json::Value;
use std::collections::BTreeMap;

use std::process::Command;

fn run_case(marker: &str, expect: &str, extra: &str) -> String {
    format!(
        "// {marker}\n//@ rules: AS-LOCAL-PER-GROUP\n//@ profiles: CL1.2\n//@ kind: run\n//@ launch: k 4/4\n\
         //@ arg: buffer int[4] out = i * 10\n//@ arg: local 16{extra}\n{expect}\
         kernel void k(global int *out, local int *tile) {{ tile[0] = 0; }}\n"
    )
}

/// A vendors folder registering `fault-icd` alone, and an empty cases folder, under `tmp`.
fn fault_setup(tmp: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let vendors = fault_vendors(tmp);
    let cases = tmp.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    (vendors, cases)
}

#[test]
fn run_time_faults_are_recorded_and_the_run_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let (vendors, cases) = fault_setup(tmp.path());
    // The fault device never executes a kernel: buffers keep their initial contents.
    let files = [
        ("runs", run_case("", "//@ expect: out[i] == i * 10\n", "")),
        (
            "differs",
            run_case("", "//@ expect: out[i] == i * 10 + i / 2\n", ""),
        ),
        (
            "set-arg",
            run_case("", "//@ expect-error: set-arg 1\n", " non-null"),
        ),
        (
            "no-error",
            run_case("", "//@ expect-error: build-or-enqueue\n", ""),
        ),
        (
            "enqueue-crash",
            run_case(
                "CLASP_FAULT_ENQUEUE_CRASH",
                "//@ expect: out[i] == i * 10\n",
                "",
            ),
        ),
        (
            "finish-hang",
            run_case(
                "CLASP_FAULT_FINISH_HANG",
                "//@ expect: out[i] == i * 10\n",
                "",
            ),
        ),
        ("after", run_case("", "//@ expect: out[i] == i * 10\n", "")),
    ];
    for (name, text) in &files {
        std::fs::write(cases.join(format!("{name}.cl")), text).unwrap();
    }
    let vendors_s = vendors.to_string_lossy().into_owned();
    let out = Command::new(CLASP)
        .args([
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
            "--no-cache",
            "--plain",
        ])
        .env("OCL_ICD_VENDORS", &vendors_s)
        .current_dir(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let runs = tmp.path().join("runs");
    let dir = std::fs::read_dir(&runs)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .next()
        .unwrap();
    let records: Vec<Value> = std::fs::read_to_string(dir.join("results.jsonl"))
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let map: BTreeMap<String, Value> = records
        .iter()
        .map(|r| (r["case"].as_str().unwrap().to_string(), r.clone()))
        .collect();
    assert_eq!(records.len(), files.len(), "{}", text(&out));
    assert_eq!(map.len(), files.len());

    for name in ["runs", "after"] {
        assert_eq!(map[name]["verdict"], "pass", "{}", map[name]);
        assert_eq!(map[name]["actual"]["outcome"], "ran");
        assert_eq!(map[name]["actual"]["run"]["status"], "ok");
    }
    let differs = &map["differs"];
    assert_eq!(differs["verdict"], "deviation", "{differs}");
    let run = &differs["actual"]["run"];
    assert_eq!(run["status"], "mismatch");
    assert_eq!(run["buffers"][0]["buffer"], "out");
    assert_eq!(run["buffers"][0]["differing"], 2);
    assert_eq!(run["buffers"][0]["first"][0]["index"], 2);
    assert_eq!(run["buffers"][0]["first"][0]["expected"], 21);
    assert_eq!(run["buffers"][0]["first"][0]["actual"], 20);

    // The API error the case expects: a non-NULL value for a __local argument.
    let set_arg = &map["set-arg"];
    assert_eq!(set_arg["verdict"], "pass", "{set_arg}");
    assert_eq!(set_arg["actual"]["run"]["status"], "failed-as-expected");
    assert_eq!(set_arg["actual"]["run"]["step"], "set-arg 1");
    assert_eq!(set_arg["actual"]["run"]["code"], "CL_INVALID_ARG_VALUE");

    let no_error = &map["no-error"];
    assert_eq!(no_error["verdict"], "deviation", "{no_error}");
    assert_eq!(no_error["actual"]["run"]["status"], "no-error");

    assert_eq!(map["enqueue-crash"]["verdict"], "crash");
    assert_eq!(map["enqueue-crash"]["actual"]["signal"], "SIGSEGV");
    assert_eq!(map["finish-hang"]["verdict"], "timeout");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("buffer out: 2 of 4 differ, first at [2]: expected 21, got 20"),
        "the summary shows the first difference\n{stdout}"
    );
}

/// A reviewed class names the shape of its wrong answer, so a second bug in the same rule, on
/// the same driver and case, is still a finding. The fault device never executes a kernel, so
/// each buffer keeps its initial contents: the bugs are planted in those.
#[test]
fn a_known_class_covers_its_own_wrong_answer_and_no_other() {
    let tmp = tempfile::tempdir().unwrap();
    let (vendors, cases) = fault_setup(tmp.path());
    let case = |same: i32, other: i32| {
        format!(
            "// Two behaviours of one rule, a buffer each.\n//@ rules: AS-LOCAL-PER-GROUP\n//@ profiles: CL1.2\n\
             //@ kind: run\n//@ launch: k 1\n//@ arg: buffer int[3] shared = {same}\n\
             //@ arg: buffer int[6] isolated = {other}\n//@ expect: shared[i] == 1\n\
             //@ expect: isolated[i] == 1\n\
             kernel void k(global int *shared, global int *isolated) {{ }}\n"
        )
    };
    // The reviewed bug alone (`isolated` 0 where 1 is due); the reviewed bug and a planted
    // one in the other buffer; the reviewed buffer with a value the class does not name.
    for (name, same, other) in [
        ("reviewed-only", 1, 0),
        ("planted-other-buffer", 0, 0),
        ("planted-other-value", 1, 2),
    ] {
        std::fs::write(cases.join(format!("{name}.cl")), case(same, other)).unwrap();
    }
    let known = tmp.path().join("known");
    std::fs::create_dir_all(&known).unwrap();
    std::fs::write(
        known.join("fault.toml"),
        "[[known]]\ndevice = { platform = \"clasp fault-injecting\" }\nrules = [\"AS-LOCAL-PER-GROUP\"]\n\
         actual = \"mismatch\"\nobserved = [{ buffer = \"isolated\", expected = \"1\", actual = \"0\" }]\n\
         why = \"work-groups see each other's __local values\"\n",
    )
    .unwrap();
    let out = Command::new(CLASP)
        .args([
            "run",
            "--cases",
            "cases",
            "--subject",
            "devices",
            "--known",
            "known",
            "--out",
            "runs",
            "--no-cache",
            "--plain",
        ])
        .env("OCL_ICD_VENDORS", vendors.to_string_lossy().as_ref())
        .current_dir(tmp.path())
        .output()
        .unwrap();
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("2 deviation · 1 known"),
        "one result is the reviewed class, the two planted bugs are findings\n{stdout}"
    );
    let (dir, _) = last_run(&tmp.path().join("runs"));
    let summary = std::fs::read_to_string(dir.join("summary.md")).unwrap();
    for planted in ["planted-other-buffer", "planted-other-value"] {
        assert!(
            summary.contains(planted),
            "{planted} is reported\n{summary}"
        );
    }
}
