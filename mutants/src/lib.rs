//! The mutants of clasp's mutation score: each one plausible driver bug in the address-space
//! rules, planted in a real driver by `mutant-layer` (an OpenCL loader layer) and looked for by
//! `clasp mutate`. This crate is the one table both read: what each mutant models, which class
//! of bug it belongs to, and how it is applied (a rewrite of the program text the driver
//! receives, of its build options, or of the answers of one API call).
//!
//! A mutant changes only what its `how` names; everything else goes to the real driver as is.

pub mod text;

/// The classes of address-space driver bugs the mutants cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// Accepting what a rule forbids, or what the profile lacks.
    Accepts,
    /// Wrong values in a space, reached directly or through pointers and helpers.
    Values,
    /// Casts between spaces (`to_global`, ...) and fences (`get_fence`, barriers).
    CastsFences,
    /// `async_work_group_copy` and its kin.
    AsyncCopy,
    /// `__local` memory shared by a work-group and only by it.
    LocalSharing,
    /// Program-scope and static variables: initial values, persistence across launches.
    ProgramScope,
    /// Device limits and the queries that report spaces and sizes.
    LimitsQueries,
    /// Alignment of objects in a space.
    Alignment,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Accepts => "accepts forbidden",
            Class::Values => "values",
            Class::CastsFences => "casts and fences",
            Class::AsyncCopy => "async copies",
            Class::LocalSharing => "__local sharing",
            Class::ProgramScope => "program scope",
            Class::LimitsQueries => "limits and queries",
            Class::Alignment => "alignment",
        }
    }
}

/// A device query (`clGetDeviceInfo`) whose answer a mutant changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceQuery {
    /// A number multiplied by four (`param`: the query).
    Times4(u32),
    /// `CL_DEVICE_OPENCL_C_FEATURES` without `__opencl_c_generic_address_space`, and
    /// `CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT` false.
    NoGenericFeature,
    /// `CL_DEVICE_OPENCL_C_ALL_VERSIONS` without OpenCL C 2.0.
    NoOpenClC20,
}

/// An API call whose behaviour a mutant changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    /// `CL_KERNEL_LOCAL_MEM_SIZE` answers 0.
    KernelLocalMemZero,
    /// `CL_KERNEL_LOCAL_MEM_SIZE` leaves out the `__local` arguments set so far.
    KernelLocalMemWithoutArgs,
    /// `CL_KERNEL_ARG_ADDRESS_QUALIFIER`: `from` answered as `to`.
    ArgQualifier { from: u32, to: u32 },
    /// `CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE` answers 0.
    GlobalVariableTotalZero,
    /// `clSetKernelArg` with a non-NULL value for a `__local` argument succeeds.
    LocalArgValueAccepted,
    /// `clSetKernelArg(size, NULL)` allocates half the size asked for.
    LocalArgHalfSize,
    /// A failed `clEnqueueNDRangeKernel` answers success and runs nothing.
    EnqueueErrorsSwallowed,
    /// Every launch runs on a freshly built copy of its program: program-scope variables start
    /// over at each launch.
    FreshProgramPerLaunch,
    /// Every kernel object gets its own copy of the program: kernels of one program do not
    /// share its program-scope variables.
    ProgramPerKernel,
}

/// How a mutant is applied.
#[derive(Clone, Copy)]
pub enum How {
    /// The program text (`clCreateProgramWithSource`) is rewritten; `None`: nothing to change.
    Source(fn(&str) -> Option<String>),
    /// A build with an unsupported `-cl-std` is retried without it.
    StdFallback,
    /// `-cl-std=CL1.1` and `-cl-std=CL1.2` builds are made as OpenCL C 2.0.
    Cl1xAs20,
    /// A failed build whose every `error:` line contains one of these texts reports success
    /// (a front end without that check).
    AcceptErrors(&'static [&'static str]),
    Device(DeviceQuery),
    Api(Api),
}

/// One planted bug.
pub struct Mutant {
    pub name: &'static str,
    pub class: Class,
    /// The driver bug it models, and a real driver's finding where one exists.
    pub models: &'static str,
    pub how: How,
}

/// Which cases a mutant can change the result of, for `clasp mutate` to run only those.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// The cases whose program text the rewrite changes.
    Rewritten,
    /// Cases that must fail to build somewhere (`//~` or `expect-error`), of those whose build
    /// failed on the real driver (`clasp mutate` knows which after the unmutated run).
    Rejecting,
    /// Cases whose build failed on the real driver, whatever they expect.
    FailedBuild,
    /// Run-time cases (`//@ kind: run`).
    Runtime,
    /// Run-time cases with program-scope or static variables.
    StaticStorage,
    /// Cases that name one of these words in code (an argument qualifier the mutant changes).
    Naming(&'static [&'static str]),
    /// Every case: what changes is how the device is planned (profiles, derived results).
    All,
}

