//! The syntax tree of an OpenCL C (or C++ for OpenCL) translation unit, as written.
//!
//! The tree keeps what the address-space checker needs to judge the code and to point at it:
//! every qualifier is kept in source order with its span and spelling, on every declarator
//! level ([`Quals`]), so semantic analysis can see `global local int x` (two spaces on one
//! type) and `local int * private f()` (a space on a return type) and reject them. Nothing here
//! resolves types or names: typedef names stay names ([`TypeSpecKind::Named`]); the parser only
//! uses its typedef table to decide what is a declaration.
//!
//! Declarator levels are stored from the declared name outward (see [`Declarator::chunks`]).
//!
//! C++ for OpenCL adds a few nodes ([`Namespace`], [`Template`], [`ClassBody`], references,
//! constructor initialisers, C++ casts). Qualified names stay one string (`S::x`, `n::f`,
//! `S::~S`): names are resolved by semantic analysis, not here.
//!
//! Longer than most files: the tree is one family of types that refer to each other (declarations,
//! declarators, statements, expressions, the C++ nodes), read together.

use crate::source::Span;

/// The memory a tree lives in: every node, list and name of one parse is allocated here and
/// freed at once when the arena is dropped (no per-node allocation or drop).
pub type Arena = bumpalo::Bump;

/// A list being built in an [`Arena`]; `into_bump_slice` gives the tree's `&'a [T]`.
pub type ArenaVec<'a, T> = bumpalo::collections::Vec<'a, T>;
use crate::spec::{AddrSpace, Spelling};

/// A node with a span, for small leaves (storage classes, function specifiers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

/// An identifier as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident<'a> {
    pub name: &'a str,
    pub span: Span,
}

/// The whole file after preprocessing.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TranslationUnit<'a> {
    pub items: &'a [ExternalDecl<'a>],
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExternalDecl<'a> {
    Decl(Declaration<'a>),
    Function(FunctionDef<'a>),
    /// C++: `namespace name { items }`.
    Namespace(&'a Namespace<'a>),
    /// C++: `template <params> item`.
    Template(&'a Template<'a>),
    /// C++: `using namespace name;`.
    UsingNamespace(Ident<'a>),
    /// C++: `using qualified::name;`.
    UsingDecl(Ident<'a>),
}

/// `namespace name { items }`; `name` is `None` for an unnamed namespace, and qualified for
/// `namespace a::b { }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Namespace<'a> {
    pub name: Option<Ident<'a>>,
    pub items: &'a [ExternalDecl<'a>],
    pub span: Span,
}

/// `template <params> item`. Templates are checked once, as written, with their parameters
/// unresolved: nothing built on a parameter can cause a diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Template<'a> {
    pub params: &'a [TemplateParam<'a>],
    pub item: ExternalDecl<'a>,
    pub span: Span,
}

/// `typename T`, `class T = int`, `int N`.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam<'a> {
    pub name: Option<Ident<'a>>,
    pub is_type: bool,
    pub span: Span,
}

/// `specs declarator = init, declarator, ... ;` (also `struct S { ... };` with no declarators).
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration<'a> {
    pub specs: DeclSpecs<'a>,
    pub declarators: &'a [InitDeclarator<'a>],
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InitDeclarator<'a> {
    pub declarator: Declarator<'a>,
    pub init: Option<Initializer<'a>>,
    pub span: Span,
}

/// A function definition: `specs declarator { body }`. The declarator's first chunk is a
/// [`ChunkKind::Function`] holding the parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef<'a> {
    pub specs: DeclSpecs<'a>,
    pub declarator: Declarator<'a>,
    /// C++ constructors: `: member(args), base{args}` before the body.
    pub ctor_inits: &'a [MemInit<'a>],
    pub body: Block<'a>,
    pub span: Span,
}

