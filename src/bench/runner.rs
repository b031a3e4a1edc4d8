//! The benchmarks' runner: one loop over the table in [`super::families`], the only part of
//! `clasp bench` that calls OpenCL. It runs inside the bench worker process (`clasp bench
//! --worker P:D`), one device per process.
//!
//! For each family: build its program, make its input once, then for each variant resolve the
//! row's arguments, launch and check through the family's [`Check`]. Nothing here knows a
//! family by name: what differs between families is data in the table.

use super::device::{cl, fmt_bytes, pattern_vec, wrapping_sum, Bench, Res, GIB};
use super::families::{
    Arg, Check, Copies, Family, Grid, Input, Share, Std, Variant, Variants, FAMILIES,
};
use super::model::*;
use super::{latency, small, written};
use opencl3::event::Event;
use opencl3::kernel::Kernel;
use opencl3::memory::{
    Buffer, ClMem, Image, CL_MEM_COPY_HOST_PTR, CL_MEM_OBJECT_IMAGE2D, CL_MEM_READ_ONLY, CL_RGBA,
    CL_UNSIGNED_INT32,
};
use opencl3::program::Program;
use opencl3::types::{cl_image_desc, cl_image_format, cl_mem, cl_uint};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::Cell;
use std::ffi::c_void;
use std::ptr;

/// What the parent asks the worker to do (passed as JSON on the command line).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Config {
    pub quick: bool,
    /// Only benchmarks whose id contains one of these (empty: all).
    pub only: Vec<String>,
    /// Add the deliberately wrong `global/read/broken` kernel (tests).
    pub include_broken: bool,
    pub peak_gbps: Option<f64>,
    pub repetitions: Option<usize>,
    pub max_bytes: Option<u64>,
    pub slug: String,
    pub id: String,
}

/// Runs every benchmark on one device. `emit` receives progress lines.
pub fn run(
    platform_index: u32,
    device_index: u32,
    cfg: &Config,
    emit: &mut dyn FnMut(WorkerLine),
) -> Result<DeviceBench, String> {
    let mut b = Bench::open(platform_index, device_index, cfg)?;
    let plan: Vec<(&Family, Vec<Row>)> = FAMILIES
        .iter()
        .map(|f| (f, rows(&b, f)))
        .filter(|(_, rows)| !rows.is_empty())
        .collect();
    let total = plan.iter().map(|(_, rows)| rows.len()).sum();
    let mut done = 0;
    for (family, rows) in &plan {
        let mut progress = |name: &str| {
            emit(WorkerLine::Progress {
                done,
                total,
                name: name.to_string(),
            });
            done += 1;
        };
        if let Err(e) = run_family(&mut b, family, rows, &mut progress) {
            b.error = Some(e);
            break;
        }
    }
    Ok(b.finish())
}

/// One benchmark to run: a variant, with its id and, on a latency curve, its working set.
pub(super) struct Row {
    pub id: String,
    pub variant: Variant,
    pub what: String,
    pub working_set: Option<u64>,
}

/// Whether a benchmark id matches one of the `--only` filters (parts of an id).
fn wanted(only: &[String], id: &str) -> bool {
    only.is_empty() || only.iter().any(|o| id.contains(o.as_str()))
}

/// A family's rows on this device, as `--only` and `--include-broken` select them.
fn rows(b: &Bench, f: &Family) -> Vec<Row> {
    let all: Vec<Row> = match &f.variants {
        Variants::Rows(vs) => vs
            .iter()
            .filter(|v| !v.broken || b.cfg.include_broken)
            .map(|v| Row {
                id: format!("{}/{}", f.prefix, v.label),
                variant: *v,
                what: v.what.to_string(),
                working_set: None,
            })
            .collect(),
        Variants::WorkingSets(v) => latency::working_sets(b, f.space)
            .into_iter()
            .map(|ws| Row {
                id: format!("{}/{}", f.prefix, latency::label(ws)),
                variant: *v,
                what: format!(
                    "one work-item follows a random cycle over {}",
                    fmt_bytes(ws)
                ),
                working_set: Some(ws),
            })
            .collect(),
    };
    all.into_iter()
        .filter(|r| wanted(&b.cfg.only, &r.id))
        .collect()
}

