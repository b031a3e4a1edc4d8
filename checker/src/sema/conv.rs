//! Pointer conversions between address spaces: the one place that decides whether a pointer
//! value may become another pointer, and which rule it breaks when it may not.
//!
//! > A pointer to address space A can only be assigned to a pointer to the same address space A
//! > or a pointer to the generic address space. Casting a pointer to address space A to a pointer
//! > to address space B is illegal if A and B are named address spaces and A is not the same as B.
//! > (000_d69b344ffc25cbd1.txt)
//!
//! Pointees are given as the address spaces of each level, outermost first: for
//! `global int * local * p` the pointee chain of `p` is `[Local, Global]`. Spaces are already
//! resolved: an unqualified pointee is generic or private per [`default_pointee`].

use crate::spec::{AddrSpace, Feature, Profile, RuleId};

/// How a pointer value becomes another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Assign,
    Init,
    /// Initialising a program-scope (or static) variable.
    ProgscopeInit,
    Arg,
    Return,
    Cast,
    Compare,
    Diff,
    Cond,
}

impl Op {
    /// The rule a plain mismatch between two named spaces breaks.
    const fn cross_rule(self) -> RuleId {
        match self {
            Op::Assign => RuleId::AssignCross,
            Op::Init => RuleId::InitCross,
            Op::ProgscopeInit => RuleId::ProgscopePtrInit,
            Op::Arg => RuleId::ArgCross,
            Op::Return => RuleId::ReturnCross,
            Op::Cast => RuleId::CastCross,
            Op::Compare => RuleId::CompareCross,
            Op::Diff => RuleId::DiffCross,
            Op::Cond => RuleId::CondCross,
        }
    }

    /// Symmetric operations look for a common type instead of converting one side.
    const fn is_symmetric(self) -> bool {
        matches!(self, Op::Compare | Op::Diff | Op::Cond)
    }
}

/// The space an unqualified pointee gets inside a function: generic where the profile has the
/// generic space, private otherwise (OpenCL C 1.x, and 3.0 without the feature).
pub fn default_pointee(profile: Profile) -> AddrSpace {
    if profile.has(Feature::GenericAddressSpace) {
        AddrSpace::Generic
    } else {
        AddrSpace::Private
    }
}

/// Whether a pointer into `from` may convert implicitly to a pointer into `to` at the top level.
fn implicit_top(from: AddrSpace, to: AddrSpace) -> bool {
    from == to || (to == AddrSpace::Generic && from.is_in_generic())
}

