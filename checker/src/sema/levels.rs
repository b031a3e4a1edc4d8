//! Type levels: what may be written on each level of a declared type, whatever the declaration.
//! Two different spaces on one level (named, through a typedef, in clang's attribute spellings,
//! or clang's numbered `address_space(N)`), the generic qualifier where the generic space does
//! not exist, and pointers to images. A type built on a numbered space is unknown to the checker
//! (see `level_space`), so conversions through one are not judged.
//!
//! > OpenCL implements the following disjoint named address spaces: __global, __local,
//! > __constant, and __private. (000_d69b344ffc25cbd1.txt)

use super::{Sema, Symbol};
use crate::ast::{ChunkKind, DeclSpecs, Declarator, QualKind, Quals, TypeSpecKind};
use crate::spec::{AddrSpace, Feature, RuleId};

impl Sema<'_> {
    /// Reports two different spaces on one level (`global local int x`): named ones, and
    /// clang's numbered `address_space(N)`, which is none of the named ones.
    fn multiple_spaces(&mut self, quals: &Quals, inherited: Option<AddrSpace>) {
        let mut first = inherited.map(SpaceKind::Named);
        for q in quals.0.iter() {
            let space = match q.kind {
                QualKind::Space(s, _) => SpaceKind::Named(s),
                QualKind::Numbered(n) => SpaceKind::Numbered(n),
                _ => continue,
            };
            match first {
                Some(f) if f != space => {
                    self.report(
                        RuleId::MultipleSpaces,
                        q.span,
                        format!(
                            "`{space}` on a type already in `{f}`: a type has one address space"
                        ),
                    );
                    return;
                }
                _ => first = Some(space),
            }
        }
    }

    /// Level-independent checks: multiple spaces, the generic qualifier where it does not
    /// exist, pointers to images. Levels with no space written have nothing to check.
    #[inline]
    pub(super) fn type_levels(&mut self, specs: &DeclSpecs, decl: &Declarator) {
        if specs.quals.is_empty() && decl.chunks.is_empty() {
            return;
        }
        self.written_levels(specs, decl);
    }

    /// [`Sema::type_levels`] where something is written on some level.
    fn written_levels(&mut self, specs: &DeclSpecs, decl: &Declarator) {
        if has_space(&specs.quals) {
            let inherited = self.typedef_space(specs);
            self.level_spaces(&specs.quals, inherited);
        }
        for chunk in decl.chunks.iter() {
            match &chunk.kind {
                ChunkKind::Pointer { quals }
                | ChunkKind::BlockPointer { quals }
                | ChunkKind::MemberPointer { quals }
                | ChunkKind::Array { quals, .. } => {
                    if has_space(quals) {
                        self.level_spaces(quals, None);
                    }
                }
                // `void m() __global __local;`: the space of `*this`, one like any other.
                ChunkKind::Function { this_quals, .. } if has_space(this_quals) => {
                    self.level_spaces(this_quals, None);
                }
                ChunkKind::Function { .. } | ChunkKind::Reference { .. } => {}
            }
        }
        if let Some(last) = decl.chunks.last() {
            if matches!(last.kind, ChunkKind::Pointer { .. }) && base_is_image(specs) {
                self.report(
                    RuleId::ImagePointer,
                    last.span,
                    "a pointer to an image type: image elements are not directly accessible",
                );
            }
        }
    }

    /// The spaces on one level: two different ones (with the space a typedef brought), and
    /// the generic qualifier where it does not exist.
    fn level_spaces(&mut self, quals: &Quals, inherited: Option<AddrSpace>) {
        self.multiple_spaces(quals, inherited);
        if self.has(Feature::GenericAddressSpace) {
            return;
        }
        for (space, _, span) in quals.spaces() {
            if space == AddrSpace::Generic {
                self.report(
                    RuleId::GenericQualifier,
                    span,
                    format!(
                        "the generic address space does not exist in {}",
                        self.profile
                    ),
                );
            }
        }
    }

    /// The space a typedef name among the specifiers brings.
    fn typedef_space(&self, specs: &DeclSpecs) -> Option<AddrSpace> {
        specs.types.iter().find_map(|t| match &t.kind {
            TypeSpecKind::Named(n) => match self.lookup(n.name) {
                Some(Symbol::Typedef(q)) => q.space,
                _ => None,
            },
            TypeSpecKind::Decltype(Some(n)) => match self.lookup(n.name) {
                Some(Symbol::Var(v)) => Some(v.space),
                _ => None,
            },
            _ => None,
        })
    }
}

/// Whether the specifiers name an image type.
fn base_is_image(specs: &DeclSpecs) -> bool {
    specs
        .types
        .iter()
        .any(|t| matches!(&t.kind, TypeSpecKind::Builtin(n) if n.starts_with("image")))
}

/// A space written on a level, for the multiple-space check: one of the five, or a number.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SpaceKind {
    Named(AddrSpace),
    Numbered(u32),
}

impl std::fmt::Display for SpaceKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpaceKind::Named(s) => write!(f, "{s}"),
            SpaceKind::Numbered(n) => write!(f, "address_space({n})"),
        }
    }
}

/// Whether a level has an address space written on it, named or numbered.
fn has_space(quals: &Quals) -> bool {
    quals
        .0
        .iter()
        .any(|q| matches!(q.kind, QualKind::Space(..) | QualKind::Numbered(_)))
}

#[cfg(test)]
mod tests {
    use crate::diag::Code;
    use crate::spec::{Profile, RuleId};

    fn codes(src: &str, profile: &str) -> Vec<Code> {
        let p: Profile = profile.parse().unwrap();
        crate::check_bytes(src.as_bytes(), p)
            .into_iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn a_numbered_pointee_is_not_judged() {
        // clang-16 accepts a pointer to a numbered space, even as a kernel argument; what it
        // converts to is the target's mapping, which the checker does not model: a type built on
        // a numbered space is unknown, and nothing is reported about it.
        let src = "kernel void k(__attribute__((address_space(1))) int *p) { }";
        assert_eq!(codes(src, "CL2.0"), []);
        let src = "kernel void k(global int *p) { __attribute__((address_space(3))) int *q = p; }";
        assert_eq!(codes(src, "CL1.2"), []);
        // The object's own level in a numbered space is still judged where it is declared.
        let src = "kernel void k(void) { __attribute__((address_space(3))) int *__attribute__((address_space(3))) q = 0; }";
        assert_eq!(codes(src, "CL1.2"), [Code::Rule(RuleId::AutoPrivate)]);
    }

    #[test]
    fn numbered_spaces_are_read_in_every_base() {
        for n in ["1", "0x2", "010", "7u"] {
            let src = format!("kernel void k(global int *o) {{ __attribute__((address_space({n}))) int x; o[0] = x; }}");
            assert_eq!(
                codes(&src, "CL3.0"),
                [Code::Rule(RuleId::AutoPrivate)],
                "{n}"
            );
        }
        // A malformed number is no numbered space: nothing to judge.
        let src =
            "kernel void k(global int *o) { __attribute__((address_space(x))) int y; o[0] = 1; }";
        assert!(codes(src, "CL3.0").is_empty());
    }

    #[test]
    fn attribute_spellings_are_spaces() {
        let src = "kernel void k(__attribute__((opencl_global)) int *p, local int *l) { p = l; }";
        assert_eq!(codes(src, "CL1.2"), [Code::Rule(RuleId::AssignCross)]);
        let src = "kernel void k(__attribute__((__opencl_local__)) int *p) { }";
        assert!(codes(src, "CL1.2").is_empty());
    }
}
