//! Classes: class bodies (data members, static data members, member functions, constructors,
//! destructors), what a class's construction and destruction run, member function bodies with
//! `this` and the members in scope, constructor initialisers, and calls of methods.

use super::{ClassFn, ClassInfo, Ctor, Origin, Scope};
use crate::ast::{
    ChunkKind, DeclSpecs, Expr, ExprKind, FieldDecl, FuncSpec, FunctionDef, Initializer, ParamDecl,
    RecordSpec, SpecialDef, StorageClass,
};
use crate::sema::conv::{self, Op};
use crate::sema::types::{FuncTy, QTy, Ty, TyId};
use crate::sema::{Sema, Symbol, Var};
use crate::spec::AddrSpace;
use smol_str::SmolStr;

impl Sema<'_> {
    /// The class an object of this type is (through arrays), if it is one.
    pub(super) fn class_info_of(&self, ty: TyId) -> Option<ClassInfo> {
        let mut ty = self.types.get(ty);
        while let Ty::Array(elem) = ty {
            ty = self.types.get(elem.ty);
        }
        match ty {
            Ty::Record(id) => self.records.get(id as usize).map(|r| r.class.clone()),
            _ => None,
        }
    }

    /// A C++ class body: data members, static data members, member functions, constructors
    /// and destructors, then the bodies of the member functions defined in it.
    pub(in crate::sema) fn cxx_class(&mut self, r: &RecordSpec, fields: &[FieldDecl], id: u32) {
        let class: SmolStr = r
            .name
            .as_ref()
            .map(|n| n.name.rsplit("::").next().unwrap_or_default().into())
            .unwrap_or_default();
        if let Some(name) = &r.name {
            let ty = QTy::new(self.types.intern(Ty::Record(id)));
            self.bind(name.name, Symbol::Typedef(ty));
        }
        let named = !class.is_empty();
        if named {
            self.prefix.push(class.clone());
        }
        let mut out = Vec::new();
        let mut methods = Vec::new();
        let mut info = ClassInfo::default();
        for base in r.cxx.iter().flat_map(|b| b.bases.iter()) {
            if let Some(Symbol::Typedef(q)) = self.lookup(base.name) {
                if let Ty::Record(bid) = self.types.get(q.ty) {
                    if let Some(b) = self.records.get(bid as usize) {
                        out.extend(b.fields.iter().cloned());
                        methods.extend(b.methods.iter().cloned());
                        info.absorb(&b.class);
                    }
                }
            }
        }
        for field in fields {
            let base = self.base_type(&field.specs);
            let is_static = field.specs.has_storage(StorageClass::Static);
            for d in field.declarators.iter() {
                let ty = self.declarator_type(base, &d.declarator);
                let Some(name) = &d.declarator.name else {
                    continue;
                };
                if field.specs.is_typedef() {
                    self.bind(name.name, Symbol::Typedef(ty));
                    continue;
                }
                if matches!(self.types.get(ty.ty), Ty::Func(_)) {
                    // Defined members get this from `function`; declared ones here.
                    self.type_levels(&field.specs, &d.declarator);
                    let provided = !matches!(
                        d.init,
                        Some(Initializer::Special(
                            SpecialDef::Default | SpecialDef::Delete,
                            _
                        ))
                    );
                    self.member_fn(
                        &class,
                        &field.specs,
                        &d.declarator,
                        ty,
                        provided,
                        &mut info,
                        &mut methods,
                    );
                    continue;
                }
                if is_static {
                    self.static_member(&field.specs, d, ty);
                    continue;
                }
                if let Some(inner) = self.class_info_of(ty.ty) {
                    info.absorb(&inner);
                }
                out.push((SmolStr::new(name.name), ty));
            }
        }
        let defs: &[FunctionDef] = r.cxx.as_ref().map_or(&[], |b| b.methods);
        for m in defs {
            let base = self.base_type(&m.specs);
            let ty = self.declarator_type(base, &m.declarator);
            self.member_fn(
                &class,
                &m.specs,
                &m.declarator,
                ty,
                true,
                &mut info,
                &mut methods,
            );
        }
        if let Some(rec) = self.records.get_mut(id as usize) {
            rec.fields = out;
            rec.methods = methods;
            rec.class = info;
        }
        self.class_ids.push(id);
        for m in defs {
            self.function(m);
        }
        self.class_ids.pop();
        if named {
            self.prefix.pop();
        }
    }

    /// A member function, constructor or destructor declared in a class.
    #[allow(clippy::too_many_arguments)]
    fn member_fn(
        &mut self,
        class: &str,
        specs: &DeclSpecs,
        decl: &crate::ast::Declarator,
        ty: QTy,
        provided: bool,
        info: &mut ClassInfo,
        methods: &mut Vec<(SmolStr, QTy)>,
    ) {
        let Some(name) = &decl.name else {
            return;
        };
        let last = name.name.rsplit("::").next().unwrap_or_default();
        if last.starts_with('~') {
            info.own_dtor |= provided;
            return;
        }
        if !class.is_empty() && last == class {
            if provided {
                let (params, variadic) = match decl.chunks.first().map(|c| &c.kind) {
                    Some(ChunkKind::Function {
                        params, variadic, ..
                    }) => (*params, *variadic),
                    _ => (&[] as &[ParamDecl], false),
                };
                info.ctors.push(Ctor {
                    min: params.iter().filter(|p| p.default.is_none()).count(),
                    max: if variadic { usize::MAX } else { params.len() },
                    constexpr: specs
                        .functions
                        .iter()
                        .any(|f| f.node == FuncSpec::Constexpr),
                });
            }
            return;
        }
        methods.push((SmolStr::new(name.name), ty));
        self.bind_function(name, ty);
    }

    /// A static data member declared in its class: a program-scope variable, judged by the
    /// table here when the declaration defines it (`inline`, `constexpr`, or an initialiser),
    /// else at its definition outside the class.
    fn static_member(&mut self, specs: &DeclSpecs, d: &crate::ast::FieldDeclarator, ty: QTy) {
        let Some(name) = &d.declarator.name else {
            return;
        };
        let written = d
            .declarator
            .object_quals(specs)
            .and_then(|q| q.space())
            .or(ty.space);
        let space = written.unwrap_or(AddrSpace::Global);
        let var = Var {
            ty,
            space,
            is_static_storage: true,
            origin: written.is_none().then_some(Origin::Program),
        };
        self.bind(name.name, Symbol::Var(var));
        let defines = d.init.is_some()
            || specs
                .functions
                .iter()
                .any(|f| matches!(f.node, FuncSpec::Inline | FuncSpec::Constexpr));
        if defines {
            self.init_table(space, Scope::Member, &ty, d.init.as_ref(), name.span);
        }
        if let Some(init) = &d.init {
            self.initializer(init, &ty, Op::ProgscopeInit, space, true);
        }
    }

    /// Before a member function's body: the class it belongs to (in-class, or named by a
    /// qualified name `S::f`), whose names come into scope.
    pub(in crate::sema) fn enter_class_fn(&mut self, f: &FunctionDef) -> Option<ClassFn> {
        let name = &f.declarator.name.as_ref()?.name;
        if let Some((qualifier, _)) = name.rsplit_once("::") {
            let id = match self.lookup(qualifier) {
                Some(Symbol::Typedef(q)) => match self.types.get(q.ty) {
                    Ty::Record(id) => id,
                    _ => return None,
                },
                _ => return None,
            };
            self.prefix.push(qualifier.trim_start_matches("::").into());
            return Some(ClassFn {
                id,
                pushed_prefix: true,
            });
        }
        let id = *self.class_ids.last()?;
        Some(ClassFn {
            id,
            pushed_prefix: false,
        })
    }

    pub(in crate::sema) fn leave_class_fn(&mut self, class: ClassFn) {
        if class.pushed_prefix {
            self.prefix.pop();
        }
    }

    /// In a member function's scope: the data members, in the space of `*this` (generic unless
    /// the function is qualified with one, `void f() __local`), and `this`.
    pub(in crate::sema) fn bind_members(&mut self, class: &ClassFn, f: &FunctionDef) {
        let this_space = match f.declarator.chunks.first().map(|c| &c.kind) {
            Some(ChunkKind::Function { this_quals, .. }) => this_quals.space(),
            _ => None,
        }
        .unwrap_or(conv::default_pointee(self.profile));
        let fields = self
            .records
            .get(class.id as usize)
            .map(|r| r.fields.clone())
            .unwrap_or_default();
        for (name, ty) in fields {
            let var = Var {
                ty,
                space: this_space,
                is_static_storage: false,
                origin: None,
            };
            self.bind(&name, Symbol::Var(var));
        }
        let this = QTy {
            space: Some(this_space),
            ..QTy::new(self.types.intern(Ty::Record(class.id)))
        };
        let var = Var {
            ty: self.types.ptr_to(this),
            space: AddrSpace::Private,
            is_static_storage: false,
            origin: None,
        };
        self.bind("this", Symbol::Var(var));
    }

    /// A constructor's initialisers: each converts to its member like an initialisation.
    pub(in crate::sema) fn ctor_inits(&mut self, f: &FunctionDef) {
        for init in f.ctor_inits.iter() {
            let target = match self.lookup(init.name.name) {
                Some(Symbol::Var(v)) => Some(v.ty),
                _ => None,
            };
            for arg in init.args.iter() {
                let v = self.expr(arg);
                if let (Some(t), 1) = (target, init.args.len()) {
                    if self.types.is_ptr(t.ty) {
                        self.convert(Op::Init, &v, t.ty, arg.span);
                    }
                }
            }
        }
    }

    /// The type of a member function named by `obj.f` or `p->f`.
    pub(in crate::sema) fn method_type(&mut self, callee: &Expr) -> Option<FuncTy> {
        let ExprKind::Member { base, name, arrow } = &callee.kind else {
            return None;
        };
        let b = self.expr(base);
        let record = if *arrow {
            self.decayed_pointee(&b)?.ty
        } else {
            b.ty.ty
        };
        let Ty::Record(id) = self.types.get(record) else {
            return None;
        };
        let rec = self.records.get(id as usize)?;
        rec.methods
            .iter()
            .rev()
            .find(|(n, _)| n.rsplit("::").next() == Some(name.name))
            .and_then(|&(_, t)| self.types.as_func(t.ty))
    }
}
