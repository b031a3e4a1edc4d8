//! Keywords and the predeclared OpenCL type names, as the parser classifies them for a profile.
//!
//! Every word here is a predefined symbol (see [`crate::symbol`]), so the parser classifies a
//! token by indexing a table with its symbol.

use crate::ast::{AccessQual, CxxCast, FuncSpec, QualKind, StorageClass, TypeSpecKind};
use crate::spec::{AddrSpace, Feature, Profile, Spelling};
use crate::symbol::Interner;
use crate::token::FxHashMap;
use std::sync::OnceLock;

/// What an identifier token means to the parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kw {
    Storage(StorageClass),
    Func(FuncSpec),
    Access(AccessQual),
    Qual(QualKind),
    /// A type keyword (`int`, `half`, ...).
    Type(BaseType),
    Struct,
    Union,
    Enum,
    Attribute,
    Pipe,
    Sizeof,
    VecStep,
    Alignof,
    /// `__extension__`: skipped wherever it appears.
    Extension,
    If,
    Else,
    While,
    Do,
    For,
    Switch,
    Case,
    Default,
    Break,
    Continue,
    Return,
    Goto,
    /// C++ for OpenCL keywords the parser models (`parse/cxx.rs`).
    Class,
    Template,
    Typename,
    Namespace,
    Using,
    Operator,
    New,
    Delete,
    This,
    True,
    False,
    Nullptr,
    StaticAssert,
    Noexcept,
    NamedCast(CxxCast),
    /// `decltype(expr)`, a type specifier (`parse/cxx.rs`).
    Decltype,
    /// A keyword of C++ for OpenCL that the parser does not model.
    Cxx,
}

/// The type keywords, which carry no data in the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BaseType {
    Void,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Signed,
    Unsigned,
    Bool,
    Half,
    Complex,
    /// C++ `auto`.
    Auto,
}

impl BaseType {
    pub(crate) fn kind<'a>(self) -> TypeSpecKind<'a> {
        match self {
            BaseType::Void => TypeSpecKind::Void,
            BaseType::Char => TypeSpecKind::Char,
            BaseType::Short => TypeSpecKind::Short,
            BaseType::Int => TypeSpecKind::Int,
            BaseType::Long => TypeSpecKind::Long,
            BaseType::Float => TypeSpecKind::Float,
            BaseType::Double => TypeSpecKind::Double,
            BaseType::Signed => TypeSpecKind::Signed,
            BaseType::Unsigned => TypeSpecKind::Unsigned,
            BaseType::Bool => TypeSpecKind::Bool,
            BaseType::Half => TypeSpecKind::Half,
            BaseType::Complex => TypeSpecKind::Complex,
            BaseType::Auto => TypeSpecKind::Auto,
        }
    }
}

/// What each predefined symbol is as a keyword in `profile`, indexed by symbol. The
/// classification depends only on the language and the generic address space (which C++ for
/// OpenCL always has), so the three tables are built once per process.
pub(crate) fn keywords_by_symbol(profile: Profile) -> &'static [Option<Kw>] {
    static TABLES: OnceLock<[Vec<Option<Kw>>; 3]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        let symbols = Interner::new();
        let mut entries = vec![None; symbols.len()];
        for (word, entry) in keyword_table() {
            if let Some(s) = symbols.get(word) {
                entries[s.index()] = Some(*entry);
            }
        }
        [Profile::CL1_2, Profile::CL2_0, Profile::CXX2021].map(|profile| {
            entries
                .iter()
                .map(|e| e.and_then(|e| keyword(e, profile)))
                .collect()
        })
    });
    match (
        profile.lang().is_cxx(),
        profile.has(Feature::GenericAddressSpace),
    ) {
        (false, false) => &tables[0],
        (false, true) => &tables[1],
        (true, _) => &tables[2],
    }
}

/// Every keyword, for the symbol template.
pub(crate) fn keywords() -> impl Iterator<Item = &'static str> {
    keyword_table().keys().copied()
}

/// Classifies a word's entry for `profile`. `generic`/`__generic` are address-space keywords
/// only where the profile has the generic address space, and `pipe` only where it has pipes
/// (clang ties `__opencl_c_pipes` to the generic feature, see `Profile::clang_options`);
/// elsewhere both are ordinary identifiers, so `int generic;` parses in OpenCL C 1.2.
fn keyword(entry: Entry, profile: Profile) -> Option<Kw> {
    match entry {
        Entry::Kw(kw) => Some(kw),
        Entry::Space(space, spelling) => {
            // `__generic` is in the implementation's namespace, so it is a qualifier everywhere
            // (semantic analysis rejects it where the generic space does not exist); bare
            // `generic` is an ordinary identifier there (see `Parser::kw_of` for where it still
            // qualifies).
            if space == AddrSpace::Generic
                && spelling == Spelling::Bare
                && !profile.has(Feature::GenericAddressSpace)
            {
                return None;
            }
            Some(Kw::Qual(QualKind::Space(space, spelling)))
        }
        Entry::Auto if profile.lang().is_cxx() => Some(Kw::Type(BaseType::Auto)),
        Entry::Auto => Some(Kw::Storage(StorageClass::Auto)),
        Entry::Pipe if profile.has(Feature::GenericAddressSpace) => Some(Kw::Pipe),
        Entry::Pipe => None,
        Entry::Cxx(kw) if profile.lang().is_cxx() => Some(kw),
        Entry::Cxx(_) => None,
    }
}

