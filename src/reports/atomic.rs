//! Whole-file writes that a kill cannot tear: a report file is either the old one or the new
//! one. Write to a temporary file in the same directory, `fsync` it, rename it over the target,
//! then `fsync` the directory so the rename itself is durable (the pattern of nextest's
//! `AtomicFile`).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// The marker in temporary file names: `.<name>.clasp-tmp-<pid>-<n>`.
const TMP_MARK: &str = ".clasp-tmp-";

/// Replaces `path` with `bytes`, atomically.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no file name"))?
        .to_string_lossy();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}{TMP_MARK}{}-{n}", std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        // Make the rename durable; a directory that cannot be opened (odd filesystems) still
        // got an atomic rename.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Removes temporary files that writers killed mid-write left in `dir` (those whose process is
/// gone). Files of a live writer are left alone.
pub fn clean_stale(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some((_, rest)) = name.split_once(TMP_MARK) else {
            continue;
        };
        let pid: i32 = rest
            .split('-')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        // SAFETY: kill with signal 0 only checks whether the process exists.
        let alive = pid > 0 && unsafe { libc::kill(pid, 0) } == 0;
        if !alive {
            let _ = fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.txt");
        write(&p, b"old").unwrap();
        write(&p, b"new").unwrap();
        assert_eq!(fs::read(&p).unwrap(), b"new");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().flatten().collect();
        assert_eq!(names.len(), 1);
        // A dead writer's leftover is cleaned; our own (live) one would not be.
        let stale = dir.path().join(format!(".a.txt{TMP_MARK}999999999-0"));
        fs::write(&stale, b"x").unwrap();
        let live = dir
            .path()
            .join(format!(".b.txt{TMP_MARK}{}-0", std::process::id()));
        fs::write(&live, b"x").unwrap();
        clean_stale(dir.path());
        assert!(!stale.exists());
        assert!(live.exists());
    }
}
