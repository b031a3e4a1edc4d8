//! The vendor CI template cannot rot: `ci-templates/clasp-ci.sh local N` runs the steps the
//! GitHub Actions workflow runs (shards, merge, bug reports, comparison with a baseline) with
//! this clasp, and the workflow calls exactly those steps.

mod common;
use common::{text, CLASP};
use std::path::Path;
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `clasp-ci.sh args` from the checkout, on the checker, with `env` added.
fn ci(args: &[&str], env: &[(&str, &Path)], more: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new("bash");
    cmd.arg(root().join("ci-templates/clasp-ci.sh"))
        .args(args)
        .current_dir(root())
        .env("CLASP", CLASP)
        .env("CLASP_SUBJECT", "checker")
        .env_remove("CLASP_BASELINE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    for (k, v) in more {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

const OK: &str = "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2 CL2.0\nconstant int c = 1;\nkernel void k(global int *p) { *p = c; }\n";
const WRONG: &str = "//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2\nkernel void k(global int *p) { *p = 1; } //~ ERROR AS-LOCAL-INIT\n";

fn corpus(dir: &Path, cases: &[(&str, &str)]) {
    for (name, text) in cases {
        let p = dir.join(format!("{name}.cl"));
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

#[test]
fn the_local_pipeline_shards_merges_reports_and_gates_on_the_baseline() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let none = t.join("no-known");
    let hand = [("CLASP_SUITE", "hand")];

    // The first run has a finding and no baseline: the gate fails on it, and the merged
    // report, the bug reports and a compact summary (the next baseline) are there.
    let (cases1, out1) = (t.join("cases1"), t.join("out1"));
    corpus(&cases1, &[("fam/a", OK), ("fam/b", OK), ("fam/c", WRONG)]);
    let env1 = [
        ("CLASP_CASES", cases1.as_path()),
        ("CLASP_OUT", &out1),
        ("CLASP_KNOWN", &none),
    ];
    let o = ci(&["local", "2"], &env1, &hand);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    for f in [
        "report/index.html",
        "report/summary.md",
        "compact/summary.md",
        "compact/results.json.gz",
    ] {
        assert!(out1.join(f).is_file(), "{f} missing\n{}", text(&o));
    }
    let bugs: Vec<_> = walk(&out1.join("bugs"));
    assert!(
        bugs.iter()
            .any(|p| p.contains("fam-c") || p.contains("fam/c")),
        "{bugs:?}\n{}",
        text(&o)
    );

    // Against that baseline, the same results pass the gate.
    let base = out1.join("compact");
    let out2 = t.join("out2");
    let env2 = [
        ("CLASP_CASES", cases1.as_path()),
        ("CLASP_OUT", &out2),
        ("CLASP_KNOWN", &none),
        ("CLASP_BASELINE", &base),
    ];
    let o = ci(&["local", "2"], &env2, &hand);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("No change"), "{}", text(&o));

    // A case that passed there and fails now fails the gate, named in compare.md.
    let (cases3, out3) = (t.join("cases3"), t.join("out3"));
    corpus(
        &cases3,
        &[("fam/a", WRONG), ("fam/b", OK), ("fam/c", WRONG)],
    );
    let env3 = [
        ("CLASP_CASES", cases3.as_path()),
        ("CLASP_OUT", &out3),
        ("CLASP_KNOWN", &none),
        ("CLASP_BASELINE", &base),
    ];
    let o = ci(&["local", "2"], &env3, &hand);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let md = std::fs::read_to_string(out3.join("compare.md")).unwrap();
    assert!(md.contains("## Broken (1)") && md.contains("fam/a"), "{md}");

    // The generated suite, as the workflow runs it, on a slice of it.
    let out4 = t.join("out4");
    let o = ci(
        &["local", "3"],
        &[("CLASP_OUT", &out4)],
        &[
            ("CLASP_SUITE", "generated"),
            ("CLASP_RUN_ARGS", "--rule AS-RESERVED-NAME"),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let summary = std::fs::read_to_string(out4.join("compact/summary.md")).unwrap();
    assert!(summary.contains("3 saved runs merged"), "{summary}");

    // Usage errors exit 2.
    assert_eq!(ci(&["shard", "1"], &[], &[]).status.code(), Some(2));
    assert_eq!(ci(&["nonsense"], &[], &[]).status.code(), Some(2));
}

/// Every step the workflow runs is one `clasp-ci.sh` has, and it runs all of them.
#[test]
fn the_workflow_runs_the_script_steps() {
    let workflow =
        std::fs::read_to_string(root().join("ci-templates/github-actions/clasp.yml")).unwrap();
    let script = std::fs::read_to_string(root().join("ci-templates/clasp-ci.sh")).unwrap();
    let used: Vec<&str> = workflow
        .lines()
        .filter_map(|l| l.split("ci-templates/clasp-ci.sh ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next())
        .collect();
    for step in ["shard", "merge", "bugs", "compare"] {
        assert!(
            used.contains(&step),
            "the workflow does not run `{step}`: {used:?}"
        );
    }
    for step in &used {
        assert!(
            script.contains(&format!("\n  {step})")),
            "the script has no step `{step}`"
        );
    }
}

fn walk(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p.display().to_string());
            }
        }
    }
    out
}