/// Runs one family's rows. A family the device cannot run records every row with the reason;
/// an `Err` (a buffer the driver would not allocate) stops the device's run.
fn run_family(b: &mut Bench, f: &Family, rows: &[Row], progress: &mut dyn FnMut(&str)) -> Res<()> {
    let options = match (f.std, &b.meta.generic) {
        (Std::Default, _) => Ok(String::new()),
        (Std::Generic, Ok(o)) => Ok(o.clone()),
        (Std::Generic, Err(why)) => Err(Status::Skipped { why: why.clone() }),
    };
    let program =
        options.and_then(|o| b.program(f.source, &o).map_err(|why| Status::Error { why }));
    let ready = match program {
        Ok(program) => match prepare(b, f).map_err(|e| format!("{}: {e}", f.prefix))? {
            Ok(input) => Ok((program, input)),
            Err(status) => Err(status),
        },
        Err(status) => Err(status),
    };
    for row in rows {
        progress(&row.id);
        let measured = match &ready {
            Err(status) => Err(status.clone()),
            Ok((program, input)) => match kernel(b, program, &row.variant) {
                Err(why) => Err(Status::Error { why }),
                Ok(k) => match f.check {
                    Check::Chase => latency::measure(b, f, &k, row),
                    Check::Reps { share, bytes } => {
                        measure_reps(b, f, &k, row, input, share, bytes)
                    }
                    Check::Sum | Check::Written | Check::Copied => {
                        measure_stream(b, f, &k, row, input)
                    }
                }
                .map(Ok)
                .map_err(|e| format!("{}: {e}", row.id))?,
            },
        };
        let mut r = measured.unwrap_or_else(|status| {
            let mut r = b.skeleton(&row.id, f.space, &row.what, 0, 0, 0);
            r.status = status;
            r
        });
        r.metric = f.metric;
        b.results.push(r);
    }
    Ok(())
}

/// A variant's kernel, once its argument count is the table's.
fn kernel(b: &Bench, program: &Program, v: &Variant) -> Res<Kernel> {
    let k = b.kernel(program, v.kernel)?;
    let takes = cl(k.num_args(), "CL_KERNEL_NUM_ARGS")? as usize;
    match v.args.len() {
        n if n == takes => Ok(k),
        n => Err(format!(
            "the table gives {n} arguments, {} takes {takes}",
            v.kernel
        )),
    }
}

/// A family's input on the device, and what the host knows of it.
#[derive(Default)]
struct Prepared {
    /// The input's copies, rotating between launches.
    inputs: Vec<Mem>,
    /// Outputs that rotate with them (writes and copies).
    outputs: Vec<Buffer<u32>>,
    /// The input's units (uints, pixels or tiles): `Arg::Count` is this over the width.
    units: usize,
    /// Bytes one launch reads, or writes.
    bytes: u64,
    /// The input's wrapping sum, and how a check names the input (`8 MiB`, `8192×64 pixels`).
    sum: u32,
    of: String,
    /// What a copy must reproduce.
    data: Vec<u32>,
    /// The float table (`Check::Reps`).
    table: Vec<f32>,
    /// The work-group size where the input decides it (tiles), and `Arg::Local`'s bytes.
    local: Option<usize>,
    local_bytes: usize,
    shift: u32,
}

enum Mem {
    U32(Buffer<u32>),
    F32(Buffer<f32>),
    Image(Image),
}

impl Mem {
    fn raw(&self) -> cl_mem {
        match self {
            Mem::U32(b) => b.get(),
            Mem::F32(b) => b.get(),
            Mem::Image(i) => i.get(),
        }
    }
}

/// The 4 KiB float table the local, constant, private and generic kernels read (1024 small
/// integers, 4096 entries), and the sum of its first 1024.
fn float_table() -> (Vec<f32>, f32) {
    let t: Vec<f32> = (0..4096u32).map(small).collect();
    let s = t[..1024].iter().sum();
    (t, s)
}

