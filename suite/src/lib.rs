//! clasp's corpus of address-space cases (`suite/cases/`), and helpers for its tests.
//!
//! The case format is documented in `suite/README.md` and by `cases/README.cl`, which is itself
//! a case. Parsing lives in `checker::case` so that every part of clasp reads cases the same way.

use checker::case::{corpus, Case, CaseError};
use std::path::PathBuf;

/// The corpus directory.
pub fn cases_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("cases")
}

/// Every case of the corpus, or every malformed one.
pub fn load() -> Result<Vec<Case>, Vec<CaseError>> {
    corpus::load(&cases_dir())
}
