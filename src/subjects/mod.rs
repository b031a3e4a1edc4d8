//! Subjects: what runs the corpus. Every OpenCL device, the built-in checker, clang-16, and the
//! compilers loaded in workers: clang-22 through libclang, and clspv.
//!
//! [`plan`] decides, for one subject and one case, which (profile, expectation) pairs run, which
//! are skipped and why. The profile rules for devices are in [`plan`]'s documentation.

pub mod checker;
pub mod clang;
pub mod clspv;
pub mod compiler;
pub mod libclang;
pub mod wheels;

use crate::drivers::discover::CXX_EXTENSION;
use crate::drivers::protocol::Mode;
use crate::drivers::DeviceInfo;
use crate::results::{Diag, Expected, RunKind};
use ::checker::case::Case;
use ::checker::{AddrSpace, Lang, Profile};
use std::path::PathBuf;

/// What runs the cases.
#[derive(Debug, Clone)]
pub enum SubjectKind {
    /// clasp's own front end, in process.
    Checker,
    /// `clang-16 -fsyntax-only`, one process per build.
    Clang { exe: PathBuf },
    /// An OpenCL device, through worker processes.
    Device(Box<DeviceInfo>),
    /// A compiler loaded in worker processes ([`compiler`]).
    Compiler(Box<compiler::Compiler>),
    /// An OpenCL device through SPIR-V: each case compiled offline, then given to the driver
    /// with `clCreateProgramWithIL` ([`crate::drivers::spirv`]), in the device's own workers.
    DeviceSpirv(Box<DeviceInfo>),
}

#[derive(Debug, Clone)]
pub struct Subject {
    /// `checker`, `clang-16`, or the device id (`portable-computing-language/pthread-...`).
    pub id: String,
    /// What exactly runs: versions. Part of the cache key and of every result.
    pub identity: String,
    pub kind: SubjectKind,
}

impl Subject {
    pub fn checker() -> Subject {
        Subject {
            id: "checker".into(),
            identity: format!("clasp checker {}", env!("CARGO_PKG_VERSION")),
            kind: SubjectKind::Checker,
        }
    }

    pub fn device(d: &DeviceInfo) -> Subject {
        Subject {
            id: d.id.clone(),
            identity: d.identity(),
            kind: SubjectKind::Device(Box::new(d.clone())),
        }
    }

    /// The SPIR-V path of a device that takes SPIR-V (`CL_DEVICE_IL_VERSION`), named by the
    /// offline tools' versions; or why there is none.
    pub fn device_spirv(d: &DeviceInfo) -> Result<Subject, String> {
        if !d.takes_spirv() {
            return Err(format!(
                "{} reports no SPIR-V in CL_DEVICE_IL_VERSION ({})",
                d.id,
                d.il_version.as_deref().unwrap_or("not answered")
            ));
        }
        let tools = crate::drivers::spirv::versions()?;
        Ok(Subject {
            id: format!("{} via SPIR-V", d.id),
            identity: format!("{} | via SPIR-V: {tools}", d.identity()),
            kind: SubjectKind::DeviceSpirv(Box::new(d.clone())),
        })
    }

    pub fn is_device(&self) -> bool {
        matches!(self.kind, SubjectKind::Device(_))
    }

    /// Whether results may come from the cache (the checker is fast and changes with clasp).
    pub fn cacheable(&self) -> bool {
        !matches!(self.kind, SubjectKind::Checker)
    }
}

/// One (case, profile) run on one subject, planned.
#[derive(Debug, Clone)]
pub struct Job {
    pub case: usize,
    pub profile: Profile,
    pub kind: RunKind,
    /// What the subject is given (drivers: the build options; clang: its arguments).
    pub options: Vec<String>,
    pub expected: Expected,
    /// Decided without running: why.
    pub skip: Option<String>,
    /// What a device does with it: build, execute a run-time case, or query the argument
    /// qualifiers ([`RunKind::ArgQualifiers`]). Other subjects ignore it.
    pub mode: Mode,
    /// For [`RunKind::ArgQualifiers`]: each kernel and the spaces the checker reads from its
    /// signature, the expected side of the comparison.
    pub arg_qualifiers: Vec<(String, Vec<AddrSpace>)>,
}

