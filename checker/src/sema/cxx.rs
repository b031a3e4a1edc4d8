//! C++ for OpenCL (`CLC++2021`): the storage rules of the OpenCL C++ kernel language as C++ for
//! OpenCL carries them (004_37f2e2c708a9d5dd.txt, the `CXX-` rules), classes, references and
//! namespaces.
//!
//! > If a variable is declared in program scope, with static or extern specifier [...] the
//! > variable is allocated in the global memory of a device. If a variable is declared in
//! > function scope, without static specifier [...] the variable is allocated in the private
//! > memory of a device. (004_37f2e2c708a9d5dd.txt)
//!
//! Deduced spaces are tracked as an [`Origin`] on every value that designates (or points into)
//! such a variable, so that a failed pointer conversion names the rule the deduction broke.
//! Which rule wins when several describe one conversion is the catalogue's precedence list
//! (`spec::catalogue`, "In C++ for OpenCL, ..."); [`Sema`]'s conversion check follows it in order.
//!
//! The memory-initialisation table (004 3.2.5) is judged per variable from its storage (the
//! space), its scope (program, kernel, other function, static data member, function-scope
//! static) and its initialisation: none, a constant expression, or a custom one (a
//! non-`constexpr` user constructor, or a user destructor, of the class or of a member or base).
//!
//! This file owns deduced origins, namespaces and `using`, C++ conversions and references,
//! variables, the C++ expressions and the named casts; `init` owns the memory-initialisation
//! table, `classes` owns class bodies, members and member functions.

mod classes;
mod init;

use super::conv::{self, Op};
use super::decls::Ctx;
use super::exprs::Val;
use super::types::{QTy, Ty, TyId};
use super::{Sema, Symbol, Var};
use crate::ast::{
    CxxCast, DeclSpecs, Expr, ExprKind, Ident, InitDeclarator, Initializer, Namespace, NewExpr,
    StorageClass, TypeSpecKind,
};
use crate::diag::{Code, Diagnostic};
use crate::source::Span;
use crate::spec::{AddrSpace, RuleId};
use smol_str::SmolStr;

/// How a variable's space was deduced (none was written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    /// Program scope, `extern`, or a static data member: global.
    Program,
    /// `static` inside a function: global.
    FunctionStatic,
    /// An automatic variable or a parameter: private.
    Automatic,
}

/// One user-provided constructor: how many arguments it takes.
#[derive(Clone, Debug)]
struct Ctor {
    min: usize,
    max: usize,
    constexpr: bool,
}

/// What constructing and destroying an object of a class runs.
#[derive(Clone, Debug, Default)]
pub(super) struct ClassInfo {
    ctors: Vec<Ctor>,
    own_dtor: bool,
    /// From members and bases: a user destructor, a custom default constructor, any user
    /// constructor or destructor.
    inner_dtor: bool,
    inner_default: bool,
    inner_user: bool,
}

impl ClassInfo {
    fn custom_dtor(&self) -> bool {
        self.own_dtor || self.inner_dtor
    }

    /// Default-initialisation runs a non-`constexpr` user constructor.
    fn custom_default(&self) -> bool {
        self.ctors.iter().any(|c| c.min == 0 && !c.constexpr) || self.inner_default
    }

    /// Any user-provided constructor or destructor, `constexpr` ones included (004 3.2.4.4:
    /// constant objects "cannot have any user defined constructors, destructors").
    fn any_user(&self) -> bool {
        !self.ctors.is_empty() || self.own_dtor || self.inner_user
    }

    fn absorb(&mut self, inner: &ClassInfo) {
        self.inner_dtor |= inner.custom_dtor();
        self.inner_default |= inner.custom_default();
        self.inner_user |= inner.any_user();
    }
}

/// Where a variable is declared, for the memory-initialisation table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Program,
    Kernel,
    Function,
    Member,
    /// `static` inside a function.
    Static,
}

/// The parts of a member function definition the body needs.
pub(super) struct ClassFn {
    id: u32,
    pushed_prefix: bool,
}

