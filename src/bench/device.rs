//! One device, opened for benchmarking: its queries, the sizes a run uses on it, and the
//! OpenCL calls every benchmark makes (build, buffers, launch, time, measure). Only the bench
//! worker process uses it.
//!
//! The method every bandwidth figure goes through is [`Bench::measure`]: run once and check on
//! the host (a wrong kernel stops here, `Failed`, and is never timed); warm up; time the
//! repetitions with profiling events (end − start); check the last repetition's result again.

use super::model::*;
use super::runner::Config;
use super::{kernels, pattern};
use crate::drivers::discover::slug;
use checker::{Feature, Lang};
use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::{Device, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU};
use opencl3::event::Event;
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, ClMem, CL_MEM_COPY_HOST_PTR, CL_MEM_READ_WRITE};
use opencl3::program::Program;
use opencl3::types::CL_BLOCKING;
use rayon::prelude::*;
use std::collections::HashMap;
use std::ffi::c_void;
use std::ptr;
use std::rc::Rc;

pub(super) const MIB: u64 = 1 << 20;
pub(super) const GIB: u64 = 1 << 30;

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

/// The local-memory peak: compute units × 128 bytes per clock × clock.
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

pub(super) struct Bench {
    pub cfg: Config,
    pub device: Device,
    pub context: Context,
    pub queue: CommandQueue,
    pub meta: DeviceMeta,
    pub sizes: Sizes,
    pub results: Vec<BenchResult>,
    /// Why the run stopped early, if it did.
    pub error: Option<String>,
    /// Programs built so far, by source and options (a failed build too).
    programs: HashMap<(&'static str, String), Res<Rc<Program>>>,
    /// Target time of one launch of the kernels whose work is set by `reps`.
    pub target_ns: f64,
    pub latency_reps: usize,
}

pub(super) type Res<T> = Result<T, String>;

/// One launch: the profiling events' end − start, and the host's enqueue-to-wait time.
#[derive(Debug, Clone, Copy)]
pub(super) struct Timing {
    pub profiled: f64,
    pub wall: f64,
}

/// Profiling events are the clock, unless a driver's are implausible: some (rusticl on
/// llvmpipe here) report a few nanoseconds for kernels that run for milliseconds. Then the
/// host's clock is used and the result says so.
pub(super) fn pick_clock(samples: &[Timing]) -> (Vec<f64>, String) {
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

pub(super) fn cl<T>(r: opencl3::Result<T>, what: &str) -> Res<T> {
    r.map_err(|e| format!("{what}: {e}"))
}

pub(super) fn fmt_bytes(b: u64) -> String {
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

pub(super) fn wrapping_sum(v: &[u32]) -> u32 {
    v.par_chunks(1 << 16)
        .map(|c| c.iter().fold(0u32, |a, x| a.wrapping_add(*x)))
        .reduce(|| 0, |a, b| a.wrapping_add(b))
}

pub(super) fn pattern_vec(n: usize) -> Vec<u32> {
    (0..n as u32).into_par_iter().map(pattern).collect()
}

impl Bench {
    pub(super) fn open(pi: u32, di: u32, cfg: &Config) -> Res<Bench> {
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

    pub(super) fn finish(self) -> DeviceBench {
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
            local_gbps: (self.meta.kind == "gpu" && self.meta.max_clock_mhz > 0)
                .then(|| local_peak(self.meta.compute_units, self.meta.max_clock_mhz)),
            local_source: if self.meta.kind == "gpu" {
                format!(
                    "{} compute units × 128 B/clock × {} MHz (CL_DEVICE_MAX_CLOCK_FREQUENCY)",
                    self.meta.compute_units, self.meta.max_clock_mhz
                )
            } else {
                format!(
                    "none for a {} device: its __local memory is ordinary cached memory, so no on-chip peak applies",
                    self.meta.kind
                )
            },
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

    // ---- OpenCL helpers -------------------------------------------------------------------

    /// The program built from `src` (after the common header) with `options`, built once per
    /// device: the global kernels serve three benchmark families, the local and generic ones two.
    pub(super) fn program(&mut self, src: &'static str, options: &str) -> Res<Rc<Program>> {
        let key = (src, options.to_string());
        if let Some(p) = self.programs.get(&key) {
            return p.clone();
        }
        let p = self.build(src, options).map(Rc::new);
        self.programs.insert(key, p.clone());
        p
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

    pub(super) fn kernel(&self, p: &Program, name: &str) -> Res<Kernel> {
        cl(Kernel::create(p, name), name)
    }

    pub(super) fn buffer_from<T: Copy>(&self, data: &[T]) -> Res<Buffer<T>> {
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

    pub(super) fn buffer<T: Copy>(&self, n: usize) -> Res<Buffer<T>> {
        cl(
            unsafe { Buffer::<T>::create(&self.context, CL_MEM_READ_WRITE, n, ptr::null_mut()) },
            "clCreateBuffer",
        )
    }

    /// Fills a buffer with a value no kernel writes, so a kernel that writes nothing fails.
    pub(super) fn poison<T: Copy>(&self, buf: &Buffer<T>, value: T, n: usize) -> Res<()> {
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

    pub(super) fn read<T: Copy + Default>(&self, buf: &Buffer<T>, n: usize) -> Res<Vec<T>> {
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
    pub(super) fn time(launch: impl FnOnce() -> Res<Event>) -> Res<Timing> {
        let t = std::time::Instant::now();
        let e = launch()?;
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
    pub(super) fn measure(
        &self,
        skeleton: BenchResult,
        launch: &mut dyn FnMut(usize) -> Res<Event>,
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

    pub(super) fn skeleton(
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

    pub(super) fn launch_size(&self, work_items: usize, local: usize) -> (usize, usize) {
        let local = local.max(1);
        (work_items.div_ceil(local).max(1) * local, local)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