/// One constructor initialiser, `name(args)` or `name{args}`.
#[derive(Clone, Debug, PartialEq)]
pub struct MemInit<'a> {
    pub name: Ident<'a>,
    pub args: &'a [Expr<'a>],
    pub span: Span,
}

impl<'a> FunctionDef<'a> {
    /// The parameters of the defined function.
    pub fn params(&self) -> &'a [ParamDecl<'a>] {
        match self.declarator.chunks.first().map(|c| &c.kind) {
            Some(ChunkKind::Function { params, .. }) => params,
            _ => &[],
        }
    }
}

/// Declaration specifiers, each kind kept as a list in source order so that duplicates and
/// conflicts (`static extern`, `kernel kernel`) stay visible to semantic analysis.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DeclSpecs<'a> {
    pub storage: &'a [Spanned<StorageClass>],
    pub functions: &'a [Spanned<FuncSpec>],
    pub access: &'a [Spanned<AccessQual>],
    /// `const`, `volatile`, `restrict` and address spaces on the base type.
    pub quals: Quals<'a>,
    /// Type specifiers in order: `unsigned long int` is three entries.
    pub types: &'a [TypeSpec<'a>],
    /// The OpenCL `pipe` specifier (`read_only pipe int p`): the other type specifiers give the
    /// element type.
    pub pipe: Option<Span>,
    pub attrs: &'a [Attribute<'a>],
    pub span: Span,
}

impl DeclSpecs<'_> {
    /// Whether nothing at all was written (attributes aside).
    pub fn is_empty(&self) -> bool {
        self.storage.is_empty()
            && self.functions.is_empty()
            && self.access.is_empty()
            && self.quals.0.is_empty()
            && self.types.is_empty()
            && self.pipe.is_none()
    }

    pub fn has_storage(&self, class: StorageClass) -> bool {
        self.storage.iter().any(|s| s.node == class)
    }

    pub fn is_typedef(&self) -> bool {
        self.has_storage(StorageClass::Typedef)
    }

    pub fn is_kernel(&self) -> bool {
        self.functions.iter().any(|f| f.node == FuncSpec::Kernel)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageClass {
    Typedef,
    Extern,
    Static,
    Auto,
    Register,
    /// C++ `mutable` (a member that a const method may change).
    Mutable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FuncSpec {
    /// `kernel` or `__kernel`.
    Kernel,
    /// `inline`, `__inline`, `__inline__`.
    Inline,
    /// `_Noreturn`.
    Noreturn,
    /// C++ `constexpr`.
    Constexpr,
    /// C++ `explicit`.
    Explicit,
}

/// OpenCL image and pipe access qualifiers, either spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AccessQual {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

/// One qualifier as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Qualifier {
    pub kind: QualKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QualKind {
    Const,
    Volatile,
    Restrict,
    /// An address-space qualifier with the spelling it was written in.
    Space(AddrSpace, Spelling),
    /// clang's numbered `__attribute__((address_space(N)))`: a target space that is none of
    /// the five OpenCL spaces, so no variable may be allocated in it.
    Numbered(u32),
}

/// The qualifiers of one type level, in source order, duplicates and conflicts included.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Quals<'a>(pub &'a [Qualifier]);

impl Quals<'_> {
    /// Every address-space qualifier on this level, in source order.
    pub fn spaces(&self) -> impl Iterator<Item = (AddrSpace, Spelling, Span)> + '_ {
        self.0.iter().filter_map(|q| match q.kind {
            QualKind::Space(space, spelling) => Some((space, spelling, q.span)),
            _ => None,
        })
    }

    /// The first numbered `address_space(N)` on this level, if any.
    pub fn numbered(&self) -> Option<(u32, Span)> {
        self.0.iter().find_map(|q| match q.kind {
            QualKind::Numbered(n) => Some((n, q.span)),
            _ => None,
        })
    }

    /// The first address space written on this level, if any.
    pub fn space(&self) -> Option<AddrSpace> {
        self.spaces().next().map(|(s, _, _)| s)
    }

    pub fn has(&self, kind: QualKind) -> bool {
        self.0.iter().any(|q| q.kind == kind)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeSpec<'a> {
    pub kind: TypeSpecKind<'a>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeSpecKind<'a> {
    Void,
    Char,
    Short,
    Int,
    Long,
    Float,
    Double,
    Signed,
    Unsigned,
    /// `bool` or `_Bool`.
    Bool,
    Half,
    Complex,
    /// A predeclared OpenCL type name: `uint`, `float4`, `size_t`, `image2d_t`, `sampler_t`,
    /// `event_t`, `atomic_int`, ... (see `parse::builtins`).
    Builtin(&'a str),
    /// A name declared with `typedef` in this unit.
    Named(Ident<'a>),
    Record(&'a RecordSpec<'a>),
    Enum(&'a EnumSpec<'a>),
    /// C++ `auto`: the type is the initialiser's.
    Auto,
    /// C++ `decltype(expr)`: the declared type of a variable, space included, when the operand
    /// is a name (`None`: another expression, whose type is not computed).
    Decltype(Option<Ident<'a>>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    Struct,
    Union,
}

/// `struct name { fields }`, `struct { fields }` or a reference `struct name`.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordSpec<'a> {
    pub kind: RecordKind,
    pub name: Option<Ident<'a>>,
    /// `None` for a reference or forward declaration, `Some` for a definition.
    pub fields: Option<&'a [FieldDecl<'a>]>,
    /// C++: what a class body holds besides member declarations (`None` in OpenCL C, and for
    /// a reference or forward declaration).
    pub cxx: Option<&'a ClassBody<'a>>,
    pub attrs: &'a [Attribute<'a>],
    pub span: Span,
}

/// The C++ parts of a class body. Static data members, member function declarations and
/// constructor declarations are [`FieldDecl`]s like data members (their specifiers and
/// declarators say which); member functions defined in the class are here.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ClassBody<'a> {
    /// `class` rather than `struct` (members are private by default).
    pub is_class: bool,
    pub bases: &'a [Ident<'a>],
    pub methods: &'a [FunctionDef<'a>],
}

