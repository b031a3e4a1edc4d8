//! clang-16's address-space diagnostics, each mapped to the catalogue rules it enforces or to the
//! reason it is outside clasp's scope.
//!
//! The list covers every diagnostic of clang's semantic analysis (DiagnosticSemaKinds.td, emitted
//! from SemaDecl, SemaType, SemaExpr, SemaCast, SemaInit, SemaOverload, SemaChecking,
//! SemaDeclAttr, SemaTemplate and DeclSpec) that concerns address spaces, the storage classes that
//! decide a space, or space-qualified types, in OpenCL C and C++ for OpenCL. The texts are
//! clang-16's own (read from the 16.x library); the names are DiagnosticSemaKinds.td's. A
//! diagnostic may map to several rules (one clang check, several catalogue rules), and carry a
//! note on the part of it that is out of scope. A test holds every entry to a rule or a reason,
//! and every rule ID to the catalogue.

use super::RuleId;

/// One clang diagnostic and where the catalogue stands on it.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct ClangDiag {
    /// The diagnostic's name in DiagnosticSemaKinds.td.
    pub name: &'static str,
    /// What it says, in a few words.
    pub says: &'static str,
    /// The catalogue rules it enforces, as their IDs.
    pub rules: &'static [&'static str],
    /// Why it (or the part of it no rule covers) is outside clasp's scope.
    pub out_of_scope: Option<&'static str>,
}

const fn rule(name: &'static str, says: &'static str, rules: &'static [&'static str]) -> ClangDiag {
    ClangDiag {
        name,
        says,
        rules,
        out_of_scope: None,
    }
}

const fn partly(
    name: &'static str,
    says: &'static str,
    rules: &'static [&'static str],
    why: &'static str,
) -> ClangDiag {
    ClangDiag {
        name,
        says,
        rules,
        out_of_scope: Some(why),
    }
}

const fn out(name: &'static str, says: &'static str, why: &'static str) -> ClangDiag {
    ClangDiag {
        name,
        says,
        rules: &[],
        out_of_scope: Some(why),
    }
}

const NUMBERED: &str = "the range of N in clang's numbered `address_space(N)` (a clang extension after ISO/IEC TR 18037): clasp reads N only to tell spaces apart, and rejects every numbered space on an object whatever N";
const NOT_A_SPACE: &str = "a restriction on a type or a construct whatever its address space; no address-space sentence of the spec rests on it";