/// Makes a family's input: `Ok(Err(status))` when the device cannot run the family.
fn prepare(b: &Bench, f: &Family) -> Res<Result<Prepared, Status>> {
    let n = (b.sizes.global_bytes / 4) as usize;
    let mut p = Prepared {
        units: n,
        bytes: n as u64 * 4,
        of: fmt_bytes(n as u64 * 4),
        ..Default::default()
    };
    match f.input {
        Input::Pattern(copies) => {
            let data = pattern_vec(n);
            p.sum = wrapping_sum(&data);
            let k = match copies {
                Copies::One => 1,
                Copies::All => b.sizes.rotation,
                Copies::Half => b.sizes.rotation.div_ceil(2).max(1),
            };
            for _ in 0..k {
                p.inputs.push(Mem::U32(b.buffer_from(&data)?));
            }
            if f.check == Check::Copied {
                p.outputs = (0..k).map(|_| b.buffer::<u32>(n)).collect::<Res<_>>()?;
                p.data = data;
            }
        }
        Input::Nothing => {
            p.outputs = (0..b.sizes.rotation)
                .map(|_| b.buffer::<u32>(n))
                .collect::<Res<_>>()?;
        }
        Input::Table | Input::TableTwice => {
            let (table, _) = float_table();
            let buf = if f.input == Input::Table {
                b.buffer_from(&table)?
            } else {
                b.buffer_from(&[&table[..1024], &table[..1024]].concat())?
            };
            p.inputs.push(Mem::F32(buf));
            p.table = table;
        }
        Input::Image => return image(b, p),
        Input::Tiles => {
            // Tiles of 4 uint4s a work-item; shrink the work-group if local memory is small.
            let mut l = b.sizes.local_size;
            while l > 1 && (l * 64) as u64 > b.meta.local_mem_bytes / 2 {
                l /= 2;
            }
            let tile_n = l * 4;
            let ntiles = (b.sizes.global_bytes / 16) as usize / tile_n;
            if ntiles == 0 {
                return Ok(Err(Status::Skipped {
                    why: "buffer smaller than one tile".into(),
                }));
            }
            let data = pattern_vec(ntiles * tile_n * 4);
            p.sum = wrapping_sum(&data);
            p.inputs.push(Mem::U32(b.buffer_from(&data)?));
            p.units = ntiles;
            p.bytes = (ntiles * tile_n * 16) as u64;
            p.of = fmt_bytes(p.bytes);
            p.local = Some(l);
            p.local_bytes = tile_n * 16;
        }
        // One chain per working set, made by the latency benchmark itself.
        Input::Chain => {}
    }
    Ok(Ok(p))
}

/// A 2-D RGBA/UINT32 image of the pattern: rows as wide as the device allows (a power of
/// two, at most 8192 pixels) and as many as the global buffer size gives.
fn image(b: &Bench, mut p: Prepared) -> Res<Result<Prepared, Status>> {
    let skip = |why: &str| Ok(Err(Status::Skipped { why: why.into() }));
    if !b.meta.image_support {
        return skip("CL_DEVICE_IMAGE_SUPPORT is false");
    }
    let max_w = b.device.image2d_max_width().unwrap_or(0).min(8192);
    let max_h = b.device.image2d_max_height().unwrap_or(0);
    if max_w < 16 || max_h < 1 {
        return skip("CL_DEVICE_IMAGE2D_MAX_WIDTH/HEIGHT too small");
    }
    let wshift = 63 - (max_w as u64).leading_zeros();
    let width = 1usize << wshift;
    let pixels_wanted = (b.sizes.global_bytes.min(GIB) / 16) as usize;
    let height = (pixels_wanted / width).clamp(1, max_h);
    let pixels = width * height;
    let data = pattern_vec(pixels * 4);
    p.sum = wrapping_sum(&data);
    let format = cl_image_format {
        image_channel_order: CL_RGBA,
        image_channel_data_type: CL_UNSIGNED_INT32,
    };
    let desc = cl_image_desc {
        image_type: CL_MEM_OBJECT_IMAGE2D,
        image_width: width,
        image_height: height,
        image_depth: 1,
        image_array_size: 1,
        image_row_pitch: 0,
        image_slice_pitch: 0,
        num_mip_levels: 0,
        num_samples: 0,
        buffer: ptr::null_mut(),
    };
    let flags = CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR;
    match unsafe {
        Image::create(
            &b.context,
            flags,
            &format,
            &desc,
            data.as_ptr() as *mut c_void,
        )
    } {
        Ok(img) => p.inputs.push(Mem::Image(img)),
        Err(e) => {
            return Ok(Err(Status::Error {
                why: format!("clCreateImage {width}×{height}: {e}"),
            }))
        }
    }
    p.units = pixels;
    p.bytes = pixels as u64 * 16;
    p.of = format!("{width}×{height} pixels");
    p.shift = wshift;
    Ok(Ok(p))
}

/// The values one launch gives its kernel's arguments.
#[derive(Default)]
pub(super) struct Launch {
    pub inputs: Vec<cl_mem>,
    pub outputs: Vec<cl_mem>,
    pub count: cl_uint,
    pub seed: cl_uint,
    pub reps: cl_uint,
    pub shift: cl_uint,
    pub start: cl_uint,
    pub outer: cl_uint,
    pub local_bytes: usize,
    pub global: usize,
    pub local: usize,
}

