//! `clasp check` as its users run it, through the built binary: OpenCL C and C++ for OpenCL
//! files and directories, the exit codes (0 clean, 1 errors found, 2 usage or input error) and
//! the three output formats. Every expectation is the catalogue's rule for the kernel.

mod common;

use common::{clasp, text};
use serde_json::Value;
use std::path::Path;

/// OpenCL C: a private pointer initialised from a global one is AS-INIT-CROSS before 2.0;
/// in 2.0 `float *p` points to the generic space, which a global pointer converts to.
const C_CROSS: &str =
    "kernel void scale(global float *data)\n{\n    float *p = data;\n    *p = 1.0f;\n}\n";

/// C++ for OpenCL: a program-scope `__local` variable is CXX-INIT-LOCAL-PROGRAM-TRIVIAL; the
/// class around it is ordinary C++ that an OpenCL C front end would not read.
const CXX_LOCAL: &str = "class Counter {\npublic:\n    int n = 0;\n    void bump() { ++n; }\n};\n\n__local int tile[16];\n\nkernel void k(global int *out)\n{\n    Counter c;\n    c.bump();\n    out[0] = c.n + tile[0];\n}\n";

/// The same C++ without the `__local` variable: accepted.
const CXX_CLEAN: &str = "class Counter {\npublic:\n    int n = 0;\n    void bump() { ++n; }\n};\n\nkernel void k(global int *out)\n{\n    Counter c;\n    c.bump();\n    out[0] = c.n;\n}\n";

fn write(dir: &Path, name: &str, source: &str) -> String {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(&path, source).expect("write");
    path.to_str().expect("a UTF-8 path").to_string()
}

fn check(args: &[&str], dir: &Path) -> std::process::Output {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    clasp(&all, &[], dir)
}

fn json(o: &std::process::Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(o)))
}

/// `(file name, line, rule)` of each diagnostic in `--format json` output, sorted.
fn found(v: &Value) -> Vec<(String, u64, String)> {
    let mut out: Vec<_> = v
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|d| {
            let file = Path::new(d["file"].as_str().expect("file"));
            (
                file.file_name()
                    .expect("a file name")
                    .to_string_lossy()
                    .into_owned(),
                d["line"].as_u64().expect("line"),
                d["code"].as_str().expect("code").to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn an_opencl_c_file_exits_1_with_the_rule_and_0_where_the_profile_allows_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "k.cl", C_CROSS);
    let o = check(&[&file, "--std", "CL1.2"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("error[AS-INIT-CROSS]"), "{}", text(&o));
    assert!(stderr.contains("k.cl:3:"), "{}", text(&o));
    assert!(
        stderr.contains("1 file(s) checked in CL1.2: 1 error(s)"),
        "{}",
        text(&o)
    );

    let o = check(&[&file, "--std", "CL2.0"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("1 file(s) checked in CL2.0: 0 error(s)"));
}

#[test]
fn a_cxx_file_is_checked_in_clcxx2021_in_every_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "k.clcpp", CXX_LOCAL);

    let o = check(&[&file, "--std", "CLC++2021"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("error[CXX-INIT-LOCAL-PROGRAM-TRIVIAL]"),
        "{}",
        text(&o)
    );
    assert!(
        stderr.contains("1 file(s) checked in CLC++2021: 1 error(s)"),
        "{}",
        text(&o)
    );

    let o = check(
        &[&file, "--std", "CLC++2021", "--format", "json"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let v = json(&o);
    assert_eq!(
        found(&v),
        [(
            "k.clcpp".to_string(),
            7,
            "CXX-INIT-LOCAL-PROGRAM-TRIVIAL".to_string()
        )],
        "{}",
        text(&o)
    );
    assert_eq!(v[0]["rule"], "CXX-INIT-LOCAL-PROGRAM-TRIVIAL");
    assert_eq!(v[0]["profile"], "CLC++2021");

    let o = check(
        &[&file, "--std", "CLC++2021", "--format", "sarif"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let v = json(&o);
    assert_eq!(v["version"], "2.1.0", "{}", text(&o));
    let results = v["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 1, "{}", text(&o));
    assert_eq!(results[0]["ruleId"], "CXX-INIT-LOCAL-PROGRAM-TRIVIAL");
    let region = &results[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(region["startLine"], 7, "{}", text(&o));
}

#[test]
fn a_clean_cxx_file_exits_0_with_no_diagnostics() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(dir.path(), "clean.clcpp", CXX_CLEAN);
    let o = check(
        &[&file, "--std", "CLC++2021", "--format", "json"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(json(&o), Value::Array(Vec::new()));
    // C++ for OpenCL also compiles `.cl` files: the extension does not choose the language.
    let file = write(dir.path(), "clean.cl", CXX_CLEAN);
    let o = check(&[&file, "--std", "CLC++2021"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

#[test]
fn a_directory_walk_takes_clcpp_files_in_cxx_and_leaves_them_out_in_opencl_c() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("kernels");
    write(&root, "a/cross.cl", C_CROSS);
    write(&root, "b/local.clcpp", CXX_LOCAL);
    write(&root, "b/clean.clcpp", CXX_CLEAN);
    write(&root, "notes.txt", "not a kernel");
    let root = root.to_str().expect("a UTF-8 path");

    // C++ for OpenCL: the `.cl` file too (in 2021 its pointer converts to generic, as in 2.0).
    let o = check(
        &[root, "--std", "CLC++2021", "--format", "json"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        found(&json(&o)),
        [(
            "local.clcpp".to_string(),
            7,
            "CXX-INIT-LOCAL-PROGRAM-TRIVIAL".to_string()
        )],
        "{}",
        text(&o)
    );
    let o = check(&[root, "--std", "CLC++2021"], dir.path());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("3 file(s) checked in CLC++2021: 1 error(s)"),
        "{}",
        text(&o)
    );

    // OpenCL C: the `.cl` file only.
    let o = check(&[root, "--std", "CL1.2", "--format", "json"], dir.path());
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(
        found(&json(&o)),
        [("cross.cl".to_string(), 3, "AS-INIT-CROSS".to_string())],
        "{}",
        text(&o)
    );
    let o = check(&[root, "--std", "CL2.0"], dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("1 file(s) checked in CL2.0: 0 error(s)"),
        "{}",
        text(&o)
    );
}

#[test]
fn usage_and_input_errors_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cxx = write(dir.path(), "k.clcpp", CXX_LOCAL);
    // A named C++ file in an OpenCL C profile.
    let o = check(&[&cxx, "--std", "CL2.0"], dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--std CLC++2021"),
        "{}",
        text(&o)
    );
    // A path that does not exist, an unknown profile.
    let missing = dir.path().join("missing.cl");
    let o = check(
        &[missing.to_str().expect("UTF-8"), "--std", "CLC++2021"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let o = check(&[&cxx, "--std", "CLC++2017"], dir.path());
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}
