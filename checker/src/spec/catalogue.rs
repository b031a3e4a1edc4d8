//! The rule catalogue: every address-space rule clasp tests, as one table of typed IDs.
//!
//! Code names a rule as `RuleId::ProgscopeSpace`; the string form (`AS-PROGSCOPE-SPACE`) exists
//! for case files and reports only, and parsing an unknown one is an error that suggests the
//! nearest ID. Each entry says where it applies ([`Applies`], evaluated against a [`Profile`]),
//! what kind of check it is ([`Check`]) and the spec sentence it rests on ([`Cite`]). Where the
//! spec contradicts itself, the entry lists the [`Reading`]s and `interpretation` says which one
//! clasp takes and why.
//!
//! Scope: the `AS-` rules are OpenCL C rules and apply to the OpenCL C profiles; the `CXX-` rules
//! are the storage rules of the OpenCL C++ kernel language (004_37f2e2c708a9d5dd.txt) as C++ for
//! OpenCL 2021 carries them, and apply to `CLC++2021`. The OpenCL C rules that say where a
//! variable of a space may be declared (AS-AUTO-PRIVATE, AS-CONSTANT-SCOPE, AS-LOCAL-SCOPE,
//! AS-EXTERN-SPACE, AS-PROGSCOPE-SPACE, AS-STATIC-SPACE, AS-PROGSCOPE-TYPE) also apply to
//! `CLC++2021` ([`Applies::Since`]): C++ for OpenCL inherits them from OpenCL C 2.0 and no
//! `CXX-` rule restates them; a `CXX-` rule on the same declaration comes first.
//!
//! One violation, one diagnostic. Where two rules describe the same construct, the more specific
//! one is reported and the general one is not:
//! - a conversion between constant and generic is AS-GENERIC-CONSTANT, and an implicit one from
//!   generic to a named space AS-GENERIC-TO-NAMED, whatever the operation (assignment,
//!   initialisation at any scope, argument, return); comparison, difference and `?:` always
//!   report their own rule (AS-COMPARE-CROSS, AS-DIFF-CROSS, AS-COND-CROSS);
//! - a string literal converted to a pointer to another space is AS-STRING-LITERAL; a program-scope
//!   initialiser is AS-PROGSCOPE-PTR-INIT; a nested level that differs is AS-NESTED-POINTEE;
//! - an image parameter with a space is AS-IMAGE-ARG-SPACE (not AS-PARAM-SPACE); a variable
//!   (or parameter) declared generic is AS-GENERIC-OBJECT wherever it is; a sampler in a wrong space is
//!   AS-SAMPLER-SPACE wherever it is; another opaque type at program scope or static is
//!   AS-PROGSCOPE-TYPE;
//! - a static variable inside a function is AS-STATIC-SPACE, an extern one AS-EXTERN-SPACE, even
//!   when it is __local; a program-scope variable in a wrong space is AS-PROGSCOPE-SPACE;
//! - vstore or an atomic on a pointer to constant is AS-VSTORE-SPACE or AS-ATOMIC-SPACE, not
//!   AS-CONSTANT-WRITE.
//!
//! In C++ for OpenCL, a conversion that breaks several `CXX-` rules reports the first of:
//! 1. constant meets generic, or generic converts implicitly to a named space:
//!    CXX-GENERIC-POINTERS;
//! 2. the target is `__constant`: CXX-CONSTANT-EXPLICIT;
//! 3. the source is a program-scope, `extern` or static-member variable of deduced space:
//!    CXX-IMPLICIT-GLOBAL;
//! 4. the target is `__local`: CXX-LOCAL-EXPLICIT;
//! 5. the source is a function-scope `static` of deduced space: CXX-IMPLICIT-GLOBAL; an automatic
//!    variable or parameter of deduced space: CXX-IMPLICIT-PRIVATE.
//!
//! A C++ conversion between spaces that were all written explicitly breaks no `CXX-` rule (004
//! states the storage rules, not the conversions); the checker reports it as a plain semantic
//! error, as it does `new` without placement and a named cast from generic to a named space.
//!
//! Longer than most files: the catalogue is one table, an entry per rule with its citation and
//! readings, kept whole so that every rule is read in one place.

use super::{Feature, Lang, Profile};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// What kind of evidence a rule is tested with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// Code that breaks the rule must fail to compile.
    Reject,
    /// Code the rule allows must compile (the rule grants something).
    Accept,
    /// Shows only when a kernel runs: the harness checks buffer contents.
    Runtime,
    /// Shows in what the OpenCL API reports for a program, kernel or device.
    ApiQuery,
    /// The spec leaves it to the implementation: reported, never judged.
    ImplementationDefined,
}

impl Check {
    /// Compile-time rules are judged on whether a build succeeds.
    pub const fn is_compile_time(self) -> bool {
        matches!(self, Check::Reject | Check::Accept)
    }

    pub const fn name(self) -> &'static str {
        match self {
            Check::Reject => "compile-time reject",
            Check::Accept => "compile-time accept",
            Check::Runtime => "run-time behaviour",
            Check::ApiQuery => "API query",
            Check::ImplementationDefined => "implementation-defined (report only)",
        }
    }
}

/// Where a rule applies, as a predicate over profiles.
#[derive(Clone, Copy, Debug)]
pub enum Applies {
    /// Every OpenCL C profile (not C++ for OpenCL).
    C,
    /// The C++ for OpenCL profile.
    Cxx,
    /// OpenCL C profiles that have the feature (2.0 has both; 3.0 as its feature set says).
    CWith(Feature),
    /// OpenCL C profiles that lack the feature.
    CWithout(Feature),
    /// OpenCL C versions before the given one.
    CBefore(Lang),
    /// OpenCL C from the given version on.
    CSince(Lang),
    /// OpenCL C profiles that have every one of the features (device-side enqueue needs both
    /// address-space features in 3.0).
    CWithAll(&'static [Feature]),
    /// OpenCL C from the given version on, and C++ for OpenCL, which inherits the rule
    /// (2021, 2.2 Address spaces).
    Since(Lang),
}

impl Applies {
    pub fn contains(self, profile: Profile) -> bool {
        let c = !profile.lang().is_cxx();
        match self {
            Applies::C => c,
            Applies::Cxx => !c,
            Applies::CWith(f) => c && profile.has(f),
            Applies::CWithout(f) => c && !profile.has(f),
            Applies::CBefore(lang) => c && profile.lang() < lang,
            Applies::CSince(lang) => c && profile.lang() >= lang,
            Applies::CWithAll(fs) => c && fs.iter().all(|f| profile.has(*f)),
            // C++ for OpenCL 2021 orders after every OpenCL C version.
            Applies::Since(lang) => profile.lang() >= lang,
        }
    }

    /// A short description for listings: "OpenCL C with __opencl_c_generic_address_space".
    pub fn describe(self) -> String {
        match self {
            Applies::C => "every OpenCL C profile".into(),
            Applies::Cxx => "C++ for OpenCL 2021".into(),
            Applies::CWith(f) => format!(
                "OpenCL C with {} (2.0, or 3.0 with the feature)",
                f.macro_name()
            ),
            Applies::CWithout(f) => format!(
                "OpenCL C without {} (1.x, or 3.0 without the feature)",
                f.macro_name()
            ),
            Applies::CBefore(lang) => format!("OpenCL C before {}", lang.cl_std()),
            Applies::CSince(lang) => format!("OpenCL C {} and later", lang.cl_std()),
            Applies::CWithAll(fs) => format!(
                "OpenCL C with {} (2.0, or 3.0 with the features)",
                fs.iter()
                    .map(|f| f.macro_name())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            Applies::Since(Lang::Cl1_1) => {
                "every profile (OpenCL C and C++ for OpenCL 2021)".into()
            }
            Applies::Since(lang) => format!(
                "OpenCL C {} and later, and C++ for OpenCL 2021",
                lang.cl_std()
            ),
        }
    }
}

/// The spec sentence a rule rests on.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Cite {
    /// A file in `shared/spec/`, or the specification the sentence comes from.
    pub source: &'static str,
    /// The section or page within it.
    pub section: &'static str,
    /// The sentence, quoted exactly.
    pub quote: &'static str,
}

/// One reading of a passage that contradicts another.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Reading {
    pub source: &'static str,
    pub says: &'static str,
}

/// One entry of the catalogue.
#[derive(Debug, Serialize)]
pub struct Rule {
    pub id: RuleId,
    pub family: &'static str,
    pub summary: &'static str,
    pub check: Check,
    #[serde(serialize_with = "ser_applies")]
    pub applies: Applies,
    pub cite: Cite,
    /// Contradicting readings of the spec, when there are any.
    pub readings: &'static [Reading],
    /// Which reading clasp takes and why, or how clasp reads an underspecified sentence.
    pub interpretation: Option<&'static str>,
}

fn ser_applies<S: serde::Serializer>(a: &Applies, s: S) -> Result<S::Ok, S::Error> {
    let profiles: Vec<String> = Profile::ALL
        .iter()
        .filter(|p| a.contains(**p))
        .map(|p| p.name())
        .collect();
    s.collect_seq(profiles)
}

impl Rule {
    /// The profiles this rule applies to, in [`Profile::ALL`] order.
    pub fn profiles(&self) -> impl Iterator<Item = Profile> + '_ {
        Profile::ALL
            .into_iter()
            .filter(|p| self.applies.contains(*p))
    }
}

/// An ID in a file or on the command line that is not in the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule `{given}`{}", suggestion.map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
pub struct UnknownRule {
    pub given: String,
    pub suggestion: Option<&'static str>,
}

impl FromStr for RuleId {
    type Err = UnknownRule;