impl Launch {
    /// Sets `args` for launch `i` (rotating buffers go round) and enqueues the kernel.
    pub fn enqueue(&self, b: &Bench, k: &Kernel, args: &[Arg], i: usize) -> Res<Event> {
        let pick = |v: &[cl_mem], what: &str| {
            v.get(i % v.len().max(1))
                .copied()
                .ok_or_else(|| format!("the family has no {what}"))
        };
        for (n, arg) in args.iter().enumerate() {
            let n = n as cl_uint;
            // SAFETY: every value is a live cl_mem of this context or a plain cl_uint, as the
            // kernel's signature says (the argument count is checked against the kernel).
            let set = unsafe {
                match *arg {
                    Arg::Input => k.set_arg(n, &pick(&self.inputs, "input")?),
                    Arg::Output => k.set_arg(n, &pick(&self.outputs, "output")?),
                    Arg::Count => k.set_arg(n, &self.count),
                    Arg::Seed => k.set_arg(n, &self.seed),
                    Arg::Reps => k.set_arg(n, &self.reps),
                    Arg::Uint(v) => k.set_arg(n, &v),
                    Arg::Shift => k.set_arg(n, &self.shift),
                    Arg::Start => k.set_arg(n, &self.start),
                    Arg::Outer => k.set_arg(n, &self.outer),
                    Arg::Local => k.set_arg_local_buffer(n, self.local_bytes),
                }
            };
            cl(set, "clSetKernelArg")?;
        }
        // SAFETY: one dimension; the sizes outlive the call.
        let e = unsafe {
            b.queue
                .enqueue_nd_range_kernel(k.get(), 1, ptr::null(), &self.global, &self.local, &[])
        };
        cl(e, "clEnqueueNDRangeKernel")
    }
}

/// Work-items and work-group size of a variant, over `count` units of its input.
fn grid(b: &Bench, grid: Grid, count: usize, p: &Prepared) -> (usize, usize) {
    let (wi, ls) = (b.sizes.work_items, b.sizes.local_size);
    match grid {
        Grid::Sixteenths(k) => b.launch_size((wi * k / 16).min(count).max(1), ls),
        Grid::PerSixteen => b.launch_size((count / 16).min(count).max(1), ls),
        Grid::Full if b.cfg.quick => {
            b.launch_size(wi.min(b.meta.compute_units as usize * ls * 2), ls)
        }
        Grid::Full => b.launch_size(wi, ls),
        Grid::Tiles => {
            let l = p.local.unwrap_or(ls).max(1);
            ((wi / l).clamp(1, count.max(1)) * l, l)
        }
        Grid::Single(max) => (ls.min(max).max(1), ls.min(max).max(1)),
    }
}

/// `Check::Sum`, `Check::Written` and `Check::Copied`: a fixed amount of data per launch.
fn measure_stream(b: &Bench, f: &Family, k: &Kernel, row: &Row, p: &Prepared) -> Res<BenchResult> {
    let v = &row.variant;
    let count = p.units / v.width;
    let (g, l) = grid(b, v.grid.unwrap_or(f.grid), count, p);
    let mut launch = Launch {
        inputs: p.inputs.iter().map(Mem::raw).collect(),
        count: count as cl_uint,
        seed: 0x5EED_0000 + v.width as cl_uint,
        shift: p.shift,
        local_bytes: p.local_bytes,
        global: g,
        local: l,
        ..Default::default()
    };
    let reps = b.sizes.repetitions;
    if f.check == Check::Sum {
        let out = b.buffer::<u32>(g)?;
        b.poison(&out, 0xDEAD_BEEFu32, g)?;
        launch.outputs = vec![out.get()];
        let sk = b.skeleton(&row.id, f.space, &row.what, p.bytes, g, l);
        let check = &mut || {
            let got = wrapping_sum(&b.read(&out, g)?);
            match got == p.sum {
                true => Ok(format!("sum of {} = {:#010x}", p.of, p.sum)),
                false => Err(format!("sum {got:#010x}, expected {:#010x}", p.sum)),
            }
        };
        return Ok(b.measure(sk, &mut |i| launch.enqueue(b, k, v.args, i), check, reps));
    }
    for o in &p.outputs {
        b.poison(o, 0xDEAD_BEEFu32, p.units)?;
    }
    launch.outputs = p.outputs.iter().map(|o| o.get()).collect();
    let (copy, data, seed) = (f.check == Check::Copied, &p.data[..], launch.seed);
    let want = |i: usize| {
        if copy {
            data[i]
        } else {
            written(i as u32, seed)
        }
    };
    // A copy moves every byte twice: read once, written once.
    let amount = if copy { 2 * p.bytes } else { p.bytes };
    let sk = b.skeleton(&row.id, f.space, &row.what, amount, g, l);
    let (rot, last) = (p.outputs.len().max(1), Cell::new(0usize));
    let check = &mut || {
        let out = p.outputs.get(last.get()).ok_or("no output")?;
        let got = b.read(out, p.units)?;
        match got
            .par_iter()
            .enumerate()
            .find_first(|(i, x)| **x != want(*i))
        {
            None => Ok(format!("every element of {}", p.of)),
            Some((i, x)) => Err(format!(
                "element {i} is {x:#010x}, expected {:#010x}",
                want(i)
            )),
        }
    };
    let launch_i = &mut |i: usize| {
        last.set(i % rot);
        launch.enqueue(b, k, v.args, i)
    };
    Ok(b.measure(sk, launch_i, check, reps))
}

