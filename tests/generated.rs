//! `clasp run --suite generated`: the generated suite runs from memory exactly as the corpus
//! runs from files. Shards partition it (and a sample), filters narrow it, `--resume` skips what
//! was done, the cache answers a second run, clang gets the generated source; `clasp generate
//! --case` prints the case a run named; `clasp report --bug`/`--bugs` write bug reports from a
//! real run directory (the fault-injecting ICD, which accepts every kernel, so every generated
//! case that must be rejected is a finding there); a run directory without its `cases.json` is
//! reported with its generated cases rebuilt from their names.

mod common;
use common::*;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Key = (String, String, String, String);

fn keys(records: &[Value]) -> BTreeSet<Key> {
    records
        .iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (s("case"), s("subject"), s("profile"), s("kind"))
        })
        .collect()
}

/// A small slice of the generated suite that every test here runs: one rule's cases.
const ONE_RULE: [&str; 4] = ["--suite", "generated", "--rule", "AS-RESERVED-NAME"];

/// `clasp run` on the checker into `tmp/<out>`, with `extra` arguments; its records.
fn run_checker(tmp: &Path, out: &str, extra: &[&str]) -> (PathBuf, Vec<Value>) {
    let mut args = vec!["run", "--subject", "checker", "--plain", "--out", out];
    args.extend(extra);
    let o = clasp(&args, &[], tmp);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    last_run(&tmp.join(out))
}

#[test]
fn shards_partition_the_generated_suite_and_filters_narrow_it() {
    let tmp = tempfile::tempdir().unwrap();
    let rule = "AS-RESERVED";
    let (dir, all) = run_checker(
        tmp.path(),
        "whole",
        &["--suite", "generated", "--rule", rule],
    );
    // Every generated case built for a rule matching the filter, in every profile it lists.
    let want: usize = generators::exhaustive()
        .iter()
        .filter(|c| c.rules.iter().any(|r| r.code().contains(rule)))
        .map(|c| c.profiles.len())
        .sum();
    assert!(want > 20, "{want}");
    assert_eq!(all.len(), want);
    assert!(all.iter().all(|r| r["verdict"] == "pass"));
    let run: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
    assert_eq!(run["suite"], "generated");
    assert!(run["cases_dir"].is_null(), "{run}");

    let mut union = BTreeSet::new();
    let mut shard_dirs = Vec::new();
    for i in 1..=3 {
        let shard = format!("{i}/3");
        let out = format!("shard{i}");
        let (shard_dir, part) = run_checker(
            tmp.path(),
            &out,
            &["--suite", "generated", "--rule", rule, "--shard", &shard],
        );
        let part = keys(&part);
        assert!(!part.is_empty(), "shard {shard} is empty");
        assert!(union.is_disjoint(&part), "shard {shard} overlaps another");
        union.extend(part);
        shard_dirs.push(shard_dir.to_string_lossy().into_owned());
    }
    assert_eq!(union, keys(&all), "the shards together are the whole");

    // `clasp report` merges the shards into one report, with the whole run's totals.
    let total = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("Total:"))
            .map(str::to_string)
    };
    let whole = clasp(&["report", &dir.to_string_lossy()], &[], tmp.path());
    let mut args = vec!["report"];
    args.extend(shard_dirs.iter().map(String::as_str));
    args.extend(["--out", "merged", "--compact"]);
    let merged = clasp(&args, &[], tmp.path());
    assert_eq!(merged.status.code(), Some(0), "{}", text(&merged));
    assert!(total(&text(&whole)).is_some(), "{}", text(&whole));
    assert_eq!(total(&text(&merged)), total(&text(&whole)));
    let summary = std::fs::read_to_string(tmp.path().join("merged/summary.md")).unwrap();
    assert!(summary.contains("3 saved runs merged"), "{summary}");

    // --profile, --case and --exclude narrow the generated suite as they do the corpus.
    let (_, narrow) = run_checker(
        tmp.path(),
        "narrow",
        &[
            "--suite",
            "generated",
            "--rule",
            rule,
            "--profile",
            "CL1.2",
            "--case",
            "as-reserved-name/*",
            "--exclude",
            "*typedef*",
        ],
    );
    assert!(!narrow.is_empty());
    for r in &narrow {
        let case = r["case"].as_str().unwrap();
        assert!(
            case.starts_with("as-reserved-name/") && !case.contains("typedef"),
            "{case}"
        );
        assert_eq!(r["profile"], "CL1.2");
    }
    let expected: BTreeSet<Key> = keys(&all)
        .into_iter()
        .filter(|(c, _, p, _)| {
            c.starts_with("as-reserved-name/") && !c.contains("typedef") && p == "CL1.2"
        })
        .collect();
    assert_eq!(keys(&narrow), expected);

    // --suite all: the corpus and the generated suite in one run.
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/cases");
    let cases_s = cases.to_string_lossy().into_owned();
    let (_, both) = run_checker(
        tmp.path(),
        "both",
        &["--suite", "all", "--cases", &cases_s, "--rule", rule],
    );
    let generated_part: BTreeSet<Key> = keys(&both)
        .into_iter()
        .filter(|k| k.0.starts_with("as-reserved"))
        .collect();
    assert_eq!(generated_part, keys(&all));
    assert!(
        keys(&both).len() > keys(&all).len(),
        "no hand-written case ran"
    );
}

