//! C++ for OpenCL (`CLC++2021`): the `CXX-` compile-time rules of the catalogue.
//!
//! - [`init_table`]: the memory-initialisation table (004 3.2.5), storage × scope ×
//!   initialisation kind × type × qualifier; the verdict of a declaration is the catalogue
//!   `Check` of the table cell it falls in.
//! - [`storage`]: the storage classes and pools (deduced global and private, explicit local
//!   and constant, generic pointers and references), source object × target space ×
//!   operation × type × qualifier; the verdict follows the catalogue's precedence list for
//!   the `CXX-` rules.
//!
//! Each builder takes its dimensions as plain values, so exhaustive enumeration ([`all`]) and
//! `arbitrary`-driven drawing ([`arbitrary_case`]) share them (STYLE §17). A builder returns
//! `None` for a combination that would be invalid C++ for OpenCL for a reason no `CXX-` rule
//! names (a program-scope `__private`, a `__local` in a nested block), so every case contains
//! at most the one violation it was built for.

pub mod init_table;
pub mod storage;

use super::Out;
use crate::case::GenCase;
use checker::spec::{Profile, Spelling};

/// The profiles a C++ case runs in.
pub fn profiles() -> Vec<Profile> {
    Profile::ALL
        .into_iter()
        .filter(|p| p.lang().is_cxx())
        .collect()
}

/// The object types the C++ cases use, with the classes that carry custom construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CxxTy {
    Int,
    Float4,
    /// `S`: a POD struct.
    Pod,
    /// `int[4]`.
    Array,
    /// `C`: user (non-`constexpr`) default and one-argument constructors.
    Ctor,
    /// `D`: an aggregate with a user destructor.
    Dtor,
    /// `K`: `constexpr` constructors only (a literal type).
    Constexpr,
    /// `W`: an aggregate whose member is a `D` (the destructor comes from a class member).
    MemberDtor,
}

impl CxxTy {
    pub const ALL: [CxxTy; 8] = [
        CxxTy::Int,
        CxxTy::Float4,
        CxxTy::Pod,
        CxxTy::Array,
        CxxTy::Ctor,
        CxxTy::Dtor,
        CxxTy::Constexpr,
        CxxTy::MemberDtor,
    ];

    pub const fn tag(self) -> &'static str {
        match self {
            CxxTy::Int => "scalar",
            CxxTy::Float4 => "vector",
            CxxTy::Pod => "pod",
            CxxTy::Array => "array",
            CxxTy::Ctor => "class-ctor",
            CxxTy::Dtor => "class-dtor",
            CxxTy::Constexpr => "class-constexpr",
            CxxTy::MemberDtor => "member-dtor",
        }
    }

    /// `quals space T name` (arrays put their bound after the name).
    pub fn decl(self, prefix: &str, name: &str) -> String {
        match self {
            CxxTy::Array => format!("{prefix}int {name}[4]"),
            _ => format!("{prefix}{} {name}", self.name()),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            CxxTy::Int | CxxTy::Array => "int",
            CxxTy::Float4 => "float4",
            CxxTy::Pod => "S",
            CxxTy::Ctor => "C",
            CxxTy::Dtor => "D",
            CxxTy::Constexpr => "K",
            CxxTy::MemberDtor => "W",
        }
    }

    /// A user-provided constructor or destructor, `constexpr` included (004 3.2.4.4).
    pub const fn has_user_special(self) -> bool {
        matches!(
            self,
            CxxTy::Ctor | CxxTy::Dtor | CxxTy::Constexpr | CxxTy::MemberDtor
        )
    }

    /// The class definitions this type needs, in order.
    pub const fn preludes(self) -> &'static [&'static str] {
        match self {
            CxxTy::Pod => &[STRUCT_S],
            CxxTy::Ctor => &[CLASS_C],
            CxxTy::Dtor => &[CLASS_D],
            CxxTy::Constexpr => &[CLASS_K],
            CxxTy::MemberDtor => &[CLASS_D, CLASS_W],
            _ => &[],
        }
    }

    /// A value of this type for `= v` (a constant expression for the plain types).
    pub const fn value(self) -> &'static str {
        match self {
            CxxTy::Int => "1",
            CxxTy::Float4 => "(float4)(1.0f)",
            CxxTy::Pod => "{1, 2.0f}",
            CxxTy::Array => "{1, 2, 3, 4}",
            CxxTy::Ctor => "C(1)",
            CxxTy::Dtor => "{1}",
            CxxTy::Constexpr => "K(1)",
            CxxTy::MemberDtor => "{{1}}",
        }
    }

    /// A statement that writes to object `x` of this type.
    pub fn write(self, x: &str) -> String {
        match self {
            CxxTy::Int => format!("{x} = 2;"),
            CxxTy::Float4 => format!("{x} = (float4)(2.0f);"),
            CxxTy::Array => format!("{x}[0] = 2;"),
            CxxTy::MemberDtor => format!("{x}.d.a = 2;"),
            _ => format!("{x}.a = 2;"),
        }
    }
}

pub const STRUCT_S: &str = "struct S { int a; float b; };";
pub const CLASS_C: &str = "struct C { int a; C() : a(0) {} C(int v) : a(v) {} };";
pub const CLASS_D: &str = "struct D { int a; ~D() {} };";
pub const CLASS_K: &str = "struct K { int a; constexpr K(int v) : a(v) {} };";
pub const CLASS_W: &str = "struct W { D d; };";

/// Object qualifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cv {
    Plain,
    Const,
    Volatile,
}

impl Cv {
    pub const ALL: [Cv; 3] = [Cv::Plain, Cv::Const, Cv::Volatile];

    pub const fn kw(self) -> &'static str {
        match self {
            Cv::Plain => "",
            Cv::Const => "const ",
            Cv::Volatile => "volatile ",
        }
    }

    pub const fn tag(self) -> &'static str {
        match self {
            Cv::Plain => "plain",
            Cv::Const => "const",
            Cv::Volatile => "volatile",
        }
    }
}

pub(crate) const fn sp_tag(s: Spelling) -> &'static str {
    match s {
        Spelling::Prefixed => "prefixed",
        Spelling::Attribute => "attribute",
        Spelling::Bare => "bare",
    }
}

pub fn all(out: &mut Out) {
    init_table::all(out);
    storage::all(out);
}

/// One C++ case drawn from `u` through the same builders as [`all`]; `Ok(None)` when the
/// drawn combination is one the builders leave out.
pub fn arbitrary_case(u: &mut arbitrary::Unstructured<'_>) -> arbitrary::Result<Option<GenCase>> {
    if u.arbitrary()? {
        init_table::arbitrary_case(u)
    } else {
        storage::arbitrary_case(u)
    }
}
