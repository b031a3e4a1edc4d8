//! Integration tests of the report sinks, `clasp report` and `clasp compare`, through the built
//! binary, on small saved runs written here by hand (the result format is a file contract):
//!
//! - every sink: junit.xml parses as XML, index.html escapes a kernel containing `</script>`,
//!   results.json round-trips (re-rendering from it gives the same files), CTS JSON, summary.md,
//!   reproducers;
//! - known deviations are applied when rendering: known, known-but-passed, unused entries;
//! - `clasp compare` finds what was fixed and what broke.
//!
//! `reports_run.rs` covers `clasp run`'s summary and interpretations, `reports_files.rs` the
//! compact form, killed writes and the HTML filters in a browser.

mod common;
use common::saved::*;
use common::text;
use serde_json::{json, Value};
use std::path::PathBuf;

fn clasp(args: &[&str]) -> std::process::Output {
    run_clasp(args)
}

#[test]
fn every_sink_from_a_small_saved_run() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    small_run(&run);
    let none = tmp.path().join("no-known");
    let o = clasp(&["report", s(&run), "--known", s(&none)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("summary.md") && stdout.contains("index.html"),
        "{}",
        text(&o)
    );

    // junit.xml: well-formed XML, a testsuite per subject, a testcase per result.
    let xml = read(&run.join("junit.xml"));
    let mut reader = quick_xml::Reader::from_str(&xml);
    let (mut suites, mut cases, mut failures, mut errors, mut skipped) = (0, 0, 0, 0, 0);
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Eof) => break,
            Ok(quick_xml::events::Event::Start(e) | quick_xml::events::Event::Empty(e)) => {
                match e.name().as_ref() {
                    b"testsuite" => suites += 1,
                    b"testcase" => cases += 1,
                    b"failure" => failures += 1,
                    b"error" => errors += 1,
                    b"skipped" => skipped += 1,
                    _ => {}
                }
            }
            Ok(_) => {}
            Err(e) => panic!(
                "junit.xml is not XML at {}: {e}\n{xml}",
                reader.error_position()
            ),
        }
    }
    assert_eq!((suites, cases), (2, 7), "{xml}");
    assert_eq!((failures, errors, skipped), (3, 1, 1), "{xml}");

    // index.html: the kernel and the log are escaped; nothing external is loaded.
    let html = read(&run.join("index.html"));
    assert!(!html.contains("</script><img"), "kernel not escaped");
    assert!(!html.contains("<b>unused"), "log not escaped");
    assert!(html.contains("&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp;"));
    assert_eq!(
        html.matches("<script").count(),
        1,
        "only the report's own script"
    );
    assert_eq!(html.matches("</script>").count(), 1);
    for external in ["<link", "src=\"http", "href=\"http", "@import", "url("] {
        assert!(!html.contains(external), "external asset: {external}");
    }

    // summary.md: the table, the deviation with the smallest kernel, options, spec sentence.
    let md = read(&run.join("summary.md"));
    assert!(md.contains("## Rules × subjects"), "{md}");
    assert!(md.contains("| `AS-LOCAL-INIT` |"), "{md}");
    assert!(md.contains("expected reject, got accepted"), "{md}");
    assert!(
        md.contains("/local-small@CL1.2.cl)"),
        "smallest kernel is the reproducer\n{md}"
    );
    assert!(md.contains("`-cl-std=CL1.2`"), "{md}");
    assert!(md.contains("crash(SIGSEGV)"), "{md}");
    assert!(
        md.contains("-4 AS-LOCAL-INIT\n+5 AS-LOCAL-INIT"),
        "checker diff by line\n{md}"
    );
    // The kernel holds a ``` run: its fence is longer.
    assert!(md.contains("````c\n"), "{md}");
    let repro = run.join("reproducers/portable-computing-language-cpu/local-small@CL1.2");
    assert_eq!(
        read(&PathBuf::from(format!("{}.cl", repro.display()))),
        SMALL
    );
    let options = read(&PathBuf::from(format!("{}.options", repro.display())));
    assert!(options.starts_with("-cl-std=CL1.2\n"), "{options}");

    // CTS-style JSON.
    let cts: Value =
        serde_json::from_str(&read(&run.join("cts/portable-computing-language-cpu.json"))).unwrap();
    assert_eq!(cts["cmd"], "clasp");
    assert!(cts["args"].is_array());
    assert_eq!(cts["results"]["local/small@CL1.2"], "fail");
    assert_eq!(cts["results"]["local/evil@CL2.0"], "pass");
    assert_eq!(cts["results"]["generic/ok@CL2.0"], "pass");

    // results.json round-trips: rendering from it gives the same files.
    let doc: Value = serde_json::from_str(&read(&run.join("results.json"))).unwrap();
    assert_eq!(doc["format"], "clasp-results/1");
    assert_eq!(doc["results"].as_array().unwrap().len(), 7);
    let again = tmp.path().join("again");
    let o = clasp(&[
        "report",
        s(&run.join("results.json")),
        "--out",
        s(&again),
        "--known",
        s(&none),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    for f in ["results.json", "junit.xml", "summary.md", "index.html"] {
        assert_eq!(
            read(&run.join(f)),
            read(&again.join(f)),
            "{f} differs after a round trip"
        );
    }
}

#[test]
fn known_deviations_are_applied_when_rendering() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    small_run(&run);
    let known = tmp.path().join("known");
    std::fs::create_dir_all(&known).unwrap();
    std::fs::write(
        known.join("pocl.toml"),
        r#"
# reviewed: accepts an initialised local
[[known]]
device = { platform = "portable computing", driver = "6.0" }
cases = ["local/*@CL1.2"]
why = "accepts a local initialiser (findings.md)"

# now passes: must be reported for removal
[[known]]
device = { platform = "portable computing" }
cases = ["local/evil@CL2.0"]
why = "used to accept it"

# names another driver
[[known]]
device = { platform = "oclgrind" }
cases = ["*"]
why = "other driver"

# names PoCL but no case of the run: not exercised, so neither known nor stale
[[known]]
device = { platform = "portable computing" }
cases = ["nothing/*"]
why = "stale"
"#,
    )
    .unwrap();
    let o = clasp(&["report", s(&run), "--known", s(&known)]);
    // The crash and the checker deviation remain, and the stale pass: exit 1.
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let md = read(&run.join("summary.md"));
    assert!(md.contains("## Known deviations that now pass"), "{md}");
    assert!(md.contains("used to accept it (pocl.toml #2"), "{md}");
    assert!(md.contains("## Known deviations\n"), "{md}");
    assert!(
        md.contains("accepts a local initialiser (findings.md) (pocl.toml #1: "),
        "{md}"
    );
    for unexercised in ["pocl.toml #3", "pocl.toml #4"] {
        assert!(
            !md.contains(unexercised),
            "an entry this run does not exercise is not listed\n{md}"
        );
    }
    let doc: Value = serde_json::from_str(&read(&run.join("results.json"))).unwrap();
    let status = |case: &str, profile: &str| {
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["case"] == case && r["profile"] == profile && r["subject"] == POCL)
            .map(|r| r["status"].clone())
            .unwrap()
    };
    assert_eq!(status("local/small", "CL1.2"), "known");
    assert_eq!(status("local/evil", "CL1.2"), "known");
    assert_eq!(status("local/evil", "CL2.0"), "known-but-passed");
    assert_eq!(status("local/small", "CL2.0"), "crash");

    // A bad known file is an input error (exit 2), naming the entry.
    std::fs::write(
        known.join("bad.toml"),
        "[[known]]\ndevice = {}\ncases = [\"*\"]\nwhy = \"x\"\n",
    )
    .unwrap();
    let o = clasp(&["report", s(&run), "--known", s(&known)]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("bad.toml #1"), "{}", text(&o));
}