/// What a word is before the profile is known.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Kw(Kw),
    Space(AddrSpace, Spelling),
    /// A storage class in C, a keyword of its own in C++ for OpenCL.
    Auto,
    /// Only where the profile has pipes.
    Pipe,
    /// Only in C++ for OpenCL.
    Cxx(Kw),
}

fn keyword_table() -> &'static FxHashMap<&'static str, Entry> {
    static TABLE: OnceLock<FxHashMap<&'static str, Entry>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t: FxHashMap<&'static str, Entry> = FxHashMap::default();
        for (word, kw) in CXX_KEYWORDS {
            t.insert(word, Entry::Cxx(*kw));
        }
        let kws: &[(&[&'static str], Kw)] = &[
            (&["typedef"], Kw::Storage(StorageClass::Typedef)),
            (&["extern"], Kw::Storage(StorageClass::Extern)),
            (&["static"], Kw::Storage(StorageClass::Static)),
            (&["register"], Kw::Storage(StorageClass::Register)),
            (&["kernel", "__kernel"], Kw::Func(FuncSpec::Kernel)),
            (
                &["inline", "__inline", "__inline__"],
                Kw::Func(FuncSpec::Inline),
            ),
            (&["_Noreturn"], Kw::Func(FuncSpec::Noreturn)),
            (
                &["read_only", "__read_only"],
                Kw::Access(AccessQual::ReadOnly),
            ),
            (
                &["write_only", "__write_only"],
                Kw::Access(AccessQual::WriteOnly),
            ),
            (
                &["read_write", "__read_write"],
                Kw::Access(AccessQual::ReadWrite),
            ),
            (
                &["const", "__const", "__const__"],
                Kw::Qual(QualKind::Const),
            ),
            (
                &["volatile", "__volatile", "__volatile__"],
                Kw::Qual(QualKind::Volatile),
            ),
            (
                &["restrict", "__restrict", "__restrict__"],
                Kw::Qual(QualKind::Restrict),
            ),
            (&["void"], Kw::Type(BaseType::Void)),
            (&["char"], Kw::Type(BaseType::Char)),
            (&["short"], Kw::Type(BaseType::Short)),
            (&["int"], Kw::Type(BaseType::Int)),
            (&["long"], Kw::Type(BaseType::Long)),
            (&["float"], Kw::Type(BaseType::Float)),
            (&["double"], Kw::Type(BaseType::Double)),
            (
                &["signed", "__signed", "__signed__"],
                Kw::Type(BaseType::Signed),
            ),
            (&["unsigned"], Kw::Type(BaseType::Unsigned)),
            (&["bool", "_Bool"], Kw::Type(BaseType::Bool)),
            (&["half"], Kw::Type(BaseType::Half)),
            (&["_Complex", "__complex__"], Kw::Type(BaseType::Complex)),
            (&["struct"], Kw::Struct),
            (&["union"], Kw::Union),
            (&["enum"], Kw::Enum),
            (&["__attribute__", "__attribute"], Kw::Attribute),
            (&["sizeof"], Kw::Sizeof),
            (&["vec_step"], Kw::VecStep),
            (
                &["_Alignof", "__alignof__", "__alignof", "alignof"],
                Kw::Alignof,
            ),
            (&["__extension__"], Kw::Extension),
            // C11's spelling; clang accepts it in every OpenCL C version.
            (&["_Static_assert"], Kw::StaticAssert),
            (&["if"], Kw::If),
            (&["else"], Kw::Else),
            (&["while"], Kw::While),
            (&["do"], Kw::Do),
            (&["for"], Kw::For),
            (&["switch"], Kw::Switch),
            (&["case"], Kw::Case),
            (&["default"], Kw::Default),
            (&["break"], Kw::Break),
            (&["continue"], Kw::Continue),
            (&["return"], Kw::Return),
            (&["goto"], Kw::Goto),
        ];
        // C keywords win over the C++ list (a word in both is the C keyword in every profile,
        // as the `match` this table replaces had it).
        for (words, kw) in kws {
            for word in *words {
                t.insert(word, Entry::Kw(*kw));
            }
        }
        t.insert("auto", Entry::Auto);
        t.insert("pipe", Entry::Pipe);
        // Address spaces win over everything, as they were checked first.
        for space in AddrSpace::ALL {
            let bare: &'static str = space.name();
            t.insert(bare, Entry::Space(space, Spelling::Bare));
            let prefixed: &'static str = Box::leak(format!("__{bare}").into_boxed_str());
            t.insert(prefixed, Entry::Space(space, Spelling::Prefixed));
        }
        t
    })
}

