//! Run-time cases: kernels that run, with the buffer contents they must leave computed when the
//! case is built (never taken from a driver), in the suite's `//@ kind: run` format.
//!
//! - [`places`]: where a value lives × how the kernel reaches it × element type × launch shape;
//! - [`generic`]: `to_global`/`to_local`/`to_private` and `get_fence` on pointers into every
//!   space, reached in every way, and comparisons and round trips of generic pointers;
//! - [`progscope`]: initial values, persistence across launches and kernels, pointer-valued
//!   globals, statics in helpers;
//! - [`limits`]: `__local` isolation, dynamic `__local` arguments of every size and alignment,
//!   `CL_KERNEL_LOCAL_MEM_SIZE`, the constant limits and the other queries;
//! - [`align`]: the alignment of objects of every type in every space, however they got there;
//! - [`cxx`]: C++ for OpenCL: the run-time cells of the initialisation table, implicit storage,
//!   generic pointers and references, space-qualified member functions, templates over spaces.
//!
//! Every name a case declares at file scope (kernels, helpers, structs, program-scope variables)
//! ends in the case's [`tag`], so that many cases can be built as one program.

mod align;
mod cxx;
mod generic;
mod limits;
mod places;
mod progscope;
pub mod types;

use crate::case::Builder;
use crate::enumerate::Out;
use checker::spec::{Profile, RuleId};
use types::{Scalar, Ty};

/// Every run-time case, in a fixed order.
pub fn all(out: &mut Out) {
    places::all(out);
    generic::all(out);
    progscope::all(out);
    limits::all(out);
    align::all(out);
    cxx::all(out);
}

/// The value the generator stores in lane `k` of an object: small, never zero, exact in every
/// element type (`half` and `char` included), and different for neighbouring lanes.
pub fn v(k: usize) -> i64 {
    ((k * 5 + 3) % 61 + 1) as i64
}

/// [`v`] as OpenCL C, of the `int` expression `k`.
pub fn v_expr(k: &str) -> String {
    format!("((({k}) * 5 + 3) % 61 + 1)")
}

/// A launch shape: the `launch:` sizes, the number of work-items and the work-group size.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub slug: &'static str,
    pub range: &'static str,
    pub items: usize,
    pub group: usize,
}

pub const SHAPES: [Shape; 3] = [
    Shape {
        slug: "1d",
        range: "8/4",
        items: 8,
        group: 4,
    },
    Shape {
        slug: "2d",
        range: "4x4/2x2",
        items: 16,
        group: 4,
    },
    Shape {
        slug: "3d",
        range: "2x2x4/2x2x2",
        items: 16,
        group: 8,
    },
];

/// Each work-item's group size `L`, local index `lid`, group index `grp` and `gi = grp * L +
/// lid`, linearised the same way in every dimension count (so `gi` numbers the work-items of
/// one group contiguously).
pub const IDS: [&str; 4] = [
    "int L = (int)(get_local_size(0) * get_local_size(1) * get_local_size(2));",
    "int lid = (int)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));",
    "int grp = (int)(get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2)));",
    "int gi = grp * L + lid;",
];

/// The suffix of a case's file-scope names: FNV-1a of its name, 8 hex digits.
pub fn tag(name: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in name.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

/// A run-time case for `rule` in `profiles`, named from `dims`, with the pragma and the
/// `requires:` line the types in `uses` need. Returns the builder and the case's tag.
pub fn start(
    rule: RuleId,
    profiles: Vec<Profile>,
    dims: Vec<(&'static str, String)>,
    uses: &[Ty],
) -> (Builder, String) {
    let mut b = Builder::new(rule, profiles, dims);
    let tag = tag(b.name());
    let mut exts: Vec<&str> = uses.iter().filter_map(|t| t.extension()).collect();
    exts.dedup();
    for e in exts {
        b.run(format!("requires: {e}"));
        b.line(format!("#pragma OPENCL EXTENSION {e} : enable"));
    }
    for t in uses {
        if let Some(d) = t.definition(&tag) {
            b.line(d);
        }
    }
    (b, tag)
}

/// `arg: buffer T[len] out`, the buffer every kernel writes its results to.
pub fn out_arg(elem: Scalar, len: usize) -> String {
    format!("arg: buffer {}[{len}] out", elem.name())
}

/// `expect: NAME == {…}`.
pub fn expect_list(name: &str, values: &[i64]) -> String {
    let v: Vec<String> = values.iter().map(i64::to_string).collect();
    format!("expect: {name} == {{{}}}", v.join(", "))
}

/// Lines declaring `var` of type `ty` whose lane `c` is `v((base) * lanes + c)`, `base` an
/// `int` expression.
pub fn make_value(ty: Ty, tag: &str, var: &str, base: &str) -> Vec<String> {
    let lanes = ty.lanes();
    let n = lanes.len();
    let mut out = vec![format!("{} {var};", ty.c_name(tag))];
    for (c, (member, s, _)) in lanes.iter().enumerate() {
        out.push(format!(
            "{var}{member} = ({}){};",
            s.name(),
            v_expr(&format!("({base}) * {n} + {c}"))
        ));
    }
    out
}

/// Lines writing the lanes of `var` to `out[(slot) * lanes + c]`, converted to the out type.
pub fn write_out(ty: Ty, var: &str, slot: &str) -> Vec<String> {
    let lanes = ty.lanes();
    let n = lanes.len();
    let cast = if ty.is_struct() { "(int)" } else { "" };
    lanes
        .iter()
        .enumerate()
        .map(|(c, (member, _, _))| format!("out[({slot}) * {n} + {c}] = {cast}{var}{member};"))
        .collect()
}

/// The out buffer's expected contents when slot `t` holds the value element `src(t)` was
/// made with, for `items` slots.
pub fn expected(ty: Ty, items: usize, src: impl Fn(usize) -> usize) -> Vec<i64> {
    let n = ty.lanes().len();
    (0..items * n).map(|j| v(src(j / n) * n + j % n)).collect()
}