/// Every clang-16 address-space diagnostic, grouped by where clang emits it.
pub static CLANG_DIAGS: &[ClangDiag] = &[
    // ------------------------------------------------ SemaDecl: where variables may live
    rule("err_opencl_global_invalid_addr_space", "program scope / static local / extern variable must reside in (global or) constant", &["AS-PROGSCOPE-SPACE", "AS-STATIC-SPACE", "AS-EXTERN-SPACE"]),
    rule("err_opencl_function_variable", "non-kernel function / function scope variable cannot be declared in local, constant or global", &["AS-LOCAL-SCOPE", "AS-CONSTANT-SCOPE", "AS-AUTO-PRIVATE"]),
    rule("err_opencl_addrspace_scope", "local or constant variables only in the outermost scope of a kernel", &["AS-LOCAL-SCOPE", "AS-CONSTANT-SCOPE"]),
    rule("err_as_qualified_auto_decl", "automatic variable qualified with an invalid address space (global, generic, numbered address_space(N))", &["AS-AUTO-PRIVATE", "AS-GENERIC-OBJECT"]),
    rule("err_opencl_constant_no_init", "variable in constant address space must be initialized", &["AS-CONSTANT-INIT-REQUIRED"]),
    rule("err_local_cant_init", "'__local' variable cannot have an initializer", &["AS-LOCAL-INIT"]),
    rule("err_static_function_scope", "variables in function scope cannot be declared static (OpenCL C 1.2)", &["AS-STATIC-FUNCTION-SCOPE"]),
    rule("err_opencl_nonconst_global_sampler", "global sampler requires a const or constant address space qualifier", &["AS-SAMPLER-PROGSCOPE-CONST"]),
    rule("err_wrong_sampler_addressspace", "sampler type cannot be used with __local and __global", &["AS-SAMPLER-SPACE"]),
    rule("err_event_t_addr_space_qual", "the event_t type can only be used with __private", &["AS-EVENT-SPACE"]),
    rule("err_invalid_type_for_program_scope_var", "event_t, clk_event_t, reserve_id_t cannot declare a program scope variable", &["AS-PROGSCOPE-TYPE"]),
    partly("err_opencl_type_can_only_be_used_as_function_parameter", "image and pipe types only as function parameters", &["AS-PROGSCOPE-TYPE"], "images and pipes as automatic variables: a type restriction (OpenCL C 6.9.b), not a space; clasp covers the program-scope and static part"),
    rule("err_opencl_return_value_with_address_space", "return type cannot be qualified with address space", &["AS-RETURN-SPACE", "CXX-RETURN-SPACE"]),
    rule("err_arg_with_address_space", "parameter may not be qualified with an address space", &["AS-PARAM-SPACE", "AS-IMAGE-ARG-SPACE"]),
    rule("err_field_with_address_space", "field may not be qualified with an address space", &["AS-STRUCT-FIELD"]),
    out("err_opencl_type_struct_or_union_field", "the image/sampler/event type cannot declare a structure or union field", NOT_A_SPACE),
    out("err_opencl_invalid_type_array", "array of image/sampler/event type is invalid", NOT_A_SPACE),
    out("err_static_kernel", "kernel functions cannot be declared static", "a storage class on a function: functions have no address space"),
    out("err_opencl_extern_block_declaration", "extern is disallowed on a block variable", "a storage class on a block variable, which OpenCL C 2.0 6.12.5 forbids for blocks whatever their space"),
    // ------------------------------------------------ DeclSpec and SemaType: qualifiers and attributes
    partly("err_opencl_unknown_type_specifier", "this OpenCL C version does not support the 'generic' qualifier / the 'static' or 'extern' storage class", &["AS-GENERIC-QUALIFIER", "AS-STATIC-FUNCTION-SCOPE"], "`static` and `extern` at program scope in OpenCL C 1.1: the storage-class keywords of a version, not where a variable lives (AS-EXTERN-SPACE starts at 1.2 for this reason)"),
    rule("err_attribute_address_multiple_qualifiers", "multiple address spaces specified for type", &["AS-MULTIPLE-SPACES", "CXX-MULTIPLE-SPACES"]),
    rule("warn_attribute_address_multiple_identical_qualifiers", "multiple identical address spaces specified for type (warning)", &["AS-MULTIPLE-SPACES", "CXX-MULTIPLE-SPACES"]),
    out("err_attribute_address_space_negative", "address space is negative", NUMBERED),
    out("err_attribute_address_space_too_high", "address space is larger than the maximum supported", NUMBERED),
    out("err_attribute_address_function_type", "function type may not be qualified with an address space", "OpenCL C has no function pointers (6.9), so no function type can be named where a space could qualify it"),
    partly("err_opencl_pointer_to_type", "pointer to image, sampler, event or pipe type is invalid", &["AS-IMAGE-POINTER"], "pointers to samplers, events and pipes: a type restriction (6.9), not a space"),
    rule("err_compound_literal_with_address_space", "compound literal in function scope may not be qualified with an address space", &["AS-COMPOUND-LITERAL-SPACE"]),
    // ------------------------------------------------ SemaDecl: kernel parameters
    rule("err_kernel_arg_address_space", "pointer arguments to kernel functions must reside in __global, __constant or __local", &["AS-KERNEL-ARG-PTR-SPACE"]),
    rule("err_opencl_ptrptr_kernel_param", "kernel parameter cannot be declared as a pointer to a pointer", &["AS-KERNEL-ARG-PTR-TO-PTR"]),
    out("err_record_with_pointers_kernel_param", "struct or union kernel parameters may not contain pointers", "a struct kernel argument is copied from the host, which cannot supply device pointers of any space: a rule on pointers (6.9.k), not on which space they point to"),
    out("err_bad_kernel_param_type", "type cannot be used as the type of a kernel parameter", NOT_A_SPACE),
    // ------------------------------------------------ SemaExpr, SemaInit: conversions between spaces
    rule("err_typecheck_incompatible_address_space", "assigning / passing / returning / initializing / casting changes address space of pointer", &["AS-ASSIGN-CROSS", "AS-INIT-CROSS", "AS-ARG-CROSS", "AS-RETURN-CROSS", "AS-GENERIC-TO-NAMED", "AS-GENERIC-CONSTANT", "AS-STRING-LITERAL", "AS-PROGSCOPE-PTR-INIT"]),
    rule("err_typecheck_incompatible_nested_address_space", "changes address space of nested pointer", &["AS-NESTED-POINTEE"]),
    rule("err_typecheck_op_on_nonoverlapping_address_space_pointers", "comparison / arithmetic / conditional operator on pointers to non-overlapping address spaces", &["AS-COMPARE-CROSS", "AS-DIFF-CROSS", "AS-COND-CROSS"]),
    rule("err_opencl_atomic_init", "atomic variable can be assigned / initialized only in global address space", &["AS-ATOMIC-INIT-GLOBAL", "AS-ATOMIC-ASSIGN"]),
    // ------------------------------------------------ SemaCast
    rule("err_bad_cxx_cast_addr_space_mismatch", "C-style / static / reinterpret cast converts between mismatching address spaces", &["AS-CAST-CROSS", "AS-GENERIC-CONSTANT", "CXX-GENERIC-POINTERS"]),
    rule("warn_bad_cxx_cast_nested_pointer_addr_space", "C-style / reinterpret cast changes address space of nested pointers (warning)", &["AS-NESTED-POINTEE"]),
    // ------------------------------------------------ SemaChecking: built-ins
    rule("err_opencl_builtin_to_addr_invalid_arg", "invalid argument to to_global/to_local/to_private, expecting a generic pointer", &["AS-TO-NAMED-BUILTIN"]),
    partly("warn_opencl_generic_address_space_arg", "passing a non-generic pointer to to_global/to_local/to_private may cause a dynamic conversion (warning)", &["AS-TO-NAMED-BUILTIN"], "a performance warning on a valid call"),
    rule("err_opencl_enqueue_kernel_blocks_non_local_void_args", "blocks used in enqueue_kernel are expected to have parameters of type 'local void*'", &["AS-ENQUEUE-BLOCK-ARGS"]),
    out("err_opencl_enqueue_kernel_local_size_args", "mismatch in the number of local size arguments of enqueue_kernel", "the count of local-size arguments: an arity rule of the call, not a space"),
    out("err_opencl_enqueue_kernel_invalid_local_size_type", "enqueue_kernel local size arguments must be integers", "the type of the local-size arguments (sizes, not pointers)"),
    out("err_opencl_enqueue_kernel_blocks_no_args", "blocks with parameters are not accepted in this prototype of enqueue_kernel", "the arity of the block against the call's form, not a space"),
    // ------------------------------------------------ C++ for OpenCL: references, new, overloads, templates
    rule("err_reference_bind_drops_quals", "binding reference changes address space", &["CXX-GENERIC-POINTERS", "CXX-IMPLICIT-GLOBAL", "CXX-IMPLICIT-PRIVATE", "CXX-LOCAL-EXPLICIT", "CXX-CONSTANT-EXPLICIT"]),
    out("err_reference_bind_temporary_addrspace", "reference cannot bind to a temporary object because of address space mismatch", "temporaries are C++ object lifetime: 004 gives no space for a temporary, and the checker does not model them"),
    out("err_address_space_qualified_new", "'new' cannot allocate objects in this address space", "`new` has no device heap in C++ for OpenCL whatever the space; the checker reports a plain `new` as a semantic error"),
    out("err_address_space_qualified_delete", "'delete' cannot delete objects in this address space", "as for `new`: no device heap"),
    out("err_address_space_mismatch_templ_inst", "conflicting address space qualifiers between template types", "templates are checked as written, not instantiated"),
    partly("note_ovl_candidate_bad_addrspace_this", "candidate not viable: 'this' object is in an address space the method does not accept", &["CXX-GENERIC-POINTERS"], "address-space-qualified member functions (`void f() __local`) are a C++ for OpenCL overloading device; the checker reads only unqualified methods, whose `this` is generic"),
    out("note_ovl_candidate_bad_addrspace", "candidate not viable: argument in another address space", "an overload-resolution note; the error it explains is err_typecheck_incompatible_address_space or err_reference_bind_drops_quals"),
    rule("note_ovl_candidate_illegal_constructor_adrspace_mismatch", "candidate constructor cannot construct an object in this address space", &["CXX-INIT-CONSTANT-CUSTOM"]),
];