#[test]
fn samples_are_deterministic_and_their_shards_partition_them() {
    let tmp = tempfile::tempdir().unwrap();
    let sample = ["--suite", "generated", "--sample", "1", "--seed", "5"];
    let (_, a) = run_checker(tmp.path(), "a", &sample);
    let (_, b) = run_checker(tmp.path(), "b", &sample);
    assert_eq!(keys(&a), keys(&b), "same seed, same sample");
    let (_, c) = run_checker(
        tmp.path(),
        "c",
        &["--suite", "generated", "--sample", "1", "--seed", "6"],
    );
    assert_ne!(keys(&a), keys(&c), "another seed, another sample");
    // At most one result per rule × profile × expectation cell: far fewer than the suite.
    let cases: BTreeSet<&str> = a.iter().map(|r| r["case"].as_str().unwrap()).collect();
    assert!(
        cases.len() < 2_000 && a.len() > 300,
        "{} {}",
        cases.len(),
        a.len()
    );
    let mut union = BTreeSet::new();
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let mut args = sample.to_vec();
        args.extend(["--shard", &shard]);
        let (_, part) = run_checker(tmp.path(), &format!("s{i}"), &args);
        let part = keys(&part);
        assert!(union.is_disjoint(&part));
        union.extend(part);
    }
    assert_eq!(union, keys(&a), "the shards of a sample partition it");

    // A sample needs the generated suite.
    let o = clasp(
        &["run", "--sample", "1", "--subject", "checker"],
        &[],
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
}

#[test]
fn resume_skips_what_a_generated_run_did() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ONE_RULE;
    let (dir, full) = run_checker(tmp.path(), "runs", &args);
    let path = dir.join("results.jsonl");
    let text_full = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text_full.lines().collect();
    let kept = lines.len() / 2;
    // Half the results and half a line, as a killed run leaves them.
    let cut = format!(
        "{}\n{}",
        lines[..kept].join("\n"),
        &lines[kept][..lines[kept].len() / 2]
    );
    std::fs::write(&path, cut).unwrap();
    let dir_s = dir.to_string_lossy().into_owned();
    let mut resume = args.to_vec();
    resume.extend(["--resume", &dir_s]);
    let mut all_args = vec!["run", "--subject", "checker", "--plain"];
    all_args.extend(&resume);
    let o = clasp(&all_args, &[], tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains(&format!("{kept} already in the resumed run")),
        "{}",
        text(&o)
    );
    let after: Vec<Value> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    assert_eq!(after.len(), full.len(), "nothing twice, nothing lost");
    assert_eq!(keys(&after), keys(&full));
}

