//! What a bench run produced: plain data, serialized as `results.json`.

use serde::{Deserialize, Serialize};

/// The whole run: one entry per device.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BenchRun {
    /// `clasp <version>`.
    pub tool: String,
    /// The command line, as typed.
    pub command: String,
    /// UTC, `YYYY-MM-DD HH:MM`.
    pub date: String,
    pub quick: bool,
    /// Figures measured elsewhere (`--reference NAME=GBPS`); every bandwidth is also stated as a
    /// ratio to each.
    pub references: Vec<Reference>,
    pub devices: Vec<DeviceBench>,
    /// Devices not benchmarked, and why.
    pub skipped: Vec<SkippedDevice>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Reference {
    pub name: String,
    pub gbps: f64,
}

impl std::str::FromStr for Reference {
    type Err = String;
    fn from_str(s: &str) -> Result<Reference, String> {
        let (name, value) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: expected NAME=GBPS, e.g. clpeak-global-float16=3010"))?;
        let gbps: f64 = value
            .trim()
            .parse()
            .map_err(|_| format!("`{value}` is not a number of GB/s"))?;
        if !(gbps > 0.0 && gbps.is_finite()) {
            return Err(format!(
                "`{value}`: a reference must be a positive number of GB/s"
            ));
        }
        Ok(Reference {
            name: name.trim().to_string(),
            gbps,
        })
    }
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SkippedDevice {
    pub id: String,
    pub why: String,
}

/// One device's results.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeviceBench {
    pub device: DeviceMeta,
    pub sizes: Sizes,
    pub peaks: Peaks,
    pub results: Vec<BenchResult>,
    /// The fastest verified `global/read/*` variant, chosen on this device.
    pub best_global_read: Option<String>,
    /// Why the run stopped early (a driver error), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeviceMeta {
    /// The subject id `clasp devices` shows.
    pub id: String,
    /// The directory name under `reports/bench/`.
    pub slug: String,
    pub name: String,
    pub platform: String,
    pub platform_version: String,
    pub device_version: String,
    pub driver_version: String,
    pub opencl_c_version: String,
    /// `gpu`, `cpu`, `accelerator` or `other`.
    pub kind: String,
    pub compute_units: u32,
    pub max_clock_mhz: u32,
    pub max_work_group_size: usize,
    pub global_mem_bytes: u64,
    pub max_alloc_bytes: u64,
    pub global_cache_bytes: u64,
    pub local_mem_bytes: u64,
    pub max_constant_buffer_bytes: u64,
    pub image_support: bool,
    /// How generic-space kernels are built (`-cl-std=CL2.0`, ...), or why they are skipped.
    pub generic: Result<String, String>,
}

/// The sizes this run chose for the device.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Sizes {
    /// Bytes of each global buffer in the bandwidth benchmarks.
    pub global_bytes: u64,
    /// How many copies of each buffer are rotated between repetitions (more than one when a
    /// buffer would fit in the device's global cache).
    pub rotation: usize,
    pub local_size: usize,
    /// Launch size of the grid-stride kernels, unless a variant says otherwise.
    pub work_items: usize,
    pub warmup: usize,
    pub repetitions: usize,
}

/// Peaks the figures are compared with, each with where it came from.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Peaks {
    /// Datasheet peak memory bandwidth (built-in table or `--peak-gbps`).
    pub global_gbps: Option<f64>,
    pub global_source: String,
    /// compute units × 128 bytes per clock × CL_DEVICE_MAX_CLOCK_FREQUENCY, on a GPU: a model
    /// of on-chip shared memory that a CPU's `__local` (ordinary cached memory) does not have.
    #[serde(default)]
    pub local_gbps: Option<f64>,
    pub local_source: String,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Space {
    Global,
    Local,
    Constant,
    Private,
    Image,
    Generic,
}

impl Space {
    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Local => "local",
            Space::Constant => "constant",
            Space::Private => "private",
            Space::Image => "image",
            Space::Generic => "generic",
        }
    }
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// GB/s (10^9 bytes per second) of bytes the kernel moves.
    Bandwidth,
    /// Nanoseconds per dependent load.
    Latency,
}