impl Sema<'_> {
    /// The origin of what a value points to: an array's own, or that of a pointer computed
    /// from an address (`&x`, `a + 1`); a pointer read from a variable points to whatever it
    /// was given.
    pub(super) fn pointee_origin(&self, v: &Val) -> Option<Origin> {
        let origin = v.origin?;
        match self.types.get(v.ty.ty) {
            Ty::Array(_) => Some(origin),
            Ty::Ptr(_) if v.lvalue.is_none() => Some(origin),
            _ => None,
        }
    }

    pub(super) fn namespace(&mut self, ns: &Namespace) {
        if let Some(name) = &ns.name {
            self.prefix.push(name.name.trim_start_matches("::").into());
        }
        for item in ns.items.iter() {
            self.external(item);
        }
        if ns.name.is_some() {
            self.prefix.pop();
        }
    }

    pub(super) fn using_namespace(&mut self, name: &Ident) {
        let inner = crate::parse::qualify(&self.prefix, name.name);
        self.usings.push(inner);
        if !self.prefix.is_empty() {
            self.usings.push(name.name.trim_start_matches("::").into());
        }
    }

    pub(super) fn using_decl(&mut self, name: &Ident) {
        if let Some(symbol) = self.lookup(name.name) {
            let last: SmolStr = name.name.rsplit("::").next().unwrap_or_default().into();
            self.bind(&last, symbol);
        }
    }

    /// An OpenCL C rule found in C++ for OpenCL: the `CXX-` rule that covers the same
    /// construct, a semantic error where none does but a compiler must reject it, or nothing.
    pub(super) fn report_in_cxx(&mut self, rule: RuleId, span: Span, message: String) {
        let code = match rule {
            RuleId::GenericConstant | RuleId::GenericToNamed => {
                Code::Rule(RuleId::CxxGenericPointers)
            }
            RuleId::ConstantWrite => Code::Rule(RuleId::CxxConstantExplicit),
            // C++ for OpenCL inherits these two from OpenCL C 2.0 (see the catalogue entries).
            RuleId::ReturnSpace => Code::Rule(RuleId::CxxReturnSpace),
            RuleId::MultipleSpaces => Code::Rule(RuleId::CxxMultipleSpaces),
            RuleId::AssignCross
            | RuleId::InitCross
            | RuleId::ArgCross
            | RuleId::ReturnCross
            | RuleId::CastCross
            | RuleId::CompareCross
            | RuleId::DiffCross
            | RuleId::CondCross
            | RuleId::NestedPointee
            | RuleId::ProgscopePtrInit
            | RuleId::StringLiteral => Code::Semantic,
            _ => return,
        };
        self.emit(code, span, message);
    }

    pub(super) fn emit(&mut self, code: Code, span: Span, message: String) {
        match code {
            Code::Rule(rule) => self.report(rule, span, message),
            _ => self
                .diags
                .push(Diagnostic::new(code, self.profile, span, message)),
        }
    }

    /// A failed pointer conversion (`rule` is OpenCL C's verdict), reported by the precedence
    /// in the module header.
    pub(super) fn cxx_conversion(
        &mut self,
        op: Op,
        rule: RuleId,
        from: &[AddrSpace],
        to: &[AddrSpace],
        origin: Option<Origin>,
        at: Span,
    ) {
        let (Some(&f), Some(&t)) = (from.first(), to.first()) else {
            return;
        };
        if f == t {
            let message = "the pointee types differ in address space below the first level (no CXX- rule covers it; a compiler must reject it)";
            return self.emit(Code::Semantic, at, message.into());
        }
        let generic = f == AddrSpace::Generic || t == AddrSpace::Generic;
        let code = if generic && matches!(rule, RuleId::GenericConstant | RuleId::GenericToNamed)
            || (f == AddrSpace::Constant && t == AddrSpace::Generic)
        {
            RuleId::CxxGenericPointers
        } else if op == Op::Cast {
            // An explicit cast between named spaces asks for what no rule of the storage
            // classes grants; C++ for OpenCL rejects it all the same.
            let message = format!("a cast cannot convert a pointer to {f} into a pointer to {t} (no CXX- rule covers it; a compiler must reject it)");
            return self.emit(Code::Semantic, at, message);
        } else if t == AddrSpace::Constant {
            RuleId::CxxConstantExplicit
        } else if origin == Some(Origin::Program) {
            RuleId::CxxImplicitGlobal
        } else if t == AddrSpace::Local {
            RuleId::CxxLocalExplicit
        } else if origin == Some(Origin::FunctionStatic) {
            RuleId::CxxImplicitGlobal
        } else if origin == Some(Origin::Automatic) {
            RuleId::CxxImplicitPrivate
        } else {
            let message = format!("a pointer to {f} cannot become a pointer to {t} here (both spaces are explicit: no CXX- rule covers it; a compiler must reject it)");
            return self.emit(Code::Semantic, at, message);
        };
        let why = match (code, origin) {
            (RuleId::CxxImplicitGlobal, _) => " (the object has no address space written, so it is global)",
            (RuleId::CxxImplicitPrivate, _) => " (the object has no address space written, so it is private)",
            (RuleId::CxxLocalExplicit, _) => " (only a variable declared __local is in local memory)",
            (RuleId::CxxGenericPointers, _) => " (a pointer or reference with no address space is generic, and constant is outside the generic space)",
            _ => "",
        };
        self.report(
            code,
            at,
            format!("a pointer to {f} cannot become a pointer to {t} here{why}"),
        );
    }

    /// Binds a reference to `v`: as if `&v` initialised a pointer to the referent.
    pub(super) fn bind_ref(&mut self, op: Op, v: &Val, referent: QTy, at: Span) {
        // A reference to a const pointer of another type than `v`'s (`int *const &` for a
        // `__global int *`) binds to a temporary that `v` converts into (C++ [dcl.init.ref]):
        // the pointer value converts, not the object's address.
        if referent.konst && referent.ty != v.ty.ty && self.types.is_pointer_like(referent.ty) {
            return self.convert(op, v, referent.ty, at);
        }
        let Some(space) = v.lvalue else {
            return;
        };
        let mut pointee = v.ty;
        pointee.space = Some(space);
        let addr = Val {
            origin: v.origin,
            ..Val::rvalue(self.types.ptr_to(pointee))
        };
        let to = self.types.ptr_to(referent);
        self.convert(op, &addr, to.ty, at);
    }

    /// A C++ variable declaration (not a function, not a typedef).
    pub(super) fn cxx_variable(
        &mut self,
        specs: &DeclSpecs,
        init_decl: &InitDeclarator,
        ty: QTy,
        ctx: Ctx,
    ) {
        let decl = &init_decl.declarator;
        let Some(name) = &decl.name else {
            return;
        };
        let init = init_decl.init.as_ref();
        let is_static = specs.has_storage(StorageClass::Static);
        let is_extern = specs.has_storage(StorageClass::Extern);
        let static_storage = ctx == Ctx::Program || is_static || is_extern;
        let mut ty = ty;
        let mut init_done = false;
        if specs.types.iter().any(|t| t.kind == TypeSpecKind::Auto) {
            if let Some(Initializer::Expr(e)) = init {
                let v = self.expr(e);
                ty = self.decayed(&v);
                ty.space = None;
                init_done = true;
                self.auto_pointee_space(specs, decl, &ty, e.span);
            }
        }
        if let Ty::Ref(referent) = self.types.get(ty.ty) {
            let var = Var {
                ty: referent,
                space: referent.space.unwrap_or(AddrSpace::Generic),
                is_static_storage: static_storage,
                origin: None,
            };
            self.bind(name.name, Symbol::Var(var));
            let args: Vec<&Expr> = match init {
                Some(Initializer::Expr(e)) => vec![e],
                Some(Initializer::Paren { args, .. }) => args.iter().collect(),
                _ => Vec::new(),
            };
            for arg in args.iter() {
                let v = self.expr(arg);
                if args.len() == 1 {
                    self.bind_ref(Op::Init, &v, referent, arg.span);
                }
            }
            return;
        }
        let member = self.is_member_name(name.name);
        let mut written = decl
            .object_quals(specs)
            .and_then(|q| q.space())
            .or(ty.space);
        if member && written.is_none() {
            // `int S::x;` takes the space its declaration in the class wrote, if any.
            if let Some(Symbol::Var(v)) = self.lookup(name.name) {
                if v.origin.is_none() {
                    written = Some(v.space);
                }
            }
        }
        let space = written.unwrap_or(if static_storage {
            AddrSpace::Global
        } else {
            AddrSpace::Private
        });
        let origin = written
            .is_none()
            .then_some(if ctx == Ctx::Program || is_extern {
                Origin::Program
            } else if is_static {
                Origin::FunctionStatic
            } else {
                Origin::Automatic
            });
        let var = Var {
            ty,
            space,
            is_static_storage: static_storage,
            origin,
        };
        self.bind(name.name, Symbol::Var(var));
        let kernel = self.func.as_ref().is_some_and(|f| f.is_kernel);
        let scope = if member {
            Scope::Member
        } else if ctx == Ctx::Program || is_extern {
            Scope::Program
        } else if is_static {
            Scope::Static
        } else if kernel {
            Scope::Kernel
        } else {
            Scope::Function
        };
        let before = self.diags.len();
        if !(is_extern && init.is_none()) {
            self.init_table(space, scope, &ty, init, name.span);
        }
        // The inherited storage rules, unless a `CXX-` rule already judged the declaration.
        if !member && self.diags.len() == before {
            let st = super::cxx_storage::Storage {
                ctx,
                is_static,
                is_extern,
                written,
            };
            self.cxx_storage(&st, &ty, name.span);
        }
        if let (Some(init), false) = (init, init_done) {
            let op = if static_storage {
                Op::ProgscopeInit
            } else {
                Op::Init
            };
            self.initializer(init, &ty, op, space, static_storage);
        }
    }

    /// Whether a qualified name (`S::x`) names a member of a class.
    fn is_member_name(&self, name: &str) -> bool {
        let Some((qualifier, _)) = name.rsplit_once("::") else {
            return false;
        };
        matches!(self.lookup(qualifier), Some(Symbol::Typedef(q)) if matches!(self.types.get(q.ty), Ty::Record(_)))
    }

    /// `this`, `T(args)`, the named casts, `new` and `delete`.
    #[inline(never)]
    pub(super) fn cxx_expr(&mut self, e: &Expr) -> Val {
        match &e.kind {
            ExprKind::This => match self.lookup("this") {
                Some(Symbol::Var(v)) => Val::rvalue(v.ty),
                _ => Val::unknown(),
            },
            ExprKind::Construct { ty, args, .. } => {
                for a in args.iter() {
                    self.expr(a);
                }
                let t = self.base_type(&ty.specs);
                Val::rvalue(QTy::new(t.ty))
            }
            ExprKind::CxxCast(cast, tn, inner) => {
                let v = self.expr(inner);
                let base = self.base_type(&tn.specs);
                let to = self.declarator_type(base, &tn.declarator);
                if *cast == CxxCast::Addrspace {
                    self.addrspace_cast(&v, to, e.span);
                } else if self.types.is_ptr(to.ty) {
                    self.named_cast(*cast, &v, to.ty, e.span);
                }
                Val {
                    is_null: v.is_null,
                    ..Val::rvalue(to)
                }
            }
            ExprKind::New(NewExpr {
                placement, args, ..
            }) => {
                for a in placement.iter().copied().flatten().chain(args.iter()) {
                    self.expr(a);
                }
                if placement.is_none() {
                    let message = "`new` without a placement needs a global allocator, which C++ for OpenCL does not have (not an address-space rule)";
                    self.emit(Code::Semantic, e.span, message.into());
                }
                Val::unknown()
            }
            ExprKind::Delete { operand, .. } => {
                self.expr(operand);
                let message = "`delete` needs a global deallocator, which C++ for OpenCL does not have (not an address-space rule)";
                self.emit(Code::Semantic, e.span, message.into());
                Val::unknown()
            }
            _ => Val::unknown(),
        }
    }
}

