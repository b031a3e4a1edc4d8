//! The five address spaces and their two spellings.

use serde::{Deserialize, Serialize};
use std::fmt;

/// An address space. The spelling (`__global` or `global`) belongs to tokens and the syntax
/// tree, never to a type, so this is a small `Copy` enum that sits on every pointee level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AddrSpace {
    Global,
    Local,
    Constant,
    Private,
    Generic,
}

/// Whether a qualifier was written with the reserved `__` prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Spelling {
    /// `__global`, `__local`, ...
    Prefixed,
    /// `global`, `local`, ...
    Bare,
    /// clang's attribute spelling, `__attribute__((opencl_global))`, ...: the same five spaces.
    Attribute,
}

impl Spelling {
    /// The two keyword spellings (the attribute one is not a keyword: see [`AddrSpace::attribute`]).
    pub const ALL: [Spelling; 2] = [Spelling::Prefixed, Spelling::Bare];
}

impl AddrSpace {
    pub const ALL: [AddrSpace; 5] = [
        AddrSpace::Global,
        AddrSpace::Local,
        AddrSpace::Constant,
        AddrSpace::Private,
        AddrSpace::Generic,
    ];

    /// The four named spaces of OpenCL C 1.2 (the generic space is unnamed).
    pub const NAMED: [AddrSpace; 4] = [
        AddrSpace::Global,
        AddrSpace::Local,
        AddrSpace::Constant,
        AddrSpace::Private,
    ];

    /// The bare name, as it appears in messages and in the `global` spelling.
    pub const fn name(self) -> &'static str {
        match self {
            AddrSpace::Global => "global",
            AddrSpace::Local => "local",
            AddrSpace::Constant => "constant",
            AddrSpace::Private => "private",
            AddrSpace::Generic => "generic",
        }
    }

    /// The qualifier as written in source with the given spelling.
    pub const fn keyword(self, spelling: Spelling) -> &'static str {
        match (self, spelling) {
            (AddrSpace::Global, Spelling::Prefixed) => "__global",
            (AddrSpace::Local, Spelling::Prefixed) => "__local",
            (AddrSpace::Constant, Spelling::Prefixed) => "__constant",
            (AddrSpace::Private, Spelling::Prefixed) => "__private",
            (AddrSpace::Generic, Spelling::Prefixed) => "__generic",
            (s, Spelling::Bare) => s.name(),
            (AddrSpace::Global, Spelling::Attribute) => "__attribute__((opencl_global))",
            (AddrSpace::Local, Spelling::Attribute) => "__attribute__((opencl_local))",
            (AddrSpace::Constant, Spelling::Attribute) => "__attribute__((opencl_constant))",
            (AddrSpace::Private, Spelling::Attribute) => "__attribute__((opencl_private))",
            (AddrSpace::Generic, Spelling::Attribute) => "__attribute__((opencl_generic))",
        }
    }

    /// Reads clang's attribute name for a space (`opencl_global`, or `__opencl_global__` as GNU
    /// attributes may also be written).
    pub fn attribute(name: &str) -> Option<AddrSpace> {
        let name = name
            .strip_prefix("__")
            .and_then(|n| n.strip_suffix("__"))
            .unwrap_or(name);
        let bare = name.strip_prefix("opencl_")?;
        AddrSpace::ALL.into_iter().find(|s| s.name() == bare)
    }

    /// Reads a qualifier keyword in either spelling.
    pub fn from_keyword(word: &str) -> Option<(AddrSpace, Spelling)> {
        let (bare, spelling) = match word.strip_prefix("__") {
            Some(rest) => (rest, Spelling::Prefixed),
            None => (word, Spelling::Bare),
        };
        let space = AddrSpace::ALL.into_iter().find(|s| s.name() == bare)?;
        Some((space, spelling))
    }

    /// > The named address spaces are a subset of the generic address space except for the
    /// > constant address space. (000_d69b344ffc25cbd1.txt)
    pub const fn is_in_generic(self) -> bool {
        !matches!(self, AddrSpace::Constant)
    }
}

impl fmt::Display for AddrSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_spellings_round_trip() {
        for space in AddrSpace::ALL {
            for spelling in Spelling::ALL {
                let word = space.keyword(spelling);
                assert_eq!(AddrSpace::from_keyword(word), Some((space, spelling)));
            }
        }
        for space in AddrSpace::ALL {
            let written = space.keyword(Spelling::Attribute);
            let name = &written["__attribute__((".len()..written.len() - 2];
            assert_eq!(AddrSpace::attribute(name), Some(space));
            assert_eq!(AddrSpace::attribute(&format!("__{name}__")), Some(space));
        }
        assert_eq!(AddrSpace::attribute("opencl_global_device"), None);
        assert_eq!(AddrSpace::attribute("opencl_unroll_hint"), None);
        assert_eq!(AddrSpace::from_keyword("_global"), None);
        assert_eq!(AddrSpace::from_keyword("Global"), None);
    }
}