/// How a benchmark ended. Only `Ok` carries figures.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum Status {
    Ok,
    /// The kernel ran but its result was wrong: it is not timed.
    Failed {
        why: String,
    },
    /// Not run on this device (no images, no generic address space, ...).
    Skipped {
        why: String,
    },
    /// The driver refused (build error, out of resources).
    Error {
        why: String,
    },
}

/// Timing of one benchmark over its repetitions (profiling events, end − start).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stats {
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
    pub q1_ns: f64,
    pub q3_ns: f64,
    pub repetitions: usize,
}

impl Stats {
    /// `None` for no samples.
    pub fn of(samples: &[f64]) -> Option<Stats> {
        if samples.is_empty() {
            return None;
        }
        let mut s = samples.to_vec();
        s.sort_by(f64::total_cmp);
        let q = |f: f64| {
            let pos = f * (s.len() - 1) as f64;
            let lo = pos.floor() as usize;
            let hi = pos.ceil() as usize;
            s[lo] + (s[hi] - s[lo]) * (pos - lo as f64)
        };
        Some(Stats {
            median_ns: q(0.5),
            min_ns: s[0],
            max_ns: s[s.len() - 1],
            q1_ns: q(0.25),
            q3_ns: q(0.75),
            repetitions: s.len(),
        })
    }
}

/// One benchmark on one device.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BenchResult {
    /// `space/what/variant`, e.g. `global/read/v4-u2`, `local/latency/16KiB`.
    pub id: String,
    pub space: Space,
    pub metric: Metric,
    /// One line: what the kernel does.
    pub what: String,
    #[serde(flatten)]
    pub status: Status,
    /// Bytes moved per launch (bandwidth), or dependent loads timed (latency).
    pub amount: u64,
    /// Latency: the working set in bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_set: Option<u64>,
    pub work_items: usize,
    pub local_size: usize,
    /// What the host checked, e.g. `sum 0x1234abcd`, `every element of 64 MiB`.
    pub check: String,
    /// What timed it: `profiling events`, or the host clock and why.
    #[serde(default)]
    pub clock: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// GB/s at the median time (bandwidth) or ns per load (latency).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    /// GB/s at the fastest repetition (bandwidth only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<f64>,
}

impl BenchResult {
    pub fn ok(&self) -> bool {
        self.status == Status::Ok
    }
}

/// A line from the bench worker on stdout.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkerLine {
    /// About to run benchmark `done + 1` of `total`.
    Progress {
        done: usize,
        total: usize,
        name: String,
    },
    /// The device's results (the last line).
    Done(Box<DeviceBench>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_parse() {
        let r: Reference = "clpeak-global-float16=3010".parse().unwrap();
        assert_eq!(
            r,
            Reference {
                name: "clpeak-global-float16".into(),
                gbps: 3010.0
            }
        );
        assert!("clpeak".parse::<Reference>().is_err());
        assert!("x=fast".parse::<Reference>().is_err());
        assert!("x=-1".parse::<Reference>().is_err());
    }

    #[test]
    fn stats_are_order_free() {
        let s = Stats::of(&[5.0, 1.0, 3.0, 2.0, 4.0]).unwrap();
        assert_eq!(
            (s.min_ns, s.q1_ns, s.median_ns, s.q3_ns, s.max_ns),
            (1.0, 2.0, 3.0, 4.0, 5.0)
        );
        assert!(Stats::of(&[]).is_none());
    }

    #[test]
    fn a_failed_result_serializes_its_reason_and_no_figure() {
        let r = BenchResult {
            id: "global/read/broken".into(),
            space: Space::Global,
            metric: Metric::Bandwidth,
            what: "w".into(),
            status: Status::Failed {
                why: "sum 1, expected 2".into(),
            },
            amount: 1,
            working_set: None,
            work_items: 1,
            local_size: 1,
            check: "sum".into(),
            clock: String::new(),
            stats: None,
            value: None,
            best: None,
        };
        let j = serde_json::to_value(&r).unwrap();
        assert_eq!(j["status"], "failed");
        assert_eq!(j["why"], "sum 1, expected 2");
        assert!(j.get("value").is_none());
    }
}