impl Mutant {
    pub fn reach(&self) -> Reach {
        match self.how {
            How::Source(_) => Reach::Rewritten,
            How::AcceptErrors(_) => Reach::Rejecting,
            How::StdFallback => Reach::FailedBuild,
            How::Cl1xAs20 => Reach::All,
            How::Device(DeviceQuery::NoGenericFeature | DeviceQuery::NoOpenClC20) => Reach::All,
            How::Device(_) => Reach::Runtime,
            How::Api(Api::ArgQualifier {
                from: ARG_LOCAL, ..
            }) => Reach::Naming(&["local", "__local"]),
            How::Api(Api::ArgQualifier {
                from: ARG_CONSTANT, ..
            }) => Reach::Naming(&["constant", "__constant"]),
            How::Api(Api::ArgQualifier { .. }) => Reach::All,
            How::Api(Api::FreshProgramPerLaunch | Api::ProgramPerKernel) => Reach::StaticStorage,
            How::Api(_) => Reach::Runtime,
        }
    }

    /// Whether the mutant can change a result of the case whose file is `source`: a sound
    /// over-approximation (a case it cannot reach would give the unmutated result).
    pub fn reaches(&self, source: &str) -> bool {
        let runtime = source.lines().any(|l| {
            l.strip_prefix("//@")
                .and_then(|r| r.trim().strip_prefix("kind:"))
                .is_some_and(|k| k.trim() == "run")
        });
        match (self.reach(), self.how) {
            (Reach::Rewritten, How::Source(f)) => f(source).is_some(),
            (Reach::Rejecting, _) => source.contains("//~") || source.contains("expect-error"),
            (Reach::Runtime, _) => runtime,
            (Reach::StaticStorage, _) => runtime && text::has_static_storage(source),
            (Reach::Naming(words), _) => {
                text::tokens(source).iter().any(|t| words.contains(&t.text))
            }
            _ => true,
        }
    }

    /// How it is applied, in one line for `clasp mutate --list`.
    pub fn how_text(&self) -> String {
        match self.how {
            How::Source(_) => "rewrites the program text".into(),
            How::StdFallback => "clBuildProgram: an unsupported -cl-std is dropped".into(),
            How::Cl1xAs20 => "clBuildProgram: -cl-std=CL1.x becomes CL2.0".into(),
            How::AcceptErrors(t) => format!("clBuildProgram: errors naming {t:?} are ignored"),
            How::Device(q) => format!("clGetDeviceInfo: {q:?}"),
            How::Api(a) => format!("{a:?}"),
        }
    }
}

pub fn find(name: &str) -> Option<&'static Mutant> {
    MUTANTS.iter().find(|m| m.name == name)
}

const CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE: u32 = 0x1020;
const CL_DEVICE_MAX_CONSTANT_ARGS: u32 = 0x1021;
const CL_DEVICE_LOCAL_MEM_SIZE: u32 = 0x1023;
const CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE: u32 = 0x104D;
pub const ARG_GLOBAL: u32 = 0x119B;
pub const ARG_LOCAL: u32 = 0x119C;
pub const ARG_CONSTANT: u32 = 0x119D;

use text::{prelude_if_named as prelude, *};

