//! Alignment in every address space: where an object lives × how it got there × whether its
//! own address or a member's is taken × whether through a generic pointer × element type.
//!
//! One case holds every width of one element type (1, 2, 3, 4, 8 and 16 components) or the two
//! structs, and writes each type's results to a buffer named after it, so a deviation for one
//! type is told from one for another. Each work-item writes the remainder of an object's
//! address divided by the type's alignment, which must be 0; the buffers start at 4096, which no
//! remainder is, so a kernel that wrote nothing fails. The address is taken plus a `zero`
//! argument the compiler cannot see: otherwise a compiler that knows the alignment it gave an
//! object (or that it may assume for a pointer argument) folds the remainder to 0 whatever the
//! address turns out to be.

use super::types::{Scalar, Ty, WIDTHS};
use super::{start, v};
use crate::case::{c_profiles, with};
use crate::enumerate::Out;
use crate::statics::Storage;
use checker::spec::{Feature, Profile, RuleId};

/// Where the objects live and how they got there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    GlobalArg,
    GlobalProgram,
    GlobalStatic,
    ConstantArg,
    ConstantProgram,
    ConstantKernel,
    LocalArray,
    LocalArg,
    PrivateVar,
    PrivateArray,
}

use Way::*;

impl Way {
    const ALL: [Way; 10] = [
        GlobalArg,
        GlobalProgram,
        GlobalStatic,
        ConstantArg,
        ConstantProgram,
        ConstantKernel,
        LocalArray,
        LocalArg,
        PrivateVar,
        PrivateArray,
    ];

    /// (space, way) as they appear in the case name and props.
    fn slugs(self) -> (&'static str, &'static str) {
        match self {
            GlobalArg => ("global", "argument"),
            GlobalProgram => ("global", "program-scope"),
            GlobalStatic => ("global", "static"),
            ConstantArg => ("constant", "argument"),
            ConstantProgram => ("constant", "program-scope"),
            ConstantKernel => ("constant", "kernel-scope"),
            LocalArray => ("local", "kernel-scope"),
            LocalArg => ("local", "argument"),
            PrivateVar => ("private", "variable"),
            PrivateArray => ("private", "array"),
        }
    }

    fn doc(self) -> &'static str {
        match self {
            GlobalArg => "a buffer behind a __global kernel argument",
            GlobalProgram => "a program-scope __global array",
            GlobalStatic => "a static __global array in the kernel",
            ConstantArg => "a buffer behind a __constant kernel argument",
            ConstantProgram => "a program-scope __constant array",
            ConstantKernel => "a __constant array at kernel scope",
            LocalArray => "a __local array at kernel scope",
            LocalArg => "a __local kernel argument sized by clSetKernelArg",
            PrivateVar => "a private variable",
            PrivateArray => "a private array",
        }
    }

    fn profiles(self) -> Vec<Profile> {
        match self {
            GlobalProgram | GlobalStatic => with(&c_profiles(), Feature::ProgramScopeGlobals, true),
            _ => c_profiles(),
        }
    }

    fn storage(self) -> Option<Storage> {
        match self {
            GlobalProgram => Some(Storage::Program),
            GlobalStatic => Some(Storage::StaticKernel),
            ConstantProgram => Some(Storage::ConstantProgram),
            _ => None,
        }
    }

    /// A generic pointer can point here (`__constant` is outside the generic space; a static
    /// is a program-scope global as far as the pointer goes).
    fn generic(self) -> bool {
        !matches!(
            self,
            ConstantArg | ConstantProgram | ConstantKernel | GlobalStatic
        )
    }

    /// One object of the type rather than an array of [`COUNT`].
    fn single(self) -> bool {
        self == PrivateVar
    }
}

/// Elements in every array and argument buffer: work-item `gi` checks element `gi % COUNT`, so
/// the size of the type (the stride between elements) counts as well as the first address.
const COUNT: usize = 3;
/// Work-items: two groups of four.
const ITEMS: usize = 8;
/// What the result buffers hold before the kernel runs: no remainder is this large.
const UNWRITTEN: i64 = 4096;

/// The types of one case: every width of an element type, or the two structs.
#[derive(Clone, Copy, Debug)]
enum Elem {
    Of(Scalar),
    Structs,
}

impl Elem {
    fn all() -> impl Iterator<Item = Elem> {
        Scalar::all().map(Elem::Of).chain([Elem::Structs])
    }

    fn slug(self) -> &'static str {
        match self {
            Elem::Of(s) => s.name(),
            Elem::Structs => "struct",
        }
    }

    fn types(self) -> Vec<Ty> {
        match self {
            Elem::Of(s) => std::iter::once(Ty::Scalar(s))
                .chain(WIDTHS.map(|n| Ty::Vector(s, n)))
                .collect(),
            Elem::Structs => vec![Ty::Padded, Ty::Nested],
        }
    }
}

pub fn all(out: &mut Out) {
    for n in [16, 64, 256] {
        for field in ["char", "int", "float4"] {
            attribute(out, n, field);
        }
    }
    for way in Way::ALL {
        for elem in Elem::all() {
            for member in [false, true] {
                case(out, way, false, member, elem);
            }
            if way.generic() {
                case(out, way, true, false, elem);
            }
        }
    }
}

