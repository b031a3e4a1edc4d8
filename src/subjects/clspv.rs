//! clspv, the OpenCL C compiler behind clvk (OpenCL on Vulkan), as a subject: the `pyclspv`
//! wheel's library, whose exported `clspv::Compile(argc, argv)` is clspv's command line, called
//! in a worker ([`crate::drivers::clspv`]) once per process state: the worker forks for each
//! compile, since clspv keeps its options in LLVM's global state.
//!
//! What clspv compiles is data, like a device's feature queries: the `-cl-std` values it takes
//! ([`PROFILES`]), its OpenCL C 3.0 feature set (neither address-space feature: its
//! predefined `__opencl_c_*` macros say so), the options a profile needs ([`options`]), and the
//! Vulkan restrictions it states in its diagnostics ([`RESTRICTIONS`]). A profile outside them is
//! skipped by the plan, saying why; a refusal whose first error is a stated restriction is
//! recorded as skipped, naming it (it says nothing about the rule the case tests). A kernel
//! clspv accepts is validated with `spirv-val --target-env vulkan1.0`: SPIR-V that fails is a
//! finding, whatever the case expected.

use super::wheels;
use checker::case::Case;
use checker::{Lang, Profile};
use std::path::PathBuf;

/// The wheel, as pip names its distribution.
pub const WHEEL: &str = "pyclspv";

/// clspv's command-line entry point, `clspv::Compile(int, char const* const*)`.
pub const ENTRY: &str = "_ZN5clspv7CompileEiPKPKc";

/// The Vulkan environment clspv targets by default (SPIR-V 1.0), for `spirv-val`.
pub const TARGET_ENV: &str = "vulkan1.0";

/// The profiles clspv compiles: OpenCL C 1.1 to 3.0 and C++ for OpenCL 2021. Its 3.0 has
/// neither the generic space nor program-scope globals (`-cl-std=CL3.0` defines neither
/// feature macro), so `CL3.0` is its one 3.0 profile.
pub const PROFILES: [Profile; 5] = [
    Profile::CL1_1,
    Profile::CL1_2,
    Profile::CL2_0,
    Profile::CL3_0,
    Profile::CXX2021,
];

/// A restriction clspv states when it refuses a kernel.
#[derive(Debug, Clone, Copy)]
pub struct Restriction {
    /// What it does not compile.
    pub what: &'static str,
    /// Its error messages for it (a refusal whose first error contains one of these is this
    /// restriction, not a verdict on the case's rule; the errors after it follow from it).
    pub diagnostics: &'static [&'static str],
    /// Why, in Vulkan's terms.
    pub why: &'static str,
}

/// clspv's stated restrictions.
pub const RESTRICTIONS: &[Restriction] = &[
    Restriction {
        what: "pointer-to-pointer kernel arguments",
        diagnostics: &[
            "kernel parameter cannot be declared as a pointer to a pointer",
            "structures may not contain pointers",
        ],
        why: "a Vulkan descriptor cannot hold a pointer",
    },
    Restriction {
        what: "recursive structures",
        diagnostics: &["recursive structures are not supported"],
        why: "SPIR-V for Vulkan has logical pointers only: a type cannot point to itself",
    },
    Restriction {
        what: "vectors of 8 or 16 elements",
        diagnostics: &["vectors with more than 4 elements are not supported"],
        why: "Vulkan's SPIR-V has vectors of 2 to 4 components (clspv's experimental -long-vector aside)",
    },
    Restriction {
        what: "scalars below their natural alignment",
        diagnostics: &["scalar elements must be aligned to their size"],
        why: "Vulkan's buffer layout rules",
    },
    Restriction {
        what: "pipes",
        diagnostics: &["pipes are not supported"],
        why: "Vulkan has no pipes",
    },
    Restriction {
        what: "device-side enqueue",
        diagnostics: &[
            "'queue_t'",
            "'clk_event_t'",
            "'ndrange_t'",
            "'enqueue_kernel'",
            "'get_default_queue'",
            "'ndrange_1D'",
        ],
        why: "Vulkan has no device-side enqueue; clspv declares none of its types or functions",
    },
];

/// `spirv-val` errors that say nothing about the kernel's code, each with why: a module of a
/// program without kernels has no entry point, which Vulkan's environment requires, and clspv
/// keeps no function that no kernel calls, so there is nothing to check.
pub const NOT_FINDINGS: &[(&str, &str)] = &[(
    "No OpEntryPoint instruction was found",
    "the program has no kernel: its module has no entry point (which Vulkan requires) and no code to check",
)];

/// Why a `spirv-val` failure is not a finding, when every error line is one of [`NOT_FINDINGS`].
pub fn not_a_finding(said: &str) -> Option<&'static str> {
    let errors: Vec<&str> = said.lines().filter(|l| l.starts_with("error")).collect();
    let (_, why) = NOT_FINDINGS
        .iter()
        .find(|(m, _)| !errors.is_empty() && errors.iter().all(|e| e.contains(m)))?;
    Some(why)
}

/// The options clspv needs for `profile`: the generic space (OpenCL C 2.0, C++ for OpenCL)
/// compiles only with every entry point inlined (clspv says so and stops otherwise).
pub fn options(case: &Case, profile: Profile) -> Vec<String> {
    let mut v = vec![profile.cl_std_option()];
    if profile.lang() == Lang::Cl2_0 || profile.lang().is_cxx() {
        v.push("-inline-entry-points".into());
    }
    v.extend(case.options.iter().cloned());
    v
}

