//! Kernel signatures as the API reports them: for every kernel, the address space each
//! argument lives in (`CL_KERNEL_ARG_ADDRESS_QUALIFIER`).
//!
//! > If no address qualifier is specified, the default address qualifier which is
//! > CL_KERNEL_ARG_ADDRESS_PRIVATE is returned. (OpenCL API, clGetKernelArgInfo)
//!
//! So a pointer argument reports the space of its pointee, every other argument `private`, and
//! an image argument `global` (OpenCL C 1.2 6.5: image arguments "refer to image memory objects
//! allocated in the __global address space"; pipes too, OpenCL C 2.0 6.13.16). Only the public
//! front end is used: preprocess, parse, then read the kernel definitions; typedef names are
//! resolved through the unit's own typedefs. A pointer parameter whose pointee has no address
//! space (which no kernel may have, so no build accepts it) is reported as `Generic`.

use crate::ast::{ChunkKind, DeclSpecs, Declarator, ExternalDecl, Quals, TypeSpecKind};
use crate::check::Options;
use crate::pp::{self, MemLoader};
use crate::source::SourceMap;
use crate::spec::{AddrSpace, Profile};
use std::collections::HashMap;

/// One kernel and the reported space of each of its parameters, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelSig {
    pub name: String,
    pub params: Vec<AddrSpace>,
}

/// Typedef chains longer than this are cut (a self-referential typedef cannot parse anyway).
const MAX_TYPEDEF_DEPTH: u32 = 32;

/// The kernels defined in `source`, in source order.
pub fn kernel_signatures(source: &str, profile: Profile) -> Vec<KernelSig> {
    kernel_signatures_with(source, profile, &Options::default())
}

/// [`kernel_signatures`] with the case's `-D`/`-U` options applied.
pub fn kernel_signatures_with(source: &str, profile: Profile, opts: &Options) -> Vec<KernelSig> {
    let mut sources = SourceMap::new("input.cl", source);
    let mut diags = Vec::new();
    let mut pp_opts = pp::Options::new(profile);
    for d in opts.defines.iter() {
        pp_opts.define_arg(d);
    }
    pp_opts.undefines = opts.undefines.clone();
    let pre = pp::preprocess(&mut sources, &pp_opts, &MemLoader::default(), &mut diags);
    let arena = crate::ast::Arena::new();
    let tu = crate::parse::translation_unit(&arena, &pre.tokens, &pre.symbols, profile, &mut diags);

    let mut typedefs: HashMap<String, (DeclSpecs, Declarator)> = HashMap::new();
    let mut out: Vec<KernelSig> = Vec::new();
    for item in tu.items.iter() {
        match item {
            ExternalDecl::Decl(d) if d.specs.is_typedef() => {
                for init in d.declarators.iter() {
                    if let Some(name) = &init.declarator.name {
                        typedefs.insert(
                            name.name.to_string(),
                            (d.specs.clone(), init.declarator.clone()),
                        );
                    }
                }
            }
            ExternalDecl::Function(f) if f.specs.is_kernel() => {
                let Some(name) = &f.declarator.name else {
                    continue;
                };
                let params = f
                    .params()
                    .iter()
                    .map(|p| param_space(&p.specs, &p.declarator, &typedefs))
                    .collect();
                let sig = KernelSig {
                    name: name.name.to_string(),
                    params,
                };
                // A redefinition does not make a second kernel.
                if !out.iter().any(|k| k.name == sig.name) {
                    out.push(sig);
                }
            }
            _ => {}
        }
    }
    out
}

/// One type level, from the parameter outward: a pointer (or array, which a parameter decays
/// to) with the spaces written on it, then the base.
enum Level {
    Pointer(Option<AddrSpace>),
    Array(Option<AddrSpace>),
}

