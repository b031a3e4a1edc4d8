//! `clasp coverage`: the rule × profile matrix of the corpus, with accept/reject/run counts.

use crate::cli::{CoverageArgs, Format};
use checker::case::{corpus, Coverage};
use checker::spec::{rules, Profile};
use serde_json::json;
use std::fmt::Write;
use std::process::ExitCode;

pub fn run(args: &CoverageArgs) -> anyhow::Result<ExitCode> {
    let cases = corpus::load(&args.cases).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        anyhow::anyhow!("{} malformed case(s):\n{}", errors.len(), lines.join("\n"))
    })?;
    // The generated suite proves the compile-time C rules in every dimension; its matrix counts
    // accept/reject per rule, dimension value and profile, hand-written cases included.
    let generated = args.generated.then(|| {
        let generated = generators::exhaustive();
        let matrix = generators::coverage::matrix(&generated, &cases);
        (
            generated.len(),
            generated.iter().filter(|g| g.is_run()).count(),
            matrix,
        )
    });
    if let (Some((n, run, matrix)), Format::Text | Format::Md) = (&generated, args.format) {
        print!("{}", generators::coverage::table(matrix));
        println!(
            "\n{n} generated ({run} of them run-time cases) and {} hand-written cases\n",
            cases.len()
        );
    }
    let coverage = Coverage::of(&cases);
    let gaps = coverage.gaps();
    let out = match args.format {
        Format::Json => {
            let cells: Vec<_> = coverage
                .cells
                .iter()
                .map(|((rule, profile), c)| json!({"rule": rule, "profile": profile, "accept": c.accept, "reject": c.reject, "run": c.run}))
                .collect();
            let gaps: Vec<String> = gaps.iter().map(|g| g.to_string()).collect();
            let mut doc = json!({"cases": cases.len(), "cells": cells, "gaps": gaps});
            if let Some((n, run, matrix)) = &generated {
                let dims: Vec<_> = matrix
                    .iter()
                    .map(|((rule, profile, dim, value), c)| json!({"rule": rule, "profile": profile, "dimension": dim, "value": value, "accept": c.accept, "reject": c.reject}))
                    .collect();
                doc["generated"] = json!({"cases": n, "run_cases": run, "dimensions": dims});
            }
            serde_json::to_string_pretty(&doc)? + "\n"
        }
        Format::Text | Format::Md => table(&coverage, cases.len(), gaps.len()),
    };
    print!("{out}");
    for gap in &gaps {
        eprintln!("gap: {gap}");
    }
    Ok(if gaps.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A Markdown table (readable as text too): one row per rule, one column per profile, each
/// cell `accept/reject` for compile-time rules and `run` counts otherwise; `-` where the rule
/// does not apply, `0` marks a gap.
fn table(coverage: &Coverage, cases: usize, gaps: usize) -> String {
    let mut out = String::new();
    let _ = write!(out, "| rule | check |");
    for p in Profile::ALL {
        let _ = write!(out, " {p} |");
    }
    out.push_str("\n|---|---|");
    out.push_str(&"---|".repeat(Profile::ALL.len()));
    out.push('\n');
    for rule in rules() {
        let _ = write!(out, "| {} | {} |", rule.id, short(rule.check));
        for p in Profile::ALL {
            let cell = match coverage.cell(rule.id, p) {
                None => "-".to_string(),
                Some(c) if rule.check.is_compile_time() => format!("{}/{}", c.accept, c.reject),
                Some(c) => c.run.to_string(),
            };
            let _ = write!(out, " {cell} |");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "\n{cases} cases, {} rules; cells are accept/reject (compile-time) or run-time case counts; {gaps} gap(s)", rules().len());
    out
}

fn short(check: checker::Check) -> &'static str {
    match check {
        checker::Check::Reject => "reject",
        checker::Check::Accept => "accept",
        checker::Check::Runtime => "run",
        checker::Check::ApiQuery => "api",
        checker::Check::ImplementationDefined => "impl-def",
    }
}
