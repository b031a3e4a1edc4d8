//! The committed history runs (`reports/reference/history/`, one compact run per release made
//! by `clasp history --vendors DIR`) agree with `reports/known/`: every finding of every release
//! is a known class as declared, and every entry's `versions` / `fixed_in` covers exactly the
//! releases that show its class. So a range in `reports/known/` cannot be guessed or go stale;
//! the rendered table and timeline are the committed ones. No driver is needed.

mod common;
use common::*;
use std::path::Path;

#[test]
fn known_ranges_agree_with_the_committed_history() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let history = root.join("reports/reference/history");
    let tmp = tempfile::tempdir().unwrap();
    let mut args = vec!["history".to_string()];
    let mut releases: Vec<_> = std::fs::read_dir(&history)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("results.json.gz").is_file())
        .collect();
    releases.sort();
    assert!(
        releases.len() >= 6,
        "{} holds {} releases",
        history.display(),
        releases.len()
    );
    args.extend(releases.iter().map(|p| p.to_string_lossy().into_owned()));
    let known = root.join("reports/known");
    args.extend(["--known".into(), known.to_string_lossy().into_owned()]);
    args.extend(["--out".into(), tmp.path().to_string_lossy().into_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = clasp(&args, &[], tmp.path());
    assert_eq!(
        out.status.code(),
        Some(0),
        "a release has a finding, or a known range disagrees with the runs: review them \
         (reports/known/, reports/findings.md) and render the history again \
         (clasp history --out reports/reference/history)\n{}",
        text(&out)
    );
    for file in ["history.md", "history.svg"] {
        let made = std::fs::read_to_string(tmp.path().join(file)).unwrap();
        let committed = std::fs::read_to_string(history.join(file)).unwrap();
        assert_eq!(
            made, committed,
            "{file} differs from the committed one: render it again (clasp history --out reports/reference/history)"
        );
    }
}
