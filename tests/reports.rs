//! Integration tests of the report sinks, `clasp report` and `clasp compare`, through the built
//! binary, on small saved runs written here by hand (the result format is a file contract):
//!
//! - every sink: junit.xml parses as XML, index.html escapes a kernel containing `</script>`,
//!   results.json round-trips (re-rendering from it gives the same files), CTS JSON, summary.md,
//!   reproducers;
//! - known deviations are applied when rendering: known, known-but-passed, unused entries;
//! - `clasp compare` finds what was fixed and what broke;
//! - `clasp run` writes the reports at the end;
//! - a report killed while writing leaves each file old or new, never torn;
//! - the HTML filters work in a real browser (headless Chromium), when one is installed.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CLASP: &str = env!("CARGO_BIN_EXE_clasp");
const POCL: &str = "portable-computing-language/cpu";
const POCL_ID: &str =
    "Portable Computing Language | OpenCL 3.0 PoCL 6.0 | cpu-x86 | OpenCL 3.0 | driver 6.0";
const EVIL: &str = "//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2 CL2.0\nkernel void k(void) {\n    local int x = 1; //~ ERROR AS-LOCAL-INIT\n    // </script><img src=x onerror=\"alert(1)\"> & ``` fence\n}\n";
const SMALL: &str = "//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2 CL2.0\nkernel void k(void) { local int x = 1; } //~ ERROR AS-LOCAL-INIT\n";
const OK: &str = "//@ rules: AS-GENERIC-FROM-NAMED\n//@ profiles: CL2.0\nkernel void k(global int *p) { int *q = p; *q = 1; }\n";

