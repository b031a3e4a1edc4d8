//! The memory-initialisation table (004 3.2.5): which storage, scope and kind of
//! initialisation (none, a constant expression, a custom constructor or destructor) each
//! address space allows a variable.

use super::{ClassInfo, Scope};
use crate::ast::{Expr, ExprKind, Initializer};
use crate::sema::types::QTy;
use crate::sema::Sema;
use crate::source::Span;
use crate::spec::{AddrSpace, RuleId};

impl Sema<'_> {
    /// The memory-initialisation table (004 3.2.5), as the catalogue reads it for CLC++2021.
    pub(super) fn init_table(
        &mut self,
        space: AddrSpace,
        scope: Scope,
        ty: &QTy,
        init: Option<&Initializer>,
        at: Span,
    ) {
        let class = self.class_info_of(ty.ty);
        let kind = init_kind(class.as_ref(), init);
        let kernel = self.func.as_ref().is_some_and(|f| f.is_kernel);
        let pick = |rules: [RuleId; 3]| match kind {
            InitKind::Trivial => rules[0],
            InitKind::Constexpr => rules[1],
            InitKind::Custom => rules[2],
        };
        let how = match kind {
            InitKind::Trivial => "with no initialiser",
            InitKind::Constexpr => "initialised",
            InitKind::Custom => "with a custom constructor or destructor",
        };
        let (rule, message) = match space {
            AddrSpace::Local => {
                let row = match scope {
                    Scope::Static if kernel => Scope::Kernel,
                    Scope::Static => Scope::Function,
                    s => s,
                };
                match row {
                    Scope::Program => (
                        pick([
                            RuleId::CxxInitLocalProgramTrivial,
                            RuleId::CxxInitLocalProgramConstexpr,
                            RuleId::CxxInitLocalProgramCustom,
                        ]),
                        format!("a __local variable at program scope {how} is not supported: program-scope variables are global or constant"),
                    ),
                    Scope::Member => (
                        pick([
                            RuleId::CxxInitLocalMemberTrivial,
                            RuleId::CxxInitLocalMemberConstexpr,
                            RuleId::CxxInitLocalMemberCustom,
                        ]),
                        format!("a __local static data member {how} is not supported: a static data member is a program-scope variable"),
                    ),
                    Scope::Function => (
                        pick([
                            RuleId::CxxInitLocalFunctionTrivial,
                            RuleId::CxxInitLocalFunctionConstexpr,
                            RuleId::CxxInitLocalFunctionCustom,
                        ]),
                        format!("a __local variable in a function that is not a kernel {how} is not supported"),
                    ),
                    _ if init.is_none() || kind == InitKind::Trivial => return,
                    _ => (
                        pick([
                            RuleId::CxxInitLocalKernelTrivial,
                            RuleId::CxxInitLocalKernelConstexpr,
                            RuleId::CxxInitLocalKernelCustom,
                        ]),
                        format!("a __local variable cannot be initialised ({how})"),
                    ),
                }
            }
            AddrSpace::Global if kind == InitKind::Custom => match scope {
                Scope::Static => (
                    RuleId::CxxInitGlobalStaticCustom,
                    "a function-scope static global object with a custom constructor or destructor is not supported".to_string(),
                ),
                Scope::Member => (
                    RuleId::CxxInitGlobalMemberCustom,
                    "a static data member with a custom constructor or destructor is not supported".to_string(),
                ),
                _ => return,
            },
            AddrSpace::Constant => {
                if class.as_ref().is_some_and(ClassInfo::any_user) {
                    (
                        RuleId::CxxInitConstantCustom,
                        "a __constant object cannot have a user-defined constructor or destructor".to_string(),
                    )
                } else if init.is_none() {
                    (
                        RuleId::CxxInitConstantTrivial,
                        "a __constant variable must be initialised".to_string(),
                    )
                } else {
                    return;
                }
            }
            _ => return,
        };
        self.report(rule, at, message);
    }
}

/// How a variable is initialised, for the memory-initialisation table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum InitKind {
    Trivial,
    Constexpr,
    Custom,
}

/// Trivial (no initialiser, nothing custom runs), constant-expression, or custom.
fn init_kind(class: Option<&ClassInfo>, init: Option<&Initializer>) -> InitKind {
    let Some(c) = class else {
        return match init {
            None | Some(Initializer::Special(..)) => InitKind::Trivial,
            Some(_) => InitKind::Constexpr,
        };
    };
    if c.custom_dtor() {
        return InitKind::Custom;
    }
    let n = match init {
        None | Some(Initializer::Special(..)) => {
            return if c.custom_default() {
                InitKind::Custom
            } else {
                InitKind::Trivial
            };
        }
        Some(Initializer::Paren { args, .. }) => args.len(),
        Some(Initializer::List(list)) => list.items.len(),
        Some(Initializer::Expr(Expr {
            kind: ExprKind::Construct { args, .. },
            ..
        })) => args.len(),
        Some(Initializer::Expr(_)) => 1,
    };
    let mut matching = c
        .ctors
        .iter()
        .filter(|k| k.min <= n && n <= k.max)
        .peekable();
    if matching.peek().is_none() {
        // Aggregate initialisation, or the default constructor for `{}`.
        return if n == 0 && c.custom_default() {
            InitKind::Custom
        } else {
            InitKind::Constexpr
        };
    }
    if matching.any(|k| !k.constexpr) {
        InitKind::Custom
    } else {
        InitKind::Constexpr
    }
}
