//! Semantic analysis: names, types with an address space on every level, and the checks of
//! every compile-time address-space rule.
//!
//! - [`types`]: the type model; [`conv`]: pointer conversions between spaces;
//! - `decls`: declarations (where each space may be used, initialisers, parameters, fields);
//! - `exprs`: expressions and statements (conversions, writes, built-in calls).
//!
//! Architecture invariant: rules are reported only by `RuleId` from the catalogue, and
//! anything the analysis does not model becomes [`types::Ty::Unknown`], which never produces a
//! diagnostic: an unknown construct must not cause a false address-space error.

pub mod conv;
mod cxx;
mod decls;
mod exprs;
pub mod types;

use crate::ast::{
    ChunkKind, DeclSpecs, Declarator, ExternalDecl, RecordSpec, TranslationUnit, TypeSpecKind,
};
use crate::diag::{Code, Diagnostic};
use crate::source::Span;
use crate::spec::{AddrSpace, Profile, RuleId};
use crate::token::FxHashMap as HashMap;
use smol_str::SmolStr;
use types::{FuncTy, QTy, Ty};

/// The one address space of a qualifier level (with the space a typedef brought), or `Err`
/// when two different ones meet.
fn level_space(
    quals: &crate::ast::Quals,
    inherited: Option<AddrSpace>,
) -> Result<Option<AddrSpace>, ()> {
    let mut space = inherited;
    for (s, _, _) in quals.spaces() {
        match space {
            Some(prev) if prev != s => return Err(()),
            _ => space = Some(s),
        }
    }
    Ok(space)
}

/// Checks a parsed translation unit, appending to `diags`.
pub fn check(tu: &TranslationUnit, profile: Profile, diags: &mut Vec<Diagnostic>) {
    let mut sema = Sema::new(profile, diags);
    for item in tu.items.iter() {
        sema.external(item);
    }
}

/// What a name means in a scope.
#[derive(Clone, Debug)]
enum Symbol {
    Var(Var),
    Typedef(QTy),
    /// Enumeration constants: integer constant expressions.
    EnumConst,
}

/// A variable: its type and the space its storage is in.
#[derive(Clone, Debug)]
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

struct Scope {
    names: HashMap<SmolStr, Symbol>,
    tags: HashMap<SmolStr, u32>,
}

/// Where a function body is being analysed.
#[derive(Clone, Debug)]
struct FnCtx {
    is_kernel: bool,
    ret: QTy,
    /// Block depth inside the body: 0 is the outermost scope.
    depth: u32,
}