impl Sema<'_> {
    /// `static_cast` and the other named casts but `addrspace_cast` change the address space
    /// only as an implicit conversion would (clang: "static_cast from '__generic int *' to
    /// '__global int *' is not allowed"); generic to named takes `addrspace_cast`.
    fn named_cast(&mut self, cast: CxxCast, v: &Val, to: TyId, at: Span) {
        if v.is_null {
            return;
        }
        if !self.is_pointer_like(v) {
            return;
        }
        let (a, b) = (self.val_chain(v), self.types.pointee_chain(to));
        match conv::pointer_conversion(Op::Init, &a, &b, false) {
            None => {}
            Some(RuleId::GenericConstant) => self.report(
                RuleId::CxxGenericPointers,
                at,
                "constant is outside the generic space: no cast converts between them",
            ),
            Some(_) => {
                let name = match cast {
                    CxxCast::Static => "static_cast",
                    CxxCast::Reinterpret => "reinterpret_cast",
                    CxxCast::Const => "const_cast",
                    CxxCast::Dynamic => "dynamic_cast",
                    CxxCast::Addrspace => "addrspace_cast",
                };
                let message = format!("{name} cannot convert a pointer between these address spaces (use addrspace_cast from generic to a named space; not an address-space rule of the catalogue)");
                self.emit(Code::Semantic, at, message);
            }
        }
    }
}
