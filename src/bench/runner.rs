//! The benchmarks themselves: the only part of `clasp bench` that calls OpenCL. It runs inside
//! the bench worker process (`clasp bench --worker P:D`), one device per process.
//!
//! Every benchmark follows one method: clear the outputs, run the kernel once and check its
//! result on the host (a wrong kernel stops here, `Failed`, and is never timed); run the
//! warm-up launches; time the repetitions with profiling events (end − start); check the result
//! of the last repetition again. Figures are the median and the spread of those repetitions.

use super::kernels;
use super::model::*;
use super::{cycle, pattern, small, written};
use crate::drivers::discover::slug;
use checker::{Feature, Lang};
use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{Device, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU};
use opencl3::event::Event;
use opencl3::kernel::{ExecuteKernel, Kernel};
use opencl3::memory::{
    Buffer, ClMem, Image, CL_MEM_COPY_HOST_PTR, CL_MEM_OBJECT_IMAGE2D, CL_MEM_READ_ONLY,
    CL_MEM_READ_WRITE, CL_RGBA, CL_UNSIGNED_INT32,
};
use opencl3::program::Program;
use opencl3::types::{cl_image_desc, cl_image_format, cl_uint, CL_BLOCKING};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::ffi::c_void;
use std::ptr;
use std::rc::Rc;

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;

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

/// Datasheet peak memory bandwidth by device name (GB/s). The most specific entry first.
pub const PEAK_TABLE: &[(&[&str], f64, &str)] = &[
    (
        &["H100", "NVL"],
        3900.0,
        "NVIDIA H100 NVL datasheet: 3.9 TB/s",
    ),
    (
        &["H100", "PCIE"],
        2000.0,
        "NVIDIA H100 PCIe datasheet: 2.0 TB/s",
    ),
    (&["H100"], 3350.0, "NVIDIA H100 SXM datasheet: 3.35 TB/s"),
    (&["H200"], 4800.0, "NVIDIA H200 datasheet: 4.8 TB/s"),
];

/// The peak for a device name, from the table.
pub fn table_peak(name: &str) -> Option<(f64, &'static str)> {
    let upper = name.to_ascii_uppercase();
    PEAK_TABLE
        .iter()
        .find(|(keys, _, _)| keys.iter().all(|k| upper.contains(k)))
        .map(|(_, gbps, src)| (*gbps, *src))
}

/// The local-memory peak the issue defines: compute units × 128 bytes per clock × clock.
pub fn local_peak(compute_units: u32, clock_mhz: u32) -> f64 {
    compute_units as f64 * 128.0 * clock_mhz as f64 / 1000.0
}

