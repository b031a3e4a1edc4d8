//! Where the compilers that come as Python wheels are installed: one virtual environment
//! (`CLASP_COMPILERS_VENV`, default `/opt/clasp/compilers`, made by `.ci/install`) holding the
//! `libclang-ng` wheel (clang-22's libclang and its resource headers) and the `pyclspv` wheel
//! (clspv's library). Nothing runs Python: the workers load the libraries themselves.

use std::path::{Path, PathBuf};

/// The environment variable naming the virtual environment.
pub const VENV_VAR: &str = "CLASP_COMPILERS_VENV";

/// Where `.ci/install` puts it when the variable is not set.
pub const DEFAULT_VENV: &str = "/opt/clasp/compilers";

/// The virtual environment's `site-packages` folder.
pub fn site_packages() -> Result<PathBuf, String> {
    let venv = std::env::var_os(VENV_VAR)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEFAULT_VENV));
    let lib = venv.join("lib");
    let entries = std::fs::read_dir(&lib).map_err(|e| {
        format!(
            "no compilers environment at {} ({e}; `.ci/install` makes it, {VENV_VAR} names another)",
            venv.display()
        )
    })?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path().join("site-packages"))
        .filter(|p| p.is_dir())
        .collect();
    found.sort();
    found
        .pop()
        .ok_or_else(|| format!("{} holds no python*/site-packages", lib.display()))
}

/// `name version` of the wheel whose `.dist-info` folder in `site` starts with `dist` (the
/// distribution name with `-` as `_`), or `None` when it is not installed.
pub fn wheel_version(site: &Path, dist: &str) -> Option<String> {
    let prefix = format!("{dist}-");
    let mut names: Vec<String> = std::fs::read_dir(site)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.starts_with(&prefix) && n.ends_with(".dist-info"))
        .collect();
    names.sort();
    let name = names.pop()?;
    let version = name
        .strip_prefix(&prefix)?
        .strip_suffix(".dist-info")?
        .to_string();
    Some(format!("{} {version}", dist.replace('_', "-")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheel_versions_come_from_dist_info_folders() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir(tmp.path().join("libclang_ng-22.1.4.2.dist-info")).unwrap();
        std::fs::create_dir(tmp.path().join("libclang_ngx-1.0.dist-info")).unwrap();
        assert_eq!(
            wheel_version(tmp.path(), "libclang_ng").as_deref(),
            Some("libclang-ng 22.1.4.2")
        );
        assert_eq!(wheel_version(tmp.path(), "pyclspv"), None);
    }
}
