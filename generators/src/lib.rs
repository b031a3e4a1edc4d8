//! Kernel synthesis per rule, with expected diagnostics decided by construction.
//!
//! - [`enumerate::exhaustive`]: for every compile-time rule, every combination of the
//!   dimensions that matter (address space and spelling, declaration context, operation,
//!   pointee type, qualifiers), each a [`GenCase`] that lists every profile it runs in with
//!   per-profile `//~ ERROR[...]` annotations computed from [`spec`] and the catalogue.
//! - [`enumerate::cxx`]: the same for the C++ for OpenCL `CXX-` rules (CLC++2021): the
//!   memory-initialisation table and the storage classes, verdicts from the catalogue.
//! - Printers ([`ty`]) and verdicts ([`spec`]) are separate from the enumeration so that the
//!   `arbitrary`-driven random programs planned next reuse them.
//! - [`coverage`]: the rule × profile × dimension matrix; [`clang`]: the sample compiled with
//!   clang-16 and its documented deviations.
//!
//! - [`suite`]: a generated case found again by name, and the stratified sample `clasp run
//!   --sample` runs.
//! - [`random`]: `arbitrary`-driven well-typed programs and one-violation mutants;
//!   [`reduce`]: delta debugging of an interesting program; [`fuzz`]: the fuzz targets' bodies.
//!
//! Architecture invariant: expectations come from what the generator put in the source, never
//! from running a compiler.

pub mod case;
pub mod clang;
pub mod coverage;
pub mod enumerate;
pub mod fuzz;
pub mod random;
pub mod random_run;
pub mod reduce;
pub mod runtime;
pub mod spec;
pub mod statics;
pub mod suite;
pub mod ty;

pub use case::GenCase;
pub use enumerate::exhaustive;
pub use random::{mutate, Mutant, Program};
pub use reduce::reduce;
