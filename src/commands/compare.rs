//! `clasp compare OLD NEW`: what got fixed, what broke, new crashes and timeouts, per subject
//! and rule, as Markdown on stdout. OLD and NEW are run directories, report directories or
//! results.json files. Exit codes: 0 nothing got worse, 1 something broke (or a new crash or
//! timeout), 2 usage or input error.

use crate::cli::CompareArgs;
use crate::reports::{compare, known::Known, SavedRun};
use anyhow::Context as _;
use std::process::ExitCode;

pub fn run(args: &CompareArgs) -> anyhow::Result<ExitCode> {
    let old = SavedRun::load(&args.old)?;
    let new = SavedRun::load(&args.new)?;
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    let c = compare::compare(&old, &new, &known);
    print!(
        "{}",
        compare::markdown(
            &c,
            &args.old.display().to_string(),
            &args.new.display().to_string()
        )
    );
    Ok(if c.regressed() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
