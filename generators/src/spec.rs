//! What the spec says about a conversion between pointee spaces, as a function of the
//! operation. This is the one place the generators encode the conversion rules; expectations
//! are computed from it per profile, never from a compiler.

use checker::spec::{AddrSpace, RuleId};

/// The ways one pointer value becomes or meets another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    Init,
    Assign,
    Arg,
    Return,
    Cast,
    Cond,
    Compare,
    Diff,
}

impl Op {
    pub const ALL: [Op; 8] = [
        Op::Init,
        Op::Assign,
        Op::Arg,
        Op::Return,
        Op::Cast,
        Op::Cond,
        Op::Compare,
        Op::Diff,
    ];

    pub const fn tag(self) -> &'static str {
        match self {
            Op::Init => "init",
            Op::Assign => "assign",
            Op::Arg => "arg",
            Op::Return => "return",
            Op::Cast => "cast",
            Op::Cond => "cond",
            Op::Compare => "compare",
            Op::Diff => "diff",
        }
    }

    /// The rule an implicit conversion of this kind reports when nothing more specific does.
    pub const fn cross_rule(self) -> RuleId {
        match self {
            Op::Init => RuleId::InitCross,
            Op::Assign => RuleId::AssignCross,
            Op::Arg => RuleId::ArgCross,
            Op::Return => RuleId::ReturnCross,
            Op::Cast => RuleId::CastCross,
            Op::Cond => RuleId::CondCross,
            Op::Compare => RuleId::CompareCross,
            Op::Diff => RuleId::DiffCross,
        }
    }
}

/// The rule a conversion from a pointer to `from` into (or against) a pointer to `to` breaks,
/// or `None` when it is allowed. Spaces are resolved (an unqualified pointee is already generic
/// or private). The precedence is the catalogue header's "One violation, one diagnostic".
///
/// > A pointer to address space A can only be assigned to a pointer to the same address space
/// > A or a pointer to the generic address space. (000_d69b344ffc25cbd1.txt)
/// > Casting a pointer to address space A to a pointer to address space B is illegal if A and
/// > B are named address spaces and A is not the same as B. (000_d69b344ffc25cbd1.txt)
pub fn conversion(op: Op, from: AddrSpace, to: AddrSpace) -> Option<RuleId> {
    use AddrSpace::*;
    if from == to {
        return None;
    }
    let generic_pair = from == Generic || to == Generic;
    let constant_pair = from == Constant || to == Constant;
    match op {
        // Comparison, difference and ?: always report their own rule; overlapping spaces
        // (generic and a named space other than constant) meet in the generic type.
        Op::Diff | Op::Compare | Op::Cond => {
            if generic_pair && !constant_pair {
                None
            } else {
                Some(op.cross_rule())
            }
        }
        Op::Cast => {
            if generic_pair && constant_pair {
                Some(RuleId::GenericConstant)
            } else if generic_pair {
                None
            } else {
                Some(RuleId::CastCross)
            }
        }
        Op::Init | Op::Assign | Op::Arg | Op::Return => {
            if generic_pair && constant_pair {
                Some(RuleId::GenericConstant)
            } else if to == Generic {
                None
            } else if from == Generic {
                Some(RuleId::GenericToNamed)
            } else {
                Some(op.cross_rule())
            }
        }
    }
}

/// A pointer to a pointer: the outer pointees are the same space, the inner ones `from` and
/// `to`. Generic does not absorb a nested level.
pub fn nested(from: AddrSpace, to: AddrSpace) -> Option<RuleId> {
    (from != to).then_some(RuleId::NestedPointee)
}

#[cfg(test)]
mod tests {
    use super::*;
    use AddrSpace::*;

    #[test]
    fn precedence_follows_the_catalogue_header() {
        assert_eq!(conversion(Op::Init, Global, Generic), None);
        assert_eq!(
            conversion(Op::Init, Constant, Generic),
            Some(RuleId::GenericConstant)
        );
        assert_eq!(
            conversion(Op::Return, Generic, Local),
            Some(RuleId::GenericToNamed)
        );
        assert_eq!(conversion(Op::Arg, Global, Local), Some(RuleId::ArgCross));
        assert_eq!(conversion(Op::Cast, Generic, Local), None);
        assert_eq!(
            conversion(Op::Cast, Constant, Generic),
            Some(RuleId::GenericConstant)
        );
        assert_eq!(
            conversion(Op::Compare, Constant, Generic),
            Some(RuleId::CompareCross)
        );
        assert_eq!(conversion(Op::Compare, Local, Generic), None);
        assert_eq!(conversion(Op::Diff, Local, Generic), None);
        assert_eq!(
            conversion(Op::Diff, Constant, Generic),
            Some(RuleId::DiffCross)
        );
        assert_eq!(conversion(Op::Cond, Private, Private), None);
    }
}