/// Every mutant, in the order `clasp mutate` runs them.
pub static MUTANTS: &[Mutant] = &[
    // Accepting what a rule forbids or the profile lacks: a front end without one check.
    Mutant {
        name: "accept-space-changing-conversions",
        class: Class::Accepts,
        models: "a front end that lets a pointer change address space in an assignment, cast, argument or return (NVIDIA: nested pointees across spaces accepted)",
        how: How::AcceptErrors(&["changes address space of pointer", "address space of pointer"]),
    },
    Mutant {
        name: "accept-writes-to-read-only-spaces",
        class: Class::Accepts,
        models: "stores through __constant or const __global accepted (every clang-based driver: v->x through const __global float4 *)",
        how: How::AcceptErrors(&["read-only variable is not assignable", "cannot assign to variable"]),
    },
    Mutant {
        name: "accept-uninitialised-constant",
        class: Class::Accepts,
        models: "__constant variables without a constant initialiser accepted (clang-based drivers: a __constant initialised from another)",
        how: How::AcceptErrors(&["must be initialized", "not a compile-time constant"]),
    },
    Mutant {
        name: "accept-local-initialiser",
        class: Class::Accepts,
        models: "a __local variable with an initialiser accepted (its value silently dropped)",
        how: How::AcceptErrors(&["variable cannot have an initializer"]),
    },
    Mutant {
        name: "accept-space-in-wrong-scope",
        class: Class::Accepts,
        models: "__local or __constant variables outside a kernel's outermost scope, or function-scope __global, accepted (rusticl: __local event_t; NVIDIA: qualified compound literals)",
        how: How::AcceptErrors(&["outermost scope of a kernel function", "non-kernel function variable", "cannot be declared in", "automatic variable qualified with"]),
    },
    Mutant {
        name: "accept-program-scope-private",
        class: Class::Accepts,
        models: "program-scope variables outside __constant (1.x) or __global/__constant (2.0) accepted (NVIDIA: CL3.0 without the feature still has program-scope globals)",
        how: How::AcceptErrors(&["program scope variable must reside in"]),
    },
    Mutant {
        name: "accept-builtin-wrong-space",
        class: Class::Accepts,
        models: "built-ins (async copies, atomics, vload/vstore, to_*) taking pointers into a space they are not defined for",
        how: How::AcceptErrors(&["no matching function for call to", "atomic variable can be", "address argument to atomic operation"]),
    },
    Mutant {
        name: "accept-kernel-parameter-space",
        class: Class::Accepts,
        models: "kernel parameters that are __private pointers, pointers to pointers, or qualified by-value parameters accepted (NVIDIA: pointer-to-pointer arguments)",
        how: How::AcceptErrors(&["kernel parameter", "kernel function", "may not be qualified with an address space", "parameter may not"]),
    },
    Mutant {
        name: "unsupported-cl-std-accepted",
        class: Class::Accepts,
        models: "a -cl-std the device does not report builds anyway (Oclgrind, PoCL 3.1, NVIDIA: -cl-std=CL2.0 without OpenCL C 2.0)",
        how: How::StdFallback,
    },
    Mutant {
        name: "cl1x-built-as-cl2",
        class: Class::Accepts,
        models: "OpenCL C 1.x programs compiled with 2.0's rules: generic pointers and program-scope __global accepted where 1.x forbids them (NVIDIA: CL3.0 without features still has the generic space)",
        how: How::Cl1xAs20,
    },
    Mutant {
        name: "generic-feature-not-reported",
        class: Class::Accepts,
        models: "the compiler has the generic space while the device's queries deny it (NVIDIA: CL3.0 without the features still has them)",
        how: How::Device(DeviceQuery::NoGenericFeature),
    },
    Mutant {
        name: "opencl-c-2-not-reported",
        class: Class::Accepts,
        models: "CL_DEVICE_OPENCL_C_ALL_VERSIONS leaves out a version the compiler builds",
        how: How::Device(DeviceQuery::NoOpenClC20),
    },
    // Casts and fences.
    Mutant {
        name: "to-private-null",
        class: Class::CastsFences,
        models: "to_private returns NULL even for a pointer into __private (the inverse of Intel's to_* class: findings.md, Intel: to_* never return NULL)",
        how: How::Source(|s| prelude(s, &["to_private"], "#define to_private(p) (0 ? to_private(p) : 0)")),
    },
    Mutant {
        name: "to-local-null",
        class: Class::CastsFences,
        models: "to_local returns NULL even for a pointer into __local",
        how: How::Source(|s| prelude(s, &["to_local"], "#define to_local(p) (0 ? to_local(p) : 0)")),
    },
    Mutant {
        name: "to-global-null",
        class: Class::CastsFences,
        models: "to_global returns NULL even for a pointer into __global",
        how: How::Source(|s| prelude(s, &["to_global"], "#define to_global(p) (0 ? to_global(p) : 0)")),
    },
    Mutant {
        name: "get-fence-always-global",
        class: Class::CastsFences,
        models: "get_fence answers CLK_GLOBAL_MEM_FENCE whatever the space (findings.md, Intel: get_fence on __local)",
        how: How::Source(|s| prelude(s, &["get_fence"], "#define get_fence(p) ((cl_mem_fence_flags)CLK_GLOBAL_MEM_FENCE)")),
    },
    Mutant {
        name: "get-fence-always-local",
        class: Class::CastsFences,
        models: "get_fence answers CLK_LOCAL_MEM_FENCE whatever the space",
        how: How::Source(|s| prelude(s, &["get_fence"], "#define get_fence(p) ((cl_mem_fence_flags)CLK_LOCAL_MEM_FENCE)")),
    },
    // __local sharing and isolation.
    Mutant {
        name: "barrier-dropped",
        class: Class::LocalSharing,
        models: "barrier() compiled to nothing: work-items read __local memory before the others wrote it",
        how: How::Source(|s| prelude(s, &["barrier", "work_group_barrier"], "#define barrier(f) ((void)(f))\n#define work_group_barrier(...) ((void)0)")),
    },
    Mutant {
        name: "local-per-work-item",
        class: Class::LocalSharing,
        models: "kernel-scope __local variables allocated per work-item (private), not shared by the work-group",
        how: How::Source(|s| local_variables(s, "")),
    },
    Mutant {
        name: "local-shared-across-groups",
        class: Class::LocalSharing,
        models: "kernel-scope __local variables allocated once for the whole launch, shared by every work-group (where the version has static __global storage to model it)",
        how: How::Source(|s| {
            local_variables(s, "CLASP_MUTANT_LOCAL").map(|t| {
                format!("#if defined(__opencl_c_program_scope_global_variables) || __OPENCL_C_VERSION__ == 200\n#define CLASP_MUTANT_LOCAL static __global\n#else\n#define CLASP_MUTANT_LOCAL __local\n#endif\n#line 1\n{t}")
            })
        }),
    },
    Mutant {
        name: "local-arg-half-size",
        class: Class::LocalSharing,
        models: "__local arguments get half the bytes clSetKernelArg asked for, so they overlap other __local memory",
        how: How::Api(Api::LocalArgHalfSize),
    },
    // Wrong values in a space, reached through helpers.
    Mutant {
        name: "helper-local-params-global",
        class: Class::Values,
        models: "helper parameters declared __local compiled as __global: a __local argument read through a helper reads global memory",
        how: How::Source(helper_local_params_global),
    },
    Mutant {
        name: "constant-initialiser-off-by-one",
        class: Class::Values,
        models: "__constant data initialised wrong (NVIDIA: program-scope __constant arrays of 3-component vectors read back shifted)",
        how: How::Source(constant_initialisers_off_by_one),
    },
    // Async copies.
    Mutant {
        name: "async-copy-short",
        class: Class::AsyncCopy,
        models: "async_work_group_copy copies one element fewer than asked",
        how: How::Source(|s| prelude(s, &["async_work_group_copy"], "#define async_work_group_copy(d, s, n, e) async_work_group_copy((d), (s), (n) - 1, (e))")),
    },
    Mutant {
        name: "async-copy-source-offset",
        class: Class::AsyncCopy,
        models: "async_work_group_copy reads from one element past the source address it was given",
        how: How::Source(|s| prelude(s, &["async_work_group_copy"], "#define async_work_group_copy(d, s, n, e) async_work_group_copy((d), (s) + 1, (n) - 1, (e))")),
    },
    Mutant {
        name: "async-copy-stride-ignored",
        class: Class::AsyncCopy,
        models: "async_work_group_strided_copy ignores its stride",
        how: How::Source(|s| prelude(s, &["async_work_group_strided_copy"], "#define async_work_group_strided_copy(d, s, n, st, e) async_work_group_copy((d), (s), (n), (e))")),
    },
    // Program scope.
    Mutant {
        name: "global-initialiser-dropped",
        class: Class::ProgramScope,
        models: "program-scope __global variables start at zero whatever their initialiser (clspv: program-scope __global variables become invalid SPIR-V)",
        how: How::Source(|s| drop_initialisers(s, &["global", "__global"], true, false)),
    },
    Mutant {
        name: "static-initialiser-dropped",
        class: Class::ProgramScope,
        models: "static variables in functions start at zero whatever their initialiser",
        how: How::Source(|s| drop_initialisers(s, &[], false, true)),
    },
    Mutant {
        name: "globals-reset-per-launch",
        class: Class::ProgramScope,
        models: "program-scope variables allocated per launch: their values do not persist to the next launch",
        how: How::Api(Api::FreshProgramPerLaunch),
    },
    Mutant {
        name: "globals-per-kernel",
        class: Class::ProgramScope,
        models: "each kernel of a program gets its own copy of the program-scope variables",
        how: How::Api(Api::ProgramPerKernel),
    },
    // Limits and queries.
    Mutant {
        name: "max-constant-args-x4",
        class: Class::LimitsQueries,
        models: "CL_DEVICE_MAX_CONSTANT_ARGS four times what the device takes (PoCL: 65 __constant arguments accepted with 8 reported)",
        how: How::Device(DeviceQuery::Times4(CL_DEVICE_MAX_CONSTANT_ARGS)),
    },
    Mutant {
        name: "max-constant-buffer-size-x4",
        class: Class::LimitsQueries,
        models: "CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE four times what the device takes (PoCL: an 8 MiB __constant buffer over 512 KiB)",
        how: How::Device(DeviceQuery::Times4(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)),
    },
    Mutant {
        name: "local-mem-size-x4",
        class: Class::LimitsQueries,
        models: "CL_DEVICE_LOCAL_MEM_SIZE four times what the device has (rusticl: 64 MiB of __local memory on a 32 KiB device)",
        how: How::Device(DeviceQuery::Times4(CL_DEVICE_LOCAL_MEM_SIZE)),
    },
    Mutant {
        name: "max-global-variable-size-x4",
        class: Class::LimitsQueries,
        models: "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE four times what the device takes",
        how: How::Device(DeviceQuery::Times4(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE)),
    },
    Mutant {
        name: "kernel-local-mem-size-zero",
        class: Class::LimitsQueries,
        models: "CL_KERNEL_LOCAL_MEM_SIZE answers 0",
        how: How::Api(Api::KernelLocalMemZero),
    },
    Mutant {
        name: "kernel-local-mem-size-without-args",
        class: Class::LimitsQueries,
        models: "CL_KERNEL_LOCAL_MEM_SIZE leaves out __local arguments (rusticl, findings.md)",
        how: How::Api(Api::KernelLocalMemWithoutArgs),
    },
    Mutant {
        name: "arg-qualifier-local-as-global",
        class: Class::LimitsQueries,
        models: "CL_KERNEL_ARG_ADDRESS_QUALIFIER answers global for a __local argument",
        how: How::Api(Api::ArgQualifier { from: ARG_LOCAL, to: ARG_GLOBAL }),
    },
    Mutant {
        name: "arg-qualifier-constant-as-global",
        class: Class::LimitsQueries,
        models: "CL_KERNEL_ARG_ADDRESS_QUALIFIER answers global for a __constant argument",
        how: How::Api(Api::ArgQualifier { from: ARG_CONSTANT, to: ARG_GLOBAL }),
    },
    Mutant {
        name: "global-variable-total-size-zero",
        class: Class::LimitsQueries,
        models: "CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE answers 0",
        how: How::Api(Api::GlobalVariableTotalZero),
    },
    Mutant {
        name: "local-arg-value-accepted",
        class: Class::LimitsQueries,
        models: "clSetKernelArg takes a non-NULL value for a __local argument (Oclgrind, findings.md)",
        how: How::Api(Api::LocalArgValueAccepted),
    },
    Mutant {
        name: "enqueue-errors-swallowed",
        class: Class::LimitsQueries,
        models: "a launch over a limit (__local memory, __constant size or count) reports success and runs nothing (rusticl: 64 MiB __local on a 32 KiB device)",
        how: How::Api(Api::EnqueueErrorsSwallowed),
    },
    // Alignment.
    Mutant {
        name: "aligned-attribute-ignored",
        class: Class::Alignment,
        models: "__attribute__((aligned(N))) ignored: objects in each space placed at their type's natural alignment only",
        how: How::Source(drop_aligned),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_every_class_is_covered() {
        let mut names: Vec<&str> = MUTANTS.iter().map(|m| m.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), MUTANTS.len());
        assert!(MUTANTS.len() >= 30);
        for c in [
            Class::Accepts,
            Class::Values,
            Class::CastsFences,
            Class::AsyncCopy,
            Class::LocalSharing,
            Class::ProgramScope,
            Class::LimitsQueries,
            Class::Alignment,
        ] {
            assert!(MUTANTS.iter().any(|m| m.class == c), "{c:?}");
        }
    }

    #[test]
    fn source_mutants_reach_only_what_they_rewrite() {
        let m = find("to-private-null").unwrap();
        let uses = "kernel void k(global int *o) { int x; o[0] = to_private(&x) != 0; }";
        assert!(m.reaches(uses));
        assert!(!m.reaches("// to_private(\nkernel void k(global int *o) { o[0] = 1; }"));
        let out = match m.how {
            How::Source(f) => f(uses).unwrap(),
            _ => unreachable!(),
        };
        assert!(out.starts_with("#define to_private(p)") && out.contains("#line 1\n"));
    }
}
