//! The built-in checker as a subject: `checker::check_source` in process, compared on
//! `(line, rule)` pairs of the main file with `case.expected(profile)`.

use crate::results::{Actual, Diag};
use checker::case::Case;
use checker::{Options, Profile};

/// The checker's diagnostics for `case` in `profile`, as `(line, code)` pairs sorted like
/// [`Case::expected`]; a case with code the checker does not model is skipped as not judged. A
/// panic in the checker is a crash of this subject, never of the run.
pub fn run(case: &Case, profile: Profile) -> Actual {
    let opts = Options::from_build_options(&case.options);
    let name = format!("{}.cl", case.name);
    let result = std::panic::catch_unwind(|| {
        let (sources, diags) = checker::check_source(&name, &case.source, profile, &opts);
        checker::in_main_file(&sources, &diags)
    });
    match result {
        // Code the checker does not model is not judged: neither accepted nor rejected.
        Ok(found) if found.iter().any(|(_, code)| !code.is_error()) => Actual::Skipped {
            why: "the checker does not judge this case: it uses a construct outside the checker's model (unsupported)".into(),
        },
        Ok(found) => {
            let mut diagnostics: Vec<Diag> = found
                .into_iter()
                .map(|(line, code)| Diag {
                    line,
                    rule: code.to_string(),
                })
                .collect();
            diagnostics.sort();
            Actual::Diagnostics { diagnostics }
        }
        Err(_) => Actual::Crash {
            signal: "panic".into(),
        },
    }
}
