//! `clasp generate`: writes the generated cases (generators crate) as suite case files.

use crate::cli::GenerateArgs;
use checker::spec::{Profile, RuleId};
use std::process::ExitCode;

pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let rule: Option<RuleId> = args.rule.as_deref().map(str::parse).transpose()?;
    let profile: Option<Profile> = args.profile.as_deref().map(str::parse).transpose()?;
    // The exhaustive suite is deterministic; the seed drives the random programs only.
    let mut written = 0usize;
    for (name, case) in generators::random::cases(args.seed, args.random) {
        if rule.is_some_and(|r| case.rule != r) || profile.is_some_and(|p| case.profiles != [p]) {
            continue;
        }
        let path = args.out.join(format!("{name}.cl"));
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
        let path = args.out.join(format!("{}.cl", case.name));
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, case.render())?;
        written += 1;
    }
    eprintln!("wrote {written} case(s) under {}", args.out.display());
    Ok(ExitCode::SUCCESS)
}
