//! The newest clang as a subject: clang 22's `libclang` from the `libclang-ng` wheel, loaded in
//! a worker process ([`crate::drivers::libclang`]), which parses each case from memory with the
//! profile's exact feature set and is judged on accept/reject like clang-16. Its id names its
//! major version (`clang-22`), read from the library itself.
//!
//! libclang ignores `-resource-dir`, so the wheel's resource headers (`opencl-c-base.h`, the
//! default header) are passed with `-Xclang -internal-isystem`, where the driver would have put
//! them.

use super::wheels;
use checker::case::Case;
use checker::Profile;
use std::path::PathBuf;

/// The wheel, as pip names its distribution.
pub const WHEEL: &str = "libclang_ng";

/// The target clang-22 parses for: SPIR, as clang-based OpenCL drivers do.
pub const TARGET: &str = "spir64-unknown-unknown";

/// What the listing says it supports.
pub const SUPPORTS: &str = "every profile (-cl-std, 3.0 features through -cl-ext), -fsyntax-only";

#[derive(Debug, Clone)]
pub struct Libclang {
    /// `libclang.so`.
    pub library: PathBuf,
    /// The resource headers (`opencl-c-base.h`).
    pub include: PathBuf,
    /// `libclang-ng 22.1.4.2`.
    pub wheel: String,
}

impl Libclang {
    /// The wheel's libclang, or why there is none.
    pub fn find() -> Result<Libclang, String> {
        let site = wheels::site_packages()?;
        let wheel = wheels::wheel_version(&site, WHEEL)
            .ok_or_else(|| format!("the libclang-ng wheel is not in {}", site.display()))?;
        let mut c = Libclang::at(&site.join("clang/native/libclang.so"))?;
        c.wheel = wheel;
        Ok(c)
    }

    /// Another libclang (`--libclang`: Debian's libclang-16, say), with the resource headers
    /// beside it: the wheel's `resource/include`, or an installation's `clang/<N>/include`.
    pub fn at(library: &std::path::Path) -> Result<Libclang, String> {
        let dir = library.parent().unwrap_or(std::path::Path::new("."));
        let mut candidates = vec![dir.join("resource/include")];
        if let Ok(entries) = std::fs::read_dir(dir.join("clang")) {
            let mut found: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path().join("include"))
                .collect();
            found.sort();
            candidates.extend(found);
        }
        let include = candidates
            .into_iter()
            .find(|c| c.join("opencl-c-base.h").is_file())
            .ok_or_else(|| {
                format!(
                    "no opencl-c-base.h in resource headers beside {}",
                    library.display()
                )
            })?;
        if !library.is_file() {
            return Err(format!("{} is not a file", library.display()));
        }
        Ok(Libclang {
            library: library.to_path_buf(),
            include,
            wheel: library.display().to_string(),
        })
    }

    pub fn worker_args(&self) -> Vec<String> {
        vec![
            "libclang".into(),
            "--library".into(),
            self.library.display().to_string(),
            "--include".into(),
            self.include.display().to_string(),
            "--wheel".into(),
            self.wheel.clone(),
        ]
    }
}

/// `clang-22` from `clang version 22.1.4 (...)`; `clang` when the version says no number.
pub fn subject_id(version: &str) -> String {
    version
        .split("clang version ")
        .nth(1)
        .and_then(|v| v.split('.').next())
        .filter(|major| !major.is_empty() && major.bytes().all(|b| b.is_ascii_digit()))
        .map(|major| format!("clang-{major}"))
        .unwrap_or_else(|| "clang".into())
}

/// The arguments libclang gets for `case` in `profile` (the worker adds the resource headers):
/// language, target, default header, the profile's options, then the case's.
pub fn arguments(case: &Case, profile: Profile) -> Vec<String> {
    let lang = if case.is_cxx() { "clcpp" } else { "cl" };
    let mut v: Vec<String> = ["-x", lang, "-target", TARGET, "-Xclang"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.push("-finclude-default-header".into());
    v.extend(profile.clang_options());
    v.extend(case.options.iter().cloned());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_names_the_major_version() {
        assert_eq!(
            subject_id("clang version 22.1.4 (https://github.com/llvm/llvm-project 1234)"),
            "clang-22"
        );
        assert_eq!(subject_id("Ubuntu clang version 16.0.6"), "clang-16");
        assert_eq!(subject_id("something else"), "clang");
    }

    #[test]
    fn arguments_carry_target_profile_and_case_options() {
        let case = Case::parse(
            "t.cl",
            "t",
            "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL3.0\n//@ options: -DN=2\nkernel void k(void) {}\n",
        )
        .unwrap();
        let args = arguments(&case, Profile::CL3_0).join(" ");
        assert!(args.starts_with("-x cl -target spir64-unknown-unknown -Xclang -finclude-default-header -cl-std=CL3.0 -Xclang -cl-ext=-"), "{args}");
        assert!(args.ends_with("-DN=2"), "{args}");
    }
}