#[test]
fn compare_lists_fixed_broken_and_new_crashes() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        case("local/a", SMALL, &["AS-LOCAL-INIT"], &["CL1.2"]),
        case("local/b", SMALL, &["AS-LOCAL-INIT"], &["CL1.2"]),
        case("generic/c", OK, &["AS-GENERIC-FROM-NAMED"], &["CL2.0"]),
    ];
    let old = tmp.path().join("old");
    write_run(
        &old,
        "old",
        &cases,
        &[
            result("local/a", POCL, "CL1.2", "reject", accepted("")),
            result("local/b", POCL, "CL1.2", "reject", rejected()),
            result("generic/c", POCL, "CL2.0", "accept", accepted("")),
        ],
    );
    let new = tmp.path().join("new");
    write_run(
        &new,
        "new",
        &cases,
        &[
            result("local/a", POCL, "CL1.2", "reject", rejected()),
            result("local/b", POCL, "CL1.2", "reject", accepted("")),
            result(
                "generic/c",
                POCL,
                "CL2.0",
                "accept",
                json!({"outcome": "timeout", "after_ms": 60000}),
            ),
        ],
    );
    let none = tmp.path().join("no-known");
    let o = clasp(&["compare", s(&old), s(&new), "--known", s(&none)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains("| subject | rule | fixed | broken | new crashes | new timeouts |"),
        "{md}"
    );
    assert!(
        md.contains(&format!("| `{POCL}` | `AS-LOCAL-INIT` | 1 | 1 | 0 | 0 |")),
        "{md}"
    );
    assert!(
        md.contains(&format!(
            "| `{POCL}` | `AS-GENERIC-FROM-NAMED` | 0 | 0 | 0 | 1 |"
        )),
        "{md}"
    );
    assert!(md.contains("- `local/a` [CL1.2]"), "{md}");
    // Nothing changed: exit 0.
    let o = clasp(&["compare", s(&old), s(&old), "--known", s(&none)]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("No change"),
        "{}",
        text(&o)
    );
}
