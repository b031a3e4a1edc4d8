//! `clasp run --baseline DIR`: a vendor's CI gate. The run ends with what is new, broken and
//! fixed against the baseline (also in `baseline.md`) and exits 1 only when something is new or
//! broken: findings the baseline already has do not fail it. Each exit code is covered: 0 with
//! old findings only (and with some fixed), 1 for a new case that fails and for a case that
//! passed in the baseline and fails now, 2 for a baseline that cannot be read.

mod common;
use common::saved::*;
use common::text;
use std::path::{Path, PathBuf};

const OK: &str = "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2\nconstant int c = 1;\nkernel void k(global int *p) { *p = c; }\n";

/// A case the checker deviates on: it expects an error on a valid line.
fn wrong(marker: &str) -> String {
    format!("//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2\n// {marker}\nkernel void k(global int *p) {{ *p = 1; }} //~ ERROR AS-LOCAL-INIT\n")
}

/// Writes `cases` (name → text) as a corpus and runs the checker on it; the run's exit code,
/// output and directory.
fn run(
    tmp: &Path,
    tag: &str,
    cases: &[(&str, String)],
    baseline: Option<&Path>,
) -> (Option<i32>, String, PathBuf) {
    let dir = tmp.join(format!("cases-{tag}"));
    for (name, text) in cases {
        let path = dir.join(format!("{name}.cl"));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let out = tmp.join(format!("runs-{tag}"));
    let no_known = tmp.join("no-known");
    let mut args = vec![
        "run",
        "--cases",
        s(&dir),
        "--subject",
        "checker",
        "--out",
        s(&out),
        "--no-cache",
        "--plain",
        "--known",
        s(&no_known),
    ];
    if let Some(b) = baseline {
        args.extend(["--baseline", s(b)]);
    }
    let o = run_clasp(&args);
    let run_dir = std::fs::read_dir(&out)
        .map(|rd| rd.flatten().next().map(|e| e.path()).unwrap_or_default())
        .unwrap_or_default();
    (o.status.code(), text(&o), run_dir)
}

#[test]
fn a_baseline_gate_fails_only_on_what_is_new_or_broken() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    // The baseline: one case passes, two deviate.
    let (code, out, base) = run(
        t,
        "base",
        &[
            ("fam/ok", OK.into()),
            ("fam/old-a", wrong("a")),
            ("fam/old-b", wrong("b")),
        ],
        None,
    );
    assert_eq!(code, Some(1), "the baseline run has findings\n{out}");

    // The same findings again: exit 0, and it says so.
    let (code, out, dir) = run(
        t,
        "same",
        &[
            ("fam/ok", OK.into()),
            ("fam/old-a", wrong("a")),
            ("fam/old-b", wrong("b")),
        ],
        Some(&base),
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 new · 0 broken · 0 fixed"), "{out}");
    assert!(dir.join("baseline.md").is_file(), "{out}");

    // One old finding fixed, nothing new: exit 0, one fixed.
    let (code, out, dir) = run(
        t,
        "fixed",
        &[
            ("fam/ok", OK.into()),
            ("fam/old-a", wrong("a")),
            ("fam/old-b", OK.into()),
        ],
        Some(&base),
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("0 new · 0 broken · 1 fixed"), "{out}");
    let md = std::fs::read_to_string(dir.join("baseline.md")).unwrap();
    assert!(
        md.contains("## Fixed (1)") && md.contains("fam/old-b"),
        "{md}"
    );

    // A new case that fails: exit 1, named as new.
    let (code, out, dir) = run(
        t,
        "new",
        &[
            ("fam/ok", OK.into()),
            ("fam/old-a", wrong("a")),
            ("fam/old-b", wrong("b")),
            ("fam/new", wrong("new")),
        ],
        Some(&base),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("1 new · 0 broken · 0 fixed"), "{out}");
    let md = std::fs::read_to_string(dir.join("baseline.md")).unwrap();
    assert!(
        md.contains("## New findings") && md.contains("fam/new"),
        "{md}"
    );

    // A case that passed in the baseline fails now: exit 1, named as broken.
    let (code, out, dir) = run(
        t,
        "broken",
        &[
            ("fam/ok", wrong("now wrong")),
            ("fam/old-a", wrong("a")),
            ("fam/old-b", wrong("b")),
        ],
        Some(&base),
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("0 new · 1 broken · 0 fixed"), "{out}");
    let md = std::fs::read_to_string(dir.join("baseline.md")).unwrap();
    assert!(
        md.contains("## Broken (1)") && md.contains("fam/ok"),
        "{md}"
    );

    // A baseline that cannot be read is an input error before anything runs.
    let (code, out, _) = run(t, "bad", &[("fam/ok", OK.into())], Some(&t.join("nowhere")));
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("the baseline"), "{out}");
}
