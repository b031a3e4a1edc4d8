//! Tables and goals from a [`BenchRun`]: plain text for the terminal, Markdown for
//! `reports/bench/<device>/README.md`. Reads results only; never calls a driver.

use super::device::fmt_bytes;
use super::model::*;
use std::fmt::Write;

/// One comparison a figure is held to (the goals set for a GPU).
#[derive(Debug, Clone, PartialEq)]
pub struct Goal {
    pub what: String,
    pub met: bool,
}

/// The peak a result is stated against, with its name.
fn peak_for(d: &DeviceBench, r: &BenchResult) -> Option<(f64, &'static str)> {
    match r.space {
        Space::Global if r.metric == Metric::Bandwidth => {
            d.peaks.global_gbps.map(|p| (p, "datasheet peak"))
        }
        Space::Local | Space::Constant if r.metric == Metric::Bandwidth => {
            d.peaks.local_gbps.map(|p| (p, "local peak"))
        }
        _ => None,
    }
}

/// `generic/local/generic` → the median of `generic/local/named`.
fn named_baseline(d: &DeviceBench, r: &BenchResult) -> Option<f64> {
    if r.space != Space::Generic || r.id.ends_with("/named") {
        return None;
    }
    let base = format!("{}/named", r.id.rsplit_once('/')?.0);
    d.results
        .iter()
        .find(|x| x.id == base && x.ok())
        .and_then(|x| x.value)
}

/// The goals a GPU's figures are held to; a device of another kind has none (its memory
/// system has neither a datasheet bandwidth in the table nor an on-chip local memory).
pub fn goals(d: &DeviceBench, refs: &[Reference]) -> Vec<Goal> {
    let mut out = Vec::new();
    if d.device.kind != "gpu" {
        return out;
    }
    let best = d
        .best_global_read
        .as_ref()
        .and_then(|id| d.results.iter().find(|r| &r.id == id));
    if let Some(b) = best {
        let v = b.value.unwrap_or(0.0);
        if let Some(c) = refs
            .iter()
            .filter(|r| r.name.starts_with("clpeak"))
            .max_by(|a, b| a.gbps.total_cmp(&b.gbps))
        {
            out.push(Goal {
                what: format!(
                    "global read ({}) {v:.0} GB/s ≥ clpeak's best ({} {:.0} GB/s): {:.1}%",
                    b.id,
                    c.name,
                    c.gbps,
                    100.0 * v / c.gbps
                ),
                met: v >= c.gbps,
            });
        }
        if let Some(p) = d.peaks.global_gbps {
            out.push(Goal {
                what: format!(
                    "global read {v:.0} GB/s ≥ 90% of the datasheet peak {p:.0} GB/s: {:.1}%",
                    100.0 * v / p
                ),
                met: v >= 0.9 * p,
            });
        }
    }
    let best_local = d
        .results
        .iter()
        .filter(|r| r.ok() && r.id.starts_with("local/read/"))
        .max_by(|a, b| a.value.unwrap_or(0.0).total_cmp(&b.value.unwrap_or(0.0)));
    if let (Some(l), Some(p)) = (best_local, d.peaks.local_gbps) {
        let v = l.value.unwrap_or(0.0);
        if p > 0.0 {
            out.push(Goal {
                what: format!(
                    "local read ({}) {v:.0} GB/s ≥ 70% of the local peak {p:.0} GB/s: {:.1}%",
                    l.id,
                    100.0 * v / p
                ),
                met: v >= 0.7 * p,
            });
        }
    }
    out
}

struct Table {
    head: Vec<String>,
    rows: Vec<Vec<String>>,
}

fn fmt_value(r: &BenchResult) -> String {
    match (&r.status, r.value) {
        (Status::Ok, Some(v)) if v >= 100.0 => format!("{v:.0}"),
        (Status::Ok, Some(v)) => format!("{v:.2}"),
        (Status::Ok, None) => "-".into(),
        (Status::Failed { .. }, _) => "FAILED".into(),
        (Status::Skipped { .. }, _) => "skipped".into(),
        (Status::Error { .. }, _) => "error".into(),
    }
}

fn spread(r: &BenchResult) -> String {
    let Some(s) = &r.stats else {
        return String::new();
    };
    match r.metric {
        // Bandwidth: slowest and fastest repetition, as GB/s.
        Metric::Bandwidth => format!(
            "{:.1}–{:.1}",
            r.amount as f64 / s.max_ns.max(1.0),
            r.amount as f64 / s.min_ns.max(1.0)
        ),
        Metric::Latency => format!("{:.1}–{:.1}", s.min_ns, s.max_ns),
    }
}

