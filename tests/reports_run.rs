//! `clasp run`'s end: the reports are written, ONE summary is printed and its figures are the
//! ones `summary.md` and `index.html` hold; in plain mode deviations are listed once, grouped,
//! not as they arrive. Deviations on rules the spec reads two ways are interpretations, shown
//! apart with their readings, in every report and in `clasp compare`.

mod common;
use common::saved::*;
use common::text;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

fn clasp(args: &[&str]) -> std::process::Output {
    run_clasp(args)
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
        stdout.contains(&format!("Report:  {}", dir.join("index.html").display())),
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
    let total = stdout
        .lines()
        .find(|l| l.starts_with("Total: "))
        .unwrap_or("");
    assert_eq!(
        total.ends_with("; 0 finding(s)"),
        o.status.code() == Some(0),
        "{}",
        text(&o)
    );
}

/// A case whose annotation asks for an error the kernel does not have: the checker deviates.
fn wrong_case(marker: &str) -> String {
    format!("//@ rules: AS-LOCAL-INIT\n//@ profiles: CL1.2 CL2.0\n// {marker}\nkernel void k(global int *p) {{ *p = 1; }} //~ ERROR AS-LOCAL-INIT\n")
}

/// `name: 3 pass · 1 deviation` (or a table row) as outcome → count.
fn brief_counts(brief: &str) -> BTreeMap<String, usize> {
    brief
        .split(" · ")
        .filter_map(|part| {
            let (n, name) = part.trim().split_once(' ')?;
            Some((name.to_string(), n.parse().ok()?))
        })
        .collect()
}

#[test]
fn one_summary_at_the_end_and_the_report_files_agree_with_it() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = tmp.path().join("cases");
    std::fs::create_dir_all(cases.join("fam")).unwrap();
    let ok = "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2 CL2.0\nconstant int c = 1;\nkernel void k(global int *p) { *p = c; }\n";
    std::fs::write(cases.join("fam/ok.cl"), ok).unwrap();
    for i in 0..6 {
        std::fs::write(
            cases.join(format!("fam/wrong-{i}.cl")),
            wrong_case(&i.to_string()),
        )
        .unwrap();
    }
    std::fs::write(cases.join("fam/known-wrong.cl"), wrong_case("known")).unwrap();
    let known = tmp.path().join("known");
    std::fs::create_dir_all(&known).unwrap();
    std::fs::write(
        known.join("checker.toml"),
        "[[known]]\ndevice = { subject = \"checker\" }\ncases = [\"fam/known-*\"]\nwhy = \"a test of known deviations\"\n",
    )
    .unwrap();
    let out = tmp.path().join("runs");
    let o = clasp(&[
        "run",
        "--cases",
        s(&cases),
        "--subject",
        "checker",
        "--out",
        s(&out),
        "--no-cache",
        "--plain",
        "--known",
        s(&known),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    // One summary: one totals line, nothing printed per deviation as it arrived.
    let totals: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("Total: "))
        .collect();
    assert_eq!(totals.len(), 1, "{}", text(&o));
    assert_eq!(
        totals[0],
        "Total: 16 result(s): 2 pass · 12 deviation · 2 known; 12 finding(s)",
        "{}",
        text(&o)
    );
    assert!(
        !stderr
            .lines()
            .chain(stdout.lines())
            .any(|l| l.starts_with("deviation ")),
        "deviations printed as they arrived\n{}",
        text(&o)
    );
    // Grouped by subject and rule: the six wrong cases in two profiles make one line.
    let grouped: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("fam/wrong-"))
        .collect();
    assert_eq!(grouped.len(), 1, "{}", text(&o));
    assert!(
        grouped[0].contains("checker · AS-LOCAL-INIT · CL1.2 CL2.0: 12 result(s)"),
        "{}",
        text(&o)
    );
    // Progress shows counts per subject while it runs (plain mode: a line when done).
    assert!(
        stderr.contains("checker done: 16/16 (2 pass · 12 deviation · 2 known)"),
        "{}",
        text(&o)
    );

    let dir = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .next()
        .unwrap()
        .path();
    let total = totals[0].trim_start_matches("Total: ");
    let md = read(&dir.join("summary.md"));
    assert!(md.contains(&format!("- Total: {total}\n")), "{md}");
    let html = read(&dir.join("index.html"));
    assert!(
        html.contains(&format!("<span id=\"totals\">{total}</span>")),
        "{html}"
    );
    // Per subject: the terminal's counts are the Subjects table's, in summary.md and index.html.
    let line = stdout
        .lines()
        .find(|l| l.starts_with("checker "))
        .expect("a checker line");
    let terminal = brief_counts(line.split_once("result(s): ").unwrap().1);
    let header = md
        .lines()
        .find(|l| l.starts_with("| subject | identity | results |"))
        .unwrap();
    let row = md.lines().find(|l| l.starts_with("| `checker` |")).unwrap();
    let names: Vec<&str> = header.split('|').map(str::trim).skip(4).collect();
    let values: Vec<&str> = row.split('|').map(str::trim).skip(4).collect();
    let html_row = html
        .split("<tr><td><code>checker</code></td>")
        .nth(1)
        .unwrap();
    let html_cells: Vec<&str> = html_row
        .split("</td>")
        .skip(1)
        .take(names.len())
        .map(|c| c.rsplit('>').next().unwrap())
        .collect();
    for (i, name) in names.iter().enumerate().filter(|(_, n)| !n.is_empty()) {
        let want = terminal.get(*name).copied().unwrap_or(0).to_string();
        assert_eq!(values[i], want, "summary.md {name}\n{md}");
        assert_eq!(html_cells[i], want, "index.html {name}");
    }
    // summary.json counts the same.
    let sj: Value = serde_json::from_str(&read(&dir.join("summary.json"))).unwrap();
    assert_eq!(sj["findings"], 12);
    assert_eq!(sj["subjects"][0]["counts"]["known"], 2);
}

