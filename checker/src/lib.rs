//! clasp's OpenCL C front end and the contracts the rest of clasp is built on.
//!
//! - [`spec`]: language versions, optional features, profiles, address spaces and the rule
//!   catalogue (the one source of truth for rule IDs).
//! - [`case`]: the suite case format (`//@` headers, `//~` inline expectations).
//! - [`source`], [`token`], [`diag`]: files and spans, tokens, diagnostics as data.
//!
//! Architecture invariant: nothing here calls an OpenCL driver or knows the CLI.

pub mod case;
pub mod diag;
pub mod source;
pub mod spec;
pub mod token;

pub use diag::{Code, Diagnostic};
pub use source::{FileId, SourceFile, SourceMap, Span};
pub use spec::{AddrSpace, Check, Feature, Lang, Profile, Rule, RuleId};
