//! `clasp report RUN_DIR`: re-render every report of a saved run (a run directory with
//! `results.jsonl`, or a report directory or file with `results.json`), applying the known
//! deviations as they are now. Exit codes: 0 no finding, 1 findings (deviations, crashes,
//! timeouts, known deviations that now pass), 2 usage or input error.

use crate::cli::ReportArgs;
use crate::reports::{self, known::Known, SavedRun};
use anyhow::Context as _;
use std::process::ExitCode;

pub fn run(args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let saved = SavedRun::load(&args.run)?;
    let known = Known::load(&args.known)
        .with_context(|| format!("known deviations in {}", args.known.display()))?;
    let out = match &args.out {
        Some(o) => o.clone(),
        None if args.run.is_file() => args
            .run
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_else(|| ".".into()),
        None => args.run.clone(),
    };
    let rendered = reports::render(&saved, &known, &out)?;
    print_rendered(&rendered);
    Ok(if rendered.findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The lines `clasp run` and `clasp report` print after rendering.
pub fn print_rendered(r: &reports::Rendered) {
    for (id, c) in &r.per_subject {
        println!("{id}: {}", c.brief());
    }
    println!(
        "{} finding(s), {} known deviation(s) in {} result(s); {} report file(s) written",
        r.findings,
        r.known,
        r.results,
        r.files.len()
    );
    println!("summary: {}", r.summary_md.display());
    println!("report:  {}", r.index_html.display());
}