const CXX_KEYWORDS: &[(&str, Kw)] = &[
    ("class", Kw::Class),
    ("template", Kw::Template),
    ("typename", Kw::Typename),
    ("namespace", Kw::Namespace),
    ("using", Kw::Using),
    ("operator", Kw::Operator),
    ("new", Kw::New),
    ("delete", Kw::Delete),
    ("this", Kw::This),
    ("true", Kw::True),
    ("false", Kw::False),
    ("nullptr", Kw::Nullptr),
    ("static_assert", Kw::StaticAssert),
    ("noexcept", Kw::Noexcept),
    ("constexpr", Kw::Func(FuncSpec::Constexpr)),
    ("explicit", Kw::Func(FuncSpec::Explicit)),
    ("mutable", Kw::Storage(StorageClass::Mutable)),
    ("static_cast", Kw::NamedCast(CxxCast::Static)),
    ("reinterpret_cast", Kw::NamedCast(CxxCast::Reinterpret)),
    ("const_cast", Kw::NamedCast(CxxCast::Const)),
    ("dynamic_cast", Kw::NamedCast(CxxCast::Dynamic)),
    ("addrspace_cast", Kw::NamedCast(CxxCast::Addrspace)),
    ("virtual", Kw::Cxx),
    ("friend", Kw::Cxx),
    ("public", Kw::Cxx),
    ("protected", Kw::Cxx),
    ("decltype", Kw::Decltype),
    ("try", Kw::Cxx),
    ("catch", Kw::Cxx),
    ("throw", Kw::Cxx),
    ("typeid", Kw::Cxx),
    ("thread_local", Kw::Cxx),
    ("co_await", Kw::Cxx),
    ("co_return", Kw::Cxx),
    ("co_yield", Kw::Cxx),
    ("concept", Kw::Cxx),
    ("requires", Kw::Cxx),
    ("consteval", Kw::Cxx),
    ("constinit", Kw::Cxx),
];

/// Scalar and opaque OpenCL type names that are not C keywords. clang makes some of them
/// keywords and declares the rest in `opencl-c.h`; either way they name types before any
/// user declaration, so the parser predeclares them all.
const SCALARS: &[&str] = &[
    "uchar",
    "ushort",
    "uint",
    "ulong",
    "size_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "image1d_t",
    "image1d_array_t",
    "image1d_buffer_t",
    "image2d_t",
    "image2d_array_t",
    "image2d_depth_t",
    "image2d_array_depth_t",
    "image2d_msaa_t",
    "image2d_array_msaa_t",
    "image2d_msaa_depth_t",
    "image2d_array_msaa_depth_t",
    "image3d_t",
    "sampler_t",
    "event_t",
    "queue_t",
    "clk_event_t",
    "reserve_id_t",
    "ndrange_t",
    "cl_mem_fence_flags",
    "kernel_enqueue_flags_t",
    "clk_profiling_info",
    "memory_order",
    "memory_scope",
    "atomic_int",
    "atomic_uint",
    "atomic_long",
    "atomic_ulong",
    "atomic_float",
    "atomic_double",
    "atomic_half",
    "atomic_intptr_t",
    "atomic_uintptr_t",
    "atomic_size_t",
    "atomic_ptrdiff_t",
    "atomic_flag",
];

/// Element types of the vector types `<elem><n>`.
const VECTOR_ELEMENTS: &[&str] = &[
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half",
    "bool",
];
const VECTOR_WIDTHS: &[u32] = &[2, 3, 4, 8, 16];

/// Every predeclared type name.
pub(crate) fn predeclared() -> impl Iterator<Item = String> {
    let vectors = VECTOR_ELEMENTS
        .iter()
        .flat_map(|e| VECTOR_WIDTHS.iter().map(move |n| format!("{e}{n}")));
    SCALARS.iter().map(|s| s.to_string()).chain(vectors)
}

pub(crate) use crate::symbol::is_predeclared;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_symbol_tables_classify_as_the_words_do() {
        let symbols = Interner::new();
        for profile in Profile::ALL {
            let table = keywords_by_symbol(profile);
            for (word, entry) in keyword_table() {
                let s = symbols.get(word).expect("every keyword is predefined");
                assert_eq!(
                    table[s.index()],
                    keyword(*entry, profile),
                    "{word} in {profile}"
                );
            }
            let classified = table.iter().filter(|k| k.is_some()).count();
            let words = keyword_table().values();
            assert_eq!(
                classified,
                words.filter(|e| keyword(**e, profile).is_some()).count()
            );
        }
    }
}