/// One member declaration; no declarators for an anonymous struct or union member.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl<'a> {
    pub specs: DeclSpecs<'a>,
    pub declarators: &'a [FieldDeclarator<'a>],
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldDeclarator<'a> {
    /// Unnamed for a padding bit-field (`int : 3;`).
    pub declarator: Declarator<'a>,
    pub bit_width: Option<Expr<'a>>,
    /// C++: a default member initialiser, or a static member's initialiser.
    pub init: Option<Initializer<'a>>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumSpec<'a> {
    pub name: Option<Ident<'a>>,
    pub enumerators: Option<&'a [Enumerator<'a>]>,
    pub attrs: &'a [Attribute<'a>],
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Enumerator<'a> {
    pub name: Ident<'a>,
    pub value: Option<Expr<'a>>,
    pub span: Span,
}

/// One `__attribute__((name(args)))` entry; the arguments are skipped, their span kept (and
/// the number of `address_space(N)`, the one argument the checker reads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute<'a> {
    pub number: Option<u32>,
    pub name: &'a str,
    pub args: Option<Span>,
    pub span: Span,
}

/// A declarator: the declared name (none for an abstract declarator) and its type levels.
///
/// `chunks` go from the name outward: the declared entity has the type `chunks[0]` of
/// `chunks[1]` of ... of the specifiers. So for `global int * local * p`, `chunks` is
/// `[Pointer { quals: [] }, Pointer { quals: [local] }]` and the specifiers hold `global`:
/// `p` is an unqualified pointer to a `local` pointer to `global int`. For
/// `local int * private f()` it is `[Function, Pointer { quals: [private] }]`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Declarator<'a> {
    pub name: Option<Ident<'a>>,
    pub chunks: &'a [DeclChunk<'a>],
    pub attrs: &'a [Attribute<'a>],
    pub span: Span,
}

