//! Random programs and their one-violation mutants through clasp's checker, in memory: the
//! checker must report nothing for a program and exactly the annotated `(line, rule)` for its
//! mutant, in the program's profile. The same programs render as suite cases that parse back
//! to the same expectations. A sample goes through clang-16 when it is installed.

use arbitrary::Unstructured;
use checker::spec::Profile;
use generators::fuzz::{agreement, seeded};
use generators::random::{any_profile, MutationKind};
use generators::{mutate, Mutant, Program};
use std::collections::BTreeMap;

const PROGRAMS: usize = 3000;

/// The seeded programs and mutants (profile drawn per program).
fn corpus(n: usize) -> Vec<(Program, Mutant)> {
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < n {
        seed += 1;
        seeded(seed, 1, 4096, |data| {
            let mut u = Unstructured::new(data);
            let Ok(profile) = any_profile(&mut u) else {
                return;
            };
            let Ok(prog) = Program::arbitrary(&mut u, profile) else {
                return;
            };
            let Ok(m) = mutate(&prog, &mut u, profile) else {
                return;
            };
            out.push((prog, m));
        });
    }
    out
}

#[test]
fn checker_agrees_with_random_programs_and_mutants() {
    let corpus = corpus(PROGRAMS);
    let mut per_profile: BTreeMap<Profile, usize> = BTreeMap::new();
    let mut per_kind: BTreeMap<MutationKind, usize> = BTreeMap::new();
    let mut per_rule: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut lines = 0usize;
    for (prog, m) in &corpus {
        *per_profile.entry(prog.profile).or_default() += 1;
        *per_kind.entry(m.kind).or_default() += 1;
        *per_rule.entry(m.rule.to_string()).or_default() += 1;
        lines += prog.source().lines().count();
        if let Err(e) = agreement(&prog.source(), prog.profile, &[]) {
            failures.push(format!("valid program {e}"));
        }
        if let Err(e) = agreement(&m.program.source(), prog.profile, &[(m.line, m.rule)]) {
            failures.push(format!("mutant ({}) {e}", m.kind.tag()));
        }
    }
    println!(
        "{} random programs ({} lines on average) and {} mutants checked: {} disagreement(s)",
        corpus.len(),
        lines / corpus.len(),
        corpus.len(),
        failures.len()
    );
    for (p, n) in &per_profile {
        println!("  profile {p}: {n}");
    }
    for (k, n) in &per_kind {
        println!("  mutation {}: {n}", k.tag());
    }
    for (r, n) in &per_rule {
        println!("  rule {r}: {n}");
    }
    assert!(
        failures.is_empty(),
        "{} disagreement(s); first ones:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Every mutation kind and every OpenCL C profile is drawn.
    assert_eq!(per_kind.len(), MutationKind::ALL.len(), "{per_kind:?}");
    assert_eq!(per_profile.len(), generators::random::profiles().len());
}

#[test]
fn random_programs_render_as_suite_cases() {
    for (i, (prog, m)) in corpus(300).iter().enumerate() {
        for (name, p, want) in [
            (format!("random/{i:04}-valid"), prog, vec![]),
            (
                format!("random/{i:04}-{}", m.kind.tag()),
                &m.program,
                vec![(m.line, m.rule)],
            ),
        ] {
            let g = p.to_case(&name, "a random program");
            let case = g.parse().unwrap_or_else(|e| panic!("{e}\n{}", g.render()));
            assert_eq!(case.profiles, vec![p.profile]);
            // The rendered case keeps the source lines, so the expectation moves by the header.
            let offset = (case.source.lines().count() - p.source().lines().count()) as u32;
            let got: Vec<(u32, checker::RuleId)> = case
                .expected(p.profile)
                .iter()
                .map(|e| (e.line - offset, e.rule))
                .collect();
            assert_eq!(got, want, "{}", g.render());
            agreement(
                &case.source,
                p.profile,
                &case
                    .expected(p.profile)
                    .iter()
                    .map(|e| (e.line, e.rule))
                    .collect::<Vec<_>>(),
            )
            .unwrap();
        }
    }
}

#[test]
fn generation_is_deterministic() {
    let a: Vec<String> = corpus(50).iter().map(|(_, m)| m.program.source()).collect();
    let b: Vec<String> = corpus(50).iter().map(|(_, m)| m.program.source()).collect();
    assert_eq!(a, b);
}

/// A sample through clang-16 (`-fsyntax-only`, the profile's options): a valid program must
/// compile and a mutant must not. Disagreements are printed and must be of the documented
/// kinds (see generators/README.md, "Random programs"), never a valid program clang rejects.
#[test]
fn clang_sample_agrees() {
    let Some(clang) = generators::clang::find_clang() else {
        println!("clang-16 not installed: sample skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("clasp-random-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut agreed, mut total) = (0usize, 0usize);
    let mut rejected_valid = Vec::new();
    let mut deviations: BTreeMap<String, usize> = BTreeMap::new();
    for (i, (prog, m)) in corpus(60).iter().enumerate() {
        for (name, p, must_compile) in [
            (format!("random/{i:04}-valid"), prog, true),
            (format!("random/{i:04}-{}", m.kind.tag()), &m.program, false),
        ] {
            let g = p.to_case(&name, "a random program");
            let (ok, first) = generators::clang::compiles(clang, &dir, &g, p.profile).unwrap();
            total += 1;
            if ok == must_compile {
                agreed += 1;
            } else if must_compile {
                rejected_valid.push(format!("{name}@{}: {first}\n{}", p.profile, p.source()));
            } else {
                *deviations
                    .entry(format!("{} in {}", m.rule, p.profile))
                    .or_default() += 1;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!("clang-16: {agreed}/{total} agree");
    for (d, n) in &deviations {
        println!("  clang-16 accepts a mutant: {d} ({n})");
    }
    assert!(
        rejected_valid.is_empty(),
        "clang-16 rejects valid random programs:\n{}",
        rejected_valid.join("\n")
    );
}