/// Why `profile` is not compiled by clspv, or `None` when it is.
pub fn unsupported(profile: Profile) -> Option<String> {
    if PROFILES.contains(&profile) {
        return None;
    }
    Some(if profile.lang() == Lang::Cl3_0 {
        format!(
            "clspv compiles OpenCL C 3.0 as {} (without the generic space and program-scope globals); no option switches a feature on",
            Profile::CL3_0.name()
        )
    } else {
        format!("clspv does not compile {}", profile.name())
    })
}

/// What the listing says clspv supports.
pub fn supports() -> String {
    let profiles: Vec<String> = PROFILES.iter().map(|p| p.name()).collect();
    let restrictions: Vec<&str> = RESTRICTIONS.iter().map(|r| r.what).collect();
    format!(
        "{}; SPIR-V checked by spirv-val --target-env {TARGET_ENV}; refuses {}",
        profiles.join(" "),
        restrictions.join(", ")
    )
}

/// The restriction a refusal's first error states, if it states one (what follows it is
/// its consequence: `queue_t` undeclared, then the variable of that type).
pub fn restriction_of(log: &str) -> Option<&'static Restriction> {
    let first = log.lines().find(|l| l.contains("error: "))?;
    RESTRICTIONS
        .iter()
        .find(|r| r.diagnostics.iter().any(|d| first.contains(d)))
}

#[derive(Debug, Clone)]
pub struct Clspv {
    /// The wheel's extension module, which holds clspv.
    pub library: PathBuf,
    /// The Python library the module's symbols need (loaded for them alone; no interpreter
    /// starts).
    pub python: String,
    /// `spirv-val`.
    pub spirv_val: PathBuf,
    /// `pyclspv 0.0.1`.
    pub wheel: String,
}

impl Clspv {
    /// The wheel's clspv, or why there is none.
    pub fn find() -> Result<Clspv, String> {
        let site = wheels::site_packages()?;
        let wheel = wheels::wheel_version(&site, WHEEL)
            .ok_or_else(|| format!("the pyclspv wheel is not in {}", site.display()))?;
        let library = std::fs::read_dir(&site)
            .map_err(|e| e.to_string())?
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("pyclspv.cpython-") && n.ends_with(".so"))
            })
            .ok_or_else(|| format!("{} has no pyclspv.cpython-*.so", site.display()))?;
        let python = python_library(&library).ok_or_else(|| {
            format!(
                "cannot tell which Python {} was built for",
                library.display()
            )
        })?;
        Ok(Clspv {
            library,
            python,
            spirv_val: PathBuf::from("spirv-val"),
            wheel,
        })
    }

    pub fn worker_args(&self) -> Vec<String> {
        vec![
            "clspv".into(),
            "--library".into(),
            self.library.display().to_string(),
            "--python".into(),
            self.python.clone(),
            "--spirv-val".into(),
            self.spirv_val.display().to_string(),
            "--wheel".into(),
            self.wheel.clone(),
        ]
    }
}

/// `libpython3.11.so.1.0` for `pyclspv.cpython-311-x86_64-linux-gnu.so`.
fn python_library(module: &std::path::Path) -> Option<String> {
    let name = module.file_name()?.to_str()?;
    let tag = name.split(".cpython-").nth(1)?.split('-').next()?;
    let (major, minor) = tag.split_at(1);
    Some(format!("libpython{major}.{minor}.so.1.0"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_python_library_follows_the_module_tag() {
        assert_eq!(
            python_library(std::path::Path::new(
                "/x/pyclspv.cpython-311-x86_64-linux-gnu.so"
            ))
            .as_deref(),
            Some("libpython3.11.so.1.0")
        );
    }

    #[test]
    fn refusals_are_restrictions_when_their_first_error_is_one() {
        let both = "c.cl:1:36: error: kernel parameter cannot be declared as a pointer to a pointer\nc.cl:1:15: error: structures may not contain pointers\n";
        assert_eq!(
            restriction_of(both).map(|r| r.what),
            Some("pointer-to-pointer kernel arguments")
        );
        let enqueue = "case.cl:6:5: error: use of undeclared identifier 'queue_t'\ncase.cl:7:20: error: use of undeclared identifier 'q'\n";
        assert_eq!(
            restriction_of(enqueue).map(|r| r.what),
            Some("device-side enqueue")
        );
        let rule_first = format!("c.cl:2:1: error: initializing '__private int *' changes address space of pointer\n{both}");
        assert!(restriction_of(&rule_first).is_none());
        assert!(restriction_of("").is_none());
    }

    #[test]
    fn a_module_without_entry_points_is_not_a_finding() {
        let said = "error: line 0: No OpEntryPoint instruction was found. This is only allowed if the Linkage capability is being used.";
        assert!(not_a_finding(said).is_some());
        let other = "error: line 46: [VUID-StandaloneSpirv-Uniform-06807] StorageBuffer OpVariable <id> '4[%4]' has illegal type.";
        assert!(not_a_finding(other).is_none());
        assert!(not_a_finding(&format!("{said}\n{other}")).is_none());
    }

    #[test]
    fn profiles_outside_clspv_are_skipped_with_a_reason() {
        assert!(unsupported(Profile::CL1_2).is_none());
        let why = unsupported(Profile::CL3_0_GLOBALS).unwrap();
        assert!(why.contains("CL3.0"), "{why}");
    }
}
