//! clang's feature-test operators (`__has_builtin`, `__has_attribute`, `__has_extension`,
//! `__has_feature`, `__has_include`, `__has_include_next`, and `__has_cpp_attribute` in C++
//! for OpenCL), answered from tables of what clang-16 answers when compiling OpenCL for its
//! SPIR target.
//!
//! The tables are an approximation, kept to the names kernels test: clang's own lists are
//! generated from `Builtins.def`, `Attr.td` and `Features.def`. A name not listed answers 0,
//! which is what clang answers for a name it does not know; a listed builtin or attribute
//! clang has but that is missing here reads as absent, so the kernel takes its fallback path.

use crate::spec::Profile;

/// One operator. Each is a function-like macro that is "defined" for `defined` and `#ifdef`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HasOp {
    Builtin,
    Attribute,
    CppAttribute,
    Extension,
    Feature,
    Include,
    IncludeNext,
}

impl HasOp {
    /// The operators a profile has, with their spellings.
    pub fn all(profile: Profile) -> impl Iterator<Item = (&'static str, HasOp)> {
        let cxx = profile.lang().is_cxx();
        [
            ("__has_builtin", HasOp::Builtin, true),
            ("__has_attribute", HasOp::Attribute, true),
            ("__has_cpp_attribute", HasOp::CppAttribute, cxx),
            ("__has_extension", HasOp::Extension, true),
            ("__has_feature", HasOp::Feature, true),
            ("__has_include", HasOp::Include, true),
            ("__has_include_next", HasOp::IncludeNext, true),
        ]
        .into_iter()
        .filter(|(_, _, on)| *on)
        .map(|(name, op, _)| (name, op))
    }

    /// The answer for a name (not for the include operators, which ask the loader).
    pub fn answer(self, name: &str, profile: Profile) -> u64 {
        let name = strip_underscores(name);
        let v = profile.lang().c_version();
        let found = |table: &[&str]| table.contains(&name);
        match self {
            HasOp::Builtin => u64::from(found(BUILTINS) || (v >= 200 && found(BUILTINS_CL20))),
            HasOp::Attribute => u64::from(found(ATTRIBUTES)),
            // `[[clang::...]]`-style names keep their scope; the value is the attribute's
            // standard date where C++ gives one, 1 for a vendor attribute.
            HasOp::CppAttribute => CPP_ATTRIBUTES
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(0, |(_, v)| *v),
            HasOp::Feature => u64::from(found(FEATURES) || (v >= 200 && name == "blocks")),
            // Every feature is also an extension; C11 features are extensions in C99.
            HasOp::Extension => {
                u64::from(found(FEATURES) || found(EXTENSIONS) || (v >= 200 && name == "blocks"))
            }
            HasOp::Include | HasOp::IncludeNext => 0,
        }
    }
}

/// `__name__` and `name` are the same attribute or feature to clang.
fn strip_underscores(name: &str) -> &str {
    name.strip_prefix("__")
        .and_then(|n| n.strip_suffix("__"))
        .filter(|n| !n.is_empty())
        .unwrap_or(name)
}

/// Target-independent builtins kernels test for (`Builtins.def`), without their `__builtin_`
/// spelling being special: the name is compared whole.
const BUILTINS: &[&str] = &[
    "__builtin_expect",
    "__builtin_assume",
    "__builtin_assume_aligned",
    "__builtin_unreachable",
    "__builtin_trap",
    "__builtin_constant_p",
    "__builtin_offsetof",
    "__builtin_types_compatible_p",
    "__builtin_choose_expr",
    "__builtin_astype",
    "__builtin_convertvector",
    "__builtin_shufflevector",
    "__builtin_bit_cast",
    "__builtin_memcpy",
    "__builtin_memset",
    "__builtin_huge_val",
    "__builtin_huge_valf",
    "__builtin_inf",
    "__builtin_inff",
    "__builtin_nan",
    "__builtin_nanf",
    "__builtin_fabs",
    "__builtin_fabsf",
    "__builtin_fma",
    "__builtin_fmaf",
    "__builtin_sqrt",
    "__builtin_sqrtf",
    "__builtin_isnan",
    "__builtin_isinf",
    "__builtin_isfinite",
    "__builtin_clz",
    "__builtin_clzl",
    "__builtin_ctz",
    "__builtin_ctzl",
    "__builtin_popcount",
    "__builtin_popcountl",
    "__builtin_bswap16",
    "__builtin_bswap32",
    "__builtin_bswap64",
    "__builtin_rotateleft32",
    "__builtin_rotateright32",
    "__builtin_add_overflow",
    "__builtin_sub_overflow",
    "__builtin_mul_overflow",
    "__builtin_elementwise_abs",
    "__builtin_elementwise_max",
    "__builtin_elementwise_min",
    "__builtin_reduce_add",
    "__builtin_reduce_max",
    "__builtin_reduce_min",
    "__builtin_nondeterministic_value",
    "__c11_atomic_load",
    "__c11_atomic_store",
    "__c11_atomic_fetch_add",
    "__opencl_atomic_load",
    "__opencl_atomic_store",
    "__opencl_atomic_fetch_add",
    "__opencl_atomic_exchange",
    "__opencl_atomic_compare_exchange_strong",
    "__opencl_atomic_compare_exchange_weak",
];

