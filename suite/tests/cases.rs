//! One test per case file: the case must parse strictly (header, rule IDs, profiles,
//! annotations, run-time directives).

use checker::case::{corpus::case_name, Case};
use datatest_stable::Utf8Path;

fn run_case(path: &Utf8Path, text: String) -> datatest_stable::Result<()> {
    let name = case_name(&clasp_suite::cases_dir(), path.as_std_path());
    Case::parse(path.as_str(), &name, &text)?;
    Ok(())
}

datatest_stable::harness! {
    { test = run_case, root = "cases", pattern = r"\.cl$" },
}