/// One kernel: for each type of `elem`, objects of it (or of `struct { char c; T m; }`, whose
/// member `m` is then checked) in `way`, their addresses taken directly or through a generic
/// pointer.
fn case(out: &mut Out, way: Way, generic: bool, member: bool, elem: Elem) {
    let (space, how) = way.slugs();
    let mut profiles = way.profiles();
    if generic {
        profiles = with(&profiles, Feature::GenericAddressSpace, true);
    }
    let dims = vec![
        ("space", space.to_string()),
        ("way", how.to_string()),
        (
            "via",
            if generic {
                "generic-pointer"
            } else {
                "address"
            }
            .to_string(),
        ),
        ("form", if member { "member" } else { "object" }.to_string()),
        ("elem", elem.slug().to_string()),
    ];
    let types = elem.types();
    let (mut b, tag) = start(RuleId::Align, profiles, dims, &types);
    b.storage(way.storage());
    let names: Vec<String> = types.iter().map(|t| t.slug()).collect();
    b.doc(format!(
        "The address of {} of {} in {}{} is a multiple of the type's alignment.",
        if member {
            "the member m of struct { char c; T m; }"
        } else {
            "an object"
        },
        if matches!(elem, Elem::Structs) {
            "the two struct types".to_string()
        } else {
            format!("each of {}", names.join(", "))
        },
        way.doc(),
        if generic {
            ", taken through a generic pointer"
        } else {
            ""
        }
    ));
    // The object type of each slot: T itself, or the struct holding T as member m.
    let obj_ty: Vec<String> = (0..types.len())
        .map(|i| {
            if member {
                format!("struct m{i}_{tag}")
            } else {
                types[i].c_name(&tag)
            }
        })
        .collect();
    if member {
        for (i, t) in types.iter().enumerate() {
            b.line(format!(
                "struct m{i}_{tag} {{ char c; {} m; }};",
                t.c_name(&tag)
            ));
        }
    }
    // A constant initialiser of one object, element `k`.
    let literal = |t: Ty, k: usize| {
        let lit = t.literal(&tag, |c| v(k * 16 + c).to_string());
        if member {
            format!("{{{}, {lit}}}", k + 1)
        } else {
            lit
        }
    };
    let init = |t: Ty| {
        let l: Vec<String> = (0..COUNT).map(|k| literal(t, k)).collect();
        format!("{{{}}}", l.join(", "))
    };
    for (i, t) in types.iter().enumerate() {
        let o = &obj_ty[i];
        match way {
            GlobalProgram => {
                b.line(format!("global {o} g{i}_{tag}[{COUNT}];"));
            }
            ConstantProgram => {
                b.line(format!("constant {o} c{i}_{tag}[{COUNT}] = {};", init(*t)));
            }
            _ => {}
        }
    }
    let mut params: Vec<String> = (0..types.len())
        .map(|i| format!("global uint *r{i}"))
        .collect();
    params.push("uint zero".into());
    for (i, o) in obj_ty.iter().enumerate() {
        match way {
            GlobalArg => params.push(format!("global {o} *o{i}")),
            ConstantArg => params.push(format!("constant {o} *o{i}")),
            LocalArg => params.push(format!("local {o} *o{i}")),
            _ => {}
        }
    }
    b.open(format!("kernel void run_{tag}({})", params.join(", ")));
    for (i, t) in types.iter().enumerate() {
        let o = &obj_ty[i];
        match way {
            GlobalStatic => b.line(format!("static global {o} o{i}[{COUNT}];")),
            ConstantKernel => b.line(format!("constant {o} o{i}[{COUNT}] = {};", init(*t))),
            LocalArray => b.line(format!("local {o} o{i}[{COUNT}];")),
            PrivateVar => b.line(format!("{o} o{i};")),
            PrivateArray => b.line(format!("{o} o{i}[{COUNT}];")),
            _ => &mut b,
        };
    }
    b.line("int gi = (int)get_global_id(0);");
    if !way.single() {
        b.line(format!("int k = gi % {COUNT};"));
    }
    for (i, t) in types.iter().enumerate() {
        let base = match way {
            GlobalProgram => format!("g{i}_{tag}"),
            ConstantProgram => format!("c{i}_{tag}"),
            _ => format!("o{i}"),
        };
        let object = if way.single() {
            base
        } else {
            format!("{base}[k]")
        };
        let place = if member {
            format!("{object}.m")
        } else {
            object
        };
        let address = if generic {
            b.line(format!("{} *p{i} = &{place};", obj_ty[i]));
            format!("p{i}")
        } else {
            format!("&{place}")
        };
        b.line(format!(
            "r{i}[gi] = (uint)(((size_t){address} + zero) % {});",
            t.align()
        ));
    }
    b.close();
    if way == ConstantArg {
        b.run(format!(
            "requires: CL_DEVICE_MAX_CONSTANT_ARGS >= {}",
            types.len()
        ));
    }
    b.run(format!("launch: run_{tag} {ITEMS}/4"));
    for name in &names {
        b.run(format!(
            "arg: buffer uint[{ITEMS}] {} = {UNWRITTEN}",
            buffer_name(name)
        ));
    }
    b.run("arg: scalar uint 0");
    for (i, t) in types.iter().enumerate() {
        // `struct { char c; T m; }`: m sits at T's alignment, the struct is padded to it.
        let size = if member {
            t.align() + t.size()
        } else {
            t.size()
        };
        match way {
            GlobalArg | ConstantArg => {
                b.run(format!("arg: buffer uchar[{}] o{i}", COUNT * size));
            }
            LocalArg => {
                b.run(format!("arg: local {}", COUNT * size));
            }
            _ => {}
        }
    }
    for name in &names {
        b.run(format!("expect: {}[i] == 0", buffer_name(name)));
    }
    out.push(b.finish());
}