fn clasp(args: &[&str]) -> Output {
    Command::new(CLASP).args(args).output().expect("clasp runs")
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\n--- stdout\n{}\n--- stderr\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

fn case(name: &str, source: &str, rules: &[&str], profiles: &[&str]) -> Value {
    json!({"name": name, "rules": rules, "profiles": profiles, "options": [],
           "expectations": [], "kind": "compile", "source": source})
}

/// One result line, in the file format `clasp run` writes.
fn result(case: &str, subject: &str, profile: &str, expected: &str, actual: Value) -> Value {
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

fn accepted(log: &str) -> Value {
    json!({"outcome": "accepted", "log": log})
}

fn rejected() -> Value {
    json!({"outcome": "rejected", "code": "CL_BUILD_PROGRAM_FAILURE", "log": "error: nope"})
}

/// Writes a run directory: run.json, cases.json, results.jsonl.
fn write_run(dir: &Path, id: &str, cases: &[Value], results: &[Value]) {
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

fn small_run(dir: &Path) {
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

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
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

# names another driver: not reported as unused here
[[known]]
device = { platform = "oclgrind" }
cases = ["*"]
why = "other driver"

# names PoCL but no case of the run
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
    assert!(md.contains("used to accept it (pocl.toml #2)"), "{md}");
    assert!(md.contains("## Known deviations\n"), "{md}");
    assert!(
        md.contains("accepts a local initialiser (findings.md) (pocl.toml #1)"),
        "{md}"
    );
    assert!(md.contains("pocl.toml #4"), "unused entry listed\n{md}");
    assert!(
        !md.contains("pocl.toml #3"),
        "an entry for another driver is not unused here\n{md}"
    );
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

#[test]
fn run_writes_the_reports_at_the_end() {
    let tmp = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = tmp.path().join("runs");
    let o = clasp(&[
        "run",
        "--cases",
        s(&root.join("suite/cases")),
        "--subject",
        "checker",
        "--case",
        "local/*",
        "--out",
        s(&out),
        "--no-cache",
        "--plain",
        "--known",
        s(&tmp.path().join("none")),
    ]);
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", text(&o));
    let dir = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .next()
        .expect("a run dir")
        .path();
    for f in [
        "run.json",
        "cases.json",
        "results.jsonl",
        "results.json",
        "junit.xml",
        "summary.md",
        "index.html",
        "cts/checker.json",
    ] {
        assert!(dir.join(f).is_file(), "{f} missing\n{}", text(&o));
    }
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains(&format!("report:  {}", dir.join("index.html").display())),
        "{}",
        text(&o)
    );
    let doc: Value = serde_json::from_str(&read(&dir.join("results.json"))).unwrap();
    let jsonl = read(&dir.join("results.jsonl"));
    assert_eq!(
        doc["results"].as_array().unwrap().len(),
        jsonl.lines().filter(|l| !l.is_empty()).count()
    );
    assert!(doc["cases"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["name"].as_str().unwrap().starts_with("local/")));
    // The exit code follows the findings the report counts.
    let findings = stdout
        .lines()
        .find(|l| l.contains("finding(s), "))
        .unwrap_or("");
    assert_eq!(
        findings.starts_with("0 finding"),
        o.status.code() == Some(0),
        "{}",
        text(&o)
    );
}

/// A run large enough that rendering takes a while, so kills land mid-write.
fn big_run(dir: &Path, n: usize) {
    let mut cases = Vec::new();
    let mut results = Vec::new();
    for i in 0..n {
        let name = format!("family/case-{i:05}");
        cases.push(case(
            &name,
            &format!("{SMALL}// {}\n", "x".repeat(i % 200)),
            &["AS-LOCAL-INIT"],
            &["CL1.2"],
        ));
        let actual = if i % 7 == 0 {
            accepted("warning: x")
        } else {
            rejected()
        };
        results.push(result(&name, POCL, "CL1.2", "reject", actual));
    }
    write_run(dir, "big", &cases, &results);
}

const SINK_FILES: [&str; 5] = [
    "results.json",
    "junit.xml",
    "summary.md",
    "index.html",
    "cts/portable-computing-language-cpu.json",
];

#[test]
fn a_killed_report_leaves_each_file_old_or_new() {
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    big_run(&run, 6000);
    let known_old = tmp.path().join("known-old");
    std::fs::create_dir_all(&known_old).unwrap();
    std::fs::write(
        known_old.join("k.toml"),
        "[[known]]\ndevice = { platform = \"portable\" }\ncases = [\"family/*\"]\nwhy = \"old\"\n",
    )
    .unwrap();
    let known_new = tmp.path().join("known-new");

    // The two versions of every file: old (known applied) and new (none).
    let render = |out: &Path, known: &Path| {
        let o = clasp(&["report", s(&run), "--out", s(out), "--known", s(known)]);
        assert!(matches!(o.status.code(), Some(0 | 1)), "{}", text(&o));
    };
    let old_dir = tmp.path().join("old");
    render(&old_dir, &known_old);
    let start = Instant::now();
    let new_dir = tmp.path().join("new");
    render(&new_dir, &known_new);
    let full = start.elapsed();
    let old: Vec<Vec<u8>> = SINK_FILES
        .iter()
        .map(|f| std::fs::read(old_dir.join(f)).unwrap())
        .collect();
    let new: Vec<Vec<u8>> = SINK_FILES
        .iter()
        .map(|f| std::fs::read(new_dir.join(f)).unwrap())
        .collect();
    // (The CTS file says `fail` for a known deviation too: only it may stay the same.)
    for (i, f) in SINK_FILES.iter().enumerate().take(4) {
        assert_ne!(
            old[i], new[i],
            "{f}: old and new must differ for the test to mean anything"
        );
    }

    let target = tmp.path().join("target");
    let iterations = 40;
    let (mut killed, mut saw_new) = (0, 0);
    for i in 0..iterations {
        // Start from the old files.
        for (k, f) in SINK_FILES.iter().enumerate() {
            let p = target.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, &old[k]).unwrap();
        }
        let mut child = Command::new(CLASP)
            .args([
                "report",
                s(&run),
                "--out",
                s(&target),
                "--known",
                s(&known_new),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Kill points spread over the whole render, process start included.
        let delay = full.mul_f64(i as f64 / iterations as f64 * 0.9);
        std::thread::sleep(delay);
        let finished = child.try_wait().unwrap().is_some();
        // SIGKILL: no destructor, no cleanup, as when a run is killed.
        unsafe_kill(child.id());
        let _ = child.wait();
        if !finished {
            killed += 1;
        }
        for (k, f) in SINK_FILES.iter().enumerate() {
            let got = std::fs::read(target.join(f)).unwrap();
            if got == new[k] {
                saw_new += 1;
            } else {
                assert!(got == old[k], "iteration {i}: {f} is neither the old nor the new file ({} bytes, old {}, new {})", got.len(), old[k].len(), new[k].len());
            }
        }
    }
    // Under load a render's length varies; what matters is that many writers died mid-way.
    assert!(
        killed >= iterations / 4,
        "only {killed} of {iterations} writers were killed before finishing (render took {full:?})"
    );
    assert!(
        saw_new > 0,
        "no file was ever replaced: the kills all landed before any write"
    );
}

fn unsafe_kill(pid: u32) {
    let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Loads index.html in headless Chromium with a filter in the URL hash; returns the DOM after
/// the page's script ran.
fn dump_dom(browser: &Path, html: &Path, hash: &str, profile: &Path) -> String {
    let url = format!("file://{}#{hash}", html.display());
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            &format!("--user-data-dir={}", profile.display()),
            "--virtual-time-budget=5000",
            "--dump-dom",
            &url,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(90);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish in 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The `<tr data-row ...>` opening tags of the results table.
fn rows(dom: &str) -> Vec<&str> {
    dom.match_indices("<tr data-row")
        .map(|(i, _)| &dom[i..i + dom[i..].find('>').unwrap()])
        .collect()
}

#[test]
fn html_filters_work_in_a_browser() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED html_filters_work_in_a_browser: no chromium on PATH (Debian: apt-get install -y chromium)");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let run = tmp.path().join("run");
    small_run(&run);
    let o = clasp(&["report", s(&run), "--known", s(&tmp.path().join("none"))]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let html = run.join("index.html");
    let profile = tmp.path().join("chromium-profile");

    let all = dump_dom(&browser, &html, "", &profile);
    let r = rows(&all);
    assert_eq!(r.len(), 7, "{all}");
    assert!(r.iter().all(|t| !t.contains("hidden")), "{all}");
    assert!(all.contains("<span id=\"shown\">7</span>"), "{all}");

    // Deviations of PoCL: local/evil and local/small in CL1.2 (the crash is not a deviation).
    let dom = dump_dom(
        &browser,
        &html,
        &format!("subject={}&verdict=deviation", POCL.replace('/', "%2F")),
        &profile,
    );
    let shown: Vec<&str> = rows(&dom)
        .into_iter()
        .filter(|t| !t.contains("hidden"))
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(
        shown
            .iter()
            .all(|t| t.contains("data-profile=\"CL1.2\"")
                && t.contains("data-verdict=\"deviation\"")),
        "{shown:?}"
    );
    assert!(dom.contains("<span id=\"shown\">2</span>"), "{dom}");
    // The select shows the filter from the hash.
    assert!(
        dom.contains("<option value=\"deviation\" selected") || dom.contains("id=\"f-verdict\""),
        "{dom}"
    );

    // Rule and profile filters; a `+` in a profile survives the hash.
    let dom = dump_dom(
        &browser,
        &html,
        "rule=AS-GENERIC-FROM-NAMED&profile=CL2.0",
        &profile,
    );
    let shown: Vec<&str> = rows(&dom)
        .into_iter()
        .filter(|t| !t.contains("hidden"))
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    // The escaped kernel is text in the page, not markup: no <img> element was created.
    assert!(!dom.contains("<img"), "the kernel's markup became elements");
}
