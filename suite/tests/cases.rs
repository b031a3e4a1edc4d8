//! One test per case file: the case must parse strictly (header, rule IDs, profiles,
//! annotations, run-time directives), and clasp's checker must report exactly the expected
//! (line, rule) pairs in every profile the case lists (the OpenCL C ones and `CLC++2021`): a
//! missing or an extra diagnostic fails, shown as a diff.

use checker::case::{corpus::case_name, Case};
use checker::Options;
use datatest_stable::Utf8Path;
use std::fmt::Write;

fn run_case(path: &Utf8Path, text: String) -> datatest_stable::Result<()> {
    let name = case_name(&clasp_suite::cases_dir(), path.as_std_path());
    let case = Case::parse(path.as_str(), &name, &text)?;
    let opts = Options::from_build_options(&case.options);
    let mut report = String::new();
    for &profile in &case.profiles {
        let (sources, diags) = checker::check_source(path.as_str(), &case.source, profile, &opts);
        let want: Vec<String> = case
            .expected(profile)
            .iter()
            .map(|e| format!("{} {}", e.line, e.rule))
            .collect();
        let got: Vec<String> = checker::in_main_file(&sources, &diags)
            .iter()
            .map(|(line, code)| format!("{line} {code}"))
            .collect();
        if want != got {
            let (want, got) = (want.join("\n") + "\n", got.join("\n") + "\n");
            let diff = similar::TextDiff::from_lines(&want, &got);
            let _ = writeln!(
                report,
                "--- {profile}\n{}",
                diff.unified_diff().header("expected", "checker")
            );
            for d in &diags {
                let _ = writeln!(
                    report,
                    "    line {}: {}: {}",
                    sources.line(d.span),
                    d.code,
                    d.message
                );
            }
        }
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(Box::new(Mismatch(format!(
            "{path}: the checker disagrees with the case\n{report}"
        ))))
    }
}

/// A mismatch report, printed as written (the harness shows errors with `Debug`).
struct Mismatch(String);

impl std::fmt::Debug for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Mismatch {}

datatest_stable::harness! {
    { test = run_case, root = "cases", pattern = r"\.cl$" },
}