fn table(d: &DeviceBench, refs: &[Reference], metric: Metric) -> Table {
    let mut head: Vec<String> = vec![
        "benchmark".into(),
        if metric == Metric::Bandwidth {
            "GB/s (median)"
        } else {
            "ns/load (median)"
        }
        .into(),
        if metric == Metric::Bandwidth {
            "min–max GB/s"
        } else {
            "min–max ns"
        }
        .into(),
    ];
    if metric == Metric::Bandwidth {
        head.push("vs peak".into());
        head.extend(refs.iter().map(|r| format!("vs {}", r.name)));
    }
    head.push("checked / why not".into());
    let mut rows = Vec::new();
    for r in d.results.iter().filter(|r| r.metric == metric) {
        let mut id = r.id.clone();
        if d.best_global_read.as_deref() == Some(r.id.as_str()) {
            id.push_str(" (best)");
        }
        let mut row = vec![id, fmt_value(r), spread(r)];
        if metric == Metric::Bandwidth {
            let v = r.value.filter(|_| r.ok());
            let peak = match (v, peak_for(d, r), named_baseline(d, r)) {
                (Some(v), _, Some(n)) => format!("{:.2}× named", v / n),
                (Some(v), Some((p, name)), _) => format!("{:.1}% of {name}", 100.0 * v / p),
                _ => String::new(),
            };
            row.push(peak);
            for rf in refs {
                row.push(v.map(|v| format!("{:.3}", v / rf.gbps)).unwrap_or_default());
            }
        }
        row.push(match &r.status {
            Status::Ok if r.clock.starts_with("host") => format!("{} [{}]", r.check, r.clock),
            Status::Ok => r.check.clone(),
            Status::Failed { why } => format!("WRONG RESULT: {why}"),
            Status::Skipped { why } | Status::Error { why } => why.clone(),
        });
        rows.push(row);
    }
    Table { head, rows }
}