    fn from_str(s: &str) -> Result<RuleId, UnknownRule> {
        if let Some(id) = RuleId::ALL.iter().find(|id| id.code() == s) {
            return Ok(*id);
        }
        let upper = s.to_ascii_uppercase();
        let suggestion = RuleId::ALL
            .iter()
            .map(|id| (strsim::normalized_levenshtein(&upper, id.code()), id.code()))
            .filter(|(score, _)| *score > 0.5)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, code)| code);
        Err(UnknownRule {
            given: s.to_string(),
            suggestion,
        })
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for RuleId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for RuleId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RuleId, D::Error> {
        let code = String::deserialize(d)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

impl RuleId {
    /// This rule's catalogue entry.
    pub fn rule(self) -> &'static Rule {
        &RULES[self as usize]
    }

    pub fn applies_to(self, profile: Profile) -> bool {
        self.rule().applies.contains(profile)
    }
}

/// Every rule, in catalogue order.
pub fn rules() -> &'static [Rule] {
    RULES
}

macro_rules! catalogue {
    ($( $variant:ident = $code:literal { $($field:ident : $value:expr),* $(,)? } )*) => {
        /// A rule's typed ID. The discriminant indexes the catalogue table.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RuleId { $($variant),* }

        impl RuleId {
            pub const ALL: &'static [RuleId] = &[$(RuleId::$variant),*];

            /// The stable string form used in case files and reports.
            pub const fn code(self) -> &'static str {
                match self { $(RuleId::$variant => $code),* }
            }
        }

        static RULES: &[Rule] = &[$(Rule { id: RuleId::$variant, $($field: $value),* }),*];
    };
}

const F000: &str = "000_d69b344ffc25cbd1.txt";
const F001: &str = "001_98cf02eaeec72f1c.txt";
const F002: &str = "002_c8a2ea15d7b561b8.txt";
const F003: &str = "003_6341a8c4a4b56515.txt";
const F004: &str = "004_37f2e2c708a9d5dd.txt";
const CONSTANT_PAGE: &str = "__constant reference page (OpenCL 2.x)";
const QUALIFIERS_12: &str = "OpenCL C 1.2, 6.5 Address Space Qualifiers";
const GLOBAL_PAGE: &str = "__global reference page (OpenCL 2.x)";
const LOCAL_PAGE: &str = "__local manual page";
const CXX_SPACES: &str = "OpenCL C++ 1.0, 3.2 Address Spaces";
const C12: &str = "The OpenCL C Specification, version 1.2";
const C20: &str = "The OpenCL C Specification, version 2.0";
const API: &str = "The OpenCL API Specification";
const CXX_INHERITS: &str = "C++ for OpenCL (2021, 2.2 Address spaces) inherits the address-space rules of OpenCL C 2.0 (with the generic address space and program-scope global variables) unless a section of its own says otherwise; it states no exception for return types or for the number of spaces on a type. In clang-16 the same Sema check enforces both languages.";

const fn cite(source: &'static str, section: &'static str, quote: &'static str) -> Cite {
    Cite {
        source,
        section,
        quote,
    }
}

const GENERIC: Feature = Feature::GenericAddressSpace;
const GLOBALS: Feature = Feature::ProgramScopeGlobals;

const DISJOINT: &str = "OpenCL implements the following disjoint named address spaces: __global, __local, __constant, and __private.";
const ASSIGN_20: &str = "A pointer to address space A can only be assigned to a pointer to the same address space A or a pointer to the generic address space.";
const ASSIGN_12: &str = "A pointer to address space A can only be assigned to a pointer to the same address space A. Casting a pointer to address space A to a pointer to address space B is illegal.";
const CROSS_NOTE: &str = "Read for every way one pointer value becomes another (assignment, initialisation, argument passing, return, comparison, difference and the operands of ?:): their pointees must be in the same space, or the target must be generic and the source not constant. Both pages state the same rule for their version; the 2.x one adds the generic space. Conversions between constant and generic are reported as AS-GENERIC-CONSTANT, implicit ones from generic to a named space as AS-GENERIC-TO-NAMED, string literals as AS-STRING-LITERAL, program-scope initialisers as AS-PROGSCOPE-PTR-INIT.";
const SUPPORTED_004: &str = "supported";
const NOT_SUPPORTED_004: &str = "not supported";