/// A rule that lists readings in the catalogue, and one that does not (from `clasp rules`).
fn rules_with_and_without_readings() -> (String, String) {
    let o = clasp(&["rules", "--format", "json"]);
    let rules: Value = serde_json::from_slice(&o.stdout).unwrap();
    let pick = |with: bool| {
        rules
            .as_array()
            .unwrap()
            .iter()
            .find(|r| {
                r["id"].as_str().unwrap().starts_with("AS-")
                    && r["readings"]
                        .as_array()
                        .is_some_and(|a| a.is_empty() != with)
                    && (!with || r["interpretation"].is_string())
            })
            .map(|r| r["id"].as_str().unwrap().to_string())
            .expect("such a rule")
    };
    (pick(true), pick(false))
}

#[test]
fn interpretations_are_shown_apart_with_their_readings() {
    let (read_two_ways, plain) = rules_with_and_without_readings();
    let tmp = tempfile::tempdir().unwrap();
    let src =
        |rule: &str| format!("//@ rules: {rule}\n//@ profiles: CL1.2\nkernel void k(void) {{}}\n");
    let cases = [
        case(
            "fam/two-ways",
            &src(&read_two_ways),
            &[&read_two_ways],
            &["CL1.2"],
        ),
        case("fam/plain", &src(&plain), &[&plain], &["CL1.2"]),
    ];
    let mut on_checker = result("fam/two-ways", "checker", "CL1.2", "reject", accepted(""));
    on_checker["identity"] = json!("clasp checker 0.1.0");
    let new = tmp.path().join("new");
    write_run(
        &new,
        "new",
        &cases,
        &[
            result("fam/two-ways", POCL, "CL1.2", "reject", accepted("")),
            result("fam/plain", POCL, "CL1.2", "reject", accepted("")),
            on_checker,
        ],
    );
    let old = tmp.path().join("old");
    write_run(
        &old,
        "old",
        &cases,
        &[
            result("fam/two-ways", POCL, "CL1.2", "reject", rejected()),
            result("fam/plain", POCL, "CL1.2", "reject", rejected()),
        ],
    );
    let none = tmp.path().join("no-known");
    let o = clasp(&["report", s(&new), "--known", s(&none)]);
    // Two deviations remain findings (the plain rule on the driver, and the checker, which
    // implements clasp's own reading); the other is an interpretation.
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(
        stdout.contains("Interpretations (the subject took another reading"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("{POCL} · {read_two_ways} · CL1.2: 1 result(s)")),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("      {read_two_ways} clasp reads: ")),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 interpretation; 2 finding(s)"),
        "{stdout}"
    );
    let md = read(&new.join("summary.md"));
    let (deviations, interpretations) = md.split_once("## Interpretations").expect("a section");
    assert!(
        deviations.contains(&format!("{POCL}` · {plain}"))
            || deviations.contains(&format!("{POCL} · {plain}")),
        "{md}"
    );
    assert!(
        deviations.contains(&format!("checker · {read_two_ways}")),
        "{md}"
    );
    assert!(
        interpretations.contains(&format!("- Readings of {read_two_ways}:\n  - ")),
        "{md}"
    );
    let html = read(&new.join("index.html"));
    assert!(html.contains("<h2>Interpretations</h2>"));
    assert!(html.contains(&format!(
        "<li>Readings of <code>{read_two_ways}</code>:<ul><li>"
    )));
    let doc: Value = serde_json::from_str(&read(&new.join("results.json"))).unwrap();
    let status: Vec<(&str, &str, &str)> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["case"].as_str().unwrap(),
                r["subject"].as_str().unwrap(),
                r["status"].as_str().unwrap(),
            )
        })
        .collect();
    assert!(
        status.contains(&("fam/two-ways", POCL, "interpretation")),
        "{status:?}"
    );
    assert!(
        status.contains(&("fam/two-ways", "checker", "deviation")),
        "{status:?}"
    );
    assert!(
        status.contains(&("fam/plain", POCL, "deviation")),
        "{status:?}"
    );

    let o = clasp(&["compare", s(&old), s(&new), "--known", s(&none)]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let cmp = String::from_utf8_lossy(&o.stdout);
    assert!(
        cmp.contains(&format!(
            "`fam/two-ways` [CL1.2] on `{POCL}`: pass → interpretation"
        )),
        "{cmp}"
    );
    assert!(cmp.contains(&format!("| `{POCL}` | 0 | 1 |")), "{cmp}");
    assert!(
        cmp.contains(&format!("- `{read_two_ways}`: clasp reads: ")),
        "{cmp}"
    );
}