struct Sema<'d> {
    profile: Profile,
    diags: &'d mut Vec<Diagnostic>,
    scopes: Vec<Scope>,
    /// Scopes popped and cleared, kept with their tables for the next block.
    spare: Vec<Scope>,
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
            scopes: vec![Scope {
                names: HashMap::default(),
                tags: HashMap::default(),
            }],
            spare: Vec::new(),
            records: Vec::new(),
            func: None,
            expr_depth: 0,
            limit_reported: false,
            cxx: profile.lang().is_cxx(),
            prefix: Vec::new(),
            usings: Vec::new(),
            class_ids: Vec::new(),
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
        let scope = self.spare.pop().unwrap_or_else(|| Scope {
            names: HashMap::default(),
            tags: HashMap::default(),
        });
        self.scopes.push(scope);
    }

    fn pop_scope(&mut self) {
        if let Some(mut scope) = self.scopes.pop() {
            scope.names.clear();
            scope.tags.clear();
            self.spare.push(scope);
        }
    }

    fn bind(&mut self, name: &str, symbol: Symbol) {
        if self.cxx && self.scopes.len() == 1 {
            let key = crate::parse::qualify(&self.prefix, name);
            self.scopes[0].names.insert(key, symbol);
            return;
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.names.insert(SmolStr::new(name), symbol);
        }
    }

    fn lookup(&self, name: &str) -> Option<&Symbol> {
        if self.cxx {
            return self.lookup_cxx(name);
        }
        self.scopes
            .iter()
            .rev()
            .filter(|s| !s.names.is_empty())
            .find_map(|s| s.names.get(name))
    }

    /// C++: block scopes by the plain name, then file scope by the qualified keys the parser
    /// uses too.
    fn lookup_cxx(&self, name: &str) -> Option<&Symbol> {
        if !name.contains("::") {
            if let Some(found) = self
                .scopes
                .get(1..)
                .unwrap_or_default()
                .iter()
                .rev()
                .filter(|s| !s.names.is_empty())
                .find_map(|s| s.names.get(name))
            {
                return Some(found);
            }
        }
        let file = self.scopes.first()?;
        crate::parse::lookup_keys(&self.prefix, &self.usings, name)
            .iter()
            .find_map(|k| file.names.get(k.as_str()))
    }

    /// The base type and qualifiers of declaration specifiers. Address spaces from a typedef
    /// and from the specifiers combine (two different ones are AS-MULTIPLE-SPACES, reported by
    /// `decls`).
    fn base_type(&mut self, specs: &DeclSpecs) -> QTy {
        let mut q = QTy::new(Ty::Arith);
        let mut void = false;
        for spec in specs.types.iter() {
            match &spec.kind {
                TypeSpecKind::Void => void = true,
                TypeSpecKind::Builtin(name) => q.ty = types::builtin_type(name),
                TypeSpecKind::Named(ident) => match self.lookup(ident.name) {
                    Some(Symbol::Typedef(t)) => q = t.clone(),
                    _ => q.ty = Ty::Unknown,
                },
                TypeSpecKind::Record(r) => q.ty = self.record(r),
                TypeSpecKind::Auto => q.ty = Ty::Unknown,
                TypeSpecKind::Enum(e) => {
                    if let Some(tag) = &e.name {
                        self.reserved_ident(tag);
                    }
                    for constant in e.enumerators.iter().copied().flatten() {
                        self.reserved_ident(&constant.name);
                        self.bind(constant.name.name, Symbol::EnumConst);
                    }
                }
                _ => {}
            }
        }
        if void && specs.types.len() == 1 {
            q.ty = Ty::Void;
        }
        if specs.pipe.is_some() {
            q.ty = Ty::Opaque(types::Opaque::Other);
        }
        match level_space(&specs.quals, q.space) {
            Ok(space) => q.space = space,
            // Two spaces on one level (reported by `decls`): the type means nothing further.
            Err(()) => return QTy::unknown(),
        }
        q.konst |= specs.quals.has(crate::ast::QualKind::Const);
        q
    }

    /// Defines or looks up a struct/union, returning its type.
    fn record(&mut self, r: &RecordSpec) -> Ty {
        let Some(fields) = &r.fields else {
            let found = r
                .name
                .as_ref()
                .and_then(|n| self.scopes.iter().rev().find_map(|s| s.tags.get(n.name)));
            if found.is_none() && self.cxx {
                if let Some(Symbol::Typedef(q)) = r.name.as_ref().and_then(|n| self.lookup(n.name))
                {
                    return q.ty.clone();
                }
            }
            return found.map_or(Ty::Unknown, |id| Ty::Record(*id));
        };
        if let Some(tag) = &r.name {
            self.reserved_ident(tag);
        }
        let id = self.records.len() as u32;
        self.records.push(Record::default());
        if let (Some(name), Some(scope)) = (&r.name, self.scopes.last_mut()) {
            scope.tags.insert(SmolStr::new(name.name), id);
        }
        if self.cxx {
            self.cxx_class(r, fields, id);
            return Ty::Record(id);
        }
        let mut out = Vec::new();
        for field in fields.iter() {
            self.field_decl(field);
            let base = self.base_type(&field.specs);
            for d in field.declarators.iter() {
                let ty = self.declarator_type(base.clone(), &d.declarator);
                if let Some(name) = &d.declarator.name {
                    out.push((SmolStr::new(name.name), ty));
                }
            }
        }
        self.records[id as usize].fields = out;
        Ty::Record(id)
    }

    /// Applies a declarator's levels to a base type, innermost (last chunk) first. A pointee
    /// left unqualified gets the profile's default (generic or private).
    fn declarator_type(&mut self, base: QTy, decl: &Declarator) -> QTy {
        let mut t = base;
        for chunk in decl.chunks.iter().rev() {
            t = match &chunk.kind {
                ChunkKind::Pointer { quals } => {
                    let Ok(own) = level_space(quals, None) else {
                        return QTy::unknown();
                    };
                    if t.ty == Ty::Unknown {
                        return QTy::unknown();
                    }
                    let mut pointee = t;
                    if pointee.space.is_none() {
                        pointee.space = Some(conv::default_pointee(self.profile));
                    }
                    QTy {
                        ty: Ty::Ptr(std::rc::Rc::new(pointee)),
                        space: own,
                        konst: quals.has(crate::ast::QualKind::Const),
                    }
                }
                // Blocks are not modelled: nothing built on one can cause a diagnostic.
                ChunkKind::BlockPointer { .. } => return QTy::unknown(),
                // A C++ reference: to an object in the generic space unless one is written.
                ChunkKind::Reference { .. } => {
                    if t.ty == Ty::Unknown {
                        return QTy::unknown();
                    }
                    let mut referent = t;
                    if referent.space.is_none() {
                        referent.space = Some(conv::default_pointee(self.profile));
                    }
                    QTy::new(Ty::Ref(std::rc::Rc::new(referent)))
                }
                ChunkKind::Array { .. } => {
                    let (space, konst) = (t.space, t.konst);
                    QTy {
                        ty: Ty::Array(std::rc::Rc::new(t)),
                        space,
                        konst,
                    }
                }
                ChunkKind::Function {
                    params,
                    variadic,
                    void_param,
                    ..
                } => {
                    let params = if params.is_empty() && void_param.is_none() {
                        None
                    } else {
                        Some(
                            params
                                .iter()
                                .map(|p| self.param_type(&p.specs, &p.declarator))
                                .collect(),
                        )
                    };
                    QTy::new(Ty::Func(std::rc::Rc::new(FuncTy {
                        ret: t,
                        params,
                        variadic: *variadic,
                    })))
                }
            };
        }
        t
    }

    /// A parameter's type as the callee sees it: arrays adjust to pointers (C99 6.7.5.3).
    fn param_type(&mut self, specs: &DeclSpecs, decl: &Declarator) -> QTy {
        let base = self.base_type(specs);
        let t = self.declarator_type(base, decl);
        match t.ty {
            Ty::Array(elem) => {
                let mut elem = std::rc::Rc::unwrap_or_clone(elem);
                if elem.space.is_none() {
                    elem.space = Some(conv::default_pointee(self.profile));
                }
                QTy::ptr_to(elem)
            }
            _ => t,
        }
    }
}