/// The largest `reps` whose sums stay exact in a float (below 2^24).
fn max_reps(sum: f32) -> u32 {
    (((1u32 << 24) as f32 / sum.max(1.0)) as u32).clamp(1, 4096)
}

/// `Check::Reps`: checks, calibrates `reps` to the target launch time, and measures a kernel
/// whose every work-item must produce its share of the table times `reps` (exact float sums,
/// see common.h.cl).
fn measure_reps(
    b: &Bench,
    f: &Family,
    k: &Kernel,
    row: &Row,
    p: &Prepared,
    share: Share,
    bytes_per_rep_item: u64,
) -> Res<BenchResult> {
    let table = &p.table[..];
    let table_sum: f32 = table.iter().take(1024).sum();
    let per_item = |gid: usize| -> f32 {
        match share {
            Share::Table => table_sum,
            Share::Sixteen => (0..16).map(|k| table[(gid + k) & 4095]).sum(),
        }
    };
    // 16 entries of at most 7 each.
    let max_reps = max_reps(if share == Share::Table {
        table_sum
    } else {
        112.0
    });
    let (g, l) = grid(b, f.grid, 0, p);
    let out = b.buffer::<f32>(g)?;
    b.poison(&out, -1.0f32, g)?;
    let at = |reps: cl_uint| Launch {
        inputs: p.inputs.iter().map(Mem::raw).collect(),
        outputs: vec![out.get()],
        reps,
        global: g,
        local: l,
        ..Default::default()
    };
    let check = |reps: cl_uint| -> Res<String> {
        let v = b.read(&out, g)?;
        match v
            .par_iter()
            .enumerate()
            .find_first(|(i, x)| **x != per_item(*i) * reps as f32)
        {
            None => Ok(format!("every work-item's sum ({g} sums, reps {reps})")),
            Some((i, x)) => Err(format!(
                "work-item {i} summed {x}, expected {}",
                per_item(i) * reps as f32
            )),
        }
    };
    let fail = |status: Status| {
        let mut r = b.skeleton(&row.id, f.space, &row.what, 0, g, l);
        r.status = status;
        r
    };
    // Calibration run, checked: a wrong kernel stops here. Timed on the host's clock, which no
    // driver gets wrong.
    let r0: cl_uint = if b.cfg.quick { 1 } else { 2.min(max_reps) };
    let calibration = at(r0);
    let t0 = match Bench::time(|| calibration.enqueue(b, k, row.variant.args, 0)) {
        Ok(t) => t.wall,
        Err(why) => return Ok(fail(Status::Error { why })),
    };
    if let Err(why) = check(r0) {
        return Ok(fail(Status::Failed { why }));
    }
    let reps =
        ((r0 as f64 * b.target_ns / t0.max(1.0)) as u64).clamp(1, max_reps as u64) as cl_uint;
    if std::env::var_os("CLASP_BENCH_DEBUG").is_some() {
        eprintln!("{}: {r0} reps took {t0} ns; timing {reps} reps", row.id);
    }
    let amount = bytes_per_rep_item * reps as u64 * g as u64;
    let sk = b.skeleton(&row.id, f.space, &row.what, amount, g, l);
    let timed = at(reps);
    let launch = &mut |_| timed.enqueue(b, k, row.variant.args, 0);
    Ok(b.measure(sk, launch, &mut || check(reps), b.sizes.repetitions))
}
