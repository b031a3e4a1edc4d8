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

use crate::source::Span;
use crate::spec::{AddrSpace, Spelling};
use smol_str::SmolStr;

/// A node with a span, for small leaves (storage classes, function specifiers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

/// An identifier as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: SmolStr,
    pub span: Span,
}

/// The whole file after preprocessing.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TranslationUnit {
    pub items: Vec<ExternalDecl>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExternalDecl {
    Decl(Declaration),
    Function(FunctionDef),
    /// C++: `namespace name { items }`.
    Namespace(Box<Namespace>),
    /// C++: `template <params> item`.
    Template(Box<Template>),
    /// C++: `using namespace name;`.
    UsingNamespace(Ident),
    /// C++: `using qualified::name;`.
    UsingDecl(Ident),
}

/// `namespace name { items }`; `name` is `None` for an unnamed namespace, and qualified for
/// `namespace a::b { }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Namespace {
    pub name: Option<Ident>,
    pub items: Vec<ExternalDecl>,
    pub span: Span,
}

/// `template <params> item`. Templates are checked once, as written, with their parameters
/// unresolved: nothing built on a parameter can cause a diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub params: Vec<TemplateParam>,
    pub item: ExternalDecl,
    pub span: Span,
}

/// `typename T`, `class T = int`, `int N`.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    pub name: Option<Ident>,
    pub is_type: bool,
    pub span: Span,
}

/// `specs declarator = init, declarator, ... ;` (also `struct S { ... };` with no declarators).
#[derive(Clone, Debug, PartialEq)]
pub struct Declaration {
    pub specs: DeclSpecs,
    pub declarators: Vec<InitDeclarator>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InitDeclarator {
    pub declarator: Declarator,
    pub init: Option<Initializer>,
    pub span: Span,
}

/// A function definition: `specs declarator { body }`. The declarator's first chunk is a
/// [`ChunkKind::Function`] holding the parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    pub specs: DeclSpecs,
    pub declarator: Declarator,
    /// C++ constructors: `: member(args), base{args}` before the body.
    pub ctor_inits: Vec<MemInit>,
    pub body: Block,
    pub span: Span,
}

/// One constructor initialiser, `name(args)` or `name{args}`.
#[derive(Clone, Debug, PartialEq)]
pub struct MemInit {
    pub name: Ident,
    pub args: Vec<Expr>,
    pub span: Span,
}

impl FunctionDef {
    /// The parameters of the defined function.
    pub fn params(&self) -> &[ParamDecl] {
        match self.declarator.chunks.first().map(|c| &c.kind) {
            Some(ChunkKind::Function { params, .. }) => params,
            _ => &[],
        }
    }
}

/// Declaration specifiers, each kind kept as a list in source order so that duplicates and
/// conflicts (`static extern`, `kernel kernel`) stay visible to semantic analysis.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DeclSpecs {
    pub storage: Vec<Spanned<StorageClass>>,
    pub functions: Vec<Spanned<FuncSpec>>,
    pub access: Vec<Spanned<AccessQual>>,
    /// `const`, `volatile`, `restrict` and address spaces on the base type.
    pub quals: Quals,
    /// Type specifiers in order: `unsigned long int` is three entries.
    pub types: Vec<TypeSpec>,
    /// The OpenCL `pipe` specifier (`read_only pipe int p`): the other type specifiers give the
    /// element type.
    pub pipe: Option<Span>,
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

impl DeclSpecs {
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
}

/// The qualifiers of one type level, in source order, duplicates and conflicts included.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Quals(pub Vec<Qualifier>);

