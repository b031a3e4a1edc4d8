//! Where `#include` looks, and how it reads files: the [`Loader`] trait, a file-system loader
//! and an in-memory one, and the lexical path rules that keep an include inside its roots.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// Reads an included file. `None` when there is no such file (or it cannot be read).
pub trait Loader {
    fn load(&self, path: &Path) -> Option<String>;
}

/// Reads real files. Non-UTF-8 bytes are replaced (U+FFFD), as for the main file.
#[derive(Debug, Clone, Copy, Default)]
pub struct FsLoader;

impl Loader for FsLoader {
    fn load(&self, path: &Path) -> Option<String> {
        if !path.is_file() {
            return None;
        }
        let bytes = std::fs::read(path).ok()?;
        // Valid UTF-8 (the usual case) is taken as it is, without the lossy path's copy.
        Some(
            String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
        )
    }
}

/// Files held in memory, keyed by the path the preprocessor asks for (the including file's
/// directory or an include directory joined with the written name, `..` resolved).
#[derive(Debug, Clone, Default)]
pub struct MemLoader {
    pub files: HashMap<PathBuf, String>,
}

impl MemLoader {
    pub fn new() -> MemLoader {
        MemLoader::default()
    }

    /// Adds a file; returns `self` for chaining.
    pub fn with(mut self, path: impl Into<PathBuf>, text: impl Into<String>) -> MemLoader {
        self.files.insert(path.into(), text.into());
        self
    }
}

impl Loader for MemLoader {
    fn load(&self, path: &Path) -> Option<String> {
        self.files.get(path).cloned()
    }
}

/// Why a written include name was refused before any file was looked at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refused {
    Absolute,
    Escapes,
}

/// `dir` (relative to a root) joined with a written name, with `.` and `..` resolved
/// lexically. A `..` that would leave the root, and any absolute name, is refused: an include
/// only ever reads below the directories the caller named.
pub(super) fn join_below_root(dir: &Path, name: &str) -> Result<PathBuf, Refused> {
    let written = Path::new(name);
    // `C:x` and `\\server` are absolute on Windows; refuse them everywhere so the rule does not
    // depend on the host.
    let bytes = name.as_bytes();
    let drive = bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic();
    if written.has_root() || name.starts_with('\\') || drive {
        return Err(Refused::Absolute);
    }
    let mut out = PathBuf::new();
    for part in dir.components().chain(written.components()) {
        match part {
            Component::Normal(p) => out.push(p),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return Err(Refused::Escapes);
                }
            }
            Component::RootDir | Component::Prefix(_) => return Err(Refused::Absolute),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_stay_below_their_root() {
        let j = |d: &str, n: &str| join_below_root(Path::new(d), n);
        assert_eq!(j("", "a.h"), Ok(PathBuf::from("a.h")));
        assert_eq!(j("sub", "../a.h"), Ok(PathBuf::from("a.h")));
        assert_eq!(j("sub", "./x/../b.h"), Ok(PathBuf::from("sub/b.h")));
        assert_eq!(j("sub", "../../a.h"), Err(Refused::Escapes));
        assert_eq!(j("", "../a.h"), Err(Refused::Escapes));
        assert_eq!(j("", "/etc/passwd"), Err(Refused::Absolute));
        assert_eq!(j("", "C:/x.h"), Err(Refused::Absolute));
        assert_eq!(j("", "\\\\server\\x.h"), Err(Refused::Absolute));
    }
}
