//! Declarations: which address space each kind of object may live in, the initialisers it
//! may have, and the spaces parameters, return types, kernel arguments and fields may carry.
//!
//! > The address space name for arguments to a function in a program, or local variables of a
//! > function is __private. (000_d69b344ffc25cbd1.txt)
//! > The address space for a variable at program scope or a static variable inside a function
//! > can either be __global or __constant, but defaults to __global if not specified.
//!
//! (000_d69b344ffc25cbd1.txt; before program-scope globals, constant only: see AS-PROGSCOPE-SPACE)
//!
//! Longer than most files: every declaration context (program scope, function scope, parameters,
//! kernel arguments, fields, returns) is judged by one walk that shares the space and initialiser
//! logic.

use super::conv::{self, Op};
use super::types::{Opaque, QTy, Ty};
use super::{FnCtx, Sema, Symbol, Var};
use crate::ast::{
    ChunkKind, DeclSpecs, Declaration, Declarator, FieldDecl, FunctionDef, Initializer, ParamDecl,
    StorageClass, TypeSpecKind,
};
use crate::source::Span;
use crate::spec::{AddrSpace, Feature, RuleId};

/// A function definition whose body is being analysed: what closing it puts back.
pub(super) struct OpenFunction {
    outer: Option<FnCtx>,
    class: Option<super::cxx::ClassFn>,
}

/// Where a declaration appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ctx {
    Program,
    /// Inside a function body (kernel or not; depth is in `Sema::func`).
    Block,
}

