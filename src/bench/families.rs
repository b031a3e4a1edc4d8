//! Every benchmark, as data: a family is one row of [`FAMILIES`] (its program, what it reads,
//! how its result is checked, what it measures) and its variants are rows under it (kernel,
//! arguments, launch shape). The runner is one loop over this table; a new variant is a new
//! row here and nothing else.
//!
//! Ids are `prefix/label` (`global/read/v4-u2`) and are part of the `results.json` contract:
//! saved reports are compared by id, so a row's label never changes meaning.

use super::kernels;
use super::model::{Metric, Space};

/// One benchmark family: the variants of one measurement on one space.
#[derive(Debug)]
pub struct Family {
    /// The ids' first two parts: every variant's id is `prefix/label`.
    pub prefix: &'static str,
    pub space: Space,
    /// The OpenCL C source (after `kernels::COMMON`).
    pub source: &'static str,
    pub std: Std,
    /// What the family's kernels read, made once for all its variants.
    pub input: Input,
    /// How many work-items, unless a variant says otherwise.
    pub grid: Grid,
    /// How the host knows the result is right; the only way to a figure.
    pub check: Check,
    pub metric: Metric,
    pub variants: Variants,
}

/// How a family's program is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Std {
    /// No option: OpenCL C 1.2 kernels, which every device builds.
    Default,
    /// `-cl-std=CL2.0`, or `CL3.0` with the generic address space; skipped, saying why, on a
    /// device with neither.
    Generic,
}

/// What a family's kernels read (`Arg::Input`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// The device's global buffer size of `pattern(i)` uints, in this many copies, rotated
    /// between launches so that a repetition does not start from a warm cache.
    Pattern(Copies),
    /// Nothing: the kernels write (their outputs rotate as `Copies::All`).
    Nothing,
    /// The 4 KiB float table (1024 small integers).
    Table,
    /// The table twice in a row (8 KiB): reads at any offset below 4 KiB stay in bounds.
    TableTwice,
    /// A CL_RGBA / CL_UNSIGNED_INT32 image of the pattern, as large as the global buffer
    /// (1 GiB at most); skipped on a device without images.
    Image,
    /// Whole tiles of the pattern, 4 uint4s a work-item of a work-group that fits in half the
    /// local memory (`Arg::Local` is one tile).
    Tiles,
    /// A random cyclic pointer chain over each working set (one per variant).
    Chain,
}

/// How many copies of the input rotate between launches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copies {
    One,
    /// `Sizes::rotation` copies.
    All,
    /// Half as many: each copy is a pair of buffers (source and destination).
    Half,
}

/// How many work-items a launch has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grid {
    /// Grid-stride over `Arg::Count`: `Sizes::work_items` × n / 16, at most one a unit.
    Sixteenths(usize),
    /// One work-item per 16 units of `Arg::Count` (clpeak's shape: no loop to speak of).
    PerSixteen,
    /// `Sizes::work_items`; `--quick` keeps two work-groups per compute unit (a CPU driver's
    /// barriers and local memory can be slow).
    Full,
    /// Whole work-groups of the tile size, at most one per tile.
    Tiles,
    /// One work-group of at most this many work-items (the chase: one of them walks).
    Single(usize),
}

/// How the host checks a kernel's result, and so what its figure means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Check {
    /// Each work-item writes the wrapping sum of the uints it read: together, the input's sum.
    /// Bandwidth: the input's bytes.
    Sum,
    /// Every element of the output is `written(i, seed)`. Bandwidth: the bytes written.
    Written,
    /// The output equals the input, element by element. Bandwidth: bytes read plus written.
    Copied,
    /// Every work-item's float sum is `reps` × its share of the table, `reps` being calibrated
    /// to the target launch time. Bandwidth: `bytes` per work-item and rep.
    Reps { share: Share, bytes: u64 },
    /// The walk's final slot and the sum of the slots it visited, replayed on the host for
    /// every launch. Latency: (t(2S) − t(S)) / S.
    Chase,
}

