//! The spec model: what the OpenCL C and C++ for OpenCL specifications say about address
//! spaces, as data. Nothing else in clasp branches on language versions: it asks a [`Profile`]
//! which features it has, and the catalogue which rules apply to it.

mod catalogue;
mod clang_diags;
pub mod predefined;
mod profile;
mod space;

pub use catalogue::{rules, Applies, Check, Cite, Reading, Rule, RuleId, UnknownRule};
pub use clang_diags::{clang_diags_for, ClangDiag, CLANG_DIAGS};
pub use profile::{Feature, Lang, Profile, UnknownProfile};
pub use space::{AddrSpace, Spelling};
