//! `clasp generate`: writes the generated cases (generators crate) as suite case files, or
//! prints one of them by name (`--case`), byte for byte the source `clasp run --suite
//! generated` ran under that name. Exit codes: 0 written, 2 usage error or no such case.

use crate::cli::GenerateArgs;
use anyhow::{bail, Context as _};
use checker::spec::{Profile, RuleId};
use std::path::Path;
use std::process::ExitCode;

pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    if let Some(name) = &args.case {
        return one(name, args.out.as_deref());
    }
    let Some(out) = &args.out else {
        bail!("clasp generate needs --out DIR, or --case NAME to print one case");
    };
    let rule: Option<RuleId> = args.rule.as_deref().map(str::parse).transpose()?;
    let profile: Option<Profile> = args.profile.as_deref().map(str::parse).transpose()?;
    // The exhaustive suite is deterministic; the seed drives the random programs only.
    let mut written = 0usize;
    for (name, case) in generators::random::cases(args.seed, args.random) {
        if rule.is_some_and(|r| case.rule != r) || profile.is_some_and(|p| case.profiles != [p]) {
            continue;
        }
        let path = out.join(format!("{name}.cl"));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, case.render())?;
        written += 1;
    }
    for case in generators::exhaustive() {
        if rule.is_some_and(|r| case.rule != r) {
            continue;
        }
        let case = match profile {
            Some(p) => match case.restrict(&[p]) {
                Some(c) => c,
                None => continue,
            },
            None => case,
        };
        let path = out.join(format!("{}.cl", case.name));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, case.render())?;
        written += 1;
    }
    eprintln!("wrote {written} case(s) under {}", out.display());
    Ok(ExitCode::SUCCESS)
}

/// `--case NAME`: the case's file on stdout, or written as `<out>/<NAME>.cl`.
fn one(name: &str, out: Option<&Path>) -> anyhow::Result<ExitCode> {
    let Some(case) = generators::suite::find(name) else {
        let near = generators::suite::near(name, &generators::exhaustive(), 5);
        if near.is_empty() {
            bail!("no generated case is named `{name}`");
        }
        bail!(
            "no generated case is named `{name}`; near it:\n  {}",
            near.join("\n  ")
        );
    };
    let text = case.render();
    match out {
        None => print!("{text}"),
        Some(dir) => {
            let path = dir.join(format!("{name}.cl"));
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("cannot create {}", parent.display()))?;
            }
            std::fs::write(&path, text)
                .with_context(|| format!("cannot write {}", path.display()))?;
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