/// What one work-item of a `Check::Reps` kernel sums in one rep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// The whole table (1024 entries).
    Table,
    /// The 16 entries from its global id on (a private array of 16 floats).
    Sixteen,
}

/// A family's variants: written out, or one per working set of a latency curve.
#[derive(Debug)]
pub enum Variants {
    Rows(&'static [Variant]),
    /// The one kernel, over working sets doubling (quadrupling with `--quick`) from 1 KiB up to
    /// a bound that depends on the space and the device; labels are the sizes (`16KiB`).
    WorkingSets(Variant),
}

/// One benchmark: a kernel of the family's program and the arguments it is given, in order.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    pub label: &'static str,
    pub kernel: &'static str,
    pub args: &'static [Arg],
    /// Elements per access: `Arg::Count` is the input's units divided by it.
    pub width: usize,
    /// Overrides the family's grid.
    pub grid: Option<Grid>,
    /// One line: what the kernel does (shown in every report).
    pub what: &'static str,
    /// Made wrong on purpose: run only with `--include-broken`, and must be reported wrong.
    pub broken: bool,
}

/// A kernel argument, resolved by the runner for each launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// The family's input (one of its rotating copies).
    Input,
    /// The output buffer (rotating with the input for writes and copies).
    Output,
    /// What the kernel's loop runs to: input units / width, pixels, tiles or chain words.
    Count,
    /// The value `write_*` kernels store from (`written(i, seed)`).
    Seed,
    /// The calibrated repetitions of a `Check::Reps` kernel.
    Reps,
    /// A constant: a stride, or the generic kernels' run-time selector.
    Uint(u32),
    /// log2 of the image's width.
    Shift,
    /// The slot a chase starts from, and its loop count (loads / 16).
    Start,
    Outer,
    /// A local buffer: one tile, or the whole chain.
    Local,
}

const fn v(
    label: &'static str,
    kernel: &'static str,
    args: &'static [Arg],
    what: &'static str,
) -> Variant {
    Variant {
        label,
        kernel,
        args,
        width: 1,
        grid: None,
        what,
        broken: false,
    }
}

impl Variant {
    const fn width(self, width: usize) -> Variant {
        Variant { width, ..self }
    }
    const fn grid(self, grid: Grid) -> Variant {
        Variant {
            grid: Some(grid),
            ..self
        }
    }
    const fn broken(self) -> Variant {
        Variant {
            broken: true,
            ..self
        }
    }
}

use Arg::*;

const READ: &[Arg] = &[Input, Output, Count];
const WRITE: &[Arg] = &[Output, Count, Seed];
const COPY: &[Arg] = &[Input, Output, Count];
const REPS: &[Arg] = &[Input, Output, Reps];
const STRIDE_1: &[Arg] = &[Input, Output, Reps, Uint(1)];
const STRIDE_2: &[Arg] = &[Input, Output, Reps, Uint(2)];
const STRIDE_8: &[Arg] = &[Input, Output, Reps, Uint(8)];
const STRIDE_32: &[Arg] = &[Input, Output, Reps, Uint(32)];
const STRIDE_33: &[Arg] = &[Input, Output, Reps, Uint(33)];
/// The generic kernels' last argument is 1, which the compiler cannot know.
const SEL_READ: &[Arg] = &[Input, Output, Count, Uint(1)];
const SEL_REPS: &[Arg] = &[Input, Output, Reps, Uint(1)];
const CHASE: &[Arg] = &[Input, Output, Start, Outer];

