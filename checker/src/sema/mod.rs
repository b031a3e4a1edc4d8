//! Semantic analysis: names, types with an address space on every level, and the checks of
//! every compile-time address-space rule.
//!
//! - [`types`]: the type model; [`conv`]: pointer conversions between spaces;
//! - `scope`: names in scope (a look-up is one hash probe);
//! - `decls`: declarations (where each space may be used, initialisers, parameters, fields);
//! - `exprs`: expressions and statements (conversions, writes, built-in calls).
//!
//! Architecture invariant: rules are reported only by `RuleId` from the catalogue, and
//! anything the analysis does not model becomes [`types::Ty::Unknown`], which never produces a
//! diagnostic: an unknown construct must not cause a false address-space error.

pub mod conv;
mod cxx;
mod cxx_casts;
mod cxx_storage;
mod decls;
mod exprs;
mod levels;
mod scope;
pub mod types;

use crate::ast::{
    BodyPart, ChunkKind, DeclSpecs, Declarator, EnumSpec, ExternalDecl, FunctionDef, ParamDecl,
    RecordSpec, TranslationUnit, TypeSpecKind,
};
use crate::diag::{Code, Diagnostic};
use crate::source::Span;
use crate::spec::{AddrSpace, Profile, RuleId};
use scope::Scoped;
use smol_str::SmolStr;
use types::{QTy, Ty, TyId, Types};

/// The one address space of a qualifier level (with the space a typedef brought), or `Err`
/// when two different ones meet, or when the level is in one of clang's numbered
/// `address_space(N)` spaces: what those convert to is the target's mapping, which the checker
/// does not model, so a type built on one is unknown and judged nowhere.
fn level_space(
    quals: &crate::ast::Quals,
    inherited: Option<AddrSpace>,
) -> Result<Option<AddrSpace>, ()> {
    if quals.numbered().is_some() {
        return Err(());
    }
    let mut space = inherited;
    for (s, _, _) in quals.spaces() {
        match space {
            Some(prev) if prev != s => return Err(()),
            _ => space = Some(s),
        }
    }
    Ok(space)
}

/// Whether a type specifier is an arithmetic keyword (`int`, `unsigned`, `float`, ...), which
/// leaves the base type arithmetic.
fn is_arith_keyword(kind: &TypeSpecKind) -> bool {
    !matches!(
        kind,
        TypeSpecKind::Void
            | TypeSpecKind::Builtin(_)
            | TypeSpecKind::Named(_)
            | TypeSpecKind::Record(_)
            | TypeSpecKind::Enum(_)
            | TypeSpecKind::Auto
            | TypeSpecKind::Decltype(_)
    )
}

/// Checks a parsed translation unit, appending to `diags`.
pub fn check(tu: &TranslationUnit, profile: Profile, diags: &mut Vec<Diagnostic>) {
    let mut sema = Sema::new(profile, diags);
    for item in tu.items.iter() {
        sema.external(item);
    }
}

/// Semantic analysis one external declaration at a time, in source order: the checker runs it
/// on each declaration as soon as it is parsed, while its nodes are still in the cache. A
/// function's body may come a statement at a time ([`Analysis::open_function`]). The analysis
/// keeps no reference into the tree.
pub struct Analysis<'d> {
    sema: Sema<'d>,
    /// The function definitions opened and not closed yet, innermost last.
    open: Vec<decls::OpenFunction>,
    /// The statements of a body opened and not closed yet (see [`BodyPart`]), innermost
    /// last: whether each has a scope of its own.
    parts: Vec<bool>,
}