catalogue! {
    // ---------------------------------------------------------------- spellings and names
    SpellingAlias = "AS-SPELLING-ALIAS" {
        family: "spelling",
        summary: "global, local, constant and private are the same qualifiers as __global, __local, __constant and __private.",
        check: Check::Accept,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "The address space names without the __ prefix i.e. global, local, constant and private may be substituted for the corresponding address space names with the __ prefix."),
        readings: &[],
        interpretation: Some("Both spellings name one space, so mixing them (a `global int *` assigned to a `__global int *`) is no conversion at all."),
    }
    ReservedName = "AS-RESERVED-NAME" {
        family: "spelling",
        summary: "The address-space names (both spellings) are reserved and shall not be used as identifiers.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "The __global, __constant, __local, __private, __generic, global, constant, local, private and generic names are reserved for use as address space qualifiers and shall not be used otherwise."),
        readings: &[],
        interpretation: Some("'Used otherwise' means in a place where only an identifier can stand: a declared name followed by `;`, `=`, `,` or `[`, an enumerator, a struct tag, a name in an expression. (`float f(float private)` is an unnamed private parameter, not a misuse.) generic and __generic are covered by AS-RESERVED-GENERIC, since OpenCL C 1.x does not reserve them."),
    }
    ReservedGeneric = "AS-RESERVED-GENERIC" {
        family: "spelling",
        summary: "generic and __generic are reserved from OpenCL C 2.0 on and shall not be used as identifiers.",
        check: Check::Reject,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, "The __global, __constant, __local, __private, __generic, global, constant, local, private and generic names are reserved for use as address space qualifiers and shall not be used otherwise."),
        readings: &[],
        interpretation: Some("The 1.2 section (001_98cf02eaeec72f1c.txt) lists no generic space, so `int generic;` is valid OpenCL C 1.x. OpenCL C 3.0 reserves the names whatever the feature set, but clasp tests the reservation only where the generic space exists, the one reading every 3.0 compiler can be held to."),
    }
    MultipleSpaces = "AS-MULTIPLE-SPACES" {
        family: "types",
        summary: "A type may carry at most one address space: two different address-space qualifiers on one type is an error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, DISJOINT),
        readings: &[],
        interpretation: Some("Disjoint spaces mean an object lives in exactly one, so `global local int *p` names no type, whatever the spelling: two keywords, a typedef whose type has a space and a keyword (`typedef global int G; local G x;`), or clang's attribute spellings `__attribute__((opencl_global))`, `opencl_local`, `opencl_constant`, `opencl_private` and `opencl_generic`, which name the same five spaces. The same space twice is a duplicate qualifier, allowed as in C99 6.7.3 (clang-16 warns). clang's `opencl_global_device` and `opencl_global_host` (sub-spaces of global from an Intel extension) are not OpenCL spaces and are not read. clang's numbered `__attribute__((address_space(N)))` is a space distinct from the five (and from every other number): with a named space, or another number, on one type it is two spaces, as clang-16 says."),
    }
    GenericQualifier = "AS-GENERIC-QUALIFIER" {
        family: "generic",
        summary: "The __generic/generic qualifier exists only where the generic address space does (2.0, or 3.0 with the feature).",
        check: Check::Reject,
        applies: Applies::CWithout(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, "OpenCL 2.0 adds support for an unnamed generic address space."),
        readings: &[],
        interpretation: Some("Without the generic space, `generic int *p` names no address space and must not compile."),
    }
    // ---------------------------------------------------------------- functions
    ParamSpace = "AS-PARAM-SPACE" {
        family: "functions",
        summary: "Function (and kernel) parameters are private: a parameter itself cannot be declared in another address space.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "All function arguments shall be in the __private address space."),
        readings: &[],
        interpretation: Some("`void f(global int x)` and `void f(global int *local p)` are rejected; `private` on a parameter and any space on its pointee are fine."),
    }
    AutoPrivate = "AS-AUTO-PRIVATE" {
        family: "functions",
        summary: "Automatic variables of a function are private: a non-static function-scope variable cannot be declared __global.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl1_1),
        cite: cite(F000, CONSTANT_PAGE, "The address space name for arguments to a function in a program, or local variables of a function is __private."),
        readings: &[
            Reading { source: F001, says: "If the type of an object is qualified by an address space name, the object is allocated in the specified address name; otherwise, the object is allocated in the generic address space. (1.2 has no generic space.)" },
            Reading { source: F001, says: "The generic address space name for arguments to a function in a program, or local variables of a function is __private." },
        ],
        interpretation: Some("In OpenCL C 1.2 'generic address space' in that sentence can only mean the default space, which the next sentence names as __private for function-scope objects. __local and __constant automatics have rules of their own (AS-LOCAL-SCOPE, AS-CONSTANT-SCOPE). A variable in clang's numbered `address_space(N)` (any N) is in none of the OpenCL spaces: wherever it is declared it breaks the rule for that place (this one for an automatic; AS-PROGSCOPE-SPACE, AS-STATIC-SPACE, AS-EXTERN-SPACE, AS-PARAM-SPACE, AS-STRUCT-FIELD, AS-RETURN-SPACE elsewhere), as clang-16 rules. A numbered space on a pointee is not modelled: what it converts to is the target's mapping, so a pointer to one has an unknown type and is judged nowhere (clang-16 accepts such pointers, kernel arguments included)."),
    }
    CompoundLiteralSpace = "AS-COMPOUND-LITERAL-SPACE" {
        family: "functions",
        summary: "A compound literal inside a function is an automatic object: it is private and cannot be qualified with another address space.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "The address space name for arguments to a function in a program, or local variables of a function is __private."),
        readings: &[],
        interpretation: Some("C99 6.5.2.5p6 gives a compound literal in a function body automatic storage, so it is one of the function's local objects: `(private int){1}` is fine, `(global int){1}`, `(local int){1}`, `(constant int){1}` and `(generic int){1}` are not, even at a kernel's outermost scope where a named __local or __constant variable could be declared (an unnamed object has no declaration there). At program scope a compound literal has static storage and follows the program-scope rules."),
    }
    ReturnSpace = "AS-RETURN-SPACE" {
        family: "functions",
        summary: "A function return type carries no address space, except on the pointee of a returned pointer.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "There is no address space for function return values. Using an address space qualifier in a function return type declaration will generate a compilation error, unless the return type is declared as a pointer type and the qualifier is used on the points-to address space."),
        readings: &[],
        interpretation: None,
    }
    // ---------------------------------------------------------------- kernel arguments
    KernelArgPtrSpace = "AS-KERNEL-ARG-PTR-SPACE" {
        family: "kernel-arguments",
        summary: "A kernel pointer (or array) argument must point to __global, __local or __constant.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "kernel function arguments declared to be a pointer or an array of a type must point to one of the named address spaces __global, __local or __constant."),
        readings: &[
            Reading { source: F000, says: "Literal: the sentence constrains what the argument points to, its first pointee level; an inner pointer of a pointer-to-pointer argument (allowed from OpenCL C 2.0) may point to any space." },
            Reading { source: "clang-16 (SemaDecl.cpp, getOpenCLKernelParameterType)", says: "Wider: every pointee level of a kernel pointer argument must be __global, __local or __constant, so `kernel void k(int * global *p)` is rejected in 2.0 and 3.0 because its inner pointer points to generic." },
        ],
        interpretation: Some("An unqualified pointee is private (1.x) or generic (2.0 and later): both are rejected, as is an explicit private or generic pointee. clasp takes the literal reading: the sentence names the space the argument points to, and OpenCL C 2.0, which lifted the pointer-to-pointer restriction, states nothing about the levels below; with shared virtual memory a global buffer of generic pointers is meaningful. The wider reading is clang's, and a case that tells them apart is an interpretation, not a driver bug."),
    }
    KernelArgPtrToPtr = "AS-KERNEL-ARG-PTR-TO-PTR" {
        family: "kernel-arguments",
        summary: "Before OpenCL C 2.0 a kernel argument cannot be a pointer to a pointer.",
        check: Check::Reject,
        applies: Applies::CBefore(Lang::Cl2_0),
        cite: cite(C12, "6.9 Restrictions, item a", "An argument to a kernel function cannot be declared as a pointer to a pointer(s)."),
        readings: &[
            Reading { source: C20, says: "Lifted: from OpenCL C 2.0 a kernel argument may be a pointer to a pointer, and no sentence constrains the space the inner pointer points to." },
            Reading { source: "clang-16 (SemaDecl.cpp, getOpenCLKernelParameterType)", says: "Lifted only for inner pointers that point to __global, __local or __constant: every pointee level is held to the kernel-argument rule, so `kernel void k(__private int *__global *pp)` is rejected in 2.0 and 3.0." },
        ],
        interpretation: Some("OpenCL C 2.0 lifted the restriction (an inner pointer may point to any space there); non-kernel functions may take pointers to pointers in every version. clasp takes the first reading, as for AS-KERNEL-ARG-PTR-SPACE; clang-16's is recorded in reports/clang-16.md as this rule's deviation."),
    }
    ImageArgSpace = "AS-IMAGE-ARG-SPACE" {
        family: "types",
        summary: "Image arguments are implicitly __global: an image type cannot be declared with an address-space qualifier.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "As image objects are always allocated from the global address space, the __global or global qualifier should not be specified for image types."),
        readings: &[],
        interpretation: Some("\"should not\" is read as a requirement on programs: an image parameter is already global, so a qualified image type is rejected; it is reported as this rule rather than AS-PARAM-SPACE."),
    }
    ImagePointer = "AS-IMAGE-POINTER" {
        family: "types",
        summary: "Image elements are not directly accessible: a pointer to an image type is an error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "The elements of an image object cannot be directly accessed. Built-in functions to read from and write to an image object are provided."),
        readings: &[],
        interpretation: None,
    }
    // ---------------------------------------------------------------- conversions between spaces
    AssignCross = "AS-ASSIGN-CROSS" {
        family: "conversions",
        summary: "Assigning a pointer to one address space to a pointer to another is an error (unless the target is generic and the source not constant).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[Reading { source: F001, says: ASSIGN_12 }],
        interpretation: Some(CROSS_NOTE),
    }
    InitCross = "AS-INIT-CROSS" {
        family: "conversions",
        summary: "Initialising a function-scope pointer with a pointer to another address space is an error (unless the target is generic and the source not constant).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[Reading { source: F001, says: ASSIGN_12 }],
        interpretation: Some(CROSS_NOTE),
    }
    ArgCross = "AS-ARG-CROSS" {
        family: "conversions",
        summary: "Passing a pointer to one address space for a parameter that points to another is an error (unless the parameter points to generic and the argument not to constant).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[Reading { source: F001, says: ASSIGN_12 }],
        interpretation: Some(CROSS_NOTE),
    }
    ReturnCross = "AS-RETURN-CROSS" {
        family: "conversions",
        summary: "Returning a pointer to one address space from a function that returns a pointer to another is an error (unless the return type points to generic and the value not to constant).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[Reading { source: F001, says: ASSIGN_12 }],
        interpretation: Some(CROSS_NOTE),
    }
    CompareCross = "AS-COMPARE-CROSS" {
        family: "conversions",
        summary: "Comparing pointers to disjoint address spaces is an error; a generic pointer compares with a pointer to global, local or private.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, DISJOINT),
        readings: &[],
        interpretation: Some("Comparison needs a common pointer type (C99 6.5.8, 6.5.9). Pointers to disjoint spaces have none; generic is the common type of a named non-constant space and generic."),
    }
    DiffCross = "AS-DIFF-CROSS" {
        family: "conversions",
        summary: "Subtracting pointers to disjoint address spaces is an error; a generic pointer and a pointer to global, local or private have a common type.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, DISJOINT),
        readings: &[],
        interpretation: Some("C99 6.5.6 requires both operands of a pointer difference to point to compatible types. As for comparison (AS-COMPARE-CROSS), operands in overlapping spaces are first brought to their common type, the generic one, as in Embedded C (ISO/IEC TR 18037), whose named address spaces OpenCL's follow; operands in disjoint spaces have none, and a difference between two objects in disjoint memories has no meaning."),
    }
    CondCross = "AS-COND-CROSS" {
        family: "conversions",
        summary: "The pointer operands of ?: must point to the same address space, or one to generic and the other to a non-constant space.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, DISJOINT),
        readings: &[],
        interpretation: Some("C99 6.5.15 needs a composite pointer type. Pointers to two different named spaces have none, even where the generic space exists: neither operand is generic, and the spec converts named to generic only on assignment."),
    }
    CastCross = "AS-CAST-CROSS" {
        family: "conversions",
        summary: "An explicit cast between pointers to two different named address spaces is an error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "Casting a pointer to address space A to a pointer to address space B is illegal if A and B are named address spaces and A is not the same as B."),
        readings: &[Reading { source: F001, says: ASSIGN_12 }],
        interpretation: Some("The 1.2 wording (no exception) and the 2.x wording (named spaces only) agree for the four named spaces; casts to and from generic are legal except with constant (AS-GENERIC-TO-NAMED, AS-GENERIC-CONSTANT)."),
    }
    NestedPointee = "AS-NESTED-POINTEE" {
        family: "conversions",
        summary: "A pointer to a pointer converts implicitly only when the inner pointees are in the same address space (generic does not absorb a nested level).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[],
        interpretation: Some("The generic exception covers the pointee of the pointer being assigned. One level down the pointee types differ (a `global int *` is not a `generic int *`), so `int **` cannot hold a `global int **`, as in C, where `T **` and `const T **` are incompatible."),
    }
    // ---------------------------------------------------------------- generic
    GenericFromNamed = "AS-GENERIC-FROM-NAMED" {
        family: "generic",
        summary: "A pointer to global, local or private converts implicitly to a pointer to generic.",
        check: Check::Accept,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[],
        interpretation: None,
    }
    GenericDefault = "AS-GENERIC-DEFAULT" {
        family: "generic",
        summary: "A pointer declared without a named pointee address space points to the generic space (to private in OpenCL C 1.x and 3.0 without the feature, inside functions).",
        check: Check::Accept,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, "Pointers that are declared without pointing to a named address space point to the generic address space."),
        readings: &[],
        interpretation: Some("Where the generic space is missing, an unqualified pointee inside a function is private; that side is tested through the conversion rules (AS-INIT-CROSS cases differ between CL1.2 and CL2.0)."),
    }
    GenericToNamed = "AS-GENERIC-TO-NAMED" {
        family: "generic",
        summary: "A generic pointer converts to a named space only by an explicit cast: implicit conversion from generic to global, local or private is an error.",
        check: Check::Reject,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, ASSIGN_20),
        readings: &[],
        interpretation: Some("The sentence allows only 'same space' or 'to generic' assignments, so generic to named needs a cast; the cast is legal because it is not between two named spaces."),
    }
    GenericConstant = "AS-GENERIC-CONSTANT" {
        family: "generic",
        summary: "Pointers to constant and pointers to generic never convert into each other, implicitly or by cast.",
        check: Check::Reject,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, "The named address spaces are a subset of the generic address space except for the constant address space."),
        readings: &[],
        interpretation: Some("A cast into or out of the generic space is only meaningful for spaces inside it; constant is not."),
    }
    GenericObject = "AS-GENERIC-OBJECT" {
        family: "generic",
        summary: "No variable is allocated in the generic address space: generic qualifies pointees only.",
        check: Check::Reject,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, "Before referring to the region pointed to, the pointer must be associated with a named address space."),
        readings: &[],
        interpretation: Some("The generic space is a view over the named spaces, not memory of its own, so `generic int x;` allocates nowhere."),
    }
    ToNamedBuiltin = "AS-TO-NAMED-BUILTIN" {
        family: "builtins",
        summary: "to_global, to_local and to_private exist only with the generic space; they take a generic pointer and return a pointer to the named space.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(C20, "6.13.9 Address Space Qualifier Functions", "Returns a pointer that points to a region in the global address space if to_global can cast ptr to the global address space. Otherwise it returns NULL."),
        readings: &[],
        interpretation: Some("Without the generic space the functions are undeclared; with it, an argument that is not a pointer breaks this rule. Their results keep their space: `local int *l = to_global(p)` is AS-INIT-CROSS, `to_global(constant_ptr)` is AS-GENERIC-CONSTANT."),
    }
    // ---------------------------------------------------------------- program scope
    ProgscopeSpace = "AS-PROGSCOPE-SPACE" {
        family: "program-scope",
        summary: "A program-scope variable is __constant, or __global (the default) where program-scope globals exist; never __local or __private.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl1_1),
        cite: cite(F001, QUALIFIERS_12, "There is no generic address space name for program scope variables. All program scope variables must be declared in the __constant address space."),
        readings: &[
            Reading { source: F000, says: "Variables in the program scope must be declared in the __constant address space." },
            Reading { source: F000, says: "The address space for a variable at program scope or a static variable inside a function can either be __global or __constant, but defaults to __global if not specified." },
        ],
        interpretation: Some("The 2.x page keeps the 1.2 sentence (constant only) beside the 2.0 one (global or constant, default global). clasp takes the 1.2 sentence for profiles without __opencl_c_program_scope_global_variables (1.x, 3.0 without it) and the 2.0 sentence where the feature exists (2.0, 3.0 with it): the feature exists to mark exactly that difference. Without it an unqualified program-scope variable has no valid space and is rejected."),
    }
    ProgscopeDefault = "AS-PROGSCOPE-DEFAULT" {
        family: "program-scope",
        summary: "Where program-scope globals exist, a program-scope variable (a pointer included) with no address space of its own is allocated in __global.",
        check: Check::Accept,
        applies: Applies::CWith(GLOBALS),
        cite: cite(F002, GLOBAL_PAGE, "The address space for a variable at program scope or a static variable inside a function can either be __global or __constant, but defaults to __global if not specified."),
        readings: &[
            Reading { source: F002, says: "global int *bad_ptr; // Error. No implicit address space" },
            Reading { source: F002, says: "int *foo; // OK. foo is allocated in global address space. // pointer to foo in generic address space" },
        ],
        interpretation: Some("002's example list marks `global int *bad_ptr;` an error, against its own normative sentence (defaults to __global) and its neighbours (`int *foo;` and `int * global ptr;` are OK). The pointer variable's own space is what defaults, and its pointee is explicitly global, so clasp takes the normative text: accepted."),
    }
    ProgscopeType = "AS-PROGSCOPE-TYPE" {
        family: "program-scope",
        summary: "Program-scope and static variables cannot be of image, event or other opaque types (samplers: AS-SAMPLER-SPACE).",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl1_1),
        cite: cite(F002, GLOBAL_PAGE, "They can be defined with any valid OpenCL C data type except for those in table 6.3."),
        readings: &[],
        interpretation: Some("Table 6.3 lists the image, sampler, event and device-side enqueue types. Program-scope samplers are allowed by OpenCL C 6.12.14.1 (`const sampler_t s = ...` / `constant sampler_t`), so they are accepted in constant."),
    }
    ProgscopeInit = "AS-PROGSCOPE-INIT" {
        family: "program-scope",
        summary: "Program-scope and static __global variables may be initialised only with constant expressions.",
        check: Check::Reject,
        applies: Applies::CWith(GLOBALS),
        cite: cite(F002, GLOBAL_PAGE, "Program scope and static variables in the global address space may be initialized, but only with constant expressions."),
        readings: &[],
        interpretation: Some("The address of another program-scope variable is an address constant (002: 'initialization to a constant known at program load time')."),
    }
    ProgscopePtrInit = "AS-PROGSCOPE-PTR-INIT" {
        family: "program-scope",
        summary: "A program-scope pointer initialised with the address of a program-scope variable must point to that variable's space (or generic, unless it is constant).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "constant int *global ptr=&baz; // error since baz is in global address"),
        readings: &[],
        interpretation: Some("The program-scope case of the assignment rule, kept apart because 002 lists it: `global int * constant ptr = &baz;` is OK, `constant int *global ptr = &baz;` is not. Before program-scope globals exist only constant variables can hold such pointers."),
    }
    StaticSpace = "AS-STATIC-SPACE" {
        family: "program-scope",
        summary: "A static variable inside a function is __constant, or __global (the default) where program-scope globals exist; never __local or __private.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl2_0),
        cite: cite(F000, CONSTANT_PAGE, "The address space for a variable at program scope or a static variable inside a function can either be __global or __constant, but defaults to __global if not specified."),
        readings: &[],
        interpretation: Some("The sentence puts function-scope statics with program-scope variables, so they follow AS-PROGSCOPE-SPACE's reading: constant only without __opencl_c_program_scope_global_variables. OpenCL C 1.x has no function-scope static (1.1 has no static at all, 1.2 allows it only at program scope), so the rule starts at 2.0."),
    }
    StaticFunctionScope = "AS-STATIC-FUNCTION-SCOPE" {
        family: "program-scope",
        summary: "Before OpenCL C 2.0 a variable inside a function cannot be static: static storage belongs to program-scope variables only.",
        check: Check::Reject,
        applies: Applies::CBefore(Lang::Cl2_0),
        cite: cite(C12, "6.8 Storage-Class Specifiers", "The static storage-class specifier can only be used for non-kernel functions and global variables declared in program (global) scope."),
        readings: &[],
        interpretation: Some("OpenCL C 1.2 allows `static` only on program-scope variables and non-kernel functions, so `static constant int x = 1;` in a kernel is rejected whatever its space; OpenCL C 1.1 has no `static` at all. From 2.0 function-scope statics exist and AS-STATIC-SPACE says where they live; OpenCL C 3.0 keeps them in every feature set (constant only without program-scope globals)."),
    }
    ExternSpace = "AS-EXTERN-SPACE" {
        family: "program-scope",
        summary: "An extern variable follows the program-scope rule: __constant, or __global where program-scope globals exist.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl1_2),
        cite: cite(F001, QUALIFIERS_12, "All program scope variables must be declared in the __constant address space."),
        readings: &[],
        interpretation: Some("An extern declaration, at program or block scope, names a program-scope variable, so it takes that variable's allowed spaces. OpenCL C 1.1 has no extern storage class, so the rule starts at 1.2."),
    }
    // ---------------------------------------------------------------- __constant
    ConstantInitRequired = "AS-CONSTANT-INIT-REQUIRED" {
        family: "constant",
        summary: "A __constant variable (program scope or kernel outermost scope) must be initialised.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "These variables are required to be initialized and the values used to initialize these variables must be a compile time constant."),
        readings: &[],
        interpretation: Some("An extern declaration of a constant variable defined elsewhere is not a definition and needs no initialiser."),
    }
    ConstantInitConst = "AS-CONSTANT-INIT-CONST" {
        family: "constant",
        summary: "A __constant variable's initialiser must be a compile-time constant.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "These variables are required to be initialized and the values used to initialize these variables must be a compile time constant."),
        readings: &[],
        interpretation: None,
    }
    ConstantWrite = "AS-CONSTANT-WRITE" {
        family: "constant",
        summary: "__constant memory is read-only: writing to a constant variable or through a pointer to constant is a compile-time error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "Writing to such a variable results in a compile-time error."),
        readings: &[],
        interpretation: Some("'accessed inside a kernel(s) as read-only variables' covers constant pointer arguments too: `p[0] = 1` with `constant int *p` is rejected. vstore and atomics into constant are AS-VSTORE-SPACE and AS-ATOMIC-SPACE."),
    }
    ConstantScope = "AS-CONSTANT-SCOPE" {
        family: "constant",
        summary: "A function-scope __constant variable may only be declared in the outermost scope of a kernel function.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl1_1),
        cite: cite(F000, CONSTANT_PAGE, "Variables in the outermost scope of kernel functions can be declared in the __constant address space."),
        readings: &[],
        interpretation: Some("Read as the only function scope allowed: nested blocks of a kernel and non-kernel functions cannot declare constant variables."),
    }
    StringLiteral = "AS-STRING-LITERAL" {
        family: "constant",
        summary: "String literals are stored in __constant: only a pointer to constant can point at one.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "All string literal storage shall be in the __constant address space."),
        readings: &[],
        interpretation: Some("`char *s = \"x\"` converts constant to private (1.x) or generic (2.0): rejected either way. A string literal initialising a char array copies it and is fine."),
    }
    ConstGlobal = "AS-CONST-GLOBAL" {
        family: "types",
        summary: "const with __global makes a read-only buffer: writing through a const __global pointer is an error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "The const qualifier can also be used with the __global qualifier to specify a read-only buffer memory object."),
        readings: &[],
        interpretation: None,
    }
    // ---------------------------------------------------------------- __local
    LocalScope = "AS-LOCAL-SCOPE" {
        family: "local",
        summary: "__local variables can only be declared in the outermost scope of a kernel function: not in nested blocks or non-kernel functions.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl1_1),
        cite: cite(F003, LOCAL_PAGE, "__local float c; // not allowed."),
        readings: &[],
        interpretation: Some("The manual's example puts c in an if-block inside a kernel; 'Variables allocated in the __local address space can also be defined inside a __kernel function scope' names the only function scope allowed. A program-scope __local variable is AS-PROGSCOPE-SPACE; a static one AS-STATIC-SPACE."),
    }
    LocalInit = "AS-LOCAL-INIT" {
        family: "local",
        summary: "__local variables cannot be initialised.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F003, LOCAL_PAGE, "Variables allocated in the __local address space inside a __kernel function cannot be initialized."),
        readings: &[],
        interpretation: None,
    }
    // ---------------------------------------------------------------- struct fields, opaque types
    StructField = "AS-STRUCT-FIELD" {
        family: "types",
        summary: "A struct or union member cannot be declared in an address space (its pointee can).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "The address space qualifier may be used in variable declarations to specify the region of memory that is used to allocate the object."),
        readings: &[],
        interpretation: Some("A member is part of the object that contains it and is allocated with it; it cannot be allocated in a region of its own."),
    }
    EventSpace = "AS-EVENT-SPACE" {
        family: "types",
        summary: "event_t variables are private: a function-scope event in __global, __local or __constant is an error (program scope: AS-PROGSCOPE-TYPE).",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "global event_t ev; // Error. Invalid type for program scope variables"),
        readings: &[],
        interpretation: Some("An event is a handle to an asynchronous copy of one work-item's call; it has no meaning outside private memory."),
    }
    SamplerSpace = "AS-SAMPLER-SPACE" {
        family: "types",
        summary: "A sampler_t variable is private, or __constant (program scope or a kernel's outermost scope); a sampler in __global or __local, anywhere, is an error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "They can be defined with any valid OpenCL C data type except for those in table 6.3."),
        readings: &[],
        interpretation: None,
    }
    SamplerProgscopeConst = "AS-SAMPLER-PROGSCOPE-CONST" {
        family: "types",
        summary: "A program-scope sampler_t is declared const or __constant: a modifiable global sampler is an error.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(C12, "6.12.14.1 Sampler Declaration Fields", "Samplers can also be declared as global constants in the program source using the following syntax."),
        readings: &[],
        interpretation: Some("The syntax that follows is `const sampler_t <sampler name> = <value>` (2.0 adds `constant sampler_t` and `__constant sampler_t`): a program-scope sampler is a constant, never a modifiable global. A `__constant` sampler must be initialised like any constant variable (AS-CONSTANT-INIT-REQUIRED); a `const` one without an initialiser is a tentative definition, which clasp, like clang-16, accepts."),
    }
    // ---------------------------------------------------------------- built-ins
    AsyncCopySpaces = "AS-ASYNC-COPY-SPACES" {
        family: "builtins",
        summary: "async_work_group_copy and async_work_group_strided_copy copy between __global and __local only, in either direction.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(C12, "6.12.10 Async Copies from Global to Local Memory, Local to Global Memory, and Prefetch", "Perform an async copy of num_gentypes gentype elements from src to dst."),
        readings: &[],
        interpretation: Some("The two overloads are (__local dst, const __global src) and (__global dst, const __local src); any other pair has no overload."),
    }
    PrefetchSpace = "AS-PREFETCH-SPACE" {
        family: "builtins",
        summary: "prefetch takes a pointer to __global only.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(C12, "6.12.10 Async Copies from Global to Local Memory, Local to Global Memory, and Prefetch", "Prefetch num_gentypes * sizeof(gentype) bytes into the global cache."),
        readings: &[],
        interpretation: Some("Its one signature is prefetch(const __global gentype *p, size_t num_gentypes)."),
    }
    AtomicSpace = "AS-ATOMIC-SPACE" {
        family: "builtins",
        summary: "The atomic_* and atom_* functions operate on __global or __local memory only.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(C12, "6.12.11 Atomic Functions", "The atomic functions are guaranteed to be atomic for the memory they operate on."),
        readings: &[],
        interpretation: Some("Every signature in 6.12.11 takes volatile __global or volatile __local pointers; a private, constant or (2.0) generic pointer has no overload. The OpenCL C 2.0 atomics (atomic_load, atomic_fetch_add_explicit, ... and clang's __opencl_atomic_* builtins) take generic pointers (3.0 without the generic space: global, local and private overloads), so for them only a pointer to __constant has none."),
    }
    VstoreSpace = "AS-VSTORE-SPACE" {
        family: "builtins",
        summary: "vstoreN writes to __global, __local or __private (generic in 2.0), never to __constant; vloadN reads from any space.",
        check: Check::Reject,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "Writing to such a variable results in a compile-time error."),
        readings: &[],
        interpretation: Some("vstore has no __constant overload in 6.12.7, as writing constant memory is an error."),
    }
    AtomicInitGlobal = "AS-ATOMIC-INIT-GLOBAL" {
        family: "builtins",
        summary: "An atomic object may be initialised in its declaration (ATOMIC_VAR_INIT) only in __global: at program scope or as a static; other atomics are set with atomic_init.",
        check: Check::Reject,
        applies: Applies::CSince(Lang::Cl2_0),
        cite: cite(C20, "6.13.11.1 The ATOMIC_VAR_INIT macro", "This macro can only be used to initialize atomic objects that are declared in program scope in the global address space."),
        readings: &[],
        interpretation: Some("Read as a rule on every initialiser of an atomic object, not only the macro (which expands to its argument): a private or constant atomic with an initialiser is rejected, as clang-16 does; a function-scope static atomic is in __global and may be initialised. A local atomic with an initialiser is AS-LOCAL-INIT. Arrays of atomics and atomics behind a typedef are not judged."),
    }
    AtomicAssign = "AS-ATOMIC-ASSIGN" {
        family: "builtins",
        summary: "An atomic object is never assigned with `=`, in any address space: it is written with atomic_store or atomic_init.",
        check: Check::Reject,
        applies: Applies::Since(Lang::Cl2_0),
        cite: cite(C20, "6.13.11.8 Restrictions", "All operations on atomic types must be performed using the built-in atomic functions."),
        readings: &[],
        interpretation: Some("Not an address-space rule, though clang-16 words it as one (\"atomic variable can be assigned to a variable only in global address space\"): clang rejects `=` on an atomic object in every space, a __global one included, in OpenCL C 2.0 and later and in C++ for OpenCL, as 6.13.11.8 forbids operators on atomic types. Catalogued because clang reports it among its address-space diagnostics, beside AS-ATOMIC-INIT-GLOBAL, and users meet it as one. Judged on plain `=` whose left side has an atomic type (through a pointer, an array element, a struct member or a typedef too); compound assignment and ++/-- on an atomic are type errors (clang: invalid operands), not judged."),
    }
    EnqueueBlockArgs = "AS-ENQUEUE-BLOCK-ARGS" {
        family: "builtins",
        summary: "Every parameter of a block passed to enqueue_kernel is a pointer to void in __local (its size is given by the call's local-size arguments).",
        check: Check::Reject,
        applies: Applies::CWithAll(&[GENERIC, GLOBALS]),
        cite: cite(C20, "6.13.17 Enqueuing Kernels", "int enqueue_kernel(queue_t queue, kernel_enqueue_flags_t flags, const ndrange_t ndrange, void (^block)(local void *, ...), uint size0, ...)"),
        readings: &[],
        interpretation: Some("The block's parameters are the local memory the enqueued kernel gets, sized by size0, size1, ...: each must be `local void *` (OpenCL C 3.0: the pointee type must be void unless cl_khr_device_enqueue_local_arg_types is supported, which clasp does not assume). Device-side enqueue exists in 2.0 and, in 3.0, with __opencl_c_device_enqueue, which requires both address-space features. Checked on block literals written in the call."),
    }
    // ---------------------------------------------------------------- run time
    LocalPerGroup = "AS-LOCAL-PER-GROUP" {
        family: "local",
        summary: "__local variables are allocated once per work-group, shared by its work-items (visible after a barrier) and not between work-groups.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(F003, LOCAL_PAGE, "NOTE: Variables allocated in the __local address space inside a __kernel function are allocated for each work-group executing the kernel."),
        readings: &[],
        interpretation: None,
    }
    LocalArgSize = "AS-LOCAL-ARG-SIZE" {
        family: "local",
        summary: "A __local pointer argument is sized by clSetKernelArg(size, NULL); a non-NULL value is an error.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(API, "clSetKernelArg", "If the argument is declared with the local qualifier, the arg_value entry must be NULL."),
        readings: &[],
        interpretation: None,
    }
    LocalNoAlias = "AS-LOCAL-NOALIAS" {
        family: "local",
        summary: "Distinct __local pointer arguments (and __local variables) are distinct allocations that do not alias.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(F003, LOCAL_PAGE, "The __local or local address space name is used to describe variables that need to be allocated in local memory and are shared by all work-items of a work-group."),
        readings: &[],
        interpretation: None,
    }
    LocalMemLimit = "AS-LOCAL-MEM-LIMIT" {
        family: "local",
        summary: "A kernel that needs more local memory than CL_DEVICE_LOCAL_MEM_SIZE fails cleanly (build or enqueue error), never crashes or computes a wrong result.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(API, "clGetDeviceInfo, CL_DEVICE_LOCAL_MEM_SIZE", "Size of local memory region in bytes."),
        readings: &[],
        interpretation: None,
    }
    KernelLocalMemSize = "AS-KERNEL-LOCAL-MEM-SIZE" {
        family: "local",
        summary: "CL_KERNEL_LOCAL_MEM_SIZE counts the kernel's __local variables and local arguments.",
        check: Check::ApiQuery,
        applies: Applies::C,
        cite: cite(API, "clGetKernelWorkGroupInfo, CL_KERNEL_LOCAL_MEM_SIZE", "Returns the amount of local memory in bytes being used by a kernel."),
        readings: &[],
        interpretation: Some("The query must report at least the bytes the kernel declares in __local plus the sizes set for its local arguments."),
    }
    ConstantReadable = "AS-CONSTANT-READABLE" {
        family: "constant",
        summary: "Program-scope constants, kernel-scope constants, constant arguments and string literals are readable by every work-item.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "These readonly variables can be accessed by all (global) work-items of the kernel during its execution."),
        readings: &[],
        interpretation: None,
    }
    ConstantArgsLimit = "AS-CONSTANT-ARGS-LIMIT" {
        family: "constant",
        summary: "Each __constant pointer argument counts towards CL_DEVICE_MAX_CONSTANT_ARGS; a kernel over the limit fails cleanly.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "NOTE: Each argument to a kernel that is a pointer to the __constant address space is counted separately towards the maximum number of such arguments, defined as CL_DEVICE_MAX_CONSTANT_ARGS are described in the table for clGetDeviceInfo."),
        readings: &[],
        interpretation: None,
    }
    ConstantBufferSize = "AS-CONSTANT-BUFFER-SIZE" {
        family: "constant",
        summary: "A constant buffer larger than CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE fails cleanly; one within it works.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(API, "clGetDeviceInfo, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE", "Max size in bytes of a constant buffer allocation."),
        readings: &[],
        interpretation: None,
    }
    ConstantAggregation = "AS-CONSTANT-AGGREGATION" {
        family: "constant",
        summary: "Whether constant variables share constant-argument slots is implementation-defined; portable code counts each separately.",
        check: Check::ImplementationDefined,
        applies: Applies::C,
        cite: cite(F001, QUALIFIERS_12, "Implementations are not required to aggregate these declarations into the fewest number of constant arguments. This behavior is implementation defined."),
        readings: &[],
        interpretation: None,
    }
    GlobalPersist = "AS-GLOBAL-PERSIST" {
        family: "program-scope",
        summary: "Program-scope and static __global variables keep their values between launches and between the kernels of one program.",
        check: Check::Runtime,
        applies: Applies::CWith(GLOBALS),
        cite: cite(F002, GLOBAL_PAGE, "These variables in the global address space have the same lifetime as the program, and their values persist between calls to any of the kernels in the program."),
        readings: &[],
        interpretation: None,
    }
    GlobalInitValue = "AS-GLOBAL-INIT-VALUE" {
        family: "program-scope",
        summary: "Program-scope __global variables start with their constant initialiser, or zero when they have none.",
        check: Check::Runtime,
        applies: Applies::CWith(GLOBALS),
        cite: cite(F002, GLOBAL_PAGE, "Program scope and static variables in the global address space may be initialized, but only with constant expressions."),
        readings: &[],
        interpretation: Some("Zero for uninitialised ones follows C99 6.7.8p10 (static storage duration), which OpenCL C keeps."),
    }
    GlobalDistinct = "AS-GLOBAL-DISTINCT" {
        family: "program-scope",
        summary: "Program-scope __global variables have distinct storage per program (and per device).",
        check: Check::Runtime,
        applies: Applies::CWith(GLOBALS),
        cite: cite(F002, GLOBAL_PAGE, "These variables are not shared across devices. They have distinct storage."),
        readings: &[],
        interpretation: Some("Each program-scope global has storage of its own: writes to one are not seen through another, within a program; two programs built from the same source (or one program on two devices) hold separate copies. The suite's run-time cases show the first part, which one program expresses."),
    }
    GlobalVarSize = "AS-GLOBAL-VAR-SIZE" {
        family: "program-scope",
        summary: "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE bounds one program-scope global (one over it fails cleanly, at build or enqueue), and CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE reports a program's total.",
        check: Check::ApiQuery,
        applies: Applies::CWith(GLOBALS),
        cite: cite(F002, GLOBAL_PAGE, "global uchar bigbuf[CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE]; // OK."),
        readings: &[],
        interpretation: None,
    }
    GlobalAccess = "AS-GLOBAL-ACCESS" {
        family: "global",
        summary: "Reads, writes and atomics through a pointer to __global (an argument, a helper's parameter or result, a struct member, pointer arithmetic, vload/vstore) reach the buffer it points into.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(F002, GLOBAL_PAGE, "The __global or global address space name is used to refer to memory objects (buffer or image objects) allocated from the global memory pool."),
        readings: &[],
        interpretation: Some("The control for the other spaces: the generated run-time cases reach a __global buffer in every way they reach __local, __constant and __private objects, so a deviation that shows in one space only is told from one in the access itself."),
    }
    PrivateIsolation = "AS-PRIVATE-ISOLATION" {
        family: "functions",
        summary: "Private variables and arrays belong to one work-item: no work-item sees another's.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "The address space name for arguments to a function in a program, or local variables of a function is __private."),
        readings: &[],
        interpretation: None,
    }
    GenericDeref = "AS-GENERIC-DEREF" {
        family: "generic",
        summary: "Reads and writes through a generic pointer reach the object in whichever named space it points into.",
        check: Check::Runtime,
        applies: Applies::CWith(GENERIC),
        cite: cite(F000, CONSTANT_PAGE, "Functions may be written with arguments and return values that point to the generic address space."),
        readings: &[],
        interpretation: None,
    }
    ToNamedResult = "AS-TO-NAMED-RESULT" {
        family: "generic",
        summary: "to_global, to_local and to_private return the pointer when it points into that space and NULL otherwise.",
        check: Check::Runtime,
        applies: Applies::CWith(GENERIC),
        cite: cite(C20, "6.13.9 Address Space Qualifier Functions", "Returns a pointer that points to a region in the global address space if to_global can cast ptr to the global address space. Otherwise it returns NULL."),
        readings: &[
            Reading { source: "OpenCL C 2.0, 6.13.9, with the disjoint named address spaces of 6.5", says: "Strict: the named spaces are disjoint, so a pointer to an object in __local or __private never points to a region of the global address space: to_global of it must return NULL (and likewise to_local and to_private); clspv implements this (google/clspv pull request 1081: 'When to call to_<addrspace> with an incompatible pointer, we just need to return null')." },
            Reading { source: "KhronosGroup/OpenCL-CTS pull request 1963 (review by bashbaug, 2024-05-20); SPIR-V OpGenericCastToPtrExplicit", says: "Open: the sentence says what is returned when the cast fails but not when it must fail; a device that can address every space from one pointer (a CPU) may convert a pointer into another space and return it non-NULL. SPIR-V's OpGenericCastToPtrExplicit likewise returns OpConstantNull 'if the cast fails' without saying when it fails. The CTS's generic-address-space tests check only the casts that must succeed; the pull request adding the must-fail direction is held for a spec clarification." },
        ],
        interpretation: Some("clasp takes the strict reading: the named spaces are disjoint (6.5), so 'can cast ptr to the global address space' is false for a pointer into another space, and NULL is what lets a kernel branch on where a generic pointer points, the functions' purpose. A driver returning non-NULL there deviates from that reading only: reports show it as an interpretation, with both readings. A non-NULL result for the pointer's own space is required by both."),
    }
    GetFence = "AS-GET-FENCE" {
        family: "generic",
        summary: "get_fence on a generic pointer returns the fence flags of the space it points into (CLK_GLOBAL_MEM_FENCE or CLK_LOCAL_MEM_FENCE).",
        check: Check::Runtime,
        applies: Applies::CWith(GENERIC),
        cite: cite(C20, "6.13.9 Address Space Qualifier Functions", "Returns a valid memory fence value for ptr."),
        readings: &[
            Reading { source: "OpenCL C 2.0, 6.13.9", says: "For ptr: the fence must order accesses through ptr, so it includes CLK_LOCAL_MEM_FENCE for a pointer into __local and CLK_GLOBAL_MEM_FENCE for one into __global; a wider value (both flags) is valid for either, a value without the pointer's own flag is not." },
            Reading { source: "KhronosGroup/OpenCL-CTS test_conformance/generic_address_space/base.h (isFenceValid)", says: "Any valid fence: 'current spec says get_fence can return any valid fence'; the CTS accepts 0, CLK_GLOBAL_MEM_FENCE, CLK_LOCAL_MEM_FENCE or both for a pointer into any space." },
        ],
        interpretation: Some("clasp takes the first reading: a fence that does not cover the pointer's space cannot be used to order the accesses through it, which is what get_fence exists for (passing its result to mem_fence or barrier). The generated cases test that the pointer's own flag is set, so a wider fence passes; the hand-written cases that compare for equality judge the narrow answer, and a driver answering a wider one there is an interpretation. For a pointer into private memory any valid value is allowed, so only global and local are judged."),
    }
    AsyncCopy = "AS-ASYNC-COPY" {
        family: "builtins",
        summary: "async_work_group_copy moves the data between __global and __local once wait_group_events returns.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(C12, "6.12.10 Async Copies from Global to Local Memory, Local to Global Memory, and Prefetch", "Perform an async copy of num_gentypes gentype elements from src to dst."),
        readings: &[],
        interpretation: None,
    }
    ArgAddressQualifier = "AS-ARG-ADDRESS-QUALIFIER" {
        family: "kernel-arguments",
        summary: "CL_KERNEL_ARG_ADDRESS_QUALIFIER reports the pointee space of a pointer argument, and private for every other argument.",
        check: Check::ApiQuery,
        applies: Applies::C,
        cite: cite(API, "clGetKernelArgInfo, CL_KERNEL_ARG_ADDRESS_QUALIFIER", "If no address qualifier is specified, the default address qualifier which is CL_KERNEL_ARG_ADDRESS_PRIVATE is returned."),
        readings: &[],
        interpretation: Some("Needs -cl-kernel-arg-info. Image arguments are reported as global (001: image arguments 'refer to image memory objects allocated in the __global address space')."),
    }
    Align = "AS-ALIGN" {
        family: "types",
        summary: "Every object in memory is aligned to the size of its type (a 3-component vector to that of 4 components, a struct to its strictest member), in every address space and however it got there.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(C12, "6.1.5 Alignment of Types", "A data item declared to be a data type in memory is always aligned to the size of the data type in bytes."),
        readings: &[],
        interpretation: Some("The section goes on: 'For 3-component vector data types, the size of the data type is 4 * sizeof(component). This means that a 3-component vector data type will be aligned to a 4 * sizeof(component) boundary.' The sentence names no address space, so it holds in __global, __constant, __local and __private alike, and a generic pointer to an object holds an aligned address. It binds the compiler for the objects it places (program-scope and static variables, __local and private arrays, struct members) and the runtime for the memory it hands a kernel (buffers behind __global and __constant arguments, the __local arguments it lays out), since 'the OpenCL compiler can assume that the pointee is always appropriately aligned' for a kernel's pointer arguments. A struct is aligned to its strictest member, which keeps every member of every element of an array of it aligned. Checked on the address itself, plus a zero the compiler cannot see, so an alignment the compiler assumes is not folded into the answer."),
    }
    AlignAttribute = "AS-ALIGN-ATTRIBUTE" {
        family: "types",
        summary: "__attribute__((aligned(N))) gives a variable or struct field at least N-byte alignment, and so raises its struct's alignment and size, in every address space.",
        check: Check::Runtime,
        applies: Applies::C,
        cite: cite(C12, "6.11.3 Specifying Attributes of Variables", "aligned (alignment): This attribute specifies a minimum alignment for the variable or structure field, measured in bytes."),
        readings: &[],
        interpretation: Some("The attribute names no address space, so a field declared aligned(N) lies at a multiple of N from its struct's start in private, __local, __constant and __global memory alike, and the struct (aligned to its strictest member, AS-ALIGN) takes a multiple of N bytes. The field's offset is fixed by the compiler alone, so it is checked exactly; an object's address is checked modulo N where the compiler places it (private, __local, program-scope __constant)."),
    }
    PointerSize = "AS-POINTER-SIZE" {
        family: "types",
        summary: "Pointers to different address spaces may have different sizes.",
        check: Check::ImplementationDefined,
        applies: Applies::C,
        cite: cite(F000, CONSTANT_PAGE, "The size of pointers to different address spaces may differ. It is not correct to assume that, for example, sizeof(__global int *) always equals sizeof(__local int *)."),
        readings: &[],
        interpretation: None,
    }
    // ---------------------------------------------------------------- C++: storage classes and pools
    CxxImplicitGlobal = "CXX-IMPLICIT-GLOBAL" {
        family: "cxx-storage",
        summary: "A program-scope, static or extern variable with no explicit storage class is allocated in global memory.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "If a variable is declared in program scope, with +static+ or +extern+ specifier and the standard library storage class (__<<address-spaces-library,Address Spaces Library>> section__) is not used, the variable is allocated in the global memory of a device."),
        readings: &[],
        interpretation: Some("Tested by what the deduced space allows: the address of such a variable is a pointer to __global, so it cannot initialise a pointer to __local or __private."),
    }
    CxxImplicitPrivate = "CXX-IMPLICIT-PRIVATE" {
        family: "cxx-storage",
        summary: "A function-scope variable without static and without an explicit storage class is allocated in private memory.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "If a variable is declared in function scope, without +static+ specifier and the standard library storage class (__<<address-spaces-library,Address Spaces Library>> section__) is not used, the variable is allocated in the private memory of a device."),
        readings: &[],
        interpretation: Some("The address of such a variable is a pointer to __private: it cannot initialise a pointer to __global or __local."),
    }
    CxxLocalExplicit = "CXX-LOCAL-EXPLICIT" {
        family: "cxx-storage",
        summary: "Local memory is only allocated through the explicit local storage class (__local in C++ for OpenCL); nothing is local by deduction.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "The local variables can be only allocated in a program using the explicit local storage class from the standard library (__<<local-class,local class>> section__)."),
        readings: &[],
        interpretation: Some("004's library class `cl::local<T>` is spelled `__local T` in C++ for OpenCL."),
    }
    CxxConstantExplicit = "CXX-CONSTANT-EXPLICIT" {
        family: "cxx-storage",
        summary: "Constant memory is only allocated through the explicit constant storage class (__constant), and is read-only.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "The variables declared using the +constant<T>+ class refer to memory objects allocated from the global memory pool and which are accessed inside a kernel(s) as read-only variables."),
        readings: &[],
        interpretation: None,
    }
    CxxGenericPointers = "CXX-GENERIC-POINTERS" {
        family: "cxx-storage",
        summary: "Pointers and references without an explicit address space point into the generic space: they bind to global, local and private objects but not to constant ones.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "All {cpp} pointers and references point to an object in the unnamed/generic address space if the explicit address space pointer classes are not used."),
        readings: &[],
        interpretation: Some("Constant is outside the generic space (as in OpenCL C 2.0), so `int &r = c;` with c in __constant is rejected."),
    }
    CxxReturnSpace = "CXX-RETURN-SPACE" {
        family: "cxx-storage",
        summary: "A C++ for OpenCL function's return type carries no address space, except on the pointee of a returned pointer (or the referent of a returned reference).",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F001, QUALIFIERS_12, "There is no address space for function return values."),
        readings: &[],
        interpretation: Some(CXX_INHERITS),
    }
    CxxMultipleSpaces = "CXX-MULTIPLE-SPACES" {
        family: "cxx-storage",
        summary: "A C++ for OpenCL type may carry at most one address space, whatever the spelling (keywords, a typedef or alias and a keyword, clang's opencl_* attributes).",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F000, CONSTANT_PAGE, DISJOINT),
        readings: &[],
        interpretation: Some(CXX_INHERITS),
    }
    CxxGlobalCtorOrder = "CXX-GLOBAL-CTOR-ORDER" {
        family: "cxx-storage",
        summary: "Constructors of global-memory objects run before the first kernel of the program executes.",
        check: Check::Runtime,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "The constructors of objects in global memory are executed before the first kernel execution in the program."),
        readings: &[],
        interpretation: None,
    }
    CxxLocalCtor = "CXX-LOCAL-CTOR" {
        family: "cxx-storage",
        summary: "Constructors of local-memory objects are executed by one work-item before the kernel body.",
        check: Check::Runtime,
        applies: Applies::Cxx,
        cite: cite(F004, CXX_SPACES, "The constructors of objects in local memory are executed by one work-item before the kernel body execution."),
        readings: &[],
        interpretation: None,
    }
    CxxZeroInit = "CXX-ZERO-INIT" {
        family: "cxx-storage",
        summary: "Global and constant objects without an initialiser are zero-pre-initialised; local objects are not.",
        check: Check::Runtime,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization", "Variables are zero-pre-initialized."),
        readings: &[],
        interpretation: Some("Only the global and constant rows promise zeroes, so only they are judged."),
    }
    // ---------------------------------------------------------------- C++: the memory-initialisation table
    CxxInitLocalProgramTrivial = "CXX-INIT-LOCAL-PROGRAM-TRIVIAL" {
        family: "cxx-init-table",
        summary: "local storage, program scope, uninitialised: 004 says supported (not zero-pre-initialised); C++ for OpenCL rejects a program-scope __local variable.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/program", "supported (not zero-pre-init)"),
        readings: &[
            Reading { source: F004, says: "local / program / uninitialized: supported (not zero-pre-init)" },
            Reading { source: "C++ for OpenCL 2021 (OpenCL C 3.0 address-space rules)", says: "Program-scope variables are in __global or __constant; a program-scope __local variable is an error (AS-PROGSCOPE-SPACE)." },
        ],
        interpretation: Some("CLC++2021 is C++ for OpenCL, whose address-space rules are OpenCL C's, so clasp expects a rejection there. 004's reading belongs to the OpenCL C++ library class cl::local<T>, which no shipping compiler implements."),
    }
    CxxInitLocalProgramConstexpr = "CXX-INIT-LOCAL-PROGRAM-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "local storage, program scope, constant-expression initialiser: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/program", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalProgramCustom = "CXX-INIT-LOCAL-PROGRAM-CUSTOM" {
        family: "cxx-init-table",
        summary: "local storage, program scope, custom constructor or destructor: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/program", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalKernelTrivial = "CXX-INIT-LOCAL-KERNEL-TRIVIAL" {
        family: "cxx-init-table",
        summary: "local storage, kernel scope, uninitialised: supported, not zero-pre-initialised.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/kernel", "Variables are not zero-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalKernelConstexpr = "CXX-INIT-LOCAL-KERNEL-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "local storage, kernel scope, constant-expression initialiser: 004 says supported; C++ for OpenCL keeps OpenCL C's rule that __local variables cannot be initialised.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/kernel", "Materialize temporary expressions are not supported."),
        readings: &[
            Reading { source: F004, says: "local / kernel / initialized by constant expression: supported. Variables are not zero-pre-initialized. Materialize temporary expressions are not supported." },
            Reading { source: "C++ for OpenCL 2021 (OpenCL C 3.0 address-space rules)", says: "Variables allocated in the __local address space inside a kernel function cannot be initialized (003, AS-LOCAL-INIT)." },
        ],
        interpretation: Some("CLC++2021 follows C++ for OpenCL: `__local int x = 1;` is rejected. 004's reading is for cl::local<T>, whose initialiser runs once per work-group."),
    }
    CxxInitLocalKernelCustom = "CXX-INIT-LOCAL-KERNEL-CUSTOM" {
        family: "cxx-init-table",
        summary: "local storage, kernel scope, custom initialiser or destructor: 004 says supported; C++ for OpenCL rejects an initialiser on a __local variable.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/kernel", SUPPORTED_004),
        readings: &[
            Reading { source: F004, says: "local / kernel / custom initializer or custom destructor: supported, run by one work-item before the kernel body." },
            Reading { source: "C++ for OpenCL 2021 (OpenCL C 3.0 address-space rules)", says: "An explicit initialiser on a __local variable is an error, as in OpenCL C." },
        ],
        interpretation: Some("clasp tests the explicit-initialiser form (`__local S s = S(1);`, `__local S s{1};`), which C++ for OpenCL rejects; a __local object of a type with a user-provided default constructor and no initialiser is left out of the verdict."),
    }
    CxxInitLocalFunctionTrivial = "CXX-INIT-LOCAL-FUNCTION-TRIVIAL" {
        family: "cxx-init-table",
        summary: "local storage, non-kernel function scope, uninitialised: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/local (non-kernel)", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalFunctionConstexpr = "CXX-INIT-LOCAL-FUNCTION-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "local storage, non-kernel function scope, constant-expression initialiser: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/local (non-kernel)", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalFunctionCustom = "CXX-INIT-LOCAL-FUNCTION-CUSTOM" {
        family: "cxx-init-table",
        summary: "local storage, non-kernel function scope, custom initialiser or destructor: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/local (non-kernel)", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalMemberTrivial = "CXX-INIT-LOCAL-MEMBER-TRIVIAL" {
        family: "cxx-init-table",
        summary: "local storage, static data member, uninitialised: 004 says supported; C++ for OpenCL rejects a __local static data member (a program-scope variable).",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/class (static data member)", "Variables are not zero-pre-initialized."),
        readings: &[
            Reading { source: F004, says: "local / class (static data member) / uninitialized: supported. Variables are not zero-pre-initialized." },
            Reading { source: "C++ for OpenCL 2021 (OpenCL C 3.0 address-space rules)", says: "A static data member has static storage duration like a program-scope variable, so it must be __global or __constant." },
        ],
        interpretation: Some("CLC++2021 follows C++ for OpenCL: rejected."),
    }
    CxxInitLocalMemberConstexpr = "CXX-INIT-LOCAL-MEMBER-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "local storage, static data member, constant-expression initialiser: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/class (static data member)", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitLocalMemberCustom = "CXX-INIT-LOCAL-MEMBER-CUSTOM" {
        family: "cxx-init-table",
        summary: "local storage, static data member, custom initialiser or destructor: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row local/class (static data member)", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalProgramTrivial = "CXX-INIT-GLOBAL-PROGRAM-TRIVIAL" {
        family: "cxx-init-table",
        summary: "global storage, program scope, uninitialised: supported, zero-pre-initialised.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/program", "Variables are zero-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalProgramConstexpr = "CXX-INIT-GLOBAL-PROGRAM-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "global storage, program scope, constant-expression initialiser: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/program", "Variables are zero or constexpr-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalProgramCustom = "CXX-INIT-GLOBAL-PROGRAM-CUSTOM" {
        family: "cxx-init-table",
        summary: "global storage, program scope, custom initialiser or destructor: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/program", SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalStaticTrivial = "CXX-INIT-GLOBAL-STATIC-TRIVIAL" {
        family: "cxx-init-table",
        summary: "global storage, kernel or function scope (static), uninitialised: supported, zero-pre-initialised.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/kernel-local", "Variables are zero-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalStaticConstexpr = "CXX-INIT-GLOBAL-STATIC-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "global storage, kernel or function scope (static), constant-expression initialiser: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/kernel-local", "Variables are zero or constexpr-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalStaticCustom = "CXX-INIT-GLOBAL-STATIC-CUSTOM" {
        family: "cxx-init-table",
        summary: "global storage, kernel or function scope (static), custom initialiser or destructor: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/kernel-local", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalMemberTrivial = "CXX-INIT-GLOBAL-MEMBER-TRIVIAL" {
        family: "cxx-init-table",
        summary: "global storage, static data member, uninitialised: supported, zero-pre-initialised.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/class (static data member)", "Variables are zero-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalMemberConstexpr = "CXX-INIT-GLOBAL-MEMBER-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "global storage, static data member, constant-expression initialiser: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/class (static data member)", "Variables are zero or constexpr-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitGlobalMemberCustom = "CXX-INIT-GLOBAL-MEMBER-CUSTOM" {
        family: "cxx-init-table",
        summary: "global storage, static data member, custom initialiser or destructor: not supported.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row global/class (static data member)", NOT_SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitConstantTrivial = "CXX-INIT-CONSTANT-TRIVIAL" {
        family: "cxx-init-table",
        summary: "constant storage, any scope, uninitialised: 004 says supported and zero-pre-initialised; C++ for OpenCL requires every __constant variable to be initialised.",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row constant/(any)", "Variables are zero-pre-initialized."),
        readings: &[
            Reading { source: F004, says: "constant / (any) / uninitialized: supported. Variables are zero-pre-initialized." },
            Reading { source: "C++ for OpenCL 2021 (OpenCL C 3.0 address-space rules)", says: "__constant variables are required to be initialized (001, AS-CONSTANT-INIT-REQUIRED)." },
        ],
        interpretation: Some("CLC++2021 follows C++ for OpenCL: `__constant int c;` is rejected; 004's zero-initialised cl::constant<T> has no C++ for OpenCL spelling."),
    }
    CxxInitConstantConstexpr = "CXX-INIT-CONSTANT-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "constant storage, any scope, constant-expression initialiser: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row constant/(any)", "Variables are zero or constexpr-pre-initialized."),
        readings: &[],
        interpretation: None,
    }
    CxxInitConstantCustom = "CXX-INIT-CONSTANT-CUSTOM" {
        family: "cxx-init-table",
        summary: "constant storage, any scope, custom initialiser or destructor: not supported (constant objects have no user-defined constructors or destructors).",
        check: Check::Reject,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.4.4 Constant", "The constant objects must be constructible at compile time, they cannot have any user defined constructors, destructors, methods and operators."),
        readings: &[
            Reading { source: F004, says: "Otherwise behavior is undefined." },
            Reading { source: F004, says: "constant / (any) / custom initializer or custom destructor: not supported" },
        ],
        interpretation: Some("The pool section calls it undefined behaviour, the table 'not supported'. clasp takes the table: a compiler must reject it, as it can always tell."),
    }
    CxxInitPrivateTrivial = "CXX-INIT-PRIVATE-TRIVIAL" {
        family: "cxx-init-table",
        summary: "private storage, any scope, uninitialised: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row private/(any)", SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitPrivateConstexpr = "CXX-INIT-PRIVATE-CONSTEXPR" {
        family: "cxx-init-table",
        summary: "private storage, any scope, constant-expression initialiser: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.5 Memory initialization, row private/(any)", SUPPORTED_004),
        readings: &[],
        interpretation: None,
    }
    CxxInitPrivateCustom = "CXX-INIT-PRIVATE-CUSTOM" {
        family: "cxx-init-table",
        summary: "private storage, any scope, custom initialiser or destructor: supported.",
        check: Check::Accept,
        applies: Applies::Cxx,
        cite: cite(F004, "OpenCL C++ 1.0, 3.2.4.3 Private", "The non-trivial constructors and destructors are supported."),
        readings: &[],
        interpretation: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_index_the_table_and_are_unique() {
        for (i, rule) in rules().iter().enumerate() {
            assert_eq!(rule.id as usize, i);
            assert_eq!(rule.id.code().parse::<RuleId>(), Ok(rule.id));
        }
        let mut codes: Vec<&str> = RuleId::ALL.iter().map(|id| id.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), RuleId::ALL.len());
    }

    #[test]
    fn every_rule_applies_somewhere_and_cites_a_sentence() {
        for rule in rules() {
            assert!(
                rule.profiles().next().is_some(),
                "{} applies nowhere",
                rule.id
            );
            assert!(!rule.cite.quote.is_empty(), "{} quotes nothing", rule.id);
            assert!(
                rule.summary.ends_with('.'),
                "{} summary is not a sentence",
                rule.id
            );
        }
    }

    #[test]
    fn quotes_from_shared_spec_files_are_verbatim() {
        // The catalogue carries each quote with its citation; the spec files it quotes are not
        // part of the repository. They are found through CLASP_SPEC_DIR (CI sets it, and then a
        // missing folder is an error) or in a `shared/spec/` folder beside the checkout. A clone
        // with neither skips this check and says so by name.
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let dir = match std::env::var_os("CLASP_SPEC_DIR") {
            Some(dir) => {
                let dir = std::path::PathBuf::from(dir);
                assert!(
                    dir.is_dir(),
                    "CLASP_SPEC_DIR={} is not a folder holding the spec files",
                    dir.display()
                );
                dir
            }
            None => match here
                .ancestors()
                .map(|a| a.join("shared/spec"))
                .find(|d| d.is_dir())
            {
                Some(dir) => dir,
                None => {
                    eprintln!(
                        "skipped quotes_from_shared_spec_files_are_verbatim: no spec folder \
                         (set CLASP_SPEC_DIR to the folder holding the spec files)"
                    );
                    return;
                }
            },
        };
        let texts: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok())
            .map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                (
                    name,
                    normalise(&std::fs::read_to_string(e.path()).unwrap_or_default()),
                )
            })
            .collect();
        let mut checked = 0;
        for rule in rules() {
            if let Some((_, text)) = texts.iter().find(|(name, _)| *name == rule.cite.source) {
                let quote = normalise(rule.cite.quote);
                assert!(
                    text.contains(&quote),
                    "{}: quote not found in {}: {quote}",
                    rule.id,
                    rule.cite.source
                );
                checked += 1;
            }
        }
        // Most rules quote one of the five spec files; a folder that matched none is the wrong one.
        assert!(
            checked >= rules().len() / 2,
            "only {checked} quotes matched a file in {}",
            dir.display()
        );
    }

    /// The spec files break lines and space words unevenly; compare on single spaces.
    fn normalise(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn unknown_ids_suggest_the_nearest() {
        let err = "AS-PROGSCOPE-SPCE".parse::<RuleId>().unwrap_err();
        assert_eq!(err.suggestion, Some("AS-PROGSCOPE-SPACE"));
        assert!(err
            .to_string()
            .contains("did you mean `AS-PROGSCOPE-SPACE`"));
        assert_eq!(
            "nothing-like-it".parse::<RuleId>().unwrap_err().suggestion,
            None
        );
    }
}