impl<'a> Declarator<'a> {
    /// Whether this declares a function (its first chunk is a parameter list).
    pub fn is_function(&self) -> bool {
        matches!(
            self.chunks.first().map(|c| &c.kind),
            Some(ChunkKind::Function { .. })
        )
    }

    /// The qualifiers that apply to the declared object itself: those after its outermost `*`,
    /// or the specifiers' when it is not a pointer (arrays take their element's qualifiers).
    /// `None` for a function, which is not an object.
    pub fn object_quals<'s>(&'s self, specs: &'s DeclSpecs<'a>) -> Option<&'s Quals<'a>> {
        for chunk in self.chunks {
            match &chunk.kind {
                ChunkKind::Pointer { quals }
                | ChunkKind::BlockPointer { quals }
                | ChunkKind::MemberPointer { quals } => return Some(quals),
                // A reference is no object: the qualifiers are the referred object's.
                ChunkKind::Array { .. } | ChunkKind::Reference { .. } => continue,
                ChunkKind::Function { .. } => return None,
            }
        }
        Some(&specs.quals)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DeclChunk<'a> {
    pub kind: ChunkKind<'a>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ChunkKind<'a> {
    /// `* quals`: the qualifiers apply to the pointer itself.
    Pointer { quals: Quals<'a> },
    /// `^ quals`: a block pointer (OpenCL C 2.0 6.12 "Blocks", the Clang extension). Blocks
    /// are not modelled: semantic analysis gives a block pointer an unknown type.
    BlockPointer { quals: Quals<'a> },
    /// C++ `C::* quals`: a pointer to a member of class `C`. Not modelled: semantic analysis
    /// gives it an unknown type, as a block pointer.
    MemberPointer { quals: Quals<'a> },
    /// `[static quals size]`; qualifiers and `static` only in parameters.
    Array {
        size: Option<&'a Expr<'a>>,
        quals: Quals<'a>,
        is_static: bool,
        star: bool,
    },
    /// `(params)`; `void_param` is the span of a lone `void`. `this_quals` are a C++ member
    /// function's qualifiers after the list (`int get() const`, `void f() __local`).
    Function {
        params: &'a [ParamDecl<'a>],
        variadic: bool,
        void_param: Option<Span>,
        this_quals: Quals<'a>,
    },
    /// C++ `&` (or `&&` when `rvalue`): a reference to what the next level describes.
    Reference { rvalue: bool },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ParamDecl<'a> {
    pub specs: DeclSpecs<'a>,
    /// Possibly abstract (no name).
    pub declarator: Declarator<'a>,
    /// C++: a default argument.
    pub default: Option<&'a Expr<'a>>,
    pub span: Span,
}

/// A type name, as in casts, `sizeof` and compound literals.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName<'a> {
    pub specs: DeclSpecs<'a>,
    /// Always abstract.
    pub declarator: Declarator<'a>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Initializer<'a> {
    Expr(Expr<'a>),
    /// `= { ... }`, and C++ direct-list-initialisation `T x{ ... }`.
    List(InitList<'a>),
    /// C++ direct-initialisation `T x(args)`.
    Paren {
        args: &'a [Expr<'a>],
        span: Span,
    },
    /// C++ `= default`, `= delete` or `= 0` on a function declaration.
    Special(SpecialDef, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpecialDef {
    Default,
    Delete,
    Pure,
}

impl Initializer<'_> {
    pub fn span(&self) -> Span {
        match self {
            Initializer::Expr(e) => e.span,
            Initializer::List(l) => l.span,
            Initializer::Paren { span, .. } | Initializer::Special(_, span) => *span,
        }
    }
}

/// `{ item, .x = item, [3] = item }`
#[derive(Clone, Debug, PartialEq)]
pub struct InitList<'a> {
    pub items: &'a [InitItem<'a>],
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InitItem<'a> {
    pub designators: &'a [Designator<'a>],
    pub init: Initializer<'a>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Designator<'a> {
    Field(Ident<'a>),
    Index(Expr<'a>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block<'a> {
    pub items: &'a [Stmt<'a>],
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt<'a> {
    pub kind: StmtKind<'a>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind<'a> {
    Compound(Block<'a>),
    /// Behind a reference, as are the larger parts below, to keep statements small.
    Decl(&'a Declaration<'a>),
    Expr(Expr<'a>),
    Empty,
    If {
        cond: Expr<'a>,
        then: &'a Stmt<'a>,
        els: Option<&'a Stmt<'a>>,
    },
    While {
        cond: Expr<'a>,
        body: &'a Stmt<'a>,
    },
    DoWhile {
        body: &'a Stmt<'a>,
        cond: Expr<'a>,
    },
    For {
        init: ForInit<'a>,
        cond: Option<&'a Expr<'a>>,
        step: Option<&'a Expr<'a>>,
        body: &'a Stmt<'a>,
    },
    Switch {
        cond: Expr<'a>,
        body: &'a Stmt<'a>,
    },
    Case {
        value: Expr<'a>,
        body: &'a Stmt<'a>,
    },
    Default {
        body: &'a Stmt<'a>,
    },
    Break,
    Continue,
    Return(Option<Expr<'a>>),
    Goto(Ident<'a>),
    Labeled {
        label: Ident<'a>,
        attrs: &'a [Attribute<'a>],
        body: &'a Stmt<'a>,
    },
    /// What could not be parsed (a diagnostic was reported).
    Error,
}

/// One step of a function body handed out in pieces (see `parse::stream`): a statement
/// whose body is very long is not one tree but its head, its body's statements one by one,
/// and its end, which the analysis reads in this order with what a whole statement does.
#[derive(Clone, Debug, PartialEq)]
pub enum BodyPart<'a> {
    /// A whole statement.
    Stmt(Stmt<'a>),
    /// A condition of an open `if`, `while`, `switch` or `do` (after its body), or a clause
    /// of an open `for`.
    Expr(&'a Expr<'a>),
    /// The first clause of an open `for`.
    ForInit(ForInit<'a>),
    /// A statement opens: a nested position (the body of `if`, `while`, `do`, `switch`), or with
    /// `scope` a scope of its own (a block, a `for`).
    Open { scope: bool },
    /// The statement opened last ends.
    Close,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ForInit<'a> {
    None,
    Expr(&'a Expr<'a>),
    Decl(&'a Declaration<'a>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr<'a> {
    pub kind: ExprKind<'a>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind<'a> {
    Ident(&'a str),
    Int(&'a str),
    Float(&'a str),
    Char(&'a str),
    /// Adjacent string literals, each with its quotes.
    Str(&'a [&'a str]),
    Paren(&'a Expr<'a>),
    Unary(UnaryOp, &'a Expr<'a>),
    Binary(BinaryOp, &'a Expr<'a>, &'a Expr<'a>),
    /// `=` and the compound assignments (`op` is `None` for plain `=`).
    Assign(Option<BinaryOp>, &'a Expr<'a>, &'a Expr<'a>),
    Conditional(&'a Expr<'a>, &'a Expr<'a>, &'a Expr<'a>),
    Comma(&'a Expr<'a>, &'a Expr<'a>),
    Cast(&'a TypeName<'a>, &'a Expr<'a>),
    /// `__builtin_astype(expr, TYPE)`: the bits of `expr` read as `TYPE` (OpenCL C 6.2.4.2);
    /// no conversion, so no cast rule applies.
    AsType(&'a Expr<'a>, &'a TypeName<'a>),
    /// `(float4)(1, 2, 3, 4)`: a type with no declarator followed by a parenthesised list of two
    /// or more elements. `(float4)(x)` stays a [`ExprKind::Cast`] of a parenthesised `x`, which
    /// means the same thing (a splat) for a vector type.
    VectorLiteral(&'a TypeName<'a>, &'a [Expr<'a>]),
    CompoundLiteral(&'a TypeName<'a>, &'a InitList<'a>),
    SizeofExpr(TypeTrait, &'a Expr<'a>),
    SizeofType(TypeTrait, &'a TypeName<'a>),
    Index(&'a Expr<'a>, &'a Expr<'a>),
    Call(&'a Expr<'a>, &'a [Expr<'a>]),
    /// `base.name` or `base->name`; vector components (`.xyzw`, `.s0123`, `.lo`, `.hi`, `.even`)
    /// are members too: only types tell them apart.
    Member {
        base: &'a Expr<'a>,
        name: &'a Ident<'a>,
        arrow: bool,
    },
    /// `^{ ... }` or `^(params) { ... }`: a block literal (OpenCL C 2.0 6.12). Its body is
    /// checked like a nested function body; its value has an unknown type.
    BlockLiteral {
        params: &'a [ParamDecl<'a>],
        body: &'a Block<'a>,
    },
    /// A C++ expression whose value the checker does not model, with the parts it is made of:
    /// a braced list (`f({1, 2})`, `return {a, b};`) or a pointer-to-member access (`c.*p`,
    /// `q->*p`). The parts are analysed; the value has an unknown type.
    Opaque(&'a [Expr<'a>]),
    /// C++ `true` / `false`.
    Bool(bool),
    /// C++ `nullptr`.
    Nullptr,
    /// C++ `this`.
    This,
    /// C++ `T(args)` or `T{args}`: a temporary of class (or other) type.
    Construct {
        ty: &'a TypeName<'a>,
        args: &'a [Expr<'a>],
        braced: bool,
    },
    /// C++ `static_cast<T>(e)` and its kin.
    CxxCast(CxxCast, &'a TypeName<'a>, &'a Expr<'a>),
    /// C++ `new (placement) T(args)`.
    New(&'a NewExpr<'a>),
    /// C++ `delete e` / `delete[] e`.
    Delete {
        array: bool,
        operand: &'a Expr<'a>,
    },
    /// What could not be parsed (a diagnostic was reported).
    Error,
}

/// The named C++ casts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CxxCast {
    Static,
    Reinterpret,
    Const,
    Dynamic,
    /// `addrspace_cast`, C++ for OpenCL's cast between address spaces.
    Addrspace,
}

/// C++ `new (placement) T(args)`, apart from [`ExprKind`] so that every expression stays small
/// (the larger variants of an expression are held by reference).
#[derive(Clone, Debug, PartialEq)]
pub struct NewExpr<'a> {
    pub placement: Option<&'a [Expr<'a>]>,
    pub ty: &'a TypeName<'a>,
    pub args: &'a [Expr<'a>],
}

/// The operators that take a type or an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeTrait {
    Sizeof,
    VecStep,
    Alignof,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// `&x`
    AddrOf,
    /// `*p`
    Deref,
    Plus,
    Neg,
    BitNot,
    Not,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogAnd,
    LogOr,
}

/// Whether two trees are the same once spans are ignored: a kernel printed and re-parsed, or
/// laid out differently, must give the same tree.
pub fn same_tree(a: &TranslationUnit<'_>, b: &TranslationUnit<'_>) -> bool {
    without_spans(&format!("{a:?}")) == without_spans(&format!("{b:?}"))
}

/// The `Debug` form of a tree with every `Span { .. }` left out (a span holds no braces).
pub fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(at) = rest.find("Span {") {
        out.push_str(&rest[..at]);
        out.push_str("Span");
        rest = match rest[at..].find('}') {
            Some(end) => &rest[at + end + 1..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}
