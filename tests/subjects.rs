//! The subjects beside the drivers' source path, through the built binary: clang-22 (libclang),
//! clspv, and the SPIR-V path of devices that take SPIR-V. Each is exercised where
//! `clasp subjects` finds it and named as skipped where it does not.
//!
//! Isolation with real inputs, no injection: a kernel whose preprocessing never ends (2^40
//! tokens of `#if` expression, memory growing slowly) hangs every clang-based compiler (libclang,
//! clspv, the SPIR-V path's clang-15), and a program-scope `global` pointer crashes clspv; each
//! costs its one job, and the cases after it still pass.

mod common;
use common::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// `clasp subjects --format json`, by id.
fn subjects(tmp: &Path) -> BTreeMap<String, Value> {
    let out = clasp(&["subjects", "--format", "json"], &[], tmp);
    assert!(out.status.success(), "{}", text(&out));
    let rows: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    rows.into_iter()
        .map(|r| (r["id"].as_str().unwrap_or_default().to_string(), r))
        .collect()
}

/// Why `id` cannot run here, or `None` when it can.
fn missing(rows: &BTreeMap<String, Value>, id: &str) -> Option<String> {
    match rows.get(id) {
        None => Some("not listed".into()),
        Some(r) => r["missing"].as_str().map(str::to_string),
    }
}