/// A result buffer's name: the type's slug as a word (`long16`, `struct_padded`).
fn buffer_name(slug: &str) -> String {
    slug.replace('-', "_")
}

/// `__attribute__((aligned(n)))` on a `field` after a char: the field lies at byte `n`, the
/// struct takes `2n` bytes (every field here is at most `n` bytes), so the field of the second
/// element of an array lies `3n` bytes from the first element, in private, `__local`,
/// program-scope `__constant` and `__global` memory; and each object sits on an `n`-byte
/// boundary where the compiler places it. Without the attribute the offsets are the field's
/// natural ones, which differ wherever `n` is above the field's own alignment (all but a
/// float4 at 16).
fn attribute(out: &mut Out, n: usize, field: &str) {
    let dims = vec![("aligned", format!("{n}")), ("field", field.to_string())];
    let (mut b, tag) = start(RuleId::AlignAttribute, c_profiles(), dims, &[]);
    b.doc(format!(
        "A {field} field declared aligned({n}) after a char: at byte {n} of its struct in every space, and each object on a {n}-byte boundary."
    ));
    b.run(format!("launch: run_{tag} 1"));
    b.run("arg: buffer uint[4] second_field_at = 4096");
    b.run("arg: buffer uint[3] remainder = 4096");
    b.run("arg: buffer int[1] unused = 0");
    b.run("arg: scalar uint 0");
    b.run(format!("expect: second_field_at[i] == {}", 3 * n));
    b.run("expect: remainder[i] == 0");
    b.line(format!(
        "struct padded_{tag} {{ char c; {field} x __attribute__((aligned({n}))); }};"
    ));
    b.line(format!(
        "__constant struct padded_{tag} constant_pair_{tag}[2] = {{ {{ 1 }}, {{ 2 }} }};"
    ));
    b.line("// zero is 0, an argument, so the compiler cannot fold a remainder away.");
    b.open(format!(
        "kernel void run_{tag}(global uint *second_field_at, global uint *remainder, global struct padded_{tag} *unused, uint zero)"
    ));
    b.line(format!("struct padded_{tag} private_pair[2];"));
    b.line(format!("local struct padded_{tag} local_pair[2];"));
    b.line("private_pair[0].c = 0;");
    for (i, obj) in [
        "private_pair".to_string(),
        "local_pair".to_string(),
        format!("constant_pair_{tag}"),
        "unused".to_string(),
    ]
    .iter()
    .enumerate()
    {
        b.line(format!(
            "second_field_at[{i}] = (uint)((size_t)&{obj}[1].x - (size_t)&{obj}[0]);"
        ));
        if i < 3 {
            b.line(format!(
                "remainder[{i}] = (uint)(((size_t)&{obj}[0] + zero) % {n});"
            ));
        }
    }
    b.close();
    out.push(b.finish());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_vectors_and_structs_have_the_alignment_the_spec_gives() {
        assert_eq!(Ty::Vector(Scalar::Long, 3).align(), 32);
        assert_eq!(Ty::Vector(Scalar::Half, 3).align(), 8);
        assert_eq!(Ty::Vector(Scalar::Char, 16).align(), 16);
        assert_eq!(Ty::Padded.align(), 4);
        assert_eq!(Ty::Nested.align(), 16);
    }

    #[test]
    fn every_way_and_type_has_a_case_with_one_buffer_per_type() {
        let cases: Vec<_> = crate::exhaustive()
            .into_iter()
            .filter(|c| c.rule == RuleId::Align)
            .collect();
        // 10 ways × 12 element groups × 2 forms, and 6 ways through a generic pointer.
        assert_eq!(cases.len(), 10 * 12 * 2 + 6 * 12);
        let c = cases
            .iter()
            .find(|c| c.name == "as-align/constant-argument-address-object-long")
            .expect("the __constant long argument case");
        let text = c.render();
        assert!(text.contains("constant long16 *o5"), "{text}");
        assert!(text.contains("% 128)"), "{text}");
        assert!(text.contains("expect: long3[i] == 0"), "{text}");
        assert!(text.contains("arg: buffer uchar[96] o3"), "{text}");
    }
}
