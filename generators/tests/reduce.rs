//! Reduction: a planted disagreement in a large generated program reduces to a kernel of a few
//! lines. The "subject" accepts everything, so the disagreement is every program in which the
//! checker reports the planted rule; `generators::reduce` must keep it and drop the rest.

use arbitrary::Unstructured;
use generators::fuzz::{numbered, seeded};
use generators::random::Size;
use generators::{mutate, reduce, Program};

#[test]
fn planted_disagreement_reduces_to_a_few_lines() {
    let mut done = 0;
    let mut seed = 100u64;
    while done < 5 {
        seed += 1;
        let mut found = None;
        seeded(seed, 1, 16384, |data| {
            let mut u = Unstructured::new(data);
            let profile = generators::random::any_profile(&mut u).unwrap();
            let Ok(prog) = Program::arbitrary_sized(&mut u, profile, Size::LARGE) else {
                return;
            };
            if prog.source().lines().count() < 60 {
                return;
            }
            if let Ok(m) = mutate(&prog, &mut u, profile) {
                found = Some(m);
            }
        });
        let Some(m) = found else { continue };
        let profile = m.program.profile;
        let planted = m.rule;
        let disagrees = |src: &str| {
            let (sources, diags) =
                checker::check_source("r.cl", src, profile, &checker::Options::default());
            checker::in_main_file(&sources, &diags)
                .iter()
                .any(|(_, code)| *code == checker::Code::Rule(planted))
        };
        let before = m.program.source();
        assert!(disagrees(&before));
        let mut calls = 0usize;
        let small = reduce(&m.program, |s| {
            calls += 1;
            disagrees(s)
        });
        let n = small.lines().count();
        println!(
            "{planted} in {profile}: {} lines reduced to {n} in {calls} predicate calls:\n{}",
            before.lines().count(),
            numbered(&small)
        );
        assert!(
            disagrees(&small),
            "the reduced program keeps the disagreement"
        );
        assert!(n <= 6, "reduced to {n} lines:\n{small}");
        done += 1;
    }
}

#[test]
fn ddmin_finds_a_single_line() {
    let src: String = (0..100).map(|i| format!("line {i}\n")).collect();
    let out = generators::reduce::ddmin_lines(&src, |s| s.contains("line 42\n"));
    assert_eq!(out, "line 42\n");
}