/// The jobs of `case` (index `index`) on `subject`, for the case's profiles that `keep` allows.
///
/// Devices are tested in the profiles they report ([`DeviceInfo::profiles`]): CL1.1, CL1.2 and
/// CL2.0 when `CL_DEVICE_OPENCL_C_ALL_VERSIONS` (before 3.0: `CL_DEVICE_OPENCL_C_VERSION` and
/// every earlier version) lists them; exactly one OpenCL C 3.0 profile, the one whose feature
/// set equals `CL_DEVICE_OPENCL_C_FEATURES`, since a driver cannot switch a feature on or off;
/// CLC++2021 when the device reports `cl_ext_cxx_for_opencl`. For a profile the case lists:
///
/// - the device reports it: the case's own expectation (accept/reject), [`RunKind::Listed`];
/// - the device does not report its OpenCL C version: building with that `-cl-std` must fail
///   (OpenCL API, `clBuildProgram`: a `-cl-std` the device does not support is an invalid build
///   option), whatever the case expects, [`RunKind::UnsupportedStd`];
/// - another OpenCL C 3.0 feature set than the device's: skipped, naming the device's profile.
///   "Code that needs a feature the device lacks must be rejected" is not derived here: the
///   corpus states it directly, as cases that are accepted in `CL3.0+globals` and rejected in
///   `CL3.0` (say); a device without the feature runs such a case in `CL3.0` and must reject.
/// - CLC++2021 on a device without `cl_ext_cxx_for_opencl`: skipped, saying so.
///
/// On a device, a run-time case in a profile it reports is executed ([`Mode::Run`]); a compile
/// case that must build there gets a second job, [`RunKind::ArgQualifiers`]: the same build
/// with `-cl-kernel-arg-info`, then `CL_KERNEL_ARG_ADDRESS_QUALIFIER` of every argument,
/// compared with [`checker::signatures`] (C profiles only: C++ kernel signatures are not modelled). That is
/// one extra build per such case, cached under its own key like every build; the engine runs
/// it right after the case's own build, on the same worker, and only when that build succeeded.
pub fn plan(
    subject: &Subject,
    case: &Case,
    index: usize,
    keep: &dyn Fn(Profile) -> bool,
) -> Vec<Job> {
    let runtime = case.run.is_some();
    let accept_or_reject = |p: Profile| {
        if case.must_compile(p) {
            Expected::Accept
        } else {
            Expected::Reject
        }
    };
    let mut jobs = Vec::new();
    for &profile in case.profiles.iter().filter(|p| keep(**p)) {
        let mut job = Job {
            case: index,
            profile,
            kind: RunKind::Listed,
            options: Vec::new(),
            expected: accept_or_reject(profile),
            skip: None,
            mode: if runtime { Mode::Run } else { Mode::Build },
            arg_qualifiers: Vec::new(),
        };
        match &subject.kind {
            SubjectKind::Checker => {
                let mut diagnostics: Vec<Diag> = case
                    .expected(profile)
                    .iter()
                    .map(|e| Diag {
                        line: e.line,
                        rule: e.rule.to_string(),
                    })
                    .collect();
                // Sorted as text, as the checker's side is (see `checker::run`).
                diagnostics.sort();
                job.expected = Expected::Diagnostics { diagnostics };
                job.options = case.options.clone();
            }
            SubjectKind::Clang { .. } => {
                job.options = clang::arguments(case, profile);
            }
            SubjectKind::Compiler(c) => plan_compiler(c, case, profile, &mut job),
            SubjectKind::Device(d) | SubjectKind::DeviceSpirv(d) => {
                job.options = driver_options(case, profile);
                let spirv = matches!(subject.kind, SubjectKind::DeviceSpirv(_));
                if profile.lang().is_cxx() {
                    // Through SPIR-V the device never reads C++: the offline compiler does.
                    if !spirv && !d.has_extension(CXX_EXTENSION) {
                        job.skip = Some(format!("device does not report {CXX_EXTENSION}"));
                    }
                } else if !d.c_langs().contains(&profile.lang()) {
                    job.kind = RunKind::UnsupportedStd;
                    job.expected = Expected::Reject;
                } else if profile.lang() == Lang::Cl3_0 && d.cl3_profile() != Some(profile) {
                    let own = d
                        .cl3_profile()
                        .map(|p| p.name())
                        .unwrap_or_else(|| "none".into());
                    job.skip = Some(format!(
                        "device runs OpenCL C 3.0 as {own} (its CL_DEVICE_OPENCL_C_FEATURES); a driver cannot switch features"
                    ));
                }
                if job.skip.is_none() && profile.lang() == Lang::Cl3_0 {
                    job.skip = missing_feature(case, d);
                }
                if job.kind == RunKind::UnsupportedStd {
                    // Only the build is judged: it must fail.
                    job.mode = Mode::Build;
                }
                if spirv {
                    plan_spirv(case, profile, &mut job);
                }
            }
        }
        if job.skip.is_none() {
            job.skip = template_skip(subject, case);
        }
        let arg_job = arg_qualifiers_job(subject, case, &job);
        jobs.push(job);
        jobs.extend(arg_job);
    }
    jobs
}