// The table is laid out wide on purpose: one line a row reads as a table.
#[rustfmt::skip]
pub const FAMILIES: &[Family] = &[
    Family { prefix: "global/read", space: Space::Global, source: kernels::GLOBAL, std: Std::Default,
        input: Input::Pattern(Copies::All), grid: Grid::Sixteenths(16), check: Check::Sum, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("v1-u1", "read_v1_u1", READ, "coalesced grid-stride read, 1 uints a load, 1 loads in flight"),
            v("v2-u1", "read_v2_u1", READ, "coalesced grid-stride read, 2 uints a load, 1 loads in flight").width(2),
            v("v4-u1", "read_v4_u1", READ, "coalesced grid-stride read, 4 uints a load, 1 loads in flight").width(4),
            v("v4-u2", "read_v4_u2", READ, "coalesced grid-stride read, 4 uints a load, 2 loads in flight").width(4),
            v("v4-u4", "read_v4_u4", READ, "coalesced grid-stride read, 4 uints a load, 4 loads in flight").width(4),
            v("v8-u1", "read_v8_u1", READ, "coalesced grid-stride read, 8 uints a load, 1 loads in flight").width(8),
            v("v8-u2", "read_v8_u2", READ, "coalesced grid-stride read, 8 uints a load, 2 loads in flight").width(8),
            v("v16-u1", "read_v16_u1", READ, "coalesced grid-stride read, 16 uints a load, 1 loads in flight").width(16),
            v("v4-u1-x4", "read_v4_u1", READ, "as v4-u1 with 4× the work-items").width(4).grid(Grid::Sixteenths(64)),
            v("v4-u2-quarter", "read_v4_u2", READ, "as v4-u2 with ¼ of the work-items").width(4).grid(Grid::Sixteenths(4)),
            v("v4-u4-16each", "read_v4_u4", READ, "uint4, 4 loads in flight, one work-item per 16 uint4s (clpeak's shape)").width(4).grid(Grid::PerSixteen),
            v("v16-u1-16each", "read_v16_u1", READ, "uint16, one work-item per 16 uint16s (clpeak's float16 shape)").width(16).grid(Grid::PerSixteen),
            v("strided", "read_strided_v1", READ, "uint reads 33 elements apart (a permutation): uncoalesced"),
            v("blocked-v4", "read_blocked_v4", READ, "each work-item reads its own contiguous chunk of uint4s").width(4),
            v("broken", "read_broken_v4", READ, "TEST ONLY: skips element 5 of every 1024; must be reported wrong").width(4).broken(),
        ]) },
    Family { prefix: "global/write", space: Space::Global, source: kernels::GLOBAL, std: Std::Default,
        input: Input::Nothing, grid: Grid::Sixteenths(16), check: Check::Written, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("v1", "write_v1", WRITE, "coalesced grid-stride write, 1 uints a store"),
            v("v4", "write_v4", WRITE, "coalesced grid-stride write, 4 uints a store").width(4),
            v("v16", "write_v16", WRITE, "coalesced grid-stride write, 16 uints a store").width(16),
        ]) },
    Family { prefix: "global/copy", space: Space::Global, source: kernels::GLOBAL, std: Std::Default,
        input: Input::Pattern(Copies::Half), grid: Grid::Sixteenths(16), check: Check::Copied, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("v1", "copy_v1", COPY, "coalesced grid-stride copy, 1 uint at a time"),
            v("v4", "copy_v4", COPY, "coalesced grid-stride copy, uint4").width(4),
            v("v16", "copy_v16", COPY, "coalesced grid-stride copy, uint16").width(16),
            v("strided", "copy_strided_v1", COPY, "uint copy 33 elements apart: uncoalesced"),
        ]) },
    Family { prefix: "image/read", space: Space::Image, source: kernels::IMAGE, std: Std::Default,
        input: Input::Image, grid: Grid::Sixteenths(16), check: Check::Sum, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("rgba-u32", "image_read", &[Input, Output, Shift, Count], "read_imageui of an RGBA/UNSIGNED_INT32 image, grid-stride, row by row"),
        ]) },
    Family { prefix: "local/read", space: Space::Local, source: kernels::LOCAL, std: Std::Default,
        input: Input::Table, grid: Grid::Full, check: Check::Reps { share: Share::Table, bytes: 4096 }, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("v4-stride1", "local_v4", STRIDE_1, "float4 reads, consecutive work-items on consecutive float4s: conflict-free"),
            v("v4-stride2", "local_v4", STRIDE_2, "float4 reads two float4s apart: 2-way bank conflicts"),
            v("v4-stride8", "local_v4", STRIDE_8, "float4 reads 128 bytes apart: 8-way bank conflicts"),
            v("v1-stride1", "local_v1", STRIDE_1, "float reads, consecutive: conflict-free"),
            v("v1-stride32", "local_v1", STRIDE_32, "float reads 32 words apart: every work-item on one bank"),
            v("v1-stride33", "local_v1", STRIDE_33, "float reads 33 words apart: conflict-free again"),
        ]) },
    Family { prefix: "local/from-global", space: Space::Local, source: kernels::LOCAL, std: Std::Default,
        input: Input::Tiles, grid: Grid::Tiles, check: Check::Sum, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("async", "to_local_async", &[Input, Output, Count, Local], "async_work_group_copy of each tile, then sum from local"),
            v("loop", "to_local_loop", &[Input, Output, Count, Local], "hand-written copy loop of each tile, then sum from local"),
        ]) },
    Family { prefix: "constant/read", space: Space::Constant, source: kernels::CONSTANT, std: Std::Default,
        input: Input::TableTwice, grid: Grid::Full, check: Check::Reps { share: Share::Table, bytes: 4096 }, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("broadcast", "const_broadcast", REPS, "every work-item reads the same float4 at the same time"),
            v("divergent", "const_divergent", STRIDE_1, "each work-item reads its own float4 (consecutive)"),
            v("divergent-stride8", "const_divergent", STRIDE_8, "each work-item reads its own float4, 128 bytes apart"),
        ]) },
    Family { prefix: "private/read", space: Space::Private, source: kernels::PRIVATE, std: Std::Default,
        input: Input::Table, grid: Grid::Full, check: Check::Reps { share: Share::Sixteen, bytes: 64 }, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("registers", "private_regs", REPS, "float[16], every index a constant: kept in registers"),
            v("dynamic", "private_dynamic", REPS, "float[16] indexed by a run-time value: spills to memory"),
        ]) },
    Family { prefix: "generic/global", space: Space::Generic, source: kernels::GENERIC, std: Std::Generic,
        input: Input::Pattern(Copies::One), grid: Grid::Sixteenths(16), check: Check::Sum, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("named", "g_read_named", SEL_READ, "uint4 grid-stride read through a global pointer").width(4),
            v("generic", "g_read_generic", SEL_READ, "the same read through a generic pointer chosen at run time").width(4),
            v("to_global", "g_read_to_global", SEL_READ, "the generic read with to_global() on every access").width(4),
        ]) },
    Family { prefix: "generic/local", space: Space::Generic, source: kernels::GENERIC, std: Std::Generic,
        input: Input::Table, grid: Grid::Full, check: Check::Reps { share: Share::Table, bytes: 4096 }, metric: Metric::Bandwidth,
        variants: Variants::Rows(&[
            v("named", "g_local_named", SEL_REPS, "float4 local tile reads through a local pointer"),
            v("generic", "g_local_generic", SEL_REPS, "the same reads through a generic pointer chosen at run time"),
            v("to_local", "g_local_to_local", SEL_REPS, "the generic reads with to_local() once a pass"),
        ]) },
    Family { prefix: "global/latency", space: Space::Global, source: kernels::CHASE, std: Std::Default,
        input: Input::Chain, grid: Grid::Single(1), check: Check::Chase, metric: Metric::Latency,
        variants: Variants::WorkingSets(v("", "chase_global", CHASE, "")) },
    Family { prefix: "local/latency", space: Space::Local, source: kernels::CHASE, std: Std::Default,
        input: Input::Chain, grid: Grid::Single(64), check: Check::Chase, metric: Metric::Latency,
        variants: Variants::WorkingSets(v("", "chase_local", &[Input, Output, Start, Outer, Count, Local], "")) },
    Family { prefix: "constant/latency", space: Space::Constant, source: kernels::CHASE, std: Std::Default,
        input: Input::Chain, grid: Grid::Single(1), check: Check::Chase, metric: Metric::Latency,
        variants: Variants::WorkingSets(v("", "chase_constant", CHASE, "")) },
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn rows(f: &Family) -> Vec<Variant> {
        match &f.variants {
            Variants::Rows(r) => r.to_vec(),
            Variants::WorkingSets(v) => vec![*v],
        }
    }

    /// The kernels a source defines: `kernel void NAME(` lines, and those its macros
    /// `READ(W, T, U)`, `WRITE(W, T)` and `COPY(W, T)` stamp out.
    fn kernels_in(src: &str) -> Vec<String> {
        src.lines()
            .filter_map(|l| {
                if let Some(rest) = l.trim_start().strip_prefix("kernel void ") {
                    return rest.split('(').next().map(str::to_string);
                }
                let (mac, args) = l.strip_suffix(')')?.split_once('(')?;
                match (mac, args.split(", ").collect::<Vec<_>>().as_slice()) {
                    ("READ", [w, _, u]) => Some(format!("read_v{w}_u{u}")),
                    ("WRITE", [w, _]) => Some(format!("write_v{w}")),
                    ("COPY", [w, _]) => Some(format!("copy_v{w}")),
                    _ => None,
                }
            })
            .collect()
    }

    #[test]
    fn ids_are_unique_and_every_kernel_is_in_its_source() {
        let mut ids = HashSet::new();
        for f in FAMILIES {
            let defined = kernels_in(f.source);
            for v in rows(f) {
                let id = format!("{}/{}", f.prefix, v.label);
                assert!(ids.insert(id.clone()), "{id} twice");
                assert!(
                    defined.iter().any(|k| k == v.kernel),
                    "{id}: no kernel {} in {defined:?}",
                    v.kernel
                );
            }
        }
    }

    #[test]
    fn the_check_decides_the_metric_and_the_input() {
        for f in FAMILIES {
            assert_eq!(
                f.check == Check::Chase,
                f.metric == Metric::Latency,
                "{}",
                f.prefix
            );
            assert_eq!(
                f.check == Check::Chase,
                f.input == Input::Chain,
                "{}",
                f.prefix
            );
            assert_eq!(
                f.check == Check::Chase,
                matches!(f.variants, Variants::WorkingSets(_)),
                "{}",
                f.prefix
            );
            assert_eq!(
                f.check == Check::Written,
                f.input == Input::Nothing,
                "{}",
                f.prefix
            );
            assert!(f.prefix.starts_with(f.space.name()), "{}", f.prefix);
            let reps = matches!(f.check, Check::Reps { .. });
            for v in rows(f) {
                assert_eq!(
                    reps,
                    v.args.contains(&Arg::Reps),
                    "{}/{}",
                    f.prefix,
                    v.label
                );
                assert_eq!(
                    f.input != Input::Nothing,
                    v.args.contains(&Arg::Input),
                    "{}/{}",
                    f.prefix,
                    v.label
                );
                assert!(v.args.contains(&Arg::Output), "{}/{}", f.prefix, v.label);
            }
        }
    }

    /// Saved reports compare with new runs by id: every id in `reports/bench/*/results.json`
    /// is a row of the table (or a working set of a latency family).
    #[test]
    fn every_saved_report_id_is_a_row() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/bench");
        let mut seen = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path().join("results.json");
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let run: crate::bench::model::BenchRun = serde_json::from_str(&text).unwrap();
            for r in run.devices.iter().flat_map(|d| &d.results) {
                let (prefix, label) = r.id.rsplit_once('/').unwrap();
                let f = FAMILIES.iter().find(|f| f.prefix == prefix);
                let known = f.is_some_and(|f| match &f.variants {
                    Variants::Rows(rows) => rows.iter().any(|v| v.label == label),
                    Variants::WorkingSets(_) => label.ends_with("iB"),
                });
                assert!(known, "{}: {} is no row of the table", path.display(), r.id);
                seen += 1;
            }
        }
        assert!(seen > 0, "no saved report under {}", dir.display());
    }
}