impl<'d> Analysis<'d> {
    pub fn new(profile: Profile, diags: &'d mut Vec<Diagnostic>) -> Analysis<'d> {
        Analysis {
            sema: Sema::new(profile, diags),
            open: Vec::new(),
            parts: Vec::new(),
        }
    }

    /// Checks the next external declaration of the unit.
    pub fn external(&mut self, item: &ExternalDecl) {
        self.sema.external(item);
    }

    /// Checks a function definition whose body's parts follow, each to [`Analysis::part`],
    /// then [`Analysis::close_function`]: the analysis is the one [`Analysis::external`] gives
    /// the whole definition. `f.body` is not read.
    pub fn open_function(&mut self, f: &FunctionDef) {
        let open = self.sema.open_function(f);
        self.open.push(open);
    }

    /// The next part of the function body opened last.
    pub fn part(&mut self, p: &BodyPart) {
        match p {
            BodyPart::Stmt(s) => self.sema.stmt(s),
            BodyPart::Expr(e) => {
                self.sema.expr(e);
            }
            BodyPart::ForInit(init) => self.sema.for_init(init),
            BodyPart::Open { scope } => {
                self.sema.open_nested(*scope);
                self.parts.push(*scope);
            }
            BodyPart::Close => {
                if let Some(scope) = self.parts.pop() {
                    self.sema.close_nested(scope);
                }
            }
        }
    }

    /// The end of the function body opened last.
    pub fn close_function(&mut self) {
        if let Some(open) = self.open.pop() {
            self.sema.close_function(open);
        }
    }
}

/// What a name means in a scope.
#[derive(Clone, Copy, Debug)]
enum Symbol {
    Var(Var),
    Typedef(QTy),
    /// Enumeration constants: integer constant expressions.
    EnumConst,
}

/// A variable: its type and the space its storage is in.
#[derive(Clone, Copy, Debug)]
struct Var {
    ty: QTy,
    space: AddrSpace,
    /// Declared at program scope or `static`/`extern`: its address is an address constant.
    is_static_storage: bool,
    /// C++: how the space was deduced, when none was written.
    origin: Option<cxx::Origin>,
}

#[derive(Clone, Debug, Default)]
struct Record {
    fields: Vec<(SmolStr, QTy)>,
    /// C++: member functions, by name.
    methods: Vec<(SmolStr, QTy)>,
    /// C++: what constructing and destroying an object of this class runs.
    class: cxx::ClassInfo,
}

/// Where a function body is being analysed.
#[derive(Clone, Copy, Debug)]
struct FnCtx {
    is_kernel: bool,
    ret: QTy,
    /// Block depth inside the body: 0 is the outermost scope.
    depth: u32,
}

struct Sema<'d> {
    profile: Profile,
    diags: &'d mut Vec<Diagnostic>,
    types: Types,
    /// Ordinary identifiers: variables, functions, typedef names, enumeration constants.
    names: Scoped<Symbol>,
    /// Struct and union tags, to record ids.
    tags: Scoped<u32>,
    /// Block variables and typedef names of block types: whether every parameter of the block
    /// is `local void *`, as enqueue_kernel needs (`None` for a name that hides one).
    blocks: Scoped<Option<bool>>,
    records: Vec<Record>,
    func: Option<FnCtx>,
    /// Current depth of [`Sema::expr`] recursion, against [`MAX_EXPR_DEPTH`].
    expr_depth: u32,
    /// Whether the expression depth limit was reported (once is enough).
    limit_reported: bool,
    /// C++ for OpenCL: its own rules (`cxx`) replace OpenCL C's.
    cxx: bool,
    /// C++: enclosing namespaces and classes; file-scope names are bound qualified by it.
    prefix: Vec<SmolStr>,
    /// C++: namespaces named by `using namespace`.
    usings: Vec<SmolStr>,
    /// C++: the classes whose member function bodies are being analysed, innermost last.
    class_ids: Vec<u32>,
    /// The values of the arguments of the calls being analysed, innermost call last: kept
    /// between calls so that a call allocates nothing.
    arg_vals: Vec<exprs::Val>,
    /// The parameter types of the function declarators being built, innermost last.
    param_tys: Vec<QTy>,
    /// The parameter types of the function being defined, kept between definitions.
    known_params: Vec<QTy>,
}