/// Why a subject other than a device skips a template case (`//@ bind:`): its source is
/// written for the answer of a device query, which only a device gives.
fn template_skip(subject: &Subject, case: &Case) -> Option<String> {
    let binds = &case.run.as_ref()?.binds;
    if binds.is_empty()
        || matches!(
            subject.kind,
            SubjectKind::Device(_) | SubjectKind::DeviceSpirv(_)
        )
    {
        return None;
    }
    let texts: Vec<String> = binds.iter().map(|b| b.text()).collect();
    Some(format!(
        "the case is sized by a device query ({}): only a device can expand it",
        texts.join(", ")
    ))
}

/// A compiler's job: its options, and for clspv the profiles it compiles. Compilers only
/// build: a run-time case is a kernel that must build, as for clang-16.
fn plan_compiler(c: &compiler::Compiler, case: &Case, profile: Profile, job: &mut Job) {
    job.mode = Mode::Build;
    match c {
        compiler::Compiler::Libclang(_) => job.options = libclang::arguments(case, profile),
        compiler::Compiler::Clspv(_) => {
            job.options = clspv::options(case, profile);
            job.skip = clspv::unsupported(profile);
        }
    }
}

/// A device job on the SPIR-V path: what is judged is the driver's SPIR-V consumer, so only
/// what must build and run goes that way; the options are the offline compiler's. C++ for
/// OpenCL goes this way whatever the device reports (it reads SPIR-V, not C++); a C++ case
/// that must be rejected gets the offline front end's verdict, answered as a skip that names
/// it ([`Mode::SpirvFront`]), since no driver sees a source the compiler refuses. OpenCL C
/// must-reject cases are left to the source path, where the driver's own compiler judges them.
fn plan_spirv(case: &Case, profile: Profile, job: &mut Job) {
    if job.skip.is_some() {
        return;
    }
    let front_only = profile.lang().is_cxx() && job.expected == Expected::Reject;
    job.skip = if job.kind == RunKind::UnsupportedStd {
        Some(format!(
            "the device does not report {}: whether it refuses that -cl-std is a question for its source path; the SPIR-V path takes must-accept and run-time cases only",
            profile.name()
        ))
    } else if job.expected == Expected::Reject && !front_only {
        Some("must-reject cases do not apply to the SPIR-V path: the offline compiler, not the driver, judges the source".into())
    } else if case.run.as_ref().is_some_and(|r| {
        r.queries
            .iter()
            .any(|q| matches!(q, ::checker::case::run::Query::ArgAddressQualifier { .. }))
    }) {
        Some("argument qualifiers exist only for programs built from source with -cl-kernel-arg-info (OpenCL API, clGetKernelArgInfo)".into())
    } else {
        None
    };
    job.mode = if front_only {
        Mode::SpirvFront
    } else if job.mode == Mode::Run {
        Mode::SpirvRun
    } else {
        Mode::Spirv
    };
    let mut options = profile.clang_options();
    options.extend(case.options.iter().cloned());
    job.options = options;
}

/// Rules whose cases need an OpenCL C 3.0 feature that clasp's profiles assume with both
/// address-space features but that a device may lack: device-side enqueue needs the generic
/// space and program-scope globals, and does not come with them.
const FEATURE_RULES: [(&str, &str); 1] = [("AS-ENQUEUE-BLOCK-ARGS", "__opencl_c_device_enqueue")];

/// Why a 3.0 job is skipped on this device: a feature one of the case's rules needs is missing.
fn missing_feature(case: &Case, d: &DeviceInfo) -> Option<String> {
    FEATURE_RULES
        .iter()
        .find(|(rule, feature)| {
            case.rules.iter().any(|r| r.code() == *rule) && !d.has_c_feature(feature)
        })
        .map(|(rule, feature)| format!("{rule} needs {feature}, which the device does not report"))
}