/// The clang diagnostics that enforce `rule`.
pub fn clang_diags_for(rule: RuleId) -> impl Iterator<Item = &'static ClangDiag> {
    CLANG_DIAGS
        .iter()
        .filter(move |d| d.rules.contains(&rule.code()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_diagnostic_has_a_rule_or_a_reason() {
        for d in CLANG_DIAGS {
            assert!(
                !d.rules.is_empty() || d.out_of_scope.is_some_and(|w| !w.is_empty()),
                "{} has neither a rule nor an out-of-scope reason",
                d.name
            );
            assert!(!d.says.is_empty(), "{} says nothing", d.name);
        }
    }

    #[test]
    fn every_rule_id_is_in_the_catalogue() {
        for d in CLANG_DIAGS {
            for code in d.rules {
                assert!(
                    code.parse::<RuleId>().is_ok(),
                    "{}: {code} is not in the catalogue",
                    d.name
                );
            }
        }
    }

    #[test]
    fn names_are_clang_diagnostic_names_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for d in CLANG_DIAGS {
            assert!(
                ["err_", "warn_", "ext_", "note_"]
                    .iter()
                    .any(|p| d.name.starts_with(p)),
                "{} is not a diagnostic name",
                d.name
            );
            assert!(seen.insert(d.name), "{} listed twice", d.name);
        }
    }

    #[test]
    fn lookup_by_rule() {
        let names: Vec<_> = clang_diags_for(RuleId::LocalInit).map(|d| d.name).collect();
        assert_eq!(names, ["err_local_cant_init"]);
    }
}
