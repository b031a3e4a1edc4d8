//! Where a variable with static storage duration lives: the `storage` case property. Every
//! generator that defines such a variable renders it with these words (the run-time
//! program-scope cases name their variables by it too), and hand-written cases declare the
//! same, so a known deviation names the class in every family at once: `where = { storage =
//! ["program", "static-*"] }` is every `__global` variable of static storage.

use checker::spec::AddrSpace;

/// The case property's key.
pub const KEY: &str = "storage";

/// Where a variable with static storage duration is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Storage {
    /// A `__global` variable at program scope (written, or deduced for an unqualified one);
    /// in C++ for OpenCL also at namespace scope, an `extern` declaration's definition, a
    /// static data member.
    Program,
    /// A `static` `__global` variable in a kernel's outermost scope.
    StaticKernel,
    /// A `static` `__global` variable in a block nested in a kernel.
    StaticNested,
    /// A `static` `__global` variable in a function that is not a kernel.
    StaticHelper,
    /// A `__constant` variable at program scope.
    ConstantProgram,
}

/// How a C++ for OpenCL program-scope variable is linked (the `linkage` property), which decides
/// whether a program that never uses it holds it at all: an external one is emitted, an
/// internal one (a `const` namespace-scope variable) or an inline static member only where used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Linkage {
    External,
    Internal,
    Inline,
}

impl Linkage {
    pub const KEY: &'static str = "linkage";

    pub const fn tag(self) -> &'static str {
        match self {
            Linkage::External => "external",
            Linkage::Internal => "internal",
            Linkage::Inline => "inline",
        }
    }

    /// C++ [basic.link]: a variable of `const` (not volatile) type not declared `extern` has
    /// internal linkage; an `inline` static data member is inline; the rest are external (a
    /// static data member defined out of its class counts as declared `extern`: it takes its
    /// class's linkage).
    pub const fn of(inline: bool, declared_extern: bool, is_const: bool) -> Linkage {
        if inline {
            Linkage::Inline
        } else if is_const && !declared_extern {
            Linkage::Internal
        } else {
            Linkage::External
        }
    }
}

/// Where a declaration with static storage duration is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Program,
    StaticKernel,
    StaticNested,
    StaticHelper,
}

impl Storage {
    pub const fn tag(self) -> &'static str {
        match self {
            Storage::Program => "program",
            Storage::StaticKernel => "static-kernel",
            Storage::StaticNested => "static-nested",
            Storage::StaticHelper => "static-helper",
            Storage::ConstantProgram => "constant-program",
        }
    }

    /// Where a variable declared at `scope` in `space` (`None`: unqualified, which is
    /// `__global` for static storage) lives, or `None` where no storage class holds it (a
    /// `__local`, private or generic variable with static storage is invalid, as is a static
    /// `__constant` one outside program scope, which no case defines).
    pub fn of(scope: Scope, space: Option<AddrSpace>) -> Option<Storage> {
        match (space, scope) {
            (None | Some(AddrSpace::Global), Scope::Program) => Some(Storage::Program),
            (None | Some(AddrSpace::Global), Scope::StaticKernel) => Some(Storage::StaticKernel),
            (None | Some(AddrSpace::Global), Scope::StaticNested) => Some(Storage::StaticNested),
            (None | Some(AddrSpace::Global), Scope::StaticHelper) => Some(Storage::StaticHelper),
            (Some(AddrSpace::Constant), Scope::Program) => Some(Storage::ConstantProgram),
            _ => None,
        }
    }

    /// Whether the variable is in `__global` memory.
    pub const fn is_global(self) -> bool {
        !matches!(self, Storage::ConstantProgram)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn const_namespace_variables_are_internal_unless_extern() {
        assert_eq!(Linkage::of(false, false, true), Linkage::Internal);
        assert_eq!(Linkage::of(false, true, true), Linkage::External);
        assert_eq!(Linkage::of(true, false, false), Linkage::Inline);
        assert_eq!(Linkage::of(false, false, false), Linkage::External);
    }

    #[test]
    fn unqualified_static_storage_is_global_and_only_program_scope_constants_are_named() {
        assert_eq!(Storage::of(Scope::Program, None), Some(Storage::Program));
        assert_eq!(
            Storage::of(Scope::StaticNested, Some(AddrSpace::Global)),
            Some(Storage::StaticNested)
        );
        assert_eq!(
            Storage::of(Scope::Program, Some(AddrSpace::Constant)),
            Some(Storage::ConstantProgram)
        );
        assert_eq!(
            Storage::of(Scope::StaticKernel, Some(AddrSpace::Constant)),
            None
        );
        assert_eq!(Storage::of(Scope::Program, Some(AddrSpace::Local)), None);
    }
}
