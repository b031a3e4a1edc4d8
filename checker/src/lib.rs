//! clasp's OpenCL C front end and the contracts the rest of clasp is built on.
//!
//! - [`spec`]: language versions, optional features, profiles, address spaces and the rule
//!   catalogue (the one source of truth for rule IDs).
//! - [`case`]: the suite case format (`//@` headers, `//~` inline expectations).
//! - [`source`], [`token`], [`symbol`], [`diag`]: files and spans, tokens and their interned
//!   texts, diagnostics as data.
//!
//! Architecture invariant: nothing here calls an OpenCL driver or knows the CLI.

pub mod ast;
pub mod case;
mod check;
pub mod diag;
pub mod lex;
mod mem;
pub mod parse;
pub mod pp;
pub mod render;
pub mod sema;
pub mod signatures;
pub mod source;
pub mod spec;
pub mod symbol;
pub mod token;

pub use check::{
    check, check_bytes, check_in_run, check_source, in_main_file, parse_source, Options,
};
pub use diag::{Code, Diagnostic};
pub use source::{FileId, SourceFile, SourceMap, Span};
pub use spec::{AddrSpace, Check, Feature, Lang, Profile, Rule, RuleId};