impl Sema<'_> {
    pub(super) fn has(&self, f: Feature) -> bool {
        self.profile.has(f)
    }

    /// The reserved address-space names used as identifiers.
    fn reserved_name(&mut self, decl: &Declarator) {
        if let Some(name) = &decl.name {
            self.reserved_ident(name);
        }
    }

    /// A declared identifier (variable, function, parameter, member, tag, enumerator) spelled
    /// like an address-space qualifier.
    #[inline]
    pub(super) fn reserved_ident(&mut self, name: &crate::ast::Ident) {
        // `local` to `__constant`: no other length can be one.
        if (5..=10).contains(&name.name.len()) {
            self.reserved_spelling(name);
        }
    }

    fn reserved_spelling(&mut self, name: &crate::ast::Ident) {
        if let Some((space, _)) = AddrSpace::from_keyword(name.name) {
            if space != AddrSpace::Generic {
                self.report(
                    RuleId::ReservedName,
                    name.span,
                    format!("`{}` is reserved for the {space} address space", name.name),
                );
            } else if self.has(Feature::GenericAddressSpace) {
                self.report(
                    RuleId::ReservedGeneric,
                    name.span,
                    format!("`{}` is reserved for the generic address space", name.name),
                );
            }
        }
    }

    pub(super) fn declaration(&mut self, d: &Declaration, ctx: Ctx) {
        let base = self.base_type(&d.specs);
        let is_typedef = d.specs.is_typedef();
        for init_decl in d.declarators.iter() {
            let decl = &init_decl.declarator;
            self.reserved_name(decl);
            self.type_levels(&d.specs, decl);
            let ty = self.declarator_type(base, decl);
            let Some(name) = &decl.name else { continue };
            self.note_block(name.name, &d.specs, decl, init_decl.init.as_ref());
            if is_typedef {
                self.bind(name.name, Symbol::Typedef(ty));
                continue;
            }
            if matches!(self.types.get(ty.ty), Ty::Func(_)) {
                self.return_space(&d.specs, decl);
                self.params(decl, d.specs.is_kernel(), None);
                self.bind_function(name, ty);
                continue;
            }
            if self.cxx {
                self.cxx_variable(&d.specs, init_decl, ty, ctx);
                continue;
            }
            let (space, static_storage) = self.object_space(
                &d.specs,
                decl,
                &ty,
                name.span,
                init_decl.init.is_some(),
                ctx,
            );
            // Bind before the initialiser: `int *p = &p` is valid C.
            self.bind(
                name.name,
                Symbol::Var(Var {
                    ty,
                    space,
                    is_static_storage: static_storage,
                    origin: None,
                }),
            );
            if init_decl.init.is_some() && is_atomic_object(&d.specs, decl) {
                self.atomic_init(space, &d.specs, decl, name.span);
            }
            if let Some(init) = &init_decl.init {
                let op = if static_storage {
                    Op::ProgscopeInit
                } else {
                    Op::Init
                };
                self.initializer(init, &ty, op, space, static_storage);
            }
        }
        if d.declarators.is_empty() {
            // `struct S { ... };` alone: its fields were checked when the type was built.
            self.type_levels(&d.specs, &Declarator::default());
        }
    }

    /// Decides the space of a variable, reporting the rules about where it may live.
    /// Returns the space its storage is in and whether it has static storage.
    fn object_space(
        &mut self,
        specs: &DeclSpecs,
        decl: &Declarator,
        ty: &QTy,
        at: Span,
        has_init: bool,
        ctx: Ctx,
    ) -> (AddrSpace, bool) {
        let written = decl
            .object_quals(specs)
            .and_then(|q| q.space())
            .or(ty.space);
        let is_static = specs.has_storage(StorageClass::Static);
        let is_extern = specs.has_storage(StorageClass::Extern);
        let globals = self.has(Feature::ProgramScopeGlobals);
        let kernel_outermost = matches!(
            &self.func,
            Some(FnCtx {
                is_kernel: true,
                depth: 0,
                ..
            })
        );
        let static_storage = ctx == Ctx::Program || is_static || is_extern;
        let opaque = self.types.opaque(ty.ty);

        if written == Some(AddrSpace::Generic) {
            if self.has(Feature::GenericAddressSpace) {
                self.report(
                    RuleId::GenericObject,
                    at,
                    "no object is allocated in the generic address space",
                );
            }
            return (AddrSpace::Private, static_storage);
        }
        if opaque == Some(Opaque::Sampler)
            && matches!(written, Some(AddrSpace::Global | AddrSpace::Local))
        {
            self.report(
                RuleId::SamplerSpace,
                at,
                "a sampler cannot be in the global or local address space",
            );
            return (written.unwrap_or(AddrSpace::Private), static_storage);
        }
        if is_static && ctx == Ctx::Block && RuleId::StaticFunctionScope.applies_to(self.profile) {
            self.report(
                RuleId::StaticFunctionScope,
                at,
                format!(
                    "a variable inside a function cannot be static in {}: static storage is for program-scope variables",
                    self.profile
                ),
            );
            return (written.unwrap_or(AddrSpace::Private), true);
        }
        if let Some((n, span)) = decl.object_quals(specs).and_then(|q| q.numbered()) {
            // clang's numbered spaces are target spaces, none of them private, global or
            // constant: no variable can be allocated in one (clang-16 rejects every N).
            let (rule, what) = if is_extern {
                (RuleId::ExternSpace, "an extern variable")
            } else if is_static && ctx == Ctx::Block {
                (RuleId::StaticSpace, "a static variable inside a function")
            } else if ctx == Ctx::Program {
                (RuleId::ProgscopeSpace, "a program-scope variable")
            } else {
                (RuleId::AutoPrivate, "a function-scope variable")
            };
            self.report(
                rule,
                span,
                format!("{what} cannot be allocated in clang's numbered address_space({n}): it is none of the OpenCL address spaces"),
            );
            return (AddrSpace::Private, static_storage);
        }
        if opaque == Some(Opaque::Sampler)
            && ctx == Ctx::Program
            && written != Some(AddrSpace::Constant)
            && !ty.konst
        {
            self.report(
                RuleId::SamplerProgscopeConst,
                at,
                "a program-scope sampler must be declared const or in the constant address space",
            );
            return (AddrSpace::Constant, true);
        }
        if static_storage {
            if matches!(opaque, Some(Opaque::Image | Opaque::Event | Opaque::Other)) {
                self.report(RuleId::ProgscopeType, at, "program-scope and static variables cannot have an image, event or other opaque type");
                return (AddrSpace::Global, true);
            }
            let space = match written {
                Some(s) => s,
                None if opaque == Some(Opaque::Sampler) => AddrSpace::Constant,
                None => AddrSpace::Global,
            };
            let allowed = space == AddrSpace::Constant || (space == AddrSpace::Global && globals);
            if !allowed {
                let (rule, what) = if is_extern {
                    (RuleId::ExternSpace, "an extern variable")
                } else if is_static && ctx == Ctx::Block {
                    (RuleId::StaticSpace, "a static variable inside a function")
                } else {
                    (RuleId::ProgscopeSpace, "a program-scope variable")
                };
                let valid = if globals {
                    "global or constant"
                } else {
                    "constant"
                };
                let found = written.map_or("no address space".to_string(), |s| format!("`{s}`"));
                self.report(
                    rule,
                    at,
                    format!(
                        "{what} must be in the {valid} address space in {}, not {found}",
                        self.profile
                    ),
                );
            } else if space == AddrSpace::Constant
                && !has_init
                && !is_extern
                // A `const sampler_t` with no space is a tentative definition; a `constant` one
                // is a constant variable like any other.
                && (opaque != Some(Opaque::Sampler) || written == Some(AddrSpace::Constant))
            {
                self.report(
                    RuleId::ConstantInitRequired,
                    at,
                    "a variable in the constant address space must be initialised",
                );
            }
            return (space, true);
        }
        // Automatic variables.
        if opaque == Some(Opaque::Event)
            && matches!(
                written,
                Some(AddrSpace::Global | AddrSpace::Local | AddrSpace::Constant)
            )
        {
            self.report(
                RuleId::EventSpace,
                at,
                "an event is private: it cannot be in another address space",
            );
            return (AddrSpace::Private, false);
        }
        match written {
            Some(AddrSpace::Global) => {
                self.report(RuleId::AutoPrivate, at, "a function-scope variable is private: it cannot be declared in the global address space (make it static, or a kernel argument)");
                (AddrSpace::Global, false)
            }
            Some(AddrSpace::Local) => {
                if !kernel_outermost {
                    self.report(RuleId::LocalScope, at, "a local variable can only be declared in the outermost scope of a kernel function");
                } else if has_init {
                    self.report(
                        RuleId::LocalInit,
                        at,
                        "a variable in the local address space cannot be initialised",
                    );
                }
                (AddrSpace::Local, false)
            }
            Some(AddrSpace::Constant) => {
                if !kernel_outermost {
                    self.report(RuleId::ConstantScope, at, "a constant variable can only be declared in the outermost scope of a kernel function");
                } else if !has_init {
                    self.report(
                        RuleId::ConstantInitRequired,
                        at,
                        "a variable in the constant address space must be initialised",
                    );
                }
                (AddrSpace::Constant, false)
            }
            _ => (AddrSpace::Private, false),
        }
    }

    /// An initialised atomic object outside __global (OpenCL C 2.0 6.13.11.1). A local one
    /// already broke AS-LOCAL-INIT, a generic one AS-GENERIC-OBJECT.
    fn atomic_init(&mut self, space: AddrSpace, specs: &DeclSpecs, decl: &Declarator, at: Span) {
        let written = decl.object_quals(specs).and_then(|q| q.space());
        if matches!(space, AddrSpace::Private | AddrSpace::Constant)
            && written != Some(AddrSpace::Generic)
        {
            self.report(
                RuleId::AtomicInitGlobal,
                at,
                format!("an atomic object in the {space} address space cannot be initialised in its declaration: only a program-scope or static atomic in global can (use atomic_init)"),
            );
        }
    }

    /// An address space on a return type, rather than on the returned pointer's pointee.
    fn return_space(&mut self, specs: &DeclSpecs, decl: &Declarator) {
        // The return type is what the Function chunk applies to: the next chunk outward, or the
        // specifiers when there is none.
        let after = decl
            .chunks
            .iter()
            .skip_while(|c| !matches!(c.kind, ChunkKind::Function { .. }))
            .nth(1);
        let quals = match after.map(|c| &c.kind) {
            Some(ChunkKind::Pointer { quals }) => quals,
            Some(_) => return,
            None => &specs.quals,
        };
        if let Some((space, _, span)) = quals.spaces().next() {
            self.report(RuleId::ReturnSpace, span, format!("a function's return value has no address space: `{space}` may only qualify the pointee of a returned pointer"));
        } else if let Some((n, span)) = quals.numbered() {
            self.report(RuleId::ReturnSpace, span, format!("a function's return value has no address space: address_space({n}) may only qualify the pointee of a returned pointer"));
        }
    }

    /// Parameters: their own space, and what kernel pointer arguments may point to. With
    /// `known` (see [`Sema::params_reusable`]), their types as the callee sees them are pushed
    /// there, for the function's type and its body to reuse.
    fn params(&mut self, decl: &Declarator, is_kernel: bool, mut known: Option<&mut Vec<QTy>>) {
        let Some(ChunkKind::Function { params, .. }) = decl.chunks.first().map(|c| &c.kind) else {
            return;
        };
        for p in params.iter() {
            self.reserved_name(&p.declarator);
            self.type_levels(&p.specs, &p.declarator);
            let base = self.base_type(&p.specs);
            let full = self.declarator_type(base, &p.declarator);
            let adjusted = match known.as_deref_mut() {
                Some(list) => {
                    let t = self.adjusted_param(full);
                    list.push(t);
                    Some(t)
                }
                None => None,
            };
            let at = p.declarator.name.as_ref().map_or(p.span, |n| n.span);
            // An array parameter is a pointer: its own qualifiers are those inside the brackets.
            let own = match p.declarator.chunks.first().map(|c| &c.kind) {
                Some(ChunkKind::Array { quals, .. }) => Some(quals),
                _ => p.declarator.object_quals(&p.specs),
            };
            if let Some((n, _)) = own.and_then(|q| q.numbered()) {
                self.report(
                    RuleId::ParamSpace,
                    at,
                    format!("a parameter is private: it cannot be declared in address_space({n})"),
                );
                continue;
            }
            if let Some(space) = own.and_then(|q| q.space()) {
                if self.types.opaque(full.ty) == Some(Opaque::Image) {
                    self.report(RuleId::ImageArgSpace, at, "an image argument is already in the global address space: it takes no address-space qualifier");
                    continue;
                }
                if space == AddrSpace::Generic {
                    // AS-GENERIC-QUALIFIER already spoke where the space does not exist.
                    self.report(RuleId::GenericObject, at, "no object is allocated in the generic address space: a parameter is private");
                    continue;
                }
                if space != AddrSpace::Private {
                    self.report(RuleId::ParamSpace, at, format!("a parameter is private: it cannot be declared in the {space} address space"));
                    continue;
                }
            }
            if is_kernel {
                let t = match adjusted {
                    Some(t) => t,
                    None => self.param_type(&p.specs, &p.declarator),
                };
                let numbered_pointee = match p.declarator.chunks.first().map(|c| &c.kind) {
                    Some(ChunkKind::Pointer { .. } | ChunkKind::Array { .. }) => {
                        p.declarator.chunks.len() == 1 && p.specs.quals.numbered().is_some()
                    }
                    _ => false,
                };
                if numbered_pointee {
                    continue;
                }
                if let Some(pointee) = self.types.pointee(t.ty) {
                    let space = pointee.space.unwrap_or(conv::default_pointee(self.profile));
                    if !matches!(
                        space,
                        AddrSpace::Global | AddrSpace::Local | AddrSpace::Constant
                    ) {
                        self.report(RuleId::KernelArgPtrSpace, at, format!("a kernel pointer argument must point to global, local or constant, not {space}"));
                    } else if self.types.is_ptr(pointee.ty)
                        && self.profile.lang() < crate::spec::Lang::Cl2_0
                    {
                        self.report(
                            RuleId::KernelArgPtrToPtr,
                            at,
                            format!(
                                "a kernel argument cannot be a pointer to a pointer in {}",
                                self.profile
                            ),
                        );
                    }
                }
            }
        }
    }

    /// A struct or union member with an address space of its own.
    pub(super) fn field_decl(&mut self, field: &FieldDecl) {
        for d in field.declarators.iter() {
            self.reserved_name(&d.declarator);
            self.type_levels(&field.specs, &d.declarator);
            if let Some((space, _, span)) = d
                .declarator
                .object_quals(&field.specs)
                .and_then(|q| q.spaces().next())
            {
                self.report(RuleId::StructField, span, format!("a struct or union member cannot be in the {space} address space of its own"));
            } else if let Some((n, span)) = d
                .declarator
                .object_quals(&field.specs)
                .and_then(|q| q.numbered())
            {
                self.report(
                    RuleId::StructField,
                    span,
                    format!("a struct or union member cannot be in address_space({n}) of its own"),
                );
            }
        }
    }

    /// Binds parameters in the current scope: private objects of their adjusted types.
    pub(super) fn bind_params(&mut self, params: &[ParamDecl]) {
        for p in params {
            let ty = self.param_type(&p.specs, &p.declarator);
            self.bind_param(p, ty);
        }
    }

    /// [`Sema::bind_params`] with the types [`Sema::params`] found. Since then only variables
    /// were bound (the function's name, earlier parameters), so a typedef name that still
    /// names a typedef names the same one, and the type found is what computing it again
    /// would give.
    fn bind_known_params(&mut self, params: &[ParamDecl], known: &[QTy]) {
        for (p, &ty) in params.iter().zip(known) {
            let same_names = p.specs.types.iter().all(|t| match &t.kind {
                TypeSpecKind::Named(n) => matches!(self.lookup(n.name), Some(Symbol::Typedef(_))),
                _ => true,
            });
            let ty = if same_names {
                ty
            } else {
                self.param_type(&p.specs, &p.declarator)
            };
            self.bind_param(p, ty);
        }
    }

    fn bind_param(&mut self, p: &ParamDecl, ty: QTy) {
        let Some(name) = &p.declarator.name else {
            return;
        };
        let var = match self.types.get(ty.ty) {
            // A reference parameter names the object it is bound to.
            Ty::Ref(referent) => Var {
                ty: referent,
                space: referent.space.unwrap_or(AddrSpace::Generic),
                is_static_storage: false,
                origin: None,
            },
            _ => Var {
                ty,
                space: AddrSpace::Private,
                is_static_storage: false,
                origin: self.cxx.then_some(super::cxx::Origin::Automatic),
            },
        };
        self.bind(name.name, Symbol::Var(var));
    }

    /// Whether a function's parameter types, computed once while checking the parameters, are
    /// what every later use would compute: computing them again may bind no name and report
    /// nothing (no enumeration or record among the specifiers, no parameter list but the
    /// function's own), and what their typedef names mean is checked as they are bound. C++
    /// binds class members first, so it computes them anew.
    fn params_reusable(&self, f: &FunctionDef) -> bool {
        let plain = |specs: &DeclSpecs| {
            specs
                .types
                .iter()
                .all(|t| !matches!(t.kind, TypeSpecKind::Record(_) | TypeSpecKind::Enum(_)))
        };
        let no_lists = |chunks: &[crate::ast::DeclChunk]| {
            chunks
                .iter()
                .all(|c| !matches!(c.kind, ChunkKind::Function { .. }))
        };
        !self.cxx
            && plain(&f.specs)
            && no_lists(f.declarator.chunks.get(1..).unwrap_or_default())
            && f.params()
                .iter()
                .all(|p| plain(&p.specs) && no_lists(p.declarator.chunks))
    }

    /// Binds a function name: a call reads its parameter and return types from here.
    pub(super) fn bind_function(&mut self, name: &crate::ast::Ident, ty: QTy) {
        let var = Var {
            ty,
            space: AddrSpace::Private,
            is_static_storage: true,
            origin: None,
        };
        self.bind(name.name, Symbol::Var(var));
    }

    pub(super) fn function(&mut self, f: &FunctionDef) {
        let open = self.open_function(f);
        for stmt in f.body.items.iter() {
            self.stmt(stmt);
        }
        self.close_function(open);
    }

    /// What [`Sema::function`] does before the body's statements: the head checked, the
    /// function bound, its scope opened with the parameters in it. `f.body` is not read, so a
    /// body can follow a statement at a time.
    pub(super) fn open_function(&mut self, f: &FunctionDef) -> OpenFunction {
        let decl = &f.declarator;
        self.reserved_name(decl);
        self.type_levels(&f.specs, decl);
        self.return_space(&f.specs, decl);
        let is_kernel = f.specs.is_kernel();
        let mut known = std::mem::take(&mut self.known_params);
        known.clear();
        let reuse = self.params_reusable(f);
        self.params(decl, is_kernel, reuse.then_some(&mut known));
        let base = self.base_type(&f.specs);
        let ty = self.declarator_type_with(base, decl, reuse.then_some(&known[..]));
        let ret = self.types.as_func(ty.ty).map_or(QTy::unknown(), |f| f.ret);
        if let Some(name) = &decl.name {
            self.bind_function(name, ty);
        }
        let class = if self.cxx {
            self.enter_class_fn(f)
        } else {
            None
        };
        self.push_scope();
        if let Some(class) = &class {
            self.bind_members(class, f);
        }
        if reuse {
            self.bind_known_params(f.params(), &known);
        } else {
            self.bind_params(f.params());
        }
        self.known_params = known;
        let outer = self.func.replace(FnCtx {
            is_kernel,
            ret,
            depth: 0,
        });
        if class.is_some() {
            self.ctor_inits(f);
        }
        OpenFunction { outer, class }
    }

    /// What [`Sema::function`] does after the body's statements.
    pub(super) fn close_function(&mut self, open: OpenFunction) {
        self.func = open.outer;
        self.pop_scope();
        if let Some(class) = open.class {
            self.leave_class_fn(class);
        }
    }

    /// Checks an initialiser against the declared type.
    pub(super) fn initializer(
        &mut self,
        init: &Initializer,
        ty: &QTy,
        op: Op,
        space: AddrSpace,
        static_storage: bool,
    ) {
        match init {
            Initializer::Expr(e) => {
                let v = self.expr(e);
                if static_storage && !v.is_const {
                    if space == AddrSpace::Constant {
                        self.report(
                            RuleId::ConstantInitConst,
                            e.span,
                            "a constant variable's initialiser must be a compile-time constant",
                        );
                    } else if space == AddrSpace::Global && self.has(Feature::ProgramScopeGlobals) {
                        self.report(RuleId::ProgscopeInit, e.span, "a program-scope or static global may only be initialised with a constant expression");
                    }
                } else if !static_storage && space == AddrSpace::Constant && !v.is_const {
                    self.report(
                        RuleId::ConstantInitConst,
                        e.span,
                        "a constant variable's initialiser must be a compile-time constant",
                    );
                }
                if self.types.is_ptr(ty.ty) {
                    self.convert(op, &v, ty.ty, e.span);
                }
            }
            Initializer::List(list) => {
                let elem = match self.types.get(ty.ty) {
                    Ty::Array(e) => Some(e),
                    _ => None,
                };
                for item in list.items.iter() {
                    match (&elem, &item.init) {
                        (Some(e), _) => self.initializer(&item.init, e, op, space, static_storage),
                        (None, Initializer::Expr(x)) => {
                            let v = self.expr(x);
                            if static_storage && !v.is_const && space == AddrSpace::Constant {
                                self.report(RuleId::ConstantInitConst, x.span, "a constant variable's initialiser must be a compile-time constant");
                            }
                        }
                        (None, Initializer::List(_)) => {
                            self.initializer(&item.init, &QTy::unknown(), op, space, static_storage)
                        }
                        (None, Initializer::Paren { .. } | Initializer::Special(..)) => {}
                    }
                }
            }
            // C++ `T x(args)`: one argument initialises like `= arg`.
            Initializer::Paren { args, .. } => {
                for arg in args.iter() {
                    let v = self.expr(arg);
                    if args.len() == 1 && self.types.is_ptr(ty.ty) {
                        self.convert(op, &v, ty.ty, arg.span);
                    }
                }
            }
            Initializer::Special(..) => {}
        }
    }
}

/// Whether the declared object itself has an atomic type (`atomic_int x`, not a pointer to
/// one, an array of them, or one behind a typedef).
fn is_atomic_object(specs: &DeclSpecs, decl: &Declarator) -> bool {
    decl.chunks.is_empty()
        && specs
            .types
            .iter()
            .any(|t| matches!(t.kind, TypeSpecKind::Builtin(n) if n.starts_with("atomic_")))
}