/// How deep expressions are analysed. The parser bounds bracket nesting by
/// [`crate::parse::MAX_NESTING`], but postfix chains (`f(a)(a)...`, `v.x.x...`, `p[0][0]...`)
/// are only bounded by its operator limit; past this depth the rest of an expression is not
/// judged (`Code::Limit`), so the analysis cannot overflow the stack.
pub const MAX_EXPR_DEPTH: u32 = crate::parse::MAX_NESTING;

impl<'d> Sema<'d> {
    fn new(profile: Profile, diags: &'d mut Vec<Diagnostic>) -> Sema<'d> {
        Sema {
            profile,
            diags,
            types: Types::default(),
            names: Scoped::default(),
            tags: Scoped::default(),
            blocks: Scoped::default(),
            records: Vec::new(),
            func: None,
            expr_depth: 0,
            limit_reported: false,
            cxx: profile.lang().is_cxx(),
            prefix: Vec::new(),
            usings: Vec::new(),
            class_ids: Vec::new(),
            arg_vals: Vec::new(),
            param_tys: Vec::new(),
            known_params: Vec::new(),
        }
    }

    fn external(&mut self, item: &ExternalDecl) {
        match item {
            ExternalDecl::Decl(d) => self.declaration(d, decls::Ctx::Program),
            ExternalDecl::Function(f) => self.function(f),
            ExternalDecl::Namespace(ns) => self.namespace(ns),
            ExternalDecl::Template(t) => self.external(&t.item),
            ExternalDecl::UsingNamespace(name) => self.using_namespace(name),
            ExternalDecl::UsingDecl(name) => self.using_decl(name),
        }
    }

    /// Reports a rule, if it applies in this profile: the catalogue's `Applies` is the only
    /// place that decides which versions and features a rule belongs to.
    fn report(&mut self, rule: RuleId, span: Span, message: impl Into<String>) {
        if !rule.applies_to(self.profile) {
            if self.cxx {
                self.report_in_cxx(rule, span, message.into());
            }
            return;
        }
        self.diags.push(Diagnostic::new(
            Code::Rule(rule),
            self.profile,
            span,
            message,
        ));
    }

    fn push_scope(&mut self) {
        self.names.open_block();
        self.tags.open_block();
        self.blocks.open_block();
    }

    fn pop_scope(&mut self) {
        self.names.close_block();
        self.tags.close_block();
        self.blocks.close_block();
    }

    fn bind(&mut self, name: &str, symbol: Symbol) {
        if self.cxx && self.names.at_file_scope() {
            let key = crate::parse::qualify(&self.prefix, name);
            self.names.bind(&key, symbol);
            return;
        }
        self.names.bind(name, symbol);
    }

    #[inline]
    fn lookup(&self, name: &str) -> Option<Symbol> {
        if self.cxx {
            return self.lookup_cxx(name);
        }
        self.names.get(name).copied()
    }

    /// C++: block scopes by the plain name, then file scope by the qualified keys the parser
    /// uses too.
    #[inline(never)]
    fn lookup_cxx(&self, name: &str) -> Option<Symbol> {
        if !name.contains("::") {
            if let Some(found) = self.names.get_in_block(name) {
                return Some(*found);
            }
        }
        if self.prefix.is_empty() && self.usings.is_empty() {
            // Outside namespaces and classes, with no `using namespace`, `lookup_keys` gives
            // one key: the name without a leading `::`.
            let key = name.strip_prefix("::").unwrap_or(name);
            return self.names.get_at_file_scope(key).copied();
        }
        crate::parse::lookup_keys(&self.prefix, &self.usings, name)
            .iter()
            .find_map(|k| self.names.get_at_file_scope(k))
            .copied()
    }

    /// The base type and qualifiers of declaration specifiers. Address spaces from a typedef
    /// and from the specifiers combine (two different ones are AS-MULTIPLE-SPACES, reported by
    /// `decls`).
    #[inline]
    fn base_type(&mut self, specs: &DeclSpecs) -> QTy {
        if !specs.quals.is_empty() || specs.pipe.is_some() {
            return self.written_base_type(specs);
        }
        // The commonest specifiers, with no qualifier: arithmetic keywords (`unsigned int`),
        // one predeclared type name, one typedef name.
        match specs.types {
            [one] => match &one.kind {
                TypeSpecKind::Builtin(name) => QTy::new(types::builtin_type(name)),
                TypeSpecKind::Named(ident) => match self.lookup(ident.name) {
                    Some(Symbol::Typedef(t)) => t,
                    _ => QTy::unknown(),
                },
                kind if is_arith_keyword(kind) => QTy::arith(),
                _ => self.written_base_type(specs),
            },
            types if types.iter().all(|t| is_arith_keyword(&t.kind)) => QTy::arith(),
            _ => self.written_base_type(specs),
        }
    }

    /// [`Sema::base_type`] in general.
    fn written_base_type(&mut self, specs: &DeclSpecs) -> QTy {
        let mut q = QTy::arith();
        let mut void = false;
        for spec in specs.types.iter() {
            match &spec.kind {
                TypeSpecKind::Void => void = true,
                TypeSpecKind::Builtin(name) => q.ty = types::builtin_type(name),
                TypeSpecKind::Named(ident) => match self.lookup(ident.name) {
                    Some(Symbol::Typedef(t)) => q = t,
                    _ => q.ty = TyId::UNKNOWN,
                },
                TypeSpecKind::Record(r) => q.ty = self.record(r),
                TypeSpecKind::Auto => q.ty = TyId::UNKNOWN,
                TypeSpecKind::Decltype(name) => q = self.decltype(name.as_ref()),
                TypeSpecKind::Enum(e) => self.enumeration(e),
                _ => {}
            }
        }
        if void && specs.types.len() == 1 {
            q.ty = TyId::VOID;
        }
        if specs.pipe.is_some() {
            q.ty = TyId::OTHER_OPAQUE;
        }
        match level_space(&specs.quals, q.space) {
            Ok(space) => q.space = space,
            // Two spaces on one level (reported by `decls`): the type means nothing further.
            Err(()) => return QTy::unknown(),
        }
        q.konst |= specs.quals.has(crate::ast::QualKind::Const);
        q
    }

    /// An enumeration's tag and constants (its type is arithmetic).
    #[inline(never)]
    fn enumeration(&mut self, e: &EnumSpec) {
        if let Some(tag) = &e.name {
            self.reserved_ident(tag);
        }
        for constant in e.enumerators.iter().copied().flatten() {
            self.reserved_ident(&constant.name);
            self.bind(constant.name.name, Symbol::EnumConst);
        }
    }

    /// Defines or looks up a struct/union, returning its type.
    #[inline(never)]
    fn record(&mut self, r: &RecordSpec) -> TyId {
        let Some(fields) = &r.fields else {
            let found = r.name.as_ref().and_then(|n| self.tags.get(n.name)).copied();
            if found.is_none() && self.cxx {
                if let Some(Symbol::Typedef(q)) = r.name.as_ref().and_then(|n| self.lookup(n.name))
                {
                    return q.ty;
                }
            }
            return found.map_or(TyId::UNKNOWN, |id| self.types.intern(Ty::Record(id)));
        };
        if let Some(tag) = &r.name {
            self.reserved_ident(tag);
        }
        let id = self.records.len() as u32;
        self.records.push(Record::default());
        if let Some(name) = &r.name {
            self.tags.bind(name.name, id);
        }
        if self.cxx {
            self.cxx_class(r, fields, id);
            return self.types.intern(Ty::Record(id));
        }
        let mut out = Vec::new();
        for field in fields.iter() {
            self.field_decl(field);
            let base = self.base_type(&field.specs);
            for d in field.declarators.iter() {
                let ty = self.declarator_type(base, &d.declarator);
                if let Some(name) = &d.declarator.name {
                    out.push((SmolStr::new(name.name), ty));
                }
            }
        }
        self.records[id as usize].fields = out;
        self.types.intern(Ty::Record(id))
    }

    /// Applies a declarator's levels to a base type, innermost (last chunk) first. A pointee
    /// left unqualified gets the profile's default (generic or private).
    #[inline]
    fn declarator_type(&mut self, base: QTy, decl: &Declarator) -> QTy {
        if decl.chunks.is_empty() {
            return base;
        }
        self.declarator_type_with(base, decl, None)
    }

    /// [`Sema::declarator_type`], with the parameter types of its first chunk (a function's
    /// own parameter list) already known.
    fn declarator_type_with(&mut self, base: QTy, decl: &Declarator, known: Option<&[QTy]>) -> QTy {
        let mut t = base;
        for (i, chunk) in decl.chunks.iter().enumerate().rev() {
            t = match &chunk.kind {
                ChunkKind::Pointer { quals } => {
                    let Ok(own) = level_space(quals, None) else {
                        return QTy::unknown();
                    };
                    if t.ty == TyId::UNKNOWN {
                        return QTy::unknown();
                    }
                    let pointee = self.resolved_pointee(t);
                    QTy {
                        space: own,
                        konst: quals.has(crate::ast::QualKind::Const),
                        ..self.types.ptr_to(pointee)
                    }
                }
                // Blocks are not modelled: nothing built on one can cause a diagnostic.
                ChunkKind::BlockPointer { .. } | ChunkKind::MemberPointer { .. } => {
                    return QTy::unknown()
                }
                // A C++ reference: to an object in the generic space unless one is written.
                ChunkKind::Reference { .. } => {
                    if t.ty == TyId::UNKNOWN {
                        return QTy::unknown();
                    }
                    let referent = self.resolved_pointee(t);
                    QTy::new(self.types.intern(Ty::Ref(referent)))
                }
                ChunkKind::Array { .. } => QTy {
                    ty: self.types.intern(Ty::Array(t)),
                    ..t
                },
                ChunkKind::Function {
                    params,
                    variadic,
                    void_param,
                    ..
                } => {
                    let list = !(params.is_empty() && void_param.is_none());
                    let ty = match known.filter(|_| i == 0) {
                        Some(known) => self.types.func(t, list.then_some(known), *variadic),
                        None => self.function_type(t, list.then_some(params), *variadic),
                    };
                    QTy::new(ty)
                }
            };
        }
        t
    }

    /// A pointee (or referent) with its space resolved: unqualified is the profile's default.
    fn resolved_pointee(&self, mut t: QTy) -> QTy {
        if t.space.is_none() {
            t.space = Some(conv::default_pointee(self.profile));
        }
        t
    }

    /// The type of a function returning `ret` (unprototyped when `params` is `None`). The
    /// parameter types are gathered on [`Sema::param_tys`], whose top part is this list while
    /// any nested function declarator (a parameter that is a function pointer) builds its own.
    fn function_type(&mut self, ret: QTy, params: Option<&[ParamDecl]>, variadic: bool) -> TyId {
        let Some(params) = params else {
            return self.types.func(ret, None, variadic);
        };
        let start = self.param_tys.len();
        for p in params {
            let t = self.param_type(&p.specs, &p.declarator);
            self.param_tys.push(t);
        }
        let list = self.param_tys.get(start..).unwrap_or_default();
        let ty = self.types.func(ret, Some(list), variadic);
        self.param_tys.truncate(start);
        ty
    }

    /// A parameter's type as the callee sees it: arrays adjust to pointers (C99 6.7.5.3).
    fn param_type(&mut self, specs: &DeclSpecs, decl: &Declarator) -> QTy {
        let base = self.base_type(specs);
        let t = self.declarator_type(base, decl);
        self.adjusted_param(t)
    }

    /// A parameter declared with type `t`, as the callee sees it.
    fn adjusted_param(&mut self, t: QTy) -> QTy {
        match self.types.get(t.ty) {
            Ty::Array(elem) => {
                let elem = self.resolved_pointee(elem);
                self.types.ptr_to(elem)
            }
            _ => t,
        }
    }
}
