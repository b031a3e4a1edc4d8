//! Where `#include` looks, and how it reads files: the [`Loader`] trait, a file-system loader
//! and an in-memory one.
//!
//! The policy is a driver's: an include reads the file its path names, found the way clang
//! finds it (the including file's directory for `"..."`, then each include directory, `..`
//! and absolute names included). What hostile input must not do is hang the checker or read a
//! device, so only regular files are read, never opened when they are not one, and read no
//! further than the size they had when they were opened (a `/proc` file reads as empty).

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// Why an included file could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// No such file, or not one this process may read.
    Missing,
    /// It exists but is a device, a FIFO, a socket or a directory.
    NotAFile,
}

/// Reads an included file.
pub trait Loader {
    fn load(&self, path: &Path) -> Result<String, Unreadable>;
}

/// Reads real files. Non-UTF-8 bytes are replaced (U+FFFD), as for the main file.
#[derive(Debug, Clone, Copy, Default)]
pub struct FsLoader;

impl Loader for FsLoader {
    fn load(&self, path: &Path) -> Result<String, Unreadable> {
        use std::io::Read;
        use std::os::unix::fs::OpenOptionsExt;
        // Looked at before it is opened: opening a device or a FIFO can block or act.
        let meta = std::fs::metadata(path).map_err(|_| Unreadable::Missing)?;
        if !meta.is_file() {
            return Err(Unreadable::NotAFile);
        }
        // Non-blocking, and looked at again once open, for a file swapped in between.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(path)
            .map_err(|_| Unreadable::Missing)?;
        let meta = file.metadata().map_err(|_| Unreadable::Missing)?;
        if !meta.is_file() {
            return Err(Unreadable::NotAFile);
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(meta.len())
            .read_to_end(&mut bytes)
            .map_err(|_| Unreadable::Missing)?;
        // Valid UTF-8 (the usual case) is taken as it is, without the lossy path's copy.
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }
}

/// Files held in memory, keyed by their path with `.` and `..` resolved (`inc/../a.h` finds
/// `a.h`).
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
    fn load(&self, path: &Path) -> Result<String, Unreadable> {
        self.files
            .get(&lexical(path))
            .cloned()
            .ok_or(Unreadable::Missing)
    }
}

/// `path` with `.` and `..` resolved lexically (a leading `..` stays), the name a file is
/// shown and remembered by. Reading uses the path as written, as the system resolves it.
pub(super) fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else if !out.has_root() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_lexically_as_written() {
        // An absolute name replaces the directory it is joined to.
        let j = |d: &str, n: &str| lexical(&Path::new(d).join(n));
        assert_eq!(j("", "a.h"), PathBuf::from("a.h"));
        assert_eq!(j("sub", "../a.h"), PathBuf::from("a.h"));
        assert_eq!(j("sub", "./x/../b.h"), PathBuf::from("sub/b.h"));
        assert_eq!(j("sub", "../../a.h"), PathBuf::from("../a.h"));
        assert_eq!(j("", "../a.h"), PathBuf::from("../a.h"));
        assert_eq!(
            j("Project", "../Project/src/common.cl"),
            PathBuf::from("Project/src/common.cl")
        );
        assert_eq!(j("inc", "/etc/x.h"), PathBuf::from("/etc/x.h"));
        assert_eq!(j("", "/../x.h"), PathBuf::from("/x.h"));
    }

    #[test]
    fn only_regular_files_are_read() {
        let loader = FsLoader;
        assert_eq!(
            loader.load(Path::new("/dev/null")),
            Err(Unreadable::NotAFile)
        );
        assert_eq!(loader.load(Path::new("/")), Err(Unreadable::NotAFile));
        assert_eq!(
            loader.load(Path::new("/no/such/file.h")),
            Err(Unreadable::Missing)
        );
        // A pseudo-file reports no size: it reads as empty, without blocking.
        if Path::new("/proc/self/status").exists() {
            assert_eq!(
                loader.load(Path::new("/proc/self/status")),
                Ok(String::new())
            );
        }
    }
}