/// The levels of a declarator and the base's qualifiers, typedefs expanded.
fn levels(
    specs: &DeclSpecs,
    declarator: &Declarator,
    typedefs: &HashMap<String, (DeclSpecs, Declarator)>,
    depth: u32,
) -> (Vec<Level>, Option<AddrSpace>, BaseKind) {
    let mut out: Vec<Level> = declarator
        .chunks
        .iter()
        .filter_map(|c| match &c.kind {
            ChunkKind::Pointer { quals }
            | ChunkKind::BlockPointer { quals }
            | ChunkKind::MemberPointer { quals } => Some(Level::Pointer(quals.space())),
            ChunkKind::Array { quals, .. } => Some(Level::Array(quals.space())),
            ChunkKind::Function { .. } | ChunkKind::Reference { .. } => None,
        })
        .collect();
    let own = space_of(&specs.quals);
    let kind = base_kind(specs);
    if let BaseKind::Named(name) = &kind {
        if depth < MAX_TYPEDEF_DEPTH {
            if let Some((td_specs, td_decl)) = typedefs.get(name) {
                let (mut inner, inner_base, inner_kind) =
                    levels(td_specs, td_decl, typedefs, depth + 1);
                // Qualifiers written on the typedef name qualify the typedef's outermost level.
                match inner.first_mut() {
                    Some(Level::Pointer(s) | Level::Array(s)) if s.is_none() => *s = own,
                    _ => {}
                }
                let base = if inner.is_empty() {
                    own.or(inner_base)
                } else {
                    inner_base
                };
                out.append(&mut inner);
                return (out, base, inner_kind);
            }
        }
    }
    (out, own, kind)
}

fn space_of(q: &Quals) -> Option<AddrSpace> {
    q.space()
}

enum BaseKind {
    Image,
    Pipe,
    Named(String),
    Other,
}

fn base_kind(specs: &DeclSpecs) -> BaseKind {
    if specs.pipe.is_some() {
        return BaseKind::Pipe;
    }
    for t in specs.types.iter() {
        match &t.kind {
            TypeSpecKind::Builtin(name) if name.starts_with("image") => return BaseKind::Image,
            TypeSpecKind::Named(id) => return BaseKind::Named(id.name.to_string()),
            _ => {}
        }
    }
    BaseKind::Other
}

fn param_space(
    specs: &DeclSpecs,
    declarator: &Declarator,
    typedefs: &HashMap<String, (DeclSpecs, Declarator)>,
) -> AddrSpace {
    let (levels, base, kind) = levels(specs, declarator, typedefs, 0);
    if levels.is_empty() {
        return match kind {
            BaseKind::Image | BaseKind::Pipe => AddrSpace::Global,
            _ => AddrSpace::Private,
        };
    }
    // The parameter is a pointer: its pointee is the next level; an array level takes its
    // element's space, so skip arrays until a pointer or the base.
    for level in &levels[1..] {
        match level {
            Level::Pointer(s) => return s.unwrap_or(AddrSpace::Generic),
            Level::Array(Some(s)) => return *s,
            Level::Array(None) => continue,
        }
    }
    base.unwrap_or(AddrSpace::Generic)
}

#[cfg(test)]
mod tests {
    use super::*;
    use AddrSpace::*;

    fn sigs(src: &str) -> Vec<(String, Vec<AddrSpace>)> {
        kernel_signatures(src, Profile::CL2_0)
            .into_iter()
            .map(|k| (k.name, k.params))
            .collect()
    }

    #[test]
    fn pointee_spaces_and_private_values() {
        let got = sigs(
            "typedef struct { int a; } pair_t;\n\
             typedef global float *gfp;\n\
             void helper(global int *p) {}\n\
             kernel void k(global int *a, __local float4 *b, constant int *c, int d, pair_t e,\n\
                           const global pair_t *restrict f, gfp g, global int * local * h,\n\
                           read_only image2d_t img, sampler_t s, global int arr[4]) {}\n\
             __kernel void two(__constant char *x) {}\n",
        );
        assert_eq!(
            got,
            [
                (
                    "k".to_string(),
                    vec![
                        Global, Local, Constant, Private, Private, Global, Global, Local, Global,
                        Private, Global
                    ]
                ),
                ("two".to_string(), vec![Constant]),
            ]
        );
    }

    #[test]
    fn macros_and_defines_are_expanded() {
        let src = "#define SPACE local\nkernel void k(SPACE int *p, N_T q) {}\n";
        let opts = Options::from_build_options(&["-DN_T=int".to_string()]);
        let got = kernel_signatures_with(src, Profile::CL1_2, &opts);
        assert_eq!(got[0].params, [Local, Private]);
    }
}