/// The [`RunKind::ArgQualifiers`] companion of a device's compile job, when it has one.
fn arg_qualifiers_job(subject: &Subject, case: &Case, job: &Job) -> Option<Job> {
    if !subject.is_device()
        || job.kind != RunKind::Listed
        || job.skip.is_some()
        || job.mode != Mode::Build
        || job.expected != Expected::Accept
        || job.profile.lang().is_cxx()
    {
        return None;
    }
    let opts = ::checker::Options::from_build_options(&case.options);
    let sigs = ::checker::signatures::kernel_signatures_with(&case.source, job.profile, &opts);
    if sigs.is_empty() {
        return None;
    }
    let mut options = job.options.clone();
    if !options.iter().any(|o| o == ARG_INFO_OPTION) {
        options.push(ARG_INFO_OPTION.into());
    }
    Some(Job {
        kind: RunKind::ArgQualifiers,
        options,
        mode: Mode::ArgInfo,
        arg_qualifiers: sigs.into_iter().map(|k| (k.name, k.params)).collect(),
        ..job.clone()
    })
}

/// The build option that makes `clGetKernelArgInfo` answer.
pub const ARG_INFO_OPTION: &str = "-cl-kernel-arg-info";

/// The build options a driver gets: `-cl-std=` for the profile, then the case's options.
pub fn driver_options(case: &Case, profile: Profile) -> Vec<String> {
    let mut v = vec![profile.cl_std_option()];
    v.extend(case.options.iter().cloned());
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device(c: &str, all: Option<&[&str]>, features: &[&str]) -> DeviceInfo {
        let mut d: DeviceInfo = serde_json::from_value(serde_json::json!({
            "id": "p/d", "platform_index": 0, "device_index": 0, "platform_name": "p",
            "platform_version": "OpenCL 3.0", "name": "d", "vendor": "v", "version": "OpenCL 3.0",
            "driver_version": "1", "opencl_c_version": c, "opencl_c_all_versions": null,
            "opencl_c_features": null, "generic_address_space_support": null,
            "max_constant_args": null, "max_constant_buffer_size": null, "local_mem_size": null,
            "local_mem_type": null, "max_global_variable_size": null, "address_bits": null,
            "extensions": []
        }))
        .unwrap();
        d.opencl_c_all_versions = all.map(|a| a.iter().map(|s| s.to_string()).collect());
        d.opencl_c_features = Some(features.iter().map(|s| s.to_string()).collect());
        d
    }

    fn case() -> Case {
        Case::parse(
            "t.cl",
            "t",
            "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2 CL2.0 CL3.0 CL3.0+globals\nglobal int g; //~ ERROR[CL1.2,CL3.0] AS-PROGSCOPE-SPACE\n",
        )
        .unwrap()
    }

    #[test]
    fn a_1_2_device_must_reject_later_standards() {
        let s = Subject::device(&device("OpenCL C 1.2 pocl", None, &[]));
        let jobs = plan(&s, &case(), 0, &|_| true);
        let got: Vec<_> = jobs
            .iter()
            .map(|j| {
                (
                    j.profile.name(),
                    j.kind,
                    j.expected.clone(),
                    j.skip.is_some(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("CL1.2".into(), RunKind::Listed, Expected::Reject, false),
                (
                    "CL2.0".into(),
                    RunKind::UnsupportedStd,
                    Expected::Reject,
                    false
                ),
                (
                    "CL3.0".into(),
                    RunKind::UnsupportedStd,
                    Expected::Reject,
                    false
                ),
                (
                    "CL3.0+globals".into(),
                    RunKind::UnsupportedStd,
                    Expected::Reject,
                    false
                ),
            ]
        );
        assert_eq!(jobs[1].options, ["-cl-std=CL2.0"]);
    }

    #[test]
    fn only_devices_run_a_case_sized_by_a_device_query() {
        let template = Case::parse(
            "l.cl",
            "l",
            "//@ rules: AS-LOCAL-MEM-LIMIT\n//@ profiles: CL1.2\n//@ kind: run\n//@ bind: N = CL_DEVICE_LOCAL_MEM_SIZE\n//@ launch: k 1\n//@ arg: local ${N}\nkernel void k(local uchar *l) { l[${N} - 1] = 1; }\n",
        )
        .unwrap();
        let on = |s: &Subject| plan(s, &template, 0, &|_| true)[0].skip.clone();
        let why = on(&Subject::checker()).expect("the checker skips a template");
        assert!(why.contains("N = CL_DEVICE_LOCAL_MEM_SIZE"), "{why}");
        let device = Subject::device(&device("OpenCL C 1.2 pocl", None, &[]));
        assert_eq!(on(&device), None);
    }

    #[test]
    fn device_enqueue_cases_need_the_feature_in_3_0() {
        let enqueue = Case::parse(
            "e.cl",
            "e",
            "//@ rules: AS-ENQUEUE-BLOCK-ARGS\n//@ profiles: CL2.0 CL3.0+generic+globals\nkernel void k(void) {}\n",
        )
        .unwrap();
        let both = [
            "__opencl_c_generic_address_space",
            "__opencl_c_program_scope_global_variables",
        ];
        let with = [both[0], both[1], "__opencl_c_device_enqueue"];
        let skip_in_3_0 = |features: &[&str]| {
            let d = device("OpenCL C 3.0", Some(&["2.0", "3.0"]), features);
            let jobs = plan(&Subject::device(&d), &enqueue, 0, &|_| true);
            let j = jobs
                .iter()
                .find(|j| j.profile.lang() == Lang::Cl3_0)
                .unwrap();
            assert!(jobs
                .iter()
                .all(|j| j.profile.lang() == Lang::Cl3_0 || j.skip.is_none()));
            j.skip.clone()
        };
        let why = skip_in_3_0(&both).expect("skipped without device-side enqueue");
        assert!(why.contains("__opencl_c_device_enqueue"), "{why}");
        assert_eq!(skip_in_3_0(&with), None);
    }

    #[test]
    fn a_3_0_device_runs_only_its_own_feature_set() {
        let s = Subject::device(&device(
            "OpenCL C 3.0",
            Some(&["1.2", "3.0"]),
            &["__opencl_c_program_scope_global_variables"],
        ));
        let jobs = plan(&s, &case(), 0, &|_| true);
        assert_eq!(jobs[2].profile, Profile::CL3_0);
        assert!(jobs[2].skip.as_deref().unwrap().contains("CL3.0+globals"));
        assert_eq!(jobs[3].profile, Profile::CL3_0_GLOBALS);
        assert_eq!(
            (jobs[3].kind, &jobs[3].expected),
            (RunKind::Listed, &Expected::Accept)
        );
        assert_eq!(jobs[1].kind, RunKind::UnsupportedStd);
    }

    #[test]
    fn a_compile_case_that_builds_gets_an_arg_qualifiers_job() {
        let s = Subject::device(&device("OpenCL C 1.2 pocl", None, &[]));
        let case = Case::parse(
            "t.cl",
            "t",
            "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2 CL2.0\nkernel void k(global int *p, local float *l, int n) {}\n",
        )
        .unwrap();
        let jobs = plan(&s, &case, 0, &|_| true);
        let kinds: Vec<_> = jobs.iter().map(|j| (j.profile, j.kind, j.mode)).collect();
        assert_eq!(
            kinds,
            [
                (Profile::CL1_2, RunKind::Listed, Mode::Build),
                (Profile::CL1_2, RunKind::ArgQualifiers, Mode::ArgInfo),
                (Profile::CL2_0, RunKind::UnsupportedStd, Mode::Build),
            ]
        );
        assert_eq!(jobs[1].options, ["-cl-std=CL1.2", ARG_INFO_OPTION]);
        assert_eq!(
            jobs[1].arg_qualifiers,
            [(
                "k".to_string(),
                vec![AddrSpace::Global, AddrSpace::Local, AddrSpace::Private]
            )]
        );
    }

    #[test]
    fn clspv_compiles_its_profiles_with_the_options_they_need() {
        let c = compiler::Compiler::Clspv(clspv::Clspv {
            library: "pyclspv.so".into(),
            python: "libpython3.11.so.1.0".into(),
            spirv_val: "spirv-val".into(),
            wheel: "pyclspv 0.0.1".into(),
        });
        let s = Subject {
            id: "clspv".into(),
            identity: "clspv".into(),
            kind: SubjectKind::Compiler(Box::new(c)),
        };
        let jobs = plan(&s, &case(), 0, &|_| true);
        let got: Vec<_> = jobs
            .iter()
            .map(|j| (j.profile, j.options.join(" "), j.skip.is_some(), j.mode))
            .collect();
        assert_eq!(
            got,
            [
                (Profile::CL1_2, "-cl-std=CL1.2".into(), false, Mode::Build),
                (
                    Profile::CL2_0,
                    "-cl-std=CL2.0 -inline-entry-points".into(),
                    false,
                    Mode::Build
                ),
                (Profile::CL3_0, "-cl-std=CL3.0".into(), false, Mode::Build),
                (
                    Profile::CL3_0_GLOBALS,
                    "-cl-std=CL3.0".into(),
                    true,
                    Mode::Build
                ),
            ]
        );
        // The case's own expectations hold: the program-scope global is an error in CL1.2.
        assert_eq!(jobs[0].expected, Expected::Reject);
    }

    #[test]
    fn the_spirv_path_takes_must_accept_and_run_time_cases_only() {
        let mut d = device("OpenCL C 1.2", None, &[]);
        assert!(Subject::device_spirv(&d).is_err());
        d.il_version = Some("SPIR-V_1.0 SPIR-V_1.1".into());
        let s = Subject {
            id: "p/d via SPIR-V".into(),
            identity: "x".into(),
            kind: SubjectKind::DeviceSpirv(Box::new(d)),
        };
        let accept = Case::parse(
            "t.cl",
            "t",
            "//@ rules: AS-PROGSCOPE-SPACE\n//@ profiles: CL1.2 CL2.0\nconstant int c = 1;\nkernel void k(global int *p) { *p = c; }\n",
        )
        .unwrap();
        let jobs = plan(&s, &accept, 0, &|_| true);
        // No arg-qualifiers job; CL2.0 is a -cl-std question of the source path.
        assert_eq!(jobs.len(), 2);
        assert_eq!((jobs[0].mode, jobs[0].skip.as_deref()), (Mode::Spirv, None));
        assert_eq!(jobs[0].options, ["-cl-std=CL1.2"]);
        assert!(jobs[1].skip.as_deref().unwrap().contains("source path"));
        let reject = plan(&s, &case(), 0, &|p| p == Profile::CL1_2);
        assert!(reject[0].skip.as_deref().unwrap().contains("must-reject"));
    }

    #[test]
    fn cxx_goes_through_spirv_without_the_extension_and_rejects_go_to_the_front_end() {
        let mut d = device("OpenCL C 3.0", Some(&["1.2", "3.0"]), &[]);
        d.il_version = Some("SPIR-V_1.0".into());
        let spirv = Subject {
            id: "p/d via SPIR-V".into(),
            identity: "x".into(),
            kind: SubjectKind::DeviceSpirv(Box::new(d.clone())),
        };
        let case = |body: &str| {
            Case::parse(
                "c.cl",
                "c",
                &format!("//@ rules: CXX-IMPLICIT-PRIVATE\n//@ profiles: CLC++2021\n{body}"),
            )
            .unwrap()
        };
        let run = case("//@ kind: run\n//@ launch: k 1\n//@ arg: buffer int[1] out\n//@ expect: out == {1}\nkernel void k(global int *out) { *out = 1; }\n");
        let reject = case("kernel void k(global int *g) { int x; global int *p = &x; //~ ERROR CXX-IMPLICIT-PRIVATE\n }\n");
        let on = |s: &Subject, c: &Case| plan(s, c, 0, &|_| true).remove(0);
        let j = on(&spirv, &run);
        assert_eq!((j.mode, j.skip.as_deref()), (Mode::SpirvRun, None));
        assert_eq!(j.options, ["-cl-std=CLC++2021"]);
        let j = on(&spirv, &reject);
        assert_eq!((j.mode, j.skip.as_deref()), (Mode::SpirvFront, None));
        // From source, the device must report the extension.
        let why = on(&Subject::device(&d), &run).skip.unwrap();
        assert!(why.contains(CXX_EXTENSION), "{why}");
    }

    #[test]
    fn the_checker_expects_rule_and_line() {
        let jobs = plan(&Subject::checker(), &case(), 0, &|p| p == Profile::CL1_2);
        assert_eq!(jobs.len(), 1);
        assert_eq!(
            jobs[0].expected,
            Expected::Diagnostics {
                diagnostics: vec![Diag {
                    line: 3,
                    rule: "AS-PROGSCOPE-SPACE".into()
                }]
            }
        );
    }
}
