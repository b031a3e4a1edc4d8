//! Loading the suite corpus: every `.cl` file under a directory, parsed as a case.

use super::{Case, CaseError};
use std::path::{Path, PathBuf};

/// Every case under `root`, sorted by name, or every error found (a corpus with one malformed
/// case is unusable: nothing runs until it is fixed).
pub fn load(root: &Path) -> Result<Vec<Case>, Vec<CaseError>> {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    collect(root, &mut files, &mut errors);
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let shown = path.display().to_string();
        match std::fs::read_to_string(&path) {
            Ok(text) => match Case::parse(&shown, &case_name(root, &path), &text) {
                Ok(case) => cases.push(case),
                Err(e) => errors.push(e),
            },
            Err(e) => errors.push(CaseError {
                file: shown,
                line: 0,
                message: format!("cannot read: {e}"),
            }),
        }
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// The stable name of a case: its path under the corpus root, `/`-separated, without `.cl`.
pub fn case_name(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path).with_extension("");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>, errors: &mut Vec<CaseError>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            errors.push(CaseError {
                file: dir.display().to_string(),
                line: 0,
                message: format!("cannot read directory: {e}"),
            });
            return;
        }
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files, errors);
        } else if path.extension().is_some_and(|e| e == "cl") {
            files.push(path);
        }
    }
}