/// OpenCL 2.0 builtins that clang declares itself (`LANGBUILTIN(..., OCL_*)` in Builtins.def),
/// so `__has_builtin` answers 1 for them from OpenCL C 2.0 on.
const BUILTINS_CL20: &[&str] = &[
    "to_global",
    "to_local",
    "to_private",
    "read_pipe",
    "write_pipe",
    "reserve_read_pipe",
    "reserve_write_pipe",
    "commit_read_pipe",
    "commit_write_pipe",
    "work_group_reserve_read_pipe",
    "work_group_reserve_write_pipe",
    "work_group_commit_read_pipe",
    "work_group_commit_write_pipe",
    "sub_group_reserve_read_pipe",
    "sub_group_reserve_write_pipe",
    "sub_group_commit_read_pipe",
    "sub_group_commit_write_pipe",
    "get_pipe_num_packets",
    "get_pipe_max_packets",
    "enqueue_kernel",
    "get_kernel_work_group_size",
    "get_kernel_preferred_work_group_size_multiple",
    "get_kernel_max_sub_group_size_for_ndrange",
    "get_kernel_sub_group_count_for_ndrange",
];

/// Attributes clang accepts in OpenCL code (`Attr.td`), without surrounding underscores.
const ATTRIBUTES: &[&str] = &[
    "aligned",
    "packed",
    "always_inline",
    "noinline",
    "unused",
    "used",
    "const",
    "pure",
    "noreturn",
    "nodebug",
    "deprecated",
    "unavailable",
    "overloadable",
    "weak",
    "section",
    "visibility",
    "cold",
    "hot",
    "flatten",
    "may_alias",
    "transparent_union",
    "warn_unused_result",
    "nonnull",
    "returns_nonnull",
    "alloc_size",
    "enable_if",
    "diagnose_if",
    "ext_vector_type",
    "vector_size",
    "address_space",
    "annotate",
    "reqd_work_group_size",
    "work_group_size_hint",
    "vec_type_hint",
    "intel_reqd_sub_group_size",
    "opencl_unroll_hint",
    "nosvm",
    "endian",
    "uniform_work_group_size",
    "opencl_global",
    "opencl_global_device",
    "opencl_global_host",
    "opencl_local",
    "opencl_constant",
    "opencl_private",
    "opencl_generic",
    "convergent",
    "noduplicate",
    "fallthrough",
];

/// `[[...]]` attributes in C++ for OpenCL (C++17), with clang's answer.
const CPP_ATTRIBUTES: &[(&str, u64)] = &[
    ("noreturn", 200809),
    ("carries_dependency", 200809),
    ("deprecated", 201309),
    ("fallthrough", 201603),
    ("nodiscard", 201907),
    ("maybe_unused", 201603),
    ("likely", 201803),
    ("unlikely", 201803),
    ("clang::fallthrough", 1),
    ("clang::opencl_unroll_hint", 1),
    ("clang::overloadable", 1),
    ("clang::convergent", 1),
];

/// `__has_feature` names true in OpenCL C for SPIR (`Features.def`).
const FEATURES: &[&str] = &[
    "attribute_deprecated_with_message",
    "attribute_unavailable_with_message",
    "attribute_overloadable",
    "attribute_ext_vector_type",
    "c_alignas",
    "c_alignof",
    "c_atomic",
    "c_generic_selections",
    "c_static_assert",
    "enumerator_attributes",
    "nullability",
    "tls",
];

/// `__has_extension` names beyond the features: C11 features are extensions in C99.
const EXTENSIONS: &[&str] = &[
    "c_thread_local",
    "gnu_asm",
    "matrix_types",
    "overloadable_unmarked",
    "pragma_clang_attribute",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_follow_the_tables_and_the_version() {
        let p12 = Profile::CL1_2;
        let p20 = Profile::CL2_0;
        assert_eq!(HasOp::Builtin.answer("__builtin_expect", p12), 1);
        assert_eq!(HasOp::Builtin.answer("to_global", p12), 0);
        assert_eq!(HasOp::Builtin.answer("to_global", p20), 1);
        assert_eq!(HasOp::Builtin.answer("no_such_builtin", p20), 0);
        assert_eq!(HasOp::Attribute.answer("__always_inline__", p12), 1);
        assert_eq!(HasOp::Attribute.answer("no_such_attribute", p12), 0);
        assert_eq!(HasOp::Feature.answer("blocks", p12), 0);
        assert_eq!(HasOp::Feature.answer("blocks", p20), 1);
        assert_eq!(HasOp::Extension.answer("c_thread_local", p12), 1);
        assert_eq!(HasOp::Feature.answer("c_thread_local", p12), 0);
        let cxx = Profile::CXX2021;
        assert_eq!(HasOp::CppAttribute.answer("fallthrough", cxx), 201603);
        assert!(HasOp::all(cxx).any(|(n, _)| n == "__has_cpp_attribute"));
        assert!(!HasOp::all(p12).any(|(n, _)| n == "__has_cpp_attribute"));
    }
}
