//! The exhaustive enumeration: for every compile-time rule, the dimensions that matter and
//! every combination of them. Deterministic (no randomness at all), de-duplicated by source.

mod conversions;
pub mod cxx;
mod decls;
mod misc;
mod storage;

pub use conversions::Ctx;
pub use decls::{verdict as decl_verdict, DeclCtx};

use crate::case::GenCase;
use checker::spec::Spelling;
use std::collections::HashSet;

/// Spelling pairs for two qualifiers: both prefixed, both bare, or mixed.
pub(crate) const SPELLINGS: [(Spelling, Spelling); 3] = [
    (Spelling::Prefixed, Spelling::Prefixed),
    (Spelling::Bare, Spelling::Bare),
    (Spelling::Prefixed, Spelling::Bare),
];

pub(crate) fn sp_tag(a: Spelling, b: Spelling) -> &'static str {
    match (a, b) {
        (Spelling::Prefixed, Spelling::Prefixed) => "prefixed",
        (Spelling::Bare, Spelling::Bare) => "bare",
        _ => "mixed",
    }
}

/// Collects cases, dropping one whose source (or name) repeats an earlier one, and one whose
/// rule applies to none of its profiles.
#[derive(Default)]
pub struct Out {
    cases: Vec<GenCase>,
    seen: HashSet<u64>,
    names: HashSet<String>,
}

impl Out {
    pub fn push(&mut self, case: GenCase) {
        if !case.profiles.iter().any(|p| case.rule.applies_to(*p)) {
            return;
        }
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        case.lines.hash(&mut h);
        case.run.hash(&mut h);
        case.profiles.hash(&mut h);
        if self.seen.insert(h.finish()) && self.names.insert(case.name.clone()) {
            self.cases.push(case);
        }
    }
}

/// Every generated case, in a fixed order.
pub fn exhaustive() -> Vec<GenCase> {
    let mut out = Out::default();
    decls::all(&mut out);
    conversions::all(&mut out);
    misc::all(&mut out);
    storage::all(&mut out);
    cxx::all(&mut out);
    crate::runtime::all(&mut out);
    out.cases
}