/// Checks a conversion of a pointer whose pointee chain is `from` into one whose chain is `to`
/// (for symmetric operations: whether the two have a common type). `from_string_literal` marks
/// a string literal source, which has its own rule. Returns the rule broken, if any.
pub fn pointer_conversion(
    op: Op,
    from: &[AddrSpace],
    to: &[AddrSpace],
    from_string_literal: bool,
) -> Option<RuleId> {
    let (Some(&f), Some(&t)) = (from.first(), to.first()) else {
        return None;
    };
    let top_ok = match op {
        Op::Cast => {
            f == t
                || (f.is_in_generic()
                    && t.is_in_generic()
                    && (f == AddrSpace::Generic || t == AddrSpace::Generic))
        }
        _ if op.is_symmetric() => implicit_top(f, t) || implicit_top(t, f),
        _ => implicit_top(f, t),
    };
    if !top_ok {
        if op.is_symmetric() {
            return Some(op.cross_rule());
        }
        if from_string_literal {
            return Some(RuleId::StringLiteral);
        }
        let generic_constant = matches!(
            (f, t),
            (AddrSpace::Constant, AddrSpace::Generic) | (AddrSpace::Generic, AddrSpace::Constant)
        );
        if generic_constant {
            return Some(RuleId::GenericConstant);
        }
        if f == AddrSpace::Generic && op != Op::Cast && op != Op::ProgscopeInit {
            return Some(RuleId::GenericToNamed);
        }
        return Some(op.cross_rule());
    }
    // Below the top level nothing converts: `T * A *` and `T * B *` are different pointee types.
    // An explicit cast may reinterpret them, as in C.
    if op != Op::Cast && from[1..].iter().zip(&to[1..]).any(|(a, b)| a != b) {
        return Some(RuleId::NestedPointee);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use AddrSpace::*;

    #[test]
    fn same_space_and_to_generic_are_implicit() {
        for op in [Op::Assign, Op::Init, Op::Arg, Op::Return, Op::Cast] {
            assert_eq!(pointer_conversion(op, &[Global], &[Global], false), None);
            assert_eq!(pointer_conversion(op, &[Local], &[Generic], false), None);
            assert_eq!(pointer_conversion(op, &[Private], &[Generic], false), None);
        }
    }

    #[test]
    fn named_to_named_reports_the_operation() {
        assert_eq!(
            pointer_conversion(Op::Assign, &[Global], &[Local], false),
            Some(RuleId::AssignCross)
        );
        assert_eq!(
            pointer_conversion(Op::Init, &[Private], &[Global], false),
            Some(RuleId::InitCross)
        );
        assert_eq!(
            pointer_conversion(Op::Arg, &[Constant], &[Global], false),
            Some(RuleId::ArgCross)
        );
        assert_eq!(
            pointer_conversion(Op::Return, &[Local], &[Private], false),
            Some(RuleId::ReturnCross)
        );
        assert_eq!(
            pointer_conversion(Op::Cast, &[Global], &[Local], false),
            Some(RuleId::CastCross)
        );
        assert_eq!(
            pointer_conversion(Op::ProgscopeInit, &[Global], &[Constant], false),
            Some(RuleId::ProgscopePtrInit)
        );
    }

    #[test]
    fn generic_rules_win_over_the_operation() {
        assert_eq!(
            pointer_conversion(Op::Init, &[Generic], &[Global], false),
            Some(RuleId::GenericToNamed)
        );
        assert_eq!(
            pointer_conversion(Op::Cast, &[Generic], &[Global], false),
            None
        );
        assert_eq!(
            pointer_conversion(Op::Init, &[Constant], &[Generic], false),
            Some(RuleId::GenericConstant)
        );
        assert_eq!(
            pointer_conversion(Op::Cast, &[Generic], &[Constant], false),
            Some(RuleId::GenericConstant)
        );
        assert_eq!(
            pointer_conversion(Op::Init, &[Constant], &[Private], true),
            Some(RuleId::StringLiteral)
        );
    }

    #[test]
    fn symmetric_operations_need_a_common_type() {
        assert_eq!(
            pointer_conversion(Op::Compare, &[Generic], &[Local], false),
            None
        );
        assert_eq!(
            pointer_conversion(Op::Compare, &[Generic], &[Constant], false),
            Some(RuleId::CompareCross)
        );
        assert_eq!(
            pointer_conversion(Op::Cond, &[Global], &[Local], false),
            Some(RuleId::CondCross)
        );
        assert_eq!(
            pointer_conversion(Op::Diff, &[Global], &[Private], false),
            Some(RuleId::DiffCross)
        );
        assert_eq!(
            pointer_conversion(Op::Diff, &[Generic], &[Global], false),
            None
        );
        assert_eq!(
            pointer_conversion(Op::Diff, &[Generic], &[Constant], false),
            Some(RuleId::DiffCross)
        );
    }

    #[test]
    fn nested_levels_must_match_exactly() {
        assert_eq!(
            pointer_conversion(Op::Init, &[Private, Global], &[Private, Generic], false),
            Some(RuleId::NestedPointee)
        );
        assert_eq!(
            pointer_conversion(Op::Init, &[Private, Global], &[Generic, Global], false),
            None
        );
        assert_eq!(
            pointer_conversion(Op::Cast, &[Private, Global], &[Private, Local], false),
            None
        );
    }
}