/// A case file in `dir`.
fn case(dir: &Path, name: &str, text: &str) {
    let path = dir.join(format!("{name}.cl"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A kernel whose `#if` expands to 2^40 tokens: no clang finishes it.
fn hang_case(profiles: &str) -> String {
    let mut s = format!("//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: {profiles}\n#define A0 1+\n");
    for i in 1..=40 {
        s.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    s.push_str("#if A40 1\n#endif\nkernel void k(global int *p) { *p = 1; }\n");
    s
}

const OK: &str = "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2\nconstant int c = 1;\nkernel void k(global int *p) { *p = c; }\n";
const REJECT: &str = "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2\nglobal int g; //~ ERROR AS-PROGSCOPE-SPACE\nkernel void k(global int *p) { *p = g; }\n";

/// `clasp run --subject SUBJECT` on the cases in `tmp/cases`, one worker, `timeout` seconds;
/// its results by (case, profile), after checking it finished with 0 or 1.
fn run(
    tmp: &Path,
    subject: &str,
    timeout: &str,
    extra: &[&str],
) -> BTreeMap<(String, String), Value> {
    let mut args = vec![
        "run",
        "--cases",
        "cases",
        "--subject",
        subject,
        "-j",
        "1",
        "--timeout",
        timeout,
        "--no-cache",
        "--out",
        "runs",
        "--plain",
    ];
    args.extend(extra);
    let out = clasp(&args, &[], tmp);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", text(&out));
    last_run(&tmp.join("runs"))
        .1
        .into_iter()
        .map(|r| {
            let key = (
                r["case"].as_str().unwrap_or_default().to_string(),
                r["profile"].as_str().unwrap_or_default().to_string(),
            );
            (key, r)
        })
        .collect()
}

fn get<'a>(m: &'a BTreeMap<(String, String), Value>, case: &str, profile: &str) -> &'a Value {
    m.get(&(case.to_string(), profile.to_string()))
        .unwrap_or_else(|| panic!("no result for {case}@{profile} in {m:?}"))
}

#[test]
fn the_listing_names_every_subject_present_or_not() {
    let tmp = tempfile::tempdir().unwrap();
    let rows = subjects(tmp.path());
    for id in ["checker", "clang-16", "clang-22", "clspv"] {
        let r = &rows[id];
        match r["missing"].as_str() {
            Some(why) => assert!(!why.is_empty(), "{r}"),
            None => {
                assert!(!r["identity"].as_str().unwrap().is_empty(), "{r}");
                assert!(!r["supports"].as_str().unwrap().is_empty(), "{r}");
            }
        }
    }
    // Every device has a SPIR-V row: its subject, or why it has none.
    let devices: Vec<&String> = rows
        .keys()
        .filter(|id| id.contains('/') && !id.ends_with(" via SPIR-V"))
        .collect();
    for d in devices {
        assert!(rows.contains_key(&format!("{d} via SPIR-V")), "{d}");
    }
}

#[test]
fn clang_22_judges_cases_and_a_hang_costs_one_job() {
    let tmp = tempfile::tempdir().unwrap();
    let rows = subjects(tmp.path());
    if let Some(why) = missing(&rows, "clang-22") {
        println!("skipped subject clang-22: {why}");
        return;
    }
    let cases = tmp.path().join("cases");
    case(&cases, "a-ok", OK);
    case(&cases, "b-hang", &hang_case("CL1.2"));
    case(&cases, "c-reject", REJECT);
    case(&cases, "d-ok", OK);
    let m = run(tmp.path(), "clang-22", "3", &[]);
    assert_eq!(m.len(), 4, "{m:?}");
    for name in ["a-ok", "c-reject", "d-ok"] {
        let r = get(&m, name, "CL1.2");
        assert_eq!(r["verdict"], "pass", "{r}");
        assert!(
            r["identity"].as_str().unwrap().contains("clang version 22"),
            "{r}"
        );
    }
    assert_eq!(get(&m, "b-hang", "CL1.2")["verdict"], "timeout");
    // libclang's diagnostics are the log of a rejection.
    let log = get(&m, "c-reject", "CL1.2")["actual"]["log"]
        .as_str()
        .unwrap();
    assert!(log.contains("case.cl:3:"), "{log}");
}

#[test]
fn clspv_validates_its_spirv_keeps_its_restrictions_and_survives_crashes_and_hangs() {
    let tmp = tempfile::tempdir().unwrap();
    let rows = subjects(tmp.path());
    if let Some(why) = missing(&rows, "clspv") {
        println!("skipped subject clspv: {why}");
        return;
    }
    let cases = tmp.path().join("cases");
    case(&cases, "a-ok", OK);
    case(&cases, "b-reject", REJECT);
    // Accepted, and its SPIR-V breaks Vulkan's rules for storage buffers.
    case(
        &cases,
        "c-global-variable",
        "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0 CL3.0+globals\nglobal int g = 3;\nkernel void k(global int *p) { *p = g; }\n",
    );
    // A stated restriction: skipped when clspv refuses it, naming the restriction.
    case(
        &cases,
        "d-pointer-to-pointer",
        "//@ rules: AS-KERNEL-ARG-PTR-SPACE\n//@ profiles: CL2.0\nkernel void k(global int * global *pp) { **pp = 1; }\n",
    );
    case(
        &cases,
        "e-crash",
        "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL2.0\nglobal int *p;\nkernel void k(global int *buf) { p = buf; p[0] += 1; }\n",
    );
    case(&cases, "f-hang", &hang_case("CL1.2"));
    case(&cases, "g-ok", OK);
    let m = run(tmp.path(), "clspv", "3", &[]);
    for name in ["a-ok", "b-reject", "g-ok"] {
        assert_eq!(get(&m, name, "CL1.2")["verdict"], "pass", "{name}");
    }
    let invalid = get(&m, "c-global-variable", "CL2.0");
    assert_eq!(invalid["verdict"], "deviation", "{invalid}");
    assert_eq!(invalid["actual"]["outcome"], "invalid", "{invalid}");
    assert!(
        invalid["actual"]["detail"]
            .as_str()
            .unwrap()
            .contains("spirv-val --target-env vulkan1.0"),
        "{invalid}"
    );
    // clspv's 3.0 has no program-scope globals: skipped by plan, saying so.
    let planned = get(&m, "c-global-variable", "CL3.0+globals");
    assert_eq!(planned["verdict"], "skipped");
    assert!(planned["actual"]["why"]
        .as_str()
        .unwrap()
        .contains("OpenCL C 3.0 as CL3.0"));
    let restricted = get(&m, "d-pointer-to-pointer", "CL2.0");
    assert_eq!(restricted["verdict"], "skipped", "{restricted}");
    assert!(restricted["actual"]["why"]
        .as_str()
        .unwrap()
        .contains("pointer-to-pointer"));
    let crash = get(&m, "e-crash", "CL2.0");
    assert_eq!(crash["verdict"], "crash", "{crash}");
    assert_eq!(crash["actual"]["signal"], "SIGSEGV", "{crash}");
    assert_eq!(get(&m, "f-hang", "CL1.2")["verdict"], "timeout");
}

/// Every device that takes SPIR-V: must-accept cases build from IL (through
/// `clCreateProgramWithILKHR` on a device before OpenCL 2.1), must-reject ones are skipped, a
/// run-time case runs, a hang in the offline compiler costs one job, and an image kernel either
/// passes or, on a device without images, is skipped saying so.
#[test]
fn the_spirv_path_runs_must_accept_cases_only() {
    let tmp = tempfile::tempdir().unwrap();
    let rows = subjects(tmp.path());
    let ids: Vec<String> = rows
        .iter()
        .filter(|(id, r)| id.ends_with(" via SPIR-V") && r["missing"].is_null())
        .map(|(id, _)| id.clone())
        .collect();
    if ids.is_empty() {
        println!("skipped the SPIR-V path: no device here reports SPIR-V in CL_DEVICE_IL_VERSION");
        return;
    }
    let cases = tmp.path().join("cases");
    case(&cases, "a-ok", OK);
    case(&cases, "b-reject", REJECT);
    case(
        &cases,
        "c-run",
        "//@ rules: AS-LOCAL-PER-GROUP\n//@ profiles: CL1.2\n//@ kind: run\n//@ launch: k 16/4\n//@ arg: buffer int[16] out\n//@ arg: local 16\n//@ expect: out[i] == i % 4\nkernel void k(global int *out, local int *l) { l[get_local_id(0)] = get_local_id(0); barrier(CLK_LOCAL_MEM_FENCE); out[get_global_id(0)] = l[get_local_id(0)]; }\n",
    );
    // The offline compiler hangs on this one: the worker is killed, and the tool with it.
    case(&cases, "d-hang", &hang_case("CL1.2"));
    case(&cases, "e-ok", OK);
    case(
        &cases,
        "f-image",
        "//@ rules: AS-IMAGE-ARG-SPACE\n//@ profiles: CL1.2\nkernel void k(read_only image2d_t img, global float4 *out) { out[0] = read_imagef(img, (int2)(0, 0)); }\n",
    );
    for id in &ids {
        let device = id.trim_end_matches(" via SPIR-V").to_string();
        let m = run(tmp.path(), "spirv", "8", &["--device", &device]);
        assert_eq!(get(&m, "d-hang", "CL1.2")["verdict"], "timeout", "{id}");
        assert_eq!(get(&m, "e-ok", "CL1.2")["verdict"], "pass", "{id}");
        let ok = get(&m, "a-ok", "CL1.2");
        assert_eq!(ok["verdict"], "pass", "{ok}");
        assert_eq!(ok["subject"], id.as_str());
        assert!(
            ok["identity"].as_str().unwrap().contains("llvm-spirv"),
            "{ok}"
        );
        let reject = get(&m, "b-reject", "CL1.2");
        assert_eq!(reject["verdict"], "skipped", "{reject}");
        assert!(reject["actual"]["why"]
            .as_str()
            .unwrap()
            .contains("must-reject"));
        let ran = get(&m, "c-run", "CL1.2");
        assert_eq!(ran["verdict"], "pass", "{ran}");
        assert_eq!(ran["actual"]["outcome"], "ran", "{ran}");
        let image = get(&m, "f-image", "CL1.2");
        match image["verdict"].as_str() {
            Some("pass") => println!("{id}: the image kernel built from SPIR-V"),
            _ => {
                assert_eq!(image["verdict"], "skipped", "{image}");
                let why = image["actual"]["why"].as_str().unwrap();
                assert!(why.contains("CL_DEVICE_IMAGE_SUPPORT"), "{why}");
                println!("{id}: the image kernel skipped: {why}");
            }
        }
    }
}