/// The OpenCL C option generic-space kernels are built with, or why they cannot be.
pub fn generic_option(langs: &[Lang], features: &[Feature]) -> Result<String, String> {
    if langs.contains(&Lang::Cl2_0) {
        Ok("-cl-std=CL2.0".into())
    } else if langs.contains(&Lang::Cl3_0) && features.contains(&Feature::GenericAddressSpace) {
        Ok("-cl-std=CL3.0".into())
    } else if langs.contains(&Lang::Cl3_0) {
        Err("OpenCL C 3.0 without __opencl_c_generic_address_space".into())
    } else {
        Err(format!(
            "no generic address space before OpenCL C 2.0 (device has {})",
            langs
                .iter()
                .map(|l| format!("{l:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }
}

/// Runs every benchmark on one device. `emit` receives progress lines.
pub fn run(
    platform_index: u32,
    device_index: u32,
    cfg: &Config,
    emit: &mut dyn FnMut(WorkerLine),
) -> Result<DeviceBench, String> {
    let mut b = Bench::open(platform_index, device_index, cfg)?;
    let tasks = b.plan();
    let total = tasks.len();
    for (done, task) in tasks.into_iter().enumerate() {
        emit(WorkerLine::Progress {
            done,
            total,
            name: task.name(),
        });
        if let Err(e) = b.run_task(&task) {
            b.error = Some(format!("{}: {e}", task.name()));
            break;
        }
    }
    Ok(b.finish())
}

#[derive(Debug, Clone)]
enum Task {
    GlobalRead,
    GlobalWrite,
    GlobalCopy,
    Image,
    Local,
    AsyncCopy,
    Constant,
    Private,
    Generic,
    Latency(Space),
}

impl Task {
    fn name(&self) -> String {
        match self {
            Task::GlobalRead => "global read".into(),
            Task::GlobalWrite => "global write".into(),
            Task::GlobalCopy => "global copy".into(),
            Task::Image => "image read".into(),
            Task::Local => "local".into(),
            Task::AsyncCopy => "async_work_group_copy".into(),
            Task::Constant => "constant".into(),
            Task::Private => "private".into(),
            Task::Generic => "generic vs named".into(),
            Task::Latency(s) => format!("{} latency", s.name()),
        }
    }
}

struct Bench {
    cfg: Config,
    device: Device,
    context: Context,
    queue: CommandQueue,
    meta: DeviceMeta,
    sizes: Sizes,
    results: Vec<BenchResult>,
    error: Option<String>,
    /// Programs built so far, by source and options (a failed build too).
    programs: HashMap<(&'static str, String), Res<Rc<Program>>>,
    /// Target time of one launch of the kernels whose work is set by `reps`.
    target_ns: f64,
    latency_reps: usize,
}

type Res<T> = Result<T, String>;

/// One launch: the profiling events' end − start, and the host's enqueue-to-wait time.
#[derive(Debug, Clone, Copy)]
struct Timing {
    profiled: f64,
    wall: f64,
}

/// Profiling events are the clock, unless a driver's are implausible: some (rusticl on
/// llvmpipe here) report a few nanoseconds for kernels that run for milliseconds. Then the
/// host's clock is used and the result says so.
fn pick_clock(samples: &[Timing]) -> (Vec<f64>, String) {
    let prof: Vec<f64> = samples.iter().map(|t| t.profiled).collect();
    let wall: Vec<f64> = samples.iter().map(|t| t.wall).collect();
    let (mp, mw) = match (Stats::of(&prof), Stats::of(&wall)) {
        (Some(p), Some(w)) => (p.median_ns, w.median_ns),
        _ => return (prof, "profiling events".into()),
    };
    if mw > 100_000.0 && mp < 0.2 * mw {
        (
            wall,
            format!("host clock (profiling events said {mp:.0} ns for {mw:.0} ns of wall time)"),
        )
    } else {
        (prof, "profiling events".into())
    }
}

fn cl<T>(r: opencl3::Result<T>, what: &str) -> Res<T> {
    r.map_err(|e| format!("{what}: {e}"))
}

/// Which one of a list of "part of a name" filters a benchmark id matches.
fn wanted(only: &[String], id: &str) -> bool {
    only.is_empty() || only.iter().any(|o| id.contains(o.as_str()))
}

fn fmt_bytes(b: u64) -> String {
    if b >= GIB && b % GIB == 0 {
        format!("{} GiB", b / GIB)
    } else if b >= MIB && b % MIB == 0 {
        format!("{} MiB", b / MIB)
    } else if b >= 1024 && b % 1024 == 0 {
        format!("{} KiB", b / 1024)
    } else {
        format!("{b} B")
    }
}

fn wrapping_sum(v: &[u32]) -> u32 {
    v.par_chunks(1 << 16)
        .map(|c| c.iter().fold(0u32, |a, x| a.wrapping_add(*x)))
        .reduce(|| 0, |a, b| a.wrapping_add(b))
}

fn pattern_vec(n: usize) -> Vec<u32> {
    (0..n as u32).into_par_iter().map(pattern).collect()
}

impl Bench {
    fn open(pi: u32, di: u32, cfg: &Config) -> Res<Bench> {
        if let Err(e) = cl3::load_library() {
            return Err(format!("no OpenCL library (libOpenCL.so.1): {e}"));
        }
        let platforms = cl(opencl3::platform::get_platforms(), "clGetPlatformIDs")?;
        let platform = platforms
            .get(pi as usize)
            .ok_or_else(|| format!("no platform {pi}"))?;
        let ids = cl(
            platform.get_devices(opencl3::device::CL_DEVICE_TYPE_ALL),
            "clGetDeviceIDs",
        )?;
        let id = *ids
            .get(di as usize)
            .ok_or_else(|| format!("no device {di}"))?;
        let device = Device::new(id);
        let context = cl(Context::from_device(&device), "clCreateContext")?;
        // clCreateCommandQueue is deprecated from 2.0 on but present everywhere, 1.2 included.
        #[allow(deprecated)]
        let queue = cl(
            unsafe { CommandQueue::create(&context, id, CL_QUEUE_PROFILING_ENABLE) },
            "clCreateCommandQueue(PROFILING)",
        )?;
        // The same queries `clasp devices` makes, for the OpenCL C versions and features.
        let info = crate::drivers::discover::query()
            .platforms
            .into_iter()
            .flat_map(|p| p.devices)
            .find(|d| d.platform_index == pi && d.device_index == di);
        let generic = match &info {
            Some(i) => generic_option(&i.c_langs(), &i.features()),
            None => Err("device not found by discovery".into()),
        };
        let dev_type = device.dev_type().unwrap_or(0);
        let kind = if dev_type & CL_DEVICE_TYPE_GPU != 0 {
            "gpu"
        } else if dev_type & CL_DEVICE_TYPE_CPU != 0 {
            "cpu"
        } else if dev_type & CL_DEVICE_TYPE_ACCELERATOR != 0 {
            "accelerator"
        } else {
            "other"
        };
        let name = device.name().unwrap_or_default();
        let meta = DeviceMeta {
            id: cfg.id.clone(),
            slug: if cfg.slug.is_empty() {
                slug(&name)
            } else {
                cfg.slug.clone()
            },
            name,
            platform: platform.name().unwrap_or_default(),
            platform_version: platform.version().unwrap_or_default(),
            device_version: device.version().unwrap_or_default(),
            driver_version: device.driver_version().unwrap_or_default(),
            opencl_c_version: device.opencl_c_version().unwrap_or_default(),
            kind: kind.into(),
            compute_units: device.max_compute_units().unwrap_or(1).max(1),
            max_clock_mhz: device.max_clock_frequency().unwrap_or(0),
            max_work_group_size: device.max_work_group_size().unwrap_or(1).max(1),
            global_mem_bytes: device.global_mem_size().unwrap_or(0),
            max_alloc_bytes: device.max_mem_alloc_size().unwrap_or(0),
            global_cache_bytes: device.global_mem_cache_size().unwrap_or(0),
            local_mem_bytes: device.local_mem_size().unwrap_or(0),
            max_constant_buffer_bytes: device.max_constant_buffer_size().unwrap_or(0),
            image_support: device.image_support().unwrap_or(false),
            generic,
        };
        let gpu = kind == "gpu";
        let cap = cfg.max_bytes.unwrap_or(match (cfg.quick, gpu) {
            (true, true) => 256 * MIB,
            (true, false) => 8 * MIB,
            // Big enough that launch and drain are noise next to the transfer (4 GiB is
            // 1.3 ms at 3.35 TB/s); the element count still fits a `uint` index.
            (false, true) => 4 * GIB,
            // A CPU device here shares two cores: 64 MiB already dwarfs its caches.
            (false, false) => 64 * MIB,
        });
        let mut bytes = cap
            .min(meta.max_alloc_bytes.max(MIB))
            .min((meta.global_mem_bytes / 8).max(MIB));
        bytes = (1u64 << (63 - bytes.max(MIB).leading_zeros())).max(MIB);
        // Rotate buffers that would fit (four times over) in the global cache, so that each
        // repetition starts from memory, not from the cache the previous one filled.
        let rotation = if meta.global_cache_bytes * 4 > bytes {
            (meta.global_cache_bytes * 4).div_ceil(bytes).clamp(1, 8) as usize
        } else {
            1
        };
        let local_size = meta.max_work_group_size.min(256);
        let per_cu = meta.max_work_group_size.min(1024);
        let work_items = (meta.compute_units as usize * per_cu * 4)
            .min((bytes / 64) as usize)
            .div_ceil(local_size)
            * local_size;
        let (warmup, reps) = match (cfg.quick, gpu) {
            (true, _) => (1, 3),
            (false, true) => (3, 20),
            (false, false) => (2, 7),
        };
        let repetitions = cfg.repetitions.unwrap_or(reps).max(1);
        let sizes = Sizes {
            global_bytes: bytes,
            rotation,
            local_size,
            work_items,
            warmup,
            repetitions,
        };
        let target_ns = match (cfg.quick, gpu) {
            (true, _) => 2e6,
            (false, true) => 5e6,
            (false, false) => 20e6,
        };
        Ok(Bench {
            cfg: cfg.clone(),
            device,
            context,
            queue,
            meta,
            sizes,
            results: Vec::new(),
            error: None,
            programs: HashMap::new(),
            target_ns,
            latency_reps: if cfg.quick { 3 } else { 7 },
        })
    }

    fn plan(&self) -> Vec<Task> {
        let all = [
            (Task::GlobalRead, "global/read"),
            (Task::GlobalWrite, "global/write"),
            (Task::GlobalCopy, "global/copy"),
            (Task::Image, "image/read"),
            (Task::Local, "local/"),
            (Task::AsyncCopy, "local/from-global"),
            (Task::Constant, "constant/"),
            (Task::Private, "private/"),
            (Task::Generic, "generic/"),
            (Task::Latency(Space::Global), "global/latency"),
            (Task::Latency(Space::Local), "local/latency"),
            (Task::Latency(Space::Constant), "constant/latency"),
        ];
        all.into_iter()
            .filter(|(_, prefix)| {
                self.cfg.only.is_empty()
                    || self
                        .cfg
                        .only
                        .iter()
                        .any(|o| prefix.contains(o.as_str()) || o.contains(prefix))
            })
            .map(|(t, _)| t)
            .collect()
    }

    fn finish(self) -> DeviceBench {
        let best_global_read = self
            .results
            .iter()
            .filter(|r| r.ok() && r.id.starts_with("global/read/") && !r.id.contains("broken"))
            .max_by(|a, b| a.value.unwrap_or(0.0).total_cmp(&b.value.unwrap_or(0.0)))
            .map(|r| r.id.clone());
        let (global_gbps, global_source) = match (self.cfg.peak_gbps, table_peak(&self.meta.name)) {
            (Some(p), _) => (Some(p), "--peak-gbps".to_string()),
            (None, Some((p, src))) => (Some(p), src.to_string()),
            (None, None) => (
                None,
                "not in the built-in table (H100 SXM/PCIe/NVL, H200); pass --peak-gbps".into(),
            ),
        };
        let peaks = Peaks {
            global_gbps,
            global_source,
            local_gbps: local_peak(self.meta.compute_units, self.meta.max_clock_mhz),
            local_source: format!(
                "{} compute units × 128 B/clock × {} MHz (CL_DEVICE_MAX_CLOCK_FREQUENCY)",
                self.meta.compute_units, self.meta.max_clock_mhz
            ),
        };
        DeviceBench {
            device: self.meta,
            sizes: self.sizes,
            peaks,
            results: self.results,
            best_global_read,
            error: self.error,
        }
    }

    fn run_task(&mut self, task: &Task) -> Res<()> {
        match task {
            Task::GlobalRead => self.global_read(),
            Task::GlobalWrite => self.global_write(),
            Task::GlobalCopy => self.global_copy(),
            Task::Image => self.image(),
            Task::Local => self.local(),
            Task::AsyncCopy => self.async_copy(),
            Task::Constant => self.constant(),
            Task::Private => self.private(),
            Task::Generic => self.generic(),
            Task::Latency(space) => self.latency(*space),
        }
    }

    // ---- OpenCL helpers -------------------------------------------------------------------

    /// The program built from `src` (after the common header) with `options`, built once per
    /// device: the global kernels serve three benchmark families, the local ones two.
    fn program(&mut self, src: &'static str, options: &str) -> Res<Rc<Program>> {
        let key = (src, options.to_string());
        if let Some(p) = self.programs.get(&key) {
            return p.clone();
        }
        let p = self.build(src, options).map(Rc::new);
        self.programs.insert(key, p.clone());
        p
    }

    /// [`Self::program`] for one benchmark family: on a build error the family is recorded as
    /// an error under `id` and skipped (None).
    fn family_program(
        &mut self,
        src: &'static str,
        options: &str,
        id: &str,
        space: Space,
        what: &str,
    ) -> Option<Rc<Program>> {
        match self.program(src, options) {
            Ok(p) => Some(p),
            Err(why) => {
                self.push_error(id, space, what, Status::Error { why });
                None
            }
        }
    }

    fn build(&self, src: &str, options: &str) -> Res<Program> {
        let full = format!("{}\n{}", kernels::COMMON, src);
        let mut p = cl(
            Program::create_from_source(&self.context, &full),
            "clCreateProgramWithSource",
        )?;
        if let Err(e) = p.build(&[self.device.id()], options) {
            let log = p.get_build_log(self.device.id()).unwrap_or_default();
            let log: String = log.lines().take(20).collect::<Vec<_>>().join("\n");
            return Err(format!("build failed ({e}): {log}"));
        }
        Ok(p)
    }

    fn kernel(&self, p: &Program, name: &str) -> Res<Kernel> {
        cl(Kernel::create(p, name), name)
    }

    fn buffer_from<T: Copy>(&self, data: &[T]) -> Res<Buffer<T>> {
        cl(
            unsafe {
                Buffer::<T>::create(
                    &self.context,
                    CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                    data.len(),
                    data.as_ptr() as *mut c_void,
                )
            },
            "clCreateBuffer",
        )
    }

    fn buffer<T: Copy>(&self, n: usize) -> Res<Buffer<T>> {
        cl(
            unsafe { Buffer::<T>::create(&self.context, CL_MEM_READ_WRITE, n, ptr::null_mut()) },
            "clCreateBuffer",
        )
    }

    /// Fills a buffer with a value no kernel writes, so a kernel that writes nothing fails.
    fn poison<T: Copy>(&self, buf: &Buffer<T>, value: T, n: usize) -> Res<()> {
        let size = std::mem::size_of::<T>();
        let e = unsafe {
            cl3::command_queue::enqueue_fill_buffer(
                self.queue.get(),
                buf.get(),
                &value as *const T as *const c_void,
                size,
                0,
                n * size,
                0,
                ptr::null(),
            )
        }
        .map_err(|e| format!("clEnqueueFillBuffer: {e}"))?;
        cl(Event::new(e).wait(), "clEnqueueFillBuffer")
    }

    fn read<T: Copy + Default>(&self, buf: &Buffer<T>, n: usize) -> Res<Vec<T>> {
        let mut v = vec![T::default(); n];
        cl(
            unsafe {
                self.queue
                    .enqueue_read_buffer(buf, CL_BLOCKING, 0, &mut v, &[])
            },
            "clEnqueueReadBuffer",
        )?;
        Ok(v)
    }

    /// The profiled duration of one launch, in ns.
    fn time(launch: impl FnOnce() -> opencl3::Result<Event>) -> Res<Timing> {
        let t = std::time::Instant::now();
        let e = cl(launch(), "clEnqueueNDRangeKernel")?;
        cl(e.wait(), "kernel")?;
        let wall = t.elapsed().as_nanos() as f64;
        let start = cl(e.profiling_command_start(), "CL_PROFILING_COMMAND_START")?;
        let end = cl(e.profiling_command_end(), "CL_PROFILING_COMMAND_END")?;
        Ok(Timing {
            profiled: end.saturating_sub(start) as f64,
            wall,
        })
    }

    /// The method (see the module header). `launch(i)` enqueues launch `i` (0 is the checked
    /// first run); `check()` returns what it checked, or why the result is wrong.
    fn measure(
        &self,
        skeleton: BenchResult,
        launch: &mut dyn FnMut(usize) -> opencl3::Result<Event>,
        check: &mut dyn FnMut() -> Res<String>,
        repetitions: usize,
    ) -> BenchResult {
        let mut r = skeleton;
        if let Err(e) = Self::time(|| launch(0)) {
            r.status = Status::Error { why: e };
            return r;
        }
        match check() {
            Ok(c) => r.check = c,
            Err(why) => {
                r.status = Status::Failed { why };
                return r;
            }
        }
        let mut samples = Vec::with_capacity(repetitions);
        for i in 0..self.sizes.warmup + repetitions {
            match Self::time(|| launch(i + 1)) {
                Ok(t) if i >= self.sizes.warmup => samples.push(t),
                Ok(_) => {}
                Err(e) => {
                    r.status = Status::Error { why: e };
                    return r;
                }
            }
        }
        if let Err(why) = check() {
            r.status = Status::Failed {
                why: format!("after the timed runs: {why}"),
            };
            return r;
        }
        let (samples, clock) = pick_clock(&samples);
        r.clock = clock;
        let stats = Stats::of(&samples);
        if let Some(s) = &stats {
            if r.metric == Metric::Bandwidth {
                r.value = Some(r.amount as f64 / s.median_ns.max(1.0));
                r.best = Some(r.amount as f64 / s.min_ns.max(1.0));
            }
        }
        r.stats = stats;
        r.status = Status::Ok;
        r
    }

    fn skeleton(
        &self,
        id: &str,
        space: Space,
        what: &str,
        amount: u64,
        work_items: usize,
        local_size: usize,
    ) -> BenchResult {
        BenchResult {
            id: id.into(),
            space,
            metric: Metric::Bandwidth,
            what: what.into(),
            status: Status::Ok,
            amount,
            working_set: None,
            work_items,
            local_size,
            check: String::new(),
            clock: String::new(),
            stats: None,
            value: None,
            best: None,
        }
    }

    fn push_error(&mut self, id: &str, space: Space, what: &str, status: Status) {
        let mut r = self.skeleton(id, space, what, 0, 0, 0);
        r.status = status;
        self.results.push(r);
    }

    fn launch_size(&self, work_items: usize, local: usize) -> (usize, usize) {
        let local = local.max(1);
        (work_items.div_ceil(local).max(1) * local, local)
    }

    // ---- global -------------------------------------------------------------------------

    fn global_read(&mut self) -> Res<()> {
        let Some(program) = self.family_program(
            kernels::GLOBAL,
            "",
            "global/read",
            Space::Global,
            "global.cl",
        ) else {
            return Ok(());
        };
        let n = (self.sizes.global_bytes / 4) as usize;
        let data = pattern_vec(n);
        let expected = wrapping_sum(&data);
        let inputs: Vec<Buffer<u32>> = (0..self.sizes.rotation)
            .map(|_| self.buffer_from(&data))
            .collect::<Res<_>>()?;
        drop(data);
        let wi = self.sizes.work_items;
        // (id, kernel, vector width, work-items in 16ths of `work_items`, what)
        let mut variants: Vec<(String, String, usize, usize, String)> = Vec::new();
        for (w, u) in [
            (1, 1),
            (2, 1),
            (4, 1),
            (4, 2),
            (4, 4),
            (8, 1),
            (8, 2),
            (16, 1),
        ] {
            variants.push((
                format!("global/read/v{w}-u{u}"),
                format!("read_v{w}_u{u}"),
                w,
                16,
                format!("coalesced grid-stride read, {w} uints a load, {u} loads in flight"),
            ));
        }
        variants.push((
            "global/read/v4-u1-x4".into(),
            "read_v4_u1".into(),
            4,
            64,
            "as v4-u1 with 4× the work-items".into(),
        ));
        variants.push((
            "global/read/v4-u2-quarter".into(),
            "read_v4_u2".into(),
            4,
            4,
            "as v4-u2 with ¼ of the work-items".into(),
        ));
        // clpeak's shape: exactly 16 loads per work-item, no loop to speak of.
        variants.push((
            "global/read/v4-u4-16each".into(),
            "read_v4_u4".into(),
            4,
            0,
            "uint4, 4 loads in flight, one work-item per 16 uint4s (clpeak's shape)".into(),
        ));
        variants.push((
            "global/read/v16-u1-16each".into(),
            "read_v16_u1".into(),
            16,
            0,
            "uint16, one work-item per 16 uint16s (clpeak's float16 shape)".into(),
        ));
        variants.push((
            "global/read/strided".into(),
            "read_strided_v1".into(),
            1,
            16,
            "uint reads 33 elements apart (a permutation): uncoalesced".into(),
        ));
        variants.push((
            "global/read/blocked-v4".into(),
            "read_blocked_v4".into(),
            4,
            16,
            "each work-item reads its own contiguous chunk of uint4s".into(),
        ));
        if self.cfg.include_broken {
            variants.push((
                "global/read/broken".into(),
                "read_broken_v4".into(),
                4,
                16,
                "TEST ONLY: skips element 5 of every 1024; must be reported wrong".into(),
            ));
        }
        for (id, kname, w, mult16, what) in variants {
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let k = match self.kernel(&program, &kname) {
                Ok(k) => k,
                Err(e) => {
                    self.push_error(&id, Space::Global, &what, Status::Error { why: e });
                    continue;
                }
            };
            let elems = n / w;
            // A multiplier of 0 means one work-item per 16 elements.
            let items = if mult16 == 0 {
                elems / 16
            } else {
                wi * mult16 / 16
            }
            .clamp(1, elems);
            let (g, l) = self.launch_size(items, self.sizes.local_size);
            let out = self.buffer::<u32>(g)?;
            self.poison(&out, 0xDEAD_BEEFu32, g)?;
            let elems_arg = elems as cl_uint;
            let rot = inputs.len();
            let sk = self.skeleton(&id, Space::Global, &what, n as u64 * 4, g, l);
            let r = self.measure(
                sk,
                &mut |i| unsafe {
                    ExecuteKernel::new(&k)
                        .set_arg(&inputs[i % rot])
                        .set_arg(&out)
                        .set_arg(&elems_arg)
                        .set_global_work_size(g)
                        .set_local_work_size(l)
                        .enqueue_nd_range(&self.queue)
                },
                &mut || {
                    let got = wrapping_sum(&self.read(&out, g)?);
                    if got == expected {
                        Ok(format!(
                            "sum of {} = {expected:#010x}",
                            fmt_bytes(n as u64 * 4)
                        ))
                    } else {
                        Err(format!("sum {got:#010x}, expected {expected:#010x}"))
                    }
                },
                self.sizes.repetitions,
            );
            self.results.push(r);
        }
        Ok(())
    }

    fn global_write(&mut self) -> Res<()> {
        let Some(program) = self.family_program(
            kernels::GLOBAL,
            "",
            "global/write",
            Space::Global,
            "global.cl",
        ) else {
            return Ok(());
        };
        let n = (self.sizes.global_bytes / 4) as usize;
        let outs: Vec<Buffer<u32>> = (0..self.sizes.rotation)
            .map(|_| self.buffer::<u32>(n))
            .collect::<Res<_>>()?;
        for w in [1usize, 4, 16] {
            let id = format!("global/write/v{w}");
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let what = format!("coalesced grid-stride write, {w} uints a store");
            let k = self.kernel(&program, &format!("write_v{w}"))?;
            for o in outs.iter() {
                self.poison(o, 0xDEAD_BEEFu32, n)?;
            }
            let items = self.sizes.work_items.min(n / w);
            let (g, l) = self.launch_size(items, self.sizes.local_size);
            let elems = (n / w) as cl_uint;
            let seed = 0x5EED_0000u32 + w as u32;
            let rot = outs.len();
            let last = std::cell::Cell::new(0usize);
            let sk = self.skeleton(&id, Space::Global, &what, n as u64 * 4, g, l);
            let outs_ref = &outs;
            let r = self.measure(
                sk,
                &mut |i| {
                    last.set(i % rot);
                    unsafe {
                        ExecuteKernel::new(&k)
                            .set_arg(&outs_ref[i % rot])
                            .set_arg(&elems)
                            .set_arg(&seed)
                            .set_global_work_size(g)
                            .set_local_work_size(l)
                            .enqueue_nd_range(&self.queue)
                    }
                },
                &mut || {
                    let v = self.read(&outs_ref[last.get()], n)?;
                    match v
                        .par_iter()
                        .enumerate()
                        .find_first(|(i, x)| **x != written(*i as u32, seed))
                    {
                        None => Ok(format!("every element of {}", fmt_bytes(n as u64 * 4))),
                        Some((i, x)) => Err(format!(
                            "element {i} is {x:#010x}, expected {:#010x}",
                            written(i as u32, seed)
                        )),
                    }
                },
                self.sizes.repetitions,
            );
            self.results.push(r);
        }
        Ok(())
    }

    fn global_copy(&mut self) -> Res<()> {
        let Some(program) = self.family_program(
            kernels::GLOBAL,
            "",
            "global/copy",
            Space::Global,
            "global.cl",
        ) else {
            return Ok(());
        };
        let n = (self.sizes.global_bytes / 4) as usize;
        let data = pattern_vec(n);
        // Copies rotate too, but over half as many pairs: each pair is two buffers.
        let rot = self.sizes.rotation.div_ceil(2).max(1);
        let srcs: Vec<Buffer<u32>> = (0..rot)
            .map(|_| self.buffer_from(&data))
            .collect::<Res<_>>()?;
        let dsts: Vec<Buffer<u32>> = (0..rot)
            .map(|_| self.buffer::<u32>(n))
            .collect::<Res<_>>()?;
        for (w, kname, label, what) in [
            (
                1usize,
                "copy_v1",
                "v1",
                "coalesced grid-stride copy, 1 uint at a time",
            ),
            (4, "copy_v4", "v4", "coalesced grid-stride copy, uint4"),
            (16, "copy_v16", "v16", "coalesced grid-stride copy, uint16"),
            (
                1,
                "copy_strided_v1",
                "strided",
                "uint copy 33 elements apart: uncoalesced",
            ),
        ] {
            let id = format!("global/copy/{label}");
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let k = self.kernel(&program, kname)?;
            for d in dsts.iter() {
                self.poison(d, 0xDEAD_BEEFu32, n)?;
            }
            let items = self.sizes.work_items.min(n / w);
            let (g, l) = self.launch_size(items, self.sizes.local_size);
            let elems = (n / w) as cl_uint;
            let last = std::cell::Cell::new(0usize);
            // A copy moves every byte twice: read once, written once.
            let sk = self.skeleton(&id, Space::Global, what, n as u64 * 8, g, l);
            let (srcs_ref, dsts_ref, data_ref) = (&srcs, &dsts, &data);
            let r = self.measure(
                sk,
                &mut |i| {
                    last.set(i % rot);
                    unsafe {
                        ExecuteKernel::new(&k)
                            .set_arg(&srcs_ref[i % rot])
                            .set_arg(&dsts_ref[i % rot])
                            .set_arg(&elems)
                            .set_global_work_size(g)
                            .set_local_work_size(l)
                            .enqueue_nd_range(&self.queue)
                    }
                },
                &mut || {
                    let v = self.read(&dsts_ref[last.get()], n)?;
                    match v
                        .par_iter()
                        .zip(data_ref.par_iter())
                        .position_first(|(a, b)| a != b)
                    {
                        None => Ok(format!("every element of {}", fmt_bytes(n as u64 * 4))),
                        Some(i) => Err(format!(
                            "element {i} is {:#010x}, expected {:#010x}",
                            v[i], data_ref[i]
                        )),
                    }
                },
                self.sizes.repetitions,
            );
            self.results.push(r);
        }
        Ok(())
    }

    fn image(&mut self) -> Res<()> {
        let id = "image/read/rgba-u32";
        let what = "read_imageui of an RGBA/UNSIGNED_INT32 image, grid-stride, row by row";
        if !self.meta.image_support {
            self.push_error(
                id,
                Space::Image,
                what,
                Status::Skipped {
                    why: "CL_DEVICE_IMAGE_SUPPORT is false".into(),
                },
            );
            return Ok(());
        }
        let max_w = self.device.image2d_max_width().unwrap_or(0).min(8192);
        let max_h = self.device.image2d_max_height().unwrap_or(0);
        if max_w < 16 || max_h < 1 {
            self.push_error(
                id,
                Space::Image,
                what,
                Status::Skipped {
                    why: "CL_DEVICE_IMAGE2D_MAX_WIDTH/HEIGHT too small".into(),
                },
            );
            return Ok(());
        }
        let wshift = 63 - (max_w as u64).leading_zeros();
        let width = 1usize << wshift;
        let pixels_wanted = (self.sizes.global_bytes.min(GIB) / 16) as usize;
        let height = (pixels_wanted / width).clamp(1, max_h);
        let pixels = width * height;
        let data = pattern_vec(pixels * 4);
        let expected = wrapping_sum(&data);
        let Some(program) = self.family_program(kernels::IMAGE, "", id, Space::Image, what) else {
            return Ok(());
        };
        let k = self.kernel(&program, "image_read")?;
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
        let img = match unsafe {
            Image::create(
                &self.context,
                CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                &format,
                &desc,
                data.as_ptr() as *mut c_void,
            )
        } {
            Ok(i) => i,
            Err(e) => {
                self.push_error(
                    id,
                    Space::Image,
                    what,
                    Status::Error {
                        why: format!("clCreateImage {width}×{height}: {e}"),
                    },
                );
                return Ok(());
            }
        };
        drop(data);
        let items = self.sizes.work_items.min(pixels);
        let (g, l) = self.launch_size(items, self.sizes.local_size);
        let out = self.buffer::<u32>(g)?;
        self.poison(&out, 0xDEAD_BEEFu32, g)?;
        let (ws, np) = (wshift as cl_uint, pixels as cl_uint);
        let sk = self.skeleton(id, Space::Image, what, pixels as u64 * 16, g, l);
        let r = self.measure(
            sk,
            &mut |_| unsafe {
                ExecuteKernel::new(&k)
                    .set_arg(&img)
                    .set_arg(&out)
                    .set_arg(&ws)
                    .set_arg(&np)
                    .set_global_work_size(g)
                    .set_local_work_size(l)
                    .enqueue_nd_range(&self.queue)
            },
            &mut || {
                let got = wrapping_sum(&self.read(&out, g)?);
                if got == expected {
                    Ok(format!("sum of {width}×{height} pixels = {expected:#010x}"))
                } else {
                    Err(format!("sum {got:#010x}, expected {expected:#010x}"))
                }
            },
            self.sizes.repetitions,
        );
        self.results.push(r);
        Ok(())
    }

    // ---- kernels whose work is set by `reps` ---------------------------------------------

    /// Checks, calibrates `reps` to the target launch time, and measures a kernel whose every
    /// work-item must produce `per_item(gid) * reps` (exact float sums, see common.h.cl).
    /// `args(kernel, out, reps)` sets every argument in order.
    #[allow(clippy::too_many_arguments)]
    fn measure_reps(
        &mut self,
        id: &str,
        space: Space,
        what: &str,
        k: &Kernel,
        args: &dyn Fn(&mut ExecuteKernel, &Buffer<f32>, cl_uint),
        per_item: &(dyn Fn(usize) -> f32 + Sync),
        bytes_per_rep_item: u64,
        max_reps: u32,
        items: usize,
        local: usize,
    ) -> Res<()> {
        // --quick keeps these launches small: a CPU driver's local memory and barriers can be
        // slow (rusticl on llvmpipe: ~1 s for 8192 work-items and 2 passes).
        let items = if self.cfg.quick {
            items.min(self.meta.compute_units as usize * local * 2)
        } else {
            items
        };
        let (g, l) = self.launch_size(items, local);
        let out = self.buffer::<f32>(g)?;
        self.poison(&out, -1.0f32, g)?;
        let launch = |reps: cl_uint| {
            let mut ek = ExecuteKernel::new(k);
            args(&mut ek, &out, reps);
            unsafe {
                ek.set_global_work_size(g)
                    .set_local_work_size(l)
                    .enqueue_nd_range(&self.queue)
            }
        };
        let check = |reps: cl_uint| -> Res<String> {
            let v = self.read(&out, g)?;
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
        // Calibration run, checked: a wrong kernel stops here.
        let r0: cl_uint = if self.cfg.quick { 1 } else { 2.min(max_reps) };
        // Calibrated on the host's clock, which no driver gets wrong.
        let t0 = match Self::time(|| launch(r0)) {
            Ok(t) => t.wall,
            Err(why) => {
                let mut r = self.skeleton(id, space, what, 0, g, l);
                r.status = Status::Error { why };
                self.results.push(r);
                return Ok(());
            }
        };
        if let Err(why) = check(r0) {
            let mut r = self.skeleton(id, space, what, 0, g, l);
            r.status = Status::Failed { why };
            self.results.push(r);
            return Ok(());
        }
        let reps = ((r0 as f64 * self.target_ns / t0.max(1.0)) as u64).clamp(1, max_reps as u64)
            as cl_uint;
        if std::env::var_os("CLASP_BENCH_DEBUG").is_some() {
            eprintln!("{id}: {r0} reps took {t0} ns; timing {reps} reps");
        }
        let amount = bytes_per_rep_item * reps as u64 * g as u64;
        let sk = self.skeleton(id, space, what, amount, g, l);
        let r = self.measure(
            sk,
            &mut |_| launch(reps),
            &mut || check(reps),
            self.sizes.repetitions,
        );
        self.results.push(r);
        Ok(())
    }

    /// The 4 KiB float table the local, constant and generic kernels read (1024 small ints),
    /// and its sum.
    fn float_table() -> (Vec<f32>, f32) {
        let t: Vec<f32> = (0..4096u32).map(small).collect();
        let s = t[..1024].iter().sum();
        (t, s)
    }

    /// The largest `reps` whose sums stay exact in a float (below 2^24).
    fn max_reps(sum: f32) -> u32 {
        (((1u32 << 24) as f32 / sum.max(1.0)) as u32).clamp(1, 4096)
    }

    fn local(&mut self) -> Res<()> {
        let Some(program) =
            self.family_program(kernels::LOCAL, "", "local/read", Space::Local, "local.cl")
        else {
            return Ok(());
        };
        let (table, sum) = Self::float_table();
        let input = self.buffer_from(&table)?;
        let (items, local) = (self.sizes.work_items, self.sizes.local_size);
        for (label, kname, stride, what) in [
            (
                "v4-stride1",
                "local_v4",
                1u32,
                "float4 reads, consecutive work-items on consecutive float4s: conflict-free",
            ),
            (
                "v4-stride2",
                "local_v4",
                2,
                "float4 reads two float4s apart: 2-way bank conflicts",
            ),
            (
                "v4-stride8",
                "local_v4",
                8,
                "float4 reads 128 bytes apart: 8-way bank conflicts",
            ),
            (
                "v1-stride1",
                "local_v1",
                1,
                "float reads, consecutive: conflict-free",
            ),
            (
                "v1-stride32",
                "local_v1",
                32,
                "float reads 32 words apart: every work-item on one bank",
            ),
            (
                "v1-stride33",
                "local_v1",
                33,
                "float reads 33 words apart: conflict-free again",
            ),
        ] {
            let id = format!("local/read/{label}");
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let k = self.kernel(&program, kname)?;
            self.measure_reps(
                &id,
                Space::Local,
                what,
                &k,
                &|ek, out, reps| unsafe {
                    ek.set_arg(&input)
                        .set_arg(out)
                        .set_arg(&reps)
                        .set_arg(&stride);
                },
                &|_| sum,
                4096,
                Self::max_reps(sum),
                items,
                local,
            )?;
        }
        Ok(())
    }

    fn constant(&mut self) -> Res<()> {
        let Some(program) = self.family_program(
            kernels::CONSTANT,
            "",
            "constant/read",
            Space::Constant,
            "constant.cl",
        ) else {
            return Ok(());
        };
        let (table, sum) = Self::float_table();
        // The table twice in a row (8 KiB), as the kernels expect.
        let doubled: Vec<f32> = table[..1024]
            .iter()
            .chain(&table[..1024])
            .copied()
            .collect();
        let c = self.buffer_from(&doubled)?;
        let (items, local) = (self.sizes.work_items, self.sizes.local_size);
        for (label, kname, stride, what) in [
            (
                "broadcast",
                "const_broadcast",
                0u32,
                "every work-item reads the same float4 at the same time",
            ),
            (
                "divergent",
                "const_divergent",
                1,
                "each work-item reads its own float4 (consecutive)",
            ),
            (
                "divergent-stride8",
                "const_divergent",
                8,
                "each work-item reads its own float4, 128 bytes apart",
            ),
        ] {
            let id = format!("constant/read/{label}");
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let k = self.kernel(&program, kname)?;
            let broadcast = kname == "const_broadcast";
            self.measure_reps(
                &id,
                Space::Constant,
                what,
                &k,
                &|ek, out, reps| unsafe {
                    ek.set_arg(&c).set_arg(out).set_arg(&reps);
                    if !broadcast {
                        ek.set_arg(&stride);
                    }
                },
                &|_| sum,
                4096,
                Self::max_reps(sum),
                items,
                local,
            )?;
        }
        Ok(())
    }

    fn private(&mut self) -> Res<()> {
        let Some(program) = self.family_program(
            kernels::PRIVATE,
            "",
            "private/read",
            Space::Private,
            "private.cl",
        ) else {
            return Ok(());
        };
        let (table, _) = Self::float_table();
        let input = self.buffer_from(&table)?;
        let per_item = |gid: usize| -> f32 { (0..16).map(|k| table[(gid + k) & 4095]).sum() };
        let (items, local) = (self.sizes.work_items, self.sizes.local_size);
        for (label, kname, what) in [
            (
                "registers",
                "private_regs",
                "float[16], every index a constant: kept in registers",
            ),
            (
                "dynamic",
                "private_dynamic",
                "float[16] indexed by a run-time value: spills to memory",
            ),
        ] {
            let id = format!("private/read/{label}");
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let k = self.kernel(&program, kname)?;
            self.measure_reps(
                &id,
                Space::Private,
                what,
                &k,
                &|ek, out, reps| unsafe {
                    ek.set_arg(&input).set_arg(out).set_arg(&reps);
                },
                &per_item,
                64,
                Self::max_reps(112.0),
                items,
                local,
            )?;
        }
        Ok(())
    }

    fn async_copy(&mut self) -> Res<()> {
        let Some(program) = self.family_program(
            kernels::LOCAL,
            "",
            "local/from-global",
            Space::Local,
            "local.cl",
        ) else {
            return Ok(());
        };
        // Tiles of 4 uint4s a work-item; shrink the work-group if local memory is small.
        let mut l = self.sizes.local_size;
        while l > 1 && (l * 64) as u64 > self.meta.local_mem_bytes / 2 {
            l /= 2;
        }
        let tile_n = l * 4;
        let n4 = (self.sizes.global_bytes / 16) as usize;
        let ntiles = n4 / tile_n;
        if ntiles == 0 {
            self.push_error(
                "local/from-global",
                Space::Local,
                "async copy",
                Status::Skipped {
                    why: "buffer smaller than one tile".into(),
                },
            );
            return Ok(());
        }
        let data = pattern_vec(ntiles * tile_n * 4);
        let expected = wrapping_sum(&data);
        let input = self.buffer_from(&data)?;
        drop(data);
        let groups = (self.sizes.work_items / l).clamp(1, ntiles);
        let (g, l) = (groups * l, l);
        for (label, kname, what) in [
            (
                "async",
                "to_local_async",
                "async_work_group_copy of each tile, then sum from local",
            ),
            (
                "loop",
                "to_local_loop",
                "hand-written copy loop of each tile, then sum from local",
            ),
        ] {
            let id = format!("local/from-global/{label}");
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let k = self.kernel(&program, kname)?;
            let out = self.buffer::<u32>(g)?;
            self.poison(&out, 0xDEAD_BEEFu32, g)?;
            let nt = ntiles as cl_uint;
            let bytes = (ntiles * tile_n * 16) as u64;
            let sk = self.skeleton(&id, Space::Local, what, bytes, g, l);
            let r = self.measure(
                sk,
                &mut |_| unsafe {
                    ExecuteKernel::new(&k)
                        .set_arg(&input)
                        .set_arg(&out)
                        .set_arg(&nt)
                        .set_arg_local_buffer(tile_n * 16)
                        .set_global_work_size(g)
                        .set_local_work_size(l)
                        .enqueue_nd_range(&self.queue)
                },
                &mut || {
                    let got = wrapping_sum(&self.read(&out, g)?);
                    if got == expected {
                        Ok(format!("sum of {} = {expected:#010x}", fmt_bytes(bytes)))
                    } else {
                        Err(format!("sum {got:#010x}, expected {expected:#010x}"))
                    }
                },
                self.sizes.repetitions,
            );
            self.results.push(r);
        }
        Ok(())
    }

    fn generic(&mut self) -> Res<()> {
        let ids = [
            (
                "generic/global/named",
                "g_read_named",
                "uint4 grid-stride read through a global pointer",
            ),
            (
                "generic/global/generic",
                "g_read_generic",
                "the same read through a generic pointer chosen at run time",
            ),
            (
                "generic/global/to_global",
                "g_read_to_global",
                "the generic read with to_global() on every access",
            ),
            (
                "generic/local/named",
                "g_local_named",
                "float4 local tile reads through a local pointer",
            ),
            (
                "generic/local/generic",
                "g_local_generic",
                "the same reads through a generic pointer chosen at run time",
            ),
            (
                "generic/local/to_local",
                "g_local_to_local",
                "the generic reads with to_local() once a pass",
            ),
        ];
        let option = match self.meta.generic.clone() {
            Ok(o) => o,
            Err(why) => {
                for (id, _, what) in ids {
                    if wanted(&self.cfg.only, id) {
                        self.push_error(
                            id,
                            Space::Generic,
                            what,
                            Status::Skipped { why: why.clone() },
                        );
                    }
                }
                return Ok(());
            }
        };
        let program = match self.program(kernels::GENERIC, &option) {
            Ok(p) => p,
            Err(e) => {
                for (id, _, what) in ids {
                    self.push_error(id, Space::Generic, what, Status::Error { why: e.clone() });
                }
                return Ok(());
            }
        };
        let n = (self.sizes.global_bytes / 4) as usize;
        let data = pattern_vec(n);
        let expected = wrapping_sum(&data);
        let input = self.buffer_from(&data)?;
        drop(data);
        let (table, sum) = Self::float_table();
        let tbuf = self.buffer_from(&table)?;
        let sel: cl_uint = 1;
        for (id, kname, what) in ids {
            if !wanted(&self.cfg.only, id) {
                continue;
            }
            let k = self.kernel(&program, kname)?;
            if id.starts_with("generic/global") {
                let elems = n / 4;
                let (g, l) =
                    self.launch_size(self.sizes.work_items.min(elems), self.sizes.local_size);
                let out = self.buffer::<u32>(g)?;
                self.poison(&out, 0xDEAD_BEEFu32, g)?;
                let e = elems as cl_uint;
                let sk = self.skeleton(id, Space::Generic, what, n as u64 * 4, g, l);
                let r = self.measure(
                    sk,
                    &mut |_| unsafe {
                        ExecuteKernel::new(&k)
                            .set_arg(&input)
                            .set_arg(&out)
                            .set_arg(&e)
                            .set_arg(&sel)
                            .set_global_work_size(g)
                            .set_local_work_size(l)
                            .enqueue_nd_range(&self.queue)
                    },
                    &mut || {
                        let got = wrapping_sum(&self.read(&out, g)?);
                        if got == expected {
                            Ok(format!(
                                "sum of {} = {expected:#010x}",
                                fmt_bytes(n as u64 * 4)
                            ))
                        } else {
                            Err(format!("sum {got:#010x}, expected {expected:#010x}"))
                        }
                    },
                    self.sizes.repetitions,
                );
                self.results.push(r);
            } else {
                let (items, local) = (self.sizes.work_items, self.sizes.local_size);
                self.measure_reps(
                    id,
                    Space::Generic,
                    what,
                    &k,
                    &|ek, out, reps| unsafe {
                        ek.set_arg(&tbuf).set_arg(out).set_arg(&reps).set_arg(&sel);
                    },
                    &|_| sum,
                    4096,
                    Self::max_reps(sum),
                    items,
                    local,
                )?;
            }
        }
        Ok(())
    }

    // ---- latency -----------------------------------------------------------------------------

    /// Working sets for a space's latency curve, doubling from 1 KiB.
    fn working_sets(&self, space: Space) -> Vec<u64> {
        let top = match space {
            Space::Global => {
                let cap = if self.cfg.quick {
                    16 * MIB
                } else if self.meta.kind == "gpu" {
                    512 * MIB
                } else {
                    128 * MIB
                };
                cap.min(self.sizes.global_bytes.max(MIB) * 2)
                    .min(self.meta.max_alloc_bytes)
            }
            Space::Local => (self.meta.local_mem_bytes / 2).min(32 * 1024),
            Space::Constant => self.meta.max_constant_buffer_bytes.min(64 * 1024),
            _ => 0,
        };
        let step = if self.cfg.quick { 4 } else { 2 };
        let mut v = Vec::new();
        let mut ws = 1024u64;
        while ws <= top {
            v.push(ws);
            ws *= step;
        }
        v
    }

    /// The largest S (a pair launches S and 2S loads). Mesa's llvmpipe stops any loop after
    /// 65535 iterations without a word (the check catches it), so there 2S stays within 16 ×
    /// 65535 loads; elsewhere 2^24 bounds a launch to seconds even at DRAM latency.
    fn max_chase_steps(&self) -> u64 {
        if self.meta.name.contains("llvmpipe") {
            1 << 18
        } else {
            1 << 24
        }
    }

    fn latency(&mut self, space: Space) -> Res<()> {
        let id = format!("{}/latency", space.name());
        let Some(program) = self.family_program(kernels::CHASE, "", &id, space, "chase.cl") else {
            return Ok(());
        };
        let kname = match space {
            Space::Global => "chase_global",
            Space::Local => "chase_local",
            _ => "chase_constant",
        };
        let k = self.kernel(&program, kname)?;
        // One slot every 128 bytes: each load touches a new cache line on every device here.
        const SLOT_WORDS: usize = 32;
        for ws in self.working_sets(space) {
            let id = format!(
                "{}/latency/{}",
                space.name(),
                fmt_bytes(ws).replace(' ', "")
            );
            if !wanted(&self.cfg.only, &id) {
                continue;
            }
            let words = (ws / 4) as usize;
            let slots = (words / SLOT_WORDS).max(1);
            let cyc = cycle(slots, 0xC1A5_0000 ^ ws);
            let mut next = vec![0u32; words];
            for (s, n) in cyc.iter().enumerate() {
                next[s * SLOT_WORDS] = n * SLOT_WORDS as u32;
            }
            let buf = self.buffer_from(&next)?;
            let out = self.buffer::<u32>(2)?;
            let l = if space == Space::Local {
                self.sizes.local_size.min(64)
            } else {
                1
            };
            // Where the next launch starts: each one goes on from where the last stopped.
            let mut pos = 0u32;
            let mut launches = 0usize;
            // One launch of `count` loads, verified against the host's replay of the walk.
            let mut run = |count: u64| -> Result<Timing, Status> {
                let outer = (count / CHASE_UNROLL) as cl_uint;
                self.poison(&out, 0xDEAD_BEEFu32, 2)
                    .map_err(|why| Status::Error { why })?;
                let t = Self::time(|| unsafe {
                    let mut ek = ExecuteKernel::new(&k);
                    ek.set_arg(&buf).set_arg(&out).set_arg(&pos).set_arg(&outer);
                    if space == Space::Local {
                        ek.set_arg(&(words as cl_uint))
                            .set_arg_local_buffer(words * 4);
                    }
                    ek.set_global_work_size(l)
                        .set_local_work_size(l)
                        .enqueue_nd_range(&self.queue)
                })
                .map_err(|why| Status::Error { why })?;
                let got = self.read(&out, 2).map_err(|why| Status::Error { why })?;
                let (end, sum) = walk(&next, pos, count);
                if got != [end, sum] {
                    return Err(Status::Failed {
                        why: format!(
                            "{count} loads from slot {pos} ended on slot {} with sum {}, \
                             expected slot {end} with sum {sum}",
                            got[0], got[1]
                        ),
                    });
                }
                pos = end;
                launches += 1;
                Ok(t)
            };
            let clock = |t: Timing| if t.profiled > 0.0 { t.profiled } else { t.wall };
            // Calibration: grow S until t(2S) − t(S) is half the target time, so the
            // difference stands well above launch jitter on every device.
            let mut steps = CHASE_MIN_STEPS;
            let max_steps = self.max_chase_steps();
            let calibrated = loop {
                let pair = run(steps).and_then(|a| Ok((a, run(2 * steps)?)));
                match pair {
                    Ok((a, b)) => {
                        let diff = clock(b) - clock(a);
                        if diff >= self.target_ns / 2.0 || steps >= max_steps {
                            break Ok(());
                        }
                        let grow = if diff > 0.0 {
                            (self.target_ns / diff).clamp(2.0, 64.0)
                        } else {
                            64.0
                        };
                        steps = ((steps as f64 * grow) as u64)
                            .next_power_of_two()
                            .min(max_steps);
                    }
                    Err(status) => break Err(status),
                }
            };
            let what = format!(
                "one work-item follows a random cycle over {}, {steps} loads per launch, \
                 each launch going on where the last stopped",
                fmt_bytes(ws)
            );
            let mut r = self.skeleton(&id, space, &what, steps, 1, l);
            r.metric = Metric::Latency;
            r.working_set = Some(ws);
            if let Err(status) = calibrated {
                r.status = status;
                self.results.push(r);
                continue;
            }
            let mut t1 = Vec::new();
            let mut t2 = Vec::new();
            let mut failed = None;
            for i in 0..1 + self.latency_reps {
                match run(steps).and_then(|a| Ok((a, run(2 * steps)?))) {
                    Ok((a, b)) if i > 0 => {
                        t1.push(a);
                        t2.push(b);
                    }
                    Ok(_) => {}
                    Err(status) => {
                        failed = Some(status);
                        break;
                    }
                }
            }
            if let Some(status) = failed {
                r.status = status;
                self.results.push(r);
                continue;
            }
            if std::env::var_os("CLASP_BENCH_DEBUG").is_some() {
                eprintln!("{id}: {steps} loads per launch, {launches} launches");
            }
            // Per-load latency from each pair: (t(2S) − t(S)) / S.
            let (t1, clock) = pick_clock(&t1);
            let (t2, _) = pick_clock(&t2);
            r.clock = clock;
            let per: Vec<f64> = t1
                .iter()
                .zip(&t2)
                .map(|(a, b)| ((b - a) / steps as f64).max(0.0))
                .collect();
            r.stats = Stats::of(&per);
            r.value = r.stats.as_ref().map(|s| s.median_ns);
            r.check = format!(
                "final slot and sum of visited slots of all {launches} launches, replayed on the host"
            );
            self.results.push(r);
        }
        Ok(())
    }
}

/// Loads per iteration of the chase's loop (`STEP16` in chase.cl).
const CHASE_UNROLL: u64 = 16;
/// The smallest step count the calibration tries.
const CHASE_MIN_STEPS: u64 = 1 << 12;

/// The walk one chase launch makes: its final slot and the wrapping sum of the slots visited.
fn walk(next: &[u32], start: u32, count: u64) -> (u32, u32) {
    let (mut p, mut sum) = (start, 0u32);
    for _ in 0..count {
        p = next[p as usize];
        sum = sum.wrapping_add(p);
    }
    (p, sum)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_that_divides_the_cycle_still_depends_on_every_load() {
        let next = cycle(8, 3);
        // 16 loads over a cycle of 8 end where they started, but the sum sees every slot twice.
        let (end, sum) = walk(&next, 0, 16);
        assert_eq!(end, 0);
        assert_eq!(sum, 2 * (0..8).sum::<u32>());
        let (mid, _) = walk(&next, 0, 5);
        let (end2, _) = walk(&next, mid, 11);
        assert_eq!(
            end2, end,
            "a walk split in two launches ends where the whole one does"
        );
    }

    #[test]
    fn peak_table_picks_the_specific_entry() {
        assert_eq!(table_peak("NVIDIA H100 PCIe").unwrap().0, 2000.0);
        assert_eq!(table_peak("NVIDIA H100 80GB HBM3").unwrap().0, 3350.0);
        assert_eq!(table_peak("NVIDIA H100 NVL").unwrap().0, 3900.0);
        assert_eq!(table_peak("NVIDIA H200").unwrap().0, 4800.0);
        assert!(table_peak("pthread-haswell-AMD EPYC").is_none());
    }

    #[test]
    fn local_peak_is_cus_times_128_bytes_times_clock() {
        // 132 SMs at 1980 MHz: 33.45 TB/s.
        assert!((local_peak(132, 1980) - 33454.08).abs() < 0.01);
    }

    #[test]
    fn generic_needs_2_0_or_the_3_0_feature() {
        assert!(generic_option(&[Lang::Cl1_1, Lang::Cl1_2], &[]).is_err());
        assert_eq!(
            generic_option(&[Lang::Cl1_2, Lang::Cl2_0], &[]).unwrap(),
            "-cl-std=CL2.0"
        );
        assert!(generic_option(&[Lang::Cl1_2, Lang::Cl3_0], &[]).is_err());
        assert_eq!(
            generic_option(&[Lang::Cl3_0], &[Feature::GenericAddressSpace]).unwrap(),
            "-cl-std=CL3.0"
        );
    }
}
