//! clasp's OpenCL C front end and the contracts the rest of clasp is built on.
//!
//! - [`spec`]: language versions, optional features, profiles, address spaces and the rule
//!   catalogue (the one source of truth for rule IDs).
//! - [`case`]: the suite case format (`//@` headers, `//~` inline expectations).
//!
//! Architecture invariant: nothing here calls an OpenCL driver or knows the CLI.

pub mod case;
pub mod spec;

pub use spec::{AddrSpace, Check, Feature, Lang, Profile, Rule, RuleId};