fn text_table(t: &Table, out: &mut String) {
    let widths: Vec<usize> = (0..t.head.len())
        .map(|i| {
            t.rows
                .iter()
                .map(|r| r[i].chars().count())
                .chain([t.head[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            let pad = widths[i] - c.chars().count();
            if i == cells.len() - 1 {
                s.push_str(c);
            } else if i == 0 {
                s.push_str(c);
                s.push_str(&" ".repeat(pad + 2));
            } else {
                s.push_str(&" ".repeat(pad));
                s.push_str(c);
                s.push_str("  ");
            }
        }
        s.trim_end().to_string()
    };
    let _ = writeln!(out, "{}", line(&t.head));
    for r in &t.rows {
        let _ = writeln!(out, "{}", line(r));
    }
}

fn md_table(t: &Table, out: &mut String) {
    let esc = |s: &str| s.replace('|', "\\|");
    let _ = writeln!(
        out,
        "| {} |",
        t.head
            .iter()
            .map(|h| esc(h))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(
        out,
        "|{}",
        t.head
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 || i + 1 == t.head.len() {
                " --- |"
            } else {
                " ---: |"
            })
            .collect::<String>()
    );
    for r in &t.rows {
        let _ = writeln!(
            out,
            "| {} |",
            r.iter().map(|c| esc(c)).collect::<Vec<_>>().join(" | ")
        );
    }
}

fn header_lines(d: &DeviceBench) -> Vec<String> {
    let m = &d.device;
    let s = &d.sizes;
    let mut v = vec![
        format!("device: {} ({}, {})", m.name, m.kind, m.id),
        format!(
            "platform: {} ({}); device version: {}; driver: {}; {}",
            m.platform, m.platform_version, m.device_version, m.driver_version, m.opencl_c_version
        ),
        format!(
            "{} compute units at {} MHz, max work-group {}, global memory {}, max allocation {}, global cache {}, local memory {}",
            m.compute_units,
            m.max_clock_mhz,
            m.max_work_group_size,
            fmt_bytes(m.global_mem_bytes),
            fmt_bytes(m.max_alloc_bytes),
            fmt_bytes(m.global_cache_bytes),
            fmt_bytes(m.local_mem_bytes)
        ),
        format!(
            "sizes: global buffers {} (rotated over {}), {} work-items in groups of {}; {} warm-up and {} timed runs each (profiling events, end − start)",
            fmt_bytes(s.global_bytes),
            s.rotation,
            s.work_items,
            s.local_size,
            s.warmup,
            s.repetitions
        ),
        format!(
            "peaks: global {} ({}); local {} ({}){}",
            d.peaks
                .global_gbps
                .map(|p| format!("{p:.0} GB/s"))
                .unwrap_or_else(|| "unknown".into()),
            d.peaks.global_source,
            d.peaks
                .local_gbps
                .map(|p| format!("{p:.0} GB/s"))
                .unwrap_or_else(|| "none".into()),
            d.peaks.local_source,
            if d.peaks.local_gbps.is_some() {
                "; constant figures are stated against the local peak"
            } else {
                ""
            }
        ),
        match &m.generic {
            Ok(o) => format!("generic address space: built with {o}"),
            Err(why) => format!("generic address space: skipped ({why})"),
        },
    ];
    if let Some(b) = &d.best_global_read {
        v.push(format!("best global read variant on this device: {b}"));
    }
    if let Some(e) = &d.error {
        v.push(format!("run stopped early: {e}"));
    }
    v
}

/// The terminal report for the whole run.
pub fn text(run: &BenchRun) -> String {
    let mut out = String::new();
    for s in &run.skipped {
        let _ = writeln!(out, "skipped {}: {}", s.id, s.why);
    }
    for d in &run.devices {
        let _ = writeln!(out, "\n== {} ==", d.device.name);
        for l in header_lines(d) {
            let _ = writeln!(out, "{l}");
        }
        let _ = writeln!(out, "\nbandwidth");
        text_table(&table(d, &run.references, Metric::Bandwidth), &mut out);
        let _ = writeln!(out, "\nlatency (pointer chasing)");
        text_table(&table(d, &run.references, Metric::Latency), &mut out);
        let g = goals(d, &run.references);
        if !g.is_empty() {
            let _ = writeln!(out, "\ngoals");
            for g in g {
                let _ = writeln!(
                    out,
                    "  [{}] {}",
                    if g.met { "met" } else { "MISSED" },
                    g.what
                );
            }
        }
    }
    out
}

/// `reports/bench/<device>/README.md`.
pub fn markdown(run: &BenchRun, d: &DeviceBench) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# clasp bench: {}\n", d.device.name);
    let _ = writeln!(out, "- command: `{}`", run.command);
    let _ = writeln!(out, "- date: {} (UTC), {}", run.date, run.tool);
    for l in header_lines(d) {
        let _ = writeln!(out, "- {l}");
    }
    for r in &run.references {
        let _ = writeln!(out, "- reference: {} = {} GB/s", r.name, r.gbps);
    }
    let _ = writeln!(
        out,
        "\nEvery figure below comes from a kernel whose result the host checked before and after \
         timing; a wrong result is shown as FAILED and never timed. GB/s are 10^9 bytes per second \
         of bytes the kernel moves (a copy counts its reads and its writes); local, constant and \
         private figures count bytes delivered to work-items.\n"
    );
    let _ = writeln!(out, "## Bandwidth\n\n![bandwidth](bandwidth.svg)\n");
    md_table(&table(d, &run.references, Metric::Bandwidth), &mut out);
    let _ = writeln!(
        out,
        "\n## Latency (pointer chasing)\n\n![latency](latency.svg)\n\nOne work-item follows a \
         random cycle with one slot every 128 bytes; the latency is (t(2S) − t(S)) / S for S \
         dependent loads, so launch costs cancel. Each launch goes on where the last one stopped, \
         so the walk covers the whole working set, and the host replays every launch's final \
         slot and sum of visited slots.\n"
    );
    md_table(&table(d, &run.references, Metric::Latency), &mut out);
    let g = goals(d, &run.references);
    if !g.is_empty() {
        let _ = writeln!(out, "\n## Goals\n");
        for g in g {
            let _ = writeln!(
                out,
                "- {} {}",
                if g.met { "met:" } else { "**missed**:" },
                g.what
            );
        }
    }
    out
}

/// UTC now as `YYYY-MM-DD HH:MM`.
pub fn now_utc() -> String {
    crate::clock::minutes(crate::clock::unix_now())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn sample() -> BenchRun {
        let ok = |id: &str, space, metric, value: f64| BenchResult {
            id: id.into(),
            space,
            metric,
            what: "w".into(),
            status: Status::Ok,
            amount: 1_000_000,
            working_set: (metric == Metric::Latency).then_some(4096),
            work_items: 1,
            local_size: 1,
            check: "sum".into(),
            clock: "profiling events".into(),
            stats: Stats::of(&[1e6 / value, 1e6 / value]),
            value: Some(value),
            best: Some(value),
        };
        let mut failed = ok("global/read/broken", Space::Global, Metric::Bandwidth, 1.0);
        failed.status = Status::Failed {
            why: "sum 1, expected 2".into(),
        };
        failed.value = None;
        failed.stats = None;
        BenchRun {
            tool: "clasp 0.1.0".into(),
            command: "clasp bench".into(),
            date: "2025-01-01 00:00".into(),
            quick: true,
            references: vec![Reference {
                name: "clpeak-global-float16".into(),
                gbps: 3010.0,
            }],
            skipped: vec![],
            devices: vec![DeviceBench {
                device: DeviceMeta {
                    id: "p/d".into(),
                    slug: "d".into(),
                    name: "NVIDIA H100 80GB HBM3".into(),
                    platform: "NVIDIA CUDA".into(),
                    platform_version: "OpenCL 3.0".into(),
                    device_version: "OpenCL 3.0 CUDA".into(),
                    driver_version: "550".into(),
                    opencl_c_version: "OpenCL C 1.2".into(),
                    kind: "gpu".into(),
                    compute_units: 132,
                    max_clock_mhz: 1980,
                    max_work_group_size: 1024,
                    global_mem_bytes: 80 << 30,
                    max_alloc_bytes: 20 << 30,
                    global_cache_bytes: 50 << 20,
                    local_mem_bytes: 48 << 10,
                    max_constant_buffer_bytes: 64 << 10,
                    image_support: true,
                    generic: Err("no".into()),
                },
                sizes: Sizes {
                    global_bytes: 1 << 30,
                    rotation: 1,
                    local_size: 256,
                    work_items: 1 << 19,
                    warmup: 3,
                    repetitions: 20,
                },
                peaks: Peaks {
                    global_gbps: Some(3350.0),
                    global_source: "table".into(),
                    local_gbps: Some(33454.0),
                    local_source: "computed".into(),
                },
                results: vec![
                    ok(
                        "global/read/v4-u2",
                        Space::Global,
                        Metric::Bandwidth,
                        3100.0,
                    ),
                    failed,
                    ok(
                        "local/read/v4-stride1",
                        Space::Local,
                        Metric::Bandwidth,
                        25000.0,
                    ),
                    ok("global/latency/4KiB", Space::Global, Metric::Latency, 30.0),
                ],
                best_global_read: Some("global/read/v4-u2".into()),
                error: None,
            }],
        }
    }

    #[test]
    fn goals_compare_with_clpeak_the_datasheet_and_the_local_peak() {
        let run = sample();
        let g = goals(&run.devices[0], &run.references);
        assert_eq!(g.len(), 3);
        assert!(g[0].met && g[0].what.contains("clpeak"));
        assert!(g[1].met && g[1].what.contains("90%"));
        assert!(g[2].met && g[2].what.contains("70%"));
    }

    #[test]
    fn a_cpu_device_has_no_gpu_goals_and_no_local_peak() {
        let mut run = sample();
        let d = &mut run.devices[0];
        d.device.kind = "cpu".into();
        d.peaks.global_gbps = None;
        d.peaks.local_gbps = None;
        assert!(goals(&run.devices[0], &run.references).is_empty());
        let t = text(&run);
        assert!(!t.contains("inf") && !t.contains("MISSED"), "{t}");
        assert!(!t.contains("of local peak"), "{t}");
    }

    #[test]
    fn a_failed_benchmark_shows_no_figure() {
        let run = sample();
        let t = text(&run);
        let line = t.lines().find(|l| l.contains("broken")).unwrap();
        assert!(
            line.contains("FAILED") && line.contains("WRONG RESULT"),
            "{line}"
        );
        assert!(t.contains("global/read/v4-u2 (best)"));
        assert!(t.contains("1.030"), "ratio to clpeak: {t}");
        let md = markdown(&run, &run.devices[0]);
        assert!(md.contains("| global/read/broken | FAILED |"), "{md}");
    }

    #[test]
    fn dates_are_civil() {
        let d = now_utc();
        assert_eq!(d.len(), 16);
        assert!(d.starts_with("20"));
    }
}
