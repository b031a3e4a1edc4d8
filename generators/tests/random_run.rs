//! Random run-time programs: each is free of checker diagnostics in its profile, reads as a
//! run-time suite case, runs well defined in the evaluator, and its EMI variants (code under
//! guards false at run time) carry the same expected output. The reducer keeps what its
//! predicate asks for and hands back valid programs.

use checker::case::Case;
use generators::random_run::{emi, eval, reduce, seeded};

const PROGRAMS: u64 = 400;

#[test]
fn seeded_programs_are_clean_well_defined_and_their_emi_variants_agree() {
    let mut features = [0usize; 4];
    for i in 0..PROGRAMS {
        let (p, expected) = seeded(7, i, &[]);
        let src = p.source();
        if let Err(d) = p.checker_clean() {
            panic!("program {i} in {}: checker says\n{d}\n{src}", p.profile);
        }
        assert!(p.well_scoped(), "program {i}:\n{src}");
        assert_eq!(eval(&p).as_deref(), Ok(&expected[..]), "program {i}");
        assert_eq!(expected.len(), (p.work_items() * p.slots) as usize);
        let case = p.case_text("random run-time program", &expected);
        let parsed = Case::parse("run.cl", "run", &case)
            .unwrap_or_else(|e| panic!("program {i}: {e}\n{case}"));
        assert!(parsed.run.is_some());
        for (j, text) in ["to_global", "struct", "barrier", "h0("].iter().enumerate() {
            features[j] += usize::from(src.contains(text));
        }
        for k in 0..3 {
            let v = emi(&p, i * 3 + k);
            assert_ne!(v.body, p.body, "program {i}: the variant adds code");
            if let Err(d) = v.checker_clean() {
                panic!(
                    "EMI variant {k} of program {i}: checker says\n{d}\n{}",
                    v.source()
                );
            }
            assert!(v.well_scoped(), "variant {k} of {i}:\n{}", v.source());
            assert_eq!(
                eval(&v).as_deref(),
                Ok(&expected[..]),
                "EMI variant {k} of program {i} computes another output:\n{}",
                v.source()
            );
        }
    }
    // Every kind of construct shows up in a few hundred programs.
    assert!(features.iter().all(|n| *n > 10), "{features:?}");
}

#[test]
fn thousands_of_programs_generate_well_defined() {
    // A campaign draws thousands: none may nest without bound or fail its own evaluation.
    for i in 0..3000 {
        let (p, expected) = seeded(11, i, &[]);
        assert_eq!(eval(&p).as_deref(), Ok(&expected[..]), "program {i}");
    }
}

#[test]
fn the_same_seed_gives_the_same_program() {
    assert_eq!(seeded(3, 11, &[]), seeded(3, 11, &[]));
    assert_ne!(seeded(3, 11, &[]).0, seeded(3, 12, &[]).0);
}

#[test]
fn reduction_keeps_the_property_and_shrinks() {
    // Stand-in for a device that miscomputes: "out[0] is nonzero" must survive reduction.
    let mut reduced_any = false;
    for i in 0..20 {
        let (p, expected) = seeded(5, i, &[]);
        if expected[0] == 0 {
            continue;
        }
        let r = reduce(&p, |_, out| out[0] != 0);
        let out = eval(&r).expect("a reduced program stays well defined");
        assert_ne!(out[0], 0);
        assert!(r.checker_clean().is_ok() && r.well_scoped());
        assert!(r.source().len() <= p.source().len());
        reduced_any |= r.source().len() < p.source().len();
    }
    assert!(reduced_any);
}

#[test]
fn reduction_candidates_never_panic_the_evaluator() {
    // Candidates may drop an object a pointer still names (program-scope globals, the table,
    // private slots): the evaluator must reject them, never index past its storage. Greedy
    // reduction (every candidate kept) walks the most candidates.
    use checker::spec::Profile;
    let profiles = [
        "CL1.1".parse::<Profile>().unwrap(),
        "CL1.2".parse::<Profile>().unwrap(),
        "CL2.0".parse::<Profile>().unwrap(),
        "CL3.0+generic+globals".parse::<Profile>().unwrap(),
    ];
    for i in 0..60 {
        let (p, _) = seeded(4, i, &profiles);
        let r = reduce(&p, |_, _| true);
        assert!(eval(&r).is_ok(), "program {i}");
    }
}