impl Quals {
    /// Every address-space qualifier on this level, in source order.
    pub fn spaces(&self) -> impl Iterator<Item = (AddrSpace, Spelling, Span)> + '_ {
        self.0.iter().filter_map(|q| match q.kind {
            QualKind::Space(space, spelling) => Some((space, spelling, q.span)),
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
pub struct TypeSpec {
    pub kind: TypeSpecKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeSpecKind {
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
    Builtin(SmolStr),
    /// A name declared with `typedef` in this unit.
    Named(Ident),
    Record(Box<RecordSpec>),
    Enum(Box<EnumSpec>),
    /// C++ `auto`: the type is the initialiser's.
    Auto,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    Struct,
    Union,
}

/// `struct name { fields }`, `struct { fields }` or a reference `struct name`.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordSpec {
    pub kind: RecordKind,
    pub name: Option<Ident>,
    /// `None` for a reference or forward declaration, `Some` for a definition.
    pub fields: Option<Vec<FieldDecl>>,
    /// C++: what a class body holds besides member declarations (`None` in OpenCL C, and for
    /// a reference or forward declaration).
    pub cxx: Option<Box<ClassBody>>,
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

/// The C++ parts of a class body. Static data members, member function declarations and
/// constructor declarations are [`FieldDecl`]s like data members (their specifiers and
/// declarators say which); member functions defined in the class are here.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ClassBody {
    /// `class` rather than `struct` (members are private by default).
    pub is_class: bool,
    pub bases: Vec<Ident>,
    pub methods: Vec<FunctionDef>,
}

/// One member declaration; no declarators for an anonymous struct or union member.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldDecl {
    pub specs: DeclSpecs,
    pub declarators: Vec<FieldDeclarator>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FieldDeclarator {
    /// Unnamed for a padding bit-field (`int : 3;`).
    pub declarator: Declarator,
    pub bit_width: Option<Expr>,
    /// C++: a default member initialiser, or a static member's initialiser.
    pub init: Option<Initializer>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EnumSpec {
    pub name: Option<Ident>,
    pub enumerators: Option<Vec<Enumerator>>,
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Enumerator {
    pub name: Ident,
    pub value: Option<Expr>,
    pub span: Span,
}

/// One `__attribute__((name(args)))` entry; the arguments are skipped, their span kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    pub name: SmolStr,
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
pub struct Declarator {
    pub name: Option<Ident>,
    pub chunks: Vec<DeclChunk>,
    pub attrs: Vec<Attribute>,
    pub span: Span,
}

impl Declarator {
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
    pub fn object_quals<'a>(&'a self, specs: &'a DeclSpecs) -> Option<&'a Quals> {
        for chunk in &self.chunks {
            match &chunk.kind {
                ChunkKind::Pointer { quals } | ChunkKind::BlockPointer { quals } => {
                    return Some(quals)
                }
                // A reference is no object: the qualifiers are the referred object's.
                ChunkKind::Array { .. } | ChunkKind::Reference { .. } => continue,
                ChunkKind::Function { .. } => return None,
            }
        }
        Some(&specs.quals)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct DeclChunk {
    pub kind: ChunkKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ChunkKind {
    /// `* quals`: the qualifiers apply to the pointer itself.
    Pointer { quals: Quals },
    /// `^ quals`: a block pointer (OpenCL C 2.0 6.12 "Blocks", the Clang extension). Blocks
    /// are not modelled: semantic analysis gives a block pointer an unknown type.
    BlockPointer { quals: Quals },
    /// `[static quals size]`; qualifiers and `static` only in parameters.
    Array {
        size: Option<Box<Expr>>,
        quals: Quals,
        is_static: bool,
        star: bool,
    },
    /// `(params)`; `void_param` is the span of a lone `void`. `this_quals` are a C++ member
    /// function's qualifiers after the list (`int get() const`, `void f() __local`).
    Function {
        params: Vec<ParamDecl>,
        variadic: bool,
        void_param: Option<Span>,
        this_quals: Quals,
    },
    /// C++ `&` (or `&&` when `rvalue`): a reference to what the next level describes.
    Reference { rvalue: bool },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ParamDecl {
    pub specs: DeclSpecs,
    /// Possibly abstract (no name).
    pub declarator: Declarator,
    /// C++: a default argument.
    pub default: Option<Box<Expr>>,
    pub span: Span,
}

/// A type name, as in casts, `sizeof` and compound literals.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeName {
    pub specs: DeclSpecs,
    /// Always abstract.
    pub declarator: Declarator,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Initializer {
    Expr(Expr),
    /// `= { ... }`, and C++ direct-list-initialisation `T x{ ... }`.
    List(InitList),
    /// C++ direct-initialisation `T x(args)`.
    Paren {
        args: Vec<Expr>,
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

impl Initializer {
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
pub struct InitList {
    pub items: Vec<InitItem>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct InitItem {
    pub designators: Vec<Designator>,
    pub init: Initializer,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Designator {
    Field(Ident),
    Index(Expr),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub items: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Compound(Block),
    /// Boxed, as are the larger parts below, to keep statements small.
    Decl(Box<Declaration>),
    Expr(Expr),
    Empty,
    If {
        cond: Expr,
        then: Box<Stmt>,
        els: Option<Box<Stmt>>,
    },
    While {
        cond: Expr,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: ForInit,
        cond: Option<Box<Expr>>,
        step: Option<Box<Expr>>,
        body: Box<Stmt>,
    },
    Switch {
        cond: Expr,
        body: Box<Stmt>,
    },
    Case {
        value: Expr,
        body: Box<Stmt>,
    },
    Default {
        body: Box<Stmt>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    Goto(Ident),
    Labeled {
        label: Ident,
        attrs: Vec<Attribute>,
        body: Box<Stmt>,
    },
    /// What could not be parsed (a diagnostic was reported).
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ForInit {
    None,
    Expr(Box<Expr>),
    Decl(Box<Declaration>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    Ident(SmolStr),
    Int(SmolStr),
    Float(SmolStr),
    Char(SmolStr),
    /// Adjacent string literals, each with its quotes.
    Str(Vec<SmolStr>),
    Paren(Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `=` and the compound assignments (`op` is `None` for plain `=`).
    Assign(Option<BinaryOp>, Box<Expr>, Box<Expr>),
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    Comma(Box<Expr>, Box<Expr>),
    Cast(Box<TypeName>, Box<Expr>),
    /// `(float4)(1, 2, 3, 4)`: a type with no declarator followed by a parenthesised list of two
    /// or more elements. `(float4)(x)` stays a [`ExprKind::Cast`] of a parenthesised `x`, which
    /// means the same thing (a splat) for a vector type.
    VectorLiteral(Box<TypeName>, Vec<Expr>),
    CompoundLiteral(Box<TypeName>, InitList),
    SizeofExpr(TypeTrait, Box<Expr>),
    SizeofType(TypeTrait, Box<TypeName>),
    Index(Box<Expr>, Box<Expr>),
    Call(Box<Expr>, Vec<Expr>),
    /// `base.name` or `base->name`; vector components (`.xyzw`, `.s0123`, `.lo`, `.hi`, `.even`)
    /// are members too: only types tell them apart.
    Member {
        base: Box<Expr>,
        name: Ident,
        arrow: bool,
    },
    /// `^{ ... }` or `^(params) { ... }`: a block literal (OpenCL C 2.0 6.12). Its body is
    /// checked like a nested function body; its value has an unknown type.
    BlockLiteral {
        params: Vec<ParamDecl>,
        body: Block,
    },
    /// C++ `true` / `false`.
    Bool(bool),
    /// C++ `nullptr`.
    Nullptr,
    /// C++ `this`.
    This,
    /// C++ `T(args)` or `T{args}`: a temporary of class (or other) type.
    Construct {
        ty: Box<TypeName>,
        args: Vec<Expr>,
        braced: bool,
    },
    /// C++ `static_cast<T>(e)` and its kin.
    CxxCast(CxxCast, Box<TypeName>, Box<Expr>),
    /// C++ `new (placement) T(args)`.
    New {
        placement: Option<Vec<Expr>>,
        ty: Box<TypeName>,
        args: Vec<Expr>,
    },
    /// C++ `delete e` / `delete[] e`.
    Delete {
        array: bool,
        operand: Box<Expr>,
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
pub fn same_tree(a: &TranslationUnit, b: &TranslationUnit) -> bool {
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