#[test]
fn a_run_directory_without_its_cases_names_the_generated_rules_again() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ONE_RULE;
    let (dir, records) = run_checker(tmp.path(), "runs", &args);
    assert!(!records.is_empty());
    let summary = dir.join("summary.md");
    let before = std::fs::read_to_string(&summary).unwrap();
    // As a run directory copied from another machine without its cases.json.
    std::fs::remove_file(dir.join("cases.json")).unwrap();
    std::fs::remove_file(&summary).unwrap();
    let dir_s = dir.to_string_lossy().into_owned();
    let o = clasp(&["report", &dir_s], &[], tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let after = std::fs::read_to_string(&summary).unwrap();
    assert!(!after.contains("(case not saved)"), "{after}");
    let rules = |md: &str| {
        md.lines()
            .filter(|l| l.starts_with("| `AS-"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert!(!rules(&before).is_empty());
    assert_eq!(rules(&after), rules(&before));
}

#[test]
fn generated_runs_use_the_cache_and_findings_become_bug_reports() {
    let tmp = tempfile::tempdir().unwrap();
    let vendors = fault_vendors(tmp.path()).to_string_lossy().into_owned();
    let env = [("OCL_ICD_VENDORS", vendors.as_str())];
    let args = [
        &["run"][..],
        &ONE_RULE,
        &[
            "--subject",
            "devices",
            "--out",
            "runs",
            "--cache-dir",
            "cache",
            "--plain",
        ],
    ]
    .concat();
    // The fault driver accepts every kernel: the cases that must be rejected are findings.
    let first = clasp(&args, &env, tmp.path());
    assert_eq!(first.status.code(), Some(1), "{}", text(&first));
    let (dir, records) = last_run(&tmp.path().join("runs"));
    let built = |rs: &[Value]| {
        rs.iter()
            .filter(|r| r["verdict"] != "skipped")
            .map(|r| (r["cached"] == true, r["verdict"].clone()))
            .collect::<Vec<_>>()
    };
    assert!(built(&records).iter().all(|(cached, _)| !cached));
    assert!(records.iter().any(|r| r["verdict"] == "deviation"));
    let second = clasp(&args, &env, tmp.path());
    assert_eq!(second.status.code(), Some(1), "{}", text(&second));
    let (_, again) = last_run(&tmp.path().join("runs"));
    assert_eq!(again.len(), records.len());
    let hits = built(&again);
    assert!(
        !hits.is_empty() && hits.iter().all(|(cached, _)| *cached),
        "{hits:?}"
    );
    let verdicts = |rs: &[Value]| {
        rs.iter()
            .map(|r| (keys(std::slice::from_ref(r)), r["verdict"].clone()))
            .collect::<BTreeMap<_, _>>()
    };
    assert_eq!(verdicts(&again), verdicts(&records));

    // One finding as a bug report: a generated case the driver accepted in CL1.2.
    let finding = records
        .iter()
        .find(|r| r["verdict"] == "deviation" && r["profile"] == "CL1.2" && r["kind"] == "listed")
        .expect("a CL1.2 deviation");
    let case = finding["case"].as_str().unwrap();
    let dir_s = dir.to_string_lossy().into_owned();
    let bug = format!("{case}@CL1.2");
    let o = clasp(&["report", &dir_s, "--bug", &bug], &env, tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let md = String::from_utf8_lossy(&o.stdout).into_owned();
    let printed = clasp(&["generate", "--case", case], &[], tmp.path());
    assert_eq!(printed.status.code(), Some(0), "{}", text(&printed));
    let source = String::from_utf8_lossy(&printed.stdout).into_owned();
    let quote = checker::spec::RuleId::ReservedName.rule().cite.quote;
    for part in [
        "## Environment",
        "| device | fault device |",
        "| OpenCL C version | OpenCL C 1.2 clasp-fault-icd |",
        "accepts an invalid kernel",
        "\"-cl-std=CL1.2\"",
        source.as_str(),
        &format!("clasp generate --case {case}"),
        "## Expected\n\nThe build fails.",
        "AS-RESERVED-NAME",
        quote,
    ] {
        assert!(md.contains(part), "{part:?} is not in:\n{md}");
    }
    // The case file `generate --case` prints is the one the run compiled.
    let saved: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(dir.join("cases.json")).unwrap()).unwrap();
    let entry = saved.iter().find(|c| c["name"] == case).unwrap();
    assert_eq!(entry["source"].as_str().unwrap(), source);
    assert_eq!(entry["generated"], true);
    let o = clasp(
        &["generate", "--case", case, "--out", "gen"],
        &[],
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let file = tmp.path().join("gen").join(format!("{case}.cl"));
    assert_eq!(std::fs::read_to_string(file).unwrap(), source);
    let o = clasp(
        &["generate", "--case", "as-reserved-name/nope"],
        &[],
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));

    // Every group of findings gets a file; a case without a finding gets an error.
    let o = clasp(&["report", &dir_s, "--bugs", "bugs"], &env, tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let files = walk(&tmp.path().join("bugs"));
    assert!(!files.is_empty());
    assert!(files
        .iter()
        .all(|f| f.extension().is_some_and(|x| x == "md")));
    let passing = records
        .iter()
        .find(|r| r["verdict"] == "pass")
        .and_then(|r| r["case"].as_str())
        .filter(|c| {
            !records
                .iter()
                .any(|r| r["case"] == *c && r["verdict"] != "pass" && r["verdict"] != "skipped")
        });
    if let Some(c) = passing {
        let o = clasp(&["report", &dir_s, "--bug", c], &env, tmp.path());
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    }
    // The reproducers of the full report include generated cases, with how to regenerate them.
    let repro = walk(&dir.join("reproducers"));
    assert!(repro.iter().any(|p| p.to_string_lossy().ends_with(".cl")));
    let options = repro
        .iter()
        .find(|p| p.extension().is_some_and(|x| x == "options"))
        .unwrap();
    assert!(std::fs::read_to_string(options)
        .unwrap()
        .contains("clasp generate --case"));
}

#[test]
fn run_time_findings_list_the_host_steps() {
    let tmp = tempfile::tempdir().unwrap();
    let vendors = fault_vendors(tmp.path()).to_string_lossy().into_owned();
    let env = [("OCL_ICD_VENDORS", vendors.as_str())];
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("suite/cases");
    let cases_s = cases.to_string_lossy().into_owned();
    // The fault driver never executes a kernel: a buffer the kernel should fill stays as it was.
    let case = "runtime/async-copy-global-to-local";
    let o = clasp(
        &[
            "run",
            "--cases",
            &cases_s,
            "--case",
            case,
            "--subject",
            "devices",
            "--out",
            "runs",
            "--no-cache",
            "--plain",
        ],
        &env,
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let (dir, _) = last_run(&tmp.path().join("runs"));
    let dir_s = dir.to_string_lossy().into_owned();
    let o = clasp(
        &["report", &dir_s, "--bug", case, "--subject", "fault"],
        &env,
        tmp.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let md = String::from_utf8_lossy(&o.stdout).into_owned();
    let source = std::fs::read_to_string(cases.join(format!("{case}.cl"))).unwrap();
    let launch = source
        .lines()
        .find_map(|l| l.strip_prefix("//@ launch:"))
        .expect("a launch directive");
    assert!(md.contains(launch.trim()), "{md}");
    assert!(md.contains("`arg: buffer"), "{md}");
    assert!(!md.contains("clasp generate"), "{md}");
}

#[test]
fn clang_compiles_generated_cases_from_scratch_copies() {
    let tmp = tempfile::tempdir().unwrap();
    let probe = std::process::Command::new("clang-16")
        .arg("--version")
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        println!("skipped subject clang-16: not installed");
        return;
    }
    let args = [
        &["run"][..],
        &ONE_RULE,
        &[
            "--profile",
            "CL2.0",
            "--subject",
            "clang",
            "--out",
            "runs",
            "--no-cache",
            "--plain",
        ],
    ]
    .concat();
    let o = clasp(&args, &[], tmp.path());
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", text(&o));
    let (_, records) = last_run(&tmp.path().join("runs"));
    assert!(!records.is_empty());
    for r in &records {
        assert_ne!(r["verdict"], "skipped", "{r}");
        // The log names the scratch copy, never a missing corpus file.
        let log = r["actual"]["log"].as_str().unwrap_or_default();
        assert!(!log.contains("no such file"), "{r}");
    }
    assert!(records.iter().any(|r| r["verdict"] == "pass"));
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}
