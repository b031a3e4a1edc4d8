//! The pieces a generated kernel is made of: address-space qualifiers with their spelling,
//! element types, qualifiers, and pointer types whose every level carries its own space
//! (STYLE §3). Enumeration and random programs print through the same functions.

use checker::spec::{AddrSpace, Feature, Profile, Spelling};
use std::fmt::Write;

/// An address-space qualifier as written: a space and its spelling, or none at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Q {
    pub space: Option<AddrSpace>,
    pub spelling: Spelling,
}

impl Q {
    /// No qualifier: the space is decided by the context and the profile.
    pub const NONE: Q = Q {
        space: None,
        spelling: Spelling::Prefixed,
    };

    pub const fn new(space: AddrSpace, spelling: Spelling) -> Q {
        Q {
            space: Some(space),
            spelling,
        }
    }

    /// `__global` (prefixed spelling).
    pub const fn p(space: AddrSpace) -> Q {
        Q::new(space, Spelling::Prefixed)
    }

    /// The six qualifier choices in one spelling: the five spaces and none.
    pub fn all(spelling: Spelling) -> [Q; 6] {
        let q = |s| Q::new(s, spelling);
        [
            q(AddrSpace::Global),
            q(AddrSpace::Local),
            q(AddrSpace::Constant),
            q(AddrSpace::Private),
            q(AddrSpace::Generic),
            Q::NONE,
        ]
    }

    /// The keyword followed by a space, or nothing.
    pub fn kw(self) -> String {
        match self.space {
            Some(s) => format!("{} ", s.keyword(self.spelling)),
            None => String::new(),
        }
    }

    /// A name fragment for case names: `global`, `__global`, `none`.
    pub fn tag(self) -> &'static str {
        match (self.space, self.spelling) {
            // The attribute spelling has parentheses: name it by the attribute.
            (Some(AddrSpace::Global), Spelling::Attribute) => "opencl_global",
            (Some(AddrSpace::Local), Spelling::Attribute) => "opencl_local",
            (Some(AddrSpace::Constant), Spelling::Attribute) => "opencl_constant",
            (Some(AddrSpace::Private), Spelling::Attribute) => "opencl_private",
            (Some(AddrSpace::Generic), Spelling::Attribute) => "opencl_generic",
            (Some(s), _) => s.keyword(self.spelling),
            (None, _) => "none",
        }
    }

    /// Whether writing this qualifier needs the generic space (it names `generic`).
    pub fn needs_generic(self) -> bool {
        self.space == Some(AddrSpace::Generic)
    }

    /// The pointee space this qualifier means in a function or at program scope: an unqualified
    /// pointee is generic where the generic space exists and private otherwise.
    ///
    /// > Pointers that are declared without pointing to a named address space point to the
    /// > generic address space. (000_d69b344ffc25cbd1.txt)
    pub fn pointee(self, profile: Profile) -> AddrSpace {
        self.space
            .unwrap_or(if profile.has(Feature::GenericAddressSpace) {
                AddrSpace::Generic
            } else {
                AddrSpace::Private
            })
    }
}

/// Element types: scalars, vectors, a struct and the opaque types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    Int,
    Uint,
    Char,
    Float,
    Float4,
    Int2,
    /// `S`, the generated cases' `typedef struct { int a; float b; } S;`.
    Struct,
}

impl Elem {
    pub const ALL: [Elem; 7] = [
        Elem::Int,
        Elem::Uint,
        Elem::Char,
        Elem::Float,
        Elem::Float4,
        Elem::Int2,
        Elem::Struct,
    ];
    /// The element types the exhaustive conversions enumerate: a scalar, a vector, a struct.
    pub const CONV: [Elem; 3] = [Elem::Int, Elem::Float4, Elem::Struct];

    pub const fn name(self) -> &'static str {
        match self {
            Elem::Int => "int",
            Elem::Uint => "uint",
            Elem::Char => "char",
            Elem::Float => "float",
            Elem::Float4 => "float4",
            Elem::Int2 => "int2",
            Elem::Struct => "S",
        }
    }

    /// A constant-expression initialiser of this type.
    pub const fn init(self) -> &'static str {
        match self {
            Elem::Int | Elem::Uint | Elem::Char => "1",
            Elem::Float => "1.0f",
            Elem::Float4 => "(float4)(1.0f)",
            Elem::Int2 => "(int2)(1)",
            Elem::Struct => "{1, 2.0f}",
        }
    }

    /// The declarations this type needs before use.
    pub const fn prelude(self) -> Option<&'static str> {
        match self {
            Elem::Struct => Some(STRUCT_S),
            _ => None,
        }
    }
}

/// The struct every generated case that needs one declares.
pub const STRUCT_S: &str = "typedef struct { int a; float b; } S;";

/// Object qualifiers on a pointee (or object).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Quals {
    pub konst: bool,
    pub volatile: bool,
}

impl Quals {
    pub const NONE: Quals = Quals {
        konst: false,
        volatile: false,
    };
    pub const CONST: Quals = Quals {
        konst: true,
        volatile: false,
    };
    pub const VOLATILE: Quals = Quals {
        konst: false,
        volatile: true,
    };

    pub fn kw(self) -> String {
        let mut s = String::new();
        if self.konst {
            s.push_str("const ");
        }
        if self.volatile {
            s.push_str("volatile ");
        }
        s
    }

    pub fn tag(self) -> &'static str {
        match (self.konst, self.volatile) {
            (false, false) => "plain",
            (true, false) => "const",
            (false, true) => "volatile",
            (true, true) => "const-volatile",
        }
    }
}

/// A pointer type: `pointee-space quals elem *restrict object-space`, with any number of
/// levels; `levels[0]` qualifies the element, `levels[i]` the pointer at depth `i`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PtrTy {
    pub elem: Elem,
    pub quals: Quals,
    /// The space of the element and of every pointer level but the outermost (which is the
    /// declared object and lives where its declaration puts it).
    pub levels: Vec<Q>,
    pub restrict: bool,
}

impl PtrTy {
    /// A pointer to `elem` in `space`.
    pub fn to(space: Q, elem: Elem) -> PtrTy {
        PtrTy {
            elem,
            quals: Quals::NONE,
            levels: vec![space],
            restrict: false,
        }
    }

    pub fn quals(mut self, quals: Quals) -> PtrTy {
        self.quals = quals;
        self
    }

    pub fn restrict(mut self, restrict: bool) -> PtrTy {
        self.restrict = restrict;
        self
    }

    /// The declaration of `name` with this type, its own space `obj` (usually none).
    pub fn decl(&self, obj: Q, name: &str) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{}{}{} *",
            self.levels[0].kw(),
            self.quals.kw(),
            self.elem.name()
        );
        for q in &self.levels[1..] {
            let _ = write!(s, "{}*", q.kw());
        }
        if self.restrict {
            s.push_str("restrict ");
        }
        s.push_str(&obj.kw());
        s.push_str(name);
        s
    }

    /// The type alone, for casts: `(__global int *)`.
    pub fn cast(&self) -> String {
        let d = self.decl(Q::NONE, "");
        format!("({})", d.trim_end())
    }

    pub fn needs_generic(&self) -> bool {
        self.levels.iter().any(|q| q.needs_generic())
    }
}
