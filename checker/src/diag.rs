//! Diagnostics as data. Rendering (human text, JSON, SARIF) lives in one separate module.

use crate::source::Span;
use crate::spec::{Profile, RuleId};
use serde::Serialize;
use std::fmt;

/// What a diagnostic is about: an address-space rule, or a problem that stops the checker from
/// judging the code (bad syntax, a preprocessor error, a limit, a construct it does not model).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Code {
    Rule(RuleId),
    Syntax,
    Preprocessor,
    /// A named limit was hit (nesting depth, macro expansions, include depth, input size).
    Limit,
    /// Valid code the checker does not model (for example a C++ construct outside its subset).
    /// Not an error: it says the code around it was not judged (see [`Code::is_error`]).
    Unsupported,
    /// Any other error a compiler must report that is not an address-space rule (an undeclared
    /// identifier, a type mismatch between non-pointers).
    Semantic,
}

impl Code {
    /// Whether the diagnostic says the code is wrong. [`Code::Unsupported`] does not: it says
    /// the checker could not judge the code, which `clasp check` reports without failing and
    /// `clasp run` counts as not judged.
    pub const fn is_error(self) -> bool {
        !matches!(self, Code::Unsupported)
    }

    /// The level a diagnostic is shown at: `error`, or `unsupported` for code not judged.
    pub const fn severity(self) -> &'static str {
        if self.is_error() {
            "error"
        } else {
            "unsupported"
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Code::Rule(id) => f.write_str(id.code()),
            Code::Syntax => f.write_str("syntax"),
            Code::Preprocessor => f.write_str("preprocessor"),
            Code::Limit => f.write_str("limit"),
            Code::Unsupported => f.write_str("unsupported"),
            Code::Semantic => f.write_str("semantic"),
        }
    }
}

/// One finding: its code, the profile it was found in, where, and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    pub code: Code,
    pub profile: Profile,
    /// Where in the written source (through macro expansions, at the macro use).
    pub span: Span,
    pub message: String,
    /// Secondary spans with a short label each (the declaration a pointer came from, ...).
    pub labels: Vec<(Span, String)>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(code: Code, profile: Profile, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            profile,
            span,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn with_label(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.labels.push((span, label.into()));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// The rule, when the diagnostic is about one.
    pub fn rule(&self) -> Option<RuleId> {
        match self.code {
            Code::Rule(id) => Some(id),
            _ => None,
        }
    }
}
